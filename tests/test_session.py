"""The table-side assistant without a browser: sessions on a stored game (dashboards/session.py),
and the turn screen's state (dashboards/turn.py) built on them.

The board is base-3p. Facts used below, from swcore/data/boards/base-3p.json: r4 is a farmland on
the edge, r3 a mountain on the edge, both empty; r10 a hill with a Lost Tribe next to both; r9 a
swamp not on the edge; r15 the lake.
"""

import pytest
from conftest import PgCluster

from dashboards.session import (
    AWAY,
    CHANGED,
    CONFLICT,
    DENIED,
    UNSAVED,
    AccessDenied,
    SetupError,
    TableSession,
    create_game,
)
from dashboards.store import Store
from swcore import Game
from swcore.bots import GreedyBot

RACES = ["ratmen", "elves", "amazons", "dwarves", "orcs", "humans"]
POWERS = ["hill", "forest", "swamp", "alchemist", "flying", "merchant"]
PLAYERS = ["Ann", "Bob", "Cleo"]


def shown(obj):
    from dashboards.turn import shown as is_shown  # Panel only for the tests that need it

    return is_shown(obj)


def new_game(store, **kw):
    kw.setdefault("races", RACES)
    kw.setdefault("powers", POWERS)
    return create_game(store, "Table 1", kw.pop("players", PLAYERS), seed=5, **kw)


def opened(store, **kw):
    gid, code = new_game(store, **kw)
    return TableSession.open(store, gid, code), gid, code


def act(session, **action):
    action.setdefault("by", session.game.to_act)
    return session.act(action)


# --- creating and opening ---------------------------------------------------------------
def test_join_code_required_and_a_wrong_code_reveals_nothing(store):
    gid, code = new_game(store)
    for game_id, given in [(gid, "NOPE99"), (gid, ""), (gid + 1, code), ("x", code)]:
        with pytest.raises(AccessDenied) as err:
            TableSession.open(store, game_id, given)
        assert str(err.value) == DENIED == "Wrong table or join code."
    assert TableSession.open(store, gid, code.lower()).game_id == gid


@pytest.mark.parametrize("names, field", [
    (["Ann", "  ", "Cleo"], "players[1]"),
    (["Ann", "Bob", "ann"], "players[2]"),
    (["Ann", "Bob  ", "Bob"], "players[2]"),
    (["Ann"], "players"),
    (["A" * 41, "Bob"], "players[0]"),
])
def test_empty_duplicate_or_bad_names_refused(store, names, field):
    with pytest.raises(SetupError) as err:
        create_game(store, "T", names)
    assert err.value.field == field
    assert store.list_games() == []


def test_table_name_and_colours_checked(store):
    with pytest.raises(SetupError) as err:
        create_game(store, " ", PLAYERS)
    assert err.value.field == "table_name"
    with pytest.raises(SetupError) as err:
        create_game(store, "T", PLAYERS, colours=["blue", "blue", "orange"])
    assert err.value.field == "colours"
    assert store.list_games() == []


def test_new_game_set_up_B_SETUP_6_and_B_SETUP_2(store):
    s, _, _ = opened(store)
    g = s.game
    assert g.players == PLAYERS
    assert g.turns == 10  # 3 players: 10 turns
    assert [c[:2] for c in g.column] == [list(p) for p in zip(RACES, POWERS, strict=True)]
    assert s.game.view("Ann")["coins"] == {"Ann": 5, "Bob": None, "Cleo": None}
    assert s.colours == {"Ann": "#0072B2", "Bob": "#D55E00", "Cleo": "#CC79A7"}


# --- acting -------------------------------------------------------------------------------
def test_B_COMBO_2_pick_pays_one_coin_on_each_combo_above(store):
    s, gid, _ = opened(store)
    assert act(s, do="pick", combo=2)
    assert [c[2] for c in s.game.column[:2]] == [1, 1]
    assert s.game.view("Ann")["coins"]["Ann"] == 3
    assert [r.action for r in store.rows(gid)] == [{"by": "Ann", "do": "pick", "combo": 2}]
    assert s.seq == 1 and s.error == ""


def test_B_CONQ_2_and_B_SCORE_1_conquests_then_end_of_turn_score(store):
    s, _, _ = opened(store)
    act(s, do="pick", combo=0)  # Ratmen / Hill
    assert s.game.quote("r4").cost == 2  # empty farmland: 2
    assert s.game.quote("r3").cost == 3  # empty mountain: 2 + 1
    assert act(s, do="conquer", region="r4")
    assert act(s, do="conquer", region="r3")
    assert act(s, do="end_turn")
    assert s.game.last_score[0] == [{"what": "Ratmen: 2 regions", "coins": 2, "rule": "B-SCORE-1",
                                     "regions": ["r3", "r4"]}]
    assert s.game.view("Ann")["coins"]["Ann"] == 7  # 5 + 2 regions; no hill held
    assert s.game.view(None)["coins"]["Ann"] is None  # hidden from the others (B-SCORE-3)
    assert s.game.current == "Bob"


@pytest.mark.parametrize("region, rule", [("r15", "B-CONQ-4"), ("r9", "B-CONQ-1")])
def test_refused_action_explains_and_leaves_the_database_unchanged(store, region, rule):
    s, gid, _ = opened(store)
    act(s, do="pick", combo=0)
    before = (store.last_seq(gid), s.game.state_hash(), s.seq, s.version)
    assert not act(s, do="conquer", region=region)
    assert s.error_rule == rule and s.error.startswith(rule + ": ")
    assert (store.last_seq(gid), s.game.state_hash(), s.seq, s.version) == before
    assert act(s, do="conquer", region="r4")  # and the next good action clears the error
    assert s.error == "" and s.error_rule == ""


def test_B_FINAL_3_die_entered_at_the_table_is_stored_and_replayed(store, db_url):
    s, gid, code = opened(store)
    act(s, do="pick", combo=3)  # Dwarves / Alchemist: 3 + 4 = 7 tokens
    act(s, do="conquer", region="r4")  # 2 tokens, 5 left
    act(s, do="conquer", region="r3")  # 3 tokens, 2 left
    # r10 costs 3 (Lost Tribe): 2 tokens + a die showing 1 are enough.
    assert act(s, do="conquer", region="r10", reinforce=True, roll=1)
    assert s.game.snapshot()["regions"]["r10"] == {"race": "dwarves", "owner": "Ann", "tokens": 2}
    assert store.rows(gid)[-1].action["roll"] == 1
    # B-FINAL-4: no conquest after the reinforcement die.
    assert not act(s, do="conquer", region="r11")
    assert s.error_rule == "B-FINAL-4"
    again = TableSession.open(Store(db_url), gid, code)
    assert again.game.state_hash() == s.game.state_hash()


def test_B_FINAL_3_failed_die_leaves_the_lost_tribe(store):
    s, _, _ = opened(store)
    act(s, do="pick", combo=3)
    act(s, do="conquer", region="r4")
    act(s, do="conquer", region="r3")
    assert act(s, do="conquer", region="r10", reinforce=True, roll=0)  # 2 + 0 < 3
    assert s.game.snapshot()["regions"]["r10"]["race"] == "lost_tribe"
    assert any(ev.kind == "final_failed" for ev in s.events)


# --- undo, redo, restart ---------------------------------------------------------------------
def test_undo_redo_are_stored_and_survive_a_restart(store, db_url):
    s, gid, code = opened(store)
    act(s, do="pick", combo=0)
    act(s, do="conquer", region="r4")
    act(s, do="conquer", region="r3")
    replay = Game(s.game.setup)
    replay.apply(s.game.log[0])
    after_pick = replay.state_hash()
    assert s.undo_preview(2) == ["Ann conquers r3", "Ann conquers r4"]
    assert s.undo(2)
    assert s.game.state_hash() == after_pick and len(s.game.redo_stack) == 2
    assert [r.kind for r in store.rows(gid)] == ["act", "act", "act", "undo"]
    restarted = TableSession.open(Store(db_url), gid, code)  # a new store: as after a restart
    assert restarted.game.state_hash() == after_pick
    assert restarted.game.redo_stack == s.game.redo_stack
    assert restarted.redo(1)
    assert restarted.game.snapshot()["regions"]["r4"]["race"] == "ratmen"
    back = TableSession.open(Store(db_url), gid, code)
    assert back.game.state_hash() == restarted.game.state_hash()
    assert len(back.game.redo_stack) == 1
    assert not back.undo(0) and back.error == "Nothing to undo."


def test_a_new_action_after_undo_clears_the_redo_stack_for_good(store, db_url):
    s, gid, code = opened(store)
    act(s, do="pick", combo=0)
    act(s, do="conquer", region="r4")
    s.undo(1)
    act(s, do="conquer", region="r3")
    assert s.game.redo_stack == []
    again = TableSession.open(Store(db_url), gid, code)
    assert again.game.redo_stack == [] and again.game.state_hash() == s.game.state_hash()
    assert not again.redo(1) and again.error == "Nothing to redo."


def test_restart_resumes_every_game_at_its_last_action(db_url):
    first = Store(db_url)
    s1, g1, c1 = opened(first)
    s2, g2, c2 = opened(first, players=["Xi", "Yu"], races=None, powers=None)
    act(s1, do="pick", combo=1)
    act(s2, do="pick", combo=0)
    act(s2, do="end_turn")
    first.dispose()
    second = Store(db_url)
    assert TableSession.open(second, g1, c1).game.state_hash() == s1.game.state_hash()
    assert TableSession.open(second, g2, c2).game.state_hash() == s2.game.state_hash()


# --- several devices ----------------------------------------------------------------------
def test_two_sessions_see_each_others_actions(store):
    a, gid, code = opened(store)
    b = TableSession.open(store, gid, code)
    assert not b.sync()
    act(a, do="pick", combo=0)
    assert b.sync() and b.seq == 1 and b.game.state_hash() == a.game.state_hash()
    assert b.notes and "picks Ratmen" in b.notes[0]
    act(b, do="conquer", region="r4")
    assert a.sync()
    assert a.undo(1)
    assert b.sync() and b.game.state_hash() == a.game.state_hash()
    assert b.notes == ["Another device undid 1 action."]


def test_concurrent_actions_one_wins_the_other_is_told(store):
    a, gid, code = opened(store)
    b = TableSession.open(store, gid, code)
    assert act(a, do="pick", combo=0)  # a wins seq 1
    assert not act(b, do="pick", combo=1)  # b still thought seq 0 was the last
    assert b.error == CONFLICT and b.conflicts == 1
    assert [r.action["combo"] for r in store.rows(gid)] == [0]
    assert b.game.state_hash() == a.game.state_hash() and b.seq == 1  # b shows the new state
    assert act(b, do="conquer", region="r4")  # and can go on from there


def test_a_tap_behind_only_this_devices_own_actions_is_not_called_another_devices(store):
    """Review table.md 8: a tap sent before the page showed this device's own previous action
    (seq 1, its own) is refused as a changed screen, not as "another device changed this game
    first"; once another device has written after the tap's state, it is a conflict again."""
    a, gid, code = opened(store)
    assert a.act({"by": "Ann", "do": "pick", "combo": 0}, 0)
    assert not a.act({"by": "Ann", "do": "conquer", "region": "r4"}, 0)  # the page showed seq 0
    assert a.error == CHANGED and a.conflicts == 0 and store.last_seq(gid) == 1
    b = TableSession.open(store, gid, code)
    assert b.act({"by": "Ann", "do": "conquer", "region": "r4"}, 1)
    assert a.sync()
    assert not a.act({"by": "Ann", "do": "conquer", "region": "r3"}, 0)  # behind b's too
    assert a.error == CONFLICT and a.conflicts == 1 and store.last_seq(gid) == 2


def test_concurrent_undo_loses_cleanly(store):
    a, gid, code = opened(store)
    act(a, do="pick", combo=0)
    b = TableSession.open(store, gid, code)
    act(a, do="conquer", region="r4")
    assert not b.undo(1)
    assert b.error == CONFLICT
    assert [r.kind for r in store.rows(gid)] == ["act", "act"]
    assert b.game.state_hash() == a.game.state_hash()


def database_away(store, monkeypatch):
    """From now on the store's writes fail as when the database does not answer."""
    from sqlalchemy.exc import OperationalError

    def away(*args, **kwargs):
        raise OperationalError("INSERT INTO events ...", {}, Exception("database is locked"))
    monkeypatch.setattr(store, "append", away)


def test_database_away_an_action_is_not_recorded_and_the_game_stays_as_it_was(
        store, db_url, monkeypatch):
    """Nothing is lost and nothing runs ahead: when the write fails the device says so, the game
    in memory is the stored one, and the next action once the database is back follows on."""
    a, gid, code = opened(store)
    act(a, do="pick", combo=0)
    before, seq = a.game.state_hash(), a.seq
    database_away(store, monkeypatch)
    assert act(a, do="conquer", region="r4") is False
    assert a.error == UNSAVED
    assert (a.game.state_hash(), a.seq) == (before, seq)
    assert not a.undo(1) and a.error == UNSAVED and a.game.state_hash() == before
    monkeypatch.undo()  # the database is back
    assert act(a, do="conquer", region="r4")  # B-CONQ-2: 2 tokens
    assert [r.action.get("do") for r in store.rows(gid)] == ["pick", "conquer"]
    again = TableSession.open(Store(db_url), gid, code)
    assert again.game.state_hash() == a.game.state_hash()


def test_database_away_a_failed_undo_keeps_the_redo_stack(store, monkeypatch):
    a, gid, code = opened(store)
    act(a, do="pick", combo=0)
    act(a, do="conquer", region="r4")
    assert a.undo(1)
    before = a.game.state_hash()
    database_away(store, monkeypatch)
    assert not a.redo(1) and a.error == UNSAVED
    assert a.game.state_hash() == before and len(a.game.redo_stack) == 1
    monkeypatch.undo()
    assert a.redo(1) and [r.kind for r in store.rows(gid)] == ["act", "act", "undo", "redo"]


def test_database_away_the_poll_waits_for_it(store, monkeypatch):
    a, gid, code = opened(store)
    b = TableSession.open(store, gid, code)
    act(a, do="pick", combo=0)
    from sqlalchemy.exc import OperationalError

    def away(*args, **kwargs):
        raise OperationalError("SELECT ...", {}, Exception("server closed the connection"))
    monkeypatch.setattr(store, "last_seq", away)
    assert b.sync() is False and b.seq == 0
    monkeypatch.undo()
    assert b.sync() and b.game.state_hash() == a.game.state_hash()


# --- the column entered as on the table (B-COMBO-6) -------------------------------------
def test_B_COMBO_6_table_column_waits_for_the_revealed_pair(store, db_url):
    s, gid, code = opened(store, stacks="table")
    act(s, do="pick", combo=0)
    assert s.game.needs_reveal
    assert not act(s, do="conquer", region="r4")
    assert s.error_rule == "B-COMBO-6"
    assert act(s, do="reveal", race="trolls", player="stout")
    assert s.game.column[-1] == ["trolls", "stout", 0]
    again = TableSession.open(Store(db_url), gid, code)
    assert again.game.column == s.game.column


# --- a whole game -----------------------------------------------------------------------------
def test_a_whole_game_played_through_sessions_ends_with_standings(store, db_url):
    s, gid, code = opened(store, races=None, powers=None)
    watcher = TableSession.open(store, gid, code)
    bot = GreedyBot(3)
    for _ in range(2000):
        if s.game.game_over:
            break
        assert s.act(bot.choose(s.game, s.game.legal_actions())), s.error
    assert s.game.game_over
    rows = s.game.standings()
    assert sorted(r["player"] for r in rows) == sorted(PLAYERS)
    assert rows[0]["winner"] and rows[0]["coins"] >= rows[-1]["coins"]
    assert s.game.view(None)["coins"] == {r["player"]: r["coins"] for r in rows}  # revealed
    assert watcher.sync() and watcher.game.game_over
    assert TableSession.open(Store(db_url), gid, code).game.standings() == rows


# --- the turn screen, without a browser ----------------------------------------------------
HOSTILE = ["<script>alert(1)</script>", "<b>Bob</b>", "Cleo & \"friends\""]


def test_hostile_names_are_shown_as_text(store):
    from dashboards.turn import TurnScreen, header_html, legend_html, score_html, standings_html

    s, _, _ = opened(store, players=HOSTILE, races=None, powers=None)
    act(s, do="pick", combo=0)
    act(s, do="end_turn")  # the first player scored: the card names them
    screen = TurnScreen(s)
    act(s, do="pick", combo=1)
    texts = [header_html(s), score_html(s.game, s.colours), legend_html(s.game, s.colours),
             standings_html(s.game, s.colours), screen.peek(HOSTILE[0]), screen._log.object,
             screen._players_pane.object]
    for text in texts:
        assert "<script>" not in text and "<b>Bob</b>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in texts[1]  # the score card of seat 1
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in texts[4]  # peeking at their coins
    assert "&lt;b&gt;Bob&lt;/b&gt;" in texts[0] and "&lt;b&gt;Bob&lt;/b&gt; picks" in texts[5]
    assert "Cleo &amp; &quot;friends&quot;" in texts[6]


def test_turn_screen_region_card_quotes_and_explains(store):
    """B-CONQ-2: r3, an empty mountain, costs 2 + 1; B-CONQ-4: the lake cannot be conquered."""
    from dashboards.turn import TurnScreen

    s, _, _ = opened(store)
    screen = TurnScreen(s)
    act(s, do="pick", combo=0)
    screen.selected = "r3"
    assert shown(screen._card)
    assert "Cost <b>3</b> tokens" in screen._card_info.object
    assert "1 mountain" in screen._card_info.object
    labels = [b.label for b in screen._card_buttons if shown(b)]
    assert labels == ["Conquer r3"]  # the cost is on the card (above)
    assert not shown(screen._card_alert)
    press(screen._card_buttons, "Conquer r3")
    assert s.game.snapshot()["regions"]["r3"] == {"race": "ratmen", "owner": "Ann", "tokens": 3}
    screen.selected = "r15"
    assert shown(screen._card_alert) and "B-CONQ-4" in screen._card_alert.object
    assert not [b for b in screen._card_buttons if shown(b)]


def test_turn_screen_peek_shows_only_that_players_coins(store):
    from dashboards.turn import TurnScreen

    s, _, _ = opened(store)
    screen = TurnScreen(s)
    text = screen.peek("Bob")
    assert "<span class='sw-big'>5</span>" in text and "Bob" in text
    assert "coins hidden" in screen._players_pane.object


# --- the new-game form and the lobby, without a browser -----------------------------------
def test_new_game_form_refuses_duplicates_and_escapes_the_message(store):
    from dashboards.newgame import NewGameForm

    form = NewGameForm(store, table_name="T")
    form.set_players(["<i>Zed</i>", "<i>zed</i>"])
    assert form.submit() is None
    assert shown(form._error)
    assert "&lt;i&gt;zed&lt;/i&gt;" in form._error.object and "<i>" not in form._error.object
    assert store.list_games() == []


def test_new_game_form_column_as_on_the_table_B_SETUP_3(store):
    from dashboards.newgame import NewGameForm

    made = []
    form = NewGameForm(store, table_name="Club 2", on_created=lambda gid, code: made.append(gid))
    form.set_players(["Ann", "Bob"])
    form.column.mode = "Enter as on the table"
    form.column.set_pairs([("ratmen", "hill"), ("ratmen", "forest")] + [("elves", "swamp")] * 4)
    assert form.submit() is None and "Ratmen is already in the column" in form._error.object
    form.column.set_pairs(list(zip(RACES, POWERS, strict=True)))
    gid, code = form.submit()
    assert made == [gid]
    game = TableSession.open(store, gid, code).game
    assert game.board.id == "base-2p" and game.players == ["Ann", "Bob"]
    assert [c[:2] for c in game.column] == [list(p) for p in zip(RACES, POWERS, strict=True)]
    assert game.setup.get("stacks") == "table"


def test_lobby_wrong_code_and_right_code(store):
    from dashboards.lobby import Lobby

    gid, code = new_game(store)
    opened_sessions = []
    lobby = Lobby(store, on_open=opened_sessions.append)
    lobby.choose(gid)
    assert lobby.open_chosen("NOPE42") is None
    assert shown(lobby._error) and lobby._error.object == "Wrong table or join code."
    lobby.choose(gid + 100)  # a game that does not exist: the same answer
    assert lobby.open_chosen(code) is None and lobby.message == DENIED
    lobby.choose(gid)
    session = lobby.open_chosen(code)
    assert session is not None and opened_sessions == [session]


def test_lobby_lists_the_newest_tables_and_more_on_demand(store):
    """A server holding many tables lists the newest ten at first (a button each is what a page
    costs the server); "More tables" lists ten more; every table also opens by its code."""
    import panel as pn

    from dashboards.lobby import Lobby

    made = [create_game(store, f"Table {k}", PLAYERS, seed=5, races=RACES, powers=POWERS)
            for k in range(13)]
    lobby = Lobby(store)
    labels = [o.objects[0].label for o in lobby._list.objects if isinstance(o, pn.Column)]
    assert labels == [f"Table {k}" for k in range(12, 2, -1)]  # newest first
    assert lobby._list.objects[-1] is lobby._more
    assert lobby._more.label == "More tables (not listed: 3)"
    lobby._more.clicks += 1
    labels = [o.objects[0].label for o in lobby._list.objects if isinstance(o, pn.Column)]
    assert labels == [f"Table {k}" for k in range(12, -1, -1)]
    assert lobby._more not in lobby._list.objects  # nothing left to list
    gid, code = made[0]
    assert lobby.open_by_code(code).game_id == gid


def test_an_open_game_drops_the_lobby_which_comes_back_with_as_many_tables_listed(store):
    """Issue 23: a page with a game open does not keep its lobby (its objects lived as long as
    the table); back in the lobby, it lists as many tables as before ("More tables" pressed)."""
    import panel as pn

    from dashboards.app import TableApp

    made = [create_game(store, f"Table {k}", PLAYERS, seed=5, races=RACES, powers=POWERS)
            for k in range(13)]
    app = TableApp(store)
    app.lobby._more.clicks += 1  # all 13 listed
    gid, code = made[4]
    app.lobby.choose(gid)
    assert app.lobby.open_chosen(code) is not None
    assert app.page == "game" and app._lobby is None
    app.to_lobby()
    labels = [o.objects[0].label for o in app.lobby._list.objects if isinstance(o, pn.Column)]
    assert labels == [f"Table {k}" for k in range(12, -1, -1)]
    assert app._main.objects == [app.lobby.__panel__()]


def test_postgres_restarts_mid_game_and_the_table_goes_on():
    """A club's PostgreSQL server stops as a crash would, mid-game: the action tried meanwhile is
    refused (UNSAVED) and changes nothing; once the server is back the same device goes on at
    once, without reopening anything (pooled connections are checked before use)."""
    pytest.importorskip("psycopg")
    cluster = PgCluster()
    cluster.start()
    try:
        store = Store(cluster.url)
        s, gid, code = opened(store)
        act(s, do="pick", combo=0)
        cluster.stop()
        assert act(s, do="conquer", region="r4") is False and s.error == UNSAVED
        assert s.seq == 1
        cluster.start()
        assert act(s, do="conquer", region="r4"), s.error  # B-CONQ-2: 2 tokens
        cluster.stop()  # a restart while nobody acts: the pooled connections are now dead
        cluster.start()
        assert act(s, do="end_turn", by="Ann"), s.error
        assert [r.action.get("do") for r in store.rows(gid)] == ["pick", "conquer", "end_turn"]
        store.dispose()
    finally:
        cluster.remove()


def test_database_away_the_lobby_and_the_new_game_form_say_so(store, monkeypatch):
    """A club's database restarting: the lobby keeps its list and says so, opening a game and
    creating one are refused with the same plain message, and all works again once it is back."""
    from sqlalchemy.exc import OperationalError

    from dashboards.lobby import Lobby
    from dashboards.newgame import NewGameForm

    def away(*args, **kwargs):
        raise OperationalError("SELECT ...", {}, Exception("connection refused"))
    gid, code = new_game(store)
    lobby = Lobby(store)
    form = NewGameForm(store, table_name="Table 2")
    form.set_players(["Ann", "Bob"])
    for name in ("list_games", "check_code", "create_game"):
        monkeypatch.setattr(store, name, away)
    lobby.refresh()
    assert shown(lobby._status) and lobby._status.object == AWAY
    assert lobby._names == {gid: "Table 1"}  # the list shown before stays
    lobby.choose(gid)
    assert lobby.open_chosen(code) is None and lobby.message == AWAY and shown(lobby._error)
    assert form.submit() is None and form._error.object == AWAY
    monkeypatch.undo()
    lobby.refresh()
    assert not shown(lobby._status)
    assert lobby.open_chosen(code) is not None
    assert form.submit() is not None and len(store.list_games()) == 2


# --- every power's own action, offered and carried out by the turn screen ------------------
def screen_with(store, power):
    from dashboards.turn import TurnScreen

    s, _, _ = opened(store, powers=[power, *POWERS[1:]])
    screen = TurnScreen(s)
    s.act({"by": "Ann", "do": "pick", "combo": 0})  # Ratmen + the power
    return s, screen


def displayed(layout):
    """Everything a user sees in a layout (or a list), depth first: hidden boxes are skipped."""
    for obj in layout if isinstance(layout, list) else layout.objects:
        if shown(obj):
            yield obj
            if hasattr(obj, "objects"):
                yield from displayed(obj)


def press(layout, label):
    """Tap the shown button `label` as a page does: the tap names its label and the seq the
    screen shows (a bare click event is refused: dashboards/taps.py)."""
    found = [b for b in displayed(layout) if getattr(b, "label", None) == label]
    assert found, (label, [getattr(b, "label", None) for b in displayed(layout)])
    found[0].sw_taps.send(found[0])


def test_B_POW_BERSERK_1_die_rolled_before_the_conquest(store):
    s, screen = screen_with(store, "berserk")
    box, buttons = screen._die.row, screen._die.buttons
    assert "Roll the Berserk die" in screen._die.note.object
    assert shown(box) and [b.label for b in buttons] == ["Roll for me", "Die: blank", "Die: 1",
                                                          "Die: 2", "Die: 3"]
    press(buttons, "Die: 2")
    assert s.game.army_of("Ann").roll == 2
    assert s.game.log[-1] == {"by": "Ann", "do": "berserk", "roll": 2}
    assert not shown(screen._die.row)  # one roll per conquest (A-BASE-06)
    assert s.act({"by": "Ann", "do": "conquer", "region": "r3"})  # mountain: max(1, 3 - 2) = 1
    assert s.game.snapshot()["regions"]["r3"]["tokens"] == 1


def test_B_POW_DRAGONMASTER_1_dragon_from_the_region_card(store):
    s, screen = screen_with(store, "dragon_master")
    screen.selected = "r3"
    press(screen._card_buttons, "Send the Dragon to r3")
    assert s.game.snapshot()["regions"]["r3"] == {"race": "ratmen", "owner": "Ann", "tokens": 1,
                                                  "dragon": 1}


def test_B_POW_FORTIFIED_1_fortress_in_a_held_region(store):
    s, screen = screen_with(store, "fortified")
    s.act({"by": "Ann", "do": "conquer", "region": "r4"})
    screen.selected = "r4"
    press(screen._card_buttons, "Build a Fortress in r4")
    assert s.game.snapshot()["regions"]["r4"]["fortress"] == 1


def end_turn_sheet(screen):
    """Press End the turn: the fixed bar shows what the end of the turn would place."""
    press(screen._turn_buttons, "End the turn")
    assert shown(screen._end.box)
    return screen._end


def dos(s, n):
    return [e["do"] for e in s.game.log[-n:]]


def test_B_POW_HEROIC_1_heroes_proposed_at_the_end_of_the_turn(store):
    """Issue 12: the Heroes the engine would place are proposed, adjusted, then sent."""
    s, screen = screen_with(store, "heroic")
    s.act({"by": "Ann", "do": "conquer", "region": "r4"})
    s.act({"by": "Ann", "do": "conquer", "region": "r3"})
    sheet = end_turn_sheet(screen)
    pick = [o for o in displayed(sheet.box) if o.__class__.__name__ == "CheckButtonGroup"][0]
    assert sorted(pick.value) == ["r3", "r4"]  # the engine's default: both regions
    assert s.game.snapshot()["regions"]["r4"].get("hero", 0) == 0  # nothing placed yet
    press(screen._turn_buttons, "Confirm: End the turn")
    assert dos(s, 3) == ["redeploy", "heroes", "end_turn"]
    regions = s.game.snapshot()["regions"]
    assert (regions["r4"]["hero"], regions["r3"]["hero"]) == (1, 1)


def test_B_POW_BIVOUACKING_1_encampments_proposed_with_steppers(store):
    s, screen = screen_with(store, "bivouacking")
    s.act({"by": "Ann", "do": "conquer", "region": "r4"})
    s.act({"by": "Ann", "do": "conquer", "region": "r3"})
    sheet = end_turn_sheet(screen)
    camps = sheet.places[1].steppers  # after the tokens' redeployment
    assert sum(st.value for st in camps.values()) == 5
    camps["r4"].value, camps["r3"].value = 3, 2
    press(screen._turn_buttons, "Confirm: End the turn")
    assert dos(s, 3) == ["redeploy", "encampments", "end_turn"]
    regions = s.game.snapshot()["regions"]
    assert (regions["r4"]["encampment"], regions["r3"]["encampment"]) == (3, 2)


def test_B_POW_DIPLOMAT_1_peace_offered_when_the_turn_ends(store):
    """Review M3: peace ends the conquests, so it is offered with the end of the turn."""
    s, screen = screen_with(store, "diplomat")
    assert not any(getattr(b, "label", "").startswith("Make peace")
                   for b in displayed(screen._play_box))
    end_turn_sheet(screen)
    press(screen._turn_buttons, "Make peace with Cleo")
    army = s.game.army_of(s.game.players[0])
    assert army.data["diplomat.ally"] == s.game.players.index("Cleo")


def test_B_REDEP_1_redeploy_proposed_with_steppers_then_the_turn_ends(store):
    s, screen = screen_with(store, "hill")
    s.act({"by": "Ann", "do": "conquer", "region": "r4"})
    s.act({"by": "Ann", "do": "conquer", "region": "r3"})
    sheet = end_turn_sheet(screen)
    steps = sheet.places[0].steppers
    assert set(steps) == {"r3", "r4"} and sum(st.value for st in steps.values()) == 12
    assert s.game.log[-1]["do"] == "conquer"  # nothing sent yet
    steps["r3"].value, steps["r4"].value = 1, 11  # 12 Ratmen tokens
    press(screen._turn_buttons, "Confirm: End the turn")
    assert s.game.log[-2] == {"by": "Ann", "do": "redeploy", "tokens": {"r3": 1, "r4": 11}}
    assert dos(s, 1) == ["end_turn"]
    regions = s.game.snapshot()["regions"]
    assert (regions["r3"]["tokens"], regions["r4"]["tokens"]) == (1, 11)


def test_nothing_to_place_ends_the_turn_alone(store):
    """No token in hand and nothing else to place: the end of the turn sends only itself."""
    s, screen = screen_with(store, "hill")
    sheet = end_turn_sheet(screen)
    assert sheet.actions() == [] and "Nothing moves" in sheet.title.object
    press(screen._turn_buttons, "Confirm: End the turn")
    assert dos(s, 2) == ["pick", "end_turn"]


def test_B_DEF_8_a_region_corrected_from_its_card_and_undone(store):
    """Issue 12: the table corrects a region's tokens (a word anyone may enter, not in the
    legal actions); it is logged like any action and undone like one."""
    s, screen = screen_with(store, "hill")
    s.act({"by": "Ann", "do": "conquer", "region": "r4"})
    s.act({"by": "Ann", "do": "conquer", "region": "r3"})
    s.act({"by": "Ann", "do": "redeploy", "tokens": {"r3": 6, "r4": 6}})
    screen.selected = "r4"
    press(screen._card_buttons, "Correct tokens…")
    assert screen._fix_step.value == 6
    screen._fix_step._step(-1)
    press(screen._fix_buttons, "Correct r4 to 5 tokens")
    assert s.game.snapshot()["regions"]["r4"]["tokens"] == 5
    assert s.game.log[-1]["count"] == 5
    assert "r4: 6 → 5 tokens" in screen._outcome.object  # shown where it was tapped
    assert s.undo(1) and s.game.snapshot()["regions"]["r4"]["tokens"] == 6


def test_B_DEF_8_a_lost_tribe_gone_from_the_table_is_cleared_from_its_card(store):
    """Review table.md 5: "Correct tokens" goes down to 0, which empties the region: r10's Lost
    Tribe, conquered on the table before a switch to the map, is taken off, and r10 then costs
    one token less (B-CONQ-2: one per token lying there); undone like any action."""
    s, screen = screen_with(store, "hill")
    base = s.game.quote("r10").cost
    screen.selected = "r10"
    press(screen._card_buttons, "Correct tokens…")
    assert screen._fix_step.value == 1
    screen._fix_step._step(-1)
    press(screen._fix_buttons, "Correct r10 to 0 tokens")
    assert s.game.race[s.game.board.index["r10"]] is None and s.game.log[-1]["count"] == 0
    assert s.game.quote("r10").cost == base - 1
    assert s.undo(1) and s.game.quote("r10").cost == base


def test_lobby_links_to_the_tutorial_and_says_how_to_render_it(tmp_path, monkeypatch):
    """Issue 5: the served app links to the tutorial that `make serve` renders."""
    from dashboards import lobby

    monkeypatch.setattr(lobby, "TUTORIAL_DIR", tmp_path)
    missing = lobby.tutorial_link()
    assert 'href="/tutorial/index.html"' in missing and "render_tutorial.py" in missing
    (tmp_path / "index.html").write_text("<html></html>")
    rendered = lobby.tutorial_link()
    assert 'href="/tutorial/index.html"' in rendered and "render_tutorial.py" not in rendered


def test_B_LOSS_2_defender_places_withdrawn_tokens_with_the_pooled_steppers(store):
    """B-CONQ-2 / B-LOSS-1: Bob's Elves take r4 from Ann's 6 Ratmen (cost 2 + 6); one Ratman goes
    to the tray, 5 back to Ann's hand. B-LOSS-2: after Bob's turn Ann puts them on the regions she
    still holds, only r3 (6 + 5 = 11; counts may only grow)."""
    from dashboards.turn import TurnScreen

    s, _, _ = opened(store)
    screen = TurnScreen(s)
    for action in [{"by": "Ann", "do": "pick", "combo": 0},  # Ratmen / Hill: 8 + 4 tokens
                   {"by": "Ann", "do": "conquer", "region": "r4"},
                   {"by": "Ann", "do": "conquer", "region": "r3"},
                   {"by": "Ann", "do": "end_turn"},  # 7 in hand, fewest first: r3 6, r4 6
                   {"by": "Bob", "do": "pick", "combo": 0},  # Elves / Forest: 6 + 4 tokens
                   {"by": "Bob", "do": "conquer", "region": "r4"},
                   {"by": "Bob", "do": "end_turn"}]:
        assert s.act(action), s.error
    assert shown(screen._place_box) and not shown(screen._play_box)
    assert set(screen._steppers) == {"r3"}  # one stepper of the pool shown, the others hidden
    assert [shown(st) for st in screen._stepper_pool].count(True) == 1
    r3 = screen._steppers["r3"]
    assert (r3.value, r3.low, r3.high) == (11, 6, 11)
    r3._step(-1)
    assert "Placed 10 of 11<" in screen._place_total.object
    r3._step(+1)
    press(screen._context, "Redeploy (Ratmen)")
    assert s.game.snapshot()["regions"]["r3"] == {"race": "ratmen", "owner": "Ann", "tokens": 11}
    assert s.game.to_act == "Cleo"
    assert shown(screen._play_box) and not shown(screen._place_box)
