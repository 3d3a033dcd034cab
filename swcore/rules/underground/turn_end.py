"""What a player places at the end of his turn (AU-63 step 3, after redeployment) and what
happens after scoring (step 4-5), given as parameters of `end_turn`: `ghost` (the Crypt's
Ghost, U-PLACE-CRYPT-1, AU-57), `ring` (Froggy's Ring, U-RELIC-RING-1, AU-52, AU-53: left out,
it stays where it lies), `scepter` (the Scepter of Avarice, U-RELIC-SCEPTER-1, AU-51, AU-52) and `altar` (the Altar of Souls' discard, U-PLACE-ALTAR-1, AU-56).
Each is checked before anything changes; the placements are made before the turn's scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from ...errors import RuleError
from ...pieces import IMMUNE_PIECES, PIECES

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Game

GHOST, CRYPT, RING, ALTAR = "crypt_ghost", "crypt_of_the_tomb_raider", "froggys_ring", "altar_of_souls"
SCEPTER, LOST_DWARF = "scepter_of_avarice", "mine_of_the_lost_dwarf"
DISCARD = "underground.altar"


def _held_by(game: Game, piece: str, races: list[str]) -> bool:
    i = game.pieces.get(piece)
    return i is not None and game.race[i] in races


def _active(game: Game, seat: int) -> list[str]:
    race = game.active[seat]
    return [race] if race and not game.turn_flags["declined"] else []


def _move(game: Game, piece: str, i: int) -> None:
    before = game.pieces.get(piece, "absent")
    game.pieces[piece] = i
    game.journal(lambda: game.pieces.pop(piece) if before == "absent"
                 else game.pieces.__setitem__(piece, before))


def before_end(game: Game, seat: int, a: Action) -> None:
    """Check `ghost`, `ring` and `altar` and make the placements (journaled: a refused end of
    turn changes nothing)."""
    if a.do != "end_turn" or seat != game.seat or game.blocking() is not None:
        return
    args = a.args
    if args.get("ghost") is not None:
        i = game.board.region(args["ghost"], "ghost")
        if not _held_by(game, CRYPT, _active(game, seat)):
            raise RuleError("U-PLACE-CRYPT-2", "only the Crypt's active occupant places the Ghost")
        if i == game.pieces[CRYPT] or game.board.base_cost[i] is None:
            raise RuleError("U-PLACE-CRYPT-1", f"the Ghost goes in any region but the Crypt's, "
                                               f"never {args['ghost']} (AU-57, AU-12)")
        _move(game, GHOST, i)
    if args.get("ring") is not None:
        i = game.board.region(args["ring"], "ring")
        races = _active(game, seat)
        if not _held_by(game, RING, races):
            raise RuleError("U-RELIC-RING-1", "only the active race holding Froggy's Ring places it")
        if game.race[i] not in races or i in game.vacated(game.armies[races[0]]):
            raise RuleError("AU-52", f"the Ring goes in a region of the active race, not {args['ring']}")
        _move(game, RING, i)
    if args.get("scepter") is not None:
        i = game.board.region(args["scepter"], "scepter")
        races = _active(game, seat)
        if not _held_by(game, SCEPTER, races):
            raise RuleError("U-RELIC-SCEPTER-1", "only the active race holding the Scepter places it")
        if game.race[i] not in races or i in game.vacated(game.armies[races[0]]):
            raise RuleError("AU-52", f"the Scepter goes in a region of the active race, not "
                                     f"{args['scepter']}")
        if game.pieces.get(LOST_DWARF) == i:
            raise RuleError("U-RELIC-SCEPTER-2", "the Scepter has no effect in the Mine of the Lost Dwarf")
        _move(game, SCEPTER, i)
    if args.get("altar") is not None:
        i = game.board.region(args["altar"], "altar")
        mine = ([game.active[seat]] if game.active[seat] else []) + game.declined[seat]
        if not _held_by(game, ALTAR, mine):
            raise RuleError("U-PLACE-ALTAR-1", "only the Altar's occupant discards a token there")
        if game.race[i] is None or game.race[i] not in game.declined[seat]:
            raise RuleError("U-PLACE-ALTAR-1", f"{args['altar']} holds no in-decline token of "
                                               f"{game.players[seat]}")
        game.turn_flags[DISCARD] = i
        game.journal(lambda: game.turn_flags.pop(DISCARD, None))


def after_scoring(game: Game, seat: int) -> list[Event]:
    """AU-63 steps 4-5: the Ring's coins from the neighbours (AU-53: at most 1 from each), then
    the Altar's discard for 3 coins (AU-56)."""
    return _ring_coins(game, seat) + _altar(game, seat)


def _ring_coins(game: Game, seat: int) -> list[Event]:
    i = game.pieces.get(RING)
    if i is None or game.race[i] not in _active(game, seat):
        return []
    guarded = {j for p, j in game.pieces.items() if p in IMMUNE_PIECES and j is not None}
    events = []
    for other, race in enumerate(game.active):
        if other == seat or race is None or game.coins[other] == 0:
            continue
        if any(game.race[j] == race and j not in guarded for j in game.board.border_sets[i]):
            events.append(game.pay(other, seat, 1, f"{PIECES[RING].english}, U-RELIC-RING-1"))
    return events


def _altar(game: Game, seat: int) -> list[Event]:
    i = game.turn_flags.pop(DISCARD, None)
    if i is None:
        return []
    race = game.race[i]
    events: list[Event] = [game.new_event("altar", f"{game.players[seat]} discards a token of "
                                                   f"{game.board.ids[i]} on the Altar of Souls",
                                          seat, race=race, region=game.board.ids[i], lost=1)]
    if game.tokens[i] > 1:
        game.occupy(i, race, seat, game.tokens[i] - 1)
    else:
        game.clear_region(i)
        army = game.armies[race]
        if not game.regions_of(race) and not army.hand and not army.held:
            events.append(game.remove_army(race))
    events.append(game.pay(None, seat, 3, f"{PIECES[ALTAR].english}, U-PLACE-ALTAR-1"))
    return events


def placements(game: Game, listed: list[Action]) -> list[Action]:
    """The listed end of turn with one placement each: the Ghost on any region it may go to,
    the Ring on each region of the active race, the Altar's discard on each in-decline region."""
    end = next((a for a in listed if a.do == "end_turn" and not a.args), None)
    if end is None:
        return []
    seat = game.seat
    more = []
    active = _active(game, seat)
    if _held_by(game, CRYPT, active):
        more += [end.plus(ghost=game.board.ids[i]) for i in range(len(game.board))
                 if i != game.pieces[CRYPT] and game.board.base_cost[i] is not None]
    if _held_by(game, RING, active):
        more += [end.plus(ring=game.board.ids[i]) for i in game.regions_of(active[0])
                 if i not in game.vacated(game.armies[active[0]])]
    if _held_by(game, SCEPTER, active):
        more += [end.plus(scepter=game.board.ids[i]) for i in game.regions_of(active[0])
                 if i not in game.vacated(game.armies[active[0]]) and game.pieces.get(LOST_DWARF) != i]
    mine = ([game.active[seat]] if game.active[seat] else []) + game.declined[seat]
    if _held_by(game, ALTAR, mine):
        more += [end.plus(altar=game.board.ids[i]) for r in game.declined[seat]
                 for i in game.regions_of(r)]
    return more
