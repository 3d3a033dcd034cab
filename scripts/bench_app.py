"""Load test of the table-side assistant: a club's tables on ONE server process.

    .venv/bin/python scripts/bench_app.py [--sessions 20] [--duration 60] [--viewport 800x600]
                                          [--renderers 0] [--seed 1] [--url URL --db DB --pid PID]

Method (what a club sees):

- One `panel serve dashboards/app.py` process (started here on a free localhost port with a
  fresh SQLite file, `SW_METRICS` pointing at a temporary file), one 3-player game per session,
  created through the store.
- ONE headless chromium (Debian's /usr/bin/chromium, `--disable-gpu`, small viewport, optional
  `--renderer-process-limit`) with one page per session, each in its own browser context, i.e.
  its own window (pages opened as tabs of one window are background tabs, which Chromium
  throttles: that measured seconds of latency no tablet sees). Each page opens its game from the
  lobby with the join code, as a tablet would.
- First one page makes 12 moves alone (the others open and idle): the latency a tablet sees
  when nothing else competes for the CPU.
- Every session then plays at a table's pace for `--duration` seconds: it waits 1-3 s (uniform,
  seeded), then makes the next move of a simple policy: pick the first combo; tap a region it
  may conquer on the map and press "Conquer" (at most two conquests a turn); place withdrawn
  tokens when asked; otherwise end the turn. Starts are staggered over the first 3 s, so clicks
  from different tables rarely coincide, and no new click starts after the deadline.
- In a club every tablet has its own CPU; here the 20 pages share 2 cores with the server. So,
  once the server is started, this script lowers its own priority (`--nice`, default 19): it,
  the Playwright driver and chromium inherit it and get the CPU the server leaves, as the server
  would have it to itself in a club. (Other processes on the machine are not controlled: the
  load average is printed.)
- **Browser-side latency**: click -> the page shows the result (the header's stored seq moved, or
  the tapped region's card is shown). It includes the websocket round trip, the server's work and
  the browser's redraw; with 20 pages on 2 cores (at low priority) it is dominated by the
  browsers waiting for CPU: an upper bound, not what a tablet sees.
- **Server-side time**: with `SW_METRICS=<file>` the turn screen appends one JSON line per user
  action: the time from the click's callback starting on the server to the document update being
  queued on the websocket (engine, database write, screen refresh and the patch's serialisation
  included; the websocket message parsing before the callback is not), as wall-clock time (it
  grows when the browsers hold both cores) and as the server thread's CPU time.
- Server CPU per click = the server process's CPU time (from /proc) during the play window divided
  by the clicks (message parsing, the other sessions' polling and Tornado included); the CPU share
  of chromium and the Playwright driver is shown too.
- Memory per open session = the server's RSS growth when the sessions are opened (after one warm-up
  session was opened and closed) divided by their number.

Prints a small Markdown table to paste into BENCHMARKS.md. Localhost only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dashboards.session import build_game, create_game  # noqa: E402
from dashboards.store import Store  # noqa: E402
from swcore import Game  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
IDLE_S = 8
PROBE = 12
WAIT_MS = 30_000
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-extensions", "--disable-dev-shm-usage", "--mute-audio",
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows"]


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
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
# One table
# --------------------------------------------------------------------------------------
@dataclass
class Table:
    name: str
    code: str
    game_id: int
    game: Game
    seq: int = 0
    page: Any = None
    clicks: list[tuple[str, float]] = field(default_factory=list)  # (kind, seconds)
    failures: int = 0


def catch_up(table: Table, store: Store) -> None:
    """The table's game as stored (the bench follows the database, not the page)."""
    rows = store.rows(table.game_id)
    table.game = build_game(table.game.setup, rows)
    table.seq = rows[-1].seq if rows else 0


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


async def open_game(page: Any, url: str, table: str, code: str) -> None:
    await page.goto(url)
    field_ = page.get_by_placeholder("e.g. K7QX2M")
    for _ in range(10):  # a click before the websocket is up does nothing: try again
        await page.get_by_role("button", name=table, exact=True).click()
        try:
            await field_.wait_for(state="visible", timeout=6000)
            break
        except Exception:
            continue
    await field_.fill(code)
    await page.get_by_role("button", name="Open", exact=True).click()
    await page.locator(".sw-top").first.wait_for(timeout=60_000)


async def tap(page: Any, g: Game, rid: str) -> None:
    """Click the centre of a region on the map canvas (it holds only the board)."""
    canvas = page.locator("canvas").first
    await canvas.scroll_into_view_if_needed()
    box = await canvas.bounding_box()
    b = g.board
    cx, cy = b.centre[b.region(rid)]
    fw, fh = b.frame
    await page.mouse.click(box["x"] + 4 + cx / fw * (box["width"] - 8),
                           box["y"] + 4 + cy / fh * (box["height"] - 8))


async def timed(table: Table, kind: str, click: Any, done: Any) -> bool:
    t0 = time.perf_counter()
    try:
        await click()
        await done.wait_for(timeout=WAIT_MS)
    except Exception:
        table.failures += 1
        return False
    table.clicks.append((kind, time.perf_counter() - t0))
    return True


async def move(table: Table, store: Store) -> None:
    page, g = table.page, table.game
    what, rid = next_move(g)
    shown = page.locator(f".sw-top[data-seq='{table.seq + 1}']")
    if what == "conquer":
        card = page.get_by_role("heading", name=f"Region {rid}", exact=True)
        if not await timed(table, "tap", lambda: tap(page, g, rid), card):
            what = "end"
        else:
            button = page.get_by_role("button", name=re.compile(rf"^Conquer {rid} \("))
            await timed(table, "action", lambda: button.click(), shown)
    if what != "conquer":
        name = {"pick": "Pick", "place": "Place these tokens", "end": "turn and score"}[what]
        button = page.get_by_role("button", name=name).first
        await timed(table, "action", lambda: button.click(), shown)
    catch_up(table, store)


async def play(table: Table, store: Store, deadline: float, rng: random.Random) -> None:
    await asyncio.sleep(rng.uniform(0, 3))  # staggered starts
    while time.monotonic() < deadline and not table.game.game_over:
        await move(table, store)
        await asyncio.sleep(rng.uniform(1, 3))


# --------------------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * len(s)) - 1))]


async def run(url: str, tables: list[Table], store: Store, args: argparse.Namespace,
              pid: int | None) -> dict[str, Any]:
    w, h = (int(x) for x in args.viewport.split("x"))
    flags = list(ARGS)
    if args.renderers:
        flags.append(f"--renderer-process-limit={args.renderers}")
    out: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=flags)

        async def new_page() -> Any:
            ctx = await browser.new_context(viewport={"width": w, "height": h})
            ctx.set_default_timeout(WAIT_MS)
            return await ctx.new_page()
        warm = await new_page()  # the first session imports and builds everything once
        await open_game(warm, url, tables[0].name, tables[0].code)
        await warm.context.close()
        await asyncio.sleep(3)
        rss0 = rss_bytes(pid) if pid else 0
        for t in tables:
            t.page = await new_page()
        t0 = time.perf_counter()
        for k in range(0, len(tables), 5):  # five at a time, as tablets being switched on
            await asyncio.gather(*(open_game(t.page, url, t.name, t.code)
                                   for t in tables[k:k + 5]))
        out["open_s"] = time.perf_counter() - t0
        await asyncio.sleep(3)
        out["rss0"], out["rss1"] = rss0, rss_bytes(pid) if pid else 0
        chrome = descendants(os.getpid())
        if pid:
            c0 = cpu_seconds(pid)
            await asyncio.sleep(IDLE_S)
            out["idle_cpu"] = (cpu_seconds(pid) - c0) / IDLE_S
        probe = tables[0]  # one tablet alone, the other pages open and idle
        for _ in range(PROBE):
            await move(probe, store)
            await asyncio.sleep(0.5)
        out["probe"] = probe.clicks
        probe.clicks = []
        metrics = Path(args.metrics) if args.metrics else None
        skip = metrics.stat().st_size if metrics and metrics.exists() else 0
        rng = random.Random(args.seed)
        s0, b0, w0 = cpu_seconds(pid) if pid else 0.0, cpu_of(chrome), time.perf_counter()
        deadline = time.monotonic() + args.duration
        await asyncio.gather(*(play(t, store, deadline, random.Random(rng.random()))
                               for t in tables))
        wall = time.perf_counter() - w0
        out["wall"] = wall
        out["server_cpu"] = (cpu_seconds(pid) - s0) if pid else float("nan")
        out["browser_cpu"] = cpu_of(chrome) - b0
        out["rss2"] = rss_bytes(pid) if pid else 0
        out["server_ms"] = []
        if metrics and metrics.exists():
            with metrics.open() as f:
                f.seek(skip)
                out["server_ms"] = [json.loads(line) for line in f if line.strip()]
        await browser.close()
    return out


def report(tables: list[Table], r: dict[str, Any], args: argparse.Namespace) -> None:
    n = len(tables)
    clicks = [c for t in tables for c in t.clicks]
    acts = [1000 * s for k, s in clicks if k == "action"]
    taps = [1000 * s for k, s in clicks if k == "tap"]
    every = acts + taps
    server = r["server_ms"]
    s_act = [m["ms"] for m in server if m["kind"] == "action"]
    s_tap = [m["ms"] for m in server if m["kind"] == "tap"]
    s_all = [m["ms"] for m in server if m["kind"] in ("action", "tap")]
    s_cpu = [m["cpu_ms"] for m in server if m["kind"] in ("action", "tap") and "cpu_ms" in m]
    fails = sum(t.failures for t in tables)
    mb = 2 ** 20
    per_click = 1000 * r["server_cpu"] / max(1, len(clicks))
    rate = len(clicks) / r["wall"]

    def row(what: str, values: list[float], note: str = "") -> str:
        return (f"| {what} | {len(values)} | {pct(values, .5):.0f} ms | {pct(values, .95):.0f} ms "
                f"| {max(values, default=float('nan')):.0f} ms | {note} |")
    print(f"\n{n} sessions on one server process, {args.duration:.0f} s at a table's pace "
          f"(one click every 1-3 s per table, {rate:.1f} clicks/s in all), one chromium "
          f"(nice {args.nice}), viewport {args.viewport}, renderer limit "
          f"{args.renderers or 'none'}; opening them took {r['open_s']:.1f} s; {fails} clicks "
          f"timed out; load average at the end {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores.\n")
    print("| measure | clicks | p50 | p95 | max | note |")
    print("|---|---|---|---|---|---|")
    print(row("browser: click -> screen updated, actions", acts,
              "polluted: the pages share the 2 cores with the server"))
    print(row("browser: tap -> region card shown", taps, ""))
    print(row("browser: all clicks", every, "target p95 <= 200 ms"))
    print(row("browser: one tablet alone (others idle)", [1000 * s for _, s in r["probe"]],
              "what a tablet with its own CPU sees, server quiet"))
    print(row("server: action received -> update queued", s_act, "`SW_METRICS`"))
    print(row("server: tap received -> update queued", s_tap, ""))
    print(row("server: all clicks", s_all, "target p95 <= 200 ms"))
    print(row("server: CPU time of a click", s_cpu, "the same span, the thread's CPU time only"))
    print(f"| server CPU per click | {len(clicks)} | {per_click:.1f} ms | | | "
          f"all sessions' polling included; server {100 * r['server_cpu'] / r['wall']:.0f}% of "
          f"a core, chromium + Playwright {100 * r['browser_cpu'] / r['wall']:.0f}% |")
    if "idle_cpu" in r:
        print(f"| server CPU, {n} sessions open and idle | | {100 * r['idle_cpu']:.1f}% of a core "
              "| | | polling |")
    print(f"| server memory per open session | {n} | {(r['rss1'] - r['rss0']) / mb / n:.1f} MB | | "
          f"| RSS {r['rss0'] / mb:.0f} MB -> {r['rss1'] / mb:.0f} MB open -> "
          f"{r['rss2'] / mb:.0f} MB after playing |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of play (bounded)")
    ap.add_argument("--viewport", default="800x600")
    ap.add_argument("--renderers", type=int, default=0,
                    help="chromium --renderer-process-limit (0 = chromium's default)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nice", type=int, default=19,
                    help="niceness of this script, Playwright and chromium (0: same as server)")
    ap.add_argument("--url", help="an already running app on localhost (then give --db)")
    ap.add_argument("--db", help="its SQLAlchemy URL, to create the games")
    ap.add_argument("--pid", type=int, help="its process id (CPU and memory)")
    ap.add_argument("--metrics", help="its SW_METRICS file")
    args = ap.parse_args()
    args.duration = min(args.duration, 600.0)
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
        for k in range(min(args.sessions, 100)):
            name = f"Bench {k + 1}"
            gid, code = create_game(store, name, ["Ann", "Bob", "Cleo"], seed=k)
            tables.append(Table(name, code, gid, Game(store.game(gid).setup)))
        r = asyncio.run(run(url, tables, store, args, pid))
        store.dispose()
    finally:
        if proc:
            proc.kill()
            proc.wait()
        tmp.cleanup()
    report(tables, r, args)


if __name__ == "__main__":
    main()
