"""The tutorial helpers in French (swcore.tutorial.set_language): the tables' headings, the
sentences, the engine's words they show and the scenarios' comments, as the French notebooks
show them; English is unchanged."""

from __future__ import annotations

import pytest

from swcore import tutorial as tut


@pytest.fixture
def french():
    tut.set_language("fr")
    yield
    tut.set_language("en")


def test_a_mountain_costs_three_in_french_B_CONQ_2(french):
    """conquest.yaml after ann's pick: the empty mountain r6 costs 2 + 1 (B-CONQ-2)."""
    game, _ = tut.Script(tut.scenario_path("conquest")).replay(2)
    assert tut.quote_text(game, "r6") == "r6: 3 pions = base 2 + Montagne 1"
    table = tut.quote_table(game)
    assert list(table.columns) == ["terrain", "symboles", "occupant", "coût", "détail", "permis",
                                   "pourquoi pas"]
    assert table.loc["r6", "coût"] == 3 and table.loc["r6", "permis"] == "oui"
    # a sea is refused with its rule, told in French (B-CONQ-4)
    assert table.loc["r1", "permis"] == "non"
    assert table.loc["r1", "pourquoi pas"].startswith("B-CONQ-4 : r1 est une Mer")


def test_a_refused_step_and_the_comments_in_french_B_FLOW_4(french):
    """Step 1 of conquest.yaml picks no combo before conquering: refused by B-FLOW-4; the
    scenario's title and comments come from the helpers' catalogue."""
    script = tut.Script(tut.scenario_path("conquest"))
    assert script.title.startswith("Tutoriel 2 - coûts de conquête")
    _game, played = script.replay(2)
    assert played[0].text.startswith("refusé : B-FLOW-4 : ")
    assert played[0].step.note == "Tour 1, ann · pas encore de Peuple : choisissez d'abord une " \
        "combinaison"
    assert played[1].text == "ann prend Hommes-rats / Alchimistes en position 0 : paie 0, " \
        "ramasse 0, reçoit 12 pions"
    line = tut.step_line(2, played[1])
    assert line.startswith("**Étape 2** · ann: prend la combinaison en position 0")
    assert tut.rules_line(script).startswith("Règles : [B-FLOW-4](../../docs/rules/base-game.md#B-FLOW-4)")


def test_the_column_and_its_prices_in_french_B_COMBO_2(french):
    """column.yaml at the start: ann (5 coins) pays 1 coin on each of the 3 combos above the
    Amazons / Commando (B-COMBO-2) and receives 6 + 4 + 4 = 14 tokens (B-COMBO-4)."""
    game = tut.Script(tut.scenario_path("column")).new_game()
    text = tut.offer_text(game, 3)
    assert text.startswith("Amazones / Armés en position 3 : ann paie 3 jetons de victoire, "
                           "1 sur chaque combinaison au-dessus")
    assert "reçoit 14 pions" in text and "jetons de victoire 5 → 2." in text
    table = tut.column_table(game)
    assert table.index.name == "position"
    assert table.loc[0, "à payer"] == 0 and table.loc[0, "abordable"] == "oui"


def test_the_standings_and_the_scores_in_french_B_SCORE_1(french):
    """The end of conquest.yaml: ann's Ratmen score 5 regions (B-SCORE-1) + Alchemist 2."""
    game, _ = tut.Script(tut.scenario_path("conquest")).replay()
    scores = tut.score_table(game, "ann")
    assert list(scores.columns) == ["joueur", "quoi", "jetons de victoire", "règle"]
    assert scores["quoi"].tolist() == ["Hommes-rats : 5 régions", "Alchimistes"]
    assert scores["jetons de victoire"].tolist() == [5, 2]
    assert tut.standings_table(game)["vainqueur"].tolist() == ["oui", "non"]
    assert "Peuple actif" in tut.coins_table(game).columns


def test_english_is_unchanged_after_french():
    tut.set_language("fr")
    tut.set_language("en")
    game, _ = tut.Script(tut.scenario_path("conquest")).replay(2)
    assert tut.quote_text(game, "r6") == "r6: 3 tokens = base 2 + mountain 1"
    assert tut.rules_line(tut.Script(tut.scenario_path("conquest"))).startswith(
        "Rules: [B-FLOW-4](../docs/rules/base-game.md#B-FLOW-4), ")
