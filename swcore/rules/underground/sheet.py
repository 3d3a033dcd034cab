"""Underground's score-sheet counts (swcore.sheetcounts): what its places', races' and powers'
bonuses read beyond the regions' terrains and symbols, set on the sheet's stand-in game (one
region per region entered, no borders) so that the map game's own bonuses score them.

The bonuses that read borders get counts that shape the stand-in's map (`Count.shape`): a lake
bordering the coastal regions (Fisher), a Lost Tribe region bordering the regions next to
another race (Drow), the regions chained into the blocks entered (Flocking, Quarreling), and
the neighbours robbed, each an active race of another player bordering the race (Thieving). A
count left at 0 changes nothing: no coast, no region next to another race, each region a block
of its own, nobody robbed. The coins the robbed players give are entered on their side as
"other" (the sheet does not know who they are)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...catalogue import RACES
from ...effects import Ability, ability
from ...sheetcounts import Count, nothing
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


SHEET = "sheet."  # the ids of the regions the counts add to the stand-in's map


def _extra(stand_in: dict[str, Any], name: str, terrain: str, touching: list[str], **spec: Any) -> str:
    """A region added to the stand-in's map, bordering `touching`."""
    rid = f"{SHEET}{name}"
    stand_in["regions"][rid] = {"terrain": terrain, **spec}
    stand_in["borders"] += [[rid, j] for j in touching]
    return rid


def _coasts(stand_in: dict[str, Any], owned: list[str], n: int) -> None:
    """U-POWER-FISHER-1, AU-38: a lake borders n of the race's regions (a lake is a coast's
    water on a surface map, the River's on an Underground one: U-COMPAT-2)."""
    _extra(stand_in, f"lake.{owned[0]}", "lake", owned[:n])


def _next_to_others(stand_in: dict[str, Any], owned: list[str], n: int) -> None:
    """U-RACE-DROW-1, AU-31: a Lost Tribe region borders n of the race's regions (another race
    or Monsters next to them)."""
    terrain = stand_in["regions"][owned[0]]["terrain"]
    _extra(stand_in, f"tribe.{owned[0]}", terrain, owned[:n], lost_tribe=True)


def _blocks(stand_in: dict[str, Any], owned: list[str], n: int) -> None:
    """U-DEF-7, AU-35: the race's regions form n blocks: the first n - 1 alone, the others in
    one chain."""
    stand_in["borders"] += [[a, b] for a, b in zip(owned[n - 1:], owned[n:], strict=False)]


def _neighbours(stand_in: dict[str, Any], owned: list[str], n: int) -> None:
    """U-POWER-THIEVING-1: n regions bordering the race's first one, for the robbed players'
    active races (`_robbed`)."""
    terrain = stand_in["regions"][owned[0]]["terrain"]
    for k in range(n):
        _extra(stand_in, f"robbed{k}.{owned[0]}", terrain, owned[:1])


def _robbed(game: Any, army: Any, regions: list[int], n: int) -> None:
    """The robbed players: the next n seats, each with an active race (one no seat holds) in a
    region `_neighbours` added."""
    from ...state import Army

    others = [(army.owner + k) % len(game.players) for k in range(1, len(game.players))][:n]
    free = (r for r in RACES if r not in game.armies)
    first = game.board.ids[regions[0]]
    for k, seat in enumerate(others):
        race = next(free)
        game.armies[race] = Army(race, (), seat)
        game.active[seat] = race
        game.occupy(game.board.index[f"{SHEET}robbed{k}.{first}"], race, seat, 1)


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
    Count("coastal", "U-POWER-FISHER-1", "Regions bordering the River, a sea or the lake",
          "Régions au bord de la Rivière, d'une mer ou du lac", nothing,
          lambda regions, seats: regions, shape=_coasts),
    Count("next_to_others", "U-RACE-DROW-1", "Regions bordering another race or Monsters",
          "Régions touchant un autre Peuple ou des Monstres", nothing,
          lambda regions, seats: regions, shape=_next_to_others),
    Count("blocks", "U-DEF-7", "Separate blocks its regions form",
          "Blocs séparés que forment ses régions", nothing,
          lambda regions, seats: regions, shape=_blocks),
    Count("robbed", "U-POWER-THIEVING-1", "Players with a coin whose active race borders it",
          "Joueurs avec un jeton dont le Peuple actif le touche", _robbed,
          lambda regions, seats: min(regions, 1) * (seats - 1), shape=_neighbours),
)
