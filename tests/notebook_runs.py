"""The tutorial notebooks run for the tests: one kernel per folder, each notebook once.

Why: executing the notebooks is most of what `make test` costs. The notebooks of one folder run
one after the other in one kernel, its namespace emptied before each (`%reset -f`): each still
runs top to bottom from nothing defined, but the kernel's start and the imports (Panel, Bokeh,
pandas, the engine) are paid once. (The static site, tests/test_tutorial_site.py, renders its
pages in fresh kernels, as `scripts/render_tutorial.py` does: a kernel that has loaded Panel's
scripts once does not put them in a later notebook's output, which a static page needs.)
`make test` keeps the tutorial's tests on one pytest-xdist worker (`conftest.TUTORIAL_FILES`).

A run's time is the kernel's CPU time (read from /proc): on a machine shared with other work,
wall time measured the neighbours more than the notebook (a notebook taking 37 s alone took
152 s beside another test process).
"""

from __future__ import annotations

import copy
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

#: Per cell, a bound against a cell that never returns (the time bound is `Run.cpu_s`'s).
CELL_TIMEOUT_S = 900


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


def kernel_cpu_s(pid: int) -> float:
    """User and system CPU time of a process and its waited-for children (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


class Runner:
    """Runs notebooks on `kernel` (a kernel spec of the Python running the tests), one kernel per
    folder; `close()` stops the kernels."""

    def __init__(self, kernel: str):
        self.kernel = kernel
        self._runs: dict[Path, Run] = {}
        self._kernels: dict[Path, Any] = {}

    def run(self, path: Path) -> Run:
        """`path` executed (once) as JupyterLab runs it."""
        path = Path(path).resolve()
        if path not in self._runs:
            nb = nbformat.read(path, as_version=4)
            try:
                cpu, wall = self.execute(nb, path.parent)
                self._runs[path] = Run(nb, cpu, wall)
            except Exception as err:  # every reader of this run fails with it
                self._runs[path] = Run(None, 0.0, 0.0, err)
        return self._runs[path]

    def execute(self, nb: nbformat.NotebookNode, folder: Path) -> tuple[float, float]:
        """Execute `nb` in place in the kernel of `folder`; its kernel CPU and wall seconds
        (the CPU time is the wall time where /proc cannot be read)."""
        from nbclient import NotebookClient

        km = self._kernel(Path(folder))
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

    def _kernel(self, folder: Path) -> Any:
        from jupyter_client.manager import KernelManager

        key = folder.resolve()
        if key not in self._kernels:
            self._kernels[key] = KernelManager(kernel_name=self.kernel)
            self._kernels[key].start_kernel(cwd=str(folder))
        return self._kernels[key]

    def close(self) -> None:
        for km in self._kernels.values():
            km.shutdown_kernel(now=True)
        self._kernels.clear()
