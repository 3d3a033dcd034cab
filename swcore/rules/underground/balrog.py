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
from ...markers import IMMUNE_MARKERS, IMMUNE_TO_ALL, MARKER_TYPES
from ...neutrals import NEUTRALS
from ...pieces import IMMUNE_PIECES, PIECES
from . import discovery
from . import state as st
from .adjacency import GNOMES
from .races import Liches

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Game

PENTACLE, BALROG = "wickedest_pentacle", "balrog"
#: U-PLACE-PENTACLE-2: the Balrog's victims lose 2 tokens instead of 1
LOSS = 2


def destinations(game: Game, seat: int) -> list[int]:
    """AU-61.1: the regions the Balrog may go into for `seat`, sharing a border with the
    Balrog's (the Pentacle's before it is sent) and open to it (`destination_error`)."""
    return [i for i in sorted(game.board.border_sets[_start(game)])
            if destination_error(game, seat, i) is None]


def _start(game: Game) -> int:
    at = game.pieces.get(BALROG)
    return game.pieces[PENTACLE] if at is None else at


def destination_error(game: Game, seat: int, i: int) -> RuleError | None:
    """Why `seat` may not send the Balrog into region i (None when he may): a chasm (AU-12), not
    next to the Balrog (AU-61.1, U-PLACE-PENTACLE-4), an immune region (another figure's,
    AU-62; an opponent's Dragon or Hero, B-DEF-5), another player's active Gnomes
    (U-PLACE-PENTACLE-5, AU-23), another player's in-decline Liches without a coin to pay them
    (U-RACE-LICHES-2, AU-61.1)."""
    b = game.board
    rid = b.ids[i]
    if b.base_cost[i] is None:
        return RuleError("U-CHASM-1", f"{rid} ({b.kind[i]}) can never be entered (AU-12)")
    if i not in b.border_sets[_start(game)]:
        return RuleError("U-PLACE-PENTACLE-4", f"the Balrog goes only into a region bordering its "
                                               f"own (or the Pentacle's), not {rid} (AU-61)")
    figure = next((p for p, j in game.pieces.items() if j == i and p in IMMUNE_PIECES and p != BALROG),
                  None)
    if figure is not None:
        return RuleError("AU-62", f"{rid} is immune: {PIECES[figure].english} protects it")
    own = game.owner[i] == seat
    marker = next((k for k in IMMUNE_MARKERS if game.mk[k][i] and (not own or k in IMMUNE_TO_ALL)),
                  None)
    if marker is not None:
        return RuleError("B-DEF-5", f"{rid} is immune: its {MARKER_TYPES[marker].english} "
                                    "protects it")
    race = game.race[i]
    defender = game.armies.get(race) if race else None
    if defender is None or own:
        return None
    if race == GNOMES and not defender.declined:
        return RuleError("U-PLACE-PENTACLE-5", f"{rid} holds Gnomes: the Balrog cannot take it")
    if race == Liches.id and defender.declined and game.coins[seat] < 1:
        return RuleError("U-RACE-LICHES-2", "in-decline Liches are not attacked without a coin "
                                            "to pay them (AU-61)")
    return None


def discovered(game: Game, seat: int | None) -> list[Event]:
    """U-PLACE-PENTACLE-1: the discoverer must send the Balrog (none to go to: later, AU-61.1)."""
    if seat is not None and destinations(game, seat):
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
    err = destination_error(game, seat, i)
    if err:
        raise err
    if due is not None:
        game.drop(lambda d: d is due)
    st.mark_used(game, BALROG, seat)
    return enter(game, seat, i), a.to_dict()


def enter(game: Game, seat: int, i: int) -> list[Event]:
    """U-PLACE-PENTACLE-2, AU-61.2, AU-55: the Balrog takes region i. Monsters there are beaten
    (the marker under them turned over, nobody's while it stays, its discovery waiting for the
    region's next occupant); a player's race loses it as to a conquest by the Pentacle's
    occupant (Liches, Martyr, Vengeful, Tomb see one), discarding 2 instead of 1 (Immortal:
    none, AU-36) and withdrawing the rest."""
    events: list[Event] = []
    race = game.race[i]
    rid = game.board.ids[i]
    if race in NEUTRALS:
        game.clear_region(i)
        events.append(game.new_event("neutral", f"the Balrog wipes out the {race} of {rid}", seat,
                                     region=rid))
        if race == st.MONSTER:
            events += discovery.reveal(game, i, None)
    elif race is not None:
        sender = game.armies[game.race[game.pieces[PENTACLE]]]
        defender = game.armies[race]
        if defender.owner != seat and not game.seen_declined(defender):
            game.turn_flags["attacked"].add(defender.owner)  # an attack (AU-44)
        events += game.drive_out(sender, i, LOSS)
    game.pieces[BALROG] = i
    return events + [game.new_event("balrog", f"the Balrog enters {rid}", seat, region=rid)]


def options(game: Game) -> list[Action]:
    """The Balrog's legal moves: when it must be sent, or for the Pentacle's occupant."""
    due = next((d for d in reversed(game.pending) if d.kind == "balrog"), None)
    if due is not None:
        return [Action.trusted(game.players[due.seat], "balrog", region=game.board.ids[i])
                for i in destinations(game, due.seat)]
    if game.blocking() is not None or PENTACLE not in game.pieces or move_error(game, game.seat):
        return []
    return [Action.trusted(game.current, "balrog", region=game.board.ids[i])
            for i in destinations(game, game.seat)]
