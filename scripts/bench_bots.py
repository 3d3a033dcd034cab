"""Win rate of one bot against another: whole games, many seeds, seats rotated.

    python scripts/bench_bots.py --games 1000                      # planner vs greedy, base-2p
    python scripts/bench_bots.py --board base-4p --against random --games 300
    python scripts/bench_bots.py --suite --games 1000 --others 300  # the BENCHMARKS.md table

Game g is `Game.new(board, players, seed=seed + g)`; the tested bot sits in seat g mod n (so
every seat is played equally often) and every other seat holds the opponent bot; each bot has
its own seed. A game scores 1 for a win, 1/k for a k-way shared win (a tie between two
counts half), 0 otherwise. The 95 % confidence interval is the
Wilson score interval on that mean (sound near 100 %; ties make it a little conservative).
The "fair share" is 1/n, what an equal bot would score. Results go to BENCHMARKS.md by hand.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swcore import Game  # noqa: E402
from swcore.board import load_board  # noqa: E402
from swcore.bots import BOTS, play  # noqa: E402


def match(board: str, bot: str, against: str, games: int, seed: int = 0) -> dict[str, object]:
    """Play the games; returns the score, its interval, the margin, by seat, the time."""
    seats = load_board(board).players or 2
    players = [f"P{i + 1}" for i in range(seats)]
    scores: list[float] = []
    margins: list[int] = []
    by_seat: list[list[float]] = [[] for _ in players]
    start = time.perf_counter()
    for g in range(games):
        me = g % seats
        bots = {p: BOTS[bot if s == me else against](seed * 100_003 + g * 8 + s)
                for s, p in enumerate(players)}
        game = Game.new(board, players, seed=seed + g)
        play(game, bots)
        winners = game.winners()
        score = (players[me] in winners) / len(winners)
        scores.append(score)
        by_seat[me].append(score)
        margins.append(game.coins[me] - max(c for s, c in enumerate(game.coins) if s != me))
    seconds = time.perf_counter() - start
    mean = statistics.fmean(scores)
    low, high = wilson(mean, games)
    return {"board": board, "bot": bot, "against": against, "games": games, "seats": seats,
            "score": mean, "low": low, "high": high, "fair": 1 / seats,
            "margin": statistics.fmean(margins),
            "by_seat": [statistics.fmean(s) if s else float("nan") for s in by_seat],
            "ms_per_game": seconds / games * 1000}


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate p over n games (sound near 0 % and 100 %; with
    half-points for ties it is slightly wider than needed, never narrower)."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def row(r: dict[str, object]) -> str:
    seats = " / ".join(f"{s:.0%}" for s in r["by_seat"])  # type: ignore[union-attr]
    return (f"| {r['board']} | {r['bot']} vs {r['seats'] - 1} × {r['against']} | {r['games']} "  # type: ignore[operator]
            f"| **{r['score']:.1%}** | {r['low']:.1%} – {r['high']:.1%} | {r['fair']:.0%} "
            f"| {r['margin']:+.1f} | {seats} | {r['ms_per_game']:.0f} |")


HEADER = ("| board | seats | games | win rate (ties ½) | 95 % CI | fair share | mean margin (coins) "
          "| win rate by the bot's seat (1st, 2nd, …) | ms/game |\n"
          "|---|---|---|---|---|---|---|---|---|")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="base-2p")
    ap.add_argument("--bot", default="planner", choices=list(BOTS))
    ap.add_argument("--against", default="greedy", choices=list(BOTS))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--suite", action="store_true",
                    help="base-2p against greedy (--games), then base-3p to base-5p against "
                         "greedy and random (--others games each)")
    ap.add_argument("--others", type=int, default=300)
    args = ap.parse_args(argv)
    runs = [(args.board, args.against, args.games)]
    if args.suite:
        runs = [("base-2p", "greedy", args.games)] + [
            (b, a, args.others) for b in ("base-3p", "base-4p", "base-5p")
            for a in ("greedy", "random")] + [("base-2p", "random", args.others)]
    print(HEADER, flush=True)
    for board, against, games in runs:
        print(row(match(board, args.bot, against, games, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
