"""The two races of Cursed! (X-CUR-RACE-*). Each class overrides only the hooks its banner changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...effects import Ability, register
from ...neutrals import NEUTRALS, counts_as_declined

if TYPE_CHECKING:
    from ...game import Army, Game

#: X-CUR-KOB-1: "jamais ... avec moins de deux Kobolds".
KOBOLDS_PER_REGION = 2


def in_decline(game: Game, region: int) -> bool:
    """Region held by a race in decline (the player's own included), or by neutral occupants
    that count as one (Lost Tribes, A-CUR-01, unless the table plays `goblins_vs_lost_tribes:
    false`)."""
    occupant = game.race[region]
    if occupant is None:
        return False
    if occupant in NEUTRALS:
        return game.module_options["cursed"].goblins_vs_lost_tribes and counts_as_declined(occupant)
    army = game.armies.get(occupant)
    return army is not None and game.seen_declined(army)


@register
class Goblins(Ability):
    """X-CUR-GOB-1: one token fewer against a region of a race in decline (the core keeps the
    minimum of 1, B-CONQ-3)."""

    id, rule = "goblins", "X-CUR-GOB-1"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        if game.race[region] != army.race and in_decline(game, region):
            return [("Goblins against a race in decline", -1)]
        return []


@register
class Kobolds(Ability):
    """X-CUR-KOB-1, A-CUR-07: two Kobolds at least in every region while active; the core asks
    `min_per_region` for Ready Troops, conquests (max(2, cost)), the final die and placements.
    In decline the hook is not asked (the effect does not work in decline): one per region."""

    id, rule = "kobolds", "X-CUR-KOB-1"

    min_per_region = KOBOLDS_PER_REGION
