"""Server-side timing of each click for the load test: one JSON line per click in the file
named by `$SW_METRICS` (scripts/bench_app.py reads it); nothing is written when it is unset."""

from __future__ import annotations

import json
import os
import threading
import time

METRICS = os.environ.get("SW_METRICS", "")
_LOCK = threading.Lock()


def record(kind: str, game_id: int, ms: float, cpu_ms: float) -> None:
    """One line of `$SW_METRICS`: `ms` is wall-clock time, `cpu_ms` the CPU time the server
    thread spent (the two differ when other processes hold the CPU)."""
    line = json.dumps({"t": round(time.time(), 3), "kind": kind, "game": game_id,
                       "ms": round(ms, 2), "cpu_ms": round(cpu_ms, 2)})
    with _LOCK, open(METRICS, "a", encoding="utf-8") as f:
        f.write(line + "\n")
