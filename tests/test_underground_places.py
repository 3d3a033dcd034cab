"""Small World Underground's Popular Places and Righteous Relics by rule ID (U-PLACE-*,
U-RELIC-*, AU-48…60), played with plain base-game banners so each test sees the piece alone.
Ratmen 8 + Alchemist 4 = 12 tokens for ann, Humans 5 + Forest 4 = 9 for bob."""

from __future__ import annotations

from ughelpers import act_exactly as act
from ughelpers import at
from ughelpers import refused_exactly as refused

from swcore import Action, Game
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
    assert g.armies["ratmen"].hand == 0 and g.tray("ratmen") == 1  # until ann expands (AU-64)
    assert act(g, by="ann", do="end_turn")[0].kind == "fountain" and g.tray("ratmen") == 0
    act(g, by="bob", do="end_turn")
    assert not any(e.kind == "fountain" for e in act(g, by="ann", do="end_turn"))


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
    assert {a.region for a in g.legal_actions() if a.do == "crypt_ghost"} == {"r2", "r3", "r4", "r5"}
    act(g, by="ann", do="crypt_ghost", region="r2")
    assert not [a for a in g.legal_actions() if a.do == "conquer"]  # its conquests are over
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="decline")
    assert refused(g, by="ann", do="crypt_ghost", region="r3") == "B-DECL-5"
    act(g, by="ann", do="end_turn")
    assert g.pieces["crypt_ghost"] == at(g, "r2")  # it keeps protecting
    assert g.quote("r2", player="bob").reason.rule == "U-PLACE-CRYPT-1"
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="pick", combo=0)  # her new race does not hold it, her declined one does
    assert refused(g, by="ann", do="crypt_ghost", region="r3") == "U-PLACE-CRYPT-2"
    assert not [a for a in g.legal_actions() if a.do == "crypt_ghost"]


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
    assert refused(g, by="ann", do="altar", region="r5") == "U-PLACE-ALTAR-1"  # not hers
    act(g, by="ann", do="altar", region="r2")
    assert refused(g, by="ann", do="altar", region="r1") == "U-PLACE-ALTAR-1"  # one a turn
    act(g, by="ann", do="end_turn")
    assert g.race[at(g, "r2")] is None and g.last_score[0][-1]["coins"] >= 0
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="pick", combo=0)             # Orcs, in front of her in-decline Ratmen
    coins = g.coins[0]
    act(g, by="ann", do="altar", region="r1")
    events = act(g, by="ann", do="end_turn")
    assert any(e.kind == "race_gone" and e.data["race"] == "ratmen" for e in events)
    assert "ratmen" not in g.armies and g.race[at(g, "r1")] is None
    scored = sum(it["coins"] for it in g.last_score[0])
    assert g.coins[0] == coins + scored + 3


def test_relic_and_place_sentences_in_french():
    assert term("bob pays 1 to the bank (Froggy's Ring, U-RELIC-RING-1)", "fr", ("ann", "bob")) \
        == "bob donne 1 à la banque (L'Anneau Runique, U-RELIC-RING-1)"
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
    assert refused(g, by="ann", do="scepter", region="r1") == "U-RELIC-SCEPTER-2"
    assert {a.region for a in g.legal_actions() if a.do == "scepter"} == {"r2"}
    act(g, by="ann", do="scepter", region="r2")
    act(g, by="ann", do="end_turn")
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


def test_U_RELIC_ORB_1_AU_54_only_a_lone_active_opponent_token_is_replaced():
    """bob holds the Orb (r5); ann's r1 holds her lone token, r2 two: only r1 is offered, the
    Orb then lies in r1 and is spent for the turn (AU-50)."""
    g = game({"shiny_orb": "r5"})
    act(g, by="ann", do="pick", combo=0)                 # Ratmen / Alchemist: 12
    act(g, by="ann", do="conquer", region="r1")
    act(g, by="ann", do="conquer", region="r2")
    act(g, by="ann", do="redeploy", tokens={"r1": 1, "r2": 11})
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)                 # Humans / Forest: 9
    act(g, by="bob", do="conquer", region="r5")
    assert {a.region for a in g.legal_actions() if a.do == "convert"} == {"r1"}
    assert refused(g, by="bob", do="convert", region="r2", using="shiny_orb") == "U-RELIC-ORB-1"
    act(g, by="bob", do="convert", region="r1", using="shiny_orb")
    assert g.owner[at(g, "r1")] == 1 and g.pieces["shiny_orb"] == at(g, "r1")
    assert not [a for a in g.legal_actions() if a.do == "convert"]


def test_AU_51_the_scepter_doubles_the_per_region_bonuses_of_underground_races_and_powers():
    """Shrooms / Mining on r1 (a Mine) with the Scepter: r1's 1 + Mining 1 doubled: +2."""
    g = Game(make_setup(MAP, ["ann", "bob"], races=["shrooms", "ogres"], powers=["mining", "stone"],
                        expansions=["underground"], extra={"pieces": {"scepter_of_avarice": "r1"},
                                                           "places_relics": []}))
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r1")
    act(g, by="ann", do="scepter", region="r1")
    act(g, by="ann", do="end_turn")
    assert items(g, 0)["Scepter of Avarice: r1 doubled"] == 2


def test_U_PR_7_AU_52_a_neighbour_in_an_immune_region_does_not_pay_the_ring():
    g = game({"froggys_ring": "r2"})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="r2")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="r1")      # next to the Ring's r2
    act(g, by="bob", do="end_turn")
    g.pieces["queen"] = at(g, "r1")                  # his region made immune (U-DEF-2)
    coins = g.coins[1]
    act(g, by="ann", do="end_turn")
    assert g.coins[1] == coins and not any(it["what"].startswith("Froggy") for it in g.last_score[0])


def test_B_CONQ_1_U_EDGE_1_an_underground_board_is_entered_by_its_edge_no_seas_named():
    """Underground boards have no seas: the refusal says what the rule book does (a region next
    to an edge, the River's two ends included), in English and French; a drawn map with neither
    sea nor river names the edge alone; a surface board keeps its seas."""
    def inland_reason(g: Game) -> str:
        g.apply(Action(by="ann", do="pick", combo=0))
        inland = next(rid for k, rid in enumerate(g.board.ids)
                      if not g.board.entry[k] and g.board.base_cost[k] is not None)
        reason = g.quote(inland).reason
        assert reason.rule == "B-CONQ-1"
        return str(reason.reason).split(": ", 1)[1]

    under = Game(make_setup("underground-2p", ["ann", "bob"], seed=1, expansions=["underground"]))
    text = inland_reason(under)
    assert text == ("a race enters the board by a region next to an edge of the board (the two "
                    "ends of the River included)")
    assert term(f"r3 is not a border region: {text}", "fr", ("ann", "bob"), under.board.ids) == (
        "r3 n'est pas une région du bord : un Peuple entre sur le plateau par une région adjacente "
        "à un bord du plateau (y compris les deux extrémités de la Rivière)")
    g = game({})  # a drawn map: no sea, no river
    act(g, by="ann", do="pick", combo=0)
    assert str(g.quote("r3").reason.reason) == ("r3 is not a border region: a race enters the "
                                                "board by a region next to an edge of the board")
    surface = Game(make_setup("base-2p", ["ann", "bob"], seed=1))
    assert inland_reason(surface) == "a race enters the board by the edge or by a sea on the edge"


def test_U_RELIC_SOCKS_1_AU_33_in_decline_fugitives_with_no_region_left_are_lost():
    """ann's Humans in decline hold r2 alone (1 token): bob takes it with the Socks; the
    fugitive has no other region of its race to go to, so it is lost and the race leaves."""
    g = game({"stinky_trolls_socks": "r1"})
    act(g, by="ann", do="pick", combo=0)                 # Ratmen / Alchemist
    act(g, by="ann", do="conquer", region="r2")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)                 # Humans / Forest
    act(g, by="bob", do="conquer", region="r1")          # the Socks are his
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="decline")
    act(g, by="ann", do="end_turn")
    events = act(g, by="bob", do="conquer", region="r2", using="stinky_trolls_socks")
    assert g.race[at(g, "r2")] == "humans" and "ratmen" not in g.armies
    assert any(e.kind == "race_gone" for e in events)
