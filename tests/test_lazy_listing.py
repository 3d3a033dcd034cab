"""legal_actions' default redeployment is previewed only when read (issue 23): its value is
the same whenever it is read, and `apply` treats it as any listed action (B-REDEP-1)."""

from __future__ import annotations

import random

import pytest

from swcore import Action, Game
from swcore.actions import LazyAction
from swcore.errors import InputError


def position_with_a_redeployment(seed: int) -> tuple[Game, list[Action]]:
    g = Game.new("base-4p", ["a", "b", "c", "d"], seed=seed)
    rng = random.Random(seed)
    while True:
        listed = g.legal_actions()
        if (len(g.log) > 8 and not g.queue and g.active[g.seat]
                and any(type(a) is LazyAction for a in listed)):
            return g, listed
        g.apply(listed[rng.randrange(len(listed))])


def mine(listed: list[Action]) -> Action:
    """The active race's default redeployment, not yet read."""
    return [a for a in listed if type(a) is LazyAction][-1]


def eager(g: Game) -> dict:
    """The default placement previewed at once on a copy (what the listing used to hold)."""
    army = g.armies[g.active[g.seat]]
    place = g.copy().preview_placement(army)
    return {g.board.ids[i]: n for i, n in place.items()}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_B_REDEP_1_the_default_redeployment_read_late_is_the_one_listed(seed):
    """Read after another action was applied, after an undo, or on a copy, the listed default
    placement is the placement of the position it was listed in."""
    g, listed = position_with_a_redeployment(seed)
    want = eager(g)
    lazy = [a for a in listed if type(a) is LazyAction][-1:]  # the active race's (listed last)
    other = next(a for a in listed if a.do not in ("redeploy", "end_turn", "decline"))
    g.apply(other)
    assert lazy[0]._make is not None  # not read yet
    assert dict(lazy[0].tokens) == want
    g.undo()
    again = mine(g.legal_actions())
    g.apply(other)
    g.undo()
    assert dict(again.tokens) == want
    copy = g.copy()
    third = mine(g.legal_actions())
    assert dict(third.tokens) == want and copy.to_json() == g.to_json()


def test_B_REDEP_1_a_lazy_redeployment_applies_as_listed_and_refuses_edits():
    """Applied at its position it logs the default placement; edited after it was read, or
    read late and applied to a later position, it is checked in full like any action."""
    g, listed = position_with_a_redeployment(4)
    want, before = eager(g), g.to_json()
    lazy = mine(listed)
    assert lazy.tokens  # read: the placement is made
    lazy.args["tokens"] = (("r1", -3),)
    with pytest.raises(InputError):
        g.apply(lazy)
    assert g.to_json() == before
    lazy = mine(g.legal_actions())
    g.apply(lazy)
    assert g.log[-1]["tokens"] == want
