"""Small helpers shared by the rule tests: build a game on an inline map, act, check refusals;
the openings many tests share; the one way to skip for a file outside the repository."""

from pathlib import Path
from typing import Any

import pytest
import yaml

from swcore import Game, RuleError


def region(terrain: str, edge: bool = False, lost_tribe: bool = False,
           symbols: list[str] | None = None) -> dict[str, Any]:
    """One region of an inline map (the scenario format's fields)."""
    r: dict[str, Any] = {"terrain": terrain}
    if edge:
        r["edge"] = True
    if lost_tribe:
        r["lost_tribe"] = True
    if symbols:
        r["symbols"] = symbols
    return r


def new(board: dict[str, Any], races: list[str], powers: list[str], **kw: Any) -> Game:
    return Game.new(board, kw.pop("players", ["ann", "bob"]), races=races, powers=powers, **kw)


def act(game: Game, by: str, do: str, **kw: Any) -> list[Any]:
    """Apply one action; defenders then place withdrawn tokens by the format's default."""
    events = game.apply({"by": by, "do": do, **kw})
    while game.queue:
        events += game.apply(game.default_withdrawal())
    return events


def turn(game: Game, by: str, *regions: str, pick: int | None = None, decline: bool = False,
         end: bool = True) -> list[Any]:
    """One turn of `by` as a table plays it: pick combo `pick` (if given), conquer `regions` in
    order, go into decline (if asked), end the turn (unless end=False). Returns the events."""
    events = [] if pick is None else act(game, by, "pick", combo=pick)
    for rid in regions:
        events += act(game, by, "conquer", region=rid)
    if decline:
        events += act(game, by, "decline")
    if end:
        events += act(game, by, "end_turn")
    return events


def refused(game: Game, by: str, do: str, **kw: Any) -> str:
    """The rule ID of the refusal; the game must be unchanged."""
    before = game.to_json()
    with pytest.raises(RuleError) as err:
        game.apply({"by": by, "do": do, **kw})
    assert game.to_json() == before
    return err.value.rule


def at(game: Game, rid: str) -> int:
    return game.board.index[rid]


def tokens(game: Game, rid: str) -> int:
    return game.tokens[at(game, rid)]


def owner(game: Game, rid: str) -> str | None:
    o = game.owner[at(game, rid)]
    return None if o is None else game.players[o]


def last_scored(game: Game, player: str) -> int:
    return sum(item["coins"] for item in game.last_score[game.players.index(player)])


#: Begins the reason of every skip for a file outside the repository: tests/conftest.py counts
#: and lists them at the end of the run, so such a skip is never silent.
OUTSIDE = "needs a file outside the repository: "


def skip_outside(path: Path, what: str) -> None:
    """Skip because `path`, beside the clone but not in it, is missing (loud: see OUTSIDE)."""
    pytest.skip(f"{OUTSIDE}{what} ({path} is absent)")


#: A known-good scenario (FORMAT v1): Ratmen + Merchant picked, 10 tokens in hand (B-COMBO-2).
#: Tests change a deep copy of it to make a malformed or a failing one.
GOOD_SCENARIO: dict[str, Any] = {
    "title": "good",
    "players": ["ann", "bob"],
    "map": {"regions": {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "forest"}},
            "borders": [["a", "b"]]},
    "races": ["ratmen"],
    "powers": ["merchant"],
    "steps": [{"by": "ann", "do": "pick", "combo": 0}, {"check": {"hand": {"ann": 10}}}],
}


def write_scenario(folder: Path, data: dict[str, Any], name: str = "s.yaml") -> Path:
    """The scenario written as a YAML file in `folder`; returns its path."""
    path = folder / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def bonus(game, player: str, rule: str) -> int:
    """The coins `player` scored last under `rule` (a race's or power's bonus line)."""
    return sum(item["coins"] for item in game.last_score[game.players.index(player)]
               if item["rule"] == rule)
