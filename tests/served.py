"""The app served for the browser tests: `panel serve` in a subprocess on a free port and its own
database, and how chromium is launched. One place for what every browser test file needs, so a
server starts, waits and stops the same way everywhere."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from conftest import WAIT_MS, free_port

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        # each page stands for a device showing it: no background-tab timer throttling
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows"]


class Server:
    """`panel serve` of `pages` (dashboards/*.py, the first one the index) on a free port and a
    given database, with /sw-alive as `make serve` (`--plugins dashboards.alive`); restartable.
    `token_lifetime`: Bokeh's `--session-token-expiration` (s), Bokeh's default when None."""

    def __init__(self, db_url: str, poll_ms: int = 500, static_dirs: dict[str, Path] | None = None,
                 token_lifetime: int | None = None, pages: tuple[str, ...] = ("app.py",)):
        self.db_url = db_url
        self.poll_ms = poll_ms
        self.pages = pages
        # `panel serve` arguments beyond the port and database (a test may add its own)
        self.args = [f"--static-dirs={name}={path}" for name, path in (static_dirs or {}).items()]
        self.args.append("--plugins=dashboards.alive")
        if len(pages) > 1:
            self.args += ["--index", Path(pages[0]).stem]
        if token_lifetime is not None:
            self.args.append(f"--session-token-expiration={token_lifetime}")
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.base}/app"

    def start(self) -> None:
        panel = Path(sys.executable).with_name("panel")
        env = {**os.environ, "SW_DATABASE_URL": self.db_url, "SW_POLL_MS": str(self.poll_ms)}
        self.proc = subprocess.Popen(
            [str(panel), "serve", *(str(ROOT / "dashboards" / p) for p in self.pages),
             "--port", str(self.port), "--address", "127.0.0.1",
             f"--allow-websocket-origin=127.0.0.1:{self.port}", *self.args],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + WAIT_MS / 1000
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("panel serve did not start")

    def kill(self) -> None:
        """Stop the server at once, as a crash or a pulled plug would."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=20)
            self.proc = None


def local_context(browser, viewport: dict, host: str):
    """A browser context where any request to a host but `host` fails and is recorded in the
    returned list (issue 18: nothing loaded from another host)."""
    ctx = browser.new_context(viewport=viewport)
    ctx.set_default_timeout(WAIT_MS)
    outside: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(("data:", "blob:")) or url.split("/")[2] == host:
            r.continue_()
        else:
            outside.append(url)
            r.abort()
    ctx.route("**/*", route)
    return ctx, outside
