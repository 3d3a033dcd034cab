"""The lobby: the games on this server by table name; open one with its join code, or open
any game, listed or not, by its code alone ("Open by code").

Nothing but the public table name and creation date is shown before the code is given (the demo
game's code is public and shown). A wrong code, like an unknown game, gets the one answer
"Wrong table or join code."
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import panel as pn
import param
from sqlalchemy.exc import SQLAlchemyError

from .film import film_link
from .i18n import _, when
from .session import AWAY, AccessDenied, TableSession, denied_text
from .store import Store
from .turn import alert_pane, show

#: `make serve` renders the tutorial notebooks here and serves them under /tutorial/.
TUTORIAL_DIR = Path(__file__).resolve().parents[1] / "data" / "tutorial"
TUTORIAL_URL = "/tutorial/index.html"


def tutorial_url(page: str = "index.html") -> str:
    """A tutorial page in the current page's language: the French copy (/tutorial/fr/, see
    scripts/tutorial_locale.py) when the page speaks French and that chapter is translated."""
    from .i18n import lang

    if lang() == "fr" and (page == "index.html" or (TUTORIAL_DIR / "fr" / page).is_file()):
        page = f"fr/{page}"
    return TUTORIAL_URL.replace("index.html", page)


#: The learner's practice game (dashboards/first-game.py, served beside the app).
FIRST_GAME_URL = "/first-game"


#: The tutorial link drawn as a button (it stays a link: it opens in a new tab).
LINK_CSS = """
a.sw-rules { display:inline-flex; align-items:center; min-height:44px; box-sizing:border-box;
             color:#1b5e20; border:2px solid #1b5e20; border-radius:20px;
             padding:6px 16px; font-size:17px; font-weight:600; text-decoration:none; }
a.sw-rules:hover, a.sw-rules:focus { background:#e8f5e9; }
.sw-note { color:#555; font-size:14px; }
.sw-tab { display:inline-block; margin-left:4px; }
"""


def tutorial_link() -> str:
    """The link to the rules tutorial, and how to render it when it has not been rendered."""
    learn, new_tab = _("Learn the rules (tutorial)"), _("opens in a new tab")
    first, bot = _("Play your first game"), _("against a bot, explained as you go")
    link = (f'<a class="sw-rules" href="{tutorial_url()}" target="_blank" rel="noopener">'
            f"{learn}</a> <span class='sw-note sw-tab'>{new_tab}</span>"
            f' <a class="sw-rules" href="{FIRST_GAME_URL}">{first}</a>'
            f" <span class='sw-note sw-tab'>{bot}</span>")
    if (TUTORIAL_DIR / "index.html").is_file():
        return f"<p>{link}</p>"
    return (f"<p>{link}</p><p class='sw-note'>"
            + _("The tutorial is not rendered on this server yet: <code>make serve</code> "
                "renders it in the background (a few minutes; then reload this page), or run "
                "<code>python scripts/render_tutorial.py</code>.") + "</p>")

MAX_LISTED = 60
#: The newest games listed at first, then as many more at each "More tables": a device opening
#: a table built a button for each of 60 listed games (0.6 s of the server's CPU on a server
#: holding 100 tables). A game not listed opens by its code as well.
PAGE = 10
BIG = {"height": 50, "stylesheets": [":host .bk-btn { font-size: 17px; }"]}


class Lobby(pn.viewable.Viewer):
    """`on_open(session)` is called with the opened `TableSession`; `on_new()` for a new game."""

    chosen = param.Integer(default=0, doc="game id whose join code is being asked (0 = none)")
    message = param.String(default="", doc="the last refusal")

    def __init__(self, store: Store, on_open: Callable[[TableSession], Any] | None = None,
                 on_new: Callable[[], Any] | None = None, device: str = "", listed: int = PAGE,
                 **params: Any):
        """`listed`: how many games the list shows (a lobby built again keeps "More tables")."""
        super().__init__(**params)
        self.store = store
        self.device = device  # this page, for the limits on wrong codes
        self.on_open = on_open
        self.on_new = on_new
        self._names: dict[int, str] = {}
        self._listed = listed  # how many games (besides the demo) the list shows
        self._list = pn.Column(sizing_mode="stretch_width")
        self._more = pn.widgets.Button(label="", sizing_mode="stretch_width", **BIG)
        self._more.on_click(lambda e: self.list_more())
        self._code = pn.widgets.TextInput(label=_("Join code"), placeholder=_("e.g. K7QX2M"), max_length=20,
                                          sizing_mode="stretch_width",
                                          stylesheets=[":host input { font-size: 20px; height: 46px; "
                                                       "text-transform: uppercase; }"])
        self._title = pn.pane.HTML("", sizing_mode="stretch_width")
        go = pn.widgets.Button(label=_("Open"), color="primary", width=140, **BIG)
        go.on_click(lambda e: self.open_chosen())
        self._code.param.watch(lambda e: self.open_chosen(), "enter_pressed")
        back = pn.widgets.Button(label=_("Cancel"), width=140, **BIG)
        back.on_click(lambda e: self.choose(0))
        self._error = alert_pane("danger")
        self._status = alert_pane("warning")  # the list could not be read
        self._ask = pn.Column(self._title, self._code, pn.Row(go, back), self._error,
                              visible=False, sizing_mode="stretch_width",
                              styles={"background": "#f3f6fa", "border-radius": "8px",
                                      "padding": "8px"})
        self._any_code = pn.widgets.TextInput(
            placeholder=_("Join code of any game"), max_length=20, sizing_mode="stretch_width",
            stylesheets=[":host input { font-size: 20px; height: 46px; "
                         "text-transform: uppercase; }",
                         # beside its button, or alone on its row on a phone (not cut)
                         ":host { flex: 1 1 240px !important; width: auto !important; }"])
        by_code = pn.widgets.Button(label=_("Open by code"), color="primary", width=170, **BIG)
        by_code.on_click(lambda e: self.open_by_code())
        self._any_code.param.watch(lambda e: self.open_by_code(), "enter_pressed")
        self._any_error = alert_pane("danger")
        self._by_code = pn.Column(
            pn.pane.HTML("<div style='font-size:16px'>"
                         + _("A game not in the list (or any game): type its join code.")
                         + "</div>"),
            pn.FlexBox(self._any_code, by_code, flex_wrap="wrap", align_items="center",
                       sizing_mode="stretch_width"), self._any_error,
            sizing_mode="stretch_width")
        new = pn.widgets.Button(label=_("New game"), color="success", sizing_mode="stretch_width",
                                **BIG)
        new.on_click(lambda e: self.on_new and self.on_new())
        refresh = pn.widgets.Button(label=_("Refresh the list"), sizing_mode="stretch_width", **BIG)
        refresh.on_click(lambda e: self.refresh())
        self._layout = pn.Column(
            pn.pane.HTML("<h2>" + _("Tables on this server") + "</h2><p>"
                         + _("Tap your table, then type its join code. Each game has its own "
                             "code, shown when it was created.") + "</p>"
                         + tutorial_link(), stylesheets=[LINK_CSS]),
            pn.Row(new, refresh, sizing_mode="stretch_width", max_width=420),
            self._by_code,
            self._ask,
            self._status,
            self._list,
            sizing_mode="stretch_width", max_width=900,
        )
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def refresh(self) -> None:
        try:
            games = self.store.list_games()
        except SQLAlchemyError:  # keep the list shown; "Refresh the list" tries again
            self._status.object = escape(_(AWAY))
            show(self._status)
            return
        show(self._status, False)
        demo = [g for g in games if g.public_code]
        rest = [g for g in games if not g.public_code][:MAX_LISTED]
        unlisted = len(rest) - self._listed
        rest = rest[:self._listed]
        rows = []
        self._names = {}
        for g in demo + rest:
            self._names[g.id] = g.table_name
            created = when(g.created_at)
            extra = (" · " + _("Demo game: join code {code}").format(
                code=f"<b class='sw-democode'>{escape(g.public_code)}</b>")
                if g.public_code else "")
            button = pn.widgets.Button(label=g.table_name, height=54, sizing_mode="stretch_width",
                                       stylesheets=[":host .bk-btn { font-size: 19px; "
                                                    "font-weight: 600; text-align: left; }"])
            button.on_click(lambda e, gid=g.id: self.choose(gid))
            note = pn.pane.HTML("<div style='color:#555;font-size:14px;margin:-4px 0 6px 4px'>"
                                + _("created {date}").format(date=escape(created))
                                + f"{extra}</div>", sizing_mode="stretch_width")
            rows.append(pn.Column(button, note, sizing_mode="stretch_width"))
        if not rows:
            rows = [pn.pane.HTML("<p>" + _("No games yet: start one with <b>New game</b>.")
                                 + "</p>")]
        if unlisted > 0:
            self._more.label = _("More tables (not listed: {count})").format(count=unlisted)
            rows.append(self._more)
        self._list[:] = rows

    def list_more(self) -> None:
        """List the next `PAGE` games."""
        self._listed += PAGE
        self.refresh()

    def _say(self, text: str) -> None:
        """Show a refusal ('' hides it); the text is escaped."""
        self.message = text
        self._error.object = escape(text)
        show(self._error, bool(text))

    def choose(self, game_id: int) -> None:
        self.chosen = game_id
        show(self._error, False)
        self._code.value = ""
        self._ask.visible = bool(game_id)
        if game_id:
            name = self._names.get(game_id, "")
            self._title.object = ("<h3>" + _("Open table “{name}”").format(name=escape(name))
                                  + "</h3>" + film_link(game_id))

    def open_chosen(self, code: str | None = None) -> TableSession | None:
        code = self._code.value if code is None else code
        try:
            session = TableSession.open(self.store, self.chosen, code, self.device)
        except AccessDenied as err:
            self._say(denied_text(err))
            return None
        except SQLAlchemyError:
            self._say(_(AWAY))
            return None
        self.message = ""
        self.choose(0)
        if self.on_open:
            self.on_open(session)
        return session

    def open_by_code(self, code: str | None = None) -> TableSession | None:
        """Open whichever game the code opens, listed or not."""
        code = self._any_code.value if code is None else code
        try:
            session = TableSession.open_by_code(self.store, code, self.device)
        except (AccessDenied, SQLAlchemyError) as err:
            text = denied_text(err) if isinstance(err, AccessDenied) else _(AWAY)
            self._any_error.object = escape(text)
            show(self._any_error)
            self.message = text
            return None
        show(self._any_error, False)
        self._any_code.value = ""
        self.message = ""
        if self.on_open:
            self.on_open(session)
        return session
