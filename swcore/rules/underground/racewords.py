"""The Underground races' and powers' arguments to base words and their module-level word
(FORMAT v2): `pick` `swap` (Shadow Mimes) and `volcano` (Flames), checked before the pick and
carried out around it; `reborn` (Reborn in decline), a word of the player rather than of his
active army. The module wires `before`, `after`, `handlers` and `legal` from here
(`PARTS` in parts.py)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...errors import RuleError
from . import turn_start
from .powers import Reborn
from .races import SWAP, VOLCANO, Cultists, Flames, ShadowMimes, place_piece, volcano_chasms

if TYPE_CHECKING:
    from ...game import Army, Game


def before_pick(game: Game, seat: int, a: Action) -> None:
    """U-RACE-SHADOW-MIMES-1, AU-27: the swap is checked, and made once the Mimes are paid for
    (races.ShadowMimes); U-RACE-FLAMES-1: the Volcano's chasm is checked."""
    if a.do != "pick" or (a.swap is None and a.volcano is None):
        return
    k = a.combo
    if k is None or k >= len(game.column):
        return  # the pick refuses it (B-COMBO-1)
    race = game.column[k][0]
    if a.volcano is not None:
        if race != Flames.id:
            raise RuleError("U-RACE-FLAMES-1", "only the Flames put the Volcano down")
        v = game.board.region(a.volcano, "action.volcano")
        if v not in volcano_chasms(game):
            raise RuleError("U-VOLC-1", f"{a.volcano} is not a chasm with a Volcano symbol")
    if a.swap is not None:
        if race != ShadowMimes.id:
            raise RuleError("U-RACE-SHADOW-MIMES-1", "only the Shadow Mimes swap their badge")
        s = a.swap
        if s == k or s >= len(game.column):
            raise RuleError("AU-27", f"the badge is swapped with another visible combo: {s} is "
                                     "not one")
        flags = game.turn_flags  # the swap itself follows the payment (races.ShadowMimes)
        flags[SWAP] = s - (s > k)  # where that combo stands once the picked one has left
        game.journal(lambda: flags.pop(SWAP, None))


def after_pick(game: Game, seat: int, a: Action) -> list[Any]:
    """U-RACE-FLAMES-1: the Volcano on the chasm the player chose (the first one otherwise)."""
    if a.do != "pick" or a.volcano is None:
        return []
    place_piece(game, VOLCANO, game.board.region(a.volcano))
    return [game.new_event("volcano", f"the Volcano erupts in {a.volcano}", seat, region=a.volcano)]


def _reborn_army(game: Game, seat: int) -> Army | None:
    """The player's in-decline race carrying Reborn."""
    for race in game.declined[seat]:
        army = game.armies[race]
        if any(isinstance(ab, Reborn) for ab in game.effects_of(army)):
            return army
    return None


def reborn_error(game: Game, seat: int, regions: list[int]) -> RuleError | None:
    """U-POWER-REBORN-1, AU-40: why these regions cannot be reborn now, or None."""
    old = _reborn_army(game, seat)
    if old is None:
        return RuleError("U-POWER-REBORN-1", "no in-decline Reborn race")
    t = game.turn_flags
    if t["declined"]:
        return RuleError("AU-40", "not on the turn a race goes into decline")
    race = game.active[seat]
    if race is None:
        return RuleError("AU-40", "the active race comes first: pick a combo")
    army = game.armies[race]
    if army.conquests or army.over or army.redeployed or "reborn" in army.used:
        return RuleError("AU-40", "at the start of the turn, once")
    if len(regions) > 2 or len(set(regions)) != len(regions):
        return RuleError("U-POWER-REBORN-1", "up to 2 different regions")
    for i in regions:
        if game.race[i] != old.race:
            return RuleError("U-POWER-REBORN-1", f"{game.board.ids[i]} is not a Reborn region")
        if game.board.water[i] and not game.gives(army, "may_occupy_water"):  # a Seafaring one's
            return RuleError("B-CONQ-4", f"{game.board.ids[i]} is a sea or a lake: the active race "
                                         "cannot hold it")
    if max(0, len(regions) - game.tray(race)) > army.hand:
        return RuleError("U-DEF-8", "not enough tokens in the tray or in hand")
    return None


def do_reborn(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    regions = [game.board.region(r, "action.regions") for r in a.regions or ()]
    err = reborn_error(game, seat, regions)
    if err:
        raise err
    army = game.armies[game.active[seat]]
    old = game.race[regions[0]] if regions else None
    removed = sum(game.tokens[i] for i in regions)
    gained = 0
    for i in regions:
        from_tray = game.tray(army.race) >= 1
        gained += from_tray
        game.clear_region(i)  # the Reborn tokens go back to the tray
        game.occupy(i, army.race, seat, 1)
        if not from_tray:
            army.hand -= 1
    army.used.append("reborn")
    gone = [game.remove_army(old)] if old and not game.regions_of(old) else []  # B-DECL-6
    names = ", ".join(game.board.ids[i] for i in regions) or "no region"
    return [game.new_event("reborn", f"Reborn: {names} taken over by the active race", seat,
                           regions=[game.board.ids[i] for i in regions], race=army.race,
                           gained=gained, old=old, removed=removed)] + gone, a.to_dict()


def legal(game: Game, out: list[Action]) -> list[Action]:
    """The uses of these arguments and of `reborn`: each swap of a Mimes pick, each other
    volcano chasm of a Flames pick, each set of 1 or 2 Reborn regions."""
    more: list[Action] = []
    for a in out:
        if a.do != "pick" or a.combo is None:
            continue
        race = game.column[a.combo][0]
        if race == ShadowMimes.id:
            more += [a.plus(swap=s) for s in range(len(game.column)) if s != a.combo]
        elif race == Flames.id:
            more += [a.plus(volcano=game.board.ids[v]) for v in volcano_chasms(game)[1:]]
    if not (game.queue or game.pending):
        more += reborn_options(game, game.seat)
    return out + more


def reborn_options(game: Game, seat: int) -> list[Action]:
    """Each set of 1 or 2 Reborn regions the player may take over now (AU-40)."""
    old = _reborn_army(game, seat)
    if old is None or reborn_error(game, seat, []) is not None:
        return []
    by, held, out = game.players[seat], game.regions_of(old.race), []
    for n in (1, 2):
        for regions in combinations(held, n):
            if reborn_error(game, seat, list(regions)) is None:
                out.append(Action.trusted(by=by, do="reborn",
                                          regions=tuple(game.board.ids[i] for i in regions)))
    return out


def great_ancient_options(game: Game, seat: int) -> list[Action]:
    """Where the player's active Cultists may move the Great Ancient now (U-RACE-CULTISTS-3),
    once a turn."""
    race = game.active[seat]
    army = game.armies.get(race) if race else None
    if army is None or army.declined or "great_ancient" in army.used:
        return []
    cultists = next((ab for ab in game.effects_of(army) if isinstance(ab, Cultists)), None)
    return cultists.options(game, army, game.players[seat]) if cultists is not None else []


# AU-64: the Great Ancient moved and Reborn's swaps are start-of-turn moves the player orders
# with the Fountain of Youth's token (turn_start.py).
turn_start.register_move("great_ancient", Cultists.rule, great_ancient_options)
turn_start.register_move("reborn", Reborn.rule, reborn_options)
