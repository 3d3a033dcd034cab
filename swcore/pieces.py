"""The piece registry (swcore/data/pieces.csv): unique pieces lying in one region or off the board
(`game.pieces`), each kind with its behaviour declared as data, so the kernel names none of them.

A piece's effect (an `Ability` with the piece's id) works for the army occupying its region
(U-PR-2); what the kernel reads here: the effect's source (`kind`: relic, place, figure,
marker), the immunity it gives its region (U-DEF-2, like a marker's, B-DEF-5), the defence
it adds there (the Keep, U-CONQ-2), and what
happens to it when its region is conquered (`on_conquest`: `stays` and passes to the
conqueror, U-LOSS-4; `owner`: back off the board to its owner, U-POWER-MAGIC-3; `removed`).
`mobile`, `once_per_turn` and `void_in_immune` are read by the rules that use a piece
(U-PR-3, AU-50, U-PR-7). Names: the catalogue's where it has the item, else this file's.
"""

from __future__ import annotations

import copy
import csv
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .catalogue import CATALOGUE

KINDS = ("relic", "place", "figure", "marker")
IMMUNITY = ("no", "opponents", "all")
ON_CONQUEST = ("stays", "owner", "removed")


@dataclass(frozen=True, slots=True)
class Piece:
    id: str
    kind: str
    expansion: str
    #: it moves (a relic to the region where it was used, U-PR-3; a figure by its rule)
    mobile: bool
    #: usable at most once per player turn (AU-50)
    once_per_turn: bool
    #: who may not attack its region while it lies there: "no", "opponents" or "all" (U-DEF-2)
    immune: str
    #: tokens added to the cost of conquering its region (the Keep's +1, U-CONQ-2, U-PR-5)
    defence: int
    #: its effect does nothing on an immune region (U-PR-7, AU-62)
    void_in_immune: bool
    on_conquest: str
    english: str
    french: str
    rule: str


def _load() -> dict[str, Piece]:
    text = resources.files("swcore").joinpath("data/pieces.csv").read_text(encoding="utf-8")
    out: dict[str, Piece] = {}
    for row in csv.DictReader(text.splitlines()):
        pid = row["id"]
        entry = CATALOGUE.get(pid)
        if (pid in out or row["kind"] not in KINDS or row["immune"] not in IMMUNITY
                or row["on_conquest"] not in ON_CONQUEST):
            raise ValueError(f"pieces.csv: bad row {pid!r}")
        out[pid] = Piece(pid, row["kind"], row["expansion"], row["mobile"] == "yes",
                         row["once_per_turn"] == "yes", row["immune"], int(row["defence"]),
                         row["void_in_immune"] == "yes",
                         row["on_conquest"], row["english"] or (entry.english if entry else pid),
                         row["french"] or (entry.french if entry else ""), row["rule"])
    return out


PIECES: dict[str, Piece] = _load()
#: Pieces that make their region immune (U-DEF-2), checked by the one target test.
IMMUNE_PIECES: frozenset[str] = frozenset(p for p, x in PIECES.items() if x.immune != "no")
#: Pieces that add to their region's conquest cost (U-CONQ-2), read by the cost.
DEFENCE_PIECES: frozenset[str] = frozenset(p for p, x in PIECES.items() if x.defence)


class Placed(dict):
    """`game.pieces` and `game.carried`: a plain mapping whose every change advances the game's
    clock of what its armies hold (`clock[0]`, also advanced when a region changes race), so an
    army's cached effects are known current by one comparison instead of listing the pieces in
    its regions again (`Game._objects_held`, asked on every effect look-up)."""

    __slots__ = ("clock",)

    def __init__(self, clock: list[int]) -> None:
        super().__init__()
        self.clock = clock

    def __deepcopy__(self, memo: dict[int, Any]) -> Placed:
        """The copy reads the copied game's clock (`Game.copy`); ids and None are kept as they
        are, without the generic copy that sets each item (and moved the clock) one by one."""
        new = memo[id(self)] = Placed(copy.deepcopy(self.clock, memo))
        dict.update(new, self)
        return new

    def __setitem__(self, key, value):
        self.clock[0] += 1
        dict.__setitem__(self, key, value)

    def __delitem__(self, key):
        self.clock[0] += 1
        dict.__delitem__(self, key)

    def __ior__(self, other):
        self.clock[0] += 1
        return dict.__ior__(self, other)

    def pop(self, *args):
        self.clock[0] += 1
        return dict.pop(self, *args)

    def popitem(self):
        self.clock[0] += 1
        return dict.popitem(self)

    def setdefault(self, key, default=None):
        self.clock[0] += 1
        return dict.setdefault(self, key, default)

    def update(self, *args, **kwargs):
        self.clock[0] += 1
        dict.update(self, *args, **kwargs)

    def clear(self):
        self.clock[0] += 1
        dict.clear(self)
