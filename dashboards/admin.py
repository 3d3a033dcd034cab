"""Host-side recovery of games: `python -m dashboards.admin list|code GAME_ID|reset-code GAME_ID`.

Why: only a hash of each join code is stored, so a table that lost its code cannot get it back
from any screen. The host (whoever runs the server, with access to its database) lists the
games and gives a game a new code; the old code stops working and the game itself (its event
log) is untouched. `--db URL` (default `$SW_DATABASE_URL` or the default SQLite file) and
`--base URL` (the address devices use, to print the game's link) apply to every command.
"""

from __future__ import annotations

import argparse
import sys
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
    args = ap.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
