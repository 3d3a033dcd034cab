"""The game's sets (the base game and each expansion), read from swcore/data/sets.csv.

What the engine's core must know of a set is data, so no set is named in its code: whether its
banners and badges go into the stacks (FORMAT v2 `pool`) and which set's they replace
(Underground's replace the base game's), how many seats it allows (six: the Necromancer's
Island, Realms; A-NEC-01, R-GEN-6), and which inline-map keys carry its rules (a set not yet
implemented is reported by them: `neutral`, `level`, `tunnels`...).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class GameSet:
    id: str
    #: Its banners and badges may be in the stacks (a `pool` set), in this file's order.
    banners: bool
    #: The set whose banners these replace in the default stacks ("" for none).
    replaces: str
    #: The most seats a game with it allows.
    players: int
    #: Inline-map keys (region keys, and `tunnels`) whose rules belong to it.
    map_keys: tuple[str, ...]
    source: str


def _load() -> dict[str, GameSet]:
    text = resources.files("swcore").joinpath("data/sets.csv").read_text("utf-8")
    return {row["id"]: GameSet(row["id"], row["banners"] == "yes", row["replaces"], int(row["players"]),
                               tuple(row["map_keys"].split()), row["source"])
            for row in csv.DictReader(io.StringIO(text))}


SETS: dict[str, GameSet] = _load()
#: The set every game plays (the first row).
BASE = next(iter(SETS))
#: Sets whose banners and badges can be in the stacks (FORMAT v2 `pool`), canonical order.
POOL_SETS: tuple[str, ...] = tuple(s.id for s in SETS.values() if s.banners)


def default_pool(expansions: list[str]) -> list[str]:
    """The stacks' sets when a set-up names none: the base game's, or those of a chosen set
    replacing them (Underground's), first; then each chosen set's own, canonical order."""
    chosen = [s for s in POOL_SETS if s in expansions]
    first = next((s for s in chosen if SETS[s].replaces == BASE), BASE)
    return [first] + [s for s in chosen if s != first and not SETS[s].replaces]


#: Inline-map keys whose rules belong to a set, in the file's order (the order they are reported).
MAP_KEYS: tuple[str, ...] = tuple(dict.fromkeys(k for s in SETS.values() for k in s.map_keys))


def most_players(expansions: list[object]) -> int:
    """The most seats the chosen sets allow (the base game's five unless one allows more)."""
    return max([SETS[BASE].players,
                *(SETS[e].players for e in expansions if isinstance(e, str) and e in SETS)])


def map_key_sets(key: str) -> tuple[str, ...]:
    """The sets whose rules an inline-map key carries (none: the base game's own)."""
    return tuple(s.id for s in SETS.values() if key in s.map_keys)
