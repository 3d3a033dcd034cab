"""The board editor's history and outline points in a real browser, and its draft across a
reload and a server restart (issue 22). Four taps place r1 (top left), r2 (top right), r3
(bottom left) and r4 (bottom right) on the 1000 x 700 frame; their outlines derived from the
taps are the four quarters, meeting at (500, 350). Served and driven as test_browser_boards.py.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402
from test_browser_app import BOTH_DATABASES, Server, browser, db_url, server  # noqa: E402,F401
from test_browser_boards import mode, page, stored, tap, until  # noqa: E402,F401

from dashboards import board_store  # noqa: E402
from dashboards.store import Store  # noqa: E402

pytestmark = pytest.mark.browser
expect.set_options(timeout=30_000)

QUARTERS = [(250, 175), (750, 175), (250, 525), (750, 525)]


def place(page, db_url, taps=QUARTERS) -> None:  # noqa: F811
    """One tap, one region: each waits until the server has saved it."""
    for k, (x, y) in enumerate(taps):
        tap(page, x, y)
        until(lambda k=k: len(stored(db_url).doc["regions"]) == k + 1, page=page)


def ring(db_url: str, rid: str) -> list[list[float]]:  # noqa: F811
    return stored(db_url).doc["regions"][rid]["polygons"][0][0]


def test_undo_redo_and_moving_an_outline_point(page, server, db_url):  # noqa: F811
    """Every change is a step of Undo and Redo, a point dragged with the PolyEditTool too."""
    page.goto(server.url + "?page=boards")
    place(page, db_url)
    page.get_by_role("button", name="Outlines from the regions placed").click()
    until(lambda: [500.0, 350.0] in ring(db_url, "r1"), page=page)
    undo, redo = (page.get_by_role("button", name=n, exact=True) for n in ("Undo", "Redo"))
    undo.click()  # the outlines go
    until(lambda: not any("polygons" in r for r in stored(db_url).doc["regions"].values()))
    undo.click()  # then r4
    until(lambda: list(stored(db_url).doc["regions"]) == ["r1", "r2", "r3"])
    redo.click()
    until(lambda: len(stored(db_url).doc["regions"]) == 4)
    redo.click()
    until(lambda: [500.0, 350.0] in ring(db_url, "r1"), page=page)
    # r1's corner at the middle of the board dragged up and left: r1 shrinks, nothing crosses
    mode(page, "Move outline points", "then drag them")
    canvas = page.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()

    def at(x: float, y: float) -> tuple[float, float]:
        return box["x"] + x * box["width"] / 1000, box["y"] + y * box["height"] / 700
    page.mouse.move(*at(250, 175))  # a press on r1 shows its points (Bokeh's press gesture)
    page.mouse.down()
    page.wait_for_timeout(600)  # a long press, not a wait for state
    page.mouse.up()
    page.wait_for_timeout(400)  # the next gesture is not read as a double tap
    page.mouse.move(*at(500, 350))
    page.mouse.down()
    page.mouse.move(*at(450, 320), steps=5)
    page.mouse.move(*at(400, 300), steps=5)
    page.mouse.up()
    until(lambda: [500.0, 350.0] not in ring(db_url, "r1"), page=page)
    moved = ring(db_url, "r1")
    corner = [p for p in moved if p not in ([0.0, 0.0], [500.0, 0.0], [0.0, 350.0])]
    assert len(corner) == 1 and abs(corner[0][0] - 400) <= 6 and abs(corner[0][1] - 300) <= 6
    assert [500.0, 350.0] in ring(db_url, "r2")  # the other outlines stay
    undo.click()
    until(lambda: [500.0, 350.0] in ring(db_url, "r1"), page=page)
    redo.click()
    until(lambda: ring(db_url, "r1") == moved, page=page)


@BOTH_DATABASES
def test_nothing_lost_when_the_page_reloads_or_the_server_restarts(page, db_url):  # noqa: F811
    """Mid-edit, the page reloads, then the server is killed and started again: the page
    comes back to the same board (its address names it) with every region placed, and the
    next tap goes on the same stored board (SQLite, and PostgreSQL as a club runs it)."""
    srv = Server(db_url)
    srv.start()
    try:
        page.goto(srv.url + "?page=boards")
        page.get_by_label("Board name").fill("Kitchen")
        page.get_by_label("Board name").press("Enter")
        place(page, db_url, QUARTERS[:2])
        expect(page).to_have_url(f"{srv.url}?page=boards&board={stored(db_url).id}")
        page.reload()
        expect(page.get_by_label("Board name")).to_have_value("Kitchen")
        tap(page, *QUARTERS[2])
        until(lambda: len(stored(db_url).doc["regions"]) == 3, page=page)
        srv.kill()
        srv.start()  # the page finds the new process and reloads its address by itself
        expect(page.get_by_text("● Connected")).to_be_visible(timeout=90_000)
        expect(page.get_by_label("Board name")).to_have_value("Kitchen")
        tap(page, *QUARTERS[3])
        until(lambda: len(stored(db_url).doc["regions"]) == 4, page=page)
        s = Store(db_url)
        try:
            assert len(board_store.listing(s)) == 1  # one board, edited throughout
        finally:
            s.dispose()
        assert stored(db_url).name == "Kitchen"
    finally:
        srv.kill()


def english_left(text: str) -> list[str]:
    """The app's and the engine's English messages (those French translates) found in `text`:
    each message whole, or a message with fields by its words between the fields."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[1]
    found = []
    for po in (root / "dashboards/locale/fr/LC_MESSAGES/dashboards.po",
               root / "swcore/locale/fr/LC_MESSAGES/swcore.po"):
        with po.open("rb") as f:
            for m in read_po(f):
                if not m.id or not m.string or m.id == m.string or not isinstance(m.id, str):
                    continue
                for piece in re.split(r"\{[^}]*\}", m.id):
                    piece = piece.strip(" .:,;()")
                    if len(piece) >= 4 and " " in piece or piece in ("Undo", "Redo", "Open"):
                        if re.search(r"(?<![\w-])" + re.escape(piece) + r"(?![\w-])", text):
                            found.append(piece)
    return sorted(set(found))


#: Every element a finger may need: its words, its box, and whether its words are cut (a
#: multiple choice's box, not the small search field inside it that the box opens).
TARGETS = """() => { const out = []; const walk = (n) => { for (const c of n.children) {
  if (c.matches('button, a, select, input, textarea, [role=button], .choices__inner')
      && !c.matches('.choices__input')) {
    const r = c.getBoundingClientRect(), s = getComputedStyle(c);
    if (r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && c.type !== 'file')
      out.push([(c.innerText || c.value || c.getAttribute('aria-label') || '') + ' <' +
                c.tagName + '.' + c.className + '>',
                Math.round(r.width), Math.round(r.height), c.scrollWidth > c.clientWidth + 1]); }
  if (c.shadowRoot) walk(c.shadowRoot); walk(c); } };
  walk(document.body); return out; }"""


def test_the_editor_in_french_on_a_phone(browser, server, db_url, tmp_path):  # noqa: F811
    """390 x 844, French: every word on the screen French (no message of the catalogues in
    English), every button, field and link at least 44 px, nothing wider than the screen;
    with regions placed, outlines made, a region chosen and problems listed, each problem's
    words shown whole; then a shipped board opened to correct, its name and credits French. (The file fields' "Choose File" is the browser's own, in its language.)"""
    from test_browser_french import PAGE_TEXT

    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                              locale="fr-FR",
                              has_touch=True, device_scale_factor=2)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()  # noqa: F811
    try:
        page.goto(server.url + "?page=boards&lang=fr")
        expect(page.get_by_text("Éditeur de plateau")).to_be_visible()
        place(page, db_url, QUARTERS[:3])
        page.get_by_role("button", name="Contours d'après les régions placées").click()
        until(lambda: "polygons" in stored(db_url).doc["regions"]["r1"], page=page)
        mode(page, "Choisir une région", "Un toucher choisit une région")
        tap(page, *QUARTERS[0])
        expect(page.get_by_text("Région r1")).to_be_visible()
        page.screenshot(path=str(tmp_path / "phone-fr.png"), full_page=True)
        page.get_by_text("Brouillon").first.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "phone-fr-problems.png"))
        text = page.evaluate(PAGE_TEXT)
        assert "Région r1" in text and "Placer des régions" in text
        assert english_left(text) == []
        targets = page.evaluate(TARGETS)
        assert [t for t in targets if min(t[1], t[2]) < 44] == []
        assert [t[0] for t in targets if t[3] and t[0].startswith("⛔")] == []  # words shown
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        # a shipped board to correct: its name and what it was made from in French too
        page.get_by_label("Partir de").select_option(
            label="Corriger base-2p: Small World, plateau à 2 joueurs")
        page.get_by_role("button", name="Ouvrir", exact=True).click()
        expect(page.get_by_label("Nom du plateau")).to_have_value(
            "Small World, plateau à 2 joueurs")
        expect(page.get_by_label("D'où vient le plateau (ses données, son dessin)")).to_have_value(
            re.compile("^Corrigé par une table d'après le plateau fourni base-2p : "))
        assert english_left(page.evaluate(PAGE_TEXT)) == []
    finally:
        ctx.close()
