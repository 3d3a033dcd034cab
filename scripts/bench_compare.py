"""Side-by-side speed of the engine at a base commit and in the current tree, in one run.

    .venv/bin/python scripts/bench_compare.py --base a7688bb [--new REF] [--games 20] [--rounds 6]
        [--expansions cursed,leaders,...] [--clock wall|cpu]

`--base` is required (no default: "the previous commit" is rarely the commit a refactor
started from); give the commit to compare against, e.g. a7688bb, the last one before the
engine refactor. The script makes a temporary `git worktree` of it, then runs `--rounds`
rounds; each round times the same seeded games once in a subprocess on the base tree and once
on the current tree (the working copy as it is, or a worktree of `--new REF`), alternating which
goes first, so machine noise
(other processes on the 2 shared cores) hits both sides alike. It prints the median ms per game
of each side, the ratio new/old, and each side's peak RSS.

With `--measure why_illegal` each side times `why_illegal()` instead: in the same seeded games,
asked of the action about to be played (a legal one: the case that used to replay the log) at
every tenth position; it prints the median ms per question.

The games are those of `python -m swcore bench` (swcore/bench.py): players P1..Pn, a uniform
random choice among `legal_actions()` seeded by the game's seed, on base-4p by default. The
loop is written out here rather than imported from swcore.bench or swcore.bots because both
trees must run exactly the same code around the engine: it uses only `Game.new(board, players,
seed=...)`, `legal_actions()`, `apply()` and `game_over`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def worker(board: str, players: int, games: int, what: str = "games",
           expansions: tuple[str, ...] = (), clock_name: str = "wall") -> None:
    """Runs inside one tree (PYTHONPATH): time `games` seeded random games (or `why_illegal`
    in them), with the rule modules `expansions` in play, print JSON."""
    import random
    import resource
    import time

    import swcore
    from swcore import Game

    clock = time.thread_time if clock_name == "cpu" else time.perf_counter
    more = {"expansions": list(expansions)} if expansions else {}

    def one(seed: int) -> tuple[float, int]:
        game = Game.new(board, [f"P{i + 1}" for i in range(players)], seed=seed, **more)
        rng = random.Random(seed)
        start = clock()
        while not game.game_over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        return clock() - start, len(game.log)

    def asked(seed: int) -> list[tuple[float, int]]:
        """(seconds, actions so far) of each `why_illegal` question in one seeded game."""
        game = Game.new(board, [f"P{i + 1}" for i in range(players)], seed=seed, **more)
        rng = random.Random(seed)
        out = []
        while not game.game_over:
            actions = game.legal_actions()
            action = actions[rng.randrange(len(actions))]
            if len(game.log) % 10 == 0:
                start = clock()
                game.why_illegal(action)
                out.append((clock() - start, len(game.log)))
            game.apply(action)
        return out

    if what == "why_illegal":
        asked(10_000)
        runs = [q for seed in range(games) for q in asked(seed)]
    else:
        one(10_000)  # warm-up: imports, board data, caches
        runs = [one(seed) for seed in range(games)]
    print(json.dumps({"swcore": swcore.__file__, "ms": [t * 1000 for t, _ in runs],
                      "actions": [n for _, n in runs],
                      "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))


def measure(tree: Path, args: argparse.Namespace) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", "--board",
                          args.board, "--players", str(args.players), "--games", str(args.games),
                          "--measure", args.measure, "--expansions", args.expansions,
                          "--clock", args.clock],
                         cwd=tree, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"the worker failed in {tree}:\n{out.stderr}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    where = Path(result["swcore"]).resolve()
    if not where.is_relative_to(tree.resolve()):  # an installed swcore shadowed the tree
        raise SystemExit(f"{tree}: imported swcore from {where}")
    return result


def compare(sides: dict[str, Path], args: argparse.Namespace) -> dict:
    ms: dict[str, list[float]] = {"old": [], "new": []}
    rss: dict[str, int] = {"old": 0, "new": 0}
    actions: dict[str, list[int]] = {}
    for k in range(args.rounds):
        for side in ("old", "new") if k % 2 == 0 else ("new", "old"):
            r = measure(sides[side], args)
            ms[side] += r["ms"]
            rss[side] = max(rss[side], r["maxrss_kb"])
            actions[side] = r["actions"]
    old, new = statistics.median(ms["old"]), statistics.median(ms["new"])
    return {"old_ms": old, "new_ms": new, "ratio": new / old, "old_rss_mb": rss["old"] / 1024,
            "new_rss_mb": rss["new"] / 1024, "same_games": actions["old"] == actions["new"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", help="commit, tag or branch to compare against (required)")
    ap.add_argument("--new", help="compare this commit instead of the working tree")
    ap.add_argument("--games", type=int, default=20, help="seeded games per round and side")
    ap.add_argument("--rounds", type=int, default=6, help="alternating rounds")
    ap.add_argument("--board", default="base-4p")
    ap.add_argument("--players", type=int, help="default: the number in the board's name")
    ap.add_argument("--measure", choices=("games", "why_illegal"), default="games",
                    help="what to time: whole random games, or why_illegal() within them")
    ap.add_argument("--expansions", default="", help="comma-separated rule modules in play")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: time.perf_counter; cpu: time.thread_time (less disturbed by load)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.players is None:
        found = re.search(r"(\d)p$", args.board)
        args.players = int(found.group(1)) if found else 4
    if args.worker:
        return worker(args.board, args.players, args.games, args.measure,
                      tuple(e.strip() for e in args.expansions.split(",") if e.strip()), args.clock)
    if not args.base:
        ap.error("--base REF is required (e.g. --base a7688bb, the commit before the refactor)")
    tmp = Path(tempfile.mkdtemp(prefix="sw-bench-"))
    names = {"old": short(args.base), "new": short(args.new) if args.new else "working tree"}
    sides = {"old": tmp / "old", "new": tmp / "new" if args.new else REPO}
    added = []
    try:
        for side in ("old", "new") if args.new else ("old",):
            subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(sides[side]),
                            names[side]], cwd=REPO, check=True)
            added.append(sides[side])
        r = compare(sides, args)
    finally:
        for tree in added:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO, check=False)
        shutil.rmtree(tmp, ignore_errors=True)
    unit = "why_illegal() question" if args.measure == "why_illegal" else "game"
    print(f"{args.rounds} alternating rounds x {args.games} random games on {args.board}"
          f"{' with ' + args.expansions if args.expansions else ''}, {args.clock} clock, "
          f"medians per {unit}:")
    for side in ("old", "new"):
        label = f"{side} ({names[side]}):"
        print(f"{label:<20} {r[side + '_ms']:8.2f} ms   peak RSS {r[side + '_rss_mb']:6.1f} MB")
    print(f"ratio new/old: {r['ratio']:.3f}")
    if not r["same_games"]:
        print("note: the two trees played different games from the same seeds "
              "(legal_actions() order or rules differ), so the times compare different games")


def short(ref: str) -> str:
    """The commit a ref names now (abbreviated), so both the worktree and the report use it."""
    return subprocess.run(["git", "rev-parse", "--short", f"{ref}^{{commit}}"], cwd=REPO,
                          check=True, capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    main()
