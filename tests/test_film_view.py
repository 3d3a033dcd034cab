"""The film's component (dashboards/film.py, issue 24) as notebooks use it: `film(...)` on a
game, a film file exported from the app, and the tutorial's annotated example games."""

from __future__ import annotations

from dashboards.board_map import DYNAMIC, BoardMap
from dashboards.film import film
from swcore import Game
from swcore.bots import PlannerBot, play
from swcore.film import Film
from swcore.tutorial import Script, scenario_path


def test_film_of_a_game_steps_and_shows_each_position():
    """The view shows position k: its map is the game after k actions (the same regions'
    tokens), its header counts the actions, and its buttons stop at both ends."""
    game = Game.new("base-3p", ["ann", "bob", "cleo"], seed=2)
    play(game, PlannerBot(2))
    view = film(game)
    n = len(game.log)
    assert "Action 0 of" in view.where.object and view.first.disabled and not view.next.disabled
    view.go(12)
    shown = Film.of(game).game_at(12)
    fresh = BoardMap(shown, player_colors=view.colours).source.data
    for col in DYNAMIC:
        assert list(view.map.source.data[col]) == list(fresh[col]), col
    assert f"Action 12 of {n}" in view.where.object
    view.go(n + 5)
    assert view.at == n and view.last.disabled and view.next.disabled
    # The coins chart is cut at the position: at the set-up, each line is its starting point.
    view.go(0)
    assert all(len(r.data_source.data["x"]) == 1 for r in view._chart.renderers)


def test_film_of_a_file_exported_from_the_app(tmp_path):
    game = Game.new("base-2p", ["ann", "bob"], seed=3, expansions=["cursed"])
    play(game, PlannerBot(3))
    path = tmp_path / "thursday-film.json"
    path.write_text(Film.of(game).record(table="Thursday"), encoding="utf-8")
    view = film(path)
    assert view.film.meta["table"] == "Thursday" and len(view.film) == len(game.log)
    assert view.film.save["setup"]["expansions"] == ["cursed"]


def test_film_of_a_tutorial_game_shows_its_notes():
    """The tutorial's annotated conquest example: each played step's note is shown at the
    position where that step ends (a refused step, B-CONQ's refusals, adds no position)."""
    script = Script(scenario_path("conquest"))
    view = film(script)
    noted = [s for s in script.steps if s.note]
    assert noted and view.notes
    k = min(view.notes)
    view.go(k)
    assert "<i>" in view.did.object
    assert next(iter(view.notes.values()))[:20].replace("'", "&#x27;") in view.did.object
