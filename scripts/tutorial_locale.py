"""The tutorial in French: a gettext catalogue of the notebooks' cells, and the French
notebooks built from it; and the scenarios' titles and step comments, which the notebooks show.

    .venv/bin/python scripts/tutorial_locale.py extract   # update both catalogues (below)
    .venv/bin/python scripts/compile_locale.py            # then the scenarios' .mo
    .venv/bin/python scripts/tutorial_locale.py build     # write notebooks/fr/*.ipynb
    .venv/bin/python scripts/tutorial_locale.py check     # exit 1 if notebooks/fr is out of
                                                          # date or a text is untranslated

Why each choice:
- one message per cell (msgctxt: the notebook's name), markdown and code alike, so a
  translator reads a whole explanation at once, translates the code's strings (headings,
  titles, the French column names of the helpers' tables) where they are used, and a changed
  cell shows up as one untranslated (or fuzzy) message; a code cell with nothing to translate
  is its own translation;
- the scenarios' titles and step comments (tests/scenarios/tutorial), which the helpers show,
  are messages of the helpers' catalogue swcore/locale/fr/LC_MESSAGES/tutorial.po (read at run
  time by swcore.tutorial), next to the helpers' own words, which are written there by hand
  (the messages without a location, kept as they are by `extract`);
- the catalogue is the project's format (gettext .po, read and written with Babel, as
  swcore/locale and dashboards/locale); translations are kept across `extract`;
- a chapter is built in French only when every one of its cells is translated (TRANSLATED
  lists them; tests/test_tutorial_fr.py fails on an untranslated message of a listed chapter),
  so no page mixes the two languages; `check` fails on any untranslated message of a listed
  chapter or of a scenario;
- the French notebooks are generated, committed without outputs, and checked against the
  English notebooks and the catalogue: their cells are the English ones translated, with a
  cell after the first (the imports) that switches the app's words (dashboards.i18n) and the
  helpers' (swcore.tutorial) to French.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
FRENCH = NOTEBOOKS / "fr"
PO = NOTEBOOKS / "locale" / "fr" / "LC_MESSAGES" / "tutorial.po"
#: The helpers' catalogue, where the scenarios' titles and step comments go.
SCENARIO_PO = ROOT / "swcore" / "locale" / "fr" / "LC_MESSAGES" / "tutorial.po"
SCENARIOS = ROOT / "tests" / "scenarios" / "tutorial"
#: The chapters built in French (every cell translated).
TRANSLATED = ("00-your-first-game", "01-goal-board-column", "01b-setting-up-and-the-turn",
              "02-conquest", "03-redeploy-score-decline", "03b-abandon-lose-come-back",
              "03c-three-to-five-players", "03d-end-and-common-mistakes", "04-races-and-powers",
              "05-strategy-lab", "06-cursed", "07-grand-dames", "08-be-not-afraid",
              "09-leaders", "10-necromancer-island", "11-river-world", "12-underground")
#: The French notebooks' second code cell: the app's components and the helpers speak French.
SWITCH = ("# Les textes de l'application (carte, fiches des régions) et du tutoriel en français.\n"
          "tut.use_repo_path()\n"
          "from dashboards import i18n as _i18n  # noqa: E402\n\n"
          "LANGUAGE = tut.set_language(_i18n.set_language(\"fr\"))")
CODE = "code cell: its translation is Python (strings, comments and the French column names)"


def english() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def read_catalogue(path: Path = PO) -> Catalog:
    if not path.is_file():
        return Catalog(locale="fr", domain="tutorial", project="smallworld-companion")
    with path.open("rb") as f:
        return read_po(f, locale="fr", domain="tutorial")


def messages(path: Path) -> list[str]:
    """The texts of a notebook to translate: every cell's, markdown and code."""
    nb = nbformat.read(path, as_version=4)
    return [c.source for c in nb.cells if c.cell_type in ("markdown", "code") and c.source.strip()]


def extract() -> Catalog:
    """The catalogue for the current English notebooks, translations kept."""
    old = read_catalogue()
    new = Catalog(locale="fr", domain="tutorial", project="smallworld-companion",
                  fuzzy=False, creation_date=old.creation_date)  # no churn in the header
    for path in english():
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type not in ("markdown", "code") or not cell.source.strip():
                continue
            done = old.get(cell.source, context=path.stem)
            new.add(cell.source, done.string if done else "", context=path.stem,
                    locations=[(f"notebooks/{path.name}", 0)],
                    auto_comments=[CODE] if cell.cell_type == "code" else [])
    return new


def scenario_texts() -> Iterator[tuple[str, str]]:
    """(text, file) of every tutorial scenario's title and step comments, as the helpers
    show them (`swcore.tutorial.Script`)."""
    sys.path.insert(0, str(ROOT))
    from swcore.scenario import load
    from swcore.tutorial import step_comments

    for path in sorted(SCENARIOS.rglob("*.yaml")):
        where = str(path.relative_to(ROOT))
        yield load(path)["title"], where
        for note in step_comments(path.read_text(encoding="utf-8")):
            if note:
                yield note, where


def extract_scenarios() -> Catalog:
    """The helpers' catalogue: its hand-written words kept, the scenarios' texts listed anew
    (translations kept)."""
    old = read_catalogue(SCENARIO_PO)
    new = Catalog(locale="fr", domain="tutorial", project="smallworld-companion",
                  header_comment=old.header_comment, fuzzy=False,
                  creation_date=old.creation_date)
    new.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]  # as swcore.po's
    for m in old:
        if m.id and not m.locations:
            new.add(m.id, m.string, flags=m.flags)
    words = {m.id for m in new if m.id}
    for text, where in scenario_texts():
        if text in words:
            continue  # also one of the helpers' words
        if text in new:
            new[text].locations.append((where, 0))
        else:
            done = old.get(text)
            new.add(text, done.string if done else "", locations=[(where, 0)])
    return new


def untranslated(catalogue: Catalog, stem: str) -> list[str]:
    path = NOTEBOOKS / f"{stem}.ipynb"
    out = []
    for text in messages(path):
        m = catalogue.get(text, context=stem)
        if m is None or not m.string or m.fuzzy:
            out.append(text)
    return out


def untranslated_scenarios(catalogue: Catalog | None = None) -> list[str]:
    """The scenarios' titles and step comments with no French in the helpers' catalogue."""
    catalogue = catalogue if catalogue is not None else read_catalogue(SCENARIO_PO)
    out = []
    for text, _where in scenario_texts():
        m = catalogue.get(text)
        if (m is None or not m.string or m.fuzzy) and text not in out:
            out.append(text)
    return out


def french(path: Path, catalogue: Catalog) -> nbformat.NotebookNode:
    """The French notebook of one chapter (no outputs)."""
    nb = nbformat.read(path, as_version=4)
    cells = []
    for cell in nb.cells:
        if cell.cell_type in ("markdown", "code") and cell.source.strip():
            m = catalogue.get(cell.source, context=path.stem)
            if m is None or not m.string or m.fuzzy:
                raise ValueError(f"{path.name}: untranslated {cell.source[:60]!r}")
            cell.source = m.string
        if cell.cell_type == "code":
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


def check(catalogue: Catalog | None = None, scenarios: Catalog | None = None) -> int:
    """1 (and what is wrong, on stderr) when a text of a French chapter or of a scenario is
    untranslated, or a French notebook is not what `build` writes."""
    catalogue = catalogue if catalogue is not None else read_catalogue()
    wrong = [f"untranslated in {stem}: {text[:70]!r}" for stem in TRANSLATED
             for text in untranslated(catalogue, stem)]
    wrong += [f"untranslated scenario text: {text[:70]!r}"
              for text in untranslated_scenarios(scenarios)]
    if not wrong:
        files = built()
        stale = [p for p, text in files.items() if not p.is_file() or p.read_text() != text]
        stale += [p for p in FRENCH.glob("*.ipynb") if p not in files]
        wrong += [f"out of date: {p.relative_to(ROOT)}" for p in stale]
    for line in wrong:
        print(line, file=sys.stderr)
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["extract", "build", "check"])
    args = parser.parse_args(argv)
    if args.command == "extract":
        for path, catalogue in ((PO, extract()), (SCENARIO_PO, extract_scenarios())):
            path.parent.mkdir(parents=True, exist_ok=True)  # each read before it is written
            with path.open("wb") as f:
                write_po(f, catalogue, width=100, sort_output=False)
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if args.command == "check":
        return check()
    files = built()
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
