"""Host-side recovery of games: `python -m dashboards.admin list|code GAME_ID|reset-code GAME_ID`;
`host-password` sets the password of the host's pages (the club's statistics, dashboards/hostpass.py).

(`bench-guesses` measures the join-code limits for BENCHMARKS.md, on a temporary database.)

Why: only a hash of each join code is stored, so a table that lost its code cannot get it back
from any screen. The host (whoever runs the server, with access to its database) lists the
games and gives a game a new code; the old code stops working and the game itself (its event
log) is untouched. `--db URL` (default `$SW_DATABASE_URL` or the default SQLite file) and
`--base URL` (the address devices use, to print the game's link) apply to every command.
It speaks the host terminal's language (`LANG`/`LC_ALL`/`LANGUAGE` starting with `fr`: French),
as a page speaks its device's: the host has no page, no cookie and no switch.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any
from urllib.parse import urlencode

from . import i18n
from .i18n import _
from .store import Store


def terminal_language(env: dict[str, str] | None = None) -> str:
    """The host terminal's language, as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    env = os.environ if env is None else env
    return next((i18n.choose({"lang": v}) for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
                 if (v := env.get(k))), "en")


def main(argv: list[str] | None = None, env: dict[str, str] | None = None) -> int:
    before = i18n.lang()
    i18n.set_language(terminal_language(env))
    try:
        return _main(argv)
    finally:
        i18n.set_language(before)


def _main(argv: list[str] | None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dashboards.admin",
                                 description=_("Host-side recovery of games."))
    ap.add_argument("--db", default=None, help=_("database URL (default: $SW_DATABASE_URL)"))
    ap.add_argument("--base", default="http://localhost:5006/app",
                    help=_("the app's address on the table's network, for the printed link"))
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help=_("every game: id, table name, created, actions stored"))
    code = sub.add_parser("code", help=_("what can be told about a game's code (the demo's is "
                                         "public; others are stored as a hash only)"))
    code.add_argument("game_id", type=int)
    reset = sub.add_parser("reset-code", help=_("give a game a new join code and print it"))
    reset.add_argument("game_id", type=int)
    reset.add_argument("--code", default=None, help=_("the new code (default: a random one)"))
    sub.add_parser("bench-guesses", help=_("time wrong and refused join codes (BENCHMARKS.md)"))
    host = sub.add_parser("host-password", help=_("set the host password that opens the club's "
                                                  "statistics (read from standard input)"))
    host.add_argument("--password", default=None, help=_("the password (default: asked)"))
    args = ap.parse_args(argv)
    if args.cmd == "bench-guesses":
        bench_guesses()
        return 0
    store = Store(args.db)
    try:
        if args.cmd == "host-password":
            from getpass import getpass

            from .hostpass import set_password

            set_password(store, args.password or getpass(_("host password: ")))
            print(_("host password set"))
            return 0
        if args.cmd == "list":
            print(f"{'id':>5}  {_('created (UTC)'):16}  {_('events'):>6}  {_('by code'):7}  "
                  + _("table"))
            for info, last, findable in store.summaries():
                when = info.created_at.strftime("%Y-%m-%d %H:%M") if info.created_at else ""
                print(f"{info.id:>5}  {when:16}  {last:>6}  {_('yes') if findable else _('no'):7}  "
                      f"{info.table_name}")
            return 0
        games = {info.id: info for info, _, _ in store.summaries()}
        info = games.get(args.game_id)
        if info is None:
            print(_("no game {id}").format(id=args.game_id), file=sys.stderr)
            return 2
        if args.cmd == "code":
            if info.public_code:
                print(f"{info.public_code}  {args.base}?{urlencode({'game': info.id, 'code': info.public_code})}")
                return 0
            print(_("game {id} ({table}): only a hash of its code is stored; `reset-code` "
                    "gives it a new one.").format(id=info.id, table=info.table_name),
                  file=sys.stderr)
            return 1
        new = store.reset_code(args.game_id, args.code)
        print(_("new join code of game {id} ({table}): {code}").format(
            id=info.id, table=info.table_name, code=new))
        print(_("link: {url}").format(url=f"{args.base}?{urlencode({'game': info.id, 'code': new})}"))
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
