"""Timings of the game's film and the advisor (issue 24), for BENCHMARKS.md.

    python scripts/bench_film.py [--games 3]

The film: a 5-player game on base-5p with every surface module (Cursed!, Grand Dames, Be Not
Afraid..., Leaders) played by random bots; the time to make its film (one replay), then to step
to every position in a shuffled order (`Film.game_at` and the plain-data `Film.position`), and
the same position reached by replaying the log from the start, for comparison. The advisor:
`advise()` at every decision of a 5-player game played by following it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from swcore import Game
from swcore.advisor import advise
from swcore.bots import RandomBot, play
from swcore.film import Film

ALL4 = ["cursed", "grand_dames", "be_not_afraid", "leaders"]
PLAYERS = ["A", "B", "C", "D", "E"]
#: The films timed: every module is in one of them (River World plays on its own board, which
#: has no lake for the Necromancer's Island, so the two never meet).
FILMS = [("base-5p", ALL4), ("base-5p", [*ALL4, "necromancer"]),
         ("river-practice", [*ALL4, "river_world"])]


def _stats(ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms"


def bench_film(games: int, board: str, modules: list[str]) -> None:
    make, step, data, replay, actions = [], [], [], [], []
    for seed in range(games):
        game = Game.new(board, PLAYERS, seed=seed, expansions=modules)
        play(game, RandomBot(seed))
        actions.append(len(game.log))
        t = time.perf_counter()
        film = Film.of(game)
        make.append(1000 * (time.perf_counter() - t))
        order = list(range(len(film) + 1))
        random.Random(seed).shuffle(order)
        for k in order:
            t = time.perf_counter()
            film.game_at(k)
            step.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            film.position(k)
            data.append(1000 * (time.perf_counter() - t))
        for k in order[:20]:
            t = time.perf_counter()
            fresh = Game(game.setup)
            for entry in game.log[:k]:
                fresh.apply(entry)
            replay.append(1000 * (time.perf_counter() - t))
    print(f"film, {board} with {', '.join(modules)}: {games} random games, "
          f"{statistics.median(actions):.0f} actions (median)")
    print(f"  make the film (one replay, a copy every 8 actions): {_stats(make)}")
    print(f"  step to any position (Film.game_at, {len(step)} steps): {_stats(step)}")
    print(f"  position as plain data (Film.position): {_stats(data)}")
    print(f"  for comparison, replaying from the start: {_stats(replay)}")


def bench_advisor(games: int) -> None:
    ms: list[float] = []
    for seed in range(games):
        game = Game.new("base-5p", PLAYERS, seed=seed, expansions=ALL4)
        while not game.game_over:
            t = time.perf_counter()
            advice = advise(game)
            ms.append(1000 * (time.perf_counter() - t))
            game.apply(advice.action)
    print(f"advisor, base-5p with every surface module: {len(ms)} decisions of {games} games "
          f"played by following it: {_stats(ms)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    for board, modules in FILMS:
        bench_film(args.games, board, modules)
    bench_advisor(args.games)


if __name__ == "__main__":
    main()
