"""Table corrections (issue 12, "the app mirrors, it never invents"): a region's token count set
to what lies on the cardboard, as a logged, undoable action checked like any other (B-DEF-8,
B-REDEP-1)."""

from __future__ import annotations

import pytest

from swcore import Game
from swcore.errors import InputError, RuleError

LINE = {"regions": {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "hill"},
                    "c": {"terrain": "forest", "edge": True, "lost_tribe": True}},
        "borders": [["a", "b"], ["b", "c"]]}


def game() -> Game:
    g = Game.new(LINE, ["ann", "bob"], seed=1, races=["ratmen", "elves", "dwarves", "humans",
                                                       "orcs", "wizards"],
                 powers=["merchant", "hill", "forest", "alchemist", "swamp", "wealthy"])
    g.apply({"by": "ann", "do": "pick", "combo": 0})  # Ratmen 8 + Merchant 2 = 10
    g.apply({"by": "ann", "do": "conquer", "region": "a"})  # 2 in a, 8 in hand
    return g


def test_B_DEF_8_a_correction_sets_the_count_from_the_tray_and_is_undone():
    g = game()
    g.apply({"by": "bob", "do": "correct", "region": "a", "count": 5})  # anyone at the table
    assert g.tokens[g.board.region("a")] == 5 and g.hand("ann") == 8
    assert g.tray("ratmen") == 13 - 13
    assert g.log[-1] == {"by": "bob", "do": "correct", "region": "a", "count": 5}
    g.undo()
    assert g.tokens[g.board.region("a")] == 2
    again = Game.from_json(g.to_json())
    assert again.snapshot() == g.snapshot()


def test_B_DEF_8_never_more_tokens_than_the_box():
    g = game()
    before = g.to_json()
    with pytest.raises(RuleError) as err:
        g.apply({"by": "ann", "do": "correct", "region": "a", "count": 6})  # 13 in the box
    assert err.value.rule == "B-DEF-8" and g.to_json() == before


def test_B_DEF_8_a_correction_to_0_empties_the_region_and_is_undone():
    """Review table.md 5: a Lost Tribe conquered and left before a switch to the map, or a
    region the table emptied, is set to what lies there: nothing (tokens back to the box)."""
    g = game()
    g.apply({"by": "bob", "do": "correct", "region": "c", "count": 0})
    c = g.board.region("c")
    assert (g.race[c], g.owner[c], g.tokens[c]) == (None, None, 0) and g.quote("c").cost == 2
    g.apply({"by": "bob", "do": "correct", "region": "a", "count": 0})
    assert g.race[g.board.region("a")] is None and g.tray("ratmen") == 13 - 8
    g.undo(2)
    assert g.race[c] == "lost_tribe" and g.tokens[g.board.region("a")] == 2


def test_B_REDEP_1_a_region_keeps_at_least_its_races_fewest_and_an_empty_one_is_not_corrected():
    g = Game.new(LINE, ["ann", "bob"], seed=1, expansions=["cursed"],
                 races=["kobolds", "elves", "dwarves", "humans", "orcs", "wizards"],
                 powers=["merchant", "hill", "forest", "alchemist", "swamp", "wealthy"])
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "conquer", "region": "a"})
    with pytest.raises(RuleError) as err:  # X-CUR-KOB-1: never fewer than 2 Kobolds
        g.apply({"by": "ann", "do": "correct", "region": "a", "count": 1})
    assert err.value.rule == "X-CUR-KOB-1"
    g = game()
    with pytest.raises(RuleError) as err:
        g.apply({"by": "ann", "do": "correct", "region": "b", "count": 2})
    assert err.value.rule == "B-DEF-8"
    with pytest.raises(InputError):
        g.apply({"by": "ann", "do": "correct", "region": "a", "count": -1})


def test_a_lost_tribe_region_can_be_corrected_too():
    g = game()
    g.apply({"by": "ann", "do": "correct", "region": "c", "count": 2})
    assert g.quote("c").cost == 2 + 2
