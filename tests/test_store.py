"""The table-side assistant's database (dashboards/store.py): games, join codes, the event log."""

import pytest
import sqlalchemy as sa

from dashboards.store import (
    DEFAULT_PATH,
    ENV_URL,
    Conflict,
    Store,
    database_url,
    games,
    normalise_code,
)
from swcore.game import make_setup


def setup3() -> dict:
    return make_setup("base-3p", ["Ann", "Bob", "Cleo"], seed=1)


def test_create_and_list_shows_only_the_public_name(store):
    gid, code = store.create_game("Table 3", setup3(), {"colours": {}})
    listed = store.list_games()
    assert [(g.id, g.table_name, g.public_code) for g in listed] == [(gid, "Table 3", None)]
    assert len(code) == 6 and code == normalise_code(code)
    record = store.game(gid)
    assert record.setup["players"] == ["Ann", "Bob", "Cleo"]


def test_only_a_hash_of_the_join_code_is_stored(store):
    gid, code = store.create_game("T", setup3(), {}, code="secret-42")
    assert code == "SECRET42"
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(games).where(games.c.id == gid)).mappings().one()
    assert "SECRET42" not in str(dict(row)) and "secret" not in str(dict(row)).lower()
    assert row["public_code"] is None


def test_check_code_right_wrong_and_unknown_game(store):
    gid, code = store.create_game("T", setup3(), {})
    assert store.check_code(gid, code)
    assert store.check_code(gid, code.lower())  # case and dashes do not matter
    assert store.check_code(gid, code[:3] + "-" + code[3:])
    assert not store.check_code(gid, "WRONG1")
    assert not store.check_code(gid, "")
    assert not store.check_code(gid + 99, code)  # an unknown game: the same answer
    assert not store.check_code("not a number", code)


def test_append_rows_and_last_seq(store):
    gid, _ = store.create_game("T", setup3(), {})
    assert store.last_seq(gid) == 0 and store.rows(gid) == []
    store.append(gid, 1, "act", {"by": "Ann", "do": "pick", "combo": 0})
    store.append(gid, 2, "undo", {"steps": 1})
    assert store.last_seq(gid) == 2
    assert [(r.seq, r.kind, r.action) for r in store.rows(gid, after=1)] == [(2, "undo", {"steps": 1})]


def test_duplicate_seq_is_a_conflict_and_changes_nothing(store):
    gid, _ = store.create_game("T", setup3(), {})
    store.append(gid, 1, "act", {"by": "Ann", "do": "pick", "combo": 0})
    with pytest.raises(Conflict):
        store.append(gid, 1, "act", {"by": "Ann", "do": "pick", "combo": 1})
    assert [r.action["combo"] for r in store.rows(gid)] == [0]


def test_unknown_event_kind_refused(store):
    gid, _ = store.create_game("T", setup3(), {})
    with pytest.raises(ValueError):
        store.append(gid, 1, "delete", {})


def test_sqlite_runs_in_wal_mode(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'sw.sqlite'}")
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.dispose()


def test_a_new_store_on_the_same_file_sees_everything(tmp_path):
    url = f"sqlite:///{tmp_path / 'sw.sqlite'}"
    first = Store(url)
    gid, code = first.create_game("T", setup3(), {})
    first.append(gid, 1, "act", {"by": "Ann", "do": "pick", "combo": 0})
    first.dispose()
    again = Store(url)
    assert again.check_code(gid, code)
    assert [r.seq for r in again.rows(gid)] == [1]
    again.dispose()


def test_demo_created_once_with_a_public_code(store):
    a = store.ensure_demo("Demo", setup3(), {})
    b = store.ensure_demo("Demo", setup3(), {})
    assert a == b
    demo = [g for g in store.list_games() if g.public_code]
    assert [g.id for g in demo] == [a]
    assert store.check_code(a, demo[0].public_code)


def test_database_url_default_and_override(monkeypatch):
    monkeypatch.delenv(ENV_URL, raising=False)
    assert database_url() == f"sqlite:///{DEFAULT_PATH}"
    monkeypatch.setenv(ENV_URL, "sqlite:////tmp/elsewhere.sqlite")
    assert database_url() == "sqlite:////tmp/elsewhere.sqlite"
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"


def test_table_name_required(store):
    with pytest.raises(ValueError):
        store.create_game("   ", setup3(), {})


@pytest.mark.parametrize("game_id", [10**12, -(10**12), 2**31, "1; DROP TABLE games", None, "x"])
def test_check_code_of_an_impossible_game_id_is_just_wrong(store, game_id):
    """A game id out of the database's integer range (PostgreSQL's is 32 bits) or not a number
    is a wrong code like any other, never a database error."""
    gid, code = store.create_game("T", setup3(), {})
    assert store.check_code(game_id, code) is False
    assert store.check_code(gid, code) is True


def test_two_server_processes_share_one_database(db_url):
    """Two processes (two Stores, two connection pools) on one database: each sees the other's
    games and events, and the same seq can be written only once."""
    a, b = Store(db_url), Store(db_url)
    try:
        gid, code = a.create_game("Club table", setup3(), {})
        assert b.check_code(gid, code) and [g.id for g in b.list_games()] == [gid]
        a.append(gid, 1, "act", {"by": "Ann", "do": "pick", "combo": 0})
        with pytest.raises(Conflict):
            b.append(gid, 1, "act", {"by": "Ann", "do": "pick", "combo": 3})
        b.append(gid, 2, "undo", {"steps": 1})
        assert [(r.seq, r.kind) for r in a.rows(gid)] == [(1, "act"), (2, "undo")]
        assert a.last_seqs([gid, 999]) == b.last_seqs([gid, 999]) == {gid: 2, 999: 0}
        assert a.ensure_demo("Demo", setup3(), {}) == b.ensure_demo("Demo", setup3(), {})
    finally:
        a.dispose()
        b.dispose()


def _race(url: str, game_id: int, tries: int) -> tuple[int, int]:
    """One server process's devices acting as fast as they can: (written, refused)."""
    store = Store(url)
    written = refused = 0
    try:
        for _ in range(tries):
            seq = store.last_seq(game_id) + 1
            try:
                store.append(game_id, seq, "act", {"by": "Ann", "do": "end_turn", "n": seq})
                written += 1
            except Conflict:
                refused += 1
    finally:
        store.dispose()
    return written, refused


def test_concurrent_processes_never_write_the_same_seq_twice(db_url):
    """Three real processes append to one game at once: every try is either written or refused
    as a conflict, and the log is 1, 2, 3, ... with no gap and no duplicate."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    store = Store(db_url)
    gid, _ = store.create_game("Race", setup3(), {})
    with ProcessPoolExecutor(3, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(_race, [db_url] * 3, [gid] * 3, [40] * 3))
    written = sum(w for w, _ in results)
    assert sum(w + r for w, r in results) == 120
    assert [r.seq for r in store.rows(gid)] == list(range(1, written + 1))
    assert [r.action["n"] for r in store.rows(gid)] == list(range(1, written + 1))
    store.dispose()
