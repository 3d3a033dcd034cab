"""Events: what an action did, as data for the apps and as a sentence for people."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # pick, conquer, loss, roll, redeploy, decline, score, end_turn, ...
    player: str | None
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "text": self.text, **self.data}

    def __str__(self) -> str:
        return self.text
