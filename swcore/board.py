"""Boards: regions, terrain, symbols, the board's edge and borders (B-DEF-1, B-DEF-2).

A board is static data shared by every game played on it. Regions are referred to by their
string id outside the engine and by their index inside it (lists are faster than dicts).
Built-in boards live in swcore/data/boards/*.json (see the README there); a scenario may also
give an inline map in the form of docs/scenario-format.md (v1 and the v2 additions).

Rules read a region through its terrain's kind, tags and defence (swcore/terrains.py), never
through a terrain's name, so an Underground Mudpool is a swamp for every ability (U-COMPAT-5).
Parsing and checking of inline maps is in swcore/boardspec.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from .boardspec import LEVELS, NEUTRAL_KINDS, parse_map  # noqa: F401  (re-exported)
from .catalogue import LOST_TRIBE
from .errors import InputError
from .terrains import BASE_SYMBOLS, BASE_TERRAINS, SYMBOL, TERRAIN

#: The base game's terrains and symbols (B-DEF-1); every terrain is in swcore.terrains.TERRAIN.
TERRAINS = BASE_TERRAINS
SYMBOLS = BASE_SYMBOLS
#: Terrains of kind water (sea, lake): not entered but by powers (B-CONQ-4).
WATER = frozenset(t for t, spec in TERRAIN.items() if spec.kind == "water")
#: Game turns by player count when a map does not say (B-SETUP-2, R-GEN-6; six players are a
#: Necromancer Island or Realms game, played on the five-player map's 8 turns, A-NEC-01).
TURNS_BY_PLAYERS = {2: 10, 3: 10, 4: 9, 5: 8, 6: 8}
BORDER_TYPES = ("land", "tunnel")


@dataclass(eq=False)
class Board:
    id: str
    ids: list[str]
    terrain: list[str]
    symbols: list[frozenset[str]]
    edge: list[bool]
    lost_tribe: list[bool]
    #: Shared borders (type `land`), pairs of indices a < b, sorted; chasms' borders included.
    borders: list[tuple[int, int]]
    name: str = ""
    players: int | None = None
    turns: int | None = None
    frame: tuple[float, float] = (1000.0, 1000.0)
    centre: list[tuple[float, float] | None] = field(default_factory=list)
    credits: str = ""
    notes: list[str] = field(default_factory=list)
    #: How sure the board's transcription is (`high`, `medium`, `low`; "" when not said), and
    #: the borders its sources leave in doubt (pairs of indices a < b): a table checks them.
    confidence: str = ""
    uncertain: list[tuple[int, int]] = field(default_factory=list)
    #: Realms tunnels (AU-13): adjacent for conquests, but no shared border.
    tunnels: list[tuple[int, int]] = field(default_factory=list)
    #: Named region sets for scenario modules (arrows, west, peaks, crop_circles, ...).
    sets: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: Per region, each list empty when the map gives none of it (defaults filled below).
    level: list[str] = field(default_factory=list)
    peak: list[bool] = field(default_factory=list)
    crop: list[str | None] = field(default_factory=list)
    #: The map's own `entry` value (True, False, "surface", "underground") or None: edge rule.
    entry_rule: list[bool | str | None] = field(default_factory=list)
    #: The map's own `neutral` occupants ({kind: count}) or None: from lost_tribe and symbols.
    neutral: list[dict[str, int] | None] = field(default_factory=list)
    #: Drawn outlines (the map's `polygons`, drawing only) and names a table gives its regions.
    outlines: list[list | None] = field(default_factory=list)
    labels: list[str | None] = field(default_factory=list)
    # Derived, filled in by __post_init__.
    index: dict[str, int] = field(init=False)
    kind: list[str] = field(init=False)
    tags: list[frozenset[str]] = field(init=False)
    defence: list[int] = field(init=False)
    base_cost: list[int | None] = field(init=False)
    adjacent: list[tuple[int, ...]] = field(init=False)
    adjacent_sets: list[frozenset[int]] = field(init=False)
    border_sets: list[frozenset[int]] = field(init=False)
    water: list[bool] = field(init=False)
    entry: list[bool] = field(init=False)
    coastal: list[bool] = field(init=False)
    start_neutral: list[dict[str, int]] = field(init=False)
    tunnel_set: frozenset[tuple[int, int]] = field(init=False)
    rivers: frozenset[int] = field(init=False)  # asked at every placement (EmptiedRivers)

    def __post_init__(self) -> None:
        n = len(self.ids)
        self.index = {rid: i for i, rid in enumerate(self.ids)}
        for name, default in (("centre", None), ("level", "surface"), ("peak", False),
                              ("crop", None), ("entry_rule", None), ("neutral", None),
                              ("outlines", None), ("labels", None)):
            if not getattr(self, name):
                setattr(self, name, [default] * n)
        spec = [TERRAIN[t] for t in self.terrain]
        self.kind = [t.kind for t in spec]
        self.water = [k == "water" for k in self.kind]
        self.rivers = frozenset(i for i, k in enumerate(self.kind) if k == "river")
        chasm = [k == "chasm" for k in self.kind]
        touch: list[set[int]] = [set() for _ in range(n)]
        for a, b in self.borders:
            touch[a].add(b)
            touch[b].add(a)
        self.border_sets = [frozenset(s) for s in touch]
        self.tunnel_set = frozenset(self.tunnels)
        # U-CHASM-2, R-GEN-5: a chasm takes no part in adjacency; tunnels give adjacency (AU-13).
        adj: list[set[int]] = [set() for _ in range(n)]
        for a, b in [*self.borders, *self.tunnels]:
            if not (chasm[a] or chasm[b]):
                adj[a].add(b)
                adj[b].add(a)
        self.adjacent = [tuple(sorted(s)) for s in adj]
        self.adjacent_sets = [frozenset(s) for s in adj]
        self.entry = [self._entry(i, touch[i]) for i in range(n)]
        # B-DEF-3: a land region bordering a sea or the lake (seas themselves are not coastal).
        self.coastal = [self.kind[i] == "land" and any(self.water[j] for j in touch[i])
                        for i in range(n)]
        # A-REALMS-01: a Peak adds 1 more to its Mountain.
        self.defence = [t.defence + int(self.peak[i]) for i, t in enumerate(spec)]
        self.base_cost = [t.base_cost for t in spec]
        self.tags = [spec[i].tags.union(*(SYMBOL[s].tags for s in self.symbols[i]))
                     | ({"coastal"} if self.coastal[i] else set())
                     | ({"peak"} if self.peak[i] else set()) for i in range(n)]
        self.start_neutral = [self._start_neutral(i) for i in range(n)]

    def _entry(self, i: int, touch: set[int]) -> bool:
        """B-CONQ-1 / B-DEF-2: a region on the edge, or bordering a sea or lake on the edge; a
        river end is entry itself and passes nothing on (U-EDGE-1, A-RW-04); a chasm never."""
        rule = self.entry_rule[i]
        if rule is not None:
            return rule is not False
        if self.kind[i] in ("chasm", "island"):
            return False
        if self.kind[i] == "river":
            return self.edge[i]
        return self.edge[i] or any(self.water[j] and self.edge[j] for j in touch)

    def _start_neutral(self, i: int) -> dict[str, int]:
        """Neutral occupants at set-up: the map's `neutral`, else a Lost Tribe (B-SETUP-4) and
        what its symbols hold (symbols.csv `holds`: two Monsters on a monster symbol, U-SETUP-3;
        a Pirate Ship on a pirate river, X-RW-1)."""
        given = self.neutral[i]
        if given is not None:
            return {k: v for k, v in given.items() if v}
        out = {LOST_TRIBE: 1} if self.lost_tribe[i] else {}
        for s in sorted(self.symbols[i]):
            out.update(SYMBOL[s].holds)
        return out

    def __len__(self) -> int:
        return len(self.ids)

    def has_tag(self, i: int, tag: str) -> bool:
        """Whether region i counts as `tag` (a terrain, a canonical feature or a symbol)."""
        return tag in self.tags[i]

    def border_type(self, a: int, b: int) -> str | None:
        """`land`, `tunnel`, or None when the two regions are not linked at all."""
        if b in self.border_sets[a]:
            return "land"
        if (min(a, b), max(a, b)) in self.tunnel_set:
            return "tunnel"
        return None

    def region(self, rid: Any, field_name: str = "region") -> int:
        """The index of region `rid`, or an InputError naming the field."""
        i = self.index.get(str(rid)) if rid is not None else None
        if i is None:
            raise InputError(field_name, f"no region {rid!r} on board {self.id!r}")
        return i

    def inline(self) -> dict[str, Any]:
        """The board in the inline-map form of the conformance format (v2 keys only when used,
        so a base board's form is the v1 one, as saved games hold it)."""
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
            if self.neutral[i] is not None:
                r["neutral"] = dict(self.neutral[i])
            if self.level[i] != "surface":
                r["level"] = self.level[i]
            if self.peak[i]:
                r["peak"] = True
            if self.crop[i] is not None:
                r["crop"] = self.crop[i]
            if self.entry_rule[i] is not None:
                r["entry"] = self.entry_rule[i]
            if self.labels[i]:
                r["name"] = self.labels[i]
            if self.outlines[i]:
                r["polygons"] = self.outlines[i]
            regions[rid] = r
        out: dict[str, Any] = {
            "regions": regions,
            "borders": [[self.ids[a], self.ids[b]] for a, b in self.borders],
        }
        if self.tunnels:
            out["tunnels"] = [[self.ids[a], self.ids[b]] for a, b in self.tunnels]
        if self.sets:
            out["sets"] = {k: [self.ids[i] for i in v] for k, v in self.sets.items()}
        if self.confidence:
            out["confidence"] = self.confidence
        if self.uncertain:
            out["uncertain_borders"] = [[self.ids[a], self.ids[b]] for a, b in self.uncertain]
        if any(self.outlines):  # a drawn board of a table's own: its drawing goes with it
            out["frame"] = list(self.frame)
        return out

    @classmethod
    def from_map(cls, data: Any, board_id: str = "inline", field_name: str = "map") -> Board:
        """Build a board from an inline map, naming the faulty field in any error."""
        return cls(**parse_map(data, board_id, field_name))


def builtin_ids() -> list[str]:
    folder = resources.files("swcore").joinpath("data/boards")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def builtin_file(board_id: str) -> dict[str, Any]:
    """A built-in board's file as it is stored (with its drawing aids)."""
    if board_id not in builtin_ids():
        raise InputError("map", f"unknown board {board_id!r}; built-in boards: {', '.join(builtin_ids())}")
    text = resources.files("swcore").joinpath(f"data/boards/{board_id}.json").read_text("utf-8")
    return json.loads(text)


@cache
def load_board(board_id: str) -> Board:
    """A built-in board by id (`base-2p` ... `base-5p`, `underground-2p` ... `underground-5p`,
    `river-practice`)."""
    data = builtin_file(board_id)
    data.pop("regions_order", None)
    for spec in data["regions"].values():
        spec.pop("extra_seeds", None)
    return Board.from_map(data, board_id=board_id)


def as_board(board: str | dict[str, Any] | Board) -> Board:
    """A shipped board by id, a board file's map, or a Board as it is."""
    if isinstance(board, Board):
        return board
    return load_board(board) if isinstance(board, str) else Board.from_map(board)


@cache
def board_features(board_id: str) -> frozenset[str]:
    """The expansions whose terrains or symbols a built-in board carries (besides the base)."""
    b = load_board(board_id)
    sets = {e for t in set(b.terrain) for e in TERRAIN[t].expansions}
    sets |= {e for s in b.symbols for x in s for e in SYMBOL[x].expansions}
    return frozenset(sets - {"base"})


def board_suits(board_id: str, expansions: list[str] | tuple[str, ...]) -> bool:
    """Whether every terrain and symbol of a built-in board is the base game's or one of
    these expansions' (a river is River World's, Underground's and Realms'; a harbour River
    World's alone)."""
    b = load_board(board_id)
    wanted = {"base", *expansions}
    return (all(wanted & set(TERRAIN[t].expansions) for t in set(b.terrain))
            and all(wanted & set(SYMBOL[x].expansions) for s in b.symbols for x in s))


def board_for(seats: int, expansions: list[str]) -> str | None:
    """The board to offer: one made for a chosen expansion whose features the chosen ones
    all bring (its own boards, as Underground's, or a practice board made for it, as River
    World needs its rivers), for that many seats if there is one; else the base board for
    that many seats on the board."""
    made = [b for b in builtin_ids() if board_features(b) & set(expansions)
            and board_suits(b, expansions)]
    if made:  # min keeps the first of equals: the id order
        return min(made, key=lambda b: load_board(b).players != seats)
    fallback = f"base-{seats}p"
    return fallback if fallback in builtin_ids() else None


def geometry(board_id: str) -> dict[str, list]:
    """Region outlines of a built-in board (drawn by scripts/build_geometry.py), by region id."""
    path = resources.files("swcore").joinpath(f"data/geometry/{board_id}.json")
    if not path.is_file():
        raise InputError("board", f"no geometry for board {board_id!r}")
    return json.loads(path.read_text("utf-8"))["regions"]
