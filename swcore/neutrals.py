"""Neutral occupants: tokens on the board that belong to nobody (catalogue rows of kind
`tribe`). The base game has the Lost Tribes (B-SETUP-4); expansions add rows (Monsters, pirate
ships). What the rules ask of them is data: whether they count as an in-decline race for the
abilities that care (the catalogue's `in_decline`, A-CUR-01) and how many the box holds.
"""

from __future__ import annotations

from .catalogue import CATALOGUE, Entry

NEUTRALS: dict[str, Entry] = {e.id: e for e in CATALOGUE.values() if e.kind == "tribe"}


def counts_as_declined(neutral_id: str) -> bool:
    return NEUTRALS[neutral_id].in_decline == "yes"
