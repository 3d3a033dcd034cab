"""scripts/bench_peer.py (issue 23): its arguments, its clean skips where the peer's checkout or
numba is missing, the rotating rounds with the same seeds on every side, and the summary's
arithmetic. No test needs the peer: speeds are measured by the script, recorded in BENCHMARKS.md."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import bench_peer  # noqa: E402


def fake_checkout(tmp_path: Path) -> Path:
    """A directory shaped like the peer's checkout (its code is never needed here)."""
    (tmp_path / "peer" / "smallworld").mkdir(parents=True)
    (tmp_path / "peer" / "smallworld" / "SmallworldLogicNumba.py").write_text("")
    return tmp_path / "peer"


def test_defaults_and_choices():
    args = bench_peer.parse(["--peer", "/somewhere/alpha-zero-general"])
    assert args.peer == Path("/somewhere/alpha-zero-general")
    assert args.peer_python == Path(sys.executable)
    assert (args.games, args.rounds, args.players) == (20, 8, 4)
    args = bench_peer.parse(["--peer-python", "/v/bin/python", "--games", "3", "--rounds", "2",
                             "--players", "2"])
    assert args.peer is None and args.peer_python == Path("/v/bin/python")
    assert (args.games, args.rounds, args.players) == (3, 2, 2)


@pytest.mark.parametrize("argv", [["--players", "5"], ["--games", "0"], ["--rounds", "-1"],
                                  ["--games", "many"]])
def test_bad_arguments_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        bench_peer.parse(argv)
    assert stop.value.code == 2
    assert argv[0] in capsys.readouterr().err


def test_no_peer_given_skips(capsys):
    assert bench_peer.main([]) == 0
    assert "bench_peer: skipped: no peer checkout given (--peer PATH)" in capsys.readouterr().err


def test_missing_checkout_skips(tmp_path, capsys):
    assert bench_peer.main(["--peer", str(tmp_path / "nowhere")]) == 0
    err = capsys.readouterr().err
    assert "skipped:" in err and str(tmp_path / "nowhere") in err
    assert "no smallworld/SmallworldLogicNumba.py" in err


def test_missing_interpreter_skips(tmp_path, capsys):
    peer = fake_checkout(tmp_path)
    assert bench_peer.main(["--peer", str(peer), "--peer-python", str(tmp_path / "python")]) == 0
    assert f"skipped: no interpreter at {tmp_path / 'python'}" in capsys.readouterr().err


def test_interpreter_without_numba_skips(tmp_path, capsys):
    """An interpreter that cannot import numba (this one without its site-packages) is named."""
    python = tmp_path / "python-no-site"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n')
    python.chmod(0o755)
    peer = fake_checkout(tmp_path)
    assert bench_peer.main(["--peer", str(peer), "--peer-python", str(python)]) == 0
    assert "bench_peer: skipped: numba is not installed for" in capsys.readouterr().err


class FakePeer:
    """Records what the peer is asked; its games take 1 ms per 100 moves of the seed."""

    def __init__(self, calls: list):
        self.calls = calls

    def games(self, path: str, seeds: list[int]) -> list[tuple[float, int]]:
        self.calls.append((path, seeds))
        return [(0.001, 100 + s) for s in seeds]


def test_rounds_rotate_with_the_same_seeds_on_every_side(monkeypatch):
    calls: list = []

    def engine(board, players, seed, expansions, clock):
        calls.append(("engine", [seed]))
        assert (board, players, expansions) == ("base-3p", 3, [])
        return 0.005, 120

    monkeypatch.setattr(bench_peer, "one", engine)
    runs = bench_peer.measure(FakePeer(calls), players=3, games=2, rounds=3)
    assert calls == [("engine", [10_000]),  # the warm-up
                     ("engine", [0]), ("engine", [1]), ("direct", [0, 1]), ("api", [0, 1]),
                     ("direct", [2, 3]), ("api", [2, 3]), ("engine", [2]), ("engine", [3]),
                     ("api", [4, 5]), ("engine", [4]), ("engine", [5]), ("direct", [4, 5])]
    assert runs["direct"][2] == [(0.001, 104), (0.001, 105)]
    assert runs["engine"] == [[(0.005, 120)] * 2] * 3


def test_summary_medians_spread_and_ratios():
    """Worked by hand: this engine's games 6, 8 | 10, 12 ms (median 9, rounds 7 and 11); the
    direct path's 1, 1 | 2, 2 ms (median 1.5, rounds 1 and 2): 9 / 1.5 = 6, rounds 7 and 5.5."""
    runs = {"engine": [[(0.006, 100), (0.008, 100)], [(0.010, 100), (0.012, 100)]],
            "direct": [[(0.001, 50), (0.001, 50)], [(0.002, 50), (0.002, 50)]],
            "api": [[(0.003, 50), (0.003, 50)], [(0.003, 50), (0.003, 50)]]}
    s = bench_peer.summary(runs)
    assert s["engine"]["ms"] == pytest.approx(9)
    assert s["engine"]["round_medians"] == pytest.approx([7, 11])
    assert (s["engine"]["q1"], s["engine"]["q3"]) == pytest.approx((6.5, 11.5))
    assert s["engine"]["us_move"] == pytest.approx(90)  # 60, 80, 100, 120 µs per move
    assert s["direct"]["moves"] == 50
    assert s["ratio_direct"] == pytest.approx({"overall": 6.0, "low": 5.5, "high": 7.0})
    assert s["ratio_api"] == pytest.approx({"overall": 3.0, "low": 7 / 3, "high": 11 / 3})
