"""Refactors keep behaviour: games, saves and stored games recorded from the engine before the
refactor (commit a7688bb, by scripts/record_golden.py) replay with the current engine to the same
results.

- every golden game (232: four boards, two bots, rule options, scripted dice, table-entered
  columns) replays action by action through `Game(setup).apply` to the same final coins,
  winners, board (each region's race, owner, tokens, markers), active and declined races, and
  the same coins after every end of turn;
- before every step, `legal_actions()` offers the same set of actions (order not compared);
- version-1 saves (`Game.to_json` of the old engine) and v1 saves built from set-up + log still
  load with `Game.from_json` / `Game.from_dict` and give the same facts;
- the v1 SQLite store opens with the current `dashboards.store` and `TableSession` rebuilds
  each game (acts, undo and redo rows) to the recorded result.

Plain facts only, never the state hash: the snapshot may legitimately gain fields. When one of
these fails after a change, the change altered what the engine does; re-record only for a
deliberate rule change, and say so in the commit.
"""

from __future__ import annotations

import functools
import gzip
import importlib.util
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from swcore import Game

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"


def _recorder() -> Any:
    """scripts/record_golden.py: the one definition of the facts and digests compared."""
    spec = importlib.util.spec_from_file_location("record_golden", ROOT / "scripts" / "record_golden.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REC = _recorder()
with gzip.open(GOLDEN / "games.jsonl.gz", "rt", encoding="utf-8") as _f:
    GAMES = {row["name"]: row for row in map(json.loads, _f)}
SAVES = sorted((GOLDEN / "saves-v1").glob("*.json"))
SAVES = [p for p in SAVES if p.name != "expected.json"]
EXPECTED_SAVES = json.loads((GOLDEN / "saves-v1" / "expected.json").read_text(encoding="utf-8"))
EXPECTED_STORE = json.loads((GOLDEN / "store-v1.json").read_text(encoding="utf-8"))


@functools.cache
def replayed(name: str) -> dict[str, Any]:
    row = GAMES[name]
    return REC.replay(row["setup"], row["log"], Game)


def test_the_recording_covers_what_it_claims():
    rows = list(GAMES.values())
    assert len(rows) >= 200
    assert {r["setup"]["map"] for r in rows} == {"base-2p", "base-3p", "base-4p", "base-5p"}
    assert {r["bot"] for r in rows} == {"random", "greedy"}
    assert any(r["setup"]["options"].get("edition") == "fr2009" for r in rows)
    assert any("final_die_max_short" in r["setup"]["options"] for r in rows)
    assert any(r["setup"]["dice"] for r in rows)
    assert any(e["do"] == "reveal" for r in rows if r["setup"].get("stacks") == "table" for e in r["log"])
    assert all(r["facts"]["game_over"] for r in rows)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_to_the_same_result(name):
    got, want = replayed(name), GAMES[name]
    assert got["facts"]["coins"] == want["facts"]["coins"]
    assert got["facts"]["winners"] == want["facts"]["winners"]
    assert got["track"] == want["track"], "coins after some end of turn differ"
    assert got["facts"] == want["facts"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_offers_the_same_legal_actions(name):
    got, want = replayed(name), GAMES[name]
    first = next((k for k, (a, b) in enumerate(zip(got["counts"], want["counts"], strict=True))
                  if a != b), None)
    assert first is None, f"step {first} ({want['log'][first]}): {got['counts'][first]} legal " \
                          f"actions, {want['counts'][first]} recorded"
    assert got["legal"] == want["legal"], "the same number of legal actions, but not the same ones"


@pytest.mark.parametrize("name", sorted(GAMES)[::10])
def test_v1_save_made_of_setup_and_log_loads(name):
    row = GAMES[name]
    game = Game.from_dict({"format": "swcore-game", "version": 1, "setup": row["setup"],
                           "log": row["log"]})
    assert REC.facts(game) == row["facts"]


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_v1_save_file_loads_to_the_same_position(path):
    want = EXPECTED_SAVES[path.stem]
    game = Game.from_json(path.read_text(encoding="utf-8"))
    assert (len(game.log), len(game.redo_stack)) == (want["log"], want["redo"])
    assert REC.facts(game) == want["facts"]
    again = Game.from_json(game.to_json())  # saved by the current engine, loaded again
    assert REC.facts(again) == want["facts"] and len(again.redo_stack) == want["redo"]
    if want["redo"]:
        assert game.redo(want["redo"]) == want["redo"]
        assert REC.facts(game) == want["after_redo"]


def test_every_v1_save_has_expected_facts():
    assert {p.stem for p in SAVES} == set(EXPECTED_SAVES) and len(SAVES) >= 5


def test_v1_store_opens_and_rebuilds_each_game(tmp_path):
    from dashboards.session import TableSession
    from dashboards.store import Store

    db = tmp_path / "store-v1.sqlite"
    shutil.copy(GOLDEN / "store-v1.sqlite", db)  # the committed file stays as recorded
    store = Store(f"sqlite:///{db}")
    try:
        assert {g.id: g.table_name for g in store.list_games()} == {
            int(gid): want["name"] for gid, want in EXPECTED_STORE.items()}
        for gid, want in EXPECTED_STORE.items():
            rows = store.rows(int(gid))
            assert len(rows) == want["rows"]
            assert {k: sum(r.kind == k for r in rows) for k in want["kinds"]} == want["kinds"]
            session = TableSession.open(store, gid, want["code"])
            assert (len(session.game.log), len(session.game.redo_stack)) == (want["log"], want["redo"])
            assert REC.facts(session.game) == want["facts"], want["name"]
            if not session.game.game_over:  # the old store takes new events after its own
                assert session.act(session.game.legal_actions()[0]), session.error
                assert store.last_seq(int(gid)) == want["rows"] + 1
    finally:
        store.dispose()
