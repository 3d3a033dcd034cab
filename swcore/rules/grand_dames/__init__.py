"""Grand Dames of Small World (X-GD-*): three races and two special powers.

The rulings of ambiguities.md (A-GD-01..06) name no rule option, so the module has none: each
proposed ruling is simply how the effects work."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability
from ...errors import RuleError
from ..registry import module
from . import powers  # noqa: F401  (importing registers the effects)
from .races import Priestesses, tower_standing

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Army


class TowerWord(Ability):
    """`decline` takes `tower` only for a race that builds an Ivory Tower (X-GD-PRI-1)."""

    rule = "X-GD-PRI-1"

    def check_decline(self, game: Game, army: Army, action: Any) -> None:
        if action.tower is not None and not any(isinstance(ab, Priestesses)
                                                for ab in game._hooks(army)):
            raise RuleError(self.rule, "only Priestesses build an Ivory Tower when they decline")


@module
class GrandDames:
    id = "grand_dames"
    settle = (tower_standing,)
    effects = (TowerWord(),)
