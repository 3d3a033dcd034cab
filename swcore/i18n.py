"""French and English for the engine: word templates, item names, rule summaries, help.

Most players read the French rule books, so everything the engine says to people exists in
both languages. Word templates are translated with gettext (swcore/locale/fr/LC_MESSAGES/
swcore.po, keyed by the English template); names come from the catalogues' `french` column;
a refusal is explained by a French one-line summary of its rule (data/rules-fr.tsv) or, for a
race's or power's own rule, by that item's French help (data/help-fr.tsv). No UI here.
"""

from __future__ import annotations

import csv
import gettext
import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from .catalogue import CATALOGUE
from .errors import RuleError, SwError
from .markers import MARKER_TYPES
from .terrains import SYMBOL, TERRAIN

LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT = "en"
LOCALE_DIR = resources.files("swcore").joinpath("locale")


def normalise(lang: Any) -> str:
    """A supported language code ('fr', 'fr-FR', b'fr' → 'fr'); anything else → English."""
    if isinstance(lang, bytes):
        lang = lang.decode(errors="replace")
    code = str(lang or "").strip().lower()[:2]
    return code if code in LANGUAGES else DEFAULT


@cache
def translation(lang: str, domain: str = "swcore", localedir: str | None = None
                ) -> gettext.NullTranslations:
    """The compiled catalogue of `domain` for `lang` (a NullTranslations for English)."""
    return gettext.translation(domain, localedir or str(LOCALE_DIR), [normalise(lang)],
                               fallback=True)


def gettext_for(lang: str) -> Callable[[str], str]:
    """The engine's `_` for one language (English text in, text in `lang` out)."""
    return translation(normalise(lang)).gettext


def tr(text: str, lang: str = DEFAULT) -> str:
    """An engine text written in English (a module's name, an option's explanation, a panel
    row) in `lang`: its swcore.po entry, keyed by the English text; the text itself if none."""
    return gettext_for(lang)(text) if text else text


def ntr(one: str, many: str, n: int, lang: str = DEFAULT) -> str:
    """`tr` for a text with a count (the French plural rule: 0 and 1 are singular)."""
    return translation(normalise(lang)).ngettext(one, many, n)


def item_name(item: Any, lang: str = DEFAULT) -> str:
    """A race, power, tribe, marker or terrain as the rule book of `lang` names it."""
    french = normalise(lang) == "fr"
    for table in (CATALOGUE, MARKER_TYPES, TERRAIN, SYMBOL):
        entry = table.get(item) if isinstance(item, str) else None
        if entry is not None:
            return entry.french if french and entry.french else entry.english
    return str(item)


@cache
def _tsv(name: str) -> dict[str, str]:
    text = resources.files("swcore").joinpath("data", name).read_text(encoding="utf-8")
    return {row["id"]: row["french"] for row in csv.DictReader(text.splitlines(),
                                                                delimiter="\t")}


def help_fr(item: str) -> str:
    """What a race or power does, in French (data/help-fr.tsv); '' when not written."""
    return _tsv("help-fr.tsv").get(item, "")


def rule_summary_fr(rule: str) -> str:
    """A one-line French statement of a rule the engine cites; '' when there is none. A
    race's or power's own rule (its ability's `rule`) is told by that item's help."""
    found = _tsv("rules-fr.tsv").get(rule)
    if found:
        return found
    from .effects import ABILITIES

    for ab in ABILITIES.values():
        if ab.rule == rule and help_fr(ab.id):
            return help_fr(ab.id)
    return ""


def explain(err: SwError, lang: str = DEFAULT) -> tuple[str, str]:
    """A refusal as (main text, detail) for people. English: the rule ID and the engine's
    reason. French: the rule's French summary as the main text; the engine's reason, an
    English f-string with ids and numbers, stays as the secondary detail."""
    if not isinstance(err, RuleError):
        return (str(err), "") if normalise(lang) == "en" else (
            gettext_for("fr")("This entry is not valid"), str(err))
    if normalise(lang) == "fr":
        summary = rule_summary_fr(err.rule) or gettext_for("fr")("Not allowed by the rules")
        return f"{err.rule} : {summary}", err.reason
    return f"{err.rule}: {err.reason}", ""


_NUMBERS = re.compile(r"(?<!\w)\d+(?: \+ \d+)*(?!\w)")  # "3", or a sum ("1 + 2 + 3")
_REGIONS = re.compile(r"(?<!\w)[a-z]+\d+(?:, [a-z]+\d+)*(?!\w)")  # region ids ("w1, w2")


@cache
def _names() -> tuple[tuple[str, str], ...]:
    """(English name, id) of every catalogue item, longest first (for `term`)."""
    pairs = {e.english: x for x, e in CATALOGUE.items() if e.english}
    return tuple(sorted(pairs.items(), key=lambda p: -len(p[0])))


def _item(text: str) -> str | None:
    """The id of the item a label names by itself ('fortress', 'Lost Tribe', 'mountain')."""
    key = text.strip().lower().replace(" ", "_")
    for table in (CATALOGUE, MARKER_TYPES, TERRAIN, SYMBOL):
        if key in table:
            return key
    return next((x for name, x in _names() if name.lower() == text.strip().lower()), None)


def _entry(text: str, lang: str) -> str | None:
    """The catalogue's entry for `text`, None when it has none (an entry may equal it)."""
    catalog = getattr(translation(normalise(lang)), "_catalog", {})
    found = catalog.get(text)
    return found if isinstance(found, str) else None


def term_or_none(text: str, lang: str, players: tuple[str, ...] = ()) -> str | None:
    """`term` of `text`, None when the catalogue has no entry for it (tests list those)."""
    found = _entry(text, lang)
    if found is not None:
        return found
    item = _item(text)
    if item is not None:
        return item_name(item, lang)
    values: dict[str, str] = {}
    names: list[str] = []

    def number(m: re.Match[str]) -> str:
        key = "n" if not values else f"n{len(values) + 1}"
        values[key] = m.group(0)
        return "{" + key + "}"

    regions = _REGIONS.search(text)
    template = _REGIONS.sub("{regions}", text, count=1)
    people: list[str] = []
    for who in sorted(set(players), key=len, reverse=True):
        where = rf"(?<!\w){re.escape(who)}(?!\w)"
        if who and re.search(where, template):
            key = "player" if not people else f"player{len(people) + 1}"
            template = re.sub(where, lambda _m, key=key: "{" + key + "}", template, count=1)
            people.append(who)
    for name, x in _names():
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", template):
            key = "name" if not names else f"name{len(names) + 1}"
            template = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "{" + key + "}", template,
                              count=1)
            names.append(x)
    template = _NUMBERS.sub(number, template)
    found = _entry(template, lang)
    if found is None:
        return None
    values.update({("name" if k == 0 else f"name{k + 1}"): item_name(x, lang)
                   for k, x in enumerate(names)})
    if regions:
        values["regions"] = regions.group(0)
    values.update({("player" if k == 0 else f"player{k + 1}"): who for k, who in enumerate(people)})
    return found.format(**values)


def term(text: str, lang: str = DEFAULT, players: tuple[str, ...] = ()) -> str:
    """A label the engine writes in English (a part of a conquest's cost, an item of a score,
    a module's note on the map) in `lang`. Why: the labels are built with numbers and names
    ("Dwarves: 2 mines"), so a label is looked up as it is, then as the name of an item, then
    with its numbers as `{n}`, `{n2}`…, the catalogue's names as `{name}`, `{name2}`… ("{name}:
    {n} mines"), a list of region ids as `{regions}` and the game's `players` as `{player}`,
    `{player2}`…"""
    if normalise(lang) == DEFAULT or not text:
        return text
    found = term_or_none(text, lang, tuple(players))
    return text if found is None else found
