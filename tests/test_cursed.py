"""Cursed! (X-CUR-*, A-CUR-01..07): Goblins, Kobolds, Hordes of, Cursed, Marauding, Ransacking,
Were-. Every expected number is worked out by hand from the French rule text (seed 000)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gamehelpers import act, last_scored, new, owner, refused, region, tokens, turn

from swcore import Game, InputError
from swcore.bots import GreedyBot, RandomBot
from swcore.catalogue import CATALOGUE, in_sets
from swcore.config import default_pool, make_setup

# a farmland(edge) - b hill (Lost Tribe) - c forest - e swamp(edge); b - d mountain (Lost Tribe)
# - e; a - f hill. The board of the shared example x-cursed.yaml.
MAP = {"regions": {"a": region("farmland", edge=True), "b": region("hill", lost_tribe=True),
                   "c": region("forest"), "d": region("mountain", lost_tribe=True),
                   "e": region("swamp", edge=True), "f": region("hill")},
       "borders": [["a", "b"], ["b", "c"], ["c", "e"], ["b", "d"], ["d", "e"], ["a", "f"]]}
# a sea on the edge touching three farmlands: each costs Tritons 1 (B-RACE-TRITONS-1).
COAST = {"regions": {"s": region("sea", edge=True), "a": region("farmland"),
                     "b": region("farmland"), "c": region("farmland")},
         "borders": [["s", "a"], ["s", "b"], ["s", "c"], ["a", "b"], ["b", "c"]]}
FILL_R = ["ratmen", "orcs", "elves", "wizards", "trolls", "dwarves", "giants"]
FILL_P = ["merchant", "hill", "forest", "swamp", "alchemist", "wealthy", "mounted"]


def cursed(races: list[str], powers: list[str], board: Any = MAP, **kw: Any) -> Game:
    """A Cursed! game whose column starts with these races and powers (the rest filled in)."""
    races = races + [r for r in FILL_R if r not in races]
    powers = powers + [p for p in FILL_P if p not in powers]
    return Game(make_setup(board, kw.pop("players", ["ann", "bob"]), races=races[:8],
                           powers=powers[:8], expansions=["cursed"], **kw))


# ------------------------------------------------------------------------------------------
# The module and its data
# ------------------------------------------------------------------------------------------
def test_catalogue_rows_and_pool_x_cur():
    """X-CUR: 2 banners and 5 badges with the digest's numbers; one-source numbers flagged."""
    assert [CATALOGUE[r].tokens for r in ("goblins", "kobolds")] == [6, 11]
    assert {p: CATALOGUE[p].tokens for p in ("hordes_of", "cursed", "marauding", "ransacking",
                                             "were")} == {"hordes_of": 5, "cursed": 0,
                                                          "marauding": 5, "ransacking": 4,
                                                          "were": 4}
    assert not CATALOGUE["cursed"].confirmed and CATALOGUE["hordes_of"].confirmed
    assert set(in_sets("race", default_pool(["cursed"]))) >= {"goblins", "kobolds"}
    assert "goblins" not in in_sets("race", default_pool([]))


def test_options_are_the_rulings_names_A_CUR_01_A_CUR_02():
    g = cursed(["goblins"], ["merchant"])
    assert g.module_options["cursed"].goblins_vs_lost_tribes is True
    assert g.module_options["cursed"].hordes_need_escort is False
    with pytest.raises(InputError, match="cursed rules"):
        new(MAP, FILL_R, FILL_P, options={"hordes_need_escort": True})
    with pytest.raises(InputError, match="true or false"):
        cursed(["goblins"], ["merchant"], options={"goblins_vs_lost_tribes": "yes"})


def test_the_cursed_words_are_refused_without_the_module():
    g = new(MAP, FILL_R, FILL_P)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    assert refused(g, "ann", "maraud") == "X-CUR-MAR-1"  # not this race's power


# ------------------------------------------------------------------------------------------
# Cursed (X-CUR-CUR-1, A-CUR-05)
# ------------------------------------------------------------------------------------------
def test_cursed_combo_costs_3_to_pass_X_CUR_CUR_1():
    g = cursed(["humans", "ratmen", "orcs", "elves", "wizards", "trolls"],
               ["merchant", "cursed", "hill", "forest", "swamp", "alchemist"])
    assert [g.combo_price(k) for k in range(6)] == [0, 1, 4, 5, 6, 7]
    act(g, "ann", "pick", combo=3)  # 1 on Humans, 3 on the Cursed Ratmen, 1 on Orcs
    assert g.coins[0] == 0
    assert [c[2] for c in g.column[:3]] == [1, 3, 1]
    # B-COMBO-3: bob cannot pay 4 + ... for position 2 (the Cursed combo is above it) with 3 coins
    g2 = cursed(["humans", "ratmen", "orcs"], ["merchant", "cursed", "hill"], coins=3)
    assert refused(g2, "ann", "pick", combo=2) == "B-COMBO-3"
    assert {a.combo for a in g2.legal_actions() if a.do == "pick"} == {0, 1}


def test_whoever_takes_the_cursed_combo_collects_everything_A_CUR_05():
    g = cursed(["kobolds", "humans", "goblins"], ["cursed", "were", "ransacking"])
    act(g, "ann", "pick", combo=1)  # 3 on the Cursed Kobolds
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # the Cursed combo itself: free, collects 3
    assert g.coins[1] == 5 + 3
    assert g.hand("bob") == 11 + 0  # the badge gives nothing (value 0)


# ------------------------------------------------------------------------------------------
# Goblins (X-CUR-GOB-1, A-CUR-01)
# ------------------------------------------------------------------------------------------
def test_goblins_minus_one_against_lost_tribes_A_CUR_01():
    g = cursed(["goblins"], ["merchant"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    q = g.quote("b")  # hill 2 + Lost Tribe 1 - 1
    assert q.cost == 2 and ("Goblins against a race in decline", -1) in q.breakdown
    assert g.quote("f").cost == 2  # an empty region: no reduction


def test_goblins_option_lost_tribes_do_not_count_A_CUR_01():
    g = cursed(["goblins"], ["merchant"], options={"goblins_vs_lost_tribes": False})
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    assert g.quote("b").cost == 3


def test_goblins_minus_one_against_a_race_in_decline_not_an_active_one_X_CUR_GOB_1():
    g = cursed(["ratmen", "goblins"], ["merchant", "hill"])
    act(g, "ann", "pick", combo=0)  # Ratmen 8 + 5
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")  # a: 13 Ratmen
    act(g, "bob", "pick", combo=0)  # Goblins 6 + Hill 4 = 10
    act(g, "bob", "conquer", region="e")
    assert g.quote("a").cost == 2 + 10  # active Ratmen: no reduction
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")  # a keeps 1 in-decline Ratman
    act(g, "ann", "end_turn")
    q = g.quote("c")
    assert q.cost == 2
    assert g.quote("d").cost == 2 + 1 + 1 - 1  # mountain + Lost Tribe, -1
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "conquer", region="b")
    assert g.quote("a").cost == 2 + 1 - 1  # the in-decline Ratman


def test_goblins_minus_one_against_their_own_race_in_decline_X_CUR_GOB_1():
    """"Toute région occupée par un Peuple en déclin": the owner's own in-decline race too."""
    g = cursed(["ratmen", "orcs", "goblins"], ["merchant", "hill", "forest"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    turn(g, "ann", decline=True)
    act(g, "bob", "end_turn")
    act(g, "ann", "pick", combo=0)  # Goblins
    assert g.quote("a").cost == 2 + 1 - 1


# ------------------------------------------------------------------------------------------
# Kobolds (X-CUR-KOB-1, A-CUR-07)
# ------------------------------------------------------------------------------------------
def test_kobolds_commit_two_when_the_cost_is_one_A_CUR_07():
    g = cursed(["kobolds"], ["were"])
    act(g, "ann", "pick", combo=0)  # 11 + 4 = 15
    g.turn = 2  # night: a costs 2 - 2 -> 1 (minimum), two Kobolds go in
    ev = act(g, "ann", "conquer", region="a")
    assert ev[0].data["cost"] == 1 and ev[0].data["committed"] == 2
    assert tokens(g, "a") == 2 and g.hand("ann") == 13


def test_kobolds_ready_troops_leaves_two_per_region_X_CUR_KOB_1():
    g = cursed(["kobolds"], ["merchant"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "redeploy", tokens={"a": 7, "f": 6})  # Kobolds 11 + Merchant 2
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "conquer", region="b")  # Ready Troops first: a 2, f 2, 9 in hand
    assert tokens(g, "a") == 2 and tokens(g, "f") == 2
    assert g.hand("ann") == 9 - 3


def test_kobolds_redeploy_needs_two_per_region_X_CUR_KOB_1():
    g = cursed(["kobolds"], ["merchant"])
    act(g, "ann", "pick", combo=0)  # 11 + 2 = 13
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    assert refused(g, "ann", "redeploy", tokens={"a": 12, "f": 1}) == "X-CUR-KOB-1"
    act(g, "ann", "redeploy", tokens={"a": 11, "f": 2})
    assert tokens(g, "f") == 2


def test_kobolds_default_placement_brings_a_lone_kobold_up_to_two_X_CUR_KOB_1():
    """X-CUR-KOB-1 with U-POWER-REBORN-1 (which swaps in one token of the active race): a region
    left with 1 Kobold and nothing in hand takes one from the largest region, so the listed
    default redeployment is one `apply` accepts (it listed f 1, refused)."""
    g = cursed(["kobolds"], ["merchant"])
    act(g, "ann", "pick", combo=0)  # 11 + 2 = 13
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "redeploy", tokens={"a": 11, "f": 2})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    f = g.board.region("f")
    g.tokens[f] = 1  # as Reborn's swap leaves it; the twelfth Kobold goes back to the tray
    army = g.armies["kobolds"]
    assert g.default_placement(army) == {g.board.region("a"): 10, f: 2}
    listed = next(a for a in g.legal_actions() if a.do == "redeploy")
    g.copy().apply(listed)


def test_kobolds_placement_with_a_small_box_A_CUR_07():
    """7 Kobolds (the box as the table gives it) on 3 regions: 2, 2 and 3 at least."""
    g = cursed(["kobolds"], ["merchant"], supply={"kobolds": 7})
    act(g, "ann", "pick", combo=0)  # min(13, 7)
    assert g.hand("ann") == 7
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "conquer", region="b")  # hill 2 + Lost Tribe 1
    assert tokens(g, "b") == 3 and g.hand("ann") == 0
    assert refused(g, "ann", "redeploy", tokens={"a": 5, "f": 1, "b": 1}) == "X-CUR-KOB-1"
    act(g, "ann", "redeploy", tokens={"a": 3, "f": 2, "b": 2})


def test_kobolds_conquest_and_final_die_need_two_in_hand_A_CUR_07():
    g = cursed(["kobolds"], ["merchant"], supply={"kobolds": 5})
    act(g, "ann", "pick", combo=0)  # 5 Kobolds
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    assert g.hand("ann") == 1
    assert refused(g, "ann", "conquer", region="b", reinforce=True) == "X-CUR-KOB-1"
    assert refused(g, "ann", "conquer", region="b") == "X-CUR-KOB-1"
    assert not [a for a in g.legal_actions() if a.do == "conquer"]
    act(g, "ann", "end_turn")  # the one left goes on the fewest: a 3
    assert (tokens(g, "a"), tokens(g, "f")) == (3, 2)


def test_kobolds_final_die_puts_every_token_in_hand_X_CUR_KOB_1():
    g = cursed(["kobolds"], ["merchant"], supply={"kobolds": 6}, dice=[2])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "conquer", region="b", reinforce=True)  # 2 in hand + die 2 >= 3
    assert tokens(g, "b") == 2 and g.hand("ann") == 0


def test_kobolds_in_decline_keep_one_per_region_X_CUR_KOB_1():
    g = cursed(["kobolds"], ["merchant"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    assert (tokens(g, "a"), tokens(g, "f")) == (1, 1)


def test_a_kobold_is_never_converted_A_CUR_07():
    g = cursed(["kobolds", "sorcerers"], ["merchant", "flying"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "redeploy", tokens={"a": 13})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Sorcerers / Flying
    act(g, "bob", "conquer", region="f")
    assert refused(g, "bob", "convert", region="a") == "B-RACE-SORCERERS-2"


def test_kobold_dragon_master_commits_two_X_CUR_KOB_1():
    g = cursed(["kobolds"], ["dragon_master"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "dragon", region="e")
    assert tokens(g, "e") == 2 and g.hand("ann") == 11 + 5 - 2


# ------------------------------------------------------------------------------------------
# Hordes of (X-CUR-HOR-1, A-CUR-02)
# ------------------------------------------------------------------------------------------
def test_hordes_give_two_tokens_beyond_the_box_X_CUR_HOR_1():
    g = cursed(["ratmen"], ["hordes_of"])
    act(g, "ann", "pick", combo=0)  # 8 + 5 + 2 = 15; the Ratmen box holds 13
    assert g.hand("ann") == 15
    assert g.tray("ratmen") == 0


def test_hordes_vanish_on_decline_ghouls_keep_the_rest_X_CUR_HOR_1():
    g = cursed(["ghouls"], ["hordes_of"])
    act(g, "ann", "pick", combo=0)  # 5 + 5 + 2 = 12 (box 10 + 2)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")  # a 12
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    ev = act(g, "ann", "decline")
    assert tokens(g, "a") == 10 and g.tray("ghouls") == 0
    assert not [e for e in ev if e.kind == "hordes"]  # no region emptied


def test_hordes_vanish_on_decline_leaving_only_regular_tokens_X_CUR_HOR_1():
    """4 Tritons (2 regular + 2 Horde) on 3 regions: in decline only 2 tokens remain."""
    g = cursed(["tritons"], ["hordes_of"], board=COAST, supply={"tritons": 2})
    act(g, "ann", "pick", combo=0)
    assert g.hand("ann") == 4
    for r in "abc":
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")  # a 2, b 1, c 1
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    ev = act(g, "ann", "decline")
    assert [tokens(g, r) for r in "abc"] == [1, 1, 0]
    assert owner(g, "c") is None and [e.data["regions"] for e in ev if e.kind == "hordes"] == [["c"]]


def test_hordes_need_escort_option_limits_the_regions_A_CUR_02():
    g = cursed(["tritons"], ["hordes_of"], board=COAST, supply={"tritons": 2},
               options={"hordes_need_escort": True})
    act(g, "ann", "pick", combo=0)
    for r in "abc":
        act(g, "ann", "conquer", region=r)
    assert refused(g, "ann", "redeploy", tokens={"a": 2, "b": 1, "c": 1}) == "X-CUR-HOR-1"
    redeploys = [a for a in g.legal_actions() if a.do == "redeploy"]
    assert dict(redeploys[0].tokens) == {"a": 2, "b": 2}  # the default drops the weakest, last
    act(g, "ann", "end_turn")
    assert [tokens(g, r) for r in "abc"] == [2, 2, 0]
    assert last_scored(g, "ann") == 2


def test_hordes_escort_off_by_default_A_CUR_02():
    g = cursed(["tritons"], ["hordes_of"], board=COAST, supply={"tritons": 2})
    act(g, "ann", "pick", combo=0)
    for r in "abc":
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "redeploy", tokens={"a": 2, "b": 1, "c": 1})
    assert [tokens(g, r) for r in "abc"] == [2, 1, 1]


# ------------------------------------------------------------------------------------------
# Marauding (X-CUR-MAR-1, A-CUR-03)
# ------------------------------------------------------------------------------------------
def test_marauding_takes_the_troops_back_and_conquers_again_A_CUR_03():
    g = cursed(["ratmen"], ["marauding"], supply={"ratmen": 8})
    act(g, "ann", "pick", combo=0)  # min(13, 8)
    assert refused(g, "ann", "maraud") == "X-CUR-MAR-1"  # nothing conquered yet
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "conquer", region="b")  # 2 + 2 + 3: 1 left
    assert {"by": "ann", "do": "maraud"} in [a.to_dict() for a in g.legal_actions()]
    act(g, "ann", "maraud")  # a, f, b keep 1 each: 1 + 1 + 1 + 2 = 5 in hand
    assert g.hand("ann") == 5 and [tokens(g, r) for r in "afb"] == [1, 1, 1]
    assert refused(g, "ann", "maraud") == "X-CUR-MAR-1"  # once per turn
    act(g, "ann", "conquer", region="c")
    assert tokens(g, "c") == 2 and g.hand("ann") == 3


def test_marauding_comes_before_the_die_B_FINAL_4():
    g = cursed(["ratmen"], ["marauding"], supply={"ratmen": 8}, dice=[0])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "conquer", region="c", reinforce=True)  # 1 + 0 < 2: fails, conquests over
    assert refused(g, "ann", "maraud") == "B-FINAL-4"


def test_kobolds_marauding_leave_two_per_region_A_CUR_03():
    g = cursed(["kobolds"], ["marauding"])
    act(g, "ann", "pick", combo=0)  # 16
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "redeploy", tokens={"a": 8, "f": 8})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "conquer", region="b")  # Ready Troops: a 2, f 2, hand 12; b takes 3
    act(g, "ann", "maraud")  # b 3 -> 2
    assert g.hand("ann") == 12 - 3 + 1 and tokens(g, "b") == 2


def test_orcs_count_both_waves_of_marauding_A_CUR_03():
    g = cursed(["orcs"], ["marauding"], supply={"orcs": 6})
    act(g, "ann", "pick", combo=0)  # 5 + 5 = 10, the box (as given) holds 6
    act(g, "ann", "conquer", region="a")  # 2
    act(g, "ann", "conquer", region="b")  # 3, a Lost Tribe: 1 left
    act(g, "ann", "maraud")  # a 1, b 1: 1 + 1 + 2 = 4
    act(g, "ann", "conquer", region="d")  # 2 + mountain 1 + Lost Tribe 1
    act(g, "ann", "end_turn")
    assert last_scored(g, "ann") == 3 + 2  # three regions, Orcs: two non-empty, one per wave


# ------------------------------------------------------------------------------------------
# Ransacking (X-CUR-RAN-1, A-CUR-06)
# ------------------------------------------------------------------------------------------
def ransack_game(**kw: Any) -> Game:
    """ann's Ratmen hold a with 2 and f with 8; bob's Goblins/Ransacking are about to attack."""
    g = cursed(["ratmen", "goblins"], ["merchant", "ransacking"], **kw)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="f")
    act(g, "ann", "redeploy", tokens={"a": 2, "f": 8})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    return g


def test_ransacking_takes_a_coin_per_region_of_an_active_race_X_CUR_RAN_1():
    g = ransack_game()
    before = list(g.coins)
    ev = act(g, "bob", "conquer", region="a")  # 2 + 2 Ratmen
    assert g.coins == [before[0] - 1, before[1] + 1]
    assert [e.data["coins"] for e in ev if e.kind == "pay"] == [1]
    act(g, "bob", "conquer", region="b")  # a Lost Tribe: nothing
    assert g.coins == [before[0] - 1, before[1] + 1]


def test_ransacking_nothing_from_a_player_with_no_coin_A_CUR_06():
    g = ransack_game()
    g.coins[0] = 0  # a position where ann has spent every coin
    ev = act(g, "bob", "conquer", region="a")
    assert g.coins == [0, 5] and not [e for e in ev if e.kind == "pay"]


def test_ransacking_nothing_from_a_race_in_decline_A_CUR_06():
    g = cursed(["ratmen", "goblins", "orcs"], ["merchant", "ransacking", "hill"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="e")
    act(g, "bob", "end_turn")
    turn(g, "ann", decline=True)
    before = list(g.coins)
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "conquer", region="b")
    act(g, "bob", "conquer", region="a")  # the in-decline Ratman
    assert g.coins == before


def test_ransacking_sorcerers_conversion_counts_A_CUR_06():
    g = cursed(["ratmen", "sorcerers"], ["merchant", "ransacking"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 9, "b": 1})
    act(g, "ann", "end_turn")  # 5 + 2 regions + Merchant 2
    act(g, "bob", "pick", combo=0)  # Sorcerers / Ransacking, 5 coins
    act(g, "bob", "conquer", region="e")
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "convert", region="b")  # the lone Ratman next to c
    assert owner(g, "b") == "bob" and g.coins == [9 - 1, 5 + 1]


# ------------------------------------------------------------------------------------------
# Were- (X-CUR-WER-1, A-CUR-04)
# ------------------------------------------------------------------------------------------
def test_were_minus_two_at_night_only_A_CUR_04():
    g = cursed(["ratmen"], ["were"])
    act(g, "ann", "pick", combo=0)
    assert g.quote("a").cost == 2  # turn 1: day
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    assert g.turn == 2
    q = g.quote("b")  # hill 2 + Lost Tribe 1 - 2
    assert q.cost == 1 and ("Were- at night", -2) in q.breakdown
    assert g.quote("f").cost == 1  # 2 - 2 = 0: minimum 1 (B-CONQ-3)


# ------------------------------------------------------------------------------------------
# Bots: random and greedy games with the Cursed! set in the stacks
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("g", range(30))
def test_random_games_with_cursed_every_listed_action_applies(g: int):
    rng = random.Random(1000 + g)
    board = rng.choice(["base-2p", "base-3p", "base-4p"])
    players = [f"p{i}" for i in range({"base-2p": 2, "base-3p": 3, "base-4p": 4}[board])]
    races = rng.sample(["kobolds", "goblins"], 2)
    powers = rng.sample(["hordes_of", "cursed", "marauding", "ransacking", "were"], 3)
    game = Game.new(board, players, seed=g, races=races, powers=powers, expansions=["cursed"],
                    options={"hordes_need_escort": g % 3 == 0,
                             "goblins_vs_lost_tribes": g % 4 != 0})
    bot = RandomBot(g) if g % 2 else GreedyBot(g)
    for _ in range(5000):
        if game.game_over:
            break
        actions = game.legal_actions()
        game.apply(bot.choose(game, actions))
        assert min(game.coins) >= 0 and min(game.tokens) >= 0
        for race, army in game.armies.items():
            assert army.hand >= 0 and game.tray(race) >= 0, race
            if race == "kobolds" and not army.declined:
                assert all(game.tokens[i] >= 2 for i in game.regions_of(race))
    assert game.game_over
    assert Game.from_json(game.to_json()).state_hash() == game.state_hash()
