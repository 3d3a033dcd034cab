"""The app and the tutorial notebooks name no race, power, marker or action word.

Rule of the issue "one engine for every rule set" (part 6, review architecture.md §1.7 and
§5.6): *a new race, power or action word needs no code in the app*. The engine declares every
word once (`swcore.words.WORDS`) and every race and power in its catalogue; the app shows
actions by their parameter kinds (dashboards/inputs.py) and takes labels and sentences from the
engine. So a name of the rules in `dashboards/*.py` or in a notebook's code cell is a branch
that the next expansion would have to extend: this test fails on each one, with file and line.

What counts, to stay clear of ordinary English ("pick", "decline", "hill" are words too):
a string literal whose whole value is such a name (`"conquer"`, `'hill'`), and an identifier
that is a race, power or marker kind or has one as a whole `_`-separated part (`berserk_die`,
`dragon`). Action words are English verbs that only a string can compare with (`a.do ==
"pick"`), so an identifier such as `needs_reveal` or a variable `decline` does not count. Words
inside longer text (a docstring, a sentence, a comment) do not count either.
Data files (dashboards/map_style.json) may name terrains and markers: they are data.
"""

from __future__ import annotations

import ast
import io
import json
import tokenize
from pathlib import Path

import pytest

from swcore import Game
from swcore.catalogue import POWERS, RACES
from swcore.game import make_setup
from swcore.words import WORDS

ROOT = Path(__file__).resolve().parents[1]


def marker_kinds() -> set[str]:
    try:
        from swcore.markers import MARKER_KINDS
    except ImportError:  # an engine without the marker registry: the state's marker arrays
        return set(Game(make_setup("base-2p", ["a", "b"])).mk)
    return set(MARKER_KINDS)


THINGS = {**{r: "race" for r in RACES}, **{p: "power" for p in POWERS},
          **dict.fromkeys(marker_kinds(), "marker kind")}
NAMES = {**dict.fromkeys(WORDS, "action word"), **THINGS}


def _parts(identifier: str) -> set[str]:
    """The names an identifier spells out: itself and every run of its `_`-parts."""
    bits = [b for b in identifier.lower().split("_") if b]
    return {identifier} | {"_".join(bits[i:j]) for i in range(len(bits))
                           for j in range(i + 1, len(bits) + 1)}


def violations(source: str, where: str) -> list[str]:
    out = []
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for tok in tokens:
        if tok.type == tokenize.STRING:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):  # an f-string: its text is a sentence
                continue
            if isinstance(value, str) and value in NAMES:
                out.append(f"{where}:{tok.start[0]}: {NAMES[value]} {value!r} as a string")
        elif tok.type == tokenize.NAME:
            for name in sorted(_parts(tok.string) & THINGS.keys()):
                out.append(f"{where}:{tok.start[0]}: {THINGS[name]} {name!r} in `{tok.string}`")
    return out


def code_cells(path: Path) -> list[tuple[int, str]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    out = []
    for k, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            text = "".join(cell["source"])
            # IPython magics and shell lines are not Python.
            text = "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                             for line in text.splitlines())
            out.append((k, text))
    return out


SOURCES = sorted((ROOT / "dashboards").glob("*.py"))
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_the_names_are_known():
    assert {"conquer", "end_turn", "reveal"} <= NAMES.keys() and "humans" in NAMES
    assert "hill" in NAMES and "lair" in NAMES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_rule_names_in_the_app(path):
    found = violations(path.read_text(encoding="utf-8"), f"dashboards/{path.name}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_rule_names_in_notebook_code(path):
    found = []
    for k, text in code_cells(path):
        found += violations(text, f"notebooks/{path.name} cell {k}")
    assert not found, "\n".join(found)


def test_the_check_finds_names_and_spares_english():
    src = ('a.do == "conquer"\nx = berserk_die\nreveal = 1\n'
           'text = "conquer a region, then pick"\nb = f"{a.region} hill"\n# dragon\n'
           'picked = declined = 1\n')
    found = violations(src, "x.py")
    assert [line.split(": ", 1)[1] for line in found] == [
        "action word 'conquer' as a string", "power 'berserk' in `berserk_die`"]
