"""The static tutorial (scripts/render_tutorial.py): pages that read like a site (no code cell,
no "Run All", navigation, rule IDs linked), whose every link resolves (followed from the index,
anchors included), that load nothing from outside the server (checked in chromium with every
request routed), and that are rendered again when the engine changes."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import threading
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from conftest import WAIT_MS

from dashboards import rules_ref

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("render_tutorial", ROOT / "scripts" / "render_tutorial.py")
render_tutorial = importlib.util.module_from_spec(spec)
spec.loader.exec_module(render_tutorial)

CHROMIUM = "/usr/bin/chromium"
#: Rendered by the test: the first game (a kernel-only cell and a map), the conquest chapter
#: (tabs of maps, a widget replaced by a map in the static copy, tables with a "why not"
#: column), Cursed! (links written for JupyterLab in the cells' markdown outputs: 404s
#: once, review 2026-11-27) and Underground (an inline map of its own, the Underground rules
#: reference). `make serve` renders them all.
PAGES = ["00-your-first-game", "02-conquest", "06-cursed", "12-underground"]
#: And in French (notebooks/fr, scripts/tutorial_locale.py): the first game, the conquest
#: chapter (the helpers' tables, steps and rule links in French) and Underground.
PAGES_FR = ["00-your-first-game", "02-conquest", "12-underground"]
#: The site's pages that are not chapters (always rendered).
SITE_PAGES = {"search", "aid-en", "aid-fr", "fr/index"}
#: The app's own pages, linked from the site and served by Panel, not from data/tutorial.
APP_PAGES = {"/", "/first-game"}


def test_rule_ids_become_links_and_code_and_links_are_left_alone():
    text = "Cost (B-CONQ-2), see `B-CONQ-1` and [B-LOSS-2](../docs/rules/base-game.md#B-LOSS-2)."
    out = render_tutorial.link_rules(text)
    assert "[B-CONQ-2](rules/base-game.html#B-CONQ-2)" in out
    assert "`B-CONQ-1`" in out and "(rules/base-game.html#B-LOSS-2)" in out
    assert "[[" not in out


def test_links_in_what_the_cells_show_point_to_the_site():
    """A cell's markdown output (a game's "Rules:" line) and HTML output (a table with a rule
    column) get the same links as a markdown cell; text in links, code and scripts is left
    alone."""
    md = render_tutorial.link_rules("Rules: [X-CUR-GOB-1](../docs/rules/surface-expansions.md"
                                    "#X-CUR-GOB-1) · refused: [B-COMBO-1] only 0 to 5")
    assert "(rules/surface-expansions.html#X-CUR-GOB-1)" in md and "../docs" not in md
    assert "[B-COMBO-1](rules/base-game.html#B-COMBO-1)" in md
    table = render_tutorial.link_rules_html(
        "<table><tr><td>B-SCORE-1</td><td>B-CONQ-1: r7 is not a border region</td></tr></table>"
        "<a href='../docs/rules/base-game.md#B-END-1'>B-END-1</a><code>B-END-2</code>"
        "<script>var r = 'B-CONQ-4';</script>")
    assert "<a class='sw-rule' href='rules/base-game.html#B-SCORE-1'>B-SCORE-1</a>" in table
    assert "href='rules/base-game.html#B-CONQ-1'>B-CONQ-1</a>: r7" in table
    assert "href='rules/base-game.html#B-END-1'>B-END-1</a>" in table
    assert "<code>B-END-2</code>" in table and "var r = 'B-CONQ-4'" in table
    assert "href='rules/ambiguities.html#A-BNA-01b'>A-BNA-01b</a>" in \
        render_tutorial.link_rules_html("<p>A-BNA-01b A Cauldron</p>")  # a ruling's sub-rule


def test_rules_reference_lists_are_lists():
    """docs/rules writes a list right under a line of text, nested items indented by 2 (as
    GitHub reads it): rendered as lists, not as "- ..." inside the paragraph."""
    import markdown
    source = "**Ruling:**\n- How often: once.\n- Which region:\n  - not a Lair;\n  - not a Hero.\n"
    page = markdown.markdown(render_tutorial.list_ready(source))
    assert page.count("<ul>") == 2 and page.count("<li>") == 4 and "- " not in page


def test_index_bullets_are_whole():
    """The index lists each chapter's 'What you will learn' bullets whole, however many lines
    each takes (they were cut at the end of their first line)."""
    items = render_tutorial.summary(ROOT / "notebooks" / "02-conquest.ipynb")
    assert "which regions it may attack afterwards;" in items
    assert "with its odds." in items  # the fifth bullet too


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
    monkeypatch.setattr(render_tutorial, "index_fr", lambda paths, out: None)
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


class SiteRun:
    """`render_tutorial`'s NotebookClient for the tests: the notebook filled with its run for the
    site that the notebook tests share (tests/notebook_runs.py), not executed once more."""

    runner = None  # the session's `notebook_runs.Runner`

    def __init__(self, nb, resources, **_options):
        self.nb, self.folder = nb, Path(resources["metadata"]["path"])

    def execute(self):
        executed = self.runner.for_the_site(self.nb, self.folder).notebook()  # or its error
        self.nb.clear()
        self.nb.update(executed)
        return self.nb


@pytest.fixture(scope="session")  # once, whatever order its worker runs the tests in
def site(tmp_path_factory, notebooks):
    """The pages rendered, served at /tutorial/ as `make serve` does; from the runs the
    notebook tests share, run as the site runs them (tests/notebook_runs.py)."""
    out = tmp_path_factory.mktemp("tutorial")
    paths = [str(ROOT / "notebooks" / f"{p}.ipynb") for p in PAGES]
    paths += [str(ROOT / "notebooks" / "fr" / f"{p}.ipynb") for p in PAGES_FR]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(SiteRun, "runner", notebooks)
        mp.setattr(render_tutorial, "NotebookClient", SiteRun)
        # what the script sets in the environment, not kept after it
        mp.delenv("SW_TUTORIAL_STATIC", raising=False)
        mp.setenv("JUPYTER_PATH", os.environ.get("JUPYTER_PATH", ""))
        assert render_tutorial.main([*paths, "--out", str(out), "--force"]) == 0
    handler = functools.partial(Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}/tutorial"
    server.shutdown()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def translate_path(self, path):
        return super().translate_path(path.removeprefix("/tutorial"))

    def log_message(self, *args):
        pass


class Page(HTMLParser):
    """A page's links, ids, and the rule IDs in its text outside links and code."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.bare: list[str] = []
        self._in: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag in ("a", "code", "pre", "script", "style", "title"):
            self._in.append(tag)

    def handle_endtag(self, tag):
        if tag in self._in:
            while self._in.pop() != tag:
                pass

    def handle_data(self, data):
        if not self._in:
            self.bare += [m for m in rules_ref.RULE_ID.findall(data) if rules_ref.known(m)]


def crawl(base: str) -> tuple[dict[str, Page], list[str]]:
    """Every page reachable from the index, and every link that does not resolve (a page
    missing, an anchor missing, another server)."""
    root = urlparse(base)
    pages: dict[str, Page] = {}
    dead: list[str] = []
    todo = [f"{base}/index.html"]
    links: list[tuple[str, str]] = []
    while todo:
        url = todo.pop()
        path = urlparse(url).path
        if path in pages:
            continue
        with urllib.request.urlopen(url) as reply:  # a 404 raises
            page = Page()
            page.feed(reply.read().decode("utf-8"))
        pages[path] = page
        for href in page.links:
            target = urlparse(urljoin(url, href))
            links.append((path, href))
            if target.netloc != root.netloc:
                dead.append(f"{path}: {href} (another server)")
            elif target.path in APP_PAGES:
                continue
            elif not target.path.startswith(root.path + "/"):
                dead.append(f"{path}: {href} (outside the site)")
            elif target.path.endswith(".html"):
                stem = target.path.removeprefix(root.path + "/").removesuffix(".html")
                if (stem.startswith("fr/") and stem[3:] in PAGES_FR) or stem in SITE_PAGES:
                    pass  # rendered: followed
                elif stem.startswith("fr/") and "/" not in stem[3:]:
                    # a French chapter this test does not render
                    if not (ROOT / "notebooks" / f"{stem}.ipynb").is_file():
                        dead.append(f"{path}: {href} (no such French chapter)")
                    continue
                elif "/" not in stem and stem != "index" and stem not in PAGES:
                    # a chapter this test does not render: `make serve` renders every notebook
                    if not (ROOT / "notebooks" / f"{stem}.ipynb").is_file():
                        dead.append(f"{path}: {href} (no such chapter)")
                    continue
                todo.append(target._replace(fragment="").geturl())
    for path, href in links:
        target = urlparse(urljoin(f"{root.scheme}://{root.netloc}{path}", href))
        page = pages.get(target.path)
        if page is not None and target.fragment and target.fragment not in page.ids:
            dead.append(f"{path}: {href} (no anchor {target.fragment})")
    return pages, dead


@pytest.mark.notebook
def test_every_link_resolves_and_every_rule_id_is_one(site):
    """Follow every link from the index: each page exists, each anchor is on its page, no link
    leaves the server but to the app's own pages; every rule ID in the text of the chapters
    and of the rules reference is a link (the tables' rule and "why not" columns, the score
    lines, the expansions' "Rules:" lines were plain text or 404s, review 2026-11-27)."""
    _, base = site
    pages, dead = crawl(base)
    assert dead == [], dead[:10]
    assert {f"/tutorial/{p}.html" for p in PAGES} <= set(pages)
    assert {"/tutorial/fr/index.html", *(f"/tutorial/fr/{p}.html" for p in PAGES_FR)} <= set(pages)
    assert "/tutorial/rules/surface-expansions.html" in pages
    bare = {path: page.bare for path, page in pages.items() if page.bare}
    assert bare == {}, {k: v[:5] for k, v in bare.items()}


@pytest.mark.notebook
def test_pages_read_like_a_site(site):
    out, _ = site
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "00-your-first-game.html" in index and "rules/index.html" in index
    assert (out / "rules" / "base-game.html").read_text(encoding="utf-8").count('id="B-CONQ-2"') == 1
    for name in PAGES:
        page = (out / f"{name}.html").read_text(encoding="utf-8")
        assert "Run All" not in page and 'class="jp-InputPrompt' not in page
        assert "rules/base-game.html#B-" in page  # rule IDs are links
        assert "../docs/rules" not in page and ">True<" not in page and ">False<" not in page
        assert "class='sw-nav top'" in page and "href='index.html'" in page
    first = (out / "00-your-first-game.html").read_text(encoding="utf-8")
    assert "02-conquest.html" not in first or "01-goal-board-column.html" in first  # next link
    assert "FirstGame(seed=1)" not in first  # the live game (kernel-only) is not in the copy
    assert "cell below" not in first  # nor the sentence about it
    assert "href='fr/00-your-first-game.html' hreflang='fr'" in first  # its French page
    assert "href='fr/index.html'" in index


@pytest.mark.notebook
def test_the_french_pages_are_in_french(site):
    """The French chapters: French text, maps and tables, a link to the English page and
    from it, the next chapter in French, the French index listing every chapter in French,
    and the rules reference said to be in English."""
    out, _ = site
    page = (out / "fr" / "00-your-first-game.html").read_text(encoding="utf-8")
    assert "<html lang='fr'" in page and "Votre première partie" in page
    assert "Your first game" not in page and "to move" not in page and "Learner joue" in page
    assert "href='../00-your-first-game.html' hreflang='en'" in page
    assert "Référence des règles (en anglais)" in page and "../rules/base-game.html#B-CONQ-1" in page
    assert "href='01-goal-board-column.html'>1 · Le but, le plateau" in page  # next, in French
    index = (out / "fr" / "index.html").read_text(encoding="utf-8")
    assert "href='00-your-first-game.html'><b>0 · Votre première partie" in index
    assert "href='02-conquest.html'><b>2 · La conquête" in index
    assert "pas encore traduit" not in index and "hreflang='en'><b>" not in index
    assert "/first-game?lang=fr" in index and "en anglais" in index
    assert "cellule ci-dessous" not in page  # the kernel-only sentence, as in English
    conquest = (out / "fr" / "02-conquest.html").read_text(encoding="utf-8")
    assert "<html lang='fr'" in conquest and "Le coût d" in conquest
    # the helpers' tables and steps in French, their rule IDs linked from fr/
    assert "pourquoi pas" in conquest and "tape 1 sur 21" in conquest  # (an escaped É)
    assert "why not" not in conquest and "what happened" not in conquest
    assert "Step 1 of" not in conquest and "tokens on board" not in conquest
    assert 'href="../rules/base-game.html#B-CONQ-4"' in conquest  # the "why not" column
    assert "href='../02-conquest.html' hreflang='en'" in conquest
    english = (out / "02-conquest.html").read_text(encoding="utf-8")
    assert "href='fr/02-conquest.html' hreflang='fr'" in english
    # its questions, French first on a French page
    assert "id='q-mountain-cost'" in conquest and "document.documentElement.lang" in conquest


@pytest.mark.notebook
def test_underground_chapter_links_its_rules_exercise_and_questions(site):
    """Chapter 12: its rule IDs (U-RIVER-1, AU-10...) land in the Underground reference, its
    exercise (the Sword, U-RELIC-SWORD-1) opens in the app, its questions carry the engine's
    answers (a Monster region: 2 + 2, U-MON-2; the Diamond Fields' score, U-PLACE-DIAMOND-1);
    the French page speaks the rule book's words."""
    out, _ = site
    page = (out / "12-underground.html").read_text(encoding="utf-8")
    assert 'href="rules/underground.html#U-RIVER-1"' in page
    assert 'href="rules/ambiguities-underground.html#AU-10"' in page
    assert "data-href='/first-game?lesson=sword-conquest'" in page
    assert "id='q-monster-cost' data-answer='4'" in page
    assert "id='q-diamond-score' data-answer='9'" in page
    fr = (out / "fr" / "12-underground.html").read_text(encoding="utf-8")
    assert "<html lang='fr'" in fr and 'href="../rules/underground.html#U-CHASM-2"' in fr
    for words in ("Gouffres sans fond", "Épée Vorpale", "Dahlias de Diamant", "jetons de victoire",
                  "pions", "Champigneux"):
        assert words in fr, words
    assert "Sword of the Killer Rabbit" not in fr and "what happened" not in fr


@pytest.mark.notebook
def test_conquest_chapter_speaks_to_players(site):
    out, _ = site
    conquest = (out / "02-conquest.html").read_text(encoding="utf-8")
    assert "tests/scenarios" not in conquest and "the engine" not in conquest.lower()


@pytest.mark.notebook
@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")
def test_pages_make_no_request_outside_the_server_and_show_no_code(site):
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    _, base = site
    outside: list[str] = []

    server = "/".join(base.split("/")[:3]) + "/"  # the app's own pages (/first-game) count

    def route(r):
        if r.request.url.startswith(server):
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
        # every kind of page: the chapters (English and French), the indexes, the rules
        # reference, the search and the player aids
        for name in ["index", *PAGES, *(f"fr/{p}" for p in PAGES_FR), *sorted(SITE_PAGES),
                     "rules/base-game", "rules/surface-expansions"]:
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
        page.goto(f"{base}/06-cursed.html")  # a rule link in a cell's output lands on its rule
        page.get_by_role("link", name="X-CUR-GOB-1").first.click()
        page.wait_for_url(f"{base}/rules/surface-expansions.html#X-CUR-GOB-1")
        assert page.locator("[id='X-CUR-GOB-1']").count() == 1
        browser.close()
    assert outside == [], outside
    assert errors == [], errors
