"""River World (X-RW-*): rivers, harbours, the Shipyard and its Caravel, the Temple
of the Seer, Pirate Ships and the 11 events. The rulings of ambiguities.md (A-RW-01…06) are how
the effects work; `pirates_penalty` (A-RW-02) and `remove_flying` (X-RW-0) are rule options,
and `events` (FORMAT v2's set-up key) fixes the order the events are turned up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...checks import register as register_check
from ...effects import ABILITIES
from ...errors import InputError
from ..module import RuleModule
from ..registry import module
from . import explain, words
from . import state as st
from .effects import EFFECTS

if TYPE_CHECKING:
    from ...game import Game

PENALTIES = ("adjacent", "connected")


@dataclass
class RiverOptions:
    """`pirates_penalty` (A-RW-02): `adjacent` (the ruling) or `connected` (the Dutch text);
    `remove_flying` (X-RW-0): the Flying badge is taken out of the game (the recommendation);
    `events`: the event ids in the order they are turned up (None: drawn with the seed, or
    entered by the table with `turn_up` when the stacks are entered from the table)."""

    pirates_penalty: str = "adjacent"
    remove_flying: bool = True
    events: list[str] | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RiverOptions:
        opts = cls(**data)
        if opts.pirates_penalty not in PENALTIES:
            raise InputError("options.pirates_penalty", f"one of {', '.join(PENALTIES)}")
        if not isinstance(opts.remove_flying, bool):
            raise InputError("options.remove_flying", "must be true or false")
        if opts.events is not None:
            opts.events = words.check_events(opts.events, len(opts.events))
        return opts


def _drop_flying(game: Game) -> None:
    """X-RW-0: Flying leaves the stacks; a visible Flying combo takes the next badge."""
    if "flying" in game.power_stack:
        game.power_stack.remove("flying")
    if not game.table:
        for combo in game.column:
            if combo[1] == "flying" and game.power_stack:
                combo[1] = game.power_stack.pop(0)


def round_start(game: Game, seat: int) -> list[Any]:
    """Set-up (turn 1): Flying out, the Pirate Ships the kernel set on the pirate symbols counted
    as taken from the box (X-RW-1, A-RW-05), the event row
    (X-RW-2); every round: the next event turned up (X-RW-3, A-RW-04 timing)."""
    opts = st.options(game)
    if game.turn == 1 and not game.log and st.MODULE not in game.module_state:
        b = st.book(game)
        if opts.events is not None:
            b["order"] = words.check_events(opts.events, game.turns)
        elif not game.table:
            b["order"] = words.draw_events(game)
        if opts.remove_flying:
            _drop_flying(game)
        b["ships"] = len(game.where.get(st.SHIP, ()))  # set out by the kernel (pirate symbols)
    return words.event_due(game)


def legal(game: Game, out: list[Action]) -> list[Action]:
    """The table's event when one is due; the Caravel on each river and a peek when allowed."""
    if game.game_over:
        return out
    if any(d.kind == "river_event" for d in game.pending):
        by = game.to_act or game.current
        return [Action.trusted(by, "turn_up", event=e) for e in words.in_box(game)]
    if game.queue or game.blocking() is not None:
        return out
    seat, by = game.seat, game.current
    more: list[Action] = []
    # A board without a Temple (a Shipyard) offers no peek (no Caravel): their first refusal,
    # known without building it, so a base board asks nothing of them at every listing.
    if st.with_symbol(game, "temple") and words.peek_error(game, seat) is None:
        more.append(Action.trusted(by, "peek"))
    if st.with_symbol(game, "shipyard") and words.caravel_error(game, seat, None) is None:
        more += [Action.trusted(by, "caravel", region=game.board.ids[i]) for i in st.rivers(game)]
    return out + more


def _check_event(game: Game, want: Any, where: str) -> list[tuple[str, Any, Any]]:
    return [("event", want, game.event)]


register_check("event", _check_event)


#: Each kind of event's name (X-RW-8…11); what it does is its effect's docstring. Both are
#: swcore.po entries (the seed's French has no River World, so a faithful translation).
EVENT_NAMES = {"storm": "Storm", "quiet_waters": "Quiet Waters", "harsh_winter": "Harsh Winter",
               "pirates": "Pirates"}


def event_text(event: str, lang: str = "en") -> str:
    """An event's name and what it does, from its effect's docstring (X-RW-8…11), in `lang`."""
    from ...i18n import tr

    name = tr(EVENT_NAMES.get(event, event.replace("_", " ").capitalize()), lang)
    doc = " ".join((ABILITIES[event].__doc__ or "").split())
    return tr("{name}: {text}", lang).format(name=name, text=tr(doc, lang)) if doc else name


def describe_state(game: Game, player: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """The event row in words (X-RW-2, -3): how many lie face down, the event in force with its
    text, the next one for a player who looked at it at the Temple (X-RW-7); the Caravel and
    the Pirate Ships taken from the box."""
    from ...i18n import tr

    b = st.book(game)
    order = b["order"]
    down = len(order[game.turn:]) if order is not None else max(0, game.turns - game.turn)
    rows = [(tr("Events face down", lang), str(down)),
            (tr("Event this turn", lang),
             event_text(game.event, lang) if game.event else tr("none turned up yet", lang))]
    if player is not None and b["peeked"].get(player) == game.turn:
        nxt = words.next_event(game)
        rows.append((tr("Next event (seen at the Temple)", lang),
                     event_text(nxt, lang) if nxt else tr("none", lang)))
    if b["caravel"]:
        rows.append((tr("Caravel", lang), tr("on {region} for {player} this turn", lang).format(
            region=game.board.ids[b["caravel"][0]], player=game.players[b["caravel"][1]])))
    rows.append((tr("Pirate Ships taken from the box", lang), tr("{n} of {total}", lang).format(
        n=b["ships"], total=game.box_of(st.SHIP))))
    return rows


@module
class RiverWorld(RuleModule):
    id = "river_world"
    name = "River World"
    describe_state = staticmethod(describe_state)
    describe_turn = staticmethod(explain.describe_turn)
    region_notes = staticmethod(explain.region_notes)
    notices = explain.NOTICES
    options = RiverOptions
    effects = EFFECTS
    steps = {"round_start": (round_start,), "turn_end": (words.caravel_leaves,)}
    decisions = {"river_event": words.do_turn_up}
    handlers = {"caravel": words.caravel, "peek": words.peek, "turn_up": words.do_turn_up}
    legal = (legal,)

    @staticmethod
    def snapshot(game: Game) -> dict[str, Any]:
        """The event row: turned up so far, how many lie face down; ships used; the Caravel."""
        b = st.book(game)
        order = b["order"]
        return {"shown": list(b["shown"]), "face_down": list(order[game.turn:]) if order else None,
                "ships_used": b["ships"], "caravel": b["caravel"] and game.board.ids[b["caravel"][0]],
                "peeked": dict(b["peeked"])}

    @staticmethod
    def view(game: Game, player: str | None, snap: dict[str, Any]) -> None:
        """X-RW-7: the face-down events are hidden; a player who peeked this turn sees the next."""
        own = snap["modules"][st.MODULE]
        hidden = own.pop("face_down")
        own["face_down"] = len(hidden) if hidden is not None else max(0, game.turns - game.turn)
        if player is not None and st.book(game)["peeked"].get(player) == game.turn:
            own["next_event"] = words.next_event(game)
