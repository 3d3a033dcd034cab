"""Tap-to-updated-map latency of the board map in headless chromium (issue 3).

    .venv/bin/python scripts/bench_map.py [--taps 30]

Serves a minimal Panel page (the map and a text pane) on a free localhost port, opens it in
Debian's chromium through Playwright, and taps regions on the canvas. The app conquers a
tapped region when it can, or undoes that conquest when the region is already held by the
active race, so every tap changes a token count. Latency is measured in the page from the
`pointerdown` of the tap to the first animation frame in which the browser's copy of the
region source holds the new count (the frame the map repaints in). It also prints the
server-side time of `BoardMap.update`. tests/test_browser_map.py uses these functions.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import panel as pn  # noqa: E402

from dashboards import nodelay  # noqa: E402
from dashboards.board_map import BoardMap  # noqa: E402
from swcore import Action, Game  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Two adjacent entry regions of base-4p (r2: empty farmland, r7: swamp with a Lost Tribe).
#: Tapping them in turn conquers r2, conquers r7, undoes r7, conquers r7, ... so every tap
#: changes a token badge, and no two taps in a row hit the same spot (a double tap).
TAP_REGIONS = ("r2", "r7")


def new_game() -> Game:
    """base-4p, ann has picked Ratmen (8 tokens) and is about to conquer."""
    game = Game.new("base-4p", ["ann", "bob", "cid", "dee"], seed=1,
                    races=["ratmen"], powers=["wealthy"])
    game.apply(Action(by="ann", do="pick", combo=0))
    return game


class TapApp:
    """One browser session: a game, its map, and a text pane the tap callback updates.
    Tapping a region of the active race undoes the last action; any other region is conquered."""

    def __init__(self) -> None:
        self.game = new_game()
        self.map = BoardMap(self.game, on_tap=self.tapped)
        self.status = pn.pane.HTML("Tap a region", css_classes=["tap-status"])
        self.update_ms: list[float] = []

    def tapped(self, rid: str) -> None:
        g = self.game
        i = g.board.index[rid]
        if g.race[i] is not None and g.race[i] == g.active[g.seat] and g.log:
            g.undo()
            what = "conquest undone"
        else:
            try:
                g.apply(Action(by=g.current, do="conquer", region=rid))
                what = "conquered"
            except ValueError as err:
                what = f"refused: {err}"
        t0 = time.perf_counter()
        self.map.update(g)
        self.update_ms.append((time.perf_counter() - t0) * 1000)
        self.status.object = f"Tapped: {rid} · {what} · {rid} holds {g.tokens[i]} tokens"

    def view(self) -> Any:
        return pn.Column(self.status, self.map.panel())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(port: int, view: Callable[[TapApp], Any] = TapApp.view) -> tuple[Any, list[TapApp]]:
    """Start the page (`view(app)` of a new `TapApp` per session) in a thread; returns the
    server (call `.stop()`) and the sessions. Its websockets are no-delay ones, as the app's
    (dashboards/nodelay.py)."""
    apps: list[TapApp] = []
    nodelay.install()

    def page() -> Any:
        app = TapApp()
        apps.append(app)
        return view(app)

    server = pn.serve({"/": page}, port=port, address="127.0.0.1", threaded=True, show=False,
                      websocket_origin=[f"127.0.0.1:{port}", f"localhost:{port}"])
    for _ in range(100):  # wait until it listens
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    return server, apps


# JavaScript run in the page. The map's figure and source are found by their names.
JS_SETUP = """() => {
  const doc = Bokeh.documents[0];
  const src = doc.get_model_by_name('board_regions');
  const fig = doc.get_model_by_name('board_map');
  const view = Bokeh.index.find_one(fig);
  window.__map = {src, view, lat: [], t0: null};
  window.addEventListener('pointerdown', () => { window.__map.t0 = performance.now(); }, true);
  return src.data.rid.length;
}"""
JS_POINT = """([rid]) => {
  const m = window.__map, d = m.src.data, i = d.rid.indexOf(rid);
  const fr = m.view.frame, box = m.view.canvas_view.el.getBoundingClientRect();
  return [box.left + fr.x_scale.compute(d.x[i]), box.top + fr.y_scale.compute(d.y[i])];
}"""
JS_TOKENS = "([rid]) => { const d = window.__map.src.data; return d.tok[d.rid.indexOf(rid)]; }"
JS_ALL = "() => JSON.stringify(window.__map.src.data.tok)"
JS_WATCH = """(before) => {
  const m = window.__map, start = performance.now();
  m.t0 = null; m.done = undefined;
  const poll = () => {
    const now = performance.now(), tok = JSON.stringify(m.src.data.tok);
    if (tok !== before) { m.lat.push(now - (m.t0 ?? start)); m.done = tok; }
    else if (now - start > 10000) { m.done = null; } else { requestAnimationFrame(poll); }
  };
  requestAnimationFrame(poll);
}"""


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def open_map(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    page.goto(url)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0 && "
                           "Bokeh.documents[0].get_model_by_name('board_regions') !== null",
                           timeout=30000)
    page.wait_for_function("() => { const f = Bokeh.documents[0].get_model_by_name('board_map');"
                           " return Bokeh.index.find_one(f) !== null; }", timeout=30000)
    page.evaluate(JS_SETUP)
    return page


def tap(page: Any, rid: str) -> str | None:
    """Tap region `rid`; wait until a token badge changes in the browser's copy of the source
    (None after 10 s without a change)."""
    before = page.evaluate(JS_ALL)
    x, y = page.evaluate(JS_POINT, [rid])
    page.evaluate(JS_WATCH, before)
    page.mouse.click(x, y)
    page.wait_for_function("() => window.__map.done !== undefined", timeout=15000)
    return page.evaluate("() => window.__map.done")


def measure(page: Any, taps: int) -> list[float]:
    """Tap `taps` times, alternating TAP_REGIONS; the in-page latencies in ms."""
    for k in range(taps):
        rid = TAP_REGIONS[k % len(TAP_REGIONS)]
        if tap(page, rid) is None:
            raise RuntimeError(f"tap {k} on {rid}: the map did not change within 10 s")
    return page.evaluate("() => window.__map.lat")


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--taps", type=int, default=30)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    server, apps = serve(port)
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            page = open_map(browser, f"http://127.0.0.1:{port}/")
            lat = measure(page, args.taps)
            browser.close()
    finally:
        server.stop()
    upd = apps[-1].update_ms
    print(f"tap-to-updated-map over {len(lat)} taps: median {statistics.median(lat):.1f} ms, "
          f"p95 {p95(lat):.1f} ms, max {max(lat):.1f} ms")
    print(f"server-side BoardMap.update: median {statistics.median(upd):.2f} ms, "
          f"max {max(upd):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
