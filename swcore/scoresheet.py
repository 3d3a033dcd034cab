"""The score sheet: a game kept by its scores only, for a table that does not tap conquests
(or plays a board the engine does not have).

Per player and turn the table enters what it did: the combo picked (`combo`), going into
decline (`into_decline`), and what each of the player's races holds at the end of the turn, as counts: regions
by terrain, symbols, and the counts the rule modules declare (`swcore.sheetcounts`). The
coins are the engine's: each turn is scored by `swcore.scoring.score_items` on a stand-in game
whose board is built from those counts, so every race's and power's bonus is the one the map
game computes. Like `Game`: `apply` checks everything before changing anything, `undo`/`redo`,
a log replayed on load, coins hidden per player (`view`). The one entry word is `turn`:

    {"by": "Ann", "do": "turn", "combo": {"race": ..., "power": ..., "position": 2},
     "into_decline": false, "held": {race: {"terrain": {"hill": 2}, "symbol": {"mine": 1},
     "count": {"nonempty": 1}}}, "other": 0}
"""

from __future__ import annotations

import copy
import json
from typing import Any

from .board import load_board
from .catalogue import CATALOGUE, in_sets, race_name
from .config import default_pool, make_setup
from .effects import ability
from .errors import InputError, RuleError, SwError
from .events import Event
from .game import Game
from .ruleset import Ruleset
from .saves import History
from .scoring import score_items
from .sheetcounts import Count
from .state import Army
from .terrains import SYMBOL, TERRAIN

SHEET_FORMAT = "swcore-scoresheet"
SHEET_VERSION = 1
MODE = "scores"  # a set-up's `mode` for a score sheet (a map game's set-up has none)
WORD = "turn"
MAX_COUNT = 200  # regions of one kind: more than any board has
MAX_COINS = 999
ENTRY_KEYS = {"by", "do", "combo", "into_decline", "after_scoring", "held", "other"}
PICK_KEYS = {"race", "power", "position", "paid", "collected"}


def is_sheet(setup: Any) -> bool:
    return isinstance(setup, dict) and setup.get("mode") == MODE


def make_sheet_setup(players: Any, *, board: Any = None, expansions: Any = None,
                     coins: Any = None, turns: Any = None) -> dict[str, Any]:
    """A score sheet's set-up: the seats, optionally a built-in board (then every count is
    checked against it), the expansions, the starting coins and the number of turns. Checked
    as a map game's set-up is (errors name the field)."""
    if board is not None and not isinstance(board, str):
        raise InputError("board", "a built-in board id, or none")
    n = len(players) if isinstance(players, list) else 0
    probe = board or f"base-{min(max(n, 2), 5)}p"
    s = make_setup(probe, players, coins=coins, turns=turns, expansions=expansions)
    return {"mode": MODE, "players": s["players"], "board": board, "coins": s["coins"],
            "turns": s["turns"], "expansions": s.get("expansions", [])}


def _whole(v: Any, field: str, low: int, high: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise InputError(field, f"a whole number from {low} to {high}")
    return v


class ScoreSheet(History):
    """A game kept by its scores. Public members mirror `Game` where the app reads them:
    `players`, `turn`, `turns`, `current`, `coins`, `track`, `last_score`, `game_over`,
    `log`, `redo_stack`, `apply`, `undo`, `redo`, `view`, `winners`, `to_json`."""

    def __init__(self, setup: dict[str, Any]):
        if not is_sheet(setup):
            raise InputError("mode", f"not a score sheet's set-up (mode {MODE!r})")
        self.setup = setup
        self.players: list[str] = list(setup["players"])
        self.turns: int = setup["turns"]
        self.expansions: list[str] = list(setup.get("expansions", []))
        self.ruleset = Ruleset.of(tuple(self.expansions))
        self.board = load_board(setup["board"]) if setup.get("board") else None
        self.log: list[dict[str, Any]] = []
        self.redo_stack: list[dict[str, Any]] = []
        self._reset()

    @classmethod
    def new(cls, players: list[str], **kwargs: Any) -> ScoreSheet:
        return cls(make_sheet_setup(players, **kwargs))

    def _reset(self) -> None:
        self.coins: list[int] = [self.setup["coins"][p] for p in self.players]
        self.turn = 1
        self.seat = 0
        self.armies: dict[str, Army] = {}
        self.active: list[str | None] = [None] * len(self.players)
        self.declined: list[list[str]] = [[] for _ in self.players]
        self.last_score: list[list[dict[str, Any]] | None] = [None] * len(self.players)
        self.track: list[list[int]] = []  # [turn, seat, coins] after every turn, as in Game
        self.held: dict[str, dict[str, Any]] = {}  # each race's last entered counts

    # --- what can be entered --------------------------------------------------------------
    def _sets(self) -> set[str]:
        return {"base", *self.expansions}

    def terrains(self) -> list[str]:
        """Terrains a region held can have (kinds that score: B-SCORE-1, X-NEC-17)."""
        sets = self._sets()
        return [t for t, spec in TERRAIN.items() if spec.base_cost is not None
                and sets.intersection(spec.expansions)]

    def symbols(self) -> list[str]:
        sets = self._sets()
        return [s for s, spec in SYMBOL.items() if sets.intersection(spec.expansions)]

    def counts(self) -> list[Count]:
        """The counts the selected rule modules declare (`sheet_counts`), in module order."""
        return [c for m in self.ruleset.modules for c in m.sheet_counts]

    def races(self) -> tuple[str, ...]:
        return in_sets("race", default_pool(self.expansions))

    def powers(self) -> tuple[str, ...]:
        return in_sets("power", default_pool(self.expansions))

    def races_of(self, seat: int) -> list[str]:
        """The player's races now: the active one first, then those in decline."""
        return ([self.active[seat]] if self.active[seat] else []) + list(self.declined[seat])

    # --- the game as the app reads it -----------------------------------------------------
    @property
    def current(self) -> str:
        return self.players[self.seat]

    @property
    def game_over(self) -> bool:
        return self.turn > self.turns

    def winners(self) -> list[str]:
        """Most coins (B-END-1); the sheet does not know the tokens of B-END-2's tie-break, so
        players still tied share the win."""
        best = max(self.coins)
        return [p for s, p in enumerate(self.players) if self.coins[s] == best]

    def view(self, player: str) -> dict[str, Any]:
        """What `player` may see: their own coins, others' only once the game is over
        (B-SCORE-3)."""
        return {"coins": {p: self.coins[s] if p == player or self.game_over else None
                          for s, p in enumerate(self.players)},
                "turn": self.turn, "current": None if self.game_over else self.current}

    # --- acting -------------------------------------------------------------------------
    def apply(self, entry: Any) -> list[Event]:
        """Check one player's turn and record it; a refusal (RuleError, InputError) changes
        nothing. Returns the events (pick, decline, score)."""
        clean, plan = self._check(entry)
        events = self._do(plan)
        self.log.append(clean)
        self.redo_stack = []
        return events

    def why_illegal(self, entry: Any) -> SwError | None:
        try:
            self._check(entry)
        except SwError as err:
            return err
        return None

    def _check(self, entry: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        if not isinstance(entry, dict):
            raise InputError("entry", "a mapping {by, do, ...}")
        unknown = set(entry) - ENTRY_KEYS
        if unknown:
            raise InputError(sorted(unknown)[0], "not a field of a score-sheet turn")
        if entry.get("do") != WORD:
            raise InputError("do", f"a score sheet records whole turns: do = {WORD!r}")
        if self.game_over:
            raise RuleError("B-FLOW-3", "the last round has been played: the game is over")
        by = entry.get("by")
        if by not in self.players:
            raise InputError("by", f"{by!r} is not a player of this game")
        seat = self.seat
        if by != self.current:
            raise RuleError("B-FLOW-1", f"it is {self.current}'s turn, not {by}'s")
        pick = self._check_pick(seat, entry.get("combo"))
        decline = entry.get("into_decline", False)
        after = entry.get("after_scoring", False)
        if not isinstance(decline, bool) or not isinstance(after, bool):
            raise InputError("into_decline", "true or false")
        active = self.active[seat]
        if decline:
            if pick:
                raise RuleError("B-DECL-5", "no new combo in the turn the race goes into decline")
            if active is None:
                raise RuleError("B-DECL-1", f"{by} has no active race to put in decline")
            if after and not self._declines_after_scoring(self.armies[active]):
                raise RuleError("B-DECL-1", "only a race whose power says so declines after "
                                            "scoring an expansion turn")
        elif after:
            raise InputError("after_scoring", "only with into_decline")
        elif pick is None and active is None:
            raise RuleError("B-FLOW-4", f"{by} has no active race: a turn starts with a pick")
        other = _whole(entry.get("other", 0), "other", -MAX_COINS, MAX_COINS)
        races = ([pick["race"]] if pick else []) + self.races_of(seat)
        held = self._check_held(seat, entry.get("held", {}), races, decline and not after)
        clean = {"by": by, "do": WORD, **({"combo": pick} if pick else {}),
                 **({"into_decline": True} if decline else {}), **({"after_scoring": True} if after else {}),
                 "held": held, **({"other": other} if other else {})}
        return clean, {"seat": seat, "pick": pick, "decline": decline, "after": after,
                       "held": held, "other": other}

    def _check_pick(self, seat: int, pick: Any) -> dict[str, Any] | None:
        if pick is None:
            return None
        if not isinstance(pick, dict) or set(pick) - PICK_KEYS:
            raise InputError("combo", "a mapping {race, power, position, paid, collected}")
        if self.active[seat] is not None:
            raise RuleError("B-FLOW-5", f"{self.players[seat]} already has an active race; a new "
                                        "combo comes only after going into decline")
        race, power = pick.get("race"), pick.get("power")
        if race not in self.races():
            raise InputError("combo.race", f"{race!r} is not a race of the banners in play")
        if power not in self.powers():
            raise InputError("combo.power", f"{power!r} is not a power of the badges in play")
        if race in self.armies:
            raise RuleError("B-COMBO-1", f"{race_name(race)} are already on the board")
        if power in self.in_play():
            raise RuleError("B-COMBO-1", f"the {CATALOGUE[power].english} badge is already in play")
        position = pick.get("position")
        if position is not None:
            position = _whole(position, "combo.position", 0, 5)  # B-COMBO-1: positions 0 to 5
        paid = pick.get("paid")
        if paid is None:
            if position is None:
                raise InputError("combo.position", "give the combo's position or the coins paid")
            paid = position  # B-COMBO-2: one coin on each combo above
        paid = _whole(paid, "combo.paid", 0, MAX_COINS)
        collected = _whole(pick.get("collected", 0), "combo.collected", 0, MAX_COINS)
        if paid > self.coins[seat]:
            raise RuleError("B-COMBO-3", f"the combo costs {paid} coins; "
                                         f"{self.players[seat]} has {self.coins[seat]}")
        return {"race": race, "power": power, **({"position": position} if position is not None else {}),
                "paid": paid, "collected": collected}

    def _check_held(self, seat: int, held: Any, races: list[str], declining: bool
                    ) -> dict[str, dict[str, dict[str, int]]]:
        """Each race's counts: known kinds, whole numbers, symbols and counts within its
        regions, and (board known) never more than the board has of a kind."""
        if not isinstance(held, dict):
            raise InputError("held", "a mapping {race: counts}")
        for race in held:
            if race not in races:
                raise RuleError("B-SCORE-1", f"{race_name(str(race))} is not a race of "
                                             f"{self.players[seat]}: only their own races score")
        terrains, symbols = self.terrains(), self.symbols()
        counts = {c.id: c for c in self.counts()}
        out: dict[str, dict[str, dict[str, int]]] = {}
        for race in races:
            spec = held.get(race, {})
            at = f"held.{race}"
            if not isinstance(spec, dict) or set(spec) - {"terrain", "symbol", "count"}:
                raise InputError(at, "a mapping {terrain, symbol, count}")
            got: dict[str, dict[str, int]] = {}
            for part, known in (("terrain", terrains), ("symbol", symbols), ("count", list(counts))):
                raw = spec.get(part, {})
                if not isinstance(raw, dict):
                    raise InputError(f"{at}.{part}", "a mapping {kind: number}")
                got[part] = {}
                for k, v in raw.items():
                    if k not in known:
                        raise InputError(f"{at}.{part}.{k}", f"not one of {', '.join(known)}")
                    n = _whole(v, f"{at}.{part}.{k}", 0, MAX_COUNT)
                    if n:
                        got[part][k] = n
            regions = sum(got["terrain"].values())
            in_decline = declining if race == self.active[seat] else race in self.declined[seat]
            for k, n in got["symbol"].items():
                if n > regions:
                    raise RuleError("B-DEF-1", f"{n} {k} symbols in {regions} regions: a symbol "
                                               "lies in a region")
            for k, n in got["count"].items():
                c = counts[k]
                if c.active_only and in_decline:
                    raise RuleError(c.rule, f"{c.english}: asked of the active race only")
                most = c.limit(regions, len(self.players))
                if n > most:
                    raise RuleError(c.rule, f"{c.english}: at most {most} for {regions} regions")
            out[race] = got
        if self.board is not None:
            self._check_board(out)
        return out

    def _check_board(self, held: dict[str, dict[str, dict[str, int]]]) -> None:
        """B-DEF-1: the player's races together hold no more regions of a kind than the board."""
        b = self.board
        assert b is not None
        for part, have in (("terrain", lambda i, k: b.terrain[i] == k),
                           ("symbol", lambda i, k: k in b.symbols[i])):
            total: dict[str, int] = {}
            for got in held.values():
                for k, n in got[part].items():
                    total[k] = total.get(k, 0) + n
            for k, n in total.items():
                most = sum(1 for i in range(len(b)) if have(i, k))
                if n > most:
                    raise RuleError("B-DEF-1", f"{n} {k} regions entered; the board {b.id} has {most}")

    def _declines_after_scoring(self, army: Army) -> bool:
        return any(ability(x).declines_after_scoring for x in (army.race, *army.powers))

    # --- carrying out a checked turn ------------------------------------------------------
    def _do(self, plan: dict[str, Any]) -> list[Event]:
        seat = plan["seat"]
        p = self.players[seat]
        events: list[Event] = []
        pick = plan["pick"]
        if pick:
            army = Army(race=pick["race"], powers=(pick["power"],), owner=seat, picked_turn=self.turn)
            self.armies[army.race] = army
            self.active[seat] = army.race
            self.coins[seat] += pick["collected"] - pick["paid"]
            events.append(Event("pick", p, f"{p} picks {race_name(army.race)} / "
                                f"{CATALOGUE[pick['power']].english}: pays {pick['paid']}, collects "
                                f"{pick['collected']}", {"race": army.race, "power": pick["power"]}))
        if plan["decline"] and not plan["after"]:
            events += self._decline(seat)
        for race, got in plan["held"].items():
            self.held[race] = got
        items = self._score(seat, plan["held"])
        if plan["other"]:
            items.append({"what": "coins gained or paid during the turn (entered)",
                          "coins": plan["other"], "rule": "", "regions": []})
        total = sum(it["coins"] for it in items)
        self.coins[seat] = max(0, self.coins[seat] + total)
        self.last_score[seat] = items
        events.append(Event("score", p, f"{p} scores {total}: " + "; ".join(
            f"{it['what']} {it['coins']:+d}" for it in items if it["coins"]),
            {"total": total, "breakdown": items}))
        if plan["decline"] and plan["after"]:
            events += self._decline(seat)
        for race in list(self.declined[seat]):  # B-LOSS-6: an in-decline race without regions
            if not sum(self.held.get(race, {}).get("terrain", {}).values()):
                events.append(self._remove(race))
        self.track.append([self.turn, seat, self.coins[seat]])
        self.seat = (seat + 1) % len(self.players)
        if self.seat == 0:
            self.turn += 1
        return events

    def _decline(self, seat: int) -> list[Event]:
        """B-DECL-2, B-DECL-4: the active race turns over; an older one leaves first (not a
        race whose power exempts it); the badge is thrown away unless it stays."""
        race = self.active[seat]
        assert race is not None
        army = self.armies[race]
        events: list[Event] = []
        if not self._exempt(army):
            for old in list(self.declined[seat]):
                if not self._exempt(self.armies[old]):
                    events.append(self._remove(old))
        army.powers = tuple(x for x in army.powers if ability(x).stays_on_decline)
        army.declined = True
        self.active[seat] = None
        self.declined[seat].append(race)
        events.append(Event("decline", self.players[seat], f"{self.players[seat]}'s "
                            f"{race_name(race)} go into decline", {"race": race}))
        return events

    @staticmethod
    def _exempt(army: Army) -> bool:
        return any(ability(x).exempt_from_decline_limit for x in army.powers)

    def _remove(self, race: str) -> Event:
        army = self.armies.pop(race)
        self.declined[army.owner].remove(race)
        self.held.pop(race, None)
        return Event("race_gone", self.players[army.owner], f"{race_name(race)} leave the board",
                     {"race": race})

    def _score(self, seat: int, held: dict[str, dict[str, dict[str, int]]]) -> list[dict[str, Any]]:
        """B-SCORE on a stand-in game: one region per region entered, with its terrain and
        symbols, the declared counts set on it, scored by the map game's own scoring."""
        races = self.races_of(seat)
        regions: dict[str, Any] = {}
        owned: dict[str, list[int]] = {}
        for race in races:
            got = held.get(race, {"terrain": {}, "symbol": {}, "count": {}})
            start = len(regions)
            for t, n in got["terrain"].items():
                for _ in range(n):
                    regions[f"r{len(regions)}"] = {"terrain": t, "symbols": []}
            owned[race] = list(range(start, len(regions)))
            ids = list(regions)
            for s, n in got["symbol"].items():
                fits = [ids[i] for i in owned[race]
                        if not SYMBOL[s].on or TERRAIN[regions[ids[i]]["terrain"]].kind in SYMBOL[s].on]
                if len(fits) < n:
                    raise RuleError("B-DEF-1", f"{n} {s} symbols: only {len(fits)} of "
                                               f"{race_name(race)}'s regions can bear one")
                for rid in fits[:n]:
                    regions[rid]["symbols"].append(s)
        if not regions:  # a board needs a region: an unowned one scores nothing
            regions["r0"] = {"terrain": self.terrains()[0]}
        counts = {c.id: c for c in self.counts()}
        stand_in: dict[str, Any] = {"regions": regions, "borders": []}
        ids = list(regions)
        for race in races:  # the counts read from borders shape the map (sheetcounts.Count)
            for k, n in held.get(race, {}).get("count", {}).items():
                if counts[k].shape is not None:
                    counts[k].shape(stand_in, [ids[i] for i in owned[race]], n)
        game = Game(make_setup(stand_in, self.players, turns=self.turns, expansions=self.expansions))
        game.turn = self.turn
        game.seat = seat
        for race in races:
            army = copy.deepcopy(self.armies[race])
            army.fx = None
            game.armies[race] = army
            if army.declined:
                game.declined[seat].append(race)
            else:
                game.active[seat] = race
            for i in owned[race]:
                game.occupy(i, race, seat, 1)
            for k, n in held.get(race, {}).get("count", {}).items():
                counts[k].apply(game, army, owned[race], n)
        return score_items(game, seat)

    # --- switching to the map ------------------------------------------------------------
    def map_setup(self, board: str, regions: dict[str, list[str]], *, seed: int = 0,
                  races: Any = None, powers: Any = None, stacks: str = "shuffled",
                  values: Any = None, supply: Any = None, markers: Any = None,
                  lost_tribes: Any = None, pieces: Any = None) -> dict[str, Any]:
        """The set-up of the map game this sheet becomes once the board is known (`make_setup`
        keywords): the same seats, their coins, the round reached and every race in play with
        its badges and the regions of `board` it holds (`regions` {race: [region ids]}), one
        token each until the table corrects them (swcore/rules/base/carry.py). At a round's
        start only, so the map game starts with the first player (B-FLOW-1). The column is
        shuffled by `seed`, or with `stacks="table"` it is the six pairs the table sees
        (`races`, `powers`, top first; `values`/`supply` as for a new game). What else lies
        on the board goes along: `markers` {kind: {region: n}}, `lost_tribes` (the regions
        where one still stands) and `pieces` {id: region} (carry.py)."""
        if self.game_over:
            raise RuleError("B-FLOW-3", "the game is over")
        if self.seat != 0:
            raise RuleError("B-FLOW-1", f"switch at the start of a round: {self.current} still "
                                        "plays this round")
        if not isinstance(regions, dict) or set(regions) - set(self.armies):
            raise InputError("regions", "a mapping {race in play: [regions]}")
        if stacks == "table":
            self._check_column(races, powers)
        armies = [{"player": self.players[a.owner], "race": a.race, "powers": list(a.powers),
                   "declined": a.declined, "regions": list(regions.get(a.race, []))}
                  for a in self.armies.values()]
        setup = make_setup(board, self.players, seed=seed, turns=self.turns,
                           coins=dict(zip(self.players, self.coins, strict=True)),
                           expansions=self.expansions, races=races, powers=powers, stacks=stacks,
                           values=values, supply=supply,
                           extra={"carried": {"turn": self.turn, "armies": armies, **{
                               k: v for k, v in (("markers", markers), ("lost_tribes", lost_tribes),
                                                 ("pieces", pieces)) if v is not None}}})
        return setup

    def in_play(self) -> set[str]:
        """The races and badges on the board: none may be picked again nor laid in the column
        (B-COMBO-1, B-SETUP-3). Race and badge ids never coincide."""
        return {x for a in self.armies.values() for x in (a.race, *a.powers)}

    def _check_column(self, races: Any, powers: Any) -> None:
        """B-SETUP-3: the column the table lays out holds each banner and badge once, and none
        a race in play holds (make_setup checks the rest: six pairs, ids of the sets)."""
        held = self.in_play()
        for kind, ids in (("race", races), ("power", powers)):
            seen: set[str] = set()
            for k, x in enumerate(ids if isinstance(ids, list) else []):
                if not isinstance(x, str) or x not in CATALOGUE:
                    continue
                if x in held and CATALOGUE[x].kind == kind == "race":
                    raise RuleError("B-SETUP-3", f"pair {k + 1}: {race_name(x)} are already on "
                                                 "the board")
                if x in held and CATALOGUE[x].kind == kind:
                    raise RuleError("B-SETUP-3", f"pair {k + 1}: the {CATALOGUE[x].english} "
                                                 "badge is already in play")
                if x in seen:
                    raise RuleError("B-SETUP-3", f"pair {k + 1}: {CATALOGUE[x].english} is "
                                                 "already in the column")
                seen.add(x)

    # --- undo and redo (saves.History), saves -------------------------------------------
    def _replay(self, log: list[dict[str, Any]]) -> None:
        self.log, self.redo_stack = [], []
        self._reset()
        for k, entry in enumerate(log):
            try:
                self.apply(entry)
            except SwError as err:
                raise InputError(f"log[{k}]", f"turn {entry} cannot be replayed: {err}") from None

    def to_dict(self) -> dict[str, Any]:
        return {"format": SHEET_FORMAT, "version": SHEET_VERSION, "setup": self.setup,
                "log": list(self.log), "redo": list(self.redo_stack), "coins": list(self.coins)}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> ScoreSheet:
        """Load a saved sheet by replaying its log; the coins saved must come out the same."""
        if not isinstance(data, dict) or data.get("format") != SHEET_FORMAT:
            raise InputError("format", f"not a saved score sheet (expected {SHEET_FORMAT!r})")
        if data.get("version") != SHEET_VERSION:
            raise InputError("version", f"unsupported score-sheet version {data.get('version')!r}")
        setup = data.get("setup")
        if not is_sheet(setup):
            raise InputError("setup", "missing or not a score sheet's set-up")
        sheet = cls(make_sheet_setup(setup.get("players"), board=setup.get("board"),
                                     expansions=setup.get("expansions"), coins=setup.get("coins"),
                                     turns=setup.get("turns")))
        log, redo = data.get("log", []), data.get("redo", [])
        if not isinstance(log, list) or not isinstance(redo, list):
            raise InputError("log", "a list of turns")
        sheet._replay(log)
        sheet.redo_stack = list(redo)
        if "coins" in data and data["coins"] != sheet.coins:
            raise InputError("coins", "the replayed turns do not give the saved coins")
        return sheet

    @classmethod
    def from_json(cls, text: str) -> ScoreSheet:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise InputError("file", "not JSON") from None
        return cls.from_dict(data)

    def describe(self, entry: dict[str, Any], lang: str = "en") -> str:
        """A logged turn in words of `lang` (the undo confirmation)."""
        from .i18n import item_name, ntr, tr

        parts = [tr("{player}'s turn", lang).format(player=entry.get("by"))]
        pick = entry.get("combo")
        if pick:
            parts.append(tr("picks {race} / {power}", lang).format(
                race=item_name(pick["race"], lang), power=item_name(pick["power"], lang)))
        if entry.get("into_decline"):
            parts.append(tr("goes into decline", lang))
        regions = sum(sum(h.get("terrain", {}).values()) for h in entry.get("held", {}).values())
        parts.append(ntr("{n} region held", "{n} regions held", regions, lang).format(n=regions))
        return ", ".join(parts)
