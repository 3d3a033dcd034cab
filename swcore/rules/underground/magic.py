"""Magic and its Bag-o'-Many-Things (U-POWER-MAGIC-1…3, AU-45): each turn `bag` names a
revealed relic the Bag stands for, any of the six; the Bag then lies in one of the race's
regions and works as that relic, independently of the relic itself, moving as it would:

- the Sword, the Flying Doormat, the Socks: in a conquest (`conquer` `using: bag`), once a turn,
  moving to the region conquered;
- the Shiny Orb: in a conversion (`convert` `using: bag`), once a turn, moving there;
- the Scepter of Avarice, Froggy's Ring: placed with `bag` (its `region`, a region of the active
  race, AU-52), it doubles that region's coins or makes the neighbours pay at the end of the
  turn, never where the relic itself already works (U-POWER-MAGIC-2).

It is never stolen: it goes back in front of its owner at the end of the turn, with its region,
and with the decline."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import Ability, ability, register, when
from ...errors import RuleError
from ...pieces import PIECES
from .races import place_piece
from .relics import USING, Converts, Relic, ShinyOrb, StinkyTrollsSocks
from .turn_end import SCEPTER, OwnRegion, ring_payers, scepter_coins

if TYPE_CHECKING:
    from ...game import Army, Game

BAG, AS = "bag", "magic.as"


def copies(game: Game) -> list[str]:
    """AU-45: the relics in play the Bag may stand for: revealed on the board, whoever holds
    them."""
    return [p for p, i in sorted(game.pieces.items()) if i is not None and p != BAG
            and PIECES.get(p) is not None and PIECES[p].kind == "relic"]


def placed(relic: str) -> bool:
    """The relic works from the region its holder places it in (the Scepter, the Ring)."""
    return isinstance(ability(relic), OwnRegion)


def where_error(game: Game, army: Army, relic: str, i: int) -> RuleError | None:
    """Why the Bag standing for a placed relic may not lie in region i: the relic's own test
    (AU-52, U-RELIC-SCEPTER-2) or the relic itself works there already (U-POWER-MAGIC-2)."""
    err = ability(relic).where_error(game, army, i)
    if err is None and game.pieces.get(relic) == i:
        err = RuleError("U-POWER-MAGIC-2", f"{PIECES[relic].english} works in {game.board.ids[i]} "
                                           "already: the Bag may not work there too")
    return err


@register
class Magic(Ability):
    """U-POWER-MAGIC-1, AU-45: `bag` with a relic: this turn the Bag stands for it and lies in
    one of the race's regions: the one named (`region`) for a placed relic, else the first
    unless it lies in one already."""

    id, rule = "magic", "U-POWER-MAGIC-1"
    words = ("bag",)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        relic = action.relic
        if relic not in copies(game):
            raise RuleError(self.rule, f"{relic!r} is no relic revealed on the board that the Bag "
                                       "can stand for")
        held = game.regions_of(army.race)
        if not held:
            raise RuleError("U-POWER-MAGIC-1", "the Bag lies in a region of the race: conquer first")
        if not placed(relic):
            if action.region is not None:
                raise RuleError(self.rule, f"the Bag standing for {PIECES[relic].english} moves where "
                                           "it is used: no region to name")
            return relic, None if game.pieces.get(BAG) in held else held[0]
        if action.region is None:
            raise RuleError(self.rule, f"say in which region the Bag stands for "
                                       f"{PIECES[relic].english} (region)")
        i = game.board.region(action.region)
        err = where_error(game, army, relic, i)
        if err:
            raise err
        return relic, i

    def do(self, game: Game, army: Army, action: Any, data: Any) -> list[Any]:
        relic, where = data
        turn = army.turn
        turn[AS] = relic
        game.journal(lambda: turn.pop(AS, None))
        if where is not None:
            place_piece(game, BAG, where)
        return [game.new_event("bag", f"the Bag-o'-Many-Things stands for {PIECES[relic].english}",
                               army.owner, relic=relic)]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if not game.regions_of(army.race):
            return []
        out = []
        for r in copies(game):
            if not placed(r):
                out.append(Action.trusted(by=by, do="bag", relic=r))
                continue
            out += [Action.trusted(by=by, do="bag", relic=r, region=game.board.ids[i])
                    for i in game.regions_of(army.race) if where_error(game, army, r, i) is None]
        return out

    @when("abandoned")
    def left(self, game: Game, army: Army, region: int) -> None:
        if game.pieces.get(BAG) == region:  # U-POWER-MAGIC-3: back in front of its owner
            place_piece(game, BAG, None)

    @when("declining")
    def gone(self, game: Game, army: Army) -> None:
        if game.pieces.get(BAG) is not None:  # AU-45: lost with the decline
            place_piece(game, BAG, None)


@register
class Bag(Relic, Converts):
    """U-POWER-MAGIC-1, -2, AU-45: the Bag works as the relic it stands for this turn: in a
    conquest it is named for (`using: bag`), in a conversion (`convert` `using: bag`), or
    where it lies at the scoring."""

    id, rule = BAG, "U-POWER-MAGIC-1"
    label = "Bag-o'-Many-Things"

    @staticmethod
    def stands_for(army: Army) -> Relic | None:
        """The conquest relic the Bag stands for this turn, or None."""
        relic = army.turn.get(AS)
        effect = ability(relic) if relic else None
        return effect if isinstance(effect, Relic) else None

    def in_conquest(self, army: Army) -> bool:
        return self.stands_for(army) is not None

    def reaches(self, army: Army) -> bool:
        relic = self.stands_for(army)
        return relic is not None and relic.reach

    def _as(self, army: Army) -> str:
        return f"{self.label} as {PIECES[army.turn[AS]].english}"

    # U-RELIC-ORB-1 through the Bag: Converts, on the Bag's own once a turn (AU-45, AU-50)
    def conversion(self, game: Game, army: Army, action: Any) -> int:
        if army.turn.get(AS) != ShinyOrb.id:
            raise RuleError(self.rule, f"the Bag converts only standing for {PIECES[ShinyOrb.id].english} (bag)")
        return super().conversion(game, army, action)

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        return self.conversions(game, army, by) if army.turn.get(AS) == ShinyOrb.id else []

    # U-RELIC-SCEPTER-1, U-RELIC-RING-1 through the Bag: where it lies at the scoring
    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        relic, r = army.turn.get(AS), game.pieces.get(BAG)
        if relic is None or not placed(relic) or r not in held or where_error(game, army, relic, r):
            return []
        n = scepter_coins(game, army, r) if relic == SCEPTER else len(ring_payers(game, army.owner, r))
        return [(f"{self._as(army)}: {game.board.ids[r]}", n)] if n else []

    def conquer_args(self, game: Game, army: Any, action: Any, region: int) -> list[Any]:
        if action.args.get("using") == self.id and self.stands_for(army) is None:
            relic = army.turn.get(AS)
            if relic:
                raise RuleError(self.rule, f"the Bag stands for {PIECES[relic].english} this turn: "
                                           "it does not conquer")
            raise RuleError(self.rule, "first say which relic the Bag stands for this turn (bag)")
        return super().conquer_args(game, army, action, region)

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        relic = self.stands_for(army)
        if relic is None or not self.named_for(army, region):
            return []
        if type(relic).cost_modifiers is Relic.cost_modifiers:  # a fixed change (the Sword)
            return [(self._as(army), relic.change)] if relic.change else []
        return type(relic).cost_modifiers(self, game, army, region)  # read for the Bag (Socks)

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        relic = self.stands_for(army)
        return relic is not None and relic.reach and self.named_for(army, region)

    def extra_adjacent_regions(self, game: Game, army: Army, held: list[int]) -> Any:
        named = army.turn.get(USING)
        relic = self.stands_for(army)
        return (named[1],) if relic is not None and relic.reach and named and named[0] == self.id else ()

    @when("conquered")
    def _moves(self, game: Game, army: Army, region: int) -> Any:
        relic = self.stands_for(army)
        if relic is None or not self.named_for(army, region):
            return None
        events = Relic._moves(self, game, army, region)
        if PIECES[relic.id].mobile:  # AU-45: it moves as the relic would
            place_piece(game, BAG, region)
        return events


class BagFlight(Ability):
    """U-RELIC-SOCKS-1 through the Bag (AU-45): asked of the defender, whoever it is (a module
    effect): the occupants of a region conquered with the Bag standing for the Socks lose no
    token."""

    id, rule = "underground.bag_flight", "U-POWER-MAGIC-1"
    works_in_decline = True

    def region_lost(self, game: Game, defender: Army, region: int, attacker: Army, loss: int) -> int:
        if attacker.turn.get(USING) == [BAG, region] and attacker.turn.get(AS) == StinkyTrollsSocks.id:
            return 0
        return loss


def ring_bag(game: Game, seat: int) -> int | None:
    """Where the Bag of the player's active race stands for Froggy's Ring at the scoring, or
    None (its neighbours then pay too, AU-63 step 4)."""
    race = game.active[seat]
    army = game.armies.get(race) if race else None
    r = game.pieces.get(BAG)
    if army is None or army.declined or r is None or game.race[r] != race:
        return None
    relic = army.turn.get(AS)
    if relic is None or relic == SCEPTER or not placed(relic) or where_error(game, army, relic, r):
        return None
    return r


def back_in_front(game: Game) -> None:
    """U-POWER-MAGIC-3: at the end of the turn the Bag goes back in front of its owner."""
    if game.pieces.get(BAG) is not None:
        place_piece(game, BAG, None)
