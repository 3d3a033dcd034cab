"""River World's words: `caravel` (the Shipyard, X-RW-6), `peek` (the Temple, X-RW-7) and
`turn_up` (table mode: the event the table turned over, X-RW-3), and the event row itself."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...errors import InputError, RuleError
from ...flow import Decision
from . import state as st

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Game


# --- the event row (X-RW-2, X-RW-3) ---------------------------------------------------------
def check_events(events: Any, turns: int) -> list[str]:
    """A set-up's `events`: ids of the box, one per game turn, no more of a kind than the box."""
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise InputError("events", "a list of event ids")
    for k, e in enumerate(events):
        if e not in st.EVENT_BOX:
            raise InputError(f"events[{k}]", f"unknown event {e!r}; known: {', '.join(st.EVENT_BOX)}")
        if events.count(e) > st.EVENT_BOX[e]:
            raise InputError(f"events[{k}]", f"the box holds {st.EVENT_BOX[e]} {e} marker(s)")
    if len(events) != min(turns, sum(st.EVENT_BOX.values())):
        raise InputError("events", f"one event per game turn: {turns} expected, {len(events)} given")
    return list(events)


def draw_events(game: Game) -> list[str]:
    """X-RW-2: as many markers as game turns, drawn face down from the 11 (seeded)."""
    box = [e for e, n in st.EVENT_BOX.items() for _ in range(n)]
    random.Random(f"river_world-events-{game.seed}").shuffle(box)
    return box[:game.turns]


def turn_up(game: Game, event: str | None) -> list[Event]:
    """The round's event comes into force; Pirates put a ship on every empty river at once."""
    b = st.book(game)
    game.event = event
    game.effects_changed()
    b["peeked"] = {}
    if event is None:
        return []
    b["shown"].append(event)
    out = [game.new_event("event", f"turn {game.turn}: the event is {event.replace('_', ' ')}",
                       None, event=event, turn=game.turn)]
    if event == "pirates":
        empty = [i for i in st.rivers(game) if game.race[i] is None]
        placed = st.put_ships(game, empty)
        ids = ", ".join(game.board.ids[i] for i in placed) or "none"
        out.append(game.new_event("pirates", f"Pirate Ships on the empty rivers: {ids}", None,
                               regions=[game.board.ids[i] for i in placed]))
    return out


def in_box(game: Game) -> dict[str, int]:
    """Markers of each kind not turned up yet (table mode offers these)."""
    shown = st.book(game)["shown"]
    return {e: n - shown.count(e) for e, n in st.EVENT_BOX.items() if n > shown.count(e)}


def event_due(game: Game) -> list[Any]:
    """The round starts: the next event is turned up, or the table is asked for it."""
    b = st.book(game)
    if b["order"] is None:
        game.event = None
        game.effects_changed()
        if in_box(game):
            game.push(Decision("river_event", None, ("turn_up",), "X-RW-3",
                                "first enter the event turned up for this game turn (turn_up)"))
        return []
    k = game.turn - 1
    return turn_up(game, b["order"][k] if k < len(b["order"]) else None)


def do_turn_up(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    if a.event not in in_box(game):
        raise RuleError("X-RW-2", f"no {a.event} marker is left face down")
    game.drop(lambda d: d.kind == "river_event")
    return turn_up(game, a.event), a.to_dict()


# --- the Shipyard and the Caravel (X-RW-6, A-RW-01, A-RW-06) --------------------------------
def caravel_error(game: Game, seat: int, region: int | None) -> RuleError | None:
    if not any(st.occupies(game, seat, i) for i in st.with_symbol(game, "shipyard")):
        return RuleError("A-RW-01", f"{game.players[seat]} occupies no Shipyard")
    if st.book(game)["caravel_turn"] == [game.turn, seat]:
        return RuleError("X-RW-6", "the Caravel is used once per turn")
    race = game.active[seat]
    if race is None or game.turn_flags["declined"]:
        return RuleError("A-RW-01", "the Caravel serves the player's active race")
    if game.armies[race].over:
        return RuleError("X-RW-6", "the conquests of this race are over for this turn")
    if region is not None and game.board.kind[region] != "river":
        return RuleError("X-RW-6", f"{game.board.ids[region]} is not a river")
    return None


def caravel(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    i = game.board.region(a.region)
    err = caravel_error(game, seat, i)
    if err:
        raise err
    army = game.acting(seat, a.by, None)
    game.ready_troops(army)
    b = st.book(game)
    old, used = b["caravel"], b["caravel_turn"]
    b["caravel"], b["caravel_turn"] = [i, seat], [game.turn, seat]
    game.pieces["caravel"] = i

    def undo() -> None:
        b["caravel"], b["caravel_turn"] = old, used
        game.pieces.pop("caravel", None)

    game.journal(undo)
    return [game.new_event("caravel", f"{a.by} puts the Caravel on {a.region}", seat,
                        region=a.region)], a.to_dict()


def caravel_leaves(game: Game, seat: int) -> None:
    """X-RW-6: the Caravel leaves at the end of the turn of the player who put it."""
    st.book(game)["caravel"] = None
    game.pieces.pop("caravel", None)


# --- the Temple of the Seer (X-RW-7) --------------------------------------------------------
def peek_error(game: Game, seat: int) -> RuleError | None:
    if not any(st.occupies(game, seat, i) for i in st.with_symbol(game, "temple")):
        return RuleError("X-RW-7", f"{game.players[seat]} occupies no Temple of the Seer")
    if game.turn >= game.turns:
        return RuleError("X-RW-7", "no event is left face down: this is the last game turn")
    if st.book(game)["peeked"].get(game.players[seat]) == game.turn:
        return RuleError("X-RW-7", "the next event was already seen this turn")
    return None


def peek(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    err = peek_error(game, seat)
    if err:
        raise err
    seen = st.book(game)["peeked"]
    seen[a.by] = game.turn
    game.journal(lambda: seen.pop(a.by, None))
    return [game.new_event("peek", f"{a.by} looks at the next event", seat)], a.to_dict()


def next_event(game: Game) -> str | None:
    order = st.book(game)["order"]
    return order[game.turn] if order is not None and game.turn < len(order) else None
