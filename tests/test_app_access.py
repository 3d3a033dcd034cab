"""Access (review A1-A5) and the host's recovery of a game, without a browser: join-code
guessing slowed per device and never for the table (refused before any hashing; review N4),
game creation limited per device and per address, every game reachable by its code, names that a database cannot store
refused with a message, and `python -m dashboards.admin`."""

import time

import pytest
import sqlalchemy as sa

from dashboards import admin, limits
from dashboards.session import (
    DENIED,
    AccessDenied,
    SetupError,
    SlowDown,
    TableSession,
    create_game,
)
from dashboards.store import Store

RACES = ["ratmen", "elves", "amazons", "dwarves", "orcs", "humans"]
POWERS = ["hill", "forest", "swamp", "alchemist", "flying", "merchant"]


@pytest.fixture(autouse=True)
def fresh_limits():
    limits.reset_all()
    yield
    limits.reset_all()


def game(store, name="T", code=None):
    return create_game(store, name, ["Ann", "Bob"], races=RACES, powers=POWERS, code=code)


def test_backoff_doubles_after_the_free_tries_and_a_right_answer_clears_it():
    now = [0.0]
    b = limits.Backoff(free=2, cap=8.0, clock=lambda: now[0])
    for _ in range(2):
        b.wrong("k")
    assert b.wait("k") == 0
    waits = []
    for _ in range(5):
        b.wrong("k")
        waits.append(b.wait("k"))
    assert waits == [1.0, 2.0, 4.0, 8.0, 8.0]
    b.right("k")
    assert b.wait("k") == 0


def test_a_window_forgets_idle_keys_past_100000():
    now = [0.0]
    w = limits.Window(limit=2, seconds=10.0, clock=lambda: now[0])
    for k in range(100_000):
        w.add(f"game:{k}")
    w.add("game:0")  # a key seen again: no new key, nothing forgotten
    assert len(w._events) == 100_000 and w.wait("game:0") > 0
    now[0] = 11.0  # all idle now
    w.add("game:new")  # past 100,000 keys: the idle ones go
    assert set(w._events) == {"game:new"}


def test_a_device_is_slowed_after_five_wrong_codes_refused_before_hashing(store, monkeypatch):
    gid, code = game(store)
    for _ in range(5):
        with pytest.raises(AccessDenied) as err:
            TableSession.open(store, gid, "WRONG9", device="d1")
        assert str(err.value) == DENIED
    with pytest.raises(AccessDenied):
        TableSession.open(store, gid, "WRONG9", device="d1")  # the 6th: wrong, then wait 1 s
    calls = []
    monkeypatch.setattr(store, "check_code", lambda *a: calls.append(a) or True)
    with pytest.raises(SlowDown) as err:
        TableSession.open(store, gid, code, device="d1")  # even the right code waits
    assert calls == []  # refused before any PBKDF2 or query
    assert "Too many wrong codes" in str(err.value)
    monkeypatch.undo()
    assert TableSession.open(store, gid, code, device="d2").game_id == gid  # another device


def test_N4_an_attacked_game_slows_each_guessing_page_from_its_first_wrong_code(store):
    """After 20 wrong codes for a game, a page that guesses wrong waits at once; the table's
    own device (no wrong code) and a page reopening the game by its address are checked and
    opened; another game is untouched."""
    gid, code = game(store)
    for k in range(20):
        with pytest.raises(AccessDenied):
            TableSession.open(store, gid, "WRONG9", device=f"dev{k}")
    assert TableSession.open(store, gid, code, device="dev3").game_id == gid  # a guesser's too
    with pytest.raises(AccessDenied) as err:
        TableSession.open(store, gid, "WRONG8", device="new-guesser")
    assert not isinstance(err.value, SlowDown)  # checked, wrong
    with pytest.raises(SlowDown):  # the same page again: it waits from its first wrong code
        TableSession.open(store, gid, "WRONG7", device="new-guesser")
    for _ in range(3):  # the table's device, typing or reopening by its address, every time
        assert TableSession.open(store, gid, code, device="table").game_id == gid
    other, code2 = game(store, "Other")
    assert TableSession.open(store, other, code2, device="fresh").game_id == other


def test_N4_a_right_code_opens_on_the_table_whatever_a_guesser_did(store):
    gid, code = game(store)
    for k in range(200):  # a guesser's many pages, and one page that keeps trying
        try:
            TableSession.open(store, gid, f"BAD{k:03d}", device=f"g{k % 40}")
        except AccessDenied:
            pass
    t0 = time.perf_counter()
    assert TableSession.open(store, gid, code, device="table").game_id == gid
    assert time.perf_counter() - t0 < 1.0  # not made to wait: one check


def test_every_game_is_reachable_by_its_code_alone(store):
    ids = [game(store, f"T{k}", code=f"CODE{k:02d}")[0] for k in range(65)]
    s = TableSession.open_by_code(store, "code-00", device="d")  # older than the 60 listed
    assert s.game_id == ids[0] and s.code == "CODE00"
    assert ids[0] not in [g.id for g in store.list_games(limit=60)]
    with pytest.raises(AccessDenied):
        TableSession.open_by_code(store, "NOPE99", device="d")


def test_N4_wrong_look_ups_never_refuse_another_device_the_lookup(store):
    game(store, code="GOOD42")
    for k in range(25):
        with pytest.raises(AccessDenied):
            TableSession.open_by_code(store, f"BAD{k:03d}", device=f"dev{k}")
    assert TableSession.open_by_code(store, "GOOD42", device="fresh").code == "GOOD42"
    with pytest.raises(AccessDenied):
        TableSession.open_by_code(store, "BAD999", device="dev0")
    with pytest.raises(SlowDown):  # a guessing page waits from its first wrong look-up
        TableSession.open_by_code(store, "BAD998", device="dev0")


@pytest.mark.parametrize("code", ["a\ud800b", "x" * 70, "ÉÉÉÉÉÉ", None, 12, "a\x00bcdef"])
def test_impossible_codes_are_refused_without_a_crash(store, code):
    gid, _ = game(store)
    assert store.check_code(gid, code) is False
    assert store.find_code(code) is None


def test_N4_creation_is_limited_per_device_and_per_address_never_for_everyone(store,
                                                                             monkeypatch):
    from dashboards import session as sessions

    monkeypatch.setattr(sessions, "client_address", lambda: "10.0.0.9")  # one client's pages
    for k in range(3):
        create_game(store, f"T{k}", ["Ann", "Bob"], device="d1")
    with pytest.raises(SetupError) as err:
        create_game(store, "T4", ["Ann", "Bob"], device="d1")
    assert err.value.field == "limit" and "Too many new games" in err.value.message
    for k in range(27):
        create_game(store, f"U{k}", ["Ann", "Bob"], device=f"other{k}")
    with pytest.raises(SetupError):  # its 31st game in 10 minutes, from a new page
        create_game(store, "U99", ["Ann", "Bob"], device="yet-another")
    monkeypatch.setattr(sessions, "client_address", lambda: "10.0.0.20")  # another table
    create_game(store, "V1", ["Ann", "Bob"], device="table")
    assert len(store.list_games()) == 31


@pytest.mark.parametrize(("name", "words"), [("a\ud800b", "not text"), ("a\x00b", "NUL"),
                                             ("tab\x07le", "control")])
def test_A4_A5_names_a_database_cannot_store_are_refused_with_a_message(store, name, words):
    with pytest.raises(SetupError) as err:
        create_game(store, name, ["Ann", "Bob"])
    assert err.value.field == "table_name" and words in err.value.message
    with pytest.raises(SetupError) as err:
        create_game(store, "T", ["Ann", name])
    assert err.value.field == "players[1]"
    assert store.list_games() == []


def test_A4_the_new_game_form_shows_the_message(store):
    from dashboards.newgame import NewGameForm

    form = NewGameForm(store, table_name="a\ud800b")
    form.set_players(["Ann", "Bob"])
    assert form.submit() is None
    assert "not text" in form._error.object


def test_admin_list_and_reset_code(store, capsys):
    gid, old = game(store, "Lost table")
    assert admin.main(["--db", store.url, "list"]) == 0
    assert "Lost table" in capsys.readouterr().out
    assert admin.main(["--db", store.url, "code", str(gid)]) == 1
    assert admin.main(["--db", store.url, "--base", "http://t:5006/app", "reset-code", str(gid),
                       "--code", "NEWC0DE"]) == 0
    out = capsys.readouterr().out
    assert "NEWC0DE" in out and f"http://t:5006/app?game={gid}&code=NEWC0DE" in out
    assert not store.check_code(gid, old) and store.check_code(gid, "newc0de")
    assert store.find_code("NEWC0DE") == gid
    assert admin.main(["--db", store.url, "reset-code", "999"]) == 2


def test_a_database_from_before_code_key_gets_the_column(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    eng = sa.create_engine(url)
    with eng.begin() as conn:
        conn.execute(sa.text("CREATE TABLE games (id INTEGER PRIMARY KEY, table_name VARCHAR(60) "
                             "NOT NULL, created_at DATETIME NOT NULL, setup JSON NOT NULL, meta "
                             "JSON NOT NULL, code_salt VARCHAR(64) NOT NULL, code_hash "
                             "VARCHAR(128) NOT NULL, demo_key VARCHAR(20) UNIQUE, public_code "
                             "VARCHAR(20))"))
    eng.dispose()
    store = Store(url)
    gid, code = game(store)
    assert store.find_code(code) == gid
    store.dispose()


def test_lobby_opens_any_game_by_code_and_says_slow_down(store):
    from dashboards.lobby import Lobby

    opened = []
    gid, code = game(store, "Old table", code="OLDONE")
    lobby = Lobby(store, on_open=opened.append, device="page1")
    assert lobby.open_by_code("old-one").game_id == gid and opened[0].code == "OLDONE"
    for _ in range(7):  # 5 free, the 6th starts the wait, the 7th is refused unhashed
        assert lobby.open_by_code("WRONG7") is None
    assert "Too many wrong codes" in lobby.message and "Too many" in lobby._any_error.object


def test_the_app_opens_the_game_named_by_its_url_and_shows_its_code(store):
    from dashboards.app import TableApp

    gid, code = game(store, "Table 5")
    app = TableApp(store)
    assert app.open_from_url({"game": [str(gid).encode()], "code": [code.lower().encode()]})
    assert app.page == "game" and app.game_url() == f"?game={gid}&code={code}"
    app.toggle_code()
    assert app.code_box.visible and code in app.code_box.object
    app.to_lobby()
    assert app.page == "lobby" and app.game_url() == ""
    assert not app.open_from_url({"game": [str(gid).encode()], "code": [b"WRONG1"]})
    assert app.lobby.message == DENIED


def test_the_address_names_the_open_card_and_end_of_turn_sheet_and_brings_them_back(store):
    """Issue 18: a page reloaded after a server restart shows the same card and the same
    end-of-turn sheet (the address names them); the join code shown to others names neither."""
    from dashboards.app import TableApp

    gid, code = game(store, "Table 6")
    app = TableApp(store)
    app.open_from_url({"game": [str(gid).encode()], "code": [code.encode()]})
    app.screen.session.act({"by": "Ann", "do": "pick", "combo": 0})
    app.screen.selected = "r4"
    app.screen.ask_again("end_turn")  # as the bar's "End the turn" does
    assert app.screen.asking == "end_turn" and app.screen._end.box.visible
    assert app.game_url(view=True) == f"?game={gid}&code={code}&region=r4&asking=end_turn"
    assert app.game_url() == f"?game={gid}&code={code}"
    again = TableApp(store)  # the reloaded page
    assert again.open_from_url({"game": [str(gid).encode()], "code": [code.encode()],
                                "region": [b"r4"], "asking": [b"end_turn"]})
    assert again.screen.selected == "r4" and again.screen.asking == "end_turn"
    assert again.screen._end.box.visible
    again.screen._press(("cancel", None))
    assert again.screen.asking == "" and again.game_url(view=True).endswith("&region=r4")
    nothing = TableApp(store)  # a region or word the game does not have: ignored
    assert nothing.open_from_url({"game": [str(gid).encode()], "code": [code.encode()],
                                  "region": [b"r999"], "asking": [b"bogus"]})
    assert nothing.screen.selected == "" and nothing.screen.asking == ""


def test_admin_speaks_the_host_terminals_language(store, capsys):
    """Issue 12: the host's tool has no page nor cookie: it follows the terminal's language."""
    gid, _old = game(store, "Table perdue")
    fr = {"LANG": "fr_FR.UTF-8"}
    assert admin.terminal_language(fr) == "fr" and admin.terminal_language({"LANG": "C.UTF-8"}) == "en"
    assert admin.main(["--db", store.url, "list"], env=fr) == 0
    assert "créée (UTC)" in capsys.readouterr().out
    assert admin.main(["--db", store.url, "--base", "http://t:5006/app", "reset-code", str(gid),
                       "--code", "NEUF42"], env=fr) == 0
    out = capsys.readouterr().out
    assert f"nouveau code d'accès de la partie {gid} (Table perdue) : NEUF42" in out
    assert f"lien : http://t:5006/app?game={gid}&code=NEUF42" in out
    assert admin.main(["--db", store.url, "list"], env={}) == 0  # and back: English
    assert "created (UTC)" in capsys.readouterr().out
