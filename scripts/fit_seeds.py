#!/usr/bin/env python3
"""Add extra Voronoi seeds to a board drawn from region centres until its drawing shows its
borders (the drawing only: adjacency always comes from the board file's ``borders``).

A board transcribed with one approximate position per region (the Underground boards) is
drawn by ``scripts/build_geometry.py`` as the Voronoi cells of those positions, whose contacts
are not exactly the board's borders: two neighbours may not touch, two strangers may. The base
boards' ``extra_seeds`` were derived from traced polygons; these boards have none, so this
script searches for them: a greedy descent that, at each step, tries seeds that pull two
neighbours together (a seed of one on the way to the other), seeds of a neighbour of
either where two strangers touch, seeds pulling an edge region to the frame, and the removal of a
seed already added, and keeps the one that most reduces

    missing borders + contacts without a border + 0.5 x edge flags the drawing contradicts
    (+ 5 x regions drawn in pieces or off their centre).

It is deterministic. Usage::

    python scripts/fit_seeds.py underground-4p [more board ids]

It rewrites each board file's ``extra_seeds``; run ``scripts/build_geometry.py`` afterwards.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from shapely.geometry import Point, box

sys.path.insert(0, str(Path(__file__).resolve().parent))
from author_boards import dump  # noqa: E402
from build_geometry import BOARDS_DIR, polygons_of, touching, voronoi_regions  # noqa: E402

MAX_STEPS = 200
EDGE_WEIGHT = 0.5
SHAPE_WEIGHT = 5.0
#: A seed stays this far inside the frame and from every other generator.
MARGIN = 3.0


def assess(board: dict) -> tuple[float, set, set, set]:
    """(score, missing borders, contacts without a border, edge mismatches) of the drawing."""
    shapes = voronoi_regions(board)
    w, h = board["frame"]
    frame = box(0.0, 0.0, w, h).boundary
    borders = {tuple(sorted(p)) for p in board["borders"]}
    names = list(shapes)
    contacts = {tuple(sorted((a, b))) for i, a in enumerate(names) for b in names[i + 1:]
                if shapes[a].distance(shapes[b]) == 0 and touching(shapes[a], shapes[b])}
    missing, extra = borders - contacts, contacts - borders
    edges = {n for n, r in board["regions"].items()
             if (shapes[n].boundary.intersection(frame).length > 1.0) != r["edge"]}
    bad = sum(len(polygons_of(shapes[n])) != 1
              or not shapes[n].contains(Point(board["regions"][n]["centre"])) for n in names)
    return (len(missing) + len(extra) + EDGE_WEIGHT * len(edges) + SHAPE_WEIGHT * bad,
            missing, extra, edges)


def _points(board: dict) -> list[tuple[float, float]]:
    return [tuple(p) for r in board["regions"].values() for p in [r["centre"], *r["extra_seeds"]]]


def _ok(board: dict, p: tuple[float, float]) -> bool:
    w, h = board["frame"]
    return (MARGIN < p[0] < w - MARGIN and MARGIN < p[1] < h - MARGIN
            and all(abs(p[0] - q[0]) + abs(p[1] - q[1]) > MARGIN for q in _points(board)))


def candidates(board: dict, missing: set, extra: set, edges: set) -> list[tuple[str, object]]:
    """Moves to try: ("add", (region, point)) or ("drop", (region, k))."""
    regs = board["regions"]
    centre = {n: r["centre"] for n, r in regs.items()}
    near = {n: set() for n in regs}
    for a, b in board["borders"]:
        near[a].add(b)
        near[b].add(a)
    out: list[tuple[str, object]] = []
    for a, b in sorted(missing):
        for x, y in ((a, b), (b, a)):
            for t in (0.2, 0.3, 0.45, 0.55):
                p = tuple(round(centre[x][k] + t * (centre[y][k] - centre[x][k]), 1) for k in (0, 1))
                out.append(("add", (x, p)))
    for a, c in sorted(extra):
        m = tuple(round((centre[a][k] + centre[c][k]) / 2, 1) for k in (0, 1))
        for x in sorted(near[a] | near[c]):  # a common neighbour first, any neighbour next
            out += [("add", (x, m)), ("add", (x, tuple(round((m[k] + centre[x][k]) / 2, 1)
                                                       for k in (0, 1))))]
        for x in (a, c):
            out += [("drop", (x, k)) for k in range(len(regs[x]["extra_seeds"]))]
    w, h = board["frame"]
    for n in sorted(edges):
        if regs[n]["edge"]:
            x, y = centre[n]
            side = min(((x, 0.0), (x, h), (0.0, y), (w, y)),
                       key=lambda q: abs(q[0] - x) + abs(q[1] - y))
            for t in (0.5, 0.85):
                out.append(("add", (n, (round(x + t * (side[0] - x), 1),
                                        round(y + t * (side[1] - y), 1)))))
    return out


def apply(board: dict, move: tuple[str, object]) -> dict | None:
    kind, arg = move
    new = json.loads(json.dumps(board))
    if kind == "add":
        n, p = arg
        if not _ok(board, p):
            return None
        new["regions"][n]["extra_seeds"].append(list(p))
    else:
        n, k = arg
        del new["regions"][n]["extra_seeds"][k]
    return new


def fit(board: dict, log=print) -> dict:
    score, *found = assess(board)
    for step in range(MAX_STEPS):
        best = None
        for move in dict.fromkeys(candidates(board, *found)):
            new = apply(board, move)
            if new is None:
                continue
            s, *f = assess(new)
            if s < score - 1e-9 and (best is None or s < best[0]):
                best = (s, new, f)
        if best is None:
            break
        score, board, found = best
        log(f"{board['id']} step {step + 1}: score {score} (missing {len(found[0])}, "
            f"extra {len(found[1])}, edge {len(found[2])})")
    return board


def main(argv: list[str]) -> int:
    if not argv:
        sys.exit("usage: python scripts/fit_seeds.py BOARD_ID [BOARD_ID ...]")
    for board_id in argv:
        path = BOARDS_DIR / f"{board_id}.json"
        board = fit(json.loads(path.read_text(encoding="utf-8")))
        path.write_text(dump(board), encoding="utf-8")
        print(f"wrote {path}: {sum(len(r['extra_seeds']) for r in board['regions'].values())} "
              f"extra seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
