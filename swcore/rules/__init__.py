"""Rule modules: the base game and each expansion, combined in one fixed order.

A module is data plus small effect classes (`swcore.rules.base` is the model). Modules stack,
they are not subclasses of each other: a configuration selects some of them and
`swcore.ruleset.Ruleset` combines them in `MODULE_ORDER`, whatever order they were listed in.
"""

from __future__ import annotations

from typing import Any

#: The canonical order in which modules are combined (then a scenario's own rules).
MODULE_ORDER: tuple[str, ...] = ("base", "cursed", "grand_dames", "leaders", "be_not_afraid",
                                 "river_world", "necromancer", "underground", "realms")


def available_modules() -> tuple[str, ...]:
    """The modules this engine implements, in canonical order (the others are refused by name)."""
    from .registry import MODULES

    return tuple(m for m in MODULE_ORDER if m in MODULES)


def module_name(module_id: str) -> str:
    """A module's name for people (its `name`), e.g. in the app's new-game form."""
    from .registry import MODULES

    return str(getattr(MODULES[module_id], "name", module_id))


def module_of(module_id: str) -> Any:
    """The registered module: its `options` dataclass, `setup_keys`, `off_board_seats`, doc."""
    from .registry import MODULES

    return MODULES[module_id]


def describe(game: Any, player: str | None = None) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Each module's public state in words, for `player` (None: the table): (id, name,
    [(label, value)]) from the modules' `describe_state(game, player)` hooks, in module order."""
    return [(m.id, module_name(m.id), list(m.describe_state(game, player)))
            for m in game.ruleset.modules if hasattr(m, "describe_state")]


def map_items(game: Any) -> list[dict[str, Any]]:
    """What the modules put on the board beyond markers and pieces (`map_items(game)` hooks):
    dicts with `kind`, `name`, `region` (index, or None: with a player's race), `count`,
    `player` (seat or None), `rule` and `note`."""
    return [item for m in game.ruleset.modules if hasattr(m, "map_items")
            for item in m.map_items(game)]
