"""The score-only mode in the app without a browser (issue 12): stored, resumed, followed by a
second device, undone like a map game; the new-game form's choice; map games unchanged."""

from __future__ import annotations

import pytest

from dashboards.newgame import NewGameForm
from dashboards.scoresheet import SheetScreen
from dashboards.session import SetupError, TableSession, create_game
from dashboards.store import Store
from swcore import Game
from swcore.scoresheet import ScoreSheet


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'sheet.sqlite'}")
    yield s
    s.dispose()


def humans_turn() -> dict:
    # B-SCORE-1 + B-RACE-HUMANS-1: 2 farmland + 1 forest = 3 + 2 = 5; position 1 costs 1.
    return {"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "forest", "position": 1},
            "held": {"humans": {"terrain": {"farmland": 2, "forest": 1}}}}


def test_a_score_sheet_is_stored_resumed_and_followed(store):
    gid, code = create_game(store, "Sheet", ["Ann", "Bob"], scores=True)
    record = store.game(gid)
    assert record.setup["mode"] == "scores" and record.setup["board"] is None
    a, b = TableSession.open(store, gid, code), TableSession.open(store, gid, code)
    assert a.is_sheet and isinstance(a.game, ScoreSheet)
    assert a.act(humans_turn(), a.seq)
    # B-POW-FOREST-1: +1 for the forest; 5 - 1 + 3 + 2 + 1 = 10.
    assert a.game.coins == [10, 5]
    assert b.sync() and b.game.coins == [10, 5]
    assert not a.act({"by": "Ann", "do": "turn", "held": {}}, a.seq)  # B-FLOW-1: Bob's turn
    assert a.error_rule == "B-FLOW-1" and store.last_seq(gid) == 1
    assert a.undo_preview(1) == ["Ann's turn, picks Humans / Forest, 3 regions held"]
    assert a.undo(1, a.seq) and a.game.coins == [5, 5]
    again = TableSession.open(store, gid, code)
    assert again.game.coins == [5, 5] and again.game.redo_stack == [a.game.redo_stack[0]]
    assert again.redo(1, again.seq) and again.game.coins == [10, 5]


def test_map_games_still_open_as_map_games(store):
    gid, code = create_game(store, "Map", ["Ann", "Bob"])
    session = TableSession.open(store, gid, code)
    assert isinstance(session.game, Game) and not session.is_sheet
    assert "mode" not in store.game(gid).setup  # the set-up of old games is unchanged


def test_a_score_sheet_on_a_known_board_checks_the_counts_B_DEF_1(store):
    with pytest.raises(SetupError):
        create_game(store, "Sheet", ["Ann", "Bob"], scores=True, board="no-such-board")
    gid, code = create_game(store, "Sheet", ["Ann", "Bob"], scores=True, board="base-2p")
    s = TableSession.open(store, gid, code)
    turn = humans_turn()
    turn["held"]["humans"]["terrain"]["farmland"] = 30
    assert not s.act(turn, s.seq) and s.error_rule == "B-DEF-1"


def test_the_new_game_form_creates_a_score_sheet(store):
    form = NewGameForm(store)
    form.table_name = "Club"
    form.set_players(["Ann", "Bob", "Cleo"])
    form.set_kind("scores", board_known=False)
    gid, code = form.submit()
    assert store.game(gid).setup == {"mode": "scores", "players": ["Ann", "Bob", "Cleo"],
                                     "board": None, "coins": {"Ann": 5, "Bob": 5, "Cleo": 5},
                                     "turns": 10, "expansions": []}


def test_the_screen_sends_the_turn_the_steppers_hold_B_SCORE_2(store):
    gid, code = create_game(store, "Sheet", ["Ann", "Bob"], scores=True)
    screen = SheetScreen(TableSession.open(store, gid, code))
    screen._race.value, screen._power.value = "wizards", "alchemist"
    _race, counts = screen._armies[0]
    counts.steppers[("terrain", "hill")].value = 2
    counts.steppers[("symbol", "magic")].value = 1
    assert screen.submit()
    # 2 regions + 1 magic source (B-RACE-WIZARDS-1) + 2 (B-POW-ALCHEMIST-1) = +5.
    assert "+5" in screen._last.object and screen.session.game.coins == [10, 5]
    assert screen.peek("Ann").count("10") == 1 and "Bob" not in screen.peek("Ann")
