# ruff: noqa: F811  (the shared browser fixture is imported, then used by name)
"""Your first game in a real browser: `panel serve dashboards/app.py dashboards/first-game.py`
(as `make serve` does), Debian's chromium through Playwright. The learner opens the page from
the lobby's link, picks a combo, taps a highlighted region, conquers it, ends the turn, and the
bot's turn follows by itself."""

from __future__ import annotations

import os
import re
import time

import pytest
from conftest import WAIT_MS
from served import CHROMIUM, Server, local_context

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402
from test_browser_app import browser  # noqa: E402, F401  (one chromium per module)

pytestmark = pytest.mark.browser


if not os.path.exists(CHROMIUM):  # pragma: no cover
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)",
                allow_module_level=True)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Both pages on a free port, with their own (empty) tables database."""
    db = tmp_path_factory.mktemp("fg") / "app.sqlite"
    srv = Server(f"sqlite:///{db}", pages=("app.py", "first-game.py"))
    srv.start()
    yield srv.base
    srv.kill()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(WAIT_MS)
    yield ctx.new_page()
    ctx.close()


def test_lobby_links_to_the_first_game(served, page):
    page.goto(f"{served}/app")
    link = page.get_by_role("link", name="Play your first game")
    expect(link).to_have_attribute("href", "/first-game")
    link.click()
    expect(page.get_by_text("Your first game").first).to_be_visible()


def test_learner_plays_the_first_moves_and_the_bot_answers(served, page):
    page.goto(f"{served}/first-game?lesson=free")  # free play (no scripted first turn)
    expect(page.get_by_text("Turn 1 of 10")).to_be_visible()
    expect(page.get_by_role("link", name="B-COMBO-2").first).to_have_attribute(
        "href", "/tutorial/rules/base-game.html#B-COMBO-2")
    page.get_by_role("button", name="Pick").first.click()
    expect(page.get_by_text(re.compile(r"tokens to conquer with"))).to_be_visible(timeout=60_000)
    # A region that cannot be taken now (the sea in the corner): refused, with its rule.
    region = page.get_by_role("combobox", name="Region (or tap the map)")
    region.select_option(label="r1 · Sea")
    expect(page.get_by_text("Not allowed").first).to_be_visible()
    # A border region: its cost with the breakdown, and its conquest.
    region.select_option(label="r2 · Farmland · Magic Source")
    expect(page.get_by_text(re.compile(r"Cost \d+ tokens? \(")).first).to_be_visible()
    page.get_by_role("button", name="Conquer r2").click()
    expect(page.get_by_text(re.compile("r2 ×|Held by: Learner"))).to_have_count(1)
    # No dead button after the conquest (review 2026-11-27: "Conquer r2" stayed, and a tap
    # on it said the screen had changed, again and again): what happened, no cost, no button.
    expect(page.get_by_text("Done:")).to_be_visible()
    expect(page.get_by_role("button", name="Conquer r2")).to_be_hidden()
    region.select_option(label="r1 · Sea")
    region.select_option(label="r2 · Farmland · Magic Source")
    expect(page.get_by_text("Held by:").first).to_be_visible()
    expect(page.get_by_text(re.compile(r"Cost \d+ tokens? \("))).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Die: "))).to_have_count(0)
    page.get_by_role("button", name="End the turn").click()
    confirm = page.get_by_role("button", name=re.compile("^Confirm"))
    turn2 = page.get_by_text("Turn 2 of 10")
    expect(confirm.or_(turn2).first).to_be_visible()
    if confirm.count():
        confirm.click()
    # During the bot's turn nothing looks playable: seen while the coach says the bot plays
    # (checked again after the look, so that the look fell inside the bot's turn).
    playing = page.get_by_text(re.compile("Planner bot is playing"))
    live = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not turn2.is_visible():
        if playing.first.is_visible():
            seen = (page.get_by_role("button", name="End the turn").is_visible()
                    or page.get_by_text("Tap a region on the map").first.is_visible())
            if playing.first.is_visible():
                live.append(seen)
    assert live and not any(live), live
    # The bot plays its turn by itself (one action at a time), then it is the learner's turn 2.
    expect(page.get_by_text("Turn 2 of 10")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".sw-top").get_by_text("To play:")).to_be_visible()
    expect(page.locator(".sw-top .sw-chip, .sw-top span").get_by_text("Learner", exact=True).first).to_be_visible()
    page.get_by_role("button", name="↶ Undo…").click()
    page.get_by_role("button", name="Yes, undo").click()
    expect(page.get_by_text("Turn 1 of 10")).to_be_visible()  # back to the learner's turn 1
    expect(page.get_by_role("button", name="End the turn")).to_be_visible()


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1024, "height": 768}],
                         ids=["phone", "tablet"])
def test_the_first_game_page_loads_nothing_from_outside(served, viewport, browser):
    """Issue 18 (review T3: Google Fonts on /first-game): any request to another host fails and
    is recorded, on a phone and a tablet, through a pick and a region's card."""
    host = served.split("/")[2]
    ctx, outside = local_context(browser, viewport, host)
    try:
        page = ctx.new_page()
        page.goto(f"{served}/first-game")
        expect(page.get_by_text("Turn 1 of 10")).to_be_visible()
        page.get_by_role("button", name="Pick").first.click()
        page.get_by_role("combobox", name="Region (or tap the map)").select_option(
            label="r2 · Farmland · Magic Source")
        expect(page.get_by_role("button", name="Conquer r2")).to_be_visible()
    finally:
        ctx.close()
    assert outside == []
