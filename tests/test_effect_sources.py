"""Effects know their source (issue 20): race, power, relic, place, marker, figure, event or rule
module, and a conquest's cost, reach and screening can be computed with any set of sources left
out, as the Gnomes (U-RACE-GNOMES-1) and U-PR-7 will need. A throwaway module and a throwaway
relic stand in for an expansion, so the mechanism is tested without any expansion rule."""

from __future__ import annotations

from typing import Any

import pytest

from swcore import Game
from swcore.effects import ABILITIES, Ability
from swcore.errors import RuleError
from swcore.rules.module import RuleModule
from swcore.rules.registry import MODULES
from swcore.ruleset import _ruleset

# a (edge) - b (mountain, Lost Tribe) - c - d (edge); b and c are not border regions
MAP = {"regions": {"a": {"terrain": "farmland", "edge": True},
                   "b": {"terrain": "mountain", "lost_tribe": True},
                   "c": {"terrain": "forest"}, "d": {"terrain": "hill", "edge": True}},
       "borders": [["a", "b"], ["b", "c"], ["c", "d"]]}
RACES = ["halflings", "elves", "dwarves", "humans", "orcs", "wizards"]
POWERS = ["commando", "hill", "forest", "alchemist", "swamp", "wealthy"]


class ModuleDiscount(Ability):
    """The throwaway module's effect: every conquest costs one token less."""

    id, rule = "test_module_discount", "B-CONQ-2"

    def cost_modifiers(self, game: Game, army: Any, region: int) -> list[tuple[str, int]]:
        return [("module discount", -1)]


class Relic(Ability):
    """A throwaway relic: the race holding it conquers for one token less."""

    id, rule, source = "test_relic", "B-CONQ-2", "relic"

    def cost_modifiers(self, game: Game, army: Any, region: int) -> list[tuple[str, int]]:
        return [("relic", -1)]


class Throwaway(RuleModule):
    id = "underground"  # a slot of the canonical order not implemented yet
    effects = (ModuleDiscount(),)


@pytest.fixture
def game(monkeypatch) -> Game:
    """Ann's Halflings with Commando, the throwaway module in play."""
    monkeypatch.setitem(MODULES, "underground", Throwaway())
    monkeypatch.setitem(ABILITIES, "test_relic", Relic())
    _ruleset.cache_clear()
    g = Game.new(MAP, ["ann", "bob"], seed=1, races=RACES, powers=POWERS, pool=["base"],
                 expansions=["underground"])
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    yield g
    _ruleset.cache_clear()


def army(g: Game) -> Any:
    return g.armies["halflings"]


def test_each_effect_says_where_it_comes_from(game):
    assert [(src, ab.id) for src, ab in game.sources(army(game))] == [
        ("race", "halflings"), ("power", "commando"), ("module", "test_module_discount")]


def test_the_cost_with_sources_left_out_B_CONQ_2(game):
    """b: base 2 + mountain 1 + Lost Tribe 1 = 4; Commando −1 (B-POW-COMMANDO-1), the module
    −1: 2. Leaving out the power or the module adds its token back; both: the plain 4."""
    b = game.board.region("b")
    assert game.cost(army(game), b) == 2
    assert game.cost(army(game), b, without={"power"}) == 3
    assert game.cost(army(game), b, without={"module"}) == 3
    assert game.cost(army(game), b, without={"power", "module"}) == 4
    assert game.cost(army(game), b, without={"race", "relic", "event"}) == 2  # none of those here
    q = game.quote("b", without={"power", "module"})
    assert q.cost == 4 and q.breakdown == [("base", 2), ("mountain", 1), ("lost tribe", 1)]
    assert game.quote("b").cost == 2  # the full quote is unchanged


def test_a_relic_lying_in_a_held_region_is_a_relic_source(game):
    game.apply({"by": "ann", "do": "conquer", "region": "a"})
    game.pieces["test_relic"] = game.board.region("a")
    assert ("relic", "test_relic") in [(s, ab.id) for s, ab in game.sources(army(game))]
    c = game.board.region("c")  # forest 2, Commando −1, module −1, relic −1: at least 1
    parts: list[tuple[str, int]] = []
    assert game.cost(army(game), c, parts=parts) == 1 and ("relic", -1) in parts
    assert game.cost(army(game), c, without={"relic", "module"}) == 1
    assert game.cost(army(game), c, without={"relic", "power"}) == 1
    assert game.cost(army(game), c, without={"relic", "power", "module"}) == 2


def test_reach_and_screening_with_the_race_left_out_B_CONQ_1(game):
    """Halflings enter anywhere (B-RACE-HALFLINGS-1); without the race's help, b is not a
    border region (B-CONQ-1), so the first conquest must come from the edge."""
    b = game.board.region("b")
    assert game.quote("b").reason is None
    assert game.reach(army(game)).anywhere and not game.reach(army(game), without={"race"}).anywhere
    reason = game.quote("b", without={"race"}).reason
    assert isinstance(reason, RuleError) and reason.rule == "B-CONQ-1"
    assert game.target_error(army(game), b, game.reach(army(game), without={"race"})).rule == "B-CONQ-1"
    assert game.target_error(army(game), b) is None
    everywhere = set(game.targets(army(game), game.reach(army(game))))
    edge_only = set(game.targets(army(game), game.reach(army(game), without={"race"})))
    assert everywhere == {0, 1, 2, 3} and edge_only == {game.board.region("a"), game.board.region("d")}


def test_a_misspelt_source_is_refused(game):
    with pytest.raises(ValueError, match="unknown effect source"):
        game.cost(army(game), 0, without={"races"})


def test_a_piece_effect_must_say_what_it_is(game, monkeypatch):
    class Unnamed(Ability):
        id, rule = "test_unnamed", "B-CONQ-2"

    monkeypatch.setitem(ABILITIES, "test_unnamed", Unnamed())
    game.apply({"by": "ann", "do": "conquer", "region": "a"})
    game.pieces["test_unnamed"] = game.board.region("a")
    with pytest.raises(TypeError, match="must set `source`"):
        game.sources(army(game))
