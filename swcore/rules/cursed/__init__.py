"""Cursed! (X-CUR-*): Goblins and Kobolds; Hordes of, Cursed, Marauding, Ransacking, Were-.

Rule options are the two rulings of ambiguities.md that name one (A-CUR-01, A-CUR-02); the
other rulings (A-CUR-03..07) are simply how the effects work."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from ...catalogue import race_name
from ...errors import InputError
from ..module import RuleModule
from ..registry import module
from . import powers, races  # noqa: F401  (importing registers the effects and the word)

if TYPE_CHECKING:
    from ...game import Game


@dataclass
class CursedOptions:
    #: A-CUR-01: Lost Tribes (and neutral occupants that count as in decline) give Goblins −1.
    goblins_vs_lost_tribes: bool = True
    #: A-CUR-02: at the end of a turn each Horde token must share a region with a race token.
    hordes_need_escort: bool = False

    @classmethod
    def from_dict(cls, data: Any) -> CursedOptions:
        data = data or {}
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise InputError("options", f"unknown rule option(s) {sorted(unknown)}; known: {sorted(known)}")
        for k, v in data.items():
            if not isinstance(v, bool):
                raise InputError(f"options.{k}", "must be true or false")
        return cls(**data)


def map_items(game: Game) -> list[dict[str, Any]]:
    """The Horde tokens (X-CUR-HOR-1): counted among their race's tokens, not told apart, so
    they stand with the race rather than in one region (A-CUR-02)."""
    out = []
    for army in game.armies.values():
        if not army.declined and powers.HordesOf.id in army.powers:
            total = game.on_board(army.race) + army.hand + army.held
            out.append({"kind": "horde", "name": "Horde token", "region": None,
                        "count": min(powers.hordes(game), total), "player": army.owner,
                        "rule": powers.HordesOf.rule,
                        "note": f"among the {race_name(army.race)}' tokens"})
    return out


def describe_state(game: Game, player: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """The Horde tokens in play, for the app's module panel (the active race of their seat)."""
    from ...i18n import item_name, tr

    return [(tr("{player}'s Horde tokens", lang).format(player=game.players[x["player"]]),
             tr("{n} among the {race}' tokens", lang).format(
                 n=x["count"], race=item_name(game.active[x["player"]], lang)))
            for x in map_items(game)]


@module
class Cursed(RuleModule):
    id = "cursed"
    name = "Cursed!"
    options = CursedOptions
    map_items = staticmethod(map_items)
    describe_state = staticmethod(describe_state)
