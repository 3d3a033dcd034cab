"""A column entered as it lies on the table (issue 4): `stacks="table"` and the `reveal` word."""

import pytest

from swcore import Action, Game, InputError, RuleError

RACES = ["ratmen", "elves", "amazons", "dwarves", "orcs", "humans"]
POWERS = ["merchant", "hill", "forest", "swamp", "alchemist", "flying"]


def table_game() -> Game:
    return Game.new("base-2p", ["ann", "bob"], races=RACES, powers=POWERS, stacks="table")


def test_B_COMBO_6_pick_waits_for_the_revealed_combo():
    game = table_game()
    game.apply(Action("ann", "pick", combo=2))
    assert [c[0] for c in game.column] == ["ratmen", "elves", "dwarves", "orcs", "humans"]
    assert game.needs_reveal
    with pytest.raises(RuleError) as err:
        game.apply(Action("ann", "conquer", region="r2"))
    assert err.value.rule == "B-COMBO-6"
    game.apply(Action("ann", "reveal", race="trolls", player="stout"))
    assert game.column[-1] == ["trolls", "stout", 0]
    assert not game.needs_reveal


def test_B_COMBO_6_reveal_refuses_a_banner_already_in_play():
    game = table_game()
    game.apply(Action("ann", "pick", combo=0))
    before = game.to_json()
    for race, power in [("ratmen", "stout"), ("elves", "stout"), ("trolls", "merchant")]:
        with pytest.raises(RuleError):
            game.apply(Action("ann", "reveal", race=race, player=power))
    assert game.to_json() == before


def test_B_COMBO_6_reveal_only_when_a_slot_is_empty():
    with pytest.raises(RuleError):
        table_game().apply(Action("ann", "reveal", race="trolls", player="stout"))


def test_table_game_saves_and_loads():
    game = table_game()
    game.apply(Action("ann", "pick", combo=1))
    game.apply(Action("ann", "reveal", race="wizards", player="heroic"))
    loaded = Game.from_json(game.to_json())
    assert loaded.state_hash() == game.state_hash()
    assert loaded.column == game.column


def test_table_game_needs_exactly_six_visible_combos():
    with pytest.raises(InputError) as err:
        Game.new("base-2p", ["ann", "bob"], races=RACES[:5], powers=POWERS, stacks="table")
    assert err.value.field == "races"
