"""Whether a board file may be played: every problem, each pointing at its regions.

A board that fails a blocking check can be kept as a draft but not played. The checks are the
board rules a game relies on: regions joined by borders once the regions no one enters are
left out (B-DEF-2, B-CONQ-4), a drawing that is a map (outlines that do not cross, a border
graph that can be drawn flat: networkx's planarity test), regions to enter the board by (B-CONQ-1), no more Lost Tribes
and Mountain markers than the box holds (B-SETUP-4, B-COMP-4), and a region count that suits
the player count. Messages are English templates, translated by `swcore.i18n.tr`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from . import boardgeom as geo
from .board import Board, builtin_file
from .boardedit import outline
from .errors import InputError
from .i18n import item_name, place_name, tr
from .markers import MARKER_TYPES
from .neutrals import NEUTRALS
from .terrains import TERRAIN

if TYPE_CHECKING:
    import networkx as nx

#: Regions of the official boards by player count (swcore/data/boards/README.md).
OFFICIAL_REGIONS = {2: 23, 3: 30, 4: 39, 5: 48, 6: 48}
#: The fewest regions a board needs per player to be played at all.
MIN_PER_PLAYER = 4


@dataclass(frozen=True)
class Problem:
    """One finding: `template` (English) filled with `args`; `regions` it points at;
    `blocking` when the board cannot be played until it is fixed."""

    code: str
    template: str
    regions: tuple[str, ...] = ()
    blocking: bool = True
    args: dict[str, Any] = field(default_factory=dict)
    #: The args that are ids of things the rule books name, named in the reader's language:
    #: {arg: "item"} (a catalogue item: a neutral token) or {arg: "place"} (a terrain).
    names: dict[str, str] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        named = {"item": item_name, "place": place_name}
        args = {k: named[self.names[k]](v, lang) if k in self.names else v
                for k, v in self.args.items()}
        return tr(self.template, lang).format(**args)


def problems(doc: dict[str, Any]) -> list[Problem]:
    """Every problem of a board file, blocking ones first."""
    try:
        b = Board.from_map(doc, board_id=str(doc.get("id", "custom")), field_name="board")
    except InputError as err:
        rid = err.field.split(".")[2] if err.field.startswith("board.regions.") else None
        return [Problem("format", "The board file is not valid: {field}: {reason}",
                        (rid,) if rid else (), args={"field": err.field, "reason": err.reason})]
    out = [*_connected(b), *_planar(b), *_drawing(doc, b), *_counts(b), *_entry(b), *_size(b),
           *_doubts(b)]
    return sorted(out, key=lambda p: not p.blocking)


@cache
def shipped_problems(board_id: str) -> tuple[Problem, ...]:
    """The problems of a board the project ships, as its file stands: what a table is told
    when it chooses it (a shipped board is played as it is, a disputed border or a draft's
    count included, until a table's corrected copy settles it)."""
    return tuple(problems(builtin_file(board_id)))


def playable(doc: dict[str, Any]) -> bool:
    return not any(p.blocking for p in problems(doc))


def _connected(b: Board) -> list[Problem]:
    """B-DEF-2: every region a race may enter is reachable from every other through borders
    (water, chasms and islands are left out: no one marches through them)."""
    open_ = [i for i in range(len(b)) if b.kind[i] in ("land", "river")]
    if not open_:
        return [Problem("no_land", "The board has no land region.")]
    groups: list[set[int]] = []
    for start in open_:
        if any(start in g for g in groups):
            continue
        seen, todo = {start}, [start]
        while todo:
            i = todo.pop()
            for j in b.adjacent[i]:
                if j not in seen and b.kind[j] in ("land", "river"):
                    seen.add(j)
                    todo.append(j)
        groups.append(seen)
    seen = max(groups, key=len)  # the main part; the others are cut off from it
    cut = [b.ids[i] for i in open_ if i not in seen]
    if not cut:
        return []
    return [Problem("connected", "Cut off from the rest of the board: {regions} (add borders).",
                    tuple(cut), args={"regions": ", ".join(cut)})]


#: The most borders of a Kuratowski subgraph tried one by one for the borders to check.
MAX_TRIED = 60


def _planar(b: Board) -> list[Problem]:
    """The borders of a board printed on a flat sheet form a planar graph (networkx's
    left-right planarity test). When they do not, the problem names the branch regions of a
    Kuratowski subgraph (a K5 or a K3,3, its edges possibly split into paths), and those of
    its borders whose removal alone makes the board flat. Tunnels share no border (AU-13)
    and are left out. (networkx is imported here: almost half a second that only checking a
    board pays, not every command and page that loads the engine.)"""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(b.ids)
    g.add_edges_from((b.ids[i], b.ids[j]) for i, j in b.borders)
    if nx.check_planarity(g)[0]:
        return []
    order = {rid: k for k, rid in enumerate(b.ids)}
    witness = _kuratowski(g)
    rids = tuple(sorted((n for n in witness if witness.degree(n) >= 3), key=order.__getitem__))
    fixes = []
    if witness.number_of_edges() <= MAX_TRIED:
        for u, v in sorted((tuple(sorted(e, key=order.__getitem__)) for e in witness.edges),
                           key=lambda e: (order[e[0]], order[e[1]])):
            g.remove_edge(u, v)
            if nx.check_planarity(g)[0]:
                fixes.append((u, v))
            g.add_edge(u, v)
    args = {"regions": ", ".join(rids), "borders": ", ".join(f"{u}–{v}" for u, v in fixes)}
    if fixes:  # the regions of the borders to check first, then the Kuratowski regions
        at = tuple(dict.fromkeys([*(r for e in fixes for r in e), *rids]))
        return [Problem("planar", "The borders cannot all be drawn on a flat board (those "
                                  "joining {regions} would cross). Check these borders against "
                                  "the board; removing any one of them makes it flat: {borders}.",
                        at, args=args)]
    return [Problem("planar", "The borders cannot all be drawn on a flat board (those joining "
                              "{regions} would cross): remove the wrong ones.", rids, args=args)]


def _kuratowski(g: nx.Graph) -> nx.Graph:
    """A Kuratowski subgraph of a graph that is not planar: borders are taken away, first many
    at a time and then one by one, as long as what is left is still not planar. What is left
    then needs every one of its borders, which makes it a subdivided K5 or K3,3. (networkx's
    own counterexample takes them away one at a time: a planarity test per border, minutes
    for a large hostile file; halving the batches needs few tests where most can go.)"""
    import networkx as nx

    h = nx.Graph(g.edges)
    chunk = max(1, h.number_of_edges() // 2)
    while True:
        kept, i = list(h.edges), 0
        while i < len(kept):
            batch = kept[i:i + chunk]
            h.remove_edges_from(batch)
            if nx.check_planarity(h)[0]:
                h.add_edges_from(batch)
                i += chunk
            else:
                del kept[i:i + chunk]
        if chunk == 1:
            break
        chunk = max(1, chunk // 2)
    h.remove_nodes_from([n for n in list(h) if h.degree(n) == 0])
    return h


def _drawing(doc: dict[str, Any], b: Board) -> list[Problem]:
    """A map: outlines that do not cross (each other or themselves), and borders the
    drawing shows."""
    out = []
    rings = {rid: r for rid in b.ids if (r := outline(doc["regions"][rid]))}
    try:
        selfs, pairs = geo.crossings(rings)
        near = geo.near_lengths(rings)
    except InputError:  # outlines laid over each other: checking them would take minutes
        return [Problem("intricate", "The outlines are too intricate to check: simplify them.")]
    order = {rid: k for k, rid in enumerate(rings)}
    out += [Problem("self_cross", "The outline of {a} crosses itself.", (a,), args={"a": a})
            for a in rings if a in selfs]
    out += [Problem("cross", "The outlines of {a} and {b} cross.", (a, c), args={"a": a, "b": c})
            for a, c in sorted(pairs, key=lambda p: (order[p[0]], order[p[1]]))]
    for i, j in b.borders:
        a, c = b.ids[i], b.ids[j]
        if a in rings and c in rings and near.get((a, c), 0.0) < geo.MIN_SHARED:
            out.append(Problem("unseen_border", "{a} and {b} share a border, but their outlines "
                                                "do not touch.", (a, c), False, {"a": a, "b": c}))
    missing = [rid for rid in b.ids if rid not in rings]
    if rings and missing:
        out.append(Problem("undrawn", "No outline yet: {regions}.", tuple(missing), False,
                           {"regions": ", ".join(missing)}))
    return out


def _counts(b: Board) -> list[Problem]:
    """B-SETUP-4, B-COMP-4, U-SETUP-3, U-SETUP-5, U-COMP-4, U-COMP-5: the box holds enough
    neutral tokens for what stands on the board at set-up (Lost Tribes, two Monsters per
    Monster symbol: the catalogue's `box`), and a marker for every region whose terrain holds
    one (a Mountain's, a Black Mountain's: each box has its own markers.csv count, so each
    terrain is counted on its own)."""
    out = []
    for kind, entry in NEUTRALS.items():
        rids = [rid for i, rid in enumerate(b.ids) if b.start_neutral[i].get(kind)]
        n = sum(b.start_neutral[i].get(kind, 0) for i in range(len(b)))
        if entry.box is not None and n > entry.box:
            out.append(Problem(kind, "{name}: {n} tokens at set-up, but the box holds {box}: "
                                     "{regions}.", tuple(rids),
                               args={"n": n, "box": entry.box, "regions": ", ".join(rids),
                                     "name": kind}, names={"name": "item"}))
    for t in dict.fromkeys(b.terrain):
        for m in (m for m in MARKER_TYPES.values() if not m.on_regions and m.id in TERRAIN[t].tags):
            rids = [rid for i, rid in enumerate(b.ids) if b.terrain[i] == t]
            if m.box is not None and len(rids) > m.box:
                out.append(Problem(t, "{name}: {n} regions, each with its marker at set-up, but "
                                      "the box holds {box} markers: {regions}.", tuple(rids),
                                   args={"n": len(rids), "box": m.box, "regions": ", ".join(rids),
                                         "name": t}, names={"name": "place"}))
    return out


#: What a board's `confidence` tells a table (a board transcribed with full confidence, or
#: entered by the table itself, says nothing).
CONFIDENCE_NOTES = {
    "medium": "Transcribed with medium confidence: check its terrains and borders against the "
              "physical board, the uncertain borders first.",
    "low": "A draft transcription (low confidence): check every region's terrain and borders "
           "against the physical board before relying on it.",
}


def confidence_note(level: str, lang: str = "en") -> str:
    """What a board's `confidence` tells a table, in `lang` ('' for high or unsaid)."""
    return tr(CONFIDENCE_NOTES[level], lang) if level in CONFIDENCE_NOTES else ""


def _doubts(b: Board) -> list[Problem]:
    """How sure the board is (warnings): its confidence, and each border its sources leave in
    doubt, for the table to check on its physical board."""
    out = [Problem("confidence", CONFIDENCE_NOTES[b.confidence], (), False)
           ] if b.confidence in CONFIDENCE_NOTES else []
    for i, j in b.uncertain:
        a, c = b.ids[i], b.ids[j]
        out.append(Problem("uncertain", "The border {a}–{b} is uncertain in the board's sources: "
                                        "check it on the physical board.", (a, c), False,
                           {"a": a, "b": c}))
    return out


def _entry(b: Board) -> list[Problem]:
    """B-CONQ-1: a first conquest enters by the edge (or a region by a sea on the edge)."""
    if any(b.entry[i] and b.kind[i] in ("land", "river") for i in range(len(b))):
        return []
    return [Problem("entry", "No region to enter the board by: mark the regions on the board's "
                             "edge.")]


def _size(b: Board) -> list[Problem]:
    """Enough regions for the players, and a warning far from the official boards' counts."""
    if not b.players:
        return [Problem("players", "Say how many players the board is for.")]
    land = sum(k in ("land", "river") for k in b.kind)
    least = MIN_PER_PLAYER * b.players
    if land < least:
        return [Problem("too_small", "{n} land regions are too few for {p} players (at least "
                                     "{least}).", args={"n": land, "p": b.players, "least": least})]
    official = OFFICIAL_REGIONS[b.players]
    if not 0.6 * official <= len(b) <= 1.5 * official:
        return [Problem("size", "{n} regions for {p} players; the official board has {official}.",
                        (), False, {"n": len(b), "p": b.players, "official": official})]
    return []

