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


def table_rows(text: str, heading: str) -> dict[str, list[str]]:
    """The rows of one of simulate's tables, by their first cell."""
    lines = text.split(heading, 1)[1].split("\n\n", 1)[0].splitlines()[3:]
    return {ln.split()[0]: ln.split()[1:] for ln in lines if ln.strip()}


def test_simulate_gives_each_bots_win_rate_with_its_interval():
    """Review 2026-11-27: a learner can check the planner's win rate. 2 players, one seat each:
    a bot's games are the games played; the 95 % Wilson interval of 0 wins in 2 games is
    [0, 0.658] (centre (0 + 1.96²/4) / (1 + 1.96²/2) = 0.3290, half-width the same)."""
    out = run("simulate", "--board", "base-2p", "--games", "2", "--bot", "planner,greedy",
              "--seed", "4")
    assert out.returncode == 0, out.stderr
    rows = table_rows(out.stdout, "Win rate by bot")
    assert set(rows) == {"planner", "greedy"}
    assert "95% low" in out.stdout and "95% high" in out.stdout
    for games, _coins, wins, rate, low, high in rows.values():
        assert int(games) == 2 and float(rate) == int(wins) / 2
        if int(wins) == 0:
            assert (float(low), float(high)) == (0.0, 0.658)
        assert float(low) <= float(rate) <= float(high)
    assert sum(int(r[2]) for r in rows.values()) >= 2  # a tie is a win for each tied player
    assert set(table_rows(out.stdout, "Win rate by seat")) == {"1", "2"}


def test_simulate_takes_every_module():
    """Every rule module is accepted and named in the help: the Necromancer adds his seat,
    last (X-NEC-1: 4 on base-3p), River World is played on the board with rivers."""
    helptext = run("simulate", "--help").stdout
    for module in ("cursed", "grand_dames", "be_not_afraid", "leaders", "necromancer",
                   "river_world"):
        assert module in helptext
    nec = run("simulate", "--board", "base-3p", "--games", "1", "--bot", "greedy",
              "--expansions", "necromancer")
    assert nec.returncode == 0, nec.stderr
    assert "on base-3p with necromancer, 4 players" in nec.stdout
    assert set(table_rows(nec.stdout, "Win rate by seat")) == {"1", "2", "3", "4"}
    river = run("simulate", "--games", "1", "--bot", "greedy", "--expansions", "river_world")
    assert river.returncode == 0, river.stderr
    assert "on river-practice with river_world, 2 players" in river.stdout


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
