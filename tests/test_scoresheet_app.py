"""The score-only mode in the app without a browser (issue 12): stored, resumed, followed by a
second device, undone like a map game; the new-game form's choice; map games unchanged."""

from __future__ import annotations

import pytest

from dashboards.newgame import NewGameForm
from dashboards.scoresheet import SheetScreen
from dashboards.session import SetupError, TableSession, create_game
from dashboards.store import Store
from dashboards.widgets import shown
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


def test_the_sheet_switches_to_the_map_of_the_same_table_B_DEF_8(store):
    """At a round's start the sheet becomes a map game: same seats, colours, coins and round,
    the races in play on the regions the table names; their tokens are then corrected."""
    gid, code = create_game(store, "Club", ["Ann", "Bob"], scores=True, colours=["green", "black"])
    made: list[tuple[int, str]] = []
    screen = SheetScreen(TableSession.open(store, gid, code), on_switch=lambda *m: made.append(m))
    screen.session.act(humans_turn(), screen.session.seq)
    assert not shown(screen._to_map)  # Bob still plays this round (B-FLOW-1)
    screen.session.act({"by": "Bob", "do": "turn", "held": {"orcs": {"terrain": {"hill": 1}}},
                        "combo": {"race": "orcs", "power": "swamp", "position": 0}},
                       screen.session.seq)
    assert shown(screen._to_map)
    screen.open_switch("base-2p")
    screen._regions["humans"].value = ["r1", "r2"]
    screen._regions["orcs"].value = ["r1"]  # one region, two races: refused, nothing stored
    assert screen.switch("base-2p") is None and "regions" in screen.session.error
    screen._regions["orcs"].value = ["r5"]
    map_id, map_code = screen.switch("base-2p")
    assert made == [(map_id, map_code)] and store.game(map_id).table_name == "Club (map)"
    game = TableSession.open(store, map_id, map_code)
    assert isinstance(game.game, Game) and game.game.turn == 2 and game.game.coins == [10, 6]
    assert game.colours == {"Ann": "#1B7837", "Bob": "#000000"}
    assert game.act({"by": "Ann", "do": "correct", "region": "r1", "count": 3}, game.seq)
    assert game.game.tokens[game.game.board.index["r1"]] == 3
