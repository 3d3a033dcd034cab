"""The registry of rule modules: each module registers itself when imported."""

from __future__ import annotations

from typing import Any

MODULES: dict[str, Any] = {}


def module(cls: Any) -> Any:
    """Class decorator: register a rule module under its `id`."""
    MODULES[cls.id] = cls()
    return cls
