"""Whole games between bots: statistics by race/power combo, and a terminal demo."""

from __future__ import annotations

import pandas as pd
from tqdm.auto import tqdm

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
        picks = _picked_combos(game)
        for s, p in enumerate(players):
            first = picks[p][0] if picks[p] else ("none", "none")
            rows.append({"game": g, "player": p, "seat": s + 1, "coins": game.coins[s],
                         "win": p in winners, "race": first[0], "power": first[1],
                         "combo": f"{first[1]} {first[0]}", "races_played": len(picks[p])})
    return pd.DataFrame(rows)


def _picked_combos(game: Game) -> dict[str, list[tuple[str, str]]]:
    """The combos each player picked, in order, read from the pick events of a replay."""
    replay = Game(game.setup)
    out: dict[str, list[tuple[str, str]]] = {p: [] for p in game.players}
    for entry in game.log:
        for ev in replay.apply(entry):
            if ev.kind == "pick":
                out[ev.player].append((ev.data["race"], ev.data["power"]))
    return out


def summary(df: pd.DataFrame, by: str = "combo") -> pd.DataFrame:
    """Games, mean final coins, wins and win rate by `by` (combo, race or power), best first."""
    out = (df.groupby(by).agg(games=("game", "size"), mean_coins=("coins", "mean"),
                              wins=("win", "sum"))
           .assign(win_rate=lambda d: d.wins / d.games)
           .sort_values(["win_rate", "mean_coins"], ascending=False))
    return out.round({"mean_coins": 1, "win_rate": 3})


def simulate(board: str, games: int, bot: str = "random", seed: int = 0) -> pd.DataFrame:
    df = play_games(board, games, bot, seed)
    print(f"{games} {bot} games on {board}, mean final coins {df.coins.mean():.1f}; "
          "results by first combo picked:")
    return summary(df)


def demo(board: str = "base-2p", seed: int = 0) -> None:
    """A greedy-bot game narrated in the terminal."""
    players = [f"P{i + 1}" for i in range(load_board(board).players or 2)]
    game = Game.new(board, players, seed=seed)
    bot = BOTS["greedy"](seed)
    while not game.game_over:
        for ev in game.apply(bot.choose(game, game.legal_actions())):
            print(ev.text)
    for row in game.standings():
        print(f"{row['rank']}. {row['player']}: {row['coins']} coins, {row['tokens_on_board']} tokens"
              + (" (winner)" if row["winner"] else ""))
