"""Whole games between bots: win rates by bot and seat (with their 95 % intervals) and by
race/power combo, and a terminal demo. Every rule module may join: a module with a seat off
the board (the Necromancer) adds that seat, last; one whose features only a practice board
carries (River World's rivers) is played on that board unless another is named."""

from __future__ import annotations

from typing import Any

import pandas as pd
from tqdm.auto import tqdm

from .board import as_board, board_for
from .bots import BOTS, Bot, play
from .errors import InputError
from .game import Game
from .rules import available_modules, module_of


def choose_board(board: str | dict | None, expansions: list[str] | None = None,
                 seats: int = 4) -> str | dict:
    """The board named (an id or a board file's map), else one carrying a chosen module's features, else base-<seats>p."""
    return board or board_for(seats, list(expansions or [])) or f"base-{seats}p"


def seat_names(board: str | dict, expansions: list[str] | None = None) -> list[str]:
    """P1..Pn: the board's seats, then one per seat a module keeps off the board (X-NEC-1: the
    Necromancer is the last player)."""
    known = available_modules()
    extra = sum(module_of(e).off_board_seats for e in expansions or []
                if e in known)  # an unknown name is refused by the set-up, by name
    return [f"P{i + 1}" for i in range((as_board(board).players or 2) + extra)]


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
    players = seat_names(board, expansions)
    names = [n.strip() for n in bot.split(",")]
    rows = []
    for g in tqdm(range(games), desc=f"{bot} games on {as_board(board).id}", disable=not progress, unit="game"):
        game = Game.new(board, players, seed=seed + g, expansions=expansions)
        play(game, seat_bots(bot, players, seed + g) if len(names) > 1 else BOTS[bot](seed + g))
        winners = set(game.winners())
        picks = picked_combos(game)
        for s, p in enumerate(players):
            first = picks[p][0] if picks[p] else ("none", "none")
            rows.append({"game": g, "player": p, "seat": s + 1, "bot": names[s % len(names)],
                         "coins": game.coins[s], "win": p in winners, "race": first[0],
                         "power": first[1], "combo": f"{first[1]} {first[0]}",
                         "races_played": len(picks[p])})
    return pd.DataFrame(rows)


def picked_combos(game: Any) -> dict[str, list[tuple[str, str]]]:
    """The combos each player picked, in order, read from the pick events of a replay (a
    `Game`, or a score sheet: the same log and events; the club's statistics use it)."""
    replay = type(game)(game.setup)
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


def with_interval(table: pd.DataFrame, z: float = 1.96) -> pd.DataFrame:
    """Add the 95% Wilson interval of `win_rate` (columns `games`, `wins`) as low/high: how
    far the true rate may be from what a few games show."""
    out = table.copy()
    n, k = out["games"].astype(float), out["wins"].astype(float)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    out["low"] = (centre - half).clip(lower=0).round(3)
    out["high"] = (centre + half).clip(upper=1).round(3)
    return out


def simulate(board: str | dict | None, games: int, bot: str = "random", seed: int = 0,
             expansions: list[str] | None = None) -> str:
    """The report of `python -m swcore simulate`: win rates by bot and by seat with their 95 %
    Wilson intervals (a tie counts as a win for each tied player), then by first combo."""
    board = choose_board(board, expansions)
    df = play_games(board, games, bot, seed, expansions=expansions)
    with_ = f" with {', '.join(expansions)}" if expansions else ""
    parts = [f"{games} {bot} games on {as_board(board).id}{with_}, {df.player.nunique()} players, "
             f"mean final coins {df.coins.mean():.1f}."]
    for by, what in (("bot", "Win rate by bot (games = seats played by it)"),
                     ("seat", "Win rate by seat")):
        table = with_interval(summary(df, by=by).sort_index())
        table = table.rename(columns={"low": "95% low", "high": "95% high"})
        parts += ["", f"{what}, 95% Wilson interval:", table.to_string()]
    parts += ["", "Results by first combo picked:", summary(df).to_string()]
    return "\n".join(parts)


def demo(board: str | dict | None = None, seed: int = 0, bot: str = "greedy",
         expansions: list[str] | None = None) -> None:
    """A game between bots narrated in the terminal (`bot`, `expansions` as for `play_games`)."""
    board = choose_board(board, expansions, seats=2)
    players = seat_names(board, expansions)
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
