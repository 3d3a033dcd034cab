"""Shared fixtures: the two databases the table-side assistant supports.

`db_url` gives each test a fresh, empty database: an SQLite file (the default store) and a
PostgreSQL database (what a club points several server processes at). PostgreSQL runs as a
throwaway cluster of Debian's `postgresql` package for the whole test session: initdb in a
temporary folder, trust authentication, localhost only, stopped at the end. Without the package
the PostgreSQL cases are skipped on a developer's machine and fail under CI (`.ci/run` installs
it)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

#: How long a browser test waits for a condition, in ms (Playwright's own default for `expect`
#: is 5 s): generous, so that `make test` passes on a loaded machine; a condition met early
#: returns at once. $SW_BROWSER_WAIT_MS overrides it.
WAIT_MS = int(os.environ.get("SW_BROWSER_WAIT_MS", "90000"))

try:  # every `expect(...)` of the browser tests waits as long
    from playwright.sync_api import expect as _expect

    _expect.set_options(timeout=WAIT_MS)
except ImportError:  # pragma: no cover - the browser tests skip themselves
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class PgCluster:
    """A throwaway PostgreSQL cluster in a temporary folder: `start()`, `stop()` (as a crash
    would: immediate), `remove()`; `url` is its `postgres` database."""

    def __init__(self) -> None:
        bindir = _pg_bin()
        if bindir is None:
            if os.environ.get("CI"):
                pytest.fail("PostgreSQL is not installed (Debian package `postgresql`): "
                            ".ci/run installs it")
            pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="sw-pg-"))
        self.root.chmod(0o755)
        self.run_as: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use the package's user
            shutil.chown(self.root, "postgres")
            self.run_as = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        self._pg("initdb", "-D", str(self.root / "data"), "-U", "postgres", "--auth=trust",
                 "-E", "UTF8", "--no-sync")

    def _pg(self, tool: str, *args: str, check: bool = True) -> None:
        subprocess.run([*self.run_as, str(self.bindir / tool), *args], check=check,
                       capture_output=True, timeout=120)

    def start(self) -> None:
        self._pg("pg_ctl", "-D", str(self.root / "data"), "-l", str(self.root / "log"), "-w",
                 "-o", f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                 "-c fsync=off", "start")

    def stop(self) -> None:
        self._pg("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "stop",
                 check=False)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a running throwaway PostgreSQL server (its `postgres` database)."""
    pytest.importorskip("psycopg")
    cluster = PgCluster()
    try:
        cluster.start()
        yield cluster.url
    finally:
        cluster.remove()


@pytest.fixture
def postgres_db(postgres_server) -> str:
    """The URL of a fresh, empty PostgreSQL database on the throwaway server."""
    import psycopg

    name = f"sw_{uuid.uuid4().hex[:12]}"
    plain = postgres_server.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return postgres_server.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:
    """A fresh empty database of each kind."""
    if request.param == "postgresql":
        return request.getfixturevalue("postgres_db")
    return f"sqlite:///{tmp_path / 'sw.sqlite'}"


@pytest.fixture
def store(db_url):
    """A `dashboards.store.Store` on each kind of fresh database."""
    from dashboards.store import Store

    s = Store(db_url)
    yield s
    s.dispose()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Skips for a file outside the repository (tests/gamehelpers.py `skip_outside`) counted and
    listed, so a clone without it sees what did not run."""
    from gamehelpers import OUTSIDE

    outside = [r for r in terminalreporter.stats.get("skipped", []) if OUTSIDE in str(r.longrepr)]
    if outside:
        terminalreporter.section("skipped: files outside the repository", yellow=True)
        terminalreporter.write_line(f"{len(outside)} test(s) did not run because a file outside "
                                    "the repository is missing:")
        for r in outside:
            terminalreporter.write_line(f"  {r.nodeid}: {r.longrepr[2]}")
