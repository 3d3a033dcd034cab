"""Underground's score-sheet counts (swcore.sheetcounts): what its places', races' and powers'
bonuses read beyond the regions' terrains and symbols, set on the sheet's stand-in game (one
region per region entered, no borders) so that the map game's own bonuses score them.

Not counted yet: the bonuses that read borders (Fisher's coasts, Drow, Thieving, Flocking's
and Quarreling's blocks): the stand-in game has no border and no region but the race's own, and
a count left at 0 is not applied, so it cannot stand for "one block"; a table enters those
coins as "other"."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...effects import Ability, ability
from ...sheetcounts import Count
from . import state as st

KEEP, LOST_MINE, FIELDS = "keep_on_the_motherland", "mine_of_the_lost_dwarf", "diamond_fields"


def _scoring(place: str) -> bool:
    """Whether a place's own effect adds to the score (its own count on the sheet)."""
    return type(ability(place)).score_bonus is not Ability.score_bonus


def _lay(piece: str):
    """A count of 0 or 1: the piece lies in one of the race's regions."""
    def apply(game: Any, army: Any, regions: list[int], n: int) -> None:
        if n and regions:
            game.pieces[piece] = regions[0]
    return apply


def _fields(game: Any, army: Any, regions: list[int], n: int) -> None:
    """U-PLACE-DIAMOND-1, AU-58: the Fields lie on a region of the terrain the race holds n
    regions of (the entry's count of that terrain; the nearest when none has exactly n)."""
    if not n or not regions:
        return
    terrain = game.board.terrain
    held = Counter(terrain[i] for i in regions)
    kind = min(held, key=lambda t: (abs(held[t] - n), -held[t]))
    game.pieces[FIELDS] = next(i for i in regions if terrain[i] == kind)


def _other_places(game: Any, army: Any, regions: list[int], n: int) -> None:
    """U-POWER-ADVENTUROUS-1: n of the Places that score nothing themselves, in its regions."""
    quiet = [p for p in st.PLACES if not _scoring(p)]
    for place, i in zip(quiet[:n], regions, strict=False):
        game.pieces[place] = i


def _three_tokens(game: Any, army: Any, regions: list[int], n: int) -> None:
    """U-POWER-FRIGHTENED-1: n regions hold 3 of the race's tokens."""
    for i in regions[:n]:
        game.tokens[i] = 3


COUNTS = (
    Count(KEEP, "U-PLACE-KEEP-1", "Holds the Keep on the Motherland (0 or 1)",
          "Occupe le Donjon du Danger (0 ou 1)", _lay(KEEP), lambda regions, seats: min(1, regions),
          active_only=False),
    Count(LOST_MINE, "U-PLACE-MINE-1", "Holds the Mine of the Lost Dwarf (0 or 1)",
          "Occupe la Mine du Nain Perdu (0 ou 1)", _lay(LOST_MINE),
          lambda regions, seats: min(1, regions), active_only=False),
    Count(FIELDS, "U-PLACE-DIAMOND-1", "Holds the Diamond Fields: its regions of the Fields' terrain",
          "Occupe les Dahlias de Diamant : ses régions du terrain des Dahlias", _fields,
          lambda regions, seats: regions, active_only=False),
    Count("places", "U-POWER-ADVENTUROUS-1", "Other Popular Places in its regions",
          "Autres Lieux Légendaires dans ses régions", _other_places,
          lambda regions, seats: min(regions, sum(1 for p in st.PLACES if not _scoring(p)))),
    Count("three_tokens", "U-POWER-FRIGHTENED-1", "Regions holding 3 or more of its tokens",
          "Régions avec 3 de ses pions ou plus", _three_tokens, lambda regions, seats: regions),
)
