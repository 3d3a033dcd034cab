"""Refusals in French on a board whose region ids are words (the tutorial's maps: "camp",
"a"): the region ids are told from the sentence, so the reason is translated, not left in
English (issue 19)."""

from __future__ import annotations

from swcore import Game
from swcore.i18n import explain

MAP = {"regions": {"a": {"terrain": "farmland", "edge": True}, "camp": {"terrain": "hill"},
                   "peak": {"terrain": "mountain", "edge": True}},
       "borders": [["a", "camp"], ["camp", "peak"]]}


def game() -> Game:
    g = Game.new(MAP, ["ann", "bob"], races=["ratmen", "elves", "humans", "orcs", "giants",
                                             "dwarves"],
                 powers=["hill", "flying", "forest", "swamp", "alchemist", "merchant"])
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    return g


def french_reason(g: Game, action: dict) -> str:
    return explain(g.why_illegal(action), "fr")[1]


def test_B_CONQ_1_a_word_region_in_a_french_refusal():
    assert french_reason(game(), {"by": "ann", "do": "conquer", "region": "camp"}) == (
        "camp n'est pas une région du bord : un Peuple entre sur le plateau par une région "
        "adjacente à un bord du plateau")  # the practice map has no sea (B-CONQ-1)


def test_B_READY_2_B_REDEP_1_the_region_a_is_not_read_as_an_article():
    g = game()
    assert french_reason(g, {"by": "ann", "do": "abandon", "region": "a"}) == (
        "a n'est pas occupée par ces Hommes-rats")
    g.apply({"by": "ann", "do": "conquer", "region": "a"})
    assert french_reason(g, {"by": "ann", "do": "redeploy", "tokens": {"a": 0}}) == (
        "a doit garder au moins un pion")
