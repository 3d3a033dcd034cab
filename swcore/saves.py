"""Undo, redo, replay, saves and the position as plain data (snapshot, view).

A part of `Game` (a mixin): it reads and changes the position held on the game object."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .actions import Action
from .config import make_setup, module_keys
from .errors import InputError, SwError
from .markers import MARKER_KINDS

SAVE_FORMAT = "swcore-game"
SAVE_VERSION = 2
MAX_SAVE_BYTES = 20_000_000
#: Version 1 (before the rule modules) loads by replaying its log.
READABLE_VERSIONS = (1, 2)
#: The rules' revision a save was written under ("rules"; absent: 1). Raised whenever a rule
#: fix makes a logged game replay to another position (2: Leaders beside the other modules;
#: 3: Be Not Afraid beside the other modules: Barbarians and Pixies leaving rivers, Horde
#: tokens among those off the board, the Elves' Well, the Island's Encampments; issue 18;
#: 4: Underground's start-of-turn effects after the choice to decline, AU-64, issue 21), so
#: a save of an earlier revision still loads: its log is replayed and checked action by action
#: under today's rules, and its state hash, which the old rules computed, is not compared.
RULES_REVISION = 4

if TYPE_CHECKING:
    from .game import Game


class History:
    """Undo and redo by replaying the log (a `Game`, a `ScoreSheet`): needs `log`,
    `redo_stack`, `apply` and `_replay`."""

    def undo(self, steps: int = 1) -> int:
        """Take back the last `steps` actions (die rolls included); returns how many."""
        steps = max(0, min(steps, len(self.log)))
        if not steps:
            return 0
        keep, gone = self.log[:-steps], self.log[-steps:]
        redo = gone + self.redo_stack
        self._replay(keep)
        self.redo_stack = redo
        return steps

    def redo(self, steps: int = 1) -> int:
        """Play again actions taken back by `undo`, with the same die results."""
        done = 0
        while done < steps and self.redo_stack:
            entry = self.redo_stack[0]
            redo = self.redo_stack[1:]
            self._replaying = True  # an action accepted once (A-BNA-05's older saves)
            try:
                self.apply(entry)
            finally:
                self._replaying = False
            self.redo_stack = redo
            done += 1
        return done


class SavesMixin(History):
    def _replay(self, log: list[dict[str, Any]]) -> None:
        self.log = []
        self.redo_stack = []
        self._reset()
        self._replaying = True  # every entry was accepted once (A-BNA-05's older saves)
        try:
            for k, entry in enumerate(log):
                try:
                    self.apply(entry)
                except SwError as err:
                    raise InputError(f"log[{k}]", f"action {entry} cannot be replayed: {err}") from None
        finally:
            self._replaying = False

    def to_dict(self) -> dict[str, Any]:
        """The saved game: the set-up and every action with its die results (replayable)."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "rules": RULES_REVISION,
                "setup": self.setup, "log": list(self.log), "redo": list(self.redo_stack),
                "state": self.state_hash()}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InputError("format", f"not a saved game (expected format {SAVE_FORMAT!r})")
        version = data.get("version")
        if isinstance(version, bool) or version not in READABLE_VERSIONS:
            raise InputError("version", f"unsupported saved-game version {version!r}; this engine "
                                        f"reads {', '.join(map(str, READABLE_VERSIONS))}")
        setup = data.get("setup")
        if not isinstance(setup, dict):
            raise InputError("setup", "missing or not a mapping")
        s = make_setup(setup.get("map"), setup.get("players"), seed=setup.get("seed", 0),
                       races=setup.get("races"), powers=setup.get("powers"), dice=setup.get("dice"),
                       coins=setup.get("coins"), turns=setup.get("turns"), options=setup.get("options"),
                       stacks=setup.get("stacks", "shuffled"), expansions=setup.get("expansions"),
                       values=setup.get("values"), supply=setup.get("supply"), pool=setup.get("pool"),
                       rolls=setup.get("rolls", "seed"), stored=True,
                       extra={k: setup[k] for k in module_keys() if k in setup})
        game = cls(s)
        log, redo = data.get("log", []), data.get("redo", [])
        for name, value in (("log", log), ("redo", redo)):
            if not isinstance(value, list):
                raise InputError(name, "must be a list of actions")
        game._replay(log)
        for k, entry in enumerate(redo):
            Action.from_dict(entry, f"redo[{k}]")
        game.redo_stack = list(redo)
        # The log is the contract; the hash only checks a save of this version and rules (the
        # snapshot of an older version held other fields; older rules may end elsewhere).
        if (version == SAVE_VERSION and data.get("rules", 1) == RULES_REVISION and "state" in data
                and data["state"] != game.state_hash()):
            raise InputError("state", "the saved state does not match its replayed log (edited or "
                                      "corrupted file)")
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        if not isinstance(text, str | bytes) or len(text) > MAX_SAVE_BYTES:
            raise InputError("file", f"a saved game is JSON text of at most {MAX_SAVE_BYTES} bytes")
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise InputError("file", f"not JSON: {err}") from None
        except (RecursionError, ValueError):  # nesting too deep, a number too long
            raise InputError("file", "not a saved game: nested too deeply or a number too long") from None
        return cls.from_dict(data)

    def snapshot(self) -> dict[str, Any]:
        """The whole current position as plain data (what the apps draw, what tests compare);
        rule modules with game-wide state add theirs under `modules` (their `snapshot(game)`)."""
        snap = self._snapshot()
        own = {m.id: m.snapshot(self) for m in self.ruleset.modules if m.snapshot is not None}
        if own:
            snap["modules"] = own
        return snap

    def _snapshot(self) -> dict[str, Any]:
        return {
            "turn": self.turn, "current": self.current, "to_act": self.to_act,
            "game_over": self.game_over, "coins": dict(zip(self.players, self.coins, strict=True)),
            "regions": {
                rid: {"race": self.race[i],
                      "owner": self.players[self.owner[i]] if self.owner[i] is not None else None,
                      "tokens": self.tokens[i],
                      **{k: self.mk[k][i] for k in MARKER_KINDS if self.mk[k][i]}}
                for i, rid in enumerate(self.board.ids)
            },
            "armies": {r: {**a.to_dict(), "owner": self.players[a.owner]} for r, a in self.armies.items()},
            "active": dict(zip(self.players, self.active, strict=True)),
            "declined": {p: list(d) for p, d in zip(self.players, self.declined, strict=True)},
            "column": [list(c) for c in self.column],
            "race_stack": list(self.race_stack), "power_stack": list(self.power_stack),
            "power_discard": list(self.power_discard), "rolls": self.rolls,
            "queue": list(self.queue),
            "pending": [d.to_dict(self.players) for d in self.pending],
            "pieces": {p: (self.board.ids[i] if i is not None else None) for p, i in self.pieces.items()},
            **({"carried": dict(self.carried)} if self.carried else {}),
            "event": self.event,
            "coins_on": {self.board.ids[i]: c for i, c in enumerate(self.coins_on) if c},
            "turn_flags": {k: (sorted(v) if isinstance(v, set) else v) for k, v in self._t.items()},
        }

    def state_hash(self) -> str:
        import hashlib

        return hashlib.sha256(json.dumps(self.snapshot(), sort_keys=True).encode()).hexdigest()[:16]

    def view(self, player: str | None = None) -> dict[str, Any]:
        """What `player` may see: everything but the other players' coins (B-SCORE-3) and the
        order of the stacks below the column.
        With no player, a public view; every total is shown once the game is over."""
        snap = self.snapshot()
        if not self.game_over:
            snap["coins"] = {p: (c if p == player else None) for p, c in snap["coins"].items()}
        # Below the sixth combo the stacks are not visible at the table (B-SETUP-3).
        snap["race_stack"], snap["power_stack"] = len(self.race_stack), len(self.power_stack)
        snap["last_score"] = {p: s for p, s in zip(self.players, self.last_score, strict=True)}
        for m in self.ruleset.modules:  # a module hides or shows its own hidden state (X-RW-7)
            if m.view is not None:
                m.view(self, player, snap)
        return snap
