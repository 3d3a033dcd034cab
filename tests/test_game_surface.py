"""The published surface of `Game` for rule modules (issue 20): rule modules use only the
members `swcore.surface.GameSurface` lists (public, typed, documented), and no module tests
another module's ability by its id. The scans read the modules' source (AST)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from swcore import Game
from swcore.effects import ABILITIES
from swcore.rules.registry import MODULES
from swcore.surface import PUBLISHED, GameSurface

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "swcore" / "rules"
#: names a rule module gives a game
GAME_NAMES = {"game", "g"}


def surface_misuses(source: str) -> list[str]:
    """`game.<member>` uses in `source` that are private or not in the published surface."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in GAME_NAMES:
            name = node.attr
            if name.startswith("_") or name not in PUBLISHED:
                out.append(f"{node.lineno}: game.{name}")
    return out


def owner_of(ability_id: str) -> str | None:
    """The module package that registers an ability (None: not a rule module's)."""
    parts = type(ABILITIES[ability_id]).__module__.split(".")
    return parts[2] if parts[:2] == ["swcore", "rules"] and len(parts) > 2 else None


def foreign_id_tests(source: str, package: str) -> list[str]:
    """Tests of an effect's `.id` (==, !=, in) and `ability(...)` look-ups in a module's `source`
    that name an ability another module registers. A rule naming a banner or badge as data (the
    Elves' tokens into the Well, X-NEC-9; Flying out of the stacks, X-RW-0) is not such a test."""
    foreign = {k for k in ABILITIES if owner_of(k) not in (None, package)}
    out = []
    for node in ast.walk(ast.parse(source)):
        named: list[ast.AST] = []
        if isinstance(node, ast.Compare) and any(
                isinstance(x, ast.Attribute) and x.attr == "id" for x in (node.left, *node.comparators)):
            named = [node.left, *node.comparators]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "ability":
            named = list(node.args)
        for item in named:
            for leaf in ast.walk(item):
                if isinstance(leaf, ast.Constant) and leaf.value in foreign:
                    out.append(f"{node.lineno}: {leaf.value!r} ({owner_of(leaf.value)})")
    return out


def module_files() -> list[Path]:
    return sorted(RULES.rglob("*.py"))


def test_the_published_members_exist_on_a_game():
    g = Game.new("base-4p", ["a", "b", "c", "d"], seed=1, expansions=["river_world"])
    missing = [k for k in PUBLISHED if not hasattr(g, k)]
    assert missing == []
    assert all(not k.startswith("_") for k in PUBLISHED)


def test_every_published_method_is_documented():
    undocumented = [k for k, v in vars(GameSurface).items()
                    if not k.startswith("_") and callable(v) and not (v.__doc__ or "").strip()]
    assert undocumented == []


def test_rule_modules_use_only_the_published_surface():
    bad = {str(f.relative_to(ROOT)): hits for f in module_files()
           if (hits := surface_misuses(f.read_text(encoding="utf-8")))}
    assert bad == {}


def test_no_module_tests_another_modules_ability_by_id():
    """River World's river banks asked the Tritons by id (A-RW-04); a sea ability now says what
    it gives (`coast_discount`), whoever gives it."""
    bad = {}
    for f in module_files():
        package = f.relative_to(RULES).parts[0]
        if package in MODULES and (hits := foreign_id_tests(f.read_text(encoding="utf-8"), package)):
            bad[str(f.relative_to(ROOT))] = hits
    assert bad == {}


def test_the_scans_find_what_they_look_for():
    """The two scans are not vacuous: a private member, an unpublished one, and a test of the
    Tritons (a base race) by id inside River World are all reported."""
    assert surface_misuses("game._occupy(1, None, None, 0)\ngame.regions_of('x')\ngame.undo()") == [
        "1: game._occupy", "3: game.undo"]
    assert foreign_id_tests('any(ab.id == "tritons" for ab in fx)', "river_world") == [
        "1: 'tritons' (base)"]
    assert foreign_id_tests('ability("tritons")', "river_world") == ["1: 'tritons' (base)"]
    assert foreign_id_tests('ab.id == "tritons"', "base") == []  # its own race
    assert foreign_id_tests('army.race != "elves"', "necromancer") == []  # a rule naming a race


def test_the_kernel_is_its_own_package_and_base_an_ordinary_module():
    import swcore.game

    assert "swcore.rules.base.conquest" not in sys.modules
    kernel = {c.__module__ for c in swcore.game.Game.__mro__} - {"builtins"}
    assert {"swcore.kernel.conquest", "swcore.kernel.market", "swcore.kernel.placement",
            "swcore.kernel.turns", "swcore.kernel.legal"} <= kernel
    assert not any(m.startswith("swcore.rules") for m in kernel)
