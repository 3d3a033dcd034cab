"""Monsters guarding Popular Places and Righteous Relics (U-SETUP-4, U-MON-4, U-PR-6, AU-05,
AU-17): the face-down stack, drawn with the seed or given by the set-up (`places_relics`), or
entered by the table as each marker is turned over (`discover`); markers lying face up from the
start (`pieces`); the marker laid face up in a Monster region as soon as it is conquered."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...errors import InputError, RuleError
from ...flow import Decision
from . import state as st

if TYPE_CHECKING:
    from ...actions import Action
    from ...events import Event
    from ...game import Game


def prepare_stack(value: Any, ctx: dict[str, Any]) -> tuple[Any, tuple[str, ...]]:
    """The face-down stack of Place and Relic ids, top first; left out, it is drawn with the
    seed when the game starts (as many as Monster regions, U-SETUP-4), or entered by the table
    marker by marker with stacks entered from the table."""
    if value is None:
        return None, ()
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise InputError("places_relics", "a list of place and relic ids, top first")
    for k, x in enumerate(value):
        if x not in st.MARKERS:
            raise InputError(f"places_relics[{k}]", f"unknown place or relic {x!r}; known: "
                                                    f"{', '.join(st.MARKERS)}")
    if len(set(value)) != len(value):
        raise InputError("places_relics", "each place and relic is in the box once (U-PR-1)")
    return list(value), ()


def prepare_pieces(value: Any, ctx: dict[str, Any]) -> tuple[Any, tuple[str, ...]]:
    """Places and Relics lying face up from the start, as if discovered there: {id: region}."""
    if value is None:
        return None, ()
    if not isinstance(value, dict):
        raise InputError("pieces", "a mapping {place or relic id: region}")
    board = ctx["board"]
    for x, rid in value.items():
        if x not in st.MARKERS:
            raise InputError(f"pieces.{x}", f"unknown place or relic; known: {', '.join(st.MARKERS)}")
        i = board.region(rid, f"pieces.{x}")
        if board.base_cost[i] is None:
            raise InputError(f"pieces.{x}", f"{rid} can never be occupied (U-CHASM-1, AU-12)")
    return {str(k): str(v) for k, v in value.items()}, ()


def set_out(game: Game) -> list[Event]:
    """Set-up: the face-up markers in their regions; the face-down stack given, drawn with the
    seed (U-SETUP-4: as many as Monster regions, the others back in the box unseen, AU-05), or
    left to the table (None)."""
    b = st.book(game)
    face_up = game.setup.get("pieces") or {}
    for x, rid in face_up.items():
        game.pieces[x] = game.board.index[rid]
        b["found"].append(x)
    given = game.setup.get("places_relics")
    if given is not None:
        b["stack"] = [x for x in given if x not in face_up]
    elif not game.table:
        pool = [x for x in st.MARKERS if x not in face_up]
        random.Random(f"underground-places-{game.seed}").shuffle(pool)
        b["stack"] = pool[:len(game.where.get(st.MONSTER, ()))]
    return []


def reveal(game: Game, i: int, seat: int | None) -> list[Event]:
    """U-MON-4: the top marker of the stack is laid face up in region i, at once (U-PR-6); none
    left: nothing (AU-17); table mode: the table enters it first (a chance decision)."""
    b = st.book(game)
    if b["stack"] is None:
        if left_in_box(game):
            game.push(Decision("discover", None, ("discover",), "U-MON-4",
                               f"first enter the place or relic turned over in {game.board.ids[i]} "
                               "(discover)", data={"region": game.board.ids[i]}))
        return []
    if not b["stack"]:
        return []
    return lay(game, b["stack"].pop(0), i, seat)


#: piece -> fn(game, seat): what its discovery does at once (U-PR-6: the Pentacle's Balrog,
#: Stonehedge's power), filled in by the modules of those places
ON_DISCOVERY: dict[str, Any] = {}


def lay(game: Game, piece: str, i: int, seat: int | None) -> list[Event]:
    """The marker lies face up in region i from now on; its power works for the occupant, and
    what its discovery does happens at once (U-PR-6), or, with nobody to discover it (the
    Balrog's region, AU-55), when a player first occupies the region."""
    game.pieces[piece] = i
    st.book(game)["found"].append(piece)
    from ...pieces import PIECES

    events = [game.new_event("discover", f"{PIECES[piece].english} is discovered in "
                                         f"{game.board.ids[i]}", seat, piece=piece,
                             region=game.board.ids[i])]
    if piece in ON_DISCOVERY:
        if seat is None:  # AU-55: turned over by the Balrog, for the region's next occupant
            waiting = st.book(game).setdefault("waiting", {})
            waiting[piece] = i
            game.journal(lambda: waiting.pop(piece, None))
        else:
            events += ON_DISCOVERY[piece](game, seat) or []
    return events


def occupied(game: Game, i: int, seat: int) -> list[Event]:
    """AU-55: `seat` occupies region i; what the discovery of a marker waiting there does
    happens now, for him."""
    waiting = st.book(game).get("waiting")
    piece = next((p for p, j in waiting.items() if j == i), None) if waiting else None
    if piece is None:
        return []
    del waiting[piece]
    game.journal(lambda: waiting.__setitem__(piece, i))
    return ON_DISCOVERY[piece](game, seat) or []


def left_in_box(game: Game) -> list[str]:
    """Markers the table may still turn over (not discovered yet)."""
    found = st.book(game)["found"]
    return [x for x in st.MARKERS if x not in found]


def do_discover(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    """The table enters the marker turned over (U-MON-4, table mode)."""
    d = next((d for d in reversed(game.pending) if d.kind == "discover"), None)
    if d is None:
        raise RuleError("U-MON-4", "no Monster region waits for its marker")
    if a.item not in left_in_box(game):
        raise RuleError("U-PR-1", f"{a.item!r} is not a place or relic still face down")
    game.drop(lambda x: x is d)
    i = game.board.index[d.data["region"]]
    return lay(game, a.item, i, game.owner[i]), a.to_dict()
