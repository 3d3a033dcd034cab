"""A map game carried over from a score sheet (`ScoreSheet.map_setup`): the set-up key
`carried` gives the round reached and every race in play with its player, badges, decline and
the regions it holds on the map; and what else lies on the board: the markers in each region
(Troll's Lairs, Fortresses, Encampments, Heroes, the Dragon, Holes, a module's Cauldron...),
the regions where a Lost Tribe still stands, and the unique pieces (the Ivory Tower). The game
starts at that round with those races on the board, one token per region (the fewest a region
holds, B-REDEP-1, B-DECL-3); the table then sets each region's tokens as they lie with the
correction word (`correct`, B-DEF-8). Their races and badges are out of the stacks; the coins
come in the set-up's `coins`."""

from __future__ import annotations

from typing import Any

from ...catalogue import LOST_TRIBE, in_sets
from ...errors import InputError
from ...markers import MARKER_KINDS, MARKER_TYPES
from ...state import Army

KEY = "carried"
ARMY_KEYS = {"player", "race", "powers", "declined", "regions"}
#: Unique pieces a table may carry (`game.pieces`): the markers registry's one-of pieces that
#: lie beside a region's counts (the Ivory Tower).
PIECES = tuple(k for k, m in MARKER_TYPES.items() if not m.on_regions and m.box == 1)


def prepare(value: Any, ctx: dict[str, Any]) -> tuple[dict[str, Any] | None, set[str]]:
    """Check `carried` {turn, armies: [{player, race, powers, declined, regions}], markers:
    {kind: {region: n}}, lost_tribes: [regions still holding one], pieces: {id: region}}; without
    `lost_tribes` every Lost Tribe of the board stands where no race is."""
    if value is None:
        return None, set()
    if not isinstance(value, dict) or set(value) - {"turn", "armies", "markers", "lost_tribes",
                                                    "pieces"}:
        raise InputError(KEY, "a mapping with turn, armies, markers, lost_tribes and pieces")
    turn = value.get("turn", 1)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= 30:
        raise InputError(f"{KEY}.turn", "the round reached, a whole number from 1")
    armies = value.get("armies", [])
    if not isinstance(armies, list) or len(armies) > 30:
        raise InputError(f"{KEY}.armies", "a list of races in play")
    races, powers = in_sets("race", ctx["sets"]), in_sets("power", ctx["sets"])
    board, players = ctx["board"], ctx["players"]
    taken: set[str] = set()
    held: set[str] = set()
    active: set[str] = set()
    out = []
    for k, a in enumerate(armies):
        at = f"{KEY}.armies[{k}]"
        if not isinstance(a, dict) or set(a) - ARMY_KEYS:
            raise InputError(at, f"a mapping with {', '.join(sorted(ARMY_KEYS))}")
        if a.get("player") not in players:
            raise InputError(f"{at}.player", "a player of this game")
        if a.get("race") not in races or a["race"] in taken:
            raise InputError(f"{at}.race", "a race of the banners in play, once")
        badges = a.get("powers", [])
        if not isinstance(badges, list) or any(p not in powers or p in taken for p in badges):
            raise InputError(f"{at}.powers", "badges in play, each once")
        declined = a.get("declined", False)
        if not isinstance(declined, bool):
            raise InputError(f"{at}.declined", "true or false")
        if not declined:
            if a["player"] in active:
                raise InputError(f"{at}.declined", "a player has one active race (B-FLOW-5)")
            active.add(a["player"])
        regions = a.get("regions", [])
        if not isinstance(regions, list) or any(r not in board.index or r in held for r in regions):
            raise InputError(f"{at}.regions", "regions of the board, each held by one race")
        if any(board.base_cost[board.index[r]] is None for r in regions):
            raise InputError(f"{at}.regions", "a region no race can hold")
        held |= set(regions)
        taken |= {a["race"], *badges}
        out.append({"player": a["player"], "race": a["race"], "powers": list(badges),
                    "declined": declined, "regions": list(regions)})
    carried: dict[str, Any] = {"turn": turn, "armies": out}
    carried.update(_board_items(value, board, held))
    return carried, taken


def _board_items(value: dict[str, Any], board: Any, held: set[str]) -> dict[str, Any]:
    """The markers, Lost Tribes and pieces of `carried`, checked against the board."""
    out: dict[str, Any] = {}
    markers = value.get("markers", {})
    if not isinstance(markers, dict) or set(markers) - set(MARKER_KINDS):
        raise InputError(f"{KEY}.markers", f"a mapping {{marker: {{region: count}}}}; markers: "
                                           f"{', '.join(MARKER_KINDS)}")
    for kind, where in markers.items():
        at = f"{KEY}.markers.{kind}"
        if not isinstance(where, dict) or any(r not in board.index for r in where):
            raise InputError(at, "a mapping {region of the board: count}")
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in where.values()):
            raise InputError(at, "counts are whole numbers from 1")
        box = MARKER_TYPES[kind].box
        if box is not None and sum(where.values()) > box:
            raise InputError(at, f"the box holds {box} (B-COMP-4)")
        if where:
            out.setdefault("markers", {})[kind] = dict(where)
    tribes = value.get("lost_tribes")
    if tribes is not None:
        start = {board.ids[i] for i, lt in enumerate(board.lost_tribe) if lt}
        if not isinstance(tribes, list) or any(r not in start or r in held for r in tribes):
            raise InputError(f"{KEY}.lost_tribes", "regions where a Lost Tribe started and no "
                                                   "race stands")
        out["lost_tribes"] = list(dict.fromkeys(tribes))
    pieces = value.get("pieces", {})
    if not isinstance(pieces, dict) or set(pieces) - set(PIECES) or \
            any(r not in board.index for r in pieces.values()):
        raise InputError(f"{KEY}.pieces", f"a mapping {{piece: region}}; pieces: {', '.join(PIECES)}")
    if pieces:
        out["pieces"] = dict(pieces)
    return out


def lay_out(game: Any, seat: int) -> None:
    """At the game's start (the first `round_start`, before any action): the carried round and
    races, one token (or the race's fewest) in each of their regions."""
    carried = game.setup.get(KEY)
    if not carried or game.log or game.armies or game.turn != 1:
        return
    game.turn = carried["turn"]
    for a in carried["armies"]:
        owner = game.players.index(a["player"])
        army = Army(race=a["race"], powers=tuple(a["powers"]), owner=owner, declined=a["declined"])
        game.armies[army.race] = army
        if army.declined:
            game.declined[owner].append(army.race)
        else:
            game.active[owner] = army.race
        least = 1 if army.declined else game.least(army)[0]
        for rid in a["regions"]:
            i = game.board.index[rid]
            game.clear_region(i)
            game.occupy(i, army.race, owner, least)
    tribes = carried.get("lost_tribes")
    if tribes is not None:  # those conquered since the start are gone
        for i in sorted(game.where.get(LOST_TRIBE, ())):
            if game.board.ids[i] not in tribes:
                game.clear_region(i)
    for kind, where in carried.get("markers", {}).items():
        for rid, n in where.items():
            game.mk[kind][game.board.index[rid]] = n
    for piece, rid in carried.get("pieces", {}).items():
        game.pieces[piece] = game.board.index[rid]
    # A column entered from the table leaves every other banner and badge in the stacks
    # (Game: their order is unknown); those of the races carried are on the board instead.
    out = {x for a in carried["armies"] for x in (a["race"], *a["powers"])}
    game.race_stack = [r for r in game.race_stack if r not in out]
    game.power_stack = [p for p in game.power_stack if p not in out]
    game.effects_changed()
