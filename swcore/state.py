"""The pieces of a position that are values of their own: an army in play, a conquest quote."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import RuleError


@dataclass(slots=True)
class Army:
    """One race banner in play: its power, owner, tokens in hand and this turn's bookkeeping."""

    race: str
    power: str | None
    owner: int
    declined: bool = False
    hand: int = 0
    held: int = 0  # off the board but not in hand: the Amazons' 4 (B-RACE-AMAZONS-2)
    picked_turn: int = 0
    holes: int = 0  # Holes-in-the-Ground ever placed (A-BASE-09)
    camps: int = 0  # Encampments waiting to be placed (B-POW-BIVOUACKING-2)
    # This turn only:
    ready: bool = False
    over: bool = False
    conquests: int = 0
    nonempty: int = 0
    roll: int | None = None
    redeployed: bool = False
    withdrawn: int = 0  # tokens taken back during the attacker's turn (B-LOSS-2)
    used: list[str] = field(default_factory=list)  # once-per-turn actions used

    def new_turn(self) -> None:
        self.ready = self.over = self.redeployed = False
        self.conquests = self.nonempty = 0
        self.roll = None
        self.used = []


@dataclass(slots=True)
class Quote:
    """What conquering a region would cost, and why; `reason` is set when it is not allowed."""

    region: str
    cost: int
    breakdown: list[tuple[str, int]]
    reason: RuleError | None = None

    @property
    def allowed(self) -> bool:
        return self.reason is None
