"""Issue 18 (review of 2026-11-27, defect 4): the turn screen at a real table, measured in
Debian's chromium. On a 390 x 844 phone the map, the tapped region's card and its Conquer
button are on screen together, and the fixed bars (header and bottom bar) take at most a fifth
of the height; on a 1024 x 768 tablet the bottom bar covers neither the map, nor its legend, nor
the region list. Screenshots of each state are saved under the test's tmp_path.

The game: Table 9 (base-3p), every player has picked and ended turn 1, Ann conquered r4 (an
empty farmland on the edge, B-CONQ-2: 2 tokens); at Ann's turn 2 both bar words are offered
(go into decline, B-DECL-1, and end the turn), the widest bar of a normal turn. r5 (a swamp
next to r4) costs 2 (B-CONQ-2)."""

from __future__ import annotations

from itertools import pairwise

import pytest
import test_browser_app as app_tests
from test_browser_app import BOARD, known_game

from dashboards.session import TableSession
from dashboards.store import Store

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402

pytestmark = pytest.mark.browser
browser, db_url, server = app_tests.browser, app_tests.db_url, app_tests.server

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 1024, "height": 768}, "is_mobile": True, "has_touch": True}


def second_turn(db_url: str) -> tuple[int, str]:
    """Table 9 at Ann's turn 2 (see the module's docstring)."""
    gid, code = known_game(db_url)
    store = Store(db_url)
    try:
        s = TableSession.open(store, gid, code)
        for by, extra in (("Ann", [{"do": "conquer", "region": "r4"}]), ("Bob", []),
                          ("Cleo", [])):
            for a in [{"do": "pick", "combo": 0}, *extra, {"do": "end_turn"}]:
                assert s.act({"by": by, **a}), s.error
    finally:
        store.dispose()
    return gid, code


def opened(browser, server, gid: int, code: str, device: dict):
    ctx = browser.new_context(**device)
    ctx.set_default_timeout(60_000)  # generous: the first page of a server under load
    page = ctx.new_page()
    page.goto(f"{server.url}?game={gid}&code={code}")
    expect(page.locator(".sw-top")).to_contain_text("To play: Ann")
    expect(page.locator("canvas").first).to_be_visible()
    expect(page.get_by_role("button", name="End the turn", exact=True)).to_be_visible()
    return ctx, page


def box(locator) -> dict:
    b = locator.bounding_box()
    assert b is not None, locator
    return b


def tap_region(page, rid: str) -> None:
    b = box(page.locator("canvas").first)
    cx, cy = BOARD.centre[BOARD.ids.index(rid)]
    fw, fh = BOARD.frame
    page.mouse.click(b["x"] + 4 + cx / fw * (b["width"] - 8),
                     b["y"] + 4 + cy / fh * (b["height"] - 8))


def test_phone_map_card_and_conquer_together_bars_a_fifth_B_CONQ_2(server, browser, db_url,
                                                                   tmp_path):
    gid, code = second_turn(db_url)
    ctx, page = opened(browser, server, gid, code, PHONE)
    try:
        height = PHONE["viewport"]["height"]
        header, bar = box(page.locator("#header")), box(page.locator(".sw-bar"))
        page.screenshot(path=str(tmp_path / "phone-start.png"))
        # Both bar words in one row beside "More"; Undo, Redo, Lobby, the scores behind it.
        decline = page.get_by_role("button", name="Go into decline", exact=True)
        end = page.get_by_role("button", name="End the turn", exact=True)
        more = page.get_by_role("button", name="☰ More", exact=True)
        for b in (decline, end, more):
            assert abs(box(b)["y"] - box(end)["y"]) < 2 and box(b)["height"] >= 44
        expect(page.get_by_role("button", name="↶ Undo…")).to_be_hidden()
        assert header["height"] + bar["height"] <= height / 5 + 1, (header, bar)
        assert bar["y"] + bar["height"] >= height - 1  # the bar stands at the bottom
        # The table scrolls the map up under the header, taps r5: the map, the region's cost
        # and its Conquer button are all between the header and the bar.
        page.locator("canvas").first.evaluate("c => c.scrollIntoView({block: 'start'})")
        tap_region(page, "r5")
        conquer = page.get_by_role("button", name="Conquer r5", exact=True)
        expect(conquer).to_be_visible()
        cost = page.get_by_text("Cost 2 tokens").first
        expect(cost).to_be_visible()
        header = box(page.locator("#header"))
        top, bottom = max(0, header["y"] + header["height"]), box(page.locator(".sw-bar"))["y"]
        canvas = box(page.locator("canvas").first)
        for item in (canvas, box(cost), box(conquer)):
            assert top - 1 <= item["y"] and item["y"] + item["height"] <= bottom + 1, (
                item, top, bottom)
        page.screenshot(path=str(tmp_path / "phone-card.png"))
        conquer.tap()
        expect(page.get_by_text("Done:")).to_be_visible()
        after = box(page.locator("canvas").first)
        assert abs(after["y"] - canvas["y"]) < 2  # the map does not scroll away
        page.screenshot(path=str(tmp_path / "phone-conquered.png"))
        # "More" opens the rarer actions above the row; an action closes it again.
        more.tap()
        undo = page.get_by_role("button", name="↶ Undo…")
        expect(undo).to_be_visible()
        expect(page.get_by_role("button", name="Lobby", exact=True)).to_be_visible()
        expect(page.get_by_text("Last scores:")).to_be_visible()
        assert box(undo)["y"] < box(end)["y"]
        page.screenshot(path=str(tmp_path / "phone-more.png"))
        undo.tap()
        page.get_by_role("button", name="Yes, undo").tap()
        expect(page.get_by_role("button", name="Conquer r5", exact=True)).to_be_visible()
        expect(page.get_by_role("button", name="↶ Undo…")).to_be_hidden()
        light = box(page.locator(".sw-conn"))
        assert light["height"] >= 44 and light["width"] >= 44  # the connection dot
        # The lobby on the phone: the join code's field whole on the screen.
        page.get_by_role("button", name="☰ More", exact=True).tap()
        page.get_by_role("button", name="Lobby", exact=True).tap()
        field = page.get_by_placeholder("e.g. K7QX2M")
        app_tests.choose_table(page, None, "Table 9", touch=True)
        f = box(field)
        assert f["x"] >= 0 and f["x"] + f["width"] <= PHONE["viewport"]["width"], f
        any_code = box(page.get_by_placeholder("Join code of any game"))  # its words whole
        assert any_code["width"] >= 240 and any_code["x"] + any_code["width"] <= 390, any_code
        page.screenshot(path=str(tmp_path / "phone-lobby.png"))
    finally:
        ctx.close()


def test_tablet_bar_covers_neither_map_legend_nor_region_list(server, browser, db_url,
                                                              tmp_path):
    gid, code = second_turn(db_url)
    ctx, page = opened(browser, server, gid, code, TABLET)
    try:
        bar = box(page.locator(".sw-bar"))
        page.screenshot(path=str(tmp_path / "tablet-start.png"))
        assert bar["y"] + bar["height"] >= TABLET["viewport"]["height"] - 1
        undo = page.get_by_role("button", name="↶ Undo…")
        end = page.get_by_role("button", name="End the turn", exact=True)
        expect(undo).to_be_visible()  # every action in the bar's one row on a tablet
        expect(page.get_by_role("button", name="☰ More", exact=True)).to_be_hidden()
        assert abs(box(undo)["y"] - box(end)["y"]) < 2
        legend = page.locator(".sw-legend >> visible=true").first
        region_list = page.locator("select").first
        for what in (page.locator("canvas").first, legend, region_list):
            b = box(what)
            assert b["y"] + b["height"] <= bar["y"] + 1, (what, b, bar)
        tap_region(page, "r5")
        conquer = page.get_by_role("button", name="Conquer r5", exact=True)
        expect(conquer).to_be_visible()
        assert box(conquer)["y"] + box(conquer)["height"] <= bar["y"] + 1
        page.screenshot(path=str(tmp_path / "tablet-card.png"))
        for heading in page.locator(".sw-mod > summary >> visible=true").all():
            assert box(heading)["height"] >= 44  # a module's heading is a target too
        # Offline, the light's words are longest: the header keeps one row, nothing overlaps.
        page.locator(".sw-conn").evaluate(
            "el => { el.className = 'sw-conn offline'; el.textContent = '✕ Offline: retrying' }")
        header = box(page.locator("#header"))
        assert header["height"] <= 70, header
        items = [box(page.locator(sel).first) for sel in (
            ".app-header a.title", ".sw-conn", "a.sw-rules", ".sw-langs")]
        items.append(box(page.get_by_role("button", name="Join code")))
        items.sort(key=lambda b: b["x"])
        for a, b in pairwise(items):
            assert a["x"] + a["width"] <= b["x"] + 1, (a, b)  # side by side, no overlap
        assert items[-1]["x"] + items[-1]["width"] <= TABLET["viewport"]["width"]
        page.screenshot(path=str(tmp_path / "tablet-offline.png"))
    finally:
        ctx.close()


def test_a_checkboxs_words_toggle_it(server, browser, tmp_path):
    """Review defect 10 (a decline went unrecorded on the sheet): a tap on a checkbox's words
    toggles it, on a phone; the box people see is drawn, and shows the state."""
    from dashboards.newgame import EXPANSIONS

    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    try:
        page.goto(server.url + "?page=new")
        words = page.locator(".bk-label", has_text="Cursed!")
        expect(words).to_be_visible()
        box_of = page.locator("input[type=checkbox]").nth(EXPANSIONS.index("cursed"))
        expect(box_of).not_to_be_checked()
        b = box(words)
        page.touchscreen.tap(b["x"] + b["width"] * 0.7, b["y"] + b["height"] / 2)
        expect(box_of).to_be_checked()
        assert words.evaluate("el => getComputedStyle(el, '::before').content") == '"✓"'
        page.screenshot(path=str(tmp_path / "phone-checkbox.png"))
        page.touchscreen.tap(b["x"] + b["width"] * 0.7, b["y"] + b["height"] / 2)
        expect(box_of).not_to_be_checked()
    finally:
        ctx.close()
