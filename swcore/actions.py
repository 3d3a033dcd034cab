"""Actions: small immutable values, one per thing a player does (the scenario `do` words).

An action's dict form is exactly a scenario step (`{"by": "ann", "do": "conquer",
"region": "r3"}`), so scenarios, saved games and the apps share one vocabulary.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import InputError

#: do word -> (required fields, optional fields, what it does). The engine's documentation.
WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "pick": (("combo",), (), "buy the race/power combo at column index `combo` (0 = top) [B-COMBO]"),
    "conquer": (
        ("region",),
        ("reinforce", "race", "roll"),
        "conquer `region`; `reinforce: true` for the final conquest with the die (`roll` enters "
        "a physical die's result); `race: ghouls` for in-decline Ghouls [B-CONQ, B-FINAL]",
    ),
    "abandon": (("region",), ("race",), "lift every token of `region` at Ready Troops [B-READY-2]"),
    "redeploy": (
        ("tokens",),
        ("race",),
        "final placement {region: count} of every region of the race; also how a defender "
        "places withdrawn tokens [B-REDEP, B-LOSS-2]",
    ),
    "decline": ((), (), "put the active race in decline (Stout: after scoring) [B-DECL]"),
    "end_turn": ((), (), "score and pass the turn [B-SCORE]"),
    "dragon": (("region",), (), "Dragon Master: conquer `region` with one token [B-POW-DRAGONMASTER]"),
    "convert": (("region",), (), "Sorcerers: replace an opponent's lone active token [B-RACE-SORCERERS]"),
    "fortress": (("region",), (), "Fortified: place a Fortress in `region` [B-POW-FORTIFIED]"),
    "heroes": (("regions",), (), "Heroic: place the 2 Heroes in `regions` (a list) [B-POW-HEROIC]"),
    "encampments": (
        ("tokens",),
        (),
        "Bivouacking: place the Encampments as {region: count} [B-POW-BIVOUACKING]",
    ),
    "ally": (("player",), (), "Diplomat: make peace with `player` [B-POW-DIPLOMAT]"),
    "berserk": ((), ("roll",), "Berserk: roll the die before the next conquest [B-POW-BERSERK]"),
    "reveal": (
        ("race", "player"),
        (),
        "table-entered column: the `race` banner and the power badge `player` revealed at the "
        "bottom of the column [B-COMBO-6]",
    ),
}


class Action(NamedTuple):
    """One action; a NamedTuple because legal_actions() builds many of them (cheap, immutable)."""

    by: str
    do: str
    combo: int | None = None
    region: str | None = None
    reinforce: bool = False
    race: str | None = None
    roll: int | None = None
    tokens: tuple[tuple[str, int], ...] | None = None
    regions: tuple[str, ...] | None = None
    player: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"by": self.by, "do": self.do}
        if self.combo is not None:
            d["combo"] = self.combo
        if self.region is not None:
            d["region"] = self.region
        if self.reinforce:
            d["reinforce"] = True
        if self.race is not None:
            d["race"] = self.race
        if self.roll is not None:
            d["roll"] = self.roll
        if self.tokens is not None:
            d["tokens"] = dict(self.tokens)
        if self.regions is not None:
            d["regions"] = list(self.regions)
        if self.player is not None:
            d["player"] = self.player
        return d

    def __str__(self) -> str:
        args = " ".join(f"{k}={v}" for k, v in self.to_dict().items() if k not in ("by", "do"))
        return f"{self.by}: {self.do} {args}".rstrip()

    @classmethod
    def from_dict(cls, data: Any, where: str = "action") -> Action:
        """Parse and type-check an action mapping; errors name the field."""
        if not isinstance(data, dict):
            raise InputError(where, "an action must be a mapping with `by` and `do`")
        do = data.get("do")
        if do not in WORDS:
            raise InputError(f"{where}.do", f"unknown action {do!r}; known: {', '.join(WORDS)}")
        by = data.get("by")
        if not isinstance(by, str) or not by:
            raise InputError(f"{where}.by", "must name the acting player")
        required, optional, _ = WORDS[do]
        extra = set(data) - {"by", "do", *required, *optional}
        if extra:
            raise InputError(where, f"`{do}` takes no {', '.join(sorted(extra))}")
        for key in required:
            if key not in data:
                raise InputError(f"{where}.{key}", f"`{do}` needs `{key}`")
        kw: dict[str, Any] = {}
        for key in (*required, *optional):
            if key in data:
                kw[key] = _field(key, data[key], f"{where}.{key}")
        return cls(by=by, do=do, **kw)


def _field(key: str, value: Any, where: str) -> Any:
    if key == "combo":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InputError(where, "must be a column index 0, 1, 2, ...")
        return value
    if key == "roll":
        if isinstance(value, bool) or value not in (0, 1, 2, 3):
            raise InputError(where, "a die shows 0, 1, 2 or 3")
        return value
    if key == "reinforce":
        if not isinstance(value, bool):
            raise InputError(where, "must be true or false")
        return value
    if key in ("region", "race", "player"):
        if value is None or isinstance(value, bool | list | dict):
            raise InputError(where, "must be a name")
        return str(value)
    if key == "tokens":
        if not isinstance(value, dict):
            raise InputError(where, "must be a mapping {region: count}")
        out = []
        for rid, n in value.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise InputError(f"{where}.{rid}", "must be a whole number of tokens")
            out.append((str(rid), n))
        return tuple(out)
    if key == "regions":
        if not isinstance(value, list) or not all(isinstance(r, str | int) for r in value):
            raise InputError(where, "must be a list of region ids")
        return tuple(str(r) for r in value)
    raise InputError(where, "unknown field")  # pragma: no cover - WORDS and _field agree
