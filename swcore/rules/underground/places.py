"""The Popular Places (U-PLACE-*, U-PR-*): a place never moves (U-PR-3) and works for the army
occupying its region (U-PR-2, U-LOSS-4); in decline only those whose text says so (U-DEF-4,
U-PLACE-GEN-1, AU-65). The Crypt of the Tomb-raider and the Altar of Souls act at the end of a
turn (swcore/rules/underground/turn_end.py), the Wickedest Pentacle with its Balrog (balrog.py),
Stonehedge with its badge (stonehedge.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, register
from . import turn_start

if TYPE_CHECKING:
    from ...game import Army, Game


class Place(Ability):
    """A place's region is found in `game.pieces`; its effect works for its occupant."""

    def region(self, game: Game) -> int:
        return game.pieces[self.id]


@register
class Keep(Place):
    """U-PLACE-KEEP-1: +1 coin at the end of the occupant's turn, in decline too (AU-65); its
    +1 defence is the piece's own (pieces.csv `defence`, U-CONQ-2)."""

    id, rule = "keep_on_the_motherland", "U-PLACE-KEEP-1"
    works_in_decline = True
    per_region = True  # its coin is its region's (AU-51)

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        return [("Keep on the Motherland", 1)] if self.region(game) in held else []


@register
class LostDwarfMine(Place):
    """U-PLACE-MINE-1: +2 coins at the end of the occupant's turn, in decline too (AU-65)."""

    id, rule = "mine_of_the_lost_dwarf", "U-PLACE-MINE-1"
    works_in_decline = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        return [("Mine of the Lost Dwarf", 2)]


@register
class DiamondFields(Place):
    """U-PLACE-DIAMOND-1, AU-58: +1 coin per region of the occupying race with the terrain of
    the Fields' region (itself included), in decline too."""

    id, rule = "diamond_fields", "U-PLACE-DIAMOND-1"
    works_in_decline = True
    per_region = True  # +1 for each region of the terrain (AU-51)

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        terrain = game.board.terrain
        kind = terrain[self.region(game)]
        n = sum(1 for i in held if terrain[i] == kind)
        return [(f"Diamond Fields: {n} {kind.replace('_', ' ')} region{'s' if n != 1 else ''}", n)] if n else []


@register
class GreatBrassPipe(Place):
    """U-PLACE-PIPE-1, AU-59: for its active occupant, every region of the Pipe region's terrain
    is adjacent to the others (conquests; the adjacency of blocks, U-DEF-7)."""

    id, rule = "great_brass_pipe", "U-PLACE-PIPE-1"

    def _linked(self, game: Game) -> list[int]:
        terrain = game.board.terrain
        kind = terrain[self.region(game)]
        return [i for i in range(len(terrain)) if terrain[i] == kind]

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        return game.board.terrain[region] == game.board.terrain[self.region(game)]

    def extra_adjacent_regions(self, game: Game, army: Army, held: list[int]) -> list[int]:
        return self._linked(game)


@register
class FountainOfYouth(Place):
    """U-PLACE-FOUNTAIN-1, AU-60: at the start of the turn of its active occupant, 1 more token of
    the race in hand, if the tray still holds one (U-DEF-8); a start-of-turn effect (AU-64,
    swcore/rules/underground/turn_start.py, word `fountain`)."""

    id, rule = "fountain_of_youth", "U-PLACE-FOUNTAIN-1"


def _fountain_army(game: Game, seat: int) -> Any:
    i = game.pieces.get(FountainOfYouth.id)
    army = game.armies.get(game.race[i]) if i is not None and game.race[i] else None
    return army if army is not None and army.owner == seat and not army.declined else None


def _fountain_due(game: Game, seat: int) -> bool:
    army = _fountain_army(game, seat)
    return army is not None and game.tray(army.race) >= 1


def _fountain(game: Game, seat: int) -> list[Any]:
    army = _fountain_army(game, seat)
    if army is None or game.tray(army.race) < 1:
        return []
    army.hand += 1
    game.journal(lambda: setattr(army, "hand", army.hand - 1))  # before an action still checked
    return [game.new_event("fountain", f"{game.players[seat]} takes 1 token from the tray "
                                       "(Fountain of Youth)", seat, race=army.race)]


turn_start.register("fountain", FountainOfYouth.rule, _fountain_due, _fountain)
