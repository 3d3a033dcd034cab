"""Actions: small immutable values, one per thing a player does (the scenario `do` words).

An action's dict form is exactly a scenario step (`{"by": "ann", "do": "conquer",
"region": "r3"}`), so scenarios, saved games and the apps share one vocabulary. The words and
their parameters are declared in `swcore.words`; an action's parameters are read as
attributes (`action.region`): None when not given, False for an absent flag.

An action's values are checked when it is built (`Action(...)`, `from_dict`) and again by
`Game.apply` (`checked`): what was changed in between (its `args` edited, an action built with
`trusted`) never reaches the rules. The one exception is an action `legal_actions` listed for the
very position it is applied to, unchanged since (`seal`, `sealed`): the engine built its values
in canonical form, so checking them again would only repeat the listing's work.
"""

from __future__ import annotations

from operator import is_
from typing import Any

from .errors import InputError
from .names import stored_name
from .words import WORDS, check_value, export_value

_new = object.__new__


class Action:
    """One action: who, which word, and the word's parameters (checked against its Param kinds).

    Built in code (`Action("ann", "conquer", region="r3")`) or from a dict (`from_dict`); both
    check every value, so an out-of-range value never reaches the rules."""

    __slots__ = ("by", "do", "args", "_key", "_seal")

    def __init__(self, by: str, do: str, **params: Any) -> None:
        self.by, self.args = _checked(by, do, params, "action")
        self.do, self._key, self._seal = do, None, None

    @classmethod
    def trusted(cls, by: str, do: str, **params: Any) -> Action:
        """An action the engine builds from its own position (legal_actions): its values are
        already canonical and given only when set (no None, no False), so the checks are
        skipped on this hot path (`Game.apply` checks it, as every Action it is given)."""
        action = _new(cls)
        action.by = by
        action.do = do
        action._key = action._seal = None
        action.args = params
        return action

    def plus(self, **params: Any) -> Action:
        """This action with `params` added, as `trusted` takes them: the variants a rule module
        adds to the engine's own legal actions (the same pick with its Leader)."""
        action = _new(Action)
        action.by = self.by
        action.do = self.do
        action._key = action._seal = None
        action.args = {**self.args, **params}
        return action

    def checked(self) -> Action:
        """This action with its values checked as they are now (an InputError naming the field
        otherwise): `Game.apply` asks it of every Action it is given, since `args` may have been
        changed, or never checked (`trusted`), after the action was built."""
        by, do, args = (getattr(self, k, None) for k in ("by", "do", "args"))
        if not isinstance(args, dict):
            raise InputError("action", "the parameters of an action are a mapping")
        action = _new(Action)
        action.by, action.args = _checked(by, do, args, "action")
        action.do, action._key, action._seal = do, None, None
        return action

    def seal(self, mark: object) -> None:
        """Mark this action as listed by `legal_actions` for the position `mark` names: its
        player, word and parameters as they are now (their keys and values, so an edit in place
        shows; legal_actions writes the same tuple out)."""
        args = self.args
        self._seal = (mark, self.by, self.do, args, tuple(args), tuple(args.values()))

    def sealed(self, mark: object) -> bool:
        """Whether this action is exactly as `legal_actions` listed it for the position `mark`:
        the same objects for its player, word and parameters, each parameter's key and value the
        same object (compared by identity: no value's own `==` is asked). Anything else (built
        by hand, edited, listed for another position) is checked in full."""
        args = getattr(self, "args", None)  # first: a LazyAction seals its values when made
        seal = getattr(self, "_seal", None)
        if (seal is None or seal[0] is not mark or getattr(self, "by", None) is not seal[1]
                or getattr(self, "do", None) is not seal[2]):
            return False
        return (args is seal[3] and len(args) == len(seal[4]) and all(map(is_, args, seal[4]))
                and all(map(is_, args.values(), seal[5])))

    def __getattr__(self, name: str) -> Any:
        """The first time a parameter's name is read: from then on a `_Param` on the class
        reads it (a failed look-up before `__getattr__` costs several times a descriptor's)."""
        if name[:1] == "_" or name in Action.__slots__:  # a slot left empty (deleted)
            raise AttributeError(name)
        if any(name in w.params for w in WORDS.values()):
            setattr(Action, name, _Param(name))
        return _Param(name).__get__(self)

    def _k(self) -> tuple[Any, ...]:
        if self._key is None:
            self._key = (self.by, self.do, tuple(sorted(self.args.items())))
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
        """Parse and type-check an action mapping (a save, a scenario, a request); errors name
        the field. An explicit null is refused: a mapping leaves an unused parameter out."""
        if not isinstance(data, dict):
            raise InputError(where, "an action must be a mapping with `by` and `do`")
        params = {k: v for k, v in data.items() if k not in ("by", "do")}
        for key, value in params.items():  # in code None means "not given"; in data it is a slip
            if value is None:
                raise InputError(f"{where}.{key}", "null is not a value: leave the key out")
        action = cls.__new__(cls)
        do = data.get("do")
        action.by, action.args = _checked(data.get("by"), do, params, where)
        action.do, action._key, action._seal = do, None, None
        return action


_ARGS = Action.args  # the slot holding an action's parameters


class LazyAction(Action):
    """A listed action whose parameters are worked out when first read: legal_actions' default
    redeployment (its placement is previewed in most listings and chosen in few, issue 23).
    `make()` returns the parameters as `trusted` takes them, for the position it was listed in;
    reading them (`args`, an attribute, `to_dict`, `==`, `apply`) makes them once."""

    __slots__ = ("_make",)

    @classmethod
    def listed(cls, by: str, do: str, make: Any) -> LazyAction:
        action = _new(cls)
        action.by, action.do, action._make = by, do, make
        action._key = action._seal = None
        return action

    @property
    def args(self) -> Any:
        try:
            return _ARGS.__get__(self, Action)
        except AttributeError:
            make = self._make
            if make is None:  # made once, then deleted
                raise
        args = make()
        self._make = None
        _ARGS.__set__(self, args)
        seal = self._seal
        if seal is not None and seal[3] is None:  # listed before its values existed: seal them
            self._seal = (seal[0], seal[1], seal[2], args, tuple(args), tuple(args.values()))
        return args

    @args.setter
    def args(self, value: Any) -> None:
        self._make = None
        _ARGS.__set__(self, value)

    @args.deleter
    def args(self) -> None:
        self._make = None
        _ARGS.__delete__(self)


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
    by = stored_name(by, f"{where}.by")
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
