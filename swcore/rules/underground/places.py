"""The Popular Places (U-PLACE-*, U-PR-*): a place never moves (U-PR-3) and works for the army
occupying its region (U-PR-2, U-LOSS-4); in decline only those whose text says so (U-DEF-4,
U-PLACE-GEN-1, AU-65)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...effects import Ability, register

if TYPE_CHECKING:
    from ...game import Army, Game


@register
class Keep(Ability):
    """U-PLACE-KEEP-1: +1 coin at the end of the occupant's turn, in decline too (AU-65); its
    +1 defence is the piece's own (pieces.csv `defence`, U-CONQ-2)."""

    id, rule = "keep_on_the_motherland", "U-PLACE-KEEP-1"
    works_in_decline = True

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        return [("Keep on the Motherland", 1)]
