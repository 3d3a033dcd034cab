"""The scenario runner with the expansion vocabulary v2 (FORMAT.md) and hostile files.

A file needing what the engine lacks (an expansion, a set-up key, a rule option, a word or an
argument, a terrain, a check key) fails with one line naming each missing thing; a hostile file
is refused quickly, naming the file, never with a traceback. Malformed v1 scenarios are in
test_game_api.py, the passing suites in test_scenarios.py.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from gamehelpers import GOOD_SCENARIO as GOOD
from gamehelpers import write_scenario as write

from swcore import checks
from swcore.game import make_setup
from swcore.rules import available_modules
from swcore.safeload import MAX_BYTES
from swcore.scenario import run_file, run_paths

ROOT = Path(__file__).resolve().parent.parent
EXPANSIONS = ROOT / "tests" / "conformance" / "examples-expansions"



# --- what the engine lacks is named, once, on one line ----------------------------------------
MISSING = {
    "expansion": (lambda d: d.update(expansions=["realms"]),
                  "expansions[0]: expansion 'realms' is not implemented yet"),
    "set-up key": (lambda d: d.update(realms_scenario=3),
                   "realms_scenario: set-up key 'realms_scenario' is not implemented yet"),
    "option": (lambda d: d.update(options={"night_day_history": "persistent"}),
               "options.night_day_history: rule option 'night_day_history' is not implemented yet"),
    "word": (lambda d: d["steps"].append({"by": "ann", "do": "peak_coins"}),
             "steps[2].do: word 'peak_coins' is not declared"),
    "argument": (lambda d: d["steps"].insert(0, {"by": "ann", "do": "pick", "combo": 0,
                                                  "crown": 1}),  # every FORMAT v2 one is declared
                 "steps[0].crown: argument 'crown' of word 'pick' is not declared"),
    "check key": (lambda d: d["steps"].append({"check": {"hoard": 3}}),
                  "steps[2].check.hoard: check key 'hoard' is not implemented yet"),
    "symbol": (lambda d: d["map"]["regions"]["b"].update(symbols=["coin_mine"]),
               "map.regions.b.symbols: symbol 'coin_mine' (realms) is not implemented yet"),
    "tunnels": (lambda d: d["map"].update(tunnels=[["a", "c"]], regions={
        **d["map"]["regions"], "c": {"terrain": "hill"}}),
        "map.tunnels: tunnels (realms) are not implemented yet"),
}


@pytest.mark.parametrize("name", list(MISSING))
def test_a_missing_feature_is_one_clear_failure(tmp_path, name):
    change, message = MISSING[name]
    data = copy.deepcopy(GOOD)
    change(data)
    result = run_file(write(tmp_path, data))
    assert len(result.failures) == 1, result.failures
    assert message in result.failures[0] and str(tmp_path) in result.failures[0]
    assert result.missing and result.game is None


def test_a_pool_set_without_its_expansion_is_one_failure_naming_pool(tmp_path):
    """FORMAT v2 `pool`: every set of the stacks is implemented, so a set named without its
    expansion in play is an invalid set-up naming the field, not a missing feature."""
    data = copy.deepcopy(GOOD)
    data["pool"] = ["base", "underground"]
    result = run_file(write(tmp_path, data))
    assert len(result.failures) == 1 and not result.missing and result.game is None
    assert "pool[1]: the set 'underground' needs that expansion in play" in result.failures[0]


def test_repeats_are_named_once(tmp_path):
    data = copy.deepcopy(GOOD)
    data["steps"] += [{"check": {"hoard": 0}}] * 3
    [line] = run_file(write(tmp_path, data)).failures
    assert line.count("'hoard'") == 1 and "steps[2].check.hoard (+2 more)" in line


def test_only_base_is_available_today_and_v2_keys_are_known(tmp_path):
    assert "base" in available_modules()
    data = copy.deepcopy(GOOD)
    data["pool"] = ["base"]  # the default: nothing is missing
    assert run_file(write(tmp_path, data)).passed


def test_a_check_key_added_to_the_registry_is_checked(tmp_path):
    """Modules add keys to swcore.checks.CHECKS; the runner needs no change."""
    def regions(game, want, where):
        return [("regions", want, len(game.board))]

    checks.register("regions", regions)
    try:
        data = copy.deepcopy(GOOD)
        data["steps"].append({"check": {"regions": 2}})
        assert run_file(write(tmp_path, data)).passed
        data["steps"][-1] = {"check": {"regions": 3}}
        assert run_file(write(tmp_path, data)).failures == [
            "step 3: regions: expected 3, actual 2"]
        with pytest.raises(ValueError):
            checks.register("regions", lambda g, w, f: [])
    finally:
        del checks.CHECKS["regions"]


def test_six_seats_only_with_necromancer_or_realms(tmp_path):
    """R-GEN-6, A-NEC-01: six players play 8 turns on the five-player map."""
    names = ["a", "b", "c", "d", "e", "f"]
    assert make_setup("base-5p", names)["turns"] == 8
    data = copy.deepcopy(GOOD)
    data["players"] = names
    [line] = run_file(write(tmp_path, data)).failures
    assert "players" in line and "one of: necromancer, realms" in line


def test_the_expansion_examples_each_fail_on_one_line_naming_the_expansion():
    assert len(list(EXPANSIONS.glob("*.yaml"))) == 7  # one per rule set, in the repository
    for path in sorted(EXPANSIONS.glob("*.yaml")):
        result = run_file(path)
        data = yaml.safe_load(path.read_text("utf-8"))
        missing = [e for e in data["expansions"] if e not in available_modules()]
        if not missing:  # an implemented expansion's example must pass
            assert not result.failures, (path, result.failures)
            continue
        assert len(result.failures) == 1, path
        assert any(f"expansion '{exp}' is not implemented yet" in result.failures[0]
                   for exp in missing)


def test_cli_on_the_expansion_examples_fails_cleanly():
    run = subprocess.run([sys.executable, "-m", "swcore", "scenario", str(EXPANSIONS)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert "Traceback" not in run.stderr + run.stdout
    lines = run.stdout.strip().splitlines()
    n = len(list(EXPANSIONS.glob("*.yaml")))
    done = sum(all(e in available_modules() for e in yaml.safe_load(p.read_text("utf-8"))["expansions"])
               for p in EXPANSIONS.glob("*.yaml"))  # the examples of implemented expansions pass
    assert run.returncode == (1 if done < n else 0)
    assert lines[-1] == f"{done} passed, {n - done} failed"
    assert sum(line.startswith("FAIL ") for line in lines) == n - done
    assert sum(line.startswith("PASS ") for line in lines) == done


# --- hostile files: refused quickly, naming the file --------------------------------------------
def _bomb() -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for k in range(1, 9):
        lines.append(f"a{k}: &a{k} [" + ", ".join([f"*a{k - 1}"] * 9) + "]")
    return "\n".join(lines) + "\ntitle: bomb\nplayers: [a, b]\nmap: base-2p\nsteps: [*a8]\n"


HOSTILE = {
    "alias-bomb.yaml": _bomb().encode(),
    "recursive-alias.yaml": b"title: &t [*t]\nplayers: [a, b]\nmap: base-2p\nsteps: []\n",
    "deep.yaml": b"title: x\nsteps: " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "deep.json": b'{"title": "x", "steps": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "huge-int.yaml": b"title: x\nplayers: [a, b]\nmap: base-2p\nseed: " + b"9" * 5000 + b"\nsteps: []\n",
    "huge-int.json": b'{"title": "x", "seed": ' + b"9" * 5000 + b"}",
    "latin1.yaml": "title: café\n".encode("latin-1"),
    "big.yaml": b"title: x\n# " + b"x" * MAX_BYTES + b"\n",
    "duplicate.yaml": b"title: x\ntitle: y\nplayers: [a, b]\nmap: base-2p\nsteps: []\n",
    "duplicate.json": b'{"title": "x", "title": "y"}',
    "python-tag.yaml": b"title: !!python/object/apply:os.system [echo hi]\n",
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_files_are_refused_quickly(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(HOSTILE[name])
    start = time.perf_counter()
    result = run_file(path)
    assert time.perf_counter() - start < 5
    assert not result.passed and str(path) in result.failures[0]
    assert "engine error" not in result.failures[0], result.failures[0]


def test_a_device_is_read_no_further_than_the_limit():
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    result = run_file("/dev/zero")
    assert not result.passed and "larger than" in result.failures[0]


def test_cli_on_hostile_files_prints_no_traceback(tmp_path):
    for name, raw in HOSTILE.items():
        (tmp_path / name).write_bytes(raw)
    lines: list[str] = []
    assert run_paths([str(tmp_path)], out=lines.append) == 1
    assert lines[-1] == f"0 passed, {len(HOSTILE)} failed"


def test_json_scenarios_are_read_like_yaml(tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    assert run_file(path).passed


def test_values_and_supply_override_the_printed_numbers(tmp_path):
    """FORMAT v2 `values` and `supply`: the number on a banner or badge and a box count, for
    numbers with one source or none (B-COMBO-4: a combo gives banner + badge tokens; B-DEF-8:
    never more than the box holds)."""
    data = copy.deepcopy(GOOD)
    data.update(races=["ratmen", "elves", "dwarves", "humans", "orcs", "wizards"],
                powers=["alchemist", "hill", "forest", "merchant", "swamp", "wealthy"],
                values={"ratmen": 3, "alchemist": 2}, supply={"elves": 4})
    data["steps"] = [{"by": "ann", "do": "pick", "combo": 0}, {"check": {"hand": {"ann": 5}}},
                     {"by": "bob", "do": "end_turn", "rejected": True}]
    result = run_file(write(tmp_path, data))
    assert result.passed, result.failures
    assert result.game.box_of("elves") == 4 and result.game.value_of("ratmen") == 3


def test_the_core_check_keys_markers_coins_on_and_pieces(tmp_path):
    """FORMAT v2 checks `markers` (B-RACE-TROLLS-1: a Lair in each region the Trolls take),
    `coins_on` and `pieces` read the core's state, whatever module fills it."""
    data = copy.deepcopy(GOOD)
    data.update(races=["trolls"], powers=["merchant"])
    data["steps"] = [{"by": "ann", "do": "pick", "combo": 0},
                     {"by": "ann", "do": "conquer", "region": "a"},
                     {"check": {"markers": {"a": {"lair": 1, "fortress": 0}}, "coins_on": {"a": 0},
                                "pieces": {"dragon_of_nowhere": None}}},
                     {"check": {"markers": {"a": {"lair": 2}}}}]
    result = run_file(write(tmp_path, data))
    assert len(result.failures) == 1 and "markers.a.lair" in result.failures[0]
