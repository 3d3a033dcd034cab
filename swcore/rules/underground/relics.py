"""The Righteous Relics (U-RELIC-*, U-PR-*): a relic works for the army occupying its region
(U-PR-2), never for a race in decline (U-RELIC-GEN-1); one used for a conquest (`conquer` with
`using`) moves to the conquered region (U-PR-3, AU-48), at most once per player turn (AU-50)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, register
from ...pieces import PIECES
from . import state as st

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Army, Game


class Relic(Ability):
    """A relic usable in a conquest: `conquest_change` is its change to the cost, given when
    the conquest names it (`using`), paid for by moving it there (U-PR-3)."""

    label = ""

    def conquest_change(self, game: Game, army: Army, region: int) -> int:
        return 0

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        if action.args.get("using") != self.id:
            return []
        return [(self.label, self.conquest_change(game, army, region),
                 lambda: used(game, army, self.id, region))]


def used(game: Game, army: Army, piece: str, region: int) -> list[Event]:
    """A piece used for a conquest of `region`: counted for this turn (AU-50) and, if it moves,
    moved there (U-PR-3, AU-48: only on success, so after the conquest is decided)."""
    info = PIECES[piece]
    if info.once_per_turn:
        st.mark_used(game, piece, army.owner)
    if info.mobile:
        game.pieces[piece] = region
    return [game.new_event("relic", f"{game.players[army.owner]} uses {info.english} on "
                                    f"{game.board.ids[region]}", army.owner, piece=piece,
                           region=game.board.ids[region])]


def conquers(piece: str) -> bool:
    """Whether the piece's effect changes a conquest it is named in (`using`)."""
    from ...effects import ability

    return isinstance(ability(piece), Relic)


@register
class Sword(Relic):
    """U-RELIC-SWORD-1: once per turn, a conquest for 2 tokens less (minimum 1); the Sword moves
    to the region conquered."""

    id, rule = "sword_of_the_killer_rabbit", "U-RELIC-SWORD-1"
    label = "Sword of the Killer Rabbit"

    def conquest_change(self, game: Game, army: Army, region: int) -> int:
        return -2
