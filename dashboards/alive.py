"""/sw-alive: the cheap answer an open page asks before it reconnects (issue 18, review T2).

Why: a page that lost its server used to retry by fetching its whole address every 4 s, and
each fetch built a complete session (59 in 11 minutes; the server then took 174 s to answer).
Now a page asks this endpoint (no session, no database, a few bytes) with growing, jittered
delays (dashboards/connection.py), and the answer says what to do:

- the same server process (`boot` unchanged, a network drop): reconnect the websocket in place,
  the session is still there;
- another process (a restart): reload the page, which names the game, after `wait` seconds. The
  waits are handed out one `RELOAD_GAP` apart, so 20 pages coming back after a restart build
  their sessions one after another instead of all at once.

`panel serve ... --plugins dashboards.alive` adds the route (the Makefile's `serve` does).
`sessions` counts the pages built by this process (tests check that a restart costs one each).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable

from tornado import web

#: This server process; a page shown by another process must reload.
BOOT = secrets.token_hex(8)
#: Seconds between two pages told to reload (about one session's build on a loaded machine).
RELOAD_GAP = 0.6
_count = {"sessions": 0}
_lock = threading.Lock()


class Queue:
    """Reload slots `gap` seconds apart: `slot()` is the wait before the next free one."""

    def __init__(self, gap: float, clock: Callable[[], float] = time.monotonic):
        self.gap, self.clock, self.next = gap, clock, 0.0

    def slot(self) -> float:
        with _lock:
            now = self.clock()
            start = max(now, self.next)
            self.next = start + self.gap
            return start - now


RELOADS = Queue(RELOAD_GAP)


def session_built() -> None:
    """A page was built by this process (the app calls it once per session)."""
    with _lock:
        _count["sessions"] += 1


def answer(page_boot: str, again: bool) -> dict:
    """What a page shown by process `page_boot` should do; `again`: its reconnection in place
    already failed (the session or its token expired), so it must reload too."""
    if page_boot == BOOT and not again:
        return {"boot": BOOT, "same": True, "sessions": _count["sessions"]}
    return {"boot": BOOT, "same": False, "wait": round(RELOADS.slot(), 2),
            "sessions": _count["sessions"]}


class AliveHandler(web.RequestHandler):
    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "application/json")
        self.write(answer(self.get_argument("boot", ""), bool(self.get_argument("again", ""))))


ROUTES = [(r"/sw-alive", AliveHandler)]
