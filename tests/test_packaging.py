"""environment.yml (conda) and pyproject.toml (pip) list the same dependencies (issue 2)."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _norm(spec: str) -> tuple[str, str]:
    """(name, version); pip's extras are dropped (`psycopg[binary]` is conda's `psycopg`)."""
    name, version = re.match(r"([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*(.*)", spec.strip()).groups()
    return name.lower().replace("_", "-"), version.replace(" ", "")


def test_conda_and_pip_list_the_same_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip = {_norm(s) for s in project["dependencies"] + project["optional-dependencies"]["dev"]}
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {_norm(s) for s in env["dependencies"] if isinstance(s, str)} - {("python", ">=3.11,<3.14"),
                                                                              ("pip", "")}
    assert pip == conda


def test_python_version_agrees():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    """Python 3.11 to 3.13, the same range in both files."""
    assert "python>=3.11,<3.14" in env["dependencies"]
    assert project["requires-python"] == ">=3.11,<3.14"


def test_ci_runs_exactly_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "make test" in ci and "make test" in readme and "make serve" in readme


def test_make_test_covers_every_supported_python():
    """`make test` runs the suite on each supported Python found (scripts/interpreters.py):
    its list is the range of requires-python, and the test target runs the others beside
    .venv's whole suite."""
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    from interpreters import SUPPORTED

    spec = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    low, high = re.fullmatch(r">=3\.(\d+),<3\.(\d+)", spec).groups()
    assert SUPPORTED == [f"3.{m}" for m in range(int(low), int(high))]
    make = (ROOT / "Makefile").read_text()
    recipe = make.split("\ntest: ", 1)[1].split("\n\n", 1)[0]
    assert "test-main" in recipe and "test-others" in recipe
    assert "pytest" in make.split("\ntest-main: ", 1)[1].split("\n\n", 1)[0]
    assert "$(OTHERS)" in make.split("\ntest-others: ", 1)[1].split("\n\n", 1)[0]
    assert '-m "not browser"' in make.split("\ntest-3.%:", 1)[1].split("\n\n", 1)[0]
