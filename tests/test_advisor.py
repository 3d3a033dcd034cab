"""The advisor (swcore/advisor.py, issue 24): the planner's choice is legal, and its reasons
name the numbers the planner used, in English and French."""

from __future__ import annotations

import re

import pytest

from swcore import Game
from swcore.advisor import advise
from swcore.bots import PlannerBot

ALL4 = ["cursed", "grand_dames", "be_not_afraid", "leaders"]


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d)?", text)


@pytest.mark.parametrize(("board", "players", "expansions"), [
    ("base-2p", ["ann", "bob"], None), ("base-5p", list("ABCDE"), ALL4)])
def test_every_advice_of_a_whole_game_is_legal_and_explained(board, players, expansions):
    """B-FLOW (only legal actions): a game played entirely by following the advice; each piece
    of advice is legal, says what it would do and at least one reason, in both languages, with
    every placeholder filled."""
    game = Game.new(board, players, seed=3, expansions=expansions)
    kinds = set()
    while not game.game_over:
        advice = advise(game)
        assert game.is_legal(advice.action) and advice.player == game.to_act
        en, fr = advice.lines("en"), advice.lines("fr")
        assert len(en) >= 2 and len(fr) == len(en)
        assert not any("{" in line for line in en + fr)
        assert en != fr
        kinds.add(advice.kind)
        game.apply(advice.action)
    assert {"pick", "conquest", "redeploy", "end"} <= kinds


def test_b_pick_the_combo_reason_names_the_planners_worth_and_the_price():
    """B-COMBO-1/B-COMBO-2: combo k costs k coins; the reason names that price, the coins lying on it
    and the planner's own worth of the chosen combo and of the next best."""
    game = Game.new("base-2p", ["ann", "bob"], seed=1)
    advice = advise(game)
    assert advice.kind == "pick"
    k = advice.action.combo
    worth = PlannerBot()._combo_worth(game, k)
    line = advice.lines("en")[1]
    assert f"minus its price of {k}:" in line and f"worth {worth:.1f}." in line
    others = [PlannerBot()._combo_worth(game, j) for j in range(6) if j != k and j <= game.coins[0]]
    assert f"is worth {max(others):.1f}." in advice.lines("en")[2]
    assert f"vaut {max(others):.1f}.".replace(".", ",", 1) in advice.lines("fr")[2]


def test_B_CONQ_2_the_conquest_reason_names_its_cost_and_the_tokens_in_hand():
    """B-CONQ-2: the cost the reason names is the engine's quote, with its breakdown, and the
    tokens named are those the race has to conquer with."""
    game = Game.new("base-2p", ["ann", "bob"], seed=1)
    game.apply(advise(game).action)  # ann picks
    advice = advise(game)
    assert advice.kind == "conquest"
    quote = game.quote(advice.action.region, "ann")
    hand = game.available(game.army_of("ann"))
    line = advice.lines("en")[1]
    assert line.startswith(f"Taking {advice.action.region} costs {quote.cost} tokens (")
    assert f"you have {hand} to conquer with" in line
    for label, n in quote.breakdown:
        assert f"{label} {n:+d}" in line
    assert any(s.startswith(f"Threats counted at {advice.action.region}:")
               for s in advice.lines("en"))


def test_B_SCORE_1_ending_the_turn_names_the_coins_it_scores():
    """B-SCORE-1: the coins the advice says the end of the turn scores are exactly those the
    engine adds when it is played."""
    game = Game.new("base-2p", ["ann", "bob"], seed=1)
    while not game.game_over:
        advice = advise(game)
        if advice.kind == "end":
            break
        game.apply(advice.action)
    before = game.coins[game.seat_of(advice.player)]
    said = advice.lines("en")[-1]
    trial = game.copy()
    trial.apply(advice.action)
    scored = trial.coins[game.seat_of(advice.player)] - before
    assert said == f"This scores {scored} coins now." and scored > 0
    assert advice.lines("fr")[-1] == f"Cela rapporte {scored} jetons de victoire maintenant."
    assert game.coins[game.seat_of(advice.player)] == before  # the advice changed nothing


def test_B_DECL_1_a_decline_compares_the_planners_two_sums():
    """B-DECL-1: when the planner declines, the reason gives its carrying-on sum and the
    decline's two parts, which add up to the total named and exceed carrying on."""
    game = Game.new("base-2p", ["ann", "bob"], seed=2)
    bot = PlannerBot()
    for _ in range(2000):
        if game.game_over:
            pytest.fail("the planner never declined")
        advice = advise(game)
        if advice.kind == "decline":
            break
        game.apply(advice.action)
    army = game.army_of(advice.player)
    carry, spent, fresh = bot.decline_terms(game, army, game.legal_actions())
    line = advice.lines("en")[1]
    assert f"about {carry:.1f} coins" in line and f"about {spent:.1f} from the" in line
    assert f"plus {fresh:.1f} from the best combo" in line and f": {spent + fresh:.1f}." in line
    assert spent + fresh > carry


def test_the_advisor_uses_the_planners_choice():
    """The advice is the planner bot's choice (the same bot, the same position)."""
    game = Game.new("base-4p", list("ABCD"), seed=7)
    for _ in range(40):
        expected = PlannerBot().choose(game, game.legal_actions())
        advice = advise(game)
        assert advice.action == expected
        game.apply(advice.action)
