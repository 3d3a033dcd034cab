"""Every hook is asked of every effect that can give it (issue 20): the answers the base game's
races give (the Elves' loss, B-RACE-ELVES-1; the Ghouls' decline, B-RACE-GHOULS-1) work just
as well from a power, as Underground's Immortal needs (U-POWER-IMMORTAL-1). A throwaway power
stands in for it."""

from __future__ import annotations

from typing import Any

import pytest

from swcore import Game
from swcore.effects import ABILITIES, Ability

LINE = {"regions": {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "hill"},
                    "c": {"terrain": "forest", "edge": True}},
        "borders": [["a", "b"], ["b", "c"]]}
RACES = ["ratmen", "elves", "dwarves", "humans", "orcs", "wizards"]
POWERS = ["merchant", "hill", "forest", "alchemist", "swamp", "wealthy"]


class Undying(Ability):
    """A throwaway power: loses no token when a region is lost, keeps its tokens on decline and
    still conquers in decline, its badge staying with the race."""

    id, rule = "test_undying", "U-POWER-IMMORTAL-1"
    defender_loss = 0
    keeps_tokens_on_decline = True
    conquers_in_decline = True
    works_in_decline = True
    stays_on_decline = True


def opening(with_power: bool) -> Game:
    """Ann's Ratmen (8 + 2 tokens) take a and b, leaving 1 in a and 9 in b; Bob's Elves with
    Hill take a from them (cost 2 + 1 = 3)."""
    g = Game.new(LINE, ["ann", "bob"], seed=1, races=RACES, powers=POWERS, pool=["base"])
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    if with_power:
        army = g.armies["ratmen"]
        army.powers, army.fx = ("test_undying",), None  # the badge's effect is the throwaway's
    g.apply({"by": "ann", "do": "conquer", "region": "a"})
    g.apply({"by": "ann", "do": "conquer", "region": "b"})
    g.apply({"by": "ann", "do": "redeploy", "tokens": {"a": 1, "b": 9}})
    g.apply({"by": "ann", "do": "end_turn"})
    g.apply({"by": "bob", "do": "pick", "combo": 0})
    return g


@pytest.fixture(autouse=True)
def undying(monkeypatch):
    monkeypatch.setitem(ABILITIES, "test_undying", Undying())


def loss(events: list[Any]) -> dict[str, Any]:
    return next(ev.data for ev in events if ev.kind == "loss")


def test_a_power_can_spare_the_lost_token_B_LOSS_1():
    """B-LOSS-1: the defender discards 1 token, withdraws the rest; the power discards none."""
    plain = opening(False).apply({"by": "bob", "do": "conquer", "region": "a"})
    assert loss(plain)["lost"] == 1 and loss(plain)["withdrawn"] == 0
    spared = opening(True).apply({"by": "bob", "do": "conquer", "region": "a"})
    assert loss(spared)["lost"] == 0 and loss(spared)["withdrawn"] == 1


def declined(with_power: bool) -> Game:
    """Bob ends his turn without attacking; Ann puts her Ratmen into decline (B-DECL-3)."""
    g = opening(with_power)
    g.apply({"by": "bob", "do": "end_turn"})
    g.apply({"by": "ann", "do": "decline"})
    return g


def test_a_power_can_keep_the_tokens_on_decline_B_DECL_3():
    """B-DECL-3: one token stays per region; with the power, all 9 stay in b."""
    b = declined(False).board.region("b")
    assert declined(False).tokens[b] == 1
    assert declined(True).tokens[b] == 9


def test_a_power_can_let_the_race_conquer_in_decline_B_DECL_8():
    """B-DECL-8: a race in decline never conquers; the power, staying with it (like Spirit,
    B-POW-SPIRIT-1), lets it act first in Ann's next turn (A-BASE-03), as the Ghouls do."""
    for with_power in (False, True):
        g = declined(with_power)
        g.apply({"by": "ann", "do": "end_turn"})
        g.apply({"by": "bob", "do": "end_turn"})
        offered = [a for a in g.legal_actions() if a.do == "conquer" and a.args.get("race") == "ratmen"]
        assert bool(offered) is with_power
        assert ("declined_turn" in [d.kind for d in g.pending]) is with_power
    g.apply({"by": "ann", "do": "conquer", "region": "c", "race": "ratmen"})
    assert g.race[g.board.region("c")] == "ratmen" and g.armies["ratmen"].declined
