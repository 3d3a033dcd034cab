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
    page.get_by_text("Tapped: r2 · conquered · r2 holds 2 tokens").wait_for(timeout=10000)
    assert page.evaluate(bm.JS_TOKENS, ["r2"]) == "2 Ratmen"
    assert app.game.tokens[app.game.board.index["r2"]] == 2
    # r7 (a swamp with a Lost Tribe next to r2) costs 3: conquered next (B-CONQ-5).
    assert bm.tap(page, "r7") is not None
    page.get_by_text("Tapped: r7 · conquered · r7 holds 3 tokens").wait_for(timeout=10000)
    assert page.evaluate(bm.JS_TOKENS, ["r7"]) == "3 Ratmen"


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
