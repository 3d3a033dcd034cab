"""`python -m swcore bench`: median time per random game and per action, legal_actions cost,
saved-state size, on every built-in board. Results go to BENCHMARKS.md by hand."""

from __future__ import annotations

import statistics
import time

from .board import builtin_ids, load_board
from .bots import RandomBot
from .game import Game


def random_game(board: str, seed: int) -> tuple[float, int, float, Game]:
    """One random game; returns (seconds, actions, seconds spent in legal_actions, game)."""
    game = Game.new(board, [f"P{i + 1}" for i in range(load_board(board).players or 2)], seed=seed)
    bot = RandomBot(seed)
    legal = 0.0
    start = time.perf_counter()
    while not game.game_over:
        t = time.perf_counter()
        actions = game.legal_actions()
        legal += time.perf_counter() - t
        game.apply(bot.choose(game, actions))
    return time.perf_counter() - start, len(game.log), legal, game


def bench(games: int = 30) -> list[dict[str, float]]:
    rows = []
    print(f"{'board':<8} {'game ms':>8} {'action us':>10} {'legal us':>9} {'save KB':>8}  ({games} random games each, medians)")
    for board in builtin_ids():
        runs = [random_game(board, seed) for seed in range(games)]
        game_ms = statistics.median(r[0] for r in runs) * 1000
        per_action = statistics.median(r[0] / r[1] for r in runs) * 1e6
        legal = statistics.median(r[2] / r[1] for r in runs) * 1e6
        size = statistics.median(len(r[3].to_json()) for r in runs) / 1024
        rows.append({"board": board, "game_ms": game_ms, "action_us": per_action,
                     "legal_us": legal, "save_kb": size})
        print(f"{board:<8} {game_ms:8.2f} {per_action:10.1f} {legal:9.1f} {size:8.1f}")
    return rows
