"""The turn screen: whose turn, the turn track, the combo column, the map and what can be done.

Everything the table may do now comes from the engine's `legal_actions()`, shown by the kinds
of each word's parameters (`dashboards.inputs`): the screen knows no race, power or action word,
so a new one needs no code here. Every refusal shows the rule ID and reason of the engine's
`RuleError`. The screen never changes the game itself: it asks its `TableSession`, which stores
the action first, and redraws when the session's `version` moves (its own actions, or another
device's, picked up by polling every half second).

Every name typed by a player is escaped before it goes into HTML (`esc`).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, MultiPolygons
from panel.io.state import set_curdoc

from swcore import Action
from swcore.board import SYMBOLS
from swcore.words import WORDS, Kind, label

from . import inputs
from .cards import (
    chip,
    coins_figure,
    column_row_html,
    display_names,
    header_html,
    legend_html,
    name_of,
    players_html,
    quote_html,
    region_html,
    score_html,
    standings_html,
)
from .session import TableSession
from .taps import TapChannel
from .watcher import Watcher
from .widgets import (
    BIG,
    CSS,
    Stepper,
    alert_pane,
    esc,
    html,
    pool_button,
    put,
    relabel,
    set_text,
    show,
    show_buttons,
    shown,
)

try:  # the map is written by another module; the screen still works with the region list
    from .board_map import BoardMap
except ImportError:  # pragma: no cover
    BoardMap = None  # type: ignore[assignment,misc]

#: Also what the app, the lobby, the new-game form and the tests import from here.
__all__ = ["PAGE_CSS", "Stepper", "TurnScreen", "Watcher", "alert_pane", "chip", "esc",
           "header_html", "html", "legend_html", "name_of", "score_html", "show", "shown",
           "standings_html"]

#: When set (a file path), every user action appends one JSON line there: how long the server
#: took from the click's callback to the screen's update being queued on the websocket
#: (scripts/bench_app.py reads it).
METRICS = os.environ.get("SW_METRICS", "")
_METRICS_LOCK = threading.Lock()
PEEK_MS = 6000
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
#: Refusals that only say "pick a combo first" are not worth a warning on a region's card.
NO_ARMY = "B-FLOW-4"


def record(kind: str, game_id: int, ms: float, cpu_ms: float) -> None:
    """One line of `$SW_METRICS` (see scripts/bench_app.py): `ms` is wall-clock time, `cpu_ms`
    the CPU time the server thread spent (the two differ when other processes hold the CPU)."""
    line = json.dumps({"t": round(time.time(), 3), "kind": kind, "game": game_id,
                       "ms": round(ms, 2), "cpu_ms": round(cpu_ms, 2)})
    with _METRICS_LOCK, open(METRICS, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def region_word(legal: list[Action]) -> str | None:
    """The first word of the legal actions shown on regions' cards (the conquest, in the
    engine's order): the one whose refusal a region's card explains when it is not offered
    there."""
    return next((a.do for a in legal if WORDS[a.do].place == "region"), None)


class TurnScreen(pn.viewable.Viewer):
    """The game screen of one device. `on_leave()` goes back to the lobby."""

    session = param.ClassSelector(class_=TableSession)
    selected = param.String(default="", doc="the region tapped on the map ('' = none)")
    mode = param.Selector(default="play", objects=["play", "panel", "undo", "redo"],
                          doc="'panel': the input of the word group `_panel_key`")

    def __init__(self, session: TableSession, on_leave: Callable[[], Any] | None = None,
                 **params: Any):
        super().__init__(session=session, **params)
        self.on_leave = on_leave
        self._doc: Any = None  # the served document, once polling started
        self._pending = False
        self._batching = False
        self._peek_timer: Any = None
        self._history: list[str] = []
        self._panel_key: tuple | None = None
        self._confirm: Action | None = None  # a word with `confirm` pressed once
        self._legal: list[Action] = []
        self._groups: dict[tuple, inputs.Group] = {}
        self._steps = 1
        self._taps = TapChannel(self.tapped, self._press)
        g = session.game
        self._names = display_names(g)
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
        self._placement = inputs.PlacementPanel(self._taps, self._cancel())
        self._place_box = self._placement.box
        # The panels under the map stay in the page and are shown or hidden: the normal turn,
        # token placement (steppers), and a box for the rare ones (undo/redo, a choice of
        # regions, a form of selects, the final standings), built when needed.
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
            self._header, self._taps.box,
            pn.FlexBox(board, side, flex_wrap="wrap", align_items="flex-start",
                       sizing_mode="stretch_width", styles={"gap": "14px"}),
            sizing_mode="stretch_width",
        )
        self._watchers = [session.param.watch(self._changed, ["version"]),
                          session.param.watch(self._show_error, ["error"])]
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @property
    def _steppers(self) -> dict[str, Stepper]:
        """Region -> its stepper in the placement panel (tests)."""
        return self._placement.steppers

    @property
    def _stepper_pool(self) -> list[Stepper]:
        return self._placement.pool

    @property
    def _place_total(self) -> Any:
        return self._placement.total

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
        self._confirm = None
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

    def _act(self, action: dict[str, Any] | Action, seen: int | None = None) -> bool:
        with self._batch("action"):
            ok = self.session.act(action, seen)
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
            syms = ", ".join(s for s in SYMBOLS if s in b.symbols[i])
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
            self._legal = g.legal_actions()
            self._groups = inputs.group(self._legal)
            self._taps.set_seq(s.seq)
            self._header.object = header_html(s)
            if self._map is not None:
                self._map.update(g)
            self._fill_context()
            self._fill_column()
            self._fill_players()
            self._undo_btn.disabled = not g.log
            self._redo_btn.disabled = not g.redo_stack
            set_text(self._log, ("<div class='sw-card'><h3>What happened</h3><ul class='sw-log'>"
                                 + "".join(f"<li>{esc(t)}</li>" for t in self._history[:8])
                                 + "</ul></div>") if self._history else "")

    def _only_panel(self) -> tuple | None:
        """The group to show at once when it is all that can be done now (a revealed pair to
        enter, withdrawn tokens to place): a panel without Cancel."""
        if len(self._groups) == 1:
            key, grp = next(iter(self._groups.items()))
            if inputs.needs_panel(grp.word):
                return key
        return None

    def _fill_context(self) -> None:
        s, g = self.session, self.session.game
        box = self._other
        items: list[Any] | None = None
        only = None if g.game_over else self._only_panel()
        if g.game_over:
            key = g.state_hash()
            if self._final_key != key:
                self._final_key = key
                self._final = [html(standings_html(g, s.colours)),
                               pn.pane.Bokeh(coins_figure(g, s.colours), sizing_mode="stretch_width")]
            items = self._final
        elif self.mode in ("undo", "redo"):
            items = self._undo_panel()
        elif only is not None or (self.mode == "panel" and self._panel_key in self._groups):
            key = only if only is not None else self._panel_key
            items = self._word_panel(self._groups[key], cancel=only is None)
            if items is None:
                box = self._place_box
        else:
            self._play_panel()
            box = self._play_box
        if items is not None:
            put(self._other, items)
        for panel in (self._play_box, self._place_box, self._other):
            show(panel, panel is box)

    def tapped(self, button: Any, seq: int, text: str) -> None:
        """A tap from the page: `button` as it was labelled at `seq`. Refused (and said) when
        the game or the button changed since: the page already shows the new state."""
        if seq != self.session.seq or text != button.label or button.sw_action is None:
            with self._batch("action"):
                self.session.refuse_tap(seq)
                self._show_error(None)
            return
        self._press(button.sw_action, seq)

    def _press(self, what: Any, seen: int | None = None) -> None:
        if what is None:
            return
        kind, value = what
        if kind in ("act", "place"):
            self._act(self._placement.action() if kind == "place" else value, seen)
            return
        with self._batch("panel"):
            if kind == "open":
                self._panel_key = value
                self.mode = "panel"
            elif kind == "confirm":
                self._confirm = value
                self._fill_context()
            else:  # "cancel"
                self._confirm = None
                self._fill_context()

    def _build_play(self) -> None:
        self._score_pane = html("")
        self._status_pane = html("")
        self._card_info = html("")  # the region, its cost, a final-conquest note: one pane
        self._card_die = inputs.DieRow(self._taps)
        # The button pools start at the sizes most turns need (growing one later costs a new
        # model, about 25 ms on the server and a layout in the browser).
        self._card_buttons = pn.Column(*(pool_button(self._taps, hidden=True) for _ in range(2)),
                                       sizing_mode="stretch_width")
        self._card_alert = alert_pane("warning")
        self._card = pn.Column(self._card_info, self._card_die.box, self._card_buttons,
                               self._card_alert, sizing_mode="stretch_width",
                               styles={"border": "1px solid #d0d7de", "border-radius": "10px",
                                       "padding": "6px"})
        self._hint = html("<div class='sw-muted'>Tap a region on the map to see its cost and "
                          "conquer it.</div>")
        self._die = inputs.DieRow(self._taps)  # a word that only rolls (a power's die)
        self._turn_buttons = pn.Column(*(pool_button(self._taps, hidden=True) for _ in range(4)),
                                       sizing_mode="stretch_width")
        self._play_box = pn.Column(self._score_pane, self._status_pane, self._card, self._hint,
                                   self._turn_buttons, self._die.box, sizing_mode="stretch_width")

    # --- the normal turn -------------------------------------------------------------
    def _play_panel(self) -> None:
        s, g = self.session, self.session.game
        legal = self._legal
        # The score card stands out right after the turn that produced it.
        last = g.players[g.track[-1][1]] if g.track else None
        prominent = bool(g.log and last and g.log[-1].get("by") == last and g.current != last)
        set_text(self._score_pane, score_html(g, s.colours, prominent=True) if prominent else "")
        me = g.current
        army = g.army_of(me)
        picking = any(WORDS[a.do].place == "column" for a in legal)
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
        set_text(self._status_pane, status)
        show(self._card, bool(self.selected))
        show(self._hint, not self.selected and army is not None)
        if self.selected:
            self._fill_card(legal)
        self._fill_turn_buttons()

    def _fill_card(self, legal: list[Action]) -> None:
        """The selected region's card: its facts and cost, one button per legal action on it
        (a die row for one that takes the reinforcement die), or why the region's main word
        is refused there."""
        s, g = self.session, self.session.game
        rid = self.selected
        here = [a for a in legal if WORDS[a.do].place == "region" and a.region == rid]
        army = g.army_of(g.current)
        races = [a.race for a in here if a.race]
        quote = ""
        if army is not None or races:
            q = g.quote(rid, race=races[0] if races else None)
            if q.reason is None or q.reason.rule != NO_ARMY:
                quote = f"<div style='margin-top:6px'>{quote_html(q)}</div>"
        buttons: list[tuple[str, str, Any]] = []
        die, note = None, ""
        first = here[0].do if here else None
        for a in here:
            text = label(a, self._names)
            if die is None and inputs.die_applies(g, a):
                die = a
                note = (f"<div style='margin-top:6px'><b>{esc(text)}</b>: not enough tokens, "
                        f"the die decides ({esc(WORDS[a.do].rule)}).</div>")
            else:
                buttons.append((text, "primary" if a.do == first else "default", ("act", a)))
        set_text(self._card_info, region_html(g, rid, s.colours) + quote)
        self._card_die.fill(die, note, "primary")
        show_buttons(self._card_buttons, buttons, self._taps)
        alert = ""
        word = region_word(legal)
        if word is not None and not any(a.do == word for a in here) and g.to_act == g.current:
            probe = Action(g.current, word, region=rid)
            why = g.why_illegal(probe)
            if why is not None and getattr(why, "rule", "") != NO_ARMY:
                rule = getattr(why, "rule", getattr(why, "field", ""))
                alert = f"Not now: {esc(label(probe, self._names))} — {esc(rule)}: {esc(why.reason)}"
        set_text(self._card_alert, alert)

    def _fill_turn_buttons(self) -> None:
        """The words of the bar and of panels: one button per direct action, an opener per
        panel, a die row for a word that only rolls; a word with `confirm` asks again."""
        out: list[tuple[str, str, Any]] = []
        bar: list[Action] = []
        die: Action | None = None
        for key, grp in self._groups.items():
            word, a = grp.word, grp.first
            if word.place in ("region", "column"):
                continue
            if inputs.needs_panel(word):
                out.append((inputs.open_label(a, self._names), "default", ("open", key)))
            elif word.place == "bar":
                bar.append(a)
            elif die is None and inputs.die_applies(self.session.game, a):
                die = a
            else:
                out.append((label(a, self._names), "default", ("act", a)))
        for k, a in enumerate(bar):  # the last one closes the turn: it stands out
            colour = "success" if k == len(bar) - 1 else "warning"
            press = ("confirm", a) if WORDS[a.do].confirm else ("act", a)
            out.append((label(a, self._names), colour, press))
            if self._confirm == a:
                out = [(f"Confirm: {label(a, self._names)}", colour, ("act", a)),
                       ("Cancel", "default", ("cancel", None))]
                break
        show_buttons(self._turn_buttons, out, self._taps)
        note = ""
        if die is not None:
            note = (f"<b>{esc(label(die, self._names))}</b> before the next conquest "
                    f"({esc(WORDS[die.do].rule)})")
        self._die.fill(die, note, "warning")

    # --- panels: placements, choices and forms -----------------------------------------
    def _word_panel(self, grp: inputs.Group, cancel: bool) -> list[Any] | None:
        """The input of a word whose parameters are chosen in a panel; None when it is the
        placement panel (pooled, in its own box)."""
        s, g = self.session, self.session.game
        a = grp.first
        opener = inputs.open_label(a, self._names)
        title = (f"<h3>{esc(inputs.closed(opener))}</h3><div class='sw-muted'>"
                 f"{chip(a.by, s.colour(a.by))} · {esc(grp.word.rule)}</div>")
        key = inputs.adjusted(grp.word)
        if key is not None and grp.word.params[key].kind is Kind.PLACEMENT:
            regions = inputs.placement_regions(g, grp)
            low: dict[str, int] = {}
            if g.queue and a.by != g.current:  # withdrawn tokens: counts may only grow (B-LOSS-2)
                a = g.default_withdrawal()
                race = a.race
                low = {g.board.ids[i]: g.tokens[i] for i in g.regions_of(race)}
                extra = sum(dict(a.args[key]).values()) - sum(low.values())
                title = (f"<h3>{chip(a.by, s.colour(a.by))} places withdrawn "
                         f"{esc(name_of(race))}</h3><div>{extra} token{'s' if extra != 1 else ''}"
                         f" taken back from lost regions go{'es' if extra == 1 else ''} onto "
                         "regions the race still holds (B-LOSS-2).</div>")
            self._placement.fill(g, title, a, regions, low, inputs.closed(opener), cancel)
            return None
        def act(action: Action, seen: int = s.seq) -> bool:  # the state this panel shows
            return self._act(action, seen)
        if key is not None:
            items = inputs.choice_panel(g, grp, self._names, title, act)
        else:
            items = inputs.form_panel(grp, self._names, title, act)
        return items + ([self._cancel()] if cancel else [])

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

        def confirm(_: Any, seen: int = s.seq) -> None:  # exactly what the listing showed
            with self._batch("action"):
                ok = (s.undo(steps.value, seen) if what == "undo"
                      else s.redo(steps.value, seen))
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
        """The combo column: six rows kept from one drawing to the next, updated in place; a
        row's button is the legal action that names its position (its label's first word,
        the whole label as the tooltip)."""
        g = self.session.game
        show(self._column, not g.game_over)
        show(self._region_pick, not g.game_over)
        picks: dict[int, Action] = {}
        for a in self._legal:
            for key, p in WORDS[a.do].params.items():
                if p.kind is Kind.COMBO and key in a.args:
                    picks.setdefault(a.args[key], a)
        for k, (text_pane, button) in enumerate(self._column_rows):
            if k >= len(g.column):
                set_text(text_pane, "")
                show(button, False)
                button.sw_action = None
                continue
            set_text(text_pane, column_row_html(g, k))
            show(button, k in picks)
            button.sw_action = ("act", picks[k]) if k in picks else None
            if k in picks:
                text = label(picks[k], self._names)
                relabel(button, inputs.short(text))
                if button.description != text:
                    button.description = text
        note = "" if g.column else "<div class='sw-muted'>The column is empty.</div>"
        if g.needs_reveal:
            note = "<div class='sw-muted'>A new pair waits to be entered (above).</div>"
        set_text(self._column_note, note)

    def _build_column(self) -> pn.Column:
        self._column_rows = []
        rows: list[Any] = [html("<h3 style='margin:4px 0'>Combo column</h3>")]
        for _ in range(6):
            text = html("")
            button = pool_button(self._taps, 90)
            button.param.update(color="primary")
            show(button, False)
            self._column_rows.append((text, button))
            rows.append(pn.Row(text, button, sizing_mode="stretch_width",
                               styles={"border-bottom": "1px solid #e3e3e3"}))
        self._column_note = html("")
        return pn.Column(*rows, self._column_note, sizing_mode="stretch_width",
                         styles={"border": "1px solid #d0d7de", "border-radius": "10px",
                                 "padding": "6px"})

    def _fill_players(self) -> None:
        text = players_html(self.session)
        if self._players_pane.object != text:
            self._players_pane.object = text
        show(self._peek, not self.session.game.game_over)

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
