"""The project's own rules reference (docs/rules/) is complete and self-contained.

- Every rule ID cited in swcore/, dashboards/, tests/ and notebooks/ (``B-CONQ-2``,
  ``A-BASE-04``, ``X-NEC-9``, ``U-RIVER-2``, ``AU-17``, ``R-S04-1``...) is an HTML anchor
  (``<a id="..."></a>``) in one of the files of docs/rules/, so a link such as
  ``docs/rules/base-game.md#B-CONQ-2`` always lands on its rule.
- When the shared research digests sit beside the clone (``../shared/rules``), every ID they
  use exists in docs/rules too (same IDs, project's own words; the amended rulings
  A-BASE-04 and A-BASE-14 included).
- README.md, docs/, dashboards/ and notebooks/ no longer point outside the repository
  (``../shared``): the clone stands on its own.
"""

from __future__ import annotations

import re
from pathlib import Path

from gamehelpers import skip_outside

REPO = Path(__file__).resolve().parent.parent
RULES = REPO / "docs" / "rules"
SHARED_RULES = REPO.parent / "shared" / "rules"

#: A rule ID: ``AU-`` and a number (Underground rulings, ``AU-17``), or a document prefix (B base
#: game, A rulings, X surface expansions, U Underground, R Realms), a topic of two or more
#: capitals/digits, then any number of ``-PART`` pieces (``A-BNA-01b`` has a lower-case letter).
#: Not preceded by a letter, digit, dot, slash or ``[`` and not followed by ``]`` or a word
#: character, so regex classes such as ``[A-Z0-9]`` and words such as ``X-ray`` are not IDs.
RULE_ID = re.compile(
    r"(?<![A-Za-z0-9_./\[-])"
    r"(AU-[0-9]+|(?:A|B|X|U|R)-[A-Z][A-Z0-9]+(?:-[A-Za-z0-9]+)*)"
    r"(?![\]\w-])"
)
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')

RULE_FILES = (
    "README.md",
    "base-game.md",
    "ambiguities.md",
    "surface-expansions.md",
    "underground.md",
    "ambiguities-underground.md",
    "realms-scenarios.md",
)
CITING_DIRS = ("swcore", "dashboards", "tests", "notebooks")
CITING_SUFFIXES = {".py", ".ipynb", ".md", ".yaml", ".yml", ".json", ".txt", ".toml", ".html"}


def _anchors() -> dict[str, str]:
    found: dict[str, str] = {}
    for name in RULE_FILES:
        path = RULES / name
        for anchor in ANCHOR.findall(path.read_text(encoding="utf-8")):
            assert anchor not in found, f"anchor {anchor} in both {found[anchor]} and {name}"
            found[anchor] = name
    return found


def _citing_files() -> list[Path]:
    files = []
    for top in CITING_DIRS:
        for path in sorted((REPO / top).rglob("*")):
            if not path.is_file() or path.suffix not in CITING_SUFFIXES:
                continue
            if any(part in {"__pycache__", ".ipynb_checkpoints"} for part in path.parts):
                continue
            files.append(path)
    return files


def test_rule_files_exist_and_show_each_anchor_in_bold():
    """One file per digest plus an index; each ID anchor is followed by the ID in bold
    (``<a id="B-CONQ-2"></a>`` then ``**B-CONQ-2**``), or by a heading naming it for the
    section anchors (``B-CONQ``, ``B-RACE-AMAZONS``, ``X-NEC``...)."""
    for name in RULE_FILES:
        assert (RULES / name).is_file(), f"docs/rules/{name} is missing"
    for name in RULE_FILES[1:]:
        text = (RULES / name).read_text(encoding="utf-8")
        for match in ANCHOR.finditer(text):
            anchor = match.group(1)
            after = text[match.end() : match.end() + 400]
            assert f"**{anchor}" in after or f"({anchor})" in after.split("\n\n")[0], (
                f"docs/rules/{name}: anchor {anchor} is not followed by its ID"
            )


def test_every_cited_rule_id_has_an_anchor():
    """(a) Every rule ID that code, app, tests or notebooks cite can be linked to in docs/rules
    (e.g. B-CONQ-2, A-BASE-03, B-POW-UNDERWORLD-2)."""
    anchors = _anchors()
    missing: dict[str, list[str]] = {}
    for path in _citing_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for rule_id in set(RULE_ID.findall(text)):
            if rule_id not in anchors:
                missing.setdefault(rule_id, []).append(str(path.relative_to(REPO)))
    assert not missing, f"rule IDs cited but not anchored in docs/rules: {missing}"


def test_every_shared_digest_id_is_in_the_reference():
    """(b) The reference keeps exactly the digests' IDs: every ID in ../shared/rules/*.md is an
    anchor in docs/rules (A-BASE-04 and A-BASE-14 in their amended form)."""
    digests = sorted(SHARED_RULES.glob("*.md")) if SHARED_RULES.is_dir() else []
    if not digests:
        skip_outside(SHARED_RULES, "the research digests the reference is checked against")
    anchors = _anchors()
    missing: dict[str, list[str]] = {}
    for digest in digests:
        ids = set(RULE_ID.findall(digest.read_text(encoding="utf-8")))
        lost = sorted(i for i in ids if i not in anchors)
        if lost:
            missing[digest.name] = lost
    assert not missing, f"digest IDs missing from docs/rules: {missing}"


def test_amended_rulings_are_written_as_amended():
    """A-BASE-04: Sorcerers holding no region cannot convert (never a first conquest; Flying
    still lifts adjacency). A-BASE-14: a Hole-in-the-Ground keeps out every other race, the
    owner's in-decline Ghouls included."""
    text = (RULES / "ambiguities.md").read_text(encoding="utf-8")
    a04 = text.split('<a id="A-BASE-04"></a>')[1].split('<a id="A-BASE-05"></a>')[0]
    a04 = " ".join(a04.replace("**", "").split())
    assert "never a first conquest" in a04 and "holding no region cannot convert" in a04
    assert "Flying still lifts" in a04
    a14 = text.split('<a id="A-BASE-14"></a>')[1].split('<a id="A-BASE-15"></a>')[0]
    a14 = " ".join(a14.replace("**", "").split())
    assert "owner's own included" in a14 and "in-decline Ghouls cannot take it" in a14


def test_no_pointer_outside_the_repository():
    """(c) README.md, docs/, dashboards/ and notebooks/ never mention ../shared."""
    paths = [REPO / "README.md"]
    for top in ("docs", "dashboards", "notebooks"):
        paths += [p for p in sorted((REPO / top).rglob("*")) if p.is_file()]
    offenders = []
    for path in paths:
        if "__pycache__" in path.parts or ".ipynb_checkpoints" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if "../shared" in text or "..\\shared" in text:
            offenders.append(str(path.relative_to(REPO)))
    assert not offenders, f"files pointing outside the repository: {offenders}"
