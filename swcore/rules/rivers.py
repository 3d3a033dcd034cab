"""The river rule shared by the rule sets whose boards have rivers: a river may be crossed by
conquering it, but is emptied at its conqueror's redeployment unless a sea ability lets the race
stay (River World X-RW-4; Underground U-RIVER-2, U-REDEP-2, the Kraken and Seafaring, AU-68).
Each module subclasses it with its own id and rule (and its exceptions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effects import Ability

if TYPE_CHECKING:
    from ..game import Army, Game


class EmptiedRivers(Ability):
    """Rivers held are emptied at the army's redeployment (`vacates`), unless `kept`."""

    works_in_decline = True  # in-decline Ghouls redeploy too

    def kept(self, game: Game, army: Army) -> bool:
        """The army may stay in its rivers: a sea ability (Seafaring, B-POW-SEAFARING-1)."""
        return game.gives(army, "may_occupy_water")

    def idle_on(self, board: Any) -> bool:
        return not board.rivers  # nothing to empty, no river bank

    def vacates(self, game: Game, army: Army) -> tuple[int, ...]:
        rivers = game.board.rivers
        if not rivers or self.kept(game, army):
            return ()
        return tuple(i for i in game.regions_of(army.race) if i in rivers)
