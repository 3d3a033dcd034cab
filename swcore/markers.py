"""The marker registry (swcore/data/markers.csv): what a marker lying in a region does.

The core reads only these properties (B-DEF-5 immunity, the extra defence of B-CONQ-2, what
goes on decline, B-DECL-7), so a new marker is a row of data, not a branch in the engine.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class Marker:
    id: str
    on_regions: bool  # counted per region (a mountain marker is part of the board instead)
    defence: int  # tokens added to the conquest cost per marker (B-CONQ-2)
    #: who may not attack the region while it lies there (B-DEF-5, A-BASE-14): "no",
    #: "opponents" (the owner's own races still may) or "all" (every other race).
    immune: str
    removed_on_decline: bool  # B-DECL-7
    returns_to_race: bool  # back to its race's stock when the region is emptied
    box: int | None  # how many the box holds (B-COMP-4): a hard limit; None: no source gives it
    english: str
    french: str
    rule: str
    #: False where `box` rests on one source (the Underground rule book's component list for
    #: the Mushroom Armors and Silver Hammers, U-COMP-5): a table may give its own (`supply`).
    confirmed: bool = True


def _yes(text: str) -> bool:
    return text == "yes"


def _load() -> dict[str, Marker]:
    text = resources.files("swcore").joinpath("data/markers.csv").read_text(encoding="utf-8")
    return {row["id"]: Marker(row["id"], _yes(row["on_regions"]), int(row["defence"]),
                              row["immune"], _yes(row["removed_on_decline"]),
                              _yes(row["returns_to_race"]), int(row["box"]) if row["box"] else None, row["english"],
                              row["french"], row["rule"], row.get("confirmed", "yes") != "no")
            for row in csv.DictReader(text.splitlines())}


MARKER_TYPES: dict[str, Marker] = _load()
#: Kinds counted per region, in registry order (the state's `mk` arrays).
MARKER_KINDS: tuple[str, ...] = tuple(m.id for m in MARKER_TYPES.values() if m.on_regions)
DEFENCE_MARKERS: tuple[str, ...] = tuple(k for k in MARKER_KINDS if MARKER_TYPES[k].defence)
IMMUNE_MARKERS: tuple[str, ...] = tuple(k for k in MARKER_KINDS if MARKER_TYPES[k].immune != "no")
#: Immune markers that also stop the owner's own other races (A-BASE-14: the Halflings' Holes).
IMMUNE_TO_ALL: frozenset[str] = frozenset(k for k in MARKER_KINDS if MARKER_TYPES[k].immune == "all")
RETURNS_TO_RACE: tuple[str, ...] = tuple(k for k in MARKER_KINDS if MARKER_TYPES[k].returns_to_race)
DECLINE_REMOVES: tuple[str, ...] = tuple(k for k in MARKER_KINDS
                                         if MARKER_TYPES[k].removed_on_decline)


def unconfirmed_boxes(rule: str) -> list[str]:
    """The markers of the race or power whose rules are `rule`-N (its catalogue `rule`: the
    Shield's Armors, the Iron Dwarves' Hammers) whose box count rests on one source, so the
    table is asked for the one in its box (`supply`, as for the numbers printed on tiles)."""
    return [m.id for m in MARKER_TYPES.values()
            if not m.confirmed and m.box is not None and m.rule.rsplit("-", 1)[0] == rule]
