"""Limits on guessing join codes and on creating games (review A1, A3).

A join code has 29.7 bits and each check costs 60 ms of PBKDF2, so guessing must be slowed where
it is cheap to refuse: BEFORE any hashing. `Backoff` counts wrong answers per key (a device, a
game, the lookup by code alone); after `free` of them each further attempt must wait twice as
long as the one before (capped), and a right answer on a device clears that device. `Window`
counts events per key over a sliding window (game creation). Both live in the server process's
memory: a restart forgets them, which costs a guesser a restart of the server.
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

    def wrong(self, key: str) -> None:
        with self._lock:
            c = self._counts.setdefault(key, _Count())
            c.wrong += 1
            if c.wrong > self.free:
                delay = min(self.cap, self.base * 2 ** (c.wrong - self.free - 1))
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
            self._events.setdefault(key, deque()).append(self.clock())

    def clear(self) -> None:
        with self._lock:
            self._events.clear()


#: Wrong join codes: a device (one browser page) gets 5 free tries, a game 20 (every device
#: together), the lookup by code alone 20 for the whole process; then 1 s, 2 s, 4 s...
DEVICE_GUESSES = Backoff(free=5, cap=300.0)
GAME_GUESSES = Backoff(free=20, cap=60.0)
LOOKUP_GUESSES = Backoff(free=20, cap=60.0)
#: New games: 3 per device per 10 minutes, 10 per minute for the whole process.
DEVICE_CREATES = Window(limit=3, seconds=600.0)
PROCESS_CREATES = Window(limit=10, seconds=60.0)


def reset_all() -> None:
    """Forget every count (tests)."""
    for lim in (DEVICE_GUESSES, GAME_GUESSES, LOOKUP_GUESSES, DEVICE_CREATES, PROCESS_CREATES):
        lim.clear()


def wait_text(seconds: float) -> str:
    s = max(1, round(seconds + 0.49))
    return f"{s} second{'s' if s != 1 else ''}" if s < 120 else f"{round(s / 60)} minutes"
