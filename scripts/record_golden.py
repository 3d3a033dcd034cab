"""Record the golden games, v1 saves and v1 store that tests/test_golden.py replays.

Why: the engine is being refactored; these files hold what the engine did *before*, so the
tests can prove a refactor keeps behaviour. They were recorded from commit a7688bb (the last
commit before the refactor) with

    .venv/bin/python scripts/record_golden.py --commit a7688bb

which makes a temporary `git worktree` of that commit, runs this script again inside it
(`--tree DIR`, PYTHONPATH=DIR, so `swcore` and `dashboards` are the old code) and removes it.
It wrote 232 games to tests/golden/games.jsonl.gz (random and greedy bots on the four base
boards, rule options, scripted dice, custom coins/turns, table-entered columns), 8 saves to
tests/golden/saves-v1/ and 3 games to tests/golden/store-v1.sqlite, each with the facts it
expects. Re-running it against a7688bb gives the same games (everything is seeded); only the
store's join-code salts and timestamps differ.

Deliberate rule changes since: the games (not the saves or the store) were re-recorded with
`--games-only` from the engine after the rule modules refactor, once the refactored engine had
replayed all 232 games of a7688bb identically with its two amended rulings switched off:
A-BASE-04 (Sorcerers holding no region cannot convert) and A-BASE-14 (a Hole stops the owner's
own in-decline Ghouls too). With the rulings on, 40 of the 232 games took another course.

The facts compared are plain and stable (coins, winners, each region's race, owner, tokens and
markers, active and declined races), never the state hash: the snapshot may gain fields.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
MARKER_KINDS = ("lair", "fortress", "encampment", "hole", "hero", "dragon")  # the game's markers
NAMES = ["Ann", "Bob", "Cleo", "Dev", "Zoë"]
BOARDS = ["base-2p", "base-3p", "base-4p", "base-5p"]


# --------------------------------------------------------------------------------------
# What is compared (shared with tests/test_golden.py): public API only
# --------------------------------------------------------------------------------------
def facts(game: Any) -> dict[str, Any]:
    """The position as plain facts read from `snapshot()` and `winners()`."""
    snap = game.snapshot()
    regions = {}
    for rid, r in snap["regions"].items():
        marks = {k: r[k] for k in MARKER_KINDS if r.get(k)}
        regions[rid] = [r["race"], r["owner"], r["tokens"]] + ([marks] if marks else [])
    return {"coins": dict(snap["coins"]), "winners": list(game.winners()),
            "game_over": bool(snap["game_over"]), "turn": snap["turn"], "to_act": snap["to_act"],
            "regions": regions, "active": dict(snap["active"]),
            "declined": {p: list(d) for p, d in snap["declined"].items()}}


def legal_key(actions: list[Any]) -> str:
    """One step's legal actions, order-free (the rules say which, not in what order)."""
    return "\n".join(sorted(json.dumps(a.to_dict(), sort_keys=True) for a in actions))


def replay(setup: dict[str, Any], log: list[dict[str, Any]], game_cls: Any) -> dict[str, Any]:
    """Apply `log` to `game_cls(setup)`; returns the facts, the coins after every end of turn
    and a digest of the legal actions before every step (with their counts)."""
    game = game_cls(setup)
    digest = hashlib.sha256()
    counts, track = [], []
    for entry in log:
        legal = game.legal_actions()
        counts.append(len(legal))
        digest.update(legal_key(legal).encode() + b"\0")
        game.apply(entry)
        if entry["do"] == "end_turn":
            track.append(list(game.snapshot()["coins"].values()))
    return {"facts": facts(game), "track": track, "legal": digest.hexdigest()[:20],
            "counts": counts}


# --------------------------------------------------------------------------------------
# Recording (runs inside the old tree)
# --------------------------------------------------------------------------------------
def game_specs() -> list[dict[str, Any]]:
    """The mix of games: name, board, bot and keyword arguments of `Game.new`."""
    from swcore import POWERS, RACES

    specs: list[dict[str, Any]] = []
    for board in BOARDS:
        specs += [{"board": board, "bot": "random", "seed": s} for s in range(35)]
        specs += [{"board": board, "bot": "greedy", "seed": 100 + s} for s in range(15)]
    options = [{"edition": "fr2009"}, {"final_die_max_short": 0}, {"final_die_max_short": 1},
               {"edition": "fr2009", "final_die_max_short": 2, "own_decline_counts_non_empty": False}]
    for k, opts in enumerate(options):
        for j, board in enumerate(BOARDS):
            specs.append({"board": board, "bot": ("random", "greedy")[j % 2], "seed": 200 + 4 * k + j,
                          "options": opts})
    for k in range(6):
        rng = random.Random(300 + k)
        specs.append({"board": BOARDS[k % 4], "bot": ("random", "greedy")[k % 2], "seed": 300 + k,
                      "dice": [rng.choice((0, 0, 0, 1, 2, 3)) for _ in range(60)]})
    specs += [{"board": "base-3p", "bot": "random", "seed": 400, "coins": 0, "turns": 4},
              {"board": "base-4p", "bot": "greedy", "seed": 401, "coins": {"Ann": 12}, "turns": 6}]
    for k in range(8):
        rng = random.Random(500 + k)
        specs.append({"board": BOARDS[k % 4], "bot": ("random", "greedy")[k // 4], "seed": 500 + k,
                      "stacks": "table", "races": rng.sample(RACES, 6), "powers": rng.sample(POWERS, 6)})
    for k, spec in enumerate(specs):
        spec["name"] = f"g{k:03d}-{spec['board']}-{spec['bot']}-{spec['seed']}"
    return specs


def new_game(spec: dict[str, Any]) -> Any:
    from swcore import Game, load_board

    kw = {k: spec[k] for k in ("seed", "dice", "coins", "turns", "options", "stacks", "races", "powers")
          if k in spec}
    return Game.new(spec["board"], NAMES[: load_board(spec["board"]).players], **kw)


def play(game: Any, bot: Any, limit: int | None = None) -> Any:
    """Play with `bot` until the game ends or `limit` actions are logged."""
    while not game.game_over and (limit is None or len(game.log) < limit):
        game.apply(bot.choose(game, game.legal_actions()))
    return game


def record_games(out: Path) -> int:
    from swcore import Game
    from swcore.bots import BOTS

    specs = game_specs()
    with gzip.GzipFile(out / "games.jsonl.gz", "wb", mtime=0) as f:
        for spec in specs:
            game = play(new_game(spec), BOTS[spec["bot"]](spec["seed"]))
            row = {"name": spec["name"], "bot": spec["bot"], "setup": game.setup, "log": game.log,
                   **replay(game.setup, game.log, Game)}
            assert row["facts"] == facts(game)
            f.write((json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
    return len(specs)


def record_saves(out: Path) -> None:
    """v1 saves (`Game.to_json`) of positions the loader must keep reading."""
    from swcore import Game
    from swcore.bots import GreedyBot, RandomBot

    rnd, greedy = RandomBot, GreedyBot
    saves: dict[str, Any] = {
        "new-game-2p": Game.new("base-2p", NAMES[:2], seed=1),
        "midgame-2p": play(Game.new("base-2p", NAMES[:2], seed=101), rnd(101), 40),
        "finished-5p": play(Game.new("base-5p", NAMES, seed=103), rnd(103)),
        "table-4p": play(new_game({"board": "base-4p", "seed": 104, "stacks": "table",
                                   "races": ["elves", "ratmen", "giants", "humans", "orcs", "trolls"],
                                   "powers": ["flying", "hill", "merchant", "stout", "swamp", "wealthy"]}),
                         rnd(104), 60),
        "options-dice-4p": play(Game.new("base-4p", NAMES[:4], seed=105, dice=[0, 1, 2, 3] * 10,
                                         options={"edition": "fr2009", "final_die_max_short": 1}),
                                greedy(105), 70),
    }
    undo = play(Game.new("base-3p", NAMES[:3], seed=102), greedy(102), 60)
    undo.undo(5)
    saves["undo-redo-3p"] = undo
    done = play(Game.new("base-4p", NAMES[:4], seed=106), greedy(106))
    done.undo(3)
    saves["finished-undone-4p"] = done
    for seed in range(107, 200):  # a defender still has withdrawn tokens to place (B-LOSS-2)
        g = Game.new("base-5p", NAMES, seed=seed)
        bot = rnd(seed)
        while not g.game_over and not g.queue:
            g.apply(bot.choose(g, g.legal_actions()))
        if g.queue:
            saves["withdrawal-pending-5p"] = g
            break
    folder = out / "saves-v1"
    folder.mkdir(exist_ok=True)
    expected = {}
    for name, game in saves.items():
        text = game.to_json()
        (folder / f"{name}.json").write_text(text + "\n", encoding="utf-8")
        again = Game.from_json(text)
        entry = {"facts": facts(again), "log": len(again.log), "redo": len(again.redo_stack)}
        if again.redo_stack:
            again.redo(len(again.redo_stack))
            entry["after_redo"] = facts(again)
        expected[name] = entry
    (folder / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n",
                                          encoding="utf-8")


def record_store(out: Path) -> None:
    """A v1 SQLite store written by the old dashboards code: acts, undo and redo rows."""
    from dashboards.session import TableSession, create_game
    from dashboards.store import Store
    from swcore.bots import GreedyBot, RandomBot

    path = out / "store-v1.sqlite"
    path.unlink(missing_ok=True)
    store = Store(f"sqlite:///{path}")
    plans = [  # name, create_game keywords, bot, script of (after n actions, "undo"/"redo", steps)
        ("Golden finished 2p", {"players": NAMES[:2], "seed": 7}, RandomBot(7),
         [(20, "undo", 3), (20, "redo", 2), (45, "undo", 1)], None),
        ("Golden redo 3p", {"players": NAMES[:3], "seed": 8, "options": {"edition": "fr2009"}},
         GreedyBot(8), [(30, "undo", 2), (50, "undo", 4)], 50),
        ("Golden table 4p", {"players": NAMES[:4], "seed": 9, "stacks": "table",
                             "races": ["amazons", "dwarves", "ghouls", "skeletons", "tritons", "wizards"],
                             "powers": ["alchemist", "berserk", "commando", "diplomat", "forest",
                                        "mounted"]},
         RandomBot(9), [(25, "undo", 1), (25, "redo", 1)], 40),
    ]
    expected = {}
    for name, kw, bot, script, limit in plans:
        gid, code = create_game(store, name, code="GOLD-" + name.split()[-1].upper(), **kw)
        s = TableSession(store, gid)
        steps = list(script)
        acted = 0
        while not s.game.game_over and (limit is None or acted < limit):
            while steps and steps[0][0] == acted:
                _, kind, n = steps.pop(0)
                assert (s.undo if kind == "undo" else s.redo)(n), s.error
            assert s.act(bot.choose(s.game, s.game.legal_actions())), s.error
            acted += 1
        while steps:  # a trailing undo leaves a redo stack in the database
            _, kind, n = steps.pop(0)
            assert (s.undo if kind == "undo" else s.redo)(n), s.error
        rows = store.rows(gid)
        expected[str(gid)] = {"name": name, "code": code, "rows": len(rows),
                              "kinds": {k: sum(r.kind == k for r in rows) for k in ("act", "undo", "redo")},
                              "log": len(s.game.log), "redo": len(s.game.redo_stack),
                              "facts": facts(s.game)}
    store.dispose()
    with sqlite3.connect(path) as conn:  # one self-contained file: no WAL beside it
        conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    with sqlite3.connect(path) as conn:
        conn.execute("VACUUM")
    conn.close()
    (out / "store-v1.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n",
                                       encoding="utf-8")


def record(tree: Path, out: Path, games_only: bool = False) -> None:
    import dashboards
    import swcore

    for mod in (swcore, dashboards):  # the old tree's code, not the checkout's
        assert Path(mod.__file__).resolve().is_relative_to(tree.resolve()), mod.__file__
    out.mkdir(parents=True, exist_ok=True)
    n = record_games(out)
    if games_only:
        print(f"recorded {n} games from {tree} into {out}")
        return
    record_saves(out)
    record_store(out)
    print(f"recorded {n} games, saves and a store from {tree} into {out}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--commit", default="a7688bb", help="commit to record from (temporary worktree)")
    ap.add_argument("--tree", type=Path, help="record from this existing tree instead")
    ap.add_argument("--out", type=Path, default=REPO / "tests" / "golden")
    ap.add_argument("--games-only", action="store_true",
                    help="re-record the games only (after a deliberate rule change); the v1 saves "
                         "and store stay as the old engine wrote them")
    args = ap.parse_args()
    if args.tree:
        return record(args.tree, args.out.resolve(), args.games_only)
    tmp = Path(tempfile.mkdtemp(prefix="sw-golden-")) / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", str(tmp), args.commit], cwd=REPO, check=True)
    try:
        env = {**os.environ, "PYTHONPATH": str(tmp)}
        subprocess.run([sys.executable, __file__, "--tree", str(tmp), "--out", str(args.out.resolve()),
                        *(["--games-only"] if args.games_only else [])],
                       cwd=tmp, env=env, check=True)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tmp)], cwd=REPO, check=False)
        shutil.rmtree(tmp.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
