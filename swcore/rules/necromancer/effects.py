"""The Ghosts (the Necromancer's tokens, race id `ghosts`) and the Well of Souls as effects.

The Ghosts are an army like any other for the core (conquest, Ready Troops, redeployment,
scoring); only what the rules change is here. The Well is a module-wide effect that every army
carries while the module is in play (it hears every conquest loss and the Elves' decline)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, register, when
from ...errors import RuleError
from . import state as st

if TYPE_CHECKING:
    from ...game import Army, Game


def _by_island(game: Game, region: int) -> bool:
    return region in _island_shore(game)


def _island_shore(game: Game) -> frozenset[int]:
    """The regions around the Lake: the Island's neighbours (asked of every target screened)."""
    i = game.board.index.get(st.ISLAND)
    return game.board.adjacent_sets[st.island(game) if i is None else i]


@register
class Ghosts(Ability):
    """X-NEC-13, -16, -17, A-NEC-05, A-NEC-07."""

    id, rule = st.GHOSTS, "X-NEC-13"

    counts_as_declined = True  # X-NEC-16: in decline for every other player's ability (A-NEC-05)
    no_race_tokens = True  # A-NEC-06: a badge's tokens are not his (no Horde tokens either)

    enters_anywhere = True  # never by the edge: `refuses_target` keeps him next to the Lake

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        return _by_island(game, region)  # X-NEC-17: he may always attack from the Island

    def extra_adjacent_regions(self, game: Game, army: Army, held: list[int]) -> frozenset[int]:
        return _island_shore(game)  # the only regions `extra_adjacent` answers True for

    def refuses_target(self, game: Game, army: Army, region: int) -> Any:
        """X-NEC-13: his border regions are those around the Lake (the Island's neighbours);
        otherwise the normal adjacency to the regions he holds."""
        if region in _island_shore(game):
            return None
        ghosts = game.where.get(st.GHOSTS)  # the regions the Ghosts occupy (`Game.occupy`)
        if ghosts and not ghosts.isdisjoint(game.board.adjacent_sets[region]):
            return None
        return RuleError("X-NEC-13", f"{game.board.ids[region]} is neither next to the Lake nor to "
                                     "a Ghost region")

    @when("ready")
    def on_ready(self, game: Game, army: Army, before: list[tuple[int, int]]) -> None:
        """A-NEC-07: every Ghost of the Island is available (none need stay there)."""
        i = st.island(game)
        if game.race[i] != st.GHOSTS:
            return
        army.hand += game.tokens[i]
        marks = {k: game.mk[k][i] for k in game.mk if game.mk[k][i]}
        stock = dict(army.stock)
        game.clear_region(i)  # an Encampment there goes back to the Ghosts (B-POW-BIVOUACKING-2)

        def undo() -> None:
            # Noted before the core's own undo of Ready Troops, so run after it: by then the
            # hand and the Island's count are back; the occupant and its markers are not.
            game.occupy(i, st.GHOSTS, army.owner, game.tokens[i])
            for k, n in marks.items():
                game.mk[k][i] = n
            army.stock.clear()
            army.stock.update(stock)

        game.journal(undo)

    def extra_box(self, game: Game, army: Army) -> int:
        """The Ghosts off the board that are not in hand: the reserve, the Well and those the
        difficulty option left in the box (X-NEC-3, -7), so the tray holds none."""
        b = st.book(game)
        return -(b["reserve"] + st.well_ghosts(game) + b["removed"])


class Well(Ability):
    """X-NEC-8, -9: every token lost in a conquest goes into the Well of Souls; an Elf
    discarded on going into decline too. Carried by every army (in decline too)."""

    id, rule = "well_of_souls", "X-NEC-8"
    works_in_decline = True

    @when("discarded")
    def on_tokens_lost(self, game: Game, army: Army, region: int, race: str, lost: int) -> list[Any]:
        st.into_well(game, race, lost)
        return [game.new_event("well", f"{lost} {race.replace('_', ' ')} token{'s' if lost > 1 else ''} "
                            f"into the Well of Souls ({len(st.book(game)['well'])})", st.seat(game),
                            race=race, souls=lost)]

    def refuses_target(self, game: Game, army: Army, region: int) -> Any:
        """X-NEC-13: the Lake around the Island cannot be conquered, Seafaring included."""
        if region == game.module_state["necromancer"]["lake"]:  # st.book, inlined: hot
            return RuleError("X-NEC-13", f"{game.board.ids[region]} holds Necromancer Island: no one "
                                         "conquers it, Seafaring included")
        return None

    @when("declining")
    def on_decline(self, game: Game, army: Army) -> list[Any]:
        """X-NEC-9: Elves thinned out by their decline (B-DECL-3) go into the Well."""
        if army.race != "elves":
            return []
        # Only the race's own tokens: the Horde tokens vanish and a Leader leaves (X-CUR-HOR-1,
        # X-LEAD-2), what comes from outside the box besides the Well's own count.
        outside = game.extra_box(army) - self.extra_box(game, army)
        total = army.hand + army.held + game.on_board(army.race)
        n = max(0, total - outside - len(game.regions_of(army.race)))
        st.into_well(game, army.race, n)
        return [game.new_event("well", f"{n} Elves into the Well of Souls (X-NEC-9)", st.seat(game),
                            race=army.race, souls=n)] if n else []

    def extra_box(self, game: Game, army: Army) -> int:
        """Tokens of the army's race lying in the Well are out of the tray (B-DEF-8)."""
        if army.race == st.GHOSTS:
            return 0
        return -sum(1 for k in st.book(game)["well"] if k == army.race)


WELL = Well()
