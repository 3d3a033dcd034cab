"""The table-side assistant in a real browser: `panel serve dashboards/app.py` in a subprocess,
driven by Playwright with Debian's chromium (/usr/bin/chromium).

Each test starts its own server on a free port with its own SQLite file ($SW_DATABASE_URL), so a
server can be killed and started again on the same file. Games with a known column are created
through the store (as another device would), then opened from the lobby with their join code.
Board facts (base-3p): r4 is an empty farmland on the edge (conquest cost 2, B-CONQ-2).
"""

from __future__ import annotations

import os
import re
import time
from contextlib import contextmanager

import pytest
from conftest import WAIT_MS
from served import ARGS, CHROMIUM, ROOT, Server  # noqa: F401  (used by other test files)

pytest.importorskip("playwright")
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from dashboards.session import TableSession, create_game  # noqa: E402
from dashboards.store import Store  # noqa: E402
from swcore import load_board  # noqa: E402

pytestmark = pytest.mark.browser

BOARD = load_board("base-3p")
RACES = ["ratmen", "elves", "amazons", "dwarves", "orcs", "humans"]
POWERS = ["hill", "forest", "swamp", "alchemist", "flying", "merchant"]

if not os.path.exists(CHROMIUM):  # pragma: no cover
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)",
                allow_module_level=True)


@pytest.fixture
def db_url(request, tmp_path):
    """An SQLite file; the tests marked `BOTH_DATABASES` run on PostgreSQL too (conftest.py)."""
    if getattr(request, "param", "sqlite") == "postgresql":
        return request.getfixturevalue("postgres_db")
    return f"sqlite:///{tmp_path / 'app.sqlite'}"


#: What a club does with several server processes: the tests of restarts and of processes
#: sharing one database also run on PostgreSQL.
BOTH_DATABASES = pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def server(db_url):
    srv = Server(db_url)
    srv.start()
    yield srv
    srv.kill()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(WAIT_MS)
    yield ctx.new_page()
    ctx.close()


def known_game(db_url: str, name: str = "Table 9") -> tuple[int, str]:
    store = Store(db_url)
    try:
        return create_game(store, name, ["Ann", "Bob", "Cleo"], races=RACES, powers=POWERS)
    finally:
        store.dispose()


def rows(db_url: str, game_id: int) -> list:
    store = Store(db_url)
    try:
        return store.rows(game_id)
    finally:
        store.dispose()


def choose_table(page, server: Server | None, table: str, touch: bool = False) -> None:
    """Load the lobby (None: it is on the page already) and choose a table, tapped with a
    finger on a touch device (again if the first tap came before the websocket)."""
    if server is not None:
        page.goto(server.url)
    field = page.get_by_placeholder("e.g. K7QX2M")
    for _ in range(5):
        button = page.get_by_role("button", name=table, exact=True)
        if touch:
            button.tap()
        else:
            button.click()
        try:
            field.wait_for(state="visible", timeout=4000)
            return
        except Exception:
            continue
    expect(field).to_be_visible()


def open_game(page, server: Server, table: str, code: str) -> None:
    choose_table(page, server, table)
    page.get_by_placeholder("e.g. K7QX2M").fill(code)
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.get_by_text("Turn", exact=False).first).to_be_visible()
    expect(page.locator("canvas").first).to_be_visible()


def tap(page, rid: str) -> None:
    """Click the centre of a region on the map canvas (the canvas holds only the board), the
    map scrolled into view first (a phone's or a long panel's map may start below the fold)."""
    canvas = page.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    i = BOARD.ids.index(rid)
    cx, cy = BOARD.centre[i]
    fw, fh = BOARD.frame
    page.mouse.click(box["x"] + 4 + cx / fw * (box["width"] - 8),
                     box["y"] + 4 + cy / fh * (box["height"] - 8))


def test_create_a_game_from_the_lobby(server, page):
    page.goto(server.url)
    page.get_by_role("button", name="New game").click()
    page.get_by_placeholder("e.g. Table 3").fill("Table <i>7</i>")
    page.get_by_role("button", name="2", exact=True).click()
    page.get_by_placeholder("Seat 1 name").fill("Ann")
    page.get_by_placeholder("Seat 2 name").fill("ann")
    page.get_by_role("button", name="Create the game").click()
    expect(page.get_by_text("Two players are called 'ann'")).to_be_visible()  # duplicate refused
    page.get_by_placeholder("Seat 2 name").fill("<b>Bob</b>")
    page.get_by_role("button", name="Create the game").click()
    expect(page.locator(".sw-code")).to_have_text(re.compile(r"^\s*[A-Z0-9]{6}\s*$"))
    page.get_by_role("button", name="Open the game").click()
    expect(page.get_by_text("To play:")).to_be_visible()
    expect(page.locator(".sw-chip", has_text="<b>Bob</b>").first).to_be_visible()  # as text
    expect(page.get_by_role("button", name="<b>Bob</b>: my coins")).to_be_visible()
    expect(page.get_by_text("Table <i>7</i>").first).to_be_visible()
    page.get_by_role("button", name="Lobby").click()
    expect(page.get_by_role("button", name="Table <i>7</i>")).to_be_visible()


def test_B_CONQ_2_conquest_by_tapping_the_map_end_of_turn_score_and_undo(server, page, db_url):
    gid, code = known_game(db_url)
    open_game(page, server, "Table 9", code)
    page.get_by_role("button", name="Pick").first.click()  # Ratmen / Hill, free
    expect(page.get_by_text("plays Ratmen")).to_be_visible()
    tap(page, "r4")
    expect(page.get_by_text("Region r4")).to_be_visible()
    expect(page.get_by_text("Cost 2 tokens")).to_be_visible()
    page.get_by_role("button", name="Conquer r4", exact=True).click()
    expect(page.get_by_text("Held by:").first).to_contain_text("Ratmen × 2")
    assert [r.action.get("do") for r in rows(db_url, gid)] == ["pick", "conquer"]
    tap(page, "r15")  # the lake: refused with its rule
    expect(page.get_by_text("B-CONQ-4").first).to_be_visible()
    page.get_by_role("button", name="End the turn", exact=True).click()  # asks first
    page.get_by_role("button", name="Confirm: End the turn", exact=True).click()
    # B-SCORE-1: one region, no hill: +1 coin.
    expect(page.get_by_text("scored +1 in turn 1").first).to_be_visible()
    expect(page.get_by_role("cell", name="Ratmen: 1 region")).to_be_visible()
    page.get_by_role("button", name="↶ Undo…").click()
    expect(page.get_by_text("Undo — are you sure?")).to_be_visible()
    expect(page.get_by_text("Ann ends the turn")).to_be_visible()
    page.get_by_role("button", name="Yes, undo").click()
    expect(page.locator(".sw-top")).to_contain_text("To play: Ann")
    # pick, conquer, the confirmed redeployment (issue 12), end_turn; then the undo
    assert [r.kind for r in rows(db_url, gid)] == ["act", "act", "act", "act", "undo"]
    page.get_by_role("button", name="↷ Redo…").click()
    page.get_by_role("button", name="Yes, redo").click()
    expect(page.locator(".sw-top")).to_contain_text("To play: Bob")


@pytest.mark.parametrize("device", [
    {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},  # phone
    {"viewport": {"width": 1280, "height": 800}, "is_mobile": True, "has_touch": True},  # tablet
], ids=["phone-portrait", "tablet-landscape"])
def test_by_touch_on_a_phone_and_a_tablet_B_CONQ_2(server, browser, db_url, device):
    """Mobile Chromium (touch, mobile viewport rules): the page is laid out at the device's
    width, never wider, its buttons are large touch targets, and a game is played by tapping:
    pick, tap r4 on the map, conquer it (2 tokens, B-CONQ-2)."""
    _, code = known_game(db_url)
    ctx = browser.new_context(**device)
    ctx.set_default_timeout(WAIT_MS)
    page = ctx.new_page()
    width = device["viewport"]["width"]
    try:
        page.goto(server.url)
        assert page.evaluate("() => document.documentElement.clientWidth") == width
        choose_table(page, None, "Table 9", touch=True)
        page.get_by_placeholder("e.g. K7QX2M").fill(code)
        page.get_by_role("button", name="Open", exact=True).tap()
        pick = page.get_by_role("button", name="Pick").first
        expect(pick).to_be_visible()
        assert pick.bounding_box()["height"] >= 44  # a finger's width
        pick.tap()
        expect(page.get_by_text("plays Ratmen")).to_be_visible()
        canvas = page.locator("canvas").first
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1  # the whole map shows
        cx, cy = BOARD.centre[BOARD.ids.index("r4")]
        fw, fh = BOARD.frame
        page.touchscreen.tap(box["x"] + 4 + cx / fw * (box["width"] - 8),
                             box["y"] + 4 + cy / fh * (box["height"] - 8))
        conquer = page.get_by_role("button", name="Conquer r4", exact=True)
        expect(conquer).to_be_visible()
        assert conquer.bounding_box()["height"] >= 44
        conquer.tap()
        expect(page.get_by_text("Held by:").first).to_contain_text("Ratmen × 2")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        more = page.get_by_role("button", name="☰ More", exact=True)
        if more.is_visible():  # a phone: Undo, Redo, Lobby are behind More (issue 18)
            more.tap()
            expect(page.get_by_role("button", name="↶ Undo…")).to_be_visible()
        shown = [b for b in page.get_by_role("button").all() if b.is_visible()]
        small = [(b.inner_text(), b.bounding_box()["height"]) for b in shown
                 if b.bounding_box()["height"] < 44]
        assert len(shown) >= 8 and small == []  # every button on the turn screen
    finally:
        ctx.close()


@BOTH_DATABASES
def test_kill_the_server_restart_and_resume(db_url, page):
    gid, code = known_game(db_url)
    srv = Server(db_url)
    srv.start()
    try:
        open_game(page, srv, "Table 9", code)
        page.get_by_role("button", name="Pick").first.click()
        tap(page, "r4")
        page.get_by_role("button", name="Conquer r4", exact=True).click()
        expect(page.get_by_text("Held by:").first).to_contain_text("Ratmen × 2")
        srv.kill()
        srv.start()
        open_game(page, srv, "Table 9", code)
        expect(page.get_by_text("plays Ratmen")).to_be_visible()
        expect(page.get_by_text("to conquer with")).to_contain_text("10 tokens")  # 12 - 2
        tap(page, "r4")
        expect(page.get_by_text("Held by:").first).to_contain_text("Ratmen × 2")
    finally:
        srv.kill()
    assert len(rows(db_url, gid)) == 2


def test_two_tabs_see_each_others_actions_within_a_second(server, browser, db_url):
    _, code = known_game(db_url)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(WAIT_MS)
    one, two = ctx.new_page(), ctx.new_page()
    try:
        open_game(one, server, "Table 9", code)
        open_game(two, server, "Table 9", code)
        one.get_by_role("button", name="Pick").first.click()
        expect(one.get_by_text("plays Ratmen")).to_be_visible()
        start = time.monotonic()
        expect(two.get_by_text("plays Ratmen")).to_be_visible(timeout=WAIT_MS)
        assert time.monotonic() - start < 1.5
        tap(two, "r4")
        two.get_by_role("button", name="Conquer r4", exact=True).click()
        expect(one.get_by_text("Ann's Ratmen conquer r4")).to_be_visible(timeout=WAIT_MS)
    finally:
        ctx.close()


@contextmanager
def two_processes(db_url: str, browser, code: str, poll_ms: int = 500):
    """Two server processes on one database, a page on each with table 9 open (a club)."""
    servers = [Server(db_url, poll_ms=poll_ms), Server(db_url, poll_ms=poll_ms)]
    for srv in servers:
        srv.start()
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(WAIT_MS)
    try:
        pages = [ctx.new_page(), ctx.new_page()]
        for page, srv in zip(pages, servers, strict=True):
            open_game(page, srv, "Table 9", code)
        yield pages
    finally:
        ctx.close()
        for srv in servers:
            srv.kill()


@BOTH_DATABASES
def test_two_server_processes_follow_each_other_by_polling(db_url, browser):
    """A club runs several processes on one database: each sees the other's actions."""
    _, code = known_game(db_url)
    with two_processes(db_url, browser, code) as (one, two):
        one.get_by_role("button", name="Pick").first.click()
        expect(one.get_by_text("plays Ratmen")).to_be_visible()
        expect(two.get_by_text("plays Ratmen")).to_be_visible(timeout=WAIT_MS)


@BOTH_DATABASES
def test_both_devices_act_at_once_one_wins_the_other_is_told(db_url, browser):
    """Two server processes on one database (a club), polling slowed down: the second device
    acts on a stale screen, is refused (the seq is taken), told, and shown the new state."""
    gid, code = known_game(db_url)
    with two_processes(db_url, browser, code, poll_ms=600_000) as (one, two):
        one.get_by_role("button", name="Pick").first.click()  # Ratmen
        expect(one.get_by_text("plays Ratmen")).to_be_visible()
        two.get_by_role("button", name="Pick").nth(1).click()  # Elves, on a stale screen
        expect(two.get_by_text("Another device changed this game first")).to_be_visible()
        expect(two.get_by_text("plays Ratmen")).to_be_visible()  # and it shows the new state
    assert [r.action for r in rows(db_url, gid)] == [{"by": "Ann", "do": "pick", "combo": 0}]


def test_wrong_join_code_reveals_nothing(server, page, db_url):
    known_game(db_url)
    choose_table(page, server, "Table 9")
    page.get_by_placeholder("e.g. K7QX2M").fill("WRONG1")
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.get_by_text("Wrong table or join code.")).to_be_visible()
    expect(page.locator("canvas")).to_have_count(0)
    expect(page.get_by_text("To play:")).to_have_count(0)


def test_session_api_sees_what_the_browser_did(server, page, db_url):
    """The browser's actions are in the database: a session opened elsewhere has them."""
    gid, code = known_game(db_url)
    open_game(page, server, "Table 9", code)
    page.get_by_role("button", name="Pick").nth(2).click()  # Amazons / Swamp: 2 coins
    expect(page.get_by_text("plays Amazons")).to_be_visible()
    store = Store(db_url)
    try:
        s = TableSession.open(store, gid, code)
        assert s.game.active[0] == "amazons"
        assert s.game.view("Ann")["coins"]["Ann"] == 3  # B-COMBO-2: 5 - 2
    finally:
        store.dispose()


def test_header_and_lobby_link_to_the_tutorial_served_beside_the_app(db_url, tmp_path, browser):
    """Issue 5: `make serve` serves the rendered tutorial with `--static-dirs tutorial=...`; the
    header and the lobby link to /tutorial/index.html in a new tab, and the link loads it."""
    site = tmp_path / "tutorial"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>Tutorial</title>"
                                     "<h1>Small World tutorial (test page)</h1>", encoding="utf-8")
    srv = Server(db_url, static_dirs={"tutorial": site})
    srv.start()
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(WAIT_MS)
    page = ctx.new_page()
    try:
        page.goto(srv.url)
        links = page.get_by_role("link", name=re.compile("Learn the rules"))
        expect(links).to_have_count(2)  # the header's and the lobby's
        for k in range(2):
            expect(links.nth(k)).to_have_attribute("href", "/tutorial/index.html")
            expect(links.nth(k)).to_have_attribute("target", "_blank")
        with ctx.expect_page() as opened:
            links.last.click()
        tab = opened.value
        expect(tab.get_by_role("heading", name="Small World tutorial (test page)")).to_be_visible()
        assert tab.url == f"http://127.0.0.1:{srv.port}/tutorial/index.html"
        expect(page.get_by_role("button", name="New game")).to_be_visible()  # the app stays open
    finally:
        ctx.close()
        srv.kill()
