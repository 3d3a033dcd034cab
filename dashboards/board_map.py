"""The board map: one Bokeh figure for the notebooks and the Panel apps (docs/map.md).

    from dashboards.board_map import BoardMap
    m = BoardMap(game, on_tap=lambda rid: print(rid))    # or BoardMap("base-4p")
    m.panel()                                            # a Panel pane; bokeh.io.show(m.figure)
    game.apply(...); m.update(game)                      # patches only the rows that changed

One row per region in `source`: its outline, label anchor and terrain never change; the
token badge, marker badges, outline (thick when the player to move can conquer the region)
and hover text are recomputed by `update` and sent as a `source.patch` of the changed cells.
Built-in boards are drawn from swcore/data/geometry, each region's labels stacked on the
label point stored there (where the stack fits the region best); an inline map (a scenario)
has no geometry and is drawn as circles, on its `centre`s if every region has one, else on
a circle (or a grid beyond 12 regions), with its borders as lines.

Text sizes follow the figure's size on screen: a small JavaScript callback picks the step of
`map_style.TEXT_STEPS` from the screen px per frame unit whenever the figure is laid out or
zoomed, so a map the app scales to a phone's width gets smaller fonts and short badges
(`Rat×4` instead of `Ratmen ×4`) with no round trip to the server.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import lru_cache
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from bokeh.core.properties import value
from bokeh.events import DoubleTap
from bokeh.models import (
    ColumnDataSource,
    CustomJS,
    HoverTool,
    Legend,
    LegendItem,
    MultiPolygons,
    Segment,
    TapTool,
    Text,
    Title,
)
from bokeh.plotting import figure

from swcore import Board, Game, InputError, load_board
from swcore.catalogue import LOST_TRIBE
from swcore.i18n import item_name, place_name
from swcore.words import WORDS, Kind

try:  # the engine's marker registry: what a marker lying in a region does
    from swcore.markers import IMMUNE_MARKERS, MARKER_TYPES
except ImportError:  # pragma: no cover - an engine without the registry
    IMMUNE_MARKERS, MARKER_TYPES = (), {}

from . import map_items as mi
from . import map_style as st
from .i18n import _, engine, lang, ngettext, term

#: Labels of a map drawn without geometry are kept this far (frame units) from the left and
#: right sides so badges fit.
LABEL_MARGIN = 58.0
ADDED_RADIUS = 42.0  # frame units: a region a module adds to a drawn board (the Island)
#: Columns recomputed by `update` (the others are fixed by the board).
#: `tok` is the badge of an active race or a Lost Tribe (`Ratmen ×4`), `dtok` that of a race
#: in decline (drawn pale and hatched); one of them is None. `tok_s` and `dtok_s` are the same
#: badges short (`Rat×4`), shown on a small map. Hatches are scalar styles on purpose: a
#: per-row hatch column makes every repaint in the browser about 25 ms slower.
DYNAMIC = ("tok", "dtok", "tok_s", "dtok_s", "tok_fill", "tok_ink", "badges", "hl", "tip")
#: The legend's text size (px) and how wide its characters are, for wrapping (11 px Helvetica
#: measures about 5 px a character in chromium).
LEGEND_PX, LEGEND_CHAR = 11, 5.8
#: Below this width (px) the title takes two lines.
NARROW = 560
#: Picks the text step (see `map_style.text_steps`) for the figure's size and zoom on screen.
RESCALE_JS = """
const w = fig.inner_width, r = fig.x_range;
if (!(w > 0) || !(r.end > r.start)) return;
const ppu = w / (r.end - r.start);
let s = steps[0];
for (const t of steps) { if (ppu >= t.from) s = t; }
labels.setv({text_font_size: {value: s.label}, y_offset: {value: s.up}});
tokens.setv({text: {field: s.short ? "tok_s" : "tok"}, text_font_size: {value: s.badge},
             padding: s.pad});
declined.setv({text: {field: s.short ? "dtok_s" : "dtok"}, text_font_size: {value: s.badge},
               padding: s.pad});
badges.setv({text_font_size: {value: s.mark}, y_offset: {value: s.down}, padding: s.mpad});
"""


class BoardMap:
    """A Small World board drawn with Bokeh: a `swcore.Game` (live) or a board id (empty)."""

    def __init__(self, game_or_board: Game | Board | str | dict, *, width: int = 800,
                 on_tap: Callable[[str], Any] | None = None,
                 player_colors: list[str] | dict[str, str] | None = None, legend: bool = True):
        """`legend=False`: the map of a screen that draws the legend and the note as HTML
        around it (`fit_width`): the legend's models (about 40, with the players' swatches)
        are not built at all, only the note's text is kept up to date."""
        if isinstance(game_or_board, Game):
            self.game: Game | None = game_or_board
            self.board = game_or_board.board
        else:
            self.game = None
            b = game_or_board
            self.board = load_board(b) if isinstance(b, str) else (
                b if isinstance(b, Board) else Board.from_map(b))
        self._given = player_colors or {}
        #: Whose moves the map outlines (their targets, their costs in the hover): the player
        #: to move, unless this says the page does not play for them (a bot's turn).
        self.may_act: Callable[[str], bool] = lambda player: True
        self.colors: dict[str, str] = {}  # player -> colour
        self._set_colors(self.game)
        self._callbacks: list[Callable[[str], Any]] = []
        self._panes: list[Any] = []
        self._in_tap = False
        data, self._links, self._peaks = _static_columns(self.board)
        data.update(self._rows(self.game))
        self.source = ColumnDataSource(data, name="board_regions")
        self.figure = self._build(width, legend)
        self._listening = False
        if on_tap:
            self.on_tap(on_tap)

    # ------------------------------------------------------------------------------------
    def update(self, game: Game) -> int:
        """Show `game` (same board); patch only the changed cells; return the rows patched."""
        if game.board is not self.board and game.board.ids != self.board.ids:
            raise ValueError(f"the map shows board {self.board.id}, not {game.board.id}")
        self.game = game
        self._set_colors(game)
        new, data = self._rows(game), self.source.data
        patches: dict[str, list[tuple[int, Any]]] = {}
        rows: set[int] = set()
        for col in DYNAMIC:
            old, fresh = data[col], new[col]
            changed = [(i, v) for i, v in enumerate(fresh) if old[i] != v]
            if changed:
                patches[col] = changed
                rows.update(i for i, _ in changed)
        if patches:
            self.source.patch(patches)
        title = _title(self.board, game, self._sep)
        retitled = self.figure.title.text != title
        if retitled:
            self.figure.title.text = title
        note = self._note_text()
        if self._note.text != note:
            self._note.text = note
            retitled = True
        if (patches or retitled) and self._panes and not self._in_tap:
            _push_notebook(self._panes)
        return len(rows)

    def fit_width(self) -> None:
        """Follow the width of the screen, keeping the board's shape (tablet and phone), with no
        toolbar: the title and legend are hidden, to be drawn as HTML around the map (they wrap
        on a phone), so the canvas holds only the board and keeps its shape at any width."""
        fig = self.figure
        w, h = fig.frame_width or 760, fig.frame_height or 600
        fig.frame_width = fig.frame_height = None
        fig.toolbar_location = None
        fig.title.visible = False
        # The legend and the note are not drawn: left out of the figure, with the players'
        # swatches (their ~40 models cost every table opened; a map made with `legend=False`
        # never builds them); the note's text stays updated.
        fig.below = []
        fig.renderers = [r for r in fig.renderers if r not in self._swatches]
        fig.width, fig.height = w, h
        fig.sizing_mode = "scale_width"

    def on_tap(self, callback: Callable[[str], Any]) -> None:
        """Call `callback(region_id)` on the server when a region is tapped."""
        self._callbacks.append(callback)
        self._listen()

    def panel(self, **params: Any) -> Any:
        """The map as a `pn.pane.Bokeh` (imports Panel only when asked)."""
        import panel as pn

        self._listen()  # before Panel renders it, so Panel forwards what the callbacks change
        pane = pn.pane.Bokeh(self.figure, **params)
        self._panes.append(pane)
        return pane

    # ------------------------------------------------------------------------------------
    def _listen(self) -> None:
        """Python callbacks only once needed: a static page (`bokeh.io.show`, `draw`) has none."""
        if not self._listening:
            self._listening = True
            self.source.selected.on_change("indices", self._selected)
            # Bokeh reads a tap within 300 ms of the previous one as a double tap, which the
            # TapTool ignores: find the region under it here so that no tap is lost.
            self.figure.on_event(DoubleTap, self._double_tap)

    def _selected(self, attr: str, old: list[int], new: list[int]) -> None:
        if not new:
            return
        rid = self.board.ids[new[0]]
        self._in_tap = True
        try:
            self.source.selected.indices = []  # so that the same region can be tapped again
            for cb in list(self._callbacks):
                cb(rid)
        finally:
            self._in_tap = False

    def _set_colors(self, game: Game | None) -> None:
        if game is None or list(self.colors) == game.players:
            return
        given = self._given
        if isinstance(given, list):
            given = dict(zip(game.players, given, strict=False))
        self.colors = {p: given.get(p, st.PLAYER_COLORS[s % len(st.PLAYER_COLORS)])
                       for s, p in enumerate(game.players)}

    def _double_tap(self, event: DoubleTap) -> None:
        i = _region_at(self.source.data, event.x, event.y)
        if i is not None:
            self._selected("indices", [], [i])

    def _rows(self, game: Game | None) -> dict[str, list[Any]]:
        b = self.board
        cols: dict[str, list[Any]] = {c: [] for c in DYNAMIC}
        targets: dict[str, bool] = {}  # region -> needs the reinforcement die
        mover = None
        if (game is not None and game.to_act is not None and game.to_act == game.current
                and self.may_act(game.current)):
            mover = game.current
            for a in game.legal_actions():
                flags = [k for k, p in WORDS[a.do].params.items() if p.kind is Kind.FLAG]
                if WORDS[a.do].place == "region" and flags:  # the conquest (it has a die variant)
                    targets[a.region] = targets.get(a.region, True) and bool(a.args.get(flags[0]))
        located = mi.by_region(mi.board_items(game)) if game is not None else {}
        skip = mi.badge_kinds(game) if game is not None else set()
        for i, rid in enumerate(b.ids):
            race = game.race[i] if game else (LOST_TRIBE if b.lost_tribe[i] else None)
            n = game.tokens[i] if game else int(b.lost_tribe[i])
            tok = dtok = tok_s = dtok_s = None
            fill, ink_ = "#FFFFFF", "#000000"
            if race == LOST_TRIBE or (race and game is not None and race not in game.armies):
                lost = race == LOST_TRIBE  # or another neutral occupant (a Pirate Ship)
                name = _("Lost Tribe") if lost else race_name(race)
                tok, tok_s = f"{name} ×{n}", f"{st.LOST_TRIBE_SHORT if lost else name[:3]}×{n}"
                fill, ink_ = st.LOST_TRIBE_COLOR, st.ink(st.LOST_TRIBE_COLOR)
            elif race and game is not None:
                fill = self.colors[game.players[game.owner[i]]]
                name = race_name(race)
                if game.armies[race].declined:
                    dtok, dtok_s = f"{name} ×{n}", f"{name[:3]}×{n}"
                else:
                    tok, tok_s, ink_ = f"{name} ×{n}", f"{name[:3]}×{n}", st.ink(fill)
            cols["tok"].append(tok)
            cols["dtok"].append(dtok)
            cols["tok_s"].append(tok_s)
            cols["dtok_s"].append(dtok_s)
            cols["tok_fill"].append(fill)
            cols["tok_ink"].append(ink_)
            marks = _markers(game, i)
            here = located.get(i, [])
            cols["badges"].append(mi.badge(here, skip))
            cols["hl"].append(1.0 if rid in targets else 0.0)
            cols["tip"].append(_tip(b, game, i, race, n, marks, mover, targets.get(rid),
                                    mi.tip_lines([it for it in here if it.kind not in skip])))
        return cols

    def _build(self, width: int, legend: bool = True) -> Any:
        b, src = self.board, self.source
        fw, fh = _frame(b)
        self._sep = "\n" if width < NARROW else " · "
        # No axes (nor their grids, tickers and formatters: a dozen models never shown).
        fig = figure(frame_width=width, frame_height=round(width * fh / fw), x_range=(0, fw),
                     y_range=(0, fh), tools="pan,wheel_zoom,reset", toolbar_location="right",
                     match_aspect=True, name="board_map", x_axis_type=None, y_axis_type=None,
                     title=_title(b, self.game, self._sep))
        fig.title.text_font_size = "13px" if width >= NARROW else "12px"
        fig.toolbar.autohide = True
        fig.outline_line_color = None
        fig.background_fill_color = st.TERRAIN_COLORS["sea"]
        fig.min_border = 4
        if self._links["x0"]:
            fig.add_glyph(ColumnDataSource(self._links), Segment(
                x0="x0", y0="y0", x1="x1", y1="y1", line_color="#333333", line_width=3))
            fig.background_fill_color = "#F4F4F4"
        shapes = fig.add_glyph(src, MultiPolygons(
            xs="xs", ys="ys", fill_color="fill", line_color=st.OUTLINE[0],
            line_width=st.OUTLINE[1]))
        # Hatched terrains again on top, each pattern as a scalar style (see DYNAMIC).
        data = src.data
        swatch = {t: (shapes, data["terrain"].index(t)) for t in set(data["terrain"])}
        for pattern in sorted(set(st.TERRAIN_HATCH.values())):
            rows = [i for i, t in enumerate(data["terrain"]) if st.TERRAIN_HATCH.get(t) == pattern]
            if rows:
                r = fig.add_glyph(
                    ColumnDataSource({k: [data[k][i] for i in rows] for k in ("xs", "ys", "fill")}),
                    MultiPolygons(xs="xs", ys="ys", fill_color="fill", line_color=None,
                                  hatch_pattern=pattern, hatch_color=st.HATCH_COLOR,
                                  hatch_alpha=0.55, hatch_scale=10))
                for k, i in enumerate(rows):
                    swatch[data["terrain"][i]] = (r, k)
        added = [i for i, a in enumerate(data["added"]) if a]
        if added:  # regions a module adds to a drawn board, over the lake they lie in
            r = fig.add_glyph(
                ColumnDataSource({k: [data[k][i] for i in added] for k in ("xs", "ys", "fill")}),
                MultiPolygons(xs="xs", ys="ys", fill_color="fill", line_color=st.OUTLINE[0],
                              line_width=st.OUTLINE[1]))
            for k, i in enumerate(added):
                swatch[data["terrain"][i]] = (r, k)
        # On top of every region, so that no neighbour's thin line covers it.
        outline = fig.add_glyph(src, MultiPolygons(
            xs="xs", ys="ys", fill_alpha=0, line_color=st.TARGET[0], line_width=st.TARGET[1],
            line_alpha="hl"))
        if self._peaks["xs"]:  # in frame units: they scale with the map
            fig.add_glyph(ColumnDataSource(self._peaks), MultiPolygons(
                xs="xs", ys="ys", fill_color=st.MOUNTAIN_COLOR, line_color="#FFFFFF",
                line_width=1))
        font = value(st.FONT)
        labels = fig.add_glyph(src, Text(
            x="x", y="y", text="label", text_font=font, text_font_style="bold",
            text_color="#222222", text_align="center", text_baseline="middle",
            background_fill_color="#FFFFFF", background_fill_alpha=0.6, border_radius=3,
            padding=1))
        badge = dict(x="x", y="y", text_font=font, text_font_style="bold", text_align="center",
                     text_baseline="middle", background_fill_color="tok_fill",
                     border_line_color="#FFFFFF", border_line_width=1.5, border_radius=5)
        tokens = fig.add_glyph(src, Text(text="tok", text_color="tok_ink", **badge))
        declined = fig.add_glyph(src, Text(
            text="dtok", text_color=st.DECLINED_INK, background_fill_alpha=st.DECLINED_ALPHA,
            background_hatch_pattern=st.DECLINED_HATCH, background_hatch_color="#FFFFFF",
            background_hatch_scale=6, **badge))
        badges = fig.add_glyph(src, Text(
            x="x", y="y", text="badges", text_font=font, text_color="#000000",
            text_align="center", text_baseline="middle", background_fill_color="#FFFFFF",
            background_fill_alpha=0.9, border_line_color="#000000", border_line_width=1,
            border_radius=3))
        for r in (shapes, outline, labels, tokens, declined, badges):
            r.selection_glyph = None
            r.nonselection_glyph = None
        # Text sizes: the step for `width` now, and again in the browser whenever the figure
        # is laid out at another size (scale_width in the app) or zoomed.
        steps = st.text_steps()
        glyphs = {"labels": labels.glyph, "tokens": tokens.glyph, "declined": declined.glyph,
                  "badges": badges.glyph}
        _apply_step(glyphs, _pick_step(steps, width / fw))
        rescale = CustomJS(args=dict(fig=fig, steps=steps, **glyphs), code=RESCALE_JS)
        fig.js_on_change("inner_width", rescale)
        fig.x_range.js_on_change("start", rescale)
        fig.x_range.js_on_change("end", rescale)
        # "vertical": above or below the finger, shifted sideways to stay on the screen (a
        # tooltip beside it is not shifted and was cut off on a phone), never wider than it.
        fig.add_tools(HoverTool(renderers=[shapes], tooltips=TOOLTIP, attachment="vertical",
                                point_policy="follow_mouse"),
                      TapTool(renderers=[shapes]))
        fig.toolbar.active_scroll = None
        short = _pick_step(steps, width / fw)["short"]
        if legend:
            self._legend(fig, swatch, width, short)
        else:
            self._swatches = []
            self._note_args = (short, width)
            self._note = Title(text=self._note_text())
        return fig

    def _legend(self, fig: Any, swatch: dict[str, tuple[Any, int]], width: int,
                short: bool) -> None:
        """Terrain and player swatches under the map, then the note, both wrapped to `width`."""
        items = []
        for t in st.TERRAIN_COLORS:
            if t in swatch:
                r, i = swatch[t]
                items.append(LegendItem(label=place_name(t, lang()), renderers=[r], index=i))
        self._swatches = []  # the players' swatches: renderers drawn only in the legend
        for p, c in self.colors.items():
            r = fig.quad(left=[math.nan], right=[math.nan], top=[math.nan], bottom=[math.nan],
                         fill_color=c, line_color="#FFFFFF")
            self._swatches.append(r)
            items.append(LegendItem(label=p, renderers=[r]))
        ncols = _legend_columns([str(it.label.value) for it in items], width)
        fig.add_layout(Legend(items=items, orientation="horizontal", location="center",
                              ncols=ncols, label_text_font_size=f"{LEGEND_PX}px",
                              click_policy="none", border_line_color=None, padding=2,
                              spacing=8), "below")
        self._note_args = (short, width)
        self._note = Title(text=self._note_text(), text_font_size=f"{LEGEND_PX}px",
                           text_font_style="normal", text_color="#333333", align="center")
        fig.add_layout(self._note, "below")

    def _note_text(self) -> str:
        """The note under the legend: what lies on the board now (markers, pieces, Leaders...
        with where), the board's symbols, then the fixed key."""
        short, width = self._note_args
        things = "   ".join(mi.legend_text(self.game, self.board))
        note = (things + "   " if things else "") + st.note(st.LEGEND_NOTE) + (
            "   " + st.note(st.SHORT_NOTE) if short else "")
        return "\n".join(_wrap(note, width))


# ----------------------------------------------------------------------------------------
# Board layout
# ----------------------------------------------------------------------------------------
def _frame(b: Board) -> tuple[float, float]:
    return float(b.frame[0]), float(b.frame[1])


@lru_cache(maxsize=8)
def _drawing(board_id: str) -> dict[str, Any] | None:
    """The stored drawing of a built-in board (outlines, label points, mountain peaks), or
    None. Read once per board: the file does not change while the program runs."""
    path = resources.files("swcore").joinpath(f"data/geometry/{board_id}.json")
    if not path.is_file():
        return None
    return json.loads(path.read_text("utf-8"))


def _static_columns(b: Board) -> tuple[dict[str, list], dict[str, list], dict[str, list]]:
    """Per-region outline, label anchor, terrain; the border lines of a board drawn as
    circles; and the mountains' peaks (three small triangles each, in frame units)."""
    fw, fh = _frame(b)
    drawing = _drawing(b.id) if b.id != "inline" else None
    if b.outlines and all(b.outlines):  # a board file's own drawing (the board editor's)
        drawing = {"regions": dict(zip(b.ids, b.outlines, strict=True))}
    extra = [] if drawing is None else [i for i, rid in enumerate(b.ids)
                                         if rid not in drawing["regions"]]
    if drawing is not None and (not set(drawing["regions"]) <= set(b.ids)
                                or any(b.centre[i] is None for i in extra)):
        drawing, extra = None, []  # not the board the geometry was drawn for
    xs, ys, cx, cy = [], [], [], []
    peaks: list[tuple[float, float, float]] = []  # x, y (y up), size
    links: dict[str, list] = {"x0": [], "y0": [], "x1": [], "y1": []}
    if drawing is not None:
        geo, at, tops = drawing["regions"], drawing.get("labels", {}), drawing.get("peaks", {})
        for i, rid in enumerate(b.ids):
            if i in extra:  # a region a module adds to a drawn board (an island in its lake):
                c = (b.centre[i][0], b.centre[i][1] + 1.3 * ADDED_RADIUS)  # a small disc
                # just below its centre (the lake's label stays readable), over what lies there
                angles = [2 * math.pi * k / 24 for k in range(24)]
                xs.append([[[c[0] + ADDED_RADIUS * math.cos(a) for a in angles]]])
                ys.append([[[fh - c[1] + ADDED_RADIUS * math.sin(a) for a in angles]]])
                cx.append(float(c[0]))
                cy.append(fh - c[1])
                continue
            xs.append([[[x for x, _ in ring] for ring in poly] for poly in geo[rid]])
            ys.append([[[fh - y for _, y in ring] for ring in poly] for poly in geo[rid]])
            if rid in at:
                c = at[rid]
            else:
                c = b.centre[i] or _ring_centre(geo[rid][0][0])
                c = (min(max(c[0], LABEL_MARGIN), fw - LABEL_MARGIN), c[1])
            cx.append(float(c[0]))
            cy.append(fh - c[1])
            if b.has_tag(i, "mountain"):  # a Black Mountain too (U-COMPAT-3)
                top = tops.get(rid, (c[0] - 80, c[1] - 10, 1.0))
                peaks.append((top[0], fh - top[1], top[2] if len(top) > 2 else 1.0))
    else:
        pos, radius = _circle_layout(b)
        for i, (x, y) in enumerate(pos):
            angles = [2 * math.pi * k / 40 for k in range(40)]
            xs.append([[[x + radius * math.cos(a) for a in angles]]])
            ys.append([[[fh - y + radius * math.sin(a) for a in angles]]])
            cx.append(x)
            cy.append(fh - y)
            if b.has_tag(i, "mountain"):  # low in the circle, under the badges
                peaks.append((x, fh - y - 0.7 * radius, min(1.0, radius / 60)))
        for a, c in b.borders:
            links["x0"].append(cx[a])
            links["y0"].append(cy[a])
            links["x1"].append(cx[c])
            links["y1"].append(cy[c])
    data = {
        "rid": list(b.ids), "xs": xs, "ys": ys, "x": cx, "y": cy,
        "terrain": list(b.terrain),
        "fill": [st.TERRAIN_COLORS[t] for t in b.terrain],
        "added": [i in extra for i in range(len(b))],  # drawn last, over the hatched terrains
        "label": [" ".join([b.labels[i] or rid] + [st.SYMBOL_GLYPHS[s] for s in st.SYMBOL_GLYPHS
                                    if s in b.symbols[i]]) for i, rid in enumerate(b.ids)],
    }
    return data, links, _peaks(peaks)


def _ring_centre(ring: list[list[float]]) -> tuple[float, float]:
    return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))


def _circle_layout(b: Board) -> tuple[list[tuple[float, float]], float]:
    """Region positions for a map without geometry: its centres, a circle, or a grid."""
    n = len(b)
    fw, fh = _frame(b)
    if all(c is not None for c in b.centre):
        pos = [(float(c[0]), float(c[1])) for c in b.centre]
    elif n <= 12:
        side = min(fw, fh)
        gap = 2 * math.sin(math.pi / max(n, 2))  # neighbours' distance on a unit circle
        ring = 0.5 * side / (1 + 0.3 * gap) - 0.03 * side  # room for the circles around it
        pos = [(fw / 2 + ring * math.cos(2 * math.pi * k / n - math.pi / 2),
                fh / 2 + ring * math.sin(2 * math.pi * k / n - math.pi / 2)) for k in range(n)]
    else:
        cols = math.ceil(math.sqrt(n))
        rows = math.ceil(n / cols)
        pos = [(fw * (k % cols + 0.5) / cols, fh * (k // cols + 0.5) / rows) for k in range(n)]
    gaps = [math.dist(p, q) for k, p in enumerate(pos) for q in pos[k + 1:]]
    radius = min([0.3 * g for g in gaps] + [0.16 * min(fw, fh)])
    return pos, max(radius, 1.0)


def _region_at(data: dict[str, list], x: float | None, y: float | None) -> int | None:
    """The row whose outline contains (x, y) (even-odd rule over all rings), or None."""
    if x is None or y is None:
        return None
    for i, (pxs, pys) in enumerate(zip(data["xs"], data["ys"], strict=True)):
        inside = False
        for rxs, rys in zip(pxs, pys, strict=True):
            for xs, ys in zip(rxs, rys, strict=True):
                n = len(xs)
                for k in range(n):
                    x1, y1, x2, y2 = xs[k - 1], ys[k - 1], xs[k], ys[k]
                    if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                        inside = not inside
        if inside:
            return i
    return None


def _peaks(points: list[tuple[float, float, float]]) -> dict[str, list]:
    """Three small peaks (two low, one high behind) around each (x, y), `size` times 18 frame
    units wide each: one MultiPolygons row per peak."""
    out: dict[str, list] = {"xs": [], "ys": []}
    for x, y, size in points:
        for dx, dy in ((-9.5, -4.0), (9.5, -4.0), (0.0, 5.0)):
            px, py, w, h = x + dx * size, y + dy * size, 9.0 * size, 15.0 * size
            out["xs"].append([[[px - w, px + w, px]]])
            out["ys"].append([[[py - h / 2, py - h / 2, py + h / 2]]])
    return out


def _pick_step(steps: list[dict[str, Any]], ppu: float) -> dict[str, Any]:
    """The step for `ppu` screen px per frame unit (as RESCALE_JS picks it)."""
    return ([steps[0]] + [s for s in steps[1:] if ppu >= s["from"]])[-1]


def _apply_step(glyphs: dict[str, Any], s: dict[str, Any]) -> None:
    """What RESCALE_JS does in the browser, done in Python for the figure's own width."""
    glyphs["labels"].update(text_font_size=s["label"], y_offset=s["up"])
    for k, col in (("tokens", "tok"), ("declined", "dtok")):
        glyphs[k].update(text=col + ("_s" if s["short"] else ""), text_font_size=s["badge"],
                         padding=s["pad"])
    glyphs["badges"].update(text_font_size=s["mark"], y_offset=s["down"], padding=s["mpad"])


def _legend_columns(labels: list[str], width: float) -> int:
    """The most legend items per row (laid out row by row, each column as wide as its
    widest item) that fit in `width` px."""
    sizes = [20 + 5 + LEGEND_CHAR * len(t) + 8 for t in labels]  # swatch, gap, text, spacing
    for n in range(len(sizes), 1, -1):
        cols = [max(sizes[k::n]) for k in range(n)]
        if sum(cols) + 8 <= width:
            return n
    return 1


def _wrap(note: str, width: float) -> list[str]:
    """`note`'s phrases (three spaces apart) in as few lines as fit in `width` px."""
    lines: list[str] = []
    for phrase in note.split("   "):
        if lines and LEGEND_CHAR * len(lines[-1] + "   " + phrase) <= width - 8:
            lines[-1] += "   " + phrase
        else:
            lines.append(phrase)
    return lines


# ----------------------------------------------------------------------------------------
# Texts
# ----------------------------------------------------------------------------------------
#: The hover box: never wider than the screen (less a margin), so it can always be shifted
#: into view.
TOOLTIP = ("<div style='max-width:min(340px, calc(100vw - 40px));overflow-wrap:anywhere'>"
           "@tip{safe}</div>")


def _title(b: Board, game: Game | None, sep: str = " · ") -> str:
    """The board, then (after `sep`: a new line on a narrow map) the turn and who acts."""
    name = (engine(b.name) if b.name else _("Scenario map") if b.id == "inline"
            else _("Board {id}").format(id=b.id))
    if b.confidence in st.CONFIDENCE_WORDS:  # a transcription not fully sure says so
        name += f" ({_(st.CONFIDENCE_WORDS[b.confidence])})"
    if game is None:
        return name
    if game.game_over:
        return name + sep + _("game over · winner: {names}").format(names=", ".join(game.winners()))
    who = game.to_act
    what = (_("{player} places withdrawn tokens") if who != game.current and game.queue
            else _("{player} to move")).format(player=who)
    return name + sep + _("turn {turn}/{turns}").format(turn=game.turn, turns=game.turns) + f" · {what}"


def _markers(game: Game | None, i: int) -> list[tuple[str, int]]:
    if game is None:
        return []
    return [(k, counts[i]) for k, counts in game.mk.items() if counts[i]]


def race_name(race: str) -> str:
    """A race as the page's language names it (the French rule book's name in French)."""
    return item_name(race, lang())


def _tip(b: Board, game: Game | None, i: int, race: str | None, n: int,
         marks: list[tuple[str, int]], mover: str | None, die: bool | None,
         extra: list[str] | None = None) -> str:
    """The hover text of region i (HTML; every name escaped). `die` is None when the player
    to move cannot conquer it now, True when only a final conquest with the die can."""
    rid = b.ids[i]
    facts = [place_name(b.terrain[i], lang())] + [
        st.symbol_name(s) for s in st.SYMBOL_GLYPHS if s in b.symbols[i]]
    if b.entry[i] and not b.water[i]:
        facts.append(_("border region (entry)"))
    elif b.coastal[i]:
        facts.append(_("coastal"))
    lines = [f"<b>{escape(rid)}</b>: {escape(', '.join(facts))}"]
    if race == LOST_TRIBE:
        lines.append(_("Occupant: {what}").format(what=_("Lost Tribe") + f" × {n}"))
    elif race and game is not None and race not in game.armies:  # a Pirate Ship (X-RW-11)
        lines.append(_("Occupant: {what}").format(what=f"{escape(race_name(race))} × {n}"))
    elif race and game is not None:
        owner = game.players[game.owner[i]]
        state = " " + _("(in decline)") if game.armies[race].declined else ""
        lines.append(_("Occupant: {what}").format(what=_("{player}'s {race}").format(
            player=escape(owner), race=escape(race_name(race))) + f"{state} × {n}"))
    elif not b.water[i]:
        lines.append(_("Occupant: none"))
    defence = ([ngettext("{n} token", "{n} tokens", n).format(n=n)] if race else [])
    if b.has_tag(i, "mountain"):  # a Black Mountain's marker too (U-BM-1, U-COMPAT-3)
        defence.append(f"{place_name(b.terrain[i], lang()).lower()} +1")
    for k, c in marks:
        name, kind = st.marker_name(k), MARKER_TYPES.get(k)
        if k in IMMUNE_MARKERS:
            defence.append(_("{marker}: cannot be attacked").format(marker=name))
        elif kind is not None and kind.defence:
            defence.append(f"{name} +{c * kind.defence}")
        else:
            defence.append(f"{name} × {c}")
    if defence and not b.water[i]:
        lines.append(_("Defence: {list}").format(list=escape(", ".join(defence))))
    if extra:
        lines.append(_("Also here: {list}").format(list="; ".join(extra)))
    if game is not None and mover is not None:
        lines += _cost_lines(game, rid, race, mover, die)
    return "<br>".join(lines)


def _cost_lines(game: Game, rid: str, race: str | None, mover: str, die: bool | None) -> list[str]:
    """For the player to move: the cost with its breakdown, and whether they can pay it now
    or why the rules forbid the conquest (`die` as in `_tip`)."""
    q = game.quote(rid)
    who, why = escape(mover), q.reason
    out = []
    water = game.board.water[game.board.index[rid]]
    own = race is not None and race == game.active[game.players.index(mover)]
    if q.breakdown and not (own or (water and why is not None)):
        parts = " + ".join(f"{escape(term(str(label)))} {v}" for label, v in q.breakdown)
        out.append(ngettext("Cost for {player}: {n} token = {parts}",
                            "Cost for {player}: {n} tokens = {parts}", q.cost).format(
            player=who, n=f"<b>{q.cost}</b>", parts=parts))
    army = game.army_of(mover)
    if why is not None:
        if lang() == "en":
            out.append(f"<i>{who} cannot conquer it: {escape(why.reason)} ({escape(why.rule)})</i>")
        else:
            from swcore.i18n import explain
            main, detail = explain(why, lang())
            out.append("<i>" + _("{player} cannot conquer it: {why}").format(
                player=who, why=escape(main)) + f"</i> <small>({escape(detail)})</small>")
    elif die is False:
        out.append("<b>" + _("{player} can conquer it now").format(player=who) + "</b>")
    elif die:
        out.append("<b>" + _("{player} can conquer it only with the reinforcement die")
                   .format(player=who) + "</b> " + _("(final conquest, B-FINAL)"))
    elif army is not None and army.over:
        out.append("<i>" + _("{player}'s conquests are over for this turn").format(player=who)
                   + "</i>")
    elif army is not None:
        out.append("<i>" + _("{player} has only {n} token(s) to conquer with").format(
            player=who, n=game.available(army)) + "</i>")
    return out


def _push_notebook(panes: list[Any]) -> None:
    from panel.io.notebook import push_notebook

    push_notebook(*panes)


# ----------------------------------------------------------------------------------------
# Command line: python -m swcore draw SOURCE --out FILE
# ----------------------------------------------------------------------------------------
def draw(source: str, out: str) -> None:
    """Write a standalone, offline HTML page of a board id or of a saved game (.json). The map
    follows the window's width up to 800 px (a phone too), with the title and the legend as
    HTML above and under it, so that they wrap."""
    from bokeh.embed import file_html
    from bokeh.layouts import column
    from bokeh.models import Div
    from bokeh.resources import INLINE

    path = Path(source)
    if path.suffix == ".json" or path.is_file():
        if not path.is_file():
            raise InputError("source", f"no saved game at {source}")
        m = BoardMap(Game.from_json(path.read_text(encoding="utf-8")))
    else:
        m = BoardMap(source)
    fig = m.figure
    title = _title(m.board, m.game)
    w, h = fig.frame_width, fig.frame_height
    fig.frame_width = fig.frame_height = None
    fig.width, fig.height = w, h
    fig.sizing_mode = "scale_width"
    fig.title.visible = False
    for item in fig.below:
        item.visible = False
    head = Div(text=f"<b style='font-size:15px'>{escape(title)}</b>", sizing_mode="stretch_width")
    key = Div(text=_legend_html(m), sizing_mode="stretch_width")
    page = column(head, fig, key, sizing_mode="stretch_width", max_width=w + 40)
    html = file_html(page, resources=INLINE, title=title)
    Path(out).write_text(html, encoding="utf-8")


def _legend_html(m: BoardMap) -> str:
    """The legend of the figure as HTML (it wraps on a narrow page)."""
    box = ("display:inline-block;width:13px;height:13px;border:1px solid #555;"
           "vertical-align:-2px;background:")
    items = [f"<span style='{box}{c}'></span>&nbsp;{t}" for t, c in st.TERRAIN_COLORS.items()
             if t in m.board.terrain]
    items += [f"<span style='{box}{c}'></span>&nbsp;{escape(p)}" for p, c in m.colors.items()]
    note = [escape(x) for x in (st.LEGEND_NOTE + "   " + st.SHORT_NOTE).split("   ")]
    return (mi.legend_html(m.game, m.board) + "<div style='font-size:13px;line-height:1.7'>" +
            " ".join(f"<span style='white-space:nowrap;margin-right:8px'>{x}</span>"
                     for x in items) + "<br><span style='color:#444'>" +
            " · ".join(f"<span style='white-space:nowrap'>{x}</span>" for x in note) +
            "</span></div>")
