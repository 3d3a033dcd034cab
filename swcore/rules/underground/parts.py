"""What the Underground races and powers add to the module itself: effects every army carries
(the Gnomes' shield against discounts, the Vengeance markers handed out, arguments refused to
armies without their race or power), the step after scoring (Thieving's coins paid, new Armors
placed by default, a Vanishing race leaving the board) and the words of racewords.py. The
module class wires `PARTS` into its own attributes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...catalogue import race_name
from ...effects import Ability, when
from ...errors import RuleError
from . import compat, magic, options, racewords
from .adjacency import GNOMES, gnome_shielded, inland_banks
from .powers import Shield, Thieving, Tomb, Vengeful, default_armors, place_armors, robbed
from .races import HAMMER, IronDwarves, WillOWisps, figures_follow, hammers

if TYPE_CHECKING:
    from ...game import Army, Game

#: The sources whose help the Gnomes take away (U-RACE-GNOMES-1, AU-23).
HELPERS = frozenset({"race", "power", "relic", "place"})


def _has(game: Game, army: Army, kind: type) -> bool:
    for ab in game.effects_of(army):  # a plain loop: asked for every listing
        if isinstance(ab, kind):
            return True
    return False


class GnomeShield(Ability):
    """U-RACE-GNOMES-1, AU-23: against another player's active Gnomes the attacker's race,
    power, place and relic discounts are given back (penalties such as the Mummies' stay)."""

    id, rule = "underground.gnomes", "U-RACE-GNOMES-1"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        if game.race[region] != GNOMES or not gnome_shielded(game, army, region):  # hot
            return []
        helped = -(army.roll or 0)  # a die rolled before choosing is a power's (Berserk, A-BASE-06)
        for src, ab in game.sources(army):  # the Tritons' River bank is their race's (U-COMPAT-2)
            if (src in HELPERS or isinstance(ab, RiverBanks)) and \
                    type(ab).cost_modifiers is not Ability.cost_modifiers:
                helped += sum(c for _, c in ab.cost_modifiers(game, army, region) if c < 0)
        return [("Gnomes: no help against them", -helped)] if helped else []


#: Words by which a race or power takes a region on its own terms (U-RACE-GNOMES-1, AU-23): the
#: Dragon (B-POW-DRAGONMASTER-1) and a conversion (the Sorcerers B-RACE-SORCERERS-1; the
#: Vampire and the Shiny Orb, `using`, never take a Gnome, U-RACE-GNOMES-3).
TAKING = frozenset({"dragon", "convert"})


def gnome_word_error(game: Game, seat: int, a: Any) -> RuleError | None:
    """Why `a`, a word of TAKING, may not take its region from the Gnomes, or None: another
    player's active Gnomes there (during his turn only, U-RACE-GNOMES-2; in decline the shield
    is gone, AU-23)."""
    if a.do not in TAKING or a.region is None:
        return None
    i = game.board.index.get(a.region)
    if i is None or game.race[i] != GNOMES:
        return None
    race = a.args.get("race") or game.active[seat]
    army = game.armies.get(race) if race else None
    if army is None or not gnome_shielded(game, army, i):
        return None
    if a.do == "convert" and a.args.get("using") is not None:  # the Vampire, the Orb
        return RuleError("U-RACE-GNOMES-3", "a Gnome is never replaced")
    return RuleError("U-RACE-GNOMES-1", f"{a.region} holds Gnomes: only a plain conquest takes it")


def refuse_gnome_words(game: Game, seat: int, a: Any) -> None:
    """The refusal of `gnome_word_error`, before anything changes (the turn's and the pending
    decisions' own refusals first)."""
    if a.do not in TAKING or seat != game.seat or game.blocking() is not None:
        return
    err = gnome_word_error(game, seat, a)
    if err:
        raise err


def gnome_words_listed(game: Game, out: list[Any]) -> list[Any]:
    """legal_actions without the TAKING words the Gnomes refuse (`gnome_word_error`)."""
    if GNOMES not in game.armies:
        return out
    return [a for a in out if a.do not in TAKING or gnome_word_error(game, game.seat, a) is None]


class RiverBanks(Ability):
    """U-COMPAT-2, AU-68: a sea ability applies to the River: the Tritons' coast discount on a
    region bordering a River region (a coast of a sea or the Lake is theirs already)."""

    id, rule = "underground.banks", "U-COMPAT-2"
    _banks: tuple[Any, frozenset[int]] = (None, frozenset())  # (board, its `inland_banks`)

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        banks = self._banks  # the last board's, kept here: asked for every army's every target
        if banks[0] is not game.board:
            banks = self._banks = (game.board, inland_banks(game))
        if region not in banks[1]:
            return []
        sea = game.effects_with(army, "coast_discount")  # a cached look-up: usually none
        if not sea:
            return []
        return [(f"{race_name(ab.id)} on the River's bank", -ab.coast_discount) for ab in sea]


class VengeanceMarkers(Ability):
    """U-POWER-VENGEFUL-1, AU-44: a player conquering a region of any race of a player whose
    active race is Vengeful receives a Vengeance marker (one each), used on that player's next
    turn."""

    id, rule = "underground.vengeance", "U-POWER-VENGEFUL-1"
    works_in_decline = True

    @when("lost")
    def marked(self, game: Game, army: Army, region: int, attacker: Army, lost: int) -> list[Any]:
        return vengeance(game, army.owner, attacker.owner)


def vengeance(game: Game, victim: int, attacker: int) -> list[Any]:
    """U-POWER-VENGEFUL-1, AU-44: `attacker` attacked a race of `victim`: a Vengeance marker for
    him if the victim's active race is Vengeful (one a player)."""
    race = game.active[victim]
    avenger = game.armies.get(race) if race else None
    if avenger is None or attacker == victim or not _has(game, avenger, Vengeful):
        return []
    pending = avenger.data.setdefault("vengeful.pending", [])
    if attacker in pending:
        return []
    pending.append(attacker)
    return [game.new_event("vengeance", f"{game.players[attacker]} receives a Vengeance marker",
                           victim, avenged_by=game.players[attacker])]


def failed_attack(game: Game, seat: int, a: Any) -> list[Any]:
    """AU-44: a conquest attempt that failed (the final die, a Berserk or Will-o'-Wisps roll
    short) is an attack too: the region is still another player's after a `conquer`."""
    if a.do != "conquer" or a.region is None:
        return []
    owner = game.owner[game.board.region(a.region)]
    return [] if owner is None or owner == seat else vengeance(game, owner, seat)


class RaceArguments(Ability):
    """The arguments the Underground races and powers add to base words are refused to an army
    without them (FORMAT v2)."""

    id, rule = "underground.arguments", "U-RACE-IRON-DWARVES-2"

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        if action.hammers is not None and not _has(game, army, IronDwarves):
            raise RuleError("U-RACE-IRON-DWARVES-2", "only the Iron Dwarves have Silver Hammers")
        if action.early_die and not _has(game, army, WillOWisps):
            raise RuleError("U-RACE-WILL-O-WISPS-1", "only the Will-o'-Wisps roll the die early")
        return []

    def on_redeploy(self, game: Game, army: Army, action: Any, place: dict[int, int]) -> list[Any]:
        if action.armors is not None and not _has(game, army, Shield):
            raise RuleError("U-POWER-SHIELD-1", "only a Shield race places Mushroom Armors")
        return []

    def check_decline(self, game: Game, army: Army, action: Any) -> None:
        if action.tokens is not None and not _has(game, army, Tomb):
            raise RuleError("U-POWER-TOMB-1", "only a Tomb race keeps its tokens in decline")


def after_scoring(game: Game, seat: int) -> list[Any]:
    """AU-63 steps 4-5: Thieving's victims pay what the scoring counted (U-POWER-THIEVING-1);
    Armors earned and not placed go down by default (U-POWER-SHIELD-1); a Vanishing race that
    went into decline this turn leaves the board (U-POWER-VANISHING-1, AU-34); the Great Ancient
    and the Queen leave regions their race no longer holds (AU-20, AU-41); the Bag goes back in
    front of its owner (U-POWER-MAGIC-3)."""
    events: list[Any] = []
    race = game.active[seat]
    if race is not None:
        army = game.armies[race]
        if _has(game, army, Thieving):
            held = [i for i in game.regions_of(race) if game.board.base_cost[i] is not None]
            events += [game.pay(s, None, 1, "Thieving, U-POWER-THIEVING-1")
                       for s in robbed(game, army, held)]
        if army.turn.get("shield.new"):
            place_armors(game, army, default_armors(game, army))
    for race in list(game.declined[seat]):
        army = game.armies[race]
        if army.data.get("vanishing.turn") == game.turn:
            events.append(game.new_event("vanished", "the Vanishing race leaves the board", seat,
                                         race=race))
            events.append(game.remove_army(race))  # its banner back under the stack
    figures_follow(game)
    magic.back_in_front(game)
    return events


def map_items(game: Game) -> list[dict[str, Any]]:
    """What the races and powers keep in front of a player: the Iron Dwarves' Silver Hammers
    (U-RACE-IRON-DWARVES-1) and the Vengeance markers held by the players who attacked a
    Vengeful race (U-POWER-VENGEFUL-1), each with the player holding it."""
    out: list[dict[str, Any]] = []
    for army in game.armies.values():
        if army.declined:
            continue
        n = hammers(army)
        if n and _has(game, army, IronDwarves):
            out.append({"kind": HAMMER, "name": "Silver Hammer", "region": None, "count": n,
                        "player": army.owner, "rule": IronDwarves.rule,
                        "note": "usable this turn"})
        marked = army.data.get("vengeful.marked", []) + army.data.get("vengeful.pending", [])
        for seat in sorted(set(marked)) if _has(game, army, Vengeful) else ():
            out.append({"kind": "vengeance", "name": "Vengeance marker", "region": None,
                        "count": 1, "player": seat, "rule": Vengeful.rule,
                        "note": f"against {game.players[seat]}, for {game.players[army.owner]}"})
    return out


#: What the module class takes in: its `effects`, `steps`, `before`, `after`, `handlers`,
#: `legal`, `setup_keys` (U-COMPAT-1's removals, compat.py), `options` (AU-18, AU-21),
#: `map_items` (Hammers, Vengeance markers).
PARTS: dict[str, Any] = {
    "effects": (GnomeShield(), RiverBanks(), VengeanceMarkers(), RaceArguments(), magic.BagFlight()),
    "steps": {"turn_end": (after_scoring,)},
    "before": (racewords.before_pick, refuse_gnome_words),
    "after": (racewords.after_pick, failed_attack),
    "handlers": {"reborn": racewords.do_reborn},
    "legal": (racewords.legal, gnome_words_listed),
    "setup_keys": {compat.KEY: compat.prepare},
    "options": options.UndergroundOptions,
    "map_items": map_items,
}
