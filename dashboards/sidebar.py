"""The turn screen's side panels: the combo column, the players and their hidden coins.

A mixin of `TurnScreen` (dashboards/turn.py), kept apart so that each module stays small; it
reads the screen's session, legal actions and tap channel.
"""

from __future__ import annotations

from typing import Any

import panel as pn

from swcore import Action
from swcore.words import WORDS, Kind

from . import inputs
from .cards import column_row_html, peek_card, players_html
from .i18n import _, label
from .widgets import button, html, pool_button, relabel, set_text, show

PEEK_MS = 6000



class SideMixin:
    """The column, the players and the coins peek of a `TurnScreen`."""

    session: Any
    _legal: list[Action]
    _names: Any
    _taps: Any
    _region_pick: Any
    _peek_timer: Any

    # --- the column and the players ---------------------------------------------------
    def _fill_column(self) -> None:
        """The combo column: six rows kept from one drawing to the next, updated in place; a
        row's button is the legal action that names its position (its label's first word,
        the whole label as the tooltip)."""
        g = self.session.game
        show(self._column, not g.game_over)
        show(self._region_pick, not g.game_over)
        picks: dict[int, list[Action]] = {}  # a position's plain pick first, then its variants
        for a in self._legal:  # by the word's first COMBO parameter (a swap names another)
            key = next((k for k, p in WORDS[a.do].params.items() if p.kind is Kind.COMBO), None)
            if key is not None and key in a.args:
                picks.setdefault(a.args[key], []).append(a)
        for k, (text_pane, btn, row) in enumerate(self._column_rows):
            chosen = picks.get(k, []) if k < len(g.column) else []
            set_text(text_pane, column_row_html(g, k) if k < len(g.column) else "")
            if len(chosen) > 1 and len(row) < 3:  # the first pick with something more: its
                row.append(pn.FlexBox(sizing_mode="stretch_width", flex_wrap="wrap",  # variants
                                      gap="4px", margin=0))
            box = row[2] if len(row) > 2 else None
            while box is not None and len(box.objects) < len(chosen) - 1:  # one button each
                box.append(self._column_button(150))
            more = list(box.objects) if box is not None else []
            for b, a in [(btn, chosen[0] if chosen else None),
                         *((v, chosen[j] if j < len(chosen) else None)
                           for j, v in enumerate(more, start=1))]:
                show(b, a is not None)
                b.sw_action = ("act", a) if a is not None else None
                if a is None:
                    continue
                text = label(a, self._names)
                plain = label(chosen[0], self._names)
                # the plain pick shows its first word; a variant what it adds ("with the Leader")
                relabel(b, inputs.short(text) if b is btn else text[len(plain):].strip().capitalize()
                        if text.startswith(plain) else text)
                if b.description != text:
                    b.description = text
        note = "" if g.column else "<div class='sw-muted'>" + _("The column is empty.") + "</div>"
        if g.needs_reveal:
            note = ("<div class='sw-muted'>" + _("A new pair waits to be entered (above).")
                    + "</div>")
        set_text(self._column_note, note)

    def _column_button(self, width: int) -> Any:
        b = pool_button(self._taps, width)
        b.param.update(color="primary")
        show(b, False)
        return b

    def _build_column(self) -> pn.Column:
        self._column_rows = []
        rows: list[Any] = [html("<h3 style='margin:4px 0'>" + _("Combo column") + "</h3>")]
        for _k in range(6):
            text = html("")
            btn = self._column_button(90)
            # A pick with something more (a Leader) gets its button beside it when first offered.
            row = pn.Row(text, btn, sizing_mode="stretch_width",
                         styles={"border-bottom": "1px solid #e3e3e3"})
            self._column_rows.append((text, btn, row))
            rows.append(row)
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
            b = button(_("{player}: my coins").format(player=p), height=48, sizing_mode="stretch_width")
            b.on_click(lambda e, p=p: self.peek(p))
            buttons.append(b)
        self._peek_text: Any = None  # the coins shown and "Hide": built at the first peek
        return pn.Column(html("<div class='sw-muted'>" + _("Coins stay hidden (B-SCORE-3). Each "
                                                           "player may peek at their own:")
                              + "</div>"),
                         pn.FlexBox(*buttons, sizing_mode="stretch_width", styles={"gap": "6px"}),
                         sizing_mode="stretch_width")

    def peek(self, player: str) -> str:
        """Show one player's own coins for a few seconds (`game.view(player)`)."""
        text = peek_card(self.session, player)
        with pn.io.hold():
            if self._peek_text is None:
                self._peek_text = html("")
                hide = button(_("Hide"), height=48, width=100)
                hide.on_click(lambda e: self.hide_peek())
                self._peek_row = pn.Row(self._peek_text, hide, sizing_mode="stretch_width")
                self._peek.append(self._peek_row)
            self._peek_text.object = text
            show(self._peek_row)
        if pn.state.curdoc is not None:
            if self._peek_timer is not None:
                self._peek_timer.stop()
            self._peek_timer = pn.state.add_periodic_callback(self.hide_peek, period=PEEK_MS,
                                                              count=1)
        return text

    def hide_peek(self) -> None:
        if self._peek_text is None:
            return
        with pn.io.hold():
            show(self._peek_row, False)
            self._peek_text.object = ""
