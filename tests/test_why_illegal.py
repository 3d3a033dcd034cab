"""`why_illegal` asks a copy of the position instead of replaying the log (issue 20).

Its answer must be the one `apply` gives on the same position, built the slow sure way (the
saved game loaded, i.e. its log replayed): same error class, same rule or field, same words;
and asking changes nothing in the game (its save, its snapshot, and how it plays on).
Random games over random subsets of the rule modules (tests/test_invariants_expansions.py).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_invariants import bad_actions
from test_invariants_expansions import hostile, module_games, new_game

from swcore import Action, Game, RuleError, SwError
from swcore.bots import RandomBot


def replayed_answer(game: Game, action) -> SwError | None:
    """What `apply` says on the position rebuilt from the save (the former way)."""
    other = Game.from_dict(game.to_dict())
    try:
        other.apply(action)
    except SwError as err:
        return err
    return None


def same_answer(got: SwError | None, want: SwError | None) -> None:
    if want is None:
        assert got is None, got
        return
    assert type(got) is type(want), (got, want)
    assert str(got) == str(want)
    assert getattr(got, "rule", None) == getattr(want, "rule", None)
    assert getattr(got, "field", None) == getattr(want, "field", None)
    assert got.players == want.players


def questions(game: Game, rng: random.Random) -> list:
    """Legal actions, refusals of the base game and the modules' misused arguments."""
    legal = game.legal_actions()
    asked = rng.sample(legal, min(3, len(legal)))
    return asked + [a for a, _ in bad_actions(game, rng) + hostile(game, rng)]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), setup=module_games())
def test_why_illegal_answers_as_apply_and_changes_nothing(seed: int, setup: tuple) -> None:
    mods, options, board, players, turns = setup
    game = new_game(board, players, turns, seed, expansions=mods, options=options)
    twin = new_game(board, players, turns, seed, expansions=mods, options=options)  # never asked
    rng, bot = random.Random(seed), RandomBot(seed)
    for step in range(300):
        if game.game_over:
            break
        if step % 7 == 0:
            before, snap = game.to_dict(), game.snapshot()
            for action in questions(game, rng):
                same_answer(game.why_illegal(action), replayed_answer(game, action))
            assert game.to_dict() == before and game.snapshot() == snap
        chosen = bot.choose(game, game.legal_actions())
        game.apply(chosen)  # it plays on exactly as a game never asked
        twin.apply(chosen)
        assert game.state_hash() == twin.state_hash()


def test_B_FLOW_1_why_illegal_names_the_rule_and_keeps_the_position():
    """B-FLOW-1: out of turn; the refusal names the rule; a legal action asked about is not
    played (the log, the redo stack and the position stay as they were)."""
    game = Game.new("base-2p", ["ann", "bob"], seed=1)
    game.apply(game.legal_actions()[0])
    game.undo()
    before, redo = game.to_dict(), list(game.redo_stack)
    err = game.why_illegal(Action("bob", "end_turn"))
    assert isinstance(err, RuleError) and err.rule == "B-FLOW-1"
    assert game.why_illegal(game.legal_actions()[0]) is None
    assert game.to_dict() == before and game.redo_stack == redo and len(redo) == 1
