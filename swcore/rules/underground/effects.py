"""The rules every army follows on an Underground board (module effects): rivers emptied at
redeployment (U-RIVER-2), and a Monster region conquered turns over the top Place or Relic
(U-MON-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, when
from ..rivers import EmptiedRivers
from . import discovery
from . import state as st

if TYPE_CHECKING:
    from ...game import Army, Game


class Rivers(EmptiedRivers):
    """U-RIVER-2, U-REDEP-2: every river the race conquered is emptied at its redeployment,
    unless it may stay there (the Kraken, Seafaring: AU-68)."""

    id, rule = "underground.rivers", "U-RIVER-2"


class Discovery(Ability):
    """U-MON-4, U-PR-6: conquering a Monster region (the Monsters leave the game, U-MON-3) lays
    the top Place or Relic face up there at once; in-decline conquerors too."""

    id, rule = "underground.discovery", "U-MON-4"
    works_in_decline = True

    @when("discarded")
    def _monsters_beaten(self, game: Game, army: Army, region: int, race: str, lost: int) -> Any:
        if race != st.MONSTER:
            return None
        return discovery.reveal(game, region, army.owner)


EFFECTS = (Rivers(), Discovery())
