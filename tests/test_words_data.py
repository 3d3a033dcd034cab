"""Action words are data (issue 9, item 2): each module's words-<id>.yaml is the only place a
word is declared, and a malformed file is refused with the file and the key named."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

import swcore.rules.all  # noqa: F401  (registers every module and its words)
from swcore import words
from swcore.rules.registry import MODULES
from swcore.words import WORDS, Kind


def _data(module: str) -> dict:
    path = resources.files("swcore").joinpath("data", f"words-{module}.yaml")
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}


def test_every_word_and_added_parameter_comes_from_a_module_data_file():
    """Each registered word is declared in exactly one module's file; each parameter another
    module adds is listed under that module's `extend` (B-COMBO-2 `pick`, A-LEAD-01 `ransom`)."""
    owners: dict[str, list[str]] = {}
    for module in MODULES:
        for wid in (_data(module).get("words") or {}):
            owners.setdefault(wid, []).append(module)
    assert set(owners) == set(WORDS)
    assert all(len(m) == 1 for m in owners.values()), owners
    assert owners["pick"] == ["base"] and owners["ransom"] == ["leaders"]
    for wid, word in WORDS.items():
        for name, param in word.params.items():
            if param.module:
                assert name in _data(param.module)["extend"][wid]


def test_loaded_word_keeps_its_kinds_and_flags():
    """B-CONQ-2: `conquer` takes a region (required), a die and flags, plus the Leader flag
    added by the Leaders module (X-LEAD-1) and marked as that module's."""
    conquer = WORDS["conquer"]
    assert conquer.rule == "B-CONQ-2" and conquer.place == "region"
    assert conquer.params["region"].kind is Kind.REGION and conquer.params["region"].required
    assert conquer.params["roll"].kind is Kind.DIE
    assert conquer.params["leader"].module == "leaders"
    assert {"reinforce", "leader"} <= conquer.flags
    assert WORDS["end_turn"].confirm and WORDS["end_turn"].place == "bar"


@pytest.mark.parametrize("text, message", [
    ("words:\n  zap: {rule: X, label: a, sentence: b, colour: red}\n", "zap: keys are"),
    ("words:\n  zap: {rule: X, label: a, sentence: b, params: {x: {required: true}}}\n",
     "zap.x: a mapping with 'kind'"),
    ("extend:\n  nosuchword: {x: {kind: flag}}\n", "which no earlier module declares"),
    ("verbs: {}\n", "only 'words' and 'extend'"),
])
def test_malformed_word_file_is_refused_naming_file_and_key(monkeypatch, tmp_path, text, message):
    """A word file with an unknown key, a parameter without a kind, or an extension of an
    undeclared word is refused at load with its file named; nothing is registered."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "words-broken.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(words.resources, "files", lambda package: tmp_path)
    before = dict(WORDS)
    with pytest.raises(ValueError, match=message) as err:
        words.load("broken")
    assert "words-broken.yaml" in str(err.value)
    assert WORDS == before
