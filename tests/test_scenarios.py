"""Every conformance scenario (../shared/conformance/FORMAT.md) must pass.

Collects the project's own scenarios (tests/scenarios/**/*.yaml) and the shared examples
(../shared/conformance/examples/*.yaml, skipped when that folder is absent) as one test each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swcore.scenario import run_file

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
OWN = sorted((HERE / "scenarios").rglob("*.yaml"))
EXAMPLES_DIR = REPO / ".." / "shared" / "conformance" / "examples"
EXAMPLES = sorted(EXAMPLES_DIR.glob("*.yaml")) if EXAMPLES_DIR.is_dir() else []


def _id(path: Path) -> str:
    if path.is_relative_to(HERE):
        return str(path.relative_to(HERE))
    return "shared/" + path.name


@pytest.mark.parametrize("path", OWN + EXAMPLES, ids=_id)
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result.passed, f"{result.title}:\n" + "\n".join(result.failures)
