"""River World's effects: the four kinds of event (each active while it is `game.event`) and
the rules every army follows on a River World map (rivers, harbours, the Caravel, the Pirate
penalty). Seed 004; digest X-RW-*; rulings A-RW-01…06."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...catalogue import race_name
from ...effects import Ability, register
from ..rivers import EmptiedRivers
from . import state as st

if TYPE_CHECKING:
    from ...game import Army, Game


#: Cost items named after the event that adds them (the quote's `rules` give X-RW-8, -10).
STORM = "Storm, this round's event"
FROZEN = "frozen river (Harsh Winter, this round's event)"


def _river(game: Game, i: int) -> bool:
    return game.board.kind[i] == "river"


class Event(Ability):
    """An event lasts the whole game turn and touches every army, in decline too (A-RW-04)."""

    works_in_decline = True


@register
class Storm(Event):
    """X-RW-8: rivers cost 3 tokens instead of 1; Pirate Ships still add 1 (A-RW-04)."""

    id, rule = "storm", "X-RW-8"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [(STORM, 2)] if _river(game, region) else []


@register
class QuietWaters(Event):
    """X-RW-9: no effect."""

    id, rule = "quiet_waters", "X-RW-9"


@register
class HarshWinter(Event):
    """X-RW-10: rivers freeze into ordinary regions: cost 2, kept with at least 1 token, 1 VC
    (the river rule `vacates` lets them be held this turn)."""

    id, rule = "harsh_winter", "X-RW-10"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [(FROZEN, 1)] if _river(game, region) else []

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        """No coin of its own: the line says which regions counted above are frozen rivers,
        kept and scored only because of the event."""
        n = sum(1 for i in held if _river(game, i))
        if not n:
            return []
        return [(f"{n} frozen river{'s' if n > 1 else ''} held, counted among the regions "
                 "(Harsh Winter, this round's event)", 0)]


@register
class Pirates(Event):
    """X-RW-11: the ships are put on every empty river when the event is turned up (the
    module's round_start); the penalty and the ships stay after the event (A-RW-03)."""

    id, rule = "pirates", "X-RW-11"


class Rivers(EmptiedRivers):
    """X-RW-4, A-RW-04: rivers are emptied at redeployment, unless Harsh Winter froze them or a
    sea ability lets the race stay (Seafaring); Tritons count river banks as coast."""

    id, rule = "river_world.rivers", "X-RW-4"

    def kept(self, game: Game, army: Army) -> bool:
        return game.event == st.WINTER or super().kept(game, army)

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        if region not in st.inland_banks(game):
            return []
        # A-RW-04: sea abilities apply to rivers, so a river bank is a coast for them
        return [(f"{race_name(ab.id)} on a river bank", -ab.coast_discount)
                for ab in game.effects_of(army) if ab.coast_discount]


class Caravel(Ability):
    """X-RW-6, A-RW-06: this turn the regions bordering the Caravel's river are adjacent to, and
    entry regions for, the active race of the player who put it there."""

    id, rule = "river_world.caravel", "X-RW-6"

    def idle_on(self, board: Any) -> bool:
        """The Caravel is put on a river by a player occupying a Shipyard (the word `caravel`,
        A-RW-01): never without both."""
        return "river" not in board.kind or not any("shipyard" in s for s in board.symbols)

    @staticmethod
    def _banks(game: Game, army: Army) -> frozenset[int]:
        c = st.book(game)["caravel"]
        if c is None or c[1] != army.owner or army.declined:
            return frozenset()
        return game.board.adjacent_sets[c[0]]

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        return region in self._banks(game, army)

    def extra_adjacent_regions(self, game: Game, army: Army, held: list[int]) -> frozenset[int]:
        return self._banks(game, army)

    def extra_entry(self, game: Game, army: Army, region: int) -> bool:
        return region in self._banks(game, army)


class Harbours(Ability):
    """X-RW-5: the player's n harbours (all races together) score 1 + 2 + … + n instead of 1
    each; the extra goes with the first race the player scores (the active one if any)."""

    id, rule = "river_world.harbours", "X-RW-5"
    works_in_decline = True

    def idle_on(self, board: Any) -> bool:
        return not any("harbour" in s for s in board.symbols)  # no harbour: nothing to add

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        seat = army.owner
        first = game.active[seat] or (game.declined[seat][0] if game.declined[seat] else None)
        if first != army.race:
            return []
        n = sum(1 for i in st.with_symbol(game, "harbour") if st.occupies(game, seat, i))
        extra = n * (n + 1) // 2 - n
        return [(f"{n} harbours: " + " + ".join(map(str, range(1, n + 1))), extra)] if extra else []


class PiratePenalty(Ability):
    """X-RW-11, A-RW-02, A-RW-03: −1 per region of the race next to a Pirate Ship, at every
    scoring while the ship stays; bonuses are not reduced (a region is worth at least 1, so
    the floor of 0 per region always holds)."""

    id, rule = "river_world.pirates", "X-RW-11"
    works_in_decline = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        if st.SHIP not in game.where or not game.where[st.SHIP]:
            return []
        n = len(st.ship_shadow(game).intersection(held))
        return [(f"{n} region{'s' if n != 1 else ''} next to a Pirate Ship", -n)] if n else []


EFFECTS = (Rivers(), Caravel(), Harbours(), PiratePenalty())
