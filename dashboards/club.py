"""The club's statistics page (served at /club-stats by dashboards/club-stats.py).

Why: the host of a club's server wants the league, each player's history, which races and
powers win here against what the bots' games predict, and how long games last, filtered by
date, board, player count and module, and exported to CSV. It shows every game on the server,
so it opens with the host password (dashboards/hostpass.py, set by `python -m dashboards.admin
host-password`), never with a table's join code. The numbers are `dashboards.clubstats`'s; the
charts are Bokeh figures; names typed apart are merged here (`Aliases`).
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pandas as pd
import panel as pn
from bokeh.models import ColumnDataSource, Range1d, Whisker
from bokeh.plotting import figure

from swcore.i18n import item_name

from . import hostpass, i18n
from .clubstats import Aliases, Club
from .film import HEADER_CSS
from .i18n import N_, _, lang, number
from .store import Store
from .widgets import BIG, esc, html, show

TITLE = N_("Small World · the club's statistics")
ANY = "*"


def table_html(df: pd.DataFrame, headers: dict[str, str]) -> str:
    """A DataFrame as an escaped HTML table with the page's headers (numbers right-aligned)."""
    if df.empty:
        return "<p class='sw-muted'>" + esc(_("No finished game matches.")) + "</p>"
    cols = [c for c in headers if c in df.columns]
    head = "".join(f"<th>{esc(headers[c])}</th>" for c in cols)
    body = ""
    for row in df[cols].itertuples(index=False):
        cells = []
        for v in row:
            num = isinstance(v, int | float) and not isinstance(v, bool)
            text = (v.strftime("%Y-%m-%d") if isinstance(v, pd.Timestamp | dt.datetime) else
                    (_("yes") if v is True else _("no")) if isinstance(v, bool) else
                    number(v) if num else str(v))
            cells.append(f"<td{' class=num' if num else ''}>{esc(text)}</td>")
        body += "<tr>" + "".join(cells) + "</tr>"
    return (f"<div style='overflow-x:auto'><table class='sw-table'><tr>{head}</tr>{body}"
            "</table></div>")


def rating_figure(league: pd.DataFrame) -> Any:
    """Each player's rating mu with its uncertainty (mu ± sigma) as whiskers."""
    names = list(league.player)[::-1]
    src = ColumnDataSource({"player": names, "mu": list(league.mu)[::-1],
                            "low": list(league.mu - league.sigma)[::-1],
                            "high": list(league.mu + league.sigma)[::-1]})
    fig = figure(y_range=names or [""], height=80 + 32 * len(names), sizing_mode="stretch_width",
                 title=_("Rating (openskill): mu ± sigma"), tools="", toolbar_location=None)
    fig.x_range = Range1d(0, max([1.0, *src.data["high"]]) * 1.05)
    fig.hbar(y="player", right="mu", height=0.6, source=src, color="#1b5e20")
    fig.add_layout(Whisker(source=src, base="player", lower="low", upper="high",
                           dimension="width"))
    return fig


def items_figure(items: pd.DataFrame, kind: str) -> Any:
    """Wins at the club beside the wins the bots' games predict, item by item."""
    names = [item_name(x, lang()) for x in items[kind]][::-1]
    fig = figure(y_range=names or [""], height=80 + 26 * len(names), sizing_mode="stretch_width",
                 title=_("Wins here (green) and as the bots predict (grey)"), tools="",
                 toolbar_location=None)
    fig.hbar(y=names, right=list(items.wins)[::-1], height=0.7, color="#1b5e20")
    fig.hbar(y=names, right=list(items.predicted)[::-1], height=0.3, color="#757575")
    return fig


class ClubPage(pn.viewable.Viewer):
    """The password form, then the statistics with their filters."""

    def __init__(self, store: Store, device: str = "", **params: Any):
        super().__init__(**params)
        self.store, self.device = store, device
        self.password = pn.widgets.PasswordInput(label=_("Host password"), height=BIG,
                                                 sizing_mode="stretch_width")
        enter = pn.widgets.Button(label=_("Open"), color="primary", height=BIG, width=140)
        enter.on_click(lambda e: self.unlock(self.password.value))
        self.refused = html("")
        note = (_("The host sets this password on the server: python -m dashboards.admin "
                  "host-password. A table's join code does not open this page.")
                if hostpass.is_set(store) else
                _("No host password is set yet: the host sets one on the server with "
                  "python -m dashboards.admin host-password."))
        self.gate = pn.Column(html(f"<p>{esc(note)}</p>"), pn.Row(self.password, enter),
                              self.refused, sizing_mode="stretch_width", max_width=600)
        self.body = pn.Column(sizing_mode="stretch_width")
        self._layout = pn.Column(html("<p><a href='/'>" + _("← The tables (lobby)") + "</a></p>"),
                                 self.gate, self.body, sizing_mode="stretch_width", max_width=1100)
        self.club: Club | None = None

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def unlock(self, password: str) -> bool:
        ok = hostpass.check(self.store, password, self.device)
        if ok is True:
            show(self.gate, False)
            self._build()
            return True
        if isinstance(ok, float) and not isinstance(ok, bool):
            text = _("Too many wrong passwords: try again in {seconds} s.").format(seconds=round(ok))
        else:
            text = _("Wrong host password.")
        self.refused.object = f"<div class='sw-error' role='alert'>{esc(text)}</div>"
        return False

    # --- the statistics --------------------------------------------------------------------
    def _build(self) -> None:
        self.all = Club.load(self.store)
        g = self.all.games
        boards = sorted(set(g.board)) if not g.empty else []
        modules = sorted({m for ms in g.modules for m in ms.split(",") if m}) if not g.empty else []
        self.start = pn.widgets.DatePicker(label=_("From"), value=None, width=160)
        self.end = pn.widgets.DatePicker(label=_("To"), value=None, width=160)
        self.board = pn.widgets.Select(label=_("Board"), options={_("any"): ANY, **{b or _("none"): b
                                       for b in boards}}, value=ANY, width=160)
        self.count = pn.widgets.Select(label=_("Players"), options={_("any"): 0, **{str(n): n for n in
                                       range(2, 7)}}, value=0, width=110)
        self.module = pn.widgets.Select(label=_("Modules"), options={
            _("any"): ANY, _("base game only"): "", **{m: m for m in modules}}, value=ANY, width=170)
        for w in (self.start, self.end, self.board, self.count, self.module):
            w.param.watch(lambda e: self.refresh(), "value")
        self.player = pn.widgets.Select(label=_("Player"), options=[], width=220)
        self.player.param.watch(lambda e: self._history(), "value")
        self.variant = pn.widgets.Select(label=_("Name typed apart"), options=[], width=200)
        self.into = pn.widgets.Select(label=_("is the same player as"), options=[], width=200)
        merge = pn.widgets.Button(label=_("Merge"), height=BIG, width=120)
        merge.on_click(lambda e: self.merge(self.variant.value, self.into.value))
        self.download = pn.widgets.FileDownload(callback=lambda: io.StringIO(self.club.csv()),
                                                filename="club-results.csv", height=BIG,
                                                label=_("Export the results (CSV)"))
        self.league = html("")
        self.league_chart = pn.pane.Bokeh(sizing_mode="stretch_width")
        self.history = html("")
        self.races = html("")
        self.races_chart = pn.pane.Bokeh(sizing_mode="stretch_width")
        self.powers = html("")
        self.combos = html("")
        self.lengths = html("")
        self.body[:] = [
            pn.FlexBox(self.start, self.end, self.board, self.count, self.module,
                       styles={"gap": "4px 12px"}),
            html("<h2>" + _("League") + "</h2>"), self.league, self.league_chart,
            html("<h2>" + _("A player's games") + "</h2>"), self.player, self.history,
            html("<h2>" + _("Races that win here") + "</h2>"), self.races, self.races_chart,
            html("<h2>" + _("Combos that win here") + "</h2>"), self.combos,
            html("<h2>" + _("Special powers that win here") + "</h2>"), self.powers,
            html("<h2>" + _("Game lengths") + "</h2>"), self.lengths,
            html("<h2>" + _("Names typed apart") + "</h2><p>" + _(
                "Players are matched by their name as typed; merge a spelling variant into the "
                "player it is.") + "</p>"),
            pn.FlexBox(self.variant, self.into, merge, styles={"gap": "4px 12px"}),
            self.download]
        self.refresh()

    def merge(self, variant: str, name: str) -> None:
        if variant and name and variant != name:
            Aliases(self.store).merge(variant, name)
            self._build()

    def refresh(self) -> None:
        board = None if self.board.value == ANY else self.board.value
        module = None if self.module.value == ANY else self.module.value
        self.club = self.all.only(start=self.start.value, end=self.end.value, board=board,
                                  players=self.count.value or None, modules=module)
        league = self.club.league()
        self.league.object = table_html(league, {
            "player": _("Player"), "games": _("Games"), "wins": _("Wins"),
            "mean_coins": _("Mean coins"), "mu": "mu", "sigma": "sigma",
            "rating": _("Rating (mu − 3 sigma)")})
        self.league_chart.object = rating_figure(league)
        names = sorted(league.player)
        self.player.options = names
        if names and self.player.value not in names:
            self.player.value = names[0]
        self.variant.options = names
        self.into.options = names
        self._history()
        races = self.club.items("race")
        self.races.object = table_html(races.assign(race=[item_name(r, lang()) for r in races.race]), {
            "race": _("Race"), "games": _("Games"), "wins": _("Wins"),
            "predicted": _("Bots predict"), "above": _("Above the prediction")})
        self.races_chart.object = items_figure(races, "race")
        combos = self.club.items("combo").head(15)
        self.combos.object = table_html(combos.assign(combo=[
            " + ".join(item_name(x, lang()) for x in c.split("+")) for c in combos.combo]), {
            "combo": _("Combo"), "games": _("Games"), "wins": _("Wins"),
            "predicted": _("Bots predict"), "above": _("Above the prediction")})
        powers = self.club.items("power")
        self.powers.object = table_html(powers.assign(power=[item_name(r, lang()) for r in powers.power]), {
            "power": _("Special power"), "games": _("Games"), "wins": _("Wins"),
            "predicted": _("Bots predict"), "above": _("Above the prediction")})
        self.lengths.object = table_html(self.club.lengths(), {
            "board": _("Board"), "players": _("Players"), "games": _("Games"),
            "rounds": _("Rounds"), "actions": _("Actions")})

    def _history(self) -> None:
        if self.club is None or not self.player.value:
            self.history.object = ""
            return
        hist = self.club.history(self.player.value)
        hist = hist.assign(races=[", ".join(item_name(r, lang()) for r in rs.split(",") if r)
                                  for rs in hist.races])
        self.history.object = table_html(hist, {
            "date": _("Date"), "table": _("Table"), "board": _("Board"), "players": _("Players"),
            "coins": _("Coins"), "rank": _("Rank"), "win": _("Won"), "races": _("Races")})


def page() -> pn.viewable.Viewable:
    """The served page, in the device's language."""
    from .store import get_store

    args = {k: (v[0].decode() if isinstance(v[0], bytes) else str(v[0]))
            for k, v in (pn.state.session_args or {}).items() if v} if pn.state.curdoc else {}
    i18n.set_language(i18n.choose(args, pn.state.cookies if pn.state.curdoc else {}))
    device = ""
    if pn.state.curdoc and pn.state.curdoc.session_context is not None:
        device = pn.state.curdoc.session_context.id
    switch = pn.pane.HTML(i18n.switch_html(), stylesheets=[i18n.SWITCH_CSS])
    return pn.template.FastListTemplate(
        title=_(TITLE), main=[ClubPage(get_store(), device)], header=[switch],
        header_background="#1b5e20", accent_base_color="#1b5e20", main_layout=None,
        theme_toggle=False, main_max_width="1200px", busy_indicator=None, raw_css=[HEADER_CSS],
        meta_viewport="width=device-width, initial-scale=1")
