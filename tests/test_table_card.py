"""Issue 18 (review of 2026-11-27, defects 10 and 11): what the turn screen's region card and
the combo column say. Base-3p: r4 is an empty farmland on the edge (B-CONQ-2: 2 tokens), r3 a
mountain next to it (2 + 1 for the mountain)."""

from __future__ import annotations

import pytest

from dashboards import inputs
from dashboards.cards import column_row_html
from dashboards.session import TableSession, create_game
from dashboards.store import Store
from dashboards.turn import TurnScreen
from swcore import Game

RACES = ["amazons", "ratmen", "elves", "dwarves", "orcs", "humans"]
POWERS = ["merchant", "hill", "forest", "alchemist", "swamp", "flying"]


@pytest.fixture
def session(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'card.sqlite'}")
    try:
        yield TableSession.open(store, *create_game(store, "T", ["Ann", "Bob", "Cleo"],
                                                    races=RACES, powers=POWERS))
    finally:
        store.dispose()


def test_B_RACE_AMAZONS_1_the_column_shows_the_tokens_a_pick_gives():
    """Amazons (6 +4) / Merchant (2): 12 tokens, not the 8 printed on banner and badge."""
    g = Game.new("base-3p", ["Ann", "Bob"], races=RACES, powers=POWERS)
    assert g.pick_tokens(0) == 12 and g.pick_tokens(1) == 8 + 4  # Ratmen / Hill
    assert "12 tokens" in column_row_html(g, 0)
    g.apply({"by": "Ann", "do": "pick", "combo": 0})
    assert g.armies["amazons"].hand == 12


def test_B_CONQ_2_no_cost_and_no_refusal_on_ones_own_region(session):
    screen = TurnScreen(session)
    for a in ({"do": "pick", "combo": 1}, {"do": "conquer", "region": "r4"}):
        assert session.act({"by": "Ann", **a}), session.error
    screen.selected = "r3"  # another region: its cost
    assert "Cost" in screen._card_info.object
    screen.selected = "r4"  # Ann's Ratmen hold it: neither a cost nor "Not now"
    assert "Held by:" in screen._card_info.object
    assert "Cost" not in screen._card_info.object
    assert screen._card_alert.object == ""


def test_B_FINAL_1_the_die_note_cites_the_final_conquest_rule(session):
    """Dwarves (3) / Alchemist (4): 7 tokens; r4 (2) and r3 (3) leave 2, too few for a region
    that costs 3 or more: the reinforcement die decides its final conquest (B-FINAL-1)."""
    screen = TurnScreen(session)
    for a in ({"do": "pick", "combo": 3}, {"do": "conquer", "region": "r4"},
              {"do": "conquer", "region": "r3"}):
        assert session.act({"by": "Ann", **a}), session.error
    g = session.game
    rid = next(a.region for a in g.legal_actions()
               if a.do == "conquer" and inputs.die_applies(g, a))
    screen.selected = rid
    note = screen._card_die.note.object
    assert "the die decides (B-FINAL-1)" in note and "B-CONQ-2" not in note


def test_B_COMBO_6_after_a_pick_the_status_stays_and_the_heading_names_no_pair(tmp_path):
    """A column entered as it lies on the table: after Ann's pick the revealed pair is to be
    entered (B-COMBO-6); the status line still says what Ann plays, the heading leaves the
    pair open and the button names the pair chosen in the selects."""
    store = Store(f"sqlite:///{tmp_path / 'reveal.sqlite'}")
    try:
        s = TableSession.open(store, *create_game(store, "T", ["Ann", "Bob", "Cleo"],
                                                  races=RACES, powers=POWERS, stacks="table"))
        screen = TurnScreen(s)
        assert s.act({"by": "Ann", "do": "pick", "combo": 1}), s.error  # Ratmen / Hill
        assert "plays <b>Ratmen</b> / Hill" in screen._status_pane.object
        import panel as pn

        heading, *widgets, go = screen._other.objects
        assert "<h3>Enter the revealed combo</h3>" in heading.object  # no pair, old or new
        race, power = (w for w in widgets if isinstance(w, pn.widgets.Select))
        race.value, power.value = "trolls", "stout"
        assert go.label == "Enter the revealed combo Trolls / Stout"
    finally:
        store.dispose()
