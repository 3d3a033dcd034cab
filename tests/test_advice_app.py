"""The advisor's panel (dashboards/advice.py, issue 24): always there in the first game, for
the learner's own decisions; off by default at a table and switched on per table."""

from __future__ import annotations

import pytest

from dashboards import i18n
from dashboards.first_game import LEARNER, FirstGame
from dashboards.session import TableSession, create_game
from dashboards.store import Store
from dashboards.turn import TurnScreen, shown
from swcore.advisor import advise


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'a.sqlite'}")
    yield s
    s.dispose()


def test_the_first_game_advises_the_learners_pick_with_its_numbers(store):
    """B-COMBO-2: the learner's first decision is a pick; the advice names the planner's combo,
    its price and its worth, and is the advisor's own (the same lines)."""
    fg = FirstGame(seed=3, served=False, store=store)
    panel = fg.screen.advice
    assert panel.practice and shown(panel.ask) and not shown(panel.switch)
    g = fg.game
    assert g.to_act == LEARNER
    text = panel.explain()
    expected = advise(g).lines("en")
    assert "combo" in expected[0] or "picks" in expected[0]
    for line in expected:
        assert line.replace("'", "&#x27;") in text
    assert "minus its price of" in text
    # Any change of the game clears the advice (it was for that position only).
    fg.session.act(advise(g).action)
    assert not shown(panel.card)


def test_the_first_game_in_french(store):
    before = i18n.lang()
    i18n.set_language("fr")
    try:
        fg = FirstGame(seed=3, served=False, store=store)
        assert fg.screen.advice.ask.label == "Que jouerait un joueur expérimenté ?"
        text = fg.screen.advice.explain()
        assert "Le planificateur jouerait" in text and "vaut" in text
    finally:
        i18n.set_language(before)


def test_at_a_table_the_advice_is_off_until_switched_on_for_that_table(store):
    gid, code = create_game(store, "Table 1", ["Ann", "Bob"], seed=5)
    other, code2 = create_game(store, "Table 2", ["Cleo", "Dan"], seed=6)
    screen = TurnScreen(TableSession.open(store, gid, code))
    panel = screen.advice
    assert not panel.practice and shown(panel.switch) and not panel.switch.value
    assert not shown(panel.ask)
    panel.switch.value = True
    assert shown(panel.ask)
    text = panel.explain()
    assert "The planner would: Ann" in text
    # Another device of the same table opens it switched on; another table stays off.
    again = TurnScreen(TableSession.open(store, gid, code)).advice
    assert again.switch.value and shown(again.ask)
    assert not TurnScreen(TableSession.open(store, other, code2)).advice.switch.value
    panel.switch.value = False
    assert not shown(panel.ask) and not shown(panel.card)
