"""The Necromancer's word `buy` (X-NEC-12, A-NEC-03) and what his seat may not do (X-NEC-18),
checked before any word (the module's `before`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import RuleError
from ...events import Event
from . import state as st

if TYPE_CHECKING:
    from ...actions import Action
    from ...game import Game


def shop_closed(game: Game, seat: int) -> RuleError | None:
    """Why `seat` can buy nothing now, whatever the item (X-NEC-12), or None: asked once per
    listing before each item's own refusal (`buy_error`)."""
    if not st.in_play(game) or seat != st.seat(game):
        return RuleError("X-NEC-12", "only the Necromancer buys Ghosts and powers")
    army = st.army(game)
    if army.ready or army.over or game.turn_flags["scored"]:
        return RuleError("X-NEC-12", "purchases come first in his turn, before Ready Troops")
    return None


def buy_error(game: Game, seat: int, item: Any) -> RuleError | None:
    """Why `item` (`ghost` or one of his unbought powers) cannot be bought now, or None."""
    err = shop_closed(game, seat)
    if err is not None:
        return err
    b = st.book(game)
    if item == "ghost":
        if not b["reserve"]:
            return RuleError("X-NEC-12", "no Ghost left in his reserve")
    elif item not in b["unbought"]:
        return RuleError("X-NEC-12", f"{item!r} is neither `ghost` nor one of his unbought powers")
    price = st.price(game)
    if game.coins[seat] < price:
        return RuleError("A-NEC-03", f"a purchase costs {price} (powers owned + Ghosts on the map "
                                     f"and the Island); {game.coins[seat]} coins")
    return None


def do_buy(game: Game, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
    err = buy_error(game, seat, a.item)
    if err is not None:
        raise err
    price = st.price(game)
    events = [game.pay(seat, None, price, f"{a.item} bought by the Necromancer, X-NEC-12")]
    b = st.book(game)
    if a.item == "ghost":
        st.change(game, "reserve", b["reserve"] - 1)
        st.to_island(game, 1)
    else:
        army = st.army(game)
        powers = army.powers
        army.powers = (*powers, a.item)
        st.change(game, "unbought", [p for p in b["unbought"] if p != a.item])
        game.effects_changed()

        def undo() -> None:
            army.powers = powers
            game.effects_changed()

        game.journal(undo)
    events.append(game.new_event("buy", f"the Necromancer buys {a.item} for {price}", seat,
                              item=a.item, paid=price))
    return events, a.to_dict()


def before(game: Game, seat: int, a: Action) -> None:
    """X-NEC-18: no banner, never in decline. A-NEC-07: his own redeployment (or the placing of
    Ghosts taken back) may list the Island, which is then his region again."""
    if not st.in_play(game) or seat != st.seat(game):
        return
    if a.do in ("pick", "decline"):
        raise RuleError("X-NEC-18", "the Necromancer has no banner to pick and never goes into decline")
    if a.do == "redeploy" and st.ISLAND in dict(a.tokens or ()):
        army = st.army(game)
        if game.seat == seat and not game.blocking() and not army.redeployed:
            game.ready_troops(army)
        if game.race[st.island(game)] != st.GHOSTS:
            _claim_island(game)


def _claim_island(game: Game) -> None:
    """The empty Island held again with no Ghost yet: the redeployment puts them there."""
    i = st.island(game)
    game.occupy(i, st.GHOSTS, st.seat(game), 0)
    game.journal(lambda: game.occupy(i, None, None, 0))
