"""Whole games between bots: statistics by race/power combo, and a terminal demo."""

from __future__ import annotations

import pandas as pd
from tqdm import tqdm

from .board import load_board
from .bots import BOTS, play
from .game import Game


def play_games(board: str, games: int, bot: str = "random", seed: int = 0,
               progress: bool = True) -> pd.DataFrame:
    """One row per player per game: final coins, winner flag and every combo the player used."""
    players = [f"P{i + 1}" for i in range(load_board(board).players or 2)]
    rows = []
    for g in tqdm(range(games), desc=f"{bot} games on {board}", disable=not progress, unit="game"):
        game = Game.new(board, players, seed=seed + g)
        play(game, BOTS[bot](seed + g))
        winners = set(game.winners())
