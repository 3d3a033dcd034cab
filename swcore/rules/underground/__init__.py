"""Small World Underground (U-*, AU-*): Monsters guarding Popular Places and Righteous Relics, the
river, abysmal chasms and Black Mountains, with fifteen races and twenty-one powers of its own.
The French rule book is the authority; digest docs/rules/underground.md, rulings
ambiguities-underground.md."""

from __future__ import annotations

from ..module import RuleModule
from ..registry import module


@module
class Underground(RuleModule):
    id = "underground"
    name = "Small World Underground"
