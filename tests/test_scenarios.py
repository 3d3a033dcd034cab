"""Every conformance scenario (docs/scenario-format.md) must pass.

Collects the project's own scenarios (tests/scenarios/**/*.yaml) and the shared conformance
suite's base examples (copied into tests/conformance/examples/) as one test each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swcore.scenario import run_file

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
OWN = sorted((HERE / "scenarios").rglob("*.yaml"))
EXAMPLES = sorted((HERE / "conformance" / "examples").glob("*.yaml"))


def _id(path: Path) -> str:
    return str(path.relative_to(HERE))


def test_the_base_examples_are_here():
    """The conformance suite's two base examples travel with the repository."""
    assert [p.name for p in EXAMPLES] == ["combo-column.yaml", "first-turns.yaml"]


@pytest.mark.parametrize("path", OWN + EXAMPLES, ids=_id)
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result.passed, f"{result.title}:\n" + "\n".join(result.failures)
