"""A small hook interface (issue 20): at most about 25 hooks, each with a docstring naming the
rules that use it; constant answers are class attributes; one-off notifications go through one
hook, `on`, with named events; no effect still defines a hook that is no longer asked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from swcore.effects import ABILITIES, EVENTS, Ability, when
from swcore.rules.registry import MODULES

RULE_ID = re.compile(r"\b[BXAU]-[A-Z]+(?:-[A-Z0-9]+)*-\d+\b")
#: the hooks issue 20 replaced: notifications (now events) and constant answers (now attributes)
FORMER = {"on_pick": "picked", "on_abandon": "abandoned", "on_conquered": "conquered",
          "on_taken_from": "took", "on_conquest_end": "conquests_over", "on_tokens_lost": "discarded",
          "on_region_lost": "lost", "on_ready": "ready", "on_decline": "declining",
          "after_decline": "declined", "race_declined": "race_declined", "turn_start": "turn_start",
          "on_last_token": "last_token"}
CONSTANTS = ("enters_anywhere", "ignores_adjacency", "may_occupy_water", "keeps_tokens_on_decline",
             "conquers_in_decline", "exempt_from_decline_limit", "stays_on_decline",
             "declines_after_scoring", "defender_loss", "min_per_region", "price_step",
             "counts_as_declined", "coast_discount", "redeploys_in_decline", "per_region")


def hooks() -> dict[str, object]:
    return {k: v for k, v in vars(Ability).items() if callable(v) and not k.startswith("_")}


def effect_classes() -> list[type]:
    found = {type(ab) for ab in ABILITIES.values()}
    found |= {type(e) for m in MODULES.values() for e in m.effects}
    return sorted(found, key=lambda c: (c.__module__, c.__name__))


def test_at_most_about_25_hooks_each_naming_its_rules():
    assert len(hooks()) <= 25
    assert [k for k, fn in hooks().items() if not RULE_ID.search(fn.__doc__ or "")] == []
    assert all(RULE_ID.search(text) for text in EVENTS.values())


def test_constant_answers_are_class_attributes():
    assert all(not callable(getattr(Ability, k)) for k in CONSTANTS)
    for cls in effect_classes():
        assert [k for k in CONSTANTS if callable(getattr(cls, k))] == [], cls


def test_no_effect_defines_a_hook_that_is_no_longer_asked():
    """A method named like a former notification hook is asked only through its `@when`."""
    stale = [f"{cls.__module__}.{cls.__name__}.{k}" for cls in effect_classes()
             for k, fn in vars(cls).items() if k in FORMER and not getattr(fn, "handles", ())]
    assert stale == []


def test_every_event_a_module_hears_is_named_and_used():
    heard = {e for cls in effect_classes() for e in cls.hears}
    assert heard <= set(EVENTS)
    assert set(FORMER.values()) == set(EVENTS)  # one event per former notification hook
    kernel = "".join(p.read_text(encoding="utf-8") for p in
                     (Path(__file__).resolve().parents[1] / "swcore").rglob("*.py"))
    assert [e for e in EVENTS if f'"{e}"' not in kernel.replace(f'"{e}": ', "")] == []


def test_an_unknown_event_is_refused_when_the_handler_is_declared():
    with pytest.raises(ValueError, match="unknown event"):
        when("conquerd")


def test_handlers_are_inherited_and_only_hearers_are_told():
    class Base(Ability):
        @when("conquered")
        def mark(self, game, army, region):
            return [("base", region)]

    class Child(Base):
        @when("picked")
        def coin(self, game, army):
            return [("child",)]

    assert Base.hears == {"conquered"} and Child.hears == {"conquered", "picked"}
    assert Child().on(None, None, "conquered", region=3) == [("base", 3)]
    assert Ability.hears == frozenset()
