"""Where each Leader is (X-LEAD-1…5): the army's own `leaders.at`, the captives per player.

`army.data["leaders.at"]` is `"hand"` (in hand), `"held"` (waiting off the board, X-LEAD-3),
a region index, `"captured"` or `"ransomed"`; absent when the race took no Leader. Game-wide:
`game.module_state["leaders"] = {"captives": [[[race, owner seat], ...] per seat], "gone": [race, ...]}`
(a ransomed Leader leaves the game, A-LEAD-01)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...markers import IMMUNE_MARKERS

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Army

KEY = "leaders.at"
WITH_ARMY = ("hand", "held")
_MISSING = object()


def at(army: Army) -> Any:
    return army.data.get(KEY)


def has(army: Army) -> bool:
    """The Leader is with its race (in hand, off the board or in a region)."""
    where = army.data.get(KEY)
    return where is not None and (where.__class__ is int or where in WITH_ARMY)


def put(game: Game, army: Army, where: Any) -> None:
    """Move the Leader (journaled, so a refused action leaves it where it was)."""
    old = army.data.get(KEY, _MISSING)
    if where is None:
        army.data.pop(KEY, None)
    else:
        army.data[KEY] = where

    def undo() -> None:
        if old is _MISSING:
            army.data.pop(KEY, None)
        else:
            army.data[KEY] = old

    game.journal(undo)


def book(game: Game) -> dict[str, Any]:
    """The module's game-wide state (created at set-up by the `round_start` step)."""
    return game.module_state["leaders"]  # type: ignore[no-any-return]


def capture(game: Game, army: Army, captor: int) -> None:
    """X-LEAD-4: the captor's player holds the Leader until ransomed or the game ends."""
    put(game, army, "captured")
    held = book(game)["captives"][captor]
    held.append([army.race, army.owner])
    game.journal(lambda: held.pop())


def immune(game: Game, i: int) -> bool:
    """X-LEAD-3: a region an immunity marker protects (Dragon, Hole, Hero and the like)."""
    mk = game.mk
    for k in IMMUNE_MARKERS:
        if mk[k][i]:
            return True
    return False


def free_regions(game: Game, army: Army) -> list[int]:
    return [i for i in game.regions_of(army.race) if not immune(game, i)]


def fewest(game: Game, regions: list[int]) -> int:
    """The region holding the fewest tokens, ties to the first listed (FORMAT v2 default)."""
    return min(regions, key=lambda i: (game.tokens[i], i))


def in_hand_now(game: Game, army: Army) -> bool:
    """Whether the Leader is in hand, or will be after Ready Troops (it stays only when alone
    in its region, FORMAT v2 "Leaders")."""
    where = at(army)
    if where in WITH_ARMY:
        return True
    if isinstance(where, int) and not army.ready:
        return game.tokens[where] > game.least(army)[0]
    return False


def hand_goes_down(game: Game, army: Army, tokens: dict[int, int]) -> bool:
    """Whether a placement of `tokens` (region index: count) puts a token from hand on the board,
    the board counted as after Ready Troops. When none goes down (the Barbarians' hand stays off
    the board, X-BNA-BAR-1), a Leader in hand stays off it with them."""
    keep = game.least(army)[0]
    board = sum(game.tokens[i] if army.ready else min(game.tokens[i], keep) for i in tokens)
    return sum(tokens.values()) > board


def available(game: Game, race: str) -> bool:
    """The race's Leader is in the box: not held by a captor, not out of the game."""
    b = book(game)
    captives = b["captives"]
    return race not in b["gone"] and not (any(captives) and any(
        race == r for seat in captives for r, _ in seat))


#: Where a Leader may be besides a region, in words (`describe_state`).
PLACES = {"hand": "in hand", "held": "off the board until the turn's placement",
          "captured": "captured", "ransomed": "ransomed, out of the game"}


def describe_state(game: Game, player: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """The Leaders in readable form (the app's module panel): where each player's Leader is and
    the captive Leaders each player holds (X-LEAD-4; +2 each at the end, X-LEAD-5)."""
    from ...i18n import item_name, tr

    rows: list[tuple[str, str]] = []
    for army in game.armies.values():
        where = at(army)
        if where is None or army.declined:
            continue
        text = (tr("in {region}", lang).format(region=game.board.ids[where])
                if isinstance(where, int) else tr(PLACES.get(where, where), lang))
        rows.append((tr("{player}'s {race} Leader", lang).format(
            player=game.players[army.owner], race=item_name(army.race, lang)), text))
    for s, held in enumerate(book(game)["captives"]):
        names = [tr("{race} (of {player})", lang).format(race=item_name(r, lang),
                                                         player=game.players[o])
                 for r, o in held]
        rows.append((tr("Captive Leaders held by {player}", lang).format(player=game.players[s]),
                     tr("{names}: +{n} at the end", lang).format(
                         names=tr(", ", lang).join(names), n=2 * len(held))
                     if held else tr("none", lang)))
    return rows


def map_items(game: Game) -> list[dict[str, Any]]:
    """Each Leader standing in a region, with its player (X-LEAD-1, -3), and the captive
    Leaders in front of their captors (X-LEAD-4)."""
    from ...catalogue import race_name

    out = [{"kind": "leader", "name": "Leader", "region": at(army), "count": 1,
            "player": army.owner, "rule": "X-LEAD-1", "note": f"{race_name(army.race)} Leader"}
           for army in game.armies.values() if at(army).__class__ is int]
    out += [{"kind": "captive_leader", "name": "Captive Leader", "region": None, "count": 1,
             "player": s, "rule": "X-LEAD-4",
             "note": f"the {race_name(r)} Leader of {game.players[o]}"}
            for s, held in enumerate(book(game)["captives"]) for r, o in held]
    return out
