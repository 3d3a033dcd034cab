"""The board editor in a real browser (issue 22): a small board built from a blank page by
tapping, with a River World river and harbour, checked, saved, exported and imported, and
played; a shipped board corrected and played. Served and driven as test_browser_app.py does.

The 3 x 3 grid of taps gives nine regions r1..r9 (left to right, top to bottom); their outlines
derived from the taps touch as a grid's cells do: 12 borders, every cell but r5 on the edge.
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402
from test_browser_app import ARGS, CHROMIUM, Server, browser, db_url, server  # noqa: E402,F401

from dashboards import board_store  # noqa: E402
from dashboards.store import Store  # noqa: E402

pytestmark = pytest.mark.browser
expect.set_options(timeout=20_000)

TAPS = [(150, 100), (450, 100), (750, 100), (150, 350), (450, 350), (750, 350),
        (150, 600), (450, 600), (750, 600)]
SHOTS = None  # a folder to keep screenshots in while working on the screen


@pytest.fixture
def page(browser):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    ctx.set_default_timeout(30_000)
    yield ctx.new_page()
    ctx.close()


def tap(page, x: float, y: float, frame=(1000.0, 700.0)) -> None:
    """A tap at frame point (x, y), y down: the canvas is the frame (no border, no toolbar)."""
    canvas = page.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + x * box["width"] / frame[0],
                     box["y"] + y * box["height"] / frame[1])


def stored(db_url: str) -> board_store.StoredBoard:  # noqa: F811
    s = Store(db_url)
    try:
        rows = board_store.listing(s)
        return board_store.get(s, rows[0][0])
    finally:
        s.dispose()


def until(check, timeout: float = 30.0, page=None):
    """Wait for the server to have saved what the page did (the editor saves every edit)."""
    import time
    deadline = time.monotonic() + timeout
    while True:
        try:
            if check():
                return
        except (IndexError, AttributeError, KeyError):
            pass
        if time.monotonic() > deadline:
            if page is not None and SHOTS:
                page.screenshot(path=f"{SHOTS}/failed.png", full_page=True)
            raise AssertionError("the board was not saved as expected")
        time.sleep(0.3)


def mode(page, label: str, hint: str) -> None:
    """Choose what a tap does; wait until the server shows it (then taps mean that)."""
    page.get_by_role("button", name=label, exact=True).click()
    expect(page.get_by_text(hint)).to_be_visible()


def test_build_a_board_by_tapping_check_save_export_import_and_play(page, server, db_url,  # noqa: F811
                                                                      tmp_path):
    page.goto(server.url + "?page=boards")
    expect(page.get_by_text("Board editor")).to_be_visible()
    page.get_by_label("Board name").fill("Kitchen")
    page.get_by_label("Made by").fill("Ann")
    page.get_by_label("Made by").press("Enter")
    for k, (x, y) in enumerate(TAPS):  # one tap, one region (a table taps one at a time)
        tap(page, x, y)
        until(lambda k=k: len(stored(db_url).doc["regions"]) == k + 1, page=page)
    page.get_by_role("button", name="Outlines from the regions placed").click()
    page.get_by_role("button", name="Borders and edge from the outlines").click()
    until(lambda: len(stored(db_url).doc["borders"]) == 12)  # B-DEF-2: the grid's neighbours
    expect(page.get_by_text("Ready to play.")).to_be_visible()
    # River World's features: the module chosen, r5 a river with a harbour beside it (X-RW-5)
    page.locator(".choices").first.click()
    page.get_by_text("River World", exact=True).last.click()
    page.keyboard.press("Escape")
    page.get_by_text("Board editor").click()  # the list closed before the map is tapped
    expect(page.locator(".choices__item", has_text="River World").first).to_be_visible()
    mode(page, "Pick a region", "A tap chooses a region")
    tap(page, 450, 350)
    expect(page.get_by_text("Region r5")).to_be_visible()
    page.get_by_label("Terrain", exact=True).select_option(label="River")
    until(lambda: stored(db_url).doc["regions"]["r5"]["terrain"] == "river", page=page)
    tap(page, 150, 350)
    expect(page.get_by_text("Region r4")).to_be_visible()
    page.get_by_role("button", name="Harbor", exact=True).click()
    until(lambda: stored(db_url).doc["regions"]["r4"].get("symbols") == ["harbour"])
    # a border by tapping a pair; the same region twice is refused and changes nothing
    mode(page, "Borders: tap two regions", "their border is added")
    tap(page, 150, 100)
    tap(page, 450, 350)
    until(lambda: ["r1", "r5"] in stored(db_url).doc["borders"])
    tap(page, 750, 600)
    tap(page, 760, 610)
    expect(page.get_by_text("a region cannot border itself")).to_be_visible()
    assert len(stored(db_url).doc["borders"]) == 13
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/built.png", full_page=True)
    # export, then a bad file refused, then the export imported back
    with page.expect_download() as dl:
        page.get_by_role("button", name="Export the board file").click()
    exported = tmp_path / "kitchen.json"
    dl.value.save_as(exported)
    assert json.loads(exported.read_text())["regions"]["r5"]["terrain"] == "river"
    bad = tmp_path / "bad.json"
    bad.write_text('{"regions": {"a": {"terrain": "farmland", "colour": "red"}}}')
    page.locator("input[type=file][accept*=json]").set_input_files(str(bad))
    expect(page.get_by_text(re.compile("This file was not imported.*unknown key"))).to_be_visible()
    page.locator("input[type=file][accept*=json]").set_input_files(str(exported))
    until(lambda: len(board_store.listing(Store(db_url))) == 2)
    # play it: the new-game form offers it; the game's map is the board drawn
    page.goto(server.url + "?page=new")
    page.get_by_placeholder("e.g. Table 3").fill("Kitchen game")
    page.get_by_role("button", name="2", exact=True).click()
    page.get_by_placeholder("Seat 1 name").fill("Ann")
    page.get_by_placeholder("Seat 2 name").fill("Bob")
    first = next(i for i, name, author, _r in board_store.listing(Store(db_url))
                 if (name, author) == ("Kitchen", "Ann"))  # the board tapped, not its import
    page.get_by_label("Board", exact=True).select_option(label=f"Kitchen (#{first}, Ann)")
    page.get_by_role("button", name="Create the game").click()
    page.get_by_role("button", name="Open the game").click()
    expect(page.locator("canvas").first).to_be_visible()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/game.png", full_page=True)


def test_correct_a_shipped_board_with_its_photo_and_play_it(page, server, db_url,  # noqa: F811
                                                            tmp_path):
    """A table's copy of base-2p: its photo behind the drawing, r3 (a forest in the shipped
    file) made a Mountain; the shipped board stays as it was (swcore/data/boards)."""
    import zlib
    from struct import pack

    from swcore import load_board

    def chunk(kind: bytes, data: bytes) -> bytes:
        return pack(">I", len(data)) + kind + data + pack(">I", zlib.crc32(kind + data))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(b"\x00" + b"\xc0\xa0\x60" * 2 + b"\x00"
                                          + b"\x60\xa0\xc0" * 2)) + chunk(b"IEND", b""))
    photo = tmp_path / "board.png"
    photo.write_bytes(png)
    b = load_board("base-2p")
    page.goto(server.url + "?page=boards")
    page.get_by_label("Start from").select_option(label="Correct base-2p: Small World, "
                                                        "2-player board")
    page.get_by_role("button", name="Open", exact=True).click()
    until(lambda: stored(db_url).based_on == "base-2p", page=page)
    page.locator("input[type=file][accept*=image]").set_input_files(str(photo))
    until(lambda: (stored(db_url).photo or "").startswith("data:image/png;base64,"), page=page)
    mode(page, "Pick a region", "A tap chooses a region")
    tap(page, *b.centre[2], frame=b.frame)
    expect(page.get_by_text("Region r3")).to_be_visible()
    page.get_by_label("Terrain", exact=True).select_option(label="Mountain")
    until(lambda: stored(db_url).doc["regions"]["r3"]["terrain"] == "mountain", page=page)
    expect(page.get_by_text("Ready to play.")).to_be_visible()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/corrected.png", full_page=True)
    corrected = stored(db_url).id  # other tests of this server may have corrected base-2p too
    page.goto(server.url + "?page=new")
    page.get_by_placeholder("e.g. Table 3").fill("Corrected")
    page.get_by_role("button", name="2", exact=True).click()
    page.get_by_placeholder("Seat 1 name").fill("Ann")
    page.get_by_placeholder("Seat 2 name").fill("Bob")
    page.get_by_label("Board", exact=True).select_option(
        label=f"Small World, 2-player board (#{corrected})")
    page.get_by_role("button", name="Create the game").click()
    page.get_by_role("button", name="Open the game").click()
    expect(page.locator("canvas").first).to_be_visible()
    s = Store(db_url)
    try:
        game = s.game(next(g.id for g in s.list_games() if g.table_name == "Corrected"))
    finally:
        s.dispose()
    assert game.setup["map"]["regions"]["r3"]["terrain"] == "mountain"
    assert load_board("base-2p").terrain[2] == "forest"


def test_an_outline_drawn_with_the_poly_draw_tool(page, server, db_url):  # noqa: F811
    """Bokeh's PolyDrawTool: press and hold to start, tap the points, press and hold on the
    last; the drawn shape becomes the chosen region's outline when the table says so."""
    def press(x: float, y: float) -> None:
        canvas = page.locator("canvas").first
        box = canvas.bounding_box()
        page.mouse.move(box["x"] + x * box["width"] / 1000, box["y"] + y * box["height"] / 700)
        page.mouse.down()
        page.wait_for_timeout(600)  # a long press (Bokeh's press gesture), not a wait for state
        page.mouse.up()
    page.goto(server.url + "?page=boards")
    for k, (x, y) in enumerate(TAPS[:2]):
        tap(page, x, y)
        until(lambda k=k: len(stored(db_url).doc["regions"]) == k + 1, page=page)
    mode(page, "Pick a region", "A tap chooses a region")
    tap(page, 150, 100)
    expect(page.get_by_text("Region r1")).to_be_visible()
    mode(page, "Draw an outline", "Press and hold")
    press(50, 50)
    for x, y in [(250, 50), (250, 200)]:
        tap(page, x, y)
        page.wait_for_timeout(400)  # taps 300 ms apart are taps, not a double tap
    press(50, 200)
    want = [[[[50.0, 50.0], [250.0, 50.0], [250.0, 200.0], [50.0, 200.0]]]]

    def used() -> bool:
        """The shape reaches the server when the press ends: use it once it has."""
        page.get_by_role("button", name="Use the drawn outline").click()
        page.wait_for_timeout(500)
        return stored(db_url).doc["regions"]["r1"].get("polygons") == want
    until(used, page=page)
