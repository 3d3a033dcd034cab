"""Load test of the table-side assistant: a club's tables on ONE server process.

    .venv/bin/python scripts/bench_app.py [--sessions 20] [--browsers 1] [--duration 60]
                                          [--pace 1-3] [--viewport 1280x800] [--seed 1]
                                          [--settle 30] [--nice 19] [--wait 120]
                                          [--url URL --db DB --pid PID --metrics FILE]

Method (what a club sees):

- One `panel serve dashboards/app.py` process (started here on a free localhost port with a
  fresh SQLite file, `SW_METRICS` pointing at a temporary file), one 3-player game per session,
  created through the store. Every session opens its game from the lobby with the join code,
  as a tablet would, and then plays at a table's pace for `--duration` seconds: it waits
  `--pace` seconds (uniform, seeded; 1-3 s by default), then makes the next move of a simple
  policy: pick the first combo; tap a region it may conquer on the map and press "Conquer <region>"
  (at most two conquests a turn); place withdrawn tokens when asked; otherwise end the turn
  (End the turn, then its confirmation, which is the click timed). Starts
  are staggered over the first 3 s and no new click starts after the deadline.
- The sessions are devices of two kinds, all on this machine:
  * `--browsers` of them (1 by default) are headless Chromium pages (Debian's
    /usr/bin/chromium, one browser context each, i.e. its own window: background tabs are
    throttled), driven by Playwright: **tablet latency** = click -> the page shows the result
    (the header's stored seq moved, or the tapped region's card is shown): websocket round trip,
    server work and the browser's own drawing.
  * the others are **protocol devices**: `bokeh.client` sessions speaking Bokeh's websocket
    protocol to the same app, as BokehJS does (they pull the document, send the same button
    clicks and map selections as events and property changes, with the taps the page's
    JavaScript writes after a click, and receive the same updates).
    Each runs in its own thread and Tornado loop. **Action latency** = the event sent -> the
    update that shows its result received and applied (the header's seq, or the "Conquer"
    button of the tapped region). It is the server's answer time as a device sees it, without
    a browser's drawing: in a club each tablet draws on its own CPU, while here 20 Chromium
    pages would share the 2 cores with the server (`--browsers 20` measures that too).
- A device is not the server: once the server is started, this script lowers its own priority
  (`--nice`, default 19): the protocol devices, Playwright and chromium inherit it and get the
  CPU the server leaves, as the server would have the machine to itself in a club. (Other
  processes on the machine are not controlled: the load average is printed.)
- **Server-side time**: with `SW_METRICS=<file>` the turn screen appends one JSON line per user
  action: the time from the click's callback starting on the server to the document update being
  queued on the websocket (engine, database write, screen refresh and the patch's serialisation
  included; the websocket message parsing before the callback is not), as wall-clock time and as
  the server thread's CPU time.
- First one Chromium tablet makes 12 moves alone (the others open and idle): the latency of a
  tablet when nothing else competes for the server.
- The devices' own process holds 19 copies of the documents: its garbage collector is off while
  they play (`gc.disable`), or its full collections (up to 0.4 s, measured) would be counted
  as the server's latency. In a club each device is its own browser.
- Server CPU per click = the server process's CPU time (from /proc) during the play window divided
  by the clicks (message parsing, the other sessions' polling and Tornado included).
- Memory per open session = the server's RSS growth when the sessions are opened (after one warm-up
  session was opened and closed) divided by their number. Idle CPU is measured once the server
  has discarded the warm-up session.

Prints a small Markdown table to paste into BENCHMARKS.md. Localhost only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import html
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import panel.models  # noqa: F401  (registers Panel's Bokeh models for the protocol devices)
from bokeh.client import pull_session
from bokeh.events import ButtonClick, DocumentReady
from playwright.async_api import async_playwright
from tornado.ioloop import IOLoop

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_map import free_port  # noqa: E402  (this script's folder)

from dashboards.session import build_game, create_game  # noqa: E402
from dashboards.store import Store  # noqa: E402
from swcore import Game  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
IDLE_S = 8
PROBE = 12
#: How long a click's result is waited for before it counts as timed out (`--wait`), and how
#: long a session may take to open (`--open-wait`): generous, so that a loaded machine makes
#: slow clicks, not a crashed run (a fixed 30 s crashed it twice in the review of 2026-11-27).
WAIT_S = 120.0
OPEN_WAIT_S = 900.0
#: Devices opening their table at once, as tablets switched on (100 websockets opened together
#: waited past bokeh.client's connection timeout: "Timeout while resolving").
OPENING = threading.BoundedSemaphore(5)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-extensions", "--disable-dev-shm-usage", "--mute-audio",
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows"]
# In the page: whether an HTML pane holds a text; then, watching the next click, the time from
# its pointerdown to the first animation frame in which one does (BokehJS's copy of the models).
JS_HAS = """(needles) => [...Bokeh.documents[0].all_models].some(
  (m) => typeof m.text === 'string' && needles.some((n) => m.text.includes(n)))"""
JS_WATCH = """([needles, limit]) => {
  const w = window.__sw = {t0: null, ms: undefined}, start = performance.now();
  window.addEventListener('pointerdown', () => { if (w.t0 === null) w.t0 = performance.now(); },
                          {capture: true, once: true});
  const has = () => [...Bokeh.documents[0].all_models].some(
    (m) => typeof m.text === 'string' && needles.some((n) => m.text.includes(n)));
  const poll = () => {
    const now = performance.now();
    if (w.t0 !== null && has()) { w.ms = now - w.t0; }
    else if (now - start > limit) { w.ms = null; } else { requestAnimationFrame(poll); }
  };
  requestAnimationFrame(poll);
}"""
#: What each move presses: the column's Pick, the withdrawal panel's go button ("Redeploy
#: (Ratmen)") and End the turn, which asks to confirm first (the confirm is what is timed).
BUTTON = {"pick": re.compile(r"^Pick$"), "place": re.compile(r"^Redeploy \("),
          "end": re.compile(r"^Confirm: End the turn$")}
ASK_FIRST = {"end": "End the turn"}


async def centre(locator: Any) -> None:
    """Scroll a button to the middle of the screen, as a finger would, so the turn screen's
    fixed bottom bar does not cover it (Playwright only scrolls it just into view)."""
    await locator.evaluate("(e) => e.scrollIntoView({block: 'center'})")


def seq_moved(seq: int) -> list[str]:
    """The header after the click: ending a turn stores the confirmed placements first, so
    the stored seq may move by more than one."""
    return [f"data-seq='{n}'" for n in range(seq + 1, seq + 8)]


# --------------------------------------------------------------------------------------
# Processes (from /proc: Linux, no extra dependency)
# --------------------------------------------------------------------------------------
def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    f = _stat(pid)
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (the chromium processes below this script)."""
    parent: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                parent[int(d.name)] = int(_stat(int(d.name))[1])
            except (OSError, IndexError, ValueError):
                continue
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        todo += kids
    return out


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for p in pids:
        try:
            total += cpu_seconds(p)
        except (OSError, IndexError, ValueError):
            continue  # a process that ended
    return total


# --------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------
def start_server(db_url: str, metrics: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    panel = Path(sys.executable).with_name("panel")
    proc = subprocess.Popen(
        [str(panel), "serve", str(ROOT / "dashboards" / "app.py"), "--port", str(port),
         "--address", "127.0.0.1", f"--allow-websocket-origin=127.0.0.1:{port}"],
        env={**os.environ, "SW_DATABASE_URL": db_url, "SW_METRICS": str(metrics)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc, f"http://127.0.0.1:{port}/app"
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("panel serve did not start")


# --------------------------------------------------------------------------------------
# One table and its moves
# --------------------------------------------------------------------------------------
@dataclass
class Table:
    name: str
    code: str
    game_id: int
    game: Game
    seq: int = 0
    clicks: list[tuple[str, float]] = field(default_factory=list)  # (kind, seconds)
    failures: int = 0

    def catch_up(self, store: Store) -> None:
        """The table's game as stored (the bench follows the database, not the screen)."""
        rows = store.rows(self.game_id)
        self.game = build_game(self.game.setup, rows)
        self.seq = rows[-1].seq if rows else 0


def next_move(g: Game) -> tuple[str, Any]:
    if g.queue:
        return "place", None
    legal = g.legal_actions()
    if any(a.do == "pick" for a in legal):
        return "pick", None
    since_end = 0
    for entry in reversed(g.log):
        if entry.get("do") in ("end_turn", "pick"):
            break
        since_end += entry.get("do") == "conquer"
    targets = [a.region for a in legal if a.do == "conquer" and not a.reinforce and not a.race]
    if targets and since_end < 2:
        return "conquer", min(targets, key=lambda r: g.quote(r).cost)
    return "end", None


# --------------------------------------------------------------------------------------
# A Chromium tablet
# --------------------------------------------------------------------------------------
class Tablet:
    """One headless Chromium page driven by Playwright, as a tablet's browser."""

    def __init__(self, table: Table, page: Any):
        self.table, self.page = table, page
        self.why: list[str] = []  # why clicks failed

    async def open(self, url: str) -> None:
        page, t = self.page, self.table
        await page.goto(url)
        end = time.monotonic() + OPEN_WAIT_S
        listed = page.get_by_role("button", name=t.name, exact=True)
        await page.get_by_role("button", name="Open by code", exact=True).wait_for(
            timeout=OPEN_WAIT_S * 1000)
        if await listed.count():  # tap the table, then type its code
            field_, go = page.get_by_placeholder("e.g. K7QX2M"), "Open"
        else:  # not among the newest tables the lobby lists: "Open by code"
            field_, go = page.get_by_placeholder("Join code of any game"), "Open by code"
        while go == "Open":  # a click before the websocket is up does nothing: try again
            await listed.click()
            try:
                await field_.wait_for(state="visible", timeout=6000)
                break
            except Exception:
                if time.monotonic() > end:
                    raise
        await field_.fill(t.code)
        await page.get_by_role("button", name=go, exact=True).click()
        await page.locator(".sw-top").first.wait_for(timeout=OPEN_WAIT_S * 1000)

    async def tap(self, rid: str) -> None:
        """Click the centre of a region on the map canvas (it holds only the board)."""
        canvas = self.page.locator("canvas").first
        await canvas.scroll_into_view_if_needed()
        box = await canvas.bounding_box()
        b = self.table.game.board
        cx, cy = b.centre[b.region(rid)]
        fw, fh = b.frame
        y = box["y"] + 4 + cy / fh * (box["height"] - 8)
        height = self.page.viewport_size["height"]
        if not height * 0.2 < y < height * 0.6:  # above the fixed bottom bar, as a finger taps
            await self.page.evaluate(f"window.scrollBy(0, {y - height * 0.4})")
            box = await canvas.bounding_box()
            y = box["y"] + 4 + cy / fh * (box["height"] - 8)
        await self.page.mouse.click(box["x"] + 4 + cx / fw * (box["width"] - 8), y)

    async def timed(self, kind: str, click: Callable[[], Any], needle: str | list[str]) -> bool:
        """Click, and time in the page from its `pointerdown` to the first animation frame in
        which an HTML pane of the document holds `needle` (the browser's own clock: Playwright's
        round trips are not counted). A click whose result is already on the page is made
        but not timed."""
        page = self.page
        needle = [html.escape(n) for n in ([needle] if isinstance(needle, str) else needle)]
        try:
            fresh = not await page.evaluate(JS_HAS, needle)
            await page.evaluate(JS_WATCH, [needle, WAIT_S * 1000])
            await click()
            await page.wait_for_function("() => window.__sw.ms !== undefined",
                                         timeout=WAIT_S * 1000)
            ms = await page.evaluate("() => window.__sw.ms")
        except Exception as err:
            ms, kind = None, f"{kind}: {type(err).__name__}"
        if ms is None:
            self.table.failures += 1
            self.why.append(f"tablet {kind}")
            return False
        if fresh:
            self.table.clicks.append((kind, ms / 1000))
        return True

    async def move(self, store: Store) -> None:
        page, t = self.page, self.table
        what, rid = next_move(t.game)
        seq = seq_moved(t.seq)
        if what == "conquer":
            if not await self.timed("tap", lambda: self.tap(rid), f"<h3>Region {rid}</h3>"):
                what = "end"
            else:
                button = page.get_by_role("button", name=f"Conquer {rid}", exact=True)
                await centre(button)  # not under the fixed bar at the bottom of the screen
                await self.timed("action", lambda: button.click(), seq)
        if what != "conquer":
            if what in ASK_FIRST and not await page.get_by_role(
                    "button", name=BUTTON[what]).first.is_visible():
                await page.get_by_role("button", name=ASK_FIRST[what], exact=True).first.click()
            button = page.get_by_role("button", name=BUTTON[what]).first
            await self.timed("action", lambda: button.click(), seq)
        t.catch_up(store)

    async def play(self, store: Store, deadline: float, rng: random.Random,
                   pace: tuple[float, float]) -> None:
        await asyncio.sleep(rng.uniform(0, 3))  # staggered starts
        while time.monotonic() < deadline and not self.table.game.game_over:
            await self.move(store)
            await asyncio.sleep(rng.uniform(*pace))


# --------------------------------------------------------------------------------------
# A protocol device
# --------------------------------------------------------------------------------------
class Device:
    """A device speaking Bokeh's websocket protocol (`bokeh.client`) without a browser: a
    thread with its own Tornado loop holds the session; the loop runs `_main` and applies the
    server's updates to the local copy of the document, where the device finds its buttons."""

    def __init__(self, table: Table, url: str, db_url: str):
        self.table, self.url, self.db_url = table, url, db_url
        self.opened = threading.Event()
        self.go = threading.Event()
        self.deadline = 0.0
        self.rng = random.Random()
        self.pace = (1.0, 3.0)
        self.error: BaseException | None = None
        self.why: list[str] = []  # why clicks failed
        self._patches = 0
        self._changed: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, daemon=True, name=table.name)

    # --- the document ----------------------------------------------------------------
    def _shown(self) -> list[Any]:
        """The models on screen: layouts' children (lists; a ReactiveHTML's dict of lists),
        skipping what `show()` or `visible` hid."""
        out, todo = [], list(self.doc.roots)
        while todo:
            m = todo.pop(0)
            if not getattr(m, "visible", True) or (getattr(m, "styles", None) or {}).get(
                    "display") == "none":
                continue
            out.append(m)
            kids = getattr(m, "children", None) or []
            for kid in (kids.values() if isinstance(kids, dict) else kids):
                for k in (kid if isinstance(kid, list | tuple) else [kid]):
                    if hasattr(k, "id"):  # a model (a GridBox child is (model, row, col))
                        todo.append(k)
        return out

    def button(self, test: Callable[[str], bool]) -> Any:
        found = [m for m in self._shown() if type(m).__name__ == "Button" and test(m.label or "")]
        return found[0] if found else None

    def text(self, needle: str) -> bool:
        """Whether an HTML pane on the page holds `needle` (Panel sends HTML escaped)."""
        needle = html.escape(needle)
        return any(needle in (getattr(m, "text", "") or "") for m in self.doc.models
                   if type(m).__name__ == "HTML")

    async def until(self, test: Callable[[], Any], since: int = -1,
                    wait: float | None = None) -> float:
        """Wait for an update (after the `since`-th) that makes `test()` true; its time."""
        end = time.monotonic() + (WAIT_S if wait is None else wait)
        while not (self._patches > since and test()):
            self._changed.clear()
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such update")
            await asyncio.wait_for(self._changed.wait(), left)  # TimeoutError when too long
        return time.perf_counter()

    def _patched(self, event: Any) -> None:
        self._patches += 1
        self._changed.set()

    def click(self, button: Any) -> None:
        """What BokehJS sends for a click: the click event, then what the button's CustomJS
        writes (a pooled button of the turn screen: the tap naming its slot, the seq its
        screen shows and its label; dashboards/taps.py), as the page does after the event."""
        if button is None:
            raise LookupError("no such button on the screen")
        self.doc.callbacks.send_event(ButtonClick(button))
        for cb in button.js_event_callbacks.get("button_click", []):
            slot = re.search(r"slot: (\d+)", cb.code)
            if slot and {"tap", "seen"} <= set(cb.args):
                cb.args["tap"].value = json.dumps({
                    "slot": int(slot.group(1)), "seq": int(cb.args["seen"].value),
                    "label": button.label, "n": time.time() + random.random()})

    def render_light(self) -> None:
        """What the page's connection light sends once drawn (dashboards/connection.py): the
        page is live, so the app trusts only taps, as in a browser."""
        for m in self.doc.models:
            data = getattr(m, "data", None)
            if data is not None and "live" in data.properties():
                data.live = True

    # --- the table ---------------------------------------------------------------------
    async def _open(self) -> None:
        t = self.table
        self.doc.callbacks.send_event(DocumentReady())  # as BokehJS does once the page is up
        self.render_light()
        listed = self.button(lambda label: label == t.name)
        if listed is not None:  # tap the table, then type its code
            self.click(listed)
            await self.until(lambda: self.text("Open table"), wait=OPEN_WAIT_S)
            hint, go = "e.g. K7QX2M", "Open"  # the chosen table's code field
        else:  # not among the newest tables the lobby lists: "Open by code"
            hint, go = "Join code of any game", "Open by code"
        field_ = next(m for m in self.doc.models if type(m).__name__ == "TextInput"
                      and m.placeholder == hint)
        field_.value = t.code
        self.click(self.button(lambda label: label == go))
        await self.until(lambda: self.text("sw-top"), wait=OPEN_WAIT_S)

    async def _timed(self, kind: str, send: Callable[[], None], test: Callable[[], Any]) -> bool:
        fresh = not test()  # a result already on screen cannot be timed
        since, t0 = self._patches, time.perf_counter()
        try:
            send()
            t1 = await self.until(test, since)
        except (TimeoutError, LookupError) as err:
            self.table.failures += 1
            self.why.append(f"{kind}: {err!r}")
            return False
        if fresh:
            self.table.clicks.append((kind, t1 - t0))
        return True

    async def _move(self, store: Store) -> None:
        t = self.table
        what, rid = next_move(t.game)
        seq = seq_moved(t.seq)
        if what == "conquer":
            src = self.doc.select_one({"name": "board_regions"})
            index = t.game.board.ids.index(rid)

            def conquer(label: str) -> bool:
                return label == f"Conquer {rid}"
            if not await self._timed("tap", lambda: setattr(src.selected, "indices", [index]),
                                     lambda: self.text(f"<h3>Region {rid}</h3>")):
                what = "end"
            else:
                await self._timed("action", lambda: self.click(self.button(conquer)),
                                  lambda: any(self.text(n) for n in seq))
        if what != "conquer":
            if what in ASK_FIRST:
                ask = self.button(lambda label: label == ASK_FIRST[what])
                self.click(ask)
                await self.until(lambda: self.button(lambda label: bool(BUTTON[what].match(label))))
            await self._timed("action", lambda: self.click(self.button(
                lambda label: bool(BUTTON[what].match(label)))), lambda: any(self.text(n) for n in seq))
        t.catch_up(store)

    async def _main(self) -> None:
        self._changed = asyncio.Event()
        self.doc.on_change(self._patched)
        store = Store(self.db_url)
        try:
            try:
                await self._open()
            finally:
                OPENING.release()
            self.opened.set()
            while not self.go.is_set():
                await asyncio.sleep(0.05)
            await asyncio.sleep(self.rng.uniform(0, 3))  # staggered starts
            while time.monotonic() < self.deadline and not self.table.game.game_over:
                await self._move(store)
                await asyncio.sleep(self.rng.uniform(*self.pace))
        except BaseException as err:  # reported by the main thread
            self.error = err
        finally:
            store.dispose()
            self.opened.set()
            self.session.close()

    def _run(self) -> None:
        end = time.monotonic() + OPEN_WAIT_S
        OPENING.acquire()  # released once the table is open (`_main`)
        while True:
            try:
                self.session = pull_session(url=self.url, io_loop=IOLoop())
                break
            except OSError as err:  # a busy server: bokeh.client's timeouts are fixed
                if time.monotonic() < end:
                    time.sleep(2)
                    continue
                self.error = err
            except BaseException as err:
                self.error = err
            OPENING.release()
            self.opened.set()
            return
        # TCP_NODELAY on the device's socket, as Chromium sets it on every socket: without it
        # each message to the server waits for the acknowledgement of its first frame.
        self.session._connection._socket._socket.stream.set_nodelay(True)
        self.doc = self.session.document
        self.doc.models.flush_synced()  # the server knows these: send references, not copies
        self.doc.add_next_tick_callback(self._main)
        # Runs the loop (the server's updates and `_main`) until `_main` closes the session.
        # Bokeh marks it "for testing"; a load test is one.
        self.session._loop_until_closed()


# --------------------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * len(s)) - 1))]


async def run(url: str, tables: list[Table], store: Store, db_url: str,
              args: argparse.Namespace, pid: int | None) -> dict[str, Any]:
    w, h = (int(x) for x in args.viewport.split("x"))
    n_browsers = min(args.browsers, len(tables))
    out: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

        async def tablet(table: Table) -> Tablet:
            ctx = await browser.new_context(viewport={"width": w, "height": h})
            ctx.set_default_timeout(WAIT_S * 1000)
            return Tablet(table, await ctx.new_page())
        warm = await tablet(tables[0])  # the first session imports and builds everything once
        await warm.open(url)
        await warm.page.context.close()
        await asyncio.sleep(3)
        rss0 = rss_bytes(pid) if pid else 0
        tablets = [await tablet(t) for t in tables[:n_browsers]]
        devices = [Device(t, url, db_url) for t in tables[n_browsers:]]
        t0 = time.perf_counter()
        for d in devices:
            d.thread.start()
        for k in range(0, len(tablets), 5):  # five at a time, as tablets being switched on
            await asyncio.gather(*(tb.open(url) for tb in tablets[k:k + 5]))
        for d in devices:  # each device's own waits are bounded (OPEN_WAIT_S)
            await asyncio.to_thread(d.opened.wait)
        if devices and all(d.error for d in devices):  # reported per device otherwise
            raise RuntimeError(f"no device opened its table: {devices[0].error!r}")
        out["open_s"] = time.perf_counter() - t0
        # Settle: the server discards the warm-up session about 15-30 s after its page closed
        # (Bokeh's unused-session check); that work is not idle polling.
        await asyncio.sleep(args.settle)
        out["rss0"], out["rss1"] = rss0, rss_bytes(pid) if pid else 0
        chrome = descendants(os.getpid())
        if pid:
            c0 = cpu_seconds(pid)
            await asyncio.sleep(IDLE_S)
            out["idle_cpu"] = (cpu_seconds(pid) - c0) / IDLE_S
        out["probe"] = []
        if tablets:  # one tablet alone, the other sessions open and idle
            probe = tablets[0]
            for _ in range(PROBE):
                await probe.move(store)
                await asyncio.sleep(0.5)
            out["probe"] = probe.table.clicks
            probe.table.clicks = []
        metrics = Path(args.metrics) if args.metrics else None
        skip = metrics.stat().st_size if metrics and metrics.exists() else 0
        rng = random.Random(args.seed)
        s0, b0, w0 = cpu_seconds(pid) if pid else 0.0, cpu_of(chrome), time.perf_counter()
        c0 = time.process_time()
        gc.collect()
        gc.disable()  # the devices' own collections are not the server's latency (docstring)
        deadline = time.monotonic() + args.duration
        for d in devices:
            d.deadline, d.rng, d.pace = deadline, random.Random(rng.random()), args.pace
            d.go.set()
        await asyncio.gather(*(tb.play(store, deadline, random.Random(rng.random()), args.pace)
                               for tb in tablets))
        for d in devices:
            await asyncio.to_thread(d.thread.join, WAIT_S + args.pace[1] + 10)
        gc.enable()
        out["wall"] = time.perf_counter() - w0
        out["server_cpu"] = (cpu_seconds(pid) - s0) if pid else float("nan")
        out["browser_cpu"] = cpu_of(chrome) - b0
        out["device_cpu"] = time.process_time() - c0
        out["rss2"] = rss_bytes(pid) if pid else 0
        out["errors"] = [f"{d.table.name}: {d.error!r}" for d in devices if d.error]
        out["why"] = Counter(w for d in [*devices, *tablets] for w in d.why)
        out["server_ms"] = []
        if metrics and metrics.exists():
            with metrics.open() as f:
                f.seek(skip)
                out["server_ms"] = [json.loads(line) for line in f if line.strip()]
        await browser.close()
    out["kinds"] = {t.name: ("browser" if k < n_browsers else "device")
                    for k, t in enumerate(tables)}
    return out


def report(tables: list[Table], r: dict[str, Any], args: argparse.Namespace) -> None:
    n = len(tables)
    kinds = r["kinds"]
    n_browsers = sum(k == "browser" for k in kinds.values())

    def ms(kind: str, who: str) -> list[float]:
        return [1000 * s for t in tables if kinds[t.name] == who for k, s in t.clicks
                if kind in ("all", k)]
    clicks = sum(len(t.clicks) for t in tables)
    server = r["server_ms"]
    s_act = [m["ms"] for m in server if m["kind"] == "action"]
    s_tap = [m["ms"] for m in server if m["kind"] == "tap"]
    s_all = s_act + s_tap
    s_cpu = [m["cpu_ms"] for m in server if m["kind"] in ("action", "tap") and "cpu_ms" in m]
    fails = sum(t.failures for t in tables)
    mb = 2 ** 20
    wall = r["wall"]

    def row(what: str, values: list[float], note: str = "") -> str:
        return (f"| {what} | {len(values)} | {pct(values, .5):.0f} ms | {pct(values, .95):.0f} ms "
                f"| {max(values, default=float('nan')):.0f} ms | {note} |")
    lo, hi = args.pace
    print(f"\n{n} sessions on one server process ({n - n_browsers} protocol devices, "
          f"{n_browsers} Chromium tablets), {args.duration:.0f} s at a table's pace (one click "
          f"every {lo:g}-{hi:g} s per table, {clicks / wall:.1f} clicks/s in all); devices at "
          f"nice {args.nice}, viewport {args.viewport}; opening them took {r['open_s']:.1f} s; "
          f"{fails} clicks timed out, {len(r['errors'])} devices failed; load average at the "
          f"end {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.\n")
    for e in r["errors"]:
        print(f"- {e}")
    for why, count in r["why"].most_common():
        print(f"- {count} clicks failed: {why}")
    print("| measure | clicks | p50 | p95 | max | note |")
    print("|---|---|---|---|---|---|")
    if n_browsers < n:
        print(row("device: action sent -> its update received", ms("action", "device"),
                  "protocol devices"))
        print(row("device: map tap sent -> the region's card received", ms("tap", "device"), ""))
        print(row("device: all clicks", ms("all", "device"), "target p95 <= 200 ms"))
    if n_browsers:
        print(row("tablet: click -> screen updated, actions", ms("action", "browser"),
                  f"{n_browsers} Chromium page(s), drawing included"))
        print(row("tablet: tap -> region card shown", ms("tap", "browser"), ""))
        print(row("tablet: all clicks", ms("all", "browser"),
                  "the pages share the 2 cores with the server" if n_browsers > 1 else ""))
        print(row("tablet alone (others open, idle)", [1000 * s for _, s in r["probe"]],
                  "server quiet"))
    print(row("server: action received -> update queued", s_act, "`SW_METRICS`"))
    print(row("server: tap received -> update queued", s_tap, ""))
    print(row("server: all clicks", s_all, ""))
    print(row("server: CPU time of a click", s_cpu, "the same span, the thread's CPU time only"))
    print(f"| server CPU per click | {clicks} | {1000 * r['server_cpu'] / max(1, clicks):.1f} ms "
          f"| | | all sessions' polling included; server {100 * r['server_cpu'] / wall:.0f}% of "
          f"a core, devices {100 * r['device_cpu'] / wall:.0f}%, chromium "
          f"{100 * r['browser_cpu'] / wall:.0f}% |")
    if "idle_cpu" in r:
        print(f"| server CPU, {n} sessions open and idle | | {100 * r['idle_cpu']:.1f}% of a core "
              "| | | polling |")
    print(f"| server memory per open session | {n} | {(r['rss1'] - r['rss0']) / mb / n:.1f} MB | | "
          f"| RSS {r['rss0'] / mb:.0f} MB -> {r['rss1'] / mb:.0f} MB open -> "
          f"{r['rss2'] / mb:.0f} MB after playing |")


def pace(text: str) -> tuple[float, float]:
    lo, _, hi = text.partition("-")
    a, b = float(lo), float(hi or lo)
    if not 0 <= a <= b <= 60:
        raise argparse.ArgumentTypeError("a pace is LOW-HIGH seconds, 0 <= LOW <= HIGH <= 60")
    return a, b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--browsers", type=int, default=1,
                    help="how many of the sessions are Chromium pages (the rest: protocol devices)")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of play (bounded)")
    ap.add_argument("--pace", type=pace, default=(1.0, 3.0),
                    help="seconds between a table's clicks, LOW-HIGH (default 1-3)")
    ap.add_argument("--viewport", default="1280x800", help="the tablets' window (a 10-inch tablet in landscape)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settle", type=float, default=30.0,
                    help="seconds between opening the sessions and measuring idle CPU")
    ap.add_argument("--nice", type=int, default=19,
                    help="niceness of this script, its devices and chromium (0: as the server)")
    ap.add_argument("--url", help="an already running app on localhost (then give --db)")
    ap.add_argument("--db", help="its SQLAlchemy URL, to create the games")
    ap.add_argument("--pid", type=int, help="its process id (CPU and memory)")
    ap.add_argument("--metrics", help="its SW_METRICS file")
    ap.add_argument("--wait", type=float, default=WAIT_S,
                    help="seconds a click's result is waited for (then it counts as timed out)")
    ap.add_argument("--open-wait", type=float, default=OPEN_WAIT_S,
                    help="seconds a session may take to open")
    args = ap.parse_args()
    globals().update(WAIT_S=args.wait, OPEN_WAIT_S=args.open_wait)
    args.duration = min(args.duration, 600.0)
    args.settle = min(max(args.settle, 0.0), 120.0)
    tmp = tempfile.TemporaryDirectory()
    db_url = args.db or f"sqlite:///{Path(tmp.name) / 'bench.sqlite'}"
    proc = None
    url, pid = args.url, args.pid
    if url is None:
        args.metrics = str(Path(tmp.name) / "metrics.jsonl")
        proc, url = start_server(db_url, Path(args.metrics))
        pid = proc.pid
    elif not url.startswith(("http://127.0.0.1", "http://localhost")):
        sys.exit("localhost only")
    if args.nice:
        os.nice(args.nice)  # the server started above keeps its priority
    try:
        store = Store(db_url)
        tables = []
        for k in range(max(1, min(args.sessions, 100))):
            name = f"Bench {k + 1}"
            gid, code = create_game(store, name, ["Ann", "Bob", "Cleo"], seed=k)
            tables.append(Table(name, code, gid, Game(store.game(gid).setup)))
        r = asyncio.run(run(url, tables, store, db_url, args, pid))
        store.dispose()
    finally:
        if proc:
            proc.kill()
            proc.wait()
        tmp.cleanup()
    report(tables, r, args)


if __name__ == "__main__":
    main()
