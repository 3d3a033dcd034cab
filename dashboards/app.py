"""The table-side assistant: `panel serve dashboards/app.py` (see docs/app.md).

A tablet beside the physical board mirrors the game: the lobby lists the games on this server,
a join code opens one, the turn screen records what the table does and the engine checks it.
Games live in the database `$SW_DATABASE_URL` (default: the SQLite file data/smallworld.sqlite
under the repository); a demo game is created on first start.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

# Model ids unique across server processes (uuids, not a counter from p1000): a page reconnected
# to a restarted server receives a new document whose ids would otherwise collide with the ids
# it still holds, and BokehJS would keep the old views (connection.py).
os.environ.setdefault("BOKEH_SIMPLE_IDS", "no")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `panel serve dashboards/app.py` from anywhere
    sys.path.insert(0, str(ROOT))

import panel as pn  # noqa: E402
import param  # noqa: E402
from sqlalchemy.exc import SQLAlchemyError  # noqa: E402

from dashboards import alive, collector, i18n, nodelay  # noqa: E402
from dashboards.connection import ConnectionLight  # noqa: E402
from dashboards.i18n import N_, _  # noqa: E402
from dashboards.lobby import PAGE, Lobby, tutorial_url  # noqa: E402
from dashboards.local import keep_local, local_page  # noqa: E402
from dashboards.modules_panel import ModulesPanel  # noqa: E402
from dashboards.newgame import NewGameForm  # noqa: E402
from dashboards.scoresheet import SheetScreen  # noqa: E402
from dashboards.session import AccessDenied, TableSession, create_game  # noqa: E402
from dashboards.store import Store, get_store, normalise_code  # noqa: E402
from dashboards.turn import PAGE_CSS, TurnScreen, esc, html  # noqa: E402

TITLE = N_("Small World · table assistant")
DEMO_TABLE = "Demo"
DEMO_PLAYERS = ["Ann", "Bob", "Cleo"]
#: The header's link to the rules tutorial (served beside the app by `make serve`); on a phone
#: it reads "Rules" so that every control fits on one row (its name stays the same).
def header_link() -> str:
    """The header's link to the tutorial, in the page's language."""
    aria, wide = _("Learn the rules (tutorial)"), _("Learn the rules")
    narrow, tutorial = _("Rules"), _("(tutorial)")
    return (f'<a class="sw-rules" href="{tutorial_url()}" target="_blank" rel="noopener" '
            f'aria-label="{aria}"><span class="wide">{wide} </span><span class="narrow">'
            f'{narrow}</span><span class="wide wider">{tutorial}</span></a>')
#: Page-level style of the template: its title is a link to the lobby, a target of at least
#: 44 px too. On a phone the header's 44 px targets do not fit beside the title: the header
#: takes two tight rows (the title, then every control: about 100 px instead of 170 in three
#: rows) and the main area takes the rest of the screen, so that the turn screen's fixed bar
#: stays on it.
TEMPLATE_CSS = """
.app-header a.title { min-height:44px; display:inline-flex; align-items:center; }
@media (max-width: 700px) {
  #header { height:auto !important; flex-wrap:wrap; padding:4px 8px !important; row-gap:2px; }
  #header-items { flex:1 1 100%; padding-left:0; }
  #container { height:100vh; height:100dvh; }
  #main { height:auto !important; flex:1 1 0; min-height:0; }
}
"""
HEADER_CSS = """
a.sw-rules { color:#fff; font-size:16px; font-weight:600; text-decoration:none;
             white-space:nowrap; border:1px solid rgba(255,255,255,.8); border-radius:16px;
             padding:5px 12px; min-height:44px; box-sizing:border-box; display:inline-flex;
             align-items:center; column-gap:.3em; }
a.sw-rules:hover, a.sw-rules:focus { background:rgba(255,255,255,.18); }
.sw-codebox { background:#fff8e1; border:2px solid #5c3c00; border-radius:10px;
              padding:6px 14px; color:#222; }
.narrow { display:none; }
/* A tablet: "(tutorial)" left out, so that the header keeps one row when the light reads
   "Offline: retrying". */
@media (max-width: 1200px) { .wider { display:none; } }
@media (max-width: 700px) {
  a.sw-rules { font-size:14px; padding:3px 10px; }
  .wide { display:none; }
  .narrow { display:inline; }
}
"""

#: The header's "Join code" button: white like the language switch's chosen language; narrower
#: on a phone, where every control of the header shares one row.
CODE_BUTTON_CSS = """
:host .bk-btn { font-size:16px; font-weight:700; background:#fff; color:#1b5e20;
                border-radius:16px; }
@media (max-width: 700px) { :host .bk-btn { font-size:14px; padding:0 10px; } }
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
    """Routes between the lobby, the new-game form and the turn screen of one device. The URL
    names the open game (`?game=ID&code=CODE`), so a reload, another device given the link, or
    a page reconnected to a restarted server reopens the same game."""

    page = param.Selector(default="lobby", objects=["lobby", "new", "created", "game", "boards"])

    def __init__(self, store: Store, **params: Any):
        super().__init__(**params)
        # The page's language: `?lang=` in the URL, else this device's cookie (i18n.py).
        i18n.set_language(i18n.choose(pn.state.session_args if pn.state.curdoc else {},
                                      pn.state.cookies if pn.state.curdoc else {}))
        self.store = store
        self.device = secrets.token_hex(8)  # this page: the unit of the guessing limits
        self.screen: TurnScreen | SheetScreen | None = None
        self.modules: ModulesPanel | None = None
        self._lobby: Lobby | None = None
        self._listed = PAGE  # how many games the lobby lists (kept while a game is open)
        self._main = pn.Column(self.lobby, sizing_mode="stretch_width")
        self._template: Any = None
        self.light = ConnectionLight(margin=0)  # the header's gap spaces its items
        self.light.param.watch(self._live, "live")
        self.code_button = pn.widgets.Button(label=_("Join code"), height=44, visible=False,
                                             margin=0, stylesheets=[CODE_BUTTON_CSS])
        self.code_button.on_click(lambda e: self.toggle_code())
        self.code_box = pn.pane.HTML("", visible=False, sizing_mode="stretch_width")
        self._opened: tuple[int, str] | None = None
        self._want = ("", "")  # the card and the confirmation a reloaded address names
        self._board: int | None = None  # the board open in the board editor
        self.open_from_url(pn.state.session_args if pn.state.curdoc else {})
        self.light.param.watch(self._url_changed, "search")

    @property
    def lobby(self) -> Lobby:
        """The lobby, built when shown or used: a page with a game open drops it (its objects,
        about 0.7 MB, lived as long as the table: issue 23, BENCHMARKS.md)."""
        if self._lobby is None:
            self._lobby = Lobby(self.store, on_open=self.open_session, on_new=self.new_game,
                                device=self.device, listed=self._listed)
        return self._lobby

    # --- the game's URL ------------------------------------------------------------------
    def open_from_url(self, args: dict[str, Any]) -> bool:
        """Open the game named by URL arguments `game` and `code` (bytes, as Bokeh gives them,
        or text); a wrong or missing code leaves the lobby with its message."""
        def arg(name: str) -> str:
            v = args.get(name) or [""]
            v = v[0] if isinstance(v, list) else v
            return v.decode(errors="replace") if isinstance(v, bytes) else str(v)
        game, code = arg("game"), arg("code")
        if not (game or code) and arg("page") == "new" and self.page == "lobby":
            self.new_game()  # the form's own address (a language switch reloads it)
            return False
        if not (game or code) and arg("page") == "boards" and self.page == "lobby":
            board = arg("board")  # the board editor, reopened on the board being edited
            self.edit_boards(int(board) if board.isdigit() and len(board) < 10 else None)
            return False
        if not (game and code) or (self._opened == (int(game) if game.isdigit() else 0,
                                                    normalise_code(code))):
            return False
        self.lobby.choose(int(game) if game.isdigit() and len(game) < 10 else 0)
        self.lobby._ask.visible = True  # a refusal is shown where the code is asked
        self._want = (arg("region"), arg("asking"))  # what was open (a page reloaded)
        opened = self.lobby.open_chosen(code) is not None
        self._want = ("", "")
        return opened

    def _url_changed(self, event: Any) -> None:
        from urllib.parse import parse_qs

        if self.page in ("lobby", "game"):
            self.open_from_url(parse_qs(str(event.new).lstrip("?")))

    def game_url(self, view: bool = False) -> str:
        """The game's address; `view`: with the region whose card is open, so that a page
        reloaded after a server restart shows it again (connection.py)."""
        if self._opened is None:
            return ""
        gid, code = self._opened
        args: dict[str, Any] = {"game": gid, "code": code}
        if view and getattr(self.screen, "selected", ""):
            args["region"] = self.screen.selected
        if view and getattr(self.screen, "asking", ""):
            args["asking"] = self.screen.asking
        return "?" + urlencode(args)

    def _set_url(self, *_: Any) -> None:
        """The address names the open game and its open card, or the new-game form."""
        loc = pn.state.location
        want = self.game_url(view=True) or ("?page=new" if self.page == "new" else "") or (
            "?" + urlencode({"page": "boards", **({"board": self._board} if self._board else {})})
            if self.page == "boards" else "")
        if loc is not None and loc.search != want:
            loc.search = want

    def _live(self, event: Any) -> None:
        if self.screen is not None:  # either screen's buttons tap through a `TapChannel`
            self.screen._taps.live = bool(event.new)

    # --- navigation ----------------------------------------------------------------------
    def new_game(self) -> None:
        form = NewGameForm(self.store, on_created=self.created, on_cancel=self.to_lobby,
                           device=self.device)
        self._main[:] = [form]
        self.page = "new"
        self._set_url()

    def edit_boards(self, board_id: int | None = None) -> None:
        """The board editor (dashboards/board_editor.py); the address names the board."""
        from dashboards.board_editor import BoardEditor

        def saved(bid: int) -> None:
            if self._board != bid:
                self._board = bid
                self._set_url()
        self._board = board_id
        self._main[:] = [BoardEditor(self.store, board_id, on_leave=self.to_lobby,
                                     on_saved=saved)]
        self.page = "boards"
        self._set_url()

    def created(self, game_id: int, code: str) -> None:
        name = self.store.game(game_id).table_name
        open_it = pn.widgets.Button(label=_("Open the game"), color="primary", height=56,
                                    width=220)
        open_it.on_click(lambda e: self._open_new(game_id, code))
        self._main[:] = [pn.Column(
            html("<h2>" + _("Table “{name}” is ready").format(name=esc(name)) + "</h2><p>"
                 + _("Join code (other devices need it to open this game; any device in the "
                     "game shows it again with <b>Join code</b>):")
                 + f"</p><p style='font-size:44px;font-weight:800;"
                 f"letter-spacing:6px;margin:8px 0' class='sw-code'>{esc(code)}</p>"),
            open_it, sizing_mode="stretch_width", max_width=900)]
        self.page = "created"
        self._set_url()

    def _open_new(self, game_id: int, code: str) -> None:
        try:
            self.open_session(TableSession.open(self.store, game_id, code, self.device))
        except AccessDenied:  # pragma: no cover - the code was just made
            self.to_lobby()

    def open_session(self, session: TableSession) -> None:
        replaced = self.screen is not None
        if replaced:
            self.screen.stop()
        if self.modules is not None:
            self.modules.stop()
        self._opened = (session.game_id, session.code)
        self.code_box.visible = False
        if session.is_sheet:  # a score-only game: the score sheet, no map (scoresheet.py)
            self.screen = SheetScreen(session, on_leave=self.to_lobby, on_switch=self.created,
                                      device=self.device)
            self._main[:] = [self.code_box, self.screen]
        else:
            self.screen = TurnScreen(session, on_leave=self.to_lobby)
            (region, asking), self._want = self._want, ("", "")
            if region in session.game.board.ids:
                self.screen.selected = region
            if asking:
                self.screen.ask_again(asking)
            self.screen.param.watch(self._set_url, ["selected", "asking"])
            self.modules = ModulesPanel(session)  # the expansions' state, under the turn screen
            self._main[:] = [self.code_box, self.screen, self.modules]
        if self._lobby is not None:  # out of the page now: built again for `to_lobby`
            self._listed, self._lobby = self._lobby._listed, None
        self.screen._taps.live = self.light.live
        self.screen.start_polling()
        self.code_button.visible = True
        self.page = "game"
        self._set_url()
        if replaced:  # the replaced screen's objects are garbage now (collector.py)
            collector.release()
        else:  # this screen's objects live as long as the page
            collector.settle()

    def toggle_code(self) -> None:
        """Show (or hide) the join code and the game's link, for another device."""
        if self.screen is None:
            return
        code = self.screen.session.code
        self.code_box.object = (
            "<div class='sw-codebox'>"
            + _("Join code of “{table}”:").format(table=esc(self.screen.session.table_name))
            + f" <b class='sw-code' style='font-size:30px;letter-spacing:5px'>{esc(code)}</b>"
            + "<div>" + _("or open this page's address on the other device: it names the game "
                          "({address}).").format(address=f"<code>{esc(self.game_url())}</code>")
            + "</div></div>")
        self.code_box.visible = not self.code_box.visible

    def to_lobby(self) -> None:
        if self.screen is not None:
            self.screen.stop()
            self.screen = None
        if self.modules is not None:
            self.modules.stop()
            self.modules = None
        self._opened = None
        self.code_button.visible = False
        if self._lobby is not None:  # a lobby built now reads the list itself
            self._lobby.refresh()
        self._main[:] = [self.lobby]
        self.page = "lobby"
        self._set_url()
        collector.release()  # the game screen's objects are garbage now (collector.py)

    def __panel__(self) -> pn.viewable.Viewable:
        if self._template is None:
            self._template = local_page(
                _(TITLE), [self._main], max_width="1500px", raw_css=[PAGE_CSS, TEMPLATE_CSS],
                header=[pn.FlexBox(self.light, self.code_button,
                                   pn.pane.HTML(header_link(), stylesheets=[HEADER_CSS], margin=0),
                                   pn.pane.HTML(i18n.switch_html(),
                                                stylesheets=[i18n.SWITCH_CSS], margin=0),
                                   flex_wrap="wrap", align_items="center", gap="4px 8px",
                                   styles={"max-width": "100%"})])
        return self._template


def app(url: str | None = None) -> TableApp:
    keep_local()
    alive.session_built()
    store = get_store(url)
    try:
        ensure_demo(store)
    except SQLAlchemyError:  # the database is away: the lobby says so and can be refreshed
        pass
    return TableApp(store)


pn.extension(notifications=False)
# Bokeh's own retries off: the connection light asks /sw-alive first, then reconnects or reloads
# (dashboards/connection.py, dashboards/alive.py).
pn.config.reconnect = False
nodelay.install()  # before the first page's websocket opens (see dashboards/nodelay.py)

if pn.state.served:
    collector.install()
    pn.state.on_session_destroyed(collector.session_ended)
    app().servable(title=_(TITLE))
    collector.settle()
