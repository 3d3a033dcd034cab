"""The base game's steps of the turn and its pending decisions (B-FLOW, B-LOSS-2, B-COMBO-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..flow import Decision

if TYPE_CHECKING:
    from ..game import Game


def turn_start(game: Game, seat: int) -> list[Any]:
    """The player's armies start afresh, their effects told (their events returned: the
    Fountain of Youth's token, U-PLACE-FOUNTAIN-1); in-decline armies that still conquer
    (Ghouls) may act first, before the active race (A-BASE-03): an optional decision."""
    game._t = {"picked": False, "declined": False, "scored": False, "active_acted": False,
               "declined_acted": False, "attacked": set()}
    first: list[str] = []
    events: list[Any] = []
    for army in list(game.armies.values()):
        if army.owner == seat:
            army.new_turn()
            if game.effects_with(army, "on:turn_start"):
                events += game.tell(army, "turn_start")
            if army.declined and game.gives(army, "conquers_in_decline"):
                first.append(army.race)
    if first:
        game.push(Decision("declined_turn", seat, ("conquer", "abandon", "redeploy"), "A-BASE-03",
                            "in-decline armies act at the start of the turn, before the active race",
                            optional=True, data={"races": first}))
    return events


def turn_end(game: Game, seat: int) -> None:
    """Defenders place their withdrawn tokens, clockwise from the attacker (B-LOSS-2, A-BASE-20);
    markers back in a race's hands return to the board (B-POW-BIVOUACKING-2)."""
    n = len(game.players)
    order = {s: (s - seat) % n for s in range(n)}
    waiting = sorted((a for a in game.armies.values() if a.withdrawn),
                     key=lambda x: (order[x.owner], x.declined))
    queue: list[Any] = []
    for army in waiting:
        if game.regions_of(army.race):
            queue.append(army)
        else:
            army.withdrawn = 0  # B-LOSS-3: no region left, the tokens stay in hand
    for army in reversed(queue):  # the first in line on top
        owner = game.players[army.owner]
        game.push(Decision("withdrawal", army.owner, ("redeploy",), "B-LOSS-2",
                            f"{owner} must first place the tokens withdrawn from conquered regions "
                            "(redeploy)", data={"race": army.race}))
    waiting_races = {a.race for a in queue}
    for army in game.armies.values():
        if army.stock and army.race not in waiting_races:
            game.put_back_stock(army, {i: game.tokens[i] for i in game.regions_of(army.race)})


def round_end(game: Game, seat: int) -> None:
    """The game turn marker moves on; after the last turn the game ends (B-FLOW-2/3, B-END-1)."""
    game.turn += 1
    if game.turn > game.turns:
        game.finished = True
        game.turn = game.turns


def reveal_needed(game: Game) -> None:
    """A table-entered column short of six combos waits for the one revealed (B-COMBO-6)."""
    if game.table and len(game.column) < 6 and game.race_stack and not game.needs_reveal:
        game.push(Decision("reveal", None, ("reveal",), "B-COMBO-6",
                            "first enter the combo revealed at the bottom of the column (reveal)"))


STEPS = {"turn_start": (turn_start,), "turn_end": (turn_end,), "round_end": (round_end,)}
DECISIONS = {"withdrawal": "_withdrawal_redeploy", "reveal": "_do_reveal"}
SETTLE = (reveal_needed,)
