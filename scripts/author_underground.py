#!/usr/bin/env python3
"""Author the project's data files for the four official Small World Underground boards.

Reads the research files ``underground-{2,3,4,5}p.json`` (kept outside the repository; their
folder is the one argument) and writes
``swcore/data/boards/underground-{2,3,4,5}p.json`` in the project's board format
(``swcore/data/boards/README.md``, ``docs/boards.md``):

* region ids are ``r1``..``rN``. The 3-, 4- and 5-player reference ids count from 1
  (``U4-03`` is ``r3``); the 2-player ones count from 0 as their primary source does
  (``U2-00`` is ``r1``, ``U2-27`` is ``r28``), the way the base boards' ids are smawg's
  0-based tile index plus one;
* ``centre`` is the reference's approximate position (fractions of the source image)
  scaled to the frame: width 1000, height from the source image's aspect (``FRAMES``);
* a river end (the reference's ``river_end`` feature) is a river region with ``edge``
  true, which the board format reads as an entry region (U-EDGE-1); the reference sets
  ``edge`` on chasms too, which the engine never reads as an entry (a chasm is never
  entered);
* ``extra_seeds`` are searched by ``scripts/fit_seeds.py`` so that the Voronoi drawing of
  the positions shows the borders (the reference gives one position per region);
* ``confidence`` and ``uncertain_borders`` say how sure the transcription is, and the
  reference's notes are kept in ``notes`` with their region ids rewritten as ours.

Only facts (terrain, symbols, edge, borders, turns, approximate positions) are taken, each
credited to its source in ``credits``; no image or code of any source is copied. The script
checks what it reads (terrains, symbols, borders against the neighbour lists, river ends)
and refuses to write anything on a mismatch. It is deterministic and re-runnable (it needs
scipy and shapely, dev dependencies, for the seeds); then run
``python scripts/build_geometry.py underground-2p underground-3p underground-4p
underground-5p`` to redraw the outlines.

Usage::

    python scripts/author_underground.py [path/to/reference/folder]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from author_boards import OUT_DIR, REPO_ROOT, dump, fail  # noqa: E402  (one way to write a board)
from fit_seeds import fit  # noqa: E402

PLAYERS = (2, 3, 4, 5)
TERRAINS = ("mine", "mudpool", "mushroom_forest", "mystic_crystals", "black_mountain", "river",
            "chasm")
SYMBOLS = ("monster", "volcano")
#: Frame [width, height]: width 1000, height from the source image's aspect. The 3-player scan
#: is 1457x784 px, the 4-player photo 1000x1000, the 5-player image 1024x684. The reference
#: does not record the 2-player image's size: its board is the other side of the 3-player
#: board's sheet, so the frame takes the 3-player scan's aspect (the drawing is approximate).
FRAMES = {2: (1000.0, 538.1), 3: (1000.0, 538.1), 4: (1000.0, 1000.0), 5: (1000.0, 668.0)}
#: The reference's confidence words -> the board format's (`high`, `medium`, `low`).
CONFIDENCE = {"high": "high", "medium": "medium", "low (draft)": "low"}
NAME = "Small World Underground, {n}-player board"


def rid(ref_id: str, n: int) -> str:
    """Our region id of a reference id (`U4-03` -> `r3`; 2 players: `U2-00` -> `r1`)."""
    m = re.fullmatch(rf"U{n}-(\d\d)", ref_id)
    if m is None:
        fail(f"underground-{n}p: unexpected region id {ref_id!r}")
    return f"r{int(m.group(1)) + (1 if n == 2 else 0)}"


def to_ids(text: str, n: int) -> str:
    """A reference note with its region ids (`U4-03`) written as ours. The 4- and 5-player
    notes also name regions by bare number ("40", "53/55"), which are ours as they stand."""
    return re.sub(rf"U{n}-\d\d", lambda m: rid(m.group(0), n), text)


def check(n: int, ref: dict) -> None:
    """The reference is what this script expects; exits with a message otherwise."""
    key = f"underground-{n}p"
    if ref.get("players") != n or ref.get("confidence") not in CONFIDENCE:
        fail(f"{key}: players {ref.get('players')!r}, confidence {ref.get('confidence')!r}")
    ids = [r["id"] for r in ref["regions"]]
    if len(set(ids)) != len(ids):
        fail(f"{key}: duplicate region ids")
    for r in ref["regions"]:
        if r["terrain"] not in TERRAINS or not set(r["symbols"]) <= set(SYMBOLS):
            fail(f"{key} {r['id']}: terrain {r['terrain']!r}, symbols {r['symbols']!r}")
        if not set(r["features"]) <= {"river_end"}:
            fail(f"{key} {r['id']}: unknown features {r['features']!r}")
        end = "river_end" in r["features"]
        if r["terrain"] == "river" and end != r["edge"]:
            fail(f"{key} {r['id']}: a river is on the edge exactly when it is a river end")
        if end and r["terrain"] != "river":
            fail(f"{key} {r['id']}: a river end that is not a river")
        if not all(0.0 < v < 1.0 for v in r["pos"]):
            fail(f"{key} {r['id']}: position {r['pos']} outside the image")
    pairs = {tuple(sorted(p)) for p in ref["borders"]}
    listed = {tuple(sorted((r["id"], x))) for r in ref["regions"] for x in r["neighbours"]}
    if pairs != listed or len(pairs) != len(ref["borders"]):
        fail(f"{key}: borders and neighbour lists disagree (or a border is listed twice)")
    if not {tuple(sorted(p)) for p in ref["uncertain_borders"]} <= pairs:
        fail(f"{key}: an uncertain border that is not a border")


def credits_for(ref: dict) -> str:
    src = ref["source"]
    parts = [f"Facts (terrain, symbols, edge, borders, turns, approximate positions) of the "
             f"official board as transcribed by the project's board research, from: "
             f"{src['primary']}"]
    if src.get("secondary"):
        parts.append(f"Cross-checked against: {src['secondary']}")
    parts.append(f"Method: {src['method']}")
    parts.append(f"Licence: {src['licence']}")
    parts.append("Positions are the research's approximate region positions (fractions of the "
                 "source image) scaled to the frame. Only facts and derived numbers are used; no "
                 "code or image was copied.")
    return " ".join(p if p.endswith(".") else p + "." for p in parts)


def notes_for(n: int, ref: dict) -> list[str]:
    first = f"U{n}-00" if n == 2 else f"U{n}-01"
    counts = "it counts from 0, so " if n == 2 else ""
    notes = [f"Region ids: the research summary names the regions U{n}-NN; {counts}its {first} "
             f"is {rid(first, n)} here."]
    level = CONFIDENCE[ref["confidence"]]
    if level != "high":
        notes.append(f"Transcription confidence: {level}. Check each region's terrain and its "
                     f"borders on the physical board, the uncertain borders first.")
    notes += [to_ids(x, n) for x in ref.get("notes", [])]
    return notes


def author(n: int, ref: dict) -> dict:
    w, h = FRAMES[n]
    regions = {}
    for r in ref["regions"]:
        regions[rid(r["id"], n)] = {
            "terrain": r["terrain"],
            "symbols": [s for s in SYMBOLS if s in r["symbols"]],
            "edge": bool(r["edge"]),
            "centre": [round(r["pos"][0] * w, 1), round(r["pos"][1] * h, 1)],
            "extra_seeds": [],
        }
    order = {k: i for i, k in enumerate(regions)}

    def pairs(raw: list) -> list[list[str]]:
        got = {tuple(sorted((rid(a, n), rid(b, n)), key=order.__getitem__)) for a, b in raw}
        return [list(p) for p in sorted(got, key=lambda p: (order[p[0]], order[p[1]]))]

    return {
        "id": f"underground-{n}p",
        "name": NAME.format(n=n),
        "players": n,
        "turns": int(ref["turns"]),
        "frame": [w, h],
        "credits": credits_for(ref),
        "confidence": CONFIDENCE[ref["confidence"]],
        "regions": regions,
        "borders": pairs(ref["borders"]),
        "uncertain_borders": pairs(ref["uncertain_borders"]),
        "notes": notes_for(n, ref),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.exit("usage: python scripts/author_underground.py PATH/TO/reference/folder")
    folder = Path(argv[0])
    for n in PLAYERS:
        path = folder / f"underground-{n}p.json"
        if not path.is_file():
            fail(f"reference file not found: {path}")
        ref = json.loads(path.read_text(encoding="utf-8"))
        check(n, ref)
        out = fit(author(n, ref), log=lambda _text: None)  # extra seeds: the drawing's borders
        target = OUT_DIR / f"{out['id']}.json"
        target.write_text(dump(out), encoding="utf-8")
        print(f"wrote {target.relative_to(REPO_ROOT)}: {len(out['regions'])} regions, "
              f"{len(out['borders'])} borders ({len(out['uncertain_borders'])} uncertain), "
              f"confidence {out['confidence']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
