"""B-SCORE as one function: what a player's races earn at the end of a turn, item by item.

Shared by the map game (`Game._score`) and the score sheet (`swcore.scoresheet`, which scores a
stand-in board built from the counts the table entered), so a race's or power's bonus is
written once, in its effect's `score_bonus`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .catalogue import race_name

if TYPE_CHECKING:
    from .game import Game


def score_items(game: Game, seat: int) -> list[dict[str, Any]]:
    """B-SCORE-1, -2, -4: 1 coin per region of every race of the player (active first), then
    each race's and power's bonus; items are {what, coins, rule, regions}."""
    items: list[dict[str, Any]] = []
    races = ([game.active[seat]] if game.active[seat] else []) + game.declined[seat]
    base = game.board.base_cost  # a region never conquered scores nothing (X-NEC-17)
    for race in races:
        army = game.armies[race]
        held = [i for i in game.regions_of(race) if base[i] is not None]
        name = race_name(race) + (" (in decline)" if army.declined else "")
        items.append({"what": f"{name}: {len(held)} region{'s' if len(held) != 1 else ''}",
                      "coins": len(held), "rule": "B-SCORE-1",
                      "regions": [game.board.ids[i] for i in held]})
        for ab in game.effects_with(army, "score_bonus"):  # the effects that give a bonus
            for label, coins in ab.score_bonus(game, army, held):
                items.append({"what": label, "coins": coins, "rule": ab.rule, "regions": []})
    return items
