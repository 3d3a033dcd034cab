"""Leaders of Small World (X-LEAD, A-LEAD): a Leader token for every race, bought with the
combo, one more race token that may not hide in an immune region, captured instead of the
usual loss, worth +2 to its captor at the end. Seed 000 "Les Chefs de Small World"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...catalogue import RACES
from ...checks import register as register_check
from ...errors import InputError
from ..module import RuleModule
from ..registry import module
from . import state as st
from . import words
from .effect import LEADER

if TYPE_CHECKING:
    from ...game import Game

RANSOMS = ("none", "pay_2")


@dataclass
class LeaderOptions:
    """A-LEAD-01 `leader_ransom`: `none` (the ruling) or `pay_2`; `leader_races`: the races
    that have a Leader token in this box (None: every race, FORMAT v2 "Leaders")."""

    leader_ransom: str = "none"
    leader_races: list[str] | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LeaderOptions:
        opts = cls(**data)
        if opts.leader_ransom not in RANSOMS:
            raise InputError("options.leader_ransom", f"one of {', '.join(RANSOMS)}")
        races = opts.leader_races
        if races is not None:
            if not isinstance(races, list) or any(r not in RACES for r in races):
                raise InputError("options.leader_races", "a list of race ids")
            opts.leader_races = list(races)
        return opts


def start(game: Game, seat: int) -> None:
    """Set-up: nobody holds a Leader yet (the round_start of turn 1 runs only at set-up)."""
    if game.turn == 1:
        game.module_state["leaders"] = {"captives": [[] for _ in game.players], "gone": []}


def turn_end(game: Game, seat: int) -> None:
    """After the turn's placement and markers (Heroes placed last): the Leader in hand takes its
    place, and one left in a region made immune moves out (X-LEAD-3)."""
    race = game.active[seat]
    army = game.armies.get(race) if race else None
    if army is not None and st.has(army) and not army.hand:
        words.settle_leader(game, army)


def game_end(game: Game, seat: int) -> list[Any]:
    """X-LEAD-5: +2 coins per enemy Leader held at the end (not part of the turn's score)."""
    events = []
    for s, held in enumerate(st.book(game)["captives"]):
        if held:
            events.append(game.pay(None, s, 2 * len(held), f"{len(held)} captive Leader(s), X-LEAD-5"))
    return events


def follow_tokens(game: Game) -> None:
    """X-LEAD-2: a Leader whose region its race no longer holds (abandoned, emptied) went into
    hand with the other tokens there; an enemy taking its region captured it then (`region_lost`)."""
    for army in game.armies.values():  # the dict is only read
        where = army.data.get(st.KEY)
        if where.__class__ is int and game.race[where] != army.race:
            st.put(game, army, "hand")


def legal(game: Game, out: list[Action]) -> list[Action]:
    """The Leaders' legal uses: a pick with the Leader, a conquest committing it, a redeployment
    naming its region, a ransom (the random and greedy bots read them like any word)."""
    seat = game.seat
    race = game.active[seat]
    army = game.armies.get(race) if race else None
    leader = army is not None and st.has(army)
    ransoms = words._opts(game).leader_ransom == "pay_2"
    if army is not None and not leader and not ransoms:
        return out  # no pick this turn, no Leader to commit or place, no ransom: nothing to add
    if game.game_over or game.queue:
        return out
    more: list[Action] = []
    if army is None:  # a pick this turn: each affordable combo whose race has its Leader
        picks = [a for a in out if a.do == "pick"]
        more += [a.plus(leader=True) for a in picks
                 if words.pick_error(game, seat, a.combo) is None]
    elif leader:
        in_hand = st.in_hand_now(game, army)
        index = game.board.index
        for a in out:
            do = a.do
            if do == "conquer":
                args = a.args
                # "race": an in-decline army acting, without a Leader
                if in_hand and "reinforce" not in args and "race" not in args:
                    more.append(a.plus(leader=True))
            elif do == "redeploy":
                args = a.args
                if "race" in args or in_hand and not st.hand_goes_down(
                        game, army, {index[r]: n for r, n in args["tokens"]}):
                    continue  # an in-decline army; a Leader staying off the board with the hand
                for r, n in args["tokens"]:  # the first region listed it may stand in
                    if n >= 1 and not st.immune(game, index[r]):
                        more.append(a.plus(leader=r))
                        break
    for held in st.book(game)["captives"] if ransoms else ():
        for race, owner in held:
            if owner == seat and words.ransom_error(game, seat, race) is None:
                more.append(Action.trusted(game.players[seat], "ransom", race=race))
    return out + more


def _where(game: Game, seat: int) -> Any:
    race = game.active[seat]
    army = game.armies.get(race) if race else None
    where = st.at(army) if army is not None else None
    if where in st.WITH_ARMY:
        return "hand"
    if isinstance(where, int):
        return game.board.ids[where]
    return "captured" if where == "captured" else None


def _check_leaders(game: Game, want: Any, where: str) -> list[tuple[str, Any, Any]]:
    if not isinstance(want, dict):
        raise InputError(where, "must be a mapping {player: where the Leader is}")
    return [(f"leaders.{p}", v, _where(game, game.seat_of(str(p), f"{where}.{p}")))
            for p, v in want.items()]


def _check_captives(game: Game, want: Any, where: str) -> list[tuple[str, Any, Any]]:
    if not isinstance(want, dict):
        raise InputError(where, "must be a mapping {player: [race, ...]}")
    rows = []
    for p, races in want.items():
        seat = game.seat_of(str(p), f"{where}.{p}")
        held = sorted(r for r, _ in st.book(game)["captives"][seat]) if "leaders" in game.module_state else []
        rows.append((f"captives.{p}", sorted(races or []), held))
    return rows


register_check("leaders", _check_leaders)
register_check("captives", _check_captives)


@module
class Leaders(RuleModule):
    id = "leaders"
    name = "Leaders"
    describe_state = staticmethod(st.describe_state)
    map_items = staticmethod(st.map_items)
    options = LeaderOptions
    effects = (LEADER,)
    steps = {"round_start": (start,), "turn_end": (turn_end,), "game_end": (game_end,)}
    settle = (follow_tokens,)
    before = (words.before,)
    after = (words.after,)
    handlers = {"ransom": words.ransom}
    legal = (legal,)

    def snapshot(self, game: Game) -> dict[str, Any]:
        """The captives by player and the Leaders out of the game (A-LEAD-01)."""
        b = st.book(game)
        return {"captives": {game.players[s]: [list(x) for x in held]
                             for s, held in enumerate(b["captives"])}, "gone": list(b["gone"])}
