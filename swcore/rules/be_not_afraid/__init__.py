"""Be Not Afraid… (X-BNA-*, French "Même pas peur !"): five races and five special powers.

The rulings of ambiguities.md (A-BNA-01…07) name no rule option, so the module has none: each
proposed ruling is how the effects work. Game-wide state (Homunculi piles, Cauldrons spent) is
`game.module_state["be_not_afraid"]`."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from ...effects import Ability
from ...errors import RuleError
from ..module import RuleModule
from ..registry import module
from . import powers, pygmy_die
from .races import HomunculiPile, Leprechauns, cauldrons_pay, state

if TYPE_CHECKING:
    from ...game import Army, Game


def _has(game: Game, army: Army, kind: type) -> bool:
    return any(isinstance(ab, kind) for ab in game.effects_of(army))


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


def describe_state(game: Game, player: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """The module's state in words for the app's panel: Homunculi lying on their combo
    (X-BNA-HOM-1) and the Cauldrons left in the box (X-BNA-LEP-1, A-BNA-01b)."""
    from ...i18n import item_name, ntr, tr

    rows = [(tr("{race} waiting on their combo", lang).format(race=item_name(r, lang)),
             ntr("{n} token", "{n} tokens", n, lang).format(n=n))
            for r, n in state(game)["piles"].items() if n]
    if any(isinstance(ab, Leprechauns) for a in game.armies.values() for ab in game.effects_of(a)):
        rows.append((tr("Cauldrons used from the box", lang), str(state(game)["cauldrons_used"])))
    return rows


@module
class BeNotAfraid(RuleModule):
    id = "be_not_afraid"
    name = "Be Not Afraid…"
    describe_state = staticmethod(describe_state)
    steps = {"turn_start": (cauldrons_pay,)}
    effects = (AddedArguments(), HomunculiPile())
    decisions = {pygmy_die.KIND: pygmy_die.enter}  # a Pygmy's die entered from the table
    handlers = {pygmy_die.WORD: pygmy_die.enter}
    legal = (pygmy_die.legal,)

    @staticmethod
    def snapshot(game: Game) -> dict[str, Any]:
        """The piles on the column and the Cauldrons spent, as plain data."""
        return copy.deepcopy(state(game))
