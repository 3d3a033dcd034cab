"""Checks on the project's own base-board files, swcore/data/boards/base-Np.json.

The expected counts are worked out from the table of the boards reference README
(facts from Expurple/smawg). Only the JSON files in swcore/data are read.
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest

BOARDS_DIR = Path(__file__).resolve().parent.parent / "swcore" / "data" / "boards"

TERRAINS = {"farmland", "forest", "hill", "swamp", "mountain", "sea", "lake"}
SYMBOLS = ("mine", "cavern", "magic")

# board id: players, regions, borders, Lost Tribes, mines/caverns/magic each, edge regions,
# turns (rule B-SETUP-2), frame height (width is always 1000)
EXPECTED = {
    "base-2p": dict(
        players=2, regions=23, borders=51, lost=9, symbols=4, edge=15, turns=10, height=649.0
    ),
    "base-3p": dict(
        players=3, regions=30, borders=71, lost=10, symbols=5, edge=16, turns=10, height=714.0
    ),
    "base-4p": dict(
        players=4, regions=39, borders=95, lost=14, symbols=7, edge=18, turns=9, height=929.0
    ),
    "base-5p": dict(
        players=5, regions=48, borders=120, lost=18, symbols=9, edge=21, turns=8, height=1001.0
    ),
}
# The seas are the first and the last region (smawg order), both at the frame;
# the single lake is inland.
WATER = {
    "base-2p": {"sea": ["r1", "r23"], "lake": ["r8"]},
    "base-3p": {"sea": ["r1", "r25"], "lake": ["r15"]},
    "base-4p": {"sea": ["r1", "r39"], "lake": ["r17"]},
    "base-5p": {"sea": ["r1", "r44"], "lake": ["r21"]},
}


def load(board_id: str) -> dict:
    return json.loads((BOARDS_DIR / f"{board_id}.json").read_text(encoding="utf-8"))


@pytest.fixture(params=sorted(EXPECTED), name="board")
def board_fixture(request) -> dict:
    return load(request.param)


def index(region_id: str) -> int:
    return int(region_id[1:]) - 1


def test_the_four_base_boards_are_present():
    assert set(EXPECTED) <= {p.stem for p in BOARDS_DIR.glob("*.json")}


def test_header(board):
    exp = EXPECTED[board["id"]]
    assert board["players"] == exp["players"]
    assert board["name"] == f"Small World, {exp['players']}-player board"
    assert board["frame"] == [1000.0, exp["height"]]
    assert "smawg" in board["credits"] and "GPL-3.0-or-later" in board["credits"]


def test_turns_rule_B_SETUP_2(board):
    """Rule B-SETUP-2: the number of game turns depends on the player count."""
    assert board["turns"] == EXPECTED[board["id"]]["turns"]


def test_region_ids_follow_smawg_order(board):
    n = EXPECTED[board["id"]]["regions"]
    assert list(board["regions"]) == [f"r{i}" for i in range(1, n + 1)]


def test_region_fields_and_vocabulary(board):
    width, height = board["frame"]
    for name, region in board["regions"].items():
        assert set(region) == {
            "terrain",
            "symbols",
            "edge",
            "lost_tribe",
            "centre",
            "extra_seeds",
        }, name
        assert region["terrain"] in TERRAINS, name
        assert set(region["symbols"]) <= set(SYMBOLS), name
        assert len(set(region["symbols"])) == len(region["symbols"]), name
        assert isinstance(region["edge"], bool) and isinstance(region["lost_tribe"], bool)
        for x, y in [region["centre"], *region["extra_seeds"]]:
            assert 0 < x < width and 0 < y < height, name


def test_counts(board):
    exp = EXPECTED[board["id"]]
    regions = board["regions"].values()
    assert len(board["regions"]) == exp["regions"]
    assert len(board["borders"]) == exp["borders"]
    assert sum(r["lost_tribe"] for r in regions) == exp["lost"]
    for symbol in SYMBOLS:
        assert sum(symbol in r["symbols"] for r in regions) == exp["symbols"], symbol
    assert sum(r["edge"] for r in regions) == exp["edge"]


def test_water(board):
    """Two seas at the frame and one inland lake; nothing is placed on water."""
    by_terrain = {
        t: [n for n, r in board["regions"].items() if r["terrain"] == t] for t in ("sea", "lake")
    }
    assert by_terrain == WATER[board["id"]]
    for name in by_terrain["sea"]:
        assert board["regions"][name]["edge"] is True
    for name in by_terrain["lake"]:
        assert board["regions"][name]["edge"] is False
    for name in by_terrain["sea"] + by_terrain["lake"]:
        assert board["regions"][name]["symbols"] == []
        assert board["regions"][name]["lost_tribe"] is False


def test_borders_unique_ordered_and_valid(board):
    """Each pair once, written (a, b) with index a < b, sorted, both regions exist."""
    pairs = [tuple(p) for p in board["borders"]]
    assert all(len(p) == 2 for p in pairs)
    for a, b in pairs:
        assert a in board["regions"] and b in board["regions"], (a, b)
        assert index(a) < index(b), (a, b)
    assert len(set(pairs)) == len(pairs)
    # no pair appears again reversed (a < b already rules it out) and no self-border
    assert not {(b, a) for a, b in pairs} & set(pairs)
    assert pairs == sorted(pairs, key=lambda p: (index(p[0]), index(p[1])))


def test_graph_connected(board):
    adjacency = {name: set() for name in board["regions"]}
    for a, b in board["borders"]:
        adjacency[a].add(b)
        adjacency[b].add(a)
    assert all(adjacency.values()), "a region without neighbours"
    start = next(iter(adjacency))
    seen, todo = {start}, deque([start])
    while todo:
        for nb in adjacency[todo.popleft()] - seen:
            seen.add(nb)
            todo.append(nb)
    assert seen == set(adjacency)


def test_disputes_are_noted():
    """The 5p board keeps smawg's values and records the two disputes in notes."""
    five = load("base-5p")
    notes = " ".join(five["notes"])
    assert "r29" in notes and "hill" in notes
    assert "r14-r20" in notes
    assert five["regions"]["r29"]["terrain"] == "farmland"
    assert ["r14", "r20"] in five["borders"]
    for board_id in ("base-2p", "base-3p", "base-4p"):
        assert load(board_id).get("notes", []) == []
