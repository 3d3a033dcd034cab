"""A lesson played over the first game (dashboards/lesson_play.py): the learner's own moves go
through the real engine; the step's button is outlined and its regions filled; a wrong move is
refused with the step's explanation and changes nothing; an undo steps the lesson back."""

from __future__ import annotations

import pytest

pytest.importorskip("panel")

from dashboards.first_game import FirstGame  # noqa: E402
from dashboards.store import Store  # noqa: E402
from swcore import Action  # noqa: E402
from swcore.lessons import lessons  # noqa: E402

L = "Learner"


@pytest.fixture
def store(tmp_path):
    return Store(f"sqlite:///{tmp_path / 'p.sqlite'}")


def pointed(fg):
    return [b.label for b in fg.screen._taps.buttons if "sw-point" in b.css_classes]


def test_scripted_first_turn_refuses_a_wrong_tap_and_explains_it(store):
    """B-COMBO-2: the 3rd combo would cost 2 coins; the step wants the free top one."""
    fg = FirstGame(served=False, store=store, lesson="first-turn")
    s = fg.script
    assert s.k == 0 and pointed(fg) == ["Pick"] and fg.targets == []
    before = len(fg.game.log)
    assert not fg.session.act(Action(L, "pick", combo=2))
    assert "top row, which is free" in fg.session.error
    assert len(fg.game.log) == before and fg.game.coins[0] == 5  # nothing changed
    assert fg.session.act(Action(L, "pick", combo=0))
    assert s.k == 1 and "10 Elves" in s.pane.object
    assert fg.targets == ["r5"]  # only where the step points (B-CONQ-1: an edge region)
    fg.screen.selected = "r2"  # a tap on another region: the step's explanation
    assert "Take r5" in s.pane.object
    fg.screen.selected = "r5"
    assert pointed(fg) == ["Conquer r5"]


def test_scripted_first_turn_to_the_bots_turn_and_free_play(store):
    """B-CONQ-2 costs, B-FINAL-1 the die, B-REDEP-1 then B-SCORE-1: 5 coins; the bot's turn
    passes the waiting step; the last step's Next ends the script (free play, every target)."""
    fg = FirstGame(served=False, store=store, lesson="first-turn")
    s = fg.script
    for a in [dict(do="pick", combo=0), dict(do="conquer", region="r5"),
              dict(do="conquer", region="r4"), dict(do="conquer", region="r11")]:
        assert fg.session.act(Action(L, **a)), fg.session.error
    fg.screen.selected = "r16"
    assert pointed(fg)[:1] == ["Conquer r16 with the reinforcement die"]  # the engine rolls
    assert fg.session.act(Action(L, "conquer", region="r16", reinforce=True))
    assert pointed(fg) == ["End the turn"]
    assert fg.session.act(Action(L, "end_turn"))
    assert s.k == 6 and s.next.visible and "Scored this turn: 5 coins." in s.pane.object
    assert fg.game.to_act == L and fg.game.turn == 2  # the bot has played (not served: at once)
    s.advance()  # Next: the bot's turn is over already, so straight to the last step
    assert s.k == 8 and s.next.visible
    s.advance()
    assert s.done and s.targets() is None and "Done" in s.pane.object
    assert len(fg.targets) > 1  # free play: every legal target again


def test_an_undo_steps_the_lesson_back(store):
    fg = FirstGame(served=False, store=store, lesson="first-turn")
    assert fg.session.act(Action(L, "pick", combo=0))
    assert fg.session.act(Action(L, "conquer", region="r5"))
    assert fg.script.k == 2
    assert fg.session.undo(1)
    assert fg.script.k == 1 and fg.targets == ["r5"]


def test_a_chapter_exercise_opens_at_its_position_for_its_player(store):
    """X-CUR-GOB-1: bob's Goblins take b (Lost Tribe) for 2; a wrong region is refused."""
    fg = FirstGame(served=False, store=store, lesson="goblins-decline", chapter_url="/tutorial/06-cursed.html")
    g = fg.game
    assert fg.learner == "bob" and g.to_act == "bob" and g.setup["expansions"] == ["cursed"]
    assert len(g.log) == len(lessons()["goblins-decline"].position().log)
    assert fg.targets == ["b"]
    assert not fg.session.act(Action("bob", "conquer", region="a"))
    assert "Take b" in fg.session.error
    assert fg.session.act(Action("bob", "conquer", region="b"))
    assert fg.script.done and "2 tokens instead of 3" in fg.script.pane.object
    assert "/tutorial/06-cursed.html" in fg.script.pane.object


def test_new_game_after_a_lesson_is_free_play(store):
    fg = FirstGame(served=False, store=store, lesson="first-turn")
    fg.new_game()
    assert fg.script is None and fg.session.gate is None and fg.learner == L


def test_the_lesson_in_french(store):
    """On a French page the steps, refusals and labels are French (B-COMBO-2)."""
    from bokeh.document import Document
    from panel.io.state import set_curdoc

    from dashboards import i18n

    with set_curdoc(Document()):
        i18n.set_language("fr")
        fg = FirstGame(served=False, store=store, lesson="first-turn")
        assert "Étape 1 sur 9" in fg.script.pane.object
        assert "Votre premier tour, pas à pas" in fg.script.pane.object
        assert not fg.session.act(Action(L, "pick", combo=1))
        assert "prenez la ligne du haut, gratuite" in fg.session.error
        assert fg.session.act(Action(L, "pick", combo=0))
        assert "Bien joué." in fg.script.pane.object
        assert "Vous avez 10 Elfes pour conquérir." in fg.script.pane.object


def test_the_underground_exercise_wants_the_sword_U_RELIC_SWORD_1(store):
    """U-RELIC-SWORD-1: b taken without the Sword is refused with the step's explanation and
    changes nothing; with it b costs 2 - 2, at least 1 (AU-14): 1 of ann's 2 tokens, and the
    Sword moves to b (U-PR-3)."""
    fg = FirstGame(served=False, store=store, lesson="sword-conquest",
                   chapter_url="/tutorial/12-underground.html")
    g = fg.game
    assert fg.learner == "ann" and g.to_act == "ann" and g.setup["expansions"] == ["underground"]
    assert fg.targets == ["b"] and g.hand("ann") == 2
    fg.screen.selected = "b"
    assert len(pointed(fg)) == 1 and "Sword" in pointed(fg)[0]  # the Sword's conquest, not the plain one
    before = len(g.log)
    assert not fg.session.act(Action("ann", "conquer", region="b"))
    assert "the Sword makes it cost 1 token" in fg.session.error
    assert len(fg.game.log) == before and fg.game.hand("ann") == 2
    assert fg.session.act(Action("ann", "conquer", region="b", using="sword_of_the_killer_rabbit"))
    g = fg.game
    assert fg.script.done and g.hand("ann") == 1
    assert g.pieces["sword_of_the_killer_rabbit"] == g.board.index["b"]
    assert "/tutorial/12-underground.html" in fg.script.pane.object
