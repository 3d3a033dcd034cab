"""The inline maps shared by test_races.py and test_races_more.py."""

from __future__ import annotations

from gamehelpers import region

# a - b - c - d - e in a row; a and e on the edge.
LINE = {
    "regions": {"a": region("farmland", edge=True), "b": region("forest"), "c": region("hill"),
                "d": region("swamp"), "e": region("farmland", edge=True)},
    "borders": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"]],
}
# A ring a - b - c - d - e - f - a; a, d and f on the edge; a Lost Tribe in c.
RING = {
    "regions": {"a": region("farmland", edge=True), "b": region("forest"),
                "c": region("hill", lost_tribe=True),
                "d": region("swamp", edge=True), "e": region("hill"),
                "f": region("farmland", edge=True)},
    "borders": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"], ["f", "a"]],
}

