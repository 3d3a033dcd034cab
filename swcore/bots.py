"""Bots: a uniform random player and a greedy one (best immediate gain)."""

from __future__ import annotations

import random
from typing import Any, Protocol

from .actions import Action
from .game import Game
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
