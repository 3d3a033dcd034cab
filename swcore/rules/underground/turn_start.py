"""The effects at the start of a player's turn (AU-64 step c): the Fountain of Youth's token
(U-PLACE-FOUNTAIN-1), the Great Ancient moved (U-RACE-CULTISTS-3) and Reborn's swaps
(U-POWER-REBORN-1, AU-40). The rule book gives them no order, so when two or more are due the
player chooses: a pending decision offering each one's word, settled one at a time in the order
the player gives them, never a default. One alone is carried out at once.

Two kinds register here. An effect that happens (`register(word, rule, due, do)`: `due(game,
seat)` says whether it applies now, `do(game, seat)` carries it out and returns events) waits
in the decision until the player names it. A move the player may make then (`register_move(word,
rule, offers)`: `offers(game, seat)` lists its actions now, e.g. where the Great Ancient may go)
is offered beside the effects still due and carried out by its own word; once only moves are
left, the decision ends and they stay open as usual (until the first conquest)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...errors import RuleError
from ...flow import Decision

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Game

KIND = "start_order"
DUE = "underground.start_due"


@dataclass(frozen=True)
class StartEffect:
    word: str
    rule: str
    due: Any
    do: Any
    #: for a move: its actions now (`register_move`); None for an effect that happens
    offers: Any = None


#: word -> the start-of-turn effect or move it names, in registration order
START: dict[str, StartEffect] = {}


def register(word: str, rule: str, due: Any, do: Any) -> None:
    START[word] = StartEffect(word, rule, due, do)


def register_move(word: str, rule: str, offers: Any) -> None:
    START[word] = StartEffect(word, rule, None, None, offers)


def _moves(game: Game, seat: int) -> list[str]:
    """The start-of-turn moves the player may make now."""
    return [w for w, e in START.items() if e.offers is not None and e.offers(game, seat)]


def turn_start(game: Game, seat: int) -> list[Event]:
    """The effects due now: one alone (no move open beside it) is carried out at once; with
    another, or a move, they wait for the player's order (`settle` asks once the decisions
    before it are settled)."""
    due = [w for w, e in START.items() if e.offers is None and e.due(game, seat)]
    if len(due) == 1 and not _moves(game, seat):
        return START[due[0]].do(game, seat) or []
    if due:
        game.turn_flags[DUE] = due
    return []


def settle(game: Game) -> None:
    """AU-64: ask the player for the next of his start-of-turn effects, beside the moves he may
    make first."""
    due = game.turn_flags.get(DUE)
    if not due or game.blocking() is not None or game.game_over:
        return
    words = (*due, *_moves(game, game.seat))
    game.push(Decision(KIND, game.seat, words, "AU-64", "first choose which of your "
                       "start-of-turn effects comes next", data={"due": list(due)}))


def move_first(game: Game, seat: int, a: Action) -> None:
    """A move named while the order is asked is made by its own word (the decision is asked
    again after it, `settle`)."""
    entry = START.get(a.do)
    if entry is None or entry.offers is None or not game.pending:
        return
    d = game.blocking()
    if d is not None and d.kind == KIND and d.seat == seat and a.do in d.words:
        game.drop(lambda x: x is d)


def do_start(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    """One start-of-turn effect, in the order the player chose (AU-64)."""
    due = game.turn_flags.get(DUE) or []
    if a.do not in due or seat != game.seat:
        raise RuleError("AU-64", f"{a.do!r} is not a start-of-turn effect due now")
    game.drop(lambda d: d.kind == KIND)
    rest = [w for w in due if w != a.do]
    game.turn_flags[DUE] = rest
    game.journal(lambda: game.turn_flags.__setitem__(DUE, due))
    return START[a.do].do(game, seat) or [], a.to_dict()


def options(game: Game) -> list[Action]:
    d = next((d for d in reversed(game.pending) if d.kind == KIND), None)
    if d is None:
        return []
    out = [Action.trusted(game.players[d.seat], w) for w in d.data["due"]]
    for w in d.words:
        if START[w].offers is not None:
            out += START[w].offers(game, d.seat)
    return out
