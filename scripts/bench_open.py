"""What opening a table costs the server: CPU time and memory per table, side by side.

    .venv/bin/python scripts/bench_open.py [--tables 10] [--games 100] [--rounds 3] [--base REF]

Each table is opened as a device opens it, in one server-like process: the lobby's page built
and serialised (`TableApp` in a Bokeh document, `server_doc`, `to_json`), the game chosen and
its join code entered (the turn screen and the expansions' panel built), the document
serialised again (what the page receives). Per table: the process's CPU time (`process_time`,
which other processes on the cores disturb far less than wall time) and the memory that stays
allocated while the tables are open (`tracemalloc`, a separate pass: tracing slows Python). Every
table is a 3-player base game of its own, kept open to the end of the round, as on a server
holding `--games` games in all (the lobby lists the newest).

With `--base REF`, a temporary `git worktree` of REF is measured too, alternating which tree
goes first in each round, so that the machine's load hits both alike (each tree runs in its own
subprocess). Medians over rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKER = r"""
import gc, json, os, sys, tempfile, time, tracemalloc
os.environ.setdefault("BOKEH_SIMPLE_IDS", "no")
sys.path.insert(0, os.getcwd())
from bokeh.document import Document
from panel.io.state import set_curdoc
from dashboards import app as appmod, limits
from dashboards.session import create_game
from dashboards.store import Store

n, trace, total = int(sys.argv[1]), sys.argv[2] == "mem", int(sys.argv[3])
store = Store(f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite")
games = [create_game(store, f"T{i}", ["Ann", "Bob", "Cleo"], seed=i)
         for i in range(max(n + 1, total))][-(n + 1):]

def open_table(gid, code):
    limits.reset_all()  # one device opening many tables: not a guesser
    doc = Document()
    with set_curdoc(doc):
        table = appmod.TableApp(store)
        table.__panel__().server_doc(doc)
        doc.to_json()
        table.lobby.choose(gid)
        table.lobby.open_chosen(code)
        doc.to_json()
    return doc, table

open_table(*games[0])  # the first table imports and builds what every later one shares
gc.collect()
if trace:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
t0 = time.process_time()
kept = [open_table(*g) for g in games[1:]]
cpu = (time.process_time() - t0) / n
gc.collect()
mem = (tracemalloc.get_traced_memory()[0] - before) / n if trace else 0
print(json.dumps({"cpu_ms": 1000 * cpu, "mb": mem / 1e6, "models": len(kept[0][0].models)}))
"""


def run(tree: Path, tables: int, what: str, games: int) -> dict:
    python = os.environ.get("SW_PYTHON", sys.executable)
    out = subprocess.run([python, "-c", WORKER, str(tables), what, str(games)], cwd=tree,
                         check=True,
                         capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(tree)}).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--games", type=int, default=100, help="games on the server in all")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--base", help="a git ref measured side by side (a temporary worktree)")
    args = ap.parse_args(argv)
    trees = {"this tree": ROOT}
    tmp = None
    if args.base:
        tmp = Path(tempfile.mkdtemp(prefix="sw-open-")) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(tmp), args.base], cwd=ROOT,
                       check=True, capture_output=True)
        trees = {args.base: tmp, "this tree": ROOT}
    got: dict[str, dict[str, list[float]]] = {k: {"cpu_ms": [], "mb": []} for k in trees}
    models: dict[str, int] = {}
    try:
        for r in range(args.rounds):
            order = list(trees.items()) if r % 2 == 0 else list(trees.items())[::-1]
            for name, tree in order:
                timed = run(tree, args.tables, "cpu", args.games)
                got[name]["cpu_ms"].append(timed["cpu_ms"])
                models[name] = timed["models"]
            for name, tree in order:
                got[name]["mb"].append(run(tree, args.tables, "mem", args.games)["mb"])
    finally:
        if tmp is not None:
            subprocess.run(["git", "worktree", "remove", "--force", str(tmp)], cwd=ROOT,
                           capture_output=True)
    print(f"| tree | CPU per table opened (ms, median of {args.rounds} × {args.tables}) "
          "| each round | memory per open table (MB, traced) | Bokeh models per page |")
    print("|---|---|---|---|---|")
    for name, m in got.items():
        each = " / ".join(f"{v:.0f}" for v in m["cpu_ms"])
        print(f"| {name} | {statistics.median(m['cpu_ms']):.0f} | {each} | "
              f"{statistics.median(m['mb']):.2f} | {models[name]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
