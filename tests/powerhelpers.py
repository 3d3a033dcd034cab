"""The helpers of test_powers.py and test_powers_more.py: inline maps, refusals, counts."""

from __future__ import annotations

from typing import Any

import pytest
from gamehelpers import act

from swcore import Game, RuleError

FILLER = ["elves", "dwarves", "orcs", "wizards", "trolls", "giants", "skeletons", "amazons"]
POWER_FILLER = ["merchant", "hill", "forest", "swamp", "commando", "alchemist", "flying", "stout"]


def region(terrain: str, edge: bool = False, lost_tribe: bool = False, *symbols: str) -> dict:
    spec: dict[str, Any] = {"terrain": terrain}
    if edge:
        spec["edge"] = True
    if lost_tribe:
        spec["lost_tribe"] = True
    if symbols:
        spec["symbols"] = list(symbols)
    return spec


def new(regions: dict, borders: str, races: list[str], powers: list[str],
        players: tuple[str, ...] = ("ann", "bob"), **kw: Any) -> Game:
    """A game on an inline map; `borders` is "a-b b-c ..."; the first combos are `races`/`powers`."""
    pairs = [pair.split("-") for pair in borders.split()]
    races = races + [r for r in FILLER if r not in races]
    powers = powers + [p for p in POWER_FILLER if p not in powers]
    return Game.new({"regions": regions, "borders": pairs}, list(players), races=races,
                    powers=powers, **kw)


def refuse(game: Game, by: str, do: str, **kw: Any) -> RuleError:
    """The action is refused with a RuleError and the game is left exactly as it was."""
    before = game.to_json()
    with pytest.raises(RuleError) as info:
        act(game, by, do, **kw)
    assert game.to_json() == before
    return info.value


def committed(events: list) -> int:
    return next(e.data["committed"] for e in events if e.kind == "conquer")


def tok(game: Game, rid: str) -> int:
    return game.tokens[game.board.index[rid]]


def owner(game: Game, rid: str) -> str | None:
    o = game.owner[game.board.index[rid]]
    return None if o is None else game.players[o]


def mark(game: Game, kind: str, rid: str) -> int:
    return game.mk[kind][game.board.index[rid]]


def scored(game: Game, player: str) -> int:
    return sum(it["coins"] for it in game.last_score[game.players.index(player)])



def coins(game: Game, player: str) -> int:
    return game.coins[game.players.index(player)]


# A line of four land regions on the edge: a farmland, b hill, c forest, d swamp.
LINE4 = {"a": region("farmland", True), "b": region("hill", True),
         "c": region("forest", True), "d": region("swamp", True)}
LINE4_BORDERS = "a-b b-c c-d"

