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

from .errors import InputError

Point = tuple[float, float]
Ring = list[Point]

#: Two outlines closer than this (frame units) along a stretch are taken to touch there.
TOUCH = 2.0
#: A shared stretch at least this long (frame units) proposes a border.
MIN_SHARED = 5.0
#: Pairs of segments side by side that the checks compare at most: a drawn board has a few
#: thousand (the 5-player board's outlines cut in six: 4850); outlines laid over each other
#: on purpose would need millions, and minutes, so they are refused.
MAX_PAIRS = 100_000


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


def _segments(rings: dict[str, Ring], pad: float) -> list[tuple]:
    """Every outline's segments, with their boxes grown by `pad`, sorted by left side."""
    segs = []
    for rid, ring in rings.items():
        es = edges(ring)
        for k, (a, b) in enumerate(es):
            segs.append((min(a[0], b[0]) - pad, max(a[0], b[0]) + pad, min(a[1], b[1]) - pad,
                         max(a[1], b[1]) + pad, rid, k, len(es), a, b))
    segs.sort(key=lambda t: t[0])
    return segs


def _sweep(segs: list[tuple], field: str = "regions.polygons"):
    """Pairs of segments whose boxes meet: one sweep in x keeps the segments still open, so
    each segment is compared with those beside it only; InputError past MAX_PAIRS."""
    active: list[tuple] = []
    pairs = 0
    for s in segs:
        active = [t for t in active if t[1] >= s[0]]
        for t in active:
            if t[2] <= s[3] and s[2] <= t[3]:
                pairs += 1
                if pairs > MAX_PAIRS:
                    raise InputError(field, "the outlines are too intricate to check: simplify them")
                yield t, s
        active.append(s)


def check_intricacy(rings: dict[str, Ring], field: str, tol: float = TOUCH) -> None:
    """InputError (naming `field`) when the outlines lie so close over each other that
    checking them would compare more than MAX_PAIRS pairs of segments (a hostile file)."""
    for _pair in _sweep(_segments(rings, tol / 2), field):
        pass


def crossings(rings: dict[str, Ring]) -> tuple[set[str], set[tuple[str, str]]]:
    """The outlines that cross themselves, and the pairs (in `rings` order) that cross each
    other, from one sweep over every segment: a drawn board answers in near-linear time."""
    order = {rid: k for k, rid in enumerate(rings)}
    selfs: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    for t, s in _sweep(_segments(rings, 0.0)):
        if t[4] == s[4]:  # the same outline: its neighbouring segments share a point
            gap = abs(t[5] - s[5])
            if s[4] not in selfs and gap not in (1, s[6] - 1) and _proper(t[7], t[8], s[7], s[8]):
                selfs.add(s[4])
            continue
        key = (t[4], s[4]) if order[t[4]] < order[s[4]] else (s[4], t[4])
        if key not in pairs and _proper(t[7], t[8], s[7], s[8]):
            pairs.add(key)
    return selfs, pairs


def crosses(r1: Ring, r2: Ring) -> bool:
    """Whether two outlines cross each other (sharing a stretch of outline is not crossing)."""
    return bool(crossings({"a": r1, "b": r2})[1])


def self_crosses(ring: Ring) -> bool:
    """Whether an outline crosses itself (a figure eight)."""
    return bool(crossings({"a": ring})[0])


def _within(v0: float, slope: float, lo: float, hi: float) -> tuple[float, float] | None:
    """The t where lo <= v0 + t * slope <= hi (all t, none, or an interval)."""
    if abs(slope) < 1e-12:
        return (-math.inf, math.inf) if lo <= v0 <= hi else None
    t1, t2 = (lo - v0) / slope, (hi - v0) / slope
    return (min(t1, t2), max(t1, t2))


def _near_span(a: Point, b: Point, c: Point, d: Point, tol: float) -> tuple[float, float] | None:
    """The part of segment ab, as t in [0, 1], within tol of segment cd. The points within tol
    of cd form a capsule (two discs and a band), which is convex: a line meets it in one
    interval, the hull of where it meets the discs and the band."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    aa = dx * dx + dy * dy
    if aa == 0:
        return None
    spans = []
    for cx, cy in (c, d):
        fx, fy = a[0] - cx, a[1] - cy
        bb, cc = 2 * (fx * dx + fy * dy), fx * fx + fy * fy - tol * tol
        disc = bb * bb - 4 * aa * cc
        if disc >= 0:
            r = math.sqrt(disc)
            spans.append(((-bb - r) / (2 * aa), (-bb + r) / (2 * aa)))
    ex, ey = d[0] - c[0], d[1] - c[1]
    length = math.hypot(ex, ey)
    if length > 0:
        vx, vy = ex / length, ey / length
        fx, fy = a[0] - c[0], a[1] - c[1]
        across = _within(fx * -vy + fy * vx, dx * -vy + dy * vx, -tol, tol)
        along = _within(fx * vx + fy * vy, dx * vx + dy * vy, 0.0, length)
        if across and along and max(across[0], along[0]) <= min(across[1], along[1]):
            spans.append((max(across[0], along[0]), min(across[1], along[1])))
    if not spans:
        return None
    lo, hi = max(0.0, min(p[0] for p in spans)), min(1.0, max(p[1] for p in spans))
    return (lo, hi) if lo < hi else None


def near_lengths(rings: dict[str, Ring], tol: float = TOUCH) -> dict[tuple[str, str], float]:
    """For each pair (a, b) of outlines that come within tol of each other, the length of a's
    outline that runs along b's (exactly: no sampling, so long segments cost no more)."""
    spans: dict[tuple[int, str], list[tuple[float, float]]] = {}
    seg_of: dict[int, tuple] = {}
    for t, s in _sweep(_segments(rings, tol / 2)):
        if t[4] == s[4]:
            continue
        for one, other in ((t, s), (s, t)):
            span = _near_span(one[7], one[8], other[7], other[8], tol)
            if span:
                key = (id(one), other[4])
                spans.setdefault(key, []).append(span)
                seg_of[id(one)] = one
    out: dict[tuple[str, str], float] = {}
    for (sid, other), found in spans.items():
        seg = seg_of[sid]
        covered, end = 0.0, 0.0
        for lo, hi in sorted(found):
            lo = max(lo, end)
            if hi > lo:
                covered += hi - lo
                end = hi
        length = math.hypot(seg[8][0] - seg[7][0], seg[8][1] - seg[7][1])
        key = (seg[4], other)
        out[key] = out.get(key, 0.0) + covered * length
    return out


def shared_length(r1: Ring, r2: Ring, tol: float = TOUCH) -> float:
    """The length of r1's outline that runs along r2's (a shared border when long enough)."""
    return near_lengths({"a": r1, "b": r2}, tol).get(("a", "b"), 0.0)


def frame_length(ring: Ring, frame: tuple[float, float], tol: float = TOUCH) -> float:
    """The length of the outline that runs along the frame (the board's edge)."""
    w, h = frame
    box = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    return shared_length(ring, box, tol)
