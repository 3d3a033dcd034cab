"""Reading an inline map (FORMAT.md "Inline map" and its v2 additions) into Board fields.

Maps come from people, scenario files, saves and database rows, so every value is checked and
bounded here, and every error is an InputError naming its field: a bad map never crashes the
engine and never holds it for long.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .catalogue import CATALOGUE
from .errors import InputError
from .terrains import SYMBOL, TERRAIN

MAX_REGIONS = 1000
MAX_BORDERS = 20_000
MAX_ID = 100
MAX_TEXT = 20_000
MAX_SETS = 200
MAX_NEUTRAL = 50
MAX_TURNS = 100
MAX_PLAYERS = 6
#: Drawn outlines (`polygons`, drawing only): bounds that keep a hostile file small to handle.
MAX_POLYGONS = 20
MAX_RING = 5000
MAX_POINTS = 200_000
#: Neutral occupants a map may place (`neutral`): the catalogue's (kind `tribe`) and those a
#: symbol holds at set-up (symbols.csv `holds`), by id.
NEUTRAL_KINDS = tuple(sorted({e.id for e in CATALOGUE.values() if e.kind == "tribe"}
                             | {k for s in SYMBOL.values() for k in s.holds}))
LEVELS = ("surface", "underground")
ENTRY_VALUES = (True, False, "surface", "underground")
#: Region keys of FORMAT.md (v1, v2) and of the built-in board files (drawing aids, ignored).
REGION_KEYS = {"terrain", "symbols", "edge", "lost_tribe", "centre", "neutral", "level", "peak",
               "crop", "entry", "extra_seeds", "polygons", "name"}
MAP_KEYS = {"regions", "borders", "tunnels", "sets", "id", "name", "players", "turns", "frame",
            "credits", "notes", "confidence", "uncertain_borders"}
#: How sure a board's transcription is (`confidence`; empty: the file does not say).
CONFIDENCE = ("high", "medium", "low")
_ID = re.compile(r"[a-z][a-z0-9_]*\Z")


def _rid(key: Any, where: str) -> str:
    if isinstance(key, bool) or not isinstance(key, str | int):
        raise InputError(where, f"a region id is a string, not {type(key).__name__}")
    rid = str(key)
    if not rid or len(rid) > MAX_ID:
        raise InputError(where, f"a region id has 1 to {MAX_ID} characters")
    return rid


def _flag(spec: dict[str, Any], key: str, where: str) -> bool:
    v = spec.get(key, False)
    if not isinstance(v, bool):
        raise InputError(f"{where}.{key}", "must be true or false")
    return v


def _whole(v: Any, where: str, low: int, high: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise InputError(where, f"must be a whole number from {low} to {high}")
    return v


def _text(v: Any, where: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(v, str) or len(v) > limit:
        raise InputError(where, f"must be text of at most {limit} characters")
    return v


def _point(v: Any, where: str) -> tuple[float, float] | None:
    if v is None:
        return None
    if (not isinstance(v, list | tuple) or len(v) != 2
            or not all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
                       for x in v)):
        raise InputError(where, "must be [x, y]")
    return float(v[0]), float(v[1])


def _known_keys(data: Any, keys: Any, where: str, what: str) -> None:
    """A mapping whose keys are all among `keys`, or InputError naming `where`."""
    if not isinstance(data, dict):
        raise InputError(where, what)
    unknown = [str(k) for k in data if k not in keys]
    if unknown:
        raise InputError(where, f"unknown key(s) {sorted(unknown)[:10]}")


def _region(rid: str, spec: Any, where: str) -> dict[str, Any]:
    """One region's fields, checked."""
    _known_keys(spec, REGION_KEYS, where, "must be a mapping with at least a terrain")
    t = spec.get("terrain")
    if not isinstance(t, str) or t not in TERRAIN:
        shown = t if isinstance(t, str) and len(t) <= MAX_ID else type(t).__name__
        raise InputError(f"{where}.terrain", f"{shown!r} is not a terrain; known: {', '.join(TERRAIN)}")
    kind = TERRAIN[t].kind
    syms = spec.get("symbols") or []
    if not isinstance(syms, list) or len(syms) > 20 or any(
            not isinstance(s, str) or s not in SYMBOL for s in syms):
        raise InputError(f"{where}.symbols", f"must be a list of {', '.join(SYMBOL)}")
    for s in syms:
        if SYMBOL[s].on and kind not in SYMBOL[s].on:
            raise InputError(f"{where}.symbols", f"{s!r} stands only on a region of kind "
                                                 f"{' or '.join(sorted(SYMBOL[s].on))}, not {kind}")
    edge, lost, peak = (_flag(spec, k, where) for k in ("edge", "lost_tribe", "peak"))
    if lost and kind != "land":
        raise InputError(f"{where}.lost_tribe", f"a {kind} region cannot hold a Lost Tribe")
    if peak and "mountain" not in TERRAIN[t].tags:
        raise InputError(f"{where}.peak", "a Peak stands on a mountain (A-REALMS-01)")
    neutral = spec.get("neutral")
    if neutral is not None:
        if not isinstance(neutral, dict) or any(k not in NEUTRAL_KINDS for k in neutral):
            raise InputError(f"{where}.neutral", f"must be a mapping {{kind: count}} of kinds "
                                                 f"{', '.join(NEUTRAL_KINDS)}")
        neutral = {k: _whole(v, f"{where}.neutral.{k}", 0, MAX_NEUTRAL) for k, v in neutral.items()}
        if kind == "chasm" and any(neutral.values()):
            raise InputError(f"{where}.neutral", "nothing stands in a chasm (U-CHASM-1)")
    level = spec.get("level", "surface")
    if level not in LEVELS:
        raise InputError(f"{where}.level", f"must be one of {', '.join(LEVELS)}")
    crop = spec.get("crop")
    if crop is not None and (not isinstance(crop, str) or len(crop) > 40 or not _ID.match(crop)):
        raise InputError(f"{where}.crop", "must be a power id")
    entry = spec.get("entry")
    if entry is not None and not any(entry is v or (isinstance(v, str) and entry == v)
                                     for v in ENTRY_VALUES):
        raise InputError(f"{where}.entry", "must be true, false, surface or underground")
    name = _text(spec["name"], f"{where}.name", 200) if "name" in spec else None
    return {"id": rid, "name": name or None,
            "outline": _polygons(spec.get("polygons"), f"{where}.polygons"),
            "terrain": t, "symbols": frozenset(syms), "edge": edge, "lost_tribe": lost,
            "centre": _point(spec.get("centre"), f"{where}.centre"), "neutral": neutral,
            "level": level, "peak": peak, "crop": crop, "entry_rule": entry}


def _polygons(raw: Any, where: str) -> list | None:
    """A region's outline: a list of polygons, each a list of rings (the first the outer one)
    of at least three [x, y] points in frame units, as the geometry files hold them."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_POLYGONS:
        raise InputError(where, f"must be a list of 1 to {MAX_POLYGONS} polygons")
    out = []
    for k, poly in enumerate(raw):
        if not isinstance(poly, list) or not 0 < len(poly) <= MAX_POLYGONS:
            raise InputError(f"{where}[{k}]", "a polygon is a list of rings of [x, y] points")
        rings = []
        for j, ring in enumerate(poly):
            if not isinstance(ring, list) or not 3 <= len(ring) <= MAX_RING:
                raise InputError(f"{where}[{k}][{j}]", f"a ring has 3 to {MAX_RING} points")
            rings.append([list(_point(p, f"{where}[{k}][{j}]")) for p in ring])
        out.append(rings)
    return out


def _pairs(raw: Any, where: str, index: dict[str, int]) -> list[tuple[int, int]]:
    if not isinstance(raw, list):
        raise InputError(where, "must be a list of [region, region] pairs")
    if len(raw) > MAX_BORDERS:
        raise InputError(where, f"at most {MAX_BORDERS} pairs")
    pairs: set[tuple[int, int]] = set()
    for k, pair in enumerate(raw):
        at = f"{where}[{k}]"
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise InputError(at, "must be a pair [region, region]")
        a, b = (index.get(_rid(x, at)) for x in pair)
        if a is None or b is None:
            raise InputError(at, f"names a region that is not in the map: {[str(x) for x in pair]}")
        if a == b:
            raise InputError(at, "a region cannot border itself")
        pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


def parse_map(data: Any, board_id: str, field_name: str) -> dict[str, Any]:
    """The keyword arguments of Board for an inline map; InputError names the faulty field."""
    _known_keys(data, MAP_KEYS, field_name, "must be a board id or a mapping with regions and borders")
    regions = data.get("regions")
    if not isinstance(regions, dict) or not regions:
        raise InputError(f"{field_name}.regions", "must be a non-empty mapping of region ids")
    if len(regions) > MAX_REGIONS:
        raise InputError(f"{field_name}.regions", f"at most {MAX_REGIONS} regions")
    rows: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    for key, spec in regions.items():
        rid = _rid(key, f"{field_name}.regions")
        where = f"{field_name}.regions.{rid}"
        if rid in index:
            raise InputError(where, "duplicate region id")
        index[rid] = len(rows)
        rows.append(_region(rid, spec, where))
    if sum(len(ring) for r in rows for poly in r["outline"] or () for ring in poly) > MAX_POINTS:
        raise InputError(f"{field_name}.regions", f"outlines of at most {MAX_POINTS} points in all")
    borders = _pairs(data.get("borders", []), f"{field_name}.borders", index)
    tunnels = _pairs(data.get("tunnels", []), f"{field_name}.tunnels", index)
    chasms = {i for i, r in enumerate(rows) if TERRAIN[r["terrain"]].kind == "chasm"}
    shared = set(borders)
    for k, (a, b) in enumerate(tunnels):
        if (a, b) in shared:
            raise InputError(f"{field_name}.tunnels[{k}]", "these regions already share a border")
        if a in chasms or b in chasms:
            raise InputError(f"{field_name}.tunnels[{k}]", "a tunnel cannot lead to a chasm")
    sets = _sets(data.get("sets", {}), f"{field_name}.sets", index)
    uncertain = _pairs(data.get("uncertain_borders", []), f"{field_name}.uncertain_borders", index)
    confidence = data.get("confidence", "")
    if confidence not in ("", *CONFIDENCE):
        raise InputError(f"{field_name}.confidence", f"must be one of {', '.join(CONFIDENCE)}")
    frame = data.get("frame", (1000.0, 1000.0))
    if (_point(frame, f"{field_name}.frame") is None
            or not all(x > 0 for x in frame)):
        raise InputError(f"{field_name}.frame", "must be [width, height]")
    notes = data.get("notes", [])
    if not isinstance(notes, list) or len(notes) > 100:
        raise InputError(f"{field_name}.notes", "must be a list of strings")
    notes = [_text(x, f"{field_name}.notes[{k}]") for k, x in enumerate(notes)]
    players, turns = data.get("players"), data.get("turns")
    if players is not None:
        _whole(players, f"{field_name}.players", 1, MAX_PLAYERS)
    if turns is not None:
        _whole(turns, f"{field_name}.turns", 1, MAX_TURNS)
    bid = data.get("id", board_id)
    return {
        "id": _text(bid, f"{field_name}.id", MAX_ID) if not isinstance(bid, int) else str(bid),
        "ids": [r["id"] for r in rows],
        "terrain": [r["terrain"] for r in rows],
        "symbols": [r["symbols"] for r in rows],
        "edge": [r["edge"] for r in rows],
        "lost_tribe": [r["lost_tribe"] for r in rows],
        "borders": borders,
        "name": _text(data.get("name", ""), f"{field_name}.name", 200),
        "players": players,
        "turns": turns,
        "frame": (float(frame[0]), float(frame[1])),
        "centre": [r["centre"] for r in rows],
        "credits": _text(data.get("credits", ""), f"{field_name}.credits"),
        "notes": notes,
        "confidence": confidence,
        "uncertain": uncertain,
        "tunnels": tunnels,
        "sets": sets,
        "level": [r["level"] for r in rows],
        "peak": [r["peak"] for r in rows],
        "crop": [r["crop"] for r in rows],
        "entry_rule": [r["entry_rule"] for r in rows],
        "neutral": [r["neutral"] for r in rows],
        "outlines": [r["outline"] for r in rows],
        "labels": [r["name"] for r in rows],
    }


def _sets(raw: Any, where: str, index: dict[str, int]) -> dict[str, tuple[int, ...]]:
    """Named region sets: {name: [region, ...]} (Realms arrows, west edge, peaks, ...)."""
    if not isinstance(raw, dict) or len(raw) > MAX_SETS:
        raise InputError(where, f"must be a mapping {{name: [regions]}} of at most {MAX_SETS} sets")
    out: dict[str, tuple[int, ...]] = {}
    for name, members in raw.items():
        if not isinstance(name, str) or not 0 < len(name) <= 60:
            raise InputError(where, "a set's name is text of 1 to 60 characters")
        at = f"{where}.{name}"
        if not isinstance(members, list) or len(members) > MAX_REGIONS:
            raise InputError(at, "must be a list of regions")
        got: dict[int, None] = {}
        for k, x in enumerate(members):
            i = index.get(_rid(x, f"{at}[{k}]"))
            if i is None:
                raise InputError(f"{at}[{k}]", f"no region {str(x)!r} in the map")
            got[i] = None
        out[name] = tuple(got)
    return out

