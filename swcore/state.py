"""The pieces of a position that are values of their own: an army in play, a conquest quote."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from .errors import RuleError


@dataclass(slots=True)
class Army:
    """One race banner in play: its powers, owner, tokens in hand and this turn's bookkeeping.

    The core fields are the same for every race; what a single race or power must remember
    lives in `data` (kept across turns) and `turn` (cleared at the owner's turn), each key
    prefixed by the id of the effect that owns it."""

    race: str
    powers: tuple[str, ...]  # the badge (none once discarded on decline); several for some seats
    owner: int
    declined: bool = False
    hand: int = 0
    held: int = 0  # off the board but not in hand: the `held_back` tokens (B-RACE-AMAZONS-2)
    picked_turn: int = 0
    data: dict[str, Any] = field(default_factory=dict)
    #: Markers back in the race's hands, placed again at the end of the turn (`returns_to_race`).
    stock: dict[str, int] = field(default_factory=dict)
    # This turn only:
    ready: bool = False
    over: bool = False
    conquests: int = 0
    nonempty: int = 0
    roll: int | None = None
    redeployed: bool = False
    withdrawn: int = 0  # tokens taken back during the attacker's turn (B-LOSS-2)
    used: list[str] = field(default_factory=list)  # once-per-turn actions used
    turn: dict[str, Any] = field(default_factory=dict)
    #: (generation, effects, their dispatch tables, pieces held): the game's cache of this
    #: army's effect sources (not state; see Game._hooks)
    fx: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The army as plain data (copies, without the game's cache)."""
        return {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self) if f.name != "fx"}

    @property
    def power(self) -> str | None:
        """The race's special power badge (the first of `powers`), None once discarded."""
        return self.powers[0] if self.powers else None

    def new_turn(self) -> None:
        self.ready = self.over = self.redeployed = False
        self.conquests = self.nonempty = 0
        self.roll = None
        self.used = []
        self.turn = {}


@dataclass(slots=True)
class Quote:
    """What conquering a region would cost, and why; `reason` is set when it is not allowed.
    `rules` gives the rule ID of each breakdown label an effect added (a power, this round's
    event...), so that people see where a change comes from."""

    region: str
    cost: int
    breakdown: list[tuple[str, int]]
    reason: RuleError | None = None
    rules: dict[str, str] = field(default_factory=dict)

    @property
    def allowed(self) -> bool:
        return self.reason is None
