"""Bad input anywhere gets a clear message and changes nothing (the reliability probes' E1-E7:
a list or number where a word is expected, out-of-range values in Action objects, huge
numbers, deep nesting, a bug mid-action)."""

from __future__ import annotations

import json

import pytest

from swcore import Action, Game
from swcore.errors import InputError


def fresh() -> Game:
    return Game.new("base-2p", ["ann", "bob"], seed=3)


@pytest.mark.parametrize("bad", [
    {"by": "ann", "do": ["pick"]},                      # E1
    {"by": "ann", "do": {"x": 1}},
    {"by": "ann", "do": "pick", "combo": 0, 5: 1},     # E2: an integer key (YAML)
    {"by": "ann", "do": "pick", "combo": -1},
    {"by": "ann", "do": "conquer", "region": 10**30},  # E6: a number too long for a name
    {"by": 7, "do": "end_turn"},
    {"by": "ann", "do": "redeploy", "tokens": {"r1": -2}},
    {"by": "ann", "do": "redeploy", "tokens": [1, 2]},
    "pick",
])
def test_a_malformed_dict_action_is_an_input_error_and_changes_nothing(bad):
    g = fresh()
    before = g.to_json()
    with pytest.raises(InputError):
        g.apply(bad)
    assert g.to_json() == before
    if isinstance(bad, dict):
        assert isinstance(g.why_illegal(bad), InputError)


@pytest.mark.parametrize("kwargs", [
    {"do": "pick", "combo": -1}, {"do": "pick", "combo": 10**6},                # E3
    {"do": "conquer", "region": "r1", "reinforce": True, "roll": 100},          # E4
    {"do": "berserk", "roll": -2}, {"do": "conquer", "region": ""},
    {"do": "nonsense"},
])
def test_an_action_object_with_an_out_of_range_value_is_refused_when_built(kwargs):
    with pytest.raises(InputError):
        Action("ann", **kwargs)


def test_a_bug_mid_action_leaves_the_position_as_it_was(monkeypatch):
    """E5: whatever goes wrong inside an action, the state is the one before it."""
    g = fresh()
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    before = g.to_json()

    def broken(*args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(type(g), "_take", broken)
    target = next(a for a in g.legal_actions() if a.do == "conquer")
    with pytest.raises(ZeroDivisionError):
        g.apply(target)
    monkeypatch.undo()
    assert g.to_json() == before


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,                                              # E7
    '{"format": "swcore-game", "version": ' + "9" * 5000 + "}",                 # E6
    '{"format": "swcore-game", "version": true, "setup": {}}',
    "\udcff not json",
    "x" * 20_000_001,
])
def test_a_hostile_save_file_is_refused_cleanly(text):
    with pytest.raises(InputError):
        Game.from_json(text)


def test_a_save_with_a_tampered_redo_entry_is_refused():
    g = fresh()
    data = json.loads(g.to_json())
    data["redo"] = [{"by": "ann", "do": "pick", "combo": "zero"}]
    with pytest.raises(InputError):
        Game.from_dict(data)
