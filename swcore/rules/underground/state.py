"""Underground's game-wide state (`game.module_state["underground"]`).

`stack`: the face-down Place and Relic markers, top first (U-SETUP-4, AU-05), or None when the
table enters each as it is turned over (table mode: a `discover` decision); `found`: the ids
discovered so far, in order; `used`: {piece: [turn, seat]} of the last use of a piece usable
once per turn (AU-50); `waiting` (once the Balrog turned one over): {piece: region} of the
markers whose discovery waits for the region's first occupant (AU-55)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...game import Game

MODULE = "underground"
MONSTER = "monster"
#: The 6 Righteous Relics and 9 Popular Places of the box (U-PR-1), in the rule book's order.
RELICS = ("flying_doormat", "froggys_ring", "stinky_trolls_socks", "sword_of_the_killer_rabbit",
          "shiny_orb", "scepter_of_avarice")
PLACES = ("altar_of_souls", "crypt_of_the_tomb_raider", "diamond_fields", "keep_on_the_motherland",
          "fountain_of_youth", "mine_of_the_lost_dwarf", "wickedest_pentacle", "stonehedge",
          "great_brass_pipe")
MARKERS = RELICS + PLACES


def book(game: Game) -> dict[str, Any]:
    return game.module_state.setdefault(MODULE, {"stack": None, "found": [], "used": {}})


def monster_regions(board: Any) -> list[int]:
    """Regions guarded by Monsters at set-up (U-SETUP-3: what their symbols hold)."""
    return [i for i, start in enumerate(board.start_neutral) if start.get(MONSTER)]


def used_now(game: Game, piece: str, seat: int) -> bool:
    """AU-50: the piece was already used in this player turn."""
    return book(game)["used"].get(piece) == [game.turn, seat]


def mark_used(game: Game, piece: str, seat: int) -> None:
    used = book(game)["used"]
    before = used.get(piece)
    used[piece] = [game.turn, seat]
    game.journal(lambda: used.__setitem__(piece, before) if before else used.pop(piece, None))
