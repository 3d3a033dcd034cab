"""The two special powers of Grand Dames of Small World (X-GD-POW-*): Historian, Peace-loving."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, register, when

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Army


@register
class Historian(Ability):
    """X-GD-HIS-1..3, A-GD-04: on picking, 1 coin per in-decline banner on the board (every
    player's, the picker's own included; no Lost Tribes, no Ghosts); while active, 1 coin each
    time any other race goes into decline, paid at once; 1 coin when its own race declines."""

    id, rule = "historian", "X-GD-HIS-2"

    @when("picked")
    def on_pick(self, game: Game, army: Army) -> list[Any]:
        n = sum(len(races) for races in game.declined)
        if not n:
            return []
        return [game.pay(None, army.owner, n, f"Historian: {n} race{'s' if n != 1 else ''} in "
                                              "decline on the board (X-GD-HIS-1)")]

    @when("race_declined")
    def race_declined(self, game: Game, army: Army, declined: Army) -> list[Any]:
        if army.declined or declined is army:  # its own decline is the next clause, not this one
            return []
        return [game.pay(None, army.owner, 1, "Historian: a race went into decline (X-GD-HIS-2)")]

    @when("declined")
    def after_decline(self, game: Game, army: Army, action: Any) -> list[Any]:
        return [game.pay(None, army.owner, 1, "Historian: its own race goes into decline "
                                              "(X-GD-HIS-3)")]


@register
class PeaceLoving(Ability):
    """X-GD-PEA-1, A-GD-06: +3 coins when the active race took no region of another player's
    active race this turn (conquest or conversion: the core's `attacked` seats). Lost Tribes and
    in-decline races, in-decline Ghouls included, do not count. No bonus in a turn spent going
    into decline: the badge is discarded before scoring."""

    id, rule = "peace_loving", "X-GD-PEA-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        if army.declined or game.turn_flags["attacked"]:
            return []
        return [("Peace-loving: no active race attacked this turn", 3)]
