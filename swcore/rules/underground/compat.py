"""U-COMPAT-1, AU-68: races and powers whose ability can no longer apply on the map in use are
taken out of the stacks before the game (a River or a Sea counts for the other, U-COMPAT-2; the
Underground terrains count as their surface kinds, U-COMPAT-5, swcore/data/terrains.csv). A
set-up naming one in its `races` or `powers` keeps it; the set-up key `removed` (a list of ids)
replaces this default for a table that removes others. Monsters set out on a surface map
(`monsters`, U-COMPAT-4) keep Adventurous and Magic."""

from __future__ import annotations

from typing import Any

from ...catalogue import CATALOGUE
from ...errors import InputError
from . import surface_monsters

KEY = "removed"

#: id -> the map features (region tags, symbols, neutral occupants) of which it needs one.
NEEDS: dict[str, tuple[str, ...]] = {
    # surface races and powers (S-BASE) tied to a terrain or symbol
    "humans": ("farmland",), "hill": ("hill",), "mounted": ("hill", "farmland"),
    "underworld": ("cavern",), "dwarves": ("mine",), "wizards": ("magic",),
    "forest": ("forest",), "swamp": ("swamp",), "giants": ("mountain",),
    "tritons": ("sea", "lake", "river"), "seafaring": ("sea", "lake", "river"),
    # Underground races and powers
    "spiderines": ("chasm",), "flames": ("volcano",), "iron_dwarves": ("mine",),
    "mudmen": ("swamp",), "shrooms": ("forest",), "will_o_wisps": ("magic",),
    "kraken": ("sea", "lake", "river"), "lizardmen": ("sea", "lake", "river"),
    "fisher": ("sea", "lake", "river"), "mining": ("mine",), "muddy": ("swamp",),
    "mystic": ("magic",), "stone": ("mountain",), "shield": ("forest",),
    "adventurous": ("monster",), "magic": ("monster",),  # Places and Relics in play (U-COMPAT-4)
}


def features(board: Any) -> set[str]:
    """What a map offers: its regions' tags (terrains, symbols) and neutral occupants."""
    found = set().union(*board.tags) if len(board) else set()
    for held in board.start_neutral:
        found |= set(held)
    return found


def prepare(value: Any, ctx: dict[str, Any]) -> tuple[Any, set[str]]:
    """Races and powers taken out of the stacks before the game (U-COMPAT-1): by default those
    whose terrain is not on this map."""
    if value is not None:
        if not isinstance(value, list) or not all(isinstance(x, str) and x in CATALOGUE for x in value):
            raise InputError(KEY, "a list of race and power ids")
        return list(value), set(value)
    have = features(ctx["board"]) | ({"monster"} if ctx.get(surface_monsters.CHOSEN) else set())
    named = set(ctx.get("races") or ()) | set(ctx.get("powers") or ())
    return None, {x for x, need in NEEDS.items() if not have.intersection(need) and x not in named}


def out_of_stacks(game: Any) -> set[str]:
    """The ids this game's set-up took out of the stacks (`prepare`), read back from it: those
    given in `removed`, else those whose needs the map lacks and that the stacks do not hold."""
    if game.setup.get(KEY) is not None:
        return set(game.setup[KEY])
    have = features(game.board) | ({"monster"} if game.setup.get(surface_monsters.KEY) else set())
    dealt = set(game.setup["races"]) | set(game.setup["powers"])
    return {x for x, need in NEEDS.items() if not have.intersection(need) and x not in dealt}
