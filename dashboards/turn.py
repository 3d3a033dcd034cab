"""The turn screen: whose turn, the turn track, the combo column, the map and what can be done.

Everything the table may do now comes from the engine's `legal_actions()`; every refusal shows
the rule ID and reason of the engine's `RuleError`. The screen never changes the game itself: it
asks its `TableSession`, which stores the action first, and redraws when the session's
`version` moves (its own actions, or another device's, picked up by polling every half second).

Every name typed by a player is escaped before it goes into HTML (`esc`).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, MultiPolygons
from bokeh.plotting import figure
from panel.io.state import set_curdoc

from swcore import CATALOGUE, Action, Game

from .session import TableSession

try:  # the map is written by another module; the screen still works with the region list
    from . import map_style
    from .board_map import BoardMap
except ImportError:  # pragma: no cover
    BoardMap = None  # type: ignore[assignment,misc]
    map_style = None  # type: ignore[assignment]

#: How often a screen looks for other devices' actions (ms); $SW_POLL_MS overrides it.
POLL_MS = int(os.environ.get("SW_POLL_MS", "500"))
#: When set (a file path), every user action appends one JSON line there: how long the server
#: took from the click's callback to the screen's update being queued on the websocket
#: (scripts/bench_app.py reads it).
METRICS = os.environ.get("SW_METRICS", "")
_METRICS_LOCK = threading.Lock()
PEEK_MS = 6000
BIG = 54
DIE = [("blank", 0), ("1", 1), ("2", 2), ("3", 3)]
CSS = """
.sw-chip { display:inline-block; padding:2px 10px; border-radius:14px; color:#fff;
           font-weight:600; white-space:nowrap; max-width:100%; overflow:hidden;
           text-overflow:ellipsis; vertical-align:middle; }
.sw-track { display:inline-flex; gap:4px; flex-wrap:wrap; vertical-align:middle; }
.sw-track span { display:inline-block; min-width:30px; height:30px; line-height:30px;
                 text-align:center; border-radius:6px; background:#e8e8e8; color:#333;
                 font-weight:600; }
.sw-track span.now { background:#1b5e20; color:#fff; }
.sw-track span.past { background:#c8e6c9; }
.sw-top { display:flex; flex-wrap:wrap; gap:8px 20px; align-items:center; font-size:18px; }
.sw-card { border:1px solid #d0d7de; border-radius:10px; padding:8px 12px; background:#fff; }
.sw-card h3 { margin:2px 0 6px 0; font-size:19px; }
.sw-muted { color:#555; }
.sw-table { border-collapse:collapse; width:100%; font-size:16px; }
.sw-table td, .sw-table th { padding:5px 6px; border-bottom:1px solid #e3e3e3; text-align:left; }
.sw-table td.num, .sw-table th.num { text-align:right; }
.sw-log { font-size:14px; color:#333; margin:0; padding-left:18px; }
.sw-big { font-size:26px; font-weight:700; }
"""
#: Page-level style (outside the panes' shadow DOM): a header that fits a phone.
PAGE_CSS = """
@media (max-width: 700px) {
  #header .title { font-size: 1.1em !important; }
  #header { padding-left: 4px !important; }
}
"""


#: The layout wraps (map above, actions below) under about 960 px.
WIDE_ONLY = "@media (max-width: 959px) { :host { display: none !important; } }"
NARROW_ONLY = "@media (min-width: 960px) { :host { display: none !important; } }"


def record(kind: str, game_id: int, ms: float, cpu_ms: float) -> None:
    """One line of `$SW_METRICS` (see scripts/bench_app.py): `ms` is wall-clock time, `cpu_ms`
    the CPU time the server thread spent (the two differ when other processes hold the CPU)."""
    line = json.dumps({"t": round(time.time(), 3), "kind": kind, "game": game_id,
                       "ms": round(ms, 2), "cpu_ms": round(cpu_ms, 2)})
    with _METRICS_LOCK, open(METRICS, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def html(text: str, **kw: Any) -> pn.pane.HTML:
    """An HTML pane carrying the screen's style sheet (panes live in their own shadow DOM).
    (A Bokeh `Div` would cost the server less per change, 0.02 ms against 0.5 ms, but BokehJS
    renders a Div again and lays the page out after each change of its text: measured 3-5 ms
    in the browser per change, against 0.1 ms for a pane.)"""
    kw.setdefault("sizing_mode", "stretch_width")
    kw.setdefault("stylesheets", [CSS])
    return pn.pane.HTML(text, **kw)


class Watcher:
    """One poller per server process and database: every `POLL_MS` it asks the last seq of every
    game open in the process in ONE query, and only the screens whose game moved re-read the log
    (on their own document). A commit made in this process pokes it at once, so the other
    screens of this process follow without waiting; other processes are seen by the polling.
    (A Panel periodic callback per screen would also toggle every page's busy indicator twice a
    poll: measured at 62% of a core for 20 idle screens.)"""

    _all: dict[int, Watcher] = {}

    def __init__(self, store: Any):
        self.store = store
        self.screens: dict[int, TurnScreen] = {}
        self._timer: Any = None
        self._lock = threading.Lock()

    @classmethod
    def of(cls, store: Any) -> Watcher:
        return cls._all.setdefault(id(store), cls(store))

    def add(self, screen: TurnScreen) -> None:
        from tornado.ioloop import IOLoop, PeriodicCallback

        with self._lock:
            self.screens[id(screen)] = screen
            if self._timer is None:
                self._loop = IOLoop.current()
                self._timer = PeriodicCallback(self.tick, POLL_MS)
                self._timer.start()

    def remove(self, screen: TurnScreen) -> None:
        with self._lock:
            self.screens.pop(id(screen), None)
            if not self.screens and self._timer is not None:
                self._timer.stop()
                self._timer = None

    def poke(self, source: TurnScreen) -> None:
        """After `source` stored an action: the other screens of its game in this process follow
        at once (no database query for the others); safe from any thread."""
        if self._timer is not None:
            self._loop.add_callback(self._follow, source)

    def _follow(self, source: TurnScreen) -> None:
        with self._lock:
            screens = [s for s in self.screens.values()
                       if s is not source and s.session.game_id == source.session.game_id]
        for screen in screens:
            screen.schedule_sync()

    def tick(self) -> None:
        with self._lock:
            screens = list(self.screens.values())
        if not screens:
            return
        try:
            seqs = self.store.last_seqs(s.session.game_id for s in screens)
        except Exception:  # the database is away for a moment: try again next tick
            return
        for screen in screens:
            if seqs.get(screen.session.game_id, 0) != screen.session.seq:
                screen.schedule_sync()


ALERT_STYLES = {
    "danger": {"background": "#f8d7da", "color": "#842029", "border": "1px solid #f5c2c7"},
    "warning": {"background": "#fff3cd", "color": "#664d03", "border": "1px solid #ffecb5"},
}


def show(obj: Any, on: bool = True, order: int | None = None) -> None:
    """Show or hide a component with a `display` style, not with `visible`: BokehJS lays the
    whole page out again after every `visible` change (about 20 ms each in the browser, measured
    with scripts/bench_app.py's page), and not after a style change. The page's layout is CSS
    (flex boxes), so a hidden component simply takes no room. `order` sets its CSS order."""
    if isinstance(obj, Stepper):
        obj = obj.layout
    styles = dict(obj.styles or {})
    if on and styles.get("display") == "none":
        styles["display"] = ""  # BokehJS removes an inline style set to ""; a missing key stays
    elif not on:
        styles["display"] = "none"
    if order is not None:  # the place in a flex box (Column, Row, FlexBox)
        styles["order"] = str(order)
    if styles != (obj.styles or {}):
        obj.styles = styles


def relabel(button: Any, label: str, colour: str | None = None) -> None:
    """A pooled button's new text and colour, set only when they change (a Panel parameter set,
    even to the same value, costs about 0.1 ms; a new label about 0.8 ms)."""
    if button.label != label:
        button.label = label
    if colour is not None and button.color != colour:
        button.color = colour


def shown(obj: Any) -> bool:
    """Whether `show` left `obj` displayed (tests)."""
    if isinstance(obj, Stepper):
        obj = obj.layout
    return bool(obj.visible) and (obj.styles or {}).get("display") != "none"


def alert_pane(kind: str = "danger") -> pn.pane.HTML:
    """An alert box for text that may contain players' names: set `.object` to ESCAPED HTML and
    `show` it. (Panel's Alert renders Markdown, which would turn a name like **x** into markup.)"""
    style = {**ALERT_STYLES[kind], "border-radius": "8px", "padding": "4px 12px",
             "font-size": "16px", "display": "none"}
    return pn.pane.HTML("", sizing_mode="stretch_width", styles=style)


def esc(text: Any) -> str:
    """Text for HTML: names typed by players may contain markup; it is shown, never run."""
    return escape(str(text), quote=True)


def name_of(item: str | None) -> str:
    if item is None:
        return "—"
    if item == "lost_tribe":
        return "Lost Tribe"
    entry = CATALOGUE.get(item)
    return entry.english if entry else item


def chip(player: str, colour: str) -> str:
    colour = colour if colour.startswith("#") and len(colour) == 7 else "#555555"
    return f"<span class='sw-chip' style='background:{esc(colour)}'>{esc(player)}</span>"


def track_html(game: Game) -> str:
    cells = []
    for t in range(1, game.turns + 1):
        cls = "now" if t == game.turn and not game.game_over else ("past" if t < game.turn or
                                                                   game.game_over else "")
        cells.append(f"<span class='{cls}'>{t}</span>")
    return f"<span class='sw-track' title='turn track'>{''.join(cells)}</span>"


def header_html(session: TableSession) -> str:
    g = session.game
    who = g.to_act
    if g.game_over:
        status = "<b>Game over</b>"
    elif g.needs_reveal:
        status = f"{chip(who, session.colour(who))} enters the pair revealed in the column"
    elif who != g.current:
        status = (f"{chip(g.current, session.colour(g.current))}'s turn · "
                  f"{chip(who, session.colour(who))} places withdrawn tokens")
    else:
        status = f"To play: {chip(who, session.colour(who))}"
    return (f"<div class='sw-top' data-seq='{session.seq}'><span><b>{esc(session.table_name)}</b></span>"
            f"<span>Turn {g.turn} of {g.turns} {track_html(g)}</span><span>{status}</span></div>")


def region_html(game: Game, rid: str, colours: dict[str, str]) -> str:
    b = game.board
    i = b.region(rid)
    facts = [b.terrain[i]] + [s for s in ("mine", "cavern", "magic") if s in b.symbols[i]]
    if b.water[i]:
        pass
    elif b.entry[i]:
        facts.append("border region")
    held = game.race[i]
    if held == "lost_tribe":
        who = f"Lost Tribe × {game.tokens[i]}"
    elif held:
        owner = game.players[game.owner[i]]
        state = " (in decline)" if game.armies[held].declined else ""
        who = f"{chip(owner, colours.get(owner, '#555555'))} {esc(name_of(held))}{state} × {game.tokens[i]}"
    else:
        who = "nobody"
    marks = [f"{k} × {game.mk[k][i]}" for k in ("lair", "fortress", "encampment", "hole", "hero",
                                                 "dragon") if game.mk[k][i]]
    extra = f"<br>Markers: {esc(', '.join(marks))}" if marks else ""
    return (f"<h3>Region {esc(rid)}</h3><div>{esc(', '.join(facts))}</div>"
            f"<div>Held by: {who}{extra}</div>")


def quote_html(q: Any) -> str:
    """'Cost 5 tokens (2 base + 1 mountain + 3 Lost Tribe − 1 Commando)'."""
    bits = []
    for k, (label, v) in enumerate(q.breakdown):
        sign = "" if k == 0 else ("+ " if v >= 0 else "− ")
        bits.append(f"{sign}{abs(v) if k else v} {esc(label)}")
    return (f"Cost <b>{q.cost}</b> token{'s' if q.cost != 1 else ''} "
            f"<span class='sw-muted'>({' '.join(bits)})</span>")


def score_html(game: Game, colours: dict[str, str], prominent: bool = False) -> str:
    """The breakdown of the last end-of-turn score (`game.last_score[seat]`)."""
    if not game.track:
        return ""
    turn, seat, _total = game.track[-1]  # the total stays hidden (B-SCORE-3)
    items = game.last_score[seat] or []
    player = game.players[seat]
    gained = sum(it["coins"] for it in items)
    rows = "".join(f"<tr><td>{esc(it['what'])}</td><td class='num'>{it['coins']:+d}</td>"
                   f"<td class='sw-muted'>{esc(it['rule'])}</td></tr>" for it in items)
    size = "sw-big" if prominent else ""
    return (f"<div class='sw-card'><h3>{chip(player, colours.get(player, '#555555'))} scored "
            f"<span class='{size}'>+{gained}</span> in turn {turn}</h3>"
            f"<table class='sw-table'>{rows}</table></div>")


WINNER = " <b style='color:#1b5e20'>winner</b>"


def standings_html(game: Game, colours: dict[str, str]) -> str:
    rows = game.standings()
    body = "".join(
        f"<tr><td>{r['rank']}</td><td>{chip(r['player'], colours.get(r['player'], '#555555'))}"
        f"{WINNER if r['winner'] else ''}</td><td class='num'>{r['coins']}</td>"
        f"<td class='num'>{r['tokens_on_board']}</td></tr>" for r in rows)
    winners = game.winners()
    coins = [r["coins"] for r in rows]
    if len(winners) > 1:
        note = ("Tied on coins and on race tokens on the board: a shared victory "
                "(B-END-2, A-BASE-12).")
    elif coins.count(coins[0]) > 1:
        note = (f"Tied on coins: {esc(winners[0])} wins the tie-break with the most race tokens "
                "on the board (B-END-2).")
    else:
        note = "Most coins wins (B-END-1); ties go to the most race tokens on the board (B-END-2)."
    return (f"<div class='sw-card'><h3>Final standings</h3><table class='sw-table'>"
            f"<tr><th>#</th><th>Player</th><th class='num'>Coins</th>"
            f"<th class='num'>Tokens on board</th></tr>{body}</table>"
            f"<p class='sw-muted'>{note}</p></div>")


def coins_figure(game: Game, colours: dict[str, str]) -> Any:
    """Coins of every player after each of their turns (`game.track`), from the start."""
    fig = figure(height=300, sizing_mode="stretch_width", title="Coins after each turn",
                 x_axis_label="turn", y_axis_label="coins", tools="", toolbar_location=None)
    start = game.setup["coins"]
    for seat, p in enumerate(game.players):
        xs = [0] + [t for t, s, _ in game.track if s == seat]
        ys = [start[p]] + [c for _, s, c in game.track if s == seat]
        colour = colours.get(p, "#555555")
        fig.line(xs, ys, line_width=3, color=colour, legend_label=p)
        fig.scatter(xs, ys, size=7, color=colour)
    fig.legend.location = "top_left"
    fig.xaxis.ticker = list(range(0, game.turns + 1))
    return fig


def legend_html(game: Game, colours: dict[str, str]) -> str:
    """The map's key as HTML under the map (it wraps on a narrow screen)."""
    if map_style is None:
        return ""
    present = set(game.board.terrain)
    terrain = "".join(
        f"<span style='white-space:nowrap'><span style='display:inline-block;width:14px;"
        f"height:14px;border:1px solid #555;background:{c};vertical-align:-2px'></span> {t}</span> "
        for t, c in map_style.TERRAIN_COLORS.items() if t in present)
    players = " ".join(chip(p, colours.get(p, "#555555")) for p in game.players)
    note = " · ".join(part.strip() for part in map_style.LEGEND_NOTE.split("   ") if part.strip())
    return (f"<div style='font-size:13px;line-height:1.8'>{terrain} {players}<br>"
            f"<span class='sw-muted'>{esc(note)}</span></div>")


def action_label(entry: dict[str, Any]) -> str:
    return str(Action.from_dict(entry))


class Stepper(pn.viewable.Viewer):
    """A number with big − and + buttons (no hover, no tiny spinner arrows). `set` reuses it
    for another region (the turn screen keeps a pool of them)."""

    value = param.Integer(default=0)

    def __init__(self, label: str, value: int, low: int, high: int, **params: Any):
        super().__init__(value=value, **params)
        self.low, self.high = low, high
        minus = pn.widgets.Button(label="−", width=BIG, height=BIG,
                                  stylesheets=[":host .bk-btn { font-size: 24px; }"])
        plus = pn.widgets.Button(label="+", width=BIG, height=BIG,
                                 stylesheets=[":host .bk-btn { font-size: 24px; }"])
        minus.on_click(lambda e: self._step(-1))
        plus.on_click(lambda e: self._step(+1))
        self._shown = html(self._text(), width=50, sizing_mode="fixed",
                           styles={"font-size": "24px", "text-align": "center"})
        self._label = html(label, styles={"font-size": "17px"})
        self.layout = pn.Row(self._label, minus, self._shown, plus, sizing_mode="stretch_width")

    def set(self, label: str, value: int, low: int, high: int) -> None:
        self.low, self.high = low, high
        if self._label.object != label:
            self._label.object = label
        self.value = value

    def _text(self) -> str:
        return f"<b>{self.value}</b>"

    def _step(self, d: int) -> None:
        with pn.io.hold():  # the number and the total leave in one message
            self.value = max(self.low, min(self.high, self.value + d))

    @param.depends("value", watch=True)
    def _show(self) -> None:
        self._shown.object = self._text()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout


class TurnScreen(pn.viewable.Viewer):
    """The game screen of one device. `on_leave()` goes back to the lobby."""

    session = param.ClassSelector(class_=TableSession)
    selected = param.String(default="", doc="the region tapped on the map ('' = none)")
    mode = param.Selector(default="play", objects=["play", "redeploy", "heroes", "encampments",
                                                   "undo", "redo"])

    def __init__(self, session: TableSession, on_leave: Callable[[], Any] | None = None,
                 **params: Any):
        super().__init__(session=session, **params)
        self.on_leave = on_leave
        self._doc: Any = None  # the served document, once polling started
        self._pending = False
        self._batching = False
        self._peek_timer: Any = None
        self._history: list[str] = []
        self._redeploy_race: str | None = None
        self._steppers: dict[str, Stepper] = {}  # region -> its stepper in the placement panel
        self._stepper_pool: list[Stepper] = []
        self._steps = 1
        g = session.game
        self._mover = (g.turn, g.to_act)
        self._header = html(header_html(session), sizing_mode="stretch_width")
        self._alert = alert_pane("danger")
        self._map: Any = None
        self._map_pane: Any = html("", visible=False)
        self._legend: Any = html("", visible=False)
        self._legend_narrow: Any = html("", visible=False)
        if BoardMap is not None:
            self._map = BoardMap(g, width=760, on_tap=self._tapped, player_colors=session.colours)
            self._map.fit_width()  # the title and legend are HTML around it
            self._add_highlight()
            self._map_pane = self._map.panel(sizing_mode="stretch_width")
            # The key sits under the map on a wide screen and at the end on a narrow one (a
            # phone), so that the region card comes right after the map there.
            key = legend_html(g, session.colours)
            self._legend = html(key, stylesheets=[CSS, WIDE_ONLY])
            self._legend_narrow = html(key, stylesheets=[CSS, NARROW_ONLY])
        self._region_pick = pn.widgets.Select(label="Region (or tap the map)", options=self._regions(),
                                              sizing_mode="stretch_width", height=60)
        self._region_pick.param.watch(self._picked, "value")
        self._column = self._build_column()
        self._players_pane = html("")
        self._players = pn.Column(self._players_pane, sizing_mode="stretch_width")
        self._peek = self._build_peek()
        self._final_key: Any = None
        self._final: list[Any] = []
        self._build_play()
        self._build_placement()
        # The panels under the map stay in the page and are shown or hidden: the normal turn,
        # token placement (redeploy, withdrawn tokens, Encampments), and a box for the rare
        # ones (undo/redo, Heroes, a revealed pair, the final standings), built when needed.
        self._other = pn.Column(sizing_mode="stretch_width")
        self._context = pn.Column(self._play_box, self._place_box, self._other,
                                  sizing_mode="stretch_width")
        self._log = html("", sizing_mode="stretch_width")
        undo = pn.widgets.Button(label="↶ Undo…", height=BIG, sizing_mode="stretch_width")
        undo.on_click(lambda e: self._ask("undo"))
        redo = pn.widgets.Button(label="↷ Redo…", height=BIG, sizing_mode="stretch_width")
        redo.on_click(lambda e: self._ask("redo"))
        leave = pn.widgets.Button(label="Lobby", height=BIG, sizing_mode="stretch_width")
        leave.on_click(lambda e: self.leave())
        self._undo_redo = pn.Row(undo, redo, leave, sizing_mode="stretch_width")
        self._undo_btn, self._redo_btn = undo, redo
        side = pn.Column(self._alert, self._context, self._column, self._undo_redo, self._players,
                         self._peek, self._log, self._legend_narrow, sizing_mode="stretch_width",
                         styles={"flex": "1 1 380px", "min-width": "300px"})
        fw, fh = g.board.frame
        # As wide as the screen allows, but not so wide that the board is taller than the
        # screen (a 4- or 5-player board on a tablet in landscape).
        board = pn.Column(self._map_pane, self._region_pick, self._legend,
                          sizing_mode="stretch_width",
                          styles={"flex": "3 1 560px", "min-width": "300px",
                                  "max-width": f"max(300px, calc((100vh - 140px) * {fw / fh:.3f}))"})
        self._layout = pn.Column(
            self._header,
            pn.FlexBox(board, side, flex_wrap="wrap", align_items="flex-start",
                       sizing_mode="stretch_width", styles={"gap": "14px"}),
            sizing_mode="stretch_width",
        )
        self._watchers = [session.param.watch(self._changed, ["version"]),
                          session.param.watch(self._show_error, ["error"])]
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # --- life cycle ----------------------------------------------------------------------
    def start_polling(self) -> None:
        """Follow other devices' actions (only inside a served session): the process's
        `Watcher` polls the database and calls `schedule_sync` when this game moved."""
        if self._doc is None and pn.state.curdoc is not None and pn.state.curdoc.session_context:
            self._doc = pn.state.curdoc
            Watcher.of(self.session.store).add(self)
            pn.state.on_session_destroyed(lambda ctx: self.stop())

    def schedule_sync(self) -> None:
        """Run `poll` on this screen's document (holding its lock), once at a time."""
        if self._doc is None or self._pending:
            return
        self._pending = True

        def run() -> None:
            self._pending = False
            with self._batch("sync"):
                self.poll()
        try:
            with set_curdoc(self._doc):
                pn.state.execute(run, schedule=True)
        except Exception:  # the page was closed: stop following
            self._pending = False
            self.stop()

    def poll(self) -> None:
        try:
            self.session.sync()
        except Exception as err:  # a database hiccup must not kill the session
            self._alert.object = esc(f"Could not reach the database: {err}")
            show(self._alert)

    def leave(self) -> None:
        self.stop()
        if self.on_leave:
            self.on_leave()

    def stop(self) -> None:
        if self._doc is not None:
            Watcher.of(self.session.store).remove(self)
            self._doc = None
        for w in self._watchers:
            self.session.param.unwatch(w)
        self._watchers = []

    # --- reacting to the session -------------------------------------------------------
    def _changed(self, event: Any) -> None:
        g = self.session.game
        self._history = ([*reversed(self.session.notes)] + self._history)[:12]
        mover = (g.turn, g.to_act)
        with param.parameterized.discard_events(self):  # one redraw below, not three
            if mover != self._mover:
                self._mover = mover
                self.selected = ""
            self.mode = "play"
        self._show_selection()
        show(self._undo_redo)
        self.refresh()

    def _show_error(self, event: Any) -> None:
        text = self.session.error
        if self._alert.object != esc(text):
            self._alert.object = esc(text)
        show(self._alert, bool(text))

    @contextmanager
    def _batch(self, kind: str) -> Iterator[None]:
        """One user action, one update of the page: the model changes made inside are held and
        leave as one message when the outermost batch ends (`pn.io.hold`). With $SW_METRICS
        the time until then is recorded (`kind`: action, tap, panel, sync)."""
        if self._batching:
            yield
            return
        self._batching = True
        t0, c0 = time.perf_counter(), time.thread_time()
        try:
            with pn.io.hold():
                yield
        finally:
            self._batching = False
            if METRICS:
                record(kind, self.session.game_id, 1000 * (time.perf_counter() - t0),
                       1000 * (time.thread_time() - c0))

    def _act(self, action: dict[str, Any] | Action) -> bool:
        with self._batch("action"):
            ok = self.session.act(action)
            self._show_error(None)
        if ok:
            self._poke()
        return ok

    def _poke(self) -> None:
        if self._doc is not None:
            Watcher.of(self.session.store).poke(self)

    # --- the map -------------------------------------------------------------------------
    def _add_highlight(self) -> None:
        """A thick dashed outline on the selected region, drawn over the map. It always holds one
        region and is hidden when none is selected: emptying its data in the same message as a
        patch of the map's data makes BokehJS fail to paint (a glyph reads the old length)."""
        src = self._map.source.data
        self._hl_region = 0
        self._hl = ColumnDataSource({"xs": [src["xs"][0]], "ys": [src["ys"][0]]})
        r = self._map.figure.add_glyph(self._hl, MultiPolygons(
            xs="xs", ys="ys", fill_alpha=0.0, line_color="#E91E63", line_width=5,
            line_dash="dashed"), visible=False)
        r.nonselection_glyph = None
        r.selection_glyph = None
        self._hl_renderer = r

    def _regions(self) -> dict[str, str]:
        b = self.session.game.board
        opts = {"—": ""}
        for i, rid in enumerate(b.ids):
            syms = ", ".join(s for s in ("mine", "cavern", "magic") if s in b.symbols[i])
            opts[f"{rid} · {b.terrain[i]}{' · ' + syms if syms else ''}"] = rid
        return opts

    def _tapped(self, rid: str) -> None:
        with self._batch("tap"):
            self.selected = rid

    def _picked(self, event: Any) -> None:
        if event.new != self.selected:
            with self._batch("tap"):
                self.selected = event.new or ""

    @param.depends("selected", watch=True)
    def _on_select(self) -> None:
        self._show_selection()
        if self.mode == "play":
            self._fill_context()

    def _show_selection(self) -> None:
        if self._region_pick.value != self.selected:
            self._region_pick.value = self.selected
        if self._map is not None:
            src = self._map.source.data
            if self.selected:
                i = self.session.game.board.region(self.selected)
                if i != self._hl_region:
                    self._hl_region = i
                    self._hl.data = {"xs": [src["xs"][i]], "ys": [src["ys"][i]]}
            if self._hl_renderer.visible != bool(self.selected):
                self._hl_renderer.visible = bool(self.selected)

    @param.depends("mode", watch=True)
    def _on_mode(self) -> None:
        show(self._undo_redo, self.mode not in ("undo", "redo"))
        self._fill_context()

    # --- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        s, g = self.session, self.session.game
        with pn.io.hold():
            self._header.object = header_html(s)
            if self._map is not None:
                self._map.update(g)
            self._fill_context()
            self._fill_column()
            self._fill_players()
            self._undo_btn.disabled = not g.log
            self._redo_btn.disabled = not g.redo_stack
            self._set(self._log, ("<div class='sw-card'><h3>What happened</h3><ul class='sw-log'>"
                                  + "".join(f"<li>{esc(t)}</li>" for t in self._history[:8])
                                  + "</ul></div>") if self._history else "")

    def _fill_context(self) -> None:
        s, g = self.session, self.session.game
        box = self._other
        items: list[Any] | None = None
        if g.game_over:
            key = g.state_hash()
            if self._final_key != key:
                self._final_key = key
                self._final = [html(standings_html(g, s.colours)),
                               pn.pane.Bokeh(coins_figure(g, s.colours), sizing_mode="stretch_width")]
            items = self._final
        elif self.mode in ("undo", "redo"):
            items = self._undo_panel()
        elif g.needs_reveal:
            items = self._reveal_panel()
        elif g.queue:
            self._withdrawal_panel()
            box = self._place_box
        elif self.mode == "redeploy":
            if self._redeploy_panel():
                box = self._place_box
            else:
                items = [html("Nothing to redeploy."), self._cancel()]
        elif self.mode == "heroes":
            items = self._heroes_panel()
        elif self.mode == "encampments":
            self._encampments_panel()
            box = self._place_box
        else:
            self._play_panel()
            box = self._play_box
        if items is not None:
            self._put(self._other, items)
        for panel in (self._play_box, self._place_box, self._other):
            show(panel, panel is box)

    # --- widgets kept from one drawing to the next ------------------------------------
    # Creating Bokeh models is what costs the server time (anchors-tech.md §2.1 "Reuse
    # objects"): the play panel is a fixed set of panes and pooled buttons whose text, colour,
    # visibility and action are updated in place, so an action usually sends only property
    # patches to the browser.
    @staticmethod
    def _put(layout: Any, objects: list[Any]) -> None:
        if [id(o) for o in layout.objects] != [id(o) for o in objects]:
            layout[:] = objects

    @staticmethod
    def _set(pane: Any, text: str) -> None:
        """New text for an HTML pane, sent only if it changed; hidden when empty."""
        if pane.object != text:
            pane.object = text
        show(pane, bool(text))

    def _pool_button(self, width: int = 0, hidden: bool = False) -> pn.widgets.Button:
        size = {"width": width, "sizing_mode": "fixed"} if width else {"sizing_mode": "stretch_width"}
        b = pn.widgets.Button(label="", height=BIG, styles={"display": "none"} if hidden else {},
                              **size)
        b.sw_action = None  # type: ignore[attr-defined]
        b.on_click(lambda e, b=b: self._press(b.sw_action))  # type: ignore[attr-defined]
        return b

    def _press(self, what: Any) -> None:
        if what is None:
            return
        if what[0] == "go":
            with self._batch("panel"):
                self._redeploy_race = what[2]
                self.mode = what[1]
        else:
            self._act(json.loads(what[1]))

    def _show_buttons(self, box: pn.Column, specs: list[tuple[str, str, Any]]) -> None:
        """Show (label, colour, action) buttons in `box`, reusing its buttons: a button keeps
        its label from one drawing to the next when it can (a new label costs the server about
        0.8 ms), and the CSS `order` puts the buttons in the order of `specs` (changing the
        box's children would make the browser lay the page out again)."""
        pool = list(box.objects)
        while len(pool) < len(specs):
            pool.append(self._pool_button(hidden=True))
        chosen: list[Any] = [None] * len(specs)
        free = list(pool)
        for k, (label, _, _) in enumerate(specs):  # the same label as now first
            same = next((b for b in free if b.label == label), None)
            if same is not None:
                chosen[k] = same
                free.remove(same)
        for k, (label, colour, action) in enumerate(specs):
            if chosen[k] is None:  # then one of the same colour, then a hidden one
                chosen[k] = min(free, key=lambda b: (b.color != colour, shown(b)))
                free.remove(chosen[k])
            b = chosen[k]
            b.sw_action = action
            relabel(b, label, colour)
            show(b, order=k)
        for b in free:
            b.sw_action = None
            show(b, False)
        self._put(box, pool)

    def _die_row(self) -> tuple[pn.FlexBox, list[pn.widgets.Button]]:
        buttons = [self._pool_button()] + [self._pool_button(70) for _ in DIE]
        for b, (label, _) in zip(buttons[1:], DIE, strict=True):
            b.label = f"Die: {label}"
        return pn.FlexBox(*buttons, sizing_mode="stretch_width",
                          styles={"gap": "6px", "display": "none"}), buttons

    def _show_die(self, row: tuple[pn.FlexBox, list], action: dict[str, Any] | None,
                  colour: str) -> None:
        box, buttons = row
        show(box, action is not None)
        if action is None:
            for b in buttons:
                b.sw_action = None
            return
        relabel(buttons[0], "Roll for me", colour)
        buttons[0].sw_action = ("act", json.dumps(action))
        for b, (_, v) in zip(buttons[1:], DIE, strict=True):
            b.sw_action = ("act", json.dumps({**action, "roll": v}))

    def _build_play(self) -> None:
        self._score_pane = html("")
        self._status_pane = html("")
        self._card_info = html("")  # the region, its cost, a final-conquest note: one pane
        self._card_die = self._die_row()
        # The button pools start at the sizes most turns need (growing one later costs a new
        # model, about 25 ms on the server and a layout in the browser).
        self._card_buttons = pn.Column(*(self._pool_button(hidden=True) for _ in range(2)),
                                       sizing_mode="stretch_width")
        self._card_alert = alert_pane("warning")
        self._card = pn.Column(self._card_info,
                               self._card_die[0], self._card_buttons, self._card_alert,
                               sizing_mode="stretch_width",
                               styles={"border": "1px solid #d0d7de", "border-radius": "10px",
                                       "padding": "6px"})
        self._hint = html("<div class='sw-muted'>Tap a region on the map to see its cost and "
                          "conquer it.</div>")
        self._berserk_note = html("")
        self._berserk_die = self._die_row()
        self._turn_buttons = pn.Column(*(self._pool_button(hidden=True) for _ in range(4)),
                                       sizing_mode="stretch_width")
        self._play_box = pn.Column(self._score_pane, self._status_pane, self._card, self._hint,
                                   self._turn_buttons, self._berserk_note, self._berserk_die[0],
                                   sizing_mode="stretch_width")

    # --- the normal turn -------------------------------------------------------------
    def _play_panel(self) -> None:
        s, g = self.session, self.session.game
        legal = g.legal_actions()
        prominent = bool(g.log and g.log[-1].get("do") == "end_turn" and g.track)
        self._set(self._score_pane, score_html(g, s.colours, prominent=True) if prominent else "")
        me = g.current
        army = g.army_of(me)
        picking = any(a.do == "pick" for a in legal)
        if army is not None:
            power = f" / {esc(name_of(army.power))}" if army.power else ""
            avail = g.available(army)
            status = (f"<div>{chip(me, s.colour(me))} plays <b>{esc(name_of(army.race))}</b>"
                      f"{power}: {avail} token{'s' if avail != 1 else ''} to conquer with</div>")
        elif picking:
            status = (f"<div>{chip(me, s.colour(me))}: pick a race and power from the combo "
                      "column.</div>")
        else:
            status = ""
        self._set(self._status_pane, status)
        show(self._card, bool(self.selected))
        show(self._hint, not self.selected and army is not None)
        if self.selected:
            self._fill_card(legal)
        self._fill_turn_buttons(legal)

    def _fill_card(self, legal: list[Action]) -> None:
        s, g = self.session, self.session.game
        rid = self.selected
        here = [a for a in legal if a.region == rid]
        army = g.army_of(g.current)
        races = [a.race for a in here if a.do == "conquer"]
        quote = ""
        if army is not None or races:
            q = g.quote(rid, race=races[0] if races else None)
            if q.reason is None or q.reason.rule != "B-FLOW-4":
                quote = f"<div style='margin-top:6px'>{quote_html(q)}</div>"
        buttons: list[tuple[str, str, Any]] = []
        final = None
        final_note = ""
        for a in here:
            act = ("act", json.dumps(a.to_dict()))
            who = f" with the in-decline {name_of(a.race)}" if a.race else ""
            if a.do == "conquer" and not a.reinforce:
                cost = g.quote(rid, race=a.race).cost
                buttons.append((f"Conquer {rid}{who} ({cost} tokens)", "primary", act))
            elif a.do == "conquer":
                final = a.to_dict()
                final_note = (f"<div style='margin-top:6px'><b>Final conquest{esc(who)}</b>: "
                              "not enough tokens, the reinforcement die decides (B-FINAL).</div>")
            elif a.do == "abandon":
                buttons.append((f"Abandon {rid}{who}", "default", act))
            elif a.do == "dragon":
                buttons.append((f"Send the Dragon to {rid} (1 token)", "warning", act))
            elif a.do == "convert":
                buttons.append((f"Convert the token in {rid} (Sorcerers)", "warning", act))
            elif a.do == "fortress":
                buttons.append((f"Build a Fortress in {rid}", "default", act))
        self._set(self._card_info, region_html(g, rid, s.colours) + quote + final_note)
        self._show_die(self._card_die, final, "primary")
        self._show_buttons(self._card_buttons, buttons)
        alert = ""
        if not any(a.do == "conquer" for a in here) and g.to_act == g.current:
            why = g.why_illegal(Action(by=g.current, do="conquer", region=rid))
            if why is not None and getattr(why, "rule", "") != "B-FLOW-4":
                rule = getattr(why, "rule", getattr(why, "field", ""))
                alert = f"Cannot conquer {esc(rid)} now — {esc(rule)}: {esc(why.reason)}"
        self._set(self._card_alert, alert)

    def _fill_turn_buttons(self, legal: list[Action]) -> None:
        g = self.session.game
        out: list[tuple[str, str, Any]] = []
        words = {a.do for a in legal}
        for a in legal:
            if a.do == "redeploy":
                label = ("Redeploy the in-decline " + name_of(a.race)) if a.race else "Redeploy…"
                out.append((label, "default", ("go", "redeploy", a.race)))
        if "heroes" in words:
            out.append(("Place the Heroes…", "default", ("go", "heroes", None)))
        if "encampments" in words:
            out.append(("Place the Encampments…", "default", ("go", "encampments", None)))
        for a in legal:
            act = ("act", json.dumps(a.to_dict()))
            if a.do == "ally":
                out.append((f"Make peace with {a.player} (Diplomat)", "default", act))
            elif a.do == "decline":
                out.append((f"Put the {name_of(g.active[g.seat_of(a.by)])} in decline", "warning",
                            act))
        for a in legal:
            if a.do == "end_turn":
                out.append((f"End {a.by}'s turn and score", "success",
                            ("act", json.dumps(a.to_dict()))))
        self._show_buttons(self._turn_buttons, out)
        berserk = {"by": g.current, "do": "berserk"} if "berserk" in words else None
        self._set(self._berserk_note, "<b>Berserk</b>: roll before the next conquest "
                                      "(B-POW-BERSERK)" if berserk else "")
        self._show_die(self._berserk_die, berserk, "warning")

    # --- placing tokens ------------------------------------------------------------------
    def _build_placement(self) -> None:
        """One panel for every placement with steppers (redeploy, withdrawn tokens,
        Encampments), its steppers pooled: filling it again only changes text and numbers."""
        self._place_title = html("")
        self._add_steppers(4)
        self._place_list = pn.Column(*(st.layout for st in self._stepper_pool),
                                     sizing_mode="stretch_width")
        self._place_total = html("")
        self._place_go = pn.widgets.Button(label="Place these tokens", color="primary",
                                           height=BIG, sizing_mode="stretch_width")
        self._place_go.on_click(lambda e: self._act(self._place_action(self._placement())))
        self._place_cancel = self._cancel()
        self._place_action: Callable[[dict[str, int]], dict[str, Any]] = dict
        self._place_want = (0, "tokens")
        self._place_box = pn.Column(self._place_title, self._place_list, self._place_total,
                                    self._place_go, self._place_cancel,
                                    sizing_mode="stretch_width", styles={"display": "none"})

    def _fill_placement(self, title: str, start: dict[str, int], low: dict[str, int], high: int,
                        want: tuple[int, str], go: str, action: Callable[[dict[str, int]], dict],
                        cancel: bool = True) -> None:
        b = self.session.game.board
        pool = self._stepper_pool
        self._add_steppers(len(start) - len(pool))
        self._place_want = want
        self._steppers = {}
        for st, (rid, n) in zip(pool, start.items(), strict=False):
            label = f"{esc(rid)} <span class='sw-muted'>{esc(b.terrain[b.region(rid)])}</span>"
            st.set(label, n, low.get(rid, 0), high)
            self._steppers[rid] = st
            show(st)
        for st in pool[len(start):]:
            show(st, False)
        self._put(self._place_list, [st.layout for st in pool])
        self._set(self._place_title, title)
        relabel(self._place_go, go)
        self._place_action = action
        show(self._place_cancel, cancel)
        self._show_total()

    def _add_steppers(self, n: int) -> None:
        for _ in range(n):
            st = Stepper("", 0, 0, 0)
            show(st, False)
            st.param.watch(self._show_total, "value")
            self._stepper_pool.append(st)

    def _placement(self) -> dict[str, int]:
        return {rid: st.value for rid, st in self._steppers.items()}

    def _show_total(self, *_: Any) -> None:
        want, what = self._place_want
        have = sum(self._placement().values())
        colour = "#1b5e20" if have == want else "#b71c1c"
        self._set(self._place_total, f"<div style='font-size:18px;color:{colour}'>Placed {have} "
                                     f"of {want} {what}</div>")

    def _redeploy_panel(self) -> bool:
        g = self.session.game
        race = self._redeploy_race
        default = next((a for a in g.legal_actions() if a.do == "redeploy" and a.race == race), None)
        if default is None:
            return False
        start = dict(default.tokens or ())
        want = sum(start.values())
        army = g.army_of(g.current, race)
        name = name_of(army.race) if army else ""
        by = g.current

        def action(tokens: dict[str, int]) -> dict[str, Any]:
            act: dict[str, Any] = {"by": by, "do": "redeploy", "tokens": tokens}
            if race:
                act["race"] = race
            return act
        self._fill_placement(
            f"<h3>Redeploy the {esc(name)}</h3><div class='sw-muted'>Every region keeps at least "
            "one token (B-REDEP-1).</div>", start, dict.fromkeys(start, 1), want, (want, "tokens"),
            "Place these tokens", action)
        return True

    def _withdrawal_panel(self) -> None:
        s, g = self.session, self.session.game
        default = g.default_withdrawal()
        by = default.by
        start = dict(default.tokens or ())
        race = default.race
        now = {g.board.ids[i]: g.tokens[i] for i in g.regions_of(race)}
        want = sum(start.values())
        extra = want - sum(now.values())
        moved = (f"{extra} token{'s' if extra != 1 else ''} taken back from lost regions "
                 f"go{'es' if extra == 1 else ''} onto regions the race still holds (B-LOSS-2).")
        self._fill_placement(
            f"<h3>{chip(by, s.colour(by))} places withdrawn {esc(name_of(race))}</h3>"
            f"<div>{moved}</div>", start, now, want, (want, "tokens"), "Place these tokens",
            lambda tokens: {"by": by, "do": "redeploy", "race": race, "tokens": tokens},
            cancel=False)

    def _heroes_panel(self) -> list[Any]:
        g = self.session.game
        options = [a for a in g.legal_actions() if a.do == "heroes"]
        held = sorted({r for a in options for r in (a.regions or ())},
                      key=lambda r: g.board.region(r))
        need = max((len(a.regions or ()) for a in options), default=0)
        pick = pn.widgets.CheckButtonGroup(options=held, sizing_mode="stretch_width", height=BIG,
                                           orientation="horizontal", color="primary",
                                           variant="outline")
        go = pn.widgets.Button(label=f"Place {need} Hero{'es' if need != 1 else ''} here",
                               color="primary", height=BIG, sizing_mode="stretch_width")
        go.on_click(lambda e: self._act({"by": g.current, "do": "heroes",
                                         "regions": list(pick.value)}))
        return [html(f"<h3>Heroes</h3><div>Choose {need} region{'s' if need != 1 else ''} held by "
                     "the race: a Hero's region cannot be attacked (B-POW-HEROIC).</div>"),
                pick, go, self._cancel()]

    def _encampments_panel(self) -> None:
        g = self.session.game
        by = g.current
        army = g.army_of(by)
        regions = [g.board.ids[i] for i in g.regions_of(army.race)] if army else []
        start = {rid: g.mk["encampment"][g.board.region(rid)] for rid in regions}
        self._fill_placement(
            "<h3>Encampments</h3><div>Up to 5; each adds 1 to the region's defence "
            "(B-POW-BIVOUACKING).</div>", start, {}, 5, (5, "Encampments (at most)"),
            "Place the Encampments", lambda tokens: {"by": by, "do": "encampments",
                                                     "tokens": tokens})

    def _reveal_panel(self) -> list[Any]:
        s, g = self.session, self.session.game
        options = g.legal_actions()
        races = sorted({a.race for a in options}, key=name_of)
        powers = sorted({a.player for a in options}, key=name_of)
        race = pn.widgets.Select(label="Race banner", options={name_of(r): r for r in races},
                                 sizing_mode="stretch_width", height=60)
        power = pn.widgets.Select(label="Power badge", options={name_of(p): p for p in powers},
                                  sizing_mode="stretch_width", height=60)
        by = g.to_act or g.current
        go = pn.widgets.Button(label="This pair came up", color="primary", height=BIG,
                               sizing_mode="stretch_width")
        go.on_click(lambda e: self._act({"by": by, "do": "reveal", "race": race.value,
                                         "player": power.value}))
        return [html(f"<h3>A new pair in the column</h3><div>{chip(by, s.colour(by))}: "
                             "enter the banner and badge revealed at the bottom of the column "
                             "(B-COMBO-6).</div>", sizing_mode="stretch_width"),
                race, power, go]

    def _cancel(self) -> pn.widgets.Button:
        b = pn.widgets.Button(label="Cancel", height=BIG, sizing_mode="stretch_width")
        b.on_click(lambda e: self._set_mode("play"))
        return b

    # --- undo / redo -----------------------------------------------------------------
    def _set_mode(self, mode: str) -> None:
        with self._batch("panel"):
            self.mode = mode

    def _ask(self, what: str) -> None:
        with self._batch("panel"):
            self._steps = 1
            self.mode = what
            self._fill_context()

    def _undo_panel(self) -> list[Any]:
        s = self.session
        what = self.mode
        stack = s.game.log if what == "undo" else s.game.redo_stack
        if not stack:
            return [html(f"Nothing to {what}."), self._cancel()]
        steps = Stepper("How many actions", min(self._steps, len(stack)), 1, len(stack))
        listing = html("")

        def show(*_: Any) -> None:
            self._steps = steps.value
            preview = (s.undo_preview if what == "undo" else s.redo_preview)(self._steps)
            listing.object = ("<ol class='sw-log'>" + "".join(f"<li>{esc(t)}</li>" for t in preview)
                              + "</ol>")
        steps.param.watch(show, "value")
        show()
        verb = "Undo" if what == "undo" else "Redo"
        yes = pn.widgets.Button(label=f"Yes, {verb.lower()}", color="danger", height=BIG,
                                sizing_mode="stretch_width")

        def confirm(_: Any) -> None:
            with self._batch("action"):
                ok = s.undo(steps.value) if what == "undo" else s.redo(steps.value)
                self._show_error(None)
                if not ok:
                    self.mode = "play"
            if ok:
                self._poke()
        yes.on_click(confirm)
        order = "the most recent first" if what == "undo" else "in the order they were played"
        return [html(f"<h3>{verb} — are you sure?</h3><div>These actions will be "
                     f"{'taken back' if what == 'undo' else 'played again'}, {order}:</div>"),
                steps, listing, pn.Row(yes, self._cancel(), sizing_mode="stretch_width")]

    # --- the column and the players ---------------------------------------------------
    def _fill_column(self) -> None:
        """The combo column: six rows kept from one drawing to the next, updated in place."""
        g = self.session.game
        show(self._column, not g.game_over)
        show(self._region_pick, not g.game_over)
        picks = {a.combo: a for a in g.legal_actions() if a.do == "pick"}
        for k, (text_pane, button) in enumerate(self._column_rows):
            if k >= len(g.column):
                self._set(text_pane, "")
                show(button, False)
                button.sw_action = None
                continue
            race, power, coins = g.column[k]
            tokens = CATALOGUE[race].tokens + CATALOGUE[power].tokens
            price = g.combo_price(k)
            coin_txt = f" · <b>{coins}</b> coin{'s' if coins != 1 else ''} on it" if coins else ""
            self._set(text_pane, f"<div style='font-size:16px'><b>{esc(name_of(race))}</b> / "
                                 f"{esc(name_of(power))}<br><span class='sw-muted'>{tokens} tokens "
                                 f"· costs {price}{coin_txt}</span></div>")
            show(button, k in picks)
            button.sw_action = ("act", json.dumps(picks[k].to_dict())) if k in picks else None
        note = "" if g.column else "<div class='sw-muted'>The column is empty.</div>"
        if g.needs_reveal:
            note = "<div class='sw-muted'>A new pair waits to be entered (above).</div>"
        self._set(self._column_note, note)

    def _build_column(self) -> pn.Column:
        self._column_rows = []
        rows: list[Any] = [html("<h3 style='margin:4px 0'>Combo column</h3>")]
        for _ in range(6):
            text = html("")
            button = self._pool_button(90)
            button.param.update(label="Pick", color="primary")
            show(button, False)
            self._column_rows.append((text, button))
            rows.append(pn.Row(text, button, sizing_mode="stretch_width",
                               styles={"border-bottom": "1px solid #e3e3e3"}))
        self._column_note = html("")
        return pn.Column(*rows, self._column_note, sizing_mode="stretch_width",
                         styles={"border": "1px solid #d0d7de", "border-radius": "10px",
                                 "padding": "6px"})

    def _fill_players(self) -> None:
        s, g = self.session, self.session.game
        view = g.view(None)
        lines = []
        for seat, p in enumerate(g.players):
            active = g.active[seat]
            bits = []
            if active:
                army = g.armies[active]
                power = f" / {esc(name_of(army.power))}" if army.power else ""
                bits.append(f"<b>{esc(name_of(active))}</b>{power}")
            for race in g.declined[seat]:
                bits.append(f"{esc(name_of(race))} (in decline)")
            coins = view["coins"][p]
            coin_txt = f"{coins} coins" if coins is not None else "coins hidden"
            lines.append(f"<tr><td>{chip(p, s.colour(p))}</td><td>{' · '.join(bits) or '—'}</td>"
                         f"<td class='num sw-muted'>{coin_txt}</td></tr>")
        text = (f"<div class='sw-card'><h3>Players</h3><table class='sw-table'>{''.join(lines)}"
                "</table></div>")
        if self._players_pane.object != text:
            self._players_pane.object = text
        show(self._peek, not g.game_over)

    def _build_peek(self) -> pn.Column:
        buttons = []
        for p in self.session.game.players:
            b = pn.widgets.Button(label=f"{p}: my coins", height=46, sizing_mode="stretch_width")
            b.on_click(lambda e, p=p: self.peek(p))
            buttons.append(b)
        self._peek_text = html("")
        hide = pn.widgets.Button(label="Hide", height=46, width=100)
        hide.on_click(lambda e: self.hide_peek())
        self._peek_row = pn.Row(self._peek_text, hide, sizing_mode="stretch_width",
                                styles={"display": "none"})
        return pn.Column(html("<div class='sw-muted'>Coins stay hidden (B-SCORE-3). Each player "
                              "may peek at their own:</div>"),
                         pn.FlexBox(*buttons, sizing_mode="stretch_width", styles={"gap": "6px"}),
                         self._peek_row, sizing_mode="stretch_width")

    def peek(self, player: str) -> str:
        """Show one player's own coins for a few seconds (`game.view(player)`)."""
        coins = self.session.game.view(player)["coins"][player]
        text = (f"<div class='sw-card' style='background:#fff8e1'>"
                f"{chip(player, self.session.colour(player))} has <span class='sw-big'>{coins}"
                f"</span> coins <span class='sw-muted'>(only {esc(player)} should look)</span></div>")
        with pn.io.hold():
            self._peek_text.object = text
            show(self._peek_row)
        if pn.state.curdoc is not None:
            if self._peek_timer is not None:
                self._peek_timer.stop()
            self._peek_timer = pn.state.add_periodic_callback(self.hide_peek, period=PEEK_MS,
                                                              count=1)
        return text

    def hide_peek(self) -> None:
        with pn.io.hold():
            show(self._peek_row, False)
            self._peek_text.object = ""
