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


def module_name(module_id: str, lang: str = "en") -> str:
    """A module's name for people (its `name`, in `lang`), e.g. in the app's new-game form."""
    from ..i18n import tr
    from .registry import MODULES

    return tr(MODULES[module_id].name or module_id, lang)


def module_of(module_id: str) -> Any:
    """The registered module: its `options` dataclass, `setup_keys`, `off_board_seats`, doc."""
    from .registry import MODULES

    return MODULES[module_id]


def describe(game: Any, player: str | None = None, lang: str = "en"
             ) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Each module's public state in words of `lang`, for `player` (None: the table): (id,
    name, [(label, value)]) from the modules' `describe_state(game, player, lang)` hooks, in
    module order."""
    return [(m.id, module_name(m.id, lang), list(m.describe_state(game, player, lang)))
            for m in game.ruleset.modules if m.describe_state is not None]


def map_items(game: Any) -> list[dict[str, Any]]:
    """What the modules put on the board beyond markers and pieces (`map_items(game)` hooks):
    dicts with `kind`, `name`, `region` (index, or None: with a player's race), `count`,
    `player` (seat or None), `rule` and `note`."""
    return [item for m in game.ruleset.modules if m.map_items is not None
            for item in m.map_items(game)]


def turn_rows(game: Any, seat: int, lang: str = "en") -> list[tuple[str, str, list[tuple[str, str]]]]:
    """What the modules show the player whose turn it is, on the turn screen: (id, name,
    [(label, value)]) from their `describe_turn(game, seat, lang)` hooks (the Necromancer's
    prices and Well on his own turn, this round's River World event)."""
    return [(m.id, module_name(m.id, lang), rows) for m in game.ruleset.modules
            if m.describe_turn is not None and (rows := list(m.describe_turn(game, seat, lang)))]


def region_notes(game: Any, i: int, lang: str = "en") -> list[str]:
    """The modules' rules that bite on region i now, each a short text ending with its rule
    IDs, for the region's card (`region_notes(game, i, lang)` hooks)."""
    return [note for m in game.ruleset.modules if m.region_notes is not None
            for note in m.region_notes(game, i, lang)]


def notices(game: Any, events: list[Any]) -> list[Any]:
    """The events among `events` that a module asks to announce as they happen (its
    `notices`, event kinds): a Ghost rising after a turn, the round's event turned up."""
    kinds = {k for m in game.ruleset.modules for k in m.notices}
    return [ev for ev in events if ev.kind in kinds]


def end_notes(game: Any, lang: str = "en") -> list[tuple[str, bool]]:
    """Why the game ended as it did, from the modules' `end_note(game, lang)` hooks: (text,
    whether the module named the winners itself, which replaces the count of coins)."""
    return [note for m in game.ruleset.modules if m.end_note is not None
            if (note := m.end_note(game, lang)) is not None]
