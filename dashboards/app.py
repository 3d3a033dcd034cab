"""The table-side assistant: `panel serve dashboards/app.py` (see docs/app.md).

A tablet beside the physical board mirrors the game: the lobby lists the games on this server,
a join code opens one, the turn screen records what the table does and the engine checks it.
Games live in the database `$SW_DATABASE_URL` (default: the SQLite file data/smallworld.sqlite
under the repository); a demo game is created on first start.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `panel serve dashboards/app.py` from anywhere
    sys.path.insert(0, str(ROOT))

import panel as pn  # noqa: E402
import param  # noqa: E402
from sqlalchemy.exc import SQLAlchemyError  # noqa: E402

from dashboards import nodelay  # noqa: E402
from dashboards.lobby import TUTORIAL_URL, Lobby  # noqa: E402
from dashboards.newgame import NewGameForm  # noqa: E402
from dashboards.session import AccessDenied, TableSession, create_game  # noqa: E402
from dashboards.store import Store, get_store  # noqa: E402
from dashboards.turn import PAGE_CSS, TurnScreen, esc, html  # noqa: E402

TITLE = "Small World · table assistant"
DEMO_TABLE = "Demo"
DEMO_PLAYERS = ["Ann", "Bob", "Cleo"]
#: The header's link to the rules tutorial (served beside the app by `make serve`); on a phone
#: it reads "Rules (tutorial)" so that it fits beside the title (its name stays the same).
HEADER_LINK = (f'<a class="sw-rules" href="{TUTORIAL_URL}" target="_blank" rel="noopener" '
               'aria-label="Learn the rules (tutorial)"><span class="wide">Learn the rules '
               '</span><span class="narrow">Rules </span>(tutorial)</a>')
HEADER_CSS = """
a.sw-rules { color:#fff; font-size:16px; font-weight:600; text-decoration:none;
             white-space:nowrap; border:1px solid rgba(255,255,255,.8); border-radius:16px;
             padding:5px 12px; }
a.sw-rules:hover, a.sw-rules:focus { background:rgba(255,255,255,.18); }
.narrow { display:none; }
@media (max-width: 700px) {
  a.sw-rules { font-size:14px; padding:3px 9px; }
  .wide { display:none; }
  .narrow { display:inline; }
}
"""


def ensure_demo(store: Store) -> int:
    """The demo game (3 players, shuffled column), created the first time a server starts."""
    found = store.demo_id()
    if found is not None:
        return found
    try:
        game_id, _ = create_game(store, DEMO_TABLE, DEMO_PLAYERS, seed=2026, demo=True)
        return game_id
    except Exception:  # another process created it at the same moment (unique demo key)
        found = store.demo_id()
        if found is None:
            raise
        return found


class TableApp(pn.viewable.Viewer):
    """Routes between the lobby, the new-game form and the turn screen of one device."""

    page = param.Selector(default="lobby", objects=["lobby", "new", "created", "game"])

    def __init__(self, store: Store, **params: Any):
        super().__init__(**params)
        self.store = store
        self.screen: TurnScreen | None = None
        self.lobby = Lobby(store, on_open=self.open_session, on_new=self.new_game)
        self._main = pn.Column(self.lobby, sizing_mode="stretch_width")
        self._template: Any = None

    # --- navigation ----------------------------------------------------------------------
    def new_game(self) -> None:
        form = NewGameForm(self.store, on_created=self.created, on_cancel=self.to_lobby)
        self._main[:] = [form]
        self.page = "new"

    def created(self, game_id: int, code: str) -> None:
        name = self.store.game(game_id).table_name
        open_it = pn.widgets.Button(label="Open the game", color="primary", height=56,
                                    width=220)
        open_it.on_click(lambda e: self._open_new(game_id, code))
        self._main[:] = [pn.Column(
            html(f"<h2>Table “{esc(name)}” is ready</h2><p>Join code (other devices need it to "
                 f"open this game; write it down):</p><p style='font-size:44px;font-weight:800;"
                 f"letter-spacing:6px;margin:8px 0' class='sw-code'>{esc(code)}</p>"),
            open_it, sizing_mode="stretch_width", max_width=900)]
        self.page = "created"

    def _open_new(self, game_id: int, code: str) -> None:
        try:
            self.open_session(TableSession.open(self.store, game_id, code))
        except AccessDenied:  # pragma: no cover - the code was just made
            self.to_lobby()

    def open_session(self, session: TableSession) -> None:
        if self.screen is not None:
            self.screen.stop()
        self.screen = TurnScreen(session, on_leave=self.to_lobby)
        self._main[:] = [self.screen]
        self.screen.start_polling()
        self.page = "game"

    def to_lobby(self) -> None:
        if self.screen is not None:
            self.screen.stop()
            self.screen = None
        self.lobby.refresh()
        self._main[:] = [self.lobby]
        self.page = "lobby"

    def __panel__(self) -> pn.viewable.Viewable:
        if self._template is None:
            # No busy indicator: Panel's busy state is one per server process, so every click
            # at any table would make every open page's spinner turn (two updates sent to every
            # page per click).
            self._template = pn.template.FastListTemplate(
                title=TITLE, main=[self._main], header_background="#1b5e20",
                accent_base_color="#1b5e20", main_layout=None, theme_toggle=False,
                main_max_width="1500px", raw_css=[PAGE_CSS], busy_indicator=None,
                # Without it a phone lays the page out 980 px wide and shrinks it: tiny targets.
                meta_viewport="width=device-width, initial-scale=1",
                header=[pn.pane.HTML(HEADER_LINK, stylesheets=[HEADER_CSS])])
        return self._template


def app(url: str | None = None) -> TableApp:
    store = get_store(url)
    try:
        ensure_demo(store)
    except SQLAlchemyError:  # the database is away: the lobby says so and can be refreshed
        pass
    return TableApp(store)


pn.extension(notifications=False)
nodelay.install()  # before the first page's websocket opens (see dashboards/nodelay.py)

if pn.state.served:
    app().servable(title=TITLE)
