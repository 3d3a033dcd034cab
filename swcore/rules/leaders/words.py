"""The Leaders' words and the arguments they add to base words (FORMAT v2), checked before
the word changes anything and carried out after it (X-LEAD-1…3, A-LEAD-01)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...catalogue import race_name
from ...errors import RuleError
from . import state as st

if TYPE_CHECKING:
    from ...actions import Action
    from ...game import Game
    from ...state import Army


def _opts(game: Game) -> Any:
    return game.module_options["leaders"]


def _army(game: Game, seat: int, a: Action) -> Army | None:
    race = a.args.get("race") or game.active[seat]  # `a.race`, read from the mapping: hot
    army = game.armies.get(race) if race else None
    return army if army is not None and army.owner == seat else None


def has_leader_token(game: Game, race: str) -> bool:
    """The per-race switch (option `leader_races`; default every race)."""
    races = _opts(game).leader_races
    return races is None or race in races


def pick_error(game: Game, seat: int, k: int) -> RuleError | None:
    """Why the combo at k cannot be taken with its Leader (X-LEAD-1), or None."""
    race, _, lying = game.column[k]
    if not has_leader_token(game, race):
        return RuleError("X-LEAD-1", f"the {race_name(race)} have no Leader in this game")
    if not st.available(game, race):
        return RuleError("X-LEAD-1", f"the {race_name(race)} Leader is not in the box (captured or "
                                     "ransomed)")
    if game.coins[seat] - game.combo_price(k) + lying < 1:
        return RuleError("X-LEAD-1", "the Leader costs 1 more coin")
    return None


def ransom_error(game: Game, seat: int, race: str | None) -> RuleError | None:
    """A-LEAD-01 (option `leader_ransom: pay_2`): at the start of one's own turn, 2 coins to
    the captor of one's own Leader."""
    if _opts(game).leader_ransom != "pay_2":
        return RuleError("A-LEAD-01", "no ransom in this game (option leader_ransom: none)")
    captor = next((s for s, held in enumerate(st.book(game)["captives"])
                   for r, owner in held if r == race and owner == seat), None)
    if captor is None:
        return RuleError("A-LEAD-01", f"no captive {race} Leader of {game.players[seat]}'s")
    t = game.turn_flags
    army = game.armies.get(game.active[seat] or "")
    started = t["declined"] or t["declined_acted"] or t["scored"] or (army is not None and (
        army.conquests or army.over or army.redeployed or army.used or
        (army.ready and not t["picked"])))
    if started:
        return RuleError("A-LEAD-01", "a ransom is paid at the start of the turn, before Ready Troops")
    if game.coins[seat] < 2:
        return RuleError("A-LEAD-01", "the ransom costs 2 coins")
    return None


def before(game: Game, seat: int, a: Action) -> None:
    """Refusals of the Leaders' arguments, before anything changes."""
    if "leader" not in a.args:  # every action without the argument: nothing to check
        return
    if a.do == "pick" and a.args.get("leader"):
        if a.combo is not None and a.combo < len(game.column) and game.active[seat] is None:
            err = pick_error(game, seat, a.combo)
            if err:
                raise err
    elif a.do == "conquer" and a.args.get("leader"):
        army = _army(game, seat, a)
        if army is not None and not st.in_hand_now(game, army):
            raise RuleError("X-LEAD-2", "the Leader is not in hand: it cannot be committed")
    elif a.do == "redeploy" and a.args.get("leader") is not None:
        pending = game.blocking()
        if pending is not None and pending.kind == "withdrawal":
            raise RuleError("X-LEAD-4", "a Leader is never withdrawn: it is captured")
        army = _army(game, seat, a)
        if army is None or not st.has(army):
            raise RuleError("X-LEAD-2", "this race has no Leader to place")
        i = game.board.region(a.leader, "action.leader")
        if dict(a.tokens or ()).get(a.leader, 0) < 1:
            raise RuleError("X-LEAD-2", f"the Leader stands among the tokens placed: {a.leader} "
                                        "gets none")
        if st.immune(game, i):
            raise RuleError("X-LEAD-3", f"the Leader may not stay in {a.leader}: it is immune")


def settle_leader(game: Game, army: Army, given: int | None = None) -> None:
    """Where the Leader stands after a placement: where it is told, else where it stood (a region
    it may stay in, or off the board with the tokens held back), else the non-immune region with
    the fewest tokens; off the board if all are immune (X-LEAD-3)."""
    if not st.has(army):
        return
    regions = game.regions_of(army.race)
    if not regions:  # with the hand, or with the tokens held back when all are (the
        # Pixies after their river was emptied, X-BNA-PIX-1, X-RW-4)
        off = "hand" if army.hand >= 1 or army.held < 1 else "held"
        if st.at(army) != off:
            st.put(game, army, off)
        return
    free = st.free_regions(game, army)
    where = st.at(army)
    if given is not None:
        st.put(game, army, given)
    elif isinstance(where, int) and where in free:
        return
    elif where == "held" and army.held >= 1:  # off the board with the tokens held back
        return
    elif free:
        st.put(game, army, st.fewest(game, free))
    elif where != "held":
        if army.held < 1:  # markers made its region immune after placement: one token off
            j = max(regions, key=lambda r: (game.tokens[r], -r))
            game.tokens[j] -= 1
            if game.tokens[j] == 0:
                game.clear_region(j)
            army.held += 1
        st.put(game, army, "held")


def after(game: Game, seat: int, a: Action) -> list[Any]:
    """The Leaders' arguments carried out once the word is done."""
    if a.do == "pick" and a.args.get("leader"):
        army = game.armies[game.active[seat]]  # type: ignore[index]
        ev = game.pay(seat, None, 1, "the Leader, X-LEAD-1")
        army.hand += 1
        st.put(game, army, "hand")
        return [ev]
    if a.do == "conquer" and a.args.get("leader"):
        army = _army(game, seat, a)
        i = game.board.region(a.region)
        if army is not None and game.race[i] == army.race and st.at(army) in st.WITH_ARMY:
            st.put(game, army, i)
        return []
    if a.do != "abandon" and a.args.get("region") is not None:
        army = _army(game, seat, a)
        if army is not None and army.hand < 1 and st.at(army) == "hand":
            i = game.board.region(a.region)
            if game.race[i] == army.race:
                st.put(game, army, i)  # X-LEAD-2: the last token in hand went in, the Leader with it
        return []
    if a.do == "redeploy":
        army = _army(game, seat, a)
        if army is not None and not army.declined:
            given = a.leader
            settle_leader(game, army, None if given is None else game.board.region(given))
    return []


def ransom(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    """A-LEAD-01: the Leader goes back to its owner and leaves the game."""
    err = ransom_error(game, seat, a.race)
    if err:
        raise err
    b = st.book(game)
    captor = next(s for s, held in enumerate(b["captives"]) if [a.race, seat] in held)
    b["captives"][captor].remove([a.race, seat])
    b["gone"].append(a.race)
    army = game.armies.get(a.race)
    if army is not None and army.owner == seat and st.at(army) == "captured":
        st.put(game, army, "ransomed")
    ev = game.pay(seat, captor, 2, f"ransom of the {a.race} Leader, A-LEAD-01")
    return [ev], a.to_dict()
