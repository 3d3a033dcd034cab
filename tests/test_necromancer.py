"""Necromancer Island (module `necromancer`): every rule by its ID (X-NEC-*, A-NEC-*), refusals
included, worked out by hand on the small map of the conformance example (a lake `l` with x, y, z
on its shore; a, b, c, d on the edge with Lost Tribes), plus 30 random games with the module on
where every listed action applies and every Ghost and token is accounted for."""

from __future__ import annotations

import copy
import random

import pytest

from swcore import Game, InputError, RuleError
from swcore.catalogue import BOX
from swcore.config import make_setup
from swcore.rules.necromancer import state as st
from swcore.scenario import build

MAP = {
    "regions": {
        "l": {"terrain": "lake"},
        "a": {"terrain": "farmland", "edge": True, "lost_tribe": True},
        "b": {"terrain": "hill", "edge": True, "lost_tribe": True},
        "c": {"terrain": "forest", "edge": True, "lost_tribe": True},
        "d": {"terrain": "swamp", "edge": True, "lost_tribe": True},
        "x": {"terrain": "farmland"},
        "y": {"terrain": "hill"},
        "z": {"terrain": "forest"},
    },
    "borders": [["a", "x"], ["x", "y"], ["y", "z"], ["b", "c"], ["c", "d"], ["b", "y"], ["d", "z"],
                ["l", "x"], ["l", "y"], ["l", "z"]],
}
RACES = ["ratmen", "humans", "orcs", "wizards", "elves", "trolls", "dwarves"]
POWERS = ["underworld", "spirit", "pillaging", "diplomat", "flying", "mounted", "wealthy"]
NEC = {"powers": ["commando", "merchant", "hill", "forest", "swamp", "alchemist"], "keeps": "commando"}


def new(races=RACES, powers=POWERS, nec=NEC, coins=5, options=None, expansions=("necromancer",),
        players=("ann", "bob", "nec"), turns=None):
    data = {"title": "t", "players": list(players), "map": copy.deepcopy(MAP), "steps": [],
            "expansions": list(expansions), "races": list(races), "powers": list(powers),
            "necromancer": copy.deepcopy(nec), "coins": coins, "options": options or {}}
    if turns:
        data["turns"] = turns
    return build(data)


def do(g, by, word, cost=None, **kw):
    """Apply an action; `cost`: the tokens a conquest took from hand (as in a scenario)."""
    events = g.apply({"by": by, "do": word, **kw})
    if cost is not None:
        assert [e.data["committed"] for e in events if e.kind == "conquer"] == [cost]
    return events


def at(g, rid):
    i = g.board.region(rid)
    return g.race[i], g.tokens[i]


def first_two_turns(g):
    """ann: Ratmen/Underworld take a and x; bob: Humans/Spirit take b, c and d (4 Lost Tribes in
    the Well: 1 Ghost spawns on the Island)."""
    do(g, "ann", "pick", combo=0)
    do(g, "ann", "conquer", region="a")
    do(g, "ann", "conquer", region="x")
    do(g, "ann", "redeploy", tokens={"a": 7, "x": 6})
    do(g, "ann", "end_turn")
    do(g, "bob", "pick", combo=0)
    for r in "bcd":
        do(g, "bob", "conquer", region=r)
    do(g, "bob", "end_turn")


def nec_first_turn(g):
    """The Necromancer buys a Ghost (3 coins) and takes y and z from the Island (X-NEC-13)."""
    first_two_turns(g)
    do(g, "nec", "buy", item="ghost")
    do(g, "nec", "conquer", region="y")
    do(g, "nec", "conquer", region="z")
    do(g, "nec", "end_turn")


# --- set-up ---------------------------------------------------------------------------------
def test_X_NEC_2_island_in_the_lake_borders_its_shore_and_holds_one_ghost():
    g = new()
    i = g.board.region("island")
    assert {g.board.ids[j] for j in g.board.adjacent[i]} == {"x", "y", "z"}
    assert g.race[i] == "ghosts" and g.owner[i] == 2 and g.tokens[i] == 1
    assert g.board.kind[i] == "island"


def test_X_NEC_3_the_last_seat_is_the_necromancer_with_13_ghosts_in_reserve():
    g = new()
    assert g.active == [None, None, "ghosts"] and g.declined[2] == []
    assert st.seat(g) == 2 and st.book(g)["reserve"] == 13 and st.ghost_count(g) == 14
    assert g.armies["ghosts"].powers == ("commando",)


def test_X_NEC_5_he_keeps_one_power_the_five_others_wait_for_purchase():
    g = new(nec={**NEC, "keeps": "merchant"})
    assert g.armies["ghosts"].powers == ("merchant",)
    assert st.book(g)["unbought"] == ["commando", "hill", "forest", "swamp", "alchemist"]


def test_X_NEC_5_keeps_null_he_chooses_his_first_power_before_anyone_plays():
    """X-NEC-5 ("Il en choisit ensuite un seul"): with `keeps` null, play waits for his choice;
    legal_actions offers his 6 drawn powers and nothing else; anything else is refused."""
    g = new(nec={**NEC, "keeps": None})
    assert g.to_act == "nec" and g.decision.kind == "first_power" and g.decision.rule == "X-NEC-5"
    assert g.armies["ghosts"].powers == () and st.book(g)["unbought"] == NEC["powers"]
    assert [(a.by, a.do, a.args["power"]) for a in g.legal_actions()] == [
        ("nec", "keep_power", p) for p in NEC["powers"]]
    before = g.snapshot()
    for wrong in ({"by": "ann", "do": "pick", "combo": 0},          # nobody plays before
                  {"by": "nec", "do": "keep_power", "power": "flying"},  # not one of his 6
                  {"by": "ann", "do": "keep_power", "power": "hill"},    # not his choice
                  {"by": "nec", "do": "buy", "item": "ghost"}):
        with pytest.raises(RuleError) as err:
            g.apply(wrong)
        assert err.value.rule == "X-NEC-5"
        assert g.snapshot() == before
    do(g, "nec", "keep_power", power="hill")
    assert g.armies["ghosts"].powers == ("hill",) and g.to_act == "ann" and not g.pending
    assert st.book(g)["unbought"] == ["commando", "merchant", "forest", "swamp", "alchemist"]
    assert st.price(g) == 1 + 1  # X-NEC-12: 1 power owned + the Island's Ghost


def test_X_NEC_5_the_choice_is_logged_undone_and_replayed():
    g = new(nec={**NEC, "keeps": None})
    do(g, "nec", "keep_power", power="swamp")
    do(g, "ann", "pick", combo=0)
    again = Game.from_json(g.to_json())
    assert again.armies["ghosts"].powers == ("swamp",) and again.snapshot() == g.snapshot()
    g.undo()
    g.undo()
    assert g.armies["ghosts"].powers == () and g.decision.kind == "first_power"
    assert st.book(g)["unbought"] == NEC["powers"]


def test_X_NEC_5_a_set_up_that_names_keeps_or_leaves_it_out_starts_with_it():
    """Set-ups and saves stored before the choice hold `keeps` (the first when left out): no
    decision, so their logs replay as played."""
    left_out = new(nec={"powers": NEC["powers"]})
    assert left_out.armies["ghosts"].powers == ("commando",) and not left_out.pending
    assert left_out.to_act == "ann"


def test_X_NEC_4_with_table_stacks_his_six_powers_are_entered_as_drawn():
    """X-NEC-4 at the table: the 6 powers he drew are entered, never drawn by the seed."""
    six = dict(races=RACES[:6], powers=POWERS[:6], stacks="table", expansions=["necromancer"])
    with pytest.raises(InputError) as err:
        make_setup(copy.deepcopy(MAP), ["ann", "bob", "nec"], **six)
    assert err.value.field == "necromancer.powers"
    s = make_setup(copy.deepcopy(MAP), ["ann", "bob", "nec"], **six,
                   extra={"necromancer": {"powers": NEC["powers"], "keeps": None}})
    assert s["necromancer"] == {"powers": NEC["powers"], "keeps": None, "reserve": 13}


def test_X_NEC_4_six_powers_drawn_never_cursed_spirit_stout_nor_in_the_stacks():
    for seed in range(20):
        s = make_setup("base-3p", ["a", "b", "c", "d"], seed=seed,
                       expansions=["cursed", "necromancer"])
        mine = s["necromancer"]["powers"]
        assert len(set(mine)) == 6 and not set(mine) & {"cursed", "spirit", "stout"}
        assert not set(mine) & set(s["powers"])
        assert s["necromancer"]["keeps"] == mine[0] and s["necromancer"]["reserve"] == 13


@pytest.mark.parametrize("nec, field", [
    ({"powers": ["spirit", "merchant", "hill", "forest", "swamp", "alchemist"]}, "necromancer.powers[0]"),
    ({"powers": ["underworld", "merchant", "hill", "forest", "swamp", "alchemist"]},
     "necromancer.powers[0]"),  # already in the stacks
    ({"powers": ["merchant", "hill"]}, "necromancer.powers"),
    ({**NEC, "keeps": "flying"}, "necromancer.keeps"),
    ({**NEC, "reserve": 10}, "necromancer.reserve"),
])
def test_X_NEC_4_5_7_a_wrong_necromancer_set_up_names_its_field(nec, field):
    with pytest.raises(InputError) as err:
        new(nec=nec)
    assert err.value.field == field


def test_X_NEC_1_at_least_three_players():
    with pytest.raises(InputError) as err:
        make_setup(copy.deepcopy(MAP), ["ann", "nec"], expansions=["necromancer"])
    assert err.value.field == "players"


def test_X_NEC_1_A_NEC_01_the_turn_track_of_the_other_players():
    four = make_setup(copy.deepcopy(MAP), ["a", "b", "c", "d"], expansions=["necromancer"])
    six = make_setup(copy.deepcopy(MAP), list("abcdef"), expansions=["necromancer"])
    five = make_setup(copy.deepcopy(MAP), list("abcde"), expansions=["necromancer"])
    assert (four["turns"], five["turns"], six["turns"]) == (10, 9, 8)


def test_X_NEC_7_a_smaller_reserve_keeps_every_ghost_accounted_for():
    g = new(nec={**NEC, "reserve": 11})
    assert st.book(g)["reserve"] == 11 and st.book(g)["removed"] == 2 and st.ghost_count(g) == 14


def test_X_NEC_2_built_in_board_gets_the_island_too():
    g = Game(make_setup("base-3p", ["a", "b", "c", "d"], seed=3, expansions=["necromancer"]))
    i = g.board.region("island")
    lake = g.board.terrain.index("lake")
    assert set(g.board.adjacent[i]) == {j for j in g.board.adjacent[lake] if not g.board.water[j]}
    assert g.turns == 10 and len(g.board) == len(Game.new("base-3p", ["a", "b", "c"]).board) + 1


# --- the other players' turns ----------------------------------------------------------------
def test_X_NEC_8_a_lost_tribe_wiped_out_goes_into_the_well():
    g = new()
    do(g, "ann", "pick", combo=0)
    do(g, "ann", "conquer", region="a")
    assert st.book(g)["well"] == ["lost_tribe"]


def test_X_NEC_8_a_race_token_lost_goes_into_the_well_not_the_tray():
    g = new()
    do(g, "ann", "pick", combo=0)  # Ratmen 8 + Underworld 5 = 13, the whole box
    do(g, "ann", "conquer", region="a")
    do(g, "ann", "conquer", region="x")
    do(g, "ann", "redeploy", tokens={"a": 12, "x": 1})
    do(g, "ann", "end_turn")
    do(g, "bob", "pick", combo=0)
    do(g, "bob", "conquer", region="b")  # 3: the Lost Tribe
    do(g, "bob", "conquer", region="y")  # 2
    do(g, "bob", "conquer", region="x", cost=3)  # 2 + 1 Ratman: into the Well
    assert st.book(g)["well"] == ["lost_tribe", "lost_tribe", "ratmen"]
    assert g.tray("ratmen") == BOX["ratmen"] - 12 - 1  # 12 on a, 1 in the Well


def test_X_NEC_10_ghosts_conquered_one_into_the_well_the_others_back_to_his_regions():
    g = new()
    nec_first_turn(g)  # y 2, z 1
    do(g, "ann", "conquer", region="y", cost=4)  # 2 + 2 Ghosts
    assert st.book(g)["well"][-1] == "ghosts" and g.hand("nec") == 1
    do(g, "ann", "end_turn")
    assert g.to_act == "nec"  # he places the Ghost taken back (B-LOSS-2)
    do(g, "nec", "redeploy", tokens={"z": 2})
    assert at(g, "z") == ("ghosts", 2) and g.hand("nec") == 0


def test_X_NEC_10_ghosts_taken_back_go_by_default_to_his_map_regions_not_the_island():
    g = new(coins={"ann": 5, "bob": 5, "nec": 12})
    first_two_turns(g)  # 2 Ghosts on the Island
    for price in (3, 4, 5):
        assert st.price(g) == price
        do(g, "nec", "buy", item="ghost")
    do(g, "nec", "conquer", region="y")
    do(g, "nec", "conquer", region="z")
    do(g, "nec", "redeploy", tokens={"y": 2, "z": 2, "island": 1})
    do(g, "nec", "end_turn")
    do(g, "ann", "conquer", region="y", cost=4)  # 2 + 2 Ghosts: 1 into the Well, 1 back
    do(g, "ann", "end_turn")
    # z holds 2 and the Island 1, yet the Ghost goes to z: the Island only without a region
    assert g.default_withdrawal().tokens == (("z", 3), ("island", 1))


def test_X_NEC_10_with_no_ghost_region_left_they_go_onto_the_island():
    g = new()
    nec_first_turn(g)
    do(g, "ann", "conquer", region="y")
    do(g, "ann", "conquer", region="z")
    assert st.well_ghosts(g) == 2 and g.hand("nec") == 1
    do(g, "ann", "end_turn")
    # 4 souls (2 Ghosts first, back to the reserve) -> 1 new Ghost; the withdrawn one too
    assert at(g, "island") == ("ghosts", 2) and st.book(g)["reserve"] == 12 and g.queue == []


def test_X_NEC_9_elves_thinned_by_decline_go_into_the_well_others_to_the_tray():
    g = new()
    do(g, "ann", "pick", combo=4)  # Elves 6 + Flying 5 = 11, 4 coins laid on the column
    do(g, "ann", "conquer", region="a")  # the Lost Tribe: Well 1
    do(g, "ann", "conquer", region="x")
    do(g, "ann", "end_turn")  # 11 on a and x
    do(g, "bob", "pick", combo=0)
    do(g, "bob", "end_turn")
    do(g, "nec", "end_turn")
    assert len(st.book(g)["well"]) == 1
    do(g, "ann", "decline")
    assert st.book(g)["well"] == ["lost_tribe"] + ["elves"] * 9  # 11 - 1 per region
    do(g, "ann", "end_turn")  # 10 souls: 2 Ghosts spawn, 2 souls stay
    assert len(st.book(g)["well"]) == 2 and at(g, "island") == ("ghosts", 3)


def test_X_NEC_9_other_races_declining_go_back_to_the_tray():
    g = new()
    first_two_turns(g)
    do(g, "nec", "end_turn")
    well = list(st.book(g)["well"])
    do(g, "ann", "decline")  # Ratmen 7 + 6 thinned to 1 + 1
    assert st.book(g)["well"] == well


def test_X_NEC_11_four_souls_make_one_ghost_on_the_island_lost_tribes_to_the_tray():
    g = new()
    first_two_turns(g)
    assert st.book(g)["well"] == [] and st.book(g)["reserve"] == 12
    assert at(g, "island") == ("ghosts", 2) and st.ghost_count(g) == 14


def test_A_NEC_02_ghosts_first_then_a_new_ghost_only_if_the_reserve_has_one():
    g = new(nec={**NEC, "reserve": 11})
    g._journal = None  # outside an action
    b = st.book(g)
    # 1 Ghost of the Island and all 11 of the reserve in the Well, with 1 other soul on top
    g._occupy(st.island(g), None, None, 0)
    b["well"] = ["soul"] * 2 + ["ghosts"] * 12
    b["reserve"] = 0
    assert st.ghost_count(g) == 14
    events = st.spawn(g)
    # 14 souls: 3 sets, 4 Ghosts each time (12 back to the reserve); 3 new Ghosts
    assert [e.data["ghosts"] for e in events] == [4, 4, 4]
    assert b["well"] == ["soul", "soul"] and b["reserve"] == 9
    assert at(g, "island") == ("ghosts", 3) and st.ghost_count(g) == 14


def test_A_NEC_02_an_empty_reserve_spawns_nothing_after_the_souls_go():
    g = new()
    g._journal = None
    b = st.book(g)
    b["well"] = ["soul"] * 4
    b["reserve"], b["removed"] = 0, 13  # every Ghost but the Island's out of play
    events = st.spawn(g)
    assert b["well"] == [] and at(g, "island") == ("ghosts", 1) and events[0].data["spawned"] == 0


# --- his turn --------------------------------------------------------------------------------
def test_X_NEC_12_A_NEC_03_price_is_powers_plus_ghosts_on_map_and_island_recomputed():
    g = new()
    first_two_turns(g)
    assert st.price(g) == 1 + 2
    do(g, "nec", "buy", item="ghost")
    assert g.coins[2] == 2 and st.price(g) == 1 + 3 and at(g, "island") == ("ghosts", 3)
    with pytest.raises(RuleError) as err:
        do(g, "nec", "buy", item="merchant")
    assert err.value.rule == "A-NEC-03"


def test_X_NEC_12_a_power_bought_adds_to_the_others():
    g = new(coins={"ann": 5, "bob": 5, "nec": 9})
    first_two_turns(g)
    do(g, "nec", "buy", item="merchant")  # 1 + 2
    do(g, "nec", "buy", item="hill")  # 2 + 2
    assert g.coins[2] == 9 - 3 - 4 and g.armies["ghosts"].powers == ("commando", "merchant", "hill")
    assert st.book(g)["unbought"] == ["forest", "swamp", "alchemist"]
    with pytest.raises(RuleError):
        do(g, "nec", "buy", item="hill")  # bought already


def test_A_NEC_03_option_price_extra_adds_the_reviews_plus_one():
    g = new(options={"necromancer_price_extra": 1})
    first_two_turns(g)
    do(g, "nec", "buy", item="ghost")  # 1 + 2 + 1 = 4
    assert g.coins[2] == 1


@pytest.mark.parametrize("who, when", [("ann", "start"), ("nec", "after_conquest")])
def test_X_NEC_12_only_he_buys_and_only_before_ready_troops(who, when):
    g = new()
    if who == "nec":
        first_two_turns(g)
        do(g, "nec", "conquer", region="y")
    with pytest.raises(RuleError) as err:
        do(g, who, "buy", item="ghost")
    assert err.value.rule == "X-NEC-12"


def test_X_NEC_18_no_banner_to_pick_never_in_decline():
    g = new()
    first_two_turns(g)
    for word, kw in (("pick", {"combo": 0}), ("decline", {})):
        with pytest.raises(RuleError) as err:
            do(g, "nec", word, **kw)
        assert err.value.rule == "X-NEC-18"
    acts = g.legal_actions()
    assert not [a for a in acts if a.do in ("pick", "decline")]
    # 5 coins, price 1 power + 2 Ghosts = 3: a Ghost or any of his 5 other powers
    assert {a.item for a in acts if a.do == "buy"} == {"ghost", *NEC["powers"][1:]}


def test_A_NEC_07_ready_troops_takes_every_ghost_of_the_island():
    g = new()
    first_two_turns(g)
    do(g, "nec", "conquer", region="y", cost=1)  # 2 - 1 Commando
    assert at(g, "island") == (None, 0) and g.hand("nec") == 1


def test_A_NEC_07_ghosts_may_go_back_onto_the_island_at_redeployment():
    g = new()
    first_two_turns(g)
    do(g, "nec", "conquer", region="y")
    do(g, "nec", "redeploy", tokens={"y": 1, "island": 1})
    do(g, "nec", "end_turn")
    assert at(g, "island") == ("ghosts", 1) and at(g, "y") == ("ghosts", 1)
    assert g.coins[2] == 5 + 1  # the Island scores nothing (X-NEC-17)


def test_X_NEC_13_he_enters_by_the_lakes_shore_never_by_the_edge():
    g = new()
    first_two_turns(g)
    with pytest.raises(RuleError) as err:
        do(g, "nec", "conquer", region="a")
    assert err.value.rule == "X-NEC-13"
    do(g, "nec", "conquer", region="y")
    assert g.quote("b").reason is None  # next to y, his region now
    assert g.quote("a").reason.rule == "X-NEC-13"


@pytest.mark.parametrize("power, lake", [("seafaring", "X-NEC-13"), ("flying", "B-CONQ-4")])
def test_X_NEC_13_17_island_and_lake_never_conquered_seafaring_included(power, lake):
    g = new(powers=[power] + [p for p in POWERS if p != power][:6])
    do(g, "ann", "pick", combo=0)
    for region, rule in (("island", "X-NEC-2"), ("l", lake)):
        with pytest.raises(RuleError) as err:
            do(g, "ann", "conquer", region=region)
        assert err.value.rule == rule


def test_X_NEC_14_1_coin_and_1_soul_per_region_the_island_neither():
    g = new()
    nec_first_turn(g)
    assert g.last_score[2][0]["coins"] == 2 and g.coins[2] == 2 + 2
    assert st.book(g)["well"] == ["soul", "soul"]


def test_X_NEC_17_merchant_counts_no_island():
    g = new(nec={**NEC, "keeps": "merchant"})
    first_two_turns(g)
    do(g, "nec", "end_turn")  # every Ghost back on the Island, no region
    assert sum(it["coins"] for it in g.last_score[2]) == 0 and at(g, "island") == ("ghosts", 2)


def test_X_NEC_15_all_ghosts_in_play_he_wins_at_once():
    g = new(nec={**NEC, "reserve": 11}, coins={"ann": 5, "bob": 5, "nec": 77})
    do(g, "ann", "pick", combo=0)
    do(g, "ann", "end_turn")
    do(g, "bob", "pick", combo=0)
    do(g, "bob", "end_turn")
    for _ in range(11):  # prices 2, 3, ... 12: 77 coins
        do(g, "nec", "buy", item="ghost")
    assert g.coins[2] == 0 and st.book(g)["reserve"] == 0
    do(g, "nec", "end_turn")
    assert g.game_over and g.winners() == ["nec"] and g.turn < g.turns


def test_X_NEC_15_not_while_a_ghost_lies_in_the_well():
    g = new(nec={**NEC, "reserve": 11}, coins={"ann": 5, "bob": 5, "nec": 77})
    first_two_turns(g)  # 1 Ghost spawned: reserve 10, 2 on the Island
    assert not g.game_over and st.book(g)["reserve"] == 10


def test_A_NEC_04_on_points_the_winner_is_among_the_other_players():
    g = new(turns=1, coins={"ann": 5, "bob": 6, "nec": 50})
    do(g, "ann", "pick", combo=0)
    do(g, "ann", "end_turn")
    do(g, "bob", "pick", combo=0)  # 1 coin on the column: bob 5, ann 5 + 0
    do(g, "bob", "end_turn")
    do(g, "nec", "end_turn")
    assert g.game_over and "nec" not in g.winners()


def test_A_NEC_04_option_lets_him_win_on_points():
    g = new(turns=1, coins={"ann": 5, "bob": 5, "nec": 50},
            options={"necromancer_wins_on_points": True})
    do(g, "ann", "pick", combo=0)
    do(g, "ann", "end_turn")
    do(g, "bob", "pick", combo=0)
    do(g, "bob", "end_turn")
    do(g, "nec", "end_turn")
    assert g.winners() == ["nec"]


# --- A-NEC-05: the Ghosts count as in decline --------------------------------------------------
def test_A_NEC_05_diplomat_cannot_make_peace_with_the_necromancer():
    g = new(powers=["diplomat", "spirit", "pillaging", "underworld", "flying", "mounted", "wealthy"])
    do(g, "ann", "pick", combo=0)
    with pytest.raises(RuleError) as err:
        do(g, "ann", "ally", player="nec")
    assert err.value.rule == "A-NEC-05"
    assert not [a for a in g.legal_actions() if a.do == "ally" and a.player == "nec"]
    do(g, "ann", "ally", player="bob")


def test_A_NEC_05_sorcerers_cannot_convert_a_lone_ghost():
    g = new(races=["ratmen", "sorcerers", "orcs", "wizards", "elves", "trolls", "dwarves"])
    nec_first_turn(g)  # y 2, z 1 (alone)
    do(g, "ann", "end_turn")
    with pytest.raises(RuleError) as err:
        do(g, "bob", "convert", region="z")
    assert err.value.rule == "B-RACE-SORCERERS-1"


def test_A_NEC_05_goblins_pay_one_less_ransacking_takes_nothing_no_attack_recorded():
    g = new(races=["goblins", "humans", "orcs", "wizards", "elves", "trolls", "dwarves"],
            powers=["ransacking", "spirit", "pillaging", "diplomat", "flying", "mounted", "wealthy"],
            expansions=("cursed", "necromancer"), coins={"ann": 5, "bob": 5, "nec": 5})
    do(g, "ann", "pick", combo=0)
    do(g, "ann", "conquer", region="a")
    do(g, "ann", "conquer", region="x")
    do(g, "ann", "end_turn")
    do(g, "bob", "pick", combo=0)
    do(g, "bob", "end_turn")
    do(g, "nec", "buy", item="ghost")  # 1 + 1: 3 coins left, 2 Ghosts on the Island
    do(g, "nec", "conquer", region="y", cost=1)  # 2 - 1 Commando
    do(g, "nec", "end_turn")  # the other Ghost joins y
    assert at(g, "y") == ("ghosts", 2)
    nec_coins = g.coins[2]
    assert g.quote("y", "ann").cost == 2 + 2 - 1  # X-CUR-GOB-1 against a race in decline
    do(g, "ann", "conquer", region="y", cost=3)
    assert g.coins[2] == nec_coins and 2 not in g._t["attacked"]


# --- state, saves, bots ----------------------------------------------------------------------
def test_snapshot_and_save_keep_the_well_the_reserve_and_his_powers():
    g = new()
    nec_first_turn(g)
    snap = g.snapshot()["modules"]["necromancer"]
    assert snap["reserve"] == 11 and snap["well"] == ["soul", "soul"] and snap["player"] == "nec"
    again = Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash()
    g.undo(1)
    assert st.book(g)["well"] == [] and g.current == "nec"
    g.redo(1)
    assert g.state_hash() == again.state_hash()


def test_a_refused_buy_changes_nothing():
    g = new()
    first_two_turns(g)
    before = g.to_json()
    with pytest.raises(RuleError):
        do(g, "nec", "buy", item="flying")
    assert g.to_json() == before


def _random_game(seed: int) -> tuple[Game, int]:
    rng = random.Random(seed)
    n = rng.choice([3, 4, 5, 6])
    more = rng.sample(["cursed", "grand_dames", "be_not_afraid", "leaders"], rng.randint(0, 2))
    g = Game(make_setup(f"base-{max(n - 1, 2)}p", [f"p{k}" for k in range(n)], seed=seed,
                        expansions=["necromancer", *more]))
    steps = 0
    while not g.game_over and steps < 3000:
        actions = g.legal_actions()
        assert actions
        g.apply(rng.choice(actions))  # every listed action applies
        steps += 1
        assert st.ghost_count(g) == st.GHOST_TOKENS
        assert min(g.coins) >= 0 and min(g.tokens) >= 0
        assert all(a.hand >= 0 and a.held >= 0 for a in g.armies.values())
        assert all(g.tray(r) >= 0 for r in g.armies if r != "ghosts")
    return g, steps


def test_30_random_games_with_the_necromancer_play_only_legal_actions():
    """X-NEC-8, -11, -15: the Well and the reserve conserve every Ghost; no count below 0."""
    seeds = random.Random(20261126).sample(range(10**6), 30)
    wins = 0
    for seed in seeds:
        g, steps = _random_game(seed)
        assert g.game_over, seed
        wins += st.book(g)["won"]
        if st.book(g)["won"]:
            assert g.winners() == [g.players[st.seat(g)]]
        else:
            assert g.players[st.seat(g)] not in g.winners()


# --- what the table is told (swcore.rules: turn_rows, notices, region_notes, end_notes) -------
def turn_card(g, seat):
    from swcore.rules import turn_rows

    found = turn_rows(g, seat)
    return dict(found[0][2]) if found else {}


def test_X_NEC_12_A_NEC_03_his_turn_card_gives_the_price_and_what_he_may_buy():
    g = new()
    assert turn_card(g, 0) == {} and turn_card(g, 2) == {}  # not his turn yet
    first_two_turns(g)  # 1 power, 2 Ghosts on the Island: each purchase costs 3 of his 5 coins
    card = turn_card(g, 2)
    assert card["Each purchase costs"] == ("3 coins (powers owned: 1 + Ghosts on the map and the "
                                           "Island: 2; X-NEC-12, A-NEC-03)")
    assert card["He may buy now"] == ("a Ghost onto the Island, Merchant, Hill, Forest, Swamp, "
                                      "Alchemist")
    assert card["Ghosts left in his reserve"] == "12"  # 13 - the one spawned after bob's turn
    assert card["Souls in the Well"].startswith("0: 4 more")
    assert card["Immediate win"].startswith("when no Ghost is left in his reserve or the Well: 12")
    do(g, "nec", "buy", item="ghost")  # 3 paid, 2 left; now 1 + 3 = 4
    card = turn_card(g, 2)
    assert card["Each purchase costs"].startswith("4 coins")
    assert card["Nothing to buy now"] == "no purchase he can pay for at this price (A-NEC-03)"
    assert "2 coins" not in str(card)  # his coins stay hidden (B-SCORE-3)
    assert card["Ghosts left in his reserve"] == "11"
    do(g, "nec", "conquer", region="y")
    assert turn_card(g, 2)["Nothing to buy now"].startswith("X-NEC-12: purchases come first")


def test_A_NEC_03_his_turn_card_counts_the_option_in_the_price():
    g = new(options={"necromancer_price_extra": 1})
    first_two_turns(g)
    assert turn_card(g, 2)["Each purchase costs"] == (
        "4 coins (powers owned: 1 + Ghosts on the map and the Island: 2 + 1 (rule option); "
        "X-NEC-12, A-NEC-03)")


def test_X_NEC_11_a_ghost_rising_after_any_turn_is_announced():
    from swcore.rules import notices

    g = new()
    first_two_turns(g)
    events = g.apply({"by": "nec", "do": "buy", "item": "ghost"})
    assert notices(g, events) == []  # a purchase is shown where it was tapped
    g2 = new()
    do(g2, "ann", "pick", combo=0)
    do(g2, "ann", "conquer", region="a")
    do(g2, "ann", "conquer", region="x")
    do(g2, "ann", "redeploy", tokens={"a": 7, "x": 6})
    do(g2, "ann", "end_turn")
    do(g2, "bob", "pick", combo=0)
    for r in "bcd":
        do(g2, "bob", "conquer", region=r)
    told = notices(g2, do(g2, "bob", "end_turn"))  # 4 Lost Tribes in the Well: a Ghost rises
    assert [e.kind for e in told] == ["spawn"]
    assert told[0].text.endswith("a new Ghost rises on the Island")


def test_X_NEC_15_the_end_says_he_won_at_once_and_why():
    from swcore.rules import end_notes

    g = new(nec={**NEC, "reserve": 11}, coins={"ann": 5, "bob": 5, "nec": 77})
    do(g, "ann", "pick", combo=0)
    do(g, "ann", "end_turn")
    do(g, "bob", "pick", combo=0)
    do(g, "bob", "end_turn")
    assert end_notes(g) == []  # not over
    for _ in range(11):
        do(g, "nec", "buy", item="ghost")
    events = do(g, "nec", "end_turn")
    assert [e.kind for e in events if e.kind == "necromancer_wins"] == ["necromancer_wins"]
    assert end_notes(g) == [("nec, the Necromancer, wins at once: every Ghost is in play, none "
                             "left in his reserve or the Well of Souls (X-NEC-15).", True)]


def test_A_NEC_04_the_end_says_he_is_not_counted_unless_the_option():
    from swcore.rules import end_notes

    for wins, want in ((False, [False]), (True, [])):
        g = new(turns=1, coins={"ann": 5, "bob": 6, "nec": 50},
                options={"necromancer_wins_on_points": wins})
        for who in ("ann", "bob"):
            do(g, who, "pick", combo=0)
            do(g, who, "end_turn")
        do(g, "nec", "end_turn")
        notes = end_notes(g)
        assert [named for _, named in notes] == want
        assert not notes or "chosen among the other players (X-NEC-15, A-NEC-04)" in notes[0][0]


def test_X_NEC_2_13_16_region_cards_recall_the_island_the_lake_its_shore_and_ghosts():
    from swcore.rules import region_notes

    g = new()
    nec_first_turn(g)  # Ghosts on y and z
    i = g.board.region
    assert region_notes(g, i("island"))[0].startswith("Necromancer Island: no one conquers it")
    assert region_notes(g, i("l")) == ["It holds Necromancer Island: no one conquers it, "
                                       "Seafaring included (X-NEC-13)"]
    assert region_notes(g, i("y")) == [
        "On the Lake's shore: the Necromancer may attack it from the Island (X-NEC-13)",
        "Ghosts count as a race in decline for the other players; taken, one Ghost goes into the "
        "Well of Souls and the others back to him (X-NEC-16, X-NEC-10)"]
    assert region_notes(g, i("a")) == []  # far from the Lake, no Ghost


def test_his_turn_card_region_notes_and_end_read_in_french():
    """Issue 12: every text of his turn card, the region notes and the end is in swcore.po."""
    from swcore.rules import end_notes, region_notes, turn_rows

    g = new(nec={**NEC, "reserve": 11}, coins={"ann": 5, "bob": 5, "nec": 77})
    for who in ("ann", "bob"):
        do(g, who, "pick", combo=0)
        do(g, who, "end_turn")
    fr, en = turn_rows(g, 2, "fr")[0][2], turn_rows(g, 2)[0][2]
    assert fr[0] == ("Chaque achat coûte", "2 jetons de victoire (Pouvoirs possédés : 1 + Fantômes "
                                          "sur la carte et l'Île : 1 ; X-NEC-12, A-NEC-03)")
    assert all(f != e for f, e in zip(fr, en, strict=True))
    for rid in ("island", "l", "y"):
        i = g.board.region(rid)
        assert all(f != e for f, e in zip(region_notes(g, i, "fr"), region_notes(g, i), strict=True))
    for _ in range(11):
        do(g, "nec", "buy", item="ghost")
    do(g, "nec", "end_turn")
    assert end_notes(g, "fr")[0][0].startswith("nec, le Nécromant, gagne aussitôt")


def test_A_NEC_07_encampments_on_the_island_go_back_to_him_when_it_empties():
    """A-NEC-07 with B-POW-BIVOUACKING-2: he keeps Bivouacking, holds y (hill, 2 Ghosts) and
    puts 1 Ghost back onto the Island with all 5 Encampments. At his next Ready Troops (his
    redeploy here) the Island empties into his hand (1; y keeps its 1) and that Ghost goes on
    y; the Encampments are not left on the empty Island: they go back to him (never lost), to
    be placed again on his regions."""
    nec = {"powers": ["bivouacking", "merchant", "hill", "forest", "swamp", "alchemist"],
           "keeps": "bivouacking"}
    g = new(nec=nec)
    first_two_turns(g)
    do(g, "nec", "conquer", region="y", cost=2)
    do(g, "nec", "redeploy", tokens={"y": 1, "island": 1})
    do(g, "nec", "encampments", tokens={"island": 5})
    do(g, "nec", "end_turn")
    island = g.board.region("island")
    assert g.mk["encampment"][island] == 5
    do(g, "ann", "end_turn")
    do(g, "bob", "end_turn")
    before = g.to_json()
    g.legal_actions()  # previews Ready Troops and takes it back (the journal)
    assert g.to_json() == before and g.mk["encampment"][island] == 5
    do(g, "nec", "redeploy", tokens={"y": 2})
    assert at(g, "island") == (None, 0) and g.mk["encampment"][island] == 0
    assert g.armies["ghosts"].stock == {"encampment": 5}


def test_X_NEC_9_only_the_elves_own_tokens_go_into_the_well_on_decline():
    """X-NEC-9 with X-CUR-HOR-1: Elves 6 + Hordes of 5 + 2 Horde tokens = 13 (box 11). a (Lost
    Tribe, 3) and x (2), redeployed a 7, x 6. On decline one Elf stays in each region (2), the
    2 Horde tokens vanish, and only the 11 - 2 = 9 other Elves go into the Well (the 2 Horde
    tokens went in too: 11 Elves in the Well, the tray at -2)."""
    g = new(races=["elves", *[r for r in RACES if r != "elves"]], powers=["hordes_of", *POWERS[1:]],
            expansions=("necromancer", "cursed"))
    do(g, "ann", "pick", combo=0)
    assert g.hand("ann") == 13 and g.box_of("elves") == 11
    do(g, "ann", "conquer", region="a", cost=3)
    do(g, "ann", "conquer", region="x", cost=2)
    do(g, "ann", "end_turn")
    assert at(g, "a") == ("elves", 7) and at(g, "x") == ("elves", 6)
    do(g, "bob", "pick", combo=0)
    do(g, "bob", "end_turn")
    do(g, "nec", "end_turn")
    do(g, "ann", "decline")
    assert at(g, "a") == ("elves", 1) and at(g, "x") == ("elves", 1)
    assert st.book(g)["well"].count("elves") == 9 and g.tray("elves") == 0


def test_X_CUR_HOR_1_X_NEC_8_horde_tokens_vanish_with_a_ghoul_in_the_well():
    """X-CUR-HOR-1 with X-NEC-8: Ghouls / Hordes of, 5 + 5 + 2 = 12 tokens. bob takes x (2 +
    2 Ghouls): 1 Ghoul into the Well, 1 back to a (11 there). In decline the Ghouls keep all
    their own tokens (B-RACE-GHOULS-1) and the 2 Horde tokens vanish: 9 stay on a; the box's
    10 Ghouls are those 9 and the one in the Well, none in the tray (the Well's Ghoul was
    counted as a Horde token's escape: 10 stayed, the tray at -1)."""
    g = new(races=["ghouls", *RACES[1:]], powers=["hordes_of", *POWERS[1:]],
            expansions=("necromancer", "cursed"))
    do(g, "ann", "pick", combo=0)
    do(g, "ann", "conquer", region="a", cost=3)
    do(g, "ann", "conquer", region="x", cost=2)
    do(g, "ann", "redeploy", tokens={"a": 10, "x": 2})
    do(g, "ann", "end_turn")
    do(g, "bob", "pick", combo=0)
    do(g, "bob", "conquer", region="b", cost=3)
    do(g, "bob", "conquer", region="y", cost=2)
    do(g, "bob", "conquer", region="x", cost=4)
    do(g, "bob", "end_turn")
    do(g, "ann", "redeploy", race="ghouls", tokens={"a": 11})
    do(g, "nec", "end_turn")
    do(g, "ann", "decline")
    assert at(g, "a") == ("ghouls", 9)
    assert st.book(g)["well"].count("ghouls") == 1 and g.tray("ghouls") == 0


def test_A_NEC_06_the_necromancer_buying_hordes_of_gets_no_horde_token():
    """A-NEC-06: he never gets race tokens from a badge, so Hordes of's 2 Horde tokens
    (X-CUR-HOR-1) are not his: bought for 3 coins (X-NEC-12: 7 + 8 + 5 -> 2), no Ghost in hand,
    none left lying in a tray for a Vampire to draw from (the tray showed 2)."""
    g = new(nec={"powers": ["commando", "hordes_of", "merchant", "hill", "forest", "swamp"],
                 "keeps": "commando"}, expansions=("necromancer", "cursed"))
    first_two_turns(g)
    do(g, "nec", "buy", item="hordes_of")
    ghosts = g.armies[st.GHOSTS]
    assert "hordes_of" in ghosts.powers and g.coins[2] == 2
    assert ghosts.hand == 0 and g.tray(st.GHOSTS) == 0 and st.ghost_count(g) == st.GHOST_TOKENS
