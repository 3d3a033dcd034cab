"""The game's film (swcore/film.py, issue 24): every position it shows is the one replaying
the first k actions of the log gives, for base games and games with every surface module;
its turns are the log's; its file is the save format and round-trips."""

from __future__ import annotations

import json

import pytest

from swcore import Game, InputError
from swcore.bots import PlannerBot, RandomBot, play
from swcore.film import EVERY, Film, dump_record, load_record

ALL4 = ["cursed", "grand_dames", "be_not_afraid", "leaders"]


def _replayed(game: Game, k: int) -> dict:
    """Position k the slow way: a new game replaying the first k logged actions."""
    fresh = Game(game.setup)
    for entry in game.log[:k]:
        fresh.apply(entry)
    snap = fresh.snapshot()
    snap["track"] = [list(t) for t in fresh.track]
    snap["last_score"] = dict(zip(fresh.players, fresh.last_score, strict=True))
    return snap


@pytest.mark.parametrize(("board", "players", "expansions", "seed"), [
    ("base-2p", ["ann", "bob"], None, 1),
    ("base-5p", ["A", "B", "C", "D", "E"], ALL4, 3),
])
def test_every_position_equals_replaying_the_log(board, players, expansions, seed):
    """B-FLOW-1 (the log is the game): position k of the film == the first k actions replayed,
    at every k, including the positions between two of the film's stored copies."""
    game = Game.new(board, players, seed=seed, expansions=expansions)
    play(game, RandomBot(seed))
    film = Film.of(game)
    assert len(film) == len(game.log) > 2 * EVERY
    for k in range(len(game.log) + 1):
        assert film.position(k) == _replayed(game, k), k
    # Stepping backwards gives the same positions (no state leaks from one step to the next).
    for k in (len(game.log), EVERY + 3, 1, 0, EVERY * 2 - 1):
        assert film.position(k) == _replayed(game, k)


def test_the_film_never_changes_the_game_it_was_made_of():
    game = Game.new("base-3p", ["ann", "bob", "cleo"], seed=5)
    play(game, PlannerBot(5))
    before = game.to_json()
    film = Film.of(game)
    film.game_at(10).apply(film.steps[10].action)  # a position's game is a copy
    assert game.to_json() == before
    assert film.position(11) == _replayed(game, 11)


def test_steps_and_turns_follow_the_log():
    """Each step names who acted, the word and the engine's sentences; the turns are the
    (round, player) runs of the log, in order, each starting where its first action starts."""
    game = Game.new("base-2p", ["ann", "bob"], seed=2)
    play(game, PlannerBot(2))
    film = Film.of(game)
    assert [s.action for s in film.steps] == game.log
    assert film.steps[0].by == "ann" and film.steps[0].do == "pick"
    assert any(t.startswith("ann picks") for t in film.steps[0].texts("en"))
    assert film.steps[0].texts("fr", ("ann", "bob"))[0].startswith("ann prend ")
    turns = film.turns()
    assert turns[0] == (1, "ann", 0)
    assert turns[1][:2] == (1, "bob")
    # B-FLOW-1: rounds go up, and within a round the two seats alternate ann then bob.
    rounds = [t[0] for t in turns]
    assert rounds == sorted(rounds) and rounds[-1] == game.turns
    for n, (_, who, start) in enumerate(turns):
        assert film.steps[start].current == who
        assert film.turn_of(start) == n
    assert film.turn_of(len(film)) == len(turns) - 1


def test_the_film_file_round_trips_with_its_meta():
    game = Game.new("base-2p", ["ann", "bob"], seed=4)
    play(game, RandomBot(4))
    text = Film.of(game).record(table="Thursday", exported="2026-11-27")
    data = json.loads(text)
    assert data["format"] == "swcore-game" and data["film"]["table"] == "Thursday"
    again = Film.of(text)
    assert again.meta == {"table": "Thursday", "exported": "2026-11-27"}
    assert again.position(len(again)) == _replayed(game, len(game.log))
    # The file is a save: the engine reads it as one.
    assert Game.from_json(text).state_hash() == game.state_hash()


def test_an_edited_film_file_is_refused():
    game = Game.new("base-2p", ["ann", "bob"], seed=4)
    play(game, RandomBot(4))
    data = json.loads(dump_record(game.to_dict()))
    data["log"][3]["by"] = "bob" if data["log"][3]["by"] == "ann" else "ann"
    with pytest.raises(InputError):
        load_record(json.dumps(data))


def test_a_users_board_travels_in_the_film():
    """A game on an inline map (a user's board) carries the map in its set-up."""
    from swcore.board import load_board

    inline = load_board("base-2p").inline()
    inline["name"] = "Our kitchen table"
    game = Game.new(inline, ["ann", "bob"], seed=1)
    play(game, RandomBot(1))
    film = Film.of(dump_record(game.to_dict()))
    assert film.save["setup"]["map"] == game.setup["map"]
    assert film.position(len(film)) == _replayed(game, len(game.log))
