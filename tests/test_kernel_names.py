"""The engine's core names no expansion, marker or neutral piece in its code (issue 20).

What a set, a marker, a piece or a neutral occupant does is data (swcore/data/sets.csv,
markers.csv, pieces.csv, symbols.csv `holds`, the catalogue's `tribe` rows) or a rule module's code, so a new one is a
row or a module, never an edit of the core. Docstrings and comments may cite them (rule IDs
and their why); identifiers and string literals may not. The base game's own neutral, the Lost
Tribes (B-SETUP-4, the map format's `lost_tribe` key), is the core's.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from swcore.boardspec import NEUTRAL_KINDS
from swcore.catalogue import CATALOGUE
from swcore.markers import MARKER_TYPES
from swcore.pieces import PIECES
from swcore.sets import BASE, SETS

SWCORE = Path(__file__).resolve().parents[1] / "swcore"
#: The core: set-up, board, state, flow, saves, registries, the scenario runner, and the
#: kernel's parts (market, conquest, placement, turns, legal actions) wherever they live.
CORE = ["game.py", "board.py", "boardspec.py", "config.py", "scenario.py", "flow.py", "state.py",
        "saves.py", "ruleset.py", "actions.py", "catalogue.py", "terrains.py", "markers.py",
        "neutrals.py", "sets.py", "errors.py", "events.py", "pieces.py", "checks.py"]
KERNEL_PARTS = ("market.py", "conquest.py", "placement.py", "turns.py", "legal.py")
#: Words that are also the map format's own vocabulary: (file, word) -> why it is allowed.
ALLOWED = {
    ("boardspec.py", "underground"): "a map level (FORMAT v2 `level`, `entry`), not the set",
    ("boardspec.py", "mountain"): "the terrain's tag (a Peak stands on a Mountain, A-REALMS-01)",
    ("scenario.py", "dragon"): "an action word of FORMAT v1 that takes `cost` (B-POW-DRAGONMASTER-1)",
    ("scenario.py", "necromancer"): "a top-level key of FORMAT v2 (the Island's set-up, X-NEC-1)",
    ("scenario.py", "stonehedge"): "a top-level key of FORMAT v2 (Stonehedge's power, AU-46)",
}


def core_files() -> list[Path]:
    files = [SWCORE / f for f in CORE if (SWCORE / f).exists()]
    files += [p for p in SWCORE.rglob("*.py") if p.name in KERNEL_PARTS
              and p.relative_to(SWCORE).parts[0] != "rules"]  # a kernel package's
    files += [SWCORE / "rules" / "base" / f for f in KERNEL_PARTS
              if (SWCORE / "rules" / "base" / f).exists()]
    return sorted(set(files))


def forbidden() -> set[str]:
    base_neutrals = {e.id for e in CATALOGUE.values() if e.kind == "tribe" and e.expansion == BASE}
    return ({s for s in SETS if s != BASE} | set(MARKER_TYPES) | set(PIECES)
            | (set(NEUTRAL_KINDS) - base_neutrals))


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (or bare strings used as comments)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def names_in(path: Path, words: set[str]) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    skip = docstrings(tree)
    # a whole word: not part of an identifier, nor of a rule ID ("A-REALMS-01")
    pattern = re.compile(r"(?<![a-z_-])(" + "|".join(sorted(words)) + r")(?![a-z_-])")
    found = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            texts = [node.value.lower()]
        elif isinstance(node, ast.Name):
            texts = [node.id.lower()]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr.lower()]
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            texts = [node.name.lower()]
        for text in texts:
            for m in pattern.finditer(text):
                if (path.name, m.group(1)) not in ALLOWED:
                    found.append(f"{path}:{node.lineno}: {m.group(1)!r}")
    return found


def test_the_core_names_no_expansion_marker_or_neutral():
    words = forbidden()
    assert {"river_world", "realms", "fortress", "dragon", "monster", "pirate_ship"} <= words
    files = core_files()
    assert len(files) >= len(CORE)
    found = [hit for f in files for hit in names_in(f, words)]
    assert not found, "\n".join(found)


def test_the_scan_sees_a_named_expansion(tmp_path):
    """The check itself fails on a core file that names one (a string or an identifier)."""
    bad = tmp_path / "bad.py"
    bad.write_text('"""Docstrings may say river_world."""\n'
                   'POOL = ("base", "cursed")\nif x.fortress:\n    pass\n', "utf-8")
    hits = names_in(bad, forbidden())
    assert sorted(h.split(": ")[1] for h in hits) == ["'cursed'", "'fortress'"]
