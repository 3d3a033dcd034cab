"""The chapters' questions in JupyterLab (dashboards/chapter_questions.py): a tap on a choice is
checked against the engine's answer and told right or wrong with how it is counted, in the
notebook's language; every chapter notebook (English and French) offers its questions."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from dashboards import i18n
from dashboards.chapter_questions import QuestionCard, questions
from swcore.lessons import of_chapter
from swcore.lessons import questions as all_questions

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_a_wrong_then_a_right_tap_on_the_mountain_question_B_CONQ_2():
    """q-mountain-cost: an empty mountain next to ann's Ratmen costs 2 + 1 for the mountain
    = 3 (B-CONQ-2). A tap on 2 is wrong and says the answer; a tap on 3 is right."""
    card = QuestionCard(all_questions()["q-mountain-cost"])
    assert [b.label for b in card.buttons] == ["2", "3", "4", "5"]
    assert not card.feedback.visible
    card.buttons[0].clicks += 1  # what a tap does
    assert card.right is False and card.feedback.visible
    assert "Not quite: the answer is 3." in card.feedback.object
    assert card.buttons[0].button_type == "danger"
    card.buttons[1].clicks += 1
    assert card.right is True
    assert "Right." in card.feedback.object and "Not quite" not in card.feedback.object
    assert "base 2 + mountain 1" in card.feedback.object
    assert 'href="../docs/rules/base-game.md#B-CONQ-2"' in card.feedback.object
    assert [b.button_type for b in card.buttons] == ["default", "success", "default", "default"]


def test_the_tie_question_in_french_B_END_2(french):
    """q-tie: equal coins, ann has 3 tokens on the board and bob none: ann wins (B-END-2).
    In French, the question, the verdict and the count are French."""
    card = QuestionCard(all_questions()["q-tie"])
    assert card.choose("bob") is False
    assert "Pas tout à fait : la réponse est ann." in card.feedback.object
    assert card.choose("ann") is True
    assert "Bonne réponse." in card.feedback.object and "jetons de victoire" in card.feedback.object
    assert "../../docs/rules/base-game.md#B-END-2" in card.feedback.object
    assert "Qui gagne cette égalité" in card.panel()[0].object


def test_a_chapter_lists_its_questions_under_a_heading():
    column = questions("02")
    assert column[0].object == "## Questions"
    assert len(column) == 1 + len(of_chapter("02")[1])


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("[01]*.ipynb"))
                         + sorted(NOTEBOOKS.glob("fr/[01]*.ipynb")), ids=lambda p: p.stem)
def test_every_chapter_with_questions_offers_them_in_the_notebook(path):
    """A kernel-only cell (the static site has its own questions) before the recap."""
    chapter = path.stem.split("-", 1)[0]
    if not of_chapter(chapter)[1]:
        pytest.skip("no question in this chapter")
    nb = nbformat.read(path, as_version=4)
    cell = nb.cells[-2]
    assert cell.cell_type == "code" and f'questions("{chapter}")' in cell.source
    assert cell.metadata.get("tags") == ["kernel-only"]
