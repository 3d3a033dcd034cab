"""Issue 3: faithful geometry. The drawn regions must agree with the board data.

Reads only swcore/data/boards/<id>.json and swcore/data/geometry/<id>.json (the latter
written by scripts/build_geometry.py) of the base boards and of the Underground boards drawn
exactly (2 to 4 players; the 5-player draft's drawing: tests/test_underground_boards.py).

"Touching" rule: two regions touch when their outlines share a stretch longer than
1.0 frame units, i.e. ``a.boundary.intersection(b.boundary).length > 1.0``.
This exact test is robust here because the geometry is a coverage with shared
vertices: every Voronoi vertex was rounded once before the cells were merged,
and each shared border chain was simplified once for both neighbours, so the two
outlines of a border are identical segment for segment. (test_regions_form_a_coverage
checks that no region overlaps another and that nothing is left uncovered; if that
ever failed, a buffer-based rule would be needed instead.) Regions that meet only at a
point, such as four Voronoi cells around one vertex, give length 0 and do not touch;
the 1.0 threshold also discards any contact a rounding step could create.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

shapely = pytest.importorskip("shapely", reason="shapely (dev dependency) is needed")
from shapely.geometry import Point, Polygon, box  # noqa: E402
from shapely.ops import unary_union  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "swcore" / "data"
BOARD_IDS = ["base-2p", "base-3p", "base-4p", "base-5p", "underground-2p", "underground-3p",
             "underground-4p"]
TOUCH_MIN_LENGTH = 1.0


def load_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=BOARD_IDS, name="case")
def case_fixture(request):
    board = load_json(DATA / "boards" / f"{request.param}.json")
    geometry = load_json(DATA / "geometry" / f"{request.param}.json")
    polygons = {
        name: [Polygon(rings[0], rings[1:]) for rings in polys]
        for name, polys in geometry["regions"].items()
    }
    shapes = {name: unary_union(polys) for name, polys in polygons.items()}
    return board, geometry, polygons, shapes


def touch(a, b) -> bool:
    return a.boundary.intersection(b.boundary).length > TOUCH_MIN_LENGTH


def contacts(shapes: dict) -> set[tuple[str, str]]:
    names = list(shapes)
    return {
        (a, b) for i, a in enumerate(names) for b in names[i + 1 :] if touch(shapes[a], shapes[b])
    }


def test_geometry_matches_board(case):
    """issue 3: faithful geometry — one entry per region, same frame, valid polygons."""
    board, geometry, polygons, _ = case
    assert geometry["board"] == board["id"]
    assert geometry["frame"] == board["frame"]
    assert list(geometry["regions"]) == list(board["regions"])
    for name, polys in polygons.items():
        assert polys, name
        for poly in polys:
            assert poly.is_valid and poly.area > 0, name


def test_borders_are_drawn(case):
    """issue 3: faithful geometry — at least 98 % of the borders are drawn as contacts.

    Only one border is not drawn, on 5p: r14-r20, which the board data keeps from smawg
    but which the traced 5p map (and planarity) disputes; see the board's notes.
    """
    board, _, _, shapes = case
    borders = {tuple(p) for p in board["borders"]}
    drawn = borders & contacts(shapes)
    assert len(drawn) / len(borders) >= 0.98, sorted(borders - drawn)
    missing = borders - drawn
    assert missing <= {("r14", "r20")}, sorted(missing)


def test_no_spurious_contacts(case):
    """issue 3: faithful geometry — regions never touch where the board has no border."""
    board, _, _, shapes = case
    borders = {tuple(p) for p in board["borders"]}
    assert contacts(shapes) - borders == set()


def test_centre_inside_own_region(case):
    """issue 3: faithful geometry — each region has a polygon containing its centre."""
    board, _, polygons, _ = case
    for name, region in board["regions"].items():
        centre = Point(region["centre"])
        assert any(p.contains(centre) for p in polygons[name]), name


def test_each_region_is_one_piece(case):
    """issue 3: faithful geometry — no region is split in two (the extra seeds keep it whole)."""
    _, _, polygons, _ = case
    assert {name: len(polys) for name, polys in polygons.items() if len(polys) != 1} == {}


def test_regions_form_a_coverage(case):
    """issue 3: faithful geometry — the union covers the frame (within 0.5 %), no overlaps."""
    board, _, _, shapes = case
    width, height = board["frame"]
    frame = box(0.0, 0.0, width, height)
    union = unary_union(list(shapes.values()))
    assert abs(union.area - frame.area) <= 0.005 * frame.area
    assert union.difference(frame).area <= 1e-6 * frame.area  # nothing drawn off the board
    # sum of areas equals the area of the union: regions do not overlap
    assert sum(s.area for s in shapes.values()) == pytest.approx(union.area, rel=1e-6)


def test_frame_contact_equals_edge_flag(case):
    """issue 3: faithful geometry — regions drawn against the frame are exactly the
    regions with ``edge: true`` (smawg's is_at_map_border).

    With the extra seeds this holds exactly on all four boards.
    """
    board, _, _, shapes = case
    width, height = board["frame"]
    outline = box(0.0, 0.0, width, height).boundary
    drawn = {
        n for n, s in shapes.items() if s.boundary.intersection(outline).length > TOUCH_MIN_LENGTH
    }
    flagged = {n for n, r in board["regions"].items() if r["edge"]}
    assert drawn == flagged, {
        "drawn only": sorted(drawn - flagged),
        "flagged only": sorted(flagged - drawn),
    }
