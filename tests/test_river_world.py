"""River World (X-RW-*, A-RW-*): rivers, harbours, the Caravel, the Temple, Pirate Ships, the
events and the options, on the project's practice board `river-practice` and small inline maps.
Every expected number is worked out by hand in the comments."""

from __future__ import annotations

import random

import pytest

from swcore import Action, Game, RuleError
from swcore.config import make_setup
from swcore.errors import InputError

RW = ["river_world"]
RACES = ["ratmen", "humans", "orcs", "wizards", "elves", "trolls", "dwarves"]
POWERS = ["alchemist", "forest", "hill", "merchant", "swamp", "stout", "commando"]


def game(events=None, board="river-practice", turns=3, **kw):
    events = events or ["quiet_waters"] * turns
    return Game.new(board, ["ann", "bob"], races=kw.pop("races", RACES),
                    powers=kw.pop("powers", POWERS), expansions=RW, turns=turns,
                    options={"events": events, **kw.pop("options", {})}, **kw)


def act(g, **a):
    return g.apply(Action(**a))


def ids(g, name):
    return g.board.index[name]


def test_X_RW_1_a_pirate_ship_on_each_pirate_symbol_at_set_up():
    g = game()
    i = ids(g, "w2")
    assert (g.race[i], g.owner[i], g.tokens[i]) == ("pirate_ship", None, 1)
    assert g.snapshot()["modules"]["river_world"]["ships_used"] == 1


def test_X_RW_4_a_river_costs_1_and_a_ship_adds_1():
    g = game()
    act(g, by="ann", do="pick", combo=0)  # ratmen 8 + alchemist 4 = 12
    assert g.quote("w1").cost == 1          # an edge river: an entry region itself (A-RW-04)
    act(g, by="ann", do="conquer", region="w1")
    assert g.quote("w2").cost == 2          # 1 + the Pirate Ship


def test_X_RW_4_rivers_are_emptied_at_redeployment_refused_otherwise():
    g = game()
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="w1")      # 1 token
    act(g, by="ann", do="conquer", region="t1")      # 2 tokens, 9 left in hand
    with pytest.raises(RuleError) as err:
        act(g, by="ann", do="redeploy", tokens={"w1": 1, "t1": 11})
    assert err.value.rule == "X-RW-4"
    act(g, by="ann", do="redeploy", tokens={"t1": 12})
    assert g.tokens[ids(g, "w1")] == 0 and g.race[ids(g, "w1")] is None


def test_A_RW_04_a_race_holding_only_rivers_keeps_its_tokens_in_hand():
    g = game()
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="w1")
    act(g, by="ann", do="end_turn")                  # nothing to score, 12 in hand
    assert g.hand("ann") == 12 and not g.regions_of("ratmen")
    assert g.coins[0] == 7  # 0 regions + Alchemist 2 (A-BASE-16)


def test_X_RW_5_harbours_score_1_2_3_with_active_and_declined_races_together():
    g = game()
    act(g, by="ann", do="pick", combo=0)
    for r in ("w1", "b1", "b2", "b3"):
        act(g, by="ann", do="conquer", region=r)
    act(g, by="ann", do="end_turn")
    # b1, b2, b3 held (w1 emptied): harbours b1 and b3 = 1 + 2; b2 = 1; b2 and b3 border the
    # ship on w2: -2; alchemist +2 -> 4
    assert sum(it["coins"] for it in g.last_score[0]) == 4
    assert {"what": "2 harbours: 1 + 2", "coins": 1, "rule": "X-RW-5", "regions": []} in g.last_score[0]
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="decline")
    act(g, by="ann", do="end_turn")
    # in decline: harbours 1 + 2, b2 1, -2 for the ship, no badge any more -> 2
    assert sum(it["coins"] for it in g.last_score[0]) == 2
    assert any(it["rule"] == "X-RW-5" and it["coins"] == 1 for it in g.last_score[0])


def test_X_RW_8_storm_rivers_cost_3_ship_still_adds_1():
    g = game(["storm", "quiet_waters", "quiet_waters"])
    act(g, by="ann", do="pick", combo=0)
    assert g.quote("w1").cost == 3
    act(g, by="ann", do="conquer", region="w1")
    assert g.quote("w2").cost == 4


def test_X_RW_10_harsh_winter_rivers_cost_2_are_kept_and_left_next_turn():
    g = game(["harsh_winter", "quiet_waters", "quiet_waters"])
    act(g, by="ann", do="pick", combo=0)
    assert g.quote("w1").cost == 2
    act(g, by="ann", do="conquer", region="w1")
    act(g, by="ann", do="conquer", region="b1")
    act(g, by="ann", do="redeploy", tokens={"w1": 6, "b1": 6})  # a frozen river is kept
    act(g, by="ann", do="end_turn")
    # w1 1 VC (frozen), b1 harbour 1, w1 borders the ship on w2: -1, alchemist +2 -> 3
    assert sum(it["coins"] for it in g.last_score[0]) == 3
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    assert g.event == "quiet_waters"
    with pytest.raises(RuleError) as err:
        act(g, by="ann", do="redeploy", tokens={"w1": 1, "b1": 11})
    assert err.value.rule == "X-RW-4"
    act(g, by="ann", do="end_turn")                  # the default leaves w1
    assert g.race[ids(g, "w1")] is None and g.tokens[ids(g, "b1")] == 12


def test_X_RW_11_pirates_put_a_ship_on_every_empty_river_and_cost_1_vc_next_to_them():
    g = game(["quiet_waters", "pirates", "quiet_waters"])
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="b1")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    assert [g.race[ids(g, r)] for r in ("w1", "w2", "w3")] == ["pirate_ship"] * 3
    act(g, by="ann", do="end_turn")
    # b1: harbour 1, next to the ship on w1: -1; alchemist +2 -> 2
    assert sum(it["coins"] for it in g.last_score[0]) == 2


def test_A_RW_05_no_more_ships_than_the_box_holds_map_order():
    setup = make_setup("river-practice", ["ann", "bob"], races=RACES, powers=POWERS,
                       expansions=RW, turns=3, supply={"pirate_ship": 2},
                       options={"events": ["quiet_waters", "pirates", "quiet_waters"]})
    g = Game(setup)  # 1 ship at set-up on w2, 1 left for the empty rivers w1, w3: w1 first
    for by in ("ann", "bob"):
        act(g, by=by, do="pick", combo=0)
        act(g, by=by, do="end_turn")
    assert [g.race[ids(g, r)] for r in ("w1", "w2", "w3")] == ["pirate_ship", "pirate_ship", None]
    assert g.snapshot()["modules"]["river_world"]["ships_used"] == 2


LINE = {"regions": {"a": {"terrain": "hill", "edge": True}, "r1": {"terrain": "river"},
                    "r2": {"terrain": "river", "symbols": ["pirate"]},
                    "c": {"terrain": "farmland", "edge": True}},
        "borders": [["a", "r1"], ["r1", "r2"], ["r2", "c"]]}


@pytest.mark.parametrize("penalty,coins", [("adjacent", 1), ("connected", 0)])
def test_A_RW_02_pirates_penalty_adjacent_or_connected(penalty, coins):
    g = game(board=LINE, races=["ratmen"] + RACES[1:], powers=["merchant", "forest", "hill", "swamp", "stout", "commando"],
             options={"pirates_penalty": penalty})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="a")
    act(g, by="ann", do="end_turn")
    # a borders r1 only: no ship next to it (adjacent: 1 VC); the ship's river r2 joins r1
    # (connected, the Dutch reading: 0 VC, A-RW-03 floor 0)
    regions = sum(it["coins"] for it in g.last_score[0] if it["rule"] != "B-POW-MERCHANT-1")
    assert regions == coins


def test_A_RW_01_caravel_refused_without_the_shipyard():
    g = game()
    act(g, by="ann", do="pick", combo=0)
    with pytest.raises(RuleError) as err:
        act(g, by="ann", do="caravel", region="w2")
    assert err.value.rule == "A-RW-01"


def test_X_RW_6_A_RW_06_caravel_makes_the_river_banks_adjacent_once_per_turn_then_leaves():
    g = game()
    act(g, by="ann", do="pick", combo=0)
    for r in ("w1", "b2"):
        act(g, by="ann", do="conquer", region=r)       # b2: the Shipyard
    assert g.quote("t3").reason is not None           # t3 is not adjacent
    act(g, by="ann", do="caravel", region="w3")
    assert g.quote("t3").reason is None and g.snapshot()["pieces"]["caravel"] == "w3"
    with pytest.raises(RuleError) as err:
        act(g, by="ann", do="caravel", region="w1")
    assert err.value.rule == "X-RW-6"
    act(g, by="ann", do="conquer", region="t3")
    act(g, by="ann", do="end_turn")
    assert "caravel" not in g.pieces


def test_X_RW_6_caravel_is_an_entry_point_for_a_first_conquest():
    g = game()
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="w1")
    act(g, by="ann", do="conquer", region="b2")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="decline")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="pick", combo=0)               # a new race, the declined one holds b2
    assert g.quote("t3").reason.rule == "B-CONQ-1"  # t3 borders no edge sea
    act(g, by="ann", do="caravel", region="w2")
    assert g.quote("t3").reason is None


def test_X_RW_6_caravel_must_go_on_a_river():
    g = game()
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="w1")
    act(g, by="ann", do="conquer", region="b2")
    with pytest.raises(RuleError):
        act(g, by="ann", do="caravel", region="b1")


def test_X_RW_7_peek_shows_the_next_event_to_the_temple_holder_only():
    g = game(["quiet_waters", "storm", "pirates"])
    act(g, by="ann", do="pick", combo=0)
    with pytest.raises(RuleError) as err:
        act(g, by="ann", do="peek")
    assert err.value.rule == "X-RW-7"
    for r in ("w1", "w2", "t3"):
        act(g, by="ann", do="conquer", region=r)
    before = g.state_hash()
    assert "next_event" not in g.view("ann")["modules"]["river_world"]
    act(g, by="ann", do="peek")
    assert g.view("ann")["modules"]["river_world"]["next_event"] == "storm"
    assert "next_event" not in g.view("bob")["modules"]["river_world"]
    assert g.view("bob")["modules"]["river_world"]["face_down"] == 2
    assert g.event == "quiet_waters" and g.state_hash() != before  # only the view changed


def test_X_RW_2_events_drawn_from_the_box_one_per_turn():
    g = Game.new("river-practice", ["ann", "bob"], seed=5, expansions=RW)
    order = g.module_state["river_world"]["order"]
    assert len(order) == g.turns == 10
    assert all(order.count(e) <= n for e, n in
               {"storm": 2, "quiet_waters": 3, "harsh_winter": 2, "pirates": 4}.items())
    assert g.event == order[0]


def test_X_RW_2_events_refused_when_not_one_per_turn_or_more_than_the_box():
    with pytest.raises(InputError):
        game(["storm", "storm"], turns=3)
    with pytest.raises(InputError):
        game(["storm", "storm", "storm"], turns=3)


def test_X_RW_0_remove_flying_option():
    g = game(powers=["flying"] + POWERS)
    assert "flying" not in [c[1] for c in g.column] + g.power_stack
    g = game(powers=["flying"] + POWERS, options={"remove_flying": False})
    assert g.column[0][1] == "flying"


def test_X_RW_3_table_mode_the_table_enters_each_event():
    g = Game.new("river-practice", ["ann", "bob"], expansions=RW, stacks="table",
                 races=RACES[:6], powers=POWERS[:6], turns=3)
    assert g.event is None
    assert {a.do for a in g.legal_actions()} == {"turn_up"}
    with pytest.raises(RuleError):
        act(g, by="ann", do="pick", combo=0)
    act(g, by="bob", do="turn_up", event="pirates")
    assert g.event == "pirates" and g.race[ids(g, "w1")] == "pirate_ship"


def test_undo_and_save_replay_the_events_and_the_caravel():
    g = game(["quiet_waters", "pirates", "storm"])
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="w1")
    act(g, by="ann", do="conquer", region="b2")
    act(g, by="ann", do="caravel", region="w3")
    same = Game.from_json(g.to_json())
    assert same.state_hash() == g.state_hash()
    g.undo()
    assert "caravel" not in g.pieces and g.quote("t3").reason is not None


@pytest.mark.parametrize("seed", range(30))
def test_random_games_with_river_world_play_only_legal_actions(seed):
    rng = random.Random(seed)
    board = rng.choice(["river-practice", LINE])
    g = Game.new(board, ["ann", "bob", "cat"][:rng.choice([2, 3])], seed=seed, expansions=RW,
                 turns=rng.randint(3, 6))
    steps = 0
    while not g.game_over and steps < 600:
        actions = g.legal_actions()
        assert actions
        a = rng.choice(actions)
        g.apply(a)  # every listed action applies
        assert min(g.coins) >= 0 and min(g.tokens) >= 0
        assert all(x.hand >= 0 for x in g.armies.values())
        steps += 1
    assert g.game_over


# --- the event where it bites: costs, scores, the turn screen, region cards (issue 11) -------
def test_X_RW_8_storm_is_named_with_its_rule_in_the_cost_breakdown():
    g = game(["storm", "quiet_waters", "quiet_waters"])
    act(g, by="ann", do="pick", combo=0)
    q = g.quote("w1")
    assert (q.cost, q.breakdown) == (3, [("base", 1), ("Storm, this round's event", 2)])
    assert q.rules == {"Storm, this round's event": "X-RW-8"}


def test_X_RW_10_harsh_winter_is_named_in_the_cost_and_the_score_lines():
    g = game(["harsh_winter", "quiet_waters", "quiet_waters"])
    act(g, by="ann", do="pick", combo=0)
    q = g.quote("w1")
    assert (q.cost, q.breakdown) == (2, [("base", 1), ("frozen river (Harsh Winter, this round's "
                                                       "event)", 1)])
    assert q.rules[q.breakdown[1][0]] == "X-RW-10"
    act(g, by="ann", do="conquer", region="w1")
    act(g, by="ann", do="conquer", region="b1")
    act(g, by="ann", do="redeploy", tokens={"w1": 6, "b1": 6})
    act(g, by="ann", do="end_turn")
    # w1 counts among the 2 regions (+2); the event's line adds nothing and says why w1 scored
    lines = {it["what"]: (it["coins"], it["rule"]) for it in g.last_score[0]}
    assert lines["Ratmen: 2 regions"] == (2, "B-SCORE-1")
    assert lines["1 frozen river held, counted among the regions (Harsh Winter, this round's "
                 "event)"] == (0, "X-RW-10")
    assert sum(c for c, _ in lines.values()) == 3  # as test_x_rw_10 above


def test_X_RW_3_the_turn_card_shows_this_rounds_event_and_the_rivers_to_leave_after_winter():
    from swcore.rules import turn_rows

    g = game(["harsh_winter", "quiet_waters", "quiet_waters"])
    assert turn_rows(g, 0) == [("river_world", "River World", [(
        "This round's event", "Harsh Winter: rivers are frozen this round: they cost 2, a river "
        "taken or held keeps at least 1 token and scores 1 coin; they must be left next round "
        "(X-RW-10)")])]
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="w1")
    act(g, by="ann", do="redeploy", tokens={"w1": 12})
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    rows = dict(turn_rows(g, 0)[0][2])  # round 2, Quiet Waters: the frozen w1 thaws
    assert rows == {"This round's event": "Quiet Waters: no effect (X-RW-9)",
                    "Rivers to leave": "w1: frozen in last round's Harsh Winter, to be left at "
                                       "Ready Troops or at redeployment (X-RW-10)"}
    assert "Rivers to leave" not in dict(turn_rows(g, 1)[0][2])  # bob holds no river


def test_X_RW_3_the_event_turned_up_and_the_pirate_ships_are_announced():
    from swcore.rules import notices

    g = game(["quiet_waters", "pirates", "quiet_waters"])
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="b1")
    assert notices(g, act(g, by="ann", do="end_turn")) == []
    act(g, by="bob", do="pick", combo=0)
    told = notices(g, act(g, by="bob", do="end_turn"))  # round 2 starts with Pirates
    assert [e.text for e in told] == ["turn 2: the event is pirates",
                                      "Pirate Ships on the empty rivers: w1, w3"]


def test_X_RW_4_to_11_region_cards_recall_the_rules_that_bite_there():
    from swcore.rules import region_notes

    g = game(["storm", "harsh_winter", "quiet_waters"])
    i = g.board.region
    assert region_notes(g, i("w1")) == ["River: it costs 3 this round (Storm, X-RW-8) and is "
                                        "emptied at redeployment (X-RW-4)",
                                        "Next to a Pirate Ship: it scores 1 coin less (X-RW-11, "
                                        "A-RW-02)"]  # when held in a Harsh Winter
    assert region_notes(g, i("w2"))[0] == ("Pirate Ship: it fights as 1 token (+1 to the cost); "
                                           "taken, it leaves the game (X-RW-11)")
    assert region_notes(g, i("t2")) == ["Harbour: a player's harbours score 1 + 2 + 3… (X-RW-5)",
                                        "Next to a Pirate Ship: it scores 1 coin less (X-RW-11, "
                                        "A-RW-02)"]
    assert region_notes(g, i("b2"))[0].startswith("Shipyard: its holder may put the Caravel")
    assert region_notes(g, i("t3"))[0].startswith("Temple of the Seer: its holder may look")
    assert region_notes(g, i("u2")) == []
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")  # round 2: Harsh Winter
    assert region_notes(g, i("w1"))[0].startswith("Frozen river (Harsh Winter): it costs 2")


def test_the_event_card_and_region_notes_read_in_french():
    """Issue 12: the event of the round and every region note are in swcore.po (the French
    names of seed 004: Tempête, Calme plat, Hiver rude, Pirates)."""
    from swcore.rules import region_notes, turn_rows

    for event, fr in (("storm", "Tempête"), ("quiet_waters", "Calme plat"),
                      ("harsh_winter", "Hiver rude"), ("pirates", "Pirates")):
        g = game([event, "quiet_waters", "quiet_waters"])
        assert turn_rows(g, 0, "fr")[0][2][0][1].startswith(f"{fr} : ")
        for i in range(len(g.board)):
            for f, e in zip(region_notes(g, i, "fr"), region_notes(g, i), strict=True):
                assert f != e, e
