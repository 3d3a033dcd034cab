"""A stored game always reopens (review 2026-11-27, N1): every game of the golden set
(tests/golden/), and each again with its players renamed to names with joined emoji, replays,
saves, loads back to the same position and comes back the same after undo and redo.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from swcore import Game
from swcore.errors import InputError

GOLDEN = Path(__file__).resolve().parent / "golden"
with gzip.open(GOLDEN / "games.jsonl.gz", "rt", encoding="utf-8") as _f:
    GAMES = {row["name"]: row for row in map(json.loads, _f)}
SAVES = sorted(p for p in (GOLDEN / "saves-v1").glob("*.json") if p.name != "expected.json")
#: Names the app accepts, each with emoji joined by U+200D (and a variation selector).
EMOJI = ["Ann 👩\u200d💻", "Bob 👨\u200d👩\u200d👧", "Cleo 🏳\ufe0f\u200d🌈", "Dev 🧑🏽\u200d🚀",
         "Eve ❤\ufe0f\u200d🔥"]


def renamed(row: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The golden game's set-up and log with each player renamed (seat k gets EMOJI[k])."""
    names = dict(zip(row["setup"]["players"], EMOJI, strict=False))
    setup = {**row["setup"], "players": [names[p] for p in row["setup"]["players"]],
             "coins": {names[p]: c for p, c in row["setup"]["coins"].items()}}
    log = [{**e, "by": names[e["by"]], **({"player": names[e["player"]]} if e.get("player") in names
                                           else {})} for e in row["log"]]
    return setup, log


def reopens(game: Game) -> None:
    """Save, load, undo and redo give back the same game."""
    text = game.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text
    steps = min(3, len(game.log))
    assert game.undo(steps) == steps and game.redo(steps) == steps
    assert game.to_json() == text


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_golden_game_reopens_as_played_and_with_joined_emoji_names(name):
    row = GAMES[name]
    played = Game.from_dict({"format": "swcore-game", "version": 2, "setup": row["setup"],
                             "log": row["log"]})
    reopens(played)
    setup, log = renamed(row)
    emoji = Game.from_dict({"format": "swcore-game", "version": 2, "setup": setup, "log": log})
    assert emoji.coins == played.coins and emoji.tokens == played.tokens
    assert emoji.winners() == [EMOJI[played.players.index(p)] for p in played.winners()]
    reopens(emoji)


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_every_golden_save_file_reopens(path):
    reopens(Game.from_json(path.read_text(encoding="utf-8")))


def test_a_save_of_earlier_rules_loads_and_an_edited_one_of_these_rules_is_refused():
    """Saves keep loading across rule fixes: a save written before the rules' revision was
    recorded (no "rules" key) is replayed under today's rules, its old state hash not compared;
    a save of today's revision whose state does not match its log is refused as edited."""
    from swcore.saves import RULES_REVISION

    g = Game.new("base-2p", ["ann", "bob"], seed=4)
    g.apply(g.legal_actions()[0])
    save = json.loads(g.to_json())
    assert save["rules"] == RULES_REVISION
    save["state"] = "0" * len(save["state"])
    with pytest.raises(InputError) as err:
        Game.from_dict(save)
    assert err.value.field == "state"
    del save["rules"]
    assert Game.from_dict(save).state_hash() == g.state_hash()
