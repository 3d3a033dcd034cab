"""AU-64: the effects at the start of a turn come after the player's choice to decline (step b:
declining skips them, AU-60) and are carried out in the order he chooses (a pending decision
offering each one's word, and the decline until one is done), never a default; one alone
happens just before his first action that is not a decline. Played
with the Fountain of Youth (U-PLACE-FOUNTAIN-1) and a throwaway second effect that also takes a
token from the tray, so the order decides who gets the last one; then with the moves AU-64
names beside it, the Great Ancient (U-RACE-CULTISTS-3) and Reborn's swaps (U-POWER-REBORN-1)."""

from __future__ import annotations

import pytest

from swcore import Action, Game, RuleError
from swcore.config import make_setup
from swcore.rules.underground import turn_start
from swcore.words import WORDS, Word

RACES = ["ratmen", "humans", "orcs", "wizards", "elves", "trolls"]
POWERS = ["alchemist", "forest", "hill", "swamp", "merchant", "commando"]
MAP = {"regions": {"a": {"terrain": "mine", "edge": True}, "b": {"terrain": "mudpool", "edge": True}},
       "borders": [["a", "b"]]}


@pytest.fixture
def drain(monkeypatch):
    """A second start-of-turn effect for the test: the active race takes the tray's last token."""
    monkeypatch.setitem(WORDS, "drain", Word("drain", "T-1", "Drain", "{by} drains", place="bar"))

    def due(game, seat):
        return game.active[seat] == "ratmen"

    def do(game, seat):
        army = game.armies["ratmen"]
        if game.tray("ratmen") < 1:
            return []
        army.hand += 1
        game.journal(lambda: setattr(army, "hand", army.hand - 1))
        return [game.new_event("drain", "drained", seat)]
    monkeypatch.setitem(turn_start.START, "drain", turn_start.StartEffect("drain", "T-1", due, do))


def opening() -> Game:
    g = Game(make_setup(MAP, ["ann", "bob"], races=RACES, powers=POWERS, expansions=["underground"],
                        pool=["base"], extra={"pieces": {"fountain_of_youth": "a"}, "places_relics": []}))
    for a in ({"do": "pick", "combo": 0}, {"do": "conquer", "region": "a"},   # 12 of 13 Ratmen
              {"do": "conquer", "region": "b"}, {"do": "end_turn"}):
        g.apply(Action(by="ann", **a))
    g.apply(Action(by="bob", do="pick", combo=0))
    return g


@pytest.mark.parametrize("first, fountain", [("drain", False), ("fountain", True)])
def test_AU_64_two_start_effects_wait_for_the_players_order(drain, first, fountain):
    g = opening()
    g.apply(Action(by="bob", do="end_turn"))
    d = g.blocking()
    assert d.kind == turn_start.KIND and d.seat == 0 and set(d.words) == {"fountain", "drain"}
    before = g.state_hash()
    with pytest.raises(RuleError) as caught:
        g.apply(Action(by="ann", do="end_turn"))
    assert caught.value.rule == "AU-64" and g.state_hash() == before
    assert {a.do for a in g.legal_actions()} == {"fountain", "drain", "decline"}
    events = g.apply(Action(by="ann", do=first))
    assert g.armies["ratmen"].hand == 1 and g.tray("ratmen") == 0  # the last token is taken
    assert [e.kind for e in events] == ["fountain" if fountain else "drain"]
    assert g.blocking().words == (("drain",) if fountain else ("fountain",))
    assert [a.do for a in g.legal_actions()] == list(g.blocking().words)  # no decline now
    before = g.state_hash()
    with pytest.raises(RuleError) as caught:
        g.apply(Action(by="ann", do="decline"))
    assert caught.value.rule == "AU-64" and g.state_hash() == before
    rest = g.blocking().words[0]
    assert g.apply(Action(by="ann", do=rest)) == []  # nothing left in the tray
    assert g.blocking() is None
    g.apply(Action(by="ann", do="end_turn"))
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_AU_60_AU_64_one_start_effect_alone_waits_for_the_first_action_but_a_decline():
    """U-PLACE-FOUNTAIN-1: nothing at the turn's start; ann's end of turn (an expansion, not a
    decline) takes the 13th Ratman first, and Ready Troops places it with the others: 1 + 10
    lifted = 11 on a (kept 1) and b (kept 1), a gets 7 and b 6 by default."""
    g = opening()
    events = g.apply(Action(by="bob", do="end_turn"))
    assert not any(e.kind == "fountain" for e in events) and g.blocking() is None
    assert g.armies["ratmen"].hand == 0 and g.tray("ratmen") == 1
    listed = g.legal_actions()
    assert "decline" in {a.do for a in listed} and "fountain" not in {a.do for a in listed}
    before = g.state_hash()
    with pytest.raises(RuleError) as caught:  # the token is taken, then the word is refused:
        g.apply(Action(by="ann", do="fountain"))  # nothing stays of either
    assert caught.value.rule == "AU-64" and g.state_hash() == before and g.tray("ratmen") == 1
    events = g.apply(Action(by="ann", do="end_turn"))
    assert events[0].kind == "fountain" and g.tray("ratmen") == 0
    assert (g.tokens[g.board.index["a"]], g.tokens[g.board.index["b"]]) == (7, 6)


def test_AU_64_actions_listed_before_the_fountains_token_are_accepted_after_it():
    """The listing is that of the position after the token (the default redeployment places 13
    Ratmen): every action listed is accepted."""
    g = opening()
    g.apply(Action(by="bob", do="end_turn"))
    listed = g.legal_actions()
    redeploy = next(a for a in listed if a.do == "redeploy")
    assert sum(n for _, n in redeploy.tokens) == 13
    for a in listed:
        copy = Game.from_json(g.to_json())
        copy.apply(a.to_dict())


def test_AU_60_AU_64_declining_skips_the_fountains_token():
    """AU-60: nothing on the turn he goes In Decline: no token leaves the tray (still 1: 12 of
    the 13 Ratmen were on the board, a and b keep 1 each in decline, 10 go back: 11)."""
    g = opening()
    g.apply(Action(by="bob", do="end_turn"))
    assert (g.armies["ratmen"].hand, g.tray("ratmen")) == (0, 1)  # nothing before the choice
    events = g.apply(Action(by="ann", do="decline"))
    assert not any(e.kind == "fountain" for e in events)
    assert g.tray("ratmen") == 11 and g.armies["ratmen"].hand == 0
    events = g.apply(Action(by="ann", do="end_turn"))
    assert not any(e.kind == "fountain" for e in events) and g.tray("ratmen") == 11


def test_AU_64_declining_after_the_fountains_token_is_refused():
    """The first conquest takes the token (expanding); declining after it is refused."""
    g = opening()
    g.apply(Action(by="bob", do="end_turn"))
    events = g.apply(Action(by="ann", do="abandon", region="b"))
    assert events[0].kind == "fountain"
    before = g.state_hash()
    with pytest.raises(RuleError):
        g.apply(Action(by="ann", do="decline"))
    assert g.state_hash() == before


def cultists_by_the_fountain() -> Game:
    """ann's Cultists (5 + Stone 4 = 9 of their 10) take a (the Fountain; the Great Ancient goes
    there, AU-20) and b; her next turn opens with the Fountain's token due and the Great Ancient
    free to move to b."""
    g = Game(make_setup(MAP, ["ann", "bob"], races=["cultists", "ratmen", *RACES[2:]],
                        powers=["stone", *POWERS[:5]], expansions=["underground"],
                        pool=["base", "underground"],
                        extra={"pieces": {"fountain_of_youth": "a"}, "places_relics": []}))
    for a in ({"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "conquer", "region": "a"},
              {"by": "ann", "do": "conquer", "region": "b"}, {"by": "ann", "do": "end_turn"},
              {"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "end_turn"}):
        g.apply(Action(**a))
    return g


def test_AU_64_the_great_ancient_moved_before_the_fountains_token_if_the_player_says_so():
    """U-RACE-CULTISTS-3, U-PLACE-FOUNTAIN-1: both open at the start of ann's turn: she is asked
    which comes first (nothing else is accepted); she moves the Great Ancient, then is asked for
    the Fountain alone, and conquers after."""
    g = cultists_by_the_fountain()
    d = g.blocking()
    assert d.kind == turn_start.KIND and d.words == ("fountain", "great_ancient")
    assert {(a.do, a.region) for a in g.legal_actions()} == {
        ("fountain", None), ("great_ancient", "b"), ("decline", None)}
    before = g.state_hash()
    with pytest.raises(RuleError) as caught:
        g.apply(Action(by="ann", do="conquer", region="b"))
    assert caught.value.rule == "AU-64" and g.state_hash() == before
    assert g.tray("cultists") == 1  # 9 of the box's 10 on the board
    g.apply(Action(by="ann", do="great_ancient", region="b"))
    assert g.pieces["great_ancient"] == g.board.index["b"]
    assert g.blocking().words == ("fountain",)
    assert [a.do for a in g.legal_actions()] == ["fountain"]
    assert g.armies["cultists"].hand == 7  # Ready Troops: one left in a and in b
    g.apply(Action(by="ann", do="fountain"))
    assert g.blocking() is None and (g.armies["cultists"].hand, g.tray("cultists")) == (8, 0)
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_AU_64_the_fountains_token_first_leaves_the_great_ancient_free_to_move():
    g = cultists_by_the_fountain()
    events = g.apply(Action(by="ann", do="fountain"))
    assert [e.kind for e in events] == ["fountain"] and g.blocking() is None
    assert ("great_ancient", "b") in {(a.do, a.region) for a in g.legal_actions()}
    g.apply(Action(by="ann", do="great_ancient", region="b"))
    assert g.pieces["great_ancient"] == g.board.index["b"]


def test_AU_64_AU_40_reborn_swaps_ordered_with_the_fountains_token():
    """U-POWER-REBORN-1, U-PLACE-FOUNTAIN-1: ann's in-decline Humans (Reborn) hold a and b, her
    Orcs (5 + Forest 4 = 9 of the box's 10) hold f, the Fountain. At the start of her turn she
    is asked for the order; Reborn first takes the tray's last Orc into a, so the Fountain then
    finds none (U-DEF-8)."""
    board = {"regions": {"f": {"terrain": "mine", "edge": True}, "a": {"terrain": "mine", "edge": True},
                         "b": {"terrain": "mudpool", "edge": True}},
             "borders": [["f", "a"], ["a", "b"]]}
    g = Game(make_setup(board, ["ann", "bob"], races=["humans", "ratmen", "orcs", "wizards", "elves",
                                                      "trolls"],
                        powers=["reborn", "alchemist", "forest", "hill", "swamp", "merchant"],
                        expansions=["underground"], pool=["base", "underground"],
                        extra={"pieces": {"fountain_of_youth": "f"}, "places_relics": []}))
    for a in ({"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "conquer", "region": "a"},
              {"by": "ann", "do": "conquer", "region": "b"}, {"by": "ann", "do": "end_turn"},
              {"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "end_turn"},
              {"by": "ann", "do": "decline"}, {"by": "ann", "do": "end_turn"},
              {"by": "bob", "do": "end_turn"},
              {"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "conquer", "region": "f"},
              {"by": "ann", "do": "end_turn"}, {"by": "bob", "do": "end_turn"}):
        g.apply(Action(**a))
    assert g.active[0] == "orcs" and g.tray("orcs") == 1
    d = g.blocking()
    assert d.kind == turn_start.KIND and d.words == ("fountain", "reborn")
    assert {(a.do, a.regions) for a in g.legal_actions()} == {  # both: 1 in the tray, 0 in hand
        ("fountain", None), ("reborn", ("a",)), ("reborn", ("b",)), ("decline", None)}
    g.apply(Action(by="ann", do="reborn", regions=["a"]))
    assert g.race[g.board.index["a"]] == "orcs" and g.tray("orcs") == 0
    assert g.blocking().words == ("fountain",)
    assert g.apply(Action(by="ann", do="fountain")) == []  # no Orc left in the tray
    assert g.armies["orcs"].hand == 0 and g.blocking() is None


def test_AU_60_AU_64_declining_with_the_fountain_and_the_great_ancient_due_skips_both():
    """AU-64 (b) before (c): the decline is accepted at once, not after an order: the Great
    Ancient does not move (it leaves the board with the decline, U-RACE-CULTISTS-3), no token
    leaves the tray (1: 9 of the 10 Cultists were on the board; in decline a and b keep 1 each,
    7 go back: 8), and neither is offered after it."""
    g = cultists_by_the_fountain()
    events = g.apply(Action(by="ann", do="decline"))
    assert not any(e.kind in ("fountain", "great_ancient") for e in events) and g.blocking() is None
    assert g.pieces.get("great_ancient") is None and g.tray("cultists") == 8
    assert [a.do for a in g.legal_actions()] == ["end_turn"]
    for word, args in (("great_ancient", {"region": "b"}), ("fountain", {})):
        with pytest.raises(RuleError):
            g.apply(Action(by="ann", do=word, **args))
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_AU_64_expanding_orders_the_start_effects_then_conquers_without_a_decline():
    """The Fountain's token first: the decline is no longer offered nor accepted (AU-64); the
    Great Ancient then moves to b and ann conquers nothing more but ends her turn."""
    g = cultists_by_the_fountain()
    g.apply(Action(by="ann", do="fountain"))
    assert (g.armies["cultists"].hand, g.tray("cultists")) == (1, 0)
    assert "decline" not in {a.do for a in g.legal_actions()}
    before = g.state_hash()
    with pytest.raises(RuleError) as caught:
        g.apply(Action(by="ann", do="decline"))
    assert caught.value.rule == "AU-64" and g.state_hash() == before
    g.apply(Action(by="ann", do="great_ancient", region="b"))
    assert g.pieces["great_ancient"] == g.board.index["b"]
    g.apply(Action(by="ann", do="end_turn"))


def test_AU_64_a_save_of_rules_revision_3_declining_after_the_fountain_still_loads():
    """The rules before this ruling let ann decline after taking the Fountain's token; that log,
    accepted once, replays (its state hash is not compared, saves.RULES_REVISION)."""
    g = cultists_by_the_fountain()
    g.apply(Action(by="ann", do="fountain"))
    save = g.to_dict()
    save["rules"], save["log"] = 3, [*save["log"], {"by": "ann", "do": "decline"}]
    old = Game.from_dict(save)
    assert old.armies["cultists"].declined and old.tray("cultists") == 8


def test_AU_64_B_POW_STOUT_1_stout_still_declines_after_the_fountains_token():
    """Stout declines after expanding (B-POW-STOUT-1): the token taken before the abandon does
    not stop it. Ratmen 8 + Stout 4 = 12 of 13: the 13th comes from the Fountain."""
    g = Game(make_setup(MAP, ["ann", "bob"], races=RACES, powers=["stout", *POWERS[1:]],
                        expansions=["underground"], pool=["base"],
                        extra={"pieces": {"fountain_of_youth": "a"}, "places_relics": []}))
    for a in ({"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "conquer", "region": "a"},
              {"by": "ann", "do": "conquer", "region": "b"}, {"by": "ann", "do": "end_turn"},
              {"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "end_turn"}):
        g.apply(Action(**a))
    assert g.apply(Action(by="ann", do="abandon", region="b"))[0].kind == "fountain"
    assert "decline" in {a.do for a in g.legal_actions()}
    g.apply(Action(by="ann", do="decline"))
    assert g.armies["ratmen"].declined


def test_AU_60_U_POWER_TOMB_1_a_tomb_decline_keeps_no_fountain_token():
    """Skeletons 6 + Tomb 5 = 11 of the box's 20 hold a and b; at the start of ann's turn no
    token has left the tray (9) for her hand; she declines: with Tomb every token stays
    (U-POWER-TOMB-1), the 11 of them, none from the Fountain (AU-60): the tray keeps its 9."""
    g = Game(make_setup(MAP, ["ann", "bob"], races=["skeletons", *RACES[1:]],
                        powers=["tomb", *POWERS[1:]], expansions=["underground"],
                        pool=["base", "underground"],
                        extra={"pieces": {"fountain_of_youth": "a"}, "places_relics": []}))
    for a in ({"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "conquer", "region": "a"},
              {"by": "ann", "do": "conquer", "region": "b"}, {"by": "ann", "do": "end_turn"},
              {"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "end_turn"}):
        g.apply(Action(**a))
    assert (g.armies["skeletons"].hand, g.tray("skeletons")) == (0, 9)
    g.apply(Action(by="ann", do="decline"))
    assert g.tokens[g.board.index["a"]] + g.tokens[g.board.index["b"]] == 11
    assert g.tray("skeletons") == 9 and g.armies["skeletons"].declined
