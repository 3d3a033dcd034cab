"""River World in words where the table meets it: this round's event on every turn screen,
the rules a region's card recalls (rivers, frozen or thawing, harbours, the Shipyard, the
Temple, Pirate Ships and their penalty) and the events announced as they happen.

Why: the rulebook's rules otherwise show only in the tutorial; the app names no word or
marker (tests/test_no_rule_names.py), so the module says it (swcore.rules.turn_rows,
region_notes, notices; docs/engine.md). French from swcore.po, keyed by the English text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import gettext_for
from . import state as st

if TYPE_CHECKING:
    from ...game import Game

#: Event kinds the app announces when they happen: the round's event turned up (X-RW-3) and
#: the Pirate Ships it puts on the rivers (X-RW-11).
NOTICES = ("event", "pirates")

#: What each event does this round, as people read it (X-RW-8…11).
SUMMARY = {
    "storm": "Storm: rivers cost 3 tokens instead of 1 this round (X-RW-8)",
    "quiet_waters": "Quiet Waters: no effect (X-RW-9)",
    st.WINTER: "Harsh Winter: rivers are frozen this round: they cost 2, a river taken or held "
               "keeps at least 1 token and scores 1 coin; they must be left next round (X-RW-10)",
    "pirates": "Pirates: a Pirate Ship went on every empty river; a region next to a ship scores "
               "1 coin less while it stays (X-RW-11)",
}


def thawing(game: Game) -> bool:
    """Last round's event was Harsh Winter and this one is not: frozen rivers are left now
    (X-RW-10, A-RW-04)."""
    shown = st.book(game)["shown"]
    k = game.turn - 2
    return game.event != st.WINTER and 0 <= k < len(shown) and shown[k] == st.WINTER


def describe_turn(game: Game, seat: int, lang: str = "en") -> list[tuple[str, str]]:
    """This round's event for whoever plays, and the rivers the player must leave after a
    Harsh Winter."""
    _ = gettext_for(lang)
    rows = []
    if game.event in SUMMARY:
        rows.append((_("This round's event"), _(SUMMARY[game.event])))
    held = [game.board.ids[i] for i in st.rivers(game) if game.owner[i] == seat]
    if held and thawing(game):
        rows.append((_("Rivers to leave"), _("{regions}: frozen in last round's Harsh Winter, "
                                             "to be left at Ready Troops or at redeployment "
                                             "(X-RW-10)").format(regions=", ".join(held))))
    return rows


def region_notes(game: Game, i: int, lang: str = "en") -> list[str]:
    """What River World changes on region i now."""
    _ = gettext_for(lang)
    b, book = game.board, st.book(game)
    out = []
    if b.kind[i] == "river":
        if game.race[i] == st.SHIP:
            out.append(_("Pirate Ship: it fights as 1 token (+1 to the cost); taken, it leaves "
                         "the game (X-RW-11)"))
        if game.event == "storm":
            out.append(_("River: it costs 3 this round (Storm, X-RW-8) and is emptied at "
                         "redeployment (X-RW-4)"))
        elif game.event == st.WINTER:
            out.append(_("Frozen river (Harsh Winter): it costs 2, keeps at least 1 token at "
                         "redeployment and scores 1 coin; it must be left next round (X-RW-10)"))
        elif thawing(game) and game.owner[i] is not None:
            out.append(_("Frozen in last round's Harsh Winter: it must be left this round, at "
                         "Ready Troops or at redeployment (X-RW-10)"))
        else:
            out.append(_("River: it costs 1, holds tokens during the conquests and is emptied at "
                         "redeployment (X-RW-4)"))
        if book["caravel"] and book["caravel"][0] == i:
            out.append(_("The Caravel is here this turn: the regions along this river are open to "
                         "{player} (X-RW-6)").format(player=game.players[book["caravel"][1]]))
    symbols = b.symbols[i]
    if "harbour" in symbols:
        out.append(_("Harbour: a player's harbours score 1 + 2 + 3… (X-RW-5)"))
    if "shipyard" in symbols:
        out.append(_("Shipyard: its holder may put the Caravel on a river once a turn (X-RW-6)"))
    if "temple" in symbols:
        out.append(_("Temple of the Seer: its holder may look at the next event during their "
                     "turn (X-RW-7)"))
    if game.where.get(st.SHIP) and i in st.ship_shadow(game):
        out.append(_("Next to a Pirate Ship: it scores 1 coin less (X-RW-11, A-RW-02)"))
    return out
