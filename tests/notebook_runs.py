"""The tutorial notebooks run for the tests: one kernel per folder, each notebook once, and the
static site's pages from the same runs.

Why: executing the notebooks is most of what `make test` costs. The notebooks of one folder run
one after the other in one kernel, its namespace emptied before each (`%reset -f`): each still
runs top to bottom from nothing defined, but the kernel's start and the imports (Panel, Bokeh,
pandas, the engine) are paid once. The static site (tests/test_tutorial_site.py) renders its
pages from notebooks run as `scripts/render_tutorial.py` runs them (`SW_TUTORIAL_STATIC=1`, a
kernel of their own): a notebook whose code never reads that flag (beyond defining `STATIC`)
runs the same either way, so its run in the folder's kernel serves the site too, provided that
run carries Panel's scripts (BokehJS, which a static page needs and which a kernel might leave
out of a later notebook's output); any other page gets a run of its own, as the script does.
`make test` keeps the tutorial's tests on one pytest-xdist worker (`conftest.TUTORIAL_FILES`).

A run's time is the kernel's CPU time (read from /proc): on a machine shared with other work,
wall time measured the neighbours more than the notebook (a notebook taking 37 s alone took
152 s beside another test process).
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

#: Per cell, a bound against a cell that never returns (the time bound is `Run.cpu_s`'s).
CELL_TIMEOUT_S = 900
#: The flag `scripts/render_tutorial.py` sets for the kernels it starts.
STATIC_FLAG = "SW_TUTORIAL_STATIC"
#: A use of the flag that is not its definition `STATIC = ...`.
READS_STATIC = re.compile(r"\bSTATIC\b(?!\s*=[^=])")
#: Panel's scripts in a notebook's output (`pn.extension`): what a static page loads BokehJS from.
PANEL_LOAD = "application/vnd.holoviews_load.v0+json"
PANEL_EXEC = "application/vnd.holoviews_exec.v0+json"


@dataclass
class Run:
    """A notebook executed top to bottom: the notebook with its outputs, or the error."""

    nb: nbformat.NotebookNode | None
    cpu_s: float
    wall_s: float
    error: BaseException | None = None

    def notebook(self) -> nbformat.NotebookNode:
        """The executed notebook (a copy: a reader may change it); its error if it failed."""
        if self.error is not None:
            raise self.error
        return copy.deepcopy(self.nb)


def reads_static(nb: nbformat.NotebookNode) -> bool:
    """Whether the notebook's code does anything with `STATIC` but define it."""
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    return READS_STATIC.search(code) is not None


def makes_a_page(run: Run) -> bool:
    """Whether a run's outputs make a static page: Panel's scripts are there wherever a Panel
    output is (a failed run makes none)."""
    if run.nb is None:
        return False
    mimes = {m for c in run.nb.cells if c.cell_type == "code" for o in c.outputs
             for m in o.get("data", {})}
    return PANEL_LOAD in mimes or PANEL_EXEC not in mimes


def kernel_cpu_s(pid: int) -> float:
    """User and system CPU time of a process and its waited-for children (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def content_key(nb: nbformat.NotebookNode, folder: Path) -> tuple[Path, str]:
    """A notebook by its folder and content: the same file read twice, or by another reader."""
    return Path(folder).resolve(), hashlib.sha256(nbformat.writes(nb).encode()).hexdigest()


class Runner:
    """Runs notebooks on `kernel` (a kernel spec of the Python running the tests), one kernel per
    folder, each notebook once per way it is run; `close()` stops the kernels."""

    def __init__(self, kernel: str):
        self.kernel = kernel
        self._runs: dict[tuple[Path, str], Run] = {}
        self._static: dict[tuple[Path, str], Run] = {}
        self._kernels: dict[Path, Any] = {}

    def run(self, path: Path) -> Run:
        """`path` executed (once) as JupyterLab runs it."""
        path = Path(path).resolve()
        return self.shared(nbformat.read(path, as_version=4), path.parent)

    def shared(self, nb: nbformat.NotebookNode, folder: Path) -> Run:
        """`nb` (as read from `folder`) run once in the folder's kernel; its copy is run."""
        key = content_key(nb, folder)
        if key not in self._runs:
            self._runs[key] = self._run(copy.deepcopy(nb), key[0], self._kernel(key[0]))
        return self._runs[key]

    def for_the_site(self, nb: nbformat.NotebookNode, folder: Path) -> Run:
        """`nb` (as read from `folder`) run as `scripts/render_tutorial.py` runs it: its shared
        run when the notebook does not read the flag and that run makes a page, else (once) a
        run in a kernel of its own with the flag set."""
        if not reads_static(nb):
            run = self.shared(nb, folder)
            if makes_a_page(run):
                return run
        key = content_key(nb, folder)
        if key not in self._static:
            km = self._start(key[0], static=True)
            try:
                self._static[key] = self._run(copy.deepcopy(nb), key[0], km)
            finally:
                km.shutdown_kernel(now=True)
        return self._static[key]

    def _run(self, nb: nbformat.NotebookNode, folder: Path, km: Any) -> Run:
        try:
            cpu, wall = self._execute(nb, folder, km)
            return Run(nb, cpu, wall)
        except Exception as err:  # every reader of this run fails with it
            return Run(None, 0.0, 0.0, err)

    def execute(self, nb: nbformat.NotebookNode, folder: Path) -> tuple[float, float]:
        """Execute `nb` in place in the kernel of `folder`; its kernel CPU and wall seconds."""
        return self._execute(nb, Path(folder).resolve(), self._kernel(Path(folder).resolve()))

    def _execute(self, nb: nbformat.NotebookNode, folder: Path, km: Any) -> tuple[float, float]:
        """Execute `nb` in place in `km`, namespace emptied first; its kernel CPU and wall
        seconds (the CPU time is the wall time where /proc cannot be read)."""
        from nbclient import NotebookClient

        start = time.monotonic()
        try:
            before = kernel_cpu_s(km.provisioner.pid)
        except (OSError, AttributeError, TypeError):
            before = None
        reset = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("%reset -f")])
        for book in (reset, nb):
            client = NotebookClient(book, km=km, kernel_name=self.kernel, timeout=CELL_TIMEOUT_S,
                                    resources={"metadata": {"path": str(folder)}})
            try:
                client.execute()
            finally:
                if client.kc is not None:
                    client.kc.stop_channels()
        wall = time.monotonic() - start
        try:
            cpu = kernel_cpu_s(km.provisioner.pid) - before if before is not None else wall
        except (OSError, AttributeError, TypeError):
            cpu = wall
        return cpu, wall

    def _start(self, folder: Path, static: bool = False) -> Any:
        """A kernel started in `folder`, with the site's flag or without it (whatever the
        environment of the tests says)."""
        from jupyter_client.manager import KernelManager

        env = {k: v for k, v in os.environ.items() if k != STATIC_FLAG}
        if static:
            env[STATIC_FLAG] = "1"
        km = KernelManager(kernel_name=self.kernel)
        km.start_kernel(cwd=str(folder), env=env)
        return km

    def _kernel(self, folder: Path) -> Any:
        if folder not in self._kernels:
            self._kernels[folder] = self._start(folder)
        return self._kernels[folder]

    def close(self) -> None:
        for km in self._kernels.values():
            km.shutdown_kernel(now=True)
        self._kernels.clear()
