"""Boards: regions, terrain, symbols, the board's edge and borders (B-DEF-1, B-DEF-2).

A board is static data shared by every game played on it. Regions are referred to by their
string id outside the engine and by their index inside it (lists are faster than dicts).
Built-in boards live in swcore/data/boards/*.json (see the README there); a scenario may also
give an inline map in the form of ../shared/conformance/FORMAT.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from .errors import InputError

TERRAINS = ("farmland", "forest", "hill", "swamp", "mountain", "sea", "lake")
WATER = frozenset({"sea", "lake"})
SYMBOLS = ("mine", "cavern", "magic")
_REGION_KEYS = {"terrain", "symbols", "edge", "lost_tribe", "centre", "extra_seeds", "polygons", "name"}
#: Game turns by player count when a map does not say (B-SETUP-2).
TURNS_BY_PLAYERS = {2: 10, 3: 10, 4: 9, 5: 8}


@dataclass(eq=False)
class Board:
    id: str
    ids: list[str]
    terrain: list[str]
    symbols: list[frozenset[str]]
    edge: list[bool]
    lost_tribe: list[bool]
    borders: list[tuple[int, int]]
    name: str = ""
    players: int | None = None
    turns: int | None = None
    frame: tuple[float, float] = (1000.0, 1000.0)
    centre: list[tuple[float, float] | None] = field(default_factory=list)
    credits: str = ""
    notes: list[str] = field(default_factory=list)
    # Derived, filled in by __post_init__.
    index: dict[str, int] = field(init=False)
    adjacent: list[tuple[int, ...]] = field(init=False)
    adjacent_sets: list[frozenset[int]] = field(init=False)
    water: list[bool] = field(init=False)
    entry: list[bool] = field(init=False)
    coastal: list[bool] = field(init=False)

    def __post_init__(self) -> None:
        n = len(self.ids)
        self.index = {rid: i for i, rid in enumerate(self.ids)}
        adj: list[set[int]] = [set() for _ in range(n)]
        for a, b in self.borders:
            adj[a].add(b)
            adj[b].add(a)
        self.adjacent = [tuple(sorted(s)) for s in adj]
        self.adjacent_sets = [frozenset(s) for s in adj]
        self.water = [t in WATER for t in self.terrain]
        # B-CONQ-1 / B-DEF-2: a land region on the edge, or bordering a sea or lake on the edge.
        self.entry = [
            self.edge[i] or any(self.water[j] and self.edge[j] for j in adj[i]) for i in range(n)
        ]
        # B-DEF-3: a land region bordering a sea or the lake (seas themselves are not coastal).
        self.coastal = [not self.water[i] and any(self.water[j] for j in adj[i]) for i in range(n)]
        if not self.centre:
            self.centre = [None] * n

    def __len__(self) -> int:
        return len(self.ids)

    def region(self, rid: Any, field_name: str = "region") -> int:
        """The index of region `rid`, or an InputError naming the field."""
        i = self.index.get(str(rid)) if rid is not None else None
        if i is None:
            raise InputError(field_name, f"no region {rid!r} on board {self.id}")
        return i

    def inline(self) -> dict[str, Any]:
        """The board in the inline-map form of the conformance format."""
        regions = {}
        for i, rid in enumerate(self.ids):
            r: dict[str, Any] = {"terrain": self.terrain[i]}
            if self.symbols[i]:
                r["symbols"] = sorted(self.symbols[i])
            if self.edge[i]:
                r["edge"] = True
            if self.lost_tribe[i]:
                r["lost_tribe"] = True
            if self.centre[i] is not None:
                r["centre"] = list(self.centre[i])
            regions[rid] = r
        return {
            "regions": regions,
            "borders": [[self.ids[a], self.ids[b]] for a, b in self.borders],
        }

    @classmethod
    def from_map(cls, data: Any, board_id: str = "inline", field_name: str = "map") -> Board:
        """Build a board from an inline map, naming the faulty field in any error."""
        if not isinstance(data, dict):
            raise InputError(field_name, "must be a board id or a mapping with regions and borders")
        regions = data.get("regions")
        if not isinstance(regions, dict) or not regions:
            raise InputError(f"{field_name}.regions", "must be a non-empty mapping of region ids")
        ids, terrain, symbols, edge, lost, centre = [], [], [], [], [], []
        for rid, spec in regions.items():
            where = f"{field_name}.regions.{rid}"
            if not isinstance(spec, dict):
                raise InputError(where, "must be a mapping with at least a terrain")
            unknown = set(spec) - _REGION_KEYS
            if unknown:
                raise InputError(where, f"unknown key(s) {sorted(unknown)}")
            t = spec.get("terrain")
            if t not in TERRAINS:
                raise InputError(f"{where}.terrain", f"{t!r} is not one of {', '.join(TERRAINS)}")
            syms = spec.get("symbols", []) or []
            if not isinstance(syms, list) or any(s not in SYMBOLS for s in syms):
                raise InputError(f"{where}.symbols", f"must be a list of {', '.join(SYMBOLS)}")
            for flag in ("edge", "lost_tribe"):
                if not isinstance(spec.get(flag, False), bool):
                    raise InputError(f"{where}.{flag}", "must be true or false")
            if t in WATER and spec.get("lost_tribe"):
                raise InputError(f"{where}.lost_tribe", "a sea or lake cannot hold a Lost Tribe")
            c = spec.get("centre")
            ids.append(str(rid))
            terrain.append(t)
            symbols.append(frozenset(syms))
            edge.append(bool(spec.get("edge", False)))
            lost.append(bool(spec.get("lost_tribe", False)))
            centre.append(tuple(c) if isinstance(c, list) and len(c) == 2 else None)
        index = {rid: i for i, rid in enumerate(ids)}
        raw = data.get("borders", [])
        if not isinstance(raw, list):
            raise InputError(f"{field_name}.borders", "must be a list of [region, region] pairs")
        pairs: set[tuple[int, int]] = set()
        for k, pair in enumerate(raw):
            where = f"{field_name}.borders[{k}]"
            if not isinstance(pair, list | tuple) or len(pair) != 2:
                raise InputError(where, "must be a pair [region, region]")
            a, b = (index.get(str(x)) for x in pair)
            if a is None or b is None:
                raise InputError(where, f"names a region that is not in the map: {pair}")
            if a == b:
                raise InputError(where, "a region cannot border itself")
            pairs.add((min(a, b), max(a, b)))
        unknown = set(data) - {"regions", "borders", "id", "name", "players", "turns", "frame",
                               "credits", "notes"}
        if unknown:
            raise InputError(field_name, f"unknown key(s) {sorted(unknown)}")
        frame = data.get("frame", (1000.0, 1000.0))
        if (not isinstance(frame, list | tuple) or len(frame) != 2
                or not all(isinstance(x, int | float) and x > 0 for x in frame)):
            raise InputError(f"{field_name}.frame", "must be [width, height]")
        if not isinstance(data.get("notes", []), list):
            raise InputError(f"{field_name}.notes", "must be a list of strings")
        for key in ("players", "turns"):
            v = data.get(key)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                raise InputError(f"{field_name}.{key}", "must be a whole number")
        return cls(
            id=str(data.get("id", board_id)),
            ids=ids,
            terrain=terrain,
            symbols=symbols,
            edge=edge,
            lost_tribe=lost,
            borders=sorted(pairs),
            name=str(data.get("name", "")),
            players=data.get("players"),
            turns=data.get("turns"),
            frame=(float(frame[0]), float(frame[1])),
            centre=centre,
            credits=str(data.get("credits", "")),
            notes=list(data.get("notes", [])),
        )


def builtin_ids() -> list[str]:
    folder = resources.files("swcore").joinpath("data/boards")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


@cache
def load_board(board_id: str) -> Board:
    """A built-in board by id (`base-2p` ... `base-5p`)."""
    if board_id not in builtin_ids():
        raise InputError("map", f"unknown board {board_id!r}; built-in boards: {', '.join(builtin_ids())}")
    text = resources.files("swcore").joinpath(f"data/boards/{board_id}.json").read_text("utf-8")
    data = json.loads(text)
    data.pop("regions_order", None)
    for spec in data["regions"].values():
        spec.pop("extra_seeds", None)
    return Board.from_map(data, board_id=board_id)


def geometry(board_id: str) -> dict[str, list]:
    """Region outlines of a built-in board (drawn by scripts/build_geometry.py), by region id."""
    path = resources.files("swcore").joinpath(f"data/geometry/{board_id}.json")
    if not path.is_file():
        raise InputError("board", f"no geometry for board {board_id!r}")
    return json.loads(path.read_text("utf-8"))["regions"]
