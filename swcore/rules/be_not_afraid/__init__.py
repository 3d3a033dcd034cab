"""Be Not Afraid… (X-BNA-*, French "Même pas peur !"): five races and five special powers.

The rulings of ambiguities.md (A-BNA-01…07) name no rule option, so the module has none: each
proposed ruling is how the effects work. Game-wide state (Homunculi piles, Cauldrons spent) is
`game.module_state["be_not_afraid"]`."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from ...effects import Ability
from ...errors import RuleError
from ..registry import module
from . import powers
from .races import HomunculiPile, Leprechauns, cauldrons_pay, state

if TYPE_CHECKING:
    from ...game import Army, Game


def _has(game: Game, army: Army, kind: type) -> bool:
    return any(isinstance(ab, kind) for ab in game._hooks(army))


class AddedArguments(Ability):
    """The arguments this module adds to base words are refused for an army without the race or
    power they belong to (FORMAT v2: "only Mercenary pays")."""

    id, rule = "be_not_afraid.arguments", "X-BNA-MER-1"

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        if action.pay and not _has(game, army, powers.Mercenary):
            raise RuleError("X-BNA-MER-1", "only Mercenaries pay a coin for a cheaper conquest")
        if action.catapult is not None and not _has(game, army, powers.Catapult):
            raise RuleError("X-BNA-CAT-1", "only a Catapult race conquers at a distance")
        return []

    def on_redeploy(self, game: Game, army: Army, action: Any, place: dict[int, int]) -> list[Any]:
        if action.cauldrons and not _has(game, army, Leprechauns):
            raise RuleError("X-BNA-LEP-1", "only Leprechauns place Cauldrons")
        return []


@module
class BeNotAfraid:
    id = "be_not_afraid"
    steps = {"turn_start": (cauldrons_pay,)}
    effects = (AddedArguments(), HomunculiPile())

    @staticmethod
    def snapshot(game: Game) -> dict[str, Any]:
        """The piles on the column and the Cauldrons spent, as plain data."""
        return copy.deepcopy(state(game))
