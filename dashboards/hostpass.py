"""The server's host password: what opens the host's pages (the club's statistics).

Why: a table's join code opens that table's game only; the club's statistics show every game
on the server, so they need the host's own secret. The host sets it from the server's shell
(`python -m dashboards.admin host-password`); only a salted PBKDF2 hash is kept, in the store's
database (table `host_settings`). Wrong tries are slowed per device as join codes are
(`limits.Backoff`), before any hashing. With no password set, the host pages stay closed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

import sqlalchemy as sa

from . import limits
from .store import HASH_ROUNDS, Store

settings = sa.Table(
    "host_settings", sa.MetaData(),
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)
MIN_LENGTH = 8
#: Wrong host passwords, per device: 5 free tries, then waits doubling up to 5 minutes.
HOST_GUESSES = limits.Backoff(free=5, cap=300.0)


def _hash(password: str, salt: str) -> str:
    return hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(salt), HASH_ROUNDS).hex()


def set_password(store: Store, password: str) -> None:
    if len(password) < MIN_LENGTH:
        raise ValueError(f"the host password needs at least {MIN_LENGTH} characters")
    salt = secrets.token_hex(16)
    settings.create(store.engine, checkfirst=True)
    with store.engine.begin() as conn:
        conn.execute(sa.delete(settings).where(settings.c.key == "host_password"))
        conn.execute(sa.insert(settings).values(key="host_password", value=f"{salt}:{_hash(password, salt)}"))


def is_set(store: Store) -> bool:
    return _stored(store) is not None


def _stored(store: Store) -> str | None:
    settings.create(store.engine, checkfirst=True)
    with store.engine.connect() as conn:
        return conn.execute(sa.select(settings.c.value).where(settings.c.key == "host_password")
                            ).scalar()


def check(store: Store, password: str, device: str = "") -> bool | float:
    """True when `password` is the host's; False when wrong; the seconds to wait (a float)
    when this device has guessed too often."""
    key = f"host:{device}"
    wait = HOST_GUESSES.wait(key)
    if wait > 0:
        return float(wait)
    stored = _stored(store)
    if stored is None or not password:
        HOST_GUESSES.wrong(key)
        return False
    salt, digest = stored.split(":", 1)
    if hmac.compare_digest(_hash(password, salt), digest):
        HOST_GUESSES.right(key)
        return True
    HOST_GUESSES.wrong(key)
    return False
