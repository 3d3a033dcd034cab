"""scripts/bench_expansions.py still runs, on either clock (issue 23 measures the modules' cost
in thread CPU time). Speeds are never asserted here; the figures live in BENCHMARKS.md."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("clock", ["wall", "cpu"])
def test_bench_expansions_reports_a_ratio(clock):
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_expansions.py"),
                          "--games", "1", "--rounds", "1", "--expansions", "river_world",
                          "--max", "100", "--clock", clock],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"{clock} clock, medians:" in out.stdout
    assert re.search(r"^ratio expansions/base: \d+\.\d{3} per game", out.stdout, re.M), out.stdout
