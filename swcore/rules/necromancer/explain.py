"""Necromancer Island in words where the table meets it: his own turn (what each purchase
costs, what he may buy, his reserve and the Well), the rules a region's card recalls, the
events announced as they happen (a Ghost rising after a turn) and why the game ended.

Why: the app names no race or word (tests/test_no_rule_names.py), so the module says it
(swcore.rules.turn_rows, region_notes, notices, end_notes; docs/engine.md). French from
swcore.po, keyed by the English text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import explain, gettext_for, item_name
from . import state as st
from . import words

if TYPE_CHECKING:
    from ...game import Game

#: Event kinds the app announces when they happen: a Ghost rising (X-NEC-11), Ghosts with no
#: region going onto the Island (A-NEC-07), his immediate win (X-NEC-15).
NOTICES = ("spawn", "island", "necromancer_wins")


def describe_turn(game: Game, seat: int, lang: str = "en") -> list[tuple[str, str]]:
    """For his own turn only: the price of a purchase with how it is made up (X-NEC-12,
    A-NEC-03), what he may buy now or why nothing, his reserve, the Well's souls towards the
    next Ghost (X-NEC-11) and how far he is from the immediate win (X-NEC-15)."""
    if not st.in_play(game) or seat != st.seat(game) or game.seat != seat:
        return []
    _ = gettext_for(lang)
    b = st.book(game)
    price = st.price(game)
    extra = game.module_options["necromancer"].necromancer_price_extra
    made = _("powers owned: {powers} + Ghosts on the map and the Island: {ghosts}").format(
        powers=len(st.army(game).powers), ghosts=st.on_board(game))
    if extra:
        made += " + " + _("{n} (rule option)").format(n=extra)
    rows = [(_("Each purchase costs"), _("{price} coins ({made}; X-NEC-12, A-NEC-03)").format(
        price=price, made=made))]
    errors = {x: words.buy_error(game, seat, x) for x in ["ghost", *b["unbought"]]}
    can = [x for x, err in errors.items() if err is None]
    if can:
        names = [_("a Ghost onto the Island") if x == "ghost" else item_name(x, lang) for x in can]
        rows.append((_("He may buy now"), ", ".join(names)))
    elif any(err.rule == "A-NEC-03" for err in errors.values() if err):  # his coins stay hidden
        rows.append((_("Nothing to buy now"), _("no purchase he can pay for at this price "
                                                "(A-NEC-03)")))
    else:  # purchases are over for this turn (Ready Troops), or nothing is left to buy
        rows.append((_("Nothing to buy now"), explain(errors["ghost"], lang)[0]))
    souls = len(b["well"]) % st.SOULS_PER_GHOST
    rows += [(_("Ghosts left in his reserve"), str(b["reserve"])),
             (_("Souls in the Well"), _("{n}: {left} more and a Ghost rises on the Island after a "
                                        "turn (X-NEC-11)").format(n=len(b["well"]),
                                                                  left=st.SOULS_PER_GHOST - souls)),
             (_("Immediate win"), _("when no Ghost is left in his reserve or the Well: {n} to go "
                                    "(X-NEC-15)").format(n=b["reserve"] + st.well_ghosts(game)))]
    return rows


def region_notes(game: Game, i: int, lang: str = "en") -> list[str]:
    """The Island, the Lake that holds it, its shore and the Ghosts' regions (X-NEC-2, -10,
    -13, -16)."""
    if not st.in_play(game):
        return []
    _ = gettext_for(lang)
    if i == st.island(game):
        return [_("Necromancer Island: no one conquers it and it scores nothing; new Ghosts rise "
                  "here (X-NEC-2, X-NEC-11)")]
    if i == st.book(game)["lake"]:
        return [_("It holds Necromancer Island: no one conquers it, Seafaring included (X-NEC-13)")]
    out = []
    if i in game.board.adjacent_sets[st.island(game)]:
        out.append(_("On the Lake's shore: the Necromancer may attack it from the Island (X-NEC-13)"))
    if game.race[i] == st.GHOSTS:
        out.append(_("Ghosts count as a race in decline for the other players; taken, one Ghost "
                     "goes into the Well of Souls and the others back to him (X-NEC-16, X-NEC-10)"))
    return out


def end_note(game: Game, lang: str = "en") -> tuple[str, bool] | None:
    """Once the game is over: his immediate win (X-NEC-15; the module names the winner), or
    that he is not counted among the others (A-NEC-04, unless the rule option says so)."""
    if not st.in_play(game) or not game.game_over:
        return None
    _ = gettext_for(lang)
    who = game.players[st.seat(game)]
    if st.book(game)["won"]:
        return _("{player}, the Necromancer, wins at once: every Ghost is in play, none left in "
                 "his reserve or the Well of Souls (X-NEC-15).").format(player=who), True
    if game.module_options["necromancer"].necromancer_wins_on_points:
        return None
    return _("{player}, the Necromancer, did not bring every Ghost into play: the winner is chosen "
             "among the other players (X-NEC-15, A-NEC-04).").format(player=who), False

