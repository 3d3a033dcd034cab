"""The flow of play: named steps that rule modules insert into, and a stack of pending decisions.

A turn runs `turn_start`, then the player's actions, then at `end_turn` the steps `turn_end` and
`after_turn`; when the last seat has played, `round_end` (the turn marker moves, B-FLOW-2), then
`round_start` of the next round. Each module lists functions for these names (`steps`); the
ruleset runs them in the canonical module order.

A pending decision is something that must be settled before play goes on, by a given player or
by the table: withdrawn tokens to place (B-LOSS-2), a combo revealed on the physical table
(B-COMBO-6: chance entered from the table; shuffled stacks draw it from the seed instead), the
in-decline armies' turn that opens a player's turn (A-BASE-03: optional, closed as soon as the
active race acts). `to_act` and `legal_actions` read the top of the stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import InputError, RuleError
from .events import Event
from .words import WORDS

STEPS = ("round_start", "turn_start", "turn_end", "after_turn", "round_end", "game_end")


@dataclass(slots=True)
class Decision:
    """Who must act, with which words, why, and what is refused meanwhile (`rule`, `reason`)."""

    kind: str  # names the handler in the ruleset's `decisions` (and what a screen shows)
    seat: int | None  # None: anyone at the table enters it (a chance decision)
    words: tuple[str, ...]
    rule: str
    reason: str
    optional: bool = False  # skipped (closed) when the player does something else
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, players: list[str]) -> dict[str, Any]:
        return {"kind": self.kind, "player": None if self.seat is None else players[self.seat],
                "words": list(self.words), "rule": self.rule, "optional": self.optional,
                **self.data}


class FlowMixin:
    # --- the decision stack ---------------------------------------------------------------
    def push(self, decision: Decision) -> None:
        self.pending.append(decision)

    def drop(self, test: Any) -> None:
        """Remove the pending decisions for which test(decision) holds (journaled)."""
        if not self.pending:
            return
        before = list(self.pending)
        self.pending[:] = [d for d in before if not test(d)]
        if len(before) != len(self.pending):
            self.journal(lambda: self.pending.__setitem__(slice(None), before))

    def blocking(self) -> Decision | None:
        """The decision that must be settled first: the top one that is not optional."""
        for d in reversed(self.pending):
            if not d.optional:
                return d
        return None

    @property
    def decision(self) -> Decision | None:
        """The pending decision on top of the stack, if any."""
        return self.pending[-1] if self.pending else None

    @property
    def queue(self) -> list[str]:
        """Races whose withdrawn tokens wait to be placed, first in line first (B-LOSS-2)."""
        return [d.data["race"] for d in reversed(self.pending) if d.kind == "withdrawal"]

    @property
    def needs_reveal(self) -> bool:
        """A table-entered column waits for the combo that was revealed at its bottom."""
        return any(d.kind == "reveal" for d in self.pending)

    @property
    def to_act(self) -> str | None:
        """Who must act next: the player a pending decision waits for, else the current one."""
        for d in reversed(self.pending):
            if d.seat is not None and not d.optional:
                return self.players[d.seat]
        return None if self.game_over else self.current

    @property
    def game_over(self) -> bool:
        """After the last turn, once the last withdrawn tokens are placed (B-END-1, B-END-2)."""
        return self.finished and not any(d.kind == "withdrawal" for d in self.pending)

    # --- dispatch ---------------------------------------------------------------------------
    def _dispatch(self, a: Any) -> tuple[list[Event], dict[str, Any]]:
        if self.game_over:
            raise RuleError("B-END-1", "the game is over")
        seat = self.seat_of(a.by)
        word = WORDS[a.do]
        for key in word.foreign.intersection(a.args) if word.foreign else ():
            module = word.params[key].module
            if module not in self.ruleset.ids:
                raise InputError(f"action.{key}", f"`{a.do}` takes `{key}` only with the "
                                                  f"`{module}` rules in play")
        ahead = self._ahead(seat, a)
        for check in self.ruleset.before:  # parameters a module added to a word (words.extend)
            check(self, seat, a)
        first = self.blocking()
        if first is not None:
            if a.do not in first.words:
                raise RuleError(first.rule, first.reason)
            settle = self.ruleset.decisions[first.kind]  # a Game method's name, or a module's fn
            events, logged = (settle(self, seat, a) if callable(settle)
                              else getattr(self, settle)(seat, a))
            return ahead + events, logged
        if seat != self.seat and not WORDS[a.do].anyone:
            raise RuleError("B-FLOW-1", f"it is {self.current}'s turn, not {a.by}'s")
        handler = getattr(self, "_do_" + a.do, None)
        own = self.ruleset.handlers.get(a.do) if handler is None else None
        if handler is not None:
            events, logged = handler(seat, a)
        elif own is not None:  # a word a module carries out itself (not an army's ability)
            events, logged = own(self, seat, a)
        else:
            events = self._special(seat, a)
            logged = self._logged(a, events)
        for after in self.ruleset.after:
            events += after(self, seat, a) or []
        return ahead + events, logged

    def _ahead_due(self) -> Any:
        """What the current player's next action but a decline carries out first (the modules'
        `ahead`), or None."""
        for fn in self.ruleset.ahead:
            go = fn(self)
            if go is not None:
                return go
        return None

    def _ahead(self, seat: int, a: Any) -> list[Event]:
        """Carried out before the current player's own action, unless he declines (AU-64)."""
        if (not self.ruleset.ahead or seat != self.seat or a.do == "decline" or WORDS[a.do].anyone
                or self.blocking() is not None):
            return []
        go = self._ahead_due()
        return go() if go is not None else []

    def _settle(self) -> None:
        """After every action: the decisions the new position calls for (a combo to reveal)."""
        for fn in self.ruleset.settle:
            fn(self)

    # --- steps ------------------------------------------------------------------------------
    def _step(self, name: str, seat: int) -> list[Event]:
        events: list[Event] = []
        for fn in self.ruleset.steps[name]:
            events += fn(self, seat) or []
        return events

    _push = push  # the older name, kept for callers written before issue 20 (tests)
