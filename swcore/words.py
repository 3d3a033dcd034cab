"""Action words, declared once: typed parameters, a button label, a sentence and a rule ID.

Every module's words are data: `swcore/data/words-<module>.yaml`, loaded by `load` when the
module registers (its new words under `words:`, the parameters it adds to another module's
words under `extend:`). Everything that shows an
action to a person (the app's buttons, the undo confirmation, the tutorial, the CLI) asks this
registry, so a new word needs no code outside the module that declares it. The parameter kinds
are the only thing a user interface has to know: one widget per kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from importlib import resources
from typing import Any

import yaml

from .errors import InputError
from .names import stored_name

#: Upper bounds for any value given to an action, whatever the entry point (hostile input).
MAX_NAME = 100
MAX_ITEMS = 500
MAX_COUNT = 10_000


class Kind(StrEnum):
    """What a parameter holds; a user interface offers one widget per kind."""

    COMBO = "combo"  # a position in the combo column: a button on the column
    REGION = "region"  # one region: a button on that region's card
    REGIONS = "regions"  # a set of regions, chosen among the legal options
    PLACEMENT = "placement"  # {region: count}: steppers, seeded with the engine's default
    PLAYER = "player"  # a player: one button per legal option
    RACE = "race"  # a race id (which of the player's races acts, or a banner revealed)
    POWER = "power"  # a power id (a badge revealed)
    ITEM = "item"  # one item of a list of legal options
    DIE = "die"  # a die result entered from the table; left out, the engine rolls
    FLAG = "flag"  # a variant of the action (final conquest with the die, pay a coin, ...)
    COUNT = "count"  # a whole number


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a word. `note` is added to the sentence when the parameter is given
    and the sentence does not already name it ("{race}" → " with the Ghouls")."""

    kind: Kind
    required: bool = False
    note: str = ""
    #: The rule module that adds this parameter to a word of another module ("" for the
    #: word's own): refused when that module is not in play.
    module: str = ""
    #: For a COUNT: the parameter naming the banner or badge whose printed number it gives
    #: (asked when `Game.printed_unknown` says no confirmed source has it).
    of: str = ""
    #: For REGIONS: any of the legal options' regions may be chosen, none included (one
    #: Cauldron per region, X-BNA-LEP-1), not exactly as many as an option names.
    subset: bool = False
    #: For an ITEM: how some values read ((value, English words) pairs, the French from
    #: swcore.po): `buy`'s `ghost` is "a Ghost"; other values are catalogue ids.
    names: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Word:
    """An action word. `label` is the imperative shown on a button ("Conquer {region}"),
    `sentence` what the log says ("{by} conquers {region}"); both are format strings over the
    action's parameters, formatted for people by `describe`/`label`."""

    id: str
    rule: str
    label: str
    sentence: str
    params: dict[str, Param] = field(default_factory=dict)
    #: Ends the conquest phase of the race that makes it (placements, Fortresses, ...).
    ends_conquests: bool = False
    #: Worth a confirmation on a touch screen (it cannot be taken back without undo).
    confirm: bool = False
    #: Where a screen shows it: "region" (a region's card), "column", "bar", "panel".
    place: str = "panel"
    #: Entered by anyone at the table, whoever's turn it is (chance seen on the table).
    anyone: bool = False
    #: The names of its FLAG parameters (read False when absent), computed once.
    flags: frozenset[str] = field(init=False, default=frozenset())
    #: The names of the parameters other modules added (`extend`), computed once.
    foreign: frozenset[str] = field(init=False, default=frozenset())

    def __post_init__(self) -> None:
        object.__setattr__(self, "flags", frozenset(k for k, p in self.params.items()
                                                    if p.kind is Kind.FLAG))
        object.__setattr__(self, "foreign", frozenset(k for k, p in self.params.items() if p.module))


WORDS: dict[str, Word] = {}


def declare(*words: Word) -> None:
    """Register words; a word id is declared once in the whole engine."""
    for w in words:
        if w.id in WORDS and WORDS[w.id] is not w:
            raise ValueError(f"action word {w.id!r} is declared twice")
        WORDS[w.id] = w


def extend(word_id: str, module: str, **params: Param) -> None:
    """A module adds parameters to a word declared elsewhere (Leaders: `pick` with `leader`).
    Each is marked with the module, which must be in play for the parameter to be given."""
    word = WORDS[word_id]
    added = {k: replace(p, module=module) for k, p in params.items()}
    clash = set(added) & set(word.params)
    if clash and any(word.params[k] != added[k] for k in clash):
        raise ValueError(f"parameter(s) {sorted(clash)} of {word_id!r} are declared twice")
    WORDS[word_id] = replace(word, params={**word.params, **added})


_WORD_KEYS = {f.name for f in fields(Word) if f.init} - {"id", "params"}
_PARAM_KEYS = {f.name for f in fields(Param)} - {"module"}


def _param(entry: Any, where: str, module: str = "") -> Param:
    if not isinstance(entry, dict) or set(entry) - _PARAM_KEYS or "kind" not in entry:
        raise ValueError(f"{where}: a mapping with 'kind' and optionally {sorted(_PARAM_KEYS - {'kind'})}")
    return Param(Kind(entry["kind"]), bool(entry.get("required", False)),
                 str(entry.get("note", "")), module, str(entry.get("of", "")),
                 bool(entry.get("subset", False)),
                 tuple((str(k), str(v)) for k, v in (entry.get("names") or {}).items()))


def load(module: str) -> None:
    """Register the words of `module` from its data file (none when it has no file)."""
    path = resources.files("swcore").joinpath("data", f"words-{module}.yaml")
    if not path.is_file():
        return
    where = f"words-{module}.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(doc, dict) or set(doc) - {"words", "extend"}:
        raise ValueError(f"{where}: only 'words' and 'extend' are read")
    new = []  # everything is checked before anything is registered
    for wid, entry in (doc.get("words") or {}).items():
        if not isinstance(entry, dict) or set(entry) - _WORD_KEYS - {"params"}:
            raise ValueError(f"{where}: {wid}: keys are {sorted(_WORD_KEYS | {'params'})}")
        params = {k: _param(p, f"{where}: {wid}.{k}") for k, p in (entry.get("params") or {}).items()}
        new.append(Word(wid, params=params, **{k: v for k, v in entry.items() if k != "params"}))
    added = {}
    for wid, params in (doc.get("extend") or {}).items():
        if wid not in WORDS:
            raise ValueError(f"{where}: extends {wid!r}, which no earlier module declares")
        added[wid] = {k: _param(p, f"{where}: {wid}.{k}") for k, p in params.items()}
    declare(*new)
    for wid, params in added.items():
        extend(wid, module, **params)


# ------------------------------------------------------------------------------------------
# Checking values: every entry point (dicts, Action objects, saves, forms) goes through here.
# ------------------------------------------------------------------------------------------
def _int(value: Any, where: str, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(where, what)
    return value


def _name(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int) or value == "":
        raise InputError(where, "must be a name")
    if isinstance(value, int) and not -10**9 < value < 10**9:
        raise InputError(where, "must be a name")
    text = str(value)
    if len(text) > MAX_NAME or not text.isprintable():
        raise InputError(where, f"must be a printable name of at most {MAX_NAME} characters")
    return text


def check_value(kind: Kind, value: Any, where: str) -> Any:
    """The value in its canonical form (tuples for collections), or InputError naming `where`."""
    if kind is Kind.FLAG:
        if not isinstance(value, bool):
            raise InputError(where, "must be true or false")
        return value
    if kind is Kind.DIE:
        return _int(value, where, 0, 3, "a die shows 0, 1, 2 or 3")
    if kind is Kind.COMBO:
        return _int(value, where, 0, MAX_ITEMS, "must be a column index 0, 1, 2, ...")
    if kind is Kind.COUNT:
        return _int(value, where, 0, MAX_COUNT, f"must be a whole number from 0 to {MAX_COUNT}")
    if kind is Kind.PLACEMENT:
        if isinstance(value, tuple):  # already canonical (an Action built in code)
            value = dict(value)
        if not isinstance(value, dict):
            raise InputError(where, "must be a mapping {region: count}")
        if len(value) > MAX_ITEMS:
            raise InputError(where, f"at most {MAX_ITEMS} regions")
        return tuple((_name(r, f"{where}.{r}"),
                      _int(n, f"{where}.{r}", 0, MAX_COUNT, "must be a whole number of tokens"))
                     for r, n in value.items())
    if kind is Kind.REGIONS:
        if not isinstance(value, list | tuple) or len(value) > MAX_ITEMS:
            raise InputError(where, "must be a list of region ids")
        return tuple(_name(r, f"{where}[{k}]") for k, r in enumerate(value))
    if kind is Kind.PLAYER:  # a player of a game already set up (swcore.names.stored_name)
        return stored_name(value, where)
    return _name(value, where)


def export_value(kind: Kind, value: Any) -> Any:
    """The JSON form of a canonical value (the action dict, a scenario step, a database row)."""
    if kind is Kind.PLACEMENT:
        return dict(value)
    if kind is Kind.REGIONS:
        return list(value)
    return value


# ------------------------------------------------------------------------------------------
# Words for people
# ------------------------------------------------------------------------------------------
def _show(kind: Kind, value: Any, names: Any, tr: Any) -> str:
    if kind is Kind.PLACEMENT:
        return ", ".join(f"{names(Kind.REGION, r)} {n}" for r, n in value)
    if kind is Kind.REGIONS:
        return tr(" and ").join(names(Kind.REGION, r) for r in value)
    return names(kind, value)


def _plain_in(lang: str) -> Any:
    from .i18n import item_name

    def plain(kind: Kind, value: Any) -> str:
        if kind in (Kind.RACE, Kind.POWER, Kind.ITEM):
            return item_name(value, lang)
        return str(value)
    return plain


def _plain(kind: Kind, value: Any) -> str:
    return _plain_in("en")(kind, value)


def _value(p: Param, value: Any, names: Any, tr: Any) -> str:
    own = dict(p.names).get(value) if p.names and isinstance(value, str) else None
    return tr(own) if own is not None else _show(p.kind, value, names, tr)


def value_name(word_id: str, key: str, value: Any, names: Any = None, lang: str = "en") -> str:
    """One value of a word's parameter for people (a select's option): the word's own name
    for it if it has one ("a Ghost"), else `names(kind, value)` (display names)."""
    return _value(WORDS[word_id].params[key], value, names or _plain_in(lang), _language(lang))


def _fill(word: Word, template: str, action: Any, names: Any, tr: Any) -> str:
    values = {k: _value(p, action.args[k], names, tr) if k in action.args else ""
              for k, p in word.params.items()}
    text = tr(template).format(by=action.by, **values)
    for k, p in word.params.items():
        if p.note and k in action.args and "{" + k + "}" not in template:
            text += tr(p.note).format(**values)
    return text


def _language(lang: str) -> Any:
    from .i18n import gettext_for

    return gettext_for(lang)


def describe(action: Any, names: Any = None, lang: str = "en") -> str:
    """The action as a sentence: "ann conquers r3 (final conquest, die 2)". `names(kind, value)`
    may turn ids into display names (a board's region names); `lang` picks the templates
    (French ones from swcore's .po, keyed by the English template) and the item names."""
    word = WORDS[action.do]
    return _fill(word, word.sentence, action, names or _plain_in(lang), _language(lang))


def label(action: Any, names: Any = None, lang: str = "en") -> str:
    """The action as a button label: "Conquer r3 with the reinforcement die"."""
    word = WORDS[action.do]
    return _fill(word, word.label, action, names or _plain_in(lang), _language(lang))


def templates() -> list[str]:
    """Every text of the words that a translation must cover (labels, sentences, notes)."""
    out: dict[str, None] = {" and ": None}
    for w in WORDS.values():
        out[w.label] = out[w.sentence] = None
        out.update(dict.fromkeys(p.note for p in w.params.values() if p.note))
        out.update(dict.fromkeys(text for p in w.params.values() for _, text in p.names))
    return list(out)
