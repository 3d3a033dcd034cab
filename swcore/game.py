"""The game object: state, `apply()`, `legal_actions()`, undo/redo, save/load.

Every rule cites its ID in ../shared/rules/base-game.md (B-...) or ambiguities.md (A-...).
Each action is checked completely before anything changes; the few preparatory steps that
must happen before the check (Ready Troops, the end of the conquest phase) are journaled and
rolled back if the check fails, so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field
from typing import Any

from . import rules  # noqa: F401  (registers the rule modules and their words)
from .actions import Action
from .board import TURNS_BY_PLAYERS, Board, load_board
from .catalogue import BOX, CATALOGUE, DIE_FACES, LOST_TRIBE, MARKERS, POWERS, RACES, race_name
from .effects import Ability, ability
from .errors import InputError, RuleError, SwError
from .events import Event
from .rules.base import Base  # noqa: F401
from .words import WORDS

_HOOKS: dict[tuple[str, str | None, bool], tuple[Any, ...]] = {}
SAVE_FORMAT = "swcore-game"
SAVE_VERSION = 1
DEFENCE_MARKERS = ("lair", "fortress", "encampment")
IMMUNE_MARKERS = ("hole", "hero", "dragon")
MARKER_KINDS = DEFENCE_MARKERS + IMMUNE_MARKERS


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
        if not isinstance(opts.final_die_max_short, int) or opts.final_die_max_short < 0:
            raise InputError("options.final_die_max_short", "must be a whole number")
        return opts


@dataclass(slots=True)
class Army:
    """One race banner in play: its power, owner, tokens in hand and this turn's bookkeeping."""

    race: str
    power: str | None
    owner: int
    declined: bool = False
    hand: int = 0
    held: int = 0  # off the board but not in hand: the Amazons' 4 (B-RACE-AMAZONS-2)
    picked_turn: int = 0
    holes: int = 0  # Holes-in-the-Ground ever placed (A-BASE-09)
    camps: int = 0  # Encampments waiting to be placed (B-POW-BIVOUACKING-2)
    # This turn only:
    ready: bool = False
    over: bool = False
    conquests: int = 0
    nonempty: int = 0
    roll: int | None = None
    redeployed: bool = False
    withdrawn: int = 0  # tokens taken back during the attacker's turn (B-LOSS-2)
    used: list[str] = field(default_factory=list)  # once-per-turn actions used

    def new_turn(self) -> None:
        self.ready = self.over = self.redeployed = False
        self.conquests = self.nonempty = 0
        self.roll = None
        self.used = []


@dataclass(slots=True)
class Quote:
    """What conquering a region would cost, and why; `reason` is set when it is not allowed."""

    region: str
    cost: int
    breakdown: list[tuple[str, int]]
    reason: RuleError | None = None

    @property
    def allowed(self) -> bool:
        return self.reason is None


class Game:
    """A game of Small World. Create with `Game.new(...)`; act with `apply(action)`."""

    # ----------------------------------------------------------------------------------
    # Set-up
    # ----------------------------------------------------------------------------------
    def __init__(self, setup: dict[str, Any]):
        self.setup = setup
        m = setup["map"]
        self.board: Board = load_board(m) if isinstance(m, str) else Board.from_map(m)
        self.players: list[str] = list(setup["players"])
        self.options = Options.from_dict(setup.get("options"))
        self.seed: int = setup["seed"]
        self.turns: int = setup["turns"]
        self.log: list[dict[str, Any]] = []
        self.redo_stack: list[dict[str, Any]] = []
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
    ) -> Game:
        """Validate a set-up (every error names its field) and start the game. With
        `stacks="table"`, `races`/`powers` are the six visible combos and each new combo is
        entered with a `reveal` action as it is revealed on the table."""
        return cls(make_setup(board, players, seed=seed, races=races, powers=powers, dice=dice,
                              coins=coins, turns=turns, options=options, stacks=stacks))

    def _reset(self) -> None:
        s, b = self.setup, self.board
        n = len(b)
        self.coins: list[int] = [s["coins"][p] for p in self.players]
        self.turn = 1
        self.seat = 0
        self.finished = False
        self.race: list[str | None] = [LOST_TRIBE if lt else None for lt in b.lost_tribe]
        self.owner: list[int | None] = [None] * n
        self.tokens: list[int] = [1 if lt else 0 for lt in b.lost_tribe]
        self.mk: dict[str, list[int]] = {k: [0] * n for k in MARKER_KINDS}
        self.armies: dict[str, Army] = {}
        self.active: list[str | None] = [None] * len(self.players)
        self.declined: list[list[str]] = [[] for _ in self.players]
        races, powers = s["races"], s["powers"]
        self.column: list[list[Any]] = [[races[i], powers[i], 0] for i in range(6)]
        self.table = s.get("stacks") == "table"  # the column is entered as it lies on the table
        if self.table:  # the stacks' order is unknown: any banner still in them may come up
            races, powers = races + sorted(set(RACES) - set(races)), powers + sorted(set(POWERS) - set(powers))
        self.race_stack: list[str] = list(races[6:])
        self.power_stack: list[str] = list(powers[6:])
        self.power_discard: list[str] = []
        self.reshuffles = 0
        self.rolls = 0
        self.queue: list[str] = []  # races whose withdrawn tokens wait to be placed (B-LOSS-2)
        self.peace: list[int | None] = [None] * len(self.players)  # Diplomat's ally, by seat
        self.last_score: list[list[dict[str, Any]] | None] = [None] * len(self.players)
        self.track: list[list[int]] = []  # [turn, seat, coins] after every end of turn
        self._start_turn()

    # ----------------------------------------------------------------------------------
    # Queries
    # ----------------------------------------------------------------------------------
    @property
    def current(self) -> str:
        """The player whose turn it is."""
        return self.players[self.seat]

    @property
    def to_act(self) -> str | None:
        """Who must act next: a defender placing withdrawn tokens, else the current player."""
        if self.queue:
            return self.players[self.armies[self.queue[0]].owner]
        return None if self.game_over else self.current

    @property
    def game_over(self) -> bool:
        return self.finished and not self.queue

    def seat_of(self, player: str, field_name: str = "by") -> int:
        try:
            return self.players.index(player)
        except ValueError:
            raise InputError(field_name, f"{player!r} is not a player of this game") from None

    def regions_of(self, race: str) -> list[int]:
        r = self.race
        return [i for i in range(len(r)) if r[i] == race]

    def on_board(self, race: str) -> int:
        r, t = self.race, self.tokens
        return sum(t[i] for i in range(len(r)) if r[i] == race)

    def tray(self, race: str) -> int:
        """Tokens of `race` left in the box tray (B-DEF-8)."""
        army = self.armies.get(race)
        out = self.on_board(race) + (army.hand + army.held if army else 0)
        return BOX[race] - out

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
        """Highest coins; tie-break most race tokens on the board; still tied: shared (B-END)."""
        key = [(self.coins[s], self.board_tokens(s)) for s in range(len(self.players))]
        best = max(key)
        return [p for s, p in enumerate(self.players) if key[s] == best]

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
        elif not isinstance(action, Action):
            raise InputError("action", "must be an Action or a mapping with `by` and `do`")
        journal: list[Any] = []
        self._journal = journal
        try:
            events, logged = self._dispatch(action)
        except SwError:
            for undo in reversed(journal):
                undo()
            raise
        finally:
            self._journal = None
        self.log.append(logged)
        self.redo_stack.clear()
        return events

    def is_legal(self, action: Action | dict[str, Any]) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action | dict[str, Any]) -> SwError | None:
        """The error `apply` would raise, without changing anything."""
        saved = self.to_dict()
        try:
            self.apply(action)
        except SwError as err:
            return err
        self._restore(saved)
        return None

    def _dispatch(self, a: Action) -> tuple[list[Event], dict[str, Any]]:
        if self.game_over:
            raise RuleError("B-END-1", "the game is over")
        seat = self.seat_of(a.by)
        if a.do == "reveal" or self.needs_reveal:
            if a.do != "reveal":
                raise RuleError("B-COMBO-6", "first enter the combo revealed at the bottom of the "
                                             "column (reveal)")
            return self._do_reveal(seat, a)
        if self.queue:
            if a.do != "redeploy":
                defender = self.players[self.armies[self.queue[0]].owner]
                raise RuleError("B-LOSS-2", f"{defender} must first place the tokens withdrawn from "
                                            f"conquered regions (redeploy)")
            return self._withdrawal_redeploy(seat, a), a.to_dict()
        if seat != self.seat:
            raise RuleError("B-FLOW-1", f"it is {self.current}'s turn, not {a.by}'s")
        handler = getattr(self, "_do_" + a.do, None)
        if handler is not None:
            return handler(seat, a)
        events = self._special(seat, a)
        return events, self._logged(a, events)

    # --- journaled preparatory steps --------------------------------------------------
    def _note(self, undo: Any) -> None:
        if self._journal is not None:
            self._journal.append(undo)

    def _ready(self, army: Army) -> None:
        """Ready Troops (B-READY-1): all but one token per region (and held tokens) to hand."""
        if army.ready:
            return
        keep = ability(army.race).min_per_region(self, army)
        before = [(i, self.tokens[i]) for i in self.regions_of(army.race)]
        hand, held = army.hand, army.held
        for i, t in before:
            if t > keep:
                self.tokens[i] = keep
                army.hand += t - keep
        army.hand += army.held
        army.held = 0
        army.ready = True

        def undo() -> None:
            for i, t in before:
                self.tokens[i] = t
            army.hand, army.held, army.ready = hand, held, False

        self._note(undo)

    def _end_conquests(self, army: Army) -> list[Event]:
        """The conquest phase of `army` ends (B-REDEP): Skeletons and the like gain now."""
        if army.over:
            return []
        hand, roll = army.hand, army.roll
        army.over = True
        army.roll = None
        events: list[Event] = []
        for ab in self._hooks(army):
            events += ab.on_conquest_end(self, army)

        def undo() -> None:
            army.over, army.hand, army.roll = False, hand, roll

        self._note(undo)
        return events

    # --- helpers ------------------------------------------------------------------------
    def _hooks(self, army: Army) -> tuple[Any, ...]:
        """The abilities that work for `army` now: race and power, fewer in decline."""
        key = (army.race, army.power, army.declined)
        hooks = _HOOKS.get(key)
        if hooks is None:
            r, p = ability(army.race), ability(army.power)
            hooks = tuple(x for x in (r, p) if x.works_in_decline) if army.declined else (r, p)
            _HOOKS[key] = hooks
        return hooks

    def _acting(self, seat: int, by: str, race: str | None) -> Army:
        """The army an action of the current player addresses: the active race by default."""
        t = self._t
        if t["declined"] and race is None:
            raise RuleError("B-DECL-5", "the race went into decline this turn: only end_turn remains")
        if race is None:
            active = self.active[seat]
            if active is None:
                raise RuleError("B-FLOW-4", f"{by} has no active race: pick a combo first")
            army = self.armies[active]
        else:
            army = self.armies.get(race)
            if army is None or army.owner != seat:
                raise RuleError("B-DECL-8", f"{by} has no {race_name(race)} on the board")
        t = self._t
        if army.declined:
            if not ability(army.race).conquers_in_decline(self, army):
                raise RuleError("B-DECL-8", f"in-decline {race_name(army.race)} never conquer, "
                                            "abandon or redeploy")
            if t["declined"]:
                raise RuleError("A-BASE-03", "no race conquers in a turn spent going into decline")
            if t["active_acted"] or army.over:
                raise RuleError("A-BASE-03", f"in-decline {race_name(army.race)} act at the start of "
                                             "the turn, before the active race")
            if not t["ghouls_acted"]:
                t["ghouls_acted"] = True
                self._note(lambda: t.__setitem__("ghouls_acted", False))
        else:
            if t["declined"]:
                raise RuleError("B-DECL-5", "the race went into decline this turn: only end_turn remains")
            self._close_ghouls(seat, army)
        return army

    def _close_ghouls(self, seat: int, acting: Army) -> None:
        """The active race acts: any in-decline Ghoul sub-turn is over (A-BASE-03)."""
        if self._t["active_acted"]:
            return
        self._t["active_acted"] = True
        self._note(lambda: self._t.__setitem__("active_acted", False))
        for race in self.declined[seat]:
            ghoul = self.armies[race]
            if ghoul.ready and not ghoul.redeployed and ghoul is not acting:
                self._end_conquests(ghoul)
                self._place(ghoul, self.default_placement(ghoul), journal=True)

    def _place(self, army: Army, tokens: dict[int, int], journal: bool = False) -> None:
        """Set the race's tokens to exactly `tokens`; regions left out are abandoned."""
        old = {i: (self.tokens[i], self.race[i], self.owner[i]) for i in self.regions_of(army.race)}
        hand, held, redeployed = army.hand, army.held, army.redeployed
        total = sum(t for t, _, _ in old.values()) + army.hand + army.held
        for i in old:
            if i not in tokens:
                self._clear(i)
        for i, n in tokens.items():
            self.tokens[i] = n
        placed = sum(tokens.values())
        army.held = ability(army.race).held_back(self, army, total) if not army.declined else 0
        army.hand = total - placed - army.held
        army.redeployed = True
        if journal:
            def undo() -> None:
                for i, (t, r, o) in old.items():
                    self.tokens[i], self.race[i], self.owner[i] = t, r, o
                army.hand, army.held, army.redeployed = hand, held, redeployed
            self._note(undo)

    def _clear(self, i: int) -> None:
        """Empty region i of tokens and markers (encampments go back to their owner)."""
        race = self.race[i]
        camps = self.mk["encampment"][i]
        if camps and race in self.armies:
            self.armies[race].camps += camps
        for k in MARKER_KINDS:
            self.mk[k][i] = 0
        self.race[i] = None
        self.owner[i] = None
        self.tokens[i] = 0

    def _roll(self, given: int | None) -> int:
        """The reinforcement die (B-COMP-6): a given result, a scripted one, or a seeded roll."""
        if given is not None:
            value = given
        elif self.rolls < len(self.setup["dice"]):
            value = self.setup["dice"][self.rolls]
        else:
            value = random.Random(self.seed * 1_000_003 + self.rolls).choice(DIE_FACES)
        self.rolls += 1
        return value

    def _event(self, kind: str, text: str, player: int | None = None, **data: Any) -> Event:
        return Event(kind, self.players[player] if player is not None else None, text, data)

    # ----------------------------------------------------------------------------------
    # Picking a combo (B-COMBO)
    # ----------------------------------------------------------------------------------
    def combo_price(self, k: int) -> int:
        """Coins to pay for column position k: one on each combo above (B-COMBO-2)."""
        return sum(self._combo_step(j) for j in range(k))

    def _combo_step(self, j: int) -> int:
        return 1

    def _do_pick(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        t = self._t
        if self.active[seat] is not None:
            raise RuleError("B-FLOW-5", f"{a.by} already has an active race; a new combo comes only "
                                        "after going into decline")
        if t["declined"]:
            raise RuleError("B-DECL-5", "no new combo in the turn the race goes into decline")
        if t["picked"]:
            raise RuleError("B-FLOW-4", "one combo per turn")
        k = a.combo
        if k is None or k >= len(self.column):
            raise RuleError("B-COMBO-1", f"only positions 0 to {len(self.column) - 1} of the column "
                                         "are visible")
        price = self.combo_price(k)
        if self.coins[seat] < price:
            raise RuleError("B-COMBO-3", f"position {k} costs {price} coins; {a.by} has {self.coins[seat]}")
        self._close_ghouls(seat, None)  # type: ignore[arg-type]
        for j in range(k):
            self.column[j][2] += self._combo_step(j)
        race, power, lying = self.column.pop(k)
        self.coins[seat] += lying - price
        army = Army(race=race, power=power, owner=seat, picked_turn=self.turn, ready=True)
        self.armies[race] = army
        self.active[seat] = race
        want = CATALOGUE[race].tokens + CATALOGUE[power].tokens
        for ab in self._hooks(army):
            want += ab.extra_tokens(self, army)
        army.hand = min(want, BOX[race])
        t["picked"] = True
        self._refill()
        ev = self._event(
            "pick", f"{a.by} picks {race_name(race)} / {CATALOGUE[power].english} at position {k}: "
                    f"pays {price}, collects {lying}, receives {army.hand} tokens",
            seat, race=race, power=power, combo=k, paid=price, collected=lying, tokens=army.hand)
        return [ev], a.to_dict()

    @property
    def needs_reveal(self) -> bool:
        """A table-entered column waits for the combo that was revealed at its bottom."""
        return self.table and len(self.column) < 6 and bool(self.race_stack)

    def _do_reveal(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        if not self.needs_reveal:
            raise RuleError("B-COMBO-6", "the column already shows six combos (or no banner is left)")
        if a.race not in self.race_stack:
            raise RuleError("B-COMBO-6", f"{a.race!r} is not in the banner stack: on the board or "
                                         "already in the column")
        if a.player not in self.power_stack and a.player not in self.power_discard:
            raise RuleError("B-COMBO-7", f"{a.player!r} is not in the badge stack or the discards")
        self.race_stack.remove(a.race)
        (self.power_stack if a.player in self.power_stack else self.power_discard).remove(a.player)
        self.column.append([a.race, a.player, 0])
        return [self._event("reveal", f"revealed at the bottom of the column: {race_name(a.race)} / "
                                      f"{CATALOGUE[a.player].english}", seat, race=a.race,
                            power=a.player)], a.to_dict()

    def _refill(self) -> None:
        """Six visible combos while banners remain (B-COMBO-6); badges reshuffled (B-COMBO-7)."""
        while len(self.column) < 6 and self.race_stack and not self.table:
            self.column.append([self.race_stack.pop(0), self._draw_power(), 0])

    def _draw_power(self) -> str:
        if not self.power_stack:
            pile = sorted(self.power_discard)
            random.Random(self.seed * 7919 + 104_729 * (self.reshuffles + 1)).shuffle(pile)
            self.power_stack, self.power_discard = pile, []
            self.reshuffles += 1
        return self.power_stack.pop(0)

    def _remove_army(self, race: str) -> Event:
        """A race leaves the board (B-DECL-6, B-LOSS-6, B-COMBO-8)."""
        army = self.armies.pop(race)
        for i in self.regions_of(race):
            self._clear(i)
        if army.power:
            self.power_discard.append(army.power)
        if race in self.declined[army.owner]:
            self.declined[army.owner].remove(race)
        if self.active[army.owner] == race:
            self.active[army.owner] = None
        if race in self.queue:
            self.queue.remove(race)
        self.race_stack.append(race)
        self._refill()
        return self._event("race_gone", f"{race_name(race)} leave the board; the banner goes back "
                                        "under the stack", army.owner, race=race)

    # ----------------------------------------------------------------------------------
    # Conquest (B-CONQ, B-LOSS, B-FINAL)
    # ----------------------------------------------------------------------------------
    def quote(self, region: str, player: str | None = None, race: str | None = None,
              mode: str = "conquer") -> Quote:
        """Cost of conquering `region` for the player's active race (or `race`), with its
        breakdown, and the reason when the conquest is not allowed now (map tooltip)."""
        seat = self.seat if player is None else self.seat_of(player, "player")
        i = self.board.region(region)
        army = self.armies.get(race) if race else (self.armies.get(self.active[seat] or ""))
        if army is None or army.owner != seat:
            err = RuleError("B-FLOW-4", "no race to conquer with: pick a combo first")
            return Quote(region, 0, [], err)
        if not army.declined and self._ghouls_pending(seat):
            return self._preview(lambda: (self._close_ghouls(seat, army),
                                          self.quote(region, player, race, mode))[1])
        cost, parts = self._cost(army, i)
        reason = self._target_error(army, i, mode)
        return Quote(region, cost, parts, reason)

    def _cost_value(self, army: Army, i: int) -> int:
        """`_cost` without its breakdown, for legal_actions (the same sum, computed lean)."""
        mk = self.mk
        c = 2 + (self.board.terrain[i] == "mountain")
        for k in DEFENCE_MARKERS:
            c += mk[k][i]
        race = self.race[i]
        if race is not None and race != army.race:
            c += self.tokens[i]
        for ab in self._hooks(army):
            for _, d in ab.cost_modifiers(self, army, i):
                c += d
        if army.roll is not None:
            c -= army.roll
        return c if c > 1 else 1

    def _cost(self, army: Army, i: int) -> tuple[int, list[tuple[str, int]]]:
        """B-CONQ-2: 2 + markers + tokens, then race/power reductions, at least 1 (B-CONQ-3)."""
        parts: list[tuple[str, int]] = [("base", 2)]
        if self.board.terrain[i] == "mountain":
            parts.append(("mountain", 1))
        mk = self.mk
        for k in DEFENCE_MARKERS:
            if mk[k][i]:
                parts.append((k, mk[k][i]))
        race = self.race[i]
        if race and race != army.race:
            label = "lost tribe" if race == LOST_TRIBE else race_name(race)
            parts.append((label, self.tokens[i]))
        for ab in self._hooks(army):
            parts += ab.cost_modifiers(self, army, i)
        if army.roll is not None:  # Berserk: the die rolled before choosing (A-BASE-06)
            parts.append(("berserk die", -army.roll))
        total = sum(p[1] for p in parts)
        if total < 1:
            parts.append(("minimum 1", 1 - total))
            total = 1
        return total, parts

    def _reach(self, army: Army) -> tuple[Any, ...]:
        """What decides where `army` may go, computed once: (held regions, regions next to them,
        hooks, may enter water, may enter anywhere, ignores adjacency, has extra adjacency)."""
        held = self.regions_of(army.race)
        adj = self.board.adjacent_sets
        near: set[int] = set()
        for j in held:
            near |= adj[j]
        hooks = self._hooks(army)
        return (held, near, hooks, any(ab.may_occupy_water(self, army) for ab in hooks),
                any(ab.enters_anywhere(self, army) for ab in hooks),
                any(ab.ignores_adjacency(self, army) for ab in hooks),
                any(type(ab).extra_adjacent is not Ability.extra_adjacent for ab in hooks))

    def _target_error(self, army: Army, i: int, mode: str = "conquer",
                      reach: tuple[Any, ...] | None = None, explain: bool = True) -> Any:
        """Why `army` may not conquer region i (None when it may): a RuleError, or just its rule
        ID when `explain` is false (legal_actions asks for every region, so this is hot)."""
        b = self.board
        held, near, hooks, water_ok, anywhere, free, _ = reach or self._reach(army)
        seat = army.owner
        rid = b.ids[i]
        if b.water[i] and not water_ok:
            return explain and RuleError("B-CONQ-4", f"{rid} is a {b.terrain[i]}: seas and the lake "
                                                     "cannot be conquered") or "B-CONQ-4"
        race = self.race[i]
        if race == army.race:
            return explain and RuleError("B-CONQ-2", f"{rid} is already held by these "
                                                     f"{race_name(race)}") or "B-CONQ-2"
        owner = self.owner[i]
        if race is not None and race != LOST_TRIBE:
            defender = self.armies[race]
            if owner == seat:
                if not defender.declined and not army.declined:
                    return explain and RuleError("B-CONQ-2", f"{rid} is held by "
                                                 f"{self.players[seat]}'s own active race") or "B-CONQ-2"
            else:
                mk = self.mk
                for k in IMMUNE_MARKERS:
                    if mk[k][i]:
                        return explain and RuleError("B-DEF-5", f"{rid} is immune: its {k} protects "
                                                                "it") or "B-DEF-5"
                if self.peace[owner] == seat and not army.declined and not defender.declined:
                    return explain and RuleError(
                        "B-POW-DIPLOMAT-1", f"{self.players[owner]} made peace with "
                        f"{self.players[seat]}: their active race cannot be attacked") or "B-POW-DIPLOMAT-1"
        if mode == "convert":
            if not race or race == LOST_TRIBE or owner == seat or self.armies[race].declined:
                return RuleError("B-RACE-SORCERERS-1", f"{rid} holds no opponent's active race")
            if self.tokens[i] != 1:
                return RuleError("B-RACE-SORCERERS-2", f"{rid} holds {self.tokens[i]} tokens; only a "
                                                       "lone token can be converted")
            if self.mk["encampment"][i]:
                return RuleError("B-RACE-SORCERERS-2", f"an Encampment protects the token in {rid}")
        if not held:
            if not b.entry[i] and not anywhere:
                return explain and RuleError("B-CONQ-1", f"{rid} is not a border region: a race "
                                             "enters the board by the edge or by a sea on the "
                                             "edge") or "B-CONQ-1"
        elif i not in near and not free:
            if not any(ab.extra_adjacent(self, army, i, held) for ab in hooks):
                return explain and RuleError("B-CONQ-5", f"{rid} is not adjacent to a region of the "
                                                         f"{race_name(army.race)}") or "B-CONQ-5"
        return None

    def _candidates(self, reach: tuple[Any, ...]) -> Any:
        """Regions worth testing as targets: the neighbours, unless the race may go further."""
        held, near, _, _, _, free, extra = reach
        if not held or free or extra:
            return range(len(self.board))
        return sorted(near.difference(held))

    def _conquest_open(self, army: Army) -> None:
        """Refuse a conquest once the race's conquests are over for the turn (B-FINAL-4)."""
        if army.over:
            raise RuleError("B-FINAL-4", "the conquests of this race are over for this turn")

    def _do_conquer(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        army = self._acting(seat, a.by, a.race)
        if a.roll is not None and not a.reinforce:
            raise InputError("action.roll", "a die result goes with `reinforce: true`")
        self._ready(army)
        self._conquest_open(army)
        i = self.board.region(a.region)
        err = self._target_error(army, i)
        if err:
            raise err
        if army.hand < 1:
            raise RuleError("B-CONQ-3", "no tokens left in hand to conquer with")
        cost, parts = self._cost(army, i)
        logged = a.to_dict()
        if a.reinforce:
            if army.roll is not None or any(ab.replaces_final_die for ab in self._hooks(army)):
                raise RuleError("A-BASE-06", "Berserk rolls before choosing (berserk), not after")
            if army.hand >= cost:
                raise RuleError("B-FINAL-1", f"{a.region} costs {cost} and {army.hand} tokens are in "
                                             "hand: conquer it without the die")
            short = cost - army.hand
            if short > self.options.final_die_max_short:
                raise RuleError("B-FINAL-2", f"{a.region} needs {short} more tokens than in hand; "
                                             "the die gives at most 3")
            roll = self._roll(a.roll)
            logged["roll"] = roll
            events = [self._event("roll", f"{a.by} rolls the reinforcement die for {a.region}: {roll}",
                                  seat, roll=roll, region=a.region)]
            if army.hand + roll >= cost:  # B-FINAL-3: all the tokens in hand go in
                events += self._take(army, i, army.hand, cost, parts)
            else:
                events.append(self._event("final_failed", f"the final conquest of {a.region} fails "
                                          f"({army.hand} + {roll} < {cost})", seat, region=a.region))
            return events + self._end_conquests(army), logged  # B-FINAL-4
        if army.hand < cost:
            if army.roll is None:
                raise RuleError("B-CONQ-2", f"{a.region} costs {cost} tokens; {army.hand} in hand")
            # A-BASE-06: with too few tokens after the Berserk roll, this was the last attempt.
            self._end_conquests(army)
            return [self._event("final_failed", f"the Berserk attack on {a.region} falls short "
                                f"({army.hand} < {cost}): the conquests are over", seat,
                                region=a.region)], logged
        army.roll = None
        return self._take(army, i, cost, cost, parts), logged

    def _take(self, army: Army, i: int, committed: int, cost: int,
              parts: list[tuple[str, int]]) -> list[Event]:
        """Region i changes hands (B-CONQ-6, B-LOSS-1); `committed` tokens come from hand."""
        seat = army.owner
        rid = self.board.ids[i]
        events = self._evict(army, i)
        self.race[i] = army.race
        self.owner[i] = seat
        self.tokens[i] = committed
        army.hand -= committed
        army.conquests += 1
        for ab in self._hooks(army):
            ab.on_conquered(self, army, i)
        detail = ", ".join(f"{k} {v:+d}" if k != "base" else f"{k} {v}" for k, v in parts)
        events.insert(0, self._event(
            "conquer", f"{self.players[seat]}'s {race_name(army.race)} conquer {rid} with {committed} "
                       f"token{'s' if committed != 1 else ''} (cost {cost}: {detail})",
            seat, region=rid, race=army.race, cost=cost, committed=committed, breakdown=parts))
        return events

    def _evict(self, army: Army, i: int) -> list[Event]:
        """The previous occupants of region i lose one token and withdraw the rest (B-LOSS)."""
        race, n = self.race[i], self.tokens[i]
        events: list[Event] = []
        seat = army.owner
        if race is None:
            self._clear(i)
            return events
        own_decline = race != LOST_TRIBE and self.owner[i] == seat
        if not own_decline or self.options.own_decline_counts_non_empty:
            army.nonempty += 1  # B-DEF-4, tested before the conquest
        if race == LOST_TRIBE:
            self._clear(i)
            return [self._event("lost_tribe", f"the Lost Tribe of {self.board.ids[i]} is wiped out",
                                seat, region=self.board.ids[i])]
        defender = self.armies[race]
        if not defender.declined and not army.declined:  # an attack by the active race (A-BASE-08)
            self._t["attacked"].add(defender.owner)
        loss = min(n, ability(defender.race).defender_loss(self, defender) if not defender.declined
                   else 1)
        back = n - loss
        self._clear(i)
        if back and defender.declined and not ability(race).conquers_in_decline(self, defender):
            back = 0  # an in-decline race never redeploys (B-DECL-8)
        defender.hand += back
        if defender.owner != seat or defender.declined:
            defender.withdrawn += back
        # else: the owner's own active race, attacked by its in-decline Ghouls, acts later in
        # this same turn, so the withdrawn tokens simply join its hand (B-LOSS-2, A-BASE-03).
        events.append(self._event(
            "loss", f"{self.players[defender.owner]}'s {race_name(race)} lose {self.board.ids[i]}: "
                    f"{loss} discarded, {back} taken back", defender.owner,
            region=self.board.ids[i], race=race, lost=loss, withdrawn=back))
        if not self.regions_of(race) and defender.hand == 0 and defender.held == 0 and defender.declined:
            events.append(self._remove_army(race))
        return events

    def _do_abandon(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        army = self._acting(seat, a.by, a.race)
        self._ready(army)
        i = self.board.region(a.region)
        if army.conquests or army.over:
            raise RuleError("A-BASE-07", "regions are abandoned only at Ready Troops, before the "
                                         "first conquest of the turn")
        if self.race[i] != army.race:
            raise RuleError("B-READY-2", f"{a.region} is not held by these {race_name(army.race)}")
        army.hand += self.tokens[i]
        self._clear(i)
        return [self._event("abandon", f"{a.by} abandons {a.region}", seat, region=a.region,
                            race=army.race)], a.to_dict()

    # ----------------------------------------------------------------------------------
    # Redeployment (B-REDEP, B-LOSS-2)
    # ----------------------------------------------------------------------------------
    def default_placement(self, army: Army, withdrawn_only: bool = False) -> dict[int, int]:
        """Tokens in hand placed one at a time on the fewest-token region, ties to the first
        region of the map (the conformance format's rule); Amazons then hold back their 4."""
        held = self.regions_of(army.race)
        place = {i: self.tokens[i] for i in held}
        if not held:
            return place
        extra = army.withdrawn if withdrawn_only else army.hand
        total = sum(place.values()) + army.hand + army.held
        hold = 0 if withdrawn_only or army.declined else ability(army.race).held_back(self, army, total)
        take_from_hand = min(hold, extra)
        extra -= take_from_hand
        hold -= take_from_hand
        for _ in range(extra):
            j = min(place, key=lambda r: (place[r], r))
            place[j] += 1
        while hold:  # A-BASE-01: take from the largest regions, abandoning only if forced
            j = max(place, key=lambda r: (place[r], -r))
            if place[j] > 1:
                place[j] -= 1
            else:
                j = max(place, key=lambda r: (-place[r], r))
                del place[j]
            hold -= 1
        return place

    def _check_placement(self, army: Army, a: Action, minimum: dict[int, int] | None,
                         total: int) -> dict[int, int]:
        held = set(self.regions_of(army.race))
        place: dict[int, int] = {}
        for rid, n in a.tokens or ():
            i = self.board.region(rid, f"tokens.{rid}")
            if i not in held:
                raise RuleError("B-REDEP-1", f"{rid} is not held by the {race_name(army.race)}")
            if n < 1:
                raise RuleError("B-REDEP-1", f"{rid} must keep at least one token")
            if minimum and n < minimum[i]:
                raise RuleError("B-LOSS-2", f"{rid} already holds {minimum[i]}; only withdrawn tokens move")
            place[i] = n
        placed = sum(place.values())
        if placed != total:
            raise RuleError("B-REDEP-1", f"{placed} tokens placed; {total} must be placed")
        missing = held - set(place)
        if missing and len(place) < min(total, len(held)):
            names = ", ".join(self.board.ids[i] for i in sorted(missing))
            raise RuleError("B-REDEP-1", f"every region keeps at least one token: {names} missing")
        return place

    def _do_redeploy(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        army = self._acting(seat, a.by, a.race)
        self._ready(army)
        if army.redeployed:
            raise RuleError("B-REDEP-1", "this race has already redeployed this turn")
        events = self._end_conquests(army)
        regions = self.regions_of(army.race)
        if not regions:
            raise RuleError("B-LOSS-3", "the race holds no region: its tokens stay in hand")
        total = sum(self.tokens[i] for i in regions) + army.hand + army.held
        hold = ability(army.race).held_back(self, army, total) if not army.declined else 0
        place = self._check_placement(army, a, None, total - hold)
        self._place(army, place)
        events.append(self._event("redeploy", f"{a.by} redeploys the {race_name(army.race)}: " +
                                  ", ".join(f"{self.board.ids[i]} {n}" for i, n in place.items()),
                                  seat, race=army.race, tokens=dict(a.tokens or ())))
        return events, a.to_dict()

    def _withdrawal_redeploy(self, seat: int, a: Action) -> list[Event]:
        army = self.armies[self.queue[0]]
        if seat != army.owner:
            raise RuleError("B-LOSS-2", f"{self.players[army.owner]} places withdrawn tokens first")
        if a.race is not None and a.race != army.race:
            raise RuleError("B-LOSS-2", f"the {race_name(army.race)} place their withdrawn tokens first")
        regions = self.regions_of(army.race)
        now = {i: self.tokens[i] for i in regions}
        place = self._check_placement(army, a, now, sum(now.values()) + army.withdrawn)
        return self._settle_withdrawal(army, place)

    def _settle_withdrawal(self, army: Army, place: dict[int, int]) -> list[Event]:
        for i, n in place.items():
            self.tokens[i] = n
        army.hand -= army.withdrawn
        army.withdrawn = 0
        if army.camps:
            j = min(place, key=lambda r: (place[r], r))
            self.mk["encampment"][j] += army.camps
            army.camps = 0
        self.queue.pop(0)
        return self._game_over_event() + [self._event("withdrawal", f"{self.players[army.owner]} places withdrawn "
                            f"{race_name(army.race)}: " + ", ".join(f"{self.board.ids[i]} {n}"
                                                                    for i, n in place.items()),
                            army.owner, race=army.race)]

    def default_withdrawal(self) -> Action:
        """The placement the format prescribes for the defender first in line (B-LOSS-2)."""
        army = self.armies[self.queue[0]]
        place = self.default_placement(army, withdrawn_only=True)
        return Action(by=self.players[army.owner], do="redeploy", race=army.race,
                      tokens=tuple((self.board.ids[i], n) for i, n in place.items()))

    # ----------------------------------------------------------------------------------
    # Special actions of races and powers
    # ----------------------------------------------------------------------------------
    def _special(self, seat: int, a: Action) -> list[Event]:
        army = self._acting(seat, a.by, None)
        owners = [ab for ab in self._hooks(army) if a.do in ab.words]
        if not owners:
            raise RuleError(WORDS[a.do].rule, f"{a.by}'s {race_name(army.race)} cannot {a.do}: "
                                              "that belongs to another race or power")
        ab = owners[0]
        self._ready(army)
        events: list[Event] = []
        if WORDS[a.do].ends_conquests:
            events += self._end_conquests(army)
        once = ab.words if ab.once_per_turn is None else ab.once_per_turn
        if a.do in once and a.do in army.used:
            raise RuleError(ab.rule, f"{a.do}: once per turn")
        data = ab.check(self, army, a)
        army.used.append(a.do)
        return events + ab.do(self, army, a, data)

    def _logged(self, a: Action, events: list[Event]) -> dict[str, Any]:
        """The action as logged: with the die result it drew, so a replay rolls the same."""
        logged = a.to_dict()
        for ev in events:
            if ev.kind == "roll" and ev.player == a.by:
                logged["roll"] = ev.data["roll"]
        return logged

    # ----------------------------------------------------------------------------------
    # Decline (B-DECL) and the end of the turn (B-SCORE)
    # ----------------------------------------------------------------------------------
    def _do_decline(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        t = self._t
        race = self.active[seat]
        if race is None:
            raise RuleError("B-DECL-1", f"{a.by} has no active race to put in decline")
        army = self.armies[race]
        if t["declined"]:
            raise RuleError("B-DECL-4", "already in decline this turn")
        stout = any(ab.declines_after_scoring(self, army) for ab in self._hooks(army))
        if t["picked"] and not stout:
            raise RuleError("B-FLOW-4", "a race picked this turn cannot go into decline until a "
                                        "later turn")
        expanded = (army.conquests or army.over or army.redeployed or army.used
                    or t["active_acted"] or t["ghouls_acted"])
        events: list[Event] = []
        if expanded:
            if not stout and not t["active_acted"]:
                raise RuleError("A-BASE-03", "decline is declared at the start of the turn, before "
                                             "in-decline Ghouls act")
            if not stout:
                raise RuleError("B-DECL-1", "going into decline replaces the turn's conquests "
                                            "(only Stout may decline after expanding)")
            self._close_ghouls(seat, army)
            self._ready(army)
            events += self._end_conquests(army)
            if not army.redeployed:
                self._place(army, self.default_placement(army), journal=True)
            events += self._finish_turn_markers(seat)
            events.append(self._score(seat))
            t["scored"] = True
        events += self._go_into_decline(army)
        t["declined"] = True
        return events, a.to_dict()

    def _go_into_decline(self, army: Army) -> list[Event]:
        seat = army.owner
        events: list[Event] = []
        if not ability(army.power).exempt_from_decline_limit(self, army):
            for old in list(self.declined[seat]):
                oa = self.armies[old]
                if not ability(oa.power).exempt_from_decline_limit(self, oa):
                    events.append(self._remove_army(old))  # B-DECL-4
        keeps = ability(army.race).keeps_tokens_on_decline(self, army)
        for i in self.regions_of(army.race):
            if not keeps:
                self.tokens[i] = 1  # B-DECL-3
            for k in ("hole", "hero", "dragon", "encampment"):  # B-DECL-7
                self.mk[k][i] = 0
        army.camps = 0
        army.hand = army.held = 0  # B-DECL-3: tokens off the board go back to the tray
        army.roll = None
        army.declined = True
        if army.power and not ability(army.power).stays_on_decline():
            self.power_discard.append(army.power)  # B-DECL-2
            army.power = None
        self.active[seat] = None
        self.declined[seat].append(army.race)
        events.append(self._event("decline", f"{self.players[seat]}'s {race_name(army.race)} go into "
                                  "decline", seat, race=army.race))
        if not self.regions_of(army.race) and army.hand == 0:
            events.append(self._remove_army(army.race))
        return events

    def _finish_turn_markers(self, seat: int) -> list[Event]:
        """Markers the player did not place this turn are placed by their ability's default
        (Heroes stay or go on the strongest regions; Encampments fill in on the weakest)."""
        race = self.active[seat]
        if race is None:
            return []
        army = self.armies[race]
        events: list[Event] = []
        for ab in self._hooks(army):
            for word in ab.words:
                if word not in army.used:
                    data = ab.auto(self, army)
                    if data is not None:
                        events += ab.do(self, army, None, data)
        return events

    def _do_end_turn(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        t = self._t
        race = self.active[seat]
        events: list[Event] = []
        if not t["declined"]:
            if race is None:
                raise RuleError("B-FLOW-4", f"{a.by} must pick a combo before ending the turn")
            army = self.armies[race]
            self._close_ghouls(seat, army)
            self._ready(army)
            events += self._end_conquests(army)
            if not army.redeployed and self.regions_of(race):
                self._place(army, self.default_placement(army))
            events += self._finish_turn_markers(seat)
        if not t["scored"]:
            events.append(self._score(seat))
        self.track.append([self.turn, seat, self.coins[seat]])
        # B-LOSS-2 / A-BASE-20: defenders place withdrawn tokens, clockwise from the active player.
        n = len(self.players)
        order = {s: (s - seat) % n for s in range(n)}
        pending = sorted((a_ for a_ in self.armies.values() if a_.withdrawn),
                         key=lambda x: (order[x.owner], x.declined))
        for army in pending:
            if self.regions_of(army.race):
                self.queue.append(army.race)
            else:
                army.withdrawn = 0  # B-LOSS-3: no region left, the tokens stay in hand
        for army in self.armies.values():  # B-POW-BIVOUACKING-2: Encampments are never lost
            held = self.regions_of(army.race)
            if army.camps and held and army.race not in self.queue:
                j = min(held, key=lambda r: (self.tokens[r], r))
                self.mk["encampment"][j] += army.camps
                army.camps = 0
        events.append(self._event("end_turn", f"{a.by} ends turn {self.turn}", seat))
        self.seat = (seat + 1) % n
        if self.seat == 0:
            self.turn += 1  # B-FLOW-2
            if self.turn > self.turns:
                self.finished = True  # B-FLOW-3, B-END-1
                self.turn = self.turns
        if not self.finished:
            self._start_turn()
        return events + self._game_over_event(), a.to_dict()

    def _game_over_event(self) -> list[Event]:
        """Announced once the last withdrawn tokens are on the board (they count in B-END-2)."""
        if not self.game_over:
            return []
        win = self.winners()
        return [self._event("game_over", "the game is over: " + ", ".join(win) +
                            (" wins" if len(win) == 1 else " share the win"), None, winners=win)]

    def _start_turn(self) -> None:
        seat = self.seat
        self._t: dict[str, Any] = {"picked": False, "declined": False, "scored": False,
                                   "active_acted": False, "ghouls_acted": False,
                                   "attacked": set(), "converted": set()}
        self.peace[seat] = None  # B-POW-DIPLOMAT-1: peace lasts until the Diplomat's next turn
        for army in self.armies.values():
            if army.owner == seat:
                army.new_turn()

    def _score(self, seat: int) -> Event:
        """B-SCORE: 1 coin per region of every race of the player, then the bonuses."""
        items: list[dict[str, Any]] = []
        races = ([self.active[seat]] if self.active[seat] else []) + self.declined[seat]
        for race in races:
            army = self.armies[race]
            held = self.regions_of(race)
            name = race_name(race) + (" (in decline)" if army.declined else "")
            items.append({"what": f"{name}: {len(held)} region{'s' if len(held) != 1 else ''}",
                          "coins": len(held), "rule": "B-SCORE-1",
                          "regions": [self.board.ids[i] for i in held]})
            for ab in self._hooks(army):
                for label, coins in ab.score_bonus(self, army, held):
                    items.append({"what": label, "coins": coins, "rule": ab.rule, "regions": []})
        total = sum(it["coins"] for it in items)
        self.coins[seat] += total
        self.last_score[seat] = items
        return self._event("score", f"{self.players[seat]} scores {total}: " +
                           "; ".join(f"{it['what']} {it['coins']:+d}" for it in items if it["coins"]),
                           seat, total=total, breakdown=items)

    # ----------------------------------------------------------------------------------
    # Legal actions
    # ----------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now, except that redeployments (too many to list) are given by a
        representative set: the default placement, and all spare tokens on each region."""
        if self.game_over:
            return []
        if self.needs_reveal:
            powers = sorted(set(self.power_stack) | set(self.power_discard))
            return [Action(self.to_act or self.current, "reveal", race=r, player=p)
                    for r in self.race_stack for p in powers]
        if self.queue:
            army = self.armies[self.queue[0]]
            by = self.players[army.owner]
            out = [self.default_withdrawal()]
            regions = self.regions_of(army.race)
            if len(regions) > 1:
                for j in regions:
                    out.append(Action(by=by, do="redeploy", race=army.race, tokens=tuple(
                        (self.board.ids[i], self.tokens[i] + (army.withdrawn if i == j else 0))
                        for i in regions)))
            return out
        seat, by, t = self.seat, self.current, self._t
        ids = self.board.ids
        if t["declined"]:
            return [Action(by=by, do="end_turn")]
        out: list[Action] = []
        if not t["active_acted"]:
            for race in self.declined[seat]:
                army = self.armies[race]
                if ability(race).conquers_in_decline(self, army) and not army.over:
                    out += self._army_options(army, by, race)
        race = self.active[seat]
        if race is None:
            if not t["picked"]:
                coins = self.coins[seat]
                out += [Action(by=by, do="pick", combo=k) for k in range(len(self.column))
                        if self.combo_price(k) <= coins]
            return out
        army = self.armies[race]
        expanded = (army.conquests or army.over or army.redeployed or army.used
                    or t["active_acted"] or t["ghouls_acted"])
        if not t["picked"] and not expanded:
            out.append(Action(by=by, do="decline"))
        if self._ghouls_pending(seat):  # the Ghouls' tokens in hand land first (A-BASE-03)
            out += self._preview(lambda: (self._close_ghouls(seat, army),
                                          self._army_options(army, by, None))[1])
        else:
            out += self._army_options(army, by, None)
        if expanded and any(ab.declines_after_scoring(self, army) for ab in self._hooks(army)):
            out.append(Action(by=by, do="decline"))
        out.append(Action(by=by, do="end_turn"))
        del ids
        return out

    def available(self, army: Army, held: list[int] | None = None) -> int:
        """Tokens the army could conquer with now (its hand after Ready Troops)."""
        if army.ready:
            return army.hand
        keep = ability(army.race).min_per_region(self, army)
        held = self.regions_of(army.race) if held is None else held
        return army.hand + army.held + sum(max(0, self.tokens[i] - keep) for i in held)

    def _army_options(self, army: Army, by: str, race: str | None) -> list[Action]:
        out: list[Action] = []
        ids = self.board.ids
        reach = self._reach(army)
        held = reach[0]
        if not army.over:
            hand = self.available(army, held)
            if hand >= 1:
                maxshort = self.options.final_die_max_short
                can_reinforce = army.roll is None and not any(ab.replaces_final_die
                                                               for ab in reach[2])
                for i in self._candidates(reach):
                    if self._target_error(army, i, "conquer", reach, False) is not None:
                        continue
                    cost = self._cost_value(army, i)
                    if cost <= hand:
                        out.append(Action(by, "conquer", region=ids[i], race=race))
                    elif can_reinforce and cost - hand <= maxshort:
                        out.append(Action(by, "conquer", region=ids[i], race=race, reinforce=True))
            if not army.conquests:
                out += [Action(by, "abandon", region=ids[i], race=race) for i in held]
        if not army.redeployed and held:
            place = self._preview_placement(army)
            out.append(Action(by, "redeploy", race=race,
                              tokens=tuple((ids[i], n) for i, n in place.items())))
        if race is None:
            for ab in reach[2]:
                once = ab.words if ab.once_per_turn is None else ab.once_per_turn
                for act in ab.options(self, army, by):
                    if act.do not in once or act.do not in army.used:
                        out.append(act)
        return out

    def _preview(self, fn: Any, *args: Any) -> Any:
        """fn(*args) computed on the game as it would be, then every journaled change undone."""
        saved = getattr(self, "_journal", None)
        journal: list[Any] = []
        self._journal = journal
        try:
            return fn(*args)
        finally:
            for undo in reversed(journal):
                undo()
            self._journal = saved

    def _preview_placement(self, army: Army) -> dict[int, int]:
        """The default placement as it would be after Ready Troops and the conquest phase end."""
        if army.ready and army.over:
            return self.default_placement(army)

        def placement() -> dict[int, int]:
            self._ready(army)
            self._end_conquests(army)
            return self.default_placement(army)

        return self._preview(placement)

    def _ghouls_pending(self, seat: int) -> bool:
        """In-decline Ghouls acted and their sub-turn closes when the active race acts."""
        return not self._t["active_acted"] and any(
            self.armies[r].ready and not self.armies[r].redeployed for r in self.declined[seat])

    # ----------------------------------------------------------------------------------
    # Undo, redo, replay, save and load
    # ----------------------------------------------------------------------------------
    def undo(self, steps: int = 1) -> int:
        """Take back the last `steps` actions (die rolls included); returns how many."""
        steps = max(0, min(steps, len(self.log)))
        if not steps:
            return 0
        keep, gone = self.log[:-steps], self.log[-steps:]
        redo = gone + self.redo_stack
        self._replay(keep)
        self.redo_stack = redo
        return steps

    def redo(self, steps: int = 1) -> int:
        """Play again actions taken back by `undo`, with the same die results."""
        done = 0
        while done < steps and self.redo_stack:
            entry = self.redo_stack[0]
            redo = self.redo_stack[1:]
            self.apply(entry)
            self.redo_stack = redo
            done += 1
        return done

    def _replay(self, log: list[dict[str, Any]]) -> None:
        self.log = []
        self.redo_stack = []
        self._reset()
        for k, entry in enumerate(log):
            try:
                self.apply(entry)
            except SwError as err:
                raise InputError(f"log[{k}]", f"action {entry} cannot be replayed: {err}") from None

    def to_dict(self) -> dict[str, Any]:
        """The saved game: the set-up and every action with its die results (replayable)."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "setup": self.setup,
                "log": list(self.log), "redo": list(self.redo_stack), "state": self.state_hash()}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InputError("format", f"not a saved game (expected format {SAVE_FORMAT!r})")
        if data.get("version") != SAVE_VERSION:
            raise InputError("version", f"unsupported saved-game version {data.get('version')!r}")
        setup = data.get("setup")
        if not isinstance(setup, dict):
            raise InputError("setup", "missing or not a mapping")
        s = make_setup(setup.get("map"), setup.get("players"), seed=setup.get("seed", 0),
                       races=setup.get("races"), powers=setup.get("powers"), dice=setup.get("dice"),
                       coins=setup.get("coins"), turns=setup.get("turns"), options=setup.get("options"),
                       stacks=setup.get("stacks", "shuffled"))
        game = cls(s)
        log, redo = data.get("log", []), data.get("redo", [])
        for name, value in (("log", log), ("redo", redo)):
            if not isinstance(value, list):
                raise InputError(name, "must be a list of actions")
        game._replay(log)
        for k, entry in enumerate(redo):
            Action.from_dict(entry, f"redo[{k}]")
        game.redo_stack = list(redo)
        if "state" in data and data["state"] != game.state_hash():
            raise InputError("state", "the saved state does not match its replayed log (edited or "
                                      "corrupted file)")
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise InputError("file", f"not JSON: {err}") from None
        return cls.from_dict(data)

    def _restore(self, saved: dict[str, Any]) -> None:
        other = Game.from_dict(saved)
        self.__dict__.update(other.__dict__)

    def snapshot(self) -> dict[str, Any]:
        """The whole current position as plain data (what the apps draw, what tests compare)."""
        return {
            "turn": self.turn, "current": self.current, "to_act": self.to_act,
            "game_over": self.game_over, "coins": dict(zip(self.players, self.coins, strict=True)),
            "regions": {
                rid: {"race": self.race[i],
                      "owner": self.players[self.owner[i]] if self.owner[i] is not None else None,
                      "tokens": self.tokens[i],
                      **{k: self.mk[k][i] for k in MARKER_KINDS if self.mk[k][i]}}
                for i, rid in enumerate(self.board.ids)
            },
            "armies": {r: {**asdict(a), "owner": self.players[a.owner]} for r, a in self.armies.items()},
            "active": dict(zip(self.players, self.active, strict=True)),
            "declined": {p: list(d) for p, d in zip(self.players, self.declined, strict=True)},
            "column": [list(c) for c in self.column],
            "race_stack": list(self.race_stack), "power_stack": list(self.power_stack),
            "power_discard": list(self.power_discard), "rolls": self.rolls,
            "queue": list(self.queue),
            "peace": [self.players[p] if p is not None else None for p in self.peace],
            "turn_flags": {k: (sorted(v) if isinstance(v, set) else v) for k, v in self._t.items()},
        }

    def state_hash(self) -> str:
        import hashlib

        return hashlib.sha256(json.dumps(self.snapshot(), sort_keys=True).encode()).hexdigest()[:16]

    def view(self, player: str | None = None) -> dict[str, Any]:
        """What `player` may see: everything but the other players' coins (B-SCORE-3) and the
        order of the stacks below the column.
        With no player, a public view; every total is shown once the game is over."""
        snap = self.snapshot()
        if not self.game_over:
            snap["coins"] = {p: (c if p == player else None) for p, c in snap["coins"].items()}
        # Below the sixth combo the stacks are not visible at the table (B-SETUP-3).
        snap["race_stack"], snap["power_stack"] = len(self.race_stack), len(self.power_stack)
        snap["last_score"] = {p: s for p, s in zip(self.players, self.last_score, strict=True)}
        return snap


def make_setup(board: Any, players: Any, *, seed: Any = 0, races: Any = None, powers: Any = None,
               dice: Any = None, coins: Any = None, turns: Any = None,
               options: Any = None, stacks: Any = "shuffled") -> dict[str, Any]:
    """Check a game set-up and fill in its defaults (B-SETUP); errors name the field."""
    if isinstance(board, str):
        b = load_board(board)
    else:
        b = Board.from_map(board)
    if not isinstance(players, list) or not 2 <= len(players) <= 5:
        raise InputError("players", "2 to 5 players, in seat order")
    names = []
    for k, p in enumerate(players):
        if not isinstance(p, str) or not p.strip():
            raise InputError(f"players[{k}]", "a player needs a non-empty name")
        if len(p) > 40:
            raise InputError(f"players[{k}]", "names are at most 40 characters")
        names.append(p)
    if len({n.casefold() for n in names}) != len(names):
        raise InputError("players", "two players have the same name")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError("seed", "must be a whole number")
    rng = random.Random(seed)
    race_list = _draw_order("races", races, RACES, rng)
    power_list = _draw_order("powers", powers, POWERS, rng)
    if turns is None:
        turns = b.turns or TURNS_BY_PLAYERS[len(names)]
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
        raise InputError("turns", "must be a whole number of game turns")
    dice = [] if dice is None else dice
    if not isinstance(dice, list) or any(isinstance(d, bool) or d not in DIE_FACES for d in dice):
        raise InputError("dice", "die results are 0, 1, 2 or 3")
    if coins is None:
        coins = 5  # B-SETUP-6
    if isinstance(coins, int) and not isinstance(coins, bool):
        coins = {p: coins for p in names}
    if not isinstance(coins, dict):
        raise InputError("coins", "a number, or a mapping {player: coins}")
    for p, c in coins.items():
        if p not in names:
            raise InputError(f"coins.{p}", "not a player of this game")
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise InputError(f"coins.{p}", "must be a whole number of coins")
    coins = {p: coins.get(p, 5) for p in names}
    Options.from_dict(options)
    if stacks not in ("shuffled", "table"):
        raise InputError("stacks", "'shuffled' (the engine draws) or 'table' (combos are entered "
                                   "as revealed)")
    if stacks == "table" and (len(races or []) != 6 or len(powers or []) != 6):
        raise InputError("races", "with stacks 'table', give the six visible races and powers")
    if stacks == "table":
        race_list, power_list = list(races), list(powers)
    setup = {"map": board if isinstance(board, str) else b.inline(), "players": names, "seed": seed,
             "races": race_list, "powers": power_list, "dice": list(dice), "coins": coins,
             "turns": turns, "options": dict(options or {})}
    if stacks == "table":
        setup["stacks"] = "table"
    return setup


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


_ = MARKERS  # box counts of markers are enforced by the abilities that place them
