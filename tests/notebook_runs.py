"""Each tutorial notebook executed once per test process, for every test that reads it.

Why: executing the notebooks is most of what `make test` costs. The notebooks' own tests
(tests/test_notebooks.py) run each one as JupyterLab does; the static site's tests
(tests/test_tutorial_site.py) render pages from notebooks run as `scripts/render_tutorial.py`
runs them, with `SW_TUTORIAL_STATIC=1`. A notebook whose code never reads that flag (beyond
defining `STATIC`) runs the same either way, so one run serves both. `make test` keeps these
tests on one pytest-xdist worker (`conftest.TUTORIAL_FILES`), where they share the runs.

A run's time is the kernel's CPU time (read from /proc while it runs): on a machine shared with
other work, wall time measured the neighbours more than the notebook (a notebook taking 37 s
alone took 152 s beside another test process).
"""

from __future__ import annotations

import copy
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

#: Per cell, a bound against a cell that never returns (the time bound is `Run.cpu_s`'s).
CELL_TIMEOUT_S = 900
#: A use of the flag that is not its definition `STATIC = ...`.
READS_STATIC = re.compile(r"\bSTATIC\b(?!\s*=[^=])")


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
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    return READS_STATIC.search(code) is not None


def kernel_cpu_s(pid: int) -> float:
    """User and system CPU time of a process and its waited-for children (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


class Runner:
    """Runs notebooks on `kernel` (a kernel spec of the Python running the tests), each once
    per mode it is run in."""

    def __init__(self, kernel: str):
        self.kernel = kernel
        self._runs: dict[tuple[Path, bool], Run] = {}

    def run(self, path: Path, static: bool = False) -> Run:
        path = Path(path).resolve()
        nb = nbformat.read(path, as_version=4)
        key = (path, static and reads_static(nb))
        if key not in self._runs:
            self._runs[key] = self._execute(nb, path.parent, key[1])
        return self._runs[key]

    def _execute(self, nb: nbformat.NotebookNode, folder: Path, static: bool) -> Run:
        from nbclient import NotebookClient

        cpu: list[float] = []

        def measure(**_kw) -> None:  # after each cell, while the kernel lives
            try:
                cpu[:] = [kernel_cpu_s(client.km.provisioner.pid)]
            except (OSError, AttributeError, TypeError):  # no /proc: wall time instead
                pass
        client = NotebookClient(nb, kernel_name=self.kernel, timeout=CELL_TIMEOUT_S,
                                resources={"metadata": {"path": str(folder)}},
                                on_cell_executed=measure)
        start = time.monotonic()
        with pytest.MonkeyPatch.context() as mp:  # the kernel inherits the environment
            if static:
                mp.setenv("SW_TUTORIAL_STATIC", "1")
            else:
                mp.delenv("SW_TUTORIAL_STATIC", raising=False)
            try:
                client.execute()
            except Exception as err:  # every reader of this run fails with it
                wall = time.monotonic() - start
                return Run(None, cpu[0] if cpu else wall, wall, err)
        wall = time.monotonic() - start
        return Run(nb, cpu[0] if cpu else wall, wall)
