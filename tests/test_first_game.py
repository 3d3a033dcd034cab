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


def visible_labels(box) -> list[str]:
    from dashboards.widgets import shown
    return [b.label for b in box if shown(b)]


def test_after_a_conquest_the_card_has_no_dead_button_and_no_cost(first):
    """Review 2026-11-27: after a conquest the region's card kept "Conquer r2" (a dead button)
    and, selected again, showed a blank button and "Cost 2 tokens" for one's own region. Now
    the card says what happened, with no button and no cost (the learner's region cannot be
    conquered by its own race, B-CONQ-2); a practice game corrects no tokens (no table)."""
    press(first, "column")
    target = first.targets[0]
    first.screen.selected = target
    assert visible_labels(first.screen._card_buttons) == [f"Conquer {target}"]
    press(first, "region", target)
    assert visible_labels(first.screen._card_buttons) == []
    assert "Done:" in first.screen._outcome.object
    first.screen.selected = ""
    first.screen.selected = target
    assert visible_labels(first.screen._card_buttons) == []
    assert "Cost" not in first.screen._card_info.object
    assert target not in first.targets  # and it is no longer filled as a target


def test_the_targets_fill_keeps_its_length_and_is_far_from_every_terrain_colour(first):
    """The fill over the targets is one glyph over every region, shown by its alpha: new data
    of another length in the same message as a patch of the map made BokehJS drop the rest of
    the update. Its colour, laid over any terrain at its alpha, stays far (CIE76 ΔE > 30)
    from every terrain colour of the map style: the yellow it replaced came within 5 of one."""
    from dashboards.first_game import TARGET_ALPHA, TARGET_FILL
    from dashboards.map_style import TERRAIN_COLORS

    n = len(first.game.board.ids)
    press(first, "column")
    assert len(first._tg.data["fill"]) == n
    lit = [first.game.board.ids[i] for i, a in enumerate(first._tg.data["fill"]) if a > 0]
    assert sorted(lit) == sorted(first.targets)
    press(first, "region", first.targets[0])
    assert len(first._tg.data["fill"]) == len(first._tg.data["xs"]) == n

    def lab(hexa, over=None, alpha=1.0):
        rgb = [int(hexa[k:k + 2], 16) / 255 for k in (1, 3, 5)]
        if over is not None:
            under = [int(over[k:k + 2], 16) / 255 for k in (1, 3, 5)]
            rgb = [alpha * a + (1 - alpha) * b for a, b in zip(rgb, under, strict=True)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
        y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
        f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
        return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))

    def delta(a, b):
        return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5
    def nearest(fill, alpha):
        return min(delta(lab(fill, under, alpha), lab(t)) for under in TERRAIN_COLORS.values()
                   for t in TERRAIN_COLORS.values())
    assert nearest("#FFEB3B", 0.45) < 10  # the old yellow
    assert nearest(TARGET_FILL, TARGET_ALPHA) > 30


def test_nothing_is_live_during_the_bots_turn(first):
    """During the bot's turn the screen offers nothing: no "End the turn", no hint to tap a
    region, no placement of the bot's tokens (its actions are the bot's own)."""
    press(first, "column")
    press(first, "region", first.targets[0])
    first._running = True  # hold the bot back, as between two of its actions in a page
    ends = [a for a in first.screen._legal if WORDS[a.do].place == "bar"]
    assert first.screen._act(ends[-1]), first.session.error
    g = first.game
    assert g.to_act != LEARNER and g.legal_actions()
    assert first.screen._legal == []
    assert visible_labels(first.screen._turn_buttons) == []
    assert visible_labels(first.screen._word_buttons) == []
    from dashboards.widgets import shown
    assert not shown(first.screen._hint)
    assert not shown(first.screen._place_box) and not shown(first.screen._other)
    assert "is playing" in first._coach.object
    assert max(first.screen._map.source.data["hl"]) == 0  # the map outlines no bot's target
    first._running = False
    first._after_change()
    assert first.game.to_act == LEARNER


def test_a_practice_game_rolls_the_die(first):
    """B-FINAL-1: the die decides the turn's last conquest, the target named first. A game
    against a bot has no table to roll on: the card offers the conquest with the die as one
    button (the engine rolls), no "Die: blank/1/2/3" faces, and cites B-FINAL-1."""
    press(first, "column")
    g = first.game
    for _ in range(12):  # conquer the cheapest targets until one needs the die
        die = [a for a in first.screen._legal if a.do == "conquer" and a.args.get("reinforce")]
        if die:
            break
        plain = [a for a in first.screen._legal if a.do == "conquer"]
        cheapest = min(plain, key=lambda a: g.quote(a.region).cost)
        assert first.screen._act(cheapest), first.session.error
        g = first.game
    assert die, "no conquest with the die came up"
    target = die[0].region
    first.screen.selected = target
    labels = visible_labels(first.screen._card_buttons)
    assert f"Conquer {target} with the reinforcement die" in labels
    assert not any(text.startswith("Die:") for text in labels)
    from dashboards.widgets import shown
    assert not shown(first.screen._card_die.box)
    assert "the die decides (B-FINAL-1)" in first.screen._card_info.object
    assert "B-FINAL-1" in first._seen  # the coach explains the die's rule
    assert first.screen._act(die[0]), first.session.error
    assert any(ev.kind == "roll" or "die" in ev.text for ev in first.session.events)


def test_the_coach_speaks_of_the_base_game_only(first):
    """The first game is the base game alone: the coach quotes B-COMBO-2 without its sentence
    on the Cursed combo (X-CUR-POW-CURSED), which the rules reference keeps."""
    assert "B-COMBO-2" in first._seen
    assert "Cursed" not in first._coach.object
    assert "position 0 is free" in first._coach.object
    assert "Cursed" in rules_ref.text("B-COMBO-2")


def test_the_end_of_turn_sheet_speaks_of_no_table(first):
    """No table in a game against a bot: the end-of-turn sheet asks to choose, not to set
    things "as they lie on the table"."""
    press(first, "column")
    press(first, "region", first.targets[0])
    ends = [a for a in first.screen._legal if WORDS[a.do].place == "bar"]
    first.screen._press(("confirm", ends[-1]))
    sheet = first.screen._end.title.object
    assert "Before the turn ends" in sheet and "on the table" not in sheet
