"""scripts/bench_compare.py still runs: a tiny side-by-side of HEAD against itself reports a
ratio new/old. Speeds are never asserted here (a shared machine's timings are noise); the
figures live in BENCHMARKS.md."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_bench_compare_reports_a_ratio(tmp_path):
    """Its temporary worktrees (under TMPDIR, here this test's own folder: the other Pythons'
    runs of this test make theirs at the same time) are gone when it ends."""
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True).returncode:
        pytest.skip("not a git checkout: the script compares commits")
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_compare.py"), "--base", "HEAD",
                          "--new", "HEAD", "--games", "1", "--rounds", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "TMPDIR": str(tmp_path)})
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(r"^ratio new/old: \d+\.\d{3}$", out.stdout, re.M), out.stdout
    assert len(re.findall(r"\d+\.\d\d ms +peak RSS +\d+\.\d MB", out.stdout)) == 2, out.stdout
    listed = subprocess.run(["git", "worktree", "list", "--porcelain"], cwd=ROOT,
                            capture_output=True, text=True).stdout
    assert str(tmp_path.resolve()) not in listed and str(tmp_path) not in listed
    assert list(tmp_path.glob("sw-bench-*/*")) == []


def test_bench_compare_needs_a_base():
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_compare.py")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--base" in out.stderr


def test_bench_compare_times_why_illegal():
    """`--measure why_illegal` (issue 20): the same side-by-side, per why_illegal() question."""
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True).returncode:
        pytest.skip("not a git checkout: the script compares commits")
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_compare.py"), "--base", "HEAD",
                          "--new", "HEAD", "--games", "1", "--rounds", "2", "--measure", "why_illegal"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "medians per why_illegal() question" in out.stdout, out.stdout
    assert re.search(r"^ratio new/old: \d+\.\d{3}$", out.stdout, re.M), out.stdout
