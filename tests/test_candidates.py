"""The listing screens only the regions an army's effects may add to its neighbours
(`extra_adjacent_regions`, issue 23): the targets are exactly those of a pass over every
region of the board (X-RW-6, A-RW-06: the Caravel's banks; B-CONQ-5 elsewhere)."""

from __future__ import annotations

import random

import pytest

from swcore import Game


@pytest.mark.parametrize("expansions,seed", [(["river_world"], 1), (["river_world"], 2),
                                             (["river_world", "be_not_afraid", "necromancer"], 3)])
def test_X_RW_6_B_CONQ_5_narrowed_candidates_give_every_target(expansions, seed):
    g = Game.new("base-4p", ["a", "b", "c", "d"], seed=seed, expansions=expansions)
    rng = random.Random(seed)
    everywhere = range(len(g.board))
    narrowed = 0
    while not g.game_over:
        for army in g.armies.values():
            reach = g.reach(army)
            full = [i for i, why in g.screen(army, everywhere, reach) if why is None]
            assert g.targets(army, reach) == full, (army.race, len(g.log))
            narrowed += len(g.candidates(reach, army)) < len(everywhere)
        listed = g.legal_actions()
        g.apply(listed[rng.randrange(len(listed))])
    assert narrowed  # the Caravel's module effect no longer makes every region a candidate
