"""The registry of rule modules: each module registers itself when imported, and its action
words (swcore/data/words-<id>.yaml) with it."""

from __future__ import annotations

from typing import Any

from ..words import load

MODULES: dict[str, Any] = {}


def module(cls: Any) -> Any:
    """Class decorator: register a rule module under its `id`, and its words."""
    load(cls.id)
    MODULES[cls.id] = cls()
    return cls
