"""The set-up of a game, apart from its position: board, seats, seed, stacks and rule options.

`make_setup` checks a set-up given by a person, a scenario, a save or a database row and fills
in its defaults; every error names its field (B-SETUP).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .board import TURNS_BY_PLAYERS, Board, load_board
from .boardspec import MAX_TURNS
from .catalogue import DIE_FACES, POWERS, RACES, in_sets
from .errors import InputError
from .markers import MARKER_TYPES
from .names import player_name, stored_name
from .neutrals import NEUTRALS
from .rules.registry import MODULES
from .ruleset import Ruleset
from .sets import BASE, POOL_SETS, default_pool  # noqa: F401  (default_pool re-exported)

#: The largest seed: a 64-bit signed whole number, as a database or another language stores it.
MAX_SEED = 2**63 - 1


@dataclass
class Options:
    """Named rule options where players really differ (ambiguities.md); defaults are the rulings."""

    #: A-BASE-17: "2018" (Caverns adjacent for Underworld) or "fr2009" (they are not).
    edition: str = "2018"
    #: A-BASE-05: the attacker's own in-decline tokens make a region non-empty.
    own_decline_counts_non_empty: bool = True
    #: A-BASE-02 / B-FINAL-2: the final-conquest target may be at most this many tokens short.
    final_die_max_short: int = 3

    @classmethod
    def from_dict(cls, data: Any) -> Options:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InputError("options", "must be a mapping of rule options")
        known = {f for f in cls.__dataclass_fields__}
        unknown = set(data) - known
        if unknown:
            raise InputError("options", f"unknown rule option(s) {sorted(unknown)}; known: {sorted(known)}")
        opts = cls(**data)
        if opts.edition not in ("2018", "fr2009"):
            raise InputError("options.edition", "must be '2018' or 'fr2009'")
        if not isinstance(opts.own_decline_counts_non_empty, bool):
            raise InputError("options.own_decline_counts_non_empty", "must be true or false")
        short = opts.final_die_max_short
        if isinstance(short, bool) or not isinstance(short, int) or not 0 <= short <= max(DIE_FACES):
            raise InputError("options.final_die_max_short", f"must be a whole number from 0 to "
                             f"{max(DIE_FACES)}: the die shows at most {max(DIE_FACES)} (B-FINAL-2)")
        return opts


def make_setup(board: Any, players: Any, *, seed: Any = 0, races: Any = None, powers: Any = None,
               dice: Any = None, coins: Any = None, turns: Any = None,
               options: Any = None, stacks: Any = "shuffled", expansions: Any = None,
               values: Any = None, supply: Any = None, pool: Any = None,
               extra: Any = None, rolls: Any = None, stored: bool = False) -> dict[str, Any]:
    """Check a game set-up and fill in its defaults (B-SETUP); errors name the field.

    `expansions` selects rule modules; `options` are checked against the schema of the module
    that owns each; `values` overrides the number printed on a banner or badge and `supply` a
    box count (for numbers a single source gives, or none); `pool` names the sets whose banners
    and badges make the stacks (by default the base game's and each surface expansion's in
    play); `extra` holds the set-up keys of rule modules ({key: value}, FORMAT v2: each module's
    `setup_keys` {key: fn(value, context) -> (stored value or None, race and power ids it
    takes out of the stacks)}, run before the stacks are dealt; context: sets, rng, players,
    powers, races, board, stacks) and a module's `off_board_seats` are
    seats the board and turn track do not count (X-NEC-1). `rolls` says who rolls a die outside
    the roller's own action (a defender's Pygmy die): "seed" (drawn at once) or "table" (a
    chance decision entered from the table); by default "table" with table-entered stacks.
    Set-ups stored before it existed lack the key: "seed", so their logs replay as played.
    A `stored` set-up (a save being loaded) has every key its modules store: one missing (a
    file edited by hand) is refused rather than drawn afresh."""
    if isinstance(board, str):
        b = load_board(board)
    else:
        b = Board.from_map(board)
    if not isinstance(players, list) or not 2 <= len(players) <= max(TURNS_BY_PLAYERS):
        raise InputError("players", "2 to 6 players, in seat order")
    name = stored_name if stored else player_name
    names = [name(p, f"players[{k}]") for k, p in enumerate(players)]
    if len({n.casefold() for n in names}) != len(names):
        raise InputError("players", "two players have the same name")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InputError("seed", f"must be a whole number from 0 to {MAX_SEED}")
    chosen = Ruleset.check(expansions)
    sets = check_pool(pool, chosen)
    rng = random.Random(seed)
    modules = Ruleset.of(tuple(chosen)).modules
    own, taken = _module_keys(extra, modules, {"sets": sets, "rng": rng, "players": names,
                                               "powers": powers if isinstance(powers, list) else None,
                                               "races": races if isinstance(races, list) else None,
                                               "board": b, "stacks": stacks}, stored)
    race_list = _draw_order("races", races, tuple(r for r in in_sets("race", sets)
                                                   if r not in taken), rng)
    power_list = _draw_order("powers", powers, tuple(p for p in in_sets("power", sets)
                                                     if p not in taken), rng)
    if turns is None:
        seats = len(names) - sum(m.off_board_seats for m in modules)
        turns = b.turns or TURNS_BY_PLAYERS[max(seats, 2)]
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
        raise InputError("turns", f"must be a whole number of game turns from 1 to {MAX_TURNS}")
    dice = [] if dice is None else dice
    if not isinstance(dice, list) or any(isinstance(d, bool) or d not in DIE_FACES for d in dice):
        raise InputError("dice", "die results are 0, 1, 2 or 3")
    if coins is None:
        coins = 5  # B-SETUP-6
    if isinstance(coins, int) and not isinstance(coins, bool):
        coins = {p: coins for p in names}
    if not isinstance(coins, dict):
        raise InputError("coins", "a number, or a mapping {player: coins}")
    coins = {name(p, f"coins.{p}"): c for p, c in coins.items()}
    for p, c in coins.items():
        if p not in names:
            raise InputError(f"coins.{p}", "not a player of this game")
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise InputError(f"coins.{p}", "must be a whole number of coins")
    coins = {p: coins.get(p, 5) for p in names}
    module_options(options, Ruleset.of(tuple(chosen)).modules)
    if stacks not in ("shuffled", "table"):
        raise InputError("stacks", "'shuffled' (the engine draws) or 'table' (combos are entered "
                                   "as revealed)")
    if stacks == "table" and (len(races or []) != 6 or len(powers or []) != 6):
        raise InputError("races", "with stacks 'table', give the six visible races and powers")
    if stacks == "table":
        race_list, power_list = list(races), list(powers)
    rolls = ("table" if stacks == "table" else "seed") if rolls is None else rolls
    if rolls not in ("seed", "table"):
        raise InputError("rolls", "'seed' (the engine rolls) or 'table' (the table enters each "
                                  "die rolled outside the roller's own action)")
    setup = {"map": board if isinstance(board, str) else b.inline(), "players": names, "seed": seed,
             "races": race_list, "powers": power_list, "dice": list(dice), "coins": coins,
             "turns": turns, "options": dict(options or {})}
    if stacks == "table":
        setup["stacks"] = "table"
    if rolls == "table":
        setup["rolls"] = "table"
    if chosen:  # absent for the base game alone, so base set-ups keep their stored form
        setup["expansions"] = chosen
    setup.update(own)
    if sets != default_pool(chosen):
        setup["pool"] = sets
    for key, value, check in (("values", values, _check_values), ("supply", supply, _check_supply)):
        if value is not None:
            setup[key] = check(value)
    return setup


def module_keys() -> set[str]:
    """Every set-up key a rule module reads (stored at the top of a set-up)."""
    return {k for m in MODULES.values() for k in m.setup_keys}


def _module_keys(extra: Any, modules: tuple[Any, ...], ctx: dict[str, Any],
                 stored: bool = False) -> tuple[dict[str, Any], set[str]]:
    """The modules' set-up keys, checked by their module (a key of a module not in play is
    refused by name), and the race and power ids they take out of the stacks. A key whose
    module stores None is left out of the set-up (an optional key: set-ups without it keep
    their stored form); in a `stored` set-up, a key its module would store is required."""
    extra = {} if extra is None else extra
    if not isinstance(extra, dict):
        raise InputError("setup", "module set-up keys are a mapping")
    own: dict[str, Any] = {}
    taken: set[str] = set()
    read: set[str] = set()
    for m in modules:
        for key, prepare in m.setup_keys.items():
            missing = stored and key not in extra
            try:
                value, out = prepare(extra.get(key), ctx)
            except InputError:  # what the module would draw afresh may not fit a stored set-up
                if missing:
                    raise _missing(key, m.id) from None
                raise
            if missing and value is not None:
                raise _missing(key, m.id)
            read.add(key)
            if value is not None:
                own[key] = value
            taken |= set(out)
    for key in extra:
        if key not in read:
            raise InputError(str(key), "a set-up key of a rule set that is not in play")
    return own, taken


def _missing(key: str, module: str) -> InputError:
    return InputError(str(key), f"missing: a stored set-up with the {module!r} rules holds this key "
                                "(the file was edited?)")




def check_pool(pool: Any, expansions: list[str]) -> list[str]:
    """The sets of the stacks in canonical order; a set of an expansion not in play is refused."""
    if pool is None:
        return default_pool(expansions)
    if not isinstance(pool, list) or not pool or not all(isinstance(p, str) for p in pool):
        raise InputError("pool", "a non-empty list of sets")
    for k, p in enumerate(pool):
        if p not in POOL_SETS:
            raise InputError(f"pool[{k}]", f"unknown set {p!r}; known: {', '.join(POOL_SETS)}")
        if p != BASE and p not in expansions:
            raise InputError(f"pool[{k}]", f"the set {p!r} needs that expansion in play")
    return [p for p in POOL_SETS if p in pool]


def _counts(field_name: str, data: Any, known: Any, high: int) -> dict[str, int]:
    if not isinstance(data, dict):
        raise InputError(field_name, "a mapping {id: number}")
    for k, n in data.items():
        if k not in known:
            raise InputError(f"{field_name}.{k}", "not an id this set-up knows")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= high:
            raise InputError(f"{field_name}.{k}", f"a whole number from 0 to {high}")
    return dict(data)


def _check_values(data: Any) -> dict[str, int]:
    """The number printed on a race's banner or a power's badge, when the table's differs."""
    return _counts("values", data, set(RACES) | set(POWERS), 30)


def _check_supply(data: Any) -> dict[str, int]:
    """How many of a race's tokens, or of a marker or neutral piece, the box holds."""
    return _counts("supply", data, set(RACES) | set(MARKER_TYPES) | set(NEUTRALS), 200)


def option_names(module: Any) -> tuple[str, ...]:
    schema = module.options
    return tuple(schema.__dataclass_fields__) if schema is not None else ()


def module_options(data: Any, modules: tuple[Any, ...]) -> dict[str, Any]:
    """Each selected module's options, checked against that module's own schema; an option of
    a module not in play is refused by name."""
    data = {} if data is None else data
    if not isinstance(data, dict):
        raise InputError("options", "must be a mapping of rule options")
    owner = {name: m.id for m in modules for name in option_names(m)}
    for key in data:
        if key not in owner:
            elsewhere = [m.id for m in MODULES.values() if key in option_names(m)]
            if elsewhere:
                raise InputError(f"options.{key}", f"belongs to the {elsewhere[0]} rules, which "
                                                   "are not in play")
            raise InputError("options", f"unknown rule option(s) {[str(key)]}; known: "
                                        f"{sorted(owner)}")
    return {m.id: m.options.from_dict({k: v for k, v in data.items() if owner[k] == m.id})
            for m in modules if m.options is not None}


def _draw_order(name: str, given: Any, known: tuple[str, ...], rng: random.Random) -> list[str]:
    given = [] if given is None else given
    if not isinstance(given, list):
        raise InputError(name, "must be a list of ids")
    for k, x in enumerate(given):
        if x not in known:
            raise InputError(f"{name}[{k}]", f"unknown id {x!r}; known: {', '.join(known)}")
    if len(set(given)) != len(given):
        raise InputError(name, "an id is listed twice")
    rest = [x for x in known if x not in given]
    rng.shuffle(rest)
    return list(given) + rest


