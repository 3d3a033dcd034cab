"""The game object: state, `apply()`, `legal_actions()`, undo/redo, save/load.

Every rule cites its ID in docs/rules/base-game.md (B-...) or ambiguities.md (A-...).
Each action is checked completely before anything changes; the few preparatory steps that
must happen before the check (Ready Troops, the end of the conquest phase) are journaled and
rolled back if the check fails, so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from . import rules  # noqa: F401  (registers the rule modules and their words)
from .actions import Action
from .board import Board, load_board
from .catalogue import BOX, CATALOGUE, DIE_FACES, LOST_TRIBE, in_sets
from .config import Options, default_pool, make_setup, module_options
from .effects import EVENTS, NO_ABILITY, Ability, ability, piece_source
from .errors import InputError, SwError
from .events import Event
from .flow import Decision, FlowMixin
from .kernel.conquest import ConquestMixin
from .kernel.legal import LegalMixin
from .kernel.market import MarketMixin
from .kernel.placement import PlacementMixin
from .kernel.turns import TurnMixin
from .markers import MARKER_KINDS, MARKER_TYPES
from .neutrals import NEUTRALS
from .pieces import PIECES, Placed
from .rules import all as _all_modules  # noqa: F401  (registers every rule module)
from .ruleset import Ruleset
from .saves import SavesMixin
from .state import Army

#: The box count of an item no source gives (catalogue box left blank): effectively no limit.
UNKNOWN_BOX = 1000
_HOOKS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
#: the same key -> where each of those effects comes from (swcore.effects.SOURCES), in order
_SOURCES: dict[tuple[Any, ...], tuple[str, ...]] = {}
_FX: dict[tuple[tuple[Any, ...], str], tuple[Any, ...]] = {}
#: event -> the key of its hearers' table in `effects_with`
_ON: dict[str, str] = {event: "on:" + event for event in EVENTS}
#: (effects, their sources, hook, sources left out) -> the effects overriding it (`_fx_without`)
_FX_WITHOUT: dict[tuple[Any, ...], tuple[Any, ...]] = {}
#: Game attributes a copy shares rather than copies (`Game.copy`): fixed for the whole game,
#: or caches of what the effects are (they depend on the effects and options only).
_SHARED = ("setup", "board", "ruleset", "module_options", "options", "supply", "_tables", "_live")
#: effects tuple -> its dispatch tables (hook -> the effects overriding it) and switches, for
#: every game: an answer depends on the effects only (class attributes, methods, `hears`), so a
#: table built once serves each army with those effects in any game (issue 23: a new army's
#: effects were looked up hook by hook, in each game again)
_TABLES: dict[tuple[Any, ...], dict[str, Any]] = {}
#: the hooks `effects_with` may be asked: Ability's public names and "on:" + each event
_KNOWN = frozenset([n for n in dir(Ability) if not n.startswith("_")] + list(_ON.values()))
#: effect class -> the names of `_KNOWN` it answers other than `Ability` (events aside)
_OVERRIDES: dict[type, tuple[str, ...]] = {}


def _tables_of(hooks: tuple[Any, ...]) -> dict[str, Any]:
    """The dispatch tables of `hooks`, begun with every hook some effect overrides (the others
    are filled in with () when first asked)."""
    tables = _TABLES.get(hooks)
    if tables is None:
        tables = _TABLES[hooks] = {}
        for ab in hooks:
            cls = type(ab)
            names = _OVERRIDES.get(cls)
            if names is None:
                names = _OVERRIDES[cls] = tuple(
                    n for n in sorted(_KNOWN) if n[:3] != "on:" and getattr(cls, n) != getattr(Ability, n))
            for name in (*names, *(_ON[e] for e in ab.hears if e in _ON)):
                tables[name] = tables.get(name, ()) + (ab,)
    return tables


class Game(FlowMixin, MarketMixin, ConquestMixin, PlacementMixin, TurnMixin, LegalMixin, SavesMixin):
    """A game of Small World. Create with `Game.new(...)`; act with `apply(action)`."""

    # ----------------------------------------------------------------------------------
    # Set-up
    # ----------------------------------------------------------------------------------
    def __init__(self, setup: dict[str, Any]):
        self.setup = setup
        m = setup["map"]
        self.board: Board = load_board(m) if isinstance(m, str) else Board.from_map(m)
        self.players: list[str] = list(setup["players"])
        self.ruleset = Ruleset.of(tuple(setup.get("expansions", ())))
        for mod in self.ruleset.modules:  # a module may add to the board (the Necromancer's Island)
            if mod.board is not None:
                self.board = mod.board(self.board, setup)
        #: each module's rule options (`options` are the base game's, read on hot paths)
        self.module_options = module_options(setup.get("options"), self.ruleset.modules)
        self.options: Options = self.module_options["base"]
        self.supply: dict[str, int] = setup.get("supply", {})
        self.seed: int = setup["seed"]
        self.turns: int = setup["turns"]
        self.log: list[dict[str, Any]] = []
        self.redo_stack: list[dict[str, Any]] = []
        self._journal: list[Any] | None = None  # the undo steps of an action under way
        self._reset()

    @classmethod
    def new(
        cls,
        board: str | dict[str, Any] = "base-4p",
        players: list[str] | None = None,
        *,
        seed: int = 0,
        races: list[str] | None = None,
        powers: list[str] | None = None,
        dice: list[int] | None = None,
        coins: int | dict[str, int] | None = None,
        turns: int | None = None,
        options: dict[str, Any] | None = None,
        stacks: str = "shuffled",
        expansions: list[str] | None = None,
        pool: list[str] | None = None,
        values: dict[str, int] | None = None,
        supply: dict[str, int] | None = None,
    ) -> Game:
        """Validate a set-up (every error names its field) and start the game. With
        `stacks="table"`, `races`/`powers` are the six visible combos and each new combo is
        entered with a `reveal` action as it is revealed on the table."""
        return cls(make_setup(board, players, seed=seed, races=races, powers=powers, dice=dice,
                              coins=coins, turns=turns, options=options, stacks=stacks,
                              expansions=expansions, pool=pool, values=values, supply=supply))

    def _reset(self) -> None:
        s, b = self.setup, self.board
        #: printed numbers of the set-up, and those the table read on tiles revealed since
        self.values: dict[str, int] = dict(s.get("values", {}))
        n = len(b)
        self.coins: list[int] = [s["coins"][p] for p in self.players]
        self.turn = 1
        self.seat = 0
        self.finished = False
        self._ended = False  # the `game_end` step has run (see TurnMixin._game_over_event)
        #: advanced whenever what an army holds may change: a region's race, a piece moved,
        #: what a piece carries (`Placed`); an army's cached effects carry the value they were
        #: checked at (`effects_of`)
        self._clock: list[int] = [0]
        self._guarded: dict[frozenset[str], tuple[int, Any]] = {}  # `_guards`, with its clock
        self.race: list[str | None] = [None] * n
        self.where: dict[str, set[int]] = {LOST_TRIBE: set()}
        self._held: dict[str, tuple[int, ...]] = {}  # race -> its regions sorted (`regions_of`)
        self.owner: list[int | None] = [None] * n
        self.tokens: list[int] = [0] * n
        self._place_neutrals()
        self.mk: dict[str, list[int]] = {k: [0] * n for k in MARKER_KINDS}
        self.armies: dict[str, Army] = {}
        self.active: list[str | None] = [None] * len(self.players)
        self.declined: list[list[str]] = [[] for _ in self.players]
        races, powers = s["races"], s["powers"]
        self.column: list[list[Any]] = [[races[i], powers[i], 0] for i in range(6)]
        self.table = s.get("stacks") == "table"  # the column is entered as it lies on the table
        if self.table:  # the stacks' order is unknown: any banner still in them may come up
            sets = s.get("pool") or default_pool(s.get("expansions", []))
            races = races + sorted(set(in_sets("race", sets)) - set(races))
            powers = powers + sorted(set(in_sets("power", sets)) - set(powers))
        self.race_stack: list[str] = list(races[6:])
        self.power_stack: list[str] = list(powers[6:])
        self.power_discard: list[str] = []
        self.reshuffles = 0
        self.rolls = 0
        self.pending: list[Decision] = []  # decisions to settle before play goes on (swcore.flow)
        #: unique pieces (relics, places, ...) -> the region they lie in, None when off the board
        self.pieces: dict[str, int | None] = Placed(self._clock)
        #: piece -> the power it carries, working for its occupant (Stonehedge's badge,
        #: U-PLACE-STONEHEDGE-1)
        self.carried: dict[str, str] = Placed(self._clock)
        self.coins_on: list[int] = [0] * n  # coins lying on regions (Gypsies, Realms Peaks)
        #: each rule module's game-wide state, plain JSON-able data under its module id
        self.module_state: dict[str, Any] = {}
        self.event: str | None = None  # the event in force this round (an effect source)
        #: names this position for the actions `legal_actions` lists (`Action.seal`): replaced
        #: after every action applied, at every replay (undo) and in a copy
        self._mark = object()
        self._fxgen = 0  # bumped whenever an army's effect sources change (see _hooks)
        self._live: tuple[Any, ...] = ()  # `_live_effects`, found at the first look-up
        #: effects tuple -> its dispatch tables and switches (`_fx`, `_switches`): they depend on
        #: the effects and the game's options only, so armies with the same effects share them
        self._tables: dict[tuple[Any, ...], dict[str, Any]] = _TABLES
        self.last_score: list[list[dict[str, Any]] | None] = [None] * len(self.players)
        self.track: list[list[int]] = []  # [turn, seat, coins] after every end of turn
        self._step("round_start", 0)
        self._step("turn_start", 0)
        self._settle()

    def _place_neutrals(self) -> None:
        """Set-up's neutral occupants, from data (B-SETUP-4, U-SETUP-3, X-RW-1): what each region
        holds at the start (`Board.start_neutral`: a Lost Tribe, what its symbols hold) of every
        neutral kind whose rule set is in play, in map order while the box has any (A-RW-05)."""
        sets = ("base", *self.ruleset.ids)
        placed: dict[str, int] = {}
        for i, start in enumerate(self.board.start_neutral):
            for kind, count in start.items():
                entry = NEUTRALS.get(kind)
                if entry is None or entry.expansion not in sets or self.race[i] is not None:
                    continue
                left = self.box_of(kind) - placed.get(kind, 0)
                if left >= count:
                    self.occupy(i, kind, None, count)
                    placed[kind] = placed.get(kind, 0) + count

    # ----------------------------------------------------------------------------------
    # Queries
    # ----------------------------------------------------------------------------------
    @property
    def current(self) -> str:
        """The player whose turn it is."""
        return self.players[self.seat]

    def seat_of(self, player: str, field_name: str = "by") -> int:
        try:
            return self.players.index(player)
        except ValueError:
            raise InputError(field_name, f"{player!r} is not a player of this game") from None

    def regions_of(self, race: str) -> list[int]:
        """The regions `race` occupies, in board order (read from the index kept by `_occupy`)."""
        held = self._held.get(race)
        if held is None:  # sorted once after each change of the race's regions (`occupy`)
            regions = self.where.get(race)
            held = self._held[race] = tuple(sorted(regions)) if regions else ()
        return list(held)

    def on_board(self, race: str) -> int:
        t = self.tokens
        return sum(t[i] for i in self.where.get(race, ()))

    def occupy(self, i: int, race: str | None, owner: int | None, tokens: int) -> None:
        """Region i now holds `tokens` of `race`: the one place that writes occupants, so the
        race -> regions index stays exact."""
        old = self.race[i]
        if old != race:
            if old is not None:
                self.where[old].discard(i)
                self._held.pop(old, None)
            if race is not None:
                self.where.setdefault(race, set()).add(i)
                self._held.pop(race, None)
            self.race[i] = race
            self._clock[0] += 1
        self.owner[i] = owner
        self.tokens[i] = tokens

    def tray(self, race: str) -> int:
        """Tokens of `race` left in the box tray (B-DEF-8)."""
        army = self.armies.get(race)
        out = self.on_board(race) + (army.hand + army.held if army else 0)
        return self.box_of(race) + (self.extra_box(army) if army else 0) - out

    def extra_box(self, army: Army) -> int:
        """Tokens of the army from outside its race's box (`extra_box`: Horde tokens)."""
        return sum(ab.extra_box(self, army) for ab in self.effects_with(army, "extra_box"))

    def combo_tokens(self, position: int) -> int:
        """Race tokens lying on the column combo at `position`, from the modules' own effects
        (the Homunculi's pile, X-BNA-HOM-1); 0 in the base game."""
        return sum(ab.combo_tokens(self, position) for ab in self.ruleset.effects)

    def value_of(self, item: str) -> int:
        """The number printed on a banner or badge (a set-up's `values` override it)."""
        return self.values.get(item, CATALOGUE[item].tokens)

    def box_of(self, item: str) -> int:
        """How many tokens of a race, or pieces of a marker, the box holds (B-DEF-8, B-COMP-4;
        a set-up's `supply` overrides it)."""
        if item in self.supply:
            return self.supply[item]
        if item in BOX:
            return BOX[item]
        if item in MARKER_TYPES and MARKER_TYPES[item].box is not None:
            return MARKER_TYPES[item].box
        return UNKNOWN_BOX  # a count no source gives: no limit unless the set-up's supply says

    def army_of(self, player: str, race: str | None = None) -> Army | None:
        seat = self.seat_of(player, "player")
        if race is None:
            race = self.active[seat]
            return self.armies[race] if race else None
        army = self.armies.get(race)
        return army if army and army.owner == seat else None

    def hand(self, player: str) -> int:
        """Tokens the player holds off the board, all races together."""
        seat = self.seat_of(player, "player")
        return sum(a.hand + a.held for a in self.armies.values() if a.owner == seat)

    def winners(self) -> list[str]:
        """Highest coins; tie-break most race tokens on the board; still tied: shared (B-END).
        A module's `winners(game)` may name them instead (an immediate win, X-NEC-15) and its
        `contenders(game)` leave seats out of the count (A-NEC-04)."""
        seats = set(range(len(self.players)))
        for mod in self.ruleset.modules:
            if mod.winners is not None:
                named = mod.winners(self)
                if named:
                    return named
            if mod.contenders is not None:
                seats &= set(mod.contenders(self))
        key = {s: (self.coins[s], self.board_tokens(s)) for s in seats}
        best = max(key.values())
        return [p for s, p in enumerate(self.players) if s in key and key[s] == best]

    def seen_declined(self, army: Army) -> bool:
        """Whether the other players' abilities treat `army` as a race in decline: its own
        state, or an effect saying so (`counts_as_declined`: the Ghosts, A-NEC-05)."""
        if army.declined:
            return True
        return bool(self.effects_with(army, "counts_as_declined"))

    def board_tokens(self, seat: int) -> int:
        """Race tokens of a player on the board, active and in decline (B-END-2)."""
        t, r = self.tokens, self.race
        return sum(t[i] for i in range(len(r)) if r[i] and r[i] != LOST_TRIBE and self.owner[i] == seat)

    def standings(self) -> list[dict[str, Any]]:
        rows = [
            {"player": p, "coins": self.coins[s], "tokens_on_board": self.board_tokens(s)}
            for s, p in enumerate(self.players)
        ]
        rows.sort(key=lambda r: (-r["coins"], -r["tokens_on_board"]))
        win = set(self.winners())
        for i, row in enumerate(rows):
            row["rank"] = i + 1
            row["winner"] = row["player"] in win
        return rows

    # ----------------------------------------------------------------------------------
    # Applying actions
    # ----------------------------------------------------------------------------------
    def apply(self, action: Action | dict[str, Any]) -> list[Event]:
        """Check and carry out `action`; returns its events. A refusal changes nothing."""
        if isinstance(action, dict):
            action = Action.from_dict(action)
        elif isinstance(action, Action):  # checked again: its values may have changed since,
            if not action.sealed(self._mark):  # unless listed for this position, unchanged
                action = action.checked()
        else:
            raise InputError("action", "must be an Action or a mapping with `by` and `do`")
        journal: list[Any] = []
        self._journal = journal
        try:
            events, logged = self._dispatch(action)
            self._settle()
        except SwError as err:
            for undo in reversed(journal):
                undo()
            err.players, err.regions = tuple(self.players), tuple(self.board.ids)
            raise
        except Exception:  # a bug, not a refusal: rebuild the position from the log, then report
            self._journal = None
            log, redo = self.log, self.redo_stack
            self._replay(log)
            self.redo_stack = redo
            raise
        finally:
            self._journal = None
        self.log.append(logged)
        self.redo_stack.clear()
        self._mark = object()  # a new position: what was listed for the last one is checked again
        return events

    def is_legal(self, action: Action | dict[str, Any]) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action | dict[str, Any]) -> SwError | None:
        """The error `apply` would raise, without changing anything: the action is tried on a
        copy of the position, so this game is never touched and nothing replays."""
        try:
            self.copy().apply(action)
        except SwError as err:
            return err
        return None

    @property
    def turn_flags(self) -> dict[str, Any]:
        """This turn's flags, cleared at each turn's start: picked, declined, scored,
        active_acted, declined_acted, attacked (the seats attacked this turn, A-BASE-08); a
        module may keep its own keys here (they are in `snapshot()["turn_flags"]`)."""
        return self._t

    @property
    def replaying(self) -> bool:
        """True while a stored log is played again (`from_dict`, undo/redo): each entry was
        accepted once, so a rule amended since (a newer rules revision) accepts it again."""
        return self._replaying

    def effects_changed(self) -> None:
        """Every army's effects are gathered afresh at the next look-up: call it after changing
        what gives effects other than an army's own race and powers (the round's event, a power
        bought, pieces set out at once)."""
        self._fxgen += 1

    def copy(self) -> Game:
        """An independent copy of the game (a trial, a film's stored position): the position
        deep-copied; what never changes in a game (set-up, board, rule set, options) and the
        effects' caches shared; the log copied as a list (its entries are never changed)."""
        mine = self.__dict__
        memo: dict[int, Any] = {id(mine[k]): mine[k] for k in _SHARED if k in mine}
        for army in self.armies.values():
            memo[id(army.fx)] = army.fx
        memo[id(self.log)] = list(self.log)
        memo[id(self.redo_stack)] = list(self.redo_stack)
        memo[id(self._guarded)] = {}  # a cache: the copy gathers its own
        other = object.__new__(type(self))
        memo[id(self)] = other
        other.__dict__.update(copy.deepcopy(mine, memo))
        other._journal = None  # an action under way is this game's to roll back, not the copy's
        other._mark = object()  # this game's listed actions are checked in full on the copy
        return other

    # --- journaled preparatory steps --------------------------------------------------
    def journal(self, undo: Any) -> None:
        if self._journal is not None:
            self._journal.append(undo)

    # --- helpers ------------------------------------------------------------------------
    def effects_of(self, army: Army) -> tuple[Any, ...]:
        """The effects that work for `army` now, in a fixed order: its race, each of its
        powers, the objects lying in its regions (relics, places), the current event, then the
        rule modules' own effects; in decline, only those that say they still work (B-DECL-2).
        Built once per situation and shared by every game; an army keeps its own until its
        situation changes (`_fxgen` for all; `army.fx = None` for one, as at its decline) or,
        while pieces lie on the board, the pieces in its regions change (looked at again only
        once the game's `_clock` has moved since they were last checked)."""
        mine = army.fx
        if mine is not None and mine[0] == self._fxgen:
            if mine[4] == self._clock[0] or not (mine[3] or self.pieces):
                return mine[1]
            held = self._objects_held(army) if self.pieces else ()
            if mine[3] == held:
                army.fx = (*mine[:4], self._clock[0])  # the same pieces held: current again
                return mine[1]
        else:
            held = self._objects_held(army) if self.pieces else ()
        live = self._live or self._live_effects()
        key = (live, army.race, army.powers, army.declined, held, self.event)
        hooks = _HOOKS.get(key)
        if hooks is None:
            pairs = [("race", ability(army.race)), *(("power", ability(p)) for p in army.powers),
                     *self._piece_effects(held),
                     *([("event", ability(self.event))] if self.event else []),
                     *(("module", x) for x in live[1:])]
            pairs = [(s, x) for s, x in pairs
                     if x is not NO_ABILITY and (x.works_in_decline or not army.declined)]
            hooks = _HOOKS[key] = tuple(x for _, x in pairs)
            _SOURCES[key] = tuple(s for s, _ in pairs)
        army.fx = (self._fxgen, hooks, _tables_of(hooks), held, self._clock[0])
        return hooks

    def sources(self, army: Army) -> list[tuple[str, Ability]]:
        """The effects working for `army` now, each with where it comes from (race, power,
        relic, place, marker, figure, event, module), in the order they are asked."""
        hooks = self.effects_of(army)
        held = self._objects_held(army) if self.pieces else ()
        key = (self._live, army.race, army.powers, army.declined, held, self.event)
        return list(zip(_SOURCES[key], hooks, strict=True))

    def _live_effects(self) -> tuple[Any, ...]:
        """The rule set's ids, then the modules' own effects that can act on this board (not
        `idle_on` it), found once per game: the first part of the key of `effects_of`."""
        board = self.board
        self._live = (self.ruleset.ids, *(x for x in self.ruleset.effects if not x.idle_on(board)))
        return self._live

    def _fx_without(self, army: Army, hook: str, without: frozenset[str]) -> tuple[Any, ...]:
        """`_fx` with the effects of the sources in `without` left out."""
        pairs = self.sources(army)
        key = (tuple(pairs), hook, without)
        table = _FX_WITHOUT.get(key)
        if table is None:
            keep = {id(ab) for ab in self.effects_with(army, hook)}
            table = _FX_WITHOUT[key] = tuple(ab for src, ab in pairs if src not in without and id(ab) in keep)
        return table

    def _objects_held(self, army: Army) -> tuple[Any, ...]:
        """The unique pieces (relics, places) lying in the army's regions, in id order, then
        (piece, power) for each of them carrying a power (`carried`)."""
        race, mine = self.race, army.race  # hot with Underground's pieces: a plain loop, sorted
        held: tuple[Any, ...] = ()  # only when need be (issue 21)
        for p, i in self.pieces.items():
            if i is not None and race[i] == mine:
                held += (p,)
        if len(held) > 1:
            held = tuple(sorted(held))
        if self.carried:
            held += tuple((p, self.carried[p]) for p in held if p in self.carried)
        return held

    @staticmethod
    def _piece_effects(held: tuple[Any, ...]) -> list[tuple[str, Ability]]:
        """(source, effect) of the pieces held: a piece's own effect, a power it carries as the
        piece's (Stonehedge's badge is a place's, U-PLACE-STONEHEDGE-1)."""
        return [(piece_source(ability(p)), ability(p)) if isinstance(p, str)
                else (PIECES[p[0]].kind, ability(p[1])) for p in held]

    def tell(self, army: Army, event: str, **data: Any) -> list[Event]:
        """The named one-off notification `event` (swcore.effects.EVENTS) told to the army's
        effects that hear it; returns their events."""
        fx = self.effects_with(army, _ON[event])
        if not fx:
            return []
        events: list[Event] = []
        for ab in fx:
            events += ab.on(self, army, event, **data) or []
        return events

    def broadcast(self, event: str, **data: Any) -> list[Event]:
        """A global notification: `event` told to every army's effects that hear it, seats in
        turn order from the current player, each seat's active race first (Historian hears
        every decline)."""
        n = len(self.players)
        events: list[Event] = []
        for k in range(n):
            seat = (self.seat + k) % n
            races = ([self.active[seat]] if self.active[seat] else []) + self.declined[seat]
            for race in races:
                army = self.armies.get(race)
                if army is not None:
                    events += self.tell(army, event, **data)
        return events

    def pay(self, payer: int | None, payee: int | None, coins: int, why: str) -> Event:
        """Coins move between players, or with the bank (None); never below zero (B-SCORE-3
        coins are a player's own). Returns the event naming the rule's reason."""
        if coins < 0:
            raise ValueError("a payment is a positive number of coins")
        if payer is not None:
            coins = min(coins, self.coins[payer])
            self.coins[payer] -= coins
        if payee is not None:
            self.coins[payee] += coins
        who = "the bank" if payer is None else self.players[payer]
        to = "the bank" if payee is None else self.players[payee]
        return self.new_event("pay", f"{who} pays {coins} to {to} ({why})", payer if payer is not None
                           else payee, coins=coins, payer=None if payer is None else self.players[payer],
                           payee=None if payee is None else self.players[payee])

    def _switches(self, army: Army) -> tuple[Any, ...]:
        """The army's data-like switches, asked once per situation (effects answer them from
        what they are, never from the position or the army's data, so armies with the same
        effects share them: `_tables`): may occupy water, enters anywhere, ignores
        adjacency, the effects adding adjacency, the effects refusing targets, the fewest
        tokens per region with its rule, the effects shaping placements (held back, vacated
        regions, a region limit), whether Ready Troops may add tokens (`ready_adds_tokens`) and
        whether a die rolled before choosing replaces the final die (`replaces_final_die`)."""
        mine = army.fx
        if mine is not None and mine[0] == self._fxgen and (
                not self.pieces or mine[4] == self._clock[0]):
            sw = mine[2].get("_switches")
            if sw is not None:
                return sw
        hooks = self.effects_of(army)
        mine = army.fx  # fresh now; its table is shared with every army of the same effects
        tables = mine[2] if mine is not None and mine[1] is hooks else None
        if tables is not None:
            sw = tables.get("_switches")
            if sw is not None:
                return sw
        sw = self._switches_of(army, self.effects_with, hooks)
        if tables is not None:
            tables["_switches"] = sw
        return sw

    def _switches_of(self, army: Army, fx: Any, hooks: tuple[Any, ...]) -> tuple[Any, ...]:
        """The switches of `_switches` from the effects `fx(army, hook)` gives (all of them, or
        some sources left out: `_switches_without`)."""
        least, rule = 1, "B-REDEP-1"
        for ab in fx(army, "min_per_region"):
            if ab.min_per_region > least:
                least, rule = ab.min_per_region, ab.rule
        return (bool(fx(army, "may_occupy_water")), bool(fx(army, "enters_anywhere")),
                bool(fx(army, "ignores_adjacency")),
                fx(army, "extra_adjacent"), fx(army, "refuses_target"), (least, rule),
                fx(army, "held_back"), fx(army, "vacates"), fx(army, "region_limit"),
                any(ab.ready_adds_tokens for ab in fx(army, "on:ready")),
                any(ab.replaces_final_die for ab in hooks))

    def _switches_without(self, army: Army, without: frozenset[str]) -> tuple[Any, ...]:
        """`_switches` with the effects of the sources in `without` left out."""
        kept = tuple(ab for src, ab in self.sources(army) if src not in without)
        return self._switches_of(army, lambda a, hook: self._fx_without(a, hook, without), kept)

    def gives(self, army: Army, name: str) -> bool:
        """Whether any of the army's effects gives the constant answer `name` (a class attribute
        of `Ability` set other than by default: `conquers_in_decline`, `enters_anywhere`...)."""
        mine = army.fx  # the warm path of `effects_with`, inlined: asked on every legal_actions
        if mine is not None and mine[0] == self._fxgen and (
                not self.pieces or mine[4] == self._clock[0]):
            table = mine[2].get(name)
            if table is not None:
                return bool(table)
        return bool(self.effects_with(army, name))

    def effects_with(self, army: Army, hook: str) -> tuple[Any, ...]:
        """Only the effects of `army` that override `hook`, or answer the constant `hook`
        other than by default (a dispatch table built once per situation, so asking a hook
        nobody uses costs one dict look-up)."""
        mine = army.fx
        if mine is not None and mine[0] == self._fxgen and (
                not self.pieces or mine[4] == self._clock[0]):
            table = mine[2].get(hook)
            if table is not None:
                return table
        hooks = self.effects_of(army)
        mine = army.fx
        tables = mine[2] if mine is not None and mine[1] is hooks else None
        if tables is not None:
            table = tables.get(hook)
            if table is not None:
                return table
            if hook in _KNOWN:  # no effect of these overrides it (`_tables_of`)
                table = tables[hook] = ()
                return table
        key = (hooks, hook)  # effects are singletons, so equal tuples mean the same effects
        table = _FX.get(key)
        if table is None:
            if hook[:3] == "on:":  # the effects hearing an event (Ability.on)
                heard = hook[3:]
                table = _FX[key] = tuple(ab for ab in hooks if heard in ab.hears)
            else:
                default = getattr(Ability, hook)
                table = _FX[key] = tuple(ab for ab in hooks if getattr(type(ab), hook) != default)
        if tables is not None:
            tables[hook] = table
        return table

    def roll_die(self, given: int | None) -> int:
        """The reinforcement die (B-COMP-6): a given result, a scripted one, or a seeded roll.
        Journaled: a die rolled while checking an action that is then refused was never rolled
        (the Will-o'-Wisps' early die before another effect refuses the conquest, AU-26)."""
        if given is not None:
            value = given
        elif self.rolls < len(self.setup["dice"]):
            value = self.setup["dice"][self.rolls]
        else:
            value = random.Random(self.seed * 1_000_003 + self.rolls).choice(DIE_FACES)
        self.rolls += 1
        self.journal(self._unroll)
        return value

    def _unroll(self) -> None:
        self.rolls -= 1

    def new_event(self, kind: str, text: str, player: int | None = None, **data: Any) -> Event:
        return Event(kind, self.players[player] if player is not None else None, text, data)

    # ----------------------------------------------------------------------------------
    # Conquest (B-CONQ, B-LOSS, B-FINAL)
    # ----------------------------------------------------------------------------------

    # ----------------------------------------------------------------------------------
    # Special actions of races and powers
    # ----------------------------------------------------------------------------------

    def _logged(self, a: Action, events: list[Event]) -> dict[str, Any]:
        """The action as logged: with the die result it drew, so a replay rolls the same."""
        logged = a.to_dict()
        for ev in events:
            if ev.kind == "roll" and ev.player == a.by:
                logged["roll"] = ev.data["roll"]
        return logged

    # ----------------------------------------------------------------------------------
    # Legal actions
    # ----------------------------------------------------------------------------------

    # Older names, kept for callers outside the engine written before issue 20 (tests).
    _occupy = occupy
    _extra_box = extra_box
    _broadcast = broadcast
