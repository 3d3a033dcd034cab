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
