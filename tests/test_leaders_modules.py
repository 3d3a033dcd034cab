"""Leaders with the other modules (issue 18): the Leader's capture replaces the loss (A-LEAD-02:
no Pygmy die, nothing into the Well of Souls), a Leader placed by default is the hand's last
token, rivers emptied at redeployment keep no Leader (X-LEAD-3, X-RW-4). Every number is worked
out by hand in the comments."""

from __future__ import annotations

from typing import Any

import pytest

from swcore import Game, RuleError
from swcore.config import make_setup
from swcore.rules.necromancer import state as nec

LINE = {"regions": {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "hill"},
                    "c": {"terrain": "forest", "edge": True}, "d": {"terrain": "swamp", "edge": True}},
        "borders": [["a", "b"], ["b", "c"], ["c", "d"]]}
#: a river r1 between the hill a, the farmland b and the forest c
RIVER = {"regions": {"a": {"terrain": "hill", "edge": True}, "b": {"terrain": "farmland"},
                     "r1": {"terrain": "river"}, "c": {"terrain": "forest", "edge": True}},
         "borders": [["a", "b"], ["a", "r1"], ["b", "r1"], ["r1", "c"]]}
OTHER_RACES = ["orcs", "wizards", "trolls", "dwarves", "giants", "elves"]
OTHER_POWERS = ["forest", "swamp", "alchemist", "wealthy", "flying", "mounted"]


def game(first: tuple[str, str], second: tuple[str, str] = ("humans", "commando"),
         board: dict[str, Any] = LINE, modules: tuple[str, ...] = (), **kw: Any) -> Game:
    """ann's combo 0 is `first` (race, power), bob's combo 0 after that is `second`."""
    races = [first[0], second[0], *[r for r in OTHER_RACES if r not in (first[0], second[0])]][:7]
    powers = [first[1], second[1], *[p for p in OTHER_POWERS if p not in (first[1], second[1])]][:7]
    if "river_world" in modules:
        kw.setdefault("turns", 2)
        kw["options"] = {"events": ["quiet_waters"] * kw["turns"]}
    return Game(make_setup(board, ["ann", "bob"], races=races, powers=powers,
                           expansions=["leaders", *modules], **kw))


def act(g: Game, by: str, do: str, **kw: Any) -> list[Any]:
    return g.apply({"by": by, "do": do, **kw})


def at(g: Game, rid: str) -> tuple[Any, int]:
    i = g.board.region(rid)
    return g.race[i], g.tokens[i]


def leader(g: Game, race: str) -> Any:
    where = g.armies[race].data.get("leaders.at")
    return g.board.ids[where] if isinstance(where, int) else where


# --- A-LEAD-02: the capture replaces the loss ------------------------------------------------
def test_A_LEAD_02_X_NEC_8_a_captured_leader_sends_nothing_into_the_well_of_souls():
    """X-NEC-8 sends the tokens a conquest discards into the Well; capturing the Leader discards
    none (A-LEAD-02), so only the two Lost Tribes are there and the Ratmen's tray stays at 0."""
    from test_necromancer import new

    g = new(expansions=("leaders", "necromancer"))
    act(g, "ann", "pick", combo=0, leader=True)  # Ratmen 8 + Underworld 5 + the Leader = 14
    act(g, "ann", "conquer", region="a")  # its Lost Tribe into the Well
    act(g, "ann", "conquer", region="x")
    act(g, "ann", "redeploy", tokens={"a": 11, "x": 3}, leader="x")  # x: 2 Ratmen + the Leader
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Humans 5 + Spirit 5
    act(g, "bob", "conquer", region="b")  # its Lost Tribe into the Well
    act(g, "bob", "conquer", region="y")
    events = act(g, "bob", "conquer", region="x")  # 2 + 3 tokens
    loss = next(e for e in events if e.kind == "loss")
    assert (loss.data["lost"], loss.data["withdrawn"]) == (0, 2)
    assert nec.book(g)["well"] == ["lost_tribe", "lost_tribe"]
    assert leader(g, "ratmen") == "captured" and g.module_state["leaders"]["captives"][1] == [["ratmen", 0]]
    assert g.armies["ratmen"].hand == 2 and g.tray("ratmen") == 13 - 11 - 2


def pygmies_with_leader_in_b(second: tuple[str, str], alone: bool) -> Game:
    """ann: Pygmies + Hill + the Leader (6 + 4 + 1 = 11) hold a and b, the Leader in b (with 2
    Pygmies, or alone); a die of 2 is scripted for any Pygmy die."""
    g = game(("pygmies", "hill"), second, modules=("be_not_afraid",), dice=[2, 2])
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "redeploy", tokens={"a": 10, "b": 1} if alone else {"a": 8, "b": 3}, leader="b")
    act(g, "ann", "end_turn")
    return g


def test_A_LEAD_02_X_BNA_PYG_1_a_captured_pygmy_leader_rolls_no_die():
    """X-BNA-PYG-1 rolls for each Pygmy discarded; the captured Leader replaces the discard, so
    no die is rolled and the 2 other Pygmies of b are withdrawn."""
    g = pygmies_with_leader_in_b(("humans", "commando"), alone=False)
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="c")  # forest 2 - 1 Commando
    events = act(g, "bob", "conquer", region="b")  # hill 2 + 3 tokens - 1
    assert [e.kind for e in events if e.kind == "roll"] == [] and g.rolls == 0
    pygmies = g.armies["pygmies"]
    assert (pygmies.hand, pygmies.withdrawn) == (2, 2) and leader(g, "pygmies") == "captured"


def test_A_LEAD_02_B_RACE_SORCERERS_a_lone_pygmy_leader_converted_is_captured_without_a_die():
    """B-RACE-SORCERERS converts a lone token; a Leader converted is captured (A-LEAD-02), which
    replaces the loss: no Pygmy die, and the Leader does not go to the Pygmies' tray."""
    g = pygmies_with_leader_in_b(("sorcerers", "merchant"), alone=True)
    tray = g.tray("pygmies")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "convert", region="b")
    assert at(g, "b") == ("sorcerers", 1) and g.rolls == 0
    assert leader(g, "pygmies") == "captured" and g.module_state["leaders"]["captives"][1] == [["pygmies", 0]]
    assert g.armies["pygmies"].withdrawn == 0 and g.tray("pygmies") == tray


# --- A-LEAD-02: a Leader placed by default is the hand's last token ---------------------------
def test_A_LEAD_02_the_leader_is_the_last_token_of_the_hand_placed_by_default():
    """Humans + Merchant + the Leader (5 + 2 + 1 = 8) take a, b, c with 2 each: 2 in hand at
    `end_turn`. The first goes on a (all at 2, first listed), the Leader last on the region then
    holding the fewest: b (b and c at 2, first listed). Not c, the fewest once all are placed."""
    g = game(("humans", "merchant"), ("ratmen", "commando"))
    act(g, "ann", "pick", combo=0, leader=True)
    for r in "abc":
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")
    assert [at(g, r)[1] for r in "abc"] == [3, 3, 2] and leader(g, "humans") == "b"


def test_A_LEAD_02_X_LEAD_3_the_leader_placed_by_default_skips_the_immune_regions():
    """Halflings + Merchant + the Leader (6 + 2 + 1 = 9) take a and b (their Holes, immune), c
    and d, 2 each: only the Leader is left in hand. It goes on c (c and d at 2, first listed),
    not on a, where the fewest-first rule would put an ordinary token."""
    g = game(("halflings", "merchant"), ("ratmen", "commando"))
    act(g, "ann", "pick", combo=0, leader=True)
    for r in "abcd":
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")
    assert [at(g, r)[1] for r in "abcd"] == [2, 2, 3, 2] and leader(g, "halflings") == "c"


def test_A_LEAD_02_B_POW_STOUT_1_a_stout_decline_removes_the_leader_from_where_it_was_placed():
    """Ghouls + Stout + the Leader (5 + 4 + 1 = 10) take a, b, c, d with 2 each and decline
    after scoring: of the 2 in hand one goes on a, the Leader last on b; the decline removes it
    from b, and the Ghouls keep every other token (B-RACE-GHOULS)."""
    g = game(("ghouls", "stout"), ("ratmen", "commando"))
    act(g, "ann", "pick", combo=0, leader=True)
    for r in "abcd":
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "decline")
    assert [at(g, r)[1] for r in "abcd"] == [3, 2, 2, 2] and leader(g, "ghouls") is None


# --- X-BNA-BAR-1: a Leader in the Barbarians' hand stays off the board with it ----------------
def barbarians_with_leader_in_hand() -> Game:
    """Barbarians + Merchant + the Leader (9 + 2 + 1 = 12) take a and b with 2 each: 8 in hand
    with the Leader, none of which the Barbarians may place (X-BNA-BAR-1)."""
    g = game(("barbarians", "merchant"), modules=("be_not_afraid",))
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    return g


def test_X_BNA_BAR_1_X_LEAD_2_the_leader_in_hand_stays_off_the_board_and_is_not_captured():
    """`end_turn` places none of the hand, so the Leader (the hand's last token) stays off the
    board with the 7 others; bob taking a (2 + 2 - 1) captures nothing: 1 discarded, 1 back."""
    g = barbarians_with_leader_in_hand()
    act(g, "ann", "end_turn")
    army = g.armies["barbarians"]
    assert (at(g, "a")[1], at(g, "b")[1], army.hand, army.held) == (2, 2, 0, 8)
    assert leader(g, "barbarians") == "held"
    act(g, "bob", "pick", combo=0)
    loss = next(e for e in act(g, "bob", "conquer", region="a") if e.kind == "loss")
    assert (loss.data["lost"], loss.data["withdrawn"]) == (1, 1)
    assert leader(g, "barbarians") == "held" and g.module_state["leaders"]["captives"] == [[], []]


def test_A_BNA_05_X_LEAD_2_no_redeploy_places_the_leader_left_in_hand():
    """A-BNA-05 (amended): the Barbarians' own turn offers no `redeploy`, not even one keeping
    a 2, b 2, and one naming a for the Leader is refused with the Barbarians' rule before the
    Leader's: the Leader stays in hand, off the board, with nothing changed."""
    g = barbarians_with_leader_in_hand()
    assert [a for a in g.legal_actions() if a.do == "redeploy"] == []
    before = g.snapshot()
    for extra in ({}, {"leader": "a"}):
        with pytest.raises(RuleError) as err:
            act(g, "ann", "redeploy", tokens={"a": 2, "b": 2}, **extra)
        assert err.value.rule == "X-BNA-BAR-1" and g.snapshot() == before
    assert leader(g, "barbarians") == "hand"


# --- X-LEAD-3 and X-RW-4: a river emptied at redeployment keeps no Leader ----------------------
def halflings_leader_on_the_river() -> Game:
    """Halflings + Merchant + the Leader (6 + 2 + 1 = 9): a and b (their Holes), then the river
    r1 with the Leader; 4 in hand."""
    g = game(("halflings", "merchant"), board=RIVER, modules=("river_world",))
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "conquer", region="r1", leader=True)
    assert leader(g, "halflings") == "r1"
    return g


def test_X_LEAD_3_X_RW_4_with_the_river_emptied_every_region_left_is_immune():
    """The river is emptied at redeployment (X-RW-4) and a and b hold Holes: the Leader waits off
    the board (X-LEAD-3), so 8 of the 9 tokens are placed; 9 is refused, nothing changes."""
    g = halflings_leader_on_the_river()
    before = g.snapshot()
    with pytest.raises(RuleError, match="9 tokens placed; 8 must be placed"):
        act(g, "ann", "redeploy", tokens={"a": 5, "b": 4})
    assert g.snapshot() == before
    assert [a.to_dict()["tokens"] for a in g.legal_actions() if a.do == "redeploy"] == [
        {"a": 4, "b": 4}]
    act(g, "ann", "redeploy", tokens={"a": 4, "b": 4})
    army = g.armies["halflings"]
    assert (army.hand, army.held, leader(g, "halflings")) == (0, 1, "held")
    assert at(g, "r1") == (None, 0)


def test_X_LEAD_3_X_RW_4_the_same_at_end_turn_by_default():
    """By default at `end_turn`: the river's token joins the hand, the 4 others and it go on a
    and b, the Leader off the board: a 4, b 4, hand 0, 1 held."""
    g = halflings_leader_on_the_river()
    act(g, "ann", "end_turn")
    army = g.armies["halflings"]
    assert (at(g, "a")[1], at(g, "b")[1], army.hand, army.held) == (4, 4, 0, 1)


def test_X_BNA_PIX_1_X_RW_4_pixies_keep_one_per_region_left_after_the_river():
    """Pixies + Merchant (11 + 2 = 13) take a, r1, b, c: 6 in hand. At `end_turn` the river is
    emptied (X-RW-4), then one Pixie stays in each of a, b and c and the other 10 wait off the
    board (X-BNA-PIX-1); none is left in hand (a Leader in play changes nothing for them)."""
    g = game(("pixies", "merchant"), board=RIVER, modules=("river_world", "be_not_afraid"))
    act(g, "ann", "pick", combo=0)
    for r in ("a", "r1", "b", "c"):
        act(g, "ann", "conquer", region=r)
    assert [a.to_dict()["tokens"] for a in g.legal_actions() if a.do == "redeploy"][:1] == [
        {"a": 1, "b": 1, "c": 1}]
    act(g, "ann", "end_turn")
    army = g.armies["pixies"]
    assert [at(g, r)[1] for r in ("a", "b", "r1", "c")] == [1, 1, 0, 1]
    assert (army.hand, army.held) == (0, 10)


def test_X_LEAD_2_X_RW_4_B_POW_STOUT_1_a_leader_on_a_river_leaves_with_a_stout_decline():
    """Ratmen + Stout + the Leader (8 + 4 + 1 = 13) take a and the river r1 with the Leader, then
    decline after scoring: the river is emptied into a by the default placement, the Leader
    leaves from a, and a keeps 1 token (B-DECL-3); no region ends below 0."""
    g = game(("ratmen", "stout"), board=RIVER, modules=("river_world",))
    act(g, "ann", "pick", combo=0, leader=True)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="r1", leader=True)
    act(g, "ann", "decline")
    assert at(g, "a") == ("ratmen", 1) and at(g, "r1") == (None, 0)
    assert leader(g, "ratmen") is None and min(g.tokens) == 0
