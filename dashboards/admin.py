"""Host-side recovery of games: `python -m dashboards.admin list|code GAME_ID|reset-code GAME_ID`.

(`bench-guesses` measures the join-code limits for BENCHMARKS.md, on a temporary database.)

Why: only a hash of each join code is stored, so a table that lost its code cannot get it back
from any screen. The host (whoever runs the server, with access to its database) lists the
games and gives a game a new code; the old code stops working and the game itself (its event
log) is untouched. `--db URL` (default `$SW_DATABASE_URL` or the default SQLite file) and
`--base URL` (the address devices use, to print the game's link) apply to every command.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any
from urllib.parse import urlencode

from .store import Store


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dashboards.admin", description=__doc__.split("\n")[0])
    ap.add_argument("--db", default=None, help="database URL (default: $SW_DATABASE_URL)")
    ap.add_argument("--base", default="http://localhost:5006/app",
                    help="the app's address on the table's network, for the printed link")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="every game: id, table name, created, actions stored")
    code = sub.add_parser("code", help="what can be told about a game's code (the demo's is "
                                       "public; others are stored as a hash only)")
    code.add_argument("game_id", type=int)
    reset = sub.add_parser("reset-code", help="give a game a new join code and print it")
    reset.add_argument("game_id", type=int)
    reset.add_argument("--code", default=None, help="the new code (default: a random one)")
    sub.add_parser("bench-guesses", help="time wrong and refused join codes (BENCHMARKS.md)")
    args = ap.parse_args(argv)
    if args.cmd == "bench-guesses":
        bench_guesses()
        return 0
    store = Store(args.db)
    try:
        if args.cmd == "list":
            print(f"{'id':>5}  {'created (UTC)':16}  {'events':>6}  by code  table")
            for info, last, findable in store.summaries():
                when = info.created_at.strftime("%Y-%m-%d %H:%M") if info.created_at else ""
                print(f"{info.id:>5}  {when:16}  {last:>6}  {'yes' if findable else 'no ':7}  "
                      f"{info.table_name}")
            return 0
        games = {info.id: info for info, _, _ in store.summaries()}
        info = games.get(args.game_id)
        if info is None:
            print(f"no game {args.game_id}", file=sys.stderr)
            return 2
        if args.cmd == "code":
            if info.public_code:
                print(f"{info.public_code}  {args.base}?{urlencode({'game': info.id, 'code': info.public_code})}")
                return 0
            print(f"game {info.id} ({info.table_name}): only a hash of its code is stored; "
                  "`reset-code` gives it a new one.", file=sys.stderr)
            return 1
        new = store.reset_code(args.game_id, args.code)
        print(f"new join code of game {info.id} ({info.table_name}): {new}")
        print(f"link: {args.base}?{urlencode({'game': info.id, 'code': new})}")
        return 0
    except ValueError as err:
        print(str(err), file=sys.stderr)
        return 2
    finally:
        store.dispose()


def bench_guesses(hour: float = 3600.0) -> None:
    """Wall time of a wrong code that is checked (PBKDF2) and of one refused by the limits,
    then how many codes one hour of guessing gets checked: one game attacked from a new device
    per guess, and the lookup by code alone (a simulated clock, the limits as served)."""
    import tempfile
    import time

    from . import limits
    from .session import AccessDenied, TableSession, create_game

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{tmp}/bench.sqlite")
        gid, _ = create_game(store, "Bench", ["Ann", "Bob"])
        limits.reset_all()

        def timed(n: int, guess: Any) -> list[float]:
            out = []
            for k in range(n):
                t0 = time.perf_counter()
                try:
                    guess(k)
                except AccessDenied:
                    pass
                out.append(1000 * (time.perf_counter() - t0))
            return out
        checked = timed(5, lambda k: TableSession.open(store, gid, f"WRONG{k}", device="d"))
        timed(1, lambda k: TableSession.open(store, gid, "WRONGX", device="d"))
        refused = timed(2000, lambda k: TableSession.open(store, gid, "WRONGY", device="d"))
        print(f"wrong code, checked (PBKDF2 {len(checked)}x): median "
              f"{sorted(checked)[len(checked) // 2]:.1f} ms")
        print(f"wrong code, refused by the limit ({len(refused)}x): median "
              f"{sorted(refused)[len(refused) // 2] * 1000:.1f} us, max {max(refused):.3f} ms")
        store.dispose()
    for name, key, lim in (("one game", "game:1", limits.GAME_GUESSES),
                           ("lookup by code", "lookup", limits.LOOKUP_GUESSES)):
        now = [0.0]
        sim = limits.Backoff(free=lim.free, cap=lim.cap, clock=lambda now=now: now[0])
        tried = 0
        while now[0] < hour:  # a guesser who retries the moment the limit allows
            wait = sim.wait(key)
            if wait > 0:
                now[0] += wait
                continue
            sim.wrong(key)
            tried += 1
        print(f"{name}: {tried} codes checked in {hour / 3600:.0f} h "
              f"({tried / hour:.4f} per second after the {lim.free} free tries, cap {lim.cap:.0f} s)")



if __name__ == "__main__":
    sys.exit(main())
