"""The score sheet's switch to the map (docs/app.md, "Switching to the map"): where each race
stands, which Lost Tribes are still there and the markers and pieces on the board, tapped on
the board's own map (the shared `BoardMap`), not typed as region ids.

Why (review table.md 5): a switch that asked only each race's regions lost everything else on
the cardboard (a Troll's Lair, a Fortress, the Lost Tribes conquered since the start). The map
shows the map game exactly as the engine would start it: after each tap the panel builds it
(`ScoreSheet.map_setup`, then `Game`), so what the table sees is what "Create the map game"
stores; a tap the engine refuses (a race on the Lake) is undone and said beside the map, in
players' words. Nothing here names a race, power or marker: they come from the sheet's
races in play and the engine's marker registry.
"""

from __future__ import annotations

import copy
from typing import Any

import panel as pn

from swcore import Game, SwError, load_board
from swcore.i18n import item_name
from swcore.markers import MARKER_KINDS
from swcore.rules.base.carry import PIECES

from .i18n import _, lang
from .session import TableSession, switch_words
from .widgets import Stepper, alert_pane, esc, html, show

try:  # the map is written by another module; without it the panel cannot place anything
    from .board_map import BoardMap
except ImportError:  # pragma: no cover
    BoardMap = None  # type: ignore[assignment,misc]

W = {"sizing_mode": "stretch_width"}
TRIBE, EMPTY = "tribe", "empty"


class SwitchMap:
    """The board of the switch: a brush (what a tap sets), the map, what it holds in words."""

    def __init__(self, session: TableSession, board: str):
        self.session = session
        self.board = board
        g = session.game
        b = load_board(board)
        self.regions: dict[str, list[str]] = {race: [] for race in g.armies}
        self.markers: dict[str, dict[str, int]] = {}
        self.tribes: list[str] = [b.ids[i] for i, lt in enumerate(b.lost_tribe) if lt]
        self.pieces: dict[str, str] = {}
        brushes: dict[str, str] = {}
        for race, army in g.armies.items():
            what = _("in decline") if army.declined else _("active")
            brushes[f"{item_name(race, lang())} ({g.players[army.owner]}, {what})"] = f"race:{race}"
        brushes[item_name("lost_tribe", lang())] = TRIBE
        brushes.update({item_name(k, lang()): f"marker:{k}" for k in MARKER_KINDS})
        brushes.update({item_name(p, lang()): f"piece:{p}" for p in PIECES})
        brushes[_("Nothing (empty the region)")] = EMPTY
        self.brush = pn.widgets.Select(label=_("What a tap on the map sets"), options=brushes,
                                       height=60, **W)
        self.count = Stepper(_("How many in the region tapped"), 1, 1, 10)
        self.sets = html("")  # the brush as the server has it: what the next tap will set
        self.brush.param.watch(lambda e: self._show_count(), "value")
        self.alert = alert_pane("warning")
        self.summary = html("")
        self.map: Any = None
        pane: Any = html("")
        if BoardMap is not None:
            self.map = BoardMap(b, width=760, on_tap=self.tapped,
                                player_colors=session.colours, legend=False)
            self.map.fit_width()
            fw, fh = b.frame  # as wide as the screen allows, never taller than it (turn.py)
            pane = pn.Column(self.map.panel(**W), **W, styles={
                "max-width": f"max(300px, calc((100vh - 140px) * {fw / fh:.3f}))"})
        self.box = pn.Column(
            html("<div class='sw-muted'>" + _("Choose what a tap sets, then tap each region on "
                                             "the map as it is on the table: a tap again takes "
                                             "it off.") + "</div>"),
            self.brush, self.sets, self.count, pane, self.alert, self.summary, **W)
        self._show_count()
        self._draw(self.preview())

    def _show_count(self) -> None:
        show(self.count, str(self.brush.value).startswith("marker:"))
        label = next((k for k, v in self.brush.options.items() if v == self.brush.value), "")
        self.sets.object = ("<div class='sw-muted' data-switch='sets'>" + esc(
            _("A tap sets: {what}").format(what=label)) + "</div>")

    def kwargs(self) -> dict[str, Any]:
        """What `switch_to_map` and `ScoreSheet.map_setup` take besides the board and column."""
        return {"regions": copy.deepcopy(self.regions),
                "markers": {k: dict(v) for k, v in self.markers.items() if v},
                "lost_tribes": list(self.tribes), "pieces": dict(self.pieces)}

    def preview(self) -> Game:
        """The map game as the engine would start it (`SwError` when it refuses)."""
        args = self.kwargs()
        return Game(self.session.game.map_setup(self.board, args.pop("regions"), **args))

    def tapped(self, rid: str) -> None:
        """Apply the brush to region `rid` (a second tap takes it off); a tap the engine
        refuses is taken back and said."""
        before = copy.deepcopy((self.regions, self.markers, self.tribes, self.pieces))
        kind, _sep, what = str(self.brush.value).partition(":")
        if kind == "race":
            on = rid in self.regions[what]
            self._vacate(rid)
            if not on:
                self.regions[what] = self._sorted([*self.regions[what], rid])
        elif kind == TRIBE:
            on = rid in self.tribes
            self._vacate(rid)
            if not on:
                self.tribes = self._sorted([*self.tribes, rid])
        elif kind == "marker":
            where = self.markers.setdefault(what, {})
            if where.get(rid):
                del where[rid]
            else:
                where[rid] = self.count.value
        elif kind == "piece":
            if self.pieces.get(what) == rid:
                del self.pieces[what]
            else:
                self.pieces[what] = rid
        else:
            self._vacate(rid)
            for where in self.markers.values():
                where.pop(rid, None)
            self.pieces = {p: r for p, r in self.pieces.items() if r != rid}
        try:
            game = self.preview()
        except SwError as err:
            self.regions, self.markers, self.tribes, self.pieces = before
            self.alert.object = esc(_("Not on the map: {region}. {why}").format(
                region=rid, why=switch_words(self.session, err)))
            show(self.alert)
            return
        show(self.alert, False)
        self._draw(game)

    def _vacate(self, rid: str) -> None:
        """`rid` held by no race and no Lost Tribe (one occupant per region)."""
        for race in self.regions:
            self.regions[race] = [r for r in self.regions[race] if r != rid]
        self.tribes = [r for r in self.tribes if r != rid]

    def _sorted(self, rids: list[str]) -> list[str]:
        index = load_board(self.board).index
        return sorted(rids, key=lambda r: index[r])

    def _draw(self, game: Game) -> None:
        if self.map is not None:
            self.map.update(game)
        g = self.session.game
        rows = []
        for race, rids in self.regions.items():
            owner = g.players[g.armies[race].owner]
            rows.append((f"{item_name(race, lang())} ({owner})", rids))
        rows.append((item_name("lost_tribe", lang()), self.tribes))
        rows += [(item_name(k, lang()), [f"{r} ×{n}" if n > 1 else r for r, n in where.items()])
                 for k, where in self.markers.items() if where]
        rows += [(item_name(p, lang()), [r]) for p, r in self.pieces.items()]
        body = "".join(f"<tr><td>{esc(name)}</td><td>{esc(', '.join(rids) or _('none'))}</td></tr>"
                       for name, rids in rows)
        self.summary.object = (f"<table class='sw-table' data-switch='summary'>{body}</table>")
