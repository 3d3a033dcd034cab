"""The Mushroom Armors in the listed redeployment (U-POWER-SHIELD-1, AU-32): a Shield race's
`redeploy` is listed with the Armors it earns placed by default, so that a table sees them and
moves them in the same panel as the tokens before sending it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from .parts import _has
from .powers import Shield, armors_earned, spread_armors

if TYPE_CHECKING:
    from ...game import Game

WORD = "redeploy"


def armors_listed(game: Game, out: list[Action]) -> list[Action]:
    res = []
    for a in out:
        army = game.army_of(a.by) if a.do == WORD and a.armors is None else None
        if army is not None and not army.declined and _has(game, army, Shield):
            n = army.turn.get("shield.new")
            n = armors_earned(game, army) if n is None else n
            placed = dict(a.args.get("tokens") or ())
            tokens = [0] * len(game.board.ids)
            for rid, k in placed.items():
                tokens[game.board.index[rid]] = k
            held = [game.board.index[rid] for rid, k in placed.items() if k]
            spots = spread_armors(game, n, held, tokens) if n else {}
            if spots:
                a = Action.trusted(a.by, WORD, **a.args,
                                   armors=tuple((game.board.ids[i], k) for i, k in spots.items()))
        res.append(a)
    return res
