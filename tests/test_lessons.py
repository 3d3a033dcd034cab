"""The tutorial's lessons and questions (swcore/data/lessons.yaml, swcore/lessons.py): every
expected move is legal where it is asked for, every question's answer is the engine's and the
one worked out by hand from the rule book, every text is in English and French."""

from __future__ import annotations

import pytest

from swcore import Action
from swcore.lessons import chapter_stem, lessons, of_chapter, questions, solve

CHAPTERS = ["00", "01", "01b", "02", "03", "03b", "03c", "03d", "04", "05", "06", "07", "08",
            "09", "10", "11", "12"]


def play_through(lesson):
    """Play a lesson as a learner who always makes the expected move (the first legal action
    that matches), the other players making the scenario's default moves (a bot would too):
    returns the game and the moves made. Fails if a step's move is not legal when asked."""
    game = lesson.position().game()
    assert game.to_act == lesson.learner, f"{lesson.id}: {lesson.learner} is not to act"
    made = []
    for k, step in enumerate(lesson.steps):
        if step.expect is None:
            continue
        legal = [a for a in game.legal_actions() if a.by == lesson.learner and step.matches(a)]
        assert legal, f"{lesson.id} step {k + 1}: no legal move matches {step.expect}"
        move = legal[0]
        game.apply(move)
        while game.queue:
            game.apply(game.default_withdrawal())
        made.append(move)
    return game, made


@pytest.mark.parametrize("lesson_id", sorted(lessons()))
def test_every_expected_move_is_legal_in_its_position(lesson_id):
    """B-FLOW-1: a lesson only asks for what the player to act may do there."""
    play_through(lessons()[lesson_id])


def test_every_chapter_has_an_exercise_and_chapters_after_00_a_question():
    for chapter in CHAPTERS:
        ls, qs = of_chapter(chapter)
        assert ls, f"chapter {chapter} has no exercise"
        assert chapter == "00" or qs, f"chapter {chapter} has no question"
        assert chapter_stem(chapter).startswith(f"{chapter}-")


def test_every_text_is_in_english_and_french():
    texts = [lesson.title for lesson in lessons().values()]
    texts += [t for lesson in lessons().values() for s in lesson.steps
              for t in (s.text, s.wrong, s.right) if t]
    texts += [q.text for q in questions().values()]
    for t in texts:
        assert t.get("en") and t.get("fr"), t
        assert t["en"] != t["fr"], t


def test_first_turn_scores_five_with_the_die_showing_two():
    """B-COMBO-2 (top combo free), B-CONQ-2 (r4, r11: 2 + Lost Tribe 1; r16: 2 + mountain 1),
    B-FINAL-1 (r16 with 2 tokens and the die's 2), B-SCORE-1 (4 regions) + B-POW-HILL-1 (r5)."""
    game, made = play_through(lessons()["first-turn"])
    assert [a.do for a in made] == ["pick", "conquer", "conquer", "conquer", "conquer",
                                    "end_turn"]
    assert made[4] == Action("Learner", "conquer", region="r16", reinforce=True)
    learner = game.players.index("Learner")
    assert sum(it["coins"] for it in game.last_score[learner]) == 5
    assert game.coins[learner] == 10  # 5 at the start (B-SETUP-6), nothing paid, 5 scored


def test_a_step_matches_only_its_move():
    step = lessons()["first-turn"].steps[1]
    assert step.matches(Action("Learner", "conquer", region="r5"))
    assert not step.matches(Action("Learner", "conquer", region="r2"))
    assert not step.matches(Action("Learner", "end_turn"))
    assert step.regions == ["r5"]
    die = lessons()["first-turn"].steps[4]
    assert die.matches(Action("Learner", "conquer", region="r16", reinforce=True, roll=2))
    assert not die.matches(Action("Learner", "conquer", region="r16"))


@pytest.mark.parametrize("question_id", sorted(questions()))
def test_question_answer_is_the_engines_and_the_hand_worked_one(question_id):
    """B-CONQ-2 (costs), B-SCORE-1 (scores), B-COMBO-2/4 (price, tokens), B-END-2 (the tie):
    the answer a page shows is computed by the engine; it must equal the one worked out by hand
    from the rule book (the `answer` in the file) and be one of the choices offered."""
    q = questions()[question_id]
    answer, why = q.solve()
    assert answer == q.answer
    assert q.answer in q.choices and len(set(q.choices)) == len(q.choices) >= 2
    assert why


def test_the_tie_goes_to_the_most_tokens_on_the_board():
    """B-END-2: 11 coins each; ann's 3 Ratmen in decline on the board beat bob's 0."""
    q = questions()["q-tie"]
    assert q.solve()[0] == "ann"
    assert "ann: 11 coins, 3 tokens on the board" in q.solve()[1]


def test_a_question_asked_where_it_cannot_be_answered_is_an_error():
    game = questions()["q-mountain-cost"].position().game()
    with pytest.raises(ValueError, match="not over"):
        solve(game, {"kind": "winner"})
    with pytest.raises(ValueError, match="unknown question kind"):
        solve(game, {"kind": "weather"})


def test_an_answers_reason_is_told_in_french_with_the_engines_terms():
    """B-CONQ-2 in French: the cost's parts as the app names them."""
    q = questions()["q-mountain-cost"]
    assert q.solve("fr") == (3, "base 2 + Montagne 1 (B-CONQ-2)")
    assert questions()["q-tie"].solve("fr")[1].startswith("ann : 11 jetons de victoire, 3 pions sur le plateau")
