"""Engine speed and size, measured with pytest-benchmark (issue 2 targets, recorded in
BENCHMARKS.md). With the default `--benchmark-disable` these run once as plain tests; run
`pytest tests/test_benchmarks.py --benchmark-enable` to measure."""

import pytest

from swcore import Game
from swcore.bench import random_game
from swcore.bots import RandomBot


@pytest.mark.parametrize("board", ["base-4p", "base-5p"])
def test_bench_random_full_game(benchmark, board):
    seconds, actions, _, game = benchmark(random_game, board, 3)
    assert game.game_over and actions > 20


def _midgame(board: str = "base-4p", steps: int = 60) -> Game:
    game = Game.new(board, ["a", "b", "c", "d"], seed=11)
    bot = RandomBot(11)
    for _ in range(steps):
        game.apply(bot.choose(game, game.legal_actions()))
    return game


def test_bench_legal_actions(benchmark):
    game = _midgame()
    actions = benchmark(game.legal_actions)
    assert actions and all(game.is_legal(a) for a in actions[:5])


def test_state_with_whole_log_under_1_mb():
    """A finished game saves (set-up + whole log) in far less than 1 MB."""
    _, _, _, game = random_game("base-5p", 5)
    assert len(game.to_json().encode()) < 1_000_000
