"""The tutorial notebooks: committed without outputs, and each runs top to bottom in under two
minutes of its kernel's CPU with no error, showing its map (a Panel/Bokeh output) or its plots; the French ones
(notebooks/fr) too, in French.

The notebooks of one language run one after the other in one kernel, its namespace emptied
before each (`%reset -f`): each still runs top to bottom from nothing defined, but the kernel's
start and the imports (Panel, Bokeh, pandas, the engine) are paid once, not once a notebook.
The runs, and their kernels' CPU time, are tests/notebook_runs.py's.

"Committed" means the version in git's HEAD (`git show HEAD:notebooks/...`), not the working
copy: JupyterLab autosaves outputs into the open notebooks, which must not fail `make test`
(a notebook not committed yet is checked as it is on disk)."""

import json
import subprocess
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
NAMES = ["00-your-first-game.ipynb", "01-goal-board-column.ipynb",
         "01b-setting-up-and-the-turn.ipynb", "02-conquest.ipynb",
         "03-redeploy-score-decline.ipynb", "03b-abandon-lose-come-back.ipynb",
         "03c-three-to-five-players.ipynb", "03d-end-and-common-mistakes.ipynb",
         "04-races-and-powers.ipynb", "05-strategy-lab.ipynb", "06-cursed.ipynb",
         "07-grand-dames.ipynb", "08-be-not-afraid.ipynb", "09-leaders.ipynb",
         "10-necromancer-island.ipynb", "11-river-world.ipynb",
         "12-underground.ipynb"]
MAP_MIMES = ("application/vnd.holoviews_exec.v0+json", "application/vnd.bokehjs_exec.v0+json")


def test_the_notebooks_are_there():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == NAMES


def committed(name: str) -> nbformat.NotebookNode:
    """The notebook as git's HEAD holds it (as on disk when it is not committed yet)."""
    done = subprocess.run(["git", "show", f"HEAD:notebooks/{name}"], cwd=NOTEBOOKS,
                          capture_output=True, text=True)
    if done.returncode != 0:
        return nbformat.read(NOTEBOOKS / name, as_version=4)
    return nbformat.reads(done.stdout, as_version=4)


@pytest.mark.parametrize("name", NAMES)
def test_committed_notebook_has_no_outputs(name):
    nb = committed(name)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{name}: outputs saved in {cell.source[:60]!r}"
            assert cell.execution_count is None, f"{name}: execution count saved"
    first, last = nb.cells[0], nb.cells[-1]
    assert first.cell_type == "markdown" and "What you will learn" in first.source
    assert last.cell_type == "markdown" and "## Recap" in last.source


@pytest.mark.notebook
@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_without_error(name, notebooks):
    run = notebooks.run(NOTEBOOKS / name)
    nb = run.notebook()
    # The notebook's own work, in its kernel's CPU time (its wall time depends on the load).
    assert run.cpu_s < 120, f"{name} took {run.cpu_s:.0f} s of CPU ({run.wall_s:.0f} s)"
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    errors = [o for o in outputs if o.output_type == "error"]
    assert not errors, f"{name}: {errors[0].ename}: {errors[0].evalue}"
    mimes = {m for o in outputs for m in o.get("data", {})}
    if name.startswith("05"):
        pngs = sum(1 for o in outputs if "image/png" in o.get("data", {}))
        assert pngs >= 4, f"{name}: {pngs} plots"
        # tqdm.auto draws a widget progress bar in a notebook: it was shown for 150 games, and
        # the table that follows holds all 150 of them.
        bars = [o["data"]["text/plain"] for o in outputs
                if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
        assert any("/150" in b for b in bars), bars
        text = "".join(o.get("text", "") + o.get("data", {}).get("text/markdown", "")
                       for o in outputs)
        assert "**150 games**" in text and ".0 games" not in text  # "200.0 games" no more
    else:
        assert mimes & set(MAP_MIMES), f"{name}: no map output among {sorted(mimes)}"


#: The French notebooks (built by scripts/tutorial_locale.py from the English ones).
FRENCH = NOTEBOOKS / "fr"


#: What the helpers write in English: none of it in a French notebook's outputs.
ENGLISH = ("what happened", "tokens on board", "why not", "Last scorings", "Rules: [",
           "Step 1 of", "refused: ", "coins after", "in decline")


@pytest.mark.notebook
@pytest.mark.parametrize("name", sorted(p.name for p in FRENCH.glob("*.ipynb")))
def test_french_notebook_runs_in_french(name, notebooks):
    """Run from notebooks/fr as JupyterLab does: no error, its map drawn with the map's words
    in French (the app's catalogue) and the helpers' tables and sentences in French (their
    catalogue), both switched by the notebook's own cell."""
    run = notebooks.run(FRENCH / name)
    nb = run.notebook()
    assert run.cpu_s < 120, f"{name} took {run.cpu_s:.0f} s of CPU ({run.wall_s:.0f} s)"
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    errors = [o for o in outputs if o.output_type == "error"]
    assert not errors, f"{name}: {errors[0].ename}: {errors[0].evalue}"
    shown = "".join(str(v) for o in outputs for v in o.get("data", {}).values())
    if name.startswith("05"):
        assert sum(1 for o in outputs if "image/png" in o.get("data", {})) >= 4
        assert "**150 parties**" in shown
    else:
        assert {m for o in outputs for m in o.get("data", {})} & set(MAP_MIMES)
        # The map's hover text and title (its JSON escapes the accents).
        assert json.dumps("région du bord")[1:-1] in shown
    if name.startswith("00"):
        assert "Learner joue" in shown and "to move" not in shown and "border region" not in shown
    assert [w for w in ENGLISH if w in shown] == []


@pytest.mark.notebook
@pytest.mark.parametrize("folder, wrong, right", [
    (NOTEBOOKS, "Not quite: the answer is 3.", "Right."),
    (FRENCH, "Pas tout à fait : la réponse est 3.", "Bonne réponse.")])
def test_a_question_answered_in_the_kernel_B_CONQ_2(folder, wrong, right, notebooks):
    """Chapter 2's question as its notebook's cell shows it, answered in the kernel through
    the buttons' API: a tap on 2 is wrong, a tap on 3 right (an empty mountain: 2 + 1,
    B-CONQ-2); in French in the French kernel (its language set as a French notebook does)."""
    switch = ("tut.set_language(_i18n.set_language('fr'))" if folder == FRENCH else "")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "from swcore import tutorial as tut\ntut.use_repo_path()\n"
        "from dashboards import i18n as _i18n\n" + switch,
        "from dashboards.chapter_questions import questions\n"
        "column = questions('02')\ncard = column[1]\nrow, feedback = card[1], card[2]\n"
        "row[0].clicks += 1\nprint(feedback.object)",
        "row[1].clicks += 1\nprint(feedback.object)")])
    notebooks.execute(nb, folder)
    said = ["".join(o.get("text", "") for o in cell.outputs) for cell in nb.cells]
    assert wrong in said[1] and right not in said[1]
    assert right in said[2] and wrong not in said[2] and "B-CONQ-2" in said[2]
