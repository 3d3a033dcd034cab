"""The four Small World Underground boards (swcore/data/boards/underground-Np.json) and their
checks on load (swcore/boardcheck.py).

Expected values are the research summary's (boards-reference/underground, its `summary` of each
board, README sanity checks), written here in the project's region ids: the 3-, 4- and 5-player
ids are the summary's numbers (U4-03 is r3), the 2-player ones its numbers plus one (U2-00 is
r1). Rules: U-BOARD-1/2 (map data), U-SETUP-1 (turns), U-SETUP-3 (2 Monsters per Monster
region), U-SETUP-5 (a Black Mountain marker per Black Mountain region), U-COMP-4 (14 Monsters),
U-COMP-5 (9 Black Mountain markers), U-EDGE-1 (edge and river ends), U-CHASM-1/2.
"""

from __future__ import annotations

import pytest

from swcore import Game, load_board
from swcore.board import board_for, builtin_file
from swcore.boardcheck import playable, problems, shipped_problems
from swcore.boardedit import Draft, from_shipped

BOARDS = ("underground-2p", "underground-3p", "underground-4p", "underground-5p")
# players, turns, regions, borders, confidence, uncertain borders, edge regions (chasms
# included, as the summary lists them)
FACTS = {
    "underground-2p": (2, 10, 28, 67, "high", 0, 14),
    "underground-3p": (3, 10, 33, 77, "medium", 6, 19),
    "underground-4p": (4, 9, 44, 109, "medium", 7, 20),
    "underground-5p": (5, 8, 63, 151, "low", 16, 29),
}
# terrain counts: black_mountain, chasm, mine, mudpool, mushroom_forest, mystic_crystals, river
TERRAINS = ("black_mountain", "chasm", "mine", "mudpool", "mushroom_forest", "mystic_crystals",
            "river")
COUNTS = {
    "underground-2p": (4, 5, 4, 4, 4, 4, 3),
    "underground-3p": (6, 4, 5, 5, 5, 5, 3),
    "underground-4p": (7, 4, 7, 7, 7, 7, 5),
    "underground-5p": (10, 4, 11, 11, 11, 10, 6),
}
MONSTERS = {
    "underground-2p": ["r3", "r9", "r19", "r20"],
    "underground-3p": ["r3", "r15", "r21", "r24", "r30"],
    "underground-4p": ["r3", "r11", "r22", "r28", "r31", "r39"],
    "underground-5p": ["r16", "r19", "r22", "r25", "r43", "r44", "r53"],
}
VOLCANO = {
    "underground-2p": ["r8", "r21"],
    "underground-3p": ["r12", "r26"],
    "underground-4p": ["r1", "r12", "r25", "r41"],
    "underground-5p": ["r11", "r18", "r34", "r38"],
}
RIVER_ENDS = {
    "underground-2p": ["r12", "r14"],
    "underground-3p": ["r17", "r19"],
    "underground-4p": ["r5", "r37"],
    "underground-5p": ["r58", "r61", "r62"],
}
# chasms on the board's edge: flagged, never an entry (U-CHASM-1)
EDGE_CHASMS = {"underground-2p": 4, "underground-3p": 2, "underground-4p": 2,
               "underground-5p": 1}
BLACK_MOUNTAINS_5P = ["r5", "r17", "r22", "r23", "r26", "r37", "r42", "r47", "r53", "r54"]


def rids(b, test) -> list[str]:
    return [rid for i, rid in enumerate(b.ids) if test(i)]


@pytest.mark.parametrize("board_id", BOARDS)
def test_board_facts_U_BOARD_2_U_SETUP_1(board_id):
    players, turns, n, borders, confidence, uncertain, edge = FACTS[board_id]
    b = load_board(board_id)
    assert (b.players, b.turns, len(b), len(b.borders)) == (players, turns, n, borders)
    assert (b.confidence, len(b.uncertain)) == (confidence, uncertain)
    assert sum(b.edge) == edge
    assert tuple(b.terrain.count(t) for t in TERRAINS) == COUNTS[board_id]
    assert rids(b, lambda i: "monster" in b.symbols[i]) == MONSTERS[board_id]
    assert rids(b, lambda i: "volcano" in b.symbols[i]) == VOLCANO[board_id]
    assert all(b.terrain[b.index[r]] == "chasm" for r in VOLCANO[board_id])  # U-VOLC-1
    assert "Days of Wonder" in b.credits and ("Arthur158" in b.credits or "rezanm2" in b.credits)


@pytest.mark.parametrize("board_id", BOARDS)
def test_entry_regions_are_the_edge_and_the_river_ends_U_EDGE_1(board_id):
    """A first conquest enters by a region on the edge, the river's ends included; no other
    river region and no chasm is an entry (U-EDGE-1, U-EDGE-2, U-CHASM-1)."""
    b = load_board(board_id)
    assert rids(b, lambda i: b.entry[i] and b.terrain[i] == "river") == RIVER_ENDS[board_id]
    assert not any(b.entry[i] for i in range(len(b)) if b.terrain[i] == "chasm")
    assert sum(b.entry) == FACTS[board_id][6] - EDGE_CHASMS[board_id]


@pytest.mark.parametrize("board_id", BOARDS)
def test_chasms_give_no_adjacency_and_the_rest_is_connected_U_CHASM_2(board_id):
    """A chasm's borders are listed (for Spiderines and the Volcano) but give no adjacency;
    with the chasms left out, every region is reached from every other (the check finds
    nothing cut off), and the borders, chasms' included, can be drawn flat."""
    b = load_board(board_id)
    chasms = [i for i in range(len(b)) if b.terrain[i] == "chasm"]
    assert all(b.border_sets[i] and not b.adjacent[i] for i in chasms)
    assert not any(set(chasms) & b.adjacent_sets[i] for i in range(len(b)))
    codes = {p.code for p in shipped_problems(board_id)}
    assert not codes & {"connected", "planar", "entry", "format", "too_small"}


@pytest.mark.parametrize("board_id, monsters", [("underground-2p", 8), ("underground-3p", 10),
                                                 ("underground-4p", 12), ("underground-5p", 14)])
def test_monsters_at_set_up_fit_the_box_U_SETUP_3_U_COMP_4(board_id, monsters):
    b = load_board(board_id)
    assert sum(n.get("monster", 0) for n in b.start_neutral) == monsters  # 2 per region
    assert not any(p.code == "monster" for p in shipped_problems(board_id))


def test_one_monster_region_too_many_is_refused_U_COMP_4():
    """The 5-player board's 7 Monster regions take the box's 14 Monsters; an eighth is a
    blocking problem naming the 8 regions."""
    d = Draft(from_shipped("underground-5p"))
    d.set_symbol("r1", "monster", True)  # r1 is a Mushroom Forest on the edge
    [p] = [p for p in problems(d.doc) if p.code == "monster"]
    assert p.blocking and len(p.regions) == 8 and p.regions[0] == "r1"
    assert p.text().startswith("Monsters: 16 tokens at set-up, but the box holds 14")
    assert p.text("fr").startswith("Monstres : 16 jetons")


@pytest.mark.parametrize("board_id, n", [("underground-2p", 4), ("underground-3p", 6),
                                          ("underground-4p", 7)])
def test_black_mountains_within_the_markers_U_SETUP_5_U_COMP_5(board_id, n):
    b = load_board(board_id)
    assert b.terrain.count("black_mountain") == n <= 9
    assert not [p for p in shipped_problems(board_id) if p.blocking]


def test_the_5p_draft_is_reported_not_fixed_U_COMP_5():
    """The 5-player draft reads 10 Black Mountain regions for the box's 9 markers: the file
    keeps them, the check reports them (blocking: a copy cannot be played as it is), and the
    board says it is a draft. Correcting one of the two candidates its notes name (r54) makes
    the copy playable."""
    b = load_board("underground-5p")
    assert rids(b, lambda i: b.terrain[i] == "black_mountain") == BLACK_MOUNTAINS_5P
    assert any("candidates r5, r54" in x for x in b.notes)
    blocking = [p for p in shipped_problems("underground-5p") if p.blocking]
    assert [p.code for p in blocking] == ["black_mountain"]
    assert list(blocking[0].regions) == BLACK_MOUNTAINS_5P
    assert blocking[0].text().startswith("Black Mountain: 10 regions")
    assert "9 markers" in blocking[0].text()
    assert blocking[0].text("fr").startswith("Montagne noire : 10 régions")
    d = Draft(from_shipped("underground-5p"))
    assert not playable(d.doc)
    d.set_terrain("r54", "mudpool")
    assert playable(d.doc)
    assert load_board("underground-5p").terrain[53] == "black_mountain"  # shipped file kept


@pytest.mark.parametrize("board_id", BOARDS)
def test_how_sure_each_board_is(board_id):
    """The confidence and every uncertain border are warnings (never blocking), each border's
    pointing at its two regions; a fully confident board has none."""
    b = load_board(board_id)
    found = [p for p in shipped_problems(board_id) if p.code in ("confidence", "uncertain")]
    assert not any(p.blocking for p in found)
    assert [p.regions for p in found if p.code == "uncertain"] == [
        (b.ids[i], b.ids[j]) for i, j in b.uncertain]
    assert any(p.code == "confidence" for p in found) == (b.confidence != "high")
    raw = builtin_file(board_id)
    assert all(pair in raw["borders"] for pair in raw.get("uncertain_borders", []))


def test_a_table_settles_an_uncertain_border_by_tapping_it():
    """Tapping an uncertain border removes it and settles it; tapping again puts it back,
    settled (a border the table keeps)."""
    d = Draft(from_shipped("underground-4p"))
    assert ["r6", "r11"] in d.doc["uncertain_borders"]
    d.toggle_border("r6", "r11")
    assert ["r6", "r11"] not in d.doc["borders"]
    assert ["r6", "r11"] not in d.doc["uncertain_borders"]
    d.toggle_border("r6", "r11")
    assert ["r6", "r11"] in d.doc["borders"]
    assert not any(p.regions == ("r6", "r11") for p in problems(d.doc) if p.code == "uncertain")
    d.remove_region("r8")  # its uncertain border r8-r12 goes with it; the file stays valid
    assert all("r8" not in pair for pair in d.doc["uncertain_borders"])


def test_underground_boards_are_offered_with_underground():
    """U-SETUP-1: the map for the number of players; River World's practice board does not
    suit Underground (its harbours are River World's), nor an Underground board River World."""
    assert [board_for(n, ["underground"]) for n in (2, 3, 4, 5)] == list(BOARDS)
    assert board_for(2, ["river_world"]) == "river-practice"
    assert board_for(4, []) == "base-4p"


def test_a_game_is_played_on_an_underground_board():
    g = Game.new("underground-4p", ["Ann", "Bob", "Cy", "Di"], seed=3, expansions=["underground"])
    assert g.board is load_board("underground-4p") and g.setup["map"] == "underground-4p"
    assert g.setup["expansions"] == ["underground"] and g.setup["turns"] == 9


def test_the_5p_draft_is_drawn_nearly_as_its_borders():
    """The 5-player draft's drawing (scripts/fit_seeds.py, build_geometry.py) shows 149 of its
    151 borders and 6 contacts that are no border (the table redraws it over a photo); the
    other three boards are drawn exactly (tests/test_geometry.py)."""
    shapely = pytest.importorskip("shapely")
    from shapely.geometry import Polygon

    from swcore.board import geometry

    shapes = {r: shapely.unary_union([Polygon(p[0], p[1:]) for p in polys])
              for r, polys in geometry("underground-5p").items()}
    names = list(shapes)
    touch = {(a, b) for k, a in enumerate(names) for b in names[k + 1:]
             if shapes[a].boundary.intersection(shapes[b]).length > 1.0}
    borders = {tuple(p) for p in builtin_file("underground-5p")["borders"]}
    assert borders - touch == {("r21", "r61"), ("r59", "r60")}
    assert len(touch - borders) == 6


def test_the_command_line_says_how_sure_a_board_is(capsys):
    from swcore.__main__ import main

    assert main(["board", "underground-3p"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("underground-3p: Small World Underground, 3-player board, 33 regions, "
                          "77 borders, 10 turns")
    assert "confidence: medium\n" in out
    assert "uncertain borders: r6-r8, r12-r13, r14-r19, r18-r29, r20-r26, r29-r32\n" in out
