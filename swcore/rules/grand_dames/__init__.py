"""Grand Dames of Small World (X-GD-*): three races and two special powers.

The rulings of ambiguities.md (A-GD-01..06) name no rule option, so the module has none: each
proposed ruling is simply how the effects work."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import Ability
from ...errors import RuleError
from ..module import RuleModule
from ..registry import module
from . import powers, sheet  # noqa: F401  (importing registers the effects)
from .races import TOWER, Priestesses, tower_standing

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Army


class TowerWord(Ability):
    """`decline` takes `tower` only for a race that builds an Ivory Tower (X-GD-PRI-1)."""

    rule = "X-GD-PRI-1"

    def check_decline(self, game: Game, army: Army, action: Any) -> None:
        if action.tower is not None and not builds_tower(game, army):
            raise RuleError(self.rule, "only Priestesses build an Ivory Tower when they decline")


def builds_tower(game: Game, army: Army) -> bool:
    """The army is Priestesses (their "declined" handler builds the Tower): asked of the army's
    few effects hearing "declined", so other armies cost one look-up."""
    fx = game.effects_with(army, "on:declined")
    return bool(fx) and any(isinstance(ab, Priestesses) for ab in fx)


def legal(game: Game, out: list[Action]) -> list[Action]:
    """The Priestesses' `decline` once per region where they could build their Tower, each
    naming it (X-GD-PRI-1, A-GD-03: any region they hold), in place of the plain `decline`
    (which the engine still accepts, the Tower then on the first region listed): a screen
    shows where the Tower goes and lets the player choose."""
    race = game.active[game.seat]
    army = game.armies.get(race) if race else None
    if army is None or not builds_tower(game, army):
        return out  # only the Priestesses choose where their Tower stands
    held = game.regions_of(army.race)
    if not held:
        return out  # nothing to build it on: the plain decline
    res: list[Action] = []
    for a in out:
        if a.do == "decline" and a.tower is None and a.by == game.players[army.owner]:
            res += [Action.trusted(a.by, "decline", tower=game.board.ids[i]) for i in held]
        else:
            res.append(a)
    return res


def describe_state(game: Game, player: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """The Ivory Tower for the app's module panel (X-GD-PRI-1): where it stands, what it earns."""
    from ...i18n import item_name, ntr, tr

    i = game.pieces.get(TOWER)
    name = item_name(TOWER, lang)
    if i is None:
        return [(name, tr("not built", lang))]
    n = game.tokens[i]
    return [(name, ntr("in {region} ({player}): {n} Priestess, {n} coin a turn",
                       "in {region} ({player}): {n} Priestesses, {n} coins a turn", n, lang).format(
        region=game.board.ids[i], player=game.players[game.owner[i]], n=n))]


@module
class GrandDames(RuleModule):
    id = "grand_dames"
    name = "Grand Dames"
    describe_state = staticmethod(describe_state)
    settle = (tower_standing,)
    effects = (TowerWord(),)
    legal = (legal,)
    sheet_counts = sheet.COUNTS  # what the score sheet asks (swcore.scoresheet)
