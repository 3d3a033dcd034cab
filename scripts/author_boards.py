#!/usr/bin/env python3
"""Author the project's data files for the four official Small World base boards.

Reads the research file ``boards.json`` (kept outside the repository; its path is the
one argument) and writes ``swcore/data/boards/base-{2,3,4,5}p.json`` in the project's own format
(documented in ``swcore/data/boards/README.md``):

* region ids are ``r1``..``rN``: ``"r" + (smawg tile index + 1)``, in smawg's
  tile order (left to right, top to bottom);
* ``borders`` lists each adjacent pair once as ``[ra, rb]`` with index a < b,
  sorted by (a, b);
* points where another source disagrees with smawg are kept as plain-English
  strings in ``notes``; the data itself keeps smawg's values.

Facts (terrain, symbols, Lost Tribes, edge flag, borders, turns) come from
Expurple/smawg (GPL-3.0-or-later); the approximate region positions come from
the sources named in the reference README (see ``POSITION_SOURCES``). No code
or image from any source is copied; only facts and derived numbers are used.

If the reference folder also holds the unmodified smawg assets
(``smawg/standard_N_players.json``) the script cross-checks every fact against
them and refuses to write anything on a mismatch.

Usage (from anywhere)::

    python scripts/author_boards.py [path/to/boards.json]

The script is deterministic and re-runnable: it overwrites the four files.
"""

from __future__ import annotations

import json
import re
import sys
from collections import deque
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "swcore" / "data" / "boards"

BOARDS = {2: "base-2p", 3: "base-3p", 4: "base-4p", 5: "base-5p"}
TERRAINS = ("farmland", "forest", "hill", "swamp", "mountain", "sea", "lake")
SYMBOLS = ("mine", "cavern", "magic")

SMAWG_CREDIT = (
    "Game facts (terrain, symbols, Lost Tribes, edge flags, borders, turns) from "
    "Expurple/smawg, smawg/assets/standard_{n}_players.json (GPL-3.0-or-later)."
)
POSITION_SOURCES = {
    2: (
        "ProperNovice/SmallWorld src/maps/MapVanilla2.java (commit 6dbdd5f): the "
        "coordinates(x, y) of each region on its 2030x1318 px board image, scaled by "
        "1000/2030 (repository without a licence file)"
    ),
    3: (
        "cestpasphoto/cestpasphoto.github.io smallworld/constants_3pl.js (commit 5432ee2): "
        "centroid or pole of inaccessibility of each schematic polygon, scaled by 1000/140 "
        "(repository without a licence file), cross-checked against "
        "cestpasphoto/alpha-zero-general SmallworldMaps_3pl.py (MIT)"
    ),
    4: (
        "cestpasphoto/cestpasphoto.github.io smallworld/constants_4pl.js (commit 5432ee2): "
        "centroid or pole of inaccessibility of each schematic polygon, scaled by 1000/140 "
        "(repository without a licence file), cross-checked against "
        "cestpasphoto/alpha-zero-general SmallworldMaps_4pl.py (MIT)"
    ),
    5: (
        "ToyWalrus/Smallworld-2 InkscapeMap.svg (commit cef50c0): centroid or pole of "
        "inaccessibility of each hand-traced polygon, scaled by 1000/388.5 "
        "(repository without a licence file)"
    ),
}

# smawg's spelling -> ours (only for the optional cross-check)
SMAWG_SYMBOLS = {"Mine": "mine", "Cavern": "cavern", "Magic Source": "magic"}


def fail(message: str) -> None:
    sys.exit(f"author_boards.py: error: {message}")


def rid(index: int) -> str:
    """Region id of smawg tile ``index`` (0-based)."""
    return f"r{index + 1}"


def to_ids(text: str) -> str:
    """Rewrite the bare 0-based smawg indices of a reference note as region ids.

    ``"13-19"`` becomes ``"r14-r20"`` and ``"region 12 and the lake (20)"`` becomes
    ``"region r13 and the lake (r21)"``. Digits inside words (``path227``) are kept.
    """
    return re.sub(r"(?<![\w.])(\d+)(?![\w.])", lambda m: rid(int(m.group(1))), text)


def credits_for(n: int) -> str:
    return (
        SMAWG_CREDIT.format(n=n)
        + " Approximate region positions (centre, extra_seeds) derived from "
        + POSITION_SOURCES[n]
        + ". Only facts and derived numbers are used; no code or image was copied."
    )


def note_for(dispute: dict) -> str:
    """Turn a ``disputed`` entry of the reference into a plain-English note."""
    kept = dispute.get("kept", "smawg")
    if dispute["kind"] == "terrain":
        r = dispute["region"]
        return (
            f"Region {rid(r)} is {dispute['smawg']} in smawg but {dispute['other']} in "
            f"{dispute['other_source']}; this file keeps the {kept} value ({dispute['smawg']})."
        )
    if dispute["kind"] == "border":
        a, b = sorted(dispute["pair"])
        present = "has" if dispute["smawg"] else "lacks"
        other = "has" if dispute["other"] else "lacks"
        source, _, detail = to_ids(dispute["other_source"]).partition(": ")
        text = f"Border {rid(a)}-{rid(b)} is disputed: smawg {present} it but {source} {other} it"
        if detail:
            text += f" ({detail})"
        if dispute.get("note"):
            text += f"; {to_ids(dispute['note'])}"
        return text + f". This file keeps the {kept} value; check against a physical board."
    return f"Disputed ({dispute['kind']}): {json.dumps(dispute, sort_keys=True)}; kept {kept}."


def connected(n_regions: int, borders: list[list[int]]) -> bool:
    adj: dict[int, set[int]] = {i: set() for i in range(n_regions)}
    for a, b in borders:
        adj[a].add(b)
        adj[b].add(a)
    seen = {0}
    todo = deque([0])
    while todo:
        for nb in adj[todo.popleft()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == n_regions


def check_reference_board(key: str, board: dict) -> None:
    """Sanity checks on one reference board; exits with a message on failure."""
    regions = board["regions"]
    n = len(regions)
    w, h = board["width"], board["height"]
    for i, reg in enumerate(regions):
        where = f"{key} region index {i}"
        if reg["index"] != i:
            fail(f"{where}: regions are not in smawg order (index {reg['index']})")
        if reg["terrain"] not in TERRAINS:
            fail(f"{where}: unknown terrain {reg['terrain']!r}")
        if not set(reg["symbols"]) <= set(SYMBOLS):
            fail(f"{where}: unknown symbols {reg['symbols']!r}")
        for x, y in [reg["centre"], *reg["extra_seeds"]]:
            if not (0 <= x <= w and 0 <= y <= h):
                fail(f"{where}: point ({x}, {y}) outside the {w}x{h} frame")
    pairs = [tuple(p) for p in board["borders"]]
    if len(set(pairs)) != len(pairs):
        fail(f"{key}: duplicate borders")
    for a, b in pairs:
        if not (0 <= a < b < n):
            fail(f"{key}: bad border {[a, b]}")
    from_neighbours = {(i, j) for i, reg in enumerate(regions) for j in reg["neighbours"] if i < j}
    back = {(j, i) for i, reg in enumerate(regions) for j in reg["neighbours"] if i > j}
    if from_neighbours != set(pairs) or back != set(pairs):
        fail(f"{key}: borders and neighbour lists disagree")
    if not connected(n, board["borders"]):
        fail(f"{key}: the border graph is not connected")


def cross_check_smawg(key: str, n_players: int, board: dict, smawg_dir: Path) -> bool:
    """Compare the facts with smawg's own asset file, if present. Returns True if checked."""
    path = smawg_dir / f"standard_{n_players}_players.json"
    if not path.is_file():
        return False
    smawg = json.loads(path.read_text(encoding="utf-8"))
    tiles = smawg["map"]["tiles"]
    if len(tiles) != len(board["regions"]):
        fail(f"{key}: {len(tiles)} tiles in {path}, {len(board['regions'])} in boards.json")
    for i, (tile, reg) in enumerate(zip(tiles, board["regions"], strict=True)):
        syms = tile.get("symbols", [])
        facts = (
            tile["terrain"].lower(),
            sorted(SMAWG_SYMBOLS[s] for s in syms if s in SMAWG_SYMBOLS),
            "Lost Tribe" in syms,
            bool(tile.get("is_at_map_border", False)),  # smawg default: False
        )
        ours = (reg["terrain"], sorted(reg["symbols"]), reg["lost_tribe"], reg["edge"])
        if facts != ours:
            fail(f"{key} region index {i}: boards.json {ours} != smawg {facts}")
    if sorted(sorted(p) for p in smawg["map"]["tile_borders"]) != sorted(board["borders"]):
        fail(f"{key}: borders differ from smawg's tile_borders")
    if smawg["n_turns"] != board["turns"]:
        fail(f"{key}: turns {board['turns']} != smawg n_turns {smawg['n_turns']}")
    return True


def author(key: str, n_players: int, board: dict) -> dict:
    regions = {}
    for reg in board["regions"]:
        regions[rid(reg["index"])] = {
            "terrain": reg["terrain"],
            "symbols": [s for s in SYMBOLS if s in reg["symbols"]],
            "edge": bool(reg["edge"]),
            "lost_tribe": bool(reg["lost_tribe"]),
            "centre": [round(float(c), 1) for c in reg["centre"]],
            "extra_seeds": [[round(float(c), 1) for c in p] for p in reg["extra_seeds"]],
        }
    borders = [[rid(a), rid(b)] for a, b in sorted(tuple(sorted(p)) for p in board["borders"])]
    out = {
        "id": key,
        "name": f"Small World, {n_players}-player board",
        "players": n_players,
        "turns": int(board["turns"]),
        "frame": [float(board["width"]), float(board["height"])],
        "credits": credits_for(n_players),
        "regions": regions,
        "borders": borders,
    }
    notes = [note_for(d) for d in board.get("disputed", [])]
    if notes:
        out["notes"] = notes
    return out


def dump(board: dict) -> str:
    """Serialise a board as readable JSON: one line per region and per border."""

    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["{"]
    items = list(board.items())
    for k, (key, value) in enumerate(items):
        comma = "," if k < len(items) - 1 else ""
        if key == "regions":
            lines.append('  "regions": {')
            regs = list(value.items())
            for j, (name, reg) in enumerate(regs):
                sep = "," if j < len(regs) - 1 else ""
                lines.append(f"    {one(name)}: {one(reg)}{sep}")
            lines.append(f"  }}{comma}")
        elif key in ("borders", "notes"):
            lines.append(f"  {one(key)}: [")
            for j, item in enumerate(value):
                sep = "," if j < len(value) - 1 else ""
                lines.append(f"    {one(item)}{sep}")
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {one(key)}: {one(value)}{comma}")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == board
    return text


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.exit("usage: python scripts/author_boards.py PATH/TO/boards.json")
    reference = Path(argv[0])
    if not reference.is_file():
        fail(f"reference file not found: {reference}\n"
             "Pass the path of the research boards.json (not part of the repository).")
    try:
        data = json.loads(reference.read_text(encoding="utf-8"))
        boards = data["boards"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        fail(f"{reference} is not a boards reference file ({exc})")

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for n_players, key in BOARDS.items():
        if key not in boards:
            fail(f"{reference} has no board {key!r}")
        board = boards[key]
        if board.get("n_players") != n_players:
            fail(f"{key}: n_players is {board.get('n_players')}, expected {n_players}")
        check_reference_board(key, board)
        checked = cross_check_smawg(key, n_players, board, reference.parent / "smawg")
        out = author(key, n_players, board)
        path = OUT_DIR / f"{key}.json"
        path.write_text(dump(out), encoding="utf-8")
        print(
            f"wrote {path.relative_to(REPO_ROOT)}: {len(out['regions'])} regions, "
            f"{len(out['borders'])} borders, {len(out.get('notes', []))} notes"
            + (" (facts cross-checked against smawg)" if checked else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
