"""Leaders of Small World (X-LEAD-1…5, A-LEAD-01/02), every outcome worked out by hand from
the French rule book (seed 000, "Les Chefs de Small World") and the rulings."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gamehelpers import act

from swcore import Game, InputError, RuleError
from swcore.bots import RandomBot
from swcore.scenario import run_file

LINE = {"regions": {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "hill"},
                    "c": {"terrain": "forest", "edge": True}, "d": {"terrain": "swamp", "edge": True}},
        "borders": [["a", "b"], ["b", "c"], ["c", "d"]]}
REST_R = ["humans", "orcs", "wizards", "trolls", "dwarves", "giants"]
REST_P = ["commando", "forest", "swamp", "alchemist", "stout", "wealthy"]


def game(first: str, power: str = "hill", second: str = "humans", power2: str = "commando",
         **kw: Any) -> Game:
    races = [first, second] + [r for r in REST_R if r not in (first, second)][:4]
    powers = [power, power2] + [p for p in REST_P if p not in (power, power2)][:4]
    return Game.new(LINE, ["ann", "bob"], seed=3, races=races, powers=powers,
                    expansions=["leaders"], **kw)


def where(g: Game, player: str) -> Any:
    from swcore.checks import compare

    return compare(g, "leaders", {player: None}, "t")[0][2]


def captives(g: Game, player: str) -> list[str]:
    from swcore.checks import compare

    return compare(g, "captives", {player: []}, "t")[0][2]


def refused(g: Game, rule: str, action: dict[str, Any]) -> None:
    before = g.snapshot()
    with pytest.raises(RuleError) as err:
        g.apply(action)
    assert err.value.rule == rule, err.value
    assert g.snapshot() == before


def ratmen_b(lone: bool = False) -> Game:
    """ann: Ratmen + Hill + Leader (13): a and b taken, the Leader in b."""
    g = game("ratmen")
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 12, "b": 1} if lone else {"a": 9, "b": 4}, leader="b")
    act(g, "ann", "end_turn")
    return g


# --- X-LEAD-1 ------------------------------------------------------------------------------
def test_X_LEAD_1_pick_with_the_leader_costs_one_coin_and_gives_one_token():
    g = game("ratmen")
    act(g, "ann", "pick", combo=0, leader=True)
    assert g.coins[0] == 4 and g.hand("ann") == 13 and where(g, "ann") == "hand"
    g2 = game("ratmen")
    act(g2, "ann", "pick", combo=0)
    assert g2.coins[0] == 5 and g2.hand("ann") == 12 and where(g2, "ann") is None


def test_X_LEAD_1_refused_without_the_coin_nothing_changes():
    g = game("ratmen", coins=0)
    refused(g, "X-LEAD-1", {"by": "ann", "do": "pick", "combo": 0, "leader": True})
    act(g, "ann", "pick", combo=0)  # without the Leader it is free


def test_X_LEAD_1_the_leader_argument_needs_the_module():
    g = Game.new(LINE, ["ann", "bob"], seed=3, races=["ratmen", *REST_R[:5]],
                 powers=["hill", *REST_P[:5]])
    with pytest.raises(InputError, match="only with the `leaders` rules"):
        g.apply({"by": "ann", "do": "pick", "combo": 0, "leader": True})


def test_option_leader_races_limits_which_races_have_a_leader():
    g = game("ratmen", options={"leader_races": ["humans"]})
    refused(g, "X-LEAD-1", {"by": "ann", "do": "pick", "combo": 0, "leader": True})
    act(g, "ann", "pick", combo=1, leader=True)  # Humans: 1 for the position, 1 for the Leader
    assert g.coins[0] == 3 and g.hand("ann") == 10
    with pytest.raises(InputError):
        game("ratmen", options={"leader_races": ["nobody"]})


# --- X-LEAD-2, A-LEAD-02 ---------------------------------------------------------------------
def test_X_LEAD_2_the_leader_is_one_token_for_defence_and_the_tie_break():
    g = ratmen_b()
    assert g.tokens[1] == 4 and where(g, "ann") == "b"
    act(g, "bob", "pick", combo=0)
    assert g.quote("b").cost == 2 + 4 - 1  # hill 2, 4 tokens with the Leader, commando -1
    assert g.board_tokens(0) == 13  # A-LEAD-02: counted for the tie-break (B-END-2)


def test_X_LEAD_2_conquer_with_the_leader_commits_it():
    g = game("ratmen")
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a", leader=True)
    assert where(g, "ann") == "a" and g.tokens[0] == 2
    refused(g, "X-LEAD-2", {"by": "ann", "do": "conquer", "region": "b", "leader": True})
    act(g, "ann", "end_turn")
    assert where(g, "ann") == "a"  # already placed: it stays


def test_ready_troops_leader_goes_to_hand_unless_alone():
    """FORMAT v2 "Leaders": at Ready Troops the Leader goes into hand unless alone."""
    g = ratmen_b(lone=True)
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "end_turn")
    refused(g, "X-LEAD-2", {"by": "ann", "do": "conquer", "region": "c", "leader": True})
    g = ratmen_b()
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "end_turn")
    act(g, "ann", "conquer", region="c", leader=True)  # Ready Troops: b kept 1, Leader in hand
    assert where(g, "ann") == "c" and g.tokens[1] == 1


def test_X_LEAD_2_the_leader_is_removed_at_once_on_decline():
    g = ratmen_b(lone=True)
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    assert g.race[1] is None and g.tokens[0] == 1  # b held only the Leader: emptied
    assert where(g, "ann") is None


def test_X_LEAD_2_ghouls_keep_their_tokens_but_not_their_leader():
    """B-RACE-GHOULS: every token stays on decline, the Leader leaves (X-LEAD-2)."""
    g = game("ghouls")
    act(g, "ann", "pick", combo=0, leader=True)  # 5 + 4 + 1
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 8, "b": 2}, leader="b")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    assert (g.tokens[0], g.tokens[1]) == (8, 1)


# --- X-LEAD-3 ----------------------------------------------------------------------------------
def test_X_LEAD_3_the_leader_may_not_stay_in_a_hole():
    """Halflings' Holes make their first two regions immune (B-RACE-HALFLINGS)."""
    g = game("halflings")
    act(g, "ann", "pick", combo=0, leader=True)  # 6 + 4 + 1
    for r in "abc":
        act(g, "ann", "conquer", region=r)
    refused(g, "X-LEAD-3", {"by": "ann", "do": "redeploy", "tokens": {"a": 4, "b": 4, "c": 3},
                            "leader": "a"})
    act(g, "ann", "redeploy", tokens={"a": 4, "b": 4, "c": 3})
    assert where(g, "ann") == "c"  # the only region without a Hole


def test_X_LEAD_3_with_every_region_immune_the_leader_waits_off_the_board():
    g = game("halflings")
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    refused(g, "B-REDEP-1", {"by": "ann", "do": "redeploy", "tokens": {"a": 6, "b": 5}})
    act(g, "ann", "redeploy", tokens={"a": 5, "b": 5})  # 11 - the Leader held back
    army = g.armies["halflings"]
    assert army.held == 1 and where(g, "ann") == "hand" and g.hand("ann") == 1


def test_X_LEAD_3_with_the_amazons_four_held_back():
    """B-RACE-AMAZONS-2: the 4 go off the board; the Leader stays in a region."""
    g = game("amazons")
    act(g, "ann", "pick", combo=0, leader=True)  # 6 + 4 + 4 + 1
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 6, "b": 5}, leader="b")
    assert g.armies["amazons"].held == 4 and where(g, "ann") == "b"


# --- X-LEAD-4 ----------------------------------------------------------------------------------
def test_X_LEAD_4_capture_replaces_the_usual_loss():
    g = ratmen_b()
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "conquer", region="b")
    assert where(g, "ann") == "captured" and captives(g, "bob") == ["ratmen"]
    assert g.armies["ratmen"].withdrawn == 3  # the 3 other Ratmen withdrawn, none discarded


def test_X_LEAD_4_even_an_elf_leader_is_captured():
    """B-RACE-ELVES: Elves lose no token; their Leader is still captured (X-LEAD-4)."""
    g = game("elves")
    act(g, "ann", "pick", combo=0, leader=True)  # 6 + 4 + 1
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 2, "b": 9}, leader="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="a")  # 2 + 2 - 1
    assert where(g, "ann") == "captured" and captives(g, "bob") == ["elves"]
    assert g.armies["elves"].hand == 1 and g.armies["elves"].withdrawn == 1


def test_X_LEAD_4_even_a_leader_converted_by_sorcerers_is_captured():
    """B-RACE-SORCERERS, A-LEAD-02: a lone Leader converted is the Sorcerer player's captive."""
    g = game("ratmen", second="sorcerers", power2="merchant")
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 12, "b": 1}, leader="b")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "convert", region="b")
    assert g.race[1] == "sorcerers" and where(g, "ann") == "captured"
    assert captives(g, "bob") == ["ratmen"]


# --- X-LEAD-5, A-LEAD-01 -----------------------------------------------------------------------
def test_X_LEAD_5_the_conformance_example_passes():
    from pathlib import Path

    path = Path(__file__).parent / "conformance" / "examples-expansions" / "x-leaders.yaml"
    assert not run_file(path).failures


def captured_game(**kw: Any) -> Game:
    g = game("ratmen", turns=2, **kw)
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 9, "b": 4}, leader="b")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "conquer", region="b")
    act(g, "bob", "end_turn")
    return g


def test_A_LEAD_01_no_ransom_by_default_and_two_coins_at_the_end():
    g = captured_game()
    refused(g, "A-LEAD-01", {"by": "ann", "do": "ransom", "race": "ratmen"})
    bob = g.coins[1]
    act(g, "ann", "end_turn")
    act(g, "bob", "end_turn")
    assert g.game_over and g.coins[1] == bob + 2 + 2  # b and c score 2, +2 for the captive
    assert g.last_score[1][0]["coins"] == 2  # the captive's coins are not scored


def test_A_LEAD_01_option_pay_2_ransom_at_the_start_of_the_turn():
    g = captured_game(options={"leader_ransom": "pay_2"})
    ann, bob = g.coins
    act(g, "ann", "ransom", race="ratmen")
    assert g.coins == [ann - 2, bob + 2] and captives(g, "bob") == []
    refused(g, "A-LEAD-01", {"by": "ann", "do": "ransom", "race": "ratmen"})
    assert g.snapshot()["modules"]["leaders"]["gone"] == ["ratmen"]
    act(g, "ann", "end_turn")
    before = g.coins[1]
    act(g, "bob", "end_turn")
    assert g.game_over and g.coins[1] == before + 2  # b and c, no captive any more


def test_A_LEAD_01_ransom_refused_once_the_turn_started():
    g = captured_game(options={"leader_ransom": "pay_2"})
    act(g, "ann", "conquer", region="b")
    refused(g, "A-LEAD-01", {"by": "ann", "do": "ransom", "race": "ratmen"})


def test_A_LEAD_01_option_values_are_checked():
    with pytest.raises(InputError):
        game("ratmen", options={"leader_ransom": "pay_3"})


# --- bots ----------------------------------------------------------------------------------------
def test_random_games_with_leaders_every_listed_action_applies():
    """30 random games (stacks from the whole pool): every legal action applies, no token or
    coin count goes negative, Leaders are bought, captured and placed by the bots."""
    rng = random.Random(11)
    bought = captured = 0
    for k in range(30):
        g = Game.new("base-2p" if k % 2 else "base-3p", ["ann", "bob", "cat"][:2 + k % 2],
                     seed=rng.randrange(10**6), expansions=["leaders"],
                     options={"leader_ransom": "pay_2"} if k % 3 == 0 else None)
        bot = RandomBot(k)
        for _ in range(3000):
            if g.game_over:
                break
            actions = g.legal_actions()
            if rng.random() < 0.02:  # now and then every listed action, on a copy
                for other in actions:
                    g.copy().apply(other)
            a = bot.choose(g, actions)
            bought += a.do == "pick" and bool(a.args.get("leader"))
            g.apply(a)
            assert min(g.coins) >= 0 and min(g.tokens) >= 0
            assert all(x.hand >= 0 and x.held >= 0 for x in g.armies.values())
            assert all(g.tray(r) >= 0 for r in g.armies)
        assert g.game_over
        captured += sum(len(v) for v in g.snapshot()["modules"]["leaders"]["captives"].values())
    assert bought and captured


def test_X_LEAD_2_a_leader_placed_by_default_before_a_stout_decline_leaves_with_the_decline():
    """X-LEAD-2, B-POW-STOUT-1: Stout declines after scoring, its hand placed by default with the
    Leader among it; the decline then takes the Leader off the board (not a token of the hand)."""
    from swcore import Game

    g = Game.new({"regions": {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "hill"}},
                  "borders": [["a", "b"]]}, ["ann", "bob"], seed=1, expansions=["leaders"],
                 races=["ghouls", "ratmen", "elves", "dwarves", "humans", "orcs"],
                 powers=["stout", "hill", "forest", "merchant", "swamp", "wealthy"])
    g.apply({"by": "ann", "do": "pick", "combo": 0, "leader": True})  # 5 + 4 + the Leader = 10
    g.apply({"by": "ann", "do": "end_turn"})
    g.apply({"by": "bob", "do": "pick", "combo": 0})
    g.apply({"by": "bob", "do": "end_turn"})
    g.apply({"by": "ann", "do": "conquer", "region": "a"})
    g.apply({"by": "ann", "do": "decline"})  # Stout: score, then decline; Ghouls keep their tokens
    assert g.tokens[g.board.region("a")] == 9  # the 10 placed, minus the Leader
