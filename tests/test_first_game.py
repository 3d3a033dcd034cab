"""Your first game (dashboards/first_game.py): the learner's first turn played through the
component, on the app's own turn screen, against a bot that answers by itself."""

from __future__ import annotations

import pytest

pytest.importorskip("panel")

from dashboards import rules_ref  # noqa: E402
from dashboards.first_game import LEARNER, WAIT, FirstGame  # noqa: E402
from dashboards.store import Store  # noqa: E402
from swcore.words import WORDS  # noqa: E402


@pytest.fixture
def first(tmp_path):
    return FirstGame(seed=3, served=False, store=Store(f"sqlite:///{tmp_path / 'p.sqlite'}"))


def press(first: FirstGame, place: str, region: str | None = None):
    """The screen's button for the first legal action shown at `place` (as a tap would)."""
    action = next(a for a in first.screen._legal if WORDS[a.do].place == place
                  and (region is None or a.region == region))
    assert first.screen._act(action), first.session.error
    return action


def test_rule_ids_link_into_the_rendered_reference():
    assert rules_ref.url("B-CONQ-2") == "/tutorial/rules/base-game.html#B-CONQ-2"
    assert "Seas and the Lake" in rules_ref.text("B-POW-SEAFARING-1")
    assert rules_ref.link("NOT-A-RULE") == "NOT-A-RULE"
    assert 'href="/tutorial/rules/base-game.html#B-LOSS-2"' in rules_ref.link_ids("see B-LOSS-2")


def test_learner_plays_a_first_turn_and_the_bot_answers(first):
    g = first.game
    assert g.to_act == LEARNER and g.turn == 1
    assert "B-COMBO-2" in first._coach.object  # buying a combo is the first rule met
    assert first.targets == []  # nothing to conquer before a race is picked
    press(first, "column")
    targets = first.targets
    assert targets, "legal targets are highlighted once a race is picked"
    army = first.game.army_of(LEARNER)
    legal = {a.region for a in first.screen._legal if WORDS[a.do].place == "region"}
    assert set(targets) == legal
    # a tap on a region shows its cost with the breakdown; the race's rule is explained
    first.screen.selected = targets[0]
    assert "Cost <b>" in first.screen._card_info.object
    assert "B-CONQ-2" in first._coach.object
    from swcore.catalogue import CATALOGUE
    assert CATALOGUE[army.race].rule in first._seen
    press(first, "region", targets[0])
    assert first.game.regions_of(army.race)
    # a region that cannot be taken: refused with its rule, quoted and linked
    held = {first.game.board.ids[i] for i in first.game.regions_of(army.race)}
    inland = next(r for r in first.game.board.ids if r not in first.targets and r not in held)
    first.screen.selected = inland
    assert "Not allowed" in first._coach.object and "/tutorial/rules/" in first._coach.object
    # end the turn: the bot plays its whole turn at once, then it is the learner's again
    ends = [a for a in first.screen._legal if WORDS[a.do].place == "bar"]
    assert first.screen._act(ends[-1]), first.session.error
    g = first.game
    assert g.turn == 2 and g.to_act == LEARNER and g.army_of(g.players[1]) is not None
    assert "B-SCORE-1" in first._seen


def test_the_bots_buttons_are_refused_and_undo_returns_to_the_learner(first):
    press(first, "column")
    target = first.targets[0]
    press(first, "region", target)
    ends = [a for a in first.screen._legal if WORDS[a.do].place == "bar"]
    first.screen._act(ends[-1])
    g = first.game
    assert g.turn == 2 and g.to_act == LEARNER
    before = len(g.log)
    # one step back lands in the bot's turn: the undo goes on to the learner's end of turn
    assert first.session.undo(1)
    g = first.game
    assert g.to_act == LEARNER and g.turn == 1 and len(g.log) < before - 1
    assert not g.redo_stack or g.redo_stack[0]["by"] == LEARNER
    # the learner may not act for the bot
    from swcore import Action
    assert not first.session.act(Action(g.players[1], ends[-1].do))
    assert first.session.error == WAIT


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_the_opponent_can_be_chosen(first, bot):
    first.bot_pick.value = bot
    first.new_game()
    assert first.game.players[1].lower().startswith(bot)
    press(first, "column")
    ends = [a for a in first.screen._legal if WORDS[a.do].place == "bar"]
    first.screen._act(ends[-1])
    assert first.game.turn == 2 and first.game.to_act == LEARNER
