"""Stonehedge (U-PLACE-STONEHEDGE-1…4, AU-46): on discovery it draws a badge at random from the
Special Power stack (the set-up's `stonehedge` names it; with the stacks entered from the table,
the table enters it, `stonehedge`); the badge stays with Stonehedge (`game.carried`) and works for
its occupant besides his own power, its number ignored; the usual decline rule applies to it
(Reborn and Wise, which work in decline only, then)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...catalogue import POWERS
from ...effects import Ability, register
from ...errors import InputError, RuleError
from ...flow import Decision
from . import discovery

if TYPE_CHECKING:
    from ...actions import Action
    from ...events import Event
    from ...game import Game

STONEHEDGE = "stonehedge"


@register
class Stonehedge(Ability):
    """U-PLACE-STONEHEDGE-1: no effect of its own; the badge it carries is its occupant's."""

    id, rule = STONEHEDGE, "U-PLACE-STONEHEDGE-1"


def prepare(value: Any, ctx: dict[str, Any]) -> tuple[Any, tuple[str, ...]]:
    """The power id that Stonehedge draws when discovered (AU-46); kept out of the stacks.
    Left out, it is drawn with the seed from the badges not visible, or entered by the table."""
    if value is None:
        return None, ()
    if value not in POWERS:
        raise InputError("stonehedge", f"unknown power {value!r}")
    return value, (value,)


def discovered(game: Game, seat: int | None) -> list[Event]:
    """U-PLACE-STONEHEDGE-1, AU-46: the badge drawn at once."""
    given = game.setup.get(STONEHEDGE)
    if given is not None:
        return attach(game, given, seat)
    if game.table:
        game.push(Decision(STONEHEDGE, None, (STONEHEDGE,), "U-PLACE-STONEHEDGE-1",
                           "first enter the badge Stonehedge draws (stonehedge)"))
        return []
    pool = list(game.power_stack) + list(game.power_discard)
    if not pool:
        return []
    return attach(game, random.Random(f"underground-stonehedge-{game.seed}").choice(pool), seat)


def attach(game: Game, power: str, seat: int | None) -> list[Event]:
    for pile in (game.power_stack, game.power_discard):
        if power in pile:
            pile.remove(power)
    game.carried[STONEHEDGE] = power
    return [game.new_event("stonehedge", f"Stonehedge draws the {power} badge", seat, power=power)]


def do_stonehedge(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    """The table enters the badge Stonehedge drew (table mode)."""
    power = a.args.get("power")
    if not any(d.kind == STONEHEDGE for d in game.pending):
        raise RuleError("U-PLACE-STONEHEDGE-1", "Stonehedge draws no badge now")
    if power not in game.power_stack and power not in game.power_discard:
        raise RuleError("U-PLACE-STONEHEDGE-1", f"{power!r} is not a badge still in the stack")
    game.drop(lambda d: d.kind == STONEHEDGE)
    return attach(game, power, None), a.to_dict()


def options(game: Game) -> list[Any]:
    from ...actions import Action

    return [Action.trusted(game.current, STONEHEDGE, power=p)
            for p in sorted(set(game.power_stack) | set(game.power_discard))]


discovery.ON_DISCOVERY[STONEHEDGE] = discovered
