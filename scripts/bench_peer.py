"""Side-by-side speed of this engine and the fastest known Small World engine, in one run (issue 23).

    nice -n 10 .venv/bin/python scripts/bench_peer.py --peer CHECKOUT
        [--peer-python PYTHON_WITH_NUMBA] [--games 20] [--rounds 8] [--players 4]

The peer is cestpasphoto's numba engine, the `smallworld/` folder of the public GitHub repository
cestpasphoto/alpha-zero-general; CHECKOUT is a checkout of that repository (`git clone --depth 1
https://github.com/cestpasphoto/alpha-zero-general`), kept outside this project: its code is
imported and run from there for the measurement, never copied here. It needs
numba, numpy and colorama, e.g. `python3 -m venv /tmp/peer-venv && /tmp/peer-venv/bin/pip install
numba numpy colorama`, then `--peer-python /tmp/peer-venv/bin/python` (default: this interpreter).

Three sides, each playing uniform-random full games from the same seeds (round k plays seeds
k*games to (k+1)*games-1 on every side), in an order that rotates every round so machine noise
hits them alike, timed in thread CPU time (`time.thread_time`, which other processes on the
shared cores disturb far less than wall time):
- this engine: the game of scripts/bench_expansions.py (`one`, base game only) on base-Np;
- the peer's Board methods called directly (`valid_moves`, `make_move`, `check_end_game`);
- the peer's Game API, as its Arena plays (`getCanonicalForm`, `getValidMoves`, `getNextState`,
  `getGameEnded`: the state copied every move).
The peer runs in a subprocess of PYTHON_WITH_NUMBA (scripts/bench_peer_driver.py), compiled and
warmed up before the first round; its own set-up (the deck dealt) is outside the timing, as
`Game.new` is on this engine's side. It prints each side's median ms per game, the interquartile
range over games, the range of the per-round medians, µs per move and moves per game, then this
engine's ratio to each peer path against the goal of issue 23 (at most 1.0× the API path, at most
2.0× the direct path).

Exit status 0 when measured, and 0 too when skipped: no --peer given, the path is not a checkout
of the peer (no smallworld/SmallworldLogicNumba.py), no such interpreter, or that interpreter
lacks numba (or another of the peer's imports); the reason is printed on stderr as
"bench_peer: skipped: ...". A peer that fails while running exits 1; a bad argument, 2.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_expansions import one

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "bench_peer_driver.py"
SIDES = ("engine", "direct", "api")
LABELS = {"engine": "this engine, base-{players}p", "direct": "peer, Board methods (direct)",
          "api": "peer, Game API"}
GOAL = {"api": 1.0, "direct": 2.0}  # issue 23: this engine's game over the peer's, at most


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--peer", type=Path, help="checkout of cestpasphoto/alpha-zero-general")
    ap.add_argument("--peer-python", type=Path, default=Path(sys.executable),
                    help="an interpreter with numba, numpy and colorama (default: this one)")
    ap.add_argument("--games", type=positive, default=20, help="seeded games per round and side")
    ap.add_argument("--rounds", type=positive, default=8, help="rounds, the order rotating")
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                    help="the peer has maps for 2 to 4 players")
    return ap.parse_args(argv)


def positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is not at least 1")
    return n


def why_skip(args: argparse.Namespace) -> str | None:
    """Why the peer cannot be measured from these arguments, or None (numba is asked later)."""
    if args.peer is None:
        return "no peer checkout given (--peer PATH)"
    if not (args.peer / "smallworld" / "SmallworldLogicNumba.py").is_file():
        return (f"{args.peer} is not a checkout of cestpasphoto/alpha-zero-general "
                "(no smallworld/SmallworldLogicNumba.py)")
    if not (args.peer_python.is_file() and os.access(args.peer_python, os.X_OK)):
        return f"no interpreter at {args.peer_python}"
    return None


class Peer:
    """The driver subprocess: started, compiled and warmed up; then asked for games."""

    def __init__(self, args: argparse.Namespace):
        cache = Path(tempfile.gettempdir()) / f"sw-bench-peer-numba-{args.players}p"
        env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("PYTHONPATH", None)
        self.log = tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen(
            [str(args.peer_python), str(DRIVER), str(args.peer.resolve()), str(args.players)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True, env=env)
        first = self.read()
        self.skip, self.ready = first.get("skip"), first.get("ready")

    def read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            self.log.seek(0)
            raise SystemExit(f"bench_peer: the peer's driver stopped (status "
                             f"{self.proc.returncode}):\n{self.log.read()[-3000:]}")
        return json.loads(line)

    def games(self, path: str, seeds: list[int]) -> list[tuple[float, int]]:
        self.proc.stdin.write(json.dumps({"path": path, "seeds": seeds}) + "\n")
        self.proc.stdin.flush()
        r = self.read()
        return list(zip(r["s"], r["moves"], strict=True))

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=60)
        self.log.close()


def measure(peer: Peer, players: int, games: int, rounds: int) -> dict[str, list[list]]:
    """Per side, per round, the (seconds, moves) of each game."""
    board = f"base-{players}p"
    one(board, players, 10_000, [], time.thread_time)  # warm-up: imports, board data, caches
    runs: dict[str, list[list]] = {side: [] for side in SIDES}
    for k in range(rounds):
        seeds = list(range(k * games, (k + 1) * games))
        for side in SIDES[k % 3:] + SIDES[:k % 3]:
            if side == "engine":
                runs[side].append([one(board, players, s, [], time.thread_time) for s in seeds])
            else:
                runs[side].append(peer.games(side, seeds))
    return runs


def summary(runs: dict[str, list[list]]) -> dict[str, dict]:
    """Medians over all games, their spread, and this engine's ratio to each peer path, overall
    and per round."""
    out: dict[str, dict] = {}
    for side, rounds in runs.items():
        ms = [t * 1000 for r in rounds for t, _ in r]
        q1, _, q3 = statistics.quantiles(ms, n=4) if len(ms) > 1 else (ms[0],) * 3
        medians = [statistics.median(t * 1000 for t, _ in r) for r in rounds]
        out[side] = {"ms": statistics.median(ms), "q1": q1, "q3": q3, "round_medians": medians,
                     "us_move": statistics.median(t * 1e6 / n for r in rounds for t, n in r),
                     "moves": statistics.median(n for r in rounds for _, n in r)}
    for side in ("direct", "api"):
        per_round = [e / p for e, p in zip(out["engine"]["round_medians"],
                                           out[side]["round_medians"], strict=True)]
        out["ratio_" + side] = {"overall": out["engine"]["ms"] / out[side]["ms"],
                                "low": min(per_round), "high": max(per_round)}
    return out


def report(s: dict[str, dict], args: argparse.Namespace, ready: dict) -> str:
    lines = [f"peer: {ready['file']} (numba {ready['numba']}, Python {ready['python']}, "
             f"{ready['players']} players, {ready['areas']} regions; compiled and warmed up "
             f"in {ready['warm_up_s']} s)",
             f"{args.rounds} rotating rounds x {args.games} random {args.players}-player games, "
             "the same seeds on every side, thread CPU time, medians:",
             f"{'side':<32} {'ms/game':>8}  {'IQR of games':<13}  {'round medians':<13} "
             f"{'us/move':>8} {'moves':>6}"]
    for side in SIDES:
        r = s[side]
        lo, hi = min(r["round_medians"]), max(r["round_medians"])
        lines.append(f"{LABELS[side].format(players=args.players):<32} {r['ms']:8.2f}  "
                     f"{r['q1']:.2f}-{r['q3']:<8.2f}  {lo:.2f}-{hi:<8.2f} "
                     f"{r['us_move']:8.1f} {r['moves']:6.0f}")
    for side in ("direct", "api"):
        r = s["ratio_" + side]
        met = "met" if r["overall"] <= GOAL[side] else "not met"
        lines.append(f"this engine / {LABELS[side]}: {r['overall']:.2f} "
                     f"(rounds {r['low']:.2f}-{r['high']:.2f}; goal at most {GOAL[side]}: {met})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    reason = why_skip(args)
    if reason is None:
        print("bench_peer: starting the peer (numba compiles it: minutes the first time)",
              file=sys.stderr, flush=True)
        peer = Peer(args)
        try:
            if peer.skip is None:
                runs = measure(peer, args.players, args.games, args.rounds)
                print(report(summary(runs), args, peer.ready))
                return 0
            reason = peer.skip
        finally:
            peer.close()
    print(f"bench_peer: skipped: {reason}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
