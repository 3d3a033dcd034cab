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

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import panel as pn
import param

from swcore import Action
from swcore.board import SYMBOLS
from swcore.i18n import place_name
from swcore.words import WORDS, Kind

from . import collector, inputs, proposal
from .advice import AdvicePanel
from .cards import (
    chip,
    coins_figure,
    display_names,
    header_html,
    legend_html,
    name_of,
    score_html,
    scores_html,
    standings_html,
)
from .endsheet import EndSheet
from .film import film_link
from .i18n import _, label, lang, ngettext
from .metrics import METRICS, record
from .module_cards import notices_html, turn_html
from .region_card import RegionCardMixin
from .session import TableSession
from .sidebar import SideMixin
from .taps import TapChannel
from .watcher import Following, Watcher
from .widgets import (
    BIG,
    CSS,
    PHONE_ONLY,
    TURN_BUTTON,
    WIDE_SHOWN,
    Stepper,
    alert_pane,
    button,
    esc,
    html,
    pool_button,
    put,
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
#: The fixed bar (Undo, End the turn, the last scores): always on screen, away from the map's
#: buttons (review M4, M5); it grows upwards for a confirmation and scrolls if it must.
BAR_STYLES = {"position": "sticky", "bottom": "0", "z-index": "20", "background": "#ffffff",
              "border-top": "3px solid #1b5e20", "padding": "4px 6px", "max-height": "85vh",
              "overflow-y": "auto", "box-shadow": "0 -3px 8px rgba(0,0,0,.15)"}


class TurnScreen(SideMixin, RegionCardMixin, Following, pn.viewable.Viewer):
    """The game screen of one device. `on_leave()` goes back to the lobby."""

    session = param.ClassSelector(class_=TableSession)
    selected = param.String(default="", doc="the region tapped on the map ('' = none)")
    mode = param.Selector(default="play", objects=["play", "panel", "undo", "redo"],
                          doc="'panel': the input of the word group `_panel_key`")
    asking = param.String(default="", doc="the turn bar's word asked for confirmation ('' none; "
                          "'end_turn': the end-of-turn sheet): the page's address names it")

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
        self._asked: Action | None = None  # a word with `confirm` pressed once (`_confirm`)
        self._legal: list[Action] = []
        self._groups: dict[tuple, inputs.Group] = {}
        self._steps = 1
        self._taps = TapChannel(self.tapped)
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
            self._map = BoardMap(g, width=760, on_tap=self._tapped, player_colors=session.colours,
                                 legend=False)
            self._map.may_act = session.may_act  # no outlined targets in a bot's turn
            self._map.fit_width()  # the title and legend are HTML around it
            self._add_highlight()
            self._map_pane = self._map.panel(sizing_mode="stretch_width")
            # The key sits under the map on a wide screen and at the end on a narrow one (a
            # phone), so that the region card comes right after the map there.
            key = legend_html(g, session.colours)
            self._legend = html(key, stylesheets=[CSS, WIDE_ONLY])
            self._legend_narrow = html(key, stylesheets=[CSS, NARROW_ONLY])
        self._region_pick = pn.widgets.Select(label=_("Region (or tap the map)"), options=self._regions(),
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
        self._end = EndSheet(self._taps, session.at_a_table)
        self._end_key: Any = None
        self._props: list[proposal.Proposal] = []
        self._fix_word: Any = None
        self._sending = False
        self._dirty = False
        # The panels under the map stay in the page and are shown or hidden: the normal turn,
        # token placement (steppers), and a box for the rare ones (undo/redo, a choice of
        # regions, a form of selects, the final standings), built when needed.
        self._other = pn.Column(sizing_mode="stretch_width")
        # The status line stays above whichever panel shows (a pick's revealed pair to enter).
        self._context = pn.Column(self._status_pane, self._play_box, self._place_box,
                                  self._other, sizing_mode="stretch_width")
        self._log = html("", sizing_mode="stretch_width")
        undo = button(_("↶ Undo…"), height=BIG, width=110, sizing_mode="fixed", margin=0)
        undo.on_click(lambda e: self._ask("undo"))
        redo = button(_("↷ Redo…"), height=BIG, width=110, sizing_mode="fixed", margin=0)
        redo.on_click(lambda e: self._ask("redo"))
        leave = button(_("Lobby"), height=BIG, width=90, sizing_mode="fixed", margin=0)
        leave.on_click(lambda e: self.leave())
        self._undo_btn, self._redo_btn = undo, redo
        self._sheet = pn.Column(sizing_mode="stretch_width")  # undo/redo confirmation
        self._scores = html("")
        # The rarer actions: on a tablet in the bar's one row, on a phone behind "More" (opened
        # above the row). (index 2 is the Lobby button: the first-game page hides it)
        self._more = pn.FlexBox(undo, redo, leave, self._scores, flex_wrap="wrap",
                                align_items="center", gap="4px 8px", margin=0,
                                stylesheets=[WIDE_SHOWN],
                                styles={"flex": "0 1 auto", "display": "none"})
        self._more_open = False
        self._more_btn = button(_("☰ More"), height=BIG, width=90, sizing_mode="fixed", margin=0,
                                stylesheets=[PHONE_ONLY])
        self._more_btn.on_click(lambda e: self._toggle_more())
        self._undo_redo = pn.FlexBox(self._more, self._more_btn, self._turn_buttons,
                                     sizing_mode="stretch_width", flex_wrap="wrap",
                                     align_items="center", gap="4px 8px", margin=0)
        self._bar = pn.Column(self._alert, self._end.box, self._sheet, self._bar_note,
                              self._undo_redo,
                              sizing_mode="stretch_width", styles=BAR_STYLES,
                              css_classes=["sw-bar"])
        self.advice = AdvicePanel(session)  # off by default at a table (dashboards/advice.py)
        side = pn.Column(self._context, self.advice, self._column, self._players, self._peek,
                         self._log, self._legend_narrow, sizing_mode="stretch_width",
                         styles={"flex": "1 1 380px", "min-width": "300px"})
        fw, fh = g.board.frame
        # As wide as the screen allows, but not so wide that the board, the region list and the
        # map's key do not fit between the header and the bar (a tablet in landscape).
        board = pn.Column(self._map_pane, self._region_pick, self._legend,
                          sizing_mode="stretch_width",
                          styles={"flex": "3 1 560px", "min-width": "300px",
                                  "max-width": f"max(300px, calc((100vh - 380px) * {fw / fh:.3f}))"})
        self._layout = pn.Column(
            self._header, self._taps.box,
            pn.FlexBox(board, side, flex_wrap="wrap", align_items="flex-start",
                       sizing_mode="stretch_width", styles={"gap": "14px"}),
            self._bar, sizing_mode="stretch_width",
        )
        self._watchers = [session.param.watch(self._changed, ["version"]),
                          session.param.watch(self._show_error, ["error"])]
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @property
    def _confirm(self) -> Action | None:
        """The turn bar's word with `confirm` pressed once; `asking` follows it."""
        return self._asked

    @_confirm.setter
    def _confirm(self, action: Action | None) -> None:
        self._asked = action
        self.asking = action.do if action is not None else ""

    def ask_again(self, do: str) -> None:
        """Ask again for the confirmation of the turn bar's word `do` (a page reloaded with an
        address naming it, dashboards/app.py); nothing when that word is not offered now."""
        for grp in self._groups.values():
            if grp.word.place == "bar" and grp.first.do == do:
                self._press(("confirm", grp.first))
                return

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
    def _syncing(self) -> Any:
        return self._batch("sync")  # a refresh is timed like a click (SW_METRICS)

    def poll(self) -> None:
        try:
            self.session.sync()
        except Exception as err:  # a database hiccup must not kill the session
            self._alert.object = esc(_("Could not reach the database: {error}").format(error=err))
            show(self._alert)

    def leave(self) -> None:
        self.stop()
        if self.on_leave:
            self.on_leave()

    def stop(self) -> None:
        Following.stop(self)
        for w in self._watchers:
            self.session.param.unwatch(w)
        self._watchers = []

    # --- reacting to the session -------------------------------------------------------
    def _changed(self, event: Any) -> None:
        if self._sending:  # several actions of one tap: one redraw after the last
            self._dirty = True
            return
        g = self.session.game
        self._history = ([*reversed(self.session.notes)] + self._history)[:12]
        mover = (g.turn, g.to_act)
        with param.parameterized.discard_events(self):  # one redraw below, not three
            if mover != self._mover:
                self._mover = mover
                self.selected = ""
            self.mode = "play"
        self._confirm = None
        self._fixing = ""
        self._show_selection()
        show(self._undo_redo)
        self._toggle_more(False)
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
            collector.settle()  # what this click left alive, out of the collector's walks
            if METRICS:
                record(kind, self.session.game_id, 1000 * (time.perf_counter() - t0),
                       1000 * (time.thread_time() - c0))

    def _act(self, action: dict[str, Any] | Action, seen: int | None = None) -> bool:
        with self._batch("action"):
            ok = self.session.act(action, seen)
            self._show_error(None)
        if ok:
            self.poke()
        return ok

    # --- the map -------------------------------------------------------------------------
    def _regions(self) -> dict[str, str]:
        b = self.session.game.board
        opts = {"—": ""}
        for i, rid in enumerate(b.ids):
            syms = ", ".join(place_name(s, lang()) for s in SYMBOLS if s in b.symbols[i])
            opts[f"{rid} · {place_name(b.terrain[i], lang())}{' · ' + syms if syms else ''}"] = rid
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

    def _toggle_more(self, on: bool | None = None) -> None:
        """Open or close the phone's menu of rarer actions (Undo, Redo, Lobby, Last scores)."""
        self._more_open = not self._more_open if on is None else on
        show(self._more, self._more_open)

    @param.depends("mode", watch=True)
    def _on_mode(self) -> None:
        show(self._undo_redo, self.mode not in ("undo", "redo"))
        self._fill_context()

    # --- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        s, g = self.session, self.session.game
        with pn.io.hold():
            self._legal = [a for a in g.legal_actions() if s.may_act(a.by)]
            self._groups = inputs.group(self._legal)
            self._fix_word = proposal.correction_word(self._legal) if s.at_a_table else None
            set_text(self._scores, scores_html(g, s.colours))
            self._taps.set_seq(s.seq)
            self._header.object = header_html(s)
            if self._map is not None:
                self._map.update(g)
            self._fill_context()
            self._fill_column()
            self._fill_players()
            self._undo_btn.disabled = not g.log
            self._redo_btn.disabled = not g.redo_stack
            set_text(self._log, ("<div class='sw-card'><h3>" + _("What happened") + "</h3><ul class='sw-log'>"
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
        self._fill_status()
        asking = self.mode in ("undo", "redo")  # the confirmation opens in the fixed bar
        if asking:
            put(self._sheet, self._undo_panel())
        show(self._sheet, asking)
        if g.game_over:
            key = g.state_hash()
            if self._final_key != key:
                self._final_key = key
                self._final = [html(standings_html(g, s.colours) + film_link(s.game_id, s.code)),
                               pn.pane.Bokeh(coins_figure(g, s.colours), sizing_mode="stretch_width")]
            items = self._final
            self._end.hide()
            show_buttons(self._turn_buttons, [], self._taps)
        elif only is not None or (self.mode == "panel" and self._panel_key in self._groups):
            key = only if only is not None else self._panel_key
            items = self._word_panel(self._groups[key], cancel=only is None)
            if items is None:
                box = self._place_box
            self._end.hide()
            show_buttons(self._turn_buttons, [], self._taps)
        else:
            self._play_panel()
            box = self._play_box
        if items is not None:
            put(self._other, items)
        for panel in (self._play_box, self._place_box, self._other):
            show(panel, panel is box)

    def tapped(self, button: Any, seq: int, text: str) -> None:
        """A tap from the page: `button` as it was labelled at `seq` (None: a bare click). Refused
        (and said) when the game or the button changed since: the page shows the new state."""
        if not TapChannel.fresh(button, seq, text, self.session.seq):
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
        if kind == "end":
            self._send_end(value, seen)
            return
        with self._batch("panel"):
            if kind == "open":
                self._panel_key = value
                self.mode = "panel"
            elif kind == "confirm":
                self._confirm = value
                self._fill_context()
            elif kind == "fix":  # open (a region) or close ("") the correction of tokens
                self._open_fix(value)
                self._fill_context()
            else:  # "cancel"
                self._confirm = None
                self._fill_context()

    def _build_play(self) -> None:
        self._score_pane = html("")
        self._status_pane = html("")
        self._build_card()  # the selected region's card (dashboards/region_card.py)
        # The button pools start at the sizes most turns need (see `_build_card`).
        self._hint = html("<div class='sw-muted'>" + _("Tap a region on the map to see its cost "
                                                        "and conquer it.") + "</div>")
        self._die = inputs.DieRow(self._taps)  # a word that only rolls (a power's die)
        # The bar's words (End the turn, decline; their confirmation) and the turn's others.
        self._bar_note = html("")  # how to choose among a bar word's variants
        turn_buttons = [pool_button(self._taps, hidden=True) for _ in range(5)]
        for b in turn_buttons:
            b.stylesheets = [*b.stylesheets, TURN_BUTTON]
        self._turn_buttons = pn.FlexBox(*turn_buttons,
                                        sizing_mode="stretch_width", flex_wrap="wrap",
                                        gap="4px 8px", margin=0, styles={"flex": "1 1 200px"})
        self._word_buttons = pn.Column(*(pool_button(self._taps, hidden=True) for _ in range(2)),
                                       sizing_mode="stretch_width")
        self._turn_outcome = html("")
        self._play_box = pn.Column(self._score_pane, self._card, self._hint,
                                   self._turn_outcome, self._word_buttons, self._die.box,
                                   sizing_mode="stretch_width")

    # --- the normal turn -------------------------------------------------------------
    def _play_panel(self) -> None:
        s, g = self.session, self.session.game
        legal = self._legal
        # The score card stands out right after the turn that produced it.
        last = g.players[g.track[-1][1]] if g.track else None
        prominent = bool(g.log and last and g.log[-1].get("by") == last and g.current != last)
        told = notices_html(g, s.events)  # what a module announces (a Ghost rose after the turn)
        set_text(self._score_pane, (score_html(g, s.colours, True) if prominent else "") + told)
        army = g.army_of(g.current)
        show(self._card, bool(self.selected))
        show(self._hint, not self.selected and army is not None and bool(legal))
        if self.selected:
            self._fill_card(legal)
        self._fill_turn_buttons()

    def _fill_status(self) -> None:
        """Who plays what, with how many tokens, or that a combo is to be picked; a module's
        card for this player. Shown above every panel of the turn."""
        s, g = self.session, self.session.game
        if g.game_over:
            set_text(self._status_pane, "")
            return
        legal = self._legal
        me = g.current
        army = g.army_of(me)
        picking = any(WORDS[a.do].place == "column" for a in legal)
        if army is not None:
            power = f" / {esc(name_of(army.power))}" if army.power else ""
            avail = g.available(army)
            status = ("<div>" + ngettext(
                "{player} plays {race}{power}: {n} token to conquer with",
                "{player} plays {race}{power}: {n} tokens to conquer with", avail).format(
                player=chip(me, s.colour(me)), race=f"<b>{esc(name_of(army.race))}</b>",
                power=power, n=avail) + "</div>")
        elif picking:
            status = ("<div>" + _("{player}: pick a race and power from the combo column.")
                      .format(player=chip(me, s.colour(me))) + "</div>")
        else:
            status = ""
        set_text(self._status_pane, status + turn_html(g, me))  # a module's card for this player

    def _fill_turn_buttons(self) -> None:
        """The words of the turn: one button per direct action, an opener per panel, a die row
        for a word that only rolls. The bar's words sit in the fixed bar, one button per word;
        confirming one whose legal variants differ (where a decline leaves its Tower) offers
        each variant, the one of the region tapped on the map first. The word that closes the
        turn (the bar's last) asks first and shows what the end of the turn would place
        (`EndSheet`), with the words that end the conquests (offered there, where the rules
        place them)."""
        g = self.session.game
        out: list[tuple[str, str, Any]] = []
        extras: list[tuple[tuple[str, str, Any], inputs.Group]] = []
        bar: dict[str, list[Action]] = {}  # a bar word's legal variants, in the engine's order
        die: Action | None = None
        for key, grp in self._groups.items():
            word, a = grp.word, grp.first
            if word.place in ("region", "column"):
                continue
            if word.place == "bar":
                bar.setdefault(a.do, []).append(a)
                continue
            if inputs.needs_panel(word):
                spec = (inputs.open_label(a, self._names), "default", ("open", key))
            elif die is None and self.session.at_a_table and inputs.die_applies(g, a):
                die = a
                continue
            else:
                spec = (label(a, self._names), "default", ("act", a))
            if word.ends_conquests:
                extras.append((spec, grp))
            else:
                out.append(spec)
        show_buttons(self._word_buttons, out, self._taps)
        set_text(self._turn_outcome, self._outcome_html(None))
        closing = next(reversed(bar)) if bar else None  # the word that ends the turn
        row: list[tuple[str, str, Any]] = []
        note = ""
        asked = self._confirm.do if self._confirm is not None else None
        if asked in bar:
            variants = bar[asked]
            keys = inputs.varied(variants)
            more = inputs.combinations(variants, self._confirm)  # several choices to combine
            sent = variants if more is None else [self._confirm]

            def ordered(acts: list[Action]) -> list[Action]:  # the tapped region's first
                here = [v for v in acts if inputs.variant_region(v, keys) == self.selected]
                return here + [v for v in acts if v not in here]
            for v in ordered(sent):
                text = _("Confirm: {action}").format(action=label(v, self._names))
                row.append((text, "success", ("end", v)) if asked == closing
                           else (text, "warning", ("act", v)))
            row += [(label(v, self._names) + "…", "default", ("confirm", v)) for v in ordered(more or [])]
            if asked == closing:
                self._fill_end(sent[0])
                proposed = [pr.group for pr in self._props]  # in the sheet already
                row[:0] = [spec for spec, grp in extras if not any(grp is q for q in proposed)]
            if len(variants) > 1 and any(inputs.variant_region(v, keys) for v in variants):
                note = _("Choose one: tap it, or first tap its region on the map.")
            row.append((_("Cancel"), "default", ("cancel", None)))
        else:
            self._end.hide()
            for do, variants in bar.items():
                a = variants[0]
                keys = inputs.varied(variants)
                text = (label(inputs.bare(a, keys), self._names) + "…") if keys \
                    else label(a, self._names)
                ask = WORDS[do].confirm or do == closing or bool(keys)
                row.append((text, "success" if do == closing else "warning",
                            ("confirm", a) if ask else ("act", a)))
        set_text(self._bar_note, f"<div class='sw-muted'>{esc(note)}</div>" if note else "")
        show_buttons(self._turn_buttons, row, self._taps)
        self._die.fill(die, inputs.die_note(die, self._names), "warning")

    def _fill_end(self, closing: Action) -> None:
        """The proposals of the end of the turn, computed once per state shown."""
        key = (self.session.seq, closing)
        if key != self._end_key:
            self._end_key = key
            self._props = proposal.proposals(self.session.game, self._groups, closing)
        self._end.fill(self.session.game, self._props, self._names, key)

    def _send_end(self, closing: Action, seen: int | None) -> None:
        """The confirmed placements, then the closing word; one redraw. Stops at a refusal
        (shown; what was stored stays, and can be undone)."""
        actions = [*self._end.actions(), closing]
        with self._batch("action"):
            self._sending = True
            try:
                for k, a in enumerate(actions):
                    if not self.session.act(a, seen if k == 0 else None):
                        break
            finally:
                self._sending = False
            self._show_error(None)
            if self._dirty:
                self._dirty = False
                self._changed(None)
        self.poke()

    # --- panels: placements, choices and forms -----------------------------------------
    def _word_panel(self, grp: inputs.Group, cancel: bool) -> list[Any] | None:
        """The input of a word whose parameters are chosen in a panel; None when it is the
        placement panel (pooled, in its own box)."""
        s, g = self.session, self.session.game
        a = grp.first
        # A form's heading names the word alone ("Enter the revealed combo", not the first legal
        # pair read as the pair to enter); its button names the values chosen.
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
                title = ("<h3>" + _("{player} places withdrawn {race}").format(
                    player=chip(a.by, s.colour(a.by)), race=esc(name_of(race))) + "</h3><div>"
                    + ngettext("{n} token taken back from lost regions goes onto regions the "
                               "race still holds (B-LOSS-2).", "{n} tokens taken back from lost "
                               "regions go onto regions the race still holds (B-LOSS-2).",
                               extra).format(n=extra) + "</div>")
            self._placement.fill(g, title, a, regions, low, inputs.closed(opener), cancel,
                                 inputs.subset_options(g, grp), self._names)
            return None
        def act(action: Action, seen: int = s.seq) -> bool:  # the state this panel shows
            return self._act(action, seen)
        if key is not None:
            items = inputs.choice_panel(g, grp, self._names, title, act)
        else:
            items = inputs.form_panel(g, grp, self._names, title + turn_html(g, g.current), act)
        return items + ([self._cancel()] if cancel else [])

    def _cancel(self) -> pn.widgets.Button:
        b = pn.widgets.Button(label=_("Cancel"), height=BIG, sizing_mode="stretch_width")
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
            return [html(_("Nothing to undo.") if what == "undo" else _("Nothing to redo.")),
                    self._cancel()]
        steps = Stepper(_("How many actions"), min(self._steps, len(stack)), 1, len(stack))
        listing = html("")

        def show(*_: Any) -> None:
            self._steps = steps.value
            preview = (s.undo_preview if what == "undo" else s.redo_preview)(self._steps)
            listing.object = ("<ol class='sw-log'>" + "".join(f"<li>{esc(t)}</li>" for t in preview)
                              + "</ol>")
        steps.param.watch(show, "value")
        show()
        verb = _("Undo") if what == "undo" else _("Redo")
        yes = pn.widgets.Button(label=_("Yes, undo") if what == "undo" else _("Yes, redo"),
                                color="danger", height=BIG,
                                sizing_mode="stretch_width")

        def confirm(_: Any, seen: int = s.seq) -> None:  # exactly what the listing showed
            with self._batch("action"):
                ok = (s.undo(steps.value, seen) if what == "undo"
                      else s.redo(steps.value, seen))
                self._show_error(None)
                if not ok:
                    self.mode = "play"
            if ok:
                self.poke()
        yes.on_click(confirm)
        ask = (_("These actions will be taken back, the most recent first:") if what == "undo"
               else _("These actions will be played again, in the order they were played:"))
        return [html("<h3>" + _("{verb} — are you sure?").format(verb=verb) + f"</h3><div>{ask}</div>"),
                steps, listing, pn.Row(yes, self._cancel(), sizing_mode="stretch_width")]
