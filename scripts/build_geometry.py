#!/usr/bin/env python3
"""Build the drawn geometry of the base boards from the project's own board files.

Reads ``swcore/data/boards/base-*.json`` (written by ``scripts/author_boards.py``)
and writes ``swcore/data/geometry/base-*.json``::

    {"board": "base-4p", "frame": [1000.0, 929.0], "method": "...",
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
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.polygon import orient
from shapely.ops import linemerge, polygonize, unary_union

REPO_ROOT = Path(__file__).resolve().parent.parent
BOARDS_DIR = REPO_ROOT / "swcore" / "data" / "boards"
OUT_DIR = REPO_ROOT / "swcore" / "data" / "geometry"

SIMPLIFY_TOLERANCE = 0.5
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


def build(board: dict) -> dict:
    width, height = board["frame"]
    frame = box(0.0, 0.0, width, height)
    regions = simplify_coverage(voronoi_regions(board), frame)
    return {
        "board": board["id"],
        "frame": [float(width), float(height)],
        "method": METHOD,
        "regions": {name: to_json_polygons(regions[name]) for name in board["regions"]},
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


def main() -> int:
    paths = sorted(BOARDS_DIR.glob("base-*.json"))
    if not paths:
        sys.exit(f"no board files in {BOARDS_DIR}; run scripts/author_boards.py first")
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
    sys.exit(main())
