"""The three races of Grand Dames of Small World (X-GD-RACE-*): White Ladies, Gypsies,
Priestesses. Each class overrides only the hooks its banner changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, register, when
from ...errors import RuleError

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Army

#: The one piece Priestesses build (FORMAT v2 pieces), kept in `game.pieces` while it stands.
TOWER = "ivory_tower"


@register
class WhiteLadies(Ability):
    """X-GD-WL-1: in decline their regions are impregnable and immune to opposing races'
    abilities and powers. The core asks `immune` of the defender for opponents only, so the
    owner's own new race may still take them (A-GD-01, B-CONQ-8)."""

    id, rule = "white_ladies", "X-GD-WL-1"
    works_in_decline = True

    def immune(self, game: Game, defender: Army, region: int, attacker: Army) -> Any:
        if defender.declined and attacker.owner != defender.owner:
            return RuleError(self.rule, f"{game.board.ids[region]} is held by in-decline White "
                                        "Ladies: impregnable and immune to their opponents")
        return None


@register
class Gypsies(Ability):
    """X-GD-GYP-1/2, A-GD-05: a bank coin on each region abandoned at Ready Troops; the Gypsies
    may not take those regions back this turn and collect the coins when they score."""

    id, rule = "gypsies", "X-GD-GYP-1"
    KEY = "gypsies.abandoned"  # regions abandoned this turn (army.turn: cleared each turn)

    @when("abandoned")
    def on_abandon(self, game: Game, army: Army, region: int) -> list[Any]:
        game.coins_on[region] += 1
        army.turn.setdefault(self.KEY, []).append(region)
        rid = game.board.ids[region]
        return [game.new_event("coins_on", f"a coin from the bank goes on {rid}, abandoned by the "
                                        "Gypsies", army.owner, region=rid, coins=1)]

    def refuses_target(self, game: Game, army: Army, region: int) -> Any:
        if region in army.turn.get(self.KEY, ()):
            return RuleError("X-GD-GYP-2", f"the Gypsies abandoned {game.board.ids[region]} this "
                                           "turn: they may not attack it before the turn is over")
        return None

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        """The coins they laid are picked up as they score (A-GD-05), once: they leave the
        regions here, so the scoring of the turn is the only one that sees them."""
        got = 0
        for i in army.turn.get(self.KEY, ()):
            if game.coins_on[i]:
                game.coins_on[i] -= 1
                got += 1
        return [("Gypsies: coins picked up on abandoned regions", got)] if got else []


@register
class Priestesses(Ability):
    """X-GD-PRI-1/2, A-GD-03: on decline one token per region held (Seas too, with Seafaring)
    stacked in one of those regions, the Ivory Tower; the others are left. In decline the
    Tower earns 1 coin per token in it and its region nothing. It falls like any region
    (X-GD-PRI-3, A-GD-02): the core's loss rules then remove the race."""

    id, rule = "priestesses", "X-GD-PRI-1"
    works_in_decline = True

    def check_decline(self, game: Game, army: Army, action: Any) -> None:
        rid = action.tower
        if rid is None:
            return
        i = game.board.region(rid, "action.tower")
        if game.race[i] != army.race:
            raise RuleError("A-GD-03", f"the Ivory Tower is built in one of the Priestesses' "
                                       f"regions; {rid} is not one")

    @when("declined")
    def after_decline(self, game: Game, army: Army, action: Any) -> list[Any]:
        held = game.regions_of(army.race)
        if not held:
            return []
        rid = action.tower if action is not None else None
        tower = game.board.region(rid) if rid is not None else held[0]  # default: first listed
        n = len(held)
        for i in held:
            if i != tower:
                game.clear_region(i)
        game.occupy(tower, army.race, army.owner, n)
        game.pieces[TOWER] = tower
        return [game.new_event("ivory_tower", f"{game.players[army.owner]}'s Priestesses build the "
                                           f"Ivory Tower in {game.board.ids[tower]} with {n} "
                                           f"token{'s' if n != 1 else ''}", army.owner,
                            region=game.board.ids[tower], tokens=n)]

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        i = game.pieces.get(TOWER)
        if not army.declined or i is None or i not in held:
            return []
        return [("Ivory Tower: 1 per Priestess in it", game.tokens[i]),
                ("Ivory Tower: its region itself earns nothing", -1)]


def tower_standing(game: Game) -> None:
    """After every action: the Tower is gone once its region is no longer the in-decline
    Priestesses' (conquered, or the race removed by a later decline, A-GD-02, B-DECL-4)."""
    if TOWER not in game.pieces:
        return
    i = game.pieces[TOWER]
    army = game.armies.get(Priestesses.id)
    if i is None or army is None or not army.declined or game.race[i] != army.race:
        del game.pieces[TOWER]
