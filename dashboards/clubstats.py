"""The club's statistics, computed with pandas from the games stored on the server (no Panel).

Why: a club that keeps its games on the table assistant wants its league (games, wins, mean
coins and a rating with its uncertainty), each player's history, which races and powers win at
this club against what the bots' games predict, and how long games last. Map games and score
sheets count alike: each stored game is rebuilt from its event log (`session.build_game`), and
only finished games count.

Players are matched across games by their name as typed (trimmed, case kept); spelling
variants are merged by aliases kept in the store (`player_aliases`, see `Aliases`). The rating
is openskill's Plackett-Luce model (a Bayesian rating: `mu` and its uncertainty `sigma`, the
shown rating `mu - 3 sigma`), games rated in the order they were created, tied players sharing
their rank.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pandas as pd
import sqlalchemy as sa
from openskill.models import PlackettLuce

from swcore.errors import SwError
from swcore.simulate import picked_combos

from .session import build_game
from .store import Store

ODDS = Path(__file__).resolve().parent / "data" / "bot_odds.csv"
aliases_table = sa.Table(
    "player_aliases", sa.MetaData(),
    sa.Column("variant", sa.String(60), primary_key=True),
    sa.Column("name", sa.String(60), nullable=False),
)
GAME_COLUMNS = ["game", "table", "date", "board", "players", "modules", "mode", "rounds", "actions"]
RESULT_COLUMNS = ["game", "player", "seat", "coins", "rank", "win", "races", "powers"]


class Aliases:
    """Spelling variants merged into one player's name, kept in the store's database."""

    def __init__(self, store: Store):
        self.engine = store.engine
        aliases_table.create(self.engine, checkfirst=True)

    def all(self) -> dict[str, str]:
        with self.engine.connect() as conn:
            return {r.variant: r.name for r in conn.execute(sa.select(aliases_table))}

    def merge(self, variant: str, name: str) -> None:
        """`variant` is now counted as `name` (and so are the variants already merged into it)."""
        variant, name = variant.strip(), name.strip()
        if not variant or not name or variant == name:
            raise ValueError("two different names are needed")
        known = self.all()
        name = known.get(name, name)
        with self.engine.begin() as conn:
            conn.execute(sa.delete(aliases_table).where(aliases_table.c.variant == variant))
            conn.execute(sa.insert(aliases_table).values(variant=variant, name=name))
            conn.execute(sa.update(aliases_table).where(aliases_table.c.name == variant)
                         .values(name=name))

    def split(self, variant: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(aliases_table).where(aliases_table.c.variant == variant))


@dataclass
class Club:
    """Every finished game (`games`) and every player's result in it (`results`)."""

    games: pd.DataFrame
    results: pd.DataFrame

    @classmethod
    def load(cls, store: Store, aliases: dict[str, str] | None = None) -> Club:
        aliases = Aliases(store).all() if aliases is None else aliases
        games, results = [], []
        for info, _last, _ in store.summaries():
            record = store.game(info.id)
            try:
                game = build_game(record.setup, store.rows(info.id))
            except (SwError, ValueError):
                continue  # a log this engine no longer replays is left out, not guessed at
            if not game.game_over:
                continue
            g, rs = _rows(info.id, record.table_name, info.created_at, record.setup, game, aliases)
            games.append(g)
            results += rs
        return cls(pd.DataFrame(games, columns=GAME_COLUMNS),
                   pd.DataFrame(results, columns=RESULT_COLUMNS))

    # --- filters -------------------------------------------------------------------------
    def only(self, *, start: date | None = None, end: date | None = None, board: str | None = None,
             players: int | None = None, modules: str | None = None) -> Club:
        """The games in a date range (inclusive), on a board, with a player count, with a
        module (its id) or none ("" for the base game alone)."""
        g = self.games
        keep = pd.Series(True, index=g.index)
        if start is not None:
            keep &= g.date.dt.date >= start
        if end is not None:
            keep &= g.date.dt.date <= end
        if board:
            keep &= g.board == board
        if players:
            keep &= g.players == players
        if modules is not None:
            keep &= g.modules.map(lambda m: (m == "") if modules == "" else modules in m.split(","))
        ids = set(g[keep].game)
        return Club(g[keep].reset_index(drop=True),
                    self.results[self.results.game.isin(ids)].reset_index(drop=True))

    # --- tables ------------------------------------------------------------------------
    def league(self) -> pd.DataFrame:
        """One row a player: games, wins, mean coins, openskill's mu and sigma and the rating
        (mu - 3 sigma), best rating first."""
        r = self.results
        if r.empty:
            return pd.DataFrame(columns=["player", "games", "wins", "mean_coins", "mu", "sigma",
                                         "rating"])
        out = (r.groupby("player").agg(games=("game", "nunique"), wins=("win", "sum"),
                                       mean_coins=("coins", "mean")).reset_index())
        ratings = rate(self.games, r)
        out["mu"] = out.player.map(lambda p: ratings[p][0])
        out["sigma"] = out.player.map(lambda p: ratings[p][1])
        out["rating"] = out.mu - 3 * out.sigma
        out["wins"] = out.wins.astype(int)
        return (out.sort_values(["rating", "wins", "player"], ascending=[False, False, True])
                .reset_index(drop=True).round({"mean_coins": 1, "mu": 2, "sigma": 2, "rating": 2}))

    def history(self, player: str) -> pd.DataFrame:
        """A player's games, oldest first: date, table, board, players, coins, rank, win,
        races played."""
        mine = self.results[self.results.player == player]
        out = mine.merge(self.games, on="game")
        out = out[["game", "date", "table", "board", "players", "coins", "rank", "win", "races"]]
        return out.sort_values(["date", "game"]).reset_index(drop=True)

    def items(self, kind: str = "race") -> pd.DataFrame:
        """Each race, power or combo ("race+power") played here: games, wins, and the wins the
        bots' games predict (each appearance counts 1/players times the item's bot factor,
        scripts/bot_odds.py; a combo's is its race's times its power's), most wins above the
        prediction first."""
        n = self.games.set_index("game").players
        rows: dict[str, list[float]] = {}
        factors = bot_factors()
        for r in self.results.itertuples():
            pairs = list(zip(r.races.split(","), r.powers.split(","), strict=False))
            if kind == "combo":
                played = {f"{race}+{power}": factors.get("race", {}).get(race, 1.0)
                          * factors.get("power", {}).get(power, 1.0) for race, power in pairs if race}
            else:
                k = 0 if kind == "race" else 1
                played = {p[k]: factors.get(kind, {}).get(p[k], 1.0) for p in pairs if p[k]}
            for item, factor in played.items():
                row = rows.setdefault(item, [0, 0, 0.0])
                row[0] += 1
                row[1] += int(r.win)
                row[2] += factor / n[r.game]
        out = pd.DataFrame([(k, v[0], v[1], v[2]) for k, v in rows.items()],
                           columns=[kind, "games", "wins", "predicted"])
        out["above"] = out.wins - out.predicted
        return (out.sort_values(["above", "wins", kind], ascending=[False, False, True])
                .reset_index(drop=True).round({"predicted": 2, "above": 2}))

    def lengths(self) -> pd.DataFrame:
        """Rounds and actions of the games, by board and player count (count, mean, min, max)."""
        g = self.games
        if g.empty:
            return pd.DataFrame(columns=["board", "players", "games", "rounds", "actions"])
        return (g.groupby(["board", "players"])
                .agg(games=("game", "size"), rounds=("rounds", "mean"), actions=("actions", "mean"))
                .reset_index().round({"rounds": 1, "actions": 1}))

    def csv(self) -> str:
        """Every result with its game's columns, one row a player a game (the export)."""
        out = self.results.merge(self.games.drop(columns="players"), on="game")
        out["date"] = out.date.dt.strftime("%Y-%m-%d %H:%M")
        return out.to_csv(index=False)


def _rows(gid: int, table: str, created: datetime, setup: dict[str, Any], game: Any,
          aliases: dict[str, str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The game's row and its players' rows, read from a replay of its log."""
    played = picked_combos(game)
    board = setup.get("board") if setup.get("mode") else setup.get("map")
    if isinstance(board, dict):
        board = str(board.get("name") or board.get("id") or "custom")
    rounds = max((t[0] for t in game.track), default=0)
    row = {"game": gid, "table": table, "date": pd.Timestamp(created).tz_localize(None)
           if pd.Timestamp(created).tzinfo is None else pd.Timestamp(created).tz_convert(None),
           "board": board or "", "players": len(game.players),
           "modules": ",".join(setup.get("expansions") or ()),
           "mode": "sheet" if setup.get("mode") else "map", "rounds": rounds,
           "actions": len(game.log)}
    coins = dict(zip(game.players, game.coins, strict=True))
    winners = set(game.winners())
    ranks = {p: 1 + sum(1 for q in game.players if coins[q] > coins[p]) for p in game.players}
    results = [{"game": gid, "player": aliases.get(p.strip(), p.strip()), "seat": s + 1,
                "coins": coins[p], "rank": 1 if p in winners else max(2, ranks[p]),
                "win": p in winners, "races": ",".join(r for r, _ in played[p]),
                "powers": ",".join(w for _, w in played[p])} for s, p in enumerate(game.players)]
    return row, results


def rate(games: pd.DataFrame, results: pd.DataFrame) -> dict[str, tuple[float, float]]:
    """Each player's openskill (mu, sigma) after every game, in the games' order."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    order = games.sort_values(["date", "game"]).game
    for gid in order:
        rows = results[results.game == gid]
        if len(rows) < 2:
            continue
        names = list(rows.player)
        teams = [[ratings.setdefault(p, model.rating(name=p))] for p in names]
        new = model.rate(teams, ranks=list(rows["rank"]))
        for p, team in zip(names, new, strict=True):
            ratings[p] = team[0]
    return {p: (r.mu, r.sigma) for p, r in ratings.items()}


@cache
def bot_factors() -> dict[str, dict[str, float]]:
    """kind -> item -> how often the bots win with it against an average player."""
    out: dict[str, dict[str, float]] = {}
    if ODDS.exists():
        with ODDS.open(encoding="utf-8") as f:
            for row in csv.DictReader(f):
                out.setdefault(row["kind"], {})[row["item"]] = float(row["factor"])
    return out
