"""scripts/bench_advice.py (issue 23): it plays whole games and times every planner move and
the advisor's answers; the speeds themselves are recorded in BENCHMARKS.md, not asserted."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import bench_advice  # noqa: E402


def test_one_whole_game_is_timed(capsys):
    moves, answers = bench_advice.timed("base-2p", 1, 10)
    assert len(moves) > 20 and len(answers) == (len(moves) + 9) // 10
    assert all(t >= 0 for t in moves + answers)
    assert bench_advice.main(["--board", "base-2p", "--games", "1"]) == 0
    assert "| planner's move |" in capsys.readouterr().out
