"""The effects at the start of a player's turn (AU-64 step c): the Fountain of Youth's token
(U-PLACE-FOUNTAIN-1), and those of the Underground races and powers that register here (the
Great Ancient moved, Reborn's swaps). The rule book gives them no order, so when two or more
are due the player chooses: a pending decision offering each one's word, settled one at a time
in the order the player gives them, never a default. One alone is carried out at once.

An effect registers with `register(word, rule, due, do)`: `due(game, seat)` says whether it
applies now, `do(game, seat)` carries it out (returns events); `word` is its action word."""

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


#: word -> the start-of-turn effect it carries out, in registration order
START: dict[str, StartEffect] = {}


def register(word: str, rule: str, due: Any, do: Any) -> None:
    START[word] = StartEffect(word, rule, due, do)


def turn_start(game: Game, seat: int) -> list[Event]:
    """The effects due now: one is carried out at once; two or more wait for the player's
    order (`settle` asks once the decisions before it are settled)."""
    due = [w for w, e in START.items() if e.due(game, seat)]
    if len(due) == 1:
        return START[due[0]].do(game, seat) or []
    if due:
        game.turn_flags[DUE] = due
    return []


def settle(game: Game) -> None:
    """AU-64: ask the player for the next of his start-of-turn effects."""
    due = game.turn_flags.get(DUE)
    if not due or game.blocking() is not None or game.game_over:
        return
    game.push(Decision(KIND, game.seat, tuple(due), "AU-64", "first choose which of your "
                       "start-of-turn effects comes next", data={"due": list(due)}))


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
    return [Action.trusted(game.players[d.seat], w) for w in d.data["due"]] if d else []
