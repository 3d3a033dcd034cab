"""The five races of Be Not Afraid… (X-BNA-RACE-*): Barbarians, Leprechauns, Pixies, Homunculi,
Pygmies. Each class overrides only the hooks its banner changes (French text of "Même pas peur !"
in seed 000 wins over the digests)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import Ability, register, when
from ...errors import RuleError
from . import pygmy_die

if TYPE_CHECKING:
    from ...game import Army, Game

MODULE = "be_not_afraid"


def state(game: Game) -> dict[str, Any]:
    """The module's game-wide state: the Homunculi piles by combo (race id), the coins seen on
    those combos, and how many Cauldrons have left the box (A-BNA-01b)."""
    return game.module_state.setdefault(MODULE, {"piles": {}, "seen": {}, "cauldrons_used": 0})


@register
class Barbarians(Ability):
    """X-BNA-BAR-1, -2, A-BNA-05, A-RW-07: no redeployment in their own turn (`redeploys`);
    tokens not used, and those leaving a river that must be emptied, stay off the board until
    the next Ready Troops. Tokens withdrawn after an enemy conquest are placed as usual (B-LOSS-2)."""

    id, rule = "barbarians", "X-BNA-BAR-1"
    redeploys = False

    def held_back(self, game: Game, army: Army, total: int) -> int:
        # Nothing in hand goes on the board, nor what leaves the rivers (A-RW-07): the board
        # keeps exactly the tokens on the regions not vacated.
        race = game.race
        return army.hand + army.held + sum(game.tokens[i] for i in game.vacated(army)
                                           if race[i] == army.race)


@register
class Leprechauns(Ability):
    """X-BNA-LEP-1…4, A-BNA-01, A-BNA-01b: a Cauldron per region at the race's redeployment while
    any are left; each pays 1 coin at the start of the owner's next turn, or goes to an opponent
    who conquers its region; both leave the supply for good. Placed ones stay on decline."""

    id, rule = "leprechauns", "X-BNA-LEP-1"
    works_in_decline = True  # Cauldrons already placed still pay or are taken (A-BNA-01)

    @staticmethod
    def left(game: Game) -> int:
        on_board = sum(game.mk["cauldron"])
        return max(0, game.box_of("cauldron") - state(game)["cauldrons_used"] - on_board)

    def on_redeploy(self, game: Game, army: Army, action: Any, place: dict[int, int]) -> list[Any]:
        wanted = action.cauldrons or ()
        if not wanted:
            return []
        spots = []
        for k, rid in enumerate(wanted):
            i = game.board.region(rid, f"cauldrons[{k}]")
            if i not in place:  # (a river emptied at this redeployment is not held, X-RW-4)
                raise RuleError("X-BNA-LEP-1", f"{rid} is not held by the Leprechauns after "
                                               "this redeployment")
            if i in spots or game.mk["cauldron"][i]:
                raise RuleError("X-BNA-LEP-1", f"one Cauldron per region: {rid} has one")
            spots.append(i)
        if len(spots) > self.left(game):
            raise RuleError("X-BNA-LEP-4", f"{self.left(game)} Cauldrons left, {len(spots)} asked for")
        for i in spots:
            game.mk["cauldron"][i] = 1
        return [game.new_event("cauldrons", f"{game.players[army.owner]} places Cauldrons on " +
                            ", ".join(game.board.ids[i] for i in spots), army.owner,
                            regions=[game.board.ids[i] for i in spots])]

    @when("lost")
    def on_region_lost(self, game: Game, army: Army, region: int, attacker: Army, lost: int) -> list[Any]:
        n = game.mk["cauldron"][region]
        if not n:
            return []
        game.mk["cauldron"][region] = 0
        state(game)["cauldrons_used"] += n
        return [game.pay(None, attacker.owner, n, "a Leprechaun Cauldron taken, X-BNA-LEP-3")]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.redeployed or army.declined or not game.regions_of(army.race):
            return []
        place = game.preview_placement(army)  # the regions held after it (rivers emptied)
        free = [i for i in place if not game.mk["cauldron"][i]][:self.left(game)]
        if not free:
            return []
        ids = game.board.ids
        return [Action.trusted(by=by, do="redeploy", tokens=tuple((ids[i], n) for i, n in place.items()),
                               cauldrons=tuple(ids[i] for i in free))]


def cauldrons_pay(game: Game, seat: int) -> list[Any]:
    """Turn start (X-BNA-LEP-2): each Cauldron on the player's regions becomes 1 coin."""
    events: list[Any] = []
    cauldrons = game.mk["cauldron"]
    if not any(cauldrons):
        return events
    for i, n in enumerate(cauldrons):
        if n and game.owner[i] == seat:
            game.mk["cauldron"][i] = 0
            state(game)["cauldrons_used"] += n
            events.append(game.pay(None, seat, n, "a Leprechaun Cauldron still in place, X-BNA-LEP-2"))
    return events


@register
class Pixies(Ability):
    """X-BNA-PIX-1: exactly one Pixie stays in each region at redeployment, the rest wait off the
    board until the next Ready Troops (a river emptied then is not one of the regions, X-RW-4)."""

    id, rule = "pixies", "X-BNA-PIX-1"

    def held_back(self, game: Game, army: Army, total: int) -> int:
        return max(0, total - len(game.kept_regions(army)))  # rivers emptied first (X-RW-4)


@register
class Homunculi(Ability):
    """X-BNA-HOM-2, A-BNA-06: the taker gets the pile lying on the combo; the total is capped by
    the box (15), extra ones stay in the tray."""

    id, rule = "homunculi", "X-BNA-HOM-2"

    def extra_tokens(self, game: Game, army: Army) -> int:
        return state(game)["piles"].get(army.race, 0)


class HomunculiPile(Ability):
    """X-BNA-HOM-1, A-BNA-06 (a rule-set effect, every army carries it): each pick below the
    Homunculi lays a Homunculus from the tray on their combo with the coin. A pick lays coins
    only on the combos above it, so a combo whose coins grew was passed over."""

    id, rule = "be_not_afraid.homunculi", "X-BNA-HOM-1"

    @when("picked")
    def on_pick(self, game: Game, army: Army) -> list[Any]:
        st = state(game)
        piles, seen = st["piles"], st["seen"]
        events: list[Any] = []
        if army.race in piles or army.race in seen:
            piles.pop(army.race, None)
            seen.pop(army.race, None)
        for race, _, coins in game.column:
            if ability_has_pile(race) and coins > seen.get(race, 0):
                seen[race] = coins
                if piles.get(race, 0) < game.box_of(race):
                    piles[race] = piles.get(race, 0) + 1
                    events.append(game.new_event("homunculus", f"a Homunculus joins the {race} combo "
                                              f"({piles[race]} there)", army.owner, race=race))
        return events

    def combo_tokens(self, game: Game, position: int) -> int:
        if position >= len(game.column):
            return 0
        return state(game)["piles"].get(game.column[position][0], 0)


def ability_has_pile(race: str) -> bool:
    """A banner that gathers a pile on the column (the Homunculi)."""
    from ...effects import ability

    return isinstance(ability(race), Homunculi)


@register
class Pygmies(Ability):
    """X-BNA-PYG-1, A-BNA-02: each Pygmy discarded by an enemy conquest or conversion rolls the
    die for that many Pygmies from the tray; they are placed after the attacker's turn, like
    withdrawn tokens (the owner's pending `redeploy`). Active only. The die: `pygmy_die`."""

    id, rule = "pygmies", "X-BNA-PYG-1"

    @when("lost")
    def on_region_lost(self, game: Game, army: Army, region: int, attacker: Army, lost: int) -> list[Any]:
        return pygmy_die.lost(game, army, region, lost)
