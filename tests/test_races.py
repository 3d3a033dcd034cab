"""Unit tests for the 14 base races (B-RACE-*), on small inline maps worked out by hand.

Each test is named after the rule it checks (docs/rules/base-game.md, ambiguities.md).
The conformance scenarios for the same rules are in tests/scenarios/races/.
"""

from __future__ import annotations

from typing import Any

from gamehelpers import act, at, bonus, last_scored, new, owner, refused, region, tokens, turn
from racehelpers import LINE, RING

from swcore import Game


# ----------------------------------------------------------------------------------------
# Amazons
# ----------------------------------------------------------------------------------------
def test_B_RACE_AMAZONS_1_ten_tokens_plus_the_badge():
    game = new(LINE, ["amazons", "ratmen"], ["merchant", "diplomat"])
    act(game, "ann", "pick", combo=0)
    assert game.hand("ann") == 12  # 6 + 4 attack-only + merchant 2
    assert game.tray("amazons") == 3  # 15 in the box


def test_B_RACE_AMAZONS_2_four_come_off_after_redeployment():
    game = new(LINE, ["amazons", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    assert refused(game, "ann", "redeploy", tokens={"a": 6, "b": 6}) == "B-REDEP-1"
    act(game, "ann", "redeploy", tokens={"a": 4, "b": 4})
    amazons = game.armies["amazons"]
    assert (amazons.held, amazons.hand, game.hand("ann")) == (4, 0, 4)
    assert game.board_tokens(0) == 8  # B-END-2: the 4 off the board do not count


def test_B_RACE_AMAZONS_2_default_placement_keeps_four_from_hand_first():
    game = new(LINE, ["amazons", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0)  # 8 in hand: 4 kept off, 4 placed fewest first: a 4, b 4
    assert (tokens(game, "a"), tokens(game, "b"), game.hand("ann")) == (4, 4, 4)
    assert last_scored(game, "ann") == 4  # 2 regions + merchant 2


def test_B_RACE_AMAZONS_3_back_in_hand_at_ready_troops():
    game = new(LINE, ["amazons", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"a": 4, "b": 4})
    act(game, "ann", "end_turn")
    turn(game, "bob", "e", pick=0)
    act(game, "ann", "conquer", region="c")  # Ready Troops: 3 + 3 from a, b + the 4 held
    amazons = game.armies["amazons"]
    assert (amazons.held, amazons.hand) == (0, 10 - 2)


def test_A_BASE_01_off_board_amazons_do_not_defend():
    game = new(LINE, ["amazons", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"a": 7, "b": 1})
    act(game, "ann", "end_turn")
    turn(game, "bob", "e", "d", "c", pick=0, end=False)
    q = game.quote("b")
    assert (q.cost, q.reason) == (3, None)  # 2 + the 1 Amazon on the board
    act(game, "bob", "conquer", region="b")
    assert game.hand("ann") == 4  # the lone Amazon of b is discarded; the 4 stay off the board


def test_A_BASE_01_held_amazons_go_to_the_tray_on_decline():
    game = new(LINE, ["amazons", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"a": 4, "b": 4})
    act(game, "ann", "end_turn")
    turn(game, "bob", pick=0)
    act(game, "ann", "decline")
    assert game.hand("ann") == 0
    assert (tokens(game, "a"), tokens(game, "b")) == (1, 1)
    assert game.tray("amazons") == 13


def test_A_BASE_01_four_come_off_even_if_regions_must_be_abandoned():
    # Amazons + Commando: 14 tokens, every empty region costs 1.
    hub = {"regions": {"h": region("hill", edge=True),
                       **{f"s{i}": region("forest") for i in range(1, 12)}},
           "borders": [["h", f"s{i}"] for i in range(1, 12)]}
    game = new(hub, ["amazons", "ratmen"], ["commando", "diplomat"])
    act(game, "ann", "pick", combo=0)
    for rid in ["h"] + [f"s{i}" for i in range(1, 12)]:
        act(game, "ann", "conquer", region=rid)
    # 12 regions, but only 14 - 4 = 10 tokens stay: two regions must go.
    every = {"h": 1, **{f"s{i}": 1 for i in range(1, 12)}}
    assert refused(game, "ann", "redeploy", tokens=every) == "B-REDEP-1"
    nine = {"h": 2, **{f"s{i}": 1 for i in range(1, 9)}}  # 10 tokens on 9 regions: one too few
    assert refused(game, "ann", "redeploy", tokens=nine) == "B-REDEP-1"
    ten = {"h": 1, **{f"s{i}": 1 for i in range(1, 10)}}
    act(game, "ann", "redeploy", tokens=ten)
    assert (owner(game, "s10"), owner(game, "s11"), game.hand("ann")) == (None, None, 4)


def test_A_BASE_01_withdrawn_amazons_are_placed_the_four_stay_off():
    game = new(LINE, ["amazons", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"a": 5, "b": 3})
    act(game, "ann", "end_turn")
    act(game, "bob", "pick", combo=0)  # 8 + 5
    for rid in "edc":
        act(game, "bob", "conquer", region=rid)
    act(game, "bob", "conquer", region="b")  # 2 + 3: 1 lost, 2 withdrawn
    act(game, "bob", "end_turn")  # the 2 go on a
    assert tokens(game, "a") == 7
    assert (game.armies["amazons"].held, game.hand("ann")) == (4, 4)


def test_B_END_2_amazons_off_the_board_do_not_break_ties():
    game = new(LINE, ["amazons", "ratmen"], ["merchant", "fortified"], turns=1,
               coins={"ann": 5, "bob": 6})
    turn(game, "ann", "a", "b", pick=0, end=False)  # 10 + 2
    act(game, "ann", "redeploy", tokens={"a": 4, "b": 4})
    act(game, "ann", "end_turn")  # 2 regions + merchant 2: 9 coins; 8 on the board, 4 off
    act(game, "bob", "pick", combo=0)  # 8 + 3
    for rid in "edc":
        act(game, "bob", "conquer", region=rid)
    act(game, "bob", "end_turn")  # 3 regions: 9 coins; 11 on the board
    assert game.game_over
    assert game.coins == [9, 9]
    assert game.winners() == ["bob"]  # 11 > 8 (ann's 4 in hand would have made it 12)


# ----------------------------------------------------------------------------------------
# Dwarves
# ----------------------------------------------------------------------------------------
MINES = {
    "regions": {"a": region("hill", edge=True, symbols=["mine"]), "b": region("forest"),
                "c": region("swamp", symbols=["mine"]), "d": region("farmland", edge=True)},
    "borders": [["a", "b"], ["b", "c"], ["c", "d"]],
}


def test_B_RACE_DWARVES_1_one_coin_per_mine():
    game = new(MINES, ["dwarves", "ratmen"], ["diplomat", "merchant"])
    act(game, "ann", "pick", combo=0)
    assert game.hand("ann") == 8  # 3 + 5
    turn(game, "ann", *"abc")
    assert bonus(game, "ann", "B-RACE-DWARVES-1") == 2
    assert last_scored(game, "ann") == 3 + 2


def test_B_RACE_DWARVES_1_mine_bonus_also_in_decline():
    game = new(MINES, ["dwarves", "ratmen"], ["diplomat", "merchant"])
    turn(game, "ann", *"abc", pick=0)
    turn(game, "bob", pick=0)
    turn(game, "ann", decline=True)
    assert last_scored(game, "ann") == 3 + 2  # B-SCORE-4: Dwarves keep their bonus
    act(game, "bob", "end_turn")
    turn(game, "ann", "d", pick=0)
    assert bonus(game, "ann", "B-RACE-DWARVES-1") == 2


# ----------------------------------------------------------------------------------------
# Elves
# ----------------------------------------------------------------------------------------
def test_B_RACE_ELVES_1_active_elves_lose_no_token():
    game = new(LINE, ["elves", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)  # 6 + 2
    act(game, "ann", "redeploy", tokens={"a": 5, "b": 3})
    act(game, "ann", "end_turn")
    act(game, "bob", "pick", combo=0)  # 8 + 5
    for rid in "edc":
        act(game, "bob", "conquer", region=rid)
    act(game, "bob", "conquer", region="b")  # 2 + 3 Elves
    assert game.armies["elves"].hand == 3  # all 3 withdrawn, none discarded
    act(game, "bob", "end_turn")
    assert tokens(game, "a") == 8
    assert game.tray("elves") == 11 - 8


def test_B_RACE_ELVES_1_in_decline_elves_lose_their_token():
    game = new(LINE, ["elves", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0)
    turn(game, "bob", *"edc", pick=0)
    turn(game, "ann", decline=True)
    act(game, "bob", "conquer", region="b")  # 2 + 1 Elf in decline
    assert game.armies["elves"].hand == 0
    assert game.on_board("elves") == 1


def test_B_LOSS_3_elves_losing_their_last_region_keep_every_token():
    pair = {"regions": {"a": region("farmland", edge=True), "b": region("forest"),
                        "c": region("hill", edge=True), "e": region("swamp", edge=True)},
            "borders": [["a", "e"], ["a", "b"], ["b", "c"]]}
    game = new(pair, ["elves", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", pick=0)  # a: 8 Elves
    turn(game, "bob", "e", "a", pick=0)  # 2 + 8
    assert game.regions_of("elves") == []
    assert game.hand("ann") == 8
    assert refused(game, "ann", "conquer", region="b") == "B-CONQ-1"  # re-entry by the edge
    act(game, "ann", "conquer", region="c")
    assert game.armies["elves"].hand == 6


def test_B_RACE_SORCERERS_4_a_converted_elf_goes_to_the_tray():
    game = new(LINE, ["elves", "sorcerers"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"a": 7, "b": 1})
    act(game, "ann", "end_turn")
    turn(game, "bob", *"edc", pick=0, end=False)
    act(game, "bob", "convert", region="b")
    assert game.race[at(game, "b")] == "sorcerers"
    assert game.armies["elves"].hand == 0
    assert game.tray("elves") == 11 - 7


# ----------------------------------------------------------------------------------------
# Ghouls
# ----------------------------------------------------------------------------------------
def ghouls_in_decline(humans_power: str = "berserk") -> Game:
    """RING. ann: Ghouls a 4, b 3, in decline since turn 2; bob: Ratmen/Diplomat, d 13.
    It is ann's turn 3; the next combo is Humans with `humans_power` (4 tokens)."""
    game = new(RING, ["ghouls", "ratmen", "humans"], ["merchant", "diplomat", humans_power])
    turn(game, "ann", "a", "b", pick=0, end=False)  # 5 + 2
    act(game, "ann", "redeploy", tokens={"a": 4, "b": 3})
    act(game, "ann", "end_turn")
    turn(game, "bob", "d", pick=0)  # 8 + 5
    turn(game, "ann", decline=True)
    act(game, "bob", "end_turn")
    return game


def test_B_RACE_GHOULS_1_all_tokens_stay_on_decline():
    game = ghouls_in_decline()
    assert (tokens(game, "a"), tokens(game, "b")) == (4, 3)
    assert game.declined[0] == ["ghouls"]
    assert game.tray("ghouls") == 10 - 7
    assert last_scored(game, "ann") == 2  # the decline turn: 2 regions, no merchant


def test_A_BASE_03_ghouls_do_not_conquer_in_the_decline_turn():
    game = new(RING, ["ghouls", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", pick=0)
    turn(game, "bob", pick=0)
    act(game, "ann", "decline")
    assert tokens(game, "a") == 7
    assert refused(game, "ann", "conquer", region="b", race="ghouls") == "A-BASE-03"


def test_B_RACE_GHOULS_3_conquer_before_the_active_race():
    game = ghouls_in_decline()
    act(game, "ann", "conquer", region="c", race="ghouls")  # a 4 -> 1, b 3 -> 1: 5 in hand
    assert game.armies["ghouls"].hand == 5 - 3  # 2 + 1 Lost Tribe
    act(game, "ann", "pick", combo=0)
    # Picking closed the Ghouls' sub-turn: their 2 in hand went on a and b.
    assert (tokens(game, "a"), tokens(game, "b"), tokens(game, "c")) == (2, 2, 3)
    assert refused(game, "ann", "conquer", region="f", race="ghouls") == "A-BASE-03"


def test_B_RACE_GHOULS_3_refused_once_the_active_race_has_acted():
    game = ghouls_in_decline()
    turn(game, "ann", "f", pick=0, end=False)  # humans 5 + berserk 4
    assert refused(game, "ann", "conquer", region="c", race="ghouls") == "A-BASE-03"
    assert refused(game, "ann", "abandon", region="b", race="ghouls") == "A-BASE-03"
    assert refused(game, "ann", "redeploy", race="ghouls", tokens={"a": 5, "b": 2}) == "A-BASE-03"


def test_B_RACE_GHOULS_4_attack_their_owners_active_race():
    game = ghouls_in_decline()
    turn(game, "ann", "f", "e", pick=0, end=False)  # humans 5 + berserk 4
    act(game, "ann", "redeploy", tokens={"f": 1, "e": 8})
    act(game, "ann", "end_turn")
    act(game, "bob", "end_turn")
    q = game.quote("f", race="ghouls")
    assert (q.cost, q.reason) == (3, None)  # 2 + 1 Human
    act(game, "ann", "conquer", region="f", race="ghouls")
    assert (owner(game, "f"), game.race[at(game, "f")], tokens(game, "f")) == ("ann", "ghouls", 3)
    assert game.armies["humans"].hand == 0  # the lone Human is discarded (B-LOSS-4)
    assert game.on_board("humans") == 8


def test_B_RACE_GHOULS_2_in_decline_they_lose_one_and_withdraw_the_rest():
    game = ghouls_in_decline()
    turn(game, "ann", "f", pick=0)
    act(game, "bob", "conquer", region="c")  # Ready Troops: 12 in hand; 2 + 1 Lost Tribe
    act(game, "bob", "conquer", region="b")  # 2 + 3 Ghouls
    assert game.armies["ghouls"].hand == 2  # 1 discarded, 2 withdrawn
    act(game, "bob", "end_turn")
    assert tokens(game, "a") == 6
    assert game.tray("ghouls") == 10 - 6


def test_B_DECL_4_ghouls_leave_when_the_next_race_declines():
    game = ghouls_in_decline()
    turn(game, "ann", "f", pick=0)
    act(game, "bob", "end_turn")
    act(game, "ann", "decline")
    assert game.declined[0] == ["humans"]
    assert game.regions_of("ghouls") == []
    assert "ghouls" not in game.armies


def test_A_BASE_03_no_decline_once_the_ghouls_have_acted():
    game = ghouls_in_decline()
    turn(game, "ann", "f", pick=0)
    act(game, "bob", "end_turn")
    act(game, "ann", "conquer", region="c", race="ghouls")
    assert refused(game, "ann", "decline") == "A-BASE-03"


def test_A_BASE_03_ghouls_make_their_own_final_conquest():
    game = ghouls_in_decline()
    act(game, "ann", "conquer", region="f", race="ghouls")  # 5 in hand -> 3
    act(game, "ann", "conquer", region="e", race="ghouls")  # -> 1
    # c costs 2 + 1 Lost Tribe = 3 with 1 in hand: 2 short, the die shows 2.
    act(game, "ann", "conquer", region="c", race="ghouls", reinforce=True, roll=2)
    assert (owner(game, "c"), tokens(game, "c")) == ("ann", 1)
    assert game.armies["ghouls"].hand == 0
    # B-FINAL-4: their conquests are over; the active race still plays its own turn.
    assert refused(game, "ann", "conquer", region="d", race="ghouls") in ("A-BASE-03", "B-FINAL-4")
    act(game, "ann", "pick", combo=0)
    assert game.armies["humans"].hand == 9


def test_A_BASE_02_a_failed_ghoul_final_conquest_returns_the_tokens():
    game = ghouls_in_decline()
    act(game, "ann", "conquer", region="f", race="ghouls")
    act(game, "ann", "conquer", region="e", race="ghouls")
    act(game, "ann", "conquer", region="c", race="ghouls", reinforce=True, roll=0)
    assert game.race[at(game, "c")] == "lost_tribe"
    act(game, "ann", "pick", combo=0)  # the Ghoul left in hand goes back on a region
    assert (game.on_board("ghouls"), game.armies["ghouls"].hand) == (7, 0)


def test_A_BASE_03_stout_may_decline_after_a_turn_where_only_the_ghouls_conquered():
    # B-POW-STOUT-1: the Ghouls acted, so this is an Expand turn; a Stout active race may go
    # into decline after scoring it even though it conquered nothing itself.
    game = ghouls_in_decline("stout")
    turn(game, "ann", "f", pick=0)  # humans 5 + stout 4
    act(game, "bob", "end_turn")
    act(game, "ann", "conquer", region="c", race="ghouls")  # 2 + 1 Lost Tribe
    act(game, "ann", "decline")
    assert last_scored(game, "ann") == 2 + 3  # humans f + farmland; Ghouls a, b, c
    assert game.declined[0] == ["humans"]  # B-DECL-4: the Ghouls leave
    assert "ghouls" not in game.armies


def test_A_BASE_03_ghouls_holding_no_region_re_enter_by_the_edge():
    game = ghouls_in_decline()
    act(game, "ann", "abandon", region="a", race="ghouls")
    act(game, "ann", "abandon", region="b", race="ghouls")
    assert game.armies["ghouls"].hand == 7
    assert refused(game, "ann", "conquer", region="c", race="ghouls") == "B-CONQ-1"
    act(game, "ann", "conquer", region="f", race="ghouls")
    assert (owner(game, "f"), game.armies["ghouls"].hand) == ("ann", 5)


def test_B_DECL_8_other_in_decline_races_never_conquer():
    game = new(LINE, ["elves", "ratmen", "humans"], ["merchant", "diplomat", "stout"])
    turn(game, "ann", "a", pick=0)
    turn(game, "bob", pick=0)
    turn(game, "ann", decline=True)
    act(game, "bob", "end_turn")
    assert refused(game, "ann", "conquer", region="b", race="elves") == "B-DECL-8"
    assert refused(game, "ann", "conquer", region="b", race="ghouls") == "B-DECL-8"  # not hers


def test_B_RACE_GHOULS_2_diplomat_peace_does_not_bind_in_decline_ghouls():
    game = ghouls_in_decline()
    turn(game, "ann", "f", "e", pick=0)
    act(game, "bob", "ally", player="ann")  # bob's Diplomat: ann's active race may not attack
    act(game, "bob", "end_turn")
    assert game.quote("d").reason.rule == "B-POW-DIPLOMAT-1"
    act(game, "ann", "conquer", region="c", race="ghouls")
    q = game.quote("d", race="ghouls")
    assert (q.cost, q.reason) == (2 + 13, None)


# ----------------------------------------------------------------------------------------
# Giants
# ----------------------------------------------------------------------------------------
# m (mountain, edge) - x - y - z - n (mountain, edge)
GIANT = {
    "regions": {"m": region("mountain", edge=True), "x": region("farmland"), "y": region("forest"),
                "z": region("hill"), "n": region("mountain", edge=True)},
    "borders": [["m", "x"], ["x", "y"], ["y", "z"], ["z", "n"]],
}


def test_B_RACE_GIANTS_1_one_less_next_to_a_mountain_they_hold():
    game = new(GIANT, ["giants", "ratmen"], ["merchant", "diplomat"])
    act(game, "ann", "pick", combo=0)
    assert game.quote("m").cost == 3  # 2 + mountain: not next to a Giant mountain
    act(game, "ann", "conquer", region="m")
    q = game.quote("x")
    assert (q.cost, q.reason) == (1, None)
    assert any(change == -1 for _, change in q.breakdown)
    act(game, "ann", "conquer", region="x")
    assert game.quote("y").cost == 2  # y is not next to a mountain


def test_B_RACE_GIANTS_1_nothing_next_to_someone_elses_mountain():
    game = new(GIANT, ["ratmen", "giants"], ["diplomat", "merchant"])
    turn(game, "ann", "n", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"n": 13})
    act(game, "ann", "end_turn")
    turn(game, "bob", "m", "x", "y", pick=0, end=False)
    q = game.quote("z")  # next to ann's mountain n only
    assert (q.cost, q.breakdown) == (2, [("base", 2)])


def test_B_RACE_GIANTS_1_minimum_one():
    game = new(GIANT, ["giants", "ratmen"], ["commando", "diplomat"])
    turn(game, "ann", "m", pick=0, end=False)  # 2 + 1 - 1 commando
    assert game.armies["giants"].hand == 10 - 2
    assert game.quote("x").cost == 1  # 2 - 1 - 1 = 0, raised to 1 (B-CONQ-3)


# ----------------------------------------------------------------------------------------
# Halflings
# ----------------------------------------------------------------------------------------
def test_B_RACE_HALFLINGS_1_first_conquest_anywhere_but_not_the_sea():
    sea = {"regions": {**LINE["regions"], "s": region("sea", edge=True)},
           "borders": LINE["borders"] + [["s", "c"]]}
    game = new(sea, ["halflings", "ratmen"], ["merchant", "diplomat"])
    act(game, "ann", "pick", combo=0)
    assert refused(game, "ann", "conquer", region="s") == "B-CONQ-4"
    act(game, "ann", "conquer", region="c")  # c touches no edge
    assert owner(game, "c") == "ann"
    assert refused(game, "ann", "conquer", region="e") == "B-CONQ-5"  # only the first is free


def halflings_holes() -> Game:
    """LINE: ann's Halflings took c, d (Holes) and b; bob's Ratmen hold e."""
    game = new(LINE, ["halflings", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", *"cdb", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"b": 1, "c": 1, "d": 6})
    act(game, "ann", "end_turn")
    turn(game, "bob", "e", pick=0, end=False)
    return game


def test_B_RACE_HALFLINGS_2_holes_in_the_first_two_regions_make_them_immune():
    game = halflings_holes()
    holes = game.mk["hole"]
    assert [holes[at(game, r)] for r in "bcd"] == [0, 1, 1]
    assert game.quote("d").reason.rule == "B-DEF-5"
    assert refused(game, "bob", "conquer", region="d") == "B-DEF-5"


def test_B_RACE_HALFLINGS_3_holes_go_on_decline():
    game = halflings_holes()
    act(game, "bob", "end_turn")
    act(game, "ann", "decline")
    assert sum(game.mk["hole"]) == 0
    act(game, "ann", "end_turn")
    q = game.quote("d")
    assert (q.cost, q.reason) == (3, None)  # 2 + 1 in-decline Halfling
    act(game, "bob", "conquer", region="d")
    assert owner(game, "d") == "bob"


def test_A_BASE_09_an_abandoned_hole_is_gone_and_no_new_one_comes():
    game = halflings_holes()
    act(game, "bob", "end_turn")
    for rid in "bcd":
        act(game, "ann", "abandon", region=rid)
    assert sum(game.mk["hole"]) == 0
    assert game.hand("ann") == 8
    act(game, "ann", "conquer", region="c")  # re-entry: anywhere again, but both Holes were used
    assert game.mk["hole"][at(game, "c")] == 0


def test_A_BASE_14_holes_stop_even_their_owners_own_in_decline_ghouls():
    """A-BASE-14 (amended, French 2018): a Hole-in-the-Ground is impregnable to every other
    race, the owner's own in-decline Ghouls included."""
    game = new(LINE, ["ghouls", "ratmen", "halflings"], ["merchant", "diplomat", "stout"])
    turn(game, "ann", "a", "b", pick=0)
    turn(game, "bob", "e", pick=0)
    turn(game, "ann", decline=True)
    act(game, "bob", "end_turn")
    act(game, "ann", "pick", combo=0)  # halflings 6 + stout 4
    act(game, "ann", "conquer", region="c")  # Hole
    act(game, "ann", "redeploy", tokens={"c": 10})
    act(game, "ann", "end_turn")
    act(game, "bob", "end_turn")
    assert game.mk["hole"][at(game, "c")] == 1
    q = game.quote("c", race="ghouls")
    assert (q.cost, q.reason.rule) == (2 + 10, "B-DEF-5")
    assert refused(game, "ann", "conquer", region="c", race="ghouls") == "B-DEF-5"


# ----------------------------------------------------------------------------------------
# Humans
# ----------------------------------------------------------------------------------------
def test_B_RACE_HUMANS_1_one_coin_per_farmland():
    game = new(LINE, ["humans", "ratmen"], ["diplomat", "merchant"])
    act(game, "ann", "pick", combo=0)
    act(game, "ann", "conquer", region="a")  # farmland
    act(game, "ann", "conquer", region="b")  # forest
    act(game, "ann", "end_turn")
    assert bonus(game, "ann", "B-RACE-HUMANS-1") == 1
    assert last_scored(game, "ann") == 3


def test_B_RACE_HUMANS_1_no_bonus_in_decline():
    game = new(LINE, ["humans", "ratmen"], ["diplomat", "merchant"])
    turn(game, "ann", "a", pick=0)
    turn(game, "bob", pick=0)
    turn(game, "ann", decline=True)
    assert last_scored(game, "ann") == 1
    assert bonus(game, "ann", "B-RACE-HUMANS-1") == 0


# ----------------------------------------------------------------------------------------
# Orcs
# ----------------------------------------------------------------------------------------
def test_B_RACE_ORCS_1_one_coin_per_non_empty_conquest():
    game = new(RING, ["orcs", "ratmen"], ["merchant", "diplomat"])
    act(game, "ann", "pick", combo=0)  # 5 + 2
    act(game, "ann", "conquer", region="a")  # empty
    act(game, "ann", "conquer", region="b")  # empty
    act(game, "ann", "conquer", region="c")  # Lost Tribe: non-empty
    act(game, "ann", "end_turn")
    assert bonus(game, "ann", "B-RACE-ORCS-1") == 1
    assert last_scored(game, "ann") == 3 + 1 + 3  # regions, orcs, merchant


def orcs_on_own_decline(**options: Any) -> Game:
    game = new(LINE, ["ratmen", "humans", "orcs"], ["merchant", "diplomat", "stout"],
               options=options or None)
    turn(game, "ann", "a", pick=0)
    turn(game, "bob", "e", pick=0)
    turn(game, "ann", decline=True)
    act(game, "bob", "end_turn")
    act(game, "ann", "pick", combo=0)  # orcs 5 + stout 4
    act(game, "ann", "conquer", region="a")  # ann's own in-decline ratman: 2 + 1
    act(game, "ann", "end_turn")
    return game


def test_A_BASE_05_own_in_decline_tokens_make_a_region_non_empty():
    game = orcs_on_own_decline()
    assert bonus(game, "ann", "B-RACE-ORCS-1") == 1
    assert last_scored(game, "ann") == 1 + 1  # the Ratmen left the board (B-LOSS-6)


def test_A_BASE_05_rule_option_own_decline_not_counted():
    game = orcs_on_own_decline(own_decline_counts_non_empty=False)
    assert bonus(game, "ann", "B-RACE-ORCS-1") == 0
    assert last_scored(game, "ann") == 1


def test_B_RACE_ORCS_1_only_this_turns_conquests_and_not_in_decline():
    game = new(RING, ["orcs", "ratmen"], ["merchant", "diplomat"])
    turn(game, "ann", "a", "b", "c", pick=0)
    turn(game, "bob", pick=0)
    act(game, "ann", "end_turn")  # no conquest this turn
    assert bonus(game, "ann", "B-RACE-ORCS-1") == 0
    act(game, "bob", "end_turn")
    turn(game, "ann", decline=True)
    assert last_scored(game, "ann") == 3


# ----------------------------------------------------------------------------------------
# Ratmen
# ----------------------------------------------------------------------------------------
def test_B_RACE_RATMEN_1_eight_tokens_and_plain_costs():
    game = new(RING, ["ratmen", "humans"], ["diplomat", "merchant"])
    act(game, "ann", "pick", combo=0)
    assert game.hand("ann") == 13
    act(game, "ann", "conquer", region="a")
    q = game.quote("b")
    assert (q.cost, q.breakdown) == (2, [("base", 2)])
    act(game, "ann", "conquer", region="b")
    assert game.quote("c").cost == 3  # 2 + Lost Tribe
    act(game, "ann", "end_turn")
    assert last_scored(game, "ann") == 2  # 1 per region, nothing else


def test_B_RACE_RATMEN_1_lose_one_token_like_any_race():
    game = new(LINE, ["ratmen", "humans"], ["diplomat", "merchant"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"a": 10, "b": 3})
    act(game, "ann", "end_turn")
    turn(game, "bob", "e", pick=0)  # humans 5 + merchant 2
    act(game, "ann", "end_turn")
    act(game, "bob", "end_turn")
    act(game, "ann", "decline")
    assert (tokens(game, "a"), tokens(game, "b")) == (1, 1)
    assert game.tray("ratmen") == 13 - 2


