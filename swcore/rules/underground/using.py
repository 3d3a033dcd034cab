"""`conquer` with `using`: a conquest made with the power of a relic the player's active race
holds (U-PR-2, U-RELIC-GEN-1, AU-49, AU-50); the relic's own effect changes the conquest. Never
against another player's active Gnomes (U-RACE-GNOMES-1, AU-23)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import ability
from ...errors import RuleError
from ...pieces import PIECES
from . import state as st
from .adjacency import gnome_shielded
from .relics import conquers

if TYPE_CHECKING:
    from ...game import Game


def check_using(game: Game, seat: int, a: Action) -> None:
    """Refuse, before anything changes, a `using` the acting race may not make now."""
    piece = a.args.get("using") if a.do == "conquer" else None
    if piece is None:
        return
    info = PIECES.get(piece)
    if info is None or piece not in game.pieces:
        raise RuleError("U-PR-1", f"{piece!r} is not in play in this game")
    rule = info.rule.split()[0]
    race = a.args.get("race") or game.active[seat]
    army = game.armies.get(race) if race else None
    if army is None or army.owner != seat:
        raise RuleError("B-FLOW-4", "no race to conquer with: pick a combo first")
    if army.declined:
        raise RuleError("U-RELIC-GEN-1", "a race in decline cannot use relics")
    i = game.pieces[piece]
    if i is None or game.race[i] != army.race:
        raise RuleError("U-PR-2", f"{info.english} is not in a region of these tokens")
    if not conquers(piece):
        raise RuleError(rule, f"{info.english} is not used to conquer")
    if info.once_per_turn and st.used_now(game, piece, seat):
        raise RuleError(rule, f"{info.english} was already used this turn (AU-50)")
    target = game.board.index.get(a.region) if a.region is not None else None
    if target is not None and gnome_shielded(game, army, target):
        raise RuleError("U-RACE-GNOMES-1", f"{a.region} holds Gnomes: no relic against them")


def conquests_using(game: Game, listed: list[Action]) -> list[Action]:
    """The listed conquests again with each relic the active race may use (`using`), where the
    relic makes the cost affordable."""
    seat = game.seat
    race = game.active[seat]
    army = game.armies.get(race) if race else None
    if army is None or army.declined or army.over or not game.pieces or game.blocking() is not None:
        return []
    usable = [p for p, i in game.pieces.items() if i is not None and game.race[i] == race
              and conquers(p) and ability(p).in_conquest(army)
              and not (PIECES[p].once_per_turn and st.used_now(game, p, seat))]
    if not usable:
        return []
    more = []
    index = game.board.index
    for a in listed:
        if a.do == "conquer" and not a.args.get("reinforce") and not a.args.get("race") \
                and not gnome_shielded(game, army, index[a.region]):  # U-RACE-GNOMES-1
            more += [a.plus(using=p) for p in usable if not ability(p).reaches(army)]
    for p in (p for p in usable if ability(p).reaches(army)):
        more += [Action.trusted(game.current, "conquer", region=game.board.ids[i], using=p)
                 for i in beyond(game, army) if affordable(game, army, i)
                 and not gnome_shielded(game, army, i)]
    return more


def beyond(game: Game, army: Any) -> list[int]:
    """Regions the race could conquer if adjacency did not matter (the Flying Doormat)."""
    reach = game.reach(army)._replace(free=True)
    return [i for i, why in game.screen(army, range(len(game.board)), reach) if why is None
            and i not in reach.near]


def affordable(game: Game, army: Any, i: int) -> bool:
    return game.cost(army, i) <= army.hand
