"""The five special powers of Be Not Afraid… (X-BNA-POW-*): Barricade, Catapult, Corrupt,
Imperial, Mercenary. Each class overrides only the hooks its badge changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import Ability, register, when
from ...errors import RuleError

if TYPE_CHECKING:
    from ...game import Army, Game

MODULE = "be_not_afraid"


@register
class Barricade(Ability):
    """X-BNA-BAR-POW-1: +3 coins when the race holds 4 regions or fewer at the end of the turn."""

    id, rule = "barricade", "X-BNA-BAR-POW-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        return [("Barricade: 4 regions or fewer", 3)] if len(held) <= 4 else []


@register
class Imperial(Ability):
    """X-BNA-IMP-1: +1 coin for each region held beyond 3 at the end of the turn."""

    id, rule = "imperial", "X-BNA-IMP-1"

    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        n = len(held) - 3
        return [(f"Imperial: {n} region{'s' if n != 1 else ''} beyond 3", n)] if n > 0 else []


@register
class Corrupt(Ability):
    """X-BNA-COR-1, A-BNA-07: an opponent conquering or converting one of the (active) Corrupt
    race's regions pays its owner 1 coin; nothing when the conqueror has none."""

    id, rule = "corrupt", "X-BNA-COR-1"

    @when("lost")
    def on_region_lost(self, game: Game, army: Army, region: int, attacker: Army, lost: int) -> list[Any]:
        return [game.pay(attacker.owner, army.owner, 1, "Corrupt, X-BNA-COR-1")]


@register
class Mercenary(Ability):
    """X-BNA-MER-1, -2, A-BNA-04: `pay: true` gives one conquest 2 tokens less (minimum 1) for 1
    coin to the bank; at most one payment a conquest, none with 0 coins. With the final die the
    die is rolled first and the coin is paid only if the roll alone leaves the conquest short."""

    id, rule = "mercenary", "X-BNA-MER-1"

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        if not action.pay:
            return []
        if game.coins[army.owner] < 1:
            raise RuleError("A-BNA-04", "no coin to pay the Mercenaries with")

        def pay() -> list[Any]:
            return [game.pay(army.owner, None, 1, "Mercenary, X-BNA-MER-1")]

        return [("Mercenary", -2, pay)]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        """Paid conquests where paying changes the cost (over 1 token): any conquest the hand
        then covers, however many tokens it holds (X-BNA-MER-1: "for each conquest"), or, with
        the final die, one the die must complete even after the payment."""
        if army.over or army.declined or game.coins[army.owner] < 1:
            return []
        reach = game.reach(army)
        hand = game.available(army, reach[0])
        if hand < game.least(army)[0]:
            return []
        out = []
        maxshort = game.options.final_die_max_short
        targets = game.targets(army, reach)
        for i, full in zip(targets, game.costs(army, targets), strict=True):
            cost = max(1, full - 2)
            if full == cost:
                continue
            rid = game.board.ids[i]
            if cost <= hand:
                out.append(Action.trusted(by=by, do="conquer", region=rid, pay=True))
            elif game.may_reinforce(army) and cost - hand <= maxshort:  # A-BASE-06
                out.append(Action.trusted(by=by, do="conquer", region=rid, pay=True, reinforce=True))
        return out


#: id(board) -> (the board, start -> its two-step regions): the board never changes in play,
#: and the target test asks for every region it screens while a Catapult is set up
_TWO_STEPS: dict[int, tuple[Any, dict[int, frozenset[int]]]] = {}


def two_steps(game: Game, start: int) -> frozenset[int]:
    """Regions exactly two steps from `start`, over one region that is neither a sea nor a chasm
    (the Lake may be jumped, X-BNA-CAT-1, A-BNA-03)."""
    b = game.board
    memo = _TWO_STEPS.get(id(b))
    if memo is None or memo[0] is not b:  # kept with its board, so an id is never reused
        if len(_TWO_STEPS) >= 64:
            _TWO_STEPS.clear()
        memo = _TWO_STEPS[id(b)] = (b, {})
    found = memo[1].get(start)
    if found is None:
        adj = b.adjacent_sets
        out: set[int] = set()
        for m in adj[start]:
            if b.has_tag(m, "sea") or b.kind[m] == "chasm":
                continue
            out |= adj[m]
        found = memo[1][start] = frozenset(out - adj[start] - {start})
    return found


@register
class Catapult(Ability):
    """X-BNA-CAT-1…3, A-BNA-03: once per turn `catapult: region` puts the Catapult in one of the
    race's regions (so never for a first conquest); that conquest may target a region two steps
    from it. The Catapult stays there, its region immune to opponents, until moved on a later
    turn or the race declines (markers.csv: immune to opponents, removed on decline)."""

    id, rule = "catapult", "X-BNA-CAT-1"

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        if action.catapult is None:
            return []
        c = game.board.region(action.catapult, "action.catapult")
        if game.race[c] != army.race:
            raise RuleError("A-BNA-03", f"the Catapult goes in a region of the race; "
                                        f"{action.catapult} is not one")
        if army.turn.get("catapult.used"):
            raise RuleError("X-BNA-CAT-1", "the Catapult is used once per turn")
        if region not in two_steps(game, c):
            raise RuleError("X-BNA-CAT-1", f"{action.region} is not two steps from the Catapult in "
                                           f"{action.catapult} over a region that is not a sea")
        marks = game.mk["catapult"]
        before = list(marks)
        marks[:] = [0] * len(marks)
        marks[c] = 1
        army.turn["catapult.from"] = c
        army.turn["catapult.used"] = True

        def undo() -> None:
            marks[:] = before
            army.turn.pop("catapult.from", None)
            army.turn.pop("catapult.used", None)

        game.journal(undo)
        return []

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        c = army.turn.get("catapult.from")
        return c is not None and region in two_steps(game, c)

    @when("conquered")
    def on_conquered(self, game: Game, army: Army, region: int) -> None:
        army.turn.pop("catapult.from", None)  # the jump served this conquest only

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        """One catapulted conquest per reachable target (the first Catapult region that works)."""
        if army.over or army.declined or army.turn.get("catapult.used"):
            return []
        held = game.regions_of(army.race)
        hand = game.available(army, held)
        if hand < game.least(army)[0]:
            return []
        out: list[Any] = []
        seen: set[int] = set()
        ids = game.board.ids
        reach = game.reach(army)  # the same for every Catapult region: only the jump differs
        for c in held:
            targets = sorted(two_steps(game, c) - seen)
            army.turn["catapult.from"] = c
            try:
                ok = [t for t, why in game.screen(army, targets, reach)
                      if why is None and game.cost(army, t) <= hand]
            finally:
                army.turn.pop("catapult.from", None)
            for t in ok:
                seen.add(t)
                out.append(Action.trusted(by=by, do="conquer", region=ids[t], catapult=ids[c]))
        return out
