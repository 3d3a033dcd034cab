"""The command line: `python -m swcore scenario|board|simulate|bench|play ...`."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import SwError


def _positive(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _bot_names() -> str:
    from .bots import BOTS

    return ", ".join(BOTS)


def _bots(text: str) -> str:
    """argparse type: a bot name, or names separated by commas (one per seat, repeated)."""
    from .bots import BOTS

    unknown = [n for n in text.split(",") if n.strip() not in BOTS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown bot {unknown[0]!r}; bots: {_bot_names()}")
    return text


def _expansions(text: str) -> list[str]:
    """argparse type: expansion ids separated by commas (checked by the set-up, by name)."""
    return [e.strip() for e in text.split(",") if e.strip()]


def _expansions_help() -> str:
    from .rules import available_modules

    return ("rule modules played on top of the base game, comma-separated: "
            f"{','.join(m for m in available_modules() if m != 'base')} (necromancer adds his "
            "seat, last; river_world is played on the board with rivers unless --board says "
            "otherwise)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m swcore", description="Small World rules engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("scenario", help="run conformance scenarios (files or folders)")
    p.add_argument("paths", nargs="+")
    p = sub.add_parser("board", help="print a shipped board or a board file")
    p.add_argument("board", help="a shipped board's id or a board file (docs/boards.md)")
    p.add_argument("--json", action="store_true", help="the inline-map form of the scenario format")
    p.add_argument("--geometry", action="store_true", help="add each region's polygons")
    p = sub.add_parser("simulate", help="play whole games with bots")
    p.add_argument("--board", default=None,
                   help="a shipped board's id or the path of a board file (docs/boards.md); "
                        "default: base-4p, or the board a module needs")
    p.add_argument("--games", type=_positive, default=100)
    p.add_argument("--bot", default="random", type=_bots,
                   help=f"a bot for every seat, or one per seat (planner,greedy); bots: {_bot_names()}")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--expansions", type=_expansions, default=[], help=_expansions_help())
    p = sub.add_parser("bench", help="time random games and legal_actions on every board")
    p.add_argument("--games", type=_positive, default=30)
    p = sub.add_parser("play", help="watch a demo game between bots in the terminal")
    p.add_argument("--board", default=None,
                   help="a shipped board's id or the path of a board file (docs/boards.md); "
                        "default: base-2p, or the board a module needs")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bot", default="greedy", type=_bots,
                   help=f"a bot for every seat, or one per seat (planner,greedy); bots: {_bot_names()}")
    p.add_argument("--expansions", type=_expansions, default=[], help=_expansions_help())
    p = sub.add_parser("draw", help="write a standalone HTML page of a board or a saved game")
    p.add_argument("source", help="a board id or a saved game (.json)")
    p.add_argument("--out", default="board.html")
    args = ap.parse_args(argv)
    try:
        return _run(args)
    except SwError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.cmd == "scenario":
        from .scenario import run_paths

        return run_paths(args.paths)
    if args.cmd == "board":
        from .board import as_board, geometry
        from .boardedit import source

        given = source(args.board)
        board = as_board(given)
        data = board.inline()
        if args.geometry and isinstance(given, str):
            for rid, polys in geometry(args.board).items():
                data["regions"][rid]["polygons"] = polys
        if args.json:
            print(json.dumps(data, indent=1))
        else:
            print(f"{board.id}: {board.name}, {len(board)} regions, {len(board.borders)} borders, "
                  f"{board.turns} turns")
            for i, rid in enumerate(board.ids):
                extra = [*sorted(board.symbols[i])] + (["lost tribe"] if board.lost_tribe[i] else [])
                edge = " edge" if board.edge[i] else ""
                print(f"  {rid:>4} {board.terrain[i]:<9}{edge:<5} {' '.join(extra)}")
            if board.confidence:  # how sure a transcribed board is (docs/boards.md)
                print(f"confidence: {board.confidence}")
            if board.uncertain:
                print("uncertain borders: " + ", ".join(f"{board.ids[a]}-{board.ids[b]}"
                                                        for a, b in board.uncertain))
            for note in board.notes:
                print(f"note: {note}")
        return 0
    if args.cmd == "simulate":
        from .boardedit import source
        from .simulate import simulate

        print(simulate(args.board and source(args.board), args.games, args.bot, args.seed,
                       args.expansions))
        return 0
    if args.cmd == "bench":
        from .bench import bench

        bench(args.games)
        return 0
    if args.cmd == "play":
        from .boardedit import source
        from .simulate import demo

        demo(args.board and source(args.board), args.seed, args.bot, args.expansions)
        return 0
    if args.cmd == "draw":
        from dashboards.board_map import draw  # UI libraries only for this command

        draw(args.source, args.out)
        print(f"wrote {args.out}")
        return 0
    return 1  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main())
