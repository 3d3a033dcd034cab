"""The selected region on the turn screen: its outline on the map and its card.

A mixin of `TurnScreen` (dashboards/turn.py), kept apart so that each module stays small. The
card shows the region's facts and cost, one button per legal action on it, what the last action
there did, why the region's main word is refused, and the table's correction of its tokens. It
reads the screen's session, legal actions, names, tap channel and `selected` region.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

import panel as pn
from bokeh.models import ColumnDataSource, MultiPolygons

from swcore import Action
from swcore.errors import SwError
from swcore.words import WORDS, rule_of

from . import inputs, proposal
from .cards import quote_html, region_html
from .i18n import _, happened, label
from .widgets import Stepper, alert_pane, esc, html, pool_button, set_text, show, show_buttons

#: The rule of a final conquest with the reinforcement die (the die's note on a region's card).
#: Refusals that only say "pick a combo first" are not worth a warning on a region's card.
NO_ARMY = "B-FLOW-4"


def region_word(legal: list[Action]) -> str | None:
    """The first word of the legal actions shown on regions' cards (the conquest, in the
    engine's order): the one whose refusal a region's card explains when it is not offered
    there."""
    return next((a.do for a in legal if WORDS[a.do].place == "region"), None)


def variant_quote(game: Any, action: Action, text: str) -> str:
    """The cost of a variant of the region's word that names an item or a count (a relic used
    for the conquest, U-PR-2; Hammers spent): played on a copy, its event's breakdown ('' when
    it names none)."""
    if not inputs.chosen_args(action):
        return ""
    try:
        done = copy.deepcopy(game).apply(action)
    except SwError:
        return ""
    ev = next((e.data for e in done if "breakdown" in e.data), None)
    if ev is None:
        return ""
    q = SimpleNamespace(cost=ev["cost"], breakdown=ev["breakdown"], rules={})
    return f"<div style='margin-top:6px'><b>{esc(text)}</b>: {quote_html(q)}</div>"


class RegionCardMixin:
    """The selected region's outline and card of a `TurnScreen`."""

    session: Any
    selected: str
    _names: Any
    _taps: Any
    _map: Any
    _region_pick: Any
    _fix_word: Any

    def _build_card(self) -> None:
        """The card's panes, built once and filled in place (`_fill_card`)."""
        self._card_info = html("")  # the region, its cost, a final-conquest note: one pane
        # Die rows: a conquest whose die the table rolls (the final die, a die rolled before the
        # conquest): a region may offer both (review of issue 21).
        self._card_dice = [inputs.DieRow(self._taps), inputs.DieRow(self._taps)]
        self._card_die = self._card_dice[0]
        # The button pools start at the sizes most turns need (growing one later costs a new
        # model, about 25 ms on the server and a layout in the browser).
        self._card_buttons = pn.Column(*(pool_button(self._taps, hidden=True) for _ in range(3)),
                                       sizing_mode="stretch_width")
        self._card_alert = alert_pane("warning")
        self._outcome = html("")  # what the last action here did (die, losses, held back)
        self._fixing = ""  # the region whose tokens the table corrects
        # The correction's stepper and buttons: built when a correction is first opened
        # (`_open_fix`), as few tables correct tokens (about 15 models saved per table opened).
        self._fix_step: Stepper | None = None
        self._fix_buttons: Any = None
        self._fix_box = pn.Column(sizing_mode="stretch_width", styles={"display": "none"})
        self._card = pn.Column(self._card_info, self._outcome, *(d.box for d in self._card_dice),
                               self._card_buttons, self._fix_box, self._card_alert,
                               sizing_mode="stretch_width",
                               styles={"border": "1px solid #d0d7de", "border-radius": "10px",
                                       "padding": "6px"})

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

    def _fill_card(self, legal: list[Action]) -> None:
        """The selected region's card: its facts and cost, one button per legal action on it
        (a die row for one that takes the reinforcement die), or why the region's main word
        is refused there."""
        s, g = self.session, self.session.game
        rid = self.selected
        here = [a for a in legal if WORDS[a.do].place == "region" and a.region == rid]
        army = g.army_of(g.current) if s.may_act(g.current) else None
        races = [a.race for a in here if a.race]
        # The region of the player's own active race: no cost to show, nothing refused.
        own = army is not None and not army.declined and g.race[g.board.region(rid)] == army.race
        quote = ""
        if (army is not None or races) and not own:  # no cost for one's own region
            q = g.quote(rid, race=races[0] if races else None)
            if q.reason is None or q.reason.rule != NO_ARMY:
                quote = f"<div style='margin-top:6px'>{quote_html(q)}</div>"
        buttons: list[tuple[str, str, Any]] = []
        dice: list[tuple[Any, str]] = []  # at a table: (conquest, note) of each die row
        told = ""  # the die notes of the conquests the engine rolls for
        first = here[0].do if here else None
        for a in here:
            text = label(a, self._names)
            if inputs.die_applies(g, a):
                note = ("<div style='margin-top:6px'>" + (_(
                    "{action}: not enough tokens, the die decides ({rule}).") if a.args.get("reinforce")
                    else _("{action}: the die is rolled before this conquest ({rule}).")).format(
                    action=f"<b>{esc(text)}</b>", rule=esc(rule_of(a))) + "</div>")
                if s.at_a_table and len(dice) < len(self._card_dice):  # the face rolled there
                    dice.append((a, note))
                    continue
                told += note
            buttons.append((text, "primary" if a.do == first else "default", ("act", a)))
            quote += variant_quote(g, a, text)
        outcome = self._outcome_html(rid)
        if outcome:  # the result replaces the cost, now meaningless (review M2)
            quote = told = ""
            dice = [(a, "") for a, _n in dice]
        set_text(self._card_info, region_html(g, rid, s.colours) + quote + told)
        set_text(self._outcome, outcome)
        for k, row in enumerate(self._card_dice):
            row.fill(*(dice[k] if k < len(dice) else (None, "")), "primary")
        i = g.board.region(rid)
        if self._fix_word is not None and g.race[i] is not None and self._fixing != rid:
            buttons.append((_("Correct tokens…"), "default", ("fix", rid)))
        show_buttons(self._card_buttons, buttons, self._taps)
        self._fill_fix()
        alert = ""
        word = region_word(legal)
        if outcome or self._fixing == rid or own:
            word = None
        if word is not None and not any(a.do == word for a in here) and g.to_act == g.current:
            probe = Action(g.current, word, region=rid)
            why = g.why_illegal(probe)
            if why is not None and getattr(why, "rule", "") != NO_ARMY:
                alert = _("Not now: {action} — {why}").format(action=esc(label(probe, self._names)),
                                                              why=esc(self.session.explain(why)))
        set_text(self._card_alert, alert)

    def _outcome_html(self, rid: str | None) -> str:
        """What this device's or another's last action did, shown where it was tapped: on the
        region's card (rid) or under the turn's buttons (None). The engine's own sentences."""
        g = self.session.game
        last = g.log[-1] if g.log else None
        events = self.session.events
        if last is None or not events or self.session.error:
            return ""
        if last.get("region", None) != rid and not (rid is None and "region" not in last):
            return ""
        if rid is None and WORDS.get(str(last.get("do")), None) is not None and \
                WORDS[str(last["do"])].place in ("bar", "column"):
            return ""
        lines = "".join(f"<li>{esc(happened(ev, g.players))}</li>" for ev in events)
        return ("<div class='sw-card' style='background:#e8f5e9;border-color:#1b5e20'>"
                "<b>" + _("Done:") + f"</b><ul class='sw-log' style='font-size:16px'>{lines}</ul></div>")

    def _fill_fix(self) -> None:
        """The correction of the selected region's tokens (a word anyone may enter that the
        legal actions do not list): a stepper and "set" (the engine checks it)."""
        g, rid, word = self.session.game, self._fixing, self._fix_word
        on = bool(rid) and rid == self.selected and word is not None
        show(self._fix_box, on)
        if not on or self._fix_step is None:
            if self._fix_buttons is not None:
                show_buttons(self._fix_buttons, [], self._taps)
            return
        n = self._fix_step.value
        fix = proposal.correction(word, g.to_act or g.current, rid, n)
        show_buttons(self._fix_buttons, [(label(fix, self._names), "primary", ("act", fix)),
                                         (_("Cancel"), "default", ("fix", ""))], self._taps)

    def _open_fix(self, rid: str) -> None:
        """Open the correction of region `rid`'s tokens ('' closes it): the stepper starts at
        the tokens lying there and goes up to those the race still has in its tray."""
        self._fixing = rid
        if rid and self._fix_step is None:
            self._fix_step = Stepper(_("Tokens lying there"), 1, 1, 1)
            self._fix_step.param.watch(lambda e: self._fill_fix(), "value")
            self._fix_buttons = pn.Column(*(pool_button(self._taps, hidden=True)
                                            for _ in range(2)), sizing_mode="stretch_width")
            self._fix_box[:] = [self._fix_step.layout, self._fix_buttons]
        if rid:
            g = self.session.game
            i = g.board.region(rid)
            n = g.tokens[i]
            self._fix_step.set(_("Tokens in {region}").format(region=esc(rid)), n, 0,
                               n + g.tray(g.race[i]) if g.race[i] in g.armies else n + 20)
