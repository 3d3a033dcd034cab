"""Plane geometry for the board editor, in pure Python (no scipy, no shapely at run time).

Outlines are rings of [x, y] points in frame units (origin top left, y down), open or closed.
The editor needs only a few questions answered about them: the Voronoi cell of a placed point
(outlines derived from points, as scripts/build_geometry.py derives the base boards'), whether
two outlines cross, how long a stretch of outline two regions share (a proposed border) and
whether an outline touches the frame (the board's edge). Boards have at most a few hundred
regions, so the simple quadratic methods here answer in well under a second.
"""

from __future__ import annotations

import math

Point = tuple[float, float]
Ring = list[Point]

#: Two outlines closer than this (frame units) along a stretch are taken to touch there.
TOUCH = 2.0
#: A shared stretch at least this long (frame units) proposes a border.
MIN_SHARED = 5.0
#: Samples along one segment at most (every TOUCH units along the longest a 1000-unit frame
#: has), so a hostile file's long segments cost no more than a drawn board's.
MAX_STEPS = 1000


def closed(ring: Ring) -> Ring:
    """The ring without its repeated closing point."""
    pts = [(float(x), float(y)) for x, y in ring]
    return pts[:-1] if len(pts) > 1 and pts[0] == pts[-1] else pts


def edges(ring: Ring) -> list[tuple[Point, Point]]:
    pts = closed(ring)
    return [(pts[k], pts[(k + 1) % len(pts)]) for k in range(len(pts))]


def area(ring: Ring) -> float:
    """Unsigned area (shoelace)."""
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(ring))) / 2


def centroid(ring: Ring) -> Point:
    """The area centroid, or the mean of the points for a degenerate ring."""
    pts = closed(ring)
    a2 = sum(p[0] * q[1] - q[0] * p[1] for p, q in edges(pts))
    if abs(a2) < 1e-9:
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    cx = sum((p[0] + q[0]) * (p[0] * q[1] - q[0] * p[1]) for p, q in edges(pts)) / (3 * a2)
    cy = sum((p[1] + q[1]) * (p[0] * q[1] - q[0] * p[1]) for p, q in edges(pts)) / (3 * a2)
    return (cx, cy)


def contains(ring: Ring, p: Point) -> bool:
    """Whether p lies inside the ring (even-odd rule)."""
    inside = False
    for (x1, y1), (x2, y2) in edges(ring):
        if (y1 > p[1]) != (y2 > p[1]):
            x = x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1)
            if x > p[0]:
                inside = not inside
    return inside


def _clip(ring: Ring, a: float, b: float, c: float) -> Ring:
    """Sutherland-Hodgman: the part of a convex ring where a*x + b*y <= c."""
    out: Ring = []
    for p, q in edges(ring):
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def voronoi(points: list[Point], frame: tuple[float, float]) -> list[Ring]:
    """Each point's Voronoi cell clipped to the frame, rounded to 0.1 (derived outlines)."""
    w, h = frame
    cells = []
    for k, (px, py) in enumerate(points):
        cell: Ring = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        for j, (qx, qy) in enumerate(points):
            if j == k or (qx, qy) == (px, py) or not cell:
                continue
            # |x - p|^2 <= |x - q|^2  <=>  2(q - p).x <= |q|^2 - |p|^2
            cell = _clip(cell, 2 * (qx - px), 2 * (qy - py), qx * qx + qy * qy - px * px - py * py)
        cells.append([(round(x, 1), round(y, 1)) for x, y in cell])
    return cells


def _orient(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _proper(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd cross at a point inside both (touching is not crossing)."""
    d1, d2, d3, d4 = _orient(c, d, a), _orient(c, d, b), _orient(a, b, c), _orient(a, b, d)
    eps = 1e-9 * max(1.0, abs(d1) + abs(d2) + abs(d3) + abs(d4))
    return ((d1 > eps and d2 < -eps) or (d1 < -eps and d2 > eps)) and \
           ((d3 > eps and d4 < -eps) or (d3 < -eps and d4 > eps))


def crossings(rings: dict[str, Ring]) -> tuple[set[str], set[tuple[str, str]]]:
    """The outlines that cross themselves, and the pairs (in `rings` order) that cross each
    other. One sweep over every segment in x: a segment is tested only against those whose
    x and y spans overlap its own, so a drawn board answers in near-linear time."""
    order = {rid: k for k, rid in enumerate(rings)}
    segs = []
    for rid, ring in rings.items():
        es = edges(ring)
        for k, (a, b) in enumerate(es):
            segs.append((min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]),
                         rid, k, len(es), a, b))
    segs.sort(key=lambda t: t[0])
    selfs: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    active: list[tuple] = []
    for s in segs:
        active = [t for t in active if t[1] >= s[0]]
        for t in active:
            if t[2] > s[3] or s[2] > t[3]:
                continue
            if t[4] == s[4]:  # the same outline: its neighbouring segments share a point
                gap = abs(t[5] - s[5])
                if s[4] not in selfs and gap not in (1, s[6] - 1) and _proper(t[7], t[8], s[7], s[8]):
                    selfs.add(s[4])
                continue
            key = (t[4], s[4]) if order[t[4]] < order[s[4]] else (s[4], t[4])
            if key not in pairs and _proper(t[7], t[8], s[7], s[8]):
                pairs.add(key)
        active.append(s)
    return selfs, pairs


def crosses(r1: Ring, r2: Ring) -> bool:
    """Whether two outlines cross each other (sharing a stretch of outline is not crossing)."""
    return bool(crossings({"a": r1, "b": r2})[1])


def self_crosses(ring: Ring) -> bool:
    """Whether an outline crosses itself (a figure eight)."""
    return bool(crossings({"a": ring})[0])


def _dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _near_length(a: Point, b: Point, other: list[tuple[Point, Point]], tol: float) -> float:
    """How much of segment ab lies within tol of the edges `other` (sampled every ~tol)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    steps = max(1, min(MAX_STEPS, int(length / tol)))
    near = 0
    for k in range(steps):
        t = (k + 0.5) / steps
        p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        if any(_dist(p, c, d) <= tol for c, d in other):
            near += 1
    return length * near / steps


def _box(a: Point, b: Point, tol: float) -> tuple[float, float, float, float]:
    return (min(a[0], b[0]) - tol, min(a[1], b[1]) - tol, max(a[0], b[0]) + tol,
            max(a[1], b[1]) + tol)


def _meet(p: tuple[float, float, float, float], q: tuple[float, float, float, float]) -> bool:
    return p[0] <= q[2] and q[0] <= p[2] and p[1] <= q[3] and q[1] <= p[3]


def shared_length(r1: Ring, r2: Ring, tol: float = TOUCH) -> float:
    """The length of r1's outline that runs along r2's (a shared border when long enough);
    each segment of r1 is measured against the segments of r2 near it only."""
    e2 = [(c, d, _box(c, d, 0.0)) for c, d in edges(r2)]
    xs2, ys2 = [p[0] for p in closed(r2)], [p[1] for p in closed(r2)]
    box = (min(xs2), min(ys2), max(xs2), max(ys2))
    total = 0.0
    for a, b in edges(r1):
        near = _box(a, b, tol)
        if not _meet(near, box):
            continue
        other = [(c, d) for c, d, bx in e2 if _meet(near, bx)]
        if other:
            total += _near_length(a, b, other, tol)
    return total


def frame_length(ring: Ring, frame: tuple[float, float], tol: float = TOUCH) -> float:
    """The length of the outline that runs along the frame (the board's edge)."""
    w, h = frame
    box = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    return shared_length(ring, box, tol)
