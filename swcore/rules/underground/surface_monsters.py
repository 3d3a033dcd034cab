"""Places and Relics on a surface map (U-COMPAT-4, AU-69): the set-up key `monsters` names the
players + 1 Lost Tribe regions, never two of them bordering each other, where 2 Monsters stand
instead of the Lost Tribe (`true`: drawn with the seed). The Monsters then guard the Places and
Relics as on an Underground map (U-MON-4: as many markers are drawn as Monster regions), and
Adventurous and Magic stay in the stacks (AU-68). Left out, a surface map has no Monster."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import InputError
from . import state as st

if TYPE_CHECKING:
    from ...game import Game

KEY = "monsters"
#: the context key through which compat.prepare learns Monsters will stand on the map
CHOSEN = "underground.monsters"
PER_REGION = 2  # U-COMPAT-4


def _lost_tribe_regions(board: Any) -> list[int]:
    return [i for i, start in enumerate(board.start_neutral) if start.get("lost_tribe")]


def _draw(board: Any, want: int, rng: Any) -> list[int]:
    """`want` Lost Tribe regions, no two bordering each other, drawn with the seed (the first
    fitting order of a few shuffles), or [] when the map has no such set found."""
    spots = _lost_tribe_regions(board)
    for _ in range(50):
        order = list(spots)
        rng.shuffle(order)
        chosen: list[int] = []
        for i in order:
            if not any(j in board.border_sets[i] for j in chosen):
                chosen.append(i)
            if len(chosen) == want:
                return sorted(chosen)
    return []


def prepare(value: Any, ctx: dict[str, Any]) -> tuple[Any, tuple[str, ...]]:
    """Monsters on a surface map, for its Places and Relics (U-COMPAT-4, AU-69): the Lost Tribe
    regions where two Monsters stand instead of the Lost Tribe, one more than there are players
    and none bordering another, as a list of region ids, or true to draw them; empty: no
    Monster."""
    if value is None or value is False:
        return None, ()
    board = ctx["board"]
    if st.monster_regions(board):
        raise InputError(KEY, "this map has Monster regions of its own (U-SETUP-3)")
    want = len(ctx["players"]) + 1
    if value is True:
        chosen = _draw(board, want, ctx["rng"])
        if not chosen:
            raise InputError(KEY, f"this map has no {want} Lost Tribe regions that do not border "
                                  "each other (U-COMPAT-4)")
    else:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise InputError(KEY, "a list of region ids, or true to draw them")
        chosen = [board.region(rid, f"{KEY}[{k}]") for k, rid in enumerate(value)]
        if len(set(chosen)) != len(chosen) or len(chosen) != want:
            raise InputError(KEY, f"{want} different regions, one more than the players (AU-69)")
        lost = set(_lost_tribe_regions(board))
        for k, i in enumerate(chosen):
            if i not in lost:
                raise InputError(f"{KEY}[{k}]", f"{board.ids[i]} has no Lost Tribe symbol (U-COMPAT-4)")
            if any(j in board.border_sets[i] for j in chosen):
                raise InputError(f"{KEY}[{k}]", f"{board.ids[i]} borders another Monster region "
                                                "(U-COMPAT-4)")
    ctx[CHOSEN] = True
    return [board.ids[i] for i in sorted(chosen)], ()


def set_out(game: Game) -> None:
    """Set-up, before the Places and Relics are drawn: 2 Monsters in each region chosen, in
    place of its Lost Tribe (U-COMPAT-4)."""
    for rid in game.setup.get(KEY) or ():
        game.occupy(game.board.index[rid], st.MONSTER, None, PER_REGION)
