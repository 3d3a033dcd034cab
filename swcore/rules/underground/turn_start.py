"""The effects at the start of a player's turn (AU-64 step c): the Fountain of Youth's token
(U-PLACE-FOUNTAIN-1), the Great Ancient moved (U-RACE-CULTISTS-3) and Reborn's swaps
(U-POWER-REBORN-1, AU-40). The rule book gives them no order, so when two or more are due the
player chooses: a pending decision offering each one's word, settled one at a time in the order
the player gives them, never a default. One alone is carried out without asking.

Two kinds register here. An effect that happens (`register(word, rule, due, do)`: `due(game,
seat)` says whether it applies now, `do(game, seat)` carries it out, its changes journaled, and returns events) waits
in the decision until the player names it. A move the player may make then (`register_move(word,
rule, offers)`: `offers(game, seat)` lists its actions now, e.g. where the Great Ancient may go)
is offered beside the effects still due and carried out by its own word; once only moves are
left, the decision ends and they stay open as usual (until the first conquest).

They come after the player's choice to decline or expand (AU-64 step b; AU-60): declining
skips them all. So one effect alone waits for the player's first action that is not a decline
and is carried out just before it (`ahead`; the actions are listed as they stand after it); the
order decision offers the decline beside the effects, until one of them is done."""

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
ASKED = "underground.start_asked"  # the order decision asked this turn: asked until done
DONE = "underground.start_done"  # an effect done this turn: the player has expanded


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
    """The effects due now wait for the player's choice (AU-64 step b): with another, or a move,
    for his order (`settle` asks once the decisions before it are settled); alone, for his first
    action that is not a decline (`ahead`)."""
    due = [w for w, e in START.items() if e.offers is None and e.due(game, seat)]
    if due:
        game.turn_flags[DUE] = due
    return []


def _asked(game: Game, due: list[str]) -> bool:
    """Whether the player orders them: several, a move beside one, or the order asked already."""
    return len(due) > 1 or bool(game.turn_flags.get(ASKED)) or bool(_moves(game, game.seat))


def settle(game: Game) -> None:
    """AU-64: ask the player for the next of his start-of-turn effects, beside the moves he may
    make first."""
    due = game.turn_flags.get(DUE)
    if not due or game.blocking() is not None or game.game_over or not _asked(game, due):
        return
    words = (*due, *_moves(game, game.seat))
    flags = game.turn_flags
    if not flags.get(ASKED):
        flags[ASKED] = True
        game.journal(lambda: flags.pop(ASKED, None))
    game.push(Decision(KIND, game.seat, words, "AU-64", "first choose which of your start-of-turn "
                       f"effects comes next{'' if flags.get(DONE) else ', or decline'}",
                       data={"due": list(due)}))


def ahead(game: Game) -> Any:
    """AU-64, AU-60: the one effect due, carried out before the player's first action that is
    not a decline; None when nothing waits so."""
    due = game.turn_flags.get(DUE)
    if not due or game.game_over or _asked(game, due):
        return None
    return lambda: _carry_out(game, game.seat, due[0])


def _carry_out(game: Game, seat: int, word: str) -> list[Any]:
    """One effect, no longer due (journaled: the action after it may yet be refused)."""
    flags = game.turn_flags
    due = flags.get(DUE) or []
    flags[DUE] = [w for w in due if w != word]
    done = flags.get(DONE)
    flags[DONE] = True
    game.journal(lambda: (flags.__setitem__(DUE, due),
                          flags.pop(DONE) if done is None else flags.__setitem__(DONE, done)))
    return START[word].do(game, seat) or []


def before(game: Game, seat: int, a: Action) -> None:
    """AU-64 (b) before (c): declining skips the start-of-turn effects (the order decision is
    dropped); once one is done the player has expanded and declines no more (but a race that
    declines after expanding, Stout). A move named while the order is asked is made by its own
    word (the decision is asked again after it, `settle`)."""
    if a.do == "decline" and seat == game.seat:
        _decline(game, seat)
        return
    entry = START.get(a.do)
    if entry is None or entry.offers is None or not game.pending:
        return
    d = game.blocking()
    if d is not None and d.kind == KIND and d.seat == seat and a.do in d.words:
        game.drop(lambda x: x is d)


def _expanded(game: Game, seat: int) -> bool:
    """Whether a start-of-turn effect is done, so the player no longer declines (but a race
    that declines after expanding, Stout)."""
    race = game.active[seat]
    return (bool(game.turn_flags.get(DONE)) and race is not None
            and not game.gives(game.armies[race], "declines_after_scoring"))


def _decline(game: Game, seat: int) -> None:
    flags = game.turn_flags
    if flags.get(DONE):
        # Saves of rules revision 3 and before declined after the Fountain's token (accepted once)
        if _expanded(game, seat) and not game.replaying:
            raise RuleError("AU-64", "going into decline is chosen before the start-of-turn "
                                     "effects, and one of them is done")
        return
    due = flags.get(DUE)
    if due:
        flags[DUE] = []
        game.journal(lambda: flags.__setitem__(DUE, due))
        game.drop(lambda d: d.kind == KIND)


def do_start(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    """One start-of-turn effect, in the order the player chose (AU-64)."""
    due = game.turn_flags.get(DUE) or []
    if a.do not in due or seat != game.seat:
        raise RuleError("AU-64", f"{a.do!r} is not a start-of-turn effect due now")
    game.drop(lambda d: d.kind == KIND)
    return _carry_out(game, seat, a.do), a.to_dict()


def options(game: Game, out: list[Action]) -> list[Action]:
    """The effects due, the moves open, and the decline while none is done (listed by the rules
    before: `out`)."""
    d = next((d for d in reversed(game.pending) if d.kind == KIND), None)
    if d is None:
        return []
    listed = [Action.trusted(game.players[d.seat], w) for w in d.data["due"]]
    for w in d.words:
        if START[w].offers is not None:
            listed += START[w].offers(game, d.seat)
    return listed + [a for a in out if a.do == "decline" and not game.turn_flags.get(DONE)]


def listed(game: Game, out: list[Action]) -> list[Action]:
    """No decline listed once a start-of-turn effect is done (`_decline`)."""
    if _expanded(game, game.seat):
        return [a for a in out if a.do != "decline"]
    return out
