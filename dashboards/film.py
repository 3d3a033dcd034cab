"""The game's film: a read-only screen that steps through a game (dashboards/game-film.py
serves it at /game-film; a notebook shows it with `film(game)`).

Why: a table settles "what did Bob hold in round 4?" without touching the live game. The
screen shows position k of a `swcore.film.Film`: the shared map (`BoardMap.update`), what the
action did (the engine's sentences), the turn's actions so far with their costs, each player's
last score breakdown and the coins chart up to that point. First / previous / next / last
step one action; the slider goes to the end of any turn; the keyboard's arrows step too. The
film's file (the save format, docs/engine.md) is downloaded and opened here, so a film can be
shared; a game on a user's board or with modules shows them, as its set-up carries them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import panel as pn
import param
from panel.reactive import ReactiveHTML

from swcore import Action, Game, SwError
from swcore.film import Film
from swcore.words import describe

from . import i18n
from .board_map import BoardMap
from .cards import coins_figure, legend_html, scores_html
from .i18n import N_, _, lang
from .session import COLOURS
from .widgets import BIG, esc, html

FILM_URL = "/game-film"
TITLE = N_("Small World · the game's film")
#: The host pages' header on a phone: the title and the language switch on two rows (as the
#: app's own template does, dashboards/app.py), so nothing is wider than the screen.
HEADER_CSS = """
@media (max-width: 700px) {
  #header { height:auto !important; flex-wrap:wrap; padding:4px 8px !important; row-gap:2px; }
  #header-items { flex:1 1 100%; padding-left:0; }
  .app-header a.title { font-size:20px !important; }
}
"""
STEP_CSS = ":host .bk-btn { font-size: 20px; min-height: 44px; min-width: 44px; }"


def film_link(game_id: int, code: str = "") -> str:
    """A link to a game's film: with the join code from a finished game's standings, without
    it from the lobby (the film page asks for it)."""
    query = {"game": game_id, **({"code": code} if code else {}), "lang": lang()}
    url = f"{FILM_URL}?{urlencode(query)}"
    return (f"<p><a class='sw-film' href='{esc(url)}' target='_blank' rel='noopener' "
            "style='display:inline-flex;align-items:center;min-height:44px;font-size:17px'>"
            + esc(_("Step through this game (its film)")) + "</a></p>")


class Keys(ReactiveHTML):
    """The keyboard's arrows, Home and End, heard on the whole page (not in a text field)."""

    key = param.String(default="")
    presses = param.Integer(default=0)
    _template = '<div id="keys" style="display:none"></div>'
    _scripts = {
        "render": """
          state.handler = (e) => {
            const t = e.target && e.target.tagName;
            if (t === 'INPUT' || t === 'TEXTAREA' || t === 'SELECT') return;
            if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) {
              data.key = e.key; data.presses = data.presses + 1; e.preventDefault();
            }
          };
          document.addEventListener('keydown', state.handler);""",
        "remove": "document.removeEventListener('keydown', state.handler);",
    }


class FilmView(pn.viewable.Viewer):
    """Position `at` of a film, with the controls that move it."""

    at = param.Integer(default=0, doc="the position shown: 0 = the set-up, k = after k actions")

    def __init__(self, film: Film, colours: dict[str, str] | None = None,
                 notes: dict[int, str] | None = None, **params: Any):
        super().__init__(**params)
        self.film = film
        self.notes = notes or {}  # position -> the tutorial's note on the step that ended there
        palette = list(COLOURS.values())
        self.colours = colours or {p: palette[s % len(palette)] for s, p in enumerate(film.players)}
        self._turns = film.turns()
        game = film.game_at(0)
        self.map = BoardMap(game, player_colors=self.colours, legend=False)
        self.map.fit_width()
        buttons = []
        for label, aria, move in (("|◀", N_("First"), lambda: 0),
                                  ("◀", N_("Previous action"), lambda: self.at - 1),
                                  ("▶", N_("Next action"), lambda: self.at + 1),
                                  ("▶|", N_("Last"), lambda: len(self.film))):
            b = pn.widgets.Button(label=label, description=_(aria), width=64, height=BIG,
                                  stylesheets=[STEP_CSS], css_classes=["sw-step"])
            b.on_click(lambda e, move=move: self.go(move()))
            buttons.append(b)
        self.first, self.previous, self.next, self.last = buttons
        stops = {_("Round {turn} · {player}").format(turn=t, player=p) + f" ({n + 1})": n
                 for n, (t, p, _k) in enumerate(self._turns)} or {"—": 0}
        self.slider = pn.widgets.DiscreteSlider(label=_("Turn"), options=stops, value=0,
                                                sizing_mode="stretch_width",
                                                disabled=len(self._turns) < 2)
        self.slider.param.watch(self._slid, "value")
        self.keys = Keys()
        self.keys.param.watch(self._key, "presses")
        self.where = html("")
        self.did = html("")
        self.turn_box = html("")
        self.scores = html("")
        # The chart of the whole game, its lines cut at the position shown (`_coins_at`): one
        # figure patched, not a new one each step (a new figure costs about 30 ms).
        self._chart = coins_figure(film.game_at(len(film)), self.colours)
        self.coins = pn.pane.Bokeh(self._chart, sizing_mode="stretch_width")
        self.legend = html(legend_html(game, self.colours))
        self.download = pn.widgets.FileDownload(
            callback=lambda: __import__("io").StringIO(self.film.record()),
            filename=_file_name(film), label=_("Download the film (one file)"),
            color="primary", height=BIG, sizing_mode="stretch_width")
        self._layout = pn.Column(
            self.where, pn.Row(*buttons, sizing_mode="stretch_width"), self.slider, self.keys,
            self.did, self.map.panel(sizing_mode="stretch_width"), self.legend, self.turn_box,
            self.scores, self.coins, self.download, sizing_mode="stretch_width", max_width=1000)
        self._show()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # --- moving -------------------------------------------------------------------------
    def go(self, k: int) -> None:
        self.at = max(0, min(int(k), len(self.film)))

    def _slid(self, event: Any) -> None:
        n = int(event.new)
        end = self._turns[n + 1][2] if n + 1 < len(self._turns) else len(self.film)
        if self.film.turn_of(self.at) != n:
            self.go(end)

    def _key(self, event: Any) -> None:
        key = self.keys.key
        self.go({"ArrowLeft": self.at - 1, "ArrowRight": self.at + 1, "Home": 0,
                 "End": len(self.film)}.get(key, self.at))

    @param.depends("at", watch=True)
    def _show(self) -> None:
        film, k = self.film, self.at
        game = film.game_at(k)
        self.map.update(game)
        players = tuple(film.players)
        n = len(film)
        if k == 0:
            where = _("The set-up, before the first action")
        else:
            step = film.steps[k - 1]
            where = _("Round {turn} · {player}'s turn").format(turn=step.turn, player=esc(step.current))
        self.where.object = (f"<h3 style='margin:4px 0'>{where}</h3><div class='sw-muted'>"
                             + _("Action {k} of {n}").format(k=k, n=n) + "</div>")
        if k == 0:
            self.did.object = ""
        else:
            step = film.steps[k - 1]
            said = "".join(f"<li>{esc(t)}</li>" for t in step.texts(lang(), players))
            note = f"<p style='margin:4px 0'><i>{esc(self.notes[k])}</i></p>" if k in self.notes else ""
            self.did.object = ("<div class='sw-card'><b>" + esc(_describe(step.action, players))
                               + f"</b><ul style='margin:4px 0'>{said}</ul>{note}</div>")
        turn = film.turn_of(k)
        if self.slider.value != turn:
            self.slider.value = turn
        start = self._turns[turn][2] if self._turns else 0
        rows = "".join(f"<li>{'<b>' if s.index == k else ''}{esc(_describe(s.action, players))}"
                       f"{'</b>' if s.index == k else ''}</li>"
                       for s in film.steps[start:max(k, start)])
        self.turn_box.object = ("<details open><summary>" + _("This turn's actions so far")
                                + f"</summary><ol>{rows}</ol></details>") if rows else ""
        self.scores.object = scores_html(game, self.colours)
        self._coins_at(game)
        self.legend.object = legend_html(game, self.colours)
        for b, off in ((self.first, k == 0), (self.previous, k == 0), (self.next, k == n),
                       (self.last, k == n)):
            b.disabled = off


    def _coins_at(self, game: Game) -> None:
        """Each player's line (and its dots) up to the position's turn track, as
        `coins_figure` draws it: a line then its dots, seat by seat."""
        start = game.setup["coins"]
        for seat, p in enumerate(game.players):
            data = {"x": [0] + [t for t, s, _c in game.track if s == seat],
                    "y": [start[p]] + [c for _t, s, c in game.track if s == seat]}
            for r in self._chart.renderers[2 * seat:2 * seat + 2]:
                if dict(r.data_source.data) != data:
                    r.data_source.data = data


def _describe(action: dict[str, Any], players: tuple[str, ...]) -> str:
    try:
        return describe(Action.from_dict(action), lang=lang())
    except (KeyError, SwError, ValueError, AttributeError):
        return f"{action.get('by', '')} {action.get('do', '')}"


def _file_name(film: Film) -> str:
    name = "-".join(str(film.meta.get("table", "game")).split()) or "game"
    return f"{name}-film.json"


def film(source: Any, **kw: Any) -> FilmView:
    """The film of a game, a saved game (its dict), a film file (its text or its path: a game
    exported from the app) or one of the tutorial's annotated games (a `swcore.tutorial.Script`,
    its notes shown beside the steps they explain): notebooks call `film(game)`."""
    if isinstance(source, Path):
        source = source.read_text(encoding="utf-8")
    if hasattr(source, "steps") and hasattr(source, "play"):  # a tutorial script
        game, notes = source.new_game(), {}
        for step in source.steps:
            before = len(game.log)
            source.play(game, step)
            if step.note and len(game.log) > before:  # a refused step adds no position
                notes[len(game.log)] = step.note
        return FilmView(Film.of(game), notes=notes, **kw)
    return FilmView(Film.of(source), **kw)


class FilmPage(pn.viewable.Viewer):
    """/game-film: a stored game opened with its join code (`?game=ID&code=CODE`), or a film
    file opened from this device."""

    def __init__(self, store: Any = None, args: dict[str, str] | None = None, **params: Any):
        super().__init__(**params)
        self.store = store
        self.body = pn.Column(sizing_mode="stretch_width")
        self.error = html("")
        self.upload = pn.widgets.FileInput(accept=".json", sizing_mode="stretch_width", height=BIG)
        self.upload.param.watch(self._opened_file, "value")
        self._layout = pn.Column(
            html("<p><a href='/'>" + _("← The tables (lobby)") + "</a></p><p>" + _(
                "Open a film file (a game exported from this app or saved by the engine):")
                 + "</p>"), self.upload, self.error, self.body, sizing_mode="stretch_width")
        args = args or {}
        self.code = pn.widgets.TextInput(label=_("Join code"), max_length=20, height=BIG,
                                         sizing_mode="stretch_width")
        go = pn.widgets.Button(label=_("Open the film"), color="primary", height=BIG, width=170)
        game = args.get("game", "")
        go.on_click(lambda e: self.open_stored(game, self.code.value))
        self.ask = pn.Row(self.code, go, sizing_mode="stretch_width", visible=bool(game))
        self._layout.insert(1, self.ask)
        if game and args.get("code") and store is not None:
            self.open_stored(game, args["code"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def open_stored(self, game_id: Any, code: Any) -> bool:
        from .session import AccessDenied, TableSession, denied_text

        try:
            session = TableSession.open(self.store, game_id, code, device="film")
        except AccessDenied as err:
            self.error.object = f"<div class='sw-error' role='alert'>{esc(denied_text(err))}</div>"
            return False
        if session.is_sheet:
            self.error.object = "<p>" + esc(_("A score sheet has no map: its scores are on its "
                                             "own screen.")) + "</p>"
            return False
        self.ask.visible = False
        record = self.store.game(session.game_id)
        made = Film.of(session.game)
        made.meta = {"table": record.table_name}
        self._show(made, session.colours)
        return True

    def _opened_file(self, event: Any) -> None:
        data = event.new
        try:
            made = Film.of(data.decode("utf-8") if isinstance(data, bytes) else str(data))
        except (SwError, UnicodeDecodeError) as err:
            self.error.object = ("<div class='sw-error' role='alert'>" + esc(
                _("This file is not a game: {reason}").format(reason=str(err))) + "</div>")
            return
        self._show(made, None)

    def _show(self, made: Film, colours: dict[str, str] | None) -> None:
        self.error.object = ""
        table = made.meta.get("table")
        head = html(f"<h2>{esc(table)}</h2>" if table else "")
        self.view = FilmView(made, colours)
        self.body[:] = [head, self.view]


def page() -> pn.viewable.Viewable:
    """The served page, in the device's language."""
    from .local import keep_local, local_page
    from .store import get_store

    keep_local()  # before any model is made

    args = {k: (v[0].decode() if isinstance(v[0], bytes) else str(v[0]))
            for k, v in (pn.state.session_args or {}).items() if v} if pn.state.curdoc else {}
    i18n.set_language(i18n.choose(args, pn.state.cookies if pn.state.curdoc else {}))
    switch = pn.pane.HTML(i18n.switch_html(), stylesheets=[i18n.SWITCH_CSS])
    return local_page(_(TITLE), [FilmPage(get_store(), args)], header=[switch], max_width="1100px",
                      raw_css=[HEADER_CSS])
