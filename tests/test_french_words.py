"""Issue 18 (review of 2026-11-27, defects 7 and 12): the French words of the table assistant.

Undo and Cancel are different words; "de" is elided before a vowel ("le tour d'Ann"); a
terrain, symbol or piece is named as on the board, not after the power that shares its id
(the French rule book: the power « Des Forêts », +1 per « Forêt »; the piece « la
Catapulte »); the names of the French rule books (Tanière, Nécromant, Honneur aux Dames !,
Navire pirate); the map's badges have French words.
"""

from __future__ import annotations

import pytest

from dashboards import i18n
from dashboards import map_style as st
from swcore.i18n import elide, item_name, place_name, tr
from swcore.rules import module_name


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_undo_redo_and_cancel_are_different_words_in_french(french):
    cancel = i18n._("Cancel")
    assert cancel == "Annuler"
    assert i18n._("↶ Undo…") == "↶ Défaire…" and i18n._("↷ Redo…") == "↷ Refaire…"
    assert i18n._("Yes, undo") == "Oui, défaire" and i18n._("Yes, redo") == "Oui, refaire"
    for text in ("Undo", "Redo", "Nothing to undo.", "Yes, undo"):
        assert "nnul" not in i18n._(text), text


@pytest.mark.parametrize(("text", "elided"), [
    ("le tour de Ann", "le tour d'Ann"),
    ("Compter les points du tour de Ann", "Compter les points du tour d'Ann"),
    ("les Hommes-rats de <span class='sw-chip'>Ann</span>",
     "les Hommes-rats d'<span class='sw-chip'>Ann</span>"),
    ("le tour de Bob", "le tour de Bob"),  # a consonant: nothing to elide
    ("la rançon de Élodie", "la rançon d'Élodie"),
    ("la carte de A-GD-03", "la carte de A-GD-03"),  # a rule ID is not a word
    ("une région de Orcs", "une région d'Orcs"),
    ("Conquérir de nouveau", "Conquérir de nouveau"),
])
def test_de_is_elided_before_a_vowel(text, elided):
    assert elide(text) == elided


def test_a_formatted_french_text_is_elided_and_an_english_one_is_not(french):
    assert i18n._("Score {player}'s turn").format(player="Ann") == (
        "Compter les points du tour d'Ann")
    assert i18n._("Score {player}'s turn").format(player="Bob") == (
        "Compter les points du tour de Bob")
    i18n.set_language("en")
    assert i18n._("Score {player}'s turn").format(player="Ann") == "Score Ann's turn"
    assert tr("{player}'s {race} conquer {region} with {n} token (cost {cost}: {detail})",
              "fr").format(player="Anne", race="Orcs", region="r3", n=2, cost=2,
                           detail="base 2") == (
        "Les Orcs d'Anne conquièrent r3 avec 2 pion (coût 2 : base 2)")  # the singular form


def test_terrains_and_pieces_are_not_named_after_powers():
    """B-POW-FOREST/B-POW-HILL: the powers « Des Forêts », « Des Collines » score each
    « Forêt », « Colline »; X-BNA-CAT-2: the piece is « la Catapulte »."""
    assert item_name("forest", "fr") == "Des Forêts" and place_name("forest", "fr") == "Forêt"
    assert item_name("hill", "fr") == "Des Collines" and place_name("hill", "fr") == "Colline"
    assert place_name("catapult", "fr") == "Catapulte"
    assert place_name("forest") == "Forest" and place_name("ratmen", "fr") == "Hommes-rats"


def test_names_of_the_french_rule_books():
    assert place_name("hole", "fr") == "Tanière"  # B-RACE-HALFLINGS-1
    assert module_name("grand_dames", "fr") == "Honneur aux Dames !"
    assert item_name("pirate_ship", "fr") == "Navire pirate"  # X-RW-11
    assert "Nécromant" in tr("every Ghost is in play: the Necromancer wins at once (X-NEC-15)",
                             "fr")
    for rule in ("X-NEC-12", "X-NEC-2", "B-DEF-5"):
        from swcore.i18n import rule_summary_fr
        assert "Nécromancien" not in rule_summary_fr(rule)
        assert "Trou-de-Hobbit" not in rule_summary_fr(rule)


def test_every_map_badge_has_a_french_word(french):
    words = {kind: st.marker_badge(kind) for kind in st.MARKER_BADGES}
    assert words["cauldron"] == "Chaudr." and words["catapult"] == "Catap."
    assert words["ivory_tower"] == "Tour" and words["leader"] == "Chef"
    assert words["hole"] == "Tanière"
    i18n.set_language("en")
    assert st.marker_badge("cauldron") == "Pot"


def test_a_count_of_one_takes_the_singular_B_DEF_8():
    """"Correct r4 to 1 tokens" / "1 souls" (review defect 10): the engine's templates write the
    plural whatever the count; English: 1 is singular, French: 0 and 1 are."""
    from swcore import Action
    from swcore.i18n import agree
    from swcore.words import label

    one = Action("Ann", "correct", region="r4", count=1)
    assert label(one) == "Correct r4 to 1 token"
    assert label(one, lang="fr") == "Corriger r4 : 1 pion"
    assert label(Action("Ann", "correct", region="r4", count=11)) == "Correct r4 to 11 tokens"
    assert agree("1 souls from the tray into the Well of Souls") == (
        "1 soul from the tray into the Well of Souls")
    assert agree("0 tokens, 21 tokens, +1 tokens") == "0 tokens, 21 tokens, +1 tokens"
    assert agree("0 pions, 1 âmes, 10 pions", "fr") == "0 pion, 1 âme, 10 pions"
