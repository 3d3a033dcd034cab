"""The board editor screen (issue 22): make a board, or correct a shipped one, on a tablet.

The model is the engine's (`swcore.boardedit.Draft`, checked by `swcore.boardcheck`); this
screen only shows it and turns taps into its edits. Modes say what a tap on the map does:
place a region, pick one (to set its terrain, symbols and flags), tap two regions to add or
remove their border, draw an outline with Bokeh's PolyDrawTool, or move an outline's points
with its PolyEditTool. A photo of the physical board can lie behind the drawing. Every
accepted edit is saved in the store at once (dashboards/board_store.py), so a reload or a
server restart reopens the board as it was (`?page=boards&board=ID`).
"""

from __future__ import annotations

import io
from base64 import b64encode
from collections.abc import Callable
from typing import Any

import panel as pn
from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource, PolyDrawTool, PolyEditTool
from bokeh.plotting import figure

from swcore import InputError, builtin_ids
from swcore.boardcheck import problems
from swcore.boardedit import (
    FLAGS,
    Draft,
    blank,
    from_shipped,
    modules_for,
    outline,
    read_file,
    vocabulary,
)
from swcore.rules import available_modules, module_name
from swcore.terrains import SYMBOL, TERRAIN

from . import board_store
from . import map_style as st
from .i18n import N_, _, engine, lang
from .setup_fields import board_label
from .widgets import alert_pane, button, esc, html, show

WIDTH = 720
MODES = {N_("Place regions"): "place", N_("Pick a region"): "choose",
         N_("Borders: tap two regions"): "borders", N_("Draw an outline"): "draw",
         N_("Move outline points"): "adjust"}
#: What a tap does in each mode, shown under the modes (the page's sign that the mode is set).
HINTS = {"place": N_("A tap places a new region."),
         "choose": N_("A tap chooses a region: set its terrain, symbols and flags."),
         "borders": N_("Tap two regions: their border is added, or removed if it was there."),
         "draw": N_("Press and hold to start the chosen region's outline, tap its points, press "
                   "and hold on the last one, then use the drawn outline."),
         "adjust": N_("Press and hold an outline to show its points, then drag them.")}
FLAG_LABELS = {"edge": N_("On the board's edge"), "lost_tribe": N_("Lost Tribe")}
BLANK = "blank"
WRAP = ":host .bk-btn-group { flex-wrap: wrap; } :host .bk-btn { min-height: 48px; }"
CSS_BIG = {"height": 48}
#: A problem's button shows its whole text on a phone: lines wrap, the button grows.
WRAPPED = (":host .bk-btn { white-space: normal; text-align: left; height: auto; "
           "min-height: 48px; }")
#: The download's words at the size of the other buttons' (Panel's are smaller).
DOWNLOAD = (":host .bk-btn { font-size: 16px; display: flex; align-items: center; "
            "justify-content: center; min-height: 48px; }")
#: The multiple choice's box is what a finger taps to open it: 48 px like the buttons.
TALL_CHOICES = ".choices__inner { min-height: 48px; box-sizing: border-box; }"


def _name(item: Any, lang_: str) -> str:
    return item.french if lang_ == "fr" and item.french else item.english


class BoardEditor(pn.viewable.Viewer):
    """One board being edited; `on_leave()` goes back to where the editor was opened from."""

    def __init__(self, store: board_store.Store, board_id: int | None = None,
                 on_leave: Callable[[], Any] | None = None,
                 on_saved: Callable[[int], Any] | None = None):
        super().__init__()
        self.store, self.on_leave, self.on_saved = store, on_leave, on_saved
        self.board_id: int | None = None
        self.photo: str | None = None
        self.based_on = ""
        self.selected: str | None = None
        self.first: str | None = None  # the first region tapped in borders mode
        self._quiet = False
        self.draft = Draft(on_change=self._changed)
        self._build_widgets()
        self._build_figure()
        if board_id is not None:
            self.open_stored(board_id)
        self._refresh()

    # --- widgets -------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        starts = {_("A blank page"): BLANK,
                  **{_("Correct {board}").format(board=board_label(b, lang())): b
                     for b in builtin_ids()},
                  **{_("Stored: {name}").format(name=board_store.label(i, n, a)):
                     f"{board_store.PREFIX}{i}" for i, n, a, _r in board_store.listing(self.store)}}
        self.start = pn.widgets.Select(label=_("Start from"), options=starts, value=BLANK, width=300)
        open_it = button(_("Open"), color="primary", **CSS_BIG)
        open_it.on_click(lambda e: self.start_from(self.start.value))
        self.board_name = pn.widgets.TextInput(label=_("Board name"), max_length=200, width=260)
        self.author = pn.widgets.TextInput(label=_("Made by"), max_length=60, width=200)
        self.players = pn.widgets.Select(label=_("Players"), options=[2, 3, 4, 5, 6], value=2,
                                         width=100)
        self.modules = pn.widgets.MultiChoice(
            label=_("Rule modules (their terrains and symbols)"),
            options={engine(module_name(m, lang())): m for m in available_modules()},
            width=320, stylesheets=[TALL_CHOICES])
        self.board_name.param.watch(lambda e: self._edit(self.draft.set_info, name=e.new),
                                    "value")
        self.author.param.watch(lambda e: self._save(), "value")
        self.credits = pn.widgets.TextAreaInput(
            label=_("Where the board comes from (its facts, its drawing)"), max_length=2000,
            width=420, height=80)
        self.credits.param.watch(lambda e: self._edit(self.draft.set_info, credits=e.new),
                                 "value")
        self.players.param.watch(lambda e: self._edit(self.draft.set_info, players=e.new),
                                 "value")
        # (not while a board is loaded: its loading refreshes once, in the document's lock)
        self.modules.param.watch(lambda e: self._quiet or self._refresh(), "value")
        self.photo_in = pn.widgets.FileInput(accept="image/*")
        self.photo_in.param.watch(self._photo, "value")
        self.mode = pn.widgets.RadioButtonGroup(options={_(k): v for k, v in MODES.items()},
                                                value="place", color="primary",
                                                stylesheets=[WRAP], variant="outline",
                                                sizing_mode="stretch_width")
        self.mode.param.watch(self._mode, "value")
        self.hint = html("")
        self.terrain = pn.widgets.Select(label=_("Terrain"), width=220)
        self.terrain.param.watch(lambda e: self._region_edit(self.draft.set_terrain, e.new),
                                 "value")
        self.symbols = pn.widgets.CheckButtonGroup(label=_("Symbols"), color="primary",
                                                   variant="outline", stylesheets=[WRAP],
                                                   sizing_mode="stretch_width")
        self.symbols.param.watch(self._symbols, "value")
        self.flags = pn.widgets.CheckButtonGroup(
            options={_(FLAG_LABELS[f]): f for f in FLAGS}, color="primary",
            variant="outline", stylesheets=[WRAP], sizing_mode="stretch_width")
        self.flags.param.watch(self._flags, "value")
        self.region_name = pn.widgets.TextInput(label=_("Name the table calls it"), max_length=40,
                                                width=220)
        self.region_name.param.watch(lambda e: self._region_edit(self.draft.set_name, e.new),
                                     "value")
        remove = button(_("Remove the region"), color="danger", **CSS_BIG)
        remove.on_click(lambda e: self._region_edit(self.draft.remove_region))
        self.region_box = pn.Column(html(""), self.terrain, self.symbols, self.flags,
                                    self.region_name, remove, width=290)
        acts = [(_("Outlines from the regions placed"), self.draft_call("derive_outlines")),
                (_("Borders and edge from the outlines"), self.draft_call("propose")),
                (_("Use the drawn outline"), self.use_sketch),
                (_("Undo"), self.draft_call("undo")), (_("Redo"), self.draft_call("redo"))]
        self.actions = pn.FlexBox(*[self._button(t, f) for t, f in acts])
        self.message = alert_pane("danger")
        self.report = pn.Column(sizing_mode="stretch_width")
        self.status = html("")
        export = pn.widgets.FileDownload(callback=self._export, filename="board.json",
                                         label=_("Export the board file"), color="primary",
                                         height=48, stylesheets=[DOWNLOAD])
        self.import_in = pn.widgets.FileInput(accept=".json,application/json")
        self.import_in.param.watch(self._import, "value")
        leave = button(_("Back to the lobby"), **CSS_BIG)
        leave.on_click(lambda e: self.on_leave and self.on_leave())
        self.files = pn.FlexBox(export, pn.Column(html(_("Import a board file")), self.import_in),
                                leave)
        self.top = pn.FlexBox(self.start, open_it, self.board_name, self.author, self.players,
                              self.modules, self.credits, pn.Column(html(_("Photo of the board (kept on this "
                                                             "server only)")), self.photo_in))

    def _button(self, label: str, fn: Callable[[], Any]) -> pn.widgets.Button:
        b = button(label, **CSS_BIG)
        b.on_click(lambda e: fn())
        return b

    def draft_call(self, name: str) -> Callable[[], Any]:
        return lambda: self._edit(getattr(self.draft, name))

    # --- the map -------------------------------------------------------------------------
    def _build_figure(self) -> None:
        self.shapes = ColumnDataSource({"xs": [], "ys": [], "fill": [], "rid": [], "line": []})
        self.sketch = ColumnDataSource({"xs": [], "ys": []})
        self.vertices = ColumnDataSource({"x": [], "y": []})
        self.labels = ColumnDataSource({"x": [], "y": [], "text": []})
        self.links = ColumnDataSource({"x0": [], "y0": [], "x1": [], "y1": []})
        self.spots = ColumnDataSource({"x": [], "y": [], "fill": []})
        self.image = ColumnDataSource({"url": [], "x": [], "y": [], "w": [], "h": []})
        # No border, no toolbar: the canvas is the frame, scaled to the screen's width.
        self.fig = figure(width=WIDTH, height=504, tools="", toolbar_location=None,
                          x_range=(0, 1000), y_range=(0, 700), min_border=0,
                          sizing_mode="scale_width", max_width=WIDTH,
                          name="board_editor", match_aspect=True)
        self.fig.axis.visible = False
        self.fig.grid.visible = False
        self.fig.background_fill_color = "#f4f4f4"
        self.fig.image_url(url="url", x="x", y="y", w="w", h="h", anchor="top_left",
                           source=self.image, global_alpha=0.9)
        patches = self.fig.patches("xs", "ys", source=self.shapes, fill_color="fill",
                                   fill_alpha=0.55, line_color="line", line_width=2)
        drawn = self.fig.patches("xs", "ys", source=self.sketch, fill_alpha=0.2,
                                 fill_color="#0b5394", line_color="#0b5394", line_width=3)
        dots = self.fig.scatter("x", "y", source=self.vertices, size=14, color="#b00020")
        self.fig.segment("x0", "y0", "x1", "y1", source=self.links, line_color="#1a1a1a",
                         line_width=3)
        self.fig.scatter("x", "y", source=self.spots, size=16, fill_color="fill",
                         line_color="#1a1a1a")
        self.fig.text("x", "y", text="text", source=self.labels, text_font_size="14px",
                      text_align="center", text_baseline="top", y_offset=10,
                      text_color="#1a1a1a")
        self.draw_tool = PolyDrawTool(renderers=[drawn], num_objects=1)
        self.edit_tool = PolyEditTool(renderers=[patches], vertex_renderer=dots)
        self.fig.add_tools(self.draw_tool, self.edit_tool)
        # Bokeh reads a tap within 300 ms of the previous one as a double tap: both are taps.
        self.fig.on_event(Tap, self._tap)
        self.fig.on_event(DoubleTap, self._tap)
        self.shapes.on_change("data", self._adjusted)
        self.pane = pn.pane.Bokeh(self.fig, sizing_mode="stretch_width", max_width=WIDTH)

    def _fh(self) -> float:
        return float(self.draft.doc["frame"][1])

    def _refresh(self) -> None:
        """Show the draft: shapes, labels, borders, the chosen region's fields, the check.
        (In Panel's `unlocked`: a button pressed while a widget's change is still pending is
        run by Panel as a task outside the document's lock, where a change to the figure,
        a plain Bokeh model, would raise; unlocked collects the changes and sends them.)"""
        with pn.io.unlocked():
            self._draw()

    def _draw(self) -> None:
        self._quiet = True
        try:
            doc, fh = self.draft.doc, self._fh()
            fw = float(doc["frame"][0])
            self.fig.x_range.end, self.fig.y_range.end = fw, fh
            self.fig.height = round(WIDTH * fh / fw)
            regs = doc["regions"]
            drawn = [rid for rid, r in regs.items() if outline(r)]
            self.shapes.data = {
                "xs": [[p[0] for p in outline(regs[r])] for r in drawn],
                "ys": [[fh - p[1] for p in outline(regs[r])] for r in drawn],
                "fill": [st.TERRAIN_COLORS.get(regs[r]["terrain"], "#cccccc") for r in drawn],
                "rid": drawn,
                "line": ["#b00020" if r in (self.selected, self.first) else "#1a1a1a"
                         for r in drawn]}
            centres = {rid: (r["centre"][0], fh - r["centre"][1]) for rid, r in regs.items()
                       if r.get("centre")}
            self.labels.data = {"x": [c[0] for c in centres.values()],
                                "y": [c[1] for c in centres.values()],
                                "text": [self._label(rid) for rid in centres]}
            self.spots.data = {"x": [c[0] for c in centres.values()],
                               "y": [c[1] for c in centres.values()],
                               "fill": ["#b00020" if rid in (self.selected, self.first) else
                                        st.TERRAIN_COLORS.get(regs[rid]["terrain"], "#ccc")
                                        for rid in centres]}
            pairs = [(a, b) for a, b in doc["borders"] if a in centres and b in centres]
            self.links.data = {"x0": [centres[a][0] for a, _b in pairs],
                               "y0": [centres[a][1] for a, _b in pairs],
                               "x1": [centres[b][0] for _a, b in pairs],
                               "y1": [centres[b][1] for _a, b in pairs]}
            self.image.data = ({"url": [self.photo], "x": [0], "y": [fh], "w": [fw], "h": [fh]}
                               if self.photo else {"url": [], "x": [], "y": [], "w": [], "h": []})
            self.sketch.data = {"xs": [], "ys": []}
            self.hint.object = f"<p><b>{esc(_(HINTS[self.mode.value]))}</b></p>"
            self._region_fields()
            self._check()
        finally:
            self._quiet = False

    def _label(self, rid: str) -> str:
        r = self.draft.regions[rid]
        marks = [st.SYMBOL_GLYPHS.get(s, s) for s in r.get("symbols", [])]
        if r.get("lost_tribe"):
            marks.append("LT")
        return " ".join([r.get("name") or rid, *marks])

    def _region_fields(self) -> None:
        rid = self.selected if self.selected in self.draft.regions else None
        self.selected = rid
        show(self.region_box, rid is not None)
        if rid is None:
            return
        lg = lang()
        vocab = vocabulary(self.modules.value)
        r = self.draft.regions[rid]
        self.region_box[0].object = "<h3>" + esc(_("Region {rid}").format(rid=rid)) + "</h3>"
        terrains = [*vocab["terrains"], *([r["terrain"]] if r["terrain"] not in vocab["terrains"]
                                         else [])]
        self.terrain.options = {_name(TERRAIN[t], lg): t for t in terrains}
        self.terrain.value = r["terrain"]
        syms = [*vocab["symbols"], *[s for s in r.get("symbols", []) if s not in vocab["symbols"]]]
        self.symbols.options = {_name(SYMBOL[s], lg): s for s in syms}
        self.symbols.value = list(r.get("symbols", []))
        self.flags.value = [f for f in FLAGS if r.get(f)]
        self.region_name.value = r.get("name", "")

    def _check(self) -> None:
        found = problems(self.draft.doc) if self.draft.regions else []
        buttons = []
        for p in found[:30]:
            b = button(("⛔ " if p.blocking else "⚠ ") + p.text(lang()), sizing_mode="stretch_width",
                       min_height=48, color="default", stylesheets=[WRAPPED])
            if p.regions:
                b.on_click(lambda e, r=p.regions[0]: self.pick(r))
            buttons.append(b)
        ready = self.draft.regions and not any(p.blocking for p in found)
        head = (_("Ready to play.") if ready else
                _("Draft: it can be saved but not played until the problems marked ⛔ are fixed."))
        saved = (_("Saved as board #{n}.").format(n=self.board_id) if self.board_id else "")
        self.status.object = f"<p><b>{esc(head)}</b> {esc(saved)}</p>"
        self.report[:] = buttons

    # --- taps and edits --------------------------------------------------------------------
    def _tap(self, event: Tap | DoubleTap) -> None:
        mode = self.mode.value
        if mode in ("draw", "adjust") or event.x is None:
            return
        x, y = float(event.x), self._fh() - float(event.y)
        if mode == "place":
            rid = self._edit(self.draft.add_region, x, y)
            if rid:
                self.pick(rid)
            return
        rid = self.draft.region_at(x, y)
        if rid is None:
            return
        if mode == "choose":
            self.pick(rid)
        elif self.first is None:
            self.first = rid
            self._refresh()
        else:
            a, self.first = self.first, None
            self._edit(self.draft.toggle_border, a, rid)
            self._refresh()

    def tap_at(self, x: float, y: float) -> None:
        """A tap at frame point (x, y) (y down), as the map sends it (tests, scripts)."""
        self._tap(Tap(self.fig, x=x, y=self._fh() - y))

    def pick(self, rid: str) -> None:
        self.selected = rid
        self._refresh()

    def _mode(self, event: Any) -> None:
        self.first = None
        tb = self.fig.toolbar
        tb.active_drag = self.draw_tool if event.new == "draw" else (
            self.edit_tool if event.new == "adjust" else None)
        tb.active_tap = tb.active_drag
        self._refresh()

    def use_sketch(self) -> None:
        """The shape drawn with the PolyDrawTool becomes the chosen region's outline (drawing
        syncs at every point, so the table says when the shape is finished)."""
        data = self.sketch.data
        if not data.get("xs"):
            self._say(_("Draw an outline first."))
            return
        if self.selected is None:
            self._say(_("Pick a region first, then draw its outline."))
            return
        fh, ring = self._fh(), []
        for x, y in zip(data["xs"][-1], data["ys"][-1], strict=True):
            p = (round(float(x), 1), round(fh - float(y), 1))
            if not ring or ring[-1] != p:  # the point under the finger is repeated while drawing
                ring.append(p)
        self._edit(self.draft.set_outline, self.selected, ring)
        self._refresh()

    def _adjusted(self, attr: str, old: Any, new: Any) -> None:
        """Points moved with the PolyEditTool: each changed outline is checked and kept."""
        if self._quiet:
            return
        fh = self._fh()
        for rid, xs, ys in zip(new["rid"], new["xs"], new["ys"], strict=False):
            ring = [(float(x), fh - float(y)) for x, y in zip(xs, ys, strict=True)]
            have = outline(self.draft.regions.get(rid, {}))
            if have is not None and [tuple(p) for p in have] != ring:
                self._edit(self.draft.set_outline, rid, ring)
        self._refresh()

    def _region_edit(self, fn: Callable[..., Any], *args: Any) -> None:
        if self._quiet or self.selected is None:
            return
        self._edit(fn, self.selected, *args)
        self._refresh()

    def _symbols(self, event: Any) -> None:
        if self._quiet or self.selected is None:
            return
        for s in set(event.new) ^ set(event.old):
            self._edit(self.draft.set_symbol, self.selected, s, s in event.new)
        self._refresh()

    def _flags(self, event: Any) -> None:
        if self._quiet or self.selected is None:
            return
        for f in set(event.new) ^ set(event.old):
            self._edit(self.draft.set_flag, self.selected, f, f in event.new)
        self._refresh()

    def _edit(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """Run one edit; a refusal is shown and changes nothing."""
        if self._quiet:
            return None
        try:
            out = fn(*args, **kw)
        except InputError as err:
            self._say(engine_reason(err))
            self._refresh()
            return None
        show(self.message, False)
        if fn.__name__ in ("undo", "redo", "derive_outlines", "propose", "set_info"):
            self._refresh()
        return out

    def _say(self, text: str) -> None:
        self.message.object = esc(text)
        show(self.message)

    def _changed(self, doc: dict[str, Any]) -> None:
        self._save()

    # --- files, photo, store ---------------------------------------------------------------
    def _save(self) -> None:
        """Keep the board in the store as it is now (a draft until it passes the checks)."""
        if self._quiet:
            return
        try:
            self.board_id = board_store.save(
                self.store, self.draft.doc, name=self.board_name.value or _("Our board"),
                author=self.author.value, based_on=self.based_on, photo=self.photo,
                board_id=self.board_id)
        except InputError as err:
            self._say(engine_reason(err))
            return
        if self.on_saved:
            self.on_saved(self.board_id)

    def start_from(self, value: str) -> None:
        """A new board: blank, a copy of a shipped board to correct, or a stored one."""
        if value.startswith(board_store.PREFIX):
            self.open_stored(int(value[len(board_store.PREFIX):]))
            return
        doc = blank() if value == BLANK else from_shipped(value, lang())
        self.board_id, self.photo, self.based_on, self.selected = None, None, (
            "" if value == BLANK else value), None
        self._load(doc, "" if value == BLANK else str(doc.get("name", "")))
        self._save()
        self._refresh()

    def open_stored(self, board_id: int) -> None:
        found = board_store.get(self.store, board_id)
        if found is None:
            self._say(_("No stored board #{n}.").format(n=board_id))
            return
        self.board_id, self.photo, self.based_on = found.id, found.photo, found.based_on
        self._load(found.doc, found.name, found.author)
        self._refresh()

    def _load(self, doc: dict[str, Any], name: str, author: str = "") -> None:
        self._quiet = True
        try:
            self.draft = Draft(doc or blank(), on_change=self._changed)
            self.board_name.value, self.author.value = name, author
            self.credits.value = str(doc.get("credits", ""))
            self.players.value = doc.get("players") or 2
            # the modules whose terrains and symbols the board uses (an Underground board's)
            self.modules.value = modules_for(doc, available_modules())
        finally:
            self._quiet = False

    def _photo(self, event: Any) -> None:
        data, mime = event.new, self.photo_in.mime_type or "image/jpeg"
        if not data or not mime.startswith("image/"):
            return
        self.photo = f"data:{mime};base64," + b64encode(data).decode()
        self._save()
        self._refresh()

    def _export(self) -> io.StringIO:
        self.files[0].filename = f"{(self.draft.doc.get('id') or 'board')}.json"
        return io.StringIO(self.draft.to_json())

    def import_text(self, text: str | bytes) -> bool:
        """Replace the board with an imported board file; a bad file changes nothing."""
        try:
            doc = read_file(text)
        except InputError as err:
            self._say(_("This file was not imported: {reason}").format(reason=engine_reason(err)))
            return False
        self.board_id, self.based_on, self.selected = None, "", None
        self._load(doc, str(doc.get("name", "")))
        self._save()
        self._refresh()
        return True

    def _import(self, event: Any) -> None:
        if event.new:
            self.import_text(event.new)

    def __panel__(self) -> pn.viewable.Viewable:
        help_ = html("<p class='sw-muted'>" + esc(_(
            "Choose what a tap does, then tap the map. Place the regions, then make their "
            "outlines from the regions placed (or draw each one), propose the borders and the "
            "edge from the outlines, and correct them by tapping pairs of regions.")) + "</p>")
        return pn.Column(html("<h2>" + esc(_("Board editor")) + "</h2>"), self.top, help_,
                         self.mode, self.hint, self.message, pn.FlexBox(self.pane, self.region_box),
                         self.actions, self.status, self.report, self.files,
                         sizing_mode="stretch_width")


def engine_reason(err: InputError) -> str:
    """An engine refusal in the page's language (its reason, then the field it names)."""
    from .i18n import term

    return f"{term(err.reason)} ({err.field})"

