"""Where Underground races and powers look on the map: river-like regions, coasts, an army's
effective adjacency and its blocks (U-DEF-6, U-DEF-7, AU-13, AU-35), and the plain reach the
Gnomes allow (U-RACE-GNOMES-1, AU-23). Shared by races.py and powers.py, so each is written once.

"River-like" is a River region, or a Sea or the Lake on a surface map (U-COMPAT-2, AU-68)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...game import Army, Game


def riverlike(game: Game, i: int) -> bool:
    """A River region, or a Sea or the Lake (U-COMPAT-2: sea abilities apply to the River and
    the River's to seas)."""
    return game.board.kind[i] in ("river", "water")


def coastal(game: Game, i: int) -> bool:
    """U-RIVER-5, AU-38: a land region sharing a border with a River region (a Sea or the Lake on
    a surface map); River regions themselves are never coastal. The board's own fact, found
    once per board like its `rivers` (asked for every target's cost)."""
    banks = board_fact(game, "river banks")
    if banks is None:
        b = game.board
        banks = remember(game, "river banks", frozenset(
            k for k in range(len(b)) if b.kind[k] == "land"
            and any(riverlike(game, j) for j in b.border_sets[k])))
    return i in banks


def inland_banks(game: Game) -> frozenset[int]:
    """The River's banks (`coastal`) that are not already a coast of the board's seas or Lake:
    where the Tritons' discount comes from the River alone (U-COMPAT-2), found once per board
    (asked of every target's cost for every army)."""
    banks = board_fact(game, "inland banks")
    if banks is None:
        coast = game.board.coastal
        banks = remember(game, "inland banks", frozenset(
            k for k in range(len(game.board)) if not coast[k] and coastal(game, k)))
    return banks


def board_fact(game: Game, key: str) -> Any:
    """What `remember` kept for the game's board under `key`, or None. A board never changes
    after it is built, so the facts found from it alone (the river's banks, the chasms' sides)
    are kept on it: one dict look-up on the hot paths (issue 21's speed)."""
    return game.board.__dict__.get("_underground", _NONE).get(key)


def remember(game: Game, key: str, value: Any) -> Any:
    """Keep `value`, a fact of the game's board alone, for `board_fact`; returns it."""
    game.board.__dict__.setdefault("_underground", {})[key] = value
    return value


_NONE: dict[str, Any] = {}


def linked(game: Game, army: Army, i: int, j: int) -> bool:
    """Whether region j counts as adjacent to region i for `army`: a shared border (chasms
    excepted, U-CHASM-2), or adjacency its race, power, relic or place grants (U-DEF-6)."""
    if j in game.board.adjacent_sets[i]:
        return True
    return any(ab.extra_adjacent(game, army, j, [i]) for ab in game.effects_with(army, "extra_adjacent"))


def blocks(game: Game, army: Army, held: list[int]) -> int:
    """U-DEF-7, AU-35: how many blocks (groups connected through effective adjacency) the
    regions `held` form."""
    left = set(held)
    count = 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            i = todo.pop()
            near = {j for j in left if linked(game, army, i, j)}
            left -= near
            todo += near
    return count


def plainly_reached(game: Game, attacker: Army, i: int) -> bool:
    """AU-23: region i is reached with plain border adjacency from the attacker's regions, or by
    the plain edge rule when it holds none (what the Gnomes allow against them). A region that
    is never conquered (the Necromancer's Island, whose reach is a rule of its own, X-NEC-17)
    gives no plain adjacency, so the answer does not change when Ready Troops empties it."""
    never = game.board.base_cost
    held = [j for j in game.regions_of(attacker.race) if never[j] is not None]
    if not held:
        return game.board.entry[i]
    adj = game.board.adjacent_sets
    return any(i in adj[j] for j in held)


#: The Gnomes' race id (races.Gnomes), here so that the hot test below imports nothing.
GNOMES = "gnomes"


def gnome_shielded(game: Game, attacker: Army, i: int) -> bool:
    """U-RACE-GNOMES-1, AU-23: region i holds Gnomes that shield it from the attacker's race,
    power, place and relic effects: active Gnomes (in decline the immunity is gone) of another
    player (during the attacker's turn)."""
    if game.race[i] != GNOMES:  # the shield is the Gnomes' own banner (hot: every target)
        return False
    army = game.armies[GNOMES]
    return army.owner != attacker.owner and not army.declined
