"""The Wickedest Pentacle and its Balrog (U-PLACE-PENTACLE-1…6, AU-55, AU-61): on discovery the
discoverer must send the Balrog into a region bordering the Pentacle (a decision, `balrog`);
later the Pentacle's active occupant may move it one region a turn. The Balrog takes the region
it enters (its occupant loses 2 tokens, the rest withdrawn); its region is immune to all and
scores for nobody (pieces.csv: `immune` all; nobody occupies it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...errors import RuleError
from ...flow import Decision
from ...neutrals import NEUTRALS
from ...pieces import IMMUNE_PIECES
from . import discovery
from . import state as st

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Game

PENTACLE, BALROG = "wickedest_pentacle", "balrog"
#: U-PLACE-PENTACLE-2: the Balrog's victims lose 2 tokens instead of 1
LOSS = 2


def destinations(game: Game) -> list[int]:
    """AU-61.1: regions sharing a border with the Balrog's (the Pentacle's before it is sent):
    no chasm, no immune region (another figure's)."""
    start = game.pieces.get(BALROG)
    if start is None:
        start = game.pieces[PENTACLE]
    b = game.board
    guarded = {i for p, i in game.pieces.items() if p in IMMUNE_PIECES and p != BALROG}
    return [i for i in sorted(b.border_sets[start]) if b.base_cost[i] is not None and i not in guarded]


def discovered(game: Game, seat: int | None) -> list[Event]:
    """U-PLACE-PENTACLE-1: the discoverer must send the Balrog (none to go to: later, AU-61.1)."""
    if seat is not None and destinations(game):
        game.push(Decision("balrog", seat, ("balrog",), "U-PLACE-PENTACLE-1",
                           "first send the Balrog into a region bordering the Pentacle (balrog)"))
    return []


discovery.ON_DISCOVERY[PENTACLE] = discovered


def controller(game: Game) -> int | None:
    """The seat whose active race occupies the Pentacle (AU-61.5), or None."""
    i = game.pieces.get(PENTACLE)
    race = game.race[i] if i is not None else None
    army = game.armies.get(race) if race else None
    return army.owner if army is not None and not army.declined else None


def move_error(game: Game, seat: int) -> RuleError | None:
    if controller(game) != seat:
        return RuleError("U-PLACE-PENTACLE-4", "only the Pentacle's active occupant moves the Balrog")
    if st.used_now(game, BALROG, seat):
        return RuleError("U-PLACE-PENTACLE-4", "the Balrog moves one region a turn")
    return None


def do_balrog(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    """The Balrog sent (the decision) or moved (once a turn, U-PLACE-PENTACLE-4)."""
    due = next((d for d in reversed(game.pending) if d.kind == "balrog"), None)
    if due is None:
        if seat != game.seat:
            raise RuleError("B-FLOW-1", f"it is {game.current}'s turn, not {a.by}'s")
        err = move_error(game, seat)
        if err:
            raise err
    elif due.seat != seat:
        raise RuleError("U-PLACE-PENTACLE-1", f"{game.players[due.seat]} sends the Balrog")
    i = game.board.region(a.region)
    if i not in destinations(game):
        raise RuleError("U-PLACE-PENTACLE-4", f"the Balrog goes only into a region bordering its own "
                                              f"(or the Pentacle's), not {a.region} (AU-61)")
    if due is not None:
        game.drop(lambda d: d is due)
    st.mark_used(game, BALROG, seat)
    return enter(game, seat, i), a.to_dict()


def enter(game: Game, seat: int, i: int) -> list[Event]:
    """U-PLACE-PENTACLE-2, AU-61.2, AU-55: the Balrog takes region i; Monsters there are
    beaten (the marker under them turned over, controlled by nobody while it stays)."""
    events: list[Event] = []
    race, n = game.race[i], game.tokens[i]
    rid = game.board.ids[i]
    if race in NEUTRALS:
        game.clear_region(i)
        events.append(game.new_event("neutral", f"the Balrog wipes out the {race} of {rid}", seat,
                                     region=rid))
        if race == st.MONSTER:
            events += discovery.reveal(game, i, None)
    elif race is not None:
        defender = game.armies[race]
        lost = min(LOSS, n)
        back = 0 if defender.declined else n - lost
        game.clear_region(i)
        defender.hand += back
        if defender.owner != seat or defender.declined:
            defender.withdrawn += back
        events.append(game.new_event("loss", f"{game.players[defender.owner]}'s tokens flee the "
                                             f"Balrog in {rid}: {n - back} lost, {back} taken back",
                                     defender.owner, region=rid, race=race, lost=n - back,
                                     withdrawn=back))
        if defender.declined and not game.regions_of(race) and not defender.hand and not defender.held:
            events.append(game.remove_army(race))
    game.pieces[BALROG] = i
    return events + [game.new_event("balrog", f"the Balrog enters {rid}", seat, region=rid)]


def options(game: Game) -> list[Action]:
    """The Balrog's legal moves: when it must be sent, or for the Pentacle's occupant."""
    due = next((d for d in reversed(game.pending) if d.kind == "balrog"), None)
    if due is not None:
        return [Action.trusted(game.players[due.seat], "balrog", region=game.board.ids[i])
                for i in destinations(game)]
    if game.blocking() is not None or PENTACLE not in game.pieces or move_error(game, game.seat):
        return []
    return [Action.trusted(game.current, "balrog", region=game.board.ids[i]) for i in destinations(game)]
