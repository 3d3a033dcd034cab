"""French and English (issue 12): the catalogues are complete, compiled and used.

Every .po under a `locale/` folder has a French text for each message (no empty msgstr), its
committed .mo is what the .po compiles to today, every action word's label, sentence and note
has a French template with the same placeholders, every rule the engine can cite in a refusal
has a French summary, and every race and power a French help text.
"""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from swcore import Action, Game, RuleError
from swcore.catalogue import CATALOGUE
from swcore.effects import ABILITIES
from swcore.i18n import explain, gettext_for, help_fr, item_name, normalise, rule_summary_fr
from swcore.words import WORDS, Kind, describe, label, templates

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from compile_locale import compiled, po_files  # noqa: E402

PO_FILES = po_files()


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_there_are_catalogues_for_the_engine_and_the_app():
    names = {p.relative_to(ROOT).parts[0] for p in PO_FILES}
    assert names == {"swcore", "dashboards"}, PO_FILES


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_message_has_a_french_text(po):
    with po.open("rb") as f:
        catalog = read_po(f)
    empty = [m.id for m in catalog if m.id and not m.string]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not empty, f"{len(empty)} messages without French: {empty[:10]}"
    assert not fuzzy, f"fuzzy (unchecked) translations: {fuzzy[:10]}"
    for m in catalog:
        if m.id:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
            assert all(strings), f"a plural form without French: {m.id!r}"
            for text in strings:
                assert fields(ids[-1]) == fields(text), f"placeholders differ: {m.id!r}"


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_committed_mo_is_the_compiled_po(po):
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} missing: run python scripts/compile_locale.py"
    assert mo.read_bytes() == compiled(po), f"{mo} is stale: run python scripts/compile_locale.py"


def test_every_word_has_french_templates():
    fr = gettext_for("fr")
    missing = [t for t in templates() if fr(t) == t and t.strip() not in ("({race})",)]
    assert not missing, missing
    for t in templates():
        assert fields(fr(t)) == fields(t), t


def test_french_labels_and_sentences_of_every_word():
    """Each word, with every parameter given, reads in French (no English template left)."""
    sample = {Kind.COMBO: 1, Kind.REGION: "r3", Kind.REGIONS: ("r3", "r4"),
              Kind.PLACEMENT: (("r3", 2),), Kind.PLAYER: "bob", Kind.RACE: "ghouls",
              Kind.POWER: "flying", Kind.ITEM: "ghost", Kind.DIE: 2, Kind.FLAG: True,
              Kind.COUNT: 3}
    for word in WORDS.values():
        action = Action(by="ann", do=word.id, **{k: sample[p.kind] for k, p in word.params.items()})
        en, fr = label(action), label(action, lang="fr")
        assert en != fr or word.label == "({race})", word.id
        assert describe(action, lang="fr") != describe(action), word.id
    a = Action(by="ann", do="conquer", region="r3", reinforce=True, roll=2, race="ghouls")
    assert describe(a, lang="fr") == "ann conquiert r3 avec le dé de renforts avec les Zombies (dé : 2)"
    assert label(Action(by="ann", do="end_turn"), lang="fr") == "Finir le tour"


def test_items_are_named_as_in_the_french_rule_books():
    assert item_name("ghouls", "fr") == "Zombies" and item_name("ghouls") == "Ghouls"
    assert item_name("halflings", "fr") == "Mi-portions"
    assert item_name("fortress", "fr") == "Forteresse"
    assert item_name("farmland", "fr") == "Champs"
    assert item_name("unknown-id", "fr") == "unknown-id"
    assert normalise("fr-FR") == "fr" and normalise(b"fr") == "fr" and normalise("de") == "en"


def cited_rules() -> set[str]:
    """Every rule ID the engine can put in a RuleError: literal IDs in RuleError calls and in
    `rule = "…"` assignments, each ability's rule and each word's rule."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "swcore").rglob("*.py"))
    rid = r'"((?:AU|[ABXUR])-[A-Z0-9]+(?:-[A-Z0-9]+)*)"'
    ids: set[str] = set()
    for m in re.finditer(r"RuleError\(([^,]*),", source):
        ids |= set(re.findall(rid, m.group(1)))
    ids |= set(re.findall(r"\brule\s*=\s*" + rid, source))
    ids |= set(re.findall(r'id, rule = "[a-z_]+", ' + rid, source))
    ids |= {a.rule for a in ABILITIES.values() if a.rule}
    ids |= {w.rule for w in WORDS.values()}
    return ids


def test_every_rule_the_engine_cites_has_a_french_summary():
    rules = cited_rules()
    assert len(rules) > 100 and "B-CONQ-1" in rules and "B-RACE-SORCERERS-2" in rules
    missing = sorted(r for r in rules if not rule_summary_fr(r))
    assert not missing, missing


def test_every_race_and_power_has_french_help():
    missing = [i for i in CATALOGUE if not help_fr(i)]
    assert not missing, missing


def test_a_refusal_in_french():
    game = Game.new("base-2p", ["ann", "bob"], seed=7)
    game.apply(Action(by="ann", do="pick", combo=0))
    with pytest.raises(RuleError) as caught:
        game.apply(Action(by="ann", do="conquer", region="r7"))  # not on the board's edge
    main, detail = explain(caught.value, "fr")
    assert main == "B-CONQ-1 : " + rule_summary_fr("B-CONQ-1") and detail == caught.value.reason
    err = RuleError("B-CONQ-1", "r12 is not a border region")
    main, detail = explain(err, "fr")
    assert main.startswith("B-CONQ-1 : Première conquête") and "bord" in main
    assert detail == "r12 is not a border region"
    assert explain(err, "en") == ("B-CONQ-1: r12 is not a border region", "")


def app_messages() -> dict[str, str]:
    """Every text of the app marked for translation (`_`, `N_`, `ngettext`), with its file."""
    from babel.messages.extract import extract_from_file

    out: dict[str, str] = {}
    for path in sorted((ROOT / "dashboards").glob("*.py")):
        for lineno, msg, _c, _x in extract_from_file(
                "python", str(path), keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
            out.setdefault(msg[0] if isinstance(msg, tuple) else msg, f"{path.name}:{lineno}")
    return out


def test_every_app_text_is_in_the_french_catalogue():
    po = ROOT / "dashboards" / "locale" / "fr" / "LC_MESSAGES" / "dashboards.po"
    with po.open("rb") as f:
        known = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}
    found = app_messages()
    assert len(found) > 100
    missing = {m: where for m, where in found.items() if m not in known}
    assert not missing, missing


def test_the_app_speaks_the_pages_language():
    """Outside a served page the app speaks English; `choose` reads ?lang= then the cookie."""
    from dashboards import i18n

    assert i18n._("Cancel") == "Cancel"
    assert i18n.choose({"lang": [b"fr"]}, {}) == "fr"
    assert i18n.choose({}, {"sw_lang": "fr"}) == "fr"
    assert i18n.choose({"lang": ["en"]}, {"sw_lang": "fr"}) == "en"
    assert i18n.choose({}, {}) == "en"
    fr = gettext_for("fr")
    assert fr("Conquer {region}") == "Conquérir {region}"
    from swcore.i18n import translation

    app = translation("fr", "dashboards", i18n.LOCALE_DIR)
    assert app.gettext("End turn") in ("End turn",)  # not an app text: left as it is
    assert app.gettext("Cancel") == "Annuler"
    assert app.ngettext("{n} token", "{n} tokens", 2).format(n=2) == "2 pions"
