"""The tutorial in French (scripts/tutorial_locale.py): the catalogue of the notebooks' cells,
the French notebooks built from it, the scenarios' texts in the helpers' catalogue, and the
app's links to the French pages.

The French notebooks are generated: these tests fail when one is out of date with the English
notebooks or the catalogue, when a French chapter or a scenario has an untranslated message,
and when the catalogue does not list exactly the English notebooks' current text."""

from __future__ import annotations

import copy
import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("tutorial_locale", ROOT / "scripts" / "tutorial_locale.py")
tutorial_locale = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tutorial_locale)


def test_the_french_notebooks_are_up_to_date():
    """notebooks/fr is exactly what `tutorial_locale.py build` writes from the English
    notebooks and the catalogue (run it after editing either)."""
    assert tutorial_locale.main(["check"]) == 0, "run scripts/tutorial_locale.py build"
    assert sorted(p.stem for p in tutorial_locale.FRENCH.glob("*.ipynb")) == \
        sorted(tutorial_locale.TRANSLATED)


def test_the_catalogue_lists_the_english_text_as_it_is():
    """Every cell of every English notebook is a message of the catalogue, and the
    catalogue holds no other (run `tutorial_locale.py extract` after editing a notebook: a
    changed cell then shows as a new, untranslated message)."""
    def keys(catalogue):
        return {(m.context, m.id) for m in catalogue if m.id}
    assert keys(tutorial_locale.read_catalogue()) == keys(tutorial_locale.extract())


@pytest.mark.parametrize("stem", tutorial_locale.TRANSLATED)
def test_no_untranslated_message_in_a_french_chapter(stem):
    missing = tutorial_locale.untranslated(tutorial_locale.read_catalogue(), stem)
    assert missing == [], f"{stem}: {len(missing)} untranslated, first {missing[0][:80]!r}"


def test_every_chapter_and_every_scenario_text_is_in_french():
    assert set(tutorial_locale.TRANSLATED) == {p.stem for p in tutorial_locale.english()}
    assert tutorial_locale.untranslated_scenarios() == []


def test_check_fails_on_an_untranslated_string(capsys):
    """`check` exits 1 naming the text when one string of a chapter (here a code cell's) or
    one scenario comment has no French, and 0 with the committed catalogues."""
    catalogue = tutorial_locale.read_catalogue()
    assert tutorial_locale.check(catalogue) == 0
    cell = next(m for m in catalogue if m.context == "02-conquest" and "odds.style" in m.id)
    blank = copy.deepcopy(catalogue)
    blank.get(cell.id, context="02-conquest").string = ""
    assert tutorial_locale.check(blank) == 1
    assert "untranslated in 02-conquest: 'odds = tut.die_odds()" in capsys.readouterr().err
    scenarios = tutorial_locale.read_catalogue(tutorial_locale.SCENARIO_PO)
    note = "a mountain: 2 + 1 for the mountain marker"
    scenarios.get(note).string = ""
    assert tutorial_locale.check(catalogue, scenarios) == 1
    assert f"untranslated scenario text: {note!r}" in capsys.readouterr().err


def test_an_untranslated_cell_is_refused(tmp_path):
    """A chapter whose English text changed is not built half in English."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A new chapter"),
                                         nbformat.v4.new_code_cell("x = 1")])
    path = tmp_path / "99-new.ipynb"
    nbformat.write(nb, path)
    catalogue = tutorial_locale.read_catalogue()
    with pytest.raises(ValueError, match="untranslated"):
        tutorial_locale.french(path, catalogue)


@pytest.mark.parametrize("stem", tutorial_locale.TRANSLATED)
def test_a_french_notebook_is_the_english_one_in_french(stem):
    """Committed without outputs; each cell the catalogue's French for the English one, the
    cell that switches the app's words and the helpers to French after the first (the
    imports); it opens and ends as a chapter does."""
    fr = nbformat.read(tutorial_locale.FRENCH / f"{stem}.ipynb", as_version=4)
    en = nbformat.read(tutorial_locale.NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    catalogue = tutorial_locale.read_catalogue()
    nbformat.validate(fr)
    code = [c for c in fr.cells if c.cell_type == "code"]
    assert all(c.outputs == [] and c.execution_count is None for c in code)
    english = [catalogue.get(c.source, context=stem).string
               for c in en.cells if c.cell_type == "code"]
    assert [c.source for c in code] == english[:1] + [tutorial_locale.SWITCH] + english[1:]
    assert fr.cells[0].cell_type == "markdown" and "Ce que vous apprendrez ici" in fr.cells[0].source
    assert "## Récapitulatif" in fr.cells[-1].source
    assert [c.metadata.get("tags") for c in fr.cells if c.cell_type == "markdown"] == \
        [c.metadata.get("tags") for c in en.cells if c.cell_type == "markdown"]  # kernel-only kept


def test_the_app_links_the_tutorial_in_the_device_language(tmp_path, monkeypatch):
    """The lobby, the header and the first game link the French index on a French device, and
    a French chapter when it is translated (rendered), else the English one."""
    from dashboards import i18n, lobby

    monkeypatch.setattr(lobby, "TUTORIAL_DIR", tmp_path)
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "00-your-first-game.html").write_text("x")
    try:
        i18n.set_language("fr")
        assert lobby.tutorial_url() == "/tutorial/fr/index.html"
        assert lobby.tutorial_url("00-your-first-game.html") == "/tutorial/fr/00-your-first-game.html"
        assert lobby.tutorial_url("02-conquest.html") == "/tutorial/02-conquest.html"
        assert "/tutorial/fr/index.html" in lobby.tutorial_link()
        i18n.set_language("en")
        assert lobby.tutorial_url() == "/tutorial/index.html"
        assert lobby.tutorial_url("00-your-first-game.html") == "/tutorial/00-your-first-game.html"
    finally:
        i18n.set_language("en")
