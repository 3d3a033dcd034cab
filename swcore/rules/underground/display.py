"""What Underground shows a table beyond the board's markers and pieces (the app's module panel):
the Places and Relics still face down and those turned over (U-SETUP-4, U-MON-4, AU-05). The
Silver Hammers and Vengeance markers in front of their players are the races' (parts.map_items)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...pieces import PIECES
from . import state as st

if TYPE_CHECKING:
    from ...game import Game


def describe_state(game: Game, player: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """How many Places and Relics lie face down (their order is hidden, AU-05), and where each
    one turned over lies now (a relic off the board is held by nobody)."""
    from ...i18n import place_name, tr

    b = st.book(game)
    rows = []
    rows.append((tr("Places and Relics face down", lang),
                 str(len(b["stack"])) if b["stack"] is not None
                 else tr("the table enters each one turned over", lang)))
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
