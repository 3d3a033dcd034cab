"""Be Not Afraid… beside the other modules (issue 18): what legal_actions() offers is what apply()
accepts. The Barbarians with River World's rivers (A-BNA-05, A-RW-07), Cauldrons and rivers
(X-BNA-LEP-1), the Catapult and rivers (A-RW-08), a Berserk Mercenary (A-BASE-06 with
X-BNA-MER-2). Outcomes worked out by hand in the comments; the boards are `river-practice`
(o1 sea; t1-w1-b1, t1-t2, t2-w2, w1-w2, w2-b3, ... see docs/rules) and the Necromancer's map."""

from __future__ import annotations

import copy

import pytest
from gamehelpers import at, refused, region
from test_necromancer import MAP, POWERS, RACES, do, first_two_turns

from swcore import Game, InputError
from swcore.config import make_setup
from swcore.scenario import build

RW_RACES = ["humans", "orcs", "wizards", "elves", "trolls", "dwarves"]
RW_POWERS = ["alchemist", "forest", "hill", "merchant", "swamp", "commando"]


def river_game(race: str, power: str = "stout", **kw) -> Game:
    """ann picks combo 0 = (race, power) on `river-practice`; Quiet Waters every round."""
    return Game.new("river-practice", ["ann", "bob"], races=[race, *RW_RACES],
                    powers=[power, *RW_POWERS], expansions=["river_world", "be_not_afraid"],
                    turns=3, options={"events": ["quiet_waters"] * 3}, **kw)


def offered(g: Game, do: str) -> list[dict]:
    return [a.to_dict() for a in g.legal_actions() if a.do == do]


# --- Barbarians: no redeployment at all in their own turn (A-BNA-05, amended) ----------------
def test_A_BNA_05_a_barbarian_redeploy_is_refused_even_when_it_changes_nothing():
    """A-BNA-05 (X-BNA-BAR-1): 9 + Stout 4 = 13 tokens; t1 (farmland, 2) and t2 (forest, 2)
    taken: 9 in hand. No redeploy is offered, and one leaving t1 2, t2 2 is refused."""
    g = river_game("barbarians")
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "conquer", "region": "t1"})
    g.apply({"by": "ann", "do": "conquer", "region": "t2"})
    assert offered(g, "redeploy") == []
    assert refused(g, "ann", "redeploy", tokens={"t1": 2, "t2": 2}) == "X-BNA-BAR-1"
    assert refused(g, "ann", "redeploy", tokens={"t1": 3, "t2": 1}) == "X-BNA-BAR-1"
    g.apply({"by": "ann", "do": "end_turn"})
    assert (g.tokens[at(g, "t1")], g.tokens[at(g, "t2")]) == (2, 2)
    assert g.hand("ann") == 9 and g.coins[0] == 5 + 2 - 1  # t2 is beside w2's Pirate Ship


def test_A_BNA_05_a_save_with_a_barbarian_redeploy_changing_nothing_still_loads():
    """A-BNA-05 was amended: saves made before it hold a Barbarians' `redeploy` that changes
    nothing (the engine offered it). Loading replays it as it was; undo over it too. t1 and t2
    hold 2 each, 9 in hand; one that moves a token (t1 3, t2 1) still does not load."""
    g = river_game("barbarians")
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "conquer", "region": "t1"})
    g.apply({"by": "ann", "do": "conquer", "region": "t2"})
    old = {**g.to_dict(), "log": [*g.log, {"by": "ann", "do": "redeploy", "tokens": {"t1": 2, "t2": 2}},
                                  {"by": "ann", "do": "end_turn"}]}
    del old["state"]  # (the hash of a save of this version is checked only when present)
    loaded = Game.from_dict(old)
    assert (loaded.tokens[at(loaded, "t1")], loaded.tokens[at(loaded, "t2")]) == (2, 2)
    assert loaded.hand("ann") == 9 and loaded.coins[0] == 5 + 2 - 1  # the Pirate Ship (X-RW-11)
    assert loaded.undo(1) == 1 and loaded.log[-1]["do"] == "redeploy"
    assert loaded.redo(1) == 1 and loaded.to_json() == Game.from_dict(old).to_json()
    moved = {**old, "log": [*old["log"][:-2], {"by": "ann", "do": "redeploy",
                                               "tokens": {"t1": 3, "t2": 1}}]}
    with pytest.raises(InputError, match="X-BNA-BAR-1"):  # moving tokens was never accepted
        Game.from_dict(moved)


def test_A_RW_07_barbarians_leaving_a_river_stay_off_the_board_until_ready_troops():
    """A-RW-07 (X-RW-4, X-BNA-BAR-1, -2): 13 tokens; w1 (river, 1), t1 (2), b1 (2): 8 in hand.
    At the end of the turn w1 is emptied and its token joins the 8 off the board: nothing is
    placed elsewhere (t1 2, b1 2), 2 regions score 2 coins. Next turn Ready Troops lifts t1 and
    b1 to 1 each: 9 + 2 = 11 in hand, 11 - 2 (t2 forest) = 9 after conquering t2."""
    g = river_game("barbarians")
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    for rid in ("w1", "t1", "b1"):
        g.apply({"by": "ann", "do": "conquer", "region": rid})
    assert g.hand("ann") == 8 and offered(g, "redeploy") == []
    g.apply({"by": "ann", "do": "end_turn"})
    assert g.race[at(g, "w1")] is None
    assert (g.tokens[at(g, "t1")], g.tokens[at(g, "b1")]) == (2, 2)
    army = g.armies["barbarians"]
    assert army.hand + army.held == 9 and g.coins[0] == 5 + 2
    g.apply({"by": "bob", "do": "pick", "combo": 0})
    g.apply({"by": "bob", "do": "end_turn"})
    g.apply({"by": "ann", "do": "conquer", "region": "t2"})
    assert army.hand == 11 - 2 and (g.tokens[at(g, "t1")], g.tokens[at(g, "b1")]) == (1, 1)


# --- Leprechauns: Cauldrons only where tokens stay (X-BNA-LEP-1 with X-RW-4) ------------------
def test_X_BNA_LEP_1_no_cauldron_on_a_river_emptied_at_redeployment():
    """X-BNA-LEP-1, X-RW-4: w1 and t1 held; w1 is emptied at redeployment, so the Cauldrons
    offered go on t1 only, and one asked for on w1 is refused (the region is not held then)."""
    g = river_game("leprechauns", supply={"cauldron": 4})
    g.apply({"by": "ann", "do": "pick", "combo": 0})  # 6 + 4 = 10
    g.apply({"by": "ann", "do": "conquer", "region": "w1"})  # 1
    g.apply({"by": "ann", "do": "conquer", "region": "t1"})  # 2
    cauldrons = [a["cauldrons"] for a in offered(g, "redeploy") if "cauldrons" in a]
    assert cauldrons == [["t1"]]
    assert refused(g, "ann", "redeploy", tokens={"t1": 10}, cauldrons=["t1", "w1"]) == "X-BNA-LEP-1"
    g.apply({"by": "ann", "do": "redeploy", "tokens": {"t1": 10}, "cauldrons": ["t1"]})
    assert g.mk["cauldron"][at(g, "t1")] == 1 and g.race[at(g, "w1")] is None


# --- the Catapult and rivers (A-RW-08) ----------------------------------------------------------
def test_A_RW_08_the_catapult_shoots_over_a_river():
    """A-RW-08, X-BNA-CAT-1: from t1 over the river w1 to b1 (hill, 2 tokens)."""
    g = river_game("ratmen", "catapult")
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "conquer", "region": "t1"})
    assert {"by": "ann", "do": "conquer", "region": "b1", "catapult": "t1"} in offered(g, "conquer")
    g.apply({"by": "ann", "do": "conquer", "region": "b1", "catapult": "t1"})
    assert g.race[at(g, "b1")] == "ratmen" and g.mk["catapult"][at(g, "t1")] == 1


def test_A_RW_08_the_catapult_may_target_a_river():
    """A-RW-08: w2 (river with a Pirate Ship: 1 + 1 = 2) is two steps from t1 (over w1 or t2)."""
    g = river_game("ratmen", "catapult")
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "conquer", "region": "t1"})
    g.apply({"by": "ann", "do": "conquer", "region": "w2", "catapult": "t1"})
    assert g.race[at(g, "w2")] == "ratmen" and g.tokens[at(g, "w2")] == 2


# --- a Berserk Mercenary: no final die (A-BASE-06 with X-BNA-MER-2) ----------------------------
def test_A_BASE_06_a_berserk_mercenary_is_offered_no_final_die_paid_or_not():
    """A-BASE-06, X-BNA-MER-2: the Necromancer keeps Berserk and buys Mercenary (3 coins: 2 left).
    With 2 Ghosts he takes z (forest, 2) paying 1 coin (2 - 2 -> 1): 1 Ghost left, 1 coin. y
    (mountain 3 + Lost Tribe 1 = 4, 2 paid) is 1 short: only the final die could take it, and
    Berserk rolls before choosing instead, so neither `reinforce` nor `reinforce pay` is offered
    and both are refused."""
    m = copy.deepcopy(MAP)
    m["regions"]["y"] = {"terrain": "mountain", "lost_tribe": True}
    g = build({"title": "t", "players": ["ann", "bob", "nec"], "map": m, "steps": [],
               "expansions": ["necromancer", "be_not_afraid"], "races": RACES, "powers": POWERS,
               "necromancer": {"powers": ["berserk", "mercenary", "hill", "forest", "swamp",
                                          "alchemist"], "keeps": "berserk"}, "coins": 5})
    first_two_turns(g)
    do(g, "nec", "buy", item="mercenary")
    do(g, "nec", "conquer", region="z", pay=True)
    assert g.coins[2] == 1 and g.armies["ghosts"].hand == 1
    assert [a for a in offered(g, "conquer") if a.get("reinforce")] == []
    assert refused(g, "nec", "conquer", region="y", reinforce=True, pay=True) == "A-BASE-06"
    assert refused(g, "nec", "conquer", region="y", reinforce=True) == "A-BASE-06"


# --- Pixies: one per region kept (X-BNA-PIX-1 with X-RW-4) -------------------------------------
def test_X_BNA_PIX_1_a_river_emptied_is_not_one_of_the_pixies_regions():
    """X-BNA-PIX-1, X-RW-4: 11 + Stout 4 = 15 Pixies; w1 (river, 1) and t1 (2) taken, 12 in
    hand. w1 is emptied at redeployment, so only t1 keeps a Pixie: the placement offered and
    accepted is t1 1, the 14 others wait off the board; 1 region scores 1 coin. (The river was
    counted as a region: 2 Pixies had to go on t1, and end_turn left the hand at -2.)"""
    g = river_game("pixies")
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "conquer", "region": "w1"})
    g.apply({"by": "ann", "do": "conquer", "region": "t1"})
    assert g.hand("ann") == 12
    assert offered(g, "redeploy") == [{"by": "ann", "do": "redeploy", "tokens": {"t1": 1}}]
    assert refused(g, "ann", "redeploy", tokens={"t1": 2}) == "B-REDEP-1"
    g.apply({"by": "ann", "do": "end_turn"})
    army = g.armies["pixies"]
    assert g.tokens[at(g, "t1")] == 1 and g.race[at(g, "w1")] is None
    assert (army.hand, army.held) == (0, 14) and g.coins[0] == 5 + 1


# --- Pixies with Hordes of that need an escort (A-CUR-02 with X-BNA-PIX-1) --------------------
def test_A_CUR_02_horde_tokens_may_be_among_the_pixies_off_the_board():
    """A-CUR-02 (option `hordes_need_escort`), X-CUR-HOR-1, X-BNA-PIX-1: Pixies 11 + Hordes of 5
    + 2 Horde tokens = 18; a and b taken (2 each): 14 in hand. One Pixie stays in each region,
    16 wait off the board; the tokens are not told apart, so the 2 Horde tokens may be among
    those 16 and a, b each keep a regular Pixie. The limit assumed both Horde tokens were on
    the board: "2 tokens may hold at most 0 regions", the offered placement refused."""
    board = {"regions": {"a": region("farmland", edge=True), "b": region("farmland", edge=True),
                         "c": region("hill")},
             "borders": [["a", "b"], ["b", "c"]]}
    g = Game(make_setup(board, ["ann", "bob"], races=["pixies", *RW_RACES],
                        powers=["hordes_of", *RW_POWERS], expansions=["cursed", "be_not_afraid"],
                        options={"hordes_need_escort": True}))
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    assert g.hand("ann") == 18
    g.apply({"by": "ann", "do": "conquer", "region": "a"})
    g.apply({"by": "ann", "do": "conquer", "region": "b"})
    assert offered(g, "redeploy") == [{"by": "ann", "do": "redeploy", "tokens": {"a": 1, "b": 1}}]
    g.apply({"by": "ann", "do": "redeploy", "tokens": {"a": 1, "b": 1}})
    g.apply({"by": "ann", "do": "end_turn"})
    army = g.armies["pixies"]
    assert (g.tokens[at(g, "a")], g.tokens[at(g, "b")]) == (1, 1) and army.held == 16
