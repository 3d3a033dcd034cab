"""A game's film: every position of a saved game, read-only, reachable in a few actions.

Why: a table settles "what did Bob hold in round 4?" without touching the live game, and a
tutorial or a notebook steps through a stored game. The film replays the log once, keeps what
each action did (its events, the turn it belonged to) and a copy of the whole position every
`EVERY` actions; position k is then the nearest copy at or before k plus at most `EVERY - 1`
actions, so stepping anywhere in a long game costs a handful of actions, never a replay from
the start (BENCHMARKS.md). Positions are plain data (`Game.snapshot`, `Game.track`,
`Game.last_score`): exactly what replaying the first k actions gives (tests/test_film.py).

A film's file is the engine's save format (`Game.to_json`, docs/engine.md "Saved games") with
an optional `film` mapping (table name, date, who exported it): a game played with modules or
on a user's board carries them in its set-up, so the film shows them too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .events import Event
from .game import Game
from .i18n import event_text

#: A copy of the position every EVERY actions (about 0.2 ms to copy a 5-player position;
#: an action costs about 0.05 ms, so a step anywhere costs at most a copy and EVERY - 1 actions).
EVERY = 8


@dataclass(frozen=True)
class Step:
    """What one action of the log did: who, the word, the engine's sentences, and where it
    stands (the round and the seat whose turn it was when it was taken)."""

    index: int  # 1-based: position `index` is the game after this action
    by: str
    do: str
    action: dict[str, Any]
    events: tuple[Event, ...]
    turn: int
    current: str

    def texts(self, lang: str = "en", players: tuple[str, ...] = ()) -> list[str]:
        """What the action did, in the engine's sentences, in `lang`."""
        return [event_text(ev, lang, players) for ev in self.events]


@dataclass
class Film:
    """The positions 0..len(log) of a game (0 is the set-up, k the game after k actions)."""

    save: dict[str, Any]
    steps: list[Step] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    _frames: list[Game] = field(default_factory=list, repr=False)

    @classmethod
    def of(cls, game: Game | dict[str, Any] | str) -> Film:
        """The film of a game, a saved game (its dict) or a film file's text."""
        if isinstance(game, str):
            game = load_record(game)
        save = game.to_dict() if isinstance(game, Game) else dict(game)
        meta = dict(save.get("film") or {})
        film = cls(save, meta=meta)
        film._record()
        return film

    def _record(self) -> None:
        bare = {k: v for k, v in self.save.items() if k not in ("state", "film")}
        live = Game.from_dict({**bare, "log": [], "redo": []})
        self._frames = [live.copy()]
        for k, entry in enumerate(self.save.get("log", []), 1):
            turn, current = live.turn, live.current
            events = live.apply(entry)
            self.steps.append(Step(k, entry.get("by", ""), entry.get("do", ""), dict(entry),
                                   tuple(events), turn, current))
            if k % EVERY == 0:
                self._frames.append(live.copy())

    # --- positions -----------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of actions (positions are 0..len)."""
        return len(self.steps)

    def game_at(self, k: int) -> Game:
        """A game standing at position k (a fresh object: changing it changes no film)."""
        k = max(0, min(int(k), len(self.steps)))
        game = self._frames[k // EVERY].copy()
        for step in self.steps[(k // EVERY) * EVERY:k]:
            game.apply(step.action)
        return game

    def position(self, k: int) -> dict[str, Any]:
        """Position k as plain data: the snapshot, the coins after every end of turn so far
        and each player's last score breakdown."""
        game = self.game_at(k)
        snap = game.snapshot()
        snap["track"] = [list(t) for t in game.track]
        snap["last_score"] = dict(zip(game.players, game.last_score, strict=True))
        return snap

    # --- the turns ---------------------------------------------------------------------
    def turns(self) -> list[tuple[int, str, int]]:
        """(round, player, first position) of every turn played: the slider's stops. A turn
        starts at the position before its first action."""
        out: list[tuple[int, str, int]] = []
        for s in self.steps:
            if not out or (out[-1][0], out[-1][1]) != (s.turn, s.current):
                out.append((s.turn, s.current, s.index - 1))
        return out

    def turn_of(self, k: int) -> int:
        """The index in `turns()` of the turn position k belongs to."""
        turns = self.turns()
        return max((n for n, t in enumerate(turns) if t[2] <= k), default=0)

    @property
    def players(self) -> list[str]:
        return list(self.save["setup"]["players"])

    def record(self, **meta: Any) -> str:
        """The film's file: the save with its `film` mapping (see `load_record`)."""
        return dump_record(self.save, {**self.meta, **meta})


def dump_record(save: dict[str, Any], meta: dict[str, Any] | None = None) -> str:
    """One file holding a whole game: the engine's save plus the film's own data."""
    out = {k: v for k, v in save.items() if k != "film"}
    if meta:
        out["film"] = {k: v for k, v in meta.items() if isinstance(v, str | int | float)}
    return json.dumps(out, ensure_ascii=False, indent=1)


def load_record(text: str | bytes) -> dict[str, Any]:
    """A film file's save (checked by replaying it: `Game.from_json` refuses an edited one)
    with its `film` mapping."""
    game = Game.from_json(text)
    data = json.loads(text)
    save = game.to_dict()
    meta = data.get("film") if isinstance(data.get("film"), dict) else {}
    save["film"] = {k: v for k, v in meta.items() if isinstance(v, str | int | float)}
    return save
