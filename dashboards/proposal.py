"""What the engine would place by itself when a turn ends, shown as a proposal to confirm.

Why (issue 12, review H1): at the end of a turn the engine puts tokens still in hand, Heroes,
Encampments and the like down by its own defaults. If the app let it do so silently, its board
would drift from the cardboard. So before the turn-closing word is sent, the screen plays it on
a copy of the game and compares the board before and after (tokens and every marker count, per
region). Each placement word of the legal actions (a word that ends the conquests and has an
adjusted parameter: steppers or a choice of regions) whose own effect touches what changed is
proposed, seeded with what the engine would have done; the player confirms or adjusts it and the
screen sends it first, explicitly, then the closing word. Nothing here names a word: it is all
read from `swcore.words.WORDS` and the game's snapshot.

Corrections (`correction_word`): a word anyone may enter on a region that `legal_actions()` does
not list (the engine checks it like any other) lets the table set a region to what lies there.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from swcore import Action, Game
from swcore.errors import SwError
from swcore.words import WORDS, Kind, Word

from .inputs import Group, adjusted, with_args

#: Region fields that are not counts of pieces.
NOT_COUNTS = ("race", "owner")
#: How many options of a word are tried to learn which region counts it changes.
PROBES = 3


def board(game: Game) -> dict[str, dict[str, int]]:
    """Every region's piece counts: tokens and each marker kind lying there."""
    return {rid: {k: v for k, v in r.items() if k not in NOT_COUNTS and isinstance(v, int)}
            for rid, r in game.snapshot()["regions"].items()}


def changes(before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> set[tuple[str, str]]:
    """(region, count) pairs that differ between two boards."""
    out = set()
    for rid in before.keys() | after.keys():
        b, a = before.get(rid, {}), after.get(rid, {})
        out |= {(rid, k) for k in b.keys() | a.keys() if b.get(k, 0) != a.get(k, 0)}
    return out


def played(game: Game, actions: list[Action]) -> Game | None:
    """A copy of the game with `actions` applied (None when the engine refuses one)."""
    sim = copy.deepcopy(game)
    try:
        for a in actions:
            sim.apply(a)
    except SwError:
        return None
    return sim


def fields_of(game: Game, grp: Group, before: dict[str, dict[str, int]]) -> set[str]:
    """Which counts a word changes on the board (tokens, one marker kind), learnt by playing a
    few of its legal options on copies."""
    found: set[str] = set()
    for a in grp.actions[:PROBES]:
        sim = played(game, [a])
        if sim is not None:
            found |= {k for _, k in changes(before, board(sim))}
    return found


def placement_word(word: Word) -> bool:
    """A word that places pieces at the end of the conquests (steppers or a choice of regions)."""
    return word.ends_conquests and adjusted(word) is not None


@dataclass
class Proposal:
    """One word to confirm before the turn ends: its group and the engine's default for it."""

    group: Group
    seed: Action
    field: str


def proposals(game: Game, groups: dict[tuple, Group], closing: Action) -> list[Proposal]:
    """The placements the engine would make by itself if `closing` were sent now, in the
    engine's order; empty when nothing on the board would move."""
    before = board(game)
    sim = played(game, [closing])
    if sim is None:
        return []
    after = board(sim)
    moved = changes(before, after)
    if not moved:
        return []
    out: list[Proposal] = []
    taken: set[str] = set()
    for grp in groups.values():
        word = grp.word
        if grp.first.by != closing.by or not placement_word(word):
            continue
        touched = (fields_of(game, grp, before) & {k for _, k in moved}) - taken
        if not touched:
            continue
        field = sorted(touched)[0]
        taken.add(field)
        key = adjusted(word) or ""
        regions = option_regions(game, grp)
        if word.params[key].kind is Kind.PLACEMENT:
            value: Any = tuple((rid, after[rid].get(field, 0)) for rid in regions
                               if after.get(rid, {}).get(field, 0))
        else:
            value = tuple(rid for rid in regions if after.get(rid, {}).get(field, 0))
        seed = with_args(grp.first, **{key: value})
        out.append(Proposal(grp, seed if game.why_illegal(seed) is None else grp.first, field))
    return out


def option_regions(game: Game, grp: Group) -> list[str]:
    """Regions named by a group's options, and those of the acting army, in board order."""
    key = adjusted(grp.word) or ""
    rids: set[str] = set()
    for a in grp.actions:
        value = a.args.get(key, ())
        rids |= {r if isinstance(r, str) else r[0] for r in value}
    army = game.army_of(grp.first.by, grp.first.race) if grp.first.by in game.players else None
    if army is not None:
        rids |= {game.board.ids[i] for i in game.regions_of(army.race)}
    return sorted(rids, key=game.board.region)


def correction_word(legal: list[Action]) -> Word | None:
    """A word anyone may enter on a region that the legal actions do not list (a table
    correction): it takes a region and a count."""
    listed = {a.do for a in legal}
    for word in WORDS.values():
        kinds = {p.kind for p in word.params.values()}
        if (word.anyone and word.place == "region" and word.id not in listed
                and kinds == {Kind.REGION, Kind.COUNT}):
            return word
    return None


def correction(word: Word, by: str, region: str, count: int) -> Action:
    """The correction of `region` to `count` tokens, entered by `by`."""
    args = {}
    for k, p in word.params.items():
        args[k] = region if p.kind is Kind.REGION else count
    return Action(by, word.id, **args)
