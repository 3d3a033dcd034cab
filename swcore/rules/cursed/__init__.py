"""Cursed! (X-CUR-*): Goblins and Kobolds; Hordes of, Cursed, Marauding, Ransacking, Were-.

Rule options are the two rulings of ambiguities.md that name one (A-CUR-01, A-CUR-02); the
other rulings (A-CUR-03..07) are simply how the effects work."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ...errors import InputError
from ..registry import module
from . import powers, races  # noqa: F401  (importing registers the effects and the word)


@dataclass
class CursedOptions:
    #: A-CUR-01: Lost Tribes (and neutral occupants that count as in decline) give Goblins −1.
    goblins_vs_lost_tribes: bool = True
    #: A-CUR-02: at the end of a turn each Horde token must share a region with a race token.
    hordes_need_escort: bool = False

    @classmethod
    def from_dict(cls, data: Any) -> CursedOptions:
        data = data or {}
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise InputError("options", f"unknown rule option(s) {sorted(unknown)}; known: {sorted(known)}")
        for k, v in data.items():
            if not isinstance(v, bool):
                raise InputError(f"options.{k}", "must be true or false")
        return cls(**data)


@module
class Cursed:
    id = "cursed"
    options = CursedOptions
