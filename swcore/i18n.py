"""French and English for the engine: word templates, item names, rule summaries, help.

Most players read the French rule books, so everything the engine says to people exists in
both languages. Word templates are translated with gettext (swcore/locale/fr/LC_MESSAGES/
swcore.po, keyed by the English template); names come from the catalogues' `french` column;
a refusal is explained by a French one-line summary of its rule (data/rules-fr.tsv) or, for a
race's or power's own rule, by that item's French help (data/help-fr.tsv), and its engine
reason is looked up like any engine sentence (`term`). No UI here.
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
from .errors import InputError, RuleError, SwError
from .markers import MARKER_TYPES
from .pieces import PIECES
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


#: French elides "de" before a vowel ("le tour d'Ann", "d'Orcs"): a name filled into
#: "de {player}" decides it, so it is done once the text is formatted. A tag (a player's chip)
#: may stand between the two; a rule ID ("de A-GD-03") is not a word.
_DE = re.compile(r"(?<![\w'’-])([Dd])e ((?:<[^>]*>)*)"
                 r"(?=[AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyàâäéèêëîïôöùûü])(?![A-Z]+-)")


def elide(text: str) -> str:
    """`text` with French elisions made ("de Ann" -> "d'Ann")."""
    return _DE.sub(r"\1'\2", text)


#: Counts the engine's templates write in the plural whatever the number ("Correct r4 to
#: {count} tokens", "{n} souls from the tray"): the singular for 1 (English) or 0 and 1 (French).
_PLURALS = {"en": {"tokens": "token", "souls": "soul", "coins": "coin", "regions": "region",
                   "Ghosts": "Ghost"},
            "fr": {"pions": "pion", "âmes": "âme", "jetons": "jeton", "régions": "région",
                   "Fantômes": "Fantôme"}}
_ONE = {"en": "1", "fr": "[01]"}


@cache
def _agreeing(lang: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w.,+-])(" + _ONE[lang] + r") (" + "|".join(_PLURALS[lang])
                      + r")(?![\w-])")


def agree(text: str, lang: str = DEFAULT) -> str:
    """`text` with a noun after the count 1 (French: 0 or 1) in the singular."""
    lang = normalise(lang)
    return _agreeing(lang).sub(lambda m: f"{m.group(1)} {_PLURALS[lang][m.group(2)]}", text)


class French(str):
    """A French template: `format` elides what the filled-in names call for (`elide`)."""

    def format(self, *args: Any, **kwargs: Any) -> str:
        return elide(str.format(self, *args, **kwargs))


def french(text: str, lang: str) -> str:
    """`text` as a `French` template when `lang` is French."""
    return French(text) if normalise(lang) == "fr" else text


def gettext_for(lang: str) -> Callable[[str], str]:
    """The engine's `_` for one language (English text in, text in `lang` out)."""
    found = translation(normalise(lang)).gettext
    return (lambda text: French(found(text))) if normalise(lang) == "fr" else found


def tr(text: str, lang: str = DEFAULT) -> str:
    """An engine text written in English (a module's name, an option's explanation, a panel
    row) in `lang`: its swcore.po entry, keyed by the English text; the text itself if none."""
    return gettext_for(lang)(text) if text else text


def ntr(one: str, many: str, n: int, lang: str = DEFAULT) -> str:
    """`tr` for a text with a count (the French plural rule: 0 and 1 are singular)."""
    return french(translation(normalise(lang)).ngettext(one, many, n), lang)


def item_name(item: Any, lang: str = DEFAULT) -> str:
    """A race, power, tribe, marker or terrain as the rule book of `lang` names it."""
    return _named(item, lang, (CATALOGUE, MARKER_TYPES, TERRAIN, SYMBOL, PIECES))


def place_name(item: Any, lang: str = DEFAULT) -> str:
    """A terrain, symbol or piece on the board as the rule book names it: a power that shares
    its id ("forest": the power Des Forêts, the terrain Forêt; "catapult") is not meant."""
    return _named(item, lang, (TERRAIN, SYMBOL, MARKER_TYPES, CATALOGUE, PIECES))


def _named(item: Any, lang: str, tables: tuple[Any, ...]) -> str:
    french = normalise(lang) == "fr"
    for table in tables:
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
    reason. French: the rule's French summary (or, for malformed input, that it is not valid)
    as the main text and the engine's reason as the detail, in French when swcore.po has its
    template (`term`, with the game's players the error carries), else as the engine wrote it."""
    if normalise(lang) == DEFAULT:
        return (f"{err.rule}: {err.reason}", "") if isinstance(err, RuleError) else (str(err), "")
    if not isinstance(err, RuleError):
        return tr("This entry is not valid", lang), reason_text(err, lang)
    summary = rule_summary_fr(err.rule) or tr("Not allowed by the rules", lang)
    return f"{err.rule} : {summary}", reason_text(err, lang)


def reason_text(err: SwError, lang: str) -> str:
    """The engine's own reason for a refusal in `lang` (a malformed entry's with its field)."""
    reason = term(getattr(err, "reason", str(err)), lang, err.players, err.regions)
    return f"{err.field}: {reason}" if isinstance(err, InputError) else reason


# "3", or a sum ("1 + 2 + 3"); not the number of a rule ID ("X-NEC-14")
_NUMBERS = re.compile(r"(?<!\w)(?<![A-Z]-)\d+(?: \+ \d+)*(?!\w)")
_REGIONS = re.compile(r"(?<![\w{])[a-z]+\d+(?:, [a-z]+\d+)*(?!\w)")  # region ids ("w1, w2")
_PLACED = re.compile(r"(?<![\w{])[a-z]+\d+ \d+(?:, [a-z]+\d+ \d+)*(?!\w)")  # "w1 3, w2 2"
_QUOTED = re.compile(r"(?<![\w{])([`'])([^`'\s{}]+)\1(?!\w)")  # an id as typed: 'nowhere'
_KNOWN = re.compile(r"(?<=known: )[^;{}]+$")  # the ids a refusal lists as known


@cache
def _names() -> tuple[tuple[str, str], ...]:
    """(English name, id) of every catalogue item, longest first (for `term`); also an id as
    the engine's sentences write it ("lost tribe", "flying"), but not one that is a terrain's,
    a symbol's or a marker's too ("forest", "hill": a label's "1 forest region")."""
    pairs = {e.english: x for x, e in CATALOGUE.items() if e.english}
    pairs.update({x.replace("_", " "): x for x in CATALOGUE
                  if not any(x in table for table in (TERRAIN, SYMBOL, MARKER_TYPES))})
    return tuple(sorted(pairs.items(), key=lambda p: -len(p[0])))


def _numbered(text: str, words: list[str], key: str) -> tuple[str, dict[str, str]]:
    """`text` with each of `words` found in it (whole words, the longest first) replaced by
    `{key}`, `{key2}`… numbered in the order they appear; and what each placeholder stands for."""
    if not words:
        return text, {}
    pattern = re.compile(r"(?<![\w{])(?:" + "|".join(re.escape(w) for w in sorted(
        words, key=len, reverse=True)) + r")(?![\w}])")
    found: dict[str, str] = {}

    def sub(m: re.Match[str]) -> str:
        word = m.group(0)
        if word not in found.values():
            found[key if not found else f"{key}{len(found) + 1}"] = word
        return "{" + next(k for k, w in found.items() if w == word) + "}"

    return pattern.sub(sub, text), found


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


@cache
def _region_patterns(regions: tuple[str, ...], article: bool = True
                     ) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """`_REGIONS` and `_PLACED` for a board whose region ids are words ("camp", "a"), not
    only letters and a number ("r12"). An id that is also an English article ("a") is one
    only where no word follows it ("lose a: 1", not "a coin") unless `article` is False (the
    second reading, "a is not held"); none follows an apostrophe."""
    words = [re.escape(r) + (r"(?! [A-Za-z])" if article and r in ("a", "an") else "")
             for r in sorted(regions, key=len, reverse=True)]
    one = "(?:[a-z]+\\d+|" + "|".join(words) + ")"
    return (re.compile(rf"(?<![\w{{'’]){one}(?:, {one})*(?!\w)"),
            re.compile(rf"(?<![\w{{'’]){one} \d+(?:, {one} \d+)*(?!\w)"))


def _template(text: str, players: tuple[str, ...] = (), regions: tuple[str, ...] = (),
              article: bool = True) -> tuple[str, dict[str, str], dict[str, str]]:
    """`text` as a catalogue key (its players, region lists, names and numbers replaced by
    placeholders, see `term`), what each placeholder stands for (a name as written), and the
    item id of each `{name…}` placeholder (named in the reader's language). A brace the text
    writes ("a mapping {region: count}") is doubled in the key, as str.format reads it.
    `regions`: the board's region ids, when some are words (a list of them is `{regions}`)."""
    values: dict[str, str] = {}
    listed, placing = (_region_patterns(tuple(regions), article) if regions
                       else (_REGIONS, _PLACED))
    text = text.replace("{", "{{").replace("}", "}}")

    def number(m: re.Match[str]) -> str:
        key = "n" if not values else f"n{len(values) + 1}"
        values[key] = m.group(0)
        return "{" + key + "}"

    template, people = _numbered(text, [w for w in set(players) if w], "player")
    known = _KNOWN.search(template)
    template = _KNOWN.sub("{known}", template, count=1)
    placed = placing.search(template)
    template = placing.sub("{placed}", template, count=1)
    lists: dict[str, str] = {}

    def region_list(m: re.Match[str]) -> str:
        key = "regions" if not lists else f"regions{len(lists) + 1}"
        lists[key] = m.group(0)
        return "{" + key + "}"

    template = listed.sub(region_list, template)
    template, names = _numbered(template, [n for n, _x in _names()], "name")
    template, quoted = _numbered(template, [m.group(2) for m in _QUOTED.finditer(template)], "id")
    template = _NUMBERS.sub(number, template)
    values.update(lists)
    values.update(quoted)
    if known:
        values["known"] = known.group(0)
    if placed:
        values["placed"] = placed.group(0)
    values.update(people)
    values.update(names)
    ids = dict(_names())
    return template, values, {k: ids[name] for k, name in names.items()}


_TEXT = re.compile(r"\{(text\d*)\}")


@cache
def _open_keys(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The catalogue's keys with a `{text}` placeholder as patterns of a key (`{text}`,
    `{text2}`… any stretch of it), with their entries; the longest fixed text first."""
    catalog = getattr(translation(lang), "_catalog", {})
    keys = sorted((k for k, v in catalog.items() if isinstance(k, str) and isinstance(v, str)
                   and _TEXT.search(k)), key=lambda k: -len(_TEXT.sub("", k)))
    return tuple((re.compile("".join(f"(?P<{t}>.+?)" if i % 2 else re.escape(t)
                                     for i, t in enumerate(_TEXT.split(k)))), catalog[k])
                 for k in keys)


def term_or_none(text: str, lang: str, players: tuple[str, ...] = (),
                 regions: tuple[str, ...] = ()) -> str | None:
    """`term` of `text`, None when the catalogue has no entry for it (tests list those)."""
    found = _entry(text, lang)
    if found is not None:
        return found
    item = _item(text)
    if item is not None:
        return item_name(item, lang)
    template, values, items = _template(text, tuple(players), tuple(regions))
    found = _entry(template, lang)
    if found is None and {"a", "an"} & set(regions):  # "a is not held": the region a
        retry = _template(text, tuple(players), tuple(regions), article=False)
        if (again := _entry(retry[0], lang)) is not None:
            found, (template, values, items) = again, retry
    if found is None:
        match = next(((m, entry) for pattern, entry in _open_keys(normalise(lang))
                      if (m := pattern.fullmatch(template))), None)
        if match is None:
            return None
        found = match[1]
        values.update({k: part.format(**values) for k, part in match[0].groupdict().items()})
    return french(found, lang).format(**{**values, **{k: item_name(x, lang)
                                                       for k, x in items.items()}})


def term(text: str, lang: str = DEFAULT, players: tuple[str, ...] = (),
         regions: tuple[str, ...] = ()) -> str:
    """A label the engine writes in English (a part of a conquest's cost, an item of a score,
    a module's note on the map) in `lang`. Why: the labels are built with numbers and names
    ("Dwarves: 2 mines"), so a label is looked up as it is, then as the name of an item, then
    with its numbers as `{n}`, `{n2}`…, the catalogue's names as `{name}`, `{name2}`… ("{name}:
    {n} mines"), a list of region ids as `{regions}` and the game's `players` as `{player}`,
    `{player2}`…, a list of regions with their tokens ("w1 3, w2 2") as `{placed}`, an id in
    quotes ('nowhere', `region`) as `{id}`, `{id2}`… and the ids listed after "known: " as
    `{known}` (ids are written the same in every language); last, by the keys whose
    `{text}`, `{text2}`… stand for any words, kept as written (a list of ids, a type, another
    error's text: "not JSON: {text}"). `regions`: the board's ids, when some are words."""
    if normalise(lang) == DEFAULT or not text:
        return text
    found = term_or_none(text, lang, tuple(players), tuple(regions))
    return text if found is None else found


def _score_text(ev: Any, lang: str) -> str | None:
    items = ev.data.get("breakdown")
    if not isinstance(items, list) or "total" not in ev.data:
        return None
    shown = "; ".join(f"{term(it['what'], lang)} {it['coins']:+d}" for it in items
                      if it.get("coins"))
    return tr("{player} scores {total}: {items}", lang).format(
        player=ev.player, total=ev.data["total"], items=shown)


def _conquer_text(ev: Any, lang: str) -> str | None:
    d = ev.data
    if not {"race", "region", "cost", "committed", "breakdown"} <= set(d):
        return None
    detail = ", ".join(f"{term(k, lang)} {v:+d}" if k != "base" else f"{term(k, lang)} {v}"
                       for k, v in d["breakdown"])
    return ntr("{player}'s {race} conquer {region} with {n} token (cost {cost}: {detail})",
               "{player}'s {race} conquer {region} with {n} tokens (cost {cost}: {detail})",
               d["committed"], lang).format(player=ev.player, race=item_name(d["race"], lang),
                                            region=d["region"], n=d["committed"],
                                            cost=d["cost"], detail=detail)


def _game_over_text(ev: Any, lang: str) -> str | None:
    win = ev.data.get("winners")
    if not isinstance(win, list) or not win:
        return None
    return ntr("the game is over: {names} wins", "the game is over: {names} share the win",
               len(win), lang).format(names=", ".join(map(str, win)))


#: Events whose text joins a variable number of parts: told from their data.
_COMPOSED: dict[str, Callable[[Any, str], str | None]] = {
    "score": _score_text, "conquer": _conquer_text, "game_over": _game_over_text}


def event_text_or_none(ev: Any, lang: str, players: tuple[str, ...] = (),
                       regions: tuple[str, ...] = ()) -> str | None:
    """`event_text` in `lang`, None when the catalogue has no entry for it (tests list those)."""
    compose = _COMPOSED.get(ev.kind)
    found = compose(ev, lang) if compose is not None else None
    return found if found is not None else term_or_none(ev.text, lang, tuple(players),
                                                        tuple(regions))


def event_text(ev: Any, lang: str = DEFAULT, players: tuple[str, ...] = (),
               regions: tuple[str, ...] = ()) -> str:
    """What an action did (an `Event`'s text, an English sentence built with names and
    numbers) in `lang`. Why not a template per event: the engine's modules write their events
    in English; a sentence is told from its data when it joins a list of parts (a score, a
    conquest's cost, the winners), else looked up as `term` does, the game's `players` as
    `{player}`…, a list of the board's `regions` as `{regions}`. The English text when the
    catalogue has none."""
    if normalise(lang) == DEFAULT or not ev.text:
        return agree(ev.text or "")
    found = event_text_or_none(ev, lang, tuple(players), tuple(regions))
    return agree(ev.text if found is None else found, lang)
