"""River World's game-wide state (`game.module_state["river_world"]`) and its board features.

`order`: the event ids in the order they are turned up (None in table mode, where the table
enters each); `shown`: the events turned up so far, one per game turn; `ships`: Pirate Ships
taken from the box (a conquered ship leaves the game, A-RW-04); `caravel`: [river, seat] while
the Caravel is on the board this turn; `caravel_turn`: [turn, seat] of its last use; `peeked`:
{player: turn} for the Temple of the Seer (X-RW-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from ...game import Game

MODULE = "river_world"
SHIP = "pirate_ship"
#: The 11 Event markers of the box (X-RW-2): id -> how many.
EVENT_BOX = {"storm": 2, "quiet_waters": 3, "harsh_winter": 2, "pirates": 4}
WINTER = "harsh_winter"


def book(game: Game) -> dict[str, Any]:
    b = game.module_state.get(MODULE)  # asked at every target screened: no new default then
    if b is None:
        b = game.module_state[MODULE] = {"order": None, "shown": [], "ships": 0, "caravel": None,
                                         "caravel_turn": None, "peeked": {}}
    return b  # type: ignore[no-any-return]


def options(game: Game) -> Any:
    return game.module_options[MODULE]


#: board -> {feature: regions}: a board never changes, so its features are found once
_FEATURES: WeakKeyDictionary[Any, dict[Any, Any]] = WeakKeyDictionary()


_LAST: list[Any] = [None, None]  # the board asked last and its features (a weak look-up is slower)


def _feature(game: Game, key: Any, find: Any) -> Any:
    """The board's feature `key`, found by `find(board)` the first time (the callers on hot
    paths look it up in `_known` first, without building `find`)."""
    known = _known(game)
    if key not in known:
        known[key] = find(game.board)
    return known[key]


def _known(game: Game) -> dict[Any, Any]:
    """The features found so far on the game's board."""
    board = game.board
    if _LAST[0] is board:
        return _LAST[1]  # type: ignore[no-any-return]
    known = _FEATURES.setdefault(board, {})
    _LAST[:] = [board, known]
    return known


def rivers(game: Game) -> list[int]:
    return list(_feature(game, "river", lambda b: tuple(i for i, k in enumerate(b.kind) if k == "river")))


def river_set(game: Game) -> frozenset[int]:
    """The rivers as a set (asked at every placement: Rivers.vacates)."""
    found = _known(game).get("river set")
    if found is not None:
        return found  # type: ignore[no-any-return]
    return _feature(game, "river set", lambda b: frozenset(i for i, k in enumerate(b.kind) if k == "river"))


def with_symbol(game: Game, symbol: str) -> tuple[int, ...]:
    key = ("symbol", symbol)
    found = _known(game).get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    return _feature(game, key, lambda b: tuple(i for i, s in enumerate(b.symbols) if symbol in s))


def inland_banks(game: Game) -> frozenset[int]:
    """The regions bordering a river but not the sea: a river bank that is a coast only for
    sea abilities (A-RW-04). Asked of every target's cost: found once per board."""
    found = _known(game).get("inland banks")
    if found is not None:
        return found  # type: ignore[no-any-return]
    return _feature(game, "inland banks", lambda b: frozenset(
        i for i in range(len(b)) if not b.coastal[i]
        and any(b.kind[j] == "river" for j in b.adjacent_sets[i])))


def occupies(game: Game, seat: int, i: int) -> bool:
    """A-RW-01: a token of any of the player's races (active or in decline) is there."""
    return game.owner[i] == seat and game.race[i] in game.armies


def ships_left(game: Game) -> int:
    """A-RW-05: the box holds 12 Pirate Ships (a set-up's `supply` may say otherwise)."""
    return max(0, game.box_of(SHIP) - book(game)["ships"])


def put_ships(game: Game, regions: list[int]) -> list[int]:
    """A Pirate Ship on each region, in map order while the box has any (A-RW-05)."""
    placed = []
    for i in regions:
        if not ships_left(game):
            break
        game.occupy(i, SHIP, None, 1)
        book(game)["ships"] += 1
        placed.append(i)
    return placed


def ship_shadow(game: Game) -> set[int]:
    """Regions that score 1 less (X-RW-11): next to a river holding a ship (A-RW-02), or, with
    `pirates_penalty: connected` (the Dutch text), next to any river of the ship's unbroken
    stretch of river regions."""
    adj, kind = game.board.adjacent_sets, game.board.kind
    ships = [i for i in game.where.get(SHIP, ())]
    if options(game).pirates_penalty == "connected":
        seen, todo = set(ships), list(ships)
        while todo:
            j = todo.pop()
            for k in adj[j]:
                if kind[k] == "river" and k not in seen:
                    seen.add(k)
                    todo.append(k)
        ships = list(seen)
    out: set[int] = set()
    for j in ships:
        out |= adj[j]
    return out - set(game.where.get(SHIP, ()))
