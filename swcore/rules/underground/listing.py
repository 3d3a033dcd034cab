"""Choices the races' and powers' defaults would otherwise make silently, listed so that a table
sees and makes them: the Mushroom Armors in the listed redeployment (U-POWER-SHIELD-1, AU-32: a
Shield race's `redeploy` carries the Armors it earns, placed by default, moved in the same
panel as the tokens), and the Silver Hammers a conquest spends (U-RACE-IRON-DWARVES-2, AU-24:
beside the default, as many as leave one Dwarf, each smaller number)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from .parts import _has
from .powers import Shield, armors_earned, spread_armors
from .races import IronDwarves, hammers

if TYPE_CHECKING:
    from ...game import Game

WORD, CONQUER = "redeploy", "conquer"


def armors_listed(game: Game, out: list[Action]) -> list[Action]:
    res = None  # a copy of `out` once an action is replaced (most listings have none)
    shielded: dict[str, Any] = {}  # player -> his active army if it has Shield, else None
    for pos, a in enumerate(out):
        # the army's Shield first: reading `a.armors` makes a lazily listed redeployment's
        # placement preview (issue 21's speed), which only a Shield race needs here
        if a.do != WORD:
            continue
        if a.by not in shielded:
            army = game.army_of(a.by)
            shielded[a.by] = army if (army is not None and not army.declined
                                      and _has(game, army, Shield)) else None
        army = shielded[a.by]
        if army is not None and a.armors is None:
            n = army.turn.get("shield.new")
            n = armors_earned(game, army) if n is None else n
            placed = dict(a.args.get("tokens") or ())
            tokens = [0] * len(game.board.ids)
            for rid, k in placed.items():
                tokens[game.board.index[rid]] = k
            held = [game.board.index[rid] for rid, k in placed.items() if k]
            spots = spread_armors(game, n, held, tokens) if n else {}
            if spots:
                if res is None:
                    res = list(out)
                res[pos] = Action.trusted(a.by, WORD, **a.args,
                                          armors=tuple((game.board.ids[i], k) for i, k in spots.items()))
    return out if res is None else res


def hammers_listed(game: Game, out: list[Action]) -> list[Action]:
    if not any(map(hammers, game.armies.values())):
        return out  # no Hammer anywhere (most listings): no conquest to read
    more = []
    forging: dict[str, Any] = {}  # player -> his active army if it has Hammers to spend, else None
    for a in out:
        if a.do != CONQUER:
            continue
        army = forging.get(a.by, False)
        if army is False:
            army = game.army_of(a.by)
            army = forging[a.by] = army if (army is not None and not army.declined and hammers(army)
                                            and _has(game, army, IronDwarves)) else None
        if army is None or a.hammers is not None or not a.region:
            continue
        cost = game.cost(army, game.board.index[a.region])
        more += [Action.trusted(a.by, CONQUER, **a.args, hammers=k)
                 for k in range(min(hammers(army), max(0, cost - 1)))
                 if game.available(army) >= cost - k]  # paid in full: no final die
    return out + more
