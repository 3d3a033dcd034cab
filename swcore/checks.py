"""Check keys of scenario files (FORMAT.md "Checks"): a registry, not a fixed list.

Each key maps to a function `(game, wanted value, field) -> [(label, expected, actual), ...]`.
The base game's keys are registered here; a rule module adds its own (`markers`, `pieces`,
`well`, ...) with `register`, so the scenario runner knows at once which keys it can check and
names the others in a clear failure instead of a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .catalogue import LOST_TRIBE
from .errors import InputError
from .markers import MARKER_TYPES

if TYPE_CHECKING:
    from .game import Game

Row = tuple[str, Any, Any]
Check = Callable[["Game", Any, str], list[Row]]

#: Check key -> the function comparing it (FORMAT.md "Checks", then each module's own).
CHECKS: dict[str, Check] = {}


def register(key: str, fn: Check) -> Check:
    """Add a check key; a key is registered once (two modules cannot mean two things by it)."""
    if key in CHECKS and CHECKS[key] is not fn:
        raise ValueError(f"check key {key!r} is already registered")
    CHECKS[key] = fn
    return fn


def compare(game: Game, key: str, want: Any, where: str) -> list[Row]:
    """The rows of one check key; InputError when the key is not registered."""
    fn = CHECKS.get(key) if isinstance(key, str) else None
    if fn is None:
        raise InputError(where, f"check key {str(key)[:60]!r} is not implemented yet; known: "
                                f"{', '.join(CHECKS)}")
    return fn(game, want, where)


def _per(want: Any, where: str) -> dict[str, Any]:
    if not isinstance(want, dict):
        raise InputError(where, "must be a mapping")
    return {str(k): v for k, v in want.items()}


def _per_player(read: Callable[[Game, int, Any], tuple[Any, Any]], key: str) -> Check:
    """A key of the form {player: value}; `read` gives (expected, actual) for one seat."""
    def check(game: Game, want: Any, where: str) -> list[Row]:
        rows = []
        for p, v in _per(want, where).items():
            game.seat_of(p, f"{where}.{p}")
            rows.append((f"{key}.{p}", *read(game, game.players.index(p), v)))
        return rows
    return check


def _per_region(read: Callable[[Game, int], Any], key: str) -> Check:
    """A key of the form {region: value}."""
    def check(game: Game, want: Any, where: str) -> list[Row]:
        rows = []
        for rid, v in _per(want, where).items():
            i = game.board.region(rid, f"{where}.{rid}")
            rows.append((f"{key}.{rid}", v, read(game, i)))
        return rows
    return check


def _scored(game: Game, seat: int, v: Any) -> tuple[Any, Any]:
    last = game.last_score[seat]
    return v, None if last is None else sum(it["coins"] for it in last)


def _declined(game: Game, seat: int, v: Any) -> tuple[Any, Any]:
    return (sorted(v) if isinstance(v, list) else v), sorted(game.declined[seat])


def _owner(game: Game, i: int) -> Any:
    if game.race[i] == LOST_TRIBE or (game.race[i] and game.race[i] not in game.armies):
        return game.race[i]  # a neutral occupant (Lost Tribe, Pirate Ship) is its own owner
    o = game.owner[i]
    return game.players[o] if o is not None else None


def _winner(game: Game, want: Any, where: str) -> list[Row]:
    winners = game.winners() if game.game_over else []
    if isinstance(want, list):
        return [("winner", sorted(map(str, want)), sorted(winners))]
    return [("winner", str(want), winners[0] if len(winners) == 1 else winners)]


def _column(game: Game, want: Any, where: str) -> list[Row]:
    if not isinstance(want, list):
        raise InputError(where, "must be a list of [race, power, coins]")
    want = [list(c) if isinstance(c, list | tuple) else c for c in want]
    # FORMAT v2: a fourth item is the race tokens lying on that combo (Homunculi)
    have = [list(c[:3]) + ([game.combo_tokens(k)] if k < len(want) and isinstance(want[k], list)
                           and len(want[k]) == 4 else []) for k, c in enumerate(game.column)]
    return [("column", want, have)]


def _markers(game: Game, want: Any, where: str) -> list[Row]:
    """{region: {marker kind: count}}: only the kinds named are compared (FORMAT v2)."""
    rows = []
    for rid, kinds in _per(want, where).items():
        i = game.board.region(rid, f"{where}.{rid}")
        for k, n in _per(kinds, f"{where}.{rid}").items():
            if k in game.mk:
                rows.append((f"markers.{rid}.{k}", n, game.mk[k][i]))
            elif k in MARKER_TYPES:  # part of the board (a Mountain, a Black Mountain: U-COMPAT-3)
                rows.append((f"markers.{rid}.{k}", n, int(game.board.has_tag(i, k))))
            else:
                raise InputError(f"{where}.{rid}.{k}", f"no marker kind {k!r} in this game")
    return rows


def _pieces(game: Game, want: Any, where: str) -> list[Row]:
    """{piece id: region, or null when it is not on the board}."""
    ids = game.board.ids

    def where_is(p: str) -> Any:
        if game.pieces.get(p) is not None:
            return ids[game.pieces[p]]
        if p in game.mk:  # a one-of-a-kind marker (the Dragon, the Catapult)
            return next((ids[i] for i, n in enumerate(game.mk[p]) if n), None)
        return None
    return [(f"pieces.{p}", r, where_is(p)) for p, r in _per(want, where).items()]


for _key, _fn in {
    "coins": _per_player(lambda g, s, v: (v, g.coins[s]), "coins"),
    "scored": _per_player(_scored, "scored"),
    "hand": _per_player(lambda g, s, v: (v, g.hand(g.players[s])), "hand"),
    "active_race": _per_player(lambda g, s, v: (v, g.active[s]), "active_race"),
    "declined": _per_player(_declined, "declined"),
    "owner": _per_region(_owner, "owner"),
    "race": _per_region(lambda g, i: g.race[i], "race"),
    "tokens": _per_region(lambda g, i: g.tokens[i], "tokens"),
    "turn": lambda g, want, where: [("turn", want, g.turn)],
    "current": lambda g, want, where: [("current", str(want), g.current)],
    "column": _column,
    "game_over": lambda g, want, where: [("game_over", want, g.game_over)],
    "winner": _winner,
    "markers": _markers,
    "pieces": _pieces,
    "coins_on": _per_region(lambda g, i: g.coins_on[i], "coins_on"),
}.items():
    register(_key, _fn)
