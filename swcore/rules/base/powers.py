"""The 20 base special powers (B-POW-*). Each class overrides only the hooks its badge changes."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import Ability, register, when
from ...errors import RuleError

if TYPE_CHECKING:
    from ...game import Army, Game



class _TerrainBonus(Ability):
    """+1 coin per region of one terrain at the end of the turn (Hill, Forest, Swamp)."""

    terrain = ""
    per_region = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = sum(1 for i in held if game.board.has_tag(i, self.terrain))
        return [(f"{self.terrain.title()}: {n} {self.terrain} region{'s' if n != 1 else ''}", n)] if n else []


class _Reduction(Ability):
    """-1 token to conquer the regions `applies` accepts (Commando, Mounted, Underworld)."""

    label = ""

    def applies(self, game: Game, region: int) -> bool:
        return True

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [(self.label, -1)] if self.applies(game, region) else []


def _held(game: Game, army: Army) -> list[int]:
    return game.regions_of(army.race)


def _region_of_army(game: Game, army: Army, rid: Any, rule: str) -> int:
    i = game.board.region(rid)
    if game.race[i] != army.race:
        raise RuleError(rule, f"{rid} is not held by the active race")
    return i


@register
class Alchemist(Ability):
    id, rule = "alchemist", "B-POW-ALCHEMIST-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        return [("Alchemist", 2)]


@register
class Berserk(Ability):
    id, rule = "berserk", "B-POW-BERSERK-1"
    words = ("berserk",)
    once_per_turn = frozenset()  # once per conquest instead (A-BASE-06)
    replaces_final_die = True

    def check(self, game: Game, army: Army, action: Any) -> Any:
        game.check_conquest_open(army)
        if army.roll is not None:
            raise RuleError("A-BASE-06", f"the die already shows {army.roll}: conquer first")
        least, rule = game.least(army)
        if army.hand < least:
            raise RuleError("B-CONQ-3", "no tokens left in hand to conquer with") if least == 1 \
                else RuleError(rule, f"a region is conquered with at least {least} tokens")
        return None

    def do(self, game: Game, army: Army, action: Any, data: Any) -> list[Any]:
        army.roll = game.roll_die(action.roll)
        army.turn["die_label"] = "berserk die"
        return [game.new_event("roll", f"Berserk die before the next conquest: {army.roll}", army.owner,
                            roll=army.roll)]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.over or army.roll is not None or game.available(army) < game.least(army)[0]:
            return []
        return [Action.trusted(by=by, do="berserk")]


@register
class Bivouacking(Ability):
    id, rule = "bivouacking", "B-POW-BIVOUACKING-1"
    words = ("encampments",)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        place: dict[int, int] = {}
        for rid, n in action.tokens:
            i = _region_of_army(game, army, rid, self.rule)
            place[i] = n
        if sum(place.values()) > game.box_of("encampment"):
            raise RuleError(self.rule, f"there are only {game.box_of('encampment')} Encampments")
        return place

    def do(self, game: Game, army: Army, action: Any, place: Any) -> list[Any]:
        for i in _held(game, army):
            game.mk["encampment"][i] = 0
        for i, n in place.items():
            game.mk["encampment"][i] = n
        army.stock.pop("encampment", None)
        text = ", ".join(f"{game.board.ids[i]} {n}" for i, n in place.items() if n) or "none"
        return [game.new_event("encampments", f"Encampments: {text}", army.owner)]

    def auto(self, game: Game, army: Army) -> Any:
        """Encampments stay where they are; the rest go one by one on the weakest region."""
        held = _held(game, army)
        if not held:
            return None
        place = {i: game.mk["encampment"][i] for i in held}
        for _ in range(game.box_of("encampment") - sum(place.values())):
            j = min(held, key=lambda r: (game.tokens[r] + place[r], r))
            place[j] += 1
        return place

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        return [Action.trusted(by=by, do="encampments", tokens=((game.board.ids[i], game.box_of("encampment")),))
                for i in _held(game, army)]


@register
class Commando(_Reduction):
    id, rule, label = "commando", "B-POW-COMMANDO-1", "Commando"


@register
class Diplomat(Ability):
    id, rule = "diplomat", "B-POW-DIPLOMAT-1"
    words = ("ally",)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        seat = game.seat_of(action.player, "player")
        if seat == army.owner:
            raise RuleError(self.rule, "peace is made with an opponent")
        if seat in game.turn_flags["attacked"]:
            raise RuleError(self.rule, f"{action.player}'s active race was attacked this turn")
        if not _peace_possible(game, seat):
            raise RuleError("A-NEC-05", f"{action.player}'s race counts as in decline: no peace")
        return seat

    def do(self, game: Game, army: Army, action: Any, seat: Any) -> list[Any]:
        army.data["diplomat.ally"] = seat
        return [game.new_event("ally", f"{game.players[army.owner]} makes peace with {game.players[seat]}",
                            army.owner, ally=game.players[seat])]

    @when("turn_start")
    def turn_start(self, game: Game, army: Army) -> None:
        army.data.pop("diplomat.ally", None)  # peace lasts until the Diplomat's next turn

    def immune(self, game: Game, defender: Army, region: int, attacker: Army) -> Any:
        if defender.data.get("diplomat.ally") == attacker.owner and not attacker.declined:
            return RuleError(self.rule, f"{game.players[defender.owner]} made peace with "
                             f"{game.players[attacker.owner]}: their active race cannot be attacked")
        return None

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        return [Action.trusted(by=by, do="ally", player=p) for s, p in enumerate(game.players)
                if s != army.owner and s not in game.turn_flags["attacked"] and _peace_possible(game, s)]


def _peace_possible(game: Game, seat: int) -> bool:
    """Peace is made with an active race; the Ghosts count as in decline (X-NEC-16, A-NEC-05)."""
    race = game.active[seat]
    return race is None or not game.seen_declined(game.armies[race])


@register
class DragonMaster(Ability):
    id, rule = "dragon_master", "B-POW-DRAGONMASTER-1"
    words = ("dragon",)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        game.check_conquest_open(army)
        least, rule = game.least(army)  # X-CUR-KOB-1: a Kobold region holds two
        if army.hand < least:
            raise RuleError("B-CONQ-3" if least == 1 else rule,
                            f"the Dragon needs {least} token{'s' if least > 1 else ''} in hand")
        i = game.board.region(action.region)
        err = game.target_error(army, i)
        if err:
            raise err
        return i

    def do(self, game: Game, army: Army, action: Any, i: Any) -> list[Any]:
        for j in _held(game, army):
            game.mk["dragon"][j] = 0
        events = game.take(army, i, 1, 1, [("Dragon: one token whatever the defence", 1)])
        game.mk["dragon"][i] = 1
        return events

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.over or game.available(army) < game.least(army)[0]:
            return []
        reach = game.reach(army)
        return [Action.trusted(by=by, do="dragon", region=game.board.ids[i]) for i in game.targets(army, reach)]


@register
class Flying(Ability):
    id, rule = "flying", "B-POW-FLYING-1"

    enters_anywhere = True  # A-BASE-18

    ignores_adjacency = True


@register
class Forest(_TerrainBonus):
    id, rule, terrain = "forest", "B-POW-FOREST-1", "forest"


@register
class Fortified(Ability):
    id, rule = "fortified", "B-POW-FORTIFIED-1"
    words = ("fortress",)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        i = _region_of_army(game, army, action.region, self.rule)
        if game.mk["fortress"][i]:
            raise RuleError(self.rule, f"{action.region} already has a Fortress (one per region)")
        if sum(game.mk["fortress"]) >= game.box_of("fortress"):
            raise RuleError(self.rule, f"all {game.box_of('fortress')} Fortresses are on the map")
        return i

    def do(self, game: Game, army: Army, action: Any, i: Any) -> list[Any]:
        game.mk["fortress"][i] = 1
        return [game.new_event("fortress", f"a Fortress is built in {game.board.ids[i]}", army.owner,
                            region=game.board.ids[i])]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if sum(game.mk["fortress"]) >= game.box_of("fortress"):
            return []
        return [Action.trusted(by=by, do="fortress", region=game.board.ids[i]) for i in _held(game, army)
                if not game.mk["fortress"][i]]

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = sum(game.mk["fortress"][i] for i in held)  # B-POW-FORTIFIED-2
        return [(f"Fortified: {n} fortress{'es' if n != 1 else ''}", n)] if n else []


@register
class Heroic(Ability):
    id, rule = "heroic", "B-POW-HEROIC-1"
    words = ("heroes",)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        regions = [_region_of_army(game, army, rid, self.rule) for rid in action.regions]
        if len(set(regions)) != len(regions):
            raise RuleError(self.rule, "the two Heroes go in two different regions")
        want = min(game.box_of("hero"), len(_held(game, army)))
        if len(regions) != want:
            raise RuleError(self.rule, f"place {want} Hero{'es' if want != 1 else ''}")
        return regions

    def auto(self, game: Game, army: Army) -> list[int]:
        """Heroes stay where they are if they can; otherwise on the most-defended regions."""
        held = _held(game, army)
        keep = [i for i in held if game.mk["hero"][i]]
        rest = sorted((i for i in held if i not in keep), key=lambda i: (-game.tokens[i], i))
        return (keep + rest)[: min(game.box_of("hero"), len(held))]

    def do(self, game: Game, army: Army, action: Any, regions: Any) -> list[Any]:
        for i in _held(game, army):
            game.mk["hero"][i] = 0
        for i in regions:
            game.mk["hero"][i] = 1
        army.used.append("heroes")
        names = " and ".join(game.board.ids[i] for i in regions) or "nowhere"
        return [game.new_event("heroes", f"Heroes stand in {names}", army.owner,
                            regions=[game.board.ids[i] for i in regions])]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        held = [game.board.ids[i] for i in _held(game, army)]
        if len(held) < 2:
            return [Action.trusted(by=by, do="heroes", regions=tuple(held))] if held else []
        return [Action.trusted(by=by, do="heroes", regions=pair) for pair in combinations(held, 2)]


@register
class Hill(_TerrainBonus):
    id, rule, terrain = "hill", "B-POW-HILL-1", "hill"


@register
class Merchant(Ability):
    id, rule = "merchant", "B-POW-MERCHANT-1"
    per_region = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = len(held)
        return [(f"Merchant: {n} region{'s' if n != 1 else ''}", n)] if n else []


@register
class Mounted(_Reduction):
    id, rule, label = "mounted", "B-POW-MOUNTED-1", "Mounted on hill or farmland"

    def applies(self, game: Game, region: int) -> bool:
        return game.board.has_tag(region, "hill") or game.board.has_tag(region, "farmland")


@register
class Pillaging(Ability):
    id, rule = "pillaging", "B-POW-PILLAGING-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = army.nonempty
        return [(f"Pillaging: {n} non-empty region{'s' if n != 1 else ''} conquered", n)] if n else []


@register
class Seafaring(Ability):
    id, rule = "seafaring", "B-POW-SEAFARING-1"

    may_occupy_water = True


@register
class Spirit(Ability):
    id, rule = "spirit", "B-POW-SPIRIT-1"
    works_in_decline = True

    exempt_from_decline_limit = True

    stays_on_decline = True


@register
class Stout(Ability):
    id, rule = "stout", "B-POW-STOUT-1"

    declines_after_scoring = True


@register
class Swamp(_TerrainBonus):
    id, rule, terrain = "swamp", "B-POW-SWAMP-1", "swamp"


@register
class Underworld(_Reduction):
    id, rule, label = "underworld", "B-POW-UNDERWORLD-1", "Underworld in a cavern"

    def applies(self, game: Game, region: int) -> bool:
        return game.board.has_tag(region, "cavern")

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        if game.options.edition == "fr2009":  # A-BASE-17 / B-POW-UNDERWORLD-2
            return False
        tags = game.board.tags
        return "cavern" in tags[region] and any("cavern" in tags[j] for j in held)


@register
class Wealthy(Ability):
    id, rule = "wealthy", "B-POW-WEALTHY-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        return [("Wealthy (first turn only)", 7)] if army.picked_turn == game.turn else []
