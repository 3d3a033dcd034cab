"""The served app's garbage-collector policy (dashboards/collector.py): what lives after a screen
is built or used is frozen, so the full collections that play triggers do not walk every open
table (they paused the server 0.5 s with 20 tables, BENCHMARKS.md); what died is reclaimed by a
full pass when a session ends. Run in a subprocess: freezing this test process's objects would
keep them alive for the rest of the suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import asyncio, gc, time, weakref
from tornado.ioloop import IOLoop
from dashboards import collector

collector.SETTLE_S = collector.RELEASE_S = 0.01
loop = IOLoop.current()
def wait():
    loop.run_sync(lambda: asyncio.sleep(0.2))

class Node:
    pass
def cycle():
    a, b = Node(), Node()
    a.b, b.a = b, a
    return a

base = gc.get_freeze_count()  # Python 3.12 starts with a few objects frozen
collector.settle()  # not installed: nothing scheduled, nothing frozen
wait()
assert gc.get_freeze_count() == base, "frozen without install()"

collector.install()
kept = cycle()
collector.settle(); collector.settle()  # two calls, one freeze
assert len(collector._timers) == 1
wait()
assert gc.get_freeze_count() > base and not collector._timers

ref = weakref.ref(kept)
del kept
gc.collect()
assert ref() is not None, "a frozen cycle was walked by a normal collection"

young = cycle()
young_ref = weakref.ref(young)
del young
collector.settle()  # the freeze collects what died since the last one first
wait()
assert young_ref() is None, "garbage made after a freeze was frozen"

collector.session_ended(None)  # a session's end: the full pass reclaims the frozen cycle
wait()
assert ref() is None, "the full pass did not reclaim a frozen cycle"
assert gc.get_freeze_count() > base, "not frozen again after the full pass"

kept = cycle()
ref = weakref.ref(kept)
collector.settle()
wait()
del kept
gc.collect()
assert ref() is not None, "not frozen"
collector.FULL_EVERY_S = 0.0  # a settle long after the last full pass makes it a full pass
collector.settle()
wait()
assert ref() is None, "no full pass after FULL_EVERY_S"
print("ok")
"""


def test_collector_freezes_what_lives_and_reclaims_what_died():
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
