"""Scenario check keys of Necromancer Island (FORMAT v2 "Checks"): `well`, `ghosts`, `powers`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...checks import _per_player
from ...checks import register as register_check
from ...errors import InputError
from . import state as st

if TYPE_CHECKING:
    from ...game import Game


def _well(game: Game, want: Any, where: str) -> list[tuple[str, Any, Any]]:
    """Tokens in the Well of Souls, Ghosts included (X-NEC-8)."""
    if isinstance(want, bool) or not isinstance(want, int):
        raise InputError(where, "a number of tokens")
    return [("well", want, len(st.book(game)["well"]) if st.in_play(game) else 0)]


def _ghosts(game: Game, want: Any, where: str) -> list[tuple[str, Any, Any]]:
    """{reserve, well}: Ghosts in the Necromancer's reserve and in the Well (X-NEC-3, -8)."""
    if not isinstance(want, dict) or set(want) - {"reserve", "well"}:
        raise InputError(where, "a mapping with `reserve` and/or `well`")
    have = {"reserve": st.book(game)["reserve"], "well": st.well_ghosts(game)} \
        if st.in_play(game) else {"reserve": 0, "well": 0}
    return [(f"ghosts.{k}", v, have[k]) for k, v in want.items()]


def _powers(game: Game, seat: int, want: Any) -> tuple[Any, Any]:
    """The power ids of the player's active race (the Necromancer's: all he owns), as a set."""
    race = game.active[seat]
    have = sorted(game.armies[race].powers) if race else []
    return sorted(want or []), have


register_check("well", _well)
register_check("ghosts", _ghosts)
register_check("powers", _per_player(_powers, "powers"))
