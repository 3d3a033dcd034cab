"""Grand Dames of Small World (X-GD-*, rulings A-GD-01..06): every race, power, piece and
ruling, with the refusals. Numbers are worked out by hand from the rule book (seed 000, French
text): costs are 2 per farmland/hill/forest/swamp region plus its occupants."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gamehelpers import act, at, refused, turn

from swcore import Game, InputError, RuleError
from swcore.bots import GreedyBot, RandomBot
from swcore.catalogue import CATALOGUE, in_sets
from swcore.config import make_setup
from swcore.rules import available_modules

LINE = {"regions": {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "hill"},
                    "c": {"terrain": "forest"}, "d": {"terrain": "swamp"},
                    "e": {"terrain": "farmland", "edge": True}},
        "borders": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"]]}
GD = ["grand_dames"]


def new(races: list[str], powers: list[str], board: dict[str, Any] = LINE, **kw: Any) -> Game:
    return Game(make_setup(board, kw.pop("players", ["ann", "bob"]), races=races, powers=powers,
                           expansions=kw.pop("expansions", GD), **kw))


def pick(game: Game, by: str, race: str) -> None:
    """Pick the combo of `race`, wherever it lies in the column."""
    act(game, by, "pick", combo=[c[0] for c in game.column].index(race))


def conquers(game: Game, by: str, *regions: str) -> None:
    for rid in regions:
        act(game, by, "conquer", region=rid)


def take(game: Game, by: str, rid: str, cost: int) -> None:
    """Conquer `rid`, checking how many tokens it took from hand (the scenario `cost`)."""
    events = act(game, by, "conquer", region=rid)
    assert [e.data["committed"] for e in events if e.kind == "conquer"] == [cost], rid


def legal_targets(game: Game) -> set[str]:
    return {a.region for a in game.legal_actions() if a.region is not None and a.do != "abandon"}


# --- the module -----------------------------------------------------------------------------
def test_module_is_selectable_and_its_banners_join_the_pool():
    """FORMAT v2 `expansions`/`pool`: grand_dames plays, and its 3 banners and 2 badges are
    drawn into the stacks by default; the base game alone never draws them."""
    assert "grand_dames" in available_modules()
    g = Game.new(LINE, ["ann", "bob"], seed=3, expansions=GD)
    assert {"white_ladies", "gypsies", "priestesses"} <= set(g.setup["races"])
    assert {"historian", "peace_loving"} <= set(g.setup["powers"])
    assert not set(in_sets("race", ["grand_dames"])) & set(Game.new(LINE, ["a", "b"]).setup["races"])


def test_catalogue_numbers_and_which_rest_on_one_source():
    """X-GD-RACE-*, X-GD-POW-*: banners 2/6/4, badges 5/4, Priestesses' box 9; the White
    Ladies' and Gypsies' box counts are known from no source (unconfirmed, no limit unless the
    set-up's supply gives one)."""
    got = {k: (CATALOGUE[k].tokens, CATALOGUE[k].box, CATALOGUE[k].confirmed)
           for k in ("white_ladies", "gypsies", "priestesses", "historian", "peace_loving")}
    assert got == {"white_ladies": (2, None, False), "gypsies": (6, None, False),
                   "priestesses": (4, 9, True), "historian": (5, None, True),
                   "peace_loving": (4, None, True)}
    g = new(["gypsies", "ratmen", "humans", "orcs", "wizards", "elves"],
            ["merchant", "alchemist", "hill", "forest", "swamp", "wealthy"],
            values={"gypsies": 5}, supply={"gypsies": 6})
    act(g, "ann", "pick", combo=0)
    assert g.hand("ann") == 6  # 5 + 2 = 7, capped by the box of 6 the set-up gives


# --- White Ladies -------------------------------------------------------------------------------
WL = ["white_ladies", "ratmen", "humans", "orcs", "wizards", "elves", "trolls"]


def _white_ladies_declined(bob_power: str = "merchant") -> Game:
    """ann: White Ladies + Alchemist (6) on a and b; bob: Ratmen on e, d, c; then ann declines."""
    g = new(WL, ["alchemist", bob_power, "hill", "forest", "swamp", "wealthy", "stout"])
    act(g, "ann", "pick", combo=0)
    conquers(g, "ann", "a", "b")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    conquers(g, "bob", "e", "d", "c")
    # X-GD-WL-1: only from the decline on; the active White Ladies may be attacked.
    assert g.quote("b").reason is None and g.quote("b").cost == 2 + 3
    act(g, "bob", "end_turn")
    turn(g, "ann", decline=True)
    return g


def test_X_GD_WL_1_in_decline_white_ladies_are_impregnable_to_opponents():
    g = _white_ladies_declined()
    assert g.tokens[at(g, "b")] == 1 and g.armies["white_ladies"].declined
    assert refused(g, "bob", "conquer", region="b") == "X-GD-WL-1"
    assert g.quote("b").reason.rule == "X-GD-WL-1"
    assert "b" not in legal_targets(g)


def test_X_GD_WL_1_immune_to_opposing_powers_the_dragon():
    """Immune to the special powers of opposing races: the Dragon cannot go there either."""
    g = _white_ladies_declined("dragon_master")
    assert g.armies["ratmen"].power == "dragon_master"
    assert refused(g, "bob", "dragon", region="b") == "X-GD-WL-1"
    assert not [a for a in g.legal_actions() if a.do == "dragon" and a.region == "b"]


def test_A_GD_01_the_owner_may_take_his_own_in_decline_white_ladies():
    g = _white_ladies_declined()
    act(g, "bob", "end_turn")
    pick(g, "ann", "humans")
    take(g, "ann", "a", 3)  # 2 + the one White Lady (B-CONQ-8)
    assert g.race[at(g, "a")] == "humans" and g.race[at(g, "b")] == "white_ladies"


# --- Gypsies -----------------------------------------------------------------------------------------
GYP = ["gypsies", "ratmen", "humans", "orcs", "wizards", "elves", "trolls"]


def _gypsies_turn_two() -> Game:
    """ann: Gypsies + Stout (10) on a, b, c (a4 b3 c3 after turn 1), 8 coins; bob: Ratmen on e."""
    g = new(GYP, ["stout", "merchant", "hill", "forest", "swamp", "wealthy", "alchemist"])
    act(g, "ann", "pick", combo=0)
    conquers(g, "ann", "a", "b", "c")
    act(g, "ann", "end_turn")
    assert [g.tokens[at(g, r)] for r in "abc"] == [4, 3, 3] and g.coins[0] == 8
    act(g, "bob", "pick", combo=0)
    conquers(g, "bob", "e")
    act(g, "bob", "end_turn")
    return g


def test_X_GD_GYP_1_a_bank_coin_on_each_abandoned_region():
    g = _gypsies_turn_two()
    act(g, "ann", "abandon", region="c")
    assert g.coins_on[at(g, "c")] == 1 and g.coins == [8, 7]  # from the bank, not a player
    assert g.hand("ann") == 3 + 2 + 2 + 1  # Ready Troops leaves one per region, then c's one
    assert g.snapshot()["coins_on"] == {"c": 1}


def test_X_GD_GYP_2_abandoned_regions_not_attacked_this_turn_coins_collected_at_scoring():
    g = _gypsies_turn_two()
    act(g, "ann", "abandon", region="a")
    assert refused(g, "ann", "conquer", region="a") == "X-GD-GYP-2"
    assert g.quote("a").reason.rule == "X-GD-GYP-2"
    assert "a" not in legal_targets(g)
    take(g, "ann", "d", 2)
    act(g, "ann", "end_turn")
    # A-GD-05: 3 regions (b, c, d) + the coin picked up on a, at scoring.
    assert sum(it["coins"] for it in g.last_score[0]) == 4 and g.coins[0] == 12
    assert g.coins_on[at(g, "a")] == 0
    act(g, "bob", "end_turn")
    assert g.quote("a", "ann").reason is None  # a new turn: a may be taken again


def test_A_BASE_07_gypsies_abandon_only_at_ready_troops_and_other_races_lay_no_coin():
    g = _gypsies_turn_two()
    conquers(g, "ann", "d")
    assert refused(g, "ann", "abandon", region="a") == "A-BASE-07"
    act(g, "ann", "end_turn")
    act(g, "bob", "abandon", region="e")  # Ratmen: no coin, and e may be taken back at once
    assert g.coins_on == [0] * 5
    take(g, "bob", "e", 2)


# --- Priestesses ------------------------------------------------------------------------------------
PRI = ["priestesses", "ratmen", "humans", "orcs", "wizards", "elves", "trolls"]


def _priestesses_on_three(power: str = "alchemist", board: dict[str, Any] = LINE,
                          regions: str = "abc") -> Game:
    """ann: Priestesses + `power` on three regions; bob: Ratmen + Merchant (10) on e."""
    g = new(PRI, [power, "merchant", "hill", "forest", "swamp", "wealthy", "stout"], board=board)
    act(g, "ann", "pick", combo=0)
    conquers(g, "ann", *regions)
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    conquers(g, "bob", "e")
    act(g, "bob", "end_turn")
    return g


def test_X_GD_PRI_1_the_ivory_tower_holds_one_token_per_region_the_rest_is_left():
    g = _priestesses_on_three()
    assert g.coins[0] == 5 + 3 + 2  # turn 1: 3 regions + Alchemist
    act(g, "ann", "decline", tower="b")
    assert [g.tokens[at(g, r)] for r in "abc"] == [0, 3, 0]
    assert [g.owner[at(g, r)] for r in "abc"] == [None, 0, None]
    assert g.snapshot()["pieces"] == {"ivory_tower": "b"}
    assert g.declined[0] == ["priestesses"] and g.active[0] is None
    act(g, "ann", "end_turn")
    # X-GD-PRI-2: 1 per Priestess in the Tower (3), the region itself nothing; no Alchemist.
    assert sum(it["coins"] for it in g.last_score[0]) == 3 and g.coins[0] == 13


def test_A_GD_03_the_tower_defaults_to_the_first_region_listed():
    g = _priestesses_on_three()
    act(g, "ann", "decline")
    assert [g.tokens[at(g, r)] for r in "abc"] == [3, 0, 0] and g.pieces == {"ivory_tower": 0}


def test_A_GD_03_every_decline_offered_names_where_the_tower_goes():
    """X-GD-PRI-1, A-GD-03: any region held; the legal declines are one per region held, each
    naming it (no unnamed one that silently takes the first); other players' are plain."""
    g = _priestesses_on_three()
    declines = [a for a in g.legal_actions() if a.do == "decline"]
    assert [a.tower for a in declines] == ["a", "b", "c"]
    assert all(g.why_illegal(a) is None for a in declines)
    act(g, "ann", "decline", tower="c")
    assert [a.do for a in g.legal_actions()] == ["end_turn"]
    assert [g.tokens[at(g, r)] for r in "abc"] == [0, 0, 3]


def test_A_GD_03_the_tower_goes_on_one_of_their_regions():
    g = _priestesses_on_three()
    assert refused(g, "ann", "decline", tower="e") == "A-GD-03"  # bob's
    assert refused(g, "ann", "decline", tower="d") == "A-GD-03"  # empty
    with pytest.raises(InputError):
        g.apply({"by": "ann", "do": "decline", "tower": "nowhere"})


def test_X_GD_PRI_1_only_priestesses_take_a_tower_and_only_with_grand_dames():
    g = _white_ladies_declined()
    act(g, "bob", "end_turn")
    pick(g, "ann", "humans")
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "end_turn")
    assert refused(g, "ann", "decline", tower="a") == "X-GD-PRI-1"
    base = Game.new(LINE, ["ann", "bob"], races=WL[1:], powers=["merchant"] * 1 + ["hill"])
    with pytest.raises(InputError, match="only with the `grand_dames` rules"):
        base.apply({"by": "ann", "do": "decline", "tower": "a"})


def test_A_GD_03_seas_held_by_seafaring_priestesses_count():
    board = {"regions": {"s": {"terrain": "sea", "edge": True}, "a": {"terrain": "farmland"},
                         "b": {"terrain": "hill"}, "d": {"terrain": "swamp"},
                         "e": {"terrain": "farmland", "edge": True}},
             "borders": [["s", "a"], ["a", "b"], ["b", "d"], ["d", "e"]]}
    g = _priestesses_on_three("seafaring", board, "sab")
    act(g, "ann", "decline", tower="s")
    assert g.tokens[at(g, "s")] == 3 and g.tokens[at(g, "a")] == 0 and g.pieces["ivory_tower"] == 0


def test_X_GD_PRI_4_the_tower_on_a_fortress():
    g = new(PRI, ["fortified", "merchant", "hill", "forest", "swamp", "wealthy", "stout"])
    act(g, "ann", "pick", combo=0)  # 4 + 3 = 7
    conquers(g, "ann", "a", "b", "c")
    act(g, "ann", "fortress", region="b")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    conquers(g, "bob", "e", "d")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline", tower="b")
    act(g, "ann", "end_turn")
    assert g.mk["fortress"][at(g, "b")] == 1 and g.tokens[at(g, "b")] == 3
    # X-GD-PRI-3, A-GD-02: 2 + the 3 Priestesses + the Fortress.
    assert g.quote("b", "bob").cost == 6


def test_A_GD_02_the_fallen_tower_removes_the_race():
    g = _priestesses_on_three()
    act(g, "ann", "decline", tower="b")
    act(g, "ann", "end_turn")
    conquers(g, "bob", "d", "c")  # Ready Troops: e 1, 9 in hand; 5 left
    take(g, "bob", "b", 5)  # 2 + 3 Priestesses
    assert "priestesses" not in g.armies and g.declined[0] == []
    assert g.race_stack[-1] == "priestesses" and g.tray("priestesses") == 9
    assert "ivory_tower" not in g.pieces and g.snapshot()["pieces"] == {}


def test_A_GD_03_with_spirit_the_tower_survives_a_later_decline():
    g = _priestesses_on_three("spirit")
    act(g, "ann", "decline", tower="c")
    act(g, "ann", "end_turn")
    act(g, "bob", "end_turn")
    pick(g, "ann", "humans")
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    assert sorted(g.declined[0]) == ["humans", "priestesses"] and g.pieces == {"ivory_tower": 2}
    act(g, "ann", "end_turn")
    assert sum(it["coins"] for it in g.last_score[0]) == 1 + 3  # humans' a + the Tower's 3


# --- Historian ------------------------------------------------------------------------------------
def test_X_GD_HIS_2_and_3_any_decline_pays_once_stout_included():
    g = new(["ratmen", "humans", "orcs", "wizards", "elves", "trolls", "dwarves"],
            ["stout", "historian", "hill", "forest", "swamp", "wealthy", "merchant"])
    act(g, "ann", "pick", combo=0)
    conquers(g, "ann", "a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Humans + Historian: no race in decline yet
    assert g.coins[1] == 5
    conquers(g, "bob", "e")
    act(g, "bob", "end_turn")
    assert g.coins[1] == 7  # e + the Humans' farmland
    conquers(g, "ann", "b")
    act(g, "ann", "decline")  # Stout: scores, then declines (A-GD-04: Stout included)
    assert g.coins[1] == 8
    act(g, "ann", "end_turn")
    act(g, "bob", "decline")  # its own decline: +1 once (X-GD-HIS-3), not also X-GD-HIS-2
    assert g.coins[1] == 9
    act(g, "bob", "end_turn")
    assert g.coins[1] == 10  # the in-decline Humans' e


def test_X_GD_HIS_1_on_picking_one_coin_per_race_in_decline_own_included():
    board = {**LINE, "regions": {**LINE["regions"], "c": {"terrain": "forest", "lost_tribe": True}}}
    g = new(["ratmen", "humans", "orcs", "wizards", "elves", "trolls", "dwarves"],
            ["alchemist", "merchant", "historian", "forest", "swamp", "wealthy", "hill"], board=board)
    act(g, "ann", "pick", combo=0)
    conquers(g, "ann", "a")
    act(g, "ann", "end_turn")  # 1 + Alchemist 2
    act(g, "bob", "pick", combo=0)
    conquers(g, "bob", "e")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")  # 1 region in decline
    turn(g, "bob", decline=True)
    assert g.coins[0] == 9 and g.column[0][:2] == ["orcs", "historian"]
    act(g, "ann", "pick", combo=0)  # 2 banners in decline; the Lost Tribe of c is none
    assert g.coins[0] == 11


# --- Peace-loving ----------------------------------------------------------------------------------
def _peace_game(ann_race: str = "ratmen") -> Game:
    g = new([ann_race, "humans", "orcs", "wizards", "elves", "trolls", "dwarves"],
            ["peace_loving", "merchant", "hill", "forest", "swamp", "wealthy", "alchemist"])
    act(g, "ann", "pick", combo=0)
    return g


def test_X_GD_PEA_1_three_coins_when_no_active_race_was_attacked():
    g = _peace_game()
    take(g, "ann", "a", 2)
    act(g, "ann", "end_turn")
    assert sum(it["coins"] for it in g.last_score[0]) == 1 + 3


def test_A_GD_06_attacking_an_active_race_loses_it_in_decline_races_do_not():
    g = _peace_game()  # Ratmen + Peace-loving: 12
    conquers(g, "ann", "a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Humans + Merchant: 7
    conquers(g, "bob", "e", "d")
    act(g, "bob", "end_turn")  # 3 in hand: d4 e3
    take(g, "ann", "b", 2)
    take(g, "ann", "c", 2)
    take(g, "ann", "d", 6)  # bob's active Humans
    act(g, "ann", "end_turn")
    assert sum(it["coins"] for it in g.last_score[0]) == 4  # a b c d, no bonus
    turn(g, "bob", decline=True)
    take(g, "ann", "e", 3)  # the in-decline Humans: 2 + 1
    act(g, "ann", "end_turn")
    assert sum(it["coins"] for it in g.last_score[0]) == 5 + 3
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")  # A-GD-06: no bonus in the turn the race goes into decline
    act(g, "ann", "end_turn")
    assert sum(it["coins"] for it in g.last_score[0]) == 5


def test_A_GD_06_a_conversion_counts_as_an_attack():
    g = new(["humans", "sorcerers", "orcs", "wizards", "elves", "trolls", "dwarves"],
            ["merchant", "peace_loving", "hill", "forest", "swamp", "wealthy", "alchemist"])
    act(g, "ann", "pick", combo=0)  # Humans + Merchant: 7
    conquers(g, "ann", "a", "b")
    act(g, "ann", "redeploy", tokens={"a": 6, "b": 1})
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Sorcerers + Peace-loving
    conquers(g, "bob", "e", "d", "c")
    act(g, "bob", "convert", region="b")  # b's lone active Human
    act(g, "bob", "end_turn")
    assert g.race[at(g, "b")] == "sorcerers"
    assert not [it for it in g.last_score[1] if it["rule"] == "X-GD-PEA-1"]


def test_A_GD_06_attacking_in_decline_ghouls_keeps_the_bonus():
    g = new(["ghouls", "ratmen", "orcs", "wizards", "elves", "trolls", "dwarves"],
            ["merchant", "peace_loving", "hill", "forest", "swamp", "wealthy", "alchemist"])
    act(g, "ann", "pick", combo=0)
    conquers(g, "ann", "a", "b")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    conquers(g, "bob", "e", "d", "c")
    act(g, "bob", "end_turn")
    turn(g, "ann", decline=True)
    assert g.armies["ghouls"].declined
    cost = g.quote("b", "bob").cost
    take(g, "bob", "b", cost)
    act(g, "bob", "end_turn")
    assert [it["coins"] for it in g.last_score[1] if it["rule"] == "X-GD-PEA-1"] == [3]


# --- saves, bots ------------------------------------------------------------------------------------
def test_a_game_with_a_tower_and_gypsy_coins_saves_and_replays():
    g = _priestesses_on_three()
    act(g, "ann", "decline", tower="c")
    text = g.to_json()
    again = Game.from_json(text)
    assert again.state_hash() == g.state_hash() and again.pieces == {"ivory_tower": 2}
    g.undo(1)
    assert g.pieces == {} and g.active[0] == "priestesses"


@pytest.mark.parametrize("seed", range(30))
def test_random_games_with_grand_dames_stay_legal(seed: int):
    """30 full games (3 players, base-3p board, stacks from the base and Grand Dames pool, the
    expansion's banners and badges first in the column): every listed legal action applies,
    and no tokens in hand, tray, coins or coins on regions ever go below zero."""
    rng = random.Random(seed)
    gd = list(in_sets("race", ["grand_dames"])) + ["ratmen", "humans", "orcs"]
    rng.shuffle(gd)
    gp = list(in_sets("power", ["grand_dames"])) + ["stout", "spirit", "fortified", "dragon_master"]
    rng.shuffle(gp)
    g = Game.new("base-3p", ["ann", "bob", "cat"], seed=seed, races=gd[:6], powers=gp[:6],
                 expansions=GD, turns=6)
    bot = RandomBot(seed) if seed % 2 else GreedyBot(seed)
    for _ in range(3000):
        if g.game_over:
            break
        legal = g.legal_actions()
        assert legal
        if seed < 4:  # every listed action applies (expensive: a few games)
            for a in legal:
                assert g.why_illegal(a) is None, a
        declines = [a for a in legal if a.do == "decline"]
        a = declines[0] if declines and rng.random() < 0.25 else bot.choose(g, legal)
        g.apply(a)
        assert min(g.coins) >= 0 and min(g.coins_on) >= 0 and min(g.tokens) >= 0
        for race, army in g.armies.items():
            assert army.hand >= 0 and army.held >= 0 and g.tray(race) >= 0, race
    assert g.game_over


def test_random_games_use_every_item():
    """The same 30 set-ups, played quickly by the bots: each race and power of the expansion
    really acts (Towers built, Gypsy coins laid and scored, Historian paid on a pick and on a
    decline, Peace-loving's bonus), so the legality test above covers them."""
    seen: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        gd = list(in_sets("race", ["grand_dames"])) + ["ratmen", "humans", "orcs"]
        rng.shuffle(gd)
        gp = list(in_sets("power", ["grand_dames"])) + ["stout", "spirit", "fortified", "dragon_master"]
        rng.shuffle(gp)
        g = Game.new("base-3p", ["ann", "bob", "cat"], seed=seed, races=gd[:6], powers=gp[:6],
                     expansions=GD, turns=6)
        bot = RandomBot(seed) if seed % 2 else GreedyBot(seed)
        while not g.game_over:
            legal = g.legal_actions()
            declines = [a for a in legal if a.do == "decline"]
            a = declines[0] if declines and rng.random() < 0.25 else bot.choose(g, legal)
            for ev in g.apply(a):
                seen.add(ev.kind)
                if ev.kind == "pay":
                    seen.add(ev.text.split("(")[-1].rstrip(")"))
                if ev.kind == "score":
                    seen |= {it["rule"] for it in ev.data["breakdown"]}
    assert {"ivory_tower", "coins_on", "X-GD-PRI-1", "X-GD-GYP-1", "X-GD-PEA-1", "X-GD-HIS-1",
            "X-GD-HIS-2", "X-GD-HIS-3"} <= seen, seen


def test_rule_errors_name_grand_dames_rules():
    with pytest.raises(RuleError) as err:
        g = _gypsies_turn_two()
        act(g, "ann", "abandon", region="a")
        g.apply({"by": "ann", "do": "conquer", "region": "a"})
    assert err.value.rule == "X-GD-GYP-2"


def test_A_GD_02_a_dragon_takes_the_tower_with_one_token():
    """X-GD-PRI-3: "assez de pions pour la vaincre, ou d'utiliser un Dragon"."""
    g = new(PRI, ["alchemist", "dragon_master", "hill", "forest", "swamp", "wealthy", "stout"])
    act(g, "ann", "pick", combo=0)
    conquers(g, "ann", "a", "b", "c")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Ratmen + Dragon Master
    conquers(g, "bob", "e", "d")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline", tower="c")
    act(g, "ann", "end_turn")
    assert g.tokens[at(g, "c")] == 3
    act(g, "bob", "dragon", region="c")
    assert g.tokens[at(g, "c")] == 1 and g.race[at(g, "c")] == "ratmen"
    assert "priestesses" not in g.armies and "ivory_tower" not in g.pieces
