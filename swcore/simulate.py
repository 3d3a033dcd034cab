"""Whole games between bots: statistics by race/power combo, and a terminal demo."""

from __future__ import annotations

import pandas as pd
from tqdm.auto import tqdm

from .board import as_board
from .bots import BOTS, Bot, play
from .errors import InputError
from .game import Game


def seat_bots(spec: str, players: list[str], seed: int) -> dict[str, Bot]:
    """The bot of each seat from "planner" (every seat) or "planner,greedy" (seats in turn,
    the list repeated as needed); each bot seeded apart."""
    names = [n.strip() for n in spec.split(",")]
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        raise InputError("bot", f"unknown bot {unknown[0]!r}; known: {', '.join(BOTS)}")
    return {p: BOTS[names[s % len(names)]](seed * 16 + s) for s, p in enumerate(players)}


def play_games(board: str | dict, games: int, bot: str = "random", seed: int = 0,
               progress: bool = True, expansions: list[str] | None = None) -> pd.DataFrame:
    """One row per player per game: final coins, winner flag, the seat's bot and every combo
    the player used. `bot` is one bot name for every seat, or one per seat ("planner,greedy");
    `expansions` puts those modules' races and powers in the stacks."""
    players = [f"P{i + 1}" for i in range(as_board(board).players or 2)]
    names = [n.strip() for n in bot.split(",")]
    rows = []
    for g in tqdm(range(games), desc=f"{bot} games on {as_board(board).id}", disable=not progress, unit="game"):
        game = Game.new(board, players, seed=seed + g, expansions=expansions)
        play(game, seat_bots(bot, players, seed + g) if len(names) > 1 else BOTS[bot](seed + g))
        winners = set(game.winners())
        picks = _picked_combos(game)
        for s, p in enumerate(players):
            first = picks[p][0] if picks[p] else ("none", "none")
            rows.append({"game": g, "player": p, "seat": s + 1, "bot": names[s % len(names)],
                         "coins": game.coins[s], "win": p in winners, "race": first[0],
                         "power": first[1], "combo": f"{first[1]} {first[0]}",
                         "races_played": len(picks[p])})
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


def simulate(board: str | dict, games: int, bot: str = "random", seed: int = 0,
             expansions: list[str] | None = None) -> pd.DataFrame:
    df = play_games(board, games, bot, seed, expansions=expansions)
    with_ = f" with {', '.join(expansions)}" if expansions else ""
    print(f"{games} {bot} games on {as_board(board).id}{with_}, mean final coins {df.coins.mean():.1f}; "
          "results by first combo picked:")
    return summary(df)


def demo(board: str | dict = "base-2p", seed: int = 0, bot: str = "greedy",
         expansions: list[str] | None = None) -> None:
    """A game between bots narrated in the terminal (`bot`, `expansions` as for `play_games`)."""
    players = [f"P{i + 1}" for i in range(as_board(board).players or 2)]
    game = Game.new(board, players, seed=seed, expansions=expansions)
    names = bot.split(",")
    bots = seat_bots(bot, players, seed) if len(names) > 1 else None
    one = BOTS[bot](seed) if bots is None and bot in BOTS else None
    if bots is None and one is None:
        seat_bots(bot, players, seed)  # refuses the unknown name
    while not game.game_over:
        mover = bots[game.to_act] if bots else one
        for ev in game.apply(mover.choose(game, game.legal_actions())):
            print(ev.text)
    for row in game.standings():
        print(f"{row['rank']}. {row['player']}: {row['coins']} coins, {row['tokens_on_board']} tokens"
              + (" (winner)" if row["winner"] else ""))
