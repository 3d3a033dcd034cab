"""Bots: a uniform random player and a greedy one (best immediate gain)."""

from __future__ import annotations

import random
from typing import Protocol

from .actions import Action
from .game import Game


class Bot(Protocol):
    def choose(self, game: Game, actions: list[Action]) -> Action: ...


class RandomBot:
    """Uniform over legal actions (OpenSpiel's uniform random policy)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, actions: list[Action]) -> Action:
        return actions[self.rng.randrange(len(actions))]


class GreedyBot:
    """Picks the action with the best immediate gain: the cheapest-per-coin combo, the cheapest
    conquest (most valuable region first), otherwise ends the turn; never declines before its
    race has shrunk to a third of the regions it once held."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, actions: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(a.do, []).append(a)
        if "pick" in by_kind:
            return max(by_kind["pick"], key=lambda a: self._combo_value(game, a.combo or 0))
        if game.queue:
            return actions[0]
        if "decline" in by_kind and self._should_decline(game):
            return by_kind["decline"][0]
        plain = [a for a in by_kind.get("conquer", []) if not a.reinforce]
        for word in ("dragon", "convert"):
            if word in by_kind:
                return max(by_kind[word], key=lambda a: self._region_value(game, a.region))
        if plain:
            return min(plain, key=lambda a: (game.quote(a.region, a.by, a.race).cost,
                                             -self._region_value(game, a.region)))
        final = [a for a in by_kind.get("conquer", []) if a.reinforce]
        if final:
            return min(final, key=lambda a: game.quote(a.region, a.by, a.race).cost)
        for word in ("berserk", "fortress", "heroes", "encampments", "ally"):
            if word in by_kind and word != "berserk":
                return by_kind[word][0]
        return by_kind.get("end_turn", actions)[0]

    def _combo_value(self, game: Game, k: int) -> float:
        from .catalogue import CATALOGUE

        race, power, coins = game.column[k]
        tokens = CATALOGUE[race].tokens + CATALOGUE[power].tokens
        return tokens + coins - game.combo_price(k) + self.rng.random() * 0.1

    def _region_value(self, game: Game, rid: str | None) -> float:
        i = game.board.region(rid)
        return 1 + len(game.board.symbols[i]) * 0.5

    def _should_decline(self, game: Game) -> bool:
        army = game.army_of(game.current)
        if army is None:
            return False
        tokens = game.available(army) + len(game.regions_of(army.race))
        return tokens <= 3 and game.turn < game.turns


BOTS = {"random": RandomBot, "greedy": GreedyBot}


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
