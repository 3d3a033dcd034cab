"""The tests keep one house style (issue 20): each rule ID written one way in test names (in
capitals with underscores, `B_CONQ_2` for B-CONQ-2, as most names do), and no test skipped
silently because a file outside the repository is missing (`gamehelpers.skip_outside` makes
such a skip counted and listed at the end of the run; the data a test needs is in the
repository, as tests/conformance/ holds the conformance examples)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_rules_reference import _anchors

HERE = Path(__file__).resolve().parent


def names_of_tests():
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                yield path.name, node.name


def test_rule_ids_in_test_names_are_written_in_capitals():
    """A rule ID in a test's name reads `B_CONQ_2` (the docs/rules anchor B-CONQ-2), never
    `b_conq_2`, so grepping either finds every test of a rule."""
    ids = [i for i in _anchors() if re.search(r"\d", i) or i.count("-") > 1]  # not "A-BASE",
    lower = {i.replace("-", "_").lower(): i.replace("-", "_") for i in ids}  # a chapter: a word
    lower = {k: v for k, v in lower.items() if k != v}
    pattern = re.compile(r"(?<![a-z0-9])(" + "|".join(sorted(map(re.escape, lower), key=len,
                                                              reverse=True)) + r")(?![a-z0-9])")
    wrong = [f"{f}::{name}: {m.group(1)} -> {lower[m.group(1)]}"
             for f, name in names_of_tests() for m in pattern.finditer(name[5:])]
    assert not wrong, "\n".join(wrong)


def test_no_skip_for_a_file_outside_the_repository_is_silent():
    """A test reaching beside the clone (its parent folder, a machine's own path) skips only
    through `skip_outside`."""
    outside = re.compile(r"(REPO|ROOT)\.parent|[\"']\.\.[\"']|/work/")
    for path in sorted(HERE.glob("*.py")):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text("utf-8")
        reaching = [line for line in text.splitlines()
                    if outside.search(line) and not line.lstrip().startswith("#")]
        assert not reaching or "skip_outside(" in text, (path.name, reaching)
