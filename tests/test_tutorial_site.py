"""The static tutorial (scripts/render_tutorial.py): pages that read like a site (no code cell,
no "Run All", navigation, rule IDs linked), that load nothing from outside the server (checked
in chromium with every request routed), and that are rendered again when the engine changes."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import threading
from pathlib import Path

import pytest
from conftest import WAIT_MS

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("render_tutorial", ROOT / "scripts" / "render_tutorial.py")
render_tutorial = importlib.util.module_from_spec(spec)
spec.loader.exec_module(render_tutorial)

CHROMIUM = "/usr/bin/chromium"
#: Rendered by the test: the first game (a kernel-only cell and a map) and the conquest
#: chapter (tabs of maps, a widget replaced by a map in the static copy).
PAGES = ["00-your-first-game", "02-conquest"]


def test_rule_ids_become_links_and_code_and_links_are_left_alone():
    text = "Cost (B-CONQ-2), see `B-CONQ-1` and [B-LOSS-2](../docs/rules/base-game.md#B-LOSS-2)."
    out = render_tutorial.link_rules(text)
    assert "[B-CONQ-2](rules/base-game.html#B-CONQ-2)" in out
    assert "`B-CONQ-1`" in out and "(rules/base-game.html#B-LOSS-2)" in out
    assert "[[" not in out


def test_a_page_loading_from_outside_is_refused():
    with pytest.raises(ValueError, match="outside the server"):
        render_tutorial.check_local('<script src="https://unpkg.com/x.js"></script>', "p")
    render_tutorial.check_local('<a href="https://example.org">a link</a>', "p")  # not loaded


def test_a_page_whose_document_takes_a_style_sheet_from_the_cdn_is_refused():
    """Issue 18 (review T3): Panel's components name their style sheets on the HoloViz CDN
    inside the embedded Bokeh document unless inlined; the notebook's HTML must name none."""
    cdn = '{"name":"ImportedStyleSheet","attributes":{"url":"https://cdn.holoviz.org/c.css"}}'
    with pytest.raises(ValueError, match="outside the server"):
        render_tutorial.check_local(cdn, "p")
    render_tutorial.check_local('{"url":"static/extensions/panel/css/card.css"}', "p")


def test_rendered_again_when_the_engine_changes(tmp_path, monkeypatch):
    """The cache key is the notebook AND what it imports: a changed engine file renders again
    (the page's date would have said "up to date")."""
    nb = tmp_path / "01-x.ipynb"
    nb.write_text('{"cells": [{"cell_type": "markdown", "id": "a1", "metadata": {}, "source": "# One"}], '
                  '"metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    rendered: list[str] = []
    monkeypatch.setattr(render_tutorial, "render",
                        lambda path, out, site: (rendered.append(path.name), out.write_text("x")))
    monkeypatch.setattr(render_tutorial, "kernel_spec", lambda folder: None)
    monkeypatch.setattr(render_tutorial, "index", lambda paths, out: None)
    monkeypatch.setattr(render_tutorial, "render_rules", lambda out: None)
    engine = tmp_path / "swcore"
    engine.mkdir()
    (engine / "game.py").write_text("A = 1\n")
    monkeypatch.setattr(render_tutorial, "ROOT", tmp_path)
    monkeypatch.setattr(render_tutorial, "DEPENDS", [("swcore", ("*.py",))])
    out = tmp_path / "site"
    args = [str(nb), "--out", str(out)]
    render_tutorial.main(args)
    render_tutorial.main(args)
    assert rendered == ["01-x.ipynb"]  # the second run: up to date
    os.utime(out / "01-x.html")  # a newer page does not hide a changed engine
    (engine / "game.py").write_text("A = 2\n")
    render_tutorial.main(args)
    assert rendered == ["01-x.ipynb", "01-x.ipynb"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("tutorial")
    paths = [str(ROOT / "notebooks" / f"{p}.ipynb") for p in PAGES]
    assert render_tutorial.main([*paths, "--out", str(out), "--force"]) == 0
    handler = functools.partial(Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.mark.notebook
def test_pages_read_like_a_site(site):
    out, _ = site
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "00-your-first-game.html" in index and "rules/index.html" in index
    assert (out / "rules" / "base-game.html").read_text(encoding="utf-8").count('id="B-CONQ-2"') == 1
    for name in PAGES:
        page = (out / f"{name}.html").read_text(encoding="utf-8")
        assert "Run All" not in page and 'class="jp-InputPrompt' not in page
        assert "rules/base-game.html#B-CONQ-2" in page  # rule IDs are links
        assert "class='sw-nav top'" in page and "href='index.html'" in page
    first = (out / "00-your-first-game.html").read_text(encoding="utf-8")
    assert "02-conquest.html" not in first or "01-goal-board-column.html" in first  # next link
    assert "FirstGame(seed=1)" not in first  # the live game (kernel-only) is not in the copy


@pytest.mark.notebook
@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")
def test_pages_make_no_request_outside_the_server_and_show_no_code(site):
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    _, base = site
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(base + "/"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.route("**/*", route)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        for name in ["index", *PAGES, "rules/base-game"]:
            page.goto(f"{base}/{name}.html")
            page.wait_for_load_state("networkidle")
            if name in PAGES:
                page.wait_for_selector("canvas", timeout=WAIT_MS)  # the maps drew, offline
                assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0
                assert page.locator(".jp-InputPrompt, .jp-OutputPrompt").count() == 0
                assert page.locator(".jp-CodeMirrorEditor, .highlight-ipython3").count() == 0
                assert page.get_by_text("Run All").count() == 0
        page.goto(f"{base}/{PAGES[0]}.html")
        page.get_by_role("link", name="Contents").first.click()
        page.wait_for_url(f"{base}/index.html")
        browser.close()
    assert outside == [], outside
    assert errors == [], errors
