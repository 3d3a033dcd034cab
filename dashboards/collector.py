"""Python's garbage collector on a server holding many tables' screens.

Why: an open table holds about 47,000 objects that live as long as its page (pooled Panel
widgets, their Bokeh models, param watchers). Python's full collection walks every tracked
object, so with 20 tables open it walked 1.3 million and took 0.5-0.6 s, every few seconds of
play, while no table's tap was answered (BENCHMARKS.md, "20 sessions").

So what lives is moved out of the collector's sight (`gc.freeze`) a few seconds after a screen
is built or used: the full collections that play triggers then walk only what was made since.
Objects frozen while alive that die later are reclaimed by a full pass (`gc.unfreeze`, collect,
freeze again): when a session ends or a screen is dropped, and at least every `FULL_EVERY_S`
of play. The policy is on only in the served app (`install`).
"""

from __future__ import annotations

import gc
import time
from typing import Any

#: Seconds from a screen built or used to the freeze (the calls meanwhile share it).
SETTLE_S = 5.0
#: Seconds from a session's end to the full pass (sessions ending together share it).
RELEASE_S = 5.0
#: The longest time between two full passes while the server is used.
FULL_EVERY_S = 600.0

_timers: dict[str, Any] = {}
_state = {"installed": False, "last_full": 0.0}


def install() -> None:
    """Turn the policy on in this process (`panel serve`; tests that build screens in their own
    process leave it off, so their objects are collected as usual)."""
    if not _state["installed"]:
        _state.update(installed=True, last_full=time.monotonic())


def _later(name: str, seconds: float, run: Any) -> None:
    """Run `run` on the server's loop in `seconds`, once for every call made meanwhile."""
    from tornado.ioloop import IOLoop

    if not _state["installed"] or name in _timers:
        return

    def go() -> None:
        _timers.pop(name, None)
        run()
    _timers[name] = IOLoop.current().call_later(seconds, go)


def _freeze() -> None:
    if time.monotonic() - _state["last_full"] > FULL_EVERY_S:
        _full()
        return
    gc.collect()  # only what is not frozen: what was made since the last freeze
    gc.freeze()


def _full() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _state["last_full"] = time.monotonic()


def settle() -> None:
    """A screen was built or used: freeze what lives, shortly."""
    _later("settle", SETTLE_S, _freeze)


def release() -> None:
    """A screen was dropped: collect everything once, shortly."""
    _later("release", RELEASE_S, _full)


def session_ended(session_context: Any) -> None:
    """`pn.state.on_session_destroyed` callback (Bokeh wants this exact signature)."""
    release()
