"""The rules every army follows on an Underground board (module effects): rivers emptied at
redeployment (U-RIVER-2), a Monster region conquered turns over the top Place or Relic
(U-MON-4), the Crypt's Ghost leaves when the Crypt changes hands (U-PLACE-CRYPT-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, when
from ..rivers import EmptiedRivers
from . import discovery
from . import state as st
from .relics import SocksFlight
from .turn_end import CRYPT, GHOST

if TYPE_CHECKING:
    from ...game import Army, Game


class Rivers(EmptiedRivers):
    """U-RIVER-2, U-REDEP-2: every river the race conquered is emptied at its redeployment,
    unless it may stay there (the Kraken, Seafaring: AU-68)."""

    id, rule = "underground.rivers", "U-RIVER-2"


class Discovery(Ability):
    """U-MON-4, U-PR-6: conquering a Monster region (the Monsters leave the game, U-MON-3) lays
    the top Place or Relic face up there at once; in-decline conquerors too. One the Balrog
    turned over waits for its region's first occupant (AU-55)."""

    id, rule = "underground.discovery", "U-MON-4"
    works_in_decline = True

    @when("discarded")
    def _monsters_beaten(self, game: Game, army: Army, region: int, race: str, lost: int) -> Any:
        if race != st.MONSTER:
            return None
        return discovery.reveal(game, region, army.owner)

    @when("conquered")
    def _first_occupant(self, game: Game, army: Army, region: int) -> Any:
        """AU-55: a marker the Balrog turned over does what its discovery does for the first
        player who occupies its region afterwards."""
        return discovery.occupied(game, region, army.owner)


class CryptChangesHands(Ability):
    """U-PLACE-CRYPT-3, AU-57: when the Crypt is conquered, its Ghost leaves the region it was
    protecting at once; the new occupant may place it at the end of his turn."""

    id, rule = "underground.crypt", "U-PLACE-CRYPT-3"
    works_in_decline = True

    @when("took")
    def _ghost_leaves(self, game: Game, army: Army, region: int, defender: Any) -> Any:
        if game.pieces.get(CRYPT) == region and game.pieces.get(GHOST) is not None:
            game.pieces[GHOST] = None
        return None


EFFECTS = (Rivers(), Discovery(), CryptChangesHands(), SocksFlight())
