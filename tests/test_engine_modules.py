"""The engine's extension points (issue "one engine for every rule set"): rule modules combined
in one fixed order, options checked against each module's own schema, effects gathered from
every source (race, powers, objects held, the current event, the modules), named steps and the
stack of pending decisions. A throw-away module stands in for an expansion here, so these
tests exercise the mechanism without any expansion rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import swcore.game as game_module
from swcore import Game
from swcore.effects import ABILITIES, Ability, when
from swcore.errors import InputError, RuleError
from swcore.flow import Decision
from swcore.rules import MODULE_ORDER, available_modules
from swcore.rules.module import RuleModule
from swcore.rules.registry import MODULES
from swcore.ruleset import Ruleset, _ruleset

LINE = {"regions": {"a": {"terrain": "farmland", "edge": True}, "b": {"terrain": "hill"},
                    "c": {"terrain": "forest", "edge": True}},
        "borders": [["a", "b"], ["b", "c"]]}
RACES = ["ratmen", "elves", "dwarves", "humans", "orcs", "wizards"]
POWERS = ["merchant", "hill", "forest", "alchemist", "swamp", "wealthy"]


class Discount(Ability):
    """A test effect: conquests cost one token less."""

    id, rule = "test_discount", "B-CONQ-2"
    source = "relic"  # what it is when it lies on the board (a module's or event's: told by where)

    def cost_modifiers(self, game: Game, army: Any, region: int) -> list[tuple[str, int]]:
        return [("test discount", -1)]


@dataclass
class FakeOptions:
    generous: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FakeOptions:
        return cls(**data)


class Fake(RuleModule):
    """A module named like an expansion of the canonical order, with one of everything."""

    def __init__(self, mid: str, log: list[str]) -> None:
        self.id = mid
        self.options = FakeOptions
        self.effects = (Discount(),) if mid == "underground" else ()
        self.steps = {"round_start": (lambda g, s: log.append(f"{mid}:round_start"),),
                      "turn_start": (lambda g, s: log.append(f"{mid}:turn_start:{s}"),),
                      "turn_end": (lambda g, s: log.append(f"{mid}:turn_end:{s}"),),
                      "after_turn": (lambda g, s: log.append(f"{mid}:after_turn:{s}"),),
                      "round_end": (lambda g, s: log.append(f"{mid}:round_end"),)}


@pytest.fixture
def fakes(monkeypatch):
    """'underground' and 'realms' (not built yet) as throw-away modules, for one test."""
    log: list[str] = []
    for mid in ("underground", "realms"):
        monkeypatch.setitem(MODULES, mid, Fake(mid, log))
    _ruleset.cache_clear()
    yield log
    _ruleset.cache_clear()


def game(**kw: Any) -> Game:
    """A game on the line map with the base game's banners and badges, whatever is in play."""
    return Game.new(LINE, ["ann", "bob"], seed=1, races=RACES, powers=POWERS, pool=["base"], **kw)


def test_an_expansion_not_implemented_is_refused_by_name():
    """An expansion the engine does not have yet is refused by name, never played half."""
    assert available_modules()[0] == "base" and set(available_modules()) <= set(MODULE_ORDER)
    missing = [m for m in MODULE_ORDER if m not in available_modules()][0]
    with pytest.raises(InputError, match=f"'{missing}' is not implemented yet"):
        game(expansions=[missing])
    with pytest.raises(InputError, match="unknown rule set 'atlantis'"):
        game(expansions=["atlantis"])


def test_modules_are_combined_in_the_canonical_order_whatever_the_listing(fakes):
    g = game(expansions=["realms", "underground"])
    assert g.ruleset.ids == ("base", "underground", "realms")
    assert g.setup["expansions"] == ["underground", "realms"]
    assert Ruleset.of(("realms", "underground")) is Ruleset.of(("underground", "realms"))
    assert list(MODULE_ORDER).index("underground") < list(MODULE_ORDER).index("realms")


def test_options_are_checked_against_their_own_modules_schema(fakes):
    with pytest.raises(InputError, match="belongs to the underground rules, which are not in play"):
        game(options={"generous": True})
    g = game(expansions=["underground"], options={"generous": True, "edition": "fr2009"})
    assert g.module_options["underground"].generous is True
    assert g.options.edition == "fr2009"  # the base game's own options
    with pytest.raises(InputError, match="unknown rule option"):
        game(options={"no_such_option": 1})


def test_steps_run_in_module_order_at_their_point_of_the_turn(fakes):
    """B-FLOW-2: round start, each seat's turn, round end; modules in canonical order."""
    g = game(expansions=["realms", "underground"])
    assert fakes == ["underground:round_start", "realms:round_start", "underground:turn_start:0",
                     "realms:turn_start:0"]
    fakes.clear()
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "end_turn"})
    assert fakes == ["underground:turn_end:0", "realms:turn_end:0", "underground:after_turn:0",
                     "realms:after_turn:0", "underground:turn_start:1", "realms:turn_start:1"]
    fakes.clear()
    g.apply({"by": "bob", "do": "pick", "combo": 0})
    g.apply({"by": "bob", "do": "end_turn"})
    assert fakes[-4:] == ["underground:round_start", "realms:round_start", "underground:turn_start:0",
                          "realms:turn_start:0"]
    assert "underground:round_end" in fakes and g.turn == 2


def test_a_modules_own_effects_work_for_every_army(fakes):
    g = game(expansions=["underground"])
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    q = g.quote("a")
    assert q.cost == 1 and ("test discount", -1) in q.breakdown
    base = game()
    base.apply({"by": "ann", "do": "pick", "combo": 0})
    assert base.quote("a").cost == 2  # without the module, no discount


def test_objects_lying_in_held_regions_and_the_current_event_are_effect_sources(monkeypatch):
    """A relic or place works for the race occupying its region; an event for everyone."""
    monkeypatch.setitem(ABILITIES, "test_discount", Discount())
    g = game()
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    assert g.quote("b").cost == 2
    g.pieces["test_discount"] = g.board.region("c")  # lying in c, held by nobody yet
    g._fxgen += 1
    assert g.quote("b").cost == 2
    g.apply({"by": "ann", "do": "conquer", "region": "c"})  # now the Ratmen hold it
    assert g.quote("b").cost == 1 and ("test discount", -1) in g.quote("b").breakdown
    g.pieces.clear()
    g.event = "test_discount"
    g._fxgen += 1
    assert g.quote("b").cost == 1


def test_a_pending_decision_names_who_acts_and_refuses_the_rest():
    """B-LOSS-2: a decision for another player blocks the turn until it is settled."""
    g = game()
    g._push(Decision("withdrawal", 1, ("redeploy",), "B-LOSS-2", "bob must place first",
                     data={"race": "elves"}))
    assert g.to_act == "bob" and g.decision.kind == "withdrawal"
    with pytest.raises(RuleError) as err:
        g.apply({"by": "ann", "do": "pick", "combo": 0})
    assert err.value.rule == "B-LOSS-2"
    assert g.snapshot()["pending"][0]["player"] == "bob"


def test_the_reveal_in_table_mode_is_a_chance_decision_anyone_enters():
    """B-COMBO-6: a table-entered column waits for the combo turned over, entered by anyone."""
    g = Game.new(LINE, ["ann", "bob"], seed=1, races=RACES, powers=POWERS, stacks="table")
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    assert g.needs_reveal and g.decision.kind == "reveal" and g.decision.seat is None
    with pytest.raises(RuleError) as err:
        g.apply({"by": "ann", "do": "conquer", "region": "a"})
    assert err.value.rule == "B-COMBO-6"
    g.apply({"by": "bob", "do": "reveal", "race": "ghouls", "player": "flying"})
    assert not g.needs_reveal and g.column[-1][:2] == ["ghouls", "flying"]


def test_the_in_decline_ghouls_turn_is_an_optional_decision_closed_by_the_active_race():
    """A-BASE-03: in-decline Ghouls act first; the active race acting closes their turn."""
    g = Game.new(LINE, ["ann", "bob"], seed=1, races=["ghouls", "ratmen", *RACES[1:5]],
                 powers=POWERS)
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "conquer", "region": "a"})
    g.apply({"by": "ann", "do": "end_turn"})
    g.apply({"by": "bob", "do": "pick", "combo": 0})
    g.apply({"by": "bob", "do": "conquer", "region": "c"})
    g.apply({"by": "bob", "do": "end_turn"})
    g.apply({"by": "ann", "do": "decline"})
    g.apply({"by": "ann", "do": "end_turn"})
    g.apply({"by": "bob", "do": "end_turn"})
    assert g.decision.kind == "declined_turn" and g.decision.optional
    assert g.to_act == "ann"
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    assert g.decision is None
    with pytest.raises(RuleError) as err:
        g.apply({"by": "ann", "do": "conquer", "region": "b", "race": "ghouls"})
    assert err.value.rule == "A-BASE-03"


def test_coins_move_between_players_and_the_bank_never_below_zero():
    """Coins a rule moves (Ransacking, Corrupt, a Leader's ransom) go through one `pay`."""
    g = game()
    g.pay(0, 1, 2, "test")
    assert g.coins == [3, 7]
    ev = g.pay(0, None, 9, "test")  # ann has only 3
    assert g.coins == [0, 7] and ev.data["coins"] == 3
    g.pay(None, 0, 4, "test")
    assert g.coins == [4, 7]


def test_broadcast_reaches_every_armys_effects(monkeypatch):
    """A global notification (Historian hears any decline, X-GD-HIS-2) is told to every army
    on the board whose effects hear it."""
    heard: list[str] = []

    class Ear(Ability):
        id = "ratmen"

        @when("race_declined")
        def heard(self, game: Game, army: Any, declined: Any) -> list[Any]:
            heard.append(f"{army.race}:{declined.race}")
            return []

    monkeypatch.setitem(ABILITIES, "ratmen", Ear())
    monkeypatch.setattr(game_module, "_HOOKS", {})  # the dispatch tables knew the real Ratmen
    monkeypatch.setattr(game_module, "_FX", {})
    g = game()
    g.apply({"by": "ann", "do": "pick", "combo": 0})  # Ratmen
    g.apply({"by": "ann", "do": "end_turn"})
    g.apply({"by": "bob", "do": "pick", "combo": 0})  # Elves: they hear nothing
    assert g.broadcast("race_declined", declined=g.armies["elves"]) == []
    assert heard == ["ratmen:elves"]


def test_the_pool_decides_which_banners_and_badges_make_the_stacks():
    """FORMAT v2 `pool`: by default the base game's sets plus each surface expansion in play; a
    set of an expansion not in play is refused."""
    from swcore.catalogue import in_sets
    from swcore.config import check_pool, default_pool

    assert default_pool([]) == ["base"]
    assert default_pool(["leaders", "cursed"]) == ["base", "cursed"]
    assert default_pool(["underground", "cursed"]) == ["underground", "cursed"]
    assert check_pool(["cursed", "base"], ["cursed"]) == ["base", "cursed"]
    with pytest.raises(InputError, match="needs that expansion in play"):
        check_pool(["base", "cursed"], [])
    g = Game.new(LINE, ["ann", "bob"], seed=1, expansions=["cursed"])
    assert "pool" not in g.setup  # the default is not stored
    assert set(g.setup["races"]) == set(in_sets("race", ["base", "cursed"]))
    assert set(Game.new(LINE, ["ann", "bob"], seed=1).setup["races"]) == set(in_sets("race", ["base"]))
    only_base = Game.new(LINE, ["ann", "bob"], seed=1, expansions=["cursed"], pool=["base"])
    assert only_base.setup["pool"] == ["base"]
    assert set(only_base.setup["races"]) == set(in_sets("race", ["base"]))


def test_a_module_adds_a_parameter_to_a_base_word_refused_without_that_module(monkeypatch, fakes):
    """FORMAT v2 words: a module adds a parameter to a base word (as Leaders adds `leader` to
    `pick`, X-LEAD-1); given without that module in play, it is refused."""
    from swcore.words import WORDS, Kind, Param, extend

    monkeypatch.setitem(WORDS, "pick", WORDS["pick"])  # restored after the test
    extend("pick", "realms", golden=Param(Kind.FLAG))
    assert "golden" in WORDS["pick"].flags and WORDS["pick"].params["golden"].module == "realms"
    with pytest.raises(InputError, match="only with the `realms` rules in play"):
        game().apply({"by": "ann", "do": "pick", "combo": 0, "golden": True})
    g = game(expansions=["realms"])
    g.apply({"by": "ann", "do": "pick", "combo": 0, "golden": True})  # accepted; its effect is the module's
