"""Write dashboards/data/bot_odds.csv: how much more (or less) often than an average player each
race and each power wins in planner-bot games, the prediction the club's statistics compare
the club's own wins with (dashboards/clubstats.py).

Run: `python scripts/bot_odds.py [--games 120]` (about a minute a hundred games on 2 cores).
A factor is (wins / games) divided by the mean win rate of the same games (1 / players, ties
shared), so 1.0 means "wins as often as anyone"; items seen in fewer than 8 games get 1.0.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from swcore.simulate import play_games

OUT = Path(__file__).resolve().parents[1] / "dashboards" / "data" / "bot_odds.csv"
MIN_GAMES = 8


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=120)
    args = ap.parse_args()
    df = play_games("base-4p", args.games, "planner", seed=1000, progress=False)
    base = df.win.mean()
    rows = []
    for kind in ("race", "power"):
        for item, part in df.groupby(kind):
            n = len(part)
            factor = (part.win.mean() / base) if n >= MIN_GAMES and base else 1.0
            rows.append({"kind": kind, "item": item, "games": n, "wins": int(part.win.sum()),
                         "factor": round(factor, 3)})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, ["kind", "item", "games", "wins", "factor"])
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} rows from {args.games} planner games on base-4p -> {OUT}")


if __name__ == "__main__":
    main()
