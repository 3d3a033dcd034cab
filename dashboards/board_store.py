"""Boards a table made or corrected, kept in the store beside the games (issue 22).

One row per board: its board file (docs/boards.md), its name, author and what it was made from
(`based_on`: a shipped board's id, or empty for a blank page), the photo shown behind its
drawing (a data URL; it never leaves this server), and whether it may be played (`ready`) or
is a draft. The editor saves the row as it goes, so a page or server restart loses nothing.
Every table of the server sees every board. A game stores its board whole when it is created
(`swcore.config.make_setup`), so editing a board later never changes a game already stored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from swcore import InputError
from swcore.boardcheck import playable
from swcore.boardedit import read_file

from .i18n import _
from .store import Store, metadata

#: The new-game form's value for a stored board: this prefix and the row's id.
PREFIX = "saved:"
#: A photo is a data URL of at most this many characters (about 3 MB of image).
MAX_PHOTO = 4_000_000
MAX_BOARDS = 500

boards = sa.Table(
    "boards",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("author", sa.String(60), nullable=False),
    sa.Column("based_on", sa.String(100), nullable=False),
    sa.Column("ready", sa.Boolean, nullable=False),
    sa.Column("doc", sa.JSON, nullable=False),
    sa.Column("photo", sa.Text, nullable=True),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)


@dataclass(frozen=True)
class StoredBoard:
    id: int
    name: str
    author: str
    based_on: str
    ready: bool
    doc: dict[str, Any]
    photo: str | None


def _table(store: Store) -> None:
    boards.create(store.engine, checkfirst=True)  # a database made before boards existed


def save(store: Store, doc: dict[str, Any], *, name: str, author: str, based_on: str = "",
         photo: str | None = None, board_id: int | None = None) -> int:
    """Store (or update) a board; returns its id. The file is checked as an import is; a board
    that fails `boardcheck` is kept as a draft (`ready` False)."""
    doc = read_file(json.dumps(doc)) if doc.get("regions") else dict(doc)
    name, author = " ".join(name.split())[:200], " ".join(author.split())[:60]
    if photo is not None and (len(photo) > MAX_PHOTO or not photo.startswith("data:image/")):
        raise InputError("photo", _("A photo is an image of at most 3 MB."))
    row = {"name": name, "author": author, "based_on": based_on[:100], "doc": doc,
           "ready": bool(doc.get("regions")) and playable(doc), "photo": photo,
           "updated_at": datetime.now(UTC)}
    _table(store)
    with store.engine.begin() as conn:
        if board_id is None:
            count = conn.execute(sa.select(sa.func.count()).select_from(boards)).scalar()
            if count >= MAX_BOARDS:
                raise InputError("boards", _("This server keeps at most {n} boards.").format(
                    n=MAX_BOARDS))
            return int(conn.execute(sa.insert(boards).values(**row)).inserted_primary_key[0])
        conn.execute(sa.update(boards).where(boards.c.id == board_id).values(**row))
        return board_id


def get(store: Store, board_id: int) -> StoredBoard | None:
    _table(store)
    with store.engine.connect() as conn:
        r = conn.execute(sa.select(boards).where(boards.c.id == board_id)).first()
    return None if r is None else StoredBoard(r.id, r.name, r.author, r.based_on, r.ready,
                                             r.doc, r.photo)


def listing(store: Store, ready_only: bool = False) -> list[tuple[int, str, str, bool]]:
    """(id, name, author, ready) of every stored board, newest first."""
    _table(store)
    q = sa.select(boards.c.id, boards.c.name, boards.c.author, boards.c.ready)
    if ready_only:
        q = q.where(boards.c.ready.is_(True))
    with store.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(q.order_by(boards.c.updated_at.desc()))]


def choices(store: Store) -> dict[str, str]:
    """{label: PREFIX + id} of the boards ready to play, for the new-game form (none while
    the database is away: the form still offers the shipped boards)."""
    try:
        rows = listing(store, ready_only=True)
    except sa.exc.SQLAlchemyError:
        return {}
    return {label(i, name, author): f"{PREFIX}{i}" for i, name, author, _ready in rows}


def label(board_id: int, name: str, author: str) -> str:
    """A stored board's name in a list: its number makes it one of a kind, beside a shipped
    board it corrects (same name) and beside other copies (a dict of labels kept only one)."""
    return f"{name or _('Board')} (#{board_id}, {author})" if author else \
        f"{name or _('Board')} (#{board_id})"


def resolve(store: Store, value: Any) -> Any:
    """A new-game form's board value: a stored board's file in place of its `saved:` id."""
    if not (isinstance(value, str) and value.startswith(PREFIX)):
        return value
    tail = value[len(PREFIX):]
    found = get(store, int(tail)) if tail.isdigit() and len(tail) < 10 else None
    if found is None or not found.ready:
        raise InputError("board", _("This board is not ready to play: open it in the board "
                                    "editor and fix its problems."))
    return found.doc

