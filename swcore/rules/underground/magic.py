"""Magic and its Bag-o'-Many-Things (U-POWER-MAGIC-1…3, AU-45): each turn `bag` names a
revealed relic the Bag stands for; the Bag then lies in one of the race's regions and is used in
a conquest like that relic (`conquer` `using: bag`), once a turn, independently of the relic
itself, moving to the region conquered as the relic would. It is never stolen: it goes back in
front of its owner at the end of the turn, with its region, and with the decline.

The relics it stands for here are those used in a conquest (relics.Relic: the Sword, the Flying
Doormat, the Socks); the relics used at the end of a turn or in a conversion are not copied yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import Ability, ability, register, when
from ...errors import RuleError
from ...pieces import PIECES
from .races import place_piece
from .relics import USING, Relic, StinkyTrollsSocks

if TYPE_CHECKING:
    from ...game import Army, Game

BAG, AS = "bag", "magic.as"


def copies(game: Game) -> list[str]:
    """AU-45: the relics in play the Bag may stand for: revealed on the board (whoever holds
    them) and used in a conquest."""
    return [p for p, i in sorted(game.pieces.items()) if i is not None and p != BAG
            and PIECES.get(p) is not None and PIECES[p].kind == "relic"
            and isinstance(ability(p), Relic)]


@register
class Magic(Ability):
    """U-POWER-MAGIC-1, AU-45: `bag` with a relic: this turn the Bag stands for it and lies in
    one of the race's regions (the first, unless it lies in one already)."""

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
        return relic, held

    def do(self, game: Game, army: Army, action: Any, data: Any) -> list[Any]:
        relic, held = data
        turn = army.turn
        turn[AS] = relic
        game.journal(lambda: turn.pop(AS, None))
        if game.pieces.get(BAG) not in held:
            place_piece(game, BAG, held[0])
        return [game.new_event("bag", f"the Bag-o'-Many-Things stands for {PIECES[relic].english}",
                               army.owner, relic=relic)]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if not game.regions_of(army.race):
            return []
        return [Action.trusted(by=by, do="bag", relic=r) for r in copies(game)]

    @when("abandoned")
    def left(self, game: Game, army: Army, region: int) -> None:
        if game.pieces.get(BAG) == region:  # U-POWER-MAGIC-3: back in front of its owner
            place_piece(game, BAG, None)

    @when("declining")
    def gone(self, game: Game, army: Army) -> None:
        if game.pieces.get(BAG) is not None:  # AU-45: lost with the decline
            place_piece(game, BAG, None)


@register
class Bag(Relic):
    """U-POWER-MAGIC-1, -2, AU-45: the Bag works as the relic it stands for this turn, in a
    conquest it is named for (`using: bag`)."""

    id, rule = BAG, "U-POWER-MAGIC-1"
    label = "Bag-o'-Many-Things"

    @staticmethod
    def stands_for(army: Army) -> Relic | None:
        relic = army.turn.get(AS)
        effect = ability(relic) if relic else None
        return effect if isinstance(effect, Relic) else None

    def conquer_args(self, game: Game, army: Any, action: Any, region: int) -> list[Any]:
        if action.args.get("using") == self.id and self.stands_for(army) is None:
            raise RuleError(self.rule, "first say which relic the Bag stands for this turn (bag)")
        return super().conquer_args(game, army, action, region)

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        relic = self.stands_for(army)
        if relic is None or not self.named_for(army, region):
            return []
        if type(relic).cost_modifiers is Relic.cost_modifiers:  # a fixed change (the Sword)
            return [(f"{self.label} as {PIECES[relic.id].english}", relic.change)] if relic.change else []
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


def back_in_front(game: Game) -> None:
    """U-POWER-MAGIC-3: at the end of the turn the Bag goes back in front of its owner."""
    if game.pieces.get(BAG) is not None:
        place_piece(game, BAG, None)
