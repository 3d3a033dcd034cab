"""How long a table waits for the planner bot's move and the advisor's answer (issue 23: at
most 0.2 s on a 5-player board).

    python scripts/bench_advice.py [--board base-5p] [--games 6] [--every 7]

Whole games of the planner in every seat, seeds 0 … games-1: every move of the planner is timed
(`PlannerBot.choose` over the listed actions), and the advisor (`swcore.advisor.advise`) is
asked at every `--every`-th position. Wall time per call (`perf_counter`): median, 95th
percentile and the slowest. Results go to BENCHMARKS.md by hand.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swcore import Game  # noqa: E402
from swcore.advisor import advise  # noqa: E402
from swcore.board import load_board  # noqa: E402
from swcore.bots import PlannerBot  # noqa: E402


def timed(board: str, games: int, every: int) -> tuple[list[float], list[float]]:
    seats = load_board(board).players
    moves: list[float] = []
    answers: list[float] = []
    for seed in range(games):
        game = Game.new(board, [f"p{k + 1}" for k in range(seats)], seed=seed)
        bot = PlannerBot()
        n = 0
        while not game.game_over:
            actions = game.legal_actions()
            t = time.perf_counter()
            action = bot.choose(game, actions)
            moves.append(time.perf_counter() - t)
            if n % every == 0:
                t = time.perf_counter()
                advise(game)
                answers.append(time.perf_counter() - t)
            game.apply(action)
            n += 1
    return moves, answers


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="base-5p")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=7)
    args = ap.parse_args(argv)
    moves, answers = timed(args.board, args.games, args.every)
    print("| call | calls | median | 95th percentile | slowest |")
    print("|---|---|---|---|---|")
    for name, xs in (("planner's move", moves), ("advisor's answer", answers)):
        xs = sorted(xs)
        p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
        print(f"| {name} | {len(xs)} | {1000 * statistics.median(xs):.1f} ms | "
              f"{1000 * p95:.1f} ms | {1000 * xs[-1]:.1f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
