"""The board editor's model: a board file being made or corrected, with undo and redo.

A board file is the inline map of the scenario format (swcore/boardspec.py, docs/boards.md)
with each region's drawn outline in `polygons`: the engine loads it as it is (`Board.from_map`),
and a game started on it stores it whole, so the game keeps the board it was played on.
Every edit is checked before it is kept: a bad one raises InputError naming its field and
changes nothing. Whether a board may be played is `swcore.boardcheck.problems`. No UI here:
the screen is dashboards/board_editor.py.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from typing import Any

from . import boardgeom as geo
from .board import Board, load_board
from .boardspec import MAX_ID, MAX_REGIONS
from .errors import InputError
from .terrains import SYMBOL, TERRAIN

#: A board file larger than this is refused before it is parsed (a hostile upload).
MAX_FILE_BYTES = 2_000_000
#: Points of one outline, and of all a board's outlines, the editor takes: 30 and 9 times the
#: shipped boards' largest. With boardgeom.MAX_PAIRS they keep every check within seconds
#: whatever the shapes (a hostile file is refused, not checked for minutes).
MAX_OUTLINE = 500
MAX_POINTS = 3000
#: The largest side of a board's frame, in frame units (the shipped boards' are 1000).
MAX_FRAME = 10_000
#: Undo steps kept per editing session.
MAX_HISTORY = 200
#: Region flags the editor sets by tapping (the base game's: B-DEF-2, B-SETUP-4).
FLAGS = ("edge", "lost_tribe")


def vocabulary(modules: Iterable[str] = ()) -> dict[str, list[str]]:
    """The terrains and symbols a board may use with these rule modules (the base game's and
    each module's own, read from the data files: a new module's features need no editor code)."""
    wanted = {"base", *modules}
    return {"terrains": [t.id for t in TERRAIN.values() if wanted & set(t.expansions)],
            "symbols": [s.id for s in SYMBOL.values() if wanted & set(s.expansions)]}


def modules_for(doc: dict[str, Any], modules: Iterable[str]) -> list[str]:
    """The fewest of `modules` whose vocabularies hold every terrain and symbol the board uses
    (greedy: the module bringing most of what is still missing first), so a shipped board
    opens with its own module's terrains offered (an Underground board: Underground alone)."""
    used = {r.get("terrain") for r in doc.get("regions", {}).values()} | {
        x for r in doc.get("regions", {}).values() for x in r.get("symbols", [])}
    missing = used - {*vocabulary()["terrains"], *vocabulary()["symbols"]}
    chosen: list[str] = []
    while missing:
        gain = {m: missing & {*vocabulary([m])["terrains"], *vocabulary([m])["symbols"]}
                for m in modules if m not in chosen}
        best = max(gain, key=lambda m: len(gain[m]), default=None)
        if best is None or not gain[best]:
            break
        chosen.append(best)
        missing -= gain[best]
    return chosen


def blank(frame: tuple[float, float] = (1000.0, 700.0), players: int = 2) -> dict[str, Any]:
    """An empty board file: no region yet."""
    return {"id": "custom", "name": "", "players": players, "frame": [float(frame[0]), float(frame[1])],
            "credits": "", "regions": {}, "borders": []}


def from_shipped(board_id: str, lang: str = "en") -> dict[str, Any]:
    """A shipped board as a board file to correct: its facts, and its drawing as outlines; its
    name, and what its credits say it was made from, in `lang` (the sources stay as cited)."""
    from .board import geometry  # the drawing is optional for a shipped board
    from .i18n import tr
    b = load_board(board_id)
    doc = b.inline()
    try:
        shapes = geometry(board_id)
    except InputError:
        shapes = {}
    for rid, polys in shapes.items():
        if rid in doc["regions"]:
            doc["regions"][rid]["polygons"] = polys
    made = tr("Corrected by a table from the shipped board {board}:", lang).format(board=board_id)
    doc.update({"id": f"{board_id}-table", "name": tr(b.name, lang), "players": b.players,
                "turns": b.turns, "frame": list(b.frame),
                "credits": f"{made} {b.credits}"[:2000]})
    if b.notes:  # what its sources dispute or leave uncertain, for the table to check
        doc["notes"] = list(b.notes)
    return doc


def source(arg: str) -> str | dict[str, Any]:
    """A command line's `--board`: a shipped board's id, or the path of a board file."""
    from pathlib import Path

    from .board import builtin_ids
    if arg in builtin_ids():
        return arg
    path = Path(arg)
    if not path.is_file():
        raise InputError("board", f"unknown board {arg!r} (and no board file there); built-in "
                                  f"boards: {', '.join(builtin_ids())}")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise InputError("file", f"a board file has at most {MAX_FILE_BYTES // 1000} kB")
    return read_file(path.read_bytes())


def read_file(text: str | bytes) -> dict[str, Any]:
    """A board file read from an upload: size-bounded, valid JSON, every key known and every
    value checked by the engine's own map reader, outlines within the editor's bounds
    (InputError names the faulty field)."""
    if len(text) > MAX_FILE_BYTES:
        raise InputError("file", f"a board file has at most {MAX_FILE_BYTES // 1000} kB")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise InputError("file", "not a JSON board file") from None
    Board.from_map(data, field_name="file")
    frame = data.get("frame") or [1, 1]
    if not all(0 < side <= MAX_FRAME for side in frame):
        raise InputError("file.frame", f"a frame's sides are at most {MAX_FRAME} units")
    total = 0
    for rid, region in data["regions"].items():
        for ring in (ring for poly in region.get("polygons") or [] for ring in poly):
            total += len(ring)
            if len(ring) > MAX_OUTLINE:
                raise InputError(f"file.regions.{rid}.polygons",
                                 f"an outline has at most {MAX_OUTLINE} points")
    if total > MAX_POINTS:
        raise InputError("file.regions", f"the outlines have at most {MAX_POINTS} points in all")
    geo.check_intricacy({rid: ring for rid, r in data["regions"].items() if (ring := outline(r))},
                        field="file.regions")
    return normalise(data)


def normalise(data: dict[str, Any]) -> dict[str, Any]:
    """A checked board file in the editor's form (lists, not tuples; borders always given)."""
    doc = json.loads(json.dumps(data))
    doc.setdefault("borders", [])
    doc.setdefault("frame", [1000.0, 1000.0])
    return doc


def outline(region: dict[str, Any]) -> geo.Ring | None:
    """A region's outer ring (its first polygon's), or None when it has no drawing."""
    polys = region.get("polygons")
    return [tuple(p) for p in polys[0][0]] if polys else None


class Draft:
    """A board file being edited: every change is checked, kept in an undo history, and
    reported to `on_change` (the screen saves the draft in the store as it goes)."""

    def __init__(self, doc: dict[str, Any] | None = None,
                 on_change: Callable[[dict[str, Any]], Any] | None = None):
        self.doc = normalise(doc) if doc is not None else blank()
        if self.doc["regions"]:
            Board.from_map(self.doc, field_name="board")
        self.undo_stack: list[dict[str, Any]] = []
        self.redo_stack: list[dict[str, Any]] = []
        self.on_change = on_change

    # --- history -------------------------------------------------------------------------
    def _edit(self, change: Callable[[dict[str, Any]], Any]) -> Any:
        """Apply `change` to a copy; keep it only when the engine accepts the result."""
        new = copy.deepcopy(self.doc)
        out = change(new)
        if new["regions"]:
            Board.from_map(new, field_name="board")
        self.undo_stack = [*self.undo_stack[-MAX_HISTORY + 1:], self.doc]
        self.redo_stack = []
        self.doc = new
        self._changed()
        return out

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.doc)

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.doc)
        self.doc = self.undo_stack.pop()
        self._changed()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.doc)
        self.doc = self.redo_stack.pop()
        self._changed()
        return True

    # --- the board -----------------------------------------------------------------------
    @property
    def regions(self) -> dict[str, dict[str, Any]]:
        return self.doc["regions"]

    def region_at(self, x: float, y: float) -> str | None:
        """The region whose outline holds the point, else the one whose centre is nearest
        (within 60 frame units): what a tap on the map means."""
        for rid, r in self.regions.items():
            ring = outline(r)
            if ring and geo.contains(ring, (x, y)):
                return rid
        near = [(abs(c[0] - x) + abs(c[1] - y), rid) for rid, r in self.regions.items()
                if (c := r.get("centre"))]
        return min(near)[1] if near and min(near)[0] <= 60 else None

    def set_info(self, name: str | None = None, players: int | None = None,
                 turns: int | None = None, credits: str | None = None) -> None:
        """The board's name, player count, game turns (None: the rule book's for the count)
        and credits (where its facts and drawing come from)."""
        if name is not None and (not isinstance(name, str) or len(name) > 200):
            raise InputError("name", "must be text of at most 200 characters")
        if players is not None and (isinstance(players, bool) or players not in range(2, 7)):
            raise InputError("players", "must be a whole number from 2 to 6")
        if turns is not None and (isinstance(turns, bool) or turns not in range(1, 101)):
            raise InputError("turns", "must be a whole number from 1 to 100")
        if credits is not None and (not isinstance(credits, str) or len(credits) > 2000):
            raise InputError("credits", "must be text of at most 2000 characters")

        def change(d: dict[str, Any]) -> None:
            for k, v in (("name", name), ("players", players), ("credits", credits)):
                if v is not None:
                    d[k] = v
            if turns is None:
                d.pop("turns", None)
            else:
                d["turns"] = turns
        self._edit(change)

    def add_region(self, x: float, y: float, terrain: str = "farmland") -> str:
        """A new region centred where the table tapped; returns its id."""
        w, h = self.doc["frame"]
        if not (0 <= x <= w and 0 <= y <= h):
            raise InputError("centre", "a region is placed inside the board's frame")
        if len(self.regions) >= MAX_REGIONS:
            raise InputError("regions", f"at most {MAX_REGIONS} regions")
        k = len(self.regions) + 1
        while f"r{k}" in self.regions:
            k += 1
        rid = f"r{k}"

        def change(d: dict[str, Any]) -> str:
            d["regions"][rid] = {"terrain": terrain, "centre": [round(x, 1), round(y, 1)]}
            return rid
        return self._edit(change)

    def remove_region(self, rid: str) -> None:
        self._known(rid)

        def change(d: dict[str, Any]) -> None:
            del d["regions"][rid]
            for key in ("borders", "tunnels", "uncertain_borders"):
                if key in d:
                    d[key] = [p for p in d[key] if rid not in p]
        self._edit(change)

    def move_region(self, rid: str, x: float, y: float) -> None:
        self._known(rid)
        self._edit(lambda d: d["regions"][rid].__setitem__("centre", [round(x, 1), round(y, 1)]))

    def set_terrain(self, rid: str, terrain: str) -> None:
        self._known(rid)
        self._edit(lambda d: d["regions"][rid].__setitem__("terrain", terrain))

    def set_symbol(self, rid: str, symbol: str, on: bool) -> None:
        self._known(rid)
        if symbol not in SYMBOL:
            raise InputError(f"regions.{rid}.symbols", f"{symbol!r} is not a symbol")

        def change(d: dict[str, Any]) -> None:
            have = set(d["regions"][rid].get("symbols", []))
            have = have | {symbol} if on else have - {symbol}
            d["regions"][rid]["symbols"] = [s for s in SYMBOL if s in have]
        self._edit(change)

    def set_flag(self, rid: str, flag: str, on: bool) -> None:
        self._known(rid)
        if flag not in FLAGS:
            raise InputError(f"regions.{rid}", f"unknown flag {flag!r}")
        self._edit(lambda d: d["regions"][rid].__setitem__(flag, bool(on)))

    def set_name(self, rid: str, name: str) -> None:
        """The name a table calls a region by (shown on its map; the id stays)."""
        self._known(rid)
        name = " ".join(str(name).split())
        if len(name) > 40:
            raise InputError(f"regions.{rid}.name", "a region's name has at most 40 characters")
        self._edit(lambda d: d["regions"][rid].__setitem__("name", name) if name
                   else d["regions"][rid].pop("name", None))

    def set_outline(self, rid: str, ring: list[tuple[float, float]]) -> None:
        """A region's outline as drawn or adjusted; refused when it leaves the frame, crosses
        itself or crosses another region's outline."""
        self._known(rid)
        pts = geo.closed([(float(x), float(y)) for x, y in ring])
        where = f"regions.{rid}.polygons"
        if not 3 <= len(pts) <= MAX_OUTLINE:
            raise InputError(where, f"an outline has 3 to {MAX_OUTLINE} points")
        w, h = self.doc["frame"]
        if any(not (-1 <= x <= w + 1 and -1 <= y <= h + 1) for x, y in pts):
            raise InputError(where, "an outline stays inside the board's frame")
        others = {o: r for o, reg in self.regions.items() if o != rid and (r := outline(reg))}
        if len(pts) + sum(map(len, others.values())) > MAX_POINTS:
            raise InputError(where, f"the outlines have at most {MAX_POINTS} points in all")
        selfs, pairs = geo.crossings({rid: pts, **others})
        if rid in selfs:
            raise InputError(where, "an outline cannot cross itself")
        if geo.area(pts) < 1:
            raise InputError(where, "an outline encloses an area")
        crossed = [o for o in others if (rid, o) in pairs]
        if crossed:
            raise InputError(where, f"the outline crosses the outline of {crossed[0]}")
        ring_out = [[round(x, 1), round(y, 1)] for x, y in pts]

        def change(d: dict[str, Any]) -> None:
            r = d["regions"][rid]
            r["polygons"] = [[ring_out]]
            c = r.get("centre")
            if not c or not geo.contains(pts, tuple(c)):
                r["centre"] = [round(v, 1) for v in geo.centroid(pts)]
        self._edit(change)

    def derive_outlines(self) -> None:
        """Every region's outline from the placed centres (their Voronoi cells in the frame,
        as the base boards' drawings were derived); adjust them afterwards."""
        rids = [rid for rid, r in self.regions.items() if r.get("centre")]
        if len(rids) < 2:
            raise InputError("regions", "place at least two regions first")
        cells = geo.voronoi([tuple(self.regions[r]["centre"]) for r in rids], tuple(self.doc["frame"]))

        def change(d: dict[str, Any]) -> None:
            for rid, cell in zip(rids, cells, strict=True):
                if len(cell) >= 3:
                    d["regions"][rid]["polygons"] = [[[list(p) for p in cell]]]
        self._edit(change)

    def proposed_borders(self) -> list[tuple[str, str]]:
        """Pairs of regions whose outlines run along each other (geo.MIN_SHARED or more)."""
        drawn = [(rid, o) for rid, r in self.regions.items() if (o := outline(r))]
        near = geo.near_lengths(dict(drawn))
        return [(a, b) for k, (a, _ra) in enumerate(drawn) for b, _rb in drawn[k + 1:]
                if near.get((a, b), 0.0) >= geo.MIN_SHARED]

    def propose(self) -> None:
        """Borders and edge flags from the outlines: drawn regions' borders are replaced by the
        touching pairs (undrawn regions' are kept); the edge is where an outline meets the frame."""
        pairs = self.proposed_borders()
        frame = tuple(self.doc["frame"])

        def change(d: dict[str, Any]) -> None:
            drawn = {rid for rid, r in d["regions"].items() if outline(r)}
            keep = [p for p in d["borders"] if not (p[0] in drawn and p[1] in drawn)]
            d["borders"] = _sorted_pairs(d, [*keep, *pairs])
            for rid in drawn:
                r = d["regions"][rid]
                r["edge"] = geo.frame_length(outline(r), frame) >= geo.MIN_SHARED
        self._edit(change)

    def toggle_border(self, a: str, b: str) -> bool:
        """Add the border a-b, or remove it when it is there; returns whether it is now there.
        A border the board's sources left uncertain is settled by the table's tap: it leaves
        `uncertain_borders` (tapped twice, it is kept and settled)."""
        if a == b:
            raise InputError("borders", "a region cannot border itself")
        self._known(a)
        self._known(b)
        there = any({a, b} == set(p) for p in self.doc["borders"])

        def change(d: dict[str, Any]) -> bool:
            rest = [p for p in d["borders"] if {a, b} != set(p)]
            d["borders"] = _sorted_pairs(d, rest if there else [*rest, (a, b)])
            if "uncertain_borders" in d:
                d["uncertain_borders"] = [p for p in d["uncertain_borders"] if {a, b} != set(p)]
                if not d["uncertain_borders"]:
                    del d["uncertain_borders"]
            return not there
        return self._edit(change)

    def _known(self, rid: str) -> None:
        if not isinstance(rid, str) or len(rid) > MAX_ID or rid not in self.regions:
            raise InputError("region", f"no region {str(rid)[:MAX_ID]!r} on this board")

    def board(self) -> Board:
        """The engine's board (InputError when the file is not a board yet)."""
        return Board.from_map(self.doc, board_id=str(self.doc.get("id", "custom")), field_name="board")

    def to_json(self) -> str:
        """The board file to export (the format docs/boards.md describes)."""
        return json.dumps(self.doc, ensure_ascii=False, indent=1)


def _sorted_pairs(d: dict[str, Any], pairs: Iterable[Any]) -> list[list[str]]:
    """Border pairs once each, in region order, as the shipped files list them."""
    order = {rid: k for k, rid in enumerate(d["regions"])}
    seen = {tuple(sorted(p, key=order.__getitem__)) for p in pairs}
    return [list(p) for p in sorted(seen, key=lambda p: (order[p[0]], order[p[1]]))]
