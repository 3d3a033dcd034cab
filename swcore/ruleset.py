"""The rule modules a set-up selects, combined once per selection in the canonical order.

`expansions` in a set-up names rule sets besides the base game; the base module is always in.
Whatever order they are listed in, `Ruleset.of(...)` orders them as `MODULE_ORDER`, so two
tables that list the same expansions play exactly the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .errors import InputError
from .flow import STEPS
from .rules import MODULE_ORDER, available_modules
from .rules.module import RuleModule
from .rules.registry import MODULES


@dataclass(frozen=True)
class Ruleset:
    modules: tuple[RuleModule, ...]
    ids: tuple[str, ...] = ()
    #: effects that every army carries while these modules are in play (whole rule sets)
    effects: tuple[Any, ...] = ()
    #: step name -> the modules' functions for it, in module order (swcore.flow.STEPS)
    steps: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    #: decision kind -> the Game method that settles it
    decisions: dict[str, str] = field(default_factory=dict)
    #: functions run after every action, that push the decisions a position calls for
    settle: tuple[Any, ...] = ()
    #: fn(game, seat, action) run before any word: a module checks the parameters it added
    #: to others' words (refusals before anything changes); `after` fn(...) -> events, after it
    before: tuple[Any, ...] = ()
    after: tuple[Any, ...] = ()
    #: word -> fn(game, seat, action) -> (events, logged): words a module carries out itself
    handlers: dict[str, Any] = field(default_factory=dict)
    #: fn(game, actions) -> actions: the legal uses of the modules' words and parameters
    legal: tuple[Any, ...] = ()
    #: fn(game) -> None, or fn() -> events: what the current player's next action, unless a
    #: decline, carries out first (listed as if done, `legal_actions`)
    ahead: tuple[Any, ...] = ()

    @staticmethod
    def check(expansions: Any) -> list[str]:
        """The expansions of a set-up in canonical order; an unknown or unimplemented one is
        refused by name, so a table never plays rules the engine does not have."""
        if expansions is None:
            return []
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise InputError("expansions", "a list of rule-set ids")
        for k, e in enumerate(expansions):
            if e in expansions[:k]:
                raise InputError(f"expansions[{k}]", f"the rule set {e!r} is listed twice")
            if e == "base":
                continue
            if e not in MODULE_ORDER:
                raise InputError(f"expansions[{k}]", f"unknown rule set {e!r}; known: "
                                                     f"{', '.join(MODULE_ORDER[1:])}")
            if e not in available_modules():
                raise InputError(f"expansions[{k}]", f"the expansion {e!r} is not implemented yet")
        return [m for m in MODULE_ORDER[1:] if m in expansions]

    @classmethod
    def of(cls, expansions: tuple[str, ...] = ()) -> Ruleset:
        return _ruleset(tuple(cls.check(list(expansions))))


@cache
def _ruleset(expansions: tuple[str, ...]) -> Ruleset:
    modules = tuple(MODULES[m] for m in ("base", *expansions))
    steps = {name: tuple(fn for m in modules for fn in m.steps.get(name, ()))
             for name in STEPS}
    decisions = {k: v for m in modules for k, v in m.decisions.items()}
    settle = tuple(fn for m in modules for fn in m.settle)
    effects = tuple(e for m in modules for e in m.effects)
    handlers = {k: v for m in modules for k, v in m.handlers.items()}
    return Ruleset(modules, tuple(m.id for m in modules), effects, steps, decisions, settle,
                   before=tuple(fn for m in modules for fn in m.before),
                   after=tuple(fn for m in modules for fn in m.after), handlers=handlers,
                   legal=tuple(fn for m in modules for fn in m.legal),
                   ahead=tuple(fn for m in modules for fn in m.ahead))
