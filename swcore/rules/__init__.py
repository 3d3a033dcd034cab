"""Rule modules: the base game and each expansion, combined in one fixed order.

A module is data plus small effect classes (`swcore.rules.base` is the model). Modules stack,
they are not subclasses of each other: a configuration selects some of them and
`swcore.ruleset.Ruleset` combines them in `MODULE_ORDER`, whatever order they were listed in.
"""

from __future__ import annotations

#: The canonical order in which modules are combined (then a scenario's own rules).
MODULE_ORDER: tuple[str, ...] = ("base", "cursed", "grand_dames", "leaders", "be_not_afraid",
                                 "river_world", "necromancer", "underground", "realms")


def available_modules() -> tuple[str, ...]:
    """The modules this engine implements, in canonical order (the others are refused by name)."""
    from .registry import MODULES

    return tuple(m for m in MODULE_ORDER if m in MODULES)
