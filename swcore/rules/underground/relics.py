"""The Righteous Relics (U-RELIC-*, U-PR-*): a relic works for the army occupying its region
(U-PR-2), never for a race in decline (U-RELIC-GEN-1); one used for a conquest (`conquer` with
`using`) changes that conquest and moves to the region on success (U-PR-3, AU-48), at most once
per player turn (AU-50). The conquest it is named in is remembered in `army.turn` from the
target test to the conquest itself, so the cost, the reach and the final die all see it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, ability, register, when
from ...errors import RuleError
from ...pieces import PIECES
from . import state as st

if TYPE_CHECKING:
    from ...game import Army, Game

USING = "underground.using"


class Relic(Ability):
    """A relic usable in a conquest: `change` is its change to the cost of the region it is
    named for, `label` its name in the breakdown."""

    label = ""
    change = 0
    #: it lets the conquest it is named for go beyond the race's adjacent regions
    reach = False

    def named_for(self, army: Army, region: int) -> bool:
        return army.turn.get(USING) == [self.id, region]

    def in_conquest(self, army: Army) -> bool:
        """Whether the army may name it in a conquest now (the Bag: standing for such a relic)."""
        return True

    def reaches(self, army: Army) -> bool:
        """Whether it lets the army's conquest go beyond its adjacent regions now."""
        return self.reach

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        if action.args.get("using") != self.id:
            return []
        before = army.turn.get(USING)
        army.turn[USING] = [self.id, region]
        game.journal(lambda: army.turn.__setitem__(USING, before))
        return []

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [(self.label, self.change)] if self.change and self.named_for(army, region) else []

    @when("conquered")
    def _moves(self, game: Game, army: Army, region: int) -> Any:
        if not self.named_for(army, region):
            return None
        army.turn.pop(USING)
        info = PIECES[self.id]
        if info.once_per_turn:
            st.mark_used(game, self.id, army.owner)
        if info.mobile:
            game.pieces[self.id] = region
        return [game.new_event("relic", f"{game.players[army.owner]} uses {info.english} on "
                                        f"{game.board.ids[region]}", army.owner, piece=self.id,
                               region=game.board.ids[region])]


def conquers(piece: str) -> bool:
    """Whether the piece's effect changes a conquest it is named in (`using`)."""
    return isinstance(ability(piece), Relic)


@register
class Sword(Relic):
    """U-RELIC-SWORD-1: once per turn, a conquest for 2 tokens less (minimum 1); the Sword moves
    to the region conquered."""

    id, rule = "sword_of_the_killer_rabbit", "U-RELIC-SWORD-1"
    label, change = "Sword of the Killer Rabbit", -2


@register
class FlyingDoormat(Relic):
    """U-RELIC-DOORMAT-1: once per turn, a conquest of a region not adjacent to the race's; the
    Doormat moves there unless the conquest fails (AU-48). Chasms stay out of reach (AU-12)."""

    id, rule = "flying_doormat", "U-RELIC-DOORMAT-1"
    label, reach = "Flying Doormat", True

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        return self.named_for(army, region)

    def extra_adjacent_regions(self, game: Game, army: Army, held: list[int]) -> Any:
        named = army.turn.get(USING)
        return (named[1],) if named and named[0] == self.id else ()


@register
class StinkyTrollsSocks(Relic):
    """U-RELIC-SOCKS-1, AU-15, AU-16: once per turn, a conquest as if the region were empty: its
    Monster and race tokens add nothing (Black Mountain, Armor and the Keep still do); its
    occupants flee without loss (`SocksFlight`) and are placed again at the end of the turn."""

    id, rule = "stinky_trolls_socks", "U-RELIC-SOCKS-1"
    label = "Stinky Troll's Socks: as if empty"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        race = game.race[region]
        if not self.named_for(army, region) or race is None or race == army.race:
            return []
        return [(self.label, -game.tokens[region])]


class SocksFlight(Ability):
    """U-RELIC-SOCKS-1: asked of the defender, whoever it is (a module effect): the occupants of
    a region conquered with the Socks flee without a fight and lose no token, active or in
    decline; at the end of the turn they go into another of their regions (an in-decline race
    with none left loses them, AU-33)."""

    id, rule = "underground.socks", "U-RELIC-SOCKS-1"
    works_in_decline = True

    @staticmethod
    def _socks(attacker: Army, region: int) -> bool:
        return attacker.turn.get(USING) == [StinkyTrollsSocks.id, region]

    def region_lost(self, game: Game, defender: Army, region: int, attacker: Army, loss: int) -> int:
        return 0 if self._socks(attacker, region) else loss

    def flees(self, game: Game, defender: Army, region: int, attacker: Army) -> bool:
        return self._socks(attacker, region)


class Converts(Ability):
    """A `convert` `using` this effect (the Shiny Orb, the Bag standing for it): one naming
    another effect of the army (the Bag, the Orb) goes to that one, whichever answers first."""

    words = ("convert",)
    once_per_turn = frozenset()  # once per player turn, counted for the piece (AU-50)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        using = action.args.get("using")
        if using != self.id:
            other = next((ab for ab in game.effects_of(army)
                          if ab is not self and ab.id == using and "convert" in ab.words), None)
            if other is None:
                raise RuleError(self.rule, f"the race converts only with {PIECES[self.id].english}, "
                                           f"using `{self.id}`")
            return other, other.check(game, army, action)
        return None, self.conversion(game, army, action)

    def do(self, game: Game, army: Army, action: Any, data: Any) -> list[Any]:
        other, inner = data
        if other is not None:
            return other.do(game, army, action, inner)
        return self.converted(game, army, inner)

    def conversion(self, game: Game, army: Army, action: Any) -> int:
        """U-RELIC-ORB-1, AU-54: the region whose lone token is replaced, checked."""
        from .powers import substitution_error

        if st.used_now(game, self.id, army.owner):
            raise RuleError(self.rule, f"{PIECES[self.id].english} was already used this turn (AU-50)")
        game.check_conquest_open(army)
        i = game.board.region(action.region)
        err = substitution_error(game, army, i, self.rule)
        if err:
            raise err
        return i

    def converted(self, game: Game, army: Army, i: int) -> list[Any]:
        """The token replaced; the piece moves there (U-PR-3)."""
        from .powers import substitute
        from .races import place_piece

        st.mark_used(game, self.id, army.owner)
        place_piece(game, self.id, i)
        return substitute(game, army, i, PIECES[self.id].english)

    def conversions(self, game: Game, army: Army, by: str) -> list[Any]:
        from ...actions import Action
        from .powers import substitution_error

        if army.over or st.used_now(game, self.id, army.owner):
            return []
        return [Action.trusted(by=by, do="convert", region=game.board.ids[i], using=self.id)
                for i in game.candidates(game.reach(army), army)
                if game.race[i] and substitution_error(game, army, i, self.rule) is None]


@register
class ShinyOrb(Converts):
    """U-RELIC-ORB-1, AU-54: once per turn, `convert` `using: shiny_orb`: a lone active opponent
    token is replaced by one of the player's from the tray, else from hand, on the Vampire's
    terms (`substitution_error`, `substitute`); the Orb moves there (U-PR-3)."""

    id, rule = "shiny_orb", "U-RELIC-ORB-1"

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        return self.conversions(game, army, by)
