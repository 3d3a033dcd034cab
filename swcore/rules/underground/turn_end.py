"""What a player does with his pieces at the end of his turn (AU-63), with the words of the
scenario format: `crypt_ghost` (the Crypt's Ghost, U-PLACE-CRYPT-1, AU-57), `ring` (Froggy's
Ring, U-RELIC-RING-1, AU-52, AU-53) and `scepter` (the Scepter of Avarice, U-RELIC-SCEPTER-1,
-2, AU-51) are words of the piece's effect, as an ability of the army holding it; `altar` (the
Altar of Souls, U-PLACE-ALTAR-1, AU-56) is the module's own word, since its occupant may be the
player's race in decline. Each ends the active race's conquests; a piece not placed stays
where it is. After scoring (AU-63 steps 4-5) the Ring's neighbours (and the neighbours of the Bag
standing for it, magic.py) pay what the scoring counted and the Altar's token is discarded for 3
coins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import Ability, register
from ...errors import RuleError
from ...pieces import IMMUNE_PIECES, PIECES

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Army, Game

GHOST, CRYPT, RING, ALTAR = "crypt_ghost", "crypt_of_the_tomb_raider", "froggys_ring", "altar_of_souls"
SCEPTER, LOST_DWARF = "scepter_of_avarice", "mine_of_the_lost_dwarf"
DISCARD = "underground.altar"


def _move(game: Game, piece: str, i: int, seat: int) -> list[Event]:
    game.pieces[piece] = i
    return [game.new_event("placed", f"{game.players[seat]} places {PIECES[piece].english} in "
                                     f"{game.board.ids[i]}", seat, piece=piece, region=game.board.ids[i])]


class Placed(Ability):
    """A piece its holder places at the end of his turn (`words`: its own word with `region`)."""

    piece = ""

    def where_error(self, game: Game, army: Army, i: int) -> RuleError | None:
        return None

    def check(self, game: Game, army: Army, action: Any) -> Any:
        i = game.board.region(action.region)
        err = self.where_error(game, army, i)
        if err:
            raise err
        return i

    def do(self, game: Game, army: Army, action: Any, i: Any) -> list[Any]:
        return _move(game, self.piece, i, army.owner)

    def candidates(self, game: Game, army: Army) -> Any:
        """The regions `where_error` may accept, in board order (all of them here)."""
        return range(len(game.board))

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.declined or self.words[0] in army.used:
            return []
        return [Action.trusted(by, self.words[0], region=game.board.ids[i])
                for i in self.candidates(game, army) if self.where_error(game, army, i) is None]


class OwnRegion(Placed):
    """AU-52: it goes in a region of the active race, not a river it must leave."""

    def candidates(self, game: Game, army: Army) -> Any:
        """Only the race's regions (its `where_error` refuses every other): the listing screens
        a handful of regions, not the whole board (issue 23)."""
        return game.regions_of(army.race)

    def where_error(self, game: Game, army: Army, i: int) -> RuleError | None:
        if game.race[i] != army.race or i in game.vacated(army):
            return RuleError("AU-52", f"{PIECES[self.piece].english} goes in a region of the active "
                                      f"race, not {game.board.ids[i]}")
        return None


@register
class Crypt(Placed):
    """U-PLACE-CRYPT-1…3, AU-57: its active occupant places or moves the Ghost into any region
    but the Crypt's (never a chasm); in decline the Ghost stays and keeps protecting."""

    id, rule, words = CRYPT, "U-PLACE-CRYPT-1", ("crypt_ghost",)
    piece = GHOST
    works_in_decline = True  # (its word is the active race's only)

    def where_error(self, game: Game, army: Army, i: int) -> RuleError | None:
        if i == game.pieces[CRYPT] or game.board.base_cost[i] is None:
            return RuleError("U-PLACE-CRYPT-1", f"the Ghost goes in any region but the Crypt's, "
                                                f"never {game.board.ids[i]} (AU-57, AU-12)")
        return None


def crypt_in_decline(game: Game, seat: int, a: Action) -> None:
    """U-PLACE-CRYPT-2: the player whose in-decline race holds the Crypt no longer moves the
    Ghost; refused naming that rule (on the turn of the decline B-DECL-5 says it first)."""
    if a.do != "crypt_ghost" or seat != game.seat or game.turn_flags["declined"] or game.blocking():
        return
    i = game.pieces.get(CRYPT)
    race = game.race[i] if i is not None else None
    army = game.armies.get(race) if race else None
    if army is not None and army.owner == seat and army.declined:
        raise RuleError("U-PLACE-CRYPT-2", "the Crypt is held by an in-decline race: the Ghost no "
                                           "longer moves")


def ring_payers(game: Game, seat: int, r: int) -> list[int]:
    """AU-52, AU-53: each other player whose active race holds a region bordering the Ring's,
    not an immune one (the Ring is void there: pieces.csv `void_in_immune`, U-PR-7), and who
    has a coin: 1 coin each."""
    guarded = {j for p, j in game.pieces.items() if p in IMMUNE_PIECES and j is not None} \
        if PIECES[RING].void_in_immune else set()
    near = game.board.border_sets[r]
    return [other for other, race in enumerate(game.active) if other != seat and race is not None
            and game.coins[other] > 0 and any(game.race[j] == race and j not in guarded for j in near)]


@register
class FroggysRing(OwnRegion):
    """U-RELIC-RING-1: placed (`ring`) in a region of the active race; the scoring counts a coin
    from each player whose active race borders it, which he then gives (AU-63 step 4)."""

    id, rule, words = RING, "U-RELIC-RING-1", ("ring",)
    piece = RING

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        r = game.pieces[RING]
        n = len(ring_payers(game, army.owner, r)) if r in held else 0
        return [(f"Froggy's Ring: {n} neighbour{'s' if n != 1 else ''}", n)] if n else []


@register
class Scepter(OwnRegion):
    """U-RELIC-SCEPTER-1, -2, AU-51: placed before scoring (`scepter`) in a region of the active
    race, never the Lost Dwarf's Mine, it doubles that region's coins: its 1 and the bonuses
    counted per region there (`per_region`); not the empire's bonuses nor other players' coins."""

    id, rule, words = SCEPTER, "U-RELIC-SCEPTER-1", ("scepter",)
    piece = SCEPTER

    def where_error(self, game: Game, army: Army, i: int) -> RuleError | None:
        if game.pieces.get(LOST_DWARF) == i:
            return RuleError("U-RELIC-SCEPTER-2", "the Scepter has no effect in the Mine of the Lost Dwarf")
        return super().where_error(game, army, i)

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        r = game.pieces[SCEPTER]
        if r not in held or game.pieces.get(LOST_DWARF) == r:
            return []
        return [(f"Scepter of Avarice: {game.board.ids[r]} doubled", scepter_coins(game, army, r))]


def scepter_coins(game: Game, army: Army, r: int) -> int:
    """AU-51: what doubling region r adds: its 1 and the bonuses counted per region there."""
    return 1 + sum(c for ab in game.effects_with(army, "per_region")
                   for _, c in ab.score_bonus(game, army, [r]))


def _mine(game: Game, seat: int) -> list[str]:
    return ([game.active[seat]] if game.active[seat] else []) + game.declined[seat]


def altar_error(game: Game, seat: int, i: int) -> RuleError | None:
    at = game.pieces.get(ALTAR)
    if at is None or game.race[at] not in _mine(game, seat):
        return RuleError("U-PLACE-ALTAR-1", "only the Altar's occupant discards a token there")
    if game.race[i] is None or game.race[i] not in game.declined[seat]:
        return RuleError("U-PLACE-ALTAR-1", f"{game.board.ids[i]} holds no in-decline token of "
                                            f"{game.players[seat]}")
    return None


def do_altar(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    """`altar`: the in-decline token the end of turn discards after scoring (AU-56); the active
    race's conquests end."""
    i = game.board.region(a.region)
    err = altar_error(game, seat, i) or (
        RuleError("U-PLACE-ALTAR-1", "the Altar takes one token a turn") if DISCARD in game.turn_flags
        else None)
    if err:
        raise err
    events: list[Event] = []
    race = game.active[seat]
    if race is not None and not game.turn_flags["declined"]:
        army = game.armies[race]
        game.ready_troops(army)
        events += game.end_conquests(army)
    game.turn_flags[DISCARD] = i
    game.journal(lambda: game.turn_flags.pop(DISCARD, None))
    return events, a.to_dict()


def after_scoring(game: Game, seat: int) -> list[Event]:
    """AU-63 steps 4-5: the Ring's neighbours give the coins the scoring counted, then the
    Altar's discard for 3 coins (AU-56)."""
    return _ring_coins(game, seat) + _altar(game, seat)


def _ring_coins(game: Game, seat: int) -> list[Event]:
    """The same players the scoring just counted (nothing moved since): the Ring in a region of
    the player's active race, then the Bag standing for it (AU-45: an effect of its own)."""
    from .magic import BAG, ring_bag

    events: list[Event] = []
    r = game.pieces.get(RING)
    race = game.active[seat]
    if r is not None and race is not None and game.race[r] == race and not game.armies[race].declined:
        events += [game.pay(other, None, 1, f"{PIECES[RING].english}, U-RELIC-RING-1")
                   for other in ring_payers(game, seat, r)]
    r = ring_bag(game, seat)
    if r is not None:
        events += [game.pay(other, None, 1, f"{PIECES[BAG].english}, U-POWER-MAGIC-1")
                   for other in ring_payers(game, seat, r)]
    return events


def _altar(game: Game, seat: int) -> list[Event]:
    i = game.turn_flags.pop(DISCARD, None)
    if i is None or game.race[i] not in game.declined[seat]:
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


def altar_options(game: Game) -> list[Action]:
    seat = game.seat
    if DISCARD in game.turn_flags or game.blocking() is not None or game.game_over:
        return []
    at = game.pieces.get(ALTAR)  # altar_error's first test, once rather than per region
    if at is None or game.race[at] not in _mine(game, seat):
        return []
    return [Action.trusted(game.current, "altar", region=game.board.ids[i])
            for r in game.declined[seat] for i in game.regions_of(r) if altar_error(game, seat, i) is None]
