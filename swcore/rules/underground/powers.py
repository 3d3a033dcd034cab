"""The 21 Underground special powers (U-POWER-*, S-FR p.12-13). Each class overrides only the
hooks its badge changes. Powers reading terrain use the canonical tags (a Mudpool is a `swamp`,
a Mushroom Forest a `forest`, Mystic Crystals `magic`, a Black Mountain a `mountain`), so they
work on a surface map too (U-COMPAT-5, AU-68). What happens after the scoring (Thieving's coins,
Vanishing's tokens, new Armors placed by default) is in steps.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...catalogue import CATALOGUE, race_name
from ...effects import Ability, register, when
from ...errors import RuleError
from ...pieces import IMMUNE_PIECES
from .adjacency import blocks, coastal
from .races import QUEEN, place_piece

if TYPE_CHECKING:
    from ...game import Army, Game

ARMOR = "armor"


class _TerrainBonus(Ability):
    """+1 coin at the end of the turn per region of one kind held (Mining, Muddy, Mystic,
    Stone)."""

    tag = ""
    label = ""

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = sum(1 for i in held if game.board.has_tag(i, self.tag))
        return [(f"{self.label}: {n} region{'s' if n != 1 else ''}", n)] if n else []


@register
class Adventurous(Ability):
    """U-POWER-ADVENTUROUS-1: +1 coin per region held with a Popular Place (Relics do not count)."""

    id, rule = "adventurous", "U-POWER-ADVENTUROUS-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        mine = set(held)
        n = sum(1 for p, i in game.pieces.items()
                if i in mine and p in CATALOGUE and CATALOGUE[p].kind == "place")
        return [(f"Adventurous: {n} Place{'s' if n != 1 else ''}", n)] if n else []


@register
class Fisher(Ability):
    """U-POWER-FISHER-1, AU-38: +1 coin per complete pair of coastal regions held (bordering the
    River; a Sea or the Lake on a surface map)."""

    id, rule = "fisher", "U-POWER-FISHER-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = sum(1 for i in held if coastal(game, i)) // 2
        return [(f"Fisher: {n} pair{'s' if n != 1 else ''} of coastal regions", n)] if n else []


@register
class Flocking(Ability):
    """U-POWER-FLOCKING-1, AU-35: +2 coins when all the race's regions form one block."""

    id, rule = "flocking", "U-POWER-FLOCKING-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        return [("Flocking: one block", 2)] if held and blocks(game, army, held) == 1 else []


@register
class Frightened(Ability):
    """U-POWER-FRIGHTENED-1, AU-39: +1 coin per region holding at least 3 of the race's tokens."""

    id, rule = "frightened", "U-POWER-FRIGHTENED-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = sum(1 for i in held if game.tokens[i] >= 3)
        return [(f"Frightened: {n} region{'s' if n != 1 else ''} of 3 tokens or more", n)] if n else []


@register
class Immortal(Ability):
    """U-POWER-IMMORTAL-1, AU-36: a region taken by an enemy loses no token; all are withdrawn and
    placed again after the enemy's turn (a substitution, Vampire or the Orb, still takes the
    lone token)."""

    id, rule = "immortal", "U-POWER-IMMORTAL-1"
    defender_loss = 0


@register
class Martyr(Ability):
    """U-POWER-MARTYR-1, AU-37: each region an opponent takes from the race pays its owner 1 coin
    from the bank."""

    id, rule = "martyr", "U-POWER-MARTYR-1"

    @when("lost")
    def paid(self, game: Game, army: Army, region: int, attacker: Army, lost: int) -> list[Any]:
        return [game.pay(None, army.owner, 1, "Martyr, U-POWER-MARTYR-1")]


@register
class Mining(_TerrainBonus):
    """U-POWER-MINING-1: +1 coin per Mine (a mine symbol on a surface map)."""

    id, rule, tag, label = "mining", "U-POWER-MINING-1", "mine", "Mining"


@register
class Muddy(_TerrainBonus):
    """U-POWER-MUDDY-1: +1 coin per Mudpool (a Swamp on a surface map), in decline too."""

    id, rule, tag, label = "muddy", "U-POWER-MUDDY-1", "swamp", "Muddy"
    works_in_decline = True
    stays_on_decline = True


@register
class Mystic(_TerrainBonus):
    """U-POWER-MYSTIC-1: +1 coin per Mystic Crystal region (a magic source on a surface map)."""

    id, rule, tag, label = "mystic", "U-POWER-MYSTIC-1", "magic", "Mystic"


@register
class Stone(_TerrainBonus):
    """U-POWER-STONE-1, U-COMPAT-3: +1 coin per Black Mountain (a Mountain on a surface map)."""

    id, rule, tag, label = "stone", "U-POWER-STONE-1", "mountain", "Stone"


@register
class Quarreling(Ability):
    """U-POWER-QUARRELING-1, AU-35: +1 coin per separate block of regions held."""

    id, rule = "quarreling", "U-POWER-QUARRELING-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = blocks(game, army, held)
        return [(f"Quarreling: {n} block{'s' if n != 1 else ''}", n)] if n else []


@register
class Reborn(Ability):
    """U-POWER-REBORN-1, AU-40: the badge stays with its race in decline; the `reborn` word
    (words.py) uses it at the start of the owner's turn."""

    id, rule = "reborn", "U-POWER-REBORN-1"
    works_in_decline = True
    stays_on_decline = True


# --- Royal -------------------------------------------------------------------------------
@register
class Royal(Ability):
    """U-POWER-ROYAL-1, -2, AU-41: `queen` at the end of the turn puts the Queen in one of the
    race's regions (optional: left out, she stays where she is), immune to opponents while she
    is there (pieces.csv); she stays and protects in decline but no longer moves, and leaves the
    board with her region (`races.figures_follow`)."""

    id, rule = "royal", "U-POWER-ROYAL-1"
    words = ("queen",)
    works_in_decline = True
    stays_on_decline = True

    def check(self, game: Game, army: Army, action: Any) -> Any:
        i = game.board.region(action.region)
        if army.declined:
            raise RuleError("U-POWER-ROYAL-2", "in decline the Queen no longer moves")
        if game.race[i] != army.race:
            raise RuleError(self.rule, f"{action.region} is not a region of the Royal race")
        return i

    def do(self, game: Game, army: Army, action: Any, i: Any) -> list[Any]:
        place_piece(game, QUEEN, i)
        rid = game.board.ids[i]
        return [game.new_event("queen", f"the Queen stands in {rid}", army.owner, region=rid)]

    @when("abandoned")
    def left(self, game: Game, army: Army, region: int) -> None:
        if game.pieces.get(QUEEN) == region:
            place_piece(game, QUEEN, None)

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.declined:
            return []
        here = game.pieces.get(QUEEN)
        return [Action.trusted(by=by, do="queen", region=game.board.ids[i])
                for i in game.regions_of(army.race) if i != here]


# --- Shield ------------------------------------------------------------------------------
def armors_left(game: Game) -> int:
    """U-POWER-SHIELD-1, AU-32: Mushroom Armors still in the box (8)."""
    return game.box_of(ARMOR) - sum(game.mk[ARMOR])


def armors_earned(game: Game, army: Army) -> int:
    """U-POWER-SHIELD-1, AU-32: 1 Armor per Mushroom Forest held, while the box has any."""
    forests = sum(1 for i in game.regions_of(army.race) if game.board.has_tag(i, "forest"))
    return min(forests, armors_left(game))


@register
class Shield(Ability):
    """U-POWER-SHIELD-1…4, AU-32: at the end of its conquests the race earns 1 Mushroom Armor per
    Mushroom Forest held (while the box has any), placed at redeployment (`redeploy` `armors`;
    by default one at a time on the region with the fewest tokens and Armors, steps.py); each
    adds 1 to its region's defence, in decline too, and leaves with the region (markers.csv)."""

    id, rule = "shield", "U-POWER-SHIELD-1"
    stays_on_decline = True

    @when("conquests_over")
    def earn(self, game: Game, army: Army) -> list[Any]:
        n = armors_earned(game, army)
        if not n:
            return []
        army.turn["shield.new"] = n
        game.journal(lambda: army.turn.pop("shield.new", None))  # a refused redeploy undoes it
        return [game.new_event("armors", f"{n} Mushroom Armor{'s' if n != 1 else ''} earned",
                               army.owner, armors=n)]

    def on_redeploy(self, game: Game, army: Army, action: Any, place: dict[int, int]) -> list[Any]:
        if action.armors is None:
            return []
        new = army.turn.get("shield.new", 0)
        spots = {}
        for rid, n in action.armors:
            i = game.board.region(rid, f"armors.{rid}")
            if i not in place:
                raise RuleError(self.rule, f"{rid} is not kept by the race: no Armor there")
            spots[i] = n
        if sum(spots.values()) != new:
            raise RuleError(self.rule, f"{new} Armor{'s' if new != 1 else ''} earned this turn; "
                                       f"{sum(spots.values())} placed")
        place_armors(game, army, spots)
        return []


def place_armors(game: Game, army: Army, spots: dict[int, int]) -> None:
    """The Armors earned this turn go down (U-POWER-SHIELD-1)."""
    for i, n in spots.items():
        game.mk[ARMOR][i] += n
    army.turn["shield.new"] = 0


def default_armors(game: Game, army: Army) -> dict[int, int]:
    """FORMAT v2: the new Armors one at a time on the region with the fewest tokens plus Armors
    (ties: the first listed)."""
    return spread_armors(game, army.turn.get("shield.new", 0), game.regions_of(army.race),
                         game.tokens)


def spread_armors(game: Game, n: int, held: list[int], tokens: Any) -> dict[int, int]:
    """`default_armors` for n Armors over `held`, with `tokens` lying there."""
    spots = {i: 0 for i in held}
    for _ in range(n if held else 0):
        j = min(held, key=lambda r: (tokens[r] + game.mk[ARMOR][r] + spots[r], r))
        spots[j] += 1
    return {i: n for i, n in spots.items() if n}


# --- Thieving ----------------------------------------------------------------------------
def robbed(game: Game, army: Army, held: list[int]) -> list[int]:
    """U-POWER-THIEVING-1, AU-53: the seats with an active race sharing a border with one of
    `held`, each once, a seat with no coin left out; an immune region does not count (AU-52)."""
    borders, race, owner = game.board.border_sets, game.race, game.owner
    shielded = {i for p, i in game.pieces.items() if i is not None and p in IMMUNE_PIECES}
    seats = set()
    for i in held:
        for j in borders[i]:
            r, o = race[j], owner[j]
            if (o is not None and o != army.owner and r in game.armies and game.active[o] == r
                    and j not in shielded):
                seats.add(o)
    return sorted(s for s in seats if game.coins[s] > 0)


@register
class Thieving(Ability):
    """U-POWER-THIEVING-1, AU-53: at the end of the turn, 1 coin from each player whose active
    race shares a border with the race's regions (scored here, paid by them in steps.py)."""

    id, rule = "thieving", "U-POWER-THIEVING-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = len(robbed(game, army, held))
        return [(f"Thieving: {n} neighbour{'s' if n != 1 else ''} robbed", n)] if n else []


# --- Tomb --------------------------------------------------------------------------------
@register
class Tomb(Ability):
    """U-POWER-TOMB-1, -2, AU-33: going into decline, every token stays (`decline` `tokens`: where
    they stand before scoring); later a conquered Tomb region loses 1 token and the others are
    placed again in the race's other regions after the attacker's turn (none left: lost)."""

    id, rule = "tomb", "U-POWER-TOMB-1"
    works_in_decline = True
    stays_on_decline = True
    keeps_tokens_on_decline = True
    redeploys_in_decline = True

    def check_decline(self, game: Game, army: Army, action: Any) -> None:
        if action.tokens is None:
            return
        held = set(game.regions_of(army.race))
        total = sum(game.tokens[i] for i in held)
        spots = {}
        for rid, n in action.tokens:
            i = game.board.region(rid, f"tokens.{rid}")
            if i not in held:
                raise RuleError(self.rule, f"{rid} is not held by the race")
            if n < 1:
                raise RuleError("B-REDEP-1", f"{rid} keeps at least one token")
            spots[i] = n
        if set(spots) != held or sum(spots.values()) != total:
            raise RuleError(self.rule, f"the {total} tokens stay, at least one in each of its "
                                       f"{len(held)} regions")

    @when("declined")
    def laid(self, game: Game, army: Army, action: Any) -> None:
        if action is not None and action.tokens is not None:
            for rid, n in action.tokens:
                game.tokens[game.board.region(rid)] = n


# --- Vampire -----------------------------------------------------------------------------
def substitution_error(game: Game, army: Army, i: int, rule: str) -> RuleError | None:
    """U-POWER-VAMPIRE-1, -2, AU-43, AU-54: why the token in region i cannot be replaced by one
    of the army's (also the Shiny Orb's test, U-RELIC-ORB-1), or None."""
    from .adjacency import gnome_shielded

    rid = game.board.ids[i]
    race, owner = game.race[i], game.owner[i]
    victim = game.armies.get(race) if race else None
    if victim is None or owner == army.owner or victim.declined or game.seen_declined(victim):
        return RuleError(rule, f"{rid} holds no opponent's active race")
    if game.tokens[i] != 1:
        return RuleError(rule, f"{rid} holds {game.tokens[i]} tokens; only a lone token is replaced")
    from .races import Gnomes

    if gnome_shielded(game, army, i) or any(isinstance(ab, Gnomes) for ab in game.effects_of(victim)):
        return RuleError("U-RACE-GNOMES-3", "a Gnome is never replaced")
    err = game.target_error(army, i)
    if err:
        return err
    if game.tray(army.race) < 1 and army.hand < 1:
        return RuleError("U-DEF-8", "no token left in the tray nor in hand")
    return None


def substitute(game: Game, army: Army, i: int, why: str) -> list[Any]:
    """The lone token of region i goes to its tray (an Immortal one too) and one of the army's,
    from the tray, else from hand, takes its place: a conquest of a non-empty region."""
    victim_race, victim = game.race[i], game.owner[i]
    defender = game.armies[victim_race]
    from_tray = game.tray(army.race) >= 1
    game.turn_flags["attacked"].add(victim)
    lost = game.region_lost_events(defender, i, army, game.loss_of(defender, i, army, 1))
    game.clear_region(i)
    game.occupy(i, army.race, army.owner, 1)
    if not from_tray:
        army.hand -= 1
    army.conquests += 1
    army.nonempty += 1
    rid = game.board.ids[i]
    return [game.new_event("convert", f"{why}: the {race_name(victim_race)} of {rid} ({game.players[victim]}) "
                           "is replaced", army.owner, region=rid, victim=game.players[victim],
                           race=army.race, gained=int(from_tray))
            ] + lost + game.taken_from(army, i, defender)


@register
class Vampire(Ability):
    """U-POWER-VAMPIRE-1, -2, AU-43: `convert` `using: vampire`, once per opponent a turn: a lone
    active opponent token (Black Mountain, Armor or Keep notwithstanding; never a Gnome) is
    replaced by a Vampire from the tray, else from hand; no token is paid for it."""

    id, rule = "vampire", "U-POWER-VAMPIRE-1"
    words = ("convert",)
    once_per_turn = frozenset()  # once per opponent instead

    def _other(self, game: Game, army: Army, action: Any) -> Any:
        """Another effect of the army the `convert` is `using` (the Shiny Orb, the Bag)."""
        using = action.using
        if using in (None, self.id):
            return None
        other = next((ab for ab in game.effects_of(army) if ab.id == using and "convert" in ab.words), None)
        if other is None:
            raise RuleError(self.rule, f"`convert using: {using}`: the race has no such relic")
        return other

    def check(self, game: Game, army: Army, action: Any) -> Any:
        other = self._other(game, army, action)
        if other is not None:
            return other, other.check(game, army, action)
        game.check_conquest_open(army)
        i = game.board.region(action.region)
        err = substitution_error(game, army, i, self.rule)
        if err:
            raise err
        if game.owner[i] in army.turn.get("vampire.bitten", ()):
            raise RuleError(self.rule, f"one Vampire conquest per opponent a turn: "
                                       f"{game.players[game.owner[i]]} already")
        return None, i

    def do(self, game: Game, army: Army, action: Any, data: Any) -> list[Any]:
        other, inner = data
        if other is not None:
            return other.do(game, army, action, inner)
        army.turn.setdefault("vampire.bitten", []).append(game.owner[inner])
        return substitute(game, army, inner, "Vampire")

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.over:
            return []
        bitten = army.turn.get("vampire.bitten", ())
        reach = game.reach(army)
        return [Action.trusted(by=by, do="convert", region=game.board.ids[i], using=self.id)
                for i in game.candidates(reach, army)
                if game.race[i] and game.owner[i] not in bitten
                and substitution_error(game, army, i, self.rule) is None]


# --- Vanishing, Vengeful, Wise -----------------------------------------------------------
@register
class Vanishing(Ability):
    """U-POWER-VANISHING-1, AU-34: on the turn the race goes into decline it scores 2 coins per
    region instead of 1; then its tokens leave the board (steps.py)."""

    id, rule = "vanishing", "U-POWER-VANISHING-1"
    works_in_decline = True
    stays_on_decline = True

    @when("declined")
    def fading(self, game: Game, army: Army, action: Any) -> None:
        army.data["vanishing.turn"] = game.turn

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        if not army.declined or army.data.get("vanishing.turn") != game.turn or not held:
            return []
        return [(f"Vanishing: {len(held)} more", len(held))]


@register
class Vengeful(Ability):
    """U-POWER-VENGEFUL-1, -2, AU-44: each player who attacked one of the owner's races since his
    last turn holds a Vengeance marker (steps.py hands them out); this turn their regions cost
    the race 1 token less (minimum 1); the markers come back at the end of the turn."""

    id, rule = "vengeful", "U-POWER-VENGEFUL-1"

    @when("turn_start")
    def avenge(self, game: Game, army: Army) -> None:
        army.data["vengeful.marked"] = sorted(army.data.pop("vengeful.pending", []))

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        o = game.owner[region]
        if o is not None and o in army.data.get("vengeful.marked", ()) and game.race[region] in game.armies:
            return [("Vengeful", -1)]
        return []


@register
class Wise(Ability):
    """U-POWER-WISE-1, AU-42: in decline, +2 coins at the end of each of the owner's turns while
    the race holds a region (the turn it declines included)."""

    id, rule = "wise", "U-POWER-WISE-1"
    works_in_decline = True
    stays_on_decline = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        return [("Wise, in decline", 2)] if army.declined and held else []
