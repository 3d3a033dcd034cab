"""Small World Underground (U-*, AU-*): Monsters guarding Popular Places and Righteous Relics, the
river, abysmal chasms and Black Mountains, with fifteen races and twenty-one powers of its own.
The French rule book is the authority; digest docs/rules/underground.md, rulings
ambiguities-underground.md."""

from __future__ import annotations

from ..module import RuleModule
from ..registry import module
from .parts import PARTS  # the races' and powers' effects, steps and words


@module
class Underground(RuleModule):
    id = "underground"
    name = "Small World Underground"
    effects = PARTS["effects"]
    steps = PARTS["steps"]
    before = PARTS["before"]
    after = PARTS["after"]
    handlers = PARTS["handlers"]
    legal = PARTS["legal"]
    setup_keys = PARTS["setup_keys"]
