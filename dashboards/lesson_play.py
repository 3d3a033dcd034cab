"""A lesson played on the first game's screen: the scripted first turn and each chapter's
"your move" exercise (swcore/data/lessons.yaml, read by swcore.lessons).

Why a small component over the real screen: the learner's own tap makes every move, through
the same engine and the same buttons as a game; what this adds is one step at a time (its
text above the coach), the button to use outlined, the regions to tap filled on the map, and a
wrong move refused with the step's explanation before it reaches the engine (`check`, the
practice session's gate). The steps are data: nothing here names a race, power or region.
"""

from __future__ import annotations

from typing import Any

import panel as pn

from swcore import Action
from swcore.lessons import Lesson, Step, say

from . import rules_ref
from .i18n import _, lang
from .store import Store
from .widgets import button, esc, html

#: Added to every button of the screen: the one a step expects gets the class `sw-point`.
POINT_CSS = """
:host(.sw-point) .bk-btn { outline: 4px solid #e65100; outline-offset: 2px;
  box-shadow: 0 0 0 8px rgba(230,81,0,.25); }
"""
LESSON_CSS = """
.sw-lesson { border:3px solid #e65100; border-radius:10px; padding:8px 12px; background:#fff3e0;
             color:#222; }
.sw-lesson h3 { margin:2px 0 6px 0; }
.sw-lesson .sw-good { border-left:4px solid #1b5e20; background:#e8f5e9; padding:2px 8px;
                      margin:6px 0; }
.sw-lesson .sw-bad { border-left:4px solid #c62828; background:#ffebee; padding:2px 8px;
                     margin:6px 0; }
a.sw-rule { font-weight:700; color:#1b5e20; }
"""
COLOURS = ["#1565C0", "#C62828", "#2E7D32", "#6A1B9A", "#EF6C00", "#00838F"]


def lesson_session(store: Store, lesson: Lesson, session_class: Any) -> Any:
    """The lesson's position as a stored practice game: its set-up, then the actions already
    played (entered as the bot's, since the learner's gate does not apply to them)."""
    pos = lesson.position()
    players = pos.setup["players"]
    meta = {"colours": dict(zip(players, COLOURS, strict=False)), "column": "shuffled"}
    game_id, code = store.create_game(_("Your first game"), pos.setup, meta)
    session = session_class(store, game_id, learner=lesson.learner)
    session.code = code
    for action in pos.log:
        if not session.bot_act(Action.from_dict(action)):
            raise ValueError(f"lesson {lesson.id}: {action} refused: {session.error}")
    return session


class LessonScript:
    """The steps of one lesson over a `FirstGame`: `check` is the session's gate, `box` the
    panel shown above the coach, `targets()` what the map fills, `point()` outlines buttons."""

    def __init__(self, lesson: Lesson, game: Any, chapter_url: str = ""):
        self.lesson = lesson
        self.fg = game
        self.k = 0
        self.marks: list[int] = []  # the log's length when each step passed (undo steps back)
        self.feedback = ""  # what the last move or tap deserved: right (`good`) or not
        self.good = True
        self._before = 0
        self.chapter_url = chapter_url
        self.pane = html("", sizing_mode="stretch_width", stylesheets=[LESSON_CSS])
        self.next = button(_("Next"), height=44, width=140, color="primary")
        self.next.on_click(lambda e: self.advance())
        self.box = pn.Column(self.pane, self.next, sizing_mode="stretch_width")

    # --- where the lesson stands -------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.k >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.k]

    def advance(self, good: str = "", mark: int | None = None) -> None:
        """To the next step; `mark`: the log's length just after the move that passed it (the
        bot may have played on since, at once in a notebook)."""
        self.marks.append(len(self.fg.game.log) if mark is None else mark)
        self.k += 1
        self.feedback, self.good = good, True
        if self._waited():  # the others may have played already (a notebook plays the bot at once)
            self.advance(good)
            return
        self.update()

    # --- the gate ----------------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        """None lets the learner's action through; otherwise why this step wants another."""
        step = self.step
        self._before = len(self.fg.game.log)
        if step is None or step.matches(action) or action.do in step.allow:
            return None
        if step.expect is None:
            return _("Read this step first, then tap Next.") if step.control == "next" else \
                _("Wait for the other players' turn.")
        return say(step.wrong, lang()) or _("That is not the move this step asks for.")

    def passed(self, action: Action) -> None:
        """The engine took the learner's action: the step is done when it was the one."""
        step = self.step
        if step is not None and step.matches(action):
            self.advance(say(step.right, lang()), self._before + 1)

    def wrong_region(self, rid: str) -> None:
        """A region tapped on the map that this step does not point at."""
        step = self.step
        if step is None or not step.regions or not rid:
            return
        if rid not in step.regions:
            self.feedback = say(step.wrong, lang()) or _("Tap a region filled in on the map.")
            self.good = False
        elif not self.good:
            self.feedback, self.good = "", True
        self.update()

    # --- following the game ------------------------------------------------------------
    def changed(self) -> None:
        """After each change of the game: an undo steps back, the bot's end passes a wait."""
        g = self.fg.game
        while self.marks and len(g.log) < self.marks[-1]:
            self.marks.pop()
            self.k -= 1
            self.feedback, self.good = "", True
        if self._waited():
            self.advance()
            return
        self.update()

    def _waited(self) -> bool:
        """A step that waits for the others: passed once another player has acted since the
        learner's last expected move and it is the learner's to act again."""
        step, g, me = self.step, self.fg.game, self.lesson.learner
        if step is None or step.wait != "bot" or g.to_act != me or g.queue:
            return False
        done = [m for m, s in zip(self.marks, self.lesson.steps, strict=False) if s.expect]
        since = done[-1] if done else 0
        return any(e.get("by") != me for e in g.log[since:])

    def targets(self) -> list[str] | None:
        """The regions to fill on the map (None: the first game's own, every legal target)."""
        step = self.step
        if step is None:
            return None
        return step.regions

    def point(self) -> None:
        """Outline the screen's buttons whose action is the one the step expects."""
        screen = getattr(self.fg, "screen", None)
        if screen is None:
            return
        step = self.step
        for b in screen._taps.buttons:
            if POINT_CSS not in b.stylesheets:
                b.stylesheets = [*b.stylesheets, POINT_CSS]
            what = getattr(b, "sw_action", None)
            action = what[1] if isinstance(what, tuple) and len(what) == 2 else None
            if isinstance(what, tuple) and what[0] == "open":  # a panel's opener: by its word
                grp = screen._groups.get(action)
                on = (step is not None and grp is not None and step.expect is not None
                      and grp.first.do == step.expect.get("do"))
            else:
                on = (step is not None and isinstance(action, Action)
                      and action.by == self.lesson.learner and step.matches(action))
            classes = [c for c in b.css_classes if c != "sw-point"] + (["sw-point"] if on else [])
            if classes != list(b.css_classes):
                b.css_classes = classes

    def update(self) -> None:
        step, n = self.step, len(self.lesson.steps)
        title = say(self.lesson.title, lang())
        fb = self.feedback
        note = ""
        if fb and not self.good:
            note = f"<div class='sw-bad'>{rules_ref.link_ids(fb)}</div>"
        elif fb:
            note = f"<div class='sw-good'><b>{esc(_('Right.'))}</b> {rules_ref.link_ids(fb)}</div>"
        if step is None:
            back = (f" <a href='{esc(self.chapter_url)}'>" + esc(_("Back to the chapter"))
                    + "</a>") if self.chapter_url else ""
            body = ("<p><b>" + esc(_("Done: you made the move.")) + "</b> "
                    + esc(_("Play on against the bot, or tap New game for a fresh game.")) + back
                    + "</p>")
            head = ""
        else:
            head = "<div>" + esc(_("Step {k} of {n}").format(k=self.k + 1, n=n)) + "</div>"
            body = f"<p>{rules_ref.link_ids(say(step.text, lang()))}</p>" + self._shown(step)
        self.pane.object = (f"<div class='sw-lesson' data-step='{self.k}'><h3>{esc(title)}</h3>"
                            f"{head}{note}{body}</div>")
        self.next.visible = step is not None and step.control == "next"
        self.fg._fill_targets()
        self.point()

    def _shown(self, step: Step) -> str:
        """What the engine counted, when the step shows it (the learner's last score)."""
        if step.show != "score":
            return ""
        g = self.fg.game
        lines = g.last_score[g.players.index(self.lesson.learner)] or []
        if not lines:
            return ""
        items = "".join(f"<li>{esc(it['what'])}: {it['coins']} ({rules_ref.link(it['rule'])})</li>"
                        for it in lines)
        total = sum(it["coins"] for it in lines)
        return (f"<ul>{items}</ul><p><b>"
                + esc(_("Scored this turn: {n} coins.").format(n=total)) + "</b></p>")

