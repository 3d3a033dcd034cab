"""Counts a score sheet asks for besides regions by terrain and symbol, declared by the rule
module whose bonus reads them (a module's `sheet_counts`): the position or the turn facts a
bonus needs that counts of regions cannot give (Fortresses, non-empty regions conquered).

Kept apart from `swcore.scoresheet` so rule modules can declare counts without importing the
game (which imports them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Count:
    """One count per army: `apply(game, army, regions, n)` sets it on the stand-in game the
    sheet scores (`regions`: the army's region indices there); `limit(regions, seats)` is the
    largest value allowed; `active_only`: asked only of the active race. `shape(map, owned, n)`,
    for a count a bonus reads from borders, adds to the stand-in's map before the game is built
    (`map`: {"regions": {id: spec}, "borders": [[a, b]]}, `owned`: the army's region ids): the
    stand-in has no border otherwise, each region a block of its own."""

    id: str
    rule: str
    english: str
    french: str
    apply: Callable[[Any, Any, list[int], int], None]
    limit: Callable[[int, int], int]
    active_only: bool = True
    shape: Callable[[dict[str, Any], list[str], int], None] | None = None


def nothing(game: Any, army: Any, regions: list[int], n: int) -> None:
    """The `apply` of a count whose `shape` says it all."""
