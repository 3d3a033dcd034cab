"""Probe the join-code limits against a local server (issue 18, review N4): how fast can a guesser
try codes, and what does it do to the table's own device and to another table?

    .venv/bin/python scripts/probe_guessing.py [--seconds 60] [--guessers 4]

Starts `panel serve dashboards/app.py` on a free port with a temporary SQLite database and two
games ("Target", "Other"). The guesser asks the game's address with a wrong code as fast as the
server answers, from `--guessers` parallel clients: a new page per try, the only way past the
per-page back-off (dashboards/limits.py). Meanwhile, every 3 s, the table's device opens Target
by its address with the right code, and another table opens Other, in Debian's chromium: each
must open, and the time until the game shows is the cost of the attack to the tables; the same
opening before the attack is the baseline. Prints one JSON object (BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> tuple[float, str]:
    t0 = time.perf_counter()
    with urllib.request.urlopen(url, timeout=300) as r:
        body = r.read().decode("utf-8", "replace")
    return time.perf_counter() - t0, body


def open_page(browser, base: str, game: int, code: str) -> tuple[float, bool]:
    """A device opening the game by its address, in Debian's chromium: the time until the page
    shows the game ("To play:"), True; or the lobby's refusal (or nothing in 5 minutes), False."""
    page = browser.new_page()
    t0 = time.perf_counter()
    try:
        page.goto(f"{base}?game={game}&code={code}", timeout=300_000)
        shown = page.get_by_text("To play:").or_(page.get_by_text("Too many wrong codes"))
        shown.first.wait_for(timeout=300_000)
        return time.perf_counter() - t0, page.get_by_text("To play:").count() > 0
    except Exception:
        return time.perf_counter() - t0, False
    finally:
        page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--guessers", type=int, default=4)
    args = parser.parse_args(argv)
    from dashboards.session import create_game
    from dashboards.store import Store

    tmp = tempfile.mkdtemp(prefix="sw-probe-")
    db = f"sqlite:///{tmp}/probe.sqlite"
    store = Store(db)
    target, code = create_game(store, "Target", ["Ann", "Bob"])
    other, code2 = create_game(store, "Other", ["Cleo", "Dan"])
    store.dispose()
    port = free_port()
    panel = Path(sys.executable).with_name("panel")
    proc = subprocess.Popen(
        [str(panel), "serve", str(ROOT / "dashboards" / "app.py"), "--port", str(port),
         "--address", "127.0.0.1", f"--allow-websocket-origin=127.0.0.1:{port}",
         "--plugins", "dashboards.alive"],
        env={**os.environ, "SW_DATABASE_URL": db}, cwd=ROOT,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/app"
    try:
        for _ in range(300):
            try:
                get(f"http://127.0.0.1:{port}/sw-alive")
                break
            except OSError:
                time.sleep(0.2)
        from playwright.sync_api import sync_playwright

        pw = sync_playwright().start()
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--headless", "--no-sandbox", "--disable-gpu"])
        quiet = [open_page(browser, base, target, code)[0] for _ in range(3)]
        stop = time.monotonic() + args.seconds
        guesses: list[float] = []
        lock = threading.Lock()

        def guess() -> None:
            while time.monotonic() < stop:
                wrong = secrets.token_hex(3).upper()
                try:  # the page's request builds its session, which checks the code
                    took, _ = get(f"{base}?game={target}&code={wrong}")
                except OSError:
                    continue
                with lock:
                    guesses.append(took)

        tables: dict[str, list[tuple[float, bool]]] = {"table": [], "other": []}
        threads = [threading.Thread(target=guess) for _ in range(args.guessers)]
        t0 = time.monotonic()
        for t in threads:
            t.start()
        while time.monotonic() < stop:  # the tables, in this thread (Playwright's)
            for name, gid, right in (("table", target, code), ("other", other, code2)):
                tables[name].append(open_page(browser, base, gid, right))
            time.sleep(3)
        for t in threads:
            t.join()
        elapsed = time.monotonic() - t0
        browser.close()
        pw.stop()

        def summary(rows: list[tuple[float, bool]]) -> dict:
            times = [t for t, _ in rows]
            return {"opens": len(rows), "refused": sum(not ok for _, ok in rows),
                    "median_s": round(statistics.median(times), 2),
                    "max_s": round(max(times), 2)}
        print(json.dumps({
            "seconds": round(elapsed, 1), "guessers": args.guessers,
            "guesses": len(guesses), "guesses_per_s": round(len(guesses) / elapsed, 2),
            "guess_median_s": round(statistics.median(guesses), 2) if guesses else None,
            "table_open_quiet_median_s": round(statistics.median(quiet), 2),
            "table_device": summary(tables["table"]), "other_table": summary(tables["other"]),
        }, indent=1))
        return 0 if all(ok for rows in tables.values() for _, ok in rows) else 1
    finally:
        proc.kill()
        proc.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
