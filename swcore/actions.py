"""Actions: small immutable values, one per thing a player does (the scenario `do` words).

An action's dict form is exactly a scenario step (`{"by": "ann", "do": "conquer",
"region": "r3"}`), so scenarios, saved games and the apps share one vocabulary. The words and
their parameters are declared in `swcore.words`; an action's parameters are read as
attributes (`action.region`): None when not given, False for an absent flag.

An action cannot be changed once built (its `args` is a read-only mapping, its attributes
cannot be set), so a value is checked once, when the action is built, and nothing can be
slipped past that check afterwards. Only the engine builds actions unchecked (`_trusted`, from
its own position).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .errors import InputError
from .names import player_name
from .words import WORDS, check_value, export_value

_new = object.__new__
_set = object.__setattr__
_read_only = MappingProxyType


class Action:
    """One action: who, which word, and the word's parameters (checked against its Param kinds).

    Built in code (`Action("ann", "conquer", region="r3")`) or from a dict (`from_dict`); both
    check every value, so an out-of-range value never reaches the rules."""

    __slots__ = ("by", "do", "args", "_key")

    def __init__(self, by: str, do: str, **params: Any) -> None:
        by, args = _checked(by, do, params, "action")
        _fill(self, by, do, args)

    @classmethod
    def _trusted(cls, by: str, do: str, **params: Any) -> Action:
        """An action the engine builds from its own position (legal_actions): its values are
        already canonical and given only when set (no None, no False), so the checks are
        skipped on this hot path. Private to the engine: values from outside go through
        `Action(...)` or `from_dict`."""
        action = _new(cls)  # `_fill` written out: this builds every legal action
        _set(action, "by", by)
        _set(action, "do", do)
        _set(action, "args", _read_only(params))
        _set(action, "_key", None)
        return action

    def plus(self, **params: Any) -> Action:
        """This action with `params` added, each checked against its kind: the variants a rule
        module adds to the engine's own legal actions (the same pick with its Leader)."""
        word = WORDS[self.do]
        for key, value in params.items():
            if key not in word.params:
                raise InputError("action", f"`{self.do}` takes no {key}")
            params[key] = check_value(word.params[key].kind, value, f"action.{key}")
        action = _new(Action)
        _fill(action, self.by, self.do, {**self.args, **params})
        return action

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"an Action cannot be changed ({name}): build a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an Action cannot be changed ({name}): build a new one")

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self  # immutable: a copy is the same value

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self.by, self.do, dict(self.args)))

    def __getattr__(self, name: str) -> Any:
        """The first time a parameter's name is read: from then on a `_Param` on the class
        reads it (a failed look-up before `__getattr__` costs several times a descriptor's)."""
        if name[:1] == "_":
            raise AttributeError(name)
        if any(name in w.params for w in WORDS.values()):
            setattr(Action, name, _Param(name))
        return _Param(name).__get__(self)

    def _k(self) -> tuple[Any, ...]:
        if self._key is None:
            _set(self, "_key", (self.by, self.do, tuple(sorted(self.args.items()))))
        return self._key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._k() == other._k()

    def __hash__(self) -> int:
        return hash(self._k())

    def __repr__(self) -> str:
        return f"Action({self.to_dict()!r})"

    def to_dict(self) -> dict[str, Any]:
        params = WORDS[self.do].params
        d: dict[str, Any] = {"by": self.by, "do": self.do}
        args = self.args
        for key, p in params.items():  # the word's order: one canonical form for every action
            if key in args:
                d[key] = export_value(p.kind, args[key])
        return d

    def __str__(self) -> str:
        args = " ".join(f"{k}={v}" for k, v in self.to_dict().items() if k not in ("by", "do"))
        return f"{self.by}: {self.do} {args}".rstrip()

    @classmethod
    def from_dict(cls, data: Any, where: str = "action") -> Action:
        """Parse and type-check an action mapping; errors name the field."""
        if not isinstance(data, dict):
            raise InputError(where, "an action must be a mapping with `by` and `do`")
        params = {k: v for k, v in data.items() if k not in ("by", "do")}
        action = _new(cls)
        do = data.get("do")
        by, args = _checked(data.get("by"), do, params, where)
        _fill(action, by, do, args)
        return action


def _fill(action: Action, by: str, do: str, args: dict[str, Any]) -> None:
    """Set the slots of a new action, once (its args read-only from then on)."""
    _set(action, "by", by)
    _set(action, "do", do)
    _set(action, "args", _read_only(args))
    _set(action, "_key", None)


def _rebuilt(by: str, do: str, args: dict[str, Any]) -> Action:
    """An action from its pickled parts (they were checked when it was first built)."""
    action = _new(Action)
    _fill(action, by, do, args)
    return action


class _Param:
    """An action's parameter read as an attribute: None when not given, False for an absent
    flag of its word."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, action: Action | None, owner: Any = None) -> Any:
        if action is None:
            return self
        value = action.args.get(self.name)
        if value is None:
            return False if self.name in WORDS[action.do].flags else None
        return value


def _checked(by: Any, do: Any, params: dict[Any, Any], where: str) -> tuple[str, dict[str, Any]]:
    """The acting player's name and the parameters of `do`, in canonical form; every value
    checked against its kind (the name by the set-up's rule, `swcore.names`)."""
    word = WORDS.get(do) if isinstance(do, str) else None
    if word is None:
        shown = do if isinstance(do, str | int | float | None) else type(do).__name__
        raise InputError(f"{where}.do", f"unknown action {shown!r}; known: {', '.join(WORDS)}")
    if by is None:
        raise InputError(f"{where}.by", "must name the acting player")
    by = player_name(by, f"{where}.by")
    extra = [str(k) for k in params if k not in word.params]
    if extra:
        raise InputError(where, f"`{do}` takes no {', '.join(sorted(extra))}")
    args: dict[str, Any] = {}
    for key, p in word.params.items():
        value = params.get(key)
        if value is None or value is False:  # not given (a flag is absent when false)
            if p.required:
                raise InputError(f"{where}.{key}", f"`{do}` needs `{key}`")
            continue
        args[key] = check_value(p.kind, value, f"{where}.{key}")
    return by, args
