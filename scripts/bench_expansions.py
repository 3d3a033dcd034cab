"""Side-by-side speed of random games base-only and with expansions in the stacks, in one run.

    nice -n 10 .venv/bin/python scripts/bench_expansions.py [--games 20] [--rounds 6]
        [--board base-4p] [--expansions cursed,grand_dames,be_not_afraid,leaders] [--max 1.3]
        [--clock wall|cpu] [--expansion-board underground-4p]

Each round plays the same seeded games once base-only and once with the expansions, alternating
which side goes first, so noise from other processes on the shared cores hits both alike. A
game is the loop of scripts/bench_compare.py (players P1..Pn, a uniform random choice among
`legal_actions()` seeded by the game's seed) with `expansions=` added to `Game.new`. It prints
the median ms per game and per action of each side and their ratios; the exit status is 1 when
the per-game ratio is over `--max` (issue 10: at most 1.3). `--clock cpu` times in thread CPU
time (`time.thread_time`), which other processes on the shared cores disturb far less than the
default wall clock. `--expansion-board` plays the expansions' side on a board of its own (issue
21: Underground's stacks on `underground-4p` against the base game on `base-4p`).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swcore import Game  # noqa: E402

ALL4 = "cursed,grand_dames,be_not_afraid,leaders"


def one(board: str, players: int, seed: int, expansions: list[str],
        clock=time.perf_counter) -> tuple[float, int]:
    """Seconds and actions of one seeded random game (the bench_compare loop); scripts/
    bench_peer.py passes `clock=time.thread_time`, the clock of its peer's side."""
    game = Game.new(board, [f"P{i + 1}" for i in range(players)], seed=seed, expansions=expansions)
    rng = random.Random(seed)
    start = clock()
    while not game.game_over:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return clock() - start, len(game.log)


def compare(board: str, players: int, games: int, rounds: int, expansions: list[str],
            clock=time.perf_counter, expansion_board: str | None = None) -> dict:
    sides = {"base": [], "expansions": []}
    want = {"base": [], "expansions": expansions}
    boards = {"base": board, "expansions": expansion_board or board}
    for side in sides:  # warm-up: imports, board data, the effect caches of both set-ups
        one(boards[side], players, 10_000, want[side])
    runs: dict[str, list[tuple[float, int]]] = {"base": [], "expansions": []}
    for k in range(rounds):
        for side in ("base", "expansions") if k % 2 == 0 else ("expansions", "base"):
            runs[side] += [one(boards[side], players, seed, want[side], clock)
                           for seed in range(games)]
    out = {}
    for side, rs in runs.items():
        out[side + "_ms"] = statistics.median(t for t, _ in rs) * 1000
        out[side + "_us_action"] = statistics.median(t / n for t, n in rs) * 1e6
        out[side + "_actions"] = statistics.median(n for _, n in rs)
    out["ratio"] = out["expansions_ms"] / out["base_ms"]
    out["ratio_action"] = out["expansions_us_action"] / out["base_us_action"]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="seeded games per round and side")
    ap.add_argument("--rounds", type=int, default=6, help="alternating rounds")
    ap.add_argument("--board", default="base-4p")
    ap.add_argument("--players", type=int, help="default: the number in the board's name")
    ap.add_argument("--expansions", default=ALL4, help="comma-separated rule modules")
    ap.add_argument("--max", type=float, default=1.3, help="largest acceptable per-game ratio")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: time.perf_counter; cpu: time.thread_time")
    ap.add_argument("--expansion-board", help="the expansions' side's board (default: --board)")
    args = ap.parse_args()
    found = re.search(r"(\d)p$", args.board)
    players = args.players or (int(found.group(1)) if found else 4)
    expansions = [e.strip() for e in args.expansions.split(",") if e.strip()]
    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    r = compare(args.board, players, args.games, args.rounds, expansions, clock,
                args.expansion_board)
    where = args.board + (f" (expansions on {args.expansion_board})" if args.expansion_board
                          else "")
    print(f"{args.rounds} alternating rounds x {args.games} random games on {where}, "
          f"{players} players, {args.clock} clock, medians:")
    for side, label in (("base", "base only"), ("expansions", "+ " + ",".join(expansions))):
        print(f"  {label:<48} {r[side + '_ms']:8.2f} ms/game {r[side + '_us_action']:8.1f} "
              f"us/action {r[side + '_actions']:6.0f} actions")
    print(f"ratio expansions/base: {r['ratio']:.3f} per game, {r['ratio_action']:.3f} per action "
          f"(limit {args.max})")
    return 0 if r["ratio"] <= args.max else 1


if __name__ == "__main__":
    sys.exit(main())
