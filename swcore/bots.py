"""Bots: a uniform random player, a greedy one (best immediate gain), and a planner that
redeploys, declines when its race is spent and values combos by the coins they should bring."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Protocol

from .actions import Action
from .catalogue import DIE_FACES
from .effects import ability
from .game import Game
from .state import Army
from .words import WORDS, Kind


class Bot(Protocol):
    def choose(self, game: Game, actions: list[Action]) -> Action: ...


class RandomBot:
    """Uniform over legal actions (OpenSpiel's uniform random policy)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, actions: list[Action]) -> Action:
        return actions[self.rng.randrange(len(actions))]


class GreedyBot:
    """Picks the action with the best immediate gain: the cheapest-per-coin combo, a power's
    own way of taking a region, the cheapest conquest (most valuable region first), then the
    powers' end-of-conquest actions, otherwise ends the turn; never declines before its race
    has shrunk to a third of the regions it once held.

    It reads only the words' metadata (`swcore.words`), never a word's name, so a new word
    needs nothing here: a COMBO parameter is a pick, a region word aimed at a region the player
    does not hold takes it; the conquest proper is the word with a FLAG variant (the last attempt
    with the die), the others are powers' own ways; and the bar's last word ends the turn."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, actions: list[Action]) -> Action:
        combos = [a for a in actions if _kinds(a) & {Kind.COMBO}]
        if combos:
            return max(combos, key=lambda a: self._combo_value(game, _value(a, Kind.COMBO)))
        if game.queue:
            return actions[0]
        bar = [a for a in actions if WORDS[a.do].place == "bar"]
        if len(bar) > 1 and self._should_decline(game):
            return bar[0]  # the bar's words before the last (which ends the turn): decline
        takes = [a for a in actions if WORDS[a.do].place == "region" and a.region is not None
                 and not self._holds(game, a)]
        plain = [a for a in takes if not _kinds(a) & {Kind.FLAG}]
        special = [a for a in plain if not any(p.kind is Kind.FLAG
                                               for p in WORDS[a.do].params.values())]
        if special:
            return max(special, key=lambda a: self._region_value(game, a.region))
        if plain:  # the conquest proper: the word that has a variant with the die
            return min(plain, key=lambda a: (game.quote(a.region, a.by, a.race).cost,
                                             -self._region_value(game, a.region)))
        final = [a for a in takes if a not in plain]
        if final:
            return min(final, key=lambda a: game.quote(a.region, a.by, a.race).cost)
        ending = [a for a in actions if WORDS[a.do].ends_conquests]
        extra = [a for a in ending if a.do != ending[0].do]  # the first is the redeployment
        if extra:
            return extra[0]
        return bar[-1] if bar else actions[0]

    def _combo_value(self, game: Game, k: int) -> float:
        from .catalogue import CATALOGUE

        race, power, coins = game.column[k]
        tokens = CATALOGUE[race].tokens + CATALOGUE[power].tokens
        return tokens + coins - game.combo_price(k) + self.rng.random() * 0.1

    def _region_value(self, game: Game, rid: str | None) -> float:
        i = game.board.region(rid)
        return 1 + len(game.board.symbols[i]) * 0.5

    def _holds(self, game: Game, a: Action) -> bool:
        """Whether the acting race already holds the action's region."""
        army = game.army_of(a.by, a.race)
        return army is not None and game.race[game.board.region(a.region)] == army.race

    def _should_decline(self, game: Game) -> bool:
        army = game.army_of(game.current)
        if army is None:
            return False
        tokens = game.available(army) + len(game.regions_of(army.race))
        return tokens <= 3 and game.turn < game.turns


def _kinds(action: Action) -> set[Kind]:
    """The kinds of the parameters the action carries (a FLAG only when it is set)."""
    params = WORDS[action.do].params
    return {params[k].kind for k, v in action.args.items() if v is not None and v is not False}


def _value(action: Action, kind: Kind) -> Any:
    params = WORDS[action.do].params
    return next(v for k, v in action.args.items() if params[k].kind is kind)


def play(game: Game, bots: dict[str, Bot] | Bot, max_actions: int = 100_000) -> Game:
    """Play `game` to the end with the given bot(s)."""
    for _ in range(max_actions):
        if game.game_over:
            return game
        actions = game.legal_actions()
        who = game.to_act
        bot = bots[who] if isinstance(bots, dict) else bots
        game.apply(bot.choose(game, actions))
    raise RuntimeError("the game did not end")  # pragma: no cover


# ------------------------------------------------------------------------------------------
# The planner
# ------------------------------------------------------------------------------------------
class PlannerBot:
    """Plays for the coins of the whole game rather than the next action.

    - **Combos**: each affordable combo is worth the coins a simple growth model expects from
      its tokens over the turns left (first turn at `FIRST_COST` tokens a region, then
      `LATER_COST`, losing `EROSION` of its regions a turn), plus what its race and power score
      on this board (their `score_bonus` asked of a hypothetical army over the land regions),
      their cost reductions, the coins lying on it, minus its price.
    - **Conquests**: by coins per token: a region is worth 1, plus the bonus it adds to the
      race's score, plus a little when an opponent loses it; the final conquest with the die goes
      to the target with the best chance times value. A declined race that still conquers acts
      first; a power's own way of taking a region is used on the dearest target.
    - **Redeployment**: one token per region, the rest on borders by threat (an opponent's
      active race next door, the board's edge where new races land); the interior is thinned.
    - **Decline**: at the start of a turn, when the same model says the race spent (this turn's
      score in decline, then a fresh combo) beats carrying on; never in the last turn.

    Like GreedyBot it reads the words' metadata only (parameter kinds, `place`,
    `ends_conquests`), and races and powers only through their effects' hooks."""

    #: The growth model (tuned on a few hundred games against the greedy bot): tokens a region
    #: costs a fresh race, then a spread-out one; share of regions lost a turn; share of an
    #: in-decline race's regions kept from one turn to the next.
    FIRST_COST = 2.6
    LATER_COST = 3.2
    EROSION = 0.15
    DECLINED_KEEP = 0.8

    def __init__(self, seed: int = 0, decline_margin: float = 1.0, min_ratio: float = 0.15):
        self.rng = random.Random(seed)
        self.decline_margin = decline_margin
        self.min_ratio = min_ratio
        self._cache: dict[tuple[Any, ...], tuple[float, float, float, float]] = {}

    # --- the turn ---------------------------------------------------------------------
    def choose(self, game: Game, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        combos = [a for a in actions if Kind.COMBO in _kinds(a)]
        if combos:
            return max(combos, key=lambda a: self._combo_worth(game, _value(a, Kind.COMBO))
                       + self.rng.random() * 0.01)
        if game.queue:
            return self._withdrawal(game, actions)
        bar = [a for a in actions if WORDS[a.do].place == "bar"]
        army = game.army_of(game.current)
        fresh = army is not None and not (army.ready or army.conquests or army.redeployed or army.used)
        if len(bar) > 1 and fresh and self._should_decline(game, army, actions):
            return bar[0]  # the bar's word before the last (which ends the turn): decline
        take = self._take(game, actions)
        if take is not None:
            return take
        ending = [a for a in actions if WORDS[a.do].ends_conquests]
        placing = [a for a in ending if _is_redeploy(a)]
        for a in placing:  # a declined race that conquered this turn places its tokens first
            other = game.army_of(a.by, _arg(a, Kind.RACE))
            if other is not None and other is not army and other.conquests:
                return self._redeploy(game, a)
        others = [a for a in ending if not _is_redeploy(a)]
        if others:
            return max(others, key=lambda a: self._special_worth(game, a))
        placing = [a for a in placing if _arg(a, Kind.RACE) is None]
        if placing:
            return self._redeploy(game, placing[0])
        if len(bar) > 1 and army is not None and self._should_decline(game, army, actions):
            return bar[0]  # a power that declines after scoring an expansion turn
        return bar[-1] if bar else actions[0]

    def _take(self, game: Game, actions: list[Action]) -> Action | None:
        """The next region to take, or None when the conquests are over."""
        takes = [a for a in actions if WORDS[a.do].place == "region" and a.region is not None
                 and not _holds(game, a)]
        first = [a for a in takes if _arg(a, Kind.RACE) is not None]  # a declined race acts first
        takes = first or takes
        if not takes:
            return None
        special = [a for a in takes if not WORDS[a.do].flags]
        if special:
            return max(special, key=lambda a: self._value(game, a)
                       * (1 + game.quote(a.region, a.by, _arg(a, Kind.RACE)).cost / 2))
        plain = [a for a in takes if Kind.FLAG not in _kinds(a)]
        if plain:
            chance = [a for a in actions if _is_chance(a)]
            if chance:  # a die that makes the next conquest cheaper: roll it first
                return chance[0]
            best = max(plain, key=lambda a: self._value(game, a) / max(1, self._cost(game, a)))
            if self._value(game, best) / max(1, self._cost(game, best)) >= self.min_ratio:
                return best
            return None
        final = [a for a in takes if a not in plain]
        if not final:
            return None
        best = max(final, key=lambda a: self._value(game, a) * self._chance(game, a))
        return best if self._value(game, best) * self._chance(game, best) > 0.1 else None

    # --- what a region is worth ---------------------------------------------------------
    def _cost(self, game: Game, a: Action) -> int:
        return game.quote(a.region, a.by, _arg(a, Kind.RACE)).cost

    def _chance(self, game: Game, a: Action) -> float:
        """The chance that the die covers what the final conquest lacks."""
        army = game.army_of(a.by, _arg(a, Kind.RACE))
        short = self._cost(game, a) - (game.available(army) if army else 0)
        return sum(1 for f in DIE_FACES if f >= short) / len(DIE_FACES)

    def _value(self, game: Game, a: Action) -> float:
        """Coins a turn the region brings: 1, the score bonus it adds, an opponent's loss."""
        army = game.army_of(a.by, _arg(a, Kind.RACE))
        i = game.board.region(a.region)
        value = 1.0
        if army is not None:
            held = game.regions_of(army.race)
            after = replace(army, nonempty=army.nonempty + 1) if game.race[i] is not None else army
            value += _bonus(game, after, [*held, i]) - _bonus(game, army, held)
            owner = game.owner[i]
            if owner is not None and owner != army.owner:
                value += 0.6 if game.race[i] == game.active[owner] else 0.3
            value -= 0.1 * self._threat(game, army.owner, i)
        return value

    def _threat(self, game: Game, seat: int, i: int) -> float:
        """How likely region i is attacked: opponents' active races next door, the edge."""
        b = game.board
        threat = 0.6 if b.entry[i] else 0.0
        for j in b.adjacent[i]:
            owner = game.owner[j]
            if owner is not None and owner != seat and game.race[j] == game.active[owner]:
                threat += 1.0 + 0.1 * game.tokens[j]
        return threat

    # --- placements ---------------------------------------------------------------------
    def _spread(self, game: Game, seat: int, start: dict[str, int], spare: int) -> dict[str, int]:
        """`start` plus `spare` tokens, each where the threat per token there is highest."""
        place = dict(start)
        weight = {r: self._threat(game, seat, game.board.region(r)) + 0.01 for r in place}
        for _ in range(spare):
            r = max(place, key=lambda r: (weight[r] / place[r], r))
            place[r] += 1
        return place

    def _redeploy(self, game: Game, default: Action) -> Action:
        key = _param(default, Kind.PLACEMENT)
        base = dict(default.args[key])
        if not base:
            return default
        total = sum(base.values())
        army = game.army_of(default.by, _arg(default, Kind.RACE))
        seat = army.owner if army else game.seat
        for floor in sorted({1, min(base.values())}):
            spare = total - floor * len(base)
            if spare < 0:
                continue
            place = self._spread(game, seat, dict.fromkeys(base, floor), spare)
            action = Action(default.by, default.do, **{**default.args, key: place})
            if game.is_legal(action):
                return action
        return default

    def _withdrawal(self, game: Game, actions: list[Action]) -> Action:
        """A defender's withdrawn tokens go to the threatened borders."""
        default = actions[0]
        key = _param(default, Kind.PLACEMENT)
        if key is None:
            return default
        base = dict(default.args[key])
        if not base:
            return default
        now = {r: game.tokens[game.board.region(r)] for r in base}
        spare = sum(base.values()) - sum(now.values())
        seat = game.seat_of(default.by)
        action = Action(default.by, default.do,
                        **{**default.args, key: self._spread(game, seat, now, spare)})
        return action if game.is_legal(action) else default

    def _special_worth(self, game: Game, a: Action) -> float:
        """A power's end-of-conquest action: on the most threatened regions, against the
        opponent pressing hardest."""
        seat = game.seat_of(a.by)
        worth = 0.0
        for k, p in WORDS[a.do].params.items():
            v = a.args.get(k)
            if v is None:
                continue
            if p.kind is Kind.REGION:
                worth += self._threat(game, seat, game.board.region(v))
            elif p.kind is Kind.REGIONS:
                worth += sum(self._threat(game, seat, game.board.region(r)) for r in v)
            elif p.kind is Kind.PLACEMENT:
                worth += sum(self._threat(game, seat, game.board.region(r)) for r, _ in v)
            elif p.kind is Kind.PLAYER:
                other = game.seat_of(v)
                worth += sum(1 for i in range(len(game.board)) if game.owner[i] == seat
                             for j in game.board.adjacent[i] if game.owner[j] == other
                             and game.race[j] == game.active[other]) + game.coins[other] * 0.01
        return worth

    # --- combos and decline -------------------------------------------------------------
    def _traits(self, game: Game, race: str, powers: tuple[str, ...], seat: int
                ) -> tuple[float, float, float, float]:
        """(coins the first turn only, coins a turn, coins a region, conquest cost saved)
        that a race and its powers bring on this board, asked of their effects."""
        key = (game.board.id, len(game.board), race, powers, game.turn)
        if key not in self._cache:
            land = [i for i in range(len(game.board)) if not game.board.water[i]]
            now = Army(race, powers, seat, picked_turn=game.turn)
            later = Army(race, powers, seat, picked_turn=game.turn - 1)
            raids = Army(race, powers, seat, picked_turn=game.turn - 1, nonempty=2)
            const = _bonus(game, later, [])
            per_region = (_bonus(game, later, land) - const) / max(1, len(land))
            first = _bonus(game, now, []) - const
            const += (_bonus(game, raids, []) - _bonus(game, later, [])) * 0.6
            cut = -sum(c for ab in _effects(later) for i in land
                       for _, c in _safe(lambda ab=ab, i=i: ab.cost_modifiers(game, later, i), [])
                       ) / max(1, len(land))
            self._cache[key] = (first, const, per_region, min(cut, 1.5))
        return self._cache[key]

    def _income(self, tokens: float, held: float, turns: int, traits: tuple[float, ...],
                gain: float | None = None) -> float:
        """Coins a race should score over `turns` turns from `held` regions and `tokens`."""
        first, const, per_region, cut = traits
        cost = (self.FIRST_COST if held == 0 else self.LATER_COST) - cut
        total = first if held == 0 else 0.0
        for k in range(turns):
            held += gain if k == 0 and gain is not None else max(0.0, tokens - held) / max(1.2, cost)
            total += held * (1 + per_region) + const
            lost = held * self.EROSION
            held -= lost
            tokens -= lost
            cost = self.LATER_COST - cut
        return total

    def _new_race(self, game: Game, seat: int, turns: int, coins: int) -> float:
        """The best combo of the column for a race picked now, for `turns` turns."""
        best = 0.0
        for k in range(len(game.column)):
            price = game.combo_price(k)
            if price <= coins:
                best = max(best, self._combo_worth(game, k, seat, turns))
        return best

    def _combo_worth(self, game: Game, k: int, seat: int | None = None,
                     turns: int | None = None) -> float:
        race, power, coins = game.column[k][0], game.column[k][1], game.column[k][2]
        seat = game.seat if seat is None else seat
        turns = game.turns - game.turn + 1 if turns is None else turns
        army = Army(race, (power,), seat, picked_turn=game.turn)
        tokens = game.value_of(race) + game.value_of(power) + sum(
            _safe(lambda ab=ab: ab.extra_tokens(game, army), 0) for ab in _effects(army))
        traits = self._traits(game, race, (power,), seat)
        return self._income(tokens, 0, turns, traits) + coins - game.combo_price(k)

    def _should_decline(self, game: Game, army: Army, actions: list[Action]) -> bool:
        """Carrying on (this turn's reachable targets, then the model; the old in-decline race
        keeps scoring) against going into decline (its regions score while they last, and the
        best affordable combo plays the turns after this one). Never in the last turn."""
        terms = self.decline_terms(game, army, actions)
        return terms is not None and terms[1] + terms[2] > terms[0] + self.decline_margin

    def decline_terms(self, game: Game, army: Army, actions: list[Action]
                      ) -> tuple[float, float, float] | None:
        """(carrying on, the regions' coins in decline, the best fresh combo after), the coins
        each way is expected to bring over the turns left; None in the last turn (the
        advisor, swcore/advisor.py, shows these numbers)."""
        left = game.turns - game.turn + 1
        if left <= 1:
            return None
        seat = army.owner
        held = game.regions_of(army.race)
        tokens = game.on_board(army.race) + army.hand + army.held
        traits = self._traits(game, army.race, army.powers, seat)
        gain = self._gain_now(game, army, actions)
        old = sum(len(game.regions_of(r)) for r in game.declined[seat])
        keep = sum(old * self.DECLINED_KEEP ** k for k in range(left))
        carry_on = self._income(tokens, len(held), left, traits, gain) + keep
        spent = len(held) * sum(self.DECLINED_KEEP ** k for k in range(left))
        fresh = self._new_race(game, seat, left - 1, game.coins[seat] + len(held))
        return carry_on, spent, fresh

    def _gain_now(self, game: Game, army: Army, actions: list[Action]) -> float:
        """Regions the race could take this turn, from the targets it has now."""
        costs = sorted(self._cost(game, a) for a in actions if WORDS[a.do].place == "region"
                       and WORDS[a.do].flags and a.region is not None and _arg(a, Kind.RACE) is None
                       and not _holds(game, a))
        left, gain = game.available(army), 0.0
        for c in costs:
            if c <= left:
                left, gain = left - c, gain + 1
            elif left >= 1:
                return gain + sum(1 for f in DIE_FACES if f >= c - left) / len(DIE_FACES)
        return gain


def _effects(army: Army) -> list[Any]:
    """The race's and powers' effects (those that still work, in decline)."""
    out = [ability(army.race), *(ability(p) for p in army.powers)]
    return [ab for ab in out if ab.works_in_decline] if army.declined else out


def _safe(fn: Any, default: Any) -> Any:
    """An effect asked about a hypothetical army may expect state it does not have: no value."""
    try:
        return fn()
    except Exception:  # noqa: BLE001  (any effect, any expansion: the bot must keep playing)
        return default


def _bonus(game: Game, army: Army, held: list[int]) -> float:
    """The coins the army's effects add to its score over `held`."""
    return sum(c for ab in _effects(army)
               for _, c in _safe(lambda ab=ab: ab.score_bonus(game, army, held), []))


def _holds(game: Game, a: Action) -> bool:
    """Whether the acting race already holds the action's region."""
    army = game.army_of(a.by, a.race)
    return army is not None and game.race[game.board.region(a.region)] == army.race


def _param(action: Action, kind: Kind) -> str | None:
    """The name of the action's parameter of that kind."""
    return next((k for k, p in WORDS[action.do].params.items() if p.kind is kind), None)


def _arg(action: Action, kind: Kind) -> Any:
    """The value the action gives for its parameter of that kind, or None."""
    key = _param(action, kind)
    return action.args.get(key) if key else None


def _is_redeploy(action: Action) -> bool:
    """The placement any race makes (its word lets a player name which race acts)."""
    kinds = {p.kind for p in WORDS[action.do].params.values()}
    return Kind.PLACEMENT in kinds and Kind.RACE in kinds


def _is_chance(action: Action) -> bool:
    """A die rolled before a conquest to make it cheaper (a word whose only input is a die)."""
    word = WORDS[action.do]
    return (bool(word.params) and not word.ends_conquests and word.place not in ("bar", "region")
            and all(p.kind is Kind.DIE for p in word.params.values()))


BOTS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}
