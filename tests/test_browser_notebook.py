"""Notebook 00 played in JupyterLab loads nothing from another host (issue 18; review T3 §3:
63–75 requests to the HoloViz CDN while playing its game). `jupyter lab` serves a copy of the
notebook (JupyterLab saves what it runs); Debian's chromium, through Playwright, records and
refuses every request to another host; the notebook is run, then the game's first move is
made (a pick: the coach, the lesson and the turn screen re-render over the comm, where Panel
named its style sheets on the CDN again). tests/test_notebook_local.py checks the same on
what the kernel sends, without a browser."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import WAIT_MS, free_port
from served import ARGS, CHROMIUM, ROOT, local_context

pytest.importorskip("jupyterlab")
pytest.importorskip("playwright")
from playwright.sync_api import expect, sync_playwright  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.notebook]

if not os.path.exists(CHROMIUM):  # pragma: no cover
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)",
                allow_module_level=True)

NOTEBOOK = "00-your-first-game.ipynb"
#: The open notebook's kernel is started and waiting (`window.jupyterapp`: exposed by the
#: server's `--LabApp.expose_app_in_browser`).
IDLE = ("window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel?.status"
        " === 'idle'")
#: Every code cell of the open notebook has run and the kernel waits: only then are the
#: outputs' comms open (a click on a Panel widget before that is lost; a learner clicking as
#: soon as the game is drawn waits on the kernel too, which is still busy with the next cells).
RAN = (IDLE + " && window.jupyterapp.shell.currentWidget.content.widgets.every("
       "c => c.model.type !== 'code' || c.model.executionCount)")
#: Every style sheet link on the page, inside Bokeh's shadow roots too.
LINKS = """() => {
  const hrefs = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'LINK' && el.href) hrefs.push(el.href);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return hrefs;
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """`jupyter lab` of a folder holding a copy of notebook 00 on a free port, with its own
    settings and runtime folders and this tree's packages for the kernel."""
    folder = tmp_path_factory.mktemp("lab")
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, folder)
    home = tmp_path_factory.mktemp("jupyter")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    port = free_port()
    log = open(home / "lab.log", "w")
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("jupyter")), "lab", "--no-browser", "--allow-root",
         "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.root_dir={folder}",
         "--IdentityProvider.token=", "--LabApp.expose_app_in_browser=True"],
        env=env, cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        assert proc.poll() is None, (home / "lab.log").read_text()[-2000:]
        try:
            urllib.request.urlopen(f"{base}/api/status", timeout=5)
            break
        except OSError:
            assert time.monotonic() < deadline, "jupyter lab did not answer"
            time.sleep(0.5)
    yield base
    proc.terminate()  # shuts its kernels down too
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()
    log.close()


def test_notebook_00_played_in_jupyterlab_asks_no_other_host(lab):
    host = lab.split("/")[2]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ctx, outside = local_context(browser, {"width": 1400, "height": 1000}, host)
        page = ctx.new_page()
        page.goto(f"{lab}/lab/tree/{NOTEBOOK}")
        page.wait_for_function(IDLE)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        expect(page.get_by_text("Your first turn, step by step").first).to_be_visible()
        page.wait_for_function(RAN)
        first_render = list(outside)
        # The learner's first move: a combo picked; the page shows what it changed.
        page.get_by_role("button", name="Pick").first.click()
        expect(page.get_by_text(re.compile("tokens to conquer with")).first).to_be_visible()
        page.wait_for_function(IDLE)
        links = page.evaluate(LINKS)
        browser.close()
    assert first_render == []
    assert outside == []
    assert not [h for h in links if not h.startswith(("data:", "blob:"))
                and h.split("/")[2] != host]
    # the move's update did carry Panel's style sheets (the page would have asked the CDN for
    # them): inlined as data: addresses
    assert any(h.startswith("data:text/css") for h in links)
