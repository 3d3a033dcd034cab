"""What lies on the board besides race tokens, for the map's badges and its legend.

Why: the expansions put many kinds of things on the board (markers, unique pieces, neutral
occupants, coins, a module's own pieces such as Leaders) and the app must draw each without
knowing any of them. Everything is read from the engine's generic state: `game.mk` (markers),
`game.pieces` (unique pieces), occupants without an army (Lost Tribes, Pirate Ships),
`game.coins_on`, and the modules' `map_items` hook (`swcore.rules.map_items`). Names and
badge words come from map_style.json, else from the engine's registries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from html import escape

from swcore import Board, Game
from swcore.catalogue import CATALOGUE, LOST_TRIBE
from swcore.i18n import item_name as catalogue_name
from swcore.i18n import place_name as french_name
from swcore.markers import MARKER_TYPES
from swcore.pieces import PIECES
from swcore.rules import map_items as module_items

from . import map_style as st
from .i18n import _, lang, term

#: The kind of the coins lying on a region (a style key, not an engine id).
COINS = "coins"


@dataclass(frozen=True)
class Item:
    kind: str
    name: str
    region: int | None  # None: it stands with a player's race, not in one region
    count: int
    player: str | None
    rule: str = ""
    note: str = ""


def item_name(kind: str, fallback: str = "") -> str:
    """The style's name for a kind, else the engine's (marker registry, catalogue); in French
    the French rule books' name, else the module's name translated (`term`)."""
    if lang() != "en":
        found = french_name(kind, lang())
        return found if found != kind else term(fallback or st.marker_name(kind))
    if kind in st.MARKER_NAMES:
        return st.MARKER_NAMES[kind]
    if kind in MARKER_TYPES:
        return MARKER_TYPES[kind].english
    if kind in CATALOGUE:
        return CATALOGUE[kind].english
    if kind in PIECES:
        return PIECES[kind].english
    return fallback or st.marker_name(kind)


def item_rule(kind: str) -> str:
    """The rule ID of a marker or piece kind (its registry's first), for the hover and legend."""
    if kind in MARKER_TYPES:
        return MARKER_TYPES[kind].rule
    return PIECES[kind].rule.split()[0] if kind in PIECES and PIECES[kind].rule else ""


def board_items(game: Game) -> list[Item]:
    """Every marker, piece, neutral occupant, coin and module item on the board, in that order."""
    players, owner = game.players, game.owner

    def who(i: int) -> str | None:
        return players[owner[i]] if owner[i] is not None else None

    out: list[Item] = []
    for kind, counts in game.mk.items():
        out += [Item(kind, item_name(kind), i, c, who(i), item_rule(kind))
                for i, c in enumerate(counts) if c]
    for kind, i in sorted(game.pieces.items()):
        if i is not None:
            out.append(Item(kind, item_name(kind), i, 1, who(i), item_rule(kind)))
    for i, race in enumerate(game.race):
        if race is not None and race not in game.armies:  # Lost Tribes, Pirate Ships
            rule = CATALOGUE[race].rule if race in CATALOGUE else ""
            name = ("Lost Tribe" if race == LOST_TRIBE and lang() == "en" else  # the tribe's
                    catalogue_name(race, lang()) if race in CATALOGUE else item_name(race))  # name
            out.append(Item(race, name, i, game.tokens[i], None, rule))
    out += [Item(COINS, item_name(COINS), i, c, None) for i, c in enumerate(game.coins_on) if c]
    for d in module_items(game):
        seat = d.get("player")
        out.append(Item(d["kind"], item_name(d["kind"], d.get("name", "")), d.get("region"),
                        int(d.get("count", 1)), players[seat] if seat is not None else None,
                        d.get("rule", ""), term(d.get("note", ""), players)))
    return out


def by_region(items: list[Item]) -> dict[int, list[Item]]:
    out: dict[int, list[Item]] = defaultdict(list)
    for it in items:
        if it.region is not None:
            out[it.region].append(it)
    return out


def badge_kinds(game: Game) -> set[str]:
    """Kinds that already have a token badge of their own (neutral occupants)."""
    return {r for r in game.race if r is not None and r not in game.armies}


def badge(items: list[Item], skip: set[str]) -> str | None:
    """The marker badge of one region: each item's word, with its count when above one."""
    words = [st.marker_badge(it.kind) + (f"×{it.count}" if it.count > 1 else "")
             for it in items if it.kind not in skip]
    return " ".join(words) or None


def tip_lines(items: list[Item]) -> list[str]:
    """Hover lines (escaped HTML) for what is not a marker (markers have their defence line)."""
    return [f"{escape(it.name)}{f' × {it.count}' if it.count > 1 else ''}"
            f"{f' ({escape(it.player)})' if it.player else ''}"
            f"{f': {escape(it.note)}' if it.note else ''}"
            for it in items if it.kind not in MARKER_TYPES or not MARKER_TYPES[it.kind].on_regions]


def legend_rows(game: Game | None, board: Board) -> list[tuple[str, str, str]]:
    """(badge or glyph, name, where) for each kind on the board now, then the board's
    symbols: what the legend lists."""
    rows: list[tuple[str, str, str]] = []
    if game is not None:
        kinds: dict[str, list[Item]] = defaultdict(list)
        for it in board_items(game):
            kinds[it.kind].append(it)
        neutral = badge_kinds(game)
        for kind, its in kinds.items():
            places = []
            for it in its:  # where, then who and the module's note
                at = board.ids[it.region] if it.region is not None else (it.player or "")
                extra = ", ".join(x for x in (it.player if it.region is not None else None,
                                              it.note) if x)
                places.append(f"{at}{f' ×{it.count}' if it.count > 1 else ''}"
                              f"{f' ({extra})' if extra else ''}")
            mark = "" if kind in neutral else st.marker_badge(kind)
            rows.append((mark, its[0].name, ", ".join(places)))
    present = {s for syms in board.symbols for s in syms}
    rows += [(glyph, st.symbol_name(s), "") for s, glyph in st.SYMBOL_GLYPHS.items()
             if s in present and glyph not in st.LEGEND_NOTE]  # the note names the base ones
    return rows


def legend_html(game: Game | None, board: Board) -> str:
    """The legend of what is on the board as HTML (every text escaped; it wraps)."""
    rows = legend_rows(game, board)
    if not rows:
        return ""
    chip = ("display:inline-block;border:1px solid #000;border-radius:3px;padding:0 3px;"
            "background:#fff;font-weight:bold;font-size:12px")
    parts = []
    for mark, name, where in rows:
        head = f"<span style='{chip}'>{escape(mark)}</span> " if mark else ""
        named = f"<span style='white-space:nowrap'>{head}{escape(name)}</span>"
        text = _("{what}: {where}").format(what=named, where=escape(where)) if where else named
        parts.append(f"<span style='margin-right:10px'>{text}</span>")
    return ("<div class='sw-map-items' style='font-size:13px;line-height:1.8'>"
            + " ".join(parts) + "</div>")


def legend_text(game: Game | None, board: Board) -> list[str]:
    """Short phrases for the figure's own note: each badge word on the map with the name of
    what it stands for (the places are on the map), then the board's symbols."""
    out: dict[str, str] = {}
    if game is not None:
        neutral = badge_kinds(game)
        for it in board_items(game):
            if it.kind not in neutral and it.region is not None:
                mark = st.marker_badge(it.kind)
                out.setdefault(it.kind, mark if mark == it.name else f"{mark} = {it.name}")
    present = {s for syms in board.symbols for s in syms}
    return list(out.values()) + [f"{glyph} {st.symbol_name(s)}"
                                 for s, glyph in st.SYMBOL_GLYPHS.items()
                                 if s in present and glyph not in st.LEGEND_NOTE]
