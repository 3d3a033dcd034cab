"""The board model: terrain registry, kinds, tags, defence, typed borders, sets, levels, inline
round-trip and refusal of bad maps (swcore/board.py, boardspec.py, terrains.py, data/*.csv).

Rule IDs: B-DEF-1/2/3, B-CONQ-1/2, U-BOARD-1, U-BM-1, U-COMPAT-3/5, U-CHASM-1/2, U-RIVER-1,
U-EDGE-1, U-SETUP-3, X-RW-1, X-NEC-2, A-REALMS-01, AU-13, R-GEN-6, A-NEC-01.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from swcore.board import TERRAINS, TURNS_BY_PLAYERS, WATER, Board, builtin_ids, load_board
from swcore.errors import InputError
from swcore.terrains import KINDS, SYMBOL, TERRAIN

BOARDS = Path(__file__).resolve().parent.parent / "swcore" / "data" / "boards"


def tiny(**regions_extra) -> dict:
    regions = {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "hill"}}
    regions.update(regions_extra)
    return {"regions": regions, "borders": [["a", "b"]]}


# --- the terrain registry -------------------------------------------------------------------
@pytest.mark.parametrize("tid, kind, tags, defence, base_cost, rule", [
    ("farmland", "land", {"farmland"}, 0, 2, "B-DEF-1"),
    ("forest", "land", {"forest"}, 0, 2, "B-DEF-1"),
    ("hill", "land", {"hill"}, 0, 2, "B-DEF-1"),
    ("swamp", "land", {"swamp"}, 0, 2, "B-DEF-1"),
    ("mountain", "land", {"mountain"}, 1, 2, "B-CONQ-2"),  # +1 Mountain marker
    ("sea", "water", {"sea"}, 0, 2, "B-DEF-1"),
    ("lake", "water", {"lake"}, 0, 2, "B-DEF-1"),
    ("river", "river", {"river"}, 0, 1, "U-RIVER-1"),  # base cost 1
    ("mine", "land", {"mine"}, 0, 2, "U-COMPAT-5"),  # Mine = mine symbol
    ("mudpool", "land", {"mudpool", "swamp"}, 0, 2, "U-COMPAT-5"),
    ("mushroom_forest", "land", {"mushroom_forest", "forest"}, 0, 2, "U-COMPAT-5"),
    ("mystic_crystals", "land", {"mystic_crystals", "magic"}, 0, 2, "U-COMPAT-5"),
    ("black_mountain", "land", {"black_mountain", "mountain"}, 1, 2, "U-BM-1"),  # U-COMPAT-3
    ("chasm", "chasm", {"chasm"}, 0, None, "U-CHASM-1"),  # never conquered
    ("island", "island", {"island"}, 0, None, "X-NEC-2"),
])
def test_terrain_registry(tid, kind, tags, defence, base_cost, rule):
    t = TERRAIN[tid]
    assert (t.kind, set(t.tags), t.defence, t.base_cost) == (kind, tags, defence, base_cost)
    assert rule.split("-")[0] in t.source or rule in t.source
    assert t.english and t.kind in KINDS


def test_B_DEF_1_base_terrains_and_water_are_kept():
    assert TERRAINS == ("farmland", "forest", "hill", "swamp", "mountain", "sea", "lake")
    assert WATER == {"sea", "lake"}


def test_every_format_terrain_and_symbol_is_registered():
    """FORMAT.md inline map (v1) and its additions (v2), U-BOARD-1."""
    assert set(TERRAIN) >= {"farmland", "forest", "hill", "swamp", "mountain", "sea", "lake",
                            "river", "mine", "mudpool", "mushroom_forest", "mystic_crystals",
                            "black_mountain", "chasm"}
    assert set(SYMBOL) >= {"mine", "cavern", "magic", "harbour", "shipyard", "temple", "pirate",
                           "monster", "volcano", "coin_mine"}


def test_U_COMPAT_5_underground_terrains_count_as_the_base_ones():
    """A base Swamp / Forest / Mountain / mine / magic ability reads tags, so it works on a
    Mudpool, a Mushroom Forest, a Black Mountain, a Mine, Mystic Crystals."""
    b = Board.from_map({"regions": {
        "m": {"terrain": "mudpool", "edge": True}, "f": {"terrain": "mushroom_forest"},
        "k": {"terrain": "black_mountain"}, "n": {"terrain": "mine"},
        "c": {"terrain": "mystic_crystals"}, "s": {"terrain": "swamp", "symbols": ["cavern"]}},
        "borders": [["m", "f"], ["f", "k"], ["k", "n"], ["n", "c"], ["c", "s"]]})
    r = b.index
    assert b.has_tag(r["m"], "swamp") and b.has_tag(r["s"], "swamp")
    assert b.has_tag(r["f"], "forest") and b.has_tag(r["n"], "mine")
    assert b.has_tag(r["c"], "magic") and b.has_tag(r["s"], "cavern")
    assert b.has_tag(r["k"], "mountain") and b.defence[r["k"]] == 1  # U-COMPAT-3, U-BM-1
    assert b.symbols[r["n"]] == frozenset()  # the symbols stay what the map says
    assert all(k == "land" for k in b.kind)


# --- kinds, adjacency, entry, coastal ---------------------------------------------------------
def test_U_CHASM_2_a_chasm_takes_no_part_in_adjacency():
    b = Board.from_map({"regions": {"a": {"terrain": "mine", "edge": True},
                                    "x": {"terrain": "chasm", "edge": True, "symbols": ["volcano"]},
                                    "c": {"terrain": "mudpool"}},
                        "borders": [["a", "x"], ["x", "c"]]})
    a, x, c = (b.index[k] for k in "axc")
    assert b.adjacent_sets[a] == frozenset() and b.adjacent[x] == ()
    assert b.border_sets[x] == {a, c}  # still listed (Spiderines, Volcano, Catapult)
    assert b.border_type(a, x) == "land" and b.border_type(a, c) is None
    assert not b.entry[x]  # U-CHASM-1: never entered
    assert b.base_cost[x] is None and b.kind[x] == "chasm"


def test_U_EDGE_1_a_river_end_is_entry_and_passes_nothing_on():
    b = Board.from_map({"regions": {"r": {"terrain": "river", "edge": True},
                                    "q": {"terrain": "river"}, "a": {"terrain": "farmland"}},
                        "borders": [["r", "a"], ["r", "q"]]})
    r, q, a = (b.index[k] for k in "rqa")
    assert b.entry[r] and not b.entry[q] and not b.entry[a]
    assert not b.water[r] and b.kind[r] == "river" and b.base_cost[r] == 1
    assert not b.coastal[a]  # B-DEF-3 names seas and the lake only


def test_B_DEF_2_and_3_water_kind_gives_entry_and_coastal():
    b = Board.from_map({"regions": {"s": {"terrain": "sea", "edge": True},
                                    "l": {"terrain": "lake"}, "a": {"terrain": "hill"},
                                    "c": {"terrain": "forest"}},
                        "borders": [["s", "a"], ["a", "l"], ["l", "c"]]})
    s, lake, a, c = (b.index[k] for k in "slac")
    assert b.water == [True, True, False, False] and b.kind[s] == "water"
    assert b.entry[a] and not b.entry[c]  # sea on the edge, not the lake
    assert b.coastal[a] and b.coastal[c] and not b.coastal[s]
    assert b.has_tag(a, "coastal") and not b.has_tag(s, "coastal")


def test_AU_13_tunnels_are_adjacent_but_share_no_border_and_levels():
    b = Board.from_map({"regions": {"a": {"terrain": "hill", "edge": True},
                                    "u": {"terrain": "mine", "level": "underground"},
                                    "w": {"terrain": "forest", "level": "underground"}},
                        "borders": [["u", "w"]], "tunnels": [["a", "u"]]})
    a, u, w = (b.index[k] for k in "auw")
    assert u in b.adjacent_sets[a] and a in b.adjacent_sets[u]
    assert u not in b.border_sets[a] and b.border_type(a, u) == "tunnel"
    assert b.level == ["surface", "underground", "underground"]
    assert b.tunnels == [(a, u)]


def test_named_sets_peaks_crops_entry_and_neutral():
    """A-REALMS-01 (a Peak: +1 more), R-S02 entry arrows, U-SETUP-3 / X-RW-1 occupants."""
    b = Board.from_map({"regions": {
        "a": {"terrain": "mountain", "peak": True, "entry": False, "edge": True},
        "b": {"terrain": "farmland", "crop": "flying", "entry": "surface"},
        "m": {"terrain": "mudpool", "symbols": ["monster"]},
        "n": {"terrain": "hill", "lost_tribe": True, "neutral": {"monster": 2}},
        "r": {"terrain": "river", "symbols": ["pirate"]}},
        "borders": [["a", "b"], ["b", "m"], ["m", "n"], ["n", "r"]],
        "sets": {"arrows": ["b"], "peaks": ["a"]}})
    a, bb, m, n, r = (b.index[k] for k in "abmnr")
    assert b.defence[a] == 2 and b.has_tag(a, "peak")
    assert not b.entry[a] and b.entry[bb]  # `entry` replaces the edge rule
    assert b.crop[bb] == "flying" and b.sets == {"arrows": (bb,), "peaks": (a,)}
    assert b.start_neutral[m] == {"monster": 2} and b.start_neutral[r] == {"pirate_ship": 1}
    assert b.start_neutral[n] == {"monster": 2}  # the map's own occupants win


def test_inline_round_trips_every_v2_key():
    data = {"regions": {
        "a": {"terrain": "mountain", "peak": True, "entry": "underground", "edge": True,
              "symbols": ["cavern", "coin_mine"], "centre": [1.0, 2.0]},
        "b": {"terrain": "farmland", "crop": "flying", "lost_tribe": True, "level": "underground"},
        "x": {"terrain": "chasm", "symbols": ["volcano"]},
        "n": {"terrain": "hill", "neutral": {"monster": 2, "lost_tribe": 0}}},
        "borders": [["a", "x"], ["x", "n"], ["a", "n"]], "tunnels": [["a", "b"]],
        "sets": {"west": ["a", "n"]}}
    b = Board.from_map(data)
    again = Board.from_map(json.loads(json.dumps(b.inline())))
    assert again.inline() == b.inline()
    assert b.inline()["regions"]["a"] == {"terrain": "mountain", "symbols": ["cavern", "coin_mine"],
                                          "edge": True, "centre": [1.0, 2.0], "peak": True,
                                          "entry": "underground"}
    assert b.inline()["tunnels"] == [["a", "b"]] and b.inline()["sets"] == {"west": ["a", "n"]}
    for f in ("kind", "tags", "defence", "adjacent", "entry", "coastal", "level", "start_neutral"):
        assert getattr(again, f) == getattr(b, f), f


# --- the built-in base boards are unchanged ---------------------------------------------------
@pytest.mark.parametrize("board_id", ["base-2p", "base-3p", "base-4p", "base-5p"])
def test_base_boards_unchanged(board_id):
    """Same adjacency, entry (B-CONQ-1) and coastal (B-DEF-3) as the JSON file gives."""
    raw = json.loads((BOARDS / f"{board_id}.json").read_text("utf-8"))
    b = load_board(board_id)
    ids = list(raw["regions"])
    assert b.ids == ids
    adj = {r: set() for r in ids}
    for x, y in raw["borders"]:
        adj[x].add(y)
        adj[y].add(x)
    assert [{b.ids[j] for j in b.adjacent[i]} for i in range(len(b))] == [adj[r] for r in ids]
    water = {r for r, s in raw["regions"].items() if s["terrain"] in ("sea", "lake")}
    for r, s in raw["regions"].items():
        i = b.index[r]
        assert b.entry[i] == (s["edge"] or any(n in water and raw["regions"][n]["edge"]
                                                for n in adj[r])), r
        assert b.coastal[i] == (r not in water and bool(adj[r] & water)), r
        assert b.water[i] == (r in water) and b.defence[i] == (s["terrain"] == "mountain")
    assert set(b.inline()) == {"regions", "borders"}  # the saved form is the v1 one
    assert board_id in builtin_ids()


def test_R_GEN_6_and_A_NEC_01_turns_for_two_to_six_seats():
    assert TURNS_BY_PLAYERS == {2: 10, 3: 10, 4: 9, 5: 8, 6: 8}


# --- bad board data is refused, naming the field ----------------------------------------------
BAD = {
    "terrain": (lambda d: d["regions"]["a"].update(terrain="lava"), "map.regions.a.terrain"),
    "terrain-type": (lambda d: d["regions"]["a"].update(terrain=["hill"]), "map.regions.a.terrain"),
    "border": (lambda d: d["borders"].append(["a", "zz"]), "map.borders[1]"),
    "self-border": (lambda d: d["borders"].append(["a", "a"]), "map.borders[1]"),
    "border-type": (lambda d: d["borders"].append([["a"], "b"]), "map.borders[1]"),
    "duplicate-id": (lambda d: d["regions"].update({1: {"terrain": "hill"}, "1": {"terrain": "hill"}}),
                     "map.regions.1"),
    "symbol": (lambda d: d["regions"]["a"].update(symbols=["gold"]), "map.regions.a.symbols"),
    "volcano-off-chasm": (lambda d: d["regions"]["a"].update(symbols=["volcano"]),
                          "map.regions.a.symbols"),
    "edge": (lambda d: d["regions"]["a"].update(edge="yes"), "map.regions.a.edge"),
    "peak-on-hill": (lambda d: d["regions"]["b"].update(peak=True), "map.regions.b.peak"),
    "level": (lambda d: d["regions"]["b"].update(level="attic"), "map.regions.b.level"),
    "entry": (lambda d: d["regions"]["b"].update(entry="sometimes"), "map.regions.b.entry"),
    "neutral": (lambda d: d["regions"]["b"].update(neutral={"dragon": 1}), "map.regions.b.neutral"),
    "neutral-count": (lambda d: d["regions"]["b"].update(neutral={"monster": 10**9}),
                      "map.regions.b.neutral.monster"),
    "centre": (lambda d: d["regions"]["b"].update(centre=["x", 1]), "map.regions.b.centre"),
    "lost-tribe-in-sea": (lambda d: d["regions"].update(s={"terrain": "sea", "lost_tribe": True}),
                          "map.regions.s.lost_tribe"),
    "tunnel-on-border": (lambda d: d.update(tunnels=[["a", "b"]]), "map.tunnels[0]"),
    "sets": (lambda d: d.update(sets={"west": ["zz"]}), "map.sets.west[0]"),
    "region-key": (lambda d: d["regions"]["a"].update(colour="red"), "map.regions.a"),
    "map-key": (lambda d: d.update(hexes=[]), "map"),
    "turns": (lambda d: d.update(turns=10**30), "map.turns"),
    "huge": (lambda d: d["regions"].update({f"r{k}": {"terrain": "hill"} for k in range(1001)}),
             "map.regions"),
    "long-id": (lambda d: d["regions"].update({"x" * 101: {"terrain": "hill"}}), "map.regions"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_board_data_is_refused_naming_the_field(name):
    data = tiny()
    change, where = BAD[name]
    change(data)
    with pytest.raises(InputError) as err:
        Board.from_map(data)
    assert err.value.field == where, str(err.value)


@pytest.mark.parametrize("data", [None, [], "base-2p", {"regions": {}}, {"regions": []}])
def test_a_map_that_is_no_mapping_is_refused(data):
    with pytest.raises(InputError):
        Board.from_map(data)


# -- the engine reads the registries ------------------------------------------------------
def _game_on(regions: dict, borders: list) -> Any:
    from swcore import Game

    return Game.new({"regions": regions, "borders": borders}, ["ann", "bob"], seed=1,
                    races=["ratmen", "elves", "dwarves", "humans", "orcs", "wizards"],
                    powers=["swamp", "hill", "forest", "merchant", "alchemist", "wealthy"])


def test_B_CONQ_2_cost_reads_the_terrain_registry_black_mountain_defends_like_a_mountain():
    """B-CONQ-2, U-COMPAT-5: 2 + 1 for a terrain whose defence is 1 (Mountain, Black Mountain)."""
    g = _game_on({"a": {"terrain": "black_mountain", "edge": True},
                  "b": {"terrain": "mountain", "edge": True}}, [["a", "b"]])
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    assert g.quote("a").cost == 3 and g.quote("b").cost == 3
    assert ("black mountain", 1) in g.quote("a").breakdown


def test_U_COMPAT_5_a_swamp_power_scores_a_mudpool():
    """U-COMPAT-5: a Mudpool counts as a Swamp for the base Swamp power (+1 coin)."""
    g = _game_on({"a": {"terrain": "mudpool", "edge": True}, "b": {"terrain": "hill", "edge": True}},
                 [["a", "b"]])
    g.apply({"by": "ann", "do": "pick", "combo": 0})  # Ratmen / Swamp
    g.apply({"by": "ann", "do": "conquer", "region": "a"})
    g.apply({"by": "ann", "do": "end_turn"})
    assert g.last_score[0][-1]["what"].startswith("Swamp") and g.last_score[0][-1]["coins"] == 1


def test_U_CHASM_1_a_chasm_is_never_conquered():
    """U-CHASM-1: a chasm cannot be conquered, not even from the edge."""
    g = _game_on({"a": {"terrain": "chasm", "edge": True}, "b": {"terrain": "hill", "edge": True}},
                 [["a", "b"]])
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    assert g.quote("a").reason.rule == "U-CHASM-1"
    assert all(x.region != "a" for x in g.legal_actions())
