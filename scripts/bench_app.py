"""Load test of the table-side assistant: N concurrent sessions against ONE server process.

    .venv/bin/python scripts/bench_app.py [--sessions 20] [--actions 12] [--url URL --db DB_URL]

Without --url it starts `panel serve dashboards/app.py` on a free localhost port with a fresh
SQLite file. One game per session is created through the store; each session is a headless
chromium page (Debian's /usr/bin/chromium) that opens its game from the lobby with the join code
and then makes a bounded number of actions (pick the top combo, or end the turn), all sessions at
the same time. Action latency = click until the page shows the next stored seq (the screen is
redrawn only after the database write), so it includes the round trip, the engine, SQLite and the
redraw, and on this machine the browsers share the CPU with the server, so it is pessimistic;
"click -> stored" (the row's created_at) leaves the redraw out, and the server's own CPU time
per action is printed too. Memory per session = growth of the
server's RSS while the sessions are open / N.
Localhost only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC
from pathlib import Path

import sqlalchemy as sa
from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dashboards.session import create_game  # noqa: E402
from dashboards.store import Store, events  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
IDLE_S = 10
PROBE = 6
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class Proc:
    """RSS and CPU time of the server process, read from /proc (Linux; no extra dependency)."""

    def __init__(self, pid: int):
        self.pid = pid

    def rss(self) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db_url: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    panel = Path(sys.executable).with_name("panel")
    proc = subprocess.Popen(
        [str(panel), "serve", str(ROOT / "dashboards" / "app.py"), "--port", str(port),
         "--address", "127.0.0.1", f"--allow-websocket-origin=127.0.0.1:{port}"],
        env={**os.environ, "SW_DATABASE_URL": db_url}, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc, f"http://127.0.0.1:{port}/app"
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("panel serve did not start")


async def seq_of(page) -> int:
    return int(await page.locator(".sw-top").first.get_attribute("data-seq"))


async def open_game(page, url: str, table: str, code: str) -> None:
    await page.goto(url)
    field = page.get_by_placeholder("e.g. K7QX2M")
    for _ in range(10):  # a click before the websocket is up does nothing: try again
        await page.get_by_role("button", name=table, exact=True).click()
        try:
            await field.wait_for(state="visible", timeout=6000)
            break
        except Exception:
            continue
    await field.fill(code)
    await page.get_by_role("button", name="Open", exact=True).click()
    await page.locator(".sw-top").first.wait_for()


async def play(page, actions: int, latencies: list[float], stored: list[float],
               store: Store, game_id: int) -> None:
    for _ in range(actions):
        before = await seq_of(page)
        pick = page.get_by_role("button", name="Pick")
        target = pick.first if await pick.count() else page.get_by_role(
            "button", name="turn and score")
        t0, wall = time.perf_counter(), time.time()
        await target.first.click()
        await page.locator(f".sw-top[data-seq='{before + 1}']").wait_for(timeout=60_000)
        latencies.append(time.perf_counter() - t0)
        with store.engine.connect() as conn:
            row = conn.execute(sa.select(events.c.created_at).where(
                events.c.game_id == game_id, events.c.seq == before + 1)).scalar()
        if row is not None:
            stored.append(row.replace(tzinfo=row.tzinfo or UTC).timestamp() - wall)


async def run(url: str, games: list[tuple[str, str, int]], actions: int,
              server: Proc | None, store: Store) -> dict:
    latencies: list[float] = []
    stored: list[float] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        warm = await browser.new_page()
        await open_game(warm, url, *games[0][:2])
        await warm.close()
        await asyncio.sleep(2)
        rss0 = server.rss() if server else 0
        pages = []
        for _ in games:
            ctx = await browser.new_context(viewport={"width": 1280, "height": 800})
            ctx.set_default_timeout(60_000)
            pages.append(await ctx.new_page())
        t_open = time.perf_counter()
        await asyncio.gather(*(open_game(pg, url, *g[:2]) for pg, g in zip(pages, games,
                                                                          strict=True)))
        t_open = time.perf_counter() - t_open
        await asyncio.sleep(2)
        rss1 = server.rss() if server else 0
        idle0 = server.cpu() if server else 0.0
        await asyncio.sleep(IDLE_S)  # every screen polls the database meanwhile
        idle = (server.cpu() - idle0) / IDLE_S if server else 0.0
        probe: list[float] = []  # one device acting while the others are open but idle
        await play(pages[0], PROBE, probe, [], store, games[0][2])
        cpu0 = server.cpu() if server else 0.0
        t_play = time.perf_counter()
        await asyncio.gather(*(play(pg, actions, latencies, stored, store, g[2])
                               for pg, g in zip(pages, games, strict=True)))
        t_play = time.perf_counter() - t_play
        cpu1 = server.cpu() if server else 0.0
        rss2 = server.rss() if server else 0
        await browser.close()
    latencies.sort()
    stored.sort()
    p95 = latencies[max(0, round(0.95 * len(latencies)) - 1)]
    return {"sessions": len(games), "actions": len(latencies), "open_s": t_open,
            "probe_p50_ms": 1000 * statistics.median(probe), "probe_max_ms": 1000 * max(probe),
            "stored_p50_ms": 1000 * statistics.median(stored),
            "stored_p95_ms": 1000 * stored[max(0, round(0.95 * len(stored)) - 1)],
            "play_s": t_play, "p50_ms": 1000 * statistics.median(latencies), "p95_ms": 1000 * p95,
            "max_ms": 1000 * latencies[-1], "rss_base_mb": rss0 / 2**20, "rss_open_mb": rss1 / 2**20,
            "rss_end_mb": rss2 / 2**20, "idle_cpu": 100 * idle, "cpu_ms": 1000 * (cpu1 - cpu0) / max(1, len(latencies)),
            "mb_per_session": (rss1 - rss0) / 2**20 / len(games) if server else float("nan")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--actions", type=int, default=12, help="actions per session (bounded)")
    ap.add_argument("--url", help="an already running app (localhost); needs --db")
    ap.add_argument("--db", help="its SQLAlchemy URL, to create the games")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory()
    db_url = args.db or f"sqlite:///{Path(tmp.name) / 'bench.sqlite'}"
    proc = None
    url = args.url
    if url is None:
        proc, url = start_server(db_url)
    elif not url.startswith(("http://127.0.0.1", "http://localhost")):
        sys.exit("localhost only")
    try:
        store = Store(db_url)
        games = []
        for k in range(min(args.sessions, 200)):
            name = f"Bench {k + 1}"
            gid, code = create_game(store, name, ["Ann", "Bob", "Cleo"], seed=k)
            games.append((name, code, gid))
        server = Proc(proc.pid) if proc else None
        r = asyncio.run(run(url, games, min(args.actions, 200), server, store))
        store.dispose()
    finally:
        if proc:
            proc.kill()
            proc.wait()
        tmp.cleanup()
    print(f"sessions: {r['sessions']} concurrent, one server process; actions: {r['actions']} "
          "(all sessions acting at once)")
    print(f"opening all sessions: {r['open_s']:.1f} s; playing: {r['play_s']:.1f} s")
    print(f"action latency (click -> stored and redrawn): p50 {r['p50_ms']:.0f} ms, "
          f"p95 {r['p95_ms']:.0f} ms, max {r['max_ms']:.0f} ms")
    print(f"one device acting, the others open and idle: p50 {r['probe_p50_ms']:.0f} ms, "
          f"max {r['probe_max_ms']:.0f} ms")
    print(f"click -> action stored in the database: p50 {r['stored_p50_ms']:.0f} ms, "
          f"p95 {r['stored_p95_ms']:.0f} ms")
    print(f"server CPU with the sessions open and idle (polling): {r['idle_cpu']:.0f}% of a core")
    print(f"server CPU per action (all sessions' polling included): {r['cpu_ms']:.0f} ms")
    print(f"server RSS: {r['rss_base_mb']:.0f} MB before, {r['rss_open_mb']:.0f} MB with the "
          f"sessions open, {r['rss_end_mb']:.0f} MB after playing; "
          f"{r['mb_per_session']:.1f} MB per open session")


if __name__ == "__main__":
    main()
