"""Persistence for the table-side assistant: games and their append-only event log.

SQLAlchemy 2.x Core, no Panel. A game is its set-up (what `swcore.game.make_setup` returns)
plus an append-only log of events, one row per thing a table did:

- ``act``: an engine action as the engine logged it (die results included), so replay is exact;
- ``undo`` / ``redo``: ``{"steps": n}``, replayed with `Game.undo` / `Game.redo`.

Rows are never updated or deleted. ``(game_id, seq)`` is the primary key: a device writes
``seq = last seq it has seen + 1``; when another device wrote that seq first, the insert fails
and `Conflict` is raised (optimistic concurrency, anchors-tech.md §6.4).

The database is ``$SW_DATABASE_URL`` (any SQLAlchemy URL, e.g. ``postgresql+psycopg://...``)
or, by default, the SQLite file ``data/smallworld.sqlite`` under the repository, in WAL mode.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PATH = REPO / "data" / "smallworld.sqlite"
ENV_URL = "SW_DATABASE_URL"
KINDS = ("act", "undo", "redo")
#: Join codes: no 0/O, 1/I/L, so a code read aloud across a table is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
HASH_ROUNDS = 60_000

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_name", sa.String(60), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("setup", sa.JSON, nullable=False),
    sa.Column("meta", sa.JSON, nullable=False),  # player colours, how the column was set up
    sa.Column("code_salt", sa.String(64), nullable=False),
    sa.Column("code_hash", sa.String(128), nullable=False),
    # Only the demo game has these: its code is public, and at most one demo exists.
    sa.Column("demo_key", sa.String(20), unique=True, nullable=True),
    sa.Column("public_code", sa.String(20), nullable=True),
    # `lookup_key` of the join code, so that a game is found from its code alone (the lobby's
    # "Open by code"); games stored before it existed have NULL until their code is reset.
    sa.Column("code_key", sa.String(32), nullable=True, index=True),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)  # the primary key (game_id, seq) is the uniqueness the optimistic concurrency relies on


class Conflict(Exception):
    """Another device recorded an event with this seq first: reload and show the new state."""


@dataclass(frozen=True)
class GameInfo:
    """What the lobby may show about a game without its join code."""

    id: int
    table_name: str
    created_at: datetime
    public_code: str | None  # the demo's code only


@dataclass(frozen=True)
class GameRecord:
    id: int
    table_name: str
    setup: dict[str, Any]
    meta: dict[str, Any]


@dataclass(frozen=True)
class EventRow:
    seq: int
    kind: str
    action: dict[str, Any]


def database_url(url: str | None = None) -> str:
    """The URL in use: the argument, else $SW_DATABASE_URL, else the default SQLite file."""
    return url or os.environ.get(ENV_URL) or f"sqlite:///{DEFAULT_PATH}"


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: str) -> str:
    """Codes are compared without case, spaces or dashes ("abc-def" == "ABCDEF")."""
    return "".join(ch for ch in str(code).upper() if ch not in " -\t")


def plausible_code(code: Any) -> bool:
    """A string that could be a join code: up to 32 ASCII letters and digits once normalised.
    Anything else is refused without hashing (cheap, and a lone surrogate cannot be encoded)."""
    if not isinstance(code, str) or len(code) > 64:
        return False
    norm = normalise_code(code)
    return 0 < len(norm) <= 32 and norm.isascii() and norm.isalnum()


def lookup_key(code: str) -> str:
    """The same hash for the same code in every game (no per-game salt), so a game can be
    found by its code; 64 bits of it are kept. It costs as many rounds as `hash_code`."""
    digest = hashlib.pbkdf2_hmac("sha256", normalise_code(code).encode(), b"sw-join-code-lookup",
                                 HASH_ROUNDS)
    return digest[:8].hex()


def hash_code(code: str, salt: str) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", normalise_code(code).encode(), bytes.fromhex(salt),
                                 HASH_ROUNDS)
    return digest.hex()


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """One database: games, their join codes and their event logs. Thread-safe (pooled)."""

    def __init__(self, url: str | None = None, *, echo: bool = False):
        self.url = database_url(url)
        if self.url == f"sqlite:///{DEFAULT_PATH}":
            DEFAULT_PATH.parent.mkdir(parents=True, exist_ok=True)
        kwargs: dict[str, Any] = {"echo": echo}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"timeout": 10}
        else:  # a database server may restart: check a pooled connection before using it
            kwargs["pool_pre_ping"] = True
        self.engine = sa.create_engine(self.url, **kwargs)
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            metadata.create_all(self.engine)
        except sa.exc.DatabaseError:  # another process created the tables at the same moment
            metadata.create_all(self.engine)
        self._add_code_key()

    def _add_code_key(self) -> None:
        """A database made before `code_key` existed gets the column (NULL for its games)."""
        cols = {c["name"] for c in sa.inspect(self.engine).get_columns("games")}
        if "code_key" in cols:
            return
        try:
            with self.engine.begin() as conn:
                conn.execute(sa.text("ALTER TABLE games ADD COLUMN code_key VARCHAR(32)"))
        except sa.exc.DatabaseError:  # another process added it at the same moment
            pass

    def dispose(self) -> None:
        self.engine.dispose()

    # --- games -------------------------------------------------------------------------
    def create_game(self, table_name: str, setup: dict[str, Any], meta: dict[str, Any] | None = None,
                    code: str | None = None, *, demo: bool = False) -> tuple[int, str]:
        """Store a new game; returns (game id, join code). Only a hash of the code is kept,
        except for the demo game, whose code is public (shown in the lobby)."""
        table_name = table_name.strip()
        if not table_name:
            raise ValueError("a table needs a name")
        if len(table_name) > 60:
            raise ValueError("table names are at most 60 characters")
        code = normalise_code(code) if code else new_code()
        if len(code) < 4:
            raise ValueError("a join code has at least 4 letters or digits")
        if not plausible_code(code):
            raise ValueError("a join code is made of letters and digits")
        row = {"table_name": table_name, "created_at": _now(), "setup": setup, "meta": meta or {},
               **_code_columns(code), "demo_key": "demo" if demo else None,
               "public_code": code if demo else None}
        with self.engine.begin() as conn:
            game_id = conn.execute(sa.insert(games).values(**row)).inserted_primary_key[0]
        return int(game_id), code

    def demo_id(self) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(games.c.id).where(games.c.demo_key == "demo")).scalar()

    def ensure_demo(self, table_name: str, setup: dict[str, Any], meta: dict[str, Any]) -> int:
        """The demo game's id, creating it on first start (safe when several processes race)."""
        found = self.demo_id()
        if found is not None:
            return found
        try:
            game_id, _ = self.create_game(table_name, setup, meta, demo=True)
            return game_id
        except IntegrityError:  # another process created it first
            found = self.demo_id()
            assert found is not None
            return found

    def list_games(self, limit: int | None = None) -> list[GameInfo]:
        """Every game (or the `limit` newest), newest first: public name, date and (for the
        demo only) the code."""
        q = sa.select(games.c.id, games.c.table_name, games.c.created_at, games.c.public_code)
        with self.engine.connect() as conn:
            rows = conn.execute(q.order_by(games.c.id.desc()).limit(limit)).all()
        return [GameInfo(r.id, r.table_name, r.created_at, r.public_code) for r in rows]

    def check_code(self, game_id: Any, code: Any) -> bool:
        """True when `code` opens game `game_id`. An unknown game costs the same time as a
        wrong code and gives the same answer, so a guess reveals nothing."""
        try:
            gid = int(game_id)
        except (TypeError, ValueError):
            gid = -1
        if not 0 < gid < 2**31:  # ids are positive; PostgreSQL refuses a larger integer
            gid = -1
        if not plausible_code(code):
            return False
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games.c.code_salt, games.c.code_hash)
                               .where(games.c.id == gid)).first()
        salt, stored = (row.code_salt, row.code_hash) if row else ("00" * 16, "00" * 32)
        given = hash_code(str(code or ""), salt)
        return hmac.compare_digest(given, stored) and row is not None

    def find_code(self, code: Any) -> int | None:
        """The game that `code` opens, whatever its age (None: no such game)."""
        if not plausible_code(code):
            return None
        with self.engine.connect() as conn:
            ids = conn.execute(sa.select(games.c.id).where(games.c.code_key == lookup_key(code))
                               .order_by(games.c.id.desc())).scalars().all()
        return next((gid for gid in ids if self.check_code(gid, code)), None)

    def reset_code(self, game_id: int, code: str | None = None) -> str:
        """Give a game a new join code (the host's recovery of a lost code); the old code
        stops working. The only UPDATE of a game: its events are never touched."""
        code = normalise_code(code) if code else new_code()
        if len(code) < 4 or not plausible_code(code):
            raise ValueError("a join code has 4 to 32 letters or digits")
        with self.engine.begin() as conn:
            demo = conn.execute(sa.select(games.c.demo_key).where(games.c.id == game_id)).first()
            if demo is None:
                raise KeyError(game_id)
            values = {**_code_columns(code), "public_code": code if demo.demo_key else None}
            conn.execute(sa.update(games).where(games.c.id == game_id).values(**values))
        return code

    def summaries(self) -> list[tuple[GameInfo, int, bool]]:
        """Every game with its last seq and whether its code can be found by the lobby."""
        q = (sa.select(games.c.id, games.c.table_name, games.c.created_at, games.c.public_code,
                       games.c.code_key, sa.func.max(events.c.seq).label("last"))
             .select_from(games.outerjoin(events, events.c.game_id == games.c.id))
             .group_by(games.c.id).order_by(games.c.id))
        with self.engine.connect() as conn:
            return [(GameInfo(r.id, r.table_name, r.created_at, r.public_code), int(r.last or 0),
                     r.code_key is not None) for r in conn.execute(q)]

    def game(self, game_id: int) -> GameRecord:
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(games.c.id, games.c.table_name, games.c.setup, games.c.meta)
                             .where(games.c.id == game_id)).first()
        if r is None:
            raise KeyError(game_id)
        return GameRecord(r.id, r.table_name, r.setup, r.meta or {})

    # --- the event log -----------------------------------------------------------------
    def rows(self, game_id: int, after: int = 0) -> list[EventRow]:
        q = (sa.select(events.c.seq, events.c.kind, events.c.action)
             .where(events.c.game_id == game_id, events.c.seq > after).order_by(events.c.seq))
        with self.engine.connect() as conn:
            return [EventRow(r.seq, r.kind, r.action) for r in conn.execute(q)]

    def last_seq(self, game_id: int) -> int:
        q = sa.select(sa.func.max(events.c.seq)).where(events.c.game_id == game_id)
        with self.engine.connect() as conn:
            return conn.execute(q).scalar() or 0

    def last_seqs(self, game_ids: Any) -> dict[int, int]:
        """The last seq of several games in one query (what a process's poller asks)."""
        ids = sorted(set(game_ids))
        if not ids:
            return {}
        q = (sa.select(events.c.game_id, sa.func.max(events.c.seq))
             .where(events.c.game_id.in_(ids)).group_by(events.c.game_id))
        with self.engine.connect() as conn:
            found = dict(conn.execute(q).all())
        return {gid: int(found.get(gid) or 0) for gid in ids}

    def append(self, game_id: int, seq: int, kind: str, action: dict[str, Any]) -> None:
        """Record event `seq` of a game; `Conflict` when that seq is taken (another device won)."""
        if kind not in KINDS:
            raise ValueError(f"unknown event kind {kind!r}")
        if seq < 1:
            raise ValueError("seq starts at 1")
        row = {"game_id": game_id, "seq": seq, "kind": kind, "action": action, "created_at": _now()}
        try:
            with self.engine.begin() as conn:
                conn.execute(sa.insert(events).values(**row))
        except IntegrityError as err:
            raise Conflict(f"game {game_id} already has event {seq}") from err


def _code_columns(code: str) -> dict[str, str]:
    salt = secrets.token_hex(16)
    return {"code_salt": salt, "code_hash": hash_code(code, salt), "code_key": lookup_key(code)}


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    try:
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA foreign_keys=ON")
    finally:
        cur.close()


_STORES: dict[str, Store] = {}


def get_store(url: str | None = None) -> Store:
    """One Store per database URL per process (every Panel session shares it)."""
    key = database_url(url)
    if key not in _STORES:
        _STORES[key] = Store(key)
    return _STORES[key]
