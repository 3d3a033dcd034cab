"""The command line (issue 2): board, simulate, play, and clear errors for bad arguments."""

import json
import subprocess
import sys

import pytest

from swcore.board import Board


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swcore", *args], capture_output=True, text=True,
                          timeout=300)


def test_board_json_is_the_inline_map_form_of_the_format():
    out = run("board", "base-4p", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    board = Board.from_map(data)  # readable back as a scenario's inline map
    assert (len(board), len(board.borders)) == (39, 95)
    assert set(data) == {"regions", "borders"}


def test_board_geometry_adds_polygons():
    data = json.loads(run("board", "base-2p", "--json", "--geometry").stdout)
    rings = data["regions"]["r1"]["polygons"][0]
    assert len(rings[0]) >= 3 and all(len(p) == 2 for p in rings[0])


def test_simulate_prints_a_summary_by_combo():
    out = run("simulate", "--board", "base-2p", "--games", "3", "--seed", "2")
    assert out.returncode == 0
    assert "3 random games on base-2p" in out.stdout
    assert "win_rate" in out.stdout and "mean_coins" in out.stdout


def test_play_narrates_a_game_to_its_end():
    out = run("play", "--board", "base-2p", "--seed", "1")
    assert out.returncode == 0 and "the game is over" in out.stdout and "1. P" in out.stdout


def test_simulate_and_play_take_expansions_into_the_stacks():
    """Issue 10 set-up: --expansions puts those modules' races and powers in the stacks (the
    Leaders are offered at the pick); an unknown expansion is refused by name."""
    out = run("simulate", "--board", "base-3p", "--games", "4", "--seed", "5",
              "--expansions", "cursed,grand_dames,be_not_afraid,leaders")
    assert out.returncode == 0, out.stderr
    assert "4 random games on base-3p with cursed, grand_dames, be_not_afraid, leaders" in out.stdout
    played = run("play", "--board", "base-2p", "--seed", "1", "--expansions", "leaders,cursed")
    assert played.returncode == 0 and "the game is over" in played.stdout
    assert "Leader" in played.stdout
    bad = run("simulate", "--games", "1", "--expansions", "cursed,nope")
    assert bad.returncode == 2 and "nope" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("args, message", [
    (("simulate", "--games", "-3"), "must be at least 1"),
    (("bench", "--games", "x"), "is not a whole number"),
    (("board", "base-9p"), "unknown board 'base-9p'"),
    (("simulate", "--board", "nope", "--games", "1"), "unknown board 'nope'"),
])
def test_bad_arguments_get_a_message_not_a_traceback(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr
