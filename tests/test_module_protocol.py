"""The declared module protocol (issue 20): every rule module is a `RuleModule`, every attribute
the engine reads is declared there with its default and docstring, and the engine reads them
directly (no `hasattr`/`getattr` on a module), so a misspelt hook fails when it registers."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from swcore import Game
from swcore.rules import describe, map_items
from swcore.rules.module import DECLARED, RuleModule
from swcore.rules.registry import MODULES, module

ROOT = Path(__file__).resolve().parents[1]


def test_every_registered_module_is_a_rule_module():
    assert MODULES and all(isinstance(m, RuleModule) for m in MODULES.values())
    assert all(m.id == k for k, m in MODULES.items())


def test_every_declared_attribute_has_a_default_and_a_docstring():
    """The protocol is the documentation: each attribute followed by its docstring."""
    tree = ast.parse(inspect.getsource(RuleModule))
    body = tree.body[0].body
    documented = set()
    for k, node in enumerate(body):
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            after = body[k + 1] if k + 1 < len(body) else None
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                    and isinstance(after.value.value, str) and after.value.value.strip():
                documented.add(node.target.id)
    assert documented == DECLARED
    assert {"steps", "handlers", "legal", "before", "after", "snapshot", "view"} <= DECLARED


def test_a_misspelt_attribute_is_refused_when_the_module_registers():
    class Typo(RuleModule):
        id = "typo_test"
        describe_sate = None  # describe_state misspelt: would never be asked

    with pytest.raises(TypeError, match="describe_sate"):
        module(Typo)
    assert "typo_test" not in MODULES


def test_a_class_that_is_not_a_rule_module_is_refused():
    class Loose:
        id = "loose_test"

    with pytest.raises(TypeError, match="must subclass"):
        module(Loose)
    assert "loose_test" not in MODULES


def test_a_hook_left_at_its_default_is_as_if_absent():
    """Cursed! gives no snapshot and River World no map items: none is asked of them."""
    g = Game.new("base-4p", ["a", "b", "c", "d"], seed=1, expansions=["cursed", "river_world"])
    assert MODULES["cursed"].snapshot is None and "cursed" not in g.snapshot().get("modules", {})
    assert [mid for mid, _, _ in describe(g)] == ["cursed", "river_world"]
    assert MODULES["river_world"].map_items is None and map_items(g) == []


def _module_lookups(path: Path) -> list[str]:
    """hasattr/getattr calls on something named like a module (m, mod, module, module_of(...))."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("hasattr", "getattr") and node.args:
            target = node.args[0]
            name = (target.id if isinstance(target, ast.Name) else
                    target.func.id if isinstance(target, ast.Call) and isinstance(target.func, ast.Name)
                    else "")
            if name in ("m", "mod", "module", "module_of") or name.startswith("MODULES"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_engine_never_duck_types_a_module():
    files = [*(ROOT / "swcore").rglob("*.py"), *(ROOT / "dashboards").rglob("*.py")]
    assert [hit for f in files for hit in _module_lookups(f)] == []
