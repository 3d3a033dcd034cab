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


#: Under `make test`'s two pytest-xdist workers (`--dist loadgroup`), tests that must not run
#: side by side share a group, run one after another on one worker: the tutorial's (the notebooks
#: of a folder share a kernel, tests/notebook_runs.py) and the browser tests (two
#: chromiums and two servers at once on 2 cores made slow pages and no faster run). The
#: restart tests are a group of their own: most of their time is spent waiting, on purpose, for
#: their pages' tokens to expire (45 s each), which the other worker can do beside the browser
#: group without slowing its pages (that group is the longest unit of a run). xdist's own
#: `xdist_group` mark does nothing under pytest 9 (it renames `item._nodeid`, which pytest 9 no
#: longer reads), so the groups are by file, and `pytest_collection_modifyitems` checks that
#: every test needing them is in such a file.
TUTORIAL_FILES = {"test_notebooks.py", "test_tutorial_site.py"}
BROWSER_FILES = {"test_bench_app.py", "test_contrast.py"}  # and every test_browser_*.py
WAITING_BROWSER_FILES = {"test_browser_restart.py"}


def group_of(nodeid: str) -> str:
    """A test's scheduling unit: its group, or itself."""
    name = nodeid.split("::", 1)[0].rsplit("/", 1)[-1]
    if name in TUTORIAL_FILES:
        return "tutorial"
    if name in WAITING_BROWSER_FILES:
        return "browser-waiting"
    if name in BROWSER_FILES or name.startswith("test_browser_"):
        return "browser"
    return nodeid


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: nothing without it
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Groups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)
    return Groups(config, log)


def pytest_collection_modifyitems(config, items):
    for item in items:
        group = group_of(item.nodeid)
        if item.get_closest_marker("browser") and group not in ("browser", "browser-waiting",
                                                                "tutorial"):
            raise pytest.UsageError(f"{item.nodeid} drives a browser: name its file "
                                    "test_browser_*.py or list it in conftest.BROWSER_FILES")
        if "notebooks" in getattr(item, "fixturenames", ()) and group != "tutorial":
            raise pytest.UsageError(f"{item.nodeid} runs notebooks: list its file in "
                                    "conftest.TUTORIAL_FILES")


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


@pytest.fixture(scope="session")
def notebooks(tmp_path_factory):
    """Runs tutorial notebooks once each (`notebook_runs.Runner`) on a kernel spec of the Python
    running the tests (the project's .venv under `make test`), found first on JUPYTER_PATH, so
    nothing needs installing by hand."""
    from ipykernel.kernelspec import write_kernel_spec
    from notebook_runs import Runner

    root = tmp_path_factory.mktemp("jupyter")
    write_kernel_spec(root / "kernels" / "swcore-tutorial",
                      overrides={"display_name": "swcore tutorial"})
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUPYTER_PATH", os.pathsep.join(filter(None, [str(root),
                                                                os.environ.get("JUPYTER_PATH")])))
        mp.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
        runner = Runner("swcore-tutorial")
        yield runner
        runner.close()


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
