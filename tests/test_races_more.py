"""Unit tests for the base races from Skeletons to Wizards (B-RACE-*), on small inline maps worked
out by hand; the first ones are in test_races.py."""

from __future__ import annotations

import pytest
from gamehelpers import act, at, bonus, last_scored, new, owner, refused, region, tokens, turn
from racehelpers import LINE

from swcore import Game

# ----------------------------------------------------------------------------------------
# Skeletons
# ----------------------------------------------------------------------------------------
# a (edge) - b - c - d - e in a row: Lost Tribes in a, b and c.
TRIBES = {
    "regions": {"a": region("farmland", edge=True, lost_tribe=True),
                "b": region("forest", lost_tribe=True), "c": region("hill", lost_tribe=True),
                "d": region("swamp"), "e": region("farmland", edge=True)},
    "borders": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"]],
}


def test_B_RACE_SKELETONS_1_one_new_token_per_two_non_empty_regions():
    game = new(TRIBES, ["skeletons", "ratmen"], ["commando", "diplomat"])
    act(game, "ann", "pick", combo=0)  # 6 + 4
    for rid in "abcd":
        act(game, "ann", "conquer", region=rid)  # 2, 2, 2 (Lost Tribes - 1), 1 (empty)
    assert game.hand("ann") == 3
    # 3 non-empty regions: floor(3 / 2) = 1 new Skeleton at redeployment, 11 to place.
    assert refused(game, "ann", "redeploy", tokens={"a": 4, "b": 2, "c": 2, "d": 2}) == "B-REDEP-1"
    act(game, "ann", "redeploy", tokens={"a": 5, "b": 2, "c": 2, "d": 2})
    assert game.tray("skeletons") == 20 - 11


def test_B_RACE_SKELETONS_1_in_decline_and_active_regions_count():
    game = new(LINE, ["ratmen", "humans", "skeletons"], ["diplomat", "merchant", "commando"])
    turn(game, "ann", "a", pick=0)
    turn(game, "bob", "e", "d", "c", pick=0, end=False)  # humans 5 + merchant 2
    act(game, "bob", "redeploy", tokens={"c": 1, "d": 1, "e": 5})
    act(game, "bob", "end_turn")
    turn(game, "ann", decline=True)
    act(game, "bob", "redeploy", tokens={"c": 1, "d": 1, "e": 5})
    act(game, "bob", "end_turn")
    act(game, "ann", "pick", combo=0)  # skeletons 6 + commando 4
    act(game, "ann", "conquer", region="a")  # own in-decline ratman (A-BASE-05): 2 + 1 - 1
    act(game, "ann", "conquer", region="b")  # empty: 1
    act(game, "ann", "conquer", region="c")  # bob's active Human: 2 + 1 - 1
    assert game.hand("ann") == 5
    act(game, "ann", "end_turn")  # 2 non-empty: 1 new Skeleton, 11 in all
    assert tokens(game, "a") + tokens(game, "b") + tokens(game, "c") == 11
    assert game.tray("skeletons") == 9


@pytest.mark.parametrize("roll, non_empty", [(3, 3), (0, 2)])
def test_B_RACE_SKELETONS_1_gain_after_the_final_die(roll: int, non_empty: int):
    game = new(TRIBES, ["skeletons", "ratmen"], ["merchant", "diplomat"])
    act(game, "ann", "pick", combo=0)  # 6 + 2
    act(game, "ann", "conquer", region="a")  # 2 + 1 Lost Tribe
    act(game, "ann", "conquer", region="b")  # 3: 2 left
    act(game, "ann", "conquer", region="c", reinforce=True, roll=roll)  # 3 with 2 in hand
    assert game.armies["skeletons"].nonempty == non_empty
    act(game, "ann", "end_turn")  # floor(3 / 2) = floor(2 / 2) = 1 new Skeleton either way
    assert (game.on_board("skeletons"), game.hand("ann")) == (9, 0)
    assert (owner(game, "c") == "ann") == (roll == 3)


def test_B_DEF_8_skeleton_gain_limited_by_the_box():
    # A hub h (edge, Lost Tribe) touching 21 more Lost Tribe regions t1..t21: 22 Lost Tribes,
    # more than the box's 18 (only as many as the box holds are set out), so the set-up's
    # `supply` says 22. Berserk rolls of 3 make every conquest cost max(1, 3 - 3) = 1 token.
    hub = {"regions": {"h": region("hill", edge=True, lost_tribe=True),
                       **{f"t{i}": region("forest", lost_tribe=True) for i in range(1, 22)}},
           "borders": [["h", f"t{i}"] for i in range(1, 22)]}
    game = new(hub, ["skeletons", "ratmen"], ["berserk", "diplomat"], supply={"lost_tribe": 22})
    assert all(tokens(game, rid) == 1 for rid in ["h", *(f"t{i}" for i in range(1, 22))])
    act(game, "ann", "pick", combo=0)  # 6 + 4
    for rid in ["h"] + [f"t{i}" for i in range(1, 10)]:
        act(game, "ann", "berserk", roll=3)
        act(game, "ann", "conquer", region=rid)
    act(game, "ann", "end_turn")  # 10 non-empty: +5, 15 Skeletons
    assert (game.on_board("skeletons"), game.tray("skeletons")) == (15, 5)
    turn(game, "bob", pick=0)
    for i in range(1, 10):
        act(game, "ann", "abandon", region=f"t{i}")
    assert game.hand("ann") == 14
    for i in range(10, 22):
        act(game, "ann", "berserk", roll=3)
        act(game, "ann", "conquer", region=f"t{i}")
    act(game, "ann", "end_turn")  # 12 non-empty: 6 wanted, 5 left in the box
    assert (game.on_board("skeletons"), game.hand("ann"), game.tray("skeletons")) == (20, 0, 0)


# ----------------------------------------------------------------------------------------
# Sorcerers
# ----------------------------------------------------------------------------------------
# s (edge) touches l (Lost Tribe), b1 (edge), b2 and b3; b1 touches b2, b3 and b4.
SORC = {
    "regions": {"s": region("farmland", edge=True), "l": region("hill", lost_tribe=True),
                "b1": region("forest", edge=True), "b2": region("hill"), "b3": region("hill"),
                "b4": region("swamp")},
    "borders": [["s", "l"], ["s", "b1"], ["s", "b2"], ["s", "b3"], ["b1", "b2"], ["b1", "b3"],
                ["b1", "b4"]],
}


def sorcerers_game(bob_power: str = "fortified", ann_power: str = "merchant") -> Game:
    """bob (first to play): Ratmen in b1 (the rest), b2, b3, b4 (1 each). Then ann picks
    Sorcerers."""
    game = new(SORC, ["ratmen", "sorcerers"], [bob_power, ann_power], players=["bob", "ann"])
    turn(game, "bob", "b1", "b2", "b3", "b4", pick=0, end=False)
    total = game.hand("bob") + 8
    act(game, "bob", "redeploy", tokens={"b1": total - 3, "b2": 1, "b3": 1, "b4": 1})
    return game


def test_B_RACE_SORCERERS_1_a_conversion_takes_a_token_from_the_tray():
    game = sorcerers_game()
    act(game, "bob", "end_turn")
    turn(game, "ann", "s", pick=0, end=False)  # 5 + 2
    act(game, "ann", "convert", region="b2")
    assert (game.race[at(game, "b2")], owner(game, "b2"), tokens(game, "b2")) == (
        "sorcerers", "ann", 1)
    assert game.hand("ann") == 5  # no token from hand
    assert game.tray("sorcerers") == 18 - 8
    assert (game.hand("bob"), game.tray("ratmen")) == (0, 13 - 10)  # 11 - 1 converted
    assert refused(game, "ann", "convert", region="b3") == "B-RACE-SORCERERS-1"  # once per opponent
    assert refused(game, "ann", "abandon", region="s") == "A-BASE-07"  # it was a conquest
    act(game, "ann", "conquer", region="l")  # conquests go on
    assert game.hand("ann") == 2


def test_B_RACE_SORCERERS_2_only_a_lone_active_token():
    game = sorcerers_game()
    act(game, "bob", "end_turn")
    turn(game, "ann", "s", pick=0, end=False)
    assert refused(game, "ann", "convert", region="b1") == "B-RACE-SORCERERS-2"  # 8 Ratmen
    assert refused(game, "ann", "convert", region="l") == "B-RACE-SORCERERS-1"  # Lost Tribe
    act(game, "ann", "end_turn")
    turn(game, "bob", decline=True)
    assert refused(game, "ann", "convert", region="b2") == "B-RACE-SORCERERS-1"  # in decline


def test_B_RACE_SORCERERS_2_an_encampment_protects():
    game = sorcerers_game(bob_power="bivouacking")
    act(game, "bob", "encampments", tokens={"b2": 5})
    act(game, "bob", "end_turn")
    turn(game, "ann", "s", pick=0, end=False)
    assert refused(game, "ann", "convert", region="b2") == "B-RACE-SORCERERS-2"
    act(game, "ann", "convert", region="b3")


def test_B_RACE_SORCERERS_3_adjacent_and_a_border_region_first():
    game = sorcerers_game()
    act(game, "bob", "end_turn")
    act(game, "ann", "pick", combo=0)
    assert refused(game, "ann", "convert", region="b2") == "A-BASE-04"  # no Sorcerer region yet
    act(game, "ann", "conquer", region="s")
    assert refused(game, "ann", "convert", region="b4") == "B-CONQ-5"  # b4 does not touch s


def test_A_BASE_04_a_conversion_is_never_a_first_conquest_flying_still_lifts_adjacency():
    """A-BASE-04 (amended, French 2018): Sorcerers holding no region cannot convert, not even
    with Flying; once they hold one, Flying lifts the adjacency of the conversion."""
    game = sorcerers_game(ann_power="flying")
    act(game, "bob", "end_turn")
    act(game, "ann", "pick", combo=0)
    assert refused(game, "ann", "convert", region="b4") == "A-BASE-04"
    assert not [a for a in game.legal_actions() if a.do == "convert"]
    act(game, "ann", "conquer", region="s")
    act(game, "ann", "convert", region="b4")  # b4 does not touch s: Flying
    assert owner(game, "b4") == "ann"


def test_A_BASE_04_diplomat_peace_forbids_a_conversion():
    game = sorcerers_game(bob_power="diplomat")
    act(game, "bob", "ally", player="ann")
    act(game, "bob", "end_turn")
    turn(game, "ann", "s", pick=0, end=False)
    assert refused(game, "ann", "convert", region="b2") == "B-POW-DIPLOMAT-1"


def test_A_BASE_04_a_conversion_is_an_attack():
    game = sorcerers_game(ann_power="diplomat")
    act(game, "bob", "end_turn")
    turn(game, "ann", "s", pick=0, end=False)
    act(game, "ann", "convert", region="b2")
    assert refused(game, "ann", "ally", player="bob") == "B-POW-DIPLOMAT-1"


def test_A_BASE_04_no_conversion_after_redeployment():
    game = sorcerers_game()
    act(game, "bob", "end_turn")
    turn(game, "ann", "s", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"s": 7})
    assert refused(game, "ann", "convert", region="b2") == "B-FINAL-4"


# ----------------------------------------------------------------------------------------
# Tritons
# ----------------------------------------------------------------------------------------
# s: a sea on the edge; l: a lake. a (edge) touches s; b touches l; c touches neither.
COAST = {
    "regions": {"s": region("sea", edge=True), "l": region("lake"),
                "a": region("farmland", edge=True), "b": region("forest"), "c": region("hill"),
                "d": region("swamp", edge=True)},
    "borders": [["s", "a"], ["a", "b"], ["b", "l"], ["b", "c"], ["c", "d"], ["l", "c"]],
}


def test_B_RACE_TRITONS_1_coastal_regions_cost_one_less():
    game = new(COAST, ["tritons", "ratmen"], ["merchant", "diplomat"])
    act(game, "ann", "pick", combo=0)
    assert game.quote("a").cost == 1  # sea shore
    assert game.quote("d").cost == 2  # on the edge, but no sea or lake next to it
    act(game, "ann", "conquer", region="a")
    assert game.quote("b").cost == 1  # lake shore
    assert refused(game, "ann", "conquer", region="s") == "B-CONQ-4"


def test_B_RACE_TRITONS_1_not_on_the_sea_itself():
    game = new(COAST, ["tritons", "ratmen"], ["seafaring", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    assert (game.quote("s").cost, game.quote("l").cost) == (2, 2)  # A-BASE-13


def test_B_RACE_TRITONS_1_minimum_one():
    game = new(COAST, ["tritons", "ratmen"], ["commando", "diplomat"])
    act(game, "ann", "pick", combo=0)
    q = game.quote("a")
    assert q.cost == 1
    assert ("minimum 1", 1) in q.breakdown  # 2 - 1 - 1 = 0, raised to 1


def test_B_DEF_2_a_lake_shore_is_no_entry_for_tritons():
    game = new(COAST, ["tritons", "ratmen"], ["merchant", "diplomat"])
    act(game, "ann", "pick", combo=0)
    assert refused(game, "ann", "conquer", region="b") == "B-CONQ-1"


# ----------------------------------------------------------------------------------------
# Trolls
# ----------------------------------------------------------------------------------------
def trolls_game() -> Game:
    """LINE: ann's Trolls hold a 5 and b 2 (Lairs); bob's Ratmen took e, d, c. bob to play."""
    game = new(LINE, ["trolls", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)  # 5 + 2
    act(game, "ann", "redeploy", tokens={"a": 5, "b": 2})
    act(game, "ann", "end_turn")
    turn(game, "bob", *"edc", pick=0, end=False)
    return game


def test_B_RACE_TROLLS_1_lair_adds_defence():
    game = trolls_game()
    assert [game.mk["lair"][at(game, r)] for r in "abcde"] == [1, 1, 0, 0, 0]
    q = game.quote("b")
    assert q.cost == 2 + 2 + 1
    assert ("lair", 1) in q.breakdown


def test_B_RACE_TROLLS_2_lair_removed_when_conquered():
    game = trolls_game()
    act(game, "bob", "conquer", region="b")  # 5
    assert game.mk["lair"][at(game, "b")] == 0
    act(game, "bob", "end_turn")
    act(game, "ann", "end_turn")
    act(game, "bob", "end_turn")
    # Back to ann: b holds Ratmen without a Lair.
    assert game.quote("b").cost == 2 + tokens(game, "b")


def test_B_RACE_TROLLS_2_lair_stays_in_decline():
    game = trolls_game()
    act(game, "bob", "end_turn")
    turn(game, "ann", decline=True)
    assert game.mk["lair"][at(game, "b")] == 1
    q = game.quote("b")
    assert (q.cost, q.reason) == (2 + 1 + 1, None)


def test_B_RACE_TROLLS_2_lair_removed_when_abandoned():
    game = trolls_game()
    act(game, "bob", "end_turn")
    act(game, "ann", "abandon", region="b")
    assert game.mk["lair"][at(game, "b")] == 0
    act(game, "ann", "conquer", region="b")  # conquered again: a new Lair
    assert game.mk["lair"][at(game, "b")] == 1


# ----------------------------------------------------------------------------------------
# Wizards
# ----------------------------------------------------------------------------------------
MAGIC = {
    "regions": {"a": region("hill", edge=True, symbols=["magic"]), "b": region("forest"),
                "c": region("swamp", symbols=["magic", "mine"]),
                "d": region("farmland", edge=True)},
    "borders": [["a", "b"], ["b", "c"], ["c", "d"]],
}


def test_B_RACE_WIZARDS_1_one_coin_per_magic_source():
    game = new(MAGIC, ["wizards", "ratmen"], ["diplomat", "merchant"])
    turn(game, "ann", *"abc", pick=0)
    assert bonus(game, "ann", "B-RACE-WIZARDS-1") == 2
    assert last_scored(game, "ann") == 3 + 2


def test_B_RACE_WIZARDS_1_no_bonus_in_decline():
    game = new(MAGIC, ["wizards", "ratmen"], ["diplomat", "merchant"])
    turn(game, "ann", *"abc", pick=0)
    turn(game, "bob", pick=0)
    turn(game, "ann", decline=True)
    assert last_scored(game, "ann") == 3
