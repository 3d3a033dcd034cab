"""The terrain and symbol registries, read from swcore/data/terrains.csv and symbols.csv.

Rules never test a terrain's name: they ask for its kind (`land, water, river, chasm, island`),
its canonical tags (an Underground Mudpool carries `swamp`, so a base Swamp power works there,
U-COMPAT-5) and its extra conquest cost. A new terrain is one CSV row, no code; so is what
stands on a symbol at set-up (its `holds`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources

#: Region kinds; each has its own board rules (see Board): water is not entered but by powers,
#: a river costs 1 and is emptied, a chasm takes no part in adjacency, an island is a module's.
KINDS = ("land", "water", "river", "chasm", "island")


@dataclass(frozen=True, slots=True)
class Terrain:
    id: str
    kind: str
    #: Extra conquest cost of the terrain itself (a Mountain marker: +1, B-CONQ-2, U-BM-1).
    defence: int
    #: Conquest cost before any token, marker or ability (2; a river 1, U-RIVER-1); None when
    #: the region is never conquered (chasm, island).
    base_cost: int | None
    tags: frozenset[str]
    #: The rule sets that bring it ("base" for the base game).
    expansions: tuple[str, ...]
    english: str
    french: str
    source: str


@dataclass(frozen=True, slots=True)
class Symbol:
    id: str
    #: Region kinds it may stand on (empty: any).
    on: frozenset[str]
    tags: frozenset[str]
    #: Neutral occupants standing on it at set-up, {kind: count} (`holds` "monster:2":
    #: U-SETUP-3; "pirate_ship:1": X-RW-1).
    holds: dict[str, int]
    expansions: tuple[str, ...]
    english: str
    french: str
    source: str


def _rows(name: str) -> list[dict[str, str]]:
    text = resources.files("swcore").joinpath(f"data/{name}").read_text("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def _load_terrains() -> dict[str, Terrain]:
    out: dict[str, Terrain] = {}
    for row in _rows("terrains.csv"):
        tid, kind = row["id"], row["kind"]
        if kind not in KINDS or tid in out:
            raise ValueError(f"terrains.csv: bad row {tid!r}")
        tags = frozenset(row["tags"].split()) | {tid}
        out[tid] = Terrain(tid, kind, int(row["defence"] or 0),
                           int(row["base_cost"]) if row["base_cost"] else None, tags,
                           tuple(row["expansions"].split()), row["english"], row["french"],
                           row["source"])
    return out


def _load_symbols() -> dict[str, Symbol]:
    out: dict[str, Symbol] = {}
    for row in _rows("symbols.csv"):
        on = frozenset(row["on"].split())
        if not on <= set(KINDS) or row["id"] in out:
            raise ValueError(f"symbols.csv: bad row {row['id']!r}")
        holds = {kind: int(n) for kind, n in (x.split(":") for x in row["holds"].split())}
        out[row["id"]] = Symbol(row["id"], on, frozenset(row["tags"].split()) | {row["id"]}, holds,
                                tuple(row["expansions"].split()), row["english"], row["french"],
                                row["source"])
    return out


#: Every terrain an inline map may name, by id.
TERRAIN: dict[str, Terrain] = _load_terrains()
#: Every symbol an inline map may name, by id.
SYMBOL: dict[str, Symbol] = _load_symbols()
#: The base game's terrains and symbols (B-DEF-1), in the order of the data files.
BASE_TERRAINS = tuple(t.id for t in TERRAIN.values() if "base" in t.expansions)
BASE_SYMBOLS = tuple(s.id for s in SYMBOL.values() if "base" in s.expansions)
