"""The base game's score-sheet counts (swcore.sheetcounts): what its bonuses read beyond the
regions' terrains and symbols."""

from __future__ import annotations

from typing import Any

from ...markers import MARKER_TYPES
from ...sheetcounts import Count

FORT = "fortress"


def _fortresses(game: Any, army: Any, regions: list[int], n: int) -> None:
    for i in regions[:n]:
        game.mk[FORT][i] = 1


def _nonempty(game: Any, army: Any, regions: list[int], n: int) -> None:
    army.nonempty = n


COUNTS = (
    # B-POW-FORTIFIED-2: one coin per Fortress, one per region, at most the box's 6.
    Count(FORT, "B-POW-FORTIFIED-2", "Fortresses in its regions", "Forteresses dans ses régions",
          _fortresses, lambda regions, seats: min(regions, MARKER_TYPES[FORT].box or regions)),
    # B-RACE-ORCS-1, B-POW-PILLAGING-1: the turn's conquests, still held at its end.
    Count("nonempty", "B-RACE-ORCS-1", "Non-empty regions conquered this turn",
          "Régions non vides conquises ce tour", _nonempty, lambda regions, seats: regions),
)
