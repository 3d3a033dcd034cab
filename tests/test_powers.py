"""Unit tests of the 20 base special powers (base-game.md §13B, B-POW-*, and their rulings
A-BASE-*): Alchemist to Swamp here, Fortified to Wealthy in test_powers_more.py, the helpers in
powerhelpers.py.

Every test plays a few actions on a small inline map, so each number can be worked out by hand,
and is named after the rule it checks. Token counts: Ratmen 8, Humans 5, Elves 6, Dwarves 3,
Orcs 5, Tritons 6, Ghouls 5, Sorcerers 5; badges as in the table of §13B.
"""

from __future__ import annotations

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
# Alchemist
# ---------------------------------------------------------------------------------------------
def test_B_POW_ALCHEMIST_1_two_coins_each_turn_while_active():
    g = new(LINE4, LINE4_BORDERS, ["ratmen", "humans"], ["alchemist", "hill"])
    turn(g, "ann", "a", pick=0)
    assert bonus(g, "ann", "B-POW-ALCHEMIST-1") == 2
    assert scored(g, "ann") == 3  # 1 region + 2
    turn(g, "bob", pick=0)
    assert bonus(g, "bob", "B-POW-ALCHEMIST-1") == 0
    act(g, "ann", "end_turn")  # turn 2, still active: +2 again
    assert scored(g, "ann") == 3
    assert coins(g, "ann") == 5 + 3 + 3


def test_B_POW_ALCHEMIST_1_nothing_in_the_decline_turn():
    g = new(LINE4, LINE4_BORDERS, ["ratmen", "humans"], ["alchemist", "hill"])
    turn(g, "ann", "a", "b", pick=0)
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    assert scored(g, "ann") == 2  # 2 regions, no +2
    assert bonus(g, "ann", "B-POW-ALCHEMIST-1") == 0


# ---------------------------------------------------------------------------------------------
# Berserk
# ---------------------------------------------------------------------------------------------
BERSERK_MAP = {"a": region("farmland", True, True), "b": region("mountain"),
               "c": region("forest"), "d": region("hill", True)}


def test_B_POW_BERSERK_1_roll_first_then_max_1_cost_minus_roll():
    g = new(BERSERK_MAP, "a-b b-c c-d", ["ratmen", "humans"], ["berserk", "hill"], dice=[2, 3])
    act(g, "ann", "pick", combo=0)  # 12 tokens
    ev = act(g, "ann", "berserk")
    assert ev[0].data["roll"] == 2
    assert committed(act(g, "ann", "conquer", region="a")) == 1  # 2 + 1 Lost Tribe - 2
    act(g, "ann", "berserk")  # 3
    assert committed(act(g, "ann", "conquer", region="b")) == 1  # 2 + 1 mountain - 3 -> minimum 1
    assert committed(act(g, "ann", "conquer", region="c")) == 2  # no roll: full cost
    assert g.hand("ann") == 8


def test_A_BASE_06_one_roll_per_conquest_attempt():
    g = new(BERSERK_MAP, "a-b b-c c-d", ["ratmen", "humans"], ["berserk", "hill"], dice=[1])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "berserk")
    assert refuse(g, "ann", "berserk").rule == "A-BASE-06"


def test_A_BASE_06_no_ordinary_final_die_for_berserk():
    g = new({**BERSERK_MAP, "e": region("mountain")}, "a-b b-c c-d d-e",
            ["ratmen", "humans"], ["berserk", "hill"])
    act(g, "ann", "pick", combo=0)  # 12
    for rid in "abcd":
        act(g, "ann", "conquer", region=rid)  # 3 + 3 + 2 + 2: 2 left
    assert g.hand("ann") == 2
    # e costs 3, one short: a legal final conquest for any other power
    assert refuse(g, "ann", "conquer", region="e", reinforce=True).rule == "A-BASE-06"


def test_A_BASE_06_a_failed_attempt_is_the_last_conquest():
    """Rolled 0, then chose a target costing more than the hand: no conquest, conquests end."""
    g = new({**BERSERK_MAP, "e": region("mountain", False, True)}, "a-b b-c c-d d-e",
            ["ratmen", "humans"], ["berserk", "hill"], dice=[0])
    turn(g, "ann", *"abcd", pick=0, end=False)  # 2 left
    act(g, "ann", "berserk")  # 0
    act(g, "ann", "conquer", region="e")  # 2 + 1 mountain + 1 Lost Tribe = 4 > 2: the attempt fails
    assert g.race[g.board.index["e"]] == "lost_tribe" and tok(g, "e") == 1
    assert g.hand("ann") == 2
    assert refuse(g, "ann", "berserk").rule == "B-FINAL-4"


def test_B_POW_BERSERK_1_the_roll_needs_a_token_in_hand():
    g = new(BERSERK_MAP, "a-b b-c c-d", ["dwarves", "humans"], ["berserk", "hill"], dice=[1])
    act(g, "ann", "pick", combo=0)  # Dwarves 3 + Berserk 4 = 7
    act(g, "ann", "conquer", region="a")  # 3
    act(g, "ann", "conquer", region="b")  # 3
    act(g, "ann", "berserk")  # 1
    assert committed(act(g, "ann", "conquer", region="c")) == 1  # 2 - 1
    assert g.hand("ann") == 0
    assert refuse(g, "ann", "berserk").rule == "B-CONQ-3"


def test_B_POW_BERSERK_1_the_quote_counts_the_rolled_die():
    """After the roll, quote() gives what the conquest will really commit: max(1, cost - die)."""
    g = new(BERSERK_MAP, "a-b b-c c-d", ["ratmen", "humans"], ["berserk", "hill"], dice=[2])
    act(g, "ann", "pick", combo=0)
    assert g.quote("a").cost == 3  # 2 + 1 Lost Tribe, no roll yet
    act(g, "ann", "berserk")
    q = g.quote("a")
    assert q.cost == committed(g.apply({"by": "ann", "do": "conquer", "region": "a"})) == 1


def test_B_POW_BERSERK_1_a_physical_die_is_logged():
    g = new(BERSERK_MAP, "a-b b-c c-d", ["ratmen", "humans"], ["berserk", "hill"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "berserk", roll=3)
    assert g.log[-1]["roll"] == 3
    assert committed(act(g, "ann", "conquer", region="a")) == 1  # 3 - 3 -> minimum 1
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()


# ---------------------------------------------------------------------------------------------
# Bivouacking
# ---------------------------------------------------------------------------------------------
BIV_BORDERS = "a-b b-c c-d b-d"


def test_B_POW_BIVOUACKING_1_each_encampment_adds_one_defence():
    g = new(LINE4, BIV_BORDERS, ["ratmen", "sorcerers"], ["bivouacking", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)  # 13
    act(g, "ann", "redeploy", tokens={"a": 10, "b": 3})
    act(g, "ann", "encampments", tokens={"a": 3, "b": 2})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    q = g.quote("a", "bob")
    assert q.cost == 2 + 10 + 3
    assert ("encampment", 3) in q.breakdown
    assert g.quote("b", "bob").cost == 2 + 3 + 2


def test_B_POW_BIVOUACKING_1_five_encampments_in_the_race_regions():
    g = new(LINE4, BIV_BORDERS, ["ratmen", "sorcerers"], ["bivouacking", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    assert refuse(g, "ann", "encampments", tokens={"a": 4, "b": 2}).rule == "B-POW-BIVOUACKING-1"
    assert refuse(g, "ann", "encampments", tokens={"c": 1}).rule == "B-POW-BIVOUACKING-1"
    act(g, "ann", "encampments", tokens={"a": 5})
    assert mark(g, "encampment", "a") == 5


def test_B_POW_BIVOUACKING_1_an_encampment_shields_a_lone_token_from_sorcerers():
    g = new(LINE4, BIV_BORDERS, ["ratmen", "sorcerers"], ["bivouacking", "hill"])
    turn(g, "ann", *"abc", pick=0, end=False)
    act(g, "ann", "redeploy", tokens={"a": 11, "b": 1, "c": 1})
    act(g, "ann", "encampments", tokens={"b": 1})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Sorcerers / Hill
    assert committed(act(g, "bob", "conquer", region="d")) == 2  # A-BASE-04: a region first
    assert refuse(g, "bob", "convert", region="b").rule == "B-RACE-SORCERERS-2"
    act(g, "bob", "convert", region="c")  # no Encampment there
    assert owner(g, "c") == "bob"


def test_B_POW_BIVOUACKING_2_encampments_are_never_lost():
    g = new(LINE4, BIV_BORDERS, ["ratmen", "sorcerers"], ["bivouacking", "hill"])
    turn(g, "ann", *"abc", pick=0, end=False)
    act(g, "ann", "redeploy", tokens={"a": 11, "b": 1, "c": 1})
    act(g, "ann", "encampments", tokens={"a": 4, "b": 1})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Sorcerers 5 + Hill 4 = 9
    assert committed(act(g, "bob", "conquer", region="d")) == 2  # A-BASE-04: a region first
    act(g, "bob", "convert", region="c")
    assert committed(act(g, "bob", "conquer", region="b")) == 4  # 2 + 1 Ratman + 1 Encampment
    assert g.hand("bob") == 9 - 2 - 4  # the conversion took no token from hand
    act(g, "bob", "end_turn")
    assert mark(g, "encampment", "a") == 5  # the one of b is back, in ann's only region
    assert sum(g.mk["encampment"]) == 5


def test_B_POW_BIVOUACKING_2_moved_freely_then_removed_on_decline():
    g = new(LINE4, BIV_BORDERS, ["ratmen", "sorcerers"], ["bivouacking", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    act(g, "ann", "encampments", tokens={"a": 5})
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    act(g, "ann", "encampments", tokens={"a": 1, "b": 4})
    assert (mark(g, "encampment", "a"), mark(g, "encampment", "b")) == (1, 4)
    act(g, "ann", "end_turn")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    assert sum(g.mk["encampment"]) == 0
    assert refuse(g, "ann", "encampments", tokens={"a": 5}).rule


# ---------------------------------------------------------------------------------------------
# Commando
# ---------------------------------------------------------------------------------------------
COMMANDO_MAP = {"a": region("farmland", True, True), "b": region("mountain"),
                "c": region("forest"), "s": region("sea")}


def test_B_POW_COMMANDO_1_one_token_less_anywhere():
    g = new(COMMANDO_MAP, "a-b b-c c-s", ["ratmen", "humans"], ["commando", "hill"])
    act(g, "ann", "pick", combo=0)
    q = g.quote("a")
    assert q.cost == 2 and ("Commando", -1) in q.breakdown  # 2 + 1 Lost Tribe - 1
    assert committed(act(g, "ann", "conquer", region="a")) == 2
    assert committed(act(g, "ann", "conquer", region="b")) == 2  # 2 + 1 mountain - 1
    assert committed(act(g, "ann", "conquer", region="c")) == 1  # 2 - 1
    assert refuse(g, "ann", "conquer", region="s").rule == "B-CONQ-4"


def test_B_POW_COMMANDO_1_minimum_one():
    g = new(COMMANDO_MAP, "a-b b-c c-s", ["tritons", "humans"], ["commando", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    q = g.quote("c")  # coastal: 2 - 1 Tritons - 1 Commando = 0
    assert q.cost == 1 and ("minimum 1", 1) in q.breakdown
    assert committed(act(g, "ann", "conquer", region="c")) == 1


def test_B_POW_COMMANDO_1_not_for_in_decline_ghouls():
    """The badge is discarded on decline (B-DECL-2): in-decline Ghouls conquer at full cost."""
    regions = {"a": region("farmland", True), "b": region("hill", True), "c": region("forest", True)}
    g = new(regions, "a-b b-c", ["ghouls", "humans"], ["commando", "hill"])
    act(g, "ann", "pick", combo=0)  # Ghouls 5 + Commando 4 = 9
    assert committed(act(g, "ann", "conquer", region="a")) == 1
    turn(g, "ann", "b")
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    act(g, "bob", "end_turn")
    assert g.armies["ghouls"].power is None
    assert committed(act(g, "ann", "conquer", region="c", race="ghouls")) == 2


# ---------------------------------------------------------------------------------------------
# Diplomat
# ---------------------------------------------------------------------------------------------
DIP_MAP = {"a": region("farmland", True), "b": region("hill", True), "c": region("forest", True),
           "d": region("swamp", True), "e": region("farmland", True)}


def test_B_POW_DIPLOMAT_1_the_ally_cannot_attack_the_active_race():
    g = new(DIP_MAP, "a-b b-c c-d d-e", ["ratmen", "humans"], ["diplomat", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)  # 13
    act(g, "ann", "ally", player="bob")
    act(g, "ann", "end_turn")  # a7 b6
    turn(g, "bob", "c", pick=0, end=False)  # Humans 5 + Hill 4 = 9
    assert g.quote("b").cost == 2 + 6  # affordable with 7 in hand, but...
    assert refuse(g, "bob", "conquer", region="b").rule == "B-POW-DIPLOMAT-1"


def test_B_POW_DIPLOMAT_1_only_an_opponent_not_attacked_this_turn():
    g = new(DIP_MAP, "a-b b-c c-d d-e", ["ratmen", "humans"], ["diplomat", "hill"])
    turn(g, "ann", "a", "b", pick=0)  # a7 b6
    turn(g, "bob", "c", "d", pick=0)  # c5 d4
    assert committed(act(g, "ann", "conquer", region="c")) == 7  # 2 + 5 Humans
    assert refuse(g, "ann", "ally", player="bob").rule == "B-POW-DIPLOMAT-1"
    assert refuse(g, "ann", "ally", player="ann").rule == "B-POW-DIPLOMAT-1"


def test_B_POW_DIPLOMAT_1_peace_lasts_until_the_diplomats_next_turn():
    g = new(DIP_MAP, "a-b b-c c-d d-e", ["ratmen", "humans"], ["diplomat", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    act(g, "ann", "ally", player="bob")
    act(g, "ann", "end_turn")  # a7 b6
    turn(g, "bob", "c", pick=0, end=False)
    assert refuse(g, "bob", "conquer", region="b").rule == "B-POW-DIPLOMAT-1"
    act(g, "bob", "end_turn")  # c9
    act(g, "ann", "end_turn")  # no new peace this time
    assert committed(act(g, "bob", "conquer", region="b")) == 8  # 2 + 6 Ratmen
    assert owner(g, "b") == "bob"


def test_B_POW_DIPLOMAT_2_the_allys_in_decline_ghouls_may_attack():
    """...but the ally's new active race, picked that very turn, may not (A-BASE-08)."""
    g = new(DIP_MAP, "a-b b-c c-d d-e", ["ratmen", "ghouls", "humans"],
            ["diplomat", "hill", "merchant"])
    act(g, "ann", "pick", combo=0)  # Ratmen / Diplomat, 13
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")  # a13
    turn(g, "bob", "e", "d", pick=0)  # Ghouls 5 + Hill 4 = 9
    turn(g, "ann", "b", "c", end=False)
    act(g, "ann", "redeploy", tokens={"a": 11, "b": 1, "c": 1})
    act(g, "ann", "ally", player="bob")
    act(g, "ann", "end_turn")
    turn(g, "bob", decline=True)  # the Ghouls keep all their tokens
    act(g, "ann", "redeploy", tokens={"a": 11, "b": 1, "c": 1})
    act(g, "ann", "ally", player="bob")
    act(g, "ann", "end_turn")
    assert committed(act(g, "bob", "conquer", region="c", race="ghouls")) == 3  # 2 + 1 Ratman
    assert owner(g, "c") == "bob"
    act(g, "bob", "pick", combo=0)  # Humans / Merchant
    assert g.quote("b").cost == 3
    assert refuse(g, "bob", "conquer", region="b").rule == "B-POW-DIPLOMAT-1"


def test_B_POW_DIPLOMAT_2_the_diplomats_in_decline_race_is_not_covered():
    g = new(DIP_MAP, "a-b b-c c-d d-e e-a", ["humans", "orcs", "ratmen"],
            ["hill", "merchant", "diplomat"])
    turn(g, "ann", "a", pick=0)  # Humans / Hill
    act(g, "bob", "pick", combo=0)  # Orcs 5 + Merchant 2 = 7
    act(g, "bob", "conquer", region="e")
    act(g, "bob", "end_turn")  # e7
    turn(g, "ann", decline=True)
    act(g, "bob", "end_turn")
    turn(g, "ann", "c", "d", pick=0, end=False)  # Ratmen / Diplomat
    act(g, "ann", "redeploy", tokens={"c": 12, "d": 1})
    act(g, "ann", "ally", player="bob")
    act(g, "ann", "end_turn")
    assert g.quote("d").cost == 3
    assert refuse(g, "bob", "conquer", region="d").rule == "B-POW-DIPLOMAT-1"
    assert committed(act(g, "bob", "conquer", region="a")) == 3  # in-decline Humans: 2 + 1
    assert g.declined[0] == []


def test_A_BASE_08_peace_forbids_a_sorcerer_conversion():
    g = new(DIP_MAP, "a-b b-c c-d d-e", ["ratmen", "sorcerers"], ["diplomat", "hill"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    act(g, "ann", "redeploy", tokens={"a": 12, "b": 1})
    act(g, "ann", "ally", player="bob")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    assert committed(act(g, "bob", "conquer", region="c")) == 2  # A-BASE-04: next to b first
    assert refuse(g, "bob", "convert", region="b").rule == "B-POW-DIPLOMAT-1"


# ---------------------------------------------------------------------------------------------
# Dragon Master
# ---------------------------------------------------------------------------------------------
DRAGON_MAP = {"a": region("farmland", True), "b": region("mountain", True), "c": region("forest"),
              "d": region("hill", True), "s": region("sea", True)}
DRAGON_BORDERS = "a-b b-c c-d d-a a-c b-s"


def test_B_POW_DRAGONMASTER_1_one_token_whatever_the_defence():
    g = new(DRAGON_MAP, DRAGON_BORDERS, ["ratmen", "trolls"], ["dragon_master", "hill"])
    turn(g, "ann", "a", pick=0)
    act(g, "bob", "pick", combo=0)  # Trolls 5 + Hill 4 = 9
    act(g, "bob", "conquer", region="b")  # 2 + 1 mountain
    act(g, "bob", "end_turn")  # b9 and a Lair
    assert g.quote("b").cost == 2 + 1 + 1 + 9
    assert committed(act(g, "ann", "dragon", region="b")) == 1
    assert owner(g, "b") == "ann" and tok(g, "b") == 1
    assert mark(g, "dragon", "b") == 1 and mark(g, "lair", "b") == 0
    assert g.hand("bob") == 8  # 1 Troll lost, 8 taken back (no region left)


def test_B_POW_DRAGONMASTER_1_once_per_turn():
    g = new(DRAGON_MAP, DRAGON_BORDERS, ["ratmen", "trolls"], ["dragon_master", "hill"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "dragon", region="a")
    assert refuse(g, "ann", "dragon", region="b").rule == "B-POW-DRAGONMASTER-1"
    assert committed(act(g, "ann", "conquer", region="b")) == 3  # ordinary conquests go on


def test_B_POW_DRAGONMASTER_1_the_dragon_region_is_immune():
    g = new(DRAGON_MAP, DRAGON_BORDERS, ["ratmen", "sorcerers"], ["dragon_master", "hill"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "dragon", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 1, "b": 12})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Sorcerers
    assert committed(act(g, "bob", "conquer", region="d")) == 2  # A-BASE-04: next to a first
    assert refuse(g, "bob", "convert", region="a").rule == "B-DEF-5"
    assert refuse(g, "bob", "conquer", region="a").rule == "B-DEF-5"


def test_B_POW_DRAGONMASTER_2_the_dragon_stays_until_it_moves():
    g = new(DRAGON_MAP, DRAGON_BORDERS, ["ratmen", "humans"], ["dragon_master", "hill"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "dragon", region="a")
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    act(g, "ann", "end_turn")  # no Dragon conquest this turn: it stays
    assert mark(g, "dragon", "a") == 1
    act(g, "bob", "end_turn")
    act(g, "ann", "dragon", region="d")
    assert (mark(g, "dragon", "a"), mark(g, "dragon", "d")) == (0, 1)


def test_B_POW_DRAGONMASTER_2_removed_on_decline():
    g = new(DRAGON_MAP, DRAGON_BORDERS, ["ratmen", "humans"], ["dragon_master", "hill"])
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "dragon", region="a")
    act(g, "ann", "end_turn")
    turn(g, "bob", pick=0)
    act(g, "ann", "decline")
    assert sum(g.mk["dragon"]) == 0
    act(g, "ann", "end_turn")
    assert g.quote("a", "bob").reason is None  # no longer immune


def test_A_BASE_10_the_dragon_target_must_be_legal():
    g = new({**DRAGON_MAP, "h": region("hill", True)}, DRAGON_BORDERS + " d-h",
            ["humans", "ratmen"], ["heroic", "dragon_master"])
    act(g, "ann", "pick", combo=0)  # Humans / Heroic
    act(g, "ann", "conquer", region="h")
    act(g, "ann", "end_turn")  # the Hero goes to h, ann's only region
    act(g, "bob", "pick", combo=0)  # Ratmen / Dragon Master
    assert refuse(g, "bob", "dragon", region="c").rule == "B-CONQ-1"  # first conquest: the edge
    assert refuse(g, "bob", "dragon", region="s").rule == "B-CONQ-4"
    assert refuse(g, "bob", "dragon", region="h").rule == "B-DEF-5"  # the Hero
    act(g, "bob", "conquer", region="b")
    assert refuse(g, "bob", "dragon", region="d").rule == "B-CONQ-5"  # b does not touch d


def test_A_BASE_10_a_dragon_conquest_counts_as_a_conquest():
    regions = {"a": region("farmland", True, True), "b": region("hill", True)}
    g = new(regions, "a-b", ["orcs", "humans"], ["dragon_master", "hill"])
    act(g, "ann", "pick", combo=0)  # Orcs / Dragon Master
    assert committed(act(g, "ann", "dragon", region="a")) == 1
    act(g, "ann", "end_turn")
    assert bonus(g, "ann", "B-RACE-ORCS-1") == 1  # a non-empty region conquered


# ---------------------------------------------------------------------------------------------
# Flying
# ---------------------------------------------------------------------------------------------
FLY_MAP = {"a": region("farmland", True), "b": region("forest"), "c": region("hill"),
           "s": region("sea"), "l": region("lake")}
FLY_BORDERS = "a-b b-s c-s c-l"


def test_A_BASE_18_flying_first_conquest_anywhere():
    g = new(FLY_MAP, FLY_BORDERS, ["ratmen", "humans"], ["flying", "hill"])
    act(g, "ann", "pick", combo=0)
    assert committed(act(g, "ann", "conquer", region="c")) == 2  # not a border region
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # no Flying
    assert refuse(g, "bob", "conquer", region="b").rule == "B-CONQ-1"


def test_B_POW_FLYING_1_no_adjacency_needed():
    g = new(FLY_MAP, FLY_BORDERS, ["ratmen", "humans"], ["flying", "hill"])
    turn(g, "ann", "b", "c", pick=0, end=False)  # b and c do not touch
    assert (owner(g, "b"), owner(g, "c")) == ("ann", "ann")


def test_B_POW_FLYING_1_never_a_sea_or_the_lake():
    g = new(FLY_MAP, FLY_BORDERS, ["ratmen", "humans"], ["flying", "hill"])
    act(g, "ann", "pick", combo=0)
    assert refuse(g, "ann", "conquer", region="s").rule == "B-CONQ-4"
    act(g, "ann", "conquer", region="b")
    assert refuse(g, "ann", "conquer", region="l").rule == "B-CONQ-4"


def test_B_POW_FLYING_1_flying_sorcerers_convert_without_adjacency():
    """[HJ-FAQ] quoted in B-RACE-SORCERERS-3: Flying lifts the conversion's adjacency too, once
    the Sorcerers hold a region (A-BASE-04: never a first conquest); here they hold c."""
    g = new(FLY_MAP, FLY_BORDERS, ["ratmen", "sorcerers"], ["hill", "flying"])
    turn(g, "ann", "a", "b", pick=0, end=False)
    act(g, "ann", "redeploy", tokens={"a": 11, "b": 1})
    act(g, "ann", "end_turn")
    turn(g, "bob", "c", pick=0, end=False)  # Sorcerers / Flying
    act(g, "bob", "convert", region="b")  # b does not touch c
    assert owner(g, "b") == "bob"


# ---------------------------------------------------------------------------------------------
# Forest, Hill, Swamp: +1 coin per region of the terrain, not in decline
# ---------------------------------------------------------------------------------------------
def _terrain_game(power: str, terrain: str) -> Game:
    """ann holds two regions of `terrain` and one farmland at the end of turn 1."""
    other = "forest" if terrain != "forest" else "hill"
    regions = {"a": region(terrain, True), "b": region("farmland"), "c": region(terrain),
               "d": region(other, True)}
    g = new(regions, "a-b b-c c-d", ["ratmen", "humans"], [power, "commando"])
    turn(g, "ann", *"abc", pick=0)  # a4 b4 c4
    return g


def _terrain_bonus(power: str, terrain: str, rule: str) -> None:
    g = _terrain_game(power, terrain)
    assert bonus(g, "ann", rule) == 2
    assert scored(g, "ann") == 5
    act(g, "bob", "pick", combo=0)  # Humans / Commando
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "conquer", region="c")  # 2 + 4 - 1
    act(g, "bob", "end_turn")
    assert bonus(g, "bob", rule) == 0
    act(g, "ann", "end_turn")
    assert bonus(g, "ann", rule) == 1  # only a is left
    assert scored(g, "ann") == 3


def _terrain_decline(power: str, terrain: str, rule: str) -> None:
    g = _terrain_game(power, terrain)
    turn(g, "bob", pick=0)
    turn(g, "ann", decline=True)
    assert bonus(g, "ann", rule) == 0
    assert scored(g, "ann") == 3


def test_B_POW_FOREST_1_one_coin_per_forest():
    _terrain_bonus("forest", "forest", "B-POW-FOREST-1")


def test_B_POW_FOREST_1_none_in_decline():
    _terrain_decline("forest", "forest", "B-POW-FOREST-1")


def test_B_POW_HILL_1_one_coin_per_hill():
    _terrain_bonus("hill", "hill", "B-POW-HILL-1")


def test_B_POW_HILL_1_none_in_decline():
    _terrain_decline("hill", "hill", "B-POW-HILL-1")


def test_B_POW_SWAMP_1_one_coin_per_swamp():
    _terrain_bonus("swamp", "swamp", "B-POW-SWAMP-1")


def test_B_POW_SWAMP_1_none_in_decline():
    _terrain_decline("swamp", "swamp", "B-POW-SWAMP-1")


