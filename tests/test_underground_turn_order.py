"""AU-64: the effects at the start of a turn are carried out in the order the player chooses (a
pending decision offering each one's word), never a default; one alone happens at once. Played
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
    assert {a.do for a in g.legal_actions()} == {"fountain", "drain"}
    events = g.apply(Action(by="ann", do=first))
    assert g.armies["ratmen"].hand == 1 and g.tray("ratmen") == 0  # the last token is taken
    assert [e.kind for e in events] == ["fountain" if fountain else "drain"]
    assert g.blocking().words == (("drain",) if fountain else ("fountain",))
    rest = g.blocking().words[0]
    assert g.apply(Action(by="ann", do=rest)) == []  # nothing left in the tray
    assert g.blocking() is None
    g.apply(Action(by="ann", do="end_turn"))
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_AU_64_one_start_effect_alone_happens_at_once():
    g = opening()
    events = g.apply(Action(by="bob", do="end_turn"))
    assert any(e.kind == "fountain" for e in events) and g.blocking() is None
    assert g.armies["ratmen"].hand == 1
    with pytest.raises(RuleError) as caught:
        g.apply(Action(by="ann", do="fountain"))  # not due any more
    assert caught.value.rule == "AU-64"


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
    assert {(a.do, a.region) for a in g.legal_actions()} == {("fountain", None), ("great_ancient", "b")}
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
        ("fountain", None), ("reborn", ("a",)), ("reborn", ("b",))}
    g.apply(Action(by="ann", do="reborn", regions=["a"]))
    assert g.race[g.board.index["a"]] == "orcs" and g.tray("orcs") == 0
    assert g.blocking().words == ("fountain",)
    assert g.apply(Action(by="ann", do="fountain")) == []  # no Orc left in the tray
    assert g.armies["orcs"].hand == 0 and g.blocking() is None
