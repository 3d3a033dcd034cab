#!/usr/bin/env python3
"""Build the drawn geometry of the base and Underground boards from the project's own board files.

Reads ``swcore/data/boards/base-*.json`` and ``underground-*.json`` (written by
``scripts/author_boards.py`` and ``scripts/author_underground.py``), or the boards whose ids
are given as arguments, and writes ``swcore/data/geometry/<id>.json``::

    {"board": "base-4p", "frame": [1000.0, 929.0], "method": "...",
     "labels": {"r1": [x, y], ...}, "peaks": {"r10": [x, y, size], ...},
     "regions": {"r1": [[[x, y], ...]], ...}}

Each region maps to a list of polygons, each polygon a list of rings of [x, y]
(the first ring is the outer boundary, counter-clockwise; holes clockwise).

Method (issue 3: faithful geometry):

1. Generators are every region's ``centre`` plus its ``extra_seeds``; each seed is
   owned by its region.
2. The Voronoi diagram (scipy.spatial.Voronoi) is computed on the generators plus
   their mirror images across the four sides of the frame. The frame sides are
   then bisectors, so every generator's cell is bounded and ends exactly on the
   frame; the cells are still clipped to the frame rectangle with shapely.
3. Voronoi vertices are rounded to 0.1 once, so a vertex shared by several cells
   gets the same rounded coordinates in all of them.
4. The cells of one region are merged (shapely unary_union).
5. Light simplification that keeps the map's shared topology: all region
   outlines are noded into one line network, merged into chains between the
   points where three or more faces meet, each chain is simplified with
   ``LineString.simplify(0.5, preserve_topology=True)`` (so both neighbours see
   the same simplified border), and the faces are rebuilt with
   ``shapely.ops.polygonize``. Simplifying each region on its own could open
   gaps or overlaps of up to the tolerance along shared borders.

6. Label points (for dashboards/board_map.py): in each region, the point where the
   map's label stack (region id, token badge, marker badge: about ``LABEL_BOX``
   frame units, wider than tall) fits best, i.e. the pole of inaccessibility
   (``shapely.ops.polylabel``) of the region squeezed horizontally to the box's
   aspect, which is the centre of the largest inscribed ellipse of that aspect. In a
   mountain, the three drawn peaks go to the pole of inaccessibility of what is left
   outside a box of ``PEAKS_CLEAR`` around the label point, shrunk until the peaks fit
   (``peaks``: x, y and a scale under 1 where there is little room).

The script then checks the result against the board's borders (the same
"touch" rule as tests/test_geometry.py) and prints the fidelity figures.
Adjacency in the game always comes from the board file's ``borders``; this
geometry is for drawing only.

Usage::

    python scripts/build_geometry.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import shapely
from scipy.spatial import Voronoi
from shapely import affinity
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.polygon import orient
from shapely.ops import linemerge, polygonize, polylabel, unary_union

from dashboards.map_style import MIN_SCALE, SYMBOL_GLYPHS, stack_boxes, text_steps
from swcore.terrains import TERRAIN

REPO_ROOT = Path(__file__).resolve().parent.parent
BOARDS_DIR = REPO_ROOT / "swcore" / "data" / "boards"
OUT_DIR = REPO_ROOT / "swcore" / "data" / "geometry"

SIMPLIFY_TOLERANCE = 0.5
#: Width and height (frame units) of a region's label stack on the map, for its first label
#: point.
LABEL_BOX = (130.0, 90.0)
PEAKS_ROOM = 22.0  # the three peaks reach 22 units from their centre
TOUCH_MIN_LENGTH = 1.0  # shared outline longer than this counts as a drawn border
METHOD = (
    "Voronoi diagram (scipy) of region centres plus extra_seeds, frame sides as mirror "
    "bisectors, clipped to the frame (shapely), cells merged per region, vertices rounded "
    "to 0.1, shared chains simplified with tolerance 0.5 (preserve_topology)"
)


def round1(xy: np.ndarray) -> np.ndarray:
    # + 0.0 turns -0.0 into 0.0
    return np.round(xy, 1) + 0.0


def voronoi_regions(board: dict) -> dict[str, shapely.Geometry]:
    """Region id -> merged, frame-clipped Voronoi cells (vertices rounded to 0.1)."""
    width, height = board["frame"]
    frame = box(0.0, 0.0, width, height)
    owners: list[str] = []
    points: list[tuple[float, float]] = []
    for name, region in board["regions"].items():
        for x, y in [region["centre"], *region["extra_seeds"]]:
            if not (0.0 < x < width and 0.0 < y < height):
                sys.exit(
                    f"{board['id']} {name}: generator ({x}, {y}) not strictly inside the frame"
                )
            owners.append(name)
            points.append((x, y))
    pts = np.asarray(points, dtype=float)
    if len({tuple(p) for p in points}) != len(points):
        sys.exit(f"{board['id']}: two generators coincide")
    mirrors = [
        np.column_stack([-pts[:, 0], pts[:, 1]]),
        np.column_stack([2 * width - pts[:, 0], pts[:, 1]]),
        np.column_stack([pts[:, 0], -pts[:, 1]]),
        np.column_stack([pts[:, 0], 2 * height - pts[:, 1]]),
    ]
    vor = Voronoi(np.vstack([pts, *mirrors]))
    vertices = round1(vor.vertices)

    cells: dict[str, list[shapely.Geometry]] = {name: [] for name in board["regions"]}
    for i, owner in enumerate(owners):
        indices = vor.regions[vor.point_region[i]]
        if -1 in indices or len(indices) < 3:
            sys.exit(f"{board['id']} {owner}: unbounded Voronoi cell")  # cannot happen with mirrors
        cell = MultiPoint(vertices[indices]).convex_hull.intersection(frame)
        cells[owner].append(cell)
    return {name: unary_union(parts) for name, parts in cells.items()}


def simplify_coverage(regions: dict[str, shapely.Geometry], frame: Polygon) -> dict:
    """Simplify shared borders once each, then rebuild the faces (see module doc)."""
    network = unary_union([g.boundary for g in regions.values()] + [frame.boundary])
    merged = linemerge(network)
    chains = list(merged.geoms) if hasattr(merged, "geoms") else [merged]
    simplified = [
        LineString(c.coords).simplify(SIMPLIFY_TOLERANCE, preserve_topology=True) for c in chains
    ]
    faces = list(polygonize(unary_union(simplified)))
    out: dict[str, list[Polygon]] = {name: [] for name in regions}
    names = list(regions)
    for face in faces:
        # a face belongs to the region it overlaps most (faces and regions differ by
        # at most the simplification tolerance along their outline)
        overlaps = [face.intersection(regions[n]).area for n in names]
        out[names[int(np.argmax(overlaps))]].append(face)
    result = {}
    for name, parts in out.items():
        geom = unary_union(parts)
        if geom.is_empty:
            sys.exit(f"{name}: region vanished during simplification")
        result[name] = geom
    return result


def polygons_of(geom: shapely.Geometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]


def to_json_polygons(geom: shapely.Geometry) -> list:
    out = []
    for poly in polygons_of(geom):
        poly = orient(poly, 1.0)
        rings = [poly.exterior, *poly.interiors]
        out.append([[[round(x, 1) + 0.0, round(y, 1) + 0.0] for x, y in r.coords] for r in rings])
    return out


def from_json_polygons(polys: list) -> shapely.Geometry:
    return unary_union([Polygon(p[0], p[1:]) for p in polys])


def touching(a: shapely.Geometry, b: shapely.Geometry) -> bool:
    """Same rule as tests/test_geometry.py: shared outline longer than 1.0."""
    return a.boundary.intersection(b.boundary).length > TOUCH_MIN_LENGTH


def report(board: dict, geoms: dict[str, shapely.Geometry]) -> str:
    width, height = board["frame"]
    frame = box(0.0, 0.0, width, height)
    borders = {tuple(p) for p in board["borders"]}
    names = list(geoms)
    drawn = spurious = 0
    missing, extra = [], []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            t = touching(geoms[a], geoms[b])
            if (a, b) in borders:
                drawn += t
                if not t:
                    missing.append(f"{a}-{b}")
            elif t:
                spurious += 1
                extra.append(f"{a}-{b}")
    pieces = [n for n, g in geoms.items() if len(polygons_of(g)) != 1]
    off_centre = [
        n for n, g in geoms.items() if not g.contains(Point(board["regions"][n]["centre"]))
    ]
    edge_drawn = {
        n
        for n, g in geoms.items()
        if g.boundary.intersection(frame.boundary).length > TOUCH_MIN_LENGTH
    }
    edge_data = {n for n, r in board["regions"].items() if r["edge"]}
    area = unary_union(list(geoms.values())).area / frame.area
    lines = [
        f"{board['id']}: borders drawn {drawn}/{len(borders)}, spurious contacts {spurious}, "
        f"cover {area:.4%}, edge flag mismatches {sorted(edge_drawn ^ edge_data)}",
    ]
    if missing or extra:
        lines.append(f"  missing {missing} spurious {extra}")
    if pieces or off_centre:
        lines.append(f"  not one piece {pieces}; centre outside {off_centre}")
    return "\n".join(lines)


def pole(geom: shapely.Geometry, squeeze: float = 1.0) -> tuple[Point, float]:
    """The pole of inaccessibility of the largest-room piece of `geom` after scaling x by
    `squeeze`, mapped back; and its distance to the outline in the squeezed space."""
    best: tuple[Point, float] | None = None
    for poly in polygons_of(affinity.scale(geom, xfact=squeeze, yfact=1.0, origin=(0, 0))):
        p = polylabel(poly, tolerance=0.1)
        room = p.distance(poly.exterior)
        if best is None or room > best[1]:
            best = (Point(p.x / squeeze, p.y), room)
    assert best is not None
    return best


def label_text(rid: str, symbols: list[str]) -> str:
    """A region's id label as the map writes it (dashboards/board_map.py)."""
    return " ".join([rid] + [SYMBOL_GLYPHS[x] for x in SYMBOL_GLYPHS if x in symbols])


def stack_units(label: str) -> np.ndarray:
    """The boxes of a region's label stack (map_style.stack_boxes) at every text step, each at
    the step's smallest scale, in frame units from the label point (y down): shape (n, 4)."""
    out = []
    for step in text_steps():
        scale = max(step["from"], MIN_SCALE)
        out += [[v / scale for v in b] for b in stack_boxes(step, label)]
    return np.array(out)


def spread_labels(regions: dict, points: dict, labels: dict, frame: Polygon) -> dict:
    """Move the label points (local search, steps of 16 down to 2 units) to reduce, over every
    text step with the widest badges: the stack's area outside its region (x1; outside the
    frame x20) and its overlap with another region's stack (x10). Points stay inside their
    region, at least 4 units from its outline."""
    names = list(points)
    boxes = {n: stack_units(labels[n]) for n in names}
    inner = {n: regions[n].buffer(-4.0) for n in names}
    near = {n: [m for m in names if m != n and Point(points[n]).distance(Point(points[m])) < 450]
            for n in names}

    def placed(n: str, p: tuple[float, float]) -> np.ndarray:
        return boxes[n] + np.array([p[0], p[1], p[0], p[1]])

    def cost(n: str, p: tuple[float, float]) -> float:
        mine = placed(n, p)
        shapes = shapely.box(*mine.T)
        c = shapely.area(shapely.difference(shapes, regions[n])).sum()
        c += 20 * shapely.area(shapely.difference(shapes, frame)).sum()
        k = len(mine) // 3  # boxes per step: compare the same step's boxes only
        for m in near[n]:
            theirs = placed(m, points[m])
            for s in range(k):
                a, b = mine[3 * s:3 * s + 3, None, :], theirs[None, 3 * s:3 * s + 3, :]
                w = np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0])
                h = np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1])
                c += 10 * (np.clip(w, 0, None) * np.clip(h, 0, None)).sum()
        return float(c)

    moves = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    for size in (16.0, 8.0, 4.0, 2.0):
        for _ in range(40):
            moved = False
            for n in names:
                best, here = cost(n, points[n]), points[n]
                for dx, dy in moves:
                    q = (here[0] + size * dx, here[1] + size * dy)
                    if inner[n].contains(Point(q)):
                        c = cost(n, q)
                        if c < best - 1e-6:
                            best, points[n], moved = c, q, True
            if not moved:
                break
    return points


def label_points(board: dict, regions: dict[str, shapely.Geometry]) -> tuple[dict, dict]:
    """Label point of every region and peaks point of every mountain (see module doc)."""
    width, height = board["frame"]
    w, h = LABEL_BOX
    labels = {n: label_text(n, r.get("symbols", [])) for n, r in board["regions"].items()}
    start = {}
    for name in board["regions"]:
        p, _ = pole(regions[name], h / w)
        start[name] = (p.x, p.y)
    points = spread_labels(regions, start, labels, box(0.0, 0.0, width, height))
    peaks = {}
    for name, region in board["regions"].items():
        if "mountain" in TERRAIN[region["terrain"]].tags:  # a Black Mountain too (U-COMPAT-3)
            # out of the label stack at every step (as in spread_labels)
            stack = unary_union(list(shapely.box(*(stack_units(labels[name]) + np.array(
                [*points[name], *points[name]])).T)))
            q, room = pole(regions[name].difference(stack))
            size = min(1.0, max(0.5, room / PEAKS_ROOM))  # smaller where there is less room
            peaks[name] = [round(q.x, 1) + 0.0, round(q.y, 1) + 0.0, round(size, 2)]
    return {n: [round(x, 1) + 0.0, round(y, 1) + 0.0] for n, (x, y) in points.items()}, peaks


def build(board: dict) -> dict:
    width, height = board["frame"]
    frame = box(0.0, 0.0, width, height)
    regions = simplify_coverage(voronoi_regions(board), frame)
    polys = {name: to_json_polygons(regions[name]) for name in board["regions"]}
    # from the written (rounded) outlines, as the map will draw them
    labels, peaks = label_points(board, {n: from_json_polygons(p) for n, p in polys.items()})
    return {
        "board": board["id"],
        "frame": [float(width), float(height)],
        "method": METHOD,
        "labels": labels,
        "peaks": peaks,
        "regions": polys,
    }


def dump(geometry: dict) -> str:
    """Compact JSON: one line per region."""
    head = {k: v for k, v in geometry.items() if k != "regions"}
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append('  "regions": {')
    items = list(geometry["regions"].items())
    for j, (name, polys) in enumerate(items):
        sep = "," if j < len(items) - 1 else ""
        lines.append(f"    {json.dumps(name)}: {json.dumps(polys, separators=(',', ':'))}{sep}")
    lines += ["  }", "}"]
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == geometry
    return text


def main(argv: list[str]) -> int:
    """Draw the boards named (ids), by default every board drawn from seeds: the base boards
    and the Underground ones."""
    paths = ([BOARDS_DIR / f"{b}.json" for b in argv] if argv else
             sorted([*BOARDS_DIR.glob("base-*.json"), *BOARDS_DIR.glob("underground-*.json")]))
    if not paths or not all(p.is_file() for p in paths):
        sys.exit(f"no board files {argv or ''} in {BOARDS_DIR}; run scripts/author_boards.py "
                 "and scripts/author_underground.py first")
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for path in paths:
        board = json.loads(path.read_text(encoding="utf-8"))
        geometry = build(board)
        out = OUT_DIR / f"{board['id']}.json"
        out.write_text(dump(geometry), encoding="utf-8")
        # report on what was written (after rounding), as the tests will read it
        written = json.loads(out.read_text(encoding="utf-8"))
        geoms = {n: from_json_polygons(p) for n, p in written["regions"].items()}
        print(f"wrote {out.relative_to(REPO_ROOT)}")
        print(report(board, geoms))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
