"""Races and special powers as data (swcore/data/catalogue.csv): names, token values, box counts.

The behaviour of each race and power lives in `swcore.abilities`; this module only says what
is printed on the banners and badges and how many tokens the box holds (B-COMP-3).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources

from .markers import MARKER_TYPES


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    kind: str  # "race", "power" or "tribe"
    expansion: str
    english: str
    french: str
    tokens: int  # the number on the banner or badge
    box: int | None  # tokens in the box (races only): the hard cap B-DEF-8
    in_decline: str  # "yes", "no" or "partial"
    rule: str  # the rule ID of the digest
    effect: str
    #: False where `tokens` or `box` rests on one source or none: a set-up's `values`/`supply`
    #: should give the number printed on the physical tile (the app asks the table for it).
    confirmed: bool = True


def _rows() -> list[dict[str, str]]:
    """catalogue.csv (the base game) then each module's catalogue-<module>.csv, by name."""
    data = resources.files("swcore").joinpath("data")
    names = sorted(p.name for p in data.iterdir() if p.name.startswith("catalogue-")
                   and p.name.endswith(".csv"))
    rows: list[dict[str, str]] = []
    for name in ("catalogue.csv", *names):
        rows += csv.DictReader(data.joinpath(name).read_text(encoding="utf-8").splitlines())
    return rows


def _load() -> dict[str, Entry]:
    out: dict[str, Entry] = {}
    for row in _rows():
        out[row["id"]] = Entry(
            id=row["id"],
            kind=row["kind"],
            expansion=row["expansion"],
            english=row["english"],
            french=row["french"],
            tokens=int(row["tokens"] or 0),
            box=int(row["box"]) if row["box"] else None,
            in_decline=row["in_decline"],
            rule=row["rule"],
            effect=row["effect"],
            confirmed=row.get("confirmed", "yes") != "no",
        )
    return out


CATALOGUE: dict[str, Entry] = _load()
RACES: tuple[str, ...] = tuple(e.id for e in CATALOGUE.values() if e.kind == "race")
POWERS: tuple[str, ...] = tuple(e.id for e in CATALOGUE.values() if e.kind == "power")
LOST_TRIBE = "lost_tribe"
def in_sets(kind: str, sets: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The races or powers (`kind`) of the given sets (a set-up's `pool`), catalogue order."""
    return tuple(e.id for e in CATALOGUE.values() if e.kind == kind and e.expansion in sets)


#: Box counts of every kind of token (B-COMP-3, B-COMP-4): the tray's hard limits.
BOX: dict[str, int] = {e.id: e.box for e in CATALOGUE.values() if e.box is not None}
MARKERS: dict[str, int] = {k: m.box for k, m in MARKER_TYPES.items() if m.box is not None}
#: The reinforcement die: three blank faces, then 1, 2 and 3 (B-COMP-6).
DIE_FACES: tuple[int, ...] = (0, 0, 0, 1, 2, 3)


def race_name(race_id: str) -> str:
    entry = CATALOGUE.get(race_id)
    return entry.english if entry else race_id
