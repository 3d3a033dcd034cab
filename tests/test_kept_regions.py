"""Each race's regions are kept sorted between changes (issue 23): `regions_of` always gives
the regions the position shows, in board order, after conquests, losses, redeployments,
refusals, undo and on copies (B-REDEP-1 reads them in board order)."""

from __future__ import annotations

import random

from swcore import Game


def shown(g: Game) -> dict[str, list[int]]:
    return {r: [i for i, x in enumerate(g.race) if x == r] for r in set(g.race) if r}


def test_regions_of_matches_the_position_throughout_random_games():
    for expansions, seed in (([], 7), (["cursed", "river_world", "necromancer"], 8)):
        g = Game.new("base-4p", ["a", "b", "c", "d"], seed=seed, expansions=expansions)
        rng = random.Random(seed)
        while not g.game_over:
            for race, regions in shown(g).items():
                assert g.regions_of(race) == regions
            g.regions_of(next(iter(shown(g)), "x")).append(-1)  # a caller's list is its own
            listed = g.legal_actions()
            g.apply(listed[rng.randrange(len(listed))])
            if rng.random() < 0.1:
                g.undo()
                assert all(g.regions_of(r) == v for r, v in shown(g).items())
                g.redo()
            copy = g.copy()
            assert all(copy.regions_of(r) == v for r, v in shown(g).items())
