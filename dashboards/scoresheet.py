"""The score-sheet screen: a score-only game (`swcore.scoresheet`), for a table that does not
tap its conquests or plays a board the app does not have.

Per turn the current player enters what the table did: the combo picked (race, power, its
position and the coins found on it), going into decline, and what each of their races holds at
the end of the turn, with steppers by terrain, symbol and the counts the rule modules ask for.
The engine computes the coins; the screen shows every player's last score with its breakdown,
keeps the totals hidden (each player may peek at their own, B-SCORE-3) and, at the end, the
standings and the same coins chart as the map game. Names come from the engine's catalogues
and registries, so this file names no race, power or kind.

Every button that acts (score the turn, undo, redo, their confirmation, peek, switch to the map)
taps through a `taps.TapChannel`, like the turn screen's: the tap carries the sheet's seq and the
label its page showed ("Score Ann's turn" names the player), and a tap on a sheet that moved on
is refused and said (another device may have entered that turn, or undone it, first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from swcore import builtin_ids
from swcore.i18n import item_name
from swcore.scoresheet import WORD

from .cards import chip, coins_figure, peek_card, score_html, scores_html, track_html
from .column_entry import ColumnEntry
from .i18n import _, lang
from .session import SetupError, TableSession, switch_to_map
from .switch_panel import SwitchMap
from .taps import TapChannel
from .watcher import Following
from .widgets import Stepper, alert_pane, button, esc, html, put, show

MOST = 40  # a stepper's top without a board to bound it
W = {"sizing_mode": "stretch_width"}


class ArmyCounts:
    """The steppers of one race's counts at the end of the turn, seeded with its last entry."""

    def __init__(self, screen: SheetScreen, k: int, title: str, last: dict[str, Any],
                 active: bool):
        sheet = screen.session.game
        board = sheet.board
        self.steppers: dict[tuple[str, str], Stepper] = {}
        rows: list[Any] = [html(f"<h3>{title}</h3>")]
        kinds = [("terrain", t, item_name(t, lang()), board.terrain.count(t) if board else MOST)
                 for t in sheet.terrains()]
        kinds += [("symbol", s, item_name(s, lang()),
                   sum(s in x for x in board.symbols) if board else MOST) for s in sheet.symbols()]
        kinds += [("count", c.id, (c.french if lang() == "fr" else c.english) + f" ({c.rule})", MOST)
                  for c in sheet.counts() if active or not c.active_only]
        for part, kid, label, most in kinds:
            if most == 0:
                continue
            st = Stepper(esc(label), last.get(part, {}).get(kid, 0), 0, most)
            st.layout.css_classes = [f"sw-step-{k}-{part}-{kid}"]
            self.steppers[(part, kid)] = st
            rows.append(st)
        self.box = pn.Column(*rows, css_classes=["sw-card"], **W)

    def value(self, declining: bool, active_only: set[str]) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {"terrain": {}, "symbol": {}, "count": {}}
        for (part, kid), st in self.steppers.items():
            if st.value and not (declining and part == "count" and kid in active_only):
                out[part][kid] = st.value
        return out


class SheetScreen(Following, pn.viewable.Viewer):
    """The score sheet of one session: header, the turn's entry, last scores, coins, undo."""

    def __init__(self, session: TableSession, on_leave: Callable[[], Any] | None = None,
                 on_switch: Callable[[int, str], Any] | None = None, device: str | None = None):
        super().__init__()
        self.session = session
        self.on_leave = on_leave
        self.on_switch = on_switch  # called with the map game's (id, code) once it is stored
        self.device = device
        self._key: Any = None
        self._for = ""  # the player the turn's form was built for
        self._asked_at = 0  # the seq the undo or redo confirmation listed
        self._taps = TapChannel(self.tapped)
        own = self._taps.own
        self._header = html("")
        self._alert = alert_pane("danger")
        self._last = html("")
        self._scores = html("")
        self._form = pn.Column(**W)
        self._end = pn.Column(**W)
        self._armies: list[tuple[str | None, ArmyCounts]] = []
        self._peek_text = html("")
        peeks = []
        for p in session.players:
            peeks.append(own(button(_("{player}: my coins").format(player=p), height=48),
                             lambda p=p: self.peek(p)))
        hide = button(_("Hide"), height=48, width=100)
        hide.on_click(lambda e: self.hide_peek())
        self._peek = pn.Column(
            html("<div class='sw-muted'>" + _("Coins stay hidden (B-SCORE-3). Each player may "
                                             "peek at their own:") + "</div>"),
            pn.FlexBox(*peeks, styles={"gap": "6px"}, **W),
            pn.Row(self._peek_text, hide, **W), **W)
        self._ask = html("")
        self._yes = own(button(_("Yes"), color="primary"))  # its action: `ask`
        self._no = button(_("Cancel"))
        self._confirm = pn.Column(self._ask, pn.Row(self._yes, self._no), **W,
                                  styles={"display": "none"})
        self._asking = ""
        self._no.on_click(lambda e: self.ask(""))
        undo = own(button(_("↶ Undo…")), lambda: self.ask("undo"))
        redo = own(button(_("↷ Redo…")), lambda: self.ask("redo"))
        leave = button(_("Lobby"))
        leave.on_click(lambda e: self.leave())
        self._to_map = own(button(_("Switch to the map…")), self.open_switch)
        self._go = own(button("", color="primary", height=56), self.submit)
        self._create = own(button(_("Create the map game"), color="primary"))  # open_switch
        self._switch = pn.Column(**W, styles={"display": "none"})
        self._switch_alert = alert_pane("danger")  # a refusal of the switch, beside its button
        self._map: SwitchMap | None = None
        self._column: ColumnEntry | None = None  # the switch's column, kept while the board changes
        self._column_at = -1  # the seq it was made on
        self._layout = pn.Column(self._header, self._taps.box, self._alert, self._last,
                                 self._form, self._end,
                                 self._scores, self._peek, pn.Row(undo, redo, leave, self._to_map),
                                 self._confirm, self._switch, **W)
        self._watchers = [session.param.watch(lambda e: self.refresh(), ["version"]),
                          session.param.watch(lambda e: self._show_error(), ["error"])]
        self.hide_peek()
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def leave(self) -> None:
        self.stop()
        if self.on_leave:
            self.on_leave()

    def stop(self) -> None:
        super().stop()
        for w in self._watchers:
            self.session.param.unwatch(w)
        self._watchers = []

    # --- drawing -----------------------------------------------------------------------
    def refresh(self) -> None:
        s, g = self.session, self.session.game
        status = ("<b>" + _("Game over") + "</b>" if g.game_over else
                  _("To play: {player}").format(player=chip(g.current, s.colour(g.current))))
        self._header.object = (
            f"<div class='sw-top' data-seq='{s.seq}'><span><b>{esc(s.table_name)}</b> · "
            + _("score sheet") + "</span><span>"
            + _("Turn {turn} of {turns}").format(turn=min(g.turn, g.turns), turns=g.turns)
            + f" {track_html(g)}</span><span>{status}</span></div>")
        self._last.object = score_html(g, s.colours, prominent=True)
        self._scores.object = scores_html(g, s.colours)
        if self._key != s.seq:  # what was opened on the sheet as it was no longer applies
            self._key = s.seq
            self._build_form()
            show(self._switch, False)
            self._create.sw_action = None
            self.ask("")
            self.hide_peek()
        self._taps.set_seq(s.seq)
        show(self._to_map, not g.game_over and g.seat == 0)  # at a round's start (B-FLOW-1)
        self._show_error()

    def _show_error(self) -> None:
        text = self.session.error
        self._alert.object = esc(text)
        show(self._alert, bool(text))

    def _build_form(self) -> None:
        g = self.session.game
        self._armies = []
        if g.game_over:
            put(self._form, [])
            put(self._end, [html(self._standings()),
                            pn.pane.Bokeh(coins_figure(g, self.session.colours), **W)])
            return
        put(self._end, [])
        seat, p = g.seat, g.current
        self._for = p
        items: list[Any] = [html("<h3>" + _("{player}'s turn {turn}: what the table did").format(
            player=chip(p, self.session.colour(p)), turn=g.turn) + "</h3>")]
        self._race = self._power = None
        self._decline = self._after = None
        if g.active[seat] is None:
            taken = g.in_play()
            races = {item_name(r, lang()): r for r in g.races() if r not in taken}
            powers = {item_name(x, lang()): x for x in g.powers() if x not in taken}
            self._race = pn.widgets.Select(label=_("Race picked"), options=races, **W)
            self._power = pn.widgets.Select(label=_("Power picked"), options=powers, **W)
            self._position = Stepper(_("Position in the column (0 = top, free; B-COMBO-2)"), 0, 0, 5)
            self._collected = Stepper(_("Coins found on the combo (B-COMBO-3)"), 0, 0, MOST)
            self._position.layout.css_classes = ["sw-step-position"]
            self._collected.layout.css_classes = ["sw-step-collected"]
            items += [pn.Row(self._race, self._power, **W), self._position, self._collected]
            self._armies.append((None, ArmyCounts(self, 0, _("The race picked holds"), {}, True)))
        else:
            self._decline = pn.widgets.Checkbox(label=_("Goes into decline this turn (B-DECL)"))
            self._after = pn.widgets.Checkbox(label=_("…after scoring this turn's expansion "
                                                     "(only a power that says so, B-DECL-1)"))
            items += [self._decline, self._after]
        for k, race in enumerate(g.races_of(seat), start=len(self._armies)):
            army = g.armies[race]
            what = _("in decline") if army.declined else _("active")
            title = f"{esc(item_name(race, lang()))} ({what}) " + _("holds")
            self._armies.append((race, ArmyCounts(self, k, title, g.held.get(race, {}),
                                                  not army.declined)))
        items += [box.box for _r, box in self._armies]
        self._other = Stepper(_("Coins won or paid during the turn by other rules (entered)"),
                              0, -MOST, MOST)
        self._other.layout.css_classes = ["sw-step-other"]
        self._go.label = _("Score {player}'s turn").format(player=p)
        items += [self._other, self._go]
        put(self._form, items)

    def _standings(self) -> str:
        g = self.session.game
        win = set(g.winners())
        rows = sorted(zip(g.players, g.coins, strict=True), key=lambda r: -r[1])
        body = "".join(f"<tr><td>{chip(p, self.session.colour(p))}"
                       + (" <b>" + _("winner") + "</b>" if p in win else "")
                       + f"</td><td class='num'>{c}</td></tr>" for p, c in rows)
        return ("<div class='sw-card'><h3>" + _("Final standings") + "</h3><table class='sw-table'>"
                "<tr><th>" + _("Player") + "</th><th class='num'>" + _("Coins") + "</th></tr>"
                f"{body}</table><p class='sw-muted'>" + _("Most coins wins (B-END-1); the score "
                "sheet does not know the tokens on the board, so a tie is shared.") + "</p></div>")

    # --- acting --------------------------------------------------------------------------
    def tapped(self, b: Any, seq: int, text: str) -> None:
        """A tap from the page on `b`, labelled `text` on the sheet at `seq` (`b` None: a bare
        click). The sheet first catches up with the store: another process may have moved it,
        and a peek or a switch stores nothing that the store's check would catch. A tap on
        another state or label is refused and said; the screen shows the sheet as it is."""
        with pn.io.hold():
            self.poll()
            if TapChannel.fresh(b, seq, text, self.session.seq):
                b.sw_action()
            else:
                self.session.refuse_tap(seq)

    def entry(self) -> dict[str, Any]:
        """The turn as the form holds it (the engine checks it)."""
        g = self.session.game
        e: dict[str, Any] = {"by": self._for, "do": WORD, "held": {}}
        declining = bool(self._decline and self._decline.value)
        after = bool(self._after and self._after.value and declining)
        if self._race is not None:
            e["combo"] = {"race": self._race.value, "power": self._power.value,
                         "position": self._position.value, "collected": self._collected.value}
        if declining:
            e["into_decline"] = True
        if after:
            e["after_scoring"] = True
        only = {c.id for c in g.counts() if c.active_only}
        for race, box in self._armies:
            picked = e.get("combo", {}).get("race")
            race = race or picked
            active = race in (g.active[g.seat], picked)
            e["held"][race] = box.value(active and declining and not after, only)
        if self._other.value:
            e["other"] = self._other.value
        return e

    def submit(self) -> bool:
        with pn.io.hold():
            ok = self.session.act(self.entry(), self._key)
        if ok:
            self.poke()
        return ok

    def ask(self, what: str) -> None:
        """Open (or close, "") the undo or redo confirmation with what it takes back."""
        self._asking = what
        if what:
            self._asked_at = self.session.seq
            lines = (self.session.undo_preview(1) if what == "undo"
                     else self.session.redo_preview(1))
            if not lines:
                self.session.error = _("Nothing to undo.") if what == "undo" else _("Nothing to redo.")
                return
            verb = _("Undo") if what == "undo" else _("Redo")
            self._ask.object = ("<b>" + _("{verb} — are you sure?").format(verb=verb) + "</b><ul>"
                                + "".join(f"<li>{esc(x)}</li>" for x in lines) + "</ul>")
            self._yes.label = _("Yes, undo") if what == "undo" else _("Yes, redo")
        self._yes.sw_action = self.confirm if what else None  # a tap once closed is refused
        show(self._confirm, bool(what))

    def confirm(self) -> None:
        """Undo or redo what the confirmation listed; never silent: a question closed since
        (a turn scored at the same moment, review reliability N6) is refused and said."""
        what, self._asking = self._asking, ""
        show(self._confirm, False)
        if what not in ("undo", "redo"):
            self.session.refuse_tap(self.session.seq)
            return
        ok = (self.session.undo(1, self._asked_at) if what == "undo"
              else self.session.redo(1, self._asked_at))
        if ok:
            self.poke()

    # --- switching to the map ------------------------------------------------------------
    def open_switch(self, board: str | None = None) -> None:
        """The board, then on its map where each race stands and what else lies there
        (`SwitchMap`: the map game starts with one token in each region held, then the table
        corrects them, docs/app.md), and the combo column, shuffled or as it lies on the table
        (without the races and badges in play, B-SETUP-3). A refusal shows beside its button."""
        g = self.session.game
        boards = {b: b for b in builtin_ids()}
        board = board or (g.board.id if g.board is not None else f"base-{len(g.players)}p")
        pick = pn.widgets.Select(label=_("Board"), options=boards, value=board, **W)
        pick.param.watch(lambda e: self.open_switch(e.new), "value")
        self._map = SwitchMap(self.session, board)
        rows: list[Any] = [html("<h3>" + _("Switch to the map") + "</h3><div class='sw-muted'>"
                                + _("The map game keeps the seats, the coins and the round; set "
                                    "what lies on each region, then correct each region's "
                                    "tokens on the map.") + "</div>"), pick, self._map.box]
        if self._column is None or self._column_at != self.session.seq:
            self._column = ColumnEntry(g.expansions, g.in_play())
            self._column_at = self.session.seq
        show(self._switch_alert, False)
        rows += [html("<b>" + _("Combo column") + "</b>"), self._column, self._switch_alert]
        self._create.sw_action = lambda: self.switch(pick.value)
        put(self._switch, [*rows, self._create])
        show(self._switch)

    def switch(self, board: str) -> tuple[int, str] | None:
        """Store the map game; a refusal is said beside the button, in players' words."""
        try:
            column = self._column.kwargs() if self._column is not None else {}
            made = switch_to_map(self.session, board, device=self.device,
                                 **self._map.kwargs(), **column)
        except SetupError as err:
            self._switch_alert.object = esc(err.message)
            show(self._switch_alert)
            return None
        show(self._switch_alert, False)
        if self.on_switch:
            self.on_switch(*made)
        return made

    def peek(self, player: str) -> str:
        """One player's own coins (`view(player)`), until Hide."""
        text = peek_card(self.session, player)
        self._peek_text.object = text
        show(self._peek[-1])
        return text

    def hide_peek(self) -> None:
        self._peek_text.object = ""
        show(self._peek[-1], False)

