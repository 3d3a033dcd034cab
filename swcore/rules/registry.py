"""The registry of rule modules: each module registers itself when imported, and its action
words (swcore/data/words-<id>.yaml) with it."""

from __future__ import annotations

from typing import Any

from ..words import load
from .module import RuleModule, check_module

MODULES: dict[str, RuleModule] = {}


def module(cls: Any) -> Any:
    """Class decorator: register a rule module (a `RuleModule` subclass) under its `id`, and its
    words; a class that is not one, or defines an undeclared attribute, is refused."""
    check_module(cls)
    load(cls.id)
    MODULES[cls.id] = cls()
    return cls
