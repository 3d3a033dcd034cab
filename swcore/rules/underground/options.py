"""The rulings of ambiguities-underground.md that are flags (`options` of the module), for the
races: the proposed ruling is each default."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ...errors import InputError


@dataclass
class UndergroundOptions:
    """AU-18 and AU-21: readings of the English rule book a table may choose."""

    #: The Flames enter through the Volcano: their first conquest is a region next to it (AU-18).
    flames_volcano_entry: bool = False
    #: For the Spiderines only the regions by a chasm are adjacent to one another (AU-21).
    spiderines_chasm_network: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UndergroundOptions:
        opts = cls(**data)
        for f in fields(cls):
            if not isinstance(getattr(opts, f.name), bool):
                raise InputError(f"options.{f.name}", "true or false")
        return opts


def of(game: Any) -> UndergroundOptions:
    """This game's choices (the defaults in a game without the module's options)."""
    return game.module_options.get("underground") or UndergroundOptions()
