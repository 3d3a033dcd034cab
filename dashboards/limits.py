"""Limits on guessing join codes and on creating games (review A1, A3, N4).

A join code has 29.7 bits and each check costs 60 ms of PBKDF2, so guessing must be slowed where
it is cheap to refuse: BEFORE any hashing. But a limit must slow the guesser, never the table
(review N4: counts per game or per process, checked before the code, kept a table's own device
out and let one client block every lookup and every new game). So only the page that guessed
is ever refused:

- `Backoff` counts wrong answers per device (one browser page): after its free tries each
  further attempt must wait twice as long as the one before (capped); a right answer clears it.
- `Window` counts events per key over a sliding window. Wrong codes for one game (or for the
  lookup by code alone) only mark it as attacked: a device then has no free try left, and waits
  from its first wrong code. A device that has not guessed wrong (the table's own, a page
  reopening its game by its address) is always checked: a right code always opens.
- New games: per device and per client address (a club's tablets each have theirs).
A guesser therefore needs a new page per try, and a page costs the server a whole session
(about 0.6 s of CPU), far more than the check: BENCHMARKS.md has the rates measured.
Both live in the server process's memory: a restart forgets them.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class _Count:
    wrong: int = 0
    until: float = 0.0  # monotonic time before which attempts are refused


@dataclass
class Backoff:
    """Exponential back-off after `free` wrong answers: 1, 2, 4... s, at most `cap` s."""

    free: int
    cap: float
    base: float = 1.0
    clock: Callable[[], float] = time.monotonic
    _counts: dict[str, _Count] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def wait(self, key: str) -> float:
        """Seconds before `key` may try again (0: now)."""
        with self._lock:
            c = self._counts.get(key)
            return max(0.0, c.until - self.clock()) if c else 0.0

    def wrong(self, key: str, free: int | None = None) -> None:
        """One more wrong answer; `free` overrides the free tries (0: wait from the first)."""
        free = self.free if free is None else free
        with self._lock:
            c = self._counts.setdefault(key, _Count())
            c.wrong += 1
            if c.wrong > free:
                delay = min(self.cap, self.base * 2 ** (c.wrong - free - 1))
                c.until = self.clock() + delay
            if len(self._counts) > 100_000:  # a flood of keys: forget the idle ones
                now = self.clock()
                for k in [k for k, v in self._counts.items() if v.until < now][:50_000]:
                    del self._counts[k]

    def right(self, key: str) -> None:
        with self._lock:
            self._counts.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._counts.clear()


@dataclass
class Window:
    """At most `limit` events per key within `seconds`."""

    limit: int
    seconds: float
    clock: Callable[[], float] = time.monotonic
    _events: dict[str, deque] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def wait(self, key: str) -> float:
        with self._lock:
            q = self._events.get(key)
            if q is None:
                return 0.0
            now = self.clock()
            while q and q[0] <= now - self.seconds:
                q.popleft()
            return 0.0 if len(q) < self.limit else q[0] + self.seconds - now

    def add(self, key: str) -> None:
        with self._lock:
            now = self.clock()
            self._events.setdefault(key, deque()).append(now)
            if len(self._events) > 100_000:  # a flood of keys (game ids): forget the idle ones
                for k in [k for k, q in self._events.items() if q[-1] <= now - self.seconds]:
                    del self._events[k]

    def clear(self) -> None:
        with self._lock:
            self._events.clear()


#: Wrong join codes: a device (one browser page) gets 5 free tries, then waits 1 s, 2 s, 4 s...
#: up to 5 minutes; none once the game (or the lookup by code alone) is attacked: 20 wrong
#: codes from any devices within 10 minutes.
DEVICE_GUESSES = Backoff(free=5, cap=300.0)
ATTACKED_GAMES = Window(limit=20, seconds=600.0)
ATTACKED_LOOKUP = Window(limit=20, seconds=600.0)
#: New games: 3 per device and 30 per client address per 10 minutes.
DEVICE_CREATES = Window(limit=3, seconds=600.0)
ADDRESS_CREATES = Window(limit=30, seconds=600.0)


def reset_all() -> None:
    """Forget every count (tests)."""
    for lim in (DEVICE_GUESSES, ATTACKED_GAMES, ATTACKED_LOOKUP, DEVICE_CREATES,
                ADDRESS_CREATES):
        lim.clear()


def wait_text(seconds: float) -> str:
    s = max(1, round(seconds + 0.49))
    return f"{s} second{'s' if s != 1 else ''}" if s < 120 else f"{round(s / 60)} minutes"
