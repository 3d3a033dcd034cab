"""Small World Underground's Popular Places and Righteous Relics by rule ID (U-PLACE-*,
U-RELIC-*, AU-48…60), played with plain base-game banners so each test sees the piece alone.
Ratmen 8 + Alchemist 4 = 12 tokens for ann, Humans 5 + Forest 4 = 9 for bob."""

from __future__ import annotations

import pytest

from swcore import Action, Game, RuleError
from swcore.config import make_setup
from swcore.effects import ability
from swcore.i18n import term

RACES = ["ratmen", "humans", "orcs", "wizards", "elves", "trolls"]
POWERS = ["alchemist", "forest", "hill", "swamp", "merchant", "commando"]
#: r1 (Mine, edge) - r2 (Mudpool, edge) - r3 (Mudpool) - r4 (Mine); r5 (Mystic, edge) next to r1
MAP = {"regions": {"r1": {"terrain": "mine", "edge": True}, "r2": {"terrain": "mudpool", "edge": True},
                   "r3": {"terrain": "mudpool"}, "r4": {"terrain": "mine"},
                   "r5": {"terrain": "mystic_crystals", "edge": True}},
       "borders": [["r1", "r2"], ["r2", "r3"], ["r3", "r4"], ["r1", "r5"]]}


def game(pieces: dict) -> Game:
    return Game(make_setup(MAP, ["ann", "bob"], races=RACES, powers=POWERS, expansions=["underground"],
                           pool=["base"], extra={"pieces": pieces, "places_relics": []}))


def act(g: Game, **a):
    return g.apply(Action(**a))


def at(g: Game, rid: str) -> int:
    return g.board.index[rid]


def refused(g: Game, **a) -> str:
    before = g.state_hash()
    with pytest.raises(RuleError) as caught:
        act(g, **a)
    assert g.state_hash() == before
    return caught.value.rule


def items(g: Game, seat: int) -> dict[str, int]:
    return {it["what"]: it["coins"] for it in g.last_score[seat]}


def test_U_PLACE_DIAMOND_1_AU_58_one_coin_per_region_of_the_fields_terrain():
    g = game({"diamond_fields": "r2"})
    act(g, by="ann", do="pick", combo=0)
    for r in ("r1", "r2", "r3", "r4"):
        act(g, by="ann", do="conquer", region=r)
    act(g, by="ann", do="end_turn")
    assert items(g, 0)["Diamond Fields: 2 mudpool regions"] == 2  # r2 and r3


def test_U_PLACE_MINE_1_two_coins_and_U_PLACE_KEEP_1_one_coin_in_decline_too():
    g = game({"mine_of_the_lost_dwarf": "r1", "keep_on_the_motherland": "r2"})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    act(g, by="ann", do="conquer", region="r2")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="decline")
    act(g, by="ann", do="end_turn")
    got = items(g, 0)
    assert got["Mine of the Lost Dwarf"] == 2 and got["Keep on the Motherland"] == 1  # AU-65


def test_U_PLACE_PIPE_1_AU_59_regions_of_the_pipes_terrain_are_adjacent_not_in_decline():
    g = game({"great_brass_pipe": "r1"})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    assert g.quote("r4").reason is None  # a Mine, like the Pipe's region
    assert g.quote("r3").reason.rule == "B-CONQ-5"  # a Mudpool stays out of reach


def test_U_PLACE_FOUNTAIN_1_AU_60_nothing_when_the_tray_is_empty():
    g = game({"fountain_of_youth": "r1"})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    assert g.tray("ratmen") == 1
    act(g, by="bob", do="end_turn")
    assert g.armies["ratmen"].hand == 1 and g.tray("ratmen") == 0


def test_U_RELIC_DOORMAT_1_it_offers_the_regions_out_of_reach_and_moves_there():
    g = game({"flying_doormat": "r1"})
    act(g, by="ann", do="pick", combo=0)
    for r in ("r1", "r5", "r2"):
        act(g, by="ann", do="conquer", region=r)
    assert {a.region for a in g.legal_actions() if a.args.get("using") == "flying_doormat"} == {"r4"}
    act(g, by="ann", do="conquer", region="r4", using="flying_doormat")
    assert g.pieces["flying_doormat"] == at(g, "r4") and g.owner[at(g, "r4")] == 0


def test_U_RELIC_DOORMAT_1_fails_with_the_final_die_stays_put():
    """cost 2, 1 token in hand, the die shows 0: the conquest fails; the Doormat does not move
    and may be used again this turn (AU-48, AU-50: it was not used)."""
    g = Game(make_setup(MAP, ["ann", "bob"], races=RACES, powers=POWERS, expansions=["underground"],
                        pool=["base"], dice=[0], extra={"pieces": {"flying_doormat": "r1"}}))
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    g.armies["ratmen"].hand = 1
    events = act(g, by="ann", do="conquer", region="r4", using="flying_doormat", reinforce=True)
    assert any(e.kind == "final_failed" for e in events)
    assert g.pieces["flying_doormat"] == at(g, "r1")


def test_U_PLACE_CRYPT_2_an_in_decline_occupant_no_longer_moves_the_ghost():
    g = game({"crypt_of_the_tomb_raider": "r1"})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    act(g, by="ann", do="conquer", region="r2")
    assert {a.args["ghost"] for a in g.legal_actions() if a.args.get("ghost")} == {"r2", "r3", "r4", "r5"}
    act(g, by="ann", do="end_turn", ghost="r2")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="decline")
    assert refused(g, by="ann", do="end_turn", ghost="r3") == "U-PLACE-CRYPT-2"
    act(g, by="ann", do="end_turn")
    assert g.pieces["crypt_ghost"] == at(g, "r2")  # it keeps protecting
    assert g.quote("r2", player="bob").reason.rule == "U-PLACE-CRYPT-1"


def test_AU_53_the_ring_takes_one_coin_from_a_neighbour_and_none_from_an_empty_purse():
    g = game({"froggys_ring": "r2"})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r2")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="r1")  # next to the Ring's r2
    act(g, by="bob", do="end_turn")
    g.coins[1] = 0
    act(g, by="ann", do="end_turn")
    assert g.coins[1] == 0  # nothing to give
    events = act(g, by="bob", do="end_turn")
    g.coins[1] = 4
    events = act(g, by="ann", do="end_turn")
    pays = [e for e in events if e.kind == "pay"]
    assert len(pays) == 1 and pays[0].data["coins"] == 1 and g.coins[1] == 3


def test_U_PLACE_ALTAR_1_AU_56_the_last_token_discarded_the_declined_race_leaves():
    g = game({"altar_of_souls": "r1"})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    act(g, by="ann", do="conquer", region="r2")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="decline")
    assert refused(g, by="ann", do="end_turn", altar="r5") == "U-PLACE-ALTAR-1"  # not hers
    act(g, by="ann", do="end_turn", altar="r2")
    assert g.race[at(g, "r2")] is None and g.last_score[0][-1]["coins"] >= 0
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="pick", combo=0)             # Orcs, in front of her in-decline Ratmen
    coins = g.coins[0]
    events = act(g, by="ann", do="end_turn", altar="r1")
    assert any(e.kind == "race_gone" and e.data["race"] == "ratmen" for e in events)
    assert "ratmen" not in g.armies and g.race[at(g, "r1")] is None
    scored = sum(it["coins"] for it in g.last_score[0])
    assert g.coins[0] == coins + scored + 3


def test_relic_and_place_sentences_in_french():
    assert term("bob pays 1 to ann (Froggy's Ring, U-RELIC-RING-1)", "fr", ("ann", "bob")) == \
        "bob donne 1 à ann (L'Anneau Runique, U-RELIC-RING-1)"
    assert term("r3 is immune: The Shiny Orb protects it", "fr") == \
        "r3 est imprenable : L'Orbe Scintillante la protège"


def test_AU_55_the_balrog_beats_monsters_the_marker_under_them_is_nobodys():
    """The Pentacle at r1 (face up), the Balrog sent into r2 guarded by Monsters: they leave,
    the top marker (the Keep) is laid face up there, and nobody scores it while the Balrog
    stays (U-PLACE-PENTACLE-3)."""
    board = {"regions": {**MAP["regions"], "r2": {"terrain": "mudpool", "edge": True,
                                                  "symbols": ["monster"]}},
             "borders": MAP["borders"]}
    g = Game(make_setup(board, ["ann", "bob"], races=RACES, powers=POWERS, expansions=["underground"],
                        pool=["base"], extra={"pieces": {"wickedest_pentacle": "r1"},
                                              "places_relics": ["keep_on_the_motherland"]}))
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    assert {a.region for a in g.legal_actions() if a.do == "balrog"} == {"r2", "r5"}
    events = act(g, by="ann", do="balrog", region="r2")
    assert [e.kind for e in events][-1] == "balrog"
    assert g.race[at(g, "r2")] is None and g.pieces["keep_on_the_motherland"] == at(g, "r2")
    assert refused(g, by="ann", do="conquer", region="r2") == "U-PLACE-PENTACLE-3"  # immune to all
    act(g, by="ann", do="end_turn")
    assert "Keep on the Motherland" not in items(g, 0)


def test_U_RELIC_SCEPTER_2_never_in_the_lost_dwarfs_mine_AU_51_empire_bonuses_not_doubled():
    """Ratmen / Alchemist hold r1 (the Lost Dwarf's Mine) and r2 (the Scepter): the Scepter may
    not go to r1; in r2 it doubles r2's 1 coin only (the Alchemist's 2 are the empire's)."""
    g = game({"mine_of_the_lost_dwarf": "r1", "scepter_of_avarice": "r2"})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    act(g, by="ann", do="conquer", region="r2")
    assert refused(g, by="ann", do="end_turn", scepter="r1") == "U-RELIC-SCEPTER-2"
    assert {a.args["scepter"] for a in g.legal_actions() if a.args.get("scepter")} == {"r2"}
    act(g, by="ann", do="end_turn", scepter="r2")
    assert items(g, 0)["Scepter of Avarice: r2 doubled"] == 1


def test_U_PLACE_STONEHEDGE_1_AU_46_a_seeded_badge_out_of_the_stack_for_its_occupant():
    """Drawn with the seed from the badges not visible, taken out of the stack; it works for
    the occupant as a place's effect (its source), in addition to his own power."""
    board = {"regions": {**MAP["regions"], "r2": {"terrain": "mudpool", "edge": True,
                                                  "symbols": ["monster"]}},
             "borders": MAP["borders"]}
    g = Game(make_setup(board, ["ann", "bob"], seed=5, races=RACES, powers=POWERS,
                        expansions=["underground"], pool=["base"],
                        extra={"places_relics": ["stonehedge"]}))
    stack = list(g.power_stack)
    act(g, by="ann", do="pick", combo=0)
    events = act(g, by="ann", do="conquer", region="r2")
    power = g.carried["stonehedge"]
    assert power in stack and power not in g.power_stack and power not in [c[1] for c in g.column]
    assert any(e.kind == "stonehedge" and e.data["power"] == power for e in events)
    assert ("place", ability(power)) in g.sources(g.armies["ratmen"])
    again = Game.from_json(g.to_json())
    assert again.carried == g.carried and again.state_hash() == g.state_hash()


def test_U_PLACE_STONEHEDGE_1_table_mode_the_table_enters_the_badge():
    board = {"regions": {**MAP["regions"], "r2": {"terrain": "mudpool", "edge": True,
                                                  "symbols": ["monster"]}},
             "borders": MAP["borders"]}
    g = Game(make_setup(board, ["ann", "bob"], races=RACES, powers=POWERS, expansions=["underground"],
                        pool=["base"], stacks="table", extra={"places_relics": ["stonehedge"]}))
    act(g, by="ann", do="pick", combo=0)
    act(g, by="bob", do="reveal", race="dwarves", player="heroic")
    act(g, by="ann", do="conquer", region="r2")
    assert g.blocking().kind == "stonehedge"
    assert refused(g, by="ann", do="stonehedge", power="heroic") == "U-PLACE-STONEHEDGE-1"  # visible
    act(g, by="bob", do="stonehedge", power="wealthy")
    assert g.carried == {"stonehedge": "wealthy"} and g.blocking() is None
