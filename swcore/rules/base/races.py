"""The 14 base races (B-RACE-*). Each class overrides only the hooks its banner changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...catalogue import BOX
from ...effects import Ability, register, when
from ...errors import RuleError

if TYPE_CHECKING:
    from ...game import Army, Game


def _count(game: Game, held: list[int], test: Any) -> int:
    return sum(1 for i in held if test(i))



@register
class Amazons(Ability):
    id, rule = "amazons", "B-RACE-AMAZONS-1"

    def extra_tokens(self, game: Game, army: Army) -> int:
        return 4  # the banner reads "6 +4"

    def held_back(self, game: Game, army: Army, total: int) -> int:
        return min(4, total)  # B-RACE-AMAZONS-2, A-BASE-01


@register
class Dwarves(Ability):
    id, rule = "dwarves", "B-RACE-DWARVES-1"
    works_in_decline = True
    per_region = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = _count(game, held, lambda i: game.board.has_tag(i, "mine"))
        return [(f"Dwarves: {n} mine{'s' if n != 1 else ''}", n)] if n else []


@register
class Elves(Ability):
    id, rule = "elves", "B-RACE-ELVES-1"

    defender_loss = 0


@register
class Ghouls(Ability):
    id, rule = "ghouls", "B-RACE-GHOULS-1"
    works_in_decline = True

    keeps_tokens_on_decline = True

    conquers_in_decline = True

    defender_loss = 1  # B-RACE-GHOULS-2: lose 1 and withdraw the rest, in decline too


@register
class Giants(Ability):
    id, rule = "giants", "B-RACE-GIANTS-1"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        b = game.board
        for j in b.adjacent[region]:
            if b.has_tag(j, "mountain") and game.race[j] == army.race:
                return [("Giants next to their mountain", -1)]
        return []


@register
class Halflings(Ability):
    id, rule = "halflings", "B-RACE-HALFLINGS-1"

    enters_anywhere = True

    @when("conquered")
    def on_conquered(self, game: Game, army: Army, region: int) -> None:
        placed = army.data.get("halflings.holes", 0)
        if placed < game.box_of("hole"):  # A-BASE-09: the first two regions ever conquered
            game.mk["hole"][region] = 1
            army.data["halflings.holes"] = placed + 1


@register
class Humans(Ability):
    id, rule = "humans", "B-RACE-HUMANS-1"
    per_region = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = _count(game, held, lambda i: game.board.has_tag(i, "farmland"))
        return [(f"Humans: {n} farmland", n)] if n else []


@register
class Orcs(Ability):
    id, rule = "orcs", "B-RACE-ORCS-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = army.nonempty
        return [(f"Orcs: {n} non-empty region{'s' if n != 1 else ''} conquered", n)] if n else []


@register
class Ratmen(Ability):
    id, rule = "ratmen", "B-RACE-RATMEN-1"


@register
class Skeletons(Ability):
    id, rule = "skeletons", "B-RACE-SKELETONS-1"

    @when("conquests_over")
    def on_conquest_end(self, game: Game, army: Army) -> list[Any]:
        want = army.nonempty // 2
        got = min(want, game.tray(army.race))  # B-DEF-8
        army.hand += got
        if not want:
            return []
        return [game.new_event("gain", f"Skeletons raise {got} new token{'s' if got != 1 else ''} "
                            f"({army.nonempty} non-empty regions conquered)", army.owner, tokens=got)]


@register
class Sorcerers(Ability):
    id, rule = "sorcerers", "B-RACE-SORCERERS-1"
    words = ("convert",)
    once_per_turn = frozenset()  # once per opponent instead

    def _error(self, game: Game, army: Army, i: int, reach: Any = None) -> RuleError | None:
        """Why the lone token in region i cannot be converted now (A-BASE-04), or None."""
        rid = game.board.ids[i]
        race, owner = game.race[i], game.owner[i]
        if not race or race not in game.armies or owner == army.owner or game.seen_declined(game.armies[race]):
            return RuleError("B-RACE-SORCERERS-1", f"{rid} holds no opponent's active race")
        reach = reach or game.reach(army)
        if not reach[0]:
            return RuleError("A-BASE-04", "Sorcerers that hold no region cannot convert: a "
                                          "conversion is never a first conquest")
        err = game.target_error(army, i, reach)  # immunity, peace, adjacency (Flying lifts it)
        if err:
            return err
        if game.tokens[i] != 1:
            return RuleError("B-RACE-SORCERERS-2", f"{rid} holds {game.tokens[i]} tokens; only a "
                                                   "lone token can be converted")
        if game.mk["encampment"][i]:
            return RuleError("B-RACE-SORCERERS-2", f"an Encampment protects the token in {rid}")
        if owner in army.turn.get("sorcerers.converted", ()):
            return RuleError("B-RACE-SORCERERS-1", f"one conversion per opponent per turn: "
                                                   f"{game.players[owner]} already converted")
        return None

    def check(self, game: Game, army: Army, action: Any) -> Any:
        game.check_conquest_open(army)
        i = game.board.region(action.region)
        err = self._error(game, army, i)
        if err:
            raise err
        if game.tray(army.race) < 1:
            raise RuleError("B-DEF-8", "no Sorcerer token left in the tray")
        return i

    def do(self, game: Game, army: Army, action: Any, i: Any) -> list[Any]:
        victim_race, victim = game.race[i], game.owner[i]
        defender = game.armies[victim_race]
        army.turn.setdefault("sorcerers.converted", []).append(victim)
        game.turn_flags["attacked"].add(victim)
        # a conversion takes the region too; the converted token is lost (a Leader: captured)
        lost = game.region_lost_events(defender, i, army, game.loss_of(defender, i, army, 1))
        game.clear_region(i)  # the converted token goes to the tray (B-RACE-SORCERERS-4)
        game.occupy(i, army.race, army.owner, 1)
        army.conquests += 1
        army.nonempty += 1  # A-BASE-04: a conversion is a conquest of a non-empty region
        rid = game.board.ids[i]
        return [game.new_event("convert", f"Sorcerers convert the {victim_race} of {rid} "
                            f"({game.players[victim]})", army.owner, region=rid,
                            victim=game.players[victim])] + lost + game.taken_from(army, i, defender)

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        from ...actions import Action

        if army.over or game.tray(army.race) < 1:
            return []
        reach = game.reach(army)
        if not reach[0]:
            return []
        return [Action.trusted(by=by, do="convert", region=game.board.ids[i])
                for i in game.candidates(reach)
                if game.race[i] and self._error(game, army, i, reach) is None]


@register
class Tritons(Ability):
    id, rule = "tritons", "B-RACE-TRITONS-1"
    coast_discount = 1

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [("Tritons on the coast", -self.coast_discount)] if game.board.coastal[region] else []


@register
class Trolls(Ability):
    id, rule = "trolls", "B-RACE-TROLLS-1"

    @when("conquered")
    def on_conquered(self, game: Game, army: Army, region: int) -> None:
        if sum(game.mk["lair"]) < game.box_of("lair"):
            game.mk["lair"][region] = 1


@register
class Wizards(Ability):
    id, rule = "wizards", "B-RACE-WIZARDS-1"
    per_region = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = _count(game, held, lambda i: game.board.has_tag(i, "magic"))
        return [(f"Wizards: {n} magic source{'s' if n != 1 else ''}", n)] if n else []


assert set(BOX) >= {"amazons", "wizards"}
