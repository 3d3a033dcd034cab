"""Issue 3: the Bokeh board map (dashboards/board_map.py), without a browser.

Hand-worked positions on base-4p (regions from swcore/data/boards/base-4p.json):
r1 is a sea on the edge; r2 an empty farmland bordering r1 (a border region, B-CONQ-1) and
r7; r3 a farmland with a Lost Tribe bordering r1; r7 a swamp with a Lost Tribe; r20 an empty
mountain on the edge; r9 a farmland that is not a border region. Ratmen (banner 8) + Wealthy
(badge 4) give 12 tokens; Trolls (banner 5) + Wealthy give 9.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from bokeh.document import Document
from bokeh.events import DoubleTap
from bokeh.models import HoverTool, Legend, Text, Title

from dashboards import map_style as st
from dashboards.board_map import DYNAMIC, BoardMap, _region_at
from swcore import Action, Game, builtin_ids, load_board
from swcore.board import geometry

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["ann", "bob", "cid", "dee"]


def new_game(race: str = "ratmen") -> Game:
    game = Game.new("base-4p", PLAYERS, seed=1, races=[race, "orcs", "elves", "humans"],
                    powers=["wealthy", "hill", "forest", "swamp"])
    game.apply(Action(by="ann", do="pick", combo=0))
    return game


def col(m: BoardMap, name: str, rid: str):
    return m.source.data[name][m.board.index[rid]]


# ------------------------------------------------------------------------------------------
# Building
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("board_id", builtin_ids())
def test_figure_builds_for_every_board_one_row_per_region(board_id):
    board = load_board(board_id)
    m = BoardMap(board_id)
    data = m.source.data
    assert data["rid"] == board.ids
    assert all(len(v) == len(board) for v in data.values())
    # Outlines are the stored geometry with y flipped (the frame's y grows downward).
    geo, height = geometry(board_id), board.frame[1]
    first = board.ids[0]
    ring = geo[first][0][0]
    assert data["xs"][0][0][0] == [x for x, _ in ring]
    assert data["ys"][0][0][0] == [height - y for _, y in ring]
    # An empty board shows its Lost Tribes (B-SETUP) and nothing else.
    shown = [rid for rid, t in zip(data["rid"], data["tok"], strict=True) if t]
    assert shown == [rid for i, rid in enumerate(board.ids) if board.lost_tribe[i]]
    assert all(t == "Lost Tribe ×1" for t in data["tok"] if t)
    assert all(t == "LT×1" for t in data["tok_s"] if t)
    assert not any(data["hl"]), "no player to move, nothing to highlight"


def test_symbols_and_ids_are_labelled():
    m = BoardMap("base-4p")
    b = m.board
    for i, rid in enumerate(b.ids):
        label = m.source.data["label"][i]
        assert label.split()[0] == rid
        assert ("⚒" in label) == ("mine" in b.symbols[i])
        assert ("∩" in label) == ("cavern" in b.symbols[i])
        assert ("✦" in label) == ("magic" in b.symbols[i])


INLINE = {
    "regions": {
        "a": {"terrain": "farmland", "edge": True, "lost_tribe": True},
        "b": {"terrain": "mountain", "symbols": ["mine"]},
        "c": {"terrain": "forest", "symbols": ["cavern", "magic"]},
        "s": {"terrain": "sea", "edge": True},
    },
    "borders": [["a", "b"], ["b", "c"], ["a", "s"], ["c", "s"]],
}


def test_inline_map_is_drawn_as_circles_with_border_lines():
    game = Game.new(INLINE, ["ann", "bob"], seed=0)
    m = BoardMap(game)
    data = m.source.data
    assert data["rid"] == ["a", "b", "c", "s"]
    centres = list(zip(data["x"], data["y"], strict=True))
    assert len(set(centres)) == 4, "each region has its own place"
    for i, (x, y) in enumerate(centres):  # a closed circle around its centre
        ring_x, ring_y = data["xs"][i][0][0], data["ys"][i][0][0]
        radii = {round(((px - x) ** 2 + (py - y) ** 2) ** 0.5, 6)
                 for px, py in zip(ring_x, ring_y, strict=True)}
        assert len(radii) == 1 and radii.pop() > 0
    links = [r for r in m.figure.renderers if type(r.glyph).__name__ == "Segment"]
    assert len(links) == 1 and len(links[0].data_source.data["x0"]) == 4
    assert col(m, "tok", "a") == "Lost Tribe ×1"


def test_a_region_a_module_adds_to_a_drawn_board_is_a_disc_over_the_drawing():
    """Necromancer Island adds a region in the Lake of a base board: the board keeps its drawn
    outlines and the added region is a small disc near its centre, drawn over the hatching."""
    from swcore.config import make_setup

    game = Game(make_setup("base-2p", ["ann", "bob", "nec"], seed=0,
                           expansions=["necromancer"]))
    m = BoardMap(game)
    data = m.source.data
    extra = [rid for rid, a in zip(data["rid"], data["added"], strict=True) if a]
    assert extra == [data["rid"][-1]] and len(data["rid"]) == len(load_board("base-2p")) + 1
    assert not any(data["added"][:-1]) and len(data["xs"][0][0]) > 0
    assert data["xs"][-1][0][0] and len(data["xs"][-1][0][0]) == 24
    last = [r for r in m.figure.renderers if type(r.glyph).__name__ == "MultiPolygons"
            and len(r.data_source.data.get("fill", [])) == 1]
    assert last, "the added region is drawn again on top of the hatched lake"


def test_inline_map_with_centres_uses_them():
    spec = copy.deepcopy(INLINE)
    for k, rid in enumerate(spec["regions"]):
        spec["regions"][rid]["centre"] = [100.0 + 200 * k, 300.0]
    m = BoardMap(spec)
    assert m.source.data["x"] == [100.0, 300.0, 500.0, 700.0]
    assert m.source.data["y"] == [700.0, 700.0, 700.0, 700.0]  # 1000 - 300, y flipped


# ------------------------------------------------------------------------------------------
# Small screens and crowded boards (issue 3 polish)
# ------------------------------------------------------------------------------------------
def field(glyph: Text) -> str:
    """The column a Text glyph shows."""
    return glyph.text if isinstance(glyph.text, str) else glyph.text["field"]


def glyph_of(m: BoardMap, *columns: str) -> Text:
    """The Text glyph of the map that shows one of `columns`."""
    (glyph,) = [r.glyph for r in m.figure.renderers
                if isinstance(r.glyph, Text) and field(r.glyph) in columns]
    return glyph


def stack_boxes(m: BoardMap, step: dict, scale: float) -> dict[str, list[tuple]]:
    """Each region's id label, widest token badge and marker badge at `step` on a map of
    `scale` px per frame unit, as boxes in frame units (y up)."""
    d, out = m.source.data, {}
    for i, rid in enumerate(d["rid"]):
        out[rid] = [(d["x"][i] + left / scale, d["y"][i] - bottom / scale,
                     d["x"][i] + right / scale, d["y"][i] - top / scale)
                    for left, top, right, bottom in st.stack_boxes(step, d["label"][i])]
    return out


def overlap_px(a: list[tuple], b: list[tuple], scale: float) -> float:
    """How far (px, the smaller of width and height) two regions' stacks overlap."""
    worst = 0.0
    for p in a:
        for q in b:
            w = min(p[2], q[2]) - max(p[0], q[0])
            h = min(p[3], q[3]) - max(p[1], q[1])
            worst = max(worst, min(w, h) * scale)
    return worst


@pytest.mark.parametrize("board_id", builtin_ids())
def test_label_points_lie_in_their_own_regions(board_id):
    """The label stack (and the point bench_map.py taps) is inside the region it names."""
    m = BoardMap(board_id)
    d = m.source.data
    assert [_region_at(d, x, y) for x, y in zip(d["x"], d["y"], strict=True)] == \
        list(range(len(d["rid"])))


#: The smallest text step (px per frame unit) from which a crowded board's labels hold apart.
CROWDED = {"underground-3p": 0.8, "underground-5p": 1.15}


@pytest.mark.parametrize("board_id", builtin_ids())
def test_label_stacks_of_two_regions_never_overlap(board_id):
    """At every text size, down to a board 340 px wide (a phone), and with the widest badges
    the layout allows for ("Amazons ×10" or "Ske×12", "Lair Fort"), no two regions' labels
    overlap by 3 px or more. On base-3p the Lost Tribes of r23 and r24 stood on each other.
    The crowded Underground boards (33 regions on a board as wide and lower; the 63 of the
    5-player draft) hold it only from a map `CROWDED` px per frame unit wide (a tablet, a
    desktop): their regions are smaller than a phone's label stack (swcore/data/boards/README.md)."""
    m = BoardMap(board_id)
    for step in st.text_steps():
        if step["from"] < CROWDED.get(board_id, 0.0):
            continue
        scale = max(step["from"], st.MIN_SCALE)
        boxes = stack_boxes(m, step, scale)
        ids = list(boxes)
        worst = max((overlap_px(boxes[a], boxes[b], scale), a, b)
                    for k, a in enumerate(ids) for b in ids[k + 1:])
        assert worst[0] < 3, (step["from"], worst)


def test_base_3p_lost_tribes_of_r23_and_r24_apart_on_a_400_px_map():
    m = BoardMap("base-3p", width=400)
    assert col(m, "tok_s", "r23") == col(m, "tok_s", "r24") == "LT×1"
    assert field(glyph_of(m, "tok", "tok_s")) == "tok_s"
    step = [s for s in st.text_steps() if 0.4 >= s["from"]][-1]
    boxes = stack_boxes(m, step, 0.4)
    assert overlap_px(boxes["r23"], boxes["r24"], 0.4) <= 0


@pytest.mark.parametrize("width, short, token_px", [(340, True, "9px"), (500, True, "10px"),
                                                    (800, False, "12px"), (1200, False, "14px")])
def test_text_follows_the_width(width, short, token_px):
    """Fonts scale with the map; a map under 680 px shows short badges (full in the hover)."""
    m = BoardMap(new_game(), width=width)
    m.game.apply(Action(by="ann", do="conquer", region="r2"))
    m.update(m.game)
    tokens = glyph_of(m, "tok", "tok_s")
    assert field(tokens) == ("tok_s" if short else "tok")
    assert field(glyph_of(m, "dtok", "dtok_s")) == ("dtok_s" if short else "dtok")
    assert tokens.text_font_size == token_px
    assert col(m, "tok" + ("_s" if short else ""), "r2") == ("Rat×2" if short else "Ratmen ×2")
    assert "ann's Ratmen × 2" in col(m, "tip", "r2")
    labels = glyph_of(m, "label")
    assert int(labels.text_font_size[:-2]) < int(token_px[:-2]) and labels.y_offset < 0
    # The browser picks the step again when the figure is resized (scale_width) or zoomed.
    js = m.figure.js_property_callbacks
    assert "change:inner_width" in js and "change:end" in m.figure.x_range.js_property_callbacks
    assert js["change:inner_width"][0].args["tokens"] is tokens


def test_narrow_map_wraps_its_title_legend_and_note():
    """At 340 px the title takes two lines, the legend several rows, and the note is wrapped
    between its phrases (it was cut off at 400 px)."""
    narrow, wide = BoardMap(new_game(), width=340), BoardMap(new_game(), width=1000)
    assert narrow.figure.title.text == "Small World, 4-player board\nturn 1/9 · ann to move"
    assert wide.figure.title.text == "Small World, 4-player board · turn 1/9 · ann to move"
    (legend,) = [x for x in narrow.figure.below if isinstance(x, Legend)]
    assert 1 < legend.ncols < len(legend.items) == 11  # 7 terrains, 4 players
    (wide_legend,) = [x for x in wide.figure.below if isinstance(x, Legend)]
    assert wide_legend.ncols == 11
    (note,) = [x for x in narrow.figure.below if isinstance(x, Title)]
    lines = note.text.split("\n")
    # 11 px Helvetica is about 5 px a character in chromium; the map allows 5.8.
    assert len(lines) >= 3 and all(len(line) * 5.8 <= 340 for line in lines)
    assert "Rat×4: 4 Ratmen tokens" in note.text, "short badges are explained"


def test_hover_box_stays_on_a_phone_screen():
    """The hover text goes above or below the finger, where Bokeh shifts it sideways into the
    window, and is never wider than the window (it was cut off on the left on a phone)."""
    (hover,) = BoardMap("base-4p").figure.select(type=HoverTool)
    assert hover.attachment == "vertical"
    assert "max-width:min(340px, calc(100vw - 40px))" in hover.tooltips


def test_mountain_peaks_are_drawn_inside_their_mountains():
    m = BoardMap("base-5p")
    (peaks,) = [r.data_source.data for r in m.figure.renderers
                if r.data_source is not m.source and "xs" in r.data_source.data
                and r.glyph.fill_color == st.MOUNTAIN_COLOR]
    mountains = [i for i, t in enumerate(m.board.terrain) if t == "mountain"]
    assert len(peaks["xs"]) == 3 * len(mountains)
    d = m.source.data
    for k, i in enumerate(mountains):
        for xs, ys in zip(peaks["xs"][3 * k:3 * k + 3], peaks["ys"][3 * k:3 * k + 3], strict=True):
            assert all(_region_at(d, x, y) == i for x, y in zip(xs[0][0], ys[0][0], strict=True))


# ------------------------------------------------------------------------------------------
# What the map says about a game
# ------------------------------------------------------------------------------------------
def test_B_CONQ_1_first_conquest_highlights_exactly_the_border_regions():
    game = new_game()
    m = BoardMap(game)
    b = game.board
    lit = {rid for rid, h in zip(b.ids, m.source.data["hl"], strict=True) if h}
    assert lit == {rid for i, rid in enumerate(b.ids) if b.entry[i] and not b.water[i]}
    assert "r2" in lit and "r9" not in lit and "r1" not in lit


def test_B_CONQ_2_hover_explains_the_cost():
    m = BoardMap(new_game())
    assert "Cost for ann: <b>3</b> tokens = base 2 + lost tribe 1" in col(m, "tip", "r3")
    assert "ann can conquer it now" in col(m, "tip", "r3")
    tip = col(m, "tip", "r20")
    assert "mountain" in tip and "Defence: mountain +1" in tip
    assert "Cost for ann: <b>3</b> tokens = base 2 + mountain 1" in tip


def test_hover_says_why_a_region_cannot_be_conquered():
    m = BoardMap(new_game())
    assert "(B-CONQ-4)" in col(m, "tip", "r1") and "cannot conquer" in col(m, "tip", "r1")
    assert "(B-CONQ-1)" in col(m, "tip", "r9")
    assert "pick a combo first" in BoardMap(Game.new("base-4p", PLAYERS)).source.data["tip"][1]


def test_update_after_a_conquest_patches_only_the_changed_rows():
    game = new_game()
    m = BoardMap(game)
    doc = Document()
    doc.add_root(m.figure)
    patched: list[set[int]] = []
    doc.on_change(lambda ev: patched.append({i for rows in ev.patches.values() for i, _ in rows}))
    before = copy.deepcopy({c: m.source.data[c] for c in DYNAMIC})
    game.apply(Action(by="ann", do="conquer", region="r2"))
    n = m.update(game)
    after = m.source.data
    changed = {i for c in DYNAMIC for i in range(len(game.board)) if before[c][i] != after[c][i]}
    assert n == len(changed) and 0 < n < len(game.board)
    assert patched == [changed], "one patch, holding exactly the changed rows"
    fresh = BoardMap(game).source.data
    assert all(after[c] == fresh[c] for c in DYNAMIC), "the patched map equals a new one"
    # B-CONQ-2: an empty farmland costs 2; both tokens stay there (B-CONQ-6).
    assert col(m, "tok", "r2") == "Ratmen ×2" and col(m, "tok_s", "r2") == "Rat×2"
    assert col(m, "tok_fill", "r2") == m.colors["ann"]
    # B-CONQ-5: from now on only regions next to r2 can be conquered.
    assert col(m, "hl", "r2") == 0 and col(m, "hl", "r7") == 1 and col(m, "hl", "r3") == 0
    assert "(B-CONQ-5)" in col(m, "tip", "r3")
    assert "Cost for ann: <b>3</b> tokens = base 2 + lost tribe 1" in col(m, "tip", "r3")
    assert "Cost for" not in col(m, "tip", "r2"), "no price for a region ann already holds"
    assert m.update(game) == 0 and len(patched) == 1, "nothing changed, nothing sent"


def test_B_RACE_TROLLS_1_lair_badge_and_defence():
    game = new_game("trolls")
    m = BoardMap(game)
    game.apply(Action(by="ann", do="conquer", region="r2"))
    game.apply(Action(by="ann", do="end_turn"))  # all 9 tokens end on r2
    game.apply(Action(by="bob", do="pick", combo=0))
    m.update(game)
    assert col(m, "tok", "r2") == "Trolls ×9"
    assert col(m, "badges", "r2") == "Lair"
    tip = col(m, "tip", "r2")
    assert "Defence: 9 tokens, Troll lair +1" in tip
    assert "Cost for bob: <b>12</b> tokens = base 2 + lair 1 + Trolls 9" in tip
    assert "bob to move" in m.figure.title.text


def test_B_DECL_3_declined_race_is_pale_and_hatched():
    game = new_game()
    m = BoardMap(game)
    game.apply(Action(by="ann", do="conquer", region="r2"))
    game.apply(Action(by="ann", do="end_turn"))
    for p in PLAYERS[1:]:
        game.apply(Action(by=p, do="pick", combo=0))
        game.apply(Action(by=p, do="end_turn"))
    game.apply(Action(by="ann", do="decline"))
    m.update(game)
    assert col(m, "tok", "r2") is None
    assert col(m, "dtok", "r2") == "Ratmen ×1", "one token stays in each region (B-DECL-3)"
    assert col(m, "dtok_s", "r2") == "Rat×1" and col(m, "tok_s", "r2") is None
    assert "ann's Ratmen (in decline) × 1" in col(m, "tip", "r2")
    (declined,) = [r for r in m.figure.renderers
                   if isinstance(r.glyph, Text) and r.glyph.text == "dtok"]
    assert declined.glyph.background_hatch_pattern and declined.glyph.background_fill_alpha < 1


def test_player_colors_can_be_given():
    m = BoardMap(new_game(), player_colors={"ann": "#d62728"})
    assert m.colors["ann"] == "#d62728" and m.colors["bob"] == "#D55E00"
    assert BoardMap(new_game(), player_colors=["#111111"]).colors["ann"] == "#111111"


# ------------------------------------------------------------------------------------------
# Taps, Panel, notebooks
# ------------------------------------------------------------------------------------------
def test_tap_reports_the_region_id_and_can_repeat():
    got: list[str] = []
    m = BoardMap("base-4p", on_tap=got.append)
    m.source.selected.indices = [1]
    assert got == ["r2"]
    assert m.source.selected.indices == [], "cleared, so the same region can be tapped again"
    m.source.selected.indices = [1]
    assert got == ["r2", "r2"]


def test_double_tap_reports_the_region_under_it():
    """Bokeh reads a second tap within 300 ms as a double tap; the map still reports it."""
    got: list[str] = []
    m = BoardMap("base-4p")
    m.on_tap(got.append)
    x, y = col(m, "x", "r7"), col(m, "y", "r7")
    m.figure._trigger_event(DoubleTap(m.figure, x=x, y=y))
    m.figure._trigger_event(DoubleTap(m.figure, x=-50.0, y=-50.0))  # outside the board
    assert got == ["r7"]


def test_panel_pane_and_notebook_show():
    pn = pytest.importorskip("panel")
    from bokeh.io import output_notebook, show

    pn.extension()
    m = BoardMap(new_game())
    pane = m.panel()
    assert isinstance(pane, pn.pane.Bokeh) and pane.object is m.figure
    root = pane.get_root()
    assert root.select_one({"name": "board_regions"}) is m.source
    m.game.apply(Action(by="ann", do="conquer", region="r2"))
    assert m.update(m.game) > 0 and col(m, "tok", "r2") == "Ratmen ×2"
    output_notebook(hide_banner=True)
    show(BoardMap("base-2p").figure)


def test_swcore_imports_no_ui_library():
    code = "import sys, swcore, swcore.__main__; print(any(m.split('.')[0] in ('bokeh', 'panel') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------------------------------
# Command line
# ------------------------------------------------------------------------------------------
def run_draw(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swcore", "draw", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_cli_draw_writes_an_offline_page_of_a_board(tmp_path):
    out = tmp_path / "board.html"
    res = run_draw("base-4p", "--out", str(out))
    assert res.returncode == 0, res.stderr
    html = out.read_text(encoding="utf-8")
    assert "cdn.bokeh.org" not in html and "Bokeh" in html, "resources inline, works offline"
    assert '"r39"' in html and "Small World, 4-player board" in html
    assert "callbacks" not in res.stderr, "a static page registers no Python callbacks"


def test_cli_draw_writes_a_page_of_a_saved_game(tmp_path):
    game = new_game()
    game.apply(Action(by="ann", do="conquer", region="r2"))
    saved = tmp_path / "game.json"
    saved.write_text(game.to_json(), encoding="utf-8")
    out = tmp_path / "game.html"
    res = run_draw(str(saved), "--out", str(out))
    assert res.returncode == 0, res.stderr
    html = out.read_text(encoding="utf-8")
    assert json.dumps("Ratmen ×2")[1:-1] in html and "turn 1/9" in html  # JSON escapes the ×
    assert json.loads(saved.read_text())  # unchanged, still a saved game


def test_cli_draw_refuses_a_missing_file(tmp_path):
    res = run_draw(str(tmp_path / "nope.json"), "--out", str(tmp_path / "x.html"))
    assert res.returncode == 2 and "no saved game" in res.stderr


# ------------------------------------------------------------------------------------------
# Speed: measured by the benchmark below (BENCHMARKS.md), not by a timed test
# ------------------------------------------------------------------------------------------
def toggle(game: Game, k: int) -> None:
    if k % 2 == 0:
        game.apply(Action(by="ann", do="conquer", region="r2"))
    else:
        game.undo()


@pytest.mark.benchmark(group="board_map")
def test_benchmark_update_after_an_action(benchmark):
    game = new_game()
    m = BoardMap(game)
    Document().add_root(m.figure)
    state = {"k": 0}

    def setup():
        toggle(game, state["k"])
        state["k"] += 1

    n = benchmark.pedantic(m.update, args=(game,), setup=setup, rounds=100, iterations=1)
    assert n > 0
