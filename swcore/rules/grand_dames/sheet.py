"""Grand Dames' score-sheet count (swcore.sheetcounts): what Peace-loving reads beyond regions."""

from __future__ import annotations

from typing import Any

from ...sheetcounts import Count


def _attacked(game: Any, army: Any, regions: list[int], n: int) -> None:
    """The core's `attacked` seats: n opponents whose active race lost a region this turn."""
    others = [s for s in range(len(game.players)) if s != army.owner]
    game.turn_flags["attacked"] = set(others[:n])


COUNTS = (
    # X-GD-PEA-1, A-GD-06: +3 only when the active race took no region of another player's
    # active race this turn.
    Count("attacked", "X-GD-PEA-1", "Opponents whose active race it attacked this turn",
          "Adversaires dont il a attaqué le peuple actif ce tour", _attacked,
          lambda regions, seats: seats - 1),
)
