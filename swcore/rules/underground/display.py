"""What Underground shows a table beyond the board's markers and pieces (the app's map legend and
module panel): the Silver Hammers kept in front of their player (U-RACE-IRON-DWARVES-1), and
the Places and Relics still face down and those turned over (U-SETUP-4, U-MON-4, AU-05)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...pieces import PIECES
from . import state as st
from .races import HAMMER, hammers

if TYPE_CHECKING:
    from ...game import Game


def map_items(game: Game) -> list[dict[str, Any]]:
    """The Silver Hammers of each Iron Dwarves race: off the board, with their player."""
    out = []
    for army in game.armies.values():
        n = hammers(army)
        if n and not army.declined:
            out.append({"kind": HAMMER, "name": "Silver Hammer", "region": None, "count": n,
                        "player": army.owner, "rule": "U-RACE-IRON-DWARVES-1"})
    return out


def describe_state(game: Game, player: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """How many Places and Relics lie face down (their order is hidden, AU-05), and where each
    one turned over lies now (a relic off the board is held by nobody)."""
    from ...i18n import place_name, tr

    b = st.book(game)
    rows = []
    if b["stack"] is not None:
        rows.append((tr("Places and Relics face down", lang), str(len(b["stack"]))))
    for piece in b["found"]:
        i = game.pieces.get(piece)
        if i is None:
            where = tr("off the board", lang)
        else:
            seat = game.owner[i]
            where = game.board.ids[i] + (f" ({game.players[seat]})" if seat is not None else "")
        kind = tr("Righteous Relic" if PIECES[piece].kind == "relic" else "Popular Place", lang)
        rows.append((tr("{kind}: {name}", lang).format(kind=kind, name=place_name(piece, lang)), where))
    return rows
