"""The advisor's panel: "What would a strong player do?" on the turn screen.

Why: in the first game (and the tutorial, which shows the same component) a learner asks what
a strong player would do and reads the planner bot's choice with its reasons and numbers
(`swcore.advisor`), never a bare answer. At a table the same advice is off by default and
switched on per table (a row of `table_advice`, kept in the store's database, so every device
of that table sees the same setting when it opens the game).
"""

from __future__ import annotations

from typing import Any

import panel as pn
import sqlalchemy as sa

from swcore.advisor import advise

from .i18n import _, lang
from .widgets import BIG, esc, html, show

#: Dark green under white text: 7.9:1 (the theme's "success" green reads under 3:1).
ASK_CSS = (":host .bk-btn { background:#1b5e20; color:#ffffff; font-size:17px; font-weight:600; }"
           " :host .bk-btn:hover, :host .bk-btn:focus { background:#2e7d32; }")
table_advice = sa.Table(
    "table_advice", sa.MetaData(),
    sa.Column("game_id", sa.Integer, primary_key=True),
    sa.Column("on", sa.Boolean, nullable=False),
)


def advice_on(store: Any, game_id: int) -> bool:
    table_advice.create(store.engine, checkfirst=True)
    with store.engine.connect() as conn:
        on = conn.execute(sa.select(table_advice.c.on).where(table_advice.c.game_id == game_id)
                          ).scalar()
    return bool(on)


def set_advice(store: Any, game_id: int, on: bool) -> None:
    table_advice.create(store.engine, checkfirst=True)
    with store.engine.begin() as conn:
        conn.execute(sa.delete(table_advice).where(table_advice.c.game_id == game_id))
        conn.execute(sa.insert(table_advice).values(game_id=game_id, on=bool(on)))


class AdvicePanel(pn.viewable.Viewer):
    """The button and the advice shown; at a table, the switch that enables them. A practice
    session (the first game: it has a `learner`) always has the button, for the learner's own
    decisions."""

    def __init__(self, session: Any, **params: Any):
        super().__init__(**params)
        self.session = session
        self.practice = hasattr(session, "learner")
        self.ask = pn.widgets.Button(label=_("What would a strong player do?"), height=BIG,
                                     sizing_mode="stretch_width", css_classes=["sw-advice-ask"],
                                     stylesheets=[ASK_CSS])
        self.ask.on_click(lambda e: self.explain())
        self.card = html("")
        on = True if self.practice else advice_on(session.store, session.game_id)
        self.switch = pn.widgets.Checkbox(label=_("Advice at this table (a strong player's move)"),
                                          value=on, css_classes=["sw-advice-switch"],
                                          sizing_mode="stretch_width")
        self.switch.param.watch(self._switched, "value")
        show(self.switch, not self.practice)
        show(self.ask, on)
        show(self.card, False)
        session.param.watch(lambda e: self.clear(), ["version"])
        self._layout = pn.Column(self.switch, self.ask, self.card, sizing_mode="stretch_width")
        show(self._layout, not session.game.game_over)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _switched(self, event: Any) -> None:
        set_advice(self.session.store, self.session.game_id, bool(event.new))
        show(self.ask, bool(event.new))
        if not event.new:
            self.clear()

    def clear(self) -> None:
        """The game changed: the advice shown was for the position before (none once over)."""
        show(self._layout, not self.session.game.game_over)
        if self.card.object:
            self.card.object = ""
        show(self.card, False)

    def explain(self) -> str:
        """Show the advice for the decision in front of the player to act (the learner's only,
        in practice); returns the HTML shown."""
        g = self.session.game
        if getattr(self.session, "is_sheet", False) or g.game_over:
            text = "<p>" + esc(_("There is no decision to advise on now.")) + "</p>"
        elif self.practice and g.to_act != self.session.learner:
            text = "<p>" + esc(_("The advice is for your own decisions: wait for your turn.")) + "</p>"
        else:
            lines = advise(g).lines(lang())
            items = "".join(f"<li>{esc(line)}</li>" for line in lines[1:])
            text = (f"<div class='sw-card sw-advice' role='status'><b>{esc(lines[0])}</b>"
                    f"<ul style='margin:4px 0 0 0;padding-left:20px'>{items}</ul></div>")
        self.card.object = text
        show(self.card, True)
        return text
