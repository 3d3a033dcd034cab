"""Issue 3: the board map in a real browser (Debian's chromium driven by Playwright).

A minimal Panel page (scripts/bench_map.py) shows the map of a base-4p game in which ann has
picked Ratmen + Wealthy (12 tokens) and a text pane; tapping a region reports its id to the
server, which conquers it (or undoes the conquest when the region is already held).
Run with `pytest -m browser -s` to see the measured latency.
"""

from __future__ import annotations

import importlib.util
import statistics
from pathlib import Path

import pytest
from conftest import WAIT_MS

pytestmark = pytest.mark.browser

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "bench_map.py"
CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("/usr/bin/chromium is absent (apt-get install -y chromium); Playwright cannot "
                "download browsers here", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_map", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bm = load_bench()


@pytest.fixture(scope="module")
def served():
    port = bm.free_port()
    server, apps = bm.serve(port)
    yield f"http://127.0.0.1:{port}/", apps
    server.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as pw:
        b = bm.launch(pw)
        yield b
        b.close()


@pytest.fixture
def page(served, browser):
    url, apps = served
    page = bm.open_map(browser, url)
    yield page, apps[-1]
    page.close()


def test_tap_reports_the_region_and_the_map_shows_the_conquest(page):
    """B-CONQ-1/B-CONQ-2: r2 is an empty border farmland, so ann's Ratmen take it with 2."""
    page, app = page
    assert bm.tap(page, "r2") is not None, "the map changed after the tap"
    page.get_by_text("Tapped: r2 · conquered · r2 holds 2 tokens").wait_for(timeout=WAIT_MS)
    assert page.evaluate(bm.JS_TOKENS, ["r2"]) == "Ratmen ×2"
    assert app.game.tokens[app.game.board.index["r2"]] == 2
    # r7 (a swamp with a Lost Tribe next to r2) costs 3: conquered next (B-CONQ-5).
    assert bm.tap(page, "r7") is not None
    page.get_by_text("Tapped: r7 · conquered · r7 holds 3 tokens").wait_for(timeout=WAIT_MS)
    assert page.evaluate(bm.JS_TOKENS, ["r7"]) == "Ratmen ×3"


def test_tap_to_updated_map_latency(page, capsys):
    page, app = page
    lat = bm.measure(page, 30)
    assert len(lat) == 30
    p95 = bm.p95(lat)
    with capsys.disabled():
        print(f"\ntap-to-updated-map over {len(lat)} taps: median {statistics.median(lat):.1f} ms,"
              f" p95 {p95:.1f} ms; server-side update median "
              f"{statistics.median(app.update_ms):.2f} ms")
    # A loose bound on the median: the p95 is for BENCHMARKS.md, it swings with the load of a
    # shared machine (about 150 ms at a load of 8 on 2 cores, 700 ms at a load of 15).
    assert statistics.median(lat) < 500, "a tap must show on the map well within a second"


# ------------------------------------------------------------------------------------------
# On a phone: the app's way of showing the map (dashboards/turn.py), 390 x 844 portrait
# ------------------------------------------------------------------------------------------
def phone_view(app):
    """The map as the turn screen shows it: following the screen's width (BoardMap.fit_width)."""
    import panel as pn

    app.map.fit_width()
    return pn.Column(app.status, app.map.panel(sizing_mode="stretch_width"),
                     sizing_mode="stretch_width")


@pytest.fixture(scope="module")
def phone_served():
    port = bm.free_port()
    server, apps = bm.serve(port, view=phone_view)
    yield f"http://127.0.0.1:{port}/", apps
    server.stop()


#: The token glyph's column and font size, and the canvas width, in the browser.
JS_TOKEN_GLYPH = """() => {
  const fig = Bokeh.documents[0].get_model_by_name('board_map');
  const g = fig.renderers.map(r => r.glyph).find(
    g => g.text && ['tok', 'tok_s'].includes(g.text.field));
  return [g.text.field, g.text_font_size.value, fig.inner_width];
}"""
#: The page-wide bounding boxes of the visible Bokeh tooltips (they live in shadow roots).
JS_TOOLTIPS = """() => {
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.classList && el.classList.contains('bk-Tooltip')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0) out.push([r.left, r.right, r.top, r.bottom]);
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return out;
}"""


def test_phone_short_badges_and_hover_inside_the_screen(phone_served, browser):
    """issue 3 polish: on a 390 px phone the map (scaled to the screen by the app) switches
    to small fonts and short badges in the browser, shows the next conquest that way
    (B-CONQ-2: r2, an empty border farmland, costs 2), and its hover box stays on screen."""
    url, apps = phone_served
    page = bm.open_map(browser, url)
    try:
        field, size, width = page.evaluate(JS_TOKEN_GLYPH)
        assert (field, size) == ("tok", "13px") and 1000 < width < 1100  # 1100 px window
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_function("() => Bokeh.documents[0].get_model_by_name('board_map')"
                               ".inner_width < 400", timeout=WAIT_MS)
        field, size, width = page.evaluate(JS_TOKEN_GLYPH)
        assert (field, size) == ("tok_s", "9px") and width < 400
        assert bm.tap(page, "r2") is not None
        page.get_by_text("Tapped: r2 · conquered · r2 holds 2 tokens").wait_for(timeout=WAIT_MS)
        assert page.evaluate("""() => { const d = window.__map.src.data;
                                return d.tok_s[d.rid.indexOf('r2')]; }""") == "Rat×2"
        # Hover in the middle of the map, where a 340 px box beside the pointer was cut off.
        x, y = page.evaluate(bm.JS_POINT, ["r9"])
        page.mouse.move(x, y)
        page.wait_for_function(f"() => ({JS_TOOLTIPS})().length > 0", timeout=WAIT_MS)
        for left, right, _top, _bottom in page.evaluate(JS_TOOLTIPS):
            assert 0 <= left < right <= 390
    finally:
        page.close()

