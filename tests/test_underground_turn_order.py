"""AU-64: the effects at the start of a turn are carried out in the order the player chooses (a
pending decision offering each one's word), never a default; one alone happens at once. Played
with the Fountain of Youth (U-PLACE-FOUNTAIN-1) and a throwaway second effect that also takes a
token from the tray, so the order decides who gets the last one."""

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
