# ruff: noqa: F811
"""Issue 12 in a real browser (Debian's chromium): the app mirrors the table and never
invents, a region's tokens are corrected and undone, and nothing is loaded from outside."""

from __future__ import annotations

import pytest
from test_browser_app import (  # noqa: F401  (fixtures)
    Server,
    browser,
    db_url,
    known_game,
    open_game,
    page,
    rows,
    server,
    tap,
)

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402

pytestmark = pytest.mark.browser


def test_end_of_turn_is_a_proposal_nothing_moves_without_confirmation(server, page, db_url):
    gid, code = known_game(db_url)
    open_game(page, server, "Table 9", code)
    page.get_by_role("button", name="Pick").first.click()  # Ratmen / Hill: 12 tokens
    tap(page, "r4")
    page.get_by_role("button", name="Conquer r4", exact=True).click()
    expect(page.get_by_text("Done:")).to_be_visible()  # the outcome, on the card
    page.get_by_role("button", name="End the turn", exact=True).click()
    expect(page.get_by_text("Before the turn ends")).to_be_visible()
    expect(page.get_by_text("Placed 12 of 12")).to_be_visible()  # the engine's default
    assert [r.action["do"] for r in rows(db_url, gid)] == ["pick", "conquer"]  # nothing sent
    page.get_by_role("button", name="Cancel", exact=True).click()
    expect(page.get_by_text("Before the turn ends")).to_be_hidden()
    page.get_by_role("button", name="End the turn", exact=True).click()
    page.get_by_role("button", name="Confirm: End the turn", exact=True).click()
    expect(page.locator(".sw-top")).to_contain_text("To play: Bob")
    log = [r.action for r in rows(db_url, gid)]
    assert log[-2:] == [{"by": "Ann", "do": "redeploy", "tokens": {"r4": 12}},
                        {"by": "Ann", "do": "end_turn"}]
    expect(page.get_by_text("Last scores")).to_contain_text("+1")  # B-SCORE-1, always shown


def test_B_DEF_8_tokens_of_a_region_corrected_then_undone(server, page, db_url):
    gid, code = known_game(db_url)
    open_game(page, server, "Table 9", code)
    page.get_by_role("button", name="Pick").first.click()
    tap(page, "r4")
    page.get_by_role("button", name="Conquer r4", exact=True).click()
    expect(page.get_by_text("Held by:").first).to_contain_text("Ratmen × 2")
    page.get_by_role("button", name="Correct tokens…").click()
    page.get_by_role("button", name="+", exact=True).last.click()  # tokens from the tray? none
    page.get_by_role("button", name="−", exact=True).last.click()
    page.get_by_role("button", name="−", exact=True).last.click()
    page.get_by_role("button", name="Correct r4 to 1 token").click()
    expect(page.get_by_text("Held by:").first).to_contain_text("Ratmen × 1")
    assert rows(db_url, gid)[-1].action == {"by": "Ann", "do": "correct", "region": "r4",
                                            "count": 1}
    page.get_by_role("button", name="↶ Undo…").click()
    expect(page.get_by_text("Undo — are you sure?")).to_be_in_viewport()  # in the fixed bar
    page.get_by_role("button", name="Yes, undo").click()
    tap(page, "r4")
    expect(page.get_by_text("Held by:").first).to_contain_text("Ratmen × 2")
    assert rows(db_url, gid)[-1].kind == "undo"


def test_nothing_is_loaded_from_outside_the_server(server, browser, db_url):
    """Every request of the lobby and of a turn is routed: any host but the server fails."""
    _, code = known_game(db_url)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(20_000)
    outside: list[str] = []

    def route(r):
        host = r.request.url.split("/")[2] if "://" in r.request.url else ""
        if host == f"127.0.0.1:{server.port}":
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    ctx.route("**/*", route)
    page = ctx.new_page()
    try:
        open_game(page, server, "Table 9", code)
        page.get_by_role("button", name="Pick").first.click()
        tap(page, "r4")
        page.get_by_role("button", name="Conquer r4", exact=True).click()
        expect(page.get_by_text("Done:")).to_be_visible()
        page.reload()
        expect(page.locator("canvas").first).to_be_visible()
    finally:
        ctx.close()
    assert outside == []
