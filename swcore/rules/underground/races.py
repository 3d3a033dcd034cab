"""The 15 Underground races (U-RACE-*, S-FR p.10-11). Each class overrides only the hooks its
banner changes; the figures they bring (the Great Ancient, the Volcano) are pieces of the
registry (`game.pieces`, swcore/data/pieces.csv: the Great Ancient's immunity is data there).
`pick` `swap`/`volcano` are checked in racewords.py; `conquer` `early_die`/`hammers` here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...catalogue import race_name
from ...effects import Ability, register, when
from ...errors import RuleError
from . import options
from .adjacency import (
    GNOMES,
    board_fact,
    gnome_shielded,
    linked,
    plainly_reached,
    remember,
    riverlike,
)

if TYPE_CHECKING:
    from ...game import Army, Game

GREAT_ANCIENT, VOLCANO, HAMMER, QUEEN, ROYAL = "great_ancient", "volcano", "hammer", "queen", "royal"
#: This turn's flag: the column position whose badge the Mimes just picked take (racewords.py).
SWAP = "shadow_mimes.swap"


def _count(held: list[int], test: Any) -> int:
    return sum(1 for i in held if test(i))


def place_piece(game: Game, piece: str, region: int | None) -> None:
    """A figure moves (None: off the board), journaled; every army's effects are gathered again,
    since the pieces in their regions changed."""
    before = game.pieces.get(piece)
    game.pieces[piece] = region
    game.effects_changed()

    def undo() -> None:
        game.pieces[piece] = before
        game.effects_changed()

    game.journal(undo)


# --- Cultists ----------------------------------------------------------------------------
@register
class Cultists(Ability):
    """U-RACE-CULTISTS-1…3, AU-20: the Great Ancient goes in the first region they conquer (again
    in the next one once its region is left); its region is immune to opponents (pieces.csv);
    regions adjacent to it cost them 1 less (adjacency granted by abilities included); at the
    start of their turn `great_ancient` moves it to one of their regions; it leaves the board
    when they go into decline or leave its region (`figures_follow`)."""

    id, rule = "cultists", "U-RACE-CULTISTS-2"
    words = ("great_ancient",)

    @staticmethod
    def _spot(game: Game, army: Army) -> int | None:
        i = game.pieces.get(GREAT_ANCIENT)
        return i if i is not None and game.race[i] == army.race else None

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        ga = self._spot(game, army)
        if ga is None or ga == region or not linked(game, army, ga, region):
            return []
        return [("Cultists next to the Great Ancient", -1)]

    @when("conquered")
    def placed(self, game: Game, army: Army, region: int) -> None:
        if self._spot(game, army) is None:  # AU-20: the first region actually conquered
            place_piece(game, GREAT_ANCIENT, region)

    @when("abandoned")
    def left(self, game: Game, army: Army, region: int) -> None:
        if game.pieces.get(GREAT_ANCIENT) == region:  # AU-20: it leaves with them
            place_piece(game, GREAT_ANCIENT, None)

    @when("declining")
    def gone(self, game: Game, army: Army) -> None:
        if game.pieces.get(GREAT_ANCIENT) is not None:  # AU-20: never protects a declined race
            place_piece(game, GREAT_ANCIENT, None)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        if army.conquests or army.over:
            raise RuleError("U-RACE-CULTISTS-3", "the Great Ancient moves at the start of the turn, "
                                                 "before any conquest")
        i = game.board.region(action.region)
        if game.race[i] != army.race:
            raise RuleError("U-RACE-CULTISTS-3", f"{action.region} is not a Cultist region")
        return i

    def do(self, game: Game, army: Army, action: Any, i: Any) -> list[Any]:
        place_piece(game, GREAT_ANCIENT, i)
        rid = game.board.ids[i]
        return [game.new_event("great_ancient", f"the Great Ancient moves to {rid}", army.owner,
                               region=rid)]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.conquests or army.over:
            return []
        here = game.pieces.get(GREAT_ANCIENT)
        return [Action.trusted(by=by, do="great_ancient", region=game.board.ids[i])
                for i in game.regions_of(army.race) if i != here]


# --- Drow --------------------------------------------------------------------------------
@register
class Drow(Ability):
    """U-RACE-DROW-1, AU-31: +1 coin per Drow region sharing no border with a region holding
    another race (the player's own other race, any opponent's, Monsters, Kraken in the River)."""

    id, rule = "drow", "U-RACE-DROW-1"
    per_region = True  # its coins are its regions' (the Scepter doubles one, AU-51)

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        race, borders = game.race, game.board.border_sets
        n = _count(held, lambda i: not any(race[j] is not None and race[j] != army.race
                                           for j in borders[i]))
        return [(f"Drow: {n} region{'s' if n != 1 else ''} with no other race around", n)] if n else []


# --- Flames ------------------------------------------------------------------------------
def figures_follow(game: Game) -> None:
    """AU-20, AU-41: the Great Ancient and the Queen stand only in a region of their own race
    (the Cultists; a Royal race, in decline too): left or taken otherwise (a redeployment that
    abandons it, the owner's active race conquering its own in-decline Queen, the race leaving
    the board), the figure leaves the board; pieces.csv makes its region immune while it is
    there."""
    for piece, owns in ((GREAT_ANCIENT, lambda a: a.race == Cultists.id and not a.declined),
                        (QUEEN, lambda a: ROYAL in a.powers)):
        i = game.pieces.get(piece)
        army = game.armies.get(game.race[i]) if i is not None and game.race[i] else None
        if i is not None and (army is None or not owns(army)):
            place_piece(game, piece, None)


def volcano_chasms(game: Game) -> list[int]:
    """U-VOLC-1: the chasms bearing a Volcano symbol, in map order."""
    b = game.board
    return [i for i in range(len(b)) if b.kind[i] == "chasm" and b.has_tag(i, "volcano")]


@register
class Flames(Ability):
    """U-RACE-FLAMES-1, -2, AU-19: when picked the Volcano goes on a volcano chasm (the first, or
    `pick` `volcano`); a region bordering it, or adjacent to a Flames region linked to it through
    Flames regions, is conquered as if empty (its Monsters and race tokens not counted, AU-15);
    the Volcano leaves with their decline."""

    id, rule = "flames", "U-RACE-FLAMES-2"

    @when("picked")
    def set_volcano(self, game: Game, army: Army) -> None:
        chasms = volcano_chasms(game)
        if chasms:
            place_piece(game, VOLCANO, chasms[0])

    @when("declining")
    def out(self, game: Game, army: Army) -> None:
        if game.pieces.get(VOLCANO) is not None:
            place_piece(game, VOLCANO, None)

    @staticmethod
    def hot(game: Game, army: Army, region: int) -> bool:
        """AU-19: region borders the Volcano or is adjacent to the chain of Flames regions that
        starts next to it."""
        v = game.pieces.get(VOLCANO)
        if v is None:
            return False
        near = game.board.border_sets[v]
        if region in near:
            return True
        held = game.regions_of(army.race)
        chain = [i for i in held if i in near]
        seen, rest = set(chain), set(held) - set(chain)
        while chain:
            i = chain.pop()
            for j in [j for j in rest if linked(game, army, i, j)]:
                rest.discard(j)
                seen.add(j)
                chain.append(j)
        return any(linked(game, army, i, region) for i in seen)

    @staticmethod
    def _by_the_volcano(game: Game) -> frozenset[int]:
        v = game.pieces.get(VOLCANO)
        return game.board.border_sets[v] if v is not None else frozenset()

    def extra_entry(self, game: Game, army: Army, region: int) -> bool:
        """AU-18 (option `flames_volcano_entry`): they enter next to the Volcano."""
        return options.of(game).flames_volcano_entry and region in self._by_the_volcano(game)

    def refuses_target(self, game: Game, army: Army, region: int) -> Any:
        """AU-18 (option `flames_volcano_entry`): not by the edge, only next to the Volcano."""
        if (options.of(game).flames_volcano_entry and not game.regions_of(army.race)
                and region not in self._by_the_volcano(game)):
            return RuleError("AU-18", f"{game.board.ids[region]}: the Flames enter next to the "
                                      "Volcano")
        return None

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        race = game.race[region]
        if race is None or race == army.race or not game.tokens[region]:
            return []
        if not self.hot(game, army, region):
            return []
        return [("Flames: as if empty (the Volcano)", -game.tokens[region])]


# --- Gnomes ------------------------------------------------------------------------------
@register
class Gnomes(Ability):
    """U-RACE-GNOMES-1, -2, AU-23: during another player's turn, their active regions are
    conquered only with plain border adjacency (or the plain edge rule) and the plain cost: the
    attacker's race, power, place and relic help is taken away (adjacency here; the discounts by
    the Underground module's `GnomeShield`). In decline the shield is gone."""

    id, rule = GNOMES, "U-RACE-GNOMES-1"

    def immune(self, game: Game, defender: Army, region: int, attacker: Army) -> Any:
        if attacker.owner != defender.owner and not plainly_reached(game, attacker, region):
            return RuleError(self.rule, f"{game.board.ids[region]} holds Gnomes: only plain "
                                        "adjacency reaches them")
        return None


# --- Iron Dwarves ------------------------------------------------------------------------
def hammers(army: Army) -> int:
    """U-RACE-IRON-DWARVES-2, AU-24: Silver Hammers still usable this turn."""
    return army.data.get("iron_dwarves.hammers", 0) - army.turn.get("iron_dwarves.spent", 0)


@register
class IronDwarves(Ability):
    """U-RACE-IRON-DWARVES-1…3, AU-24: at the end of their conquests they earn 1 Silver Hammer
    per Mine held (7 in the box, kept from turn to turn); from the next turn each hammer pays 1
    token of a conquest's cost, at least one Dwarf going in (`conquer` `hammers`: how many,
    default as many as leave one Dwarf). Hammers never defend and leave with the decline."""

    id, rule = "iron_dwarves", "U-RACE-IRON-DWARVES-2"

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        have = hammers(army)
        want = action.hammers
        if want is not None and want > have:
            raise RuleError(self.rule, f"{want} Silver Hammers asked; {have} usable this turn")
        if not have or want == 0:
            return []
        n = min(have, max(0, game.cost(army, region) - 1)) if want is None else want

        def pay() -> list[Any]:
            army.turn["iron_dwarves.spent"] = army.turn.get("iron_dwarves.spent", 0) + n
            return []

        return [("Silver Hammers", -n, pay)] if n else []

    @when("conquests_over")
    def forge(self, game: Game, army: Army) -> list[Any]:
        mines = sum(1 for i in game.regions_of(army.race) if game.board.has_tag(i, "mine"))
        data = dict(army.data)
        have = data.get("iron_dwarves.hammers", 0)
        now = min(game.box_of(HAMMER), have + mines)
        if now == have:
            return []
        army.data["iron_dwarves.hammers"] = now
        game.journal(lambda: (army.data.clear(), army.data.update(data)))  # a refused redeploy
        return [game.new_event("hammers", f"the Iron Dwarves forge {now - have} Silver Hammer"
                               f"{'s' if now - have != 1 else ''} ({now} for the next turn)",
                               army.owner, hammers=now)]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        """The conquests only the hammers make affordable (the others are listed as usual)."""
        have = hammers(army)
        if army.over or not have:
            return []
        reach = game.reach(army)
        hand = game.available(army, reach[0])
        if hand < game.least(army)[0]:
            return []
        targets = game.targets(army, reach)
        return [Action.trusted(by=by, do="conquer", region=game.board.ids[i], hammers=cost - hand)
                for i, cost in zip(targets, game.costs(army, targets), strict=True)
                if hand < cost <= hand + have]


# --- Kraken ------------------------------------------------------------------------------
@register
class Kraken(Ability):
    """U-RACE-KRAKEN-1, -2, AU-29: they may stay in the River regions they conquer and score
    them, in decline too; on a surface map they hold Seas and the Lake at the River's cost
    (U-COMPAT-2, AU-68)."""

    id, rule = "kraken", "U-RACE-KRAKEN-1"
    works_in_decline = True
    may_occupy_water = True

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [("Kraken: a sea at the River's cost", -1)] if game.board.water[region] else []


# --- Liches ------------------------------------------------------------------------------
@register
class Liches(Ability):
    """U-RACE-LICHES-1, -2, AU-28: in decline only, an opponent conquering one of their regions
    pays their owner 1 coin at once; an opponent with no coin cannot attack them."""

    id, rule = "liches", "U-RACE-LICHES-1"
    works_in_decline = True

    def immune(self, game: Game, defender: Army, region: int, attacker: Army) -> Any:
        if defender.declined and attacker.owner != defender.owner and game.coins[attacker.owner] < 1:
            return RuleError("U-RACE-LICHES-2", "in-decline Liches are not attacked without a coin "
                                                "to pay them")
        return None

    @when("lost")
    def toll(self, game: Game, army: Army, region: int, attacker: Army, lost: int) -> list[Any]:
        if not army.declined or attacker.owner == army.owner:
            return []
        return [game.pay(attacker.owner, army.owner, 1, "Liches, U-RACE-LICHES-1")]


# --- Lizardmen ---------------------------------------------------------------------------
def across_rivers(game: Game, held: list[int]) -> frozenset[int]:
    """AU-22: the regions bordering a chain of River regions (Seas and the Lake on a surface
    map) that starts next to one of `held`, the River regions included. Asked for each region a
    conquest screens with the same `held`: the last answer is kept on the board (it depends on
    the board and `held` only)."""
    key = tuple(held)
    last = board_fact(game, "across rivers")
    if last is not None and last[0] == key:
        return last[1]  # type: ignore[no-any-return]
    adj = game.board.adjacent_sets
    start = {j for i in held for j in adj[i] if riverlike(game, j)}
    seen, todo = set(start), list(start)
    while todo:
        i = todo.pop()
        for j in adj[i]:
            if j not in seen and riverlike(game, j):
                seen.add(j)
                todo.append(j)
    out = frozenset(seen.union(*(adj[i] for i in seen)))
    remember(game, "across rivers", (key, out))
    return out


@register
class Lizardmen(Ability):
    """U-RACE-LIZARDMEN-1, -2, AU-22: they pass through any River region, occupied or not,
    without conquering it; tokens that conquer a River region leave it at redeployment."""

    id, rule = "lizardmen", "U-RACE-LIZARDMEN-1"

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        return region in across_rivers(game, held)

    def extra_adjacent_regions(self, game: Game, army: Army, held: list[int]) -> frozenset[int]:
        return across_rivers(game, held)


# --- Mudmen ------------------------------------------------------------------------------
@register
class Mudmen(Ability):
    """U-RACE-MUDMEN-1, AU-25: at redeployment, 1 new token from the tray (while any is left)
    per Mudpool (a Swamp on a surface map) they hold, placed with the others."""

    id, rule = "mudmen", "U-RACE-MUDMEN-1"

    @when("conquests_over")
    def grow(self, game: Game, army: Army) -> list[Any]:
        pools = sum(1 for i in game.regions_of(army.race) if game.board.has_tag(i, "swamp"))
        got = min(pools, game.tray(army.race))
        if not pools:
            return []
        army.hand += got
        return [game.new_event("gain", f"Mudmen rise from {pools} Mudpool{'s' if pools != 1 else ''}:"
                               f" {got} new token{'s' if got != 1 else ''}", army.owner, tokens=got, race=army.race)]


# --- Mummies, Ogres ----------------------------------------------------------------------
@register
class Mummies(Ability):
    """U-RACE-MUMMIES-1, AU-30: every conquest costs them 1 token more (against Gnomes too)."""

    id, rule = "mummies", "U-RACE-MUMMIES-1"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [("Mummies", 1)]


@register
class Ogres(Ability):
    """U-RACE-OGRES-1: every conquest costs them 1 token less (minimum 1)."""

    id, rule = "ogres", "U-RACE-OGRES-1"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [("Ogres", -1)]


# --- Shadow Mimes --------------------------------------------------------------------------
@register
class ShadowMimes(Ability):
    """U-RACE-SHADOW-MIMES-1, AU-27: picked with `pick` `swap` (checked in racewords.py), once
    paid for they swap their badge with that combo's (its coins stay) and take 7 + the badge
    they end with."""

    id, rule = "shadow_mimes", "U-RACE-SHADOW-MIMES-1"

    @when("picked")
    def swapped(self, game: Game, army: Army) -> list[Any]:
        s = game.turn_flags.pop(SWAP, None)
        if s is None:
            return []
        col = game.column
        old, new = army.powers[0], col[s][1]
        col[s][1] = old
        army.powers = (new, *army.powers[1:])
        army.fx = None  # its effects change with the badge
        want = game.value_of(army.race) + game.value_of(new) + sum(
            ab.extra_tokens(game, army) for ab in game.effects_with(army, "extra_tokens"))
        before = army.hand
        army.hand = min(want, game.box_of(army.race) + game.extra_box(army))
        return [game.new_event("swap", f"the {race_name(army.race)} swap {race_name(old)} for "
                               f"{race_name(new)}: {army.hand} tokens", army.owner, race=army.race,
                               tokens=army.hand, change=army.hand - before)]


# --- Shrooms -----------------------------------------------------------------------------
@register
class Shrooms(Ability):
    """U-RACE-SHROOMS-1: +1 coin per Mushroom Forest (a Forest on a surface map) they hold."""

    id, rule = "shrooms", "U-RACE-SHROOMS-1"
    per_region = True  # its coins are its regions' (the Scepter doubles one, AU-51)

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = _count(held, lambda i: game.board.has_tag(i, "forest"))
        return [(f"Shrooms: {n} mushroom forest{'s' if n != 1 else ''}", n)] if n else []


# --- Spiderines --------------------------------------------------------------------------
def chasm_side(game: Game) -> frozenset[int]:
    """U-RACE-SPIDERINES-1: the regions sharing a border with an Abysmal Chasm (the board's
    own fact, found once per board like its `rivers`)."""
    side = board_fact(game, "chasm side")
    if side is None:
        b = game.board
        side = remember(game, "chasm side", frozenset(
            j for i in range(len(b)) if b.kind[i] == "chasm" for j in b.border_sets[i]
            if b.kind[j] != "chasm"))
    return side


@register
class Spiderines(Ability):
    """U-RACE-SPIDERINES-1, -2, AU-21: every region bordering a chasm is adjacent to their
    regions (option `spiderines_chasm_network`: to their regions by a chasm only), and may be
    their first conquest."""

    id, rule = "spiderines", "U-RACE-SPIDERINES-1"

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        side = chasm_side(game)
        if region not in side:
            return False
        if options.of(game).spiderines_chasm_network:  # AU-21's narrower reading
            return any(j in side for j in held)
        return bool(held)

    def extra_adjacent_regions(self, game: Game, army: Army, held: list[int]) -> frozenset[int]:
        return chasm_side(game)

    def extra_entry(self, game: Game, army: Army, region: int) -> bool:
        return region in chasm_side(game)


# --- Will-o'-Wisps -------------------------------------------------------------------------
@register
class WillOWisps(Ability):
    """U-RACE-WILL-O-WISPS-1, AU-26: before conquering a Mystic Crystal region, or one adjacent
    to a Mystic Crystal region they hold, `conquer` `early_die: true` rolls the die first: the
    cost falls by the roll (minimum 1); if the hand then suffices the region is conquered and
    conquests go on, otherwise nothing is conquered and the conquests are over. At a table the
    face rolled there goes with it (`roll`), as with every die (B-COMP-6)."""

    id, rule = "will_o_wisps", "U-RACE-WILL-O-WISPS-1"

    @staticmethod
    def eligible(game: Game, army: Army, region: int) -> bool:
        b = game.board
        if b.has_tag(region, "magic"):
            return True
        return any(b.has_tag(j, "magic") and linked(game, army, j, region)
                   for j in game.regions_of(army.race))

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        if not action.early_die:
            return []
        if action.reinforce:
            raise RuleError(self.rule, "the early die replaces the final die: not both")
        if army.roll is not None:
            raise RuleError(self.rule, f"the die already shows {army.roll}: conquer first")
        if not self.eligible(game, army, region):
            raise RuleError(self.rule, f"{action.region} is neither crystals nor next to crystals "
                                       "they hold")
        if gnome_shielded(game, army, region):
            raise RuleError("U-RACE-GNOMES-1", f"{action.region} holds Gnomes: no early die")
        err = game.target_error(army, region)
        if err:
            raise err
        if army.hand < game.least(army)[0]:
            raise RuleError("B-CONQ-3", "no tokens left in hand to conquer with")
        army.roll = game.roll_die(action.roll)  # the face the table rolled, if given
        army.turn["die_label"] = "Will-o'-Wisps' die"

        def undo() -> None:
            army.roll = None
            army.turn.pop("die_label", None)

        game.journal(undo)
        return []

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.over or army.roll is not None:
            return []
        reach = game.reach(army)
        if game.available(army, reach[0]) < game.least(army)[0]:
            return []
        return [Action.trusted(by=by, do="conquer", region=game.board.ids[i], early_die=True)
                for i in game.targets(army, reach) if self.eligible(game, army, i)
                and not gnome_shielded(game, army, i)]

