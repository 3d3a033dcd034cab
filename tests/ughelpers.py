"""Helpers of the Underground race and power tests: a game on an inline Underground map where
ann's first combo and bob's are given, and short readers."""

from __future__ import annotations

from typing import Any

import pytest

from swcore import Action, Game, RuleError

RACES = ["ogres", "mummies", "shrooms", "drow", "kraken", "liches", "lizardmen", "mudmen",
         "spiderines", "gnomes", "cultists", "flames", "iron_dwarves", "will_o_wisps", "shadow_mimes"]
POWERS = ["stone", "mining", "muddy", "mystic", "fisher", "flocking", "frightened", "immortal",
          "martyr", "quarreling", "reborn", "royal", "shield", "thieving", "tomb", "vampire",
          "vanishing", "vengeful", "wise", "adventurous", "magic"]


def board(regions: dict[str, Any], borders: str) -> dict[str, Any]:
    """An inline map: `regions` {id: terrain or (terrain, extra keys)}, `borders` "a-b b-c"."""
    spec = {}
    for rid, r in regions.items():
        terrain, extra = (r, {}) if isinstance(r, str) else r
        spec[rid] = {"terrain": terrain, **extra}
    return {"regions": spec, "borders": [p.split("-") for p in borders.split()]}


EDGE = {"edge": True}


def game(race: str, power: str, second: tuple[str, str] = ("mummies", "immortal"), *,
         map: dict[str, Any], **kw: Any) -> Game:
    """ann's combo 0 is (race, power), bob's combo 0 after that is `second` (Mummies / Immortal
    by default, Ogres or Martyr where ann has those)."""
    second = (second[0] if second[0] != race else "ogres", second[1] if second[1] != power else "martyr")
    races = [race, second[0], *[r for r in RACES if r not in (race, second[0])]]
    powers = [power, second[1], *[p for p in POWERS if p not in (power, second[1])]]
    return Game.new(map, kw.pop("players", ["ann", "bob"]), races=races, powers=powers,
                    expansions=["underground"], **kw)


def at(g: Game, rid: str) -> int:
    return g.board.index[rid]


def tokens(g: Game, *rids: str) -> tuple[int, ...]:
    return tuple(g.tokens[at(g, r)] for r in rids)


def scored(g: Game, player: str) -> int:
    return sum(it["coins"] for it in g.last_score[g.players.index(player)])


def cost(g: Game, rid: str, player: str | None = None) -> int:
    return g.quote(rid, player).cost


def act_exactly(g: Game, **a: Any) -> list[Any]:
    """One action as given by keyword, nothing after it (withdrawn tokens wait to be placed)."""
    return g.apply(Action(**a))


def refused_exactly(g: Game, **a: Any) -> str:
    """The rule ID refusing the action given by keyword; the game must be unchanged."""
    before = g.state_hash()
    with pytest.raises(RuleError) as caught:
        act_exactly(g, **a)
    assert g.state_hash() == before
    return caught.value.rule
