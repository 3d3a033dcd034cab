"""The declared shape of a rule module: every attribute the engine reads, with its default.

A rule module is a subclass of `RuleModule` registered with `@module` (swcore.rules.registry),
overriding only what it needs. The engine reads these attributes directly, never with
`hasattr`/`getattr`: a module that leaves one out gets the default here. Registering a class
that defines a public attribute not declared here is refused, so a misspelt hook fails at
import instead of being silently ignored. The hooks that are functions default to None ("the
module gives none"); the engine then asks nothing of it, exactly as if it were absent.
"""

from __future__ import annotations

from typing import Any, ClassVar


class RuleModule:
    """A rule set (the base game or an expansion): data plus small effect classes."""

    id: ClassVar[str] = ""
    """The module id, one of `swcore.rules.MODULE_ORDER` (its words are
    `swcore/data/words-<id>.yaml`)."""

    name: ClassVar[str] = ""
    """The module's name for people, in English (French in swcore.po): "Cursed!"."""

    options: ClassVar[Any] = None
    """The module's rule options: a dataclass with `from_dict` (each field explained by a `#:`
    comment), or None when it has none (`Game.module_options[id]`)."""

    steps: ClassVar[dict[str, tuple[Any, ...]]] = {}
    """Functions fn(game, seat) under the names of `swcore.flow.STEPS` (round_start, turn_start,
    turn_end, after_turn, round_end, game_end), run in module order."""

    decisions: ClassVar[dict[str, Any]] = {}
    """Decision kind -> what settles it (a `Game` method name, or fn(game, seat, action))."""

    settle: ClassVar[tuple[Any, ...]] = ()
    """Functions fn(game) run after every action, pushing the decisions the position calls for."""

    effects: ClassVar[tuple[Any, ...]] = ()
    """Effects (`swcore.effects.Ability`) every army carries while the module is in play; their
    source is "module"."""

    handlers: ClassVar[dict[str, Any]] = {}
    """Word -> fn(game, seat, action) -> (events, logged): the module's own action words, those
    no army's effect carries (see "Action words from a module" in docs/engine.md)."""

    legal: ClassVar[tuple[Any, ...]] = ()
    """Functions fn(game, actions) -> actions: the legal uses of the module's words and of the
    parameters it adds to others' words."""

    before: ClassVar[tuple[Any, ...]] = ()
    """Functions fn(game, seat, action) run before any word is carried out: they check the
    parameters the module added to other words (`extend:`), refusing before anything changes."""

    after: ClassVar[tuple[Any, ...]] = ()
    """Functions fn(game, seat, action) -> events, run after any word is carried out."""

    ahead: ClassVar[tuple[Any, ...]] = ()
    """Functions fn(game) -> None, or a function () -> events: what the current player's next
    action carries out first unless it is a decline (a start-of-turn effect the player may still
    skip by declining, AU-64); its changes journaled, as the action may yet be refused."""

    setup_keys: ClassVar[dict[str, Any]] = {}
    """Set-up key -> fn(value, context) -> (stored value, power ids kept out of the stacks),
    read by `make_setup(extra=...)`, saves and scenarios."""

    new_setup: ClassVar[dict[str, Any]] = {}
    """Set-up key -> the value the app's new-game form starts from (a choice the rules leave to
    a player)."""

    off_board_seats: ClassVar[int] = 0
    """Seats the turn track does not count (the Necromancer, X-NEC-1)."""

    sheet_counts: ClassVar[tuple[Any, ...]] = ()
    """What the score sheet asks besides regions held (swcore.sheetcounts)."""

    notices: ClassVar[tuple[str, ...] | frozenset[str]] = ()
    """Kinds of the module's events the app announces as they happen (`swcore.rules.notices`)."""

    board: ClassVar[Any] = None
    """fn(board, setup) -> Board: the board the module plays on (the Necromancer's Island)."""

    winners: ClassVar[Any] = None
    """fn(game) -> [player]: non-empty, they win (an immediate win, X-NEC-15)."""

    contenders: ClassVar[Any] = None
    """fn(game) -> [seat]: the seats the winner on coins is chosen among (A-NEC-04)."""

    snapshot: ClassVar[Any] = None
    """fn(game) -> plain data: the module's state in `snapshot()["modules"][id]`."""

    view: ClassVar[Any] = None
    """fn(game, player, snap): edits `view(player)` (hides or shows the module's hidden state)."""

    describe_state: ClassVar[Any] = None
    """fn(game, player, lang) -> [(label, value)]: the module's state in words, for the app."""

    describe_turn: ClassVar[Any] = None
    """fn(game, seat, lang) -> [(label, value)]: the card of the player whose turn it is."""

    region_notes: ClassVar[Any] = None
    """fn(game, i, lang) -> [text]: the module's rules that bite on region i now."""

    end_note: ClassVar[Any] = None
    """fn(game, lang) -> (text, named) | None: why the game ended as it did."""

    map_items: ClassVar[Any] = None
    """fn(game) -> [dict]: what the module puts on the board beyond markers and pieces."""


#: Every attribute a module may define (the check `@module` makes).
DECLARED: frozenset[str] = frozenset(k for k in vars(RuleModule) if not k.startswith("_"))


def check_module(cls: Any) -> None:
    """Refuse a module class that is not a `RuleModule` or defines an undeclared attribute."""
    if not (isinstance(cls, type) and issubclass(cls, RuleModule)):
        raise TypeError(f"rule module {cls!r} must subclass swcore.rules.module.RuleModule")
    extra = {k for c in cls.__mro__ if c is not RuleModule and c is not object
             for k in vars(c) if not k.startswith("_")} - DECLARED
    if extra:
        raise TypeError(f"rule module {cls.id!r} defines undeclared attribute(s) {sorted(extra)}; "
                        "declare them on swcore.rules.module.RuleModule")
    if not cls.id:
        raise TypeError(f"rule module {cls!r} has no id")
