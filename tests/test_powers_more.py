"""Unit tests of the base special powers from Fortified to Wealthy (B-POW-*, A-BASE-*); the first
ones and the helpers' description are in test_powers.py."""

from __future__ import annotations

import pytest
from gamehelpers import act, bonus, turn
from powerhelpers import (
    LINE4,
    LINE4_BORDERS,
    coins,
    committed,
    mark,
    new,
    owner,
    refuse,
    region,
    scored,
    tok,
)

from swcore import Game

# ---------------------------------------------------------------------------------------------
# Fortified
# ---------------------------------------------------------------------------------------------
FORT_MAP = {rid: region("farmland", True) for rid in "abcdefgh"}
FORT_BORDERS = "a-b b-c c-d d-e e-f f-g g-h"


def _fortified() -> Game:
    g = new(FORT_MAP, FORT_BORDERS, ["ratmen", "sorcerers"], ["fortified", "hill"])
    act(g, "ann", "pick", combo=0)  # Ratmen 8 + Fortified 3 = 11
    for rid in "abcde":
        act(g, "ann", "conquer", region=rid)  # 1 left
    return g


def test_B_POW_FORTIFIED_1_once_per_turn_one_per_region_own_regions():
    g = _fortified()
    assert refuse(g, "ann", "fortress", region="h").rule == "B-POW-FORTIFIED-1"
    act(g, "ann", "fortress", region="a")
    assert refuse(g, "ann", "fortress", region="b").rule == "B-POW-FORTIFIED-1"
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    assert refuse(g, "ann", "fortress", region="a").rule == "B-POW-FORTIFIED-1"
    act(g, "ann", "fortress", region="b")
    assert mark(g, "fortress", "a") == mark(g, "fortress", "b") == 1


def test_B_POW_FORTIFIED_1_six_fortresses_on_the_map():
    g = _fortified()
    act(g, "ann", "fortress", region="a")
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    turn(g, "ann", "f", "g", end=False)  # Ready Troops: 6 in hand
    act(g, "ann", "fortress", region="b")
    act(g, "ann", "end_turn")
    for rid in "cdef":
        act(g, "bob", "end_turn")
        act(g, "ann", "fortress", region=rid)
        act(g, "ann", "end_turn")
    assert sum(g.mk["fortress"]) == 6
    act(g, "bob", "end_turn")
    assert refuse(g, "ann", "fortress", region="g").rule == "B-POW-FORTIFIED-1"


def test_B_POW_FORTIFIED_2_one_coin_per_fortress_while_active():
    g = _fortified()
    act(g, "ann", "fortress", region="a")
    act(g, "ann", "end_turn")
    assert bonus(g, "ann", "B-POW-FORTIFIED-1") + bonus(g, "ann", "B-POW-FORTIFIED-2") == 1
    assert scored(g, "ann") == 6  # 5 regions + 1
    turn(g, "bob", pick=0)
    act(g, "ann", "fortress", region="b")
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 7  # 5 + 2
    act(g, "bob", "end_turn")
    turn(g, "ann", decline=True)
    assert scored(g, "ann") == 5  # going into decline: no Fortress coins


def test_B_POW_FORTIFIED_3_defence_stays_in_decline():
    g = _fortified()
    act(g, "ann", "fortress", region="e")
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    q = g.quote("e", "bob")
    assert q.cost == 2 + 1 + 1 and ("fortress", 1) in q.breakdown
    assert mark(g, "fortress", "e") == 1


def test_B_POW_FORTIFIED_3_removed_when_abandoned():
    """A-BASE-19: the Fortress goes back to the box and may be built again."""
    g = _fortified()
    act(g, "ann", "fortress", region="e")
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    act(g, "ann", "abandon", region="e")
    assert sum(g.mk["fortress"]) == 0
    act(g, "ann", "fortress", region="d")
    assert sum(g.mk["fortress"]) == 1


def test_B_RACE_SORCERERS_2_a_fortress_does_not_shield_a_lone_token():
    g = _fortified()
    act(g, "ann", "fortress", region="e")
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)  # Sorcerers / Hill
    act(g, "ann", "redeploy", tokens={"a": 7, "b": 1, "c": 1, "d": 1, "e": 1})
    act(g, "ann", "end_turn")
    assert committed(act(g, "bob", "conquer", region="f")) == 2  # A-BASE-04: next to e first
    assert g.quote("e", "bob").cost == 2 + 1 + 1  # the Fortress defends against conquest...
    act(g, "bob", "convert", region="e")  # ...but not against a conversion
    assert owner(g, "e") == "bob" and mark(g, "fortress", "e") == 0


# ---------------------------------------------------------------------------------------------
# Heroic
# ---------------------------------------------------------------------------------------------
HERO_BORDERS = "a-b b-c c-d a-d"


def test_B_POW_HEROIC_1_two_heroes_in_two_different_regions():
    g = new(LINE4, HERO_BORDERS, ["ratmen", "sorcerers"], ["heroic", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    assert refuse(g, "ann", "heroes", regions=["a", "a"]).rule == "B-POW-HEROIC-1"
    assert refuse(g, "ann", "heroes", regions=["a"]).rule == "B-POW-HEROIC-1"
    assert refuse(g, "ann", "heroes", regions=["a", "d"]).rule == "B-POW-HEROIC-1"
    act(g, "ann", "heroes", regions=["a", "b"])
    assert refuse(g, "ann", "heroes", regions=["b", "a"]).rule == "B-POW-HEROIC-1"
    assert (mark(g, "hero", "a"), mark(g, "hero", "b")) == (1, 1)


def test_B_POW_HEROIC_1_a_single_region_gets_one_hero():
    g = new(LINE4, HERO_BORDERS, ["ratmen", "sorcerers"], ["heroic", "hill"])
    turn(g, "ann", "a", pick=0, end=False)
    act(g, "ann", "heroes", regions=["a"])
    assert sum(g.mk["hero"]) == 1


def test_B_POW_HEROIC_1_hero_regions_are_immune():
    g = new(LINE4, HERO_BORDERS, ["ratmen", "sorcerers"], ["heroic", "hill"])
    turn(g, "ann", *"abc", pick=0, end=False)
    act(g, "ann", "redeploy", tokens={"a": 1, "b": 1, "c": 11})
    act(g, "ann", "heroes", regions=["a", "b"])
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Sorcerers / Hill
    assert refuse(g, "bob", "conquer", region="b").rule == "B-DEF-5"
    assert committed(act(g, "bob", "conquer", region="d")) == 2  # A-BASE-04: next to a first
    assert refuse(g, "bob", "convert", region="a").rule == "B-DEF-5"
    assert refuse(g, "bob", "conquer", region="a").rule == "B-DEF-5"


def test_A_BASE_14_no_dragon_into_a_hero_region():
    g = new(LINE4, HERO_BORDERS, ["ratmen", "humans"], ["heroic", "dragon_master"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    act(g, "ann", "heroes", regions=["a", "b"])
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Humans / Dragon Master
    assert refuse(g, "bob", "dragon", region="a").rule == "B-DEF-5"


def test_A_BASE_14_heroes_stay_until_placed_again():
    g = new(LINE4, HERO_BORDERS, ["ratmen", "humans"], ["heroic", "hill"])
    turn(g, "ann", *"abc", pick=0, end=False)
    act(g, "ann", "heroes", regions=["a", "c"])
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    act(g, "ann", "end_turn")  # no new placement: they stay through the next turn
    assert [mark(g, "hero", r) for r in "abc"] == [1, 0, 1]
    act(g, "bob", "end_turn")
    act(g, "ann", "heroes", regions=["b", "c"])
    assert [mark(g, "hero", r) for r in "abc"] == [0, 1, 1]


def test_B_POW_HEROIC_1_heroes_removed_on_decline():
    g = new(LINE4, HERO_BORDERS, ["ratmen", "humans"], ["heroic", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    act(g, "ann", "heroes", regions=["a", "b"])
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    assert sum(g.mk["hero"]) == 0
    assert g.quote("a", "bob").reason is None


# ---------------------------------------------------------------------------------------------
# Merchant
# ---------------------------------------------------------------------------------------------
def test_B_POW_MERCHANT_1_one_coin_per_region():
    g = new(LINE4, LINE4_BORDERS, ["ratmen", "humans"], ["merchant", "hill"])
    turn(g, "ann", *"abc", pick=0)  # Ratmen 8 + Merchant 2 = 10
    assert bonus(g, "ann", "B-POW-MERCHANT-1") == 3
    assert scored(g, "ann") == 6


def test_B_POW_MERCHANT_1_none_in_decline():
    g = new(LINE4, LINE4_BORDERS, ["ratmen", "humans"], ["merchant", "hill"])
    turn(g, "ann", *"abc", pick=0)
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    assert bonus(g, "ann", "B-POW-MERCHANT-1") == 0
    assert scored(g, "ann") == 3


# ---------------------------------------------------------------------------------------------
# Mounted
# ---------------------------------------------------------------------------------------------
MOUNTED_MAP = {"a": region("farmland", True, True), "b": region("hill"), "c": region("forest"),
               "d": region("farmland"), "f": region("mountain"), "h": region("swamp"),
               "s": region("sea")}
MOUNTED_BORDERS = "a-b b-c c-d d-s c-f c-h"


def test_B_POW_MOUNTED_1_hill_and_farmland_only():
    g = new(MOUNTED_MAP, MOUNTED_BORDERS, ["ratmen", "humans"], ["mounted", "hill"])
    act(g, "ann", "pick", combo=0)
    costs = {rid: g.quote(rid).cost for rid in "abcdfh"}
    # farmland + Lost Tribe 3-1, hill 2-1, forest 2, farmland 2-1, mountain 3, swamp 2
    assert costs == {"a": 2, "b": 1, "c": 2, "d": 1, "f": 3, "h": 2}
    assert committed(act(g, "ann", "conquer", region="a")) == 2
    assert committed(act(g, "ann", "conquer", region="b")) == 1


def test_B_POW_MOUNTED_1_minimum_one():
    g = new(MOUNTED_MAP, MOUNTED_BORDERS, ["tritons", "humans"], ["mounted", "hill"])
    act(g, "ann", "pick", combo=0)
    q = g.quote("d")  # coastal farmland: 2 - 1 Tritons - 1 Mounted = 0
    assert q.cost == 1 and ("minimum 1", 1) in q.breakdown


# ---------------------------------------------------------------------------------------------
# Pillaging
# ---------------------------------------------------------------------------------------------
PILL_MAP = {"a": region("farmland", True, True), "b": region("hill", True),
            "c": region("forest", True)}


def test_B_POW_PILLAGING_1_non_empty_regions_conquered_this_turn():
    g = new(PILL_MAP, "a-b b-c", ["ratmen", "dwarves"], ["pillaging", "hill"])
    act(g, "ann", "pick", combo=0)  # 13
    act(g, "ann", "conquer", region="a")  # Lost Tribe: non-empty
    act(g, "ann", "end_turn")  # a13
    assert bonus(g, "ann", "B-POW-PILLAGING-1") == 1
    act(g, "bob", "pick", combo=0)  # Dwarves 3 + Hill 4 = 7
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "end_turn")  # c7
    act(g, "ann", "conquer", region="b")  # empty
    act(g, "ann", "conquer", region="c")  # bob's active Dwarves: 2 + 7
    act(g, "ann", "end_turn")
    assert bonus(g, "ann", "B-POW-PILLAGING-1") == 1  # c only; a counted last turn
    assert scored(g, "ann") == 4


def test_B_POW_PILLAGING_1_none_in_the_decline_turn():
    g = new(PILL_MAP, "a-b b-c", ["ratmen", "dwarves"], ["pillaging", "hill"])
    turn(g, "ann", "a", pick=0)
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    assert scored(g, "ann") == 1


@pytest.mark.parametrize("counts, want", [(True, 1), (False, 0)])
def test_A_BASE_05_own_in_decline_tokens_and_pillaging(counts, want):
    g = new(PILL_MAP, "a-b b-c", ["humans", "orcs", "ratmen"], ["hill", "merchant", "pillaging"],
            options={"own_decline_counts_non_empty": counts})
    turn(g, "ann", "b", pick=0)  # Humans / Hill
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    act(g, "bob", "end_turn")
    act(g, "ann", "pick", combo=0)  # Ratmen / Pillaging
    assert committed(act(g, "ann", "conquer", region="b")) == 3  # 2 + 1 own in-decline Human
    act(g, "ann", "end_turn")
    assert bonus(g, "ann", "B-POW-PILLAGING-1") == want


# ---------------------------------------------------------------------------------------------
# Seafaring
# ---------------------------------------------------------------------------------------------
SEA_MAP = {"a": region("farmland", True), "b": region("forest"), "s": region("sea", True),
           "l": region("lake")}
SEA_BORDERS = "a-s a-l b-s b-l"


def test_B_POW_SEAFARING_1_seas_and_the_lake_are_empty_regions():
    g = new(SEA_MAP, SEA_BORDERS, ["ratmen", "humans"], ["seafaring", "hill"])
    act(g, "ann", "pick", combo=0)
    assert committed(act(g, "ann", "conquer", region="s")) == 2
    act(g, "ann", "conquer", region="a")
    assert committed(act(g, "ann", "conquer", region="l")) == 2
    assert (owner(g, "s"), owner(g, "l")) == ("ann", "ann")


def test_B_POW_SEAFARING_2_kept_and_scored_in_decline():
    g = new(SEA_MAP, SEA_BORDERS, ["ratmen", "humans"], ["seafaring", "hill"])
    turn(g, "ann", *"sal", pick=0)
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    assert [tok(g, r) for r in "asl"] == [1, 1, 1]
    assert scored(g, "ann") == 3


def test_B_POW_SEAFARING_2_only_a_seafaring_race_occupies_a_sea():
    g = new(SEA_MAP, SEA_BORDERS, ["ratmen", "humans"], ["seafaring", "hill"])
    turn(g, "ann", "a", "s", pick=0, end=False)
    act(g, "ann", "redeploy", tokens={"a": 12, "s": 1})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # no Seafaring
    assert refuse(g, "bob", "conquer", region="s").rule == "B-CONQ-4"  # 2 + 1 would do


def test_B_POW_SEAFARING_3_an_occupied_sea_still_lets_races_in():
    g = new(SEA_MAP, SEA_BORDERS, ["ratmen", "humans"], ["seafaring", "hill"])
    turn(g, "ann", "s", pick=0)
    act(g, "bob", "pick", combo=0)
    assert committed(act(g, "bob", "conquer", region="b")) == 2  # b borders the edge sea s
    assert owner(g, "b") == "bob"


def test_A_BASE_13_in_decline_seafaring_ghouls_take_no_new_sea():
    g = new(SEA_MAP, SEA_BORDERS, ["ghouls", "humans"], ["seafaring", "hill"])
    turn(g, "ann", "s", "a", pick=0)  # Ghouls 5 + Seafaring 5 = 10
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    act(g, "bob", "end_turn")
    assert refuse(g, "ann", "conquer", region="l", race="ghouls").rule == "B-CONQ-4"
    act(g, "ann", "conquer", region="b", race="ghouls")  # land by the sea they kept
    assert owner(g, "s") == "ann"


def test_A_BASE_13_a_sea_is_not_coastal_for_tritons():
    g = new(SEA_MAP, SEA_BORDERS, ["tritons", "humans"], ["seafaring", "hill"])
    act(g, "ann", "pick", combo=0)
    assert g.quote("s").cost == 2
    assert g.quote("a").cost == 1  # a borders the sea: coastal


# ---------------------------------------------------------------------------------------------
# Spirit
# ---------------------------------------------------------------------------------------------
SPIRIT_MAP = {rid: region("forest", True) for rid in "xabcdef"}
SPIRIT_BORDERS = "x-a x-b x-c x-d x-e x-f a-b c-d e-f"


def _spirit_first() -> Game:
    """ann: Humans/Spirit in decline after turn 2, Ratmen/Commando picked in turn 3."""
    g = new(SPIRIT_MAP, SPIRIT_BORDERS, ["humans", "orcs", "ratmen", "elves"],
            ["spirit", "merchant", "commando", "hill"])
    turn(g, "ann", "a", pick=0)  # Humans / Spirit
    turn(g, "bob", "x", pick=0)  # Orcs / Merchant
    turn(g, "ann", decline=True)
    act(g, "bob", "end_turn")
    turn(g, "ann", "c", pick=0)  # Ratmen / Commando
    act(g, "bob", "end_turn")
    return g


def test_B_POW_SPIRIT_1_two_in_decline_races_both_score():
    g = _spirit_first()
    turn(g, "ann", decline=True)  # the non-Spirit Ratmen join the Spirit Humans
    assert sorted(g.declined[0]) == ["humans", "ratmen"]
    assert scored(g, "ann") == 2  # a + c


def test_B_POW_SPIRIT_2_a_third_decline_removes_the_other_race():
    g = _spirit_first()
    turn(g, "ann", decline=True)
    act(g, "bob", "end_turn")
    turn(g, "ann", "e", pick=0)  # Elves / Hill
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    assert sorted(g.declined[0]) == ["elves", "humans"]
    assert owner(g, "c") is None and owner(g, "a") == "ann"


def test_B_DECL_2_the_spirit_badge_stays_with_its_race():
    g = _spirit_first()
    assert g.armies["humans"].power == "spirit"
    assert "spirit" not in g.power_discard


# ---------------------------------------------------------------------------------------------
# Stout
# ---------------------------------------------------------------------------------------------
STOUT_MAP = {"a": region("hill", True), "b": region("farmland", True), "c": region("forest", True),
             "d": region("swamp", True)}


def _stout(power: str = "stout") -> Game:
    g = new(STOUT_MAP, "a-b b-c c-d", ["ratmen", "humans"], [power, "merchant"])
    act(g, "ann", "pick", combo=0)  # 12
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "end_turn")  # scored 2: 7 coins
    turn(g, "bob", pick=0)
    return g


def test_B_POW_STOUT_1_decline_after_expanding_scores_once():
    g = _stout()
    turn(g, "ann", "c", decline=True, end=False)
    assert scored(g, "ann") == 3 and coins(g, "ann") == 10
    assert g.declined[0] == ["ratmen"] and [tok(g, r) for r in "abc"] == [1, 1, 1]
    refuse(g, "ann", "conquer", region="d")  # no conquest after the decline (B-DECL-5)
    act(g, "ann", "end_turn")
    assert coins(g, "ann") == 10  # no second scoring


def test_B_POW_STOUT_1_an_ordinary_decline_still_works():
    g = _stout()
    turn(g, "ann", decline=True)
    assert scored(g, "ann") == 2 and g.declined[0] == ["ratmen"]


def test_B_DECL_1_decline_after_expanding_needs_stout():
    g = _stout("hill")
    act(g, "ann", "conquer", region="c")
    assert refuse(g, "ann", "decline").rule == "B-DECL-1"


def test_A_BASE_15_stout_decline_after_a_redeployment():
    g = _stout()
    act(g, "ann", "conquer", region="c")
    act(g, "ann", "redeploy", tokens={"a": 1, "b": 1, "c": 10})
    act(g, "ann", "decline")
    assert scored(g, "ann") == 3
    assert [tok(g, r) for r in "abc"] == [1, 1, 1]


# ---------------------------------------------------------------------------------------------
# Underworld
# ---------------------------------------------------------------------------------------------
UNDER_MAP = {"a": region("farmland", True), "b": region("forest", False, False, "cavern"),
             "c": region("hill", False, False, "cavern"),
             "d": region("mountain", False, True, "cavern"), "s": region("sea")}
UNDER_BORDERS = "a-b b-s c-d"


def test_B_POW_UNDERWORLD_1_one_token_less_in_a_cavern():
    g = new(UNDER_MAP, UNDER_BORDERS, ["ratmen", "humans"], ["underworld", "hill"])
    act(g, "ann", "pick", combo=0)
    assert {r: g.quote(r).cost for r in "abcd"} == {"a": 2, "b": 1, "c": 1, "d": 3}


def test_B_POW_UNDERWORLD_1_minimum_one():
    g = new(UNDER_MAP, UNDER_BORDERS, ["tritons", "humans"], ["underworld", "hill"])
    act(g, "ann", "pick", combo=0)
    q = g.quote("b")  # coastal cavern: 2 - 1 Tritons - 1 Underworld
    assert q.cost == 1 and ("minimum 1", 1) in q.breakdown


def test_B_POW_UNDERWORLD_2_caverns_are_adjacent_to_each_other():
    g = new(UNDER_MAP, UNDER_BORDERS, ["ratmen", "humans"], ["underworld", "hill"])
    turn(g, "ann", "a", pick=0, end=False)
    assert refuse(g, "ann", "conquer", region="c").rule == "B-CONQ-5"  # no cavern held yet
    act(g, "ann", "conquer", region="b")
    assert committed(act(g, "ann", "conquer", region="c")) == 1


def test_A_BASE_17_edition_fr2009_has_no_cavern_adjacency():
    g = new(UNDER_MAP, UNDER_BORDERS, ["ratmen", "humans"], ["underworld", "hill"],
            options={"edition": "fr2009"})
    turn(g, "ann", "a", pick=0, end=False)
    assert committed(act(g, "ann", "conquer", region="b")) == 1  # the discount stays
    assert refuse(g, "ann", "conquer", region="c").rule == "B-CONQ-5"


# ---------------------------------------------------------------------------------------------
# Wealthy
# ---------------------------------------------------------------------------------------------
def test_B_POW_WEALTHY_1_seven_coins_at_the_end_of_the_first_turn_only():
    g = new(LINE4, LINE4_BORDERS, ["ratmen", "humans"], ["wealthy", "hill"])
    turn(g, "ann", "a", pick=0)
    assert bonus(g, "ann", "B-POW-WEALTHY-1") == 7 and scored(g, "ann") == 8
    turn(g, "bob", pick=0)
    act(g, "ann", "end_turn")
    assert bonus(g, "ann", "B-POW-WEALTHY-1") == 0 and scored(g, "ann") == 1


def test_A_BASE_16_wealthy_whatever_happened_that_turn():
    g = new(LINE4, LINE4_BORDERS, ["ratmen", "humans"], ["wealthy", "hill"])
    turn(g, "ann", pick=0)  # no conquest at all
    assert scored(g, "ann") == 7


def test_B_POW_WEALTHY_1_a_later_combo_gets_it_on_its_own_first_turn():
    g = new(LINE4, LINE4_BORDERS, ["humans", "orcs", "ratmen"], ["hill", "merchant", "wealthy"])
    turn(g, "ann", "a", pick=0)  # Humans / Hill
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    act(g, "bob", "end_turn")
    turn(g, "ann", "d", pick=0)  # Ratmen / Wealthy, in turn 3
    assert scored(g, "ann") == 1 + 1 + 7  # d + in-decline a + 7
    act(g, "bob", "end_turn")
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 2
