"""One open game at a table: load, act, undo/redo, keep in step with other devices.

A `TableSession` holds the game (a `swcore.Game`, used only through its public API) and the
seq of the last stored event it has applied. Every change is written to the store *before* the
session reports it, so the screen never shows what the database does not hold. No Panel here:
tests drive sessions directly, the Panel views only watch `version`, `error` and `events`.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Iterable
from typing import Any

import param
from sqlalchemy.exc import SQLAlchemyError

from swcore import (
    Action,
    Event,
    Game,
    InputError,
    RuleError,
    SwError,
    builtin_ids,
)
from swcore.game import make_setup
from swcore.i18n import explain, item_name, term
from swcore.names import player_name
from swcore.scoresheet import ScoreSheet, is_sheet, make_sheet_setup

from . import limits
from .i18n import N_, _, happened, lang, ngettext
from .i18n import describe as in_words
from .store import Conflict, EventRow, Store, normalise_code

CONFLICT = N_("Another device changed this game first, so your action was not recorded. "
            "The screen now shows the game as it is; try again if it still applies.")
CHANGED = N_("The screen changed before your tap arrived, so nothing was recorded; tap again "
           "if it still applies.")
DENIED = N_("Wrong table or join code.")
AWAY = N_("The database does not answer just now: try again in a moment.")
UNSAVED = N_("The game could not be saved just now (the database did not answer), so your action "
           "was not recorded and the game is as it was. Try again in a moment.")
LOG = logging.getLogger(__name__)
#: Player colours offered by the new-game form: the Okabe-Ito colours the map uses by seat
#: (distinct for colour-blind viewers and from the pale terrain), then three more dark ones.
COLOURS = {
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "orange": "#E69F00",
    "black": "#000000", "brown": "#8C510A", "green": "#1B7837", "crimson": "#B2182B",
}
SLOW_DOWN = N_("Too many wrong codes: wait {wait} before trying again.")
TOO_MANY_GAMES = N_("Too many new games just now: wait {wait} before creating another.")


def wait_words(seconds: float) -> str:
    """`limits.wait_text` in the page's language."""
    s = max(1, round(seconds + 0.49))
    if s < 120:
        return ngettext("{n} second", "{n} seconds", s).format(n=s)
    return _("{n} minutes").format(n=round(s / 60))


def denied_text(err: Exception) -> str:
    """A refusal to open a game, in the page's language."""
    if isinstance(err, SlowDown):
        return _(SLOW_DOWN).format(wait=wait_words(err.wait))
    return _(str(err))


class AccessDenied(Exception):
    """The game cannot be opened: the message never says whether the table exists."""

    def __init__(self, message: str = DENIED) -> None:
        super().__init__(message)


class SlowDown(AccessDenied):
    """Too many wrong codes from this device, for this game or for the lookup: refused
    before any hashing; `wait` seconds."""

    def __init__(self, wait: float) -> None:
        super().__init__(SLOW_DOWN.format(wait=limits.wait_text(wait)))
        self.wait = wait


def check_text(text: str, what: str, field: str) -> str:
    """Refuse what a database cannot store or a screen cannot show: a lone surrogate (SQLite
    cannot encode it) and control characters such as NUL (PostgreSQL refuses them)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise SetupError(field, _("{what} has a character that is not text (a broken "
                                  "character): please type it again.").format(what=what)) from None
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in text):
        raise SetupError(field, _("{what} has a control character (such as NUL): please "
                                  "type it again.").format(what=what))
    return text


class SetupError(ValueError):
    """A new-game form that cannot start a game; `field` says which input is wrong, `reason`
    the message without naming it (the engine's refusals: the form gives the field's label)."""

    def __init__(self, field: str, message: str, reason: str | None = None):
        super().__init__(message)
        self.field = field
        self.message = message
        self.reason = message if reason is None else reason


# --------------------------------------------------------------------------------------
# Replaying a stored log
# --------------------------------------------------------------------------------------
def fold(rows: Iterable[EventRow]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The engine log and redo stack that a sequence of stored events leaves (pure data):
    `act` appends and clears the redo stack; `undo n` moves the last n actions to the front of
    the redo stack, in their order; `redo n` moves the first n back. Mirrors `Game.undo` and
    `Game.redo`."""
    log: list[dict[str, Any]] = []
    redo: list[dict[str, Any]] = []
    for row in rows:
        if row.kind == "act":
            log.append(row.action)
            redo = []
        elif row.kind == "undo":
            n = min(int(row.action.get("steps", 1)), len(log))
            if n:
                gone = log[-n:]
                del log[-n:]
                redo = gone + redo  # redo_stack[0] is the first action to play again
        elif row.kind == "redo":
            n = min(int(row.action.get("steps", 1)), len(redo))
            log.extend(redo[:n])
            redo = redo[n:]
        else:
            raise ValueError(f"unknown event kind {row.kind!r} at seq {row.seq}")
    return log, redo


def new_game(setup: dict[str, Any]) -> Game | ScoreSheet:
    """The game a stored set-up starts: a score sheet when its `mode` says so (a set-up flag,
    so databases and saves from before the score-only mode load unchanged), else a map game."""
    return ScoreSheet(setup) if is_sheet(setup) else Game(setup)


def build_game(setup: dict[str, Any], rows: Iterable[EventRow]) -> Any:
    """A game = `new_game(setup)` with every effective logged action applied, plus its redo
    stack (a `Game`, or a `ScoreSheet`: the same `apply`, `undo`, `redo` and log)."""
    log, redo = fold(rows)
    game = new_game(setup)
    for k, entry in enumerate(log):
        try:
            game.apply(entry)
        except SwError as err:
            raise InputError(f"log[{k}]", f"stored action {entry} cannot be replayed: {err}") from None
    game.redo_stack = list(redo)
    return game


def describe(entry: dict[str, Any]) -> str:
    """A logged action in words, for the undo/redo confirmation: the engine's sentence of its
    word (`swcore.words.describe`), with catalogue names, in the page's language."""
    return in_words(Action.from_dict(entry))


def _undo_note(what: str, steps: int) -> str:
    """The log's line of an undo or redo ("undo", "redo": this device's; "other undo", "other
    redo": another device's), in the page's language."""
    notes = {
        "undo": ngettext("Undid {n} action.", "Undid {n} actions.", steps),
        "redo": ngettext("Redid {n} action.", "Redid {n} actions.", steps),
        "other undo": ngettext("Another device undid {n} action.",
                               "Another device undid {n} actions.", steps),
        "other redo": ngettext("Another device redid {n} action.",
                               "Another device redid {n} actions.", steps)}
    return notes[what].format(n=steps)


# --------------------------------------------------------------------------------------
# New games
# --------------------------------------------------------------------------------------
def clean_players(names: list[Any]) -> list[str]:
    """Player names in seat order, spaces tidied, as the engine stores them; a name the engine's
    rule refuses (`swcore.names`: the one rule for set-ups, actions and saves) is refused with
    its reason, and so are empty or duplicate names."""
    out: list[str] = []
    for k, raw in enumerate(names):
        name = " ".join(str(raw or "").split())
        if not name:
            raise SetupError(f"players[{k}]", _("Seat {n} needs a name.").format(n=k + 1))
        try:
            name = player_name(name, f"players[{k}]")
        except InputError as err:
            raise SetupError(err.field, _("Seat {n}'s name: {reason}").format(
                n=k + 1, reason=term(err.reason, lang()))) from None
        if name.casefold() in {n.casefold() for n in out}:
            raise SetupError(f"players[{k}]", _("Two players are called {name}: names must "
                                                "differ.").format(name=repr(name)))
        out.append(name)
    if not 2 <= len(out) <= 5:
        raise SetupError("players", _("Small World is played by 2 to 5 players."))
    return out


def create_game(store: Store, table_name: str, players: list[Any], *,
                colours: list[str] | None = None, board: str | None = None, seed: int = 0,
                races: list[str] | None = None, powers: list[str] | None = None,
                options: dict[str, Any] | None = None, turns: int | None = None,
                stacks: str = "shuffled", code: str | None = None,
                demo: bool = False, device: str | None = None,
                expansions: list[str] | None = None, values: dict[str, int] | None = None,
                supply: dict[str, int] | None = None,
                extra: dict[str, Any] | None = None, scores: bool = False) -> tuple[int, str]:
    """Check a new game's set-up and store it; returns (game id, join code). `expansions`,
    `values`, `supply` and `extra` (the modules' set-up keys) go to `make_setup` as they are. With
    `stacks="table"`, `races`/`powers` are the six visible pairs as they lie on the table and
    each later pair is entered (a `reveal` action) as it comes up. With `device` (a page), the
    creation limits apply (per device and per process; `SetupError` on field "limit"). With
    `scores`, the game is a score sheet (`swcore.scoresheet`): `board` is then optional (a
    board the app does not have is left out) and checks the counts when given."""
    _may_create(device)
    name = check_text(" ".join(str(table_name or "").split()), _("The table name"), "table_name")
    if not name:
        raise SetupError("table_name", _("The table needs a name."))
    if len(name) > 60:
        raise SetupError("table_name", _("Table names are at most 60 characters."))
    names = clean_players(players)
    board = board or (None if scores else f"base-{len(names)}p")
    if board is not None and board not in builtin_ids():
        raise SetupError("board", _("Unknown board {board}.").format(board=repr(board)))
    colours = list(colours or list(COLOURS)[: len(names)])
    if len(colours) != len(names):
        raise SetupError("colours", _("Each player needs a colour."))
    hexes = [COLOURS.get(c, c) for c in colours]
    if any(not (isinstance(h, str) and h.startswith("#") and len(h) == 7) for h in hexes):
        raise SetupError("colours", _("Colours are picked from the list."))
    if len(set(hexes)) != len(hexes):
        raise SetupError("colours", _("Two players have the same colour."))
    try:
        setup = (make_sheet_setup(names, board=board, expansions=expansions, turns=turns)
                 if scores else
                 make_setup(board, names, seed=seed, races=races, powers=powers, options=options,
                            turns=turns, stacks=stacks, expansions=expansions, values=values,
                            supply=supply, extra=extra))
    except InputError as err:  # the form names the field: `reason` leaves it out
        raise SetupError(err.field, TableSession.explain(err),
                         TableSession.explain(err, field=False)) from None
    meta = {"colours": dict(zip(names, hexes, strict=True)),
            "column": stacks}
    game_id, code = store.create_game(name, setup, meta, code, demo=demo)
    _created(device)
    return game_id, code


def _may_create(device: str | None) -> None:
    """The creation limits (per device and per process; `SetupError` on field "limit")."""
    if device is not None:
        wait = max(limits.DEVICE_CREATES.wait(device), limits.PROCESS_CREATES.wait("all"))
        if wait > 0:
            raise SetupError("limit", _(TOO_MANY_GAMES).format(wait=wait_words(wait)))


def _created(device: str | None) -> None:
    if device is not None:
        limits.DEVICE_CREATES.add(device)
        limits.PROCESS_CREATES.add("all")


def switch_words(session: TableSession, err: SwError) -> str:
    """A refusal of the switch in players' words: the race a malformed field points at
    (`carried.armies[1].regions`) is named instead of the field (review table.md 10)."""
    field = str(getattr(err, "field", ""))
    text = session.explain(err, field=False)
    prefix = "carried.armies["
    if field.startswith(prefix):
        k = field[len(prefix):].split("]", 1)[0]
        armies = list(session.game.armies.values())
        if k.isdigit() and int(k) < len(armies):
            return _("{race}: {why}").format(race=item_name(armies[int(k)].race, lang()),
                                              why=text)
    return text


def switch_to_map(session: TableSession, board: str, regions: dict[str, list[str]],
                  device: str | None = None, *, markers: Any = None, lost_tribes: Any = None,
                  pieces: Any = None, **column: Any) -> tuple[int, str]:
    """A score sheet becomes a map game once the board is known: a new game of the same table,
    seats and colours (`ScoreSheet.map_setup`: coins, round, races in play and their regions,
    and the markers, Lost Tribes and pieces on the board), stored like any game; returns
    (game id, join code). `column`: the combo column's keywords as for a new game (a seed, or
    the pairs as on the table with `stacks="table"`, see dashboards/column_entry.py). The
    sheet stays as it was. A refusal (`SetupError`) is in players' words (`switch_words`)."""
    _may_create(device)
    if board not in builtin_ids():
        raise SetupError("board", _("Unknown board {board}.").format(board=repr(board)))
    try:
        setup = session.game.map_setup(board, regions, markers=markers,
                                       lost_tribes=lost_tribes, pieces=pieces, **column)
    except SwError as err:
        raise SetupError(getattr(err, "field", "regions"), switch_words(session, err)) from None
    name = session.table_name[:54] + _(" (map)")
    meta = {"colours": dict(session.colours), "column": column.get("stacks", "shuffled"),
            "sheet": session.game_id}
    game_id, code = session.store.create_game(name[:60], setup, meta)
    _created(device)
    return game_id, code


def _guard(device: str, other: float) -> None:
    """Refuse at once (no hashing) while this device or `other` limit says wait."""
    wait = max(limits.DEVICE_GUESSES.wait(f"device:{device}") if device else 0.0, other)
    if wait > 0:
        raise SlowDown(wait)


def _wrong(device: str) -> None:
    if device:
        limits.DEVICE_GUESSES.wrong(f"device:{device}")
    raise AccessDenied()


# --------------------------------------------------------------------------------------
# The open game
# --------------------------------------------------------------------------------------
class TableSession(param.Parameterized):
    """One device's view of one stored game. Views watch `version` (any change of the game),
    `error` (the last refusal, with its rule ID) and `events` (what the last change did)."""

    game_id = param.Integer(default=0, doc="id of the game in the store")
    table_name = param.String(default="", doc="the table's public name")
    seq = param.Integer(default=0, doc="seq of the last stored event applied here")
    version = param.Integer(default=0, doc="bumped whenever the game shown changes")
    error = param.String(default="", doc="why the last request was refused ('' = accepted)")
    error_rule = param.String(default="", doc="rule ID of the last refusal, if any")
    conflicts = param.Integer(default=0, doc="how many of this device's requests lost a race")
    events = param.List(default=[], doc="swcore Events of the last change (own or synced)")
    notes = param.List(default=[], doc="one line per thing the last change did, for the log")
    colours = param.Dict(default={}, doc="player name -> colour")

    def __init__(self, store: Store, game_id: int, **params: Any):
        record = store.game(game_id)
        super().__init__(game_id=game_id, table_name=record.table_name,
                         colours=dict(record.meta.get("colours", {})), **params)
        self.store = store
        self.code = ""  # the join code this device opened the game with (shown on request)
        self.meta = record.meta
        self._setup = record.setup
        self._lock = threading.RLock()
        self._rows: list[EventRow] = []  # the stored log as this device has applied it
        self._mine: set[int] = set()  # the seqs this device stored (its own taps' conflicts)
        self.game: Any = new_game(self._setup)  # a Game, or a ScoreSheet (`is_sheet`)
        self.reload()

    # --- opening ------------------------------------------------------------------------
    @classmethod
    def open(cls, store: Store, game_id: Any, code: Any, device: str = "") -> TableSession:
        """Open a game with its join code; `AccessDenied` (same message) for any failure,
        `SlowDown` while this device or this game has had too many wrong codes."""
        game_key = f"game:{str(game_id)[:20]}"
        _guard(device, limits.GAME_GUESSES.wait(game_key))
        if not store.check_code(game_id, code):
            limits.GAME_GUESSES.wrong(game_key)
            _wrong(device)
        limits.DEVICE_GUESSES.right(f"device:{device}")
        session = cls(store, int(game_id))
        session.code = normalise_code(code)
        return session

    @classmethod
    def open_by_code(cls, store: Store, code: Any, device: str = "") -> TableSession:
        """Open whichever game `code` opens (a game no longer listed in the lobby); the
        lookup by code alone has its own limit for the whole process."""
        _guard(device, limits.LOOKUP_GUESSES.wait("lookup"))
        game_id = store.find_code(code)
        if game_id is None:
            limits.LOOKUP_GUESSES.wrong("lookup")
            _wrong(device)
        return cls.open(store, game_id, code, device)

    def reload(self) -> None:
        """Rebuild the game from the store (after a conflict, or on open)."""
        with self._lock:
            rows = self.store.rows(self.game_id)
            self.game = build_game(self._setup, rows)
            self._rows = rows
            self.seq = rows[-1].seq if rows else 0
            self.version += 1

    # --- acting -------------------------------------------------------------------------
    def act(self, action: Action | dict[str, Any], seen: int | None = None) -> bool:
        """Check an action with the engine, store it, then report it. False (and `error` set)
        when the rules refuse it or another device acted first; the store is then unchanged.
        `seen`: the seq of the game as the screen showed it when the player tapped; a tap on
        an older state is refused as a conflict (the screen already shows the new one)."""
        with self._lock:
            if self._stale(seen):
                return False
            try:
                events = self.game.apply(action)
            except SwError as err:
                return self._refuse(err)
            return self._commit("act", self.game.log[-1], events)

    def undo(self, steps: int = 1, seen: int | None = None) -> bool:
        """Take back the last `steps` actions; with `seen`, only if the game is still at the
        seq the confirmation listed them on."""
        with self._lock:
            if self._stale(seen):
                return False
            if steps < 1 or not self.game.log:
                return self._refuse(None, "Nothing to undo.")
            done = self.game.undo(steps)
            return self._commit("undo", {"steps": done}, [], [_undo_note("undo", done)])

    def redo(self, steps: int = 1, seen: int | None = None) -> bool:
        with self._lock:
            if self._stale(seen):
                return False
            if steps < 1 or not self.game.redo_stack:
                return self._refuse(None, "Nothing to redo.")
            try:
                done = self.game.redo(steps)
            except SwError as err:  # pragma: no cover - redo replays checked actions
                self.reload()
                return self._refuse(err)
            return self._commit("redo", {"steps": done}, [], [_undo_note("redo", done)])

    def refuse_tap(self, seen: int) -> None:
        """A tap on a button that the screen has changed since: on another state of the game
        (the conflict message), or relabelled by this device's own last step."""
        with self._lock:
            if not self._stale(seen):
                self.error_rule = ""
                self.error = _(CHANGED)

    def _stale(self, seen: int | None) -> bool:
        """True (a refusal reported) when the tap was made on another state than this one:
        another device's change (a conflict), or only this device's own since (a tap sent
        before its page had shown its previous action: not another device, review table.md 8).
        (A game moved in another process is caught by the store's primary key at commit.)"""
        if seen is None or seen == self.seq:
            return False
        self.error_rule = ""
        if seen < self.seq and all(k in self._mine for k in range(seen + 1, self.seq + 1)):
            self.error = _(CHANGED)
            return True
        self.conflicts += 1
        self.error = _(CONFLICT)
        return True

    @staticmethod
    def explain(err: SwError, field: bool = True) -> str:
        """A refusal for people, in the page's language: in French, the rule's summary (or, for
        malformed input, that it is not valid) first and the engine's English detail after it
        (docs/app.md). `field` False: the detail leaves out the input's name (a form names it)."""
        if isinstance(err, InputError) and not field:
            err = SwError(err.reason)
        main, detail = explain(err, lang())
        return main + (" (" + _("details: {detail}").format(detail=detail) + ")" if detail else "")

    def _refuse(self, err: SwError | None, text: str = "") -> bool:
        self.error_rule = err.rule if isinstance(err, RuleError) else ""
        self.error = self.explain(err) if err is not None else text
        return False

    def _commit(self, kind: str, payload: dict[str, Any], events: list[Event],
                notes: list[str] | None = None) -> bool:
        row = EventRow(self.seq + 1, kind, copy.deepcopy(payload))
        try:
            self.store.append(self.game_id, row.seq, kind, payload)
        except Conflict:
            self.conflicts += 1
            self.reload()
            self.error_rule = ""
            self.error = _(CONFLICT)
            return False
        except SQLAlchemyError:
            # The database is away (a restart, a lock held too long). The game in memory must
            # not run ahead of it: rebuild it from the log this device holds, without the database.
            LOG.exception("game %s: event %s not stored", self.game_id, row.seq)
            self.game = build_game(self._setup, self._rows)
            self.error_rule = ""
            self.error = _(UNSAVED)
            return False
        self._rows.append(row)
        self.seq += 1
        self._mine.add(self.seq)
        self.error_rule = ""
        self.error = ""
        self.events = events
        self.notes = notes if notes is not None else self._told(events)
        self.version += 1
        return True

    # --- keeping in step with other devices -------------------------------------------
    def sync(self) -> bool:
        """Apply the events other devices stored since ours; True when the game changed."""
        with self._lock:
            try:
                if self.store.last_seq(self.game_id) == self.seq:
                    return False
                rows = self.store.rows(self.game_id, after=self.seq)
            except SQLAlchemyError:  # the database is away for a moment: the next poll retries
                return False
            events: list[Event] = []
            notes: list[str] = []
            try:
                for row in rows:
                    if row.seq != self.seq + 1:
                        raise ValueError("gap in the event log")
                    steps = int(row.action.get("steps", 1)) if row.kind != "act" else 0
                    if row.kind == "act":
                        events = self.game.apply(row.action)
                        notes += self._told(events)
                    elif row.kind == "undo":
                        notes.append(_undo_note("other undo", self.game.undo(steps)))
                        events = []
                    else:
                        notes.append(_undo_note("other redo", self.game.redo(steps)))
                        events = []
                    self._rows.append(row)
                    self.seq = row.seq
            except (SwError, ValueError):
                self.reload()
                self.notes = [_("The game was reloaded from the database.")]
                return True
            self.events = events
            self.notes = notes
            self.error = ""
            self.error_rule = ""
            self.version += 1
            return True

    # --- what the screen asks --------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return list(self.game.players)

    def colour(self, player: str) -> str:
        return self.colours.get(player, "#555555")

    @property
    def is_sheet(self) -> bool:
        """A score-only game (`swcore.scoresheet`): the score-sheet screen shows it."""
        return isinstance(self.game, ScoreSheet)

    def _describe(self, entry: dict[str, Any]) -> str:
        return self.game.describe(entry, lang()) if self.is_sheet else describe(entry)

    def _told(self, events: list[Event]) -> list[str]:
        """The log's lines of what a change did, in the page's language."""
        return [happened(ev, self.game.players) for ev in events]

    def undo_preview(self, steps: int) -> list[str]:
        """The actions `undo(steps)` would take back, most recent first, as text."""
        return [self._describe(e) for e in self.game.log[::-1][:steps]]

    def redo_preview(self, steps: int) -> list[str]:
        return [self._describe(e) for e in self.game.redo_stack[:steps]]
