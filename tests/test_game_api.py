"""The Game API around the rules: save/load, undo/redo with dice, view, quote, events, and the
errors for malformed saved games, malformed scenarios, unknown ids and actions out of turn."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from gamehelpers import GOOD_SCENARIO as GOOD
from gamehelpers import write_scenario

from swcore import Action, Game, InputError, RuleError, SwError
from swcore.scenario import run_file, run_paths

ROOT = Path(__file__).resolve().parents[1]

#: The map of tests/scenarios/rules/b-final.yaml.
MAP = {
    "regions": {
        "a": {"terrain": "farmland", "edge": True},
        "b": {"terrain": "mountain", "lost_tribe": True},
        "c": {"terrain": "hill"},
        "d": {"terrain": "forest"},
        "z": {"terrain": "swamp", "edge": True},
        "w": {"terrain": "hill", "edge": True},
        "s": {"terrain": "sea", "edge": True},
        "x": {"terrain": "forest", "edge": True},
    },
    "borders": [["a", "b"], ["a", "c"], ["a", "d"], ["a", "z"], ["a", "w"], ["a", "s"],
                ["z", "w"], ["z", "c"]],
}
RACES = ["dwarves", "ratmen", "humans", "orcs", "wizards", "giants"]
POWERS = ["merchant", "hill", "swamp", "forest", "alchemist", "stout"]

#: A game with two die rolls, a loss with withdrawn tokens and the defender's own placement.
SCRIPT = [
    {"by": "ann", "do": "pick", "combo": 0},                        # dwarves/merchant, 5
    {"by": "ann", "do": "conquer", "region": "a"},
    {"by": "ann", "do": "conquer", "region": "b", "reinforce": True},   # die
    {"by": "ann", "do": "end_turn"},
    {"by": "bob", "do": "pick", "combo": 0},                        # ratmen/hill, 12
    {"by": "bob", "do": "conquer", "region": "z"},
    {"by": "bob", "do": "conquer", "region": "w"},
    {"by": "bob", "do": "conquer", "region": "c"},
    {"by": "bob", "do": "redeploy", "tokens": {"z": 5, "w": 4, "c": 3}},
    {"by": "bob", "do": "end_turn"},
    {"by": "ann", "do": "conquer", "region": "w", "reinforce": True},   # die; bob loses w
    {"by": "ann", "do": "end_turn"},
    {"by": "bob", "do": "redeploy", "tokens": {"z": 6, "c": 5}},    # bob's 3 withdrawn
    {"by": "bob", "do": "conquer", "region": "w"},
    {"by": "bob", "do": "end_turn"},
]


def new(dice: list[int] | None = None, seed: int = 0, players: list[str] | None = None) -> Game:
    return Game.new(MAP, players or ["ann", "bob"], seed=seed, races=RACES, powers=POWERS,
                    dice=[2, 3] if dice is None else dice)


def play(game: Game, steps: list[dict]) -> list:
    events = []
    for step in steps:
        events += game.apply(step)
    return events


# ---------------------------------------------------------------------------------------
# Save and load
# ---------------------------------------------------------------------------------------
def test_save_load_round_trip_is_exact_at_every_step():
    """Saved games replay exactly: same text, hash, position, player to act and legal actions,
    also while a defender's withdrawn tokens wait (B-LOSS-2) and after die rolls."""
    game = new()
    for step in SCRIPT:
        game.apply(step)
        text = game.to_json()
        loaded = Game.from_json(text)
        assert loaded.to_json() == text
        assert loaded.state_hash() == game.state_hash()
        assert loaded.snapshot() == game.snapshot()
        assert loaded.to_act == game.to_act
        assert loaded.legal_actions() == game.legal_actions()
    assert game.log[2]["roll"] == 2 and game.log[10]["roll"] == 3  # the dice are in the log


def test_save_load_while_a_withdrawal_waits_then_both_games_go_on_alike():
    game = new()
    play(game, SCRIPT[:12])
    assert game.queue == ["ratmen"] and game.to_act == "bob"  # B-LOSS-2: bob places first
    loaded = Game.from_json(game.to_json())
    for g in (game, loaded):
        play(g, SCRIPT[12:])
    assert loaded.to_json() == game.to_json()


def test_save_load_after_game_over_and_with_a_redo_stack():
    game = new()
    play(game, SCRIPT)
    game.undo(1)
    loaded = Game.from_json(game.to_json())
    assert loaded.redo_stack == game.redo_stack == [SCRIPT[-1]]
    assert loaded.redo(1) == 1
    game.redo(1)
    assert loaded.to_json() == game.to_json()
    short = Game.new(MAP, ["ann", "bob"], races=RACES, powers=POWERS, turns=1)
    play(short, [{"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "conquer", "region": "a"},
                 {"by": "ann", "do": "end_turn"},                  # 5 + 1 + merchant 1 = 7
                 {"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "end_turn"}])
    assert short.game_over
    again = Game.from_json(short.to_json())
    assert again.game_over and again.winners() == short.winners() == ["ann"]
    assert again.to_json() == short.to_json()


# ---------------------------------------------------------------------------------------
# Undo and redo
# ---------------------------------------------------------------------------------------
def positions(steps: list[dict], dice: list[int] | None = None) -> tuple[Game, list[str]]:
    game = new(dice)
    hashes = [game.state_hash()]
    for step in steps:
        game.apply(step)
        hashes.append(game.state_hash())
    return game, hashes


SCRIPT_LOGGED = positions(SCRIPT)[0].log  # the script with its die results


def test_undo_one_step_at_a_time_and_redo_all():
    game, hashes = positions(SCRIPT)
    final = game.to_json()
    for k in range(len(SCRIPT), 0, -1):
        assert game.undo(1) == 1
        assert game.state_hash() == hashes[k - 1]
    assert game.undo(1) == 0
    assert game.redo(len(SCRIPT)) == len(SCRIPT)
    assert game.to_json() == final
    assert game.redo(1) == 0


@pytest.mark.parametrize("k", [2, 3, 5, 8, len(SCRIPT)])
def test_undo_many_steps_at_once_then_redo(k):
    """undo(k) goes back k actions; redo(k) plays them again in their order, same dice."""
    game, hashes = positions(SCRIPT)
    final = game.to_json()
    assert game.undo(k) == k
    assert game.state_hash() == hashes[len(SCRIPT) - k]
    assert game.redo_stack == SCRIPT_LOGGED[-k:]
    assert game.redo(k) == k
    assert game.to_json() == final


def test_undo_more_than_the_log_goes_back_to_the_start():
    game, hashes = positions(SCRIPT[:5])
    assert game.undo(99) == 5
    assert game.state_hash() == hashes[0] == new().state_hash()
    assert game.undo(1) == 0


def test_a_new_action_after_undo_clears_the_redo_stack():
    game, _ = positions(SCRIPT[:3])
    game.undo(1)
    assert game.redo_stack
    game.apply({"by": "ann", "do": "conquer", "region": "d"})
    assert game.redo_stack == [] and game.redo(1) == 0


@pytest.mark.parametrize("dice", [[], [0]], ids=["seeded", "scripted"])
def test_undo_cannot_reroll_the_die(dice):
    """A rolled die comes back identical on redo and when the same action is applied again
    after undo (docs/engine.md: undo cannot be used to re-roll)."""
    for seed in range(8):
        game = new(dice, seed=seed)
        play(game, SCRIPT[:2])
        final = {"by": "ann", "do": "conquer", "region": "b", "reinforce": True}
        events = game.apply(final)
        roll = game.log[-1]["roll"]
        assert [e.data["roll"] for e in events if e.kind == "roll"] == [roll]
        text = game.to_json()
        game.undo(1)
        game.redo(1)
        assert game.to_json() == text
        game.undo(1)
        game.apply(final)
        assert game.log[-1]["roll"] == roll
        assert game.to_json() == text


# ---------------------------------------------------------------------------------------
# view, quote, events
# ---------------------------------------------------------------------------------------
def test_view_hides_the_other_players_coins_until_the_game_is_over():
    """B-SCORE-3: coin totals are private until the end (B-END-1)."""
    game = Game.new(MAP, ["ann", "bob"], races=RACES, powers=POWERS, turns=1, coins={"bob": 9})
    play(game, [{"by": "ann", "do": "pick", "combo": 0},
                {"by": "ann", "do": "conquer", "region": "a"},
                {"by": "ann", "do": "end_turn"}])                 # ann 5 + 1 + merchant 1 = 7
    assert game.view("ann")["coins"] == {"ann": 7, "bob": None}
    assert game.view("bob")["coins"] == {"ann": None, "bob": 9}
    assert game.view()["coins"] == {"ann": None, "bob": None}
    assert game.snapshot()["coins"] == {"ann": 7, "bob": 9}    # the full position keeps them
    play(game, [{"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "end_turn"}])
    assert game.game_over
    for who in ("ann", "bob", None):
        assert game.view(who)["coins"] == {"ann": 7, "bob": 9}


def test_quote_gives_the_cost_its_parts_and_why_not():
    """B-CONQ-2 parts, B-CONQ-3 minimum 1, and the refusal rule for illegal targets."""
    game = new()
    q = game.quote("a")
    assert q.reason is not None and q.reason.rule == "B-FLOW-4"  # no race yet
    play(game, SCRIPT[:2])                                        # dwarves hold a, 3 in hand
    q = game.quote("b")
    assert (q.cost, q.breakdown, q.reason) == (4, [("base", 2), ("mountain", 1), ("lost tribe", 1)],
                                               None)
    assert game.quote("s").reason.rule == "B-CONQ-4"
    assert game.quote("x").reason.rule == "B-CONQ-5"
    assert game.quote("a").reason.rule == "B-CONQ-2"
    assert game.quote("d").cost == 2 and game.quote("d").allowed
    play(game, SCRIPT[2:10])                 # bob: z 5, w 4, c 3; ann: a 2, b 3
    q = game.quote("w")                      # ann to move: 2 + 4 ratmen
    assert (q.cost, q.breakdown) == (6, [("base", 2), ("Ratmen", 4)])
    assert game.quote("a", player="bob").cost == 4                # 2 + 2 dwarves, for bob
    with pytest.raises(InputError) as err:
        game.quote("nowhere")
    assert err.value.field == "region"
    tritons = Game.new(MAP, ["ann", "bob"], races=["tritons"], powers=["commando"])
    tritons.apply({"by": "ann", "do": "pick", "combo": 0})
    q = tritons.quote("a")                   # on the sea: 2 - 1 - 1 = 0 -> 1
    assert q.cost == 1
    assert sum(v for _, v in q.breakdown) == 1
    assert ("base", 2) in q.breakdown and any(v == 1 and "min" in k for k, v in q.breakdown)


def test_events_carry_text_and_data():
    game = new()
    events = play(game, SCRIPT)
    assert events and all(isinstance(e.text, str) and e.text.strip() for e in events)
    assert all(e.kind for e in events)
    kinds = [e.kind for e in events]
    for kind in ("pick", "conquer", "roll", "loss", "score", "end_turn", "withdrawal", "redeploy"):
        assert kind in kinds, kind
    pick = next(e for e in events if e.kind == "pick")
    assert "Dwarves" in pick.text and "Merchant" in pick.text and pick.player == "ann"
    assert pick.data["tokens"] == 5 and pick.data["paid"] == 0
    conquer = next(e for e in events if e.kind == "conquer")
    assert conquer.data["region"] == "a" and conquer.data["cost"] == conquer.data["committed"] == 2
    assert "a" in conquer.text
    score = next(e for e in events if e.kind == "score")
    assert score.data["total"] == 4 and str(score.data["total"]) in score.text  # 2 + merchant 2
    loss = next(e for e in events if e.kind == "loss")
    assert (loss.data["lost"], loss.data["withdrawn"]) == (1, 3) and loss.player == "bob"
    assert all(isinstance(e.to_dict(), dict) and e.to_dict()["text"] == e.text for e in events)


# ---------------------------------------------------------------------------------------
# Malformed saved games
# ---------------------------------------------------------------------------------------
def saved() -> dict:
    game = new()
    play(game, SCRIPT[:4])
    return json.loads(game.to_json())


def _set(path: list, value):
    def change(d: dict) -> None:
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value
    return change


def _drop(key):
    return lambda d: d.pop(key)


@pytest.mark.parametrize("change, field", [
    (_set(["format"], "chess"), "format"),
    (_set(["version"], 99), "version"),
    (_drop("setup"), "setup"),
    (_set(["log"], "pick"), "log"),
    (_set(["redo"], "pick"), "redo"),
    (_set(["log", 1, "do"], "teleport"), "log[1]"),              # unknown action word
    (_set(["log", 1, "region"], "r99"), "log[1]"),               # unknown region
    (_set(["log", 1, "region"], "c"), "log[1]"),                 # an illegal conquest
    (_set(["log", 2], 5), "log[2]"),                             # not an action at all
    (_set(["redo"], [{"by": "ann", "do": "fly"}]), "redo[0].do"),
    (_set(["state"], "0123456789abcdef"), "state"),              # tampered hash
    (_set(["setup", "coins"], {"ann": 50, "bob": 5}), "state"),  # edited set-up
    (_set(["setup", "races"], ["hobbits"]), "races[0]"),
    (_set(["setup", "dice"], [6]), "dice"),
], ids=["format", "version", "setup", "log-type", "redo-type", "unknown-word", "unknown-region",
        "illegal", "not-an-action", "redo-word", "state", "edited-setup", "race", "dice"])
def test_malformed_saved_games_raise_input_error_naming_the_field(change, field):
    data = saved()
    change(data)
    with pytest.raises(InputError) as err:
        Game.from_json(json.dumps(data))
    assert err.value.field == field, str(err.value)


def test_a_saved_game_that_is_not_json():
    with pytest.raises(InputError) as err:
        Game.from_json("{this is not json")
    assert err.value.field == "file"
    with pytest.raises(InputError) as err:
        Game.from_json("[1, 2]")
    assert err.value.field == "format"


# ---------------------------------------------------------------------------------------
# Malformed scenarios
# ---------------------------------------------------------------------------------------

BAD_SCENARIOS = {
    "no-title": (lambda d: d.pop("title"), "title"),
    "no-players": (lambda d: d.pop("players"), "players"),
    "no-map": (lambda d: d.pop("map"), "map"),
    "no-steps": (lambda d: d.pop("steps"), "steps"),
    "border": (lambda d: d["map"]["borders"].append(["a", "zz"]), "map.borders[1]"),
    "race": (lambda d: d.__setitem__("races", ["hobbits"]), "races[0]"),
    "power": (lambda d: d.__setitem__("powers", ["merchant", "sneaky"]), "powers[1]"),
    "die": (lambda d: d.__setitem__("dice", [1, 4]), "dice"),
    "check": (lambda d: d["steps"].append({"check": {"mood": "good"}}), "steps[2].check.mood"),
    "word": (lambda d: d["steps"].append({"by": "ann", "do": "dance"}), "steps[2].do"),
    "terrain": (lambda d: d["map"]["regions"]["a"].__setitem__("terrain", "lava"),
                "map.regions.a.terrain"),
    "step": (lambda d: d["steps"].append("end_turn"), "steps[2]"),
    "check-region": (lambda d: d["steps"].append({"check": {"tokens": {"zz": 1}}}),
                     "steps[2].check.tokens.zz"),
    "frame": (lambda d: d["map"].__setitem__("frame", 5), "frame"),
    "notes": (lambda d: d["map"].__setitem__("notes", 5), "notes"),
}


@pytest.mark.parametrize("name", list(BAD_SCENARIOS))
def test_malformed_scenario_fails_naming_the_file_and_the_field(tmp_path, name):
    change, field = BAD_SCENARIOS[name]
    data = copy.deepcopy(GOOD)
    change(data)
    path = write_scenario(tmp_path, data, f"{name}.yaml")
    result = run_file(path)                  # never raises
    assert not result.passed
    text = "\n".join(result.failures)
    assert str(path) in text and field in text, text


@pytest.mark.parametrize("text", ["title: [unclosed\n", "- just\n- a list\n", ""],
                         ids=["not-yaml", "a-list", "empty"])
def test_a_file_that_is_no_scenario_fails_naming_the_file(tmp_path, text):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_file(path)
    assert not result.passed and str(path) in result.failures[0]


def test_the_good_scenario_passes(tmp_path):
    path = write_scenario(tmp_path, GOOD, "good.yaml")
    assert run_file(path).passed
    lines: list[str] = []
    assert run_paths([str(path)], out=lines.append) == 0
    assert lines == ["PASS good", "1 passed, 0 failed"]


def test_a_wrong_expectation_fails_naming_the_step_key_expected_and_actual(tmp_path):
    data = copy.deepcopy(GOOD)
    data["steps"][1] = {"check": {"hand": {"ann": 11}}}
    result = run_file(write_scenario(tmp_path, data, "wrong.yaml"))
    assert result.failures == ["step 2: hand.ann: expected 11, actual 10"]


def cli(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swcore", "scenario", *map(str, paths)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_cli_reports_every_file_and_a_summary_line(tmp_path):
    """FORMAT.md: one line per scenario, a last line `N passed, N failed`, exit 0 only if
    none failed, and a bad file is a failure, never a crash."""
    write_scenario(tmp_path, GOOD, "good.yaml")
    for name in ("no-title", "race", "die", "check", "word", "border"):
        data = copy.deepcopy(GOOD)
        BAD_SCENARIOS[name][0](data)
        write_scenario(tmp_path, data, f"{name}.yaml")
    (tmp_path / "broken.json").write_text("{nope", encoding="utf-8")
    run = cli(tmp_path)
    assert "Traceback" not in run.stderr, run.stderr
    lines = run.stdout.strip().splitlines()
    assert lines[-1] == "1 passed, 7 failed"
    assert run.returncode == 1
    assert sum(line.startswith("FAIL ") for line in lines) == 7
    assert sum(line.startswith("PASS ") for line in lines) == 1
    ok = cli(tmp_path / "good.yaml")
    assert ok.returncode == 0 and ok.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_cli_runs_the_rule_section_scenarios():
    run = cli(ROOT / "tests" / "scenarios" / "rules" / "b-setup-2p.yaml")
    assert run.returncode == 0, run.stdout
    assert run.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"


# ---------------------------------------------------------------------------------------
# Unknown ids and actions out of turn
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, field", [
    ({"races": ["ratmen", "hobbits"]}, "races[1]"),
    ({"powers": ["sneaky"]}, "powers[0]"),
    ({"board": "base-9p"}, "map"),
    ({"players": ["ann", "ann"]}, "players"),
    ({"players": ["ann"]}, "players"),
    ({"dice": [5]}, "dice"),
    ({"coins": {"zed": 3}}, "coins.zed"),
    ({"options": {"edition": "1066"}}, "options.edition"),
])
def test_bad_setups_name_the_field(kwargs, field):
    args = {"board": MAP, "players": ["ann", "bob"], **kwargs}
    board, players = args.pop("board"), args.pop("players")
    with pytest.raises(InputError) as err:
        Game.new(board, players, **args)
    assert err.value.field == field


def test_unknown_regions_and_players_in_actions_name_the_field():
    game = new()
    game.apply({"by": "ann", "do": "pick", "combo": 0})
    before = game.to_json()
    cases = [({"by": "ann", "do": "conquer", "region": "r99"}, "region"),
             ({"by": "zed", "do": "end_turn"}, "by"),
             ({"by": "ann", "do": "teleport"}, "action.do"),
             ({"by": "ann", "do": "conquer"}, "action.region"),
             ({"by": "ann", "do": "pick", "combo": "top"}, "action.combo")]
    for action, field in cases:
        with pytest.raises(InputError) as err:
            game.apply(action)
        assert err.value.field == field, action
        assert game.to_json() == before
    game.apply({"by": "ann", "do": "conquer", "region": "a"})
    with pytest.raises(InputError) as err:
        game.apply({"by": "ann", "do": "redeploy", "tokens": {"a": 3, "zz": 2}})
    assert err.value.field == "tokens.zz"


def test_apply_refuses_what_is_not_an_action():
    game = new()
    before = game.to_json()
    for junk in (5, None, "pick", ["ann", "pick"]):
        with pytest.raises(InputError):
            game.apply(junk)
        assert game.to_json() == before


def test_actions_out_of_turn_name_the_rule():
    game = new()
    before = game.to_json()
    with pytest.raises(RuleError) as err:
        game.apply({"by": "bob", "do": "pick", "combo": 0})
    assert err.value.rule == "B-FLOW-1" and game.to_json() == before
    with pytest.raises(RuleError) as err:
        game.apply({"by": "ann", "do": "dragon", "region": "a"})   # no race, no Dragon
    assert err.value.rule.startswith("B-")
    play(game, SCRIPT[:2])
    with pytest.raises(RuleError) as err:
        game.apply({"by": "ann", "do": "dragon", "region": "c"})   # not a Dragon Master
    assert err.value.rule == "B-POW-DRAGONMASTER-1"
    play(game, SCRIPT[2:12])                 # bob's withdrawn tokens wait (B-LOSS-2)
    assert game.current == "bob" and game.to_act == "bob"
    with pytest.raises(RuleError) as err:
        game.apply({"by": "bob", "do": "conquer", "region": "a"})   # place them first
    assert err.value.rule == "B-LOSS-2"
    with pytest.raises(RuleError) as err:
        game.apply({"by": "ann", "do": "end_turn"})
    assert err.value.rule in ("B-LOSS-2", "B-FLOW-1")


def test_withdrawn_tokens_only_go_where_the_race_is_and_counts_only_grow():
    """B-LOSS-2: the defender adds the withdrawn tokens to regions the race still holds."""
    game = new()
    play(game, SCRIPT[:12])                  # bob: z 5, c 3 and 3 withdrawn
    before = game.to_json()
    for tokens in ({"z": 8, "c": 2}, {"z": 5, "c": 5}, {"z": 5, "c": 3, "a": 3}, {"z": 11}):
        with pytest.raises(SwError):
            game.apply({"by": "bob", "do": "redeploy", "tokens": tokens})
        assert game.to_json() == before, tokens
    game.apply({"by": "bob", "do": "redeploy", "tokens": {"z": 5, "c": 6}})
    assert not game.queue and game.to_act == "bob"


def test_withdrawals_go_clockwise_from_the_attacker():
    """A-BASE-20: after cat's turn, ann (next clockwise) places before bob."""
    m = {"regions": {r: {"terrain": "forest", "edge": True} for r in "xabcy"},
         "borders": [["x", "a"], ["a", "b"], ["b", "c"], ["c", "y"]]}
    game = Game.new(m, ["ann", "bob", "cat"], races=["humans", "orcs", "ratmen"],
                    powers=["hill", "swamp", "forest"])
    play(game, [
        {"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "conquer", "region": "x"},
        {"by": "ann", "do": "conquer", "region": "a"},
        {"by": "ann", "do": "redeploy", "tokens": {"x": 6, "a": 3}}, {"by": "ann", "do": "end_turn"},
        {"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "conquer", "region": "y"},
        {"by": "bob", "do": "conquer", "region": "c"},
        {"by": "bob", "do": "redeploy", "tokens": {"y": 6, "c": 3}}, {"by": "bob", "do": "end_turn"},
        {"by": "cat", "do": "pick", "combo": 0}, {"by": "cat", "do": "conquer", "region": "b"},
        {"by": "cat", "do": "conquer", "region": "c"},   # bob's first
        {"by": "cat", "do": "conquer", "region": "a"},
        {"by": "cat", "do": "end_turn"},
    ])
    assert game.current == "ann" and game.to_act == "ann"
    with pytest.raises(RuleError):
        game.apply({"by": "bob", "do": "redeploy", "tokens": {"y": 8}})
    game.apply({"by": "ann", "do": "redeploy", "tokens": {"x": 8}})
    assert game.to_act == "bob"
    game.apply({"by": "bob", "do": "redeploy", "tokens": {"y": 8}})
    assert game.to_act == "ann" and not game.queue


def test_is_legal_and_why_illegal_change_nothing():
    game = new()
    play(game, SCRIPT[:2])
    before = game.to_json()
    assert game.is_legal(Action(by="ann", do="conquer", region="d"))
    err = game.why_illegal(Action(by="ann", do="conquer", region="s"))
    assert isinstance(err, RuleError) and err.rule == "B-CONQ-4"
    assert game.to_json() == before
    assert not game.is_legal({"by": "bob", "do": "end_turn"})
    assert game.to_json() == before


def test_after_the_game_is_over_nothing_is_accepted():
    game = Game.new(MAP, ["ann", "bob"], races=RACES, powers=POWERS, turns=1)
    play(game, [{"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "end_turn"},
                {"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "end_turn"}])
    assert game.game_over and game.legal_actions() == [] and game.to_act is None
    with pytest.raises(RuleError) as err:
        game.apply({"by": "ann", "do": "end_turn"})
    assert err.value.rule == "B-END-1"


def test_a_shared_win_when_coins_and_tokens_tie():
    """B-END-2 / A-BASE-12: still tied after the tie-break, both win."""
    game = Game.new(MAP, ["ann", "bob"], races=RACES, powers=POWERS, turns=1)
    play(game, [{"by": "ann", "do": "pick", "combo": 0}, {"by": "ann", "do": "end_turn"},
                {"by": "bob", "do": "pick", "combo": 0}, {"by": "bob", "do": "end_turn"}])
    assert game.coins == [5, 5] and game.winners() == ["ann", "bob"]
    assert [r["winner"] for r in game.standings()] == [True, True]


def test_B_SETUP_3_view_hides_the_order_of_the_stacks():
    """Only the six visible combos are known at the table; the view gives the stacks' sizes."""
    from swcore import Game

    game = Game.new("base-2p", ["ann", "bob"], seed=3)
    view = game.view("ann")
    assert view["race_stack"] == 8 and view["power_stack"] == 14
    assert game.snapshot()["race_stack"] == game.race_stack


def test_B_COMBO_6_a_revealed_tile_carries_the_number_the_table_reads():
    """B-COMBO-6 (table-entered column), B-COMBO-4: a tile whose printed number no source
    confirms is entered with it when revealed; the combo then gives banner + badge tokens."""
    g = Game.new("base-2p", ["ann", "bob"], seed=1, stacks="table",
                 races=["ratmen", "elves", "dwarves", "humans", "orcs", "wizards"],
                 powers=["merchant", "hill", "forest", "alchemist", "swamp", "wealthy"])
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "bob", "do": "reveal", "race": "ghouls", "player": "flying",
             "race_value": 4, "power_value": 6})
    assert g.value_of("ghouls") == 4 and g.value_of("flying") == 6
    g.undo()
    assert g.value_of("ghouls") == 5  # the catalogue's number again once undone
    with pytest.raises(RuleError):
        g.apply({"by": "bob", "do": "reveal", "race": "ghouls", "player": "flying", "race_value": 99})


def test_B_COMBO_6_printed_unknown_says_which_numbers_the_table_must_give():
    """B-COMBO-6, catalogue `confirmed`: the printed number of a tile no confirmed source gives
    (Goblins) is unknown until the set-up's `values` or a `reveal` gives it; a confirmed tile
    (Ghouls) never is; the reveal word links each number to the tile it is printed on."""
    from swcore.words import WORDS

    assert {k: p.of for k, p in WORDS["reveal"].params.items() if p.of} == \
        {"race_value": "race", "power_value": "player"}
    races = ["ratmen", "elves", "dwarves", "humans", "orcs", "wizards"]
    powers = ["merchant", "hill", "forest", "alchemist", "swamp", "wealthy"]
    g = Game.new("base-2p", ["ann", "bob"], seed=1, stacks="table", races=races, powers=powers,
                 expansions=["cursed"])
    assert g.printed_unknown("goblins") and g.printed_unknown("were")
    assert not g.printed_unknown("ghouls") and not g.printed_unknown("hordes_of")
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "bob", "do": "reveal", "race": "goblins", "player": "flying", "race_value": 6})
    assert not g.printed_unknown("goblins") and g.log[-1]["race_value"] == 6
    g.undo()
    assert g.printed_unknown("goblins")
    given = Game.new("base-2p", ["ann", "bob"], seed=1, stacks="table", races=races,
                     powers=powers, expansions=["cursed"], values={"goblins": 6})
    assert not given.printed_unknown("goblins")
