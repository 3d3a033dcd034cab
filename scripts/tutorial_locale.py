"""The tutorial in French: a gettext catalogue of the notebooks' markdown, and the French
notebooks built from it.

    .venv/bin/python scripts/tutorial_locale.py extract   # update notebooks/locale/fr/.../tutorial.po
    .venv/bin/python scripts/tutorial_locale.py build     # write notebooks/fr/*.ipynb
    .venv/bin/python scripts/tutorial_locale.py check     # exit 1 if notebooks/fr is out of date

Why each choice:
- one message per markdown cell (msgctxt: the notebook's name), so a translator reads a whole
  explanation at once and a changed cell shows up as one untranslated (or fuzzy) message;
- the catalogue is the project's format (gettext .po, read and written with Babel, as
  swcore/locale and dashboards/locale); translations are kept across `extract`;
- a chapter is built in French only when every one of its cells is translated (TRANSLATED
  lists them; tests/test_tutorial_fr.py fails on an untranslated message of a listed chapter),
  so no page mixes the two languages;
- the French notebooks are generated, committed without outputs, and checked against the
  English notebooks and the catalogue: their code cells are the English ones, with a cell
  after the first (the imports) that switches the app's words (dashboards.i18n) to French.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
FRENCH = NOTEBOOKS / "fr"
PO = NOTEBOOKS / "locale" / "fr" / "LC_MESSAGES" / "tutorial.po"
#: The chapters built in French (every markdown cell translated).
TRANSLATED = ("00-your-first-game",)
#: The French notebooks' first code cell: the app's components speak French.
SWITCH = ("# Les textes de l'application (carte, cartes de région, coûts) en français.\n"
          "from dashboards import i18n as _i18n\n\nLANGUAGE = _i18n.set_language(\"fr\")")


def english() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def read_catalogue() -> Catalog:
    if not PO.is_file():
        return Catalog(locale="fr", domain="tutorial", project="smallworld-companion")
    with PO.open("rb") as f:
        return read_po(f, locale="fr", domain="tutorial")


def messages(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [c.source for c in nb.cells if c.cell_type == "markdown" and c.source.strip()]


def extract() -> Catalog:
    """The catalogue for the current English notebooks, translations kept."""
    old = read_catalogue()
    new = Catalog(locale="fr", domain="tutorial", project="smallworld-companion",
                  fuzzy=False, creation_date=old.creation_date)  # no churn in the header
    for path in english():
        for text in messages(path):
            done = old.get(text, context=path.stem)
            new.add(text, done.string if done else "", context=path.stem,
                    locations=[(f"notebooks/{path.name}", 0)])
    return new


def untranslated(catalogue: Catalog, stem: str) -> list[str]:
    path = NOTEBOOKS / f"{stem}.ipynb"
    out = []
    for text in messages(path):
        m = catalogue.get(text, context=stem)
        if m is None or not m.string or m.fuzzy:
            out.append(text)
    return out


def french(path: Path, catalogue: Catalog) -> nbformat.NotebookNode:
    """The French notebook of one chapter (no outputs)."""
    nb = nbformat.read(path, as_version=4)
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.source.strip():
            m = catalogue.get(cell.source, context=path.stem)
            if m is None or not m.string:
                raise ValueError(f"{path.name}: untranslated {cell.source[:60]!r}")
            cell.source = m.string
        elif cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        cells.append(cell)
    first_code = next(k for k, c in enumerate(cells) if c.cell_type == "code")
    switch = nbformat.v4.new_code_cell(SWITCH)
    switch.pop("id", None)
    cells.insert(first_code + 1, switch)  # after the imports, which put dashboards on the path
    nb.cells = cells
    nb.metadata["language_info"] = nb.metadata.get("language_info", {"name": "python"})
    nb.metadata["sw_lang"] = "fr"
    return nb


def built() -> dict[Path, str]:
    """Every French notebook's path and text, as `build` writes them."""
    catalogue = read_catalogue()
    out = {}
    for stem in TRANSLATED:
        nb = french(NOTEBOOKS / f"{stem}.ipynb", catalogue)
        for k, cell in enumerate(nb.cells):  # stable ids: a rebuild changes nothing
            cell["id"] = f"fr-{k}"
        out[FRENCH / f"{stem}.ipynb"] = nbformat.writes(nb) + "\n"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["extract", "build", "check"])
    args = parser.parse_args(argv)
    if args.command == "extract":
        catalogue = extract()  # before the file is opened for writing: it reads it
        PO.parent.mkdir(parents=True, exist_ok=True)
        with PO.open("wb") as f:
            write_po(f, catalogue, width=100, sort_output=False)
        print(f"wrote {PO.relative_to(ROOT)}")
        return 0
    files = built()
    stale = [p for p, text in files.items() if not p.is_file() or p.read_text() != text]
    stale += [p for p in FRENCH.glob("*.ipynb") if p not in files]
    if args.command == "check":
        for p in stale:
            print(f"out of date: {p.relative_to(ROOT)}", file=sys.stderr)
        return 1 if stale else 0
    FRENCH.mkdir(exist_ok=True)
    for p, text in files.items():
        p.write_text(text)
    for p in FRENCH.glob("*.ipynb"):
        if p not in files:
            p.unlink()
    print(f"wrote {len(files)} French notebooks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
