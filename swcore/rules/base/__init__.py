"""The base game (B-* rules): its action words, 14 races and 20 special powers."""

from __future__ import annotations

from ..registry import module
from . import powers, races, words  # noqa: F401  (importing declares the words and effects)


@module
class Base:
    id = "base"
