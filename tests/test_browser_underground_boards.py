"""An Underground board corrected in a real browser and played (issue 22's test that corrects
a shipped Underground board; issue 21's boards): the editor opens underground-4p with
Underground's terrains, a region's terrain and an uncertain border are corrected by taps, and
a game with Underground is created on the corrected copy from the new-game form, which says
how sure the shipped board is. Served and driven as test_browser_boards.py does."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402
from test_browser_app import ARGS, CHROMIUM, Server, browser, db_url, server  # noqa: E402,F401
from test_browser_boards import mode, page, stored, tap, until  # noqa: E402,F401

from dashboards.newgame import EXPANSIONS  # noqa: E402
from dashboards.store import Store  # noqa: E402
from swcore import load_board  # noqa: E402

pytestmark = pytest.mark.browser
expect.set_options(timeout=20_000)


def test_correct_an_underground_board_and_play_it_with_underground(page, server,  # noqa: F811
                                                                   db_url):  # noqa: F811
    """r7 (a Mine in the shipped file) becomes Mystic Crystals; the uncertain border r6-r11 is
    tapped away; the game created with Underground on the copy has both corrections, and the
    shipped board is unchanged (swcore/data/boards/underground-4p.json)."""
    b = load_board("underground-4p")
    page.goto(server.url + "?page=boards")
    expect(page.locator("canvas").first).to_be_visible()  # the page is rendered and connected
    page.get_by_label("Start from").select_option(
        label="Correct underground-4p: Small World Underground, 4-player board (medium "
              "confidence)")
    page.get_by_role("button", name="Open", exact=True).click()
    # the copy's checks (44 outlines) run before it is saved: generous on a busy machine
    until(lambda: stored(db_url).based_on == "underground-4p", timeout=120, page=page)
    expect(page.get_by_text("uncertain in the board's sources").first).to_be_visible()
    mode(page, "Pick a region", "A tap chooses a region")
    tap(page, *b.centre[b.index["r7"]], frame=b.frame)
    expect(page.get_by_text("Region r7")).to_be_visible()
    page.get_by_label("Terrain", exact=True).select_option(label="Mystic Crystals")
    until(lambda: stored(db_url).doc["regions"]["r7"]["terrain"] == "mystic_crystals", page=page)
    mode(page, "Borders: tap two regions", "Tap two regions")
    tap(page, *b.centre[b.index["r6"]], frame=b.frame)
    tap(page, *b.centre[b.index["r11"]], frame=b.frame)
    until(lambda: ["r6", "r11"] not in stored(db_url).doc["borders"], page=page)
    expect(page.get_by_text("Ready to play.")).to_be_visible()
    corrected = stored(db_url).id
    page.goto(server.url + "?page=new")
    page.get_by_placeholder("e.g. Table 3").fill("Under")
    boxes = page.locator("input[type=checkbox]")  # the expansions' come first, in module order
    boxes.nth(EXPANSIONS.index("underground")).check()
    page.get_by_role("button", name="4", exact=True).click()
    expect(page.get_by_text("Transcribed with medium confidence")).to_be_visible()
    for k, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.get_by_placeholder(f"Seat {k + 1} name").fill(name)
    page.get_by_label("Board", exact=True).select_option(
        label=f"Small World Underground, 4-player board (#{corrected})")
    page.get_by_role("button", name="Create the game").click()
    page.get_by_role("button", name="Open the game").click()
    expect(page.locator("canvas").first).to_be_visible()
    s = Store(db_url)
    try:
        game = s.game(next(g.id for g in s.list_games() if g.table_name == "Under"))
    finally:
        s.dispose()
    assert game.setup["expansions"] == ["underground"]
    assert game.setup["map"]["regions"]["r7"]["terrain"] == "mystic_crystals"
    assert ["r6", "r11"] not in game.setup["map"]["borders"]
    assert b.terrain[b.index["r7"]] == "mine" and ["r6", "r11"] in [
        [b.ids[i], b.ids[j]] for i, j in b.borders]
