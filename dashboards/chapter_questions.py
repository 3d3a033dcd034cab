"""A chapter's questions in JupyterLab: each question a card whose choices are buttons; a tap
is checked against the engine's answer and told right or wrong, with how it is counted.

The same questions as the static site's (swcore/data/lessons.yaml, `swcore.lessons`): the
answer shown is the one the engine computes in the question's position (`Question.solve`),
never the number written in the data, and the words are the site's (`tutorial_pages.HEAD`),
in the notebook's language (`dashboards.i18n`, which the French notebooks switch).
"""

from __future__ import annotations

import panel as pn

from swcore.lessons import Question, of_chapter, say
from swcore.tutorial import RULES_BASE, linked

from . import i18n
from .tutorial_pages import HEAD

STYLE = {"ok": "border-left:4px solid #1b5e20;background:#e8f5e9;padding:4px 8px;",
         "no": "border-left:4px solid #c62828;background:#ffebee;padding:4px 8px;"}


class QuestionCard:
    """One question: its text, one button per choice, and the feedback to the last tap."""

    def __init__(self, question: Question):
        self.question = question
        self.lang = i18n.lang()
        self.answer, self.why = question.solve(self.lang)
        self.buttons = [pn.widgets.Button(label=str(c), height=44, min_width=44, width=None,
                                          margin=(4, 6, 4, 0)) for c in question.choices]
        for button, choice in zip(self.buttons, question.choices, strict=True):
            button.on_click(lambda _event, choice=choice: self.choose(choice))
        self.feedback = pn.pane.HTML("", visible=False, sizing_mode="stretch_width")
        self.right: bool | None = None

    def choose(self, choice: object) -> bool:
        """Answer with `choice` (what a tap on its button does): whether it is right."""
        self.right = str(choice) == str(self.answer)
        for button, c in zip(self.buttons, self.question.choices, strict=True):
            button.button_type = ("success" if self.right else "danger") if c == choice \
                else "default"
        verdict = say(HEAD["ok"], self.lang) if self.right else \
            say(HEAD["no"], self.lang).format(answer=self.answer)
        self.feedback.object = (f"<div style='{STYLE['ok' if self.right else 'no']}'>"
                                f"<b>{verdict}</b> {say(HEAD['why'], self.lang)} "
                                f"{linked(self.why, RULES_BASE[self.lang])}</div>")
        self.feedback.visible = True
        return self.right

    def panel(self) -> pn.Column:
        return pn.Column(pn.pane.Markdown(say(self.question.text, self.lang)),
                         pn.Row(*self.buttons), self.feedback, sizing_mode="stretch_width",
                         styles={"border": "1px solid #ccc", "border-radius": "10px"})


def questions(chapter: str) -> pn.Column:
    """The questions of a chapter ("02", "03b"...) under a heading, ready to answer."""
    cards = [QuestionCard(q) for q in of_chapter(chapter)[1]]
    lang = i18n.lang()
    return pn.Column(pn.pane.Markdown(f"## {say(HEAD['questions'], lang)}"),
                     *[c.panel() for c in cards], sizing_mode="stretch_width")
