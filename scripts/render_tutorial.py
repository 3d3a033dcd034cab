"""Execute the tutorial notebooks and render them to static HTML for the app.

    .venv/bin/python scripts/render_tutorial.py [--force] [--out data/tutorial] [NOTEBOOK ...]

Writes data/tutorial/<name>.html for every notebooks/*.ipynb (or the ones given), plus an
index.html linking them, skipping a notebook whose HTML is newer than the .ipynb (--force
renders everything). The app serves the folder with `--static-dirs tutorial=data/tutorial`, so
the pages are /tutorial/<name>.html. The maps are inlined (pn.extension(inline=True)), so the
pages work offline; the ipywidgets controls need a running kernel and show only in JupyterLab.
Exits 1 if a notebook fails, after rendering the others.
"""

from __future__ import annotations

import argparse
import html
import os
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbconvert import HTMLExporter
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
KERNEL = "swcore-tutorial"


def kernel_spec(folder: Path) -> None:
    """A kernel spec for this very Python (the project's .venv), found first on JUPYTER_PATH."""
    from ipykernel.kernelspec import write_kernel_spec

    write_kernel_spec(folder / "kernels" / KERNEL, overrides={"display_name": "swcore tutorial"})
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(folder),
                                                               os.environ.get("JUPYTER_PATH")]))


def render(path: Path, out: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name=KERNEL, timeout=120,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})  # progress bars: last state only
    body, _ = HTMLExporter().from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
    out.write_text(body, encoding="utf-8")


def title(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    first = nb.cells[0].source.splitlines()[0] if nb.cells else path.stem
    return first.lstrip("# ").strip()


def index(paths: list[Path], out: Path) -> None:
    items = "\n".join(f'<li><a href="{p.stem}.html">{html.escape(title(p))}</a></li>'
                      for p in paths)
    out.write_text("<!doctype html><meta charset='utf-8'><title>Small World tutorial</title>"
                   "<body style='font-family:sans-serif;max-width:40em;margin:2em auto'>"
                   f"<h1>Small World tutorial</h1><ol style='line-height:2'>{items}</ol>",
                   encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "tutorial")
    parser.add_argument("--force", action="store_true", help="render even if the HTML is newer")
    args = parser.parse_args(argv)
    paths = sorted(args.notebooks or NOTEBOOKS.glob("*.ipynb"))
    missing = [p for p in paths if not p.is_file()]
    if missing:
        parser.error(f"no notebook at {', '.join(map(str, missing))}")
    args.out.mkdir(parents=True, exist_ok=True)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        kernel_spec(Path(tmp))
        for path in paths:
            out = args.out / f"{path.stem}.html"
            if not args.force and out.exists() and out.stat().st_mtime > path.stat().st_mtime:
                print(f"up to date  {out}")
                continue
            start = time.monotonic()
            try:
                render(path, out)
            except CellExecutionError as err:
                failed += 1
                print(f"FAILED      {path}: {str(err).strip().splitlines()[-1]}", file=sys.stderr)
                continue
            print(f"rendered    {out} ({time.monotonic() - start:.0f} s)")
    index(sorted(NOTEBOOKS.glob("*.ipynb")), args.out / "index.html")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
