"""Browser test of the expansions from the new-game form (issue 10, "Everywhere a user meets
them"): Cursed! and Leaders ticked on the form, the game opened, the module panel showing the
Leaders' state, and the first pick made with a Leader."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect, sync_playwright  # noqa: E402
from test_browser_app import ARGS, CHROMIUM, Server  # noqa: E402

from dashboards.newgame import EXPANSIONS  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'app.sqlite'}")
    srv.start()
    yield srv
    srv.kill()


@pytest.fixture
def page():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ctx = b.new_context(viewport={"width": 1280, "height": 900})
        ctx.set_default_timeout(20_000)
        yield ctx.new_page()
        b.close()


def create_cursed_and_leaders(page, server: Server) -> None:
    page.goto(server.url)
    page.get_by_role("button", name="New game").click()
    page.get_by_placeholder("e.g. Table 3").fill("Cursed table")
    boxes = page.locator("input[type=checkbox]")  # the expansions' come first, in module order
    for module in ("cursed", "leaders"):
        boxes.nth(EXPANSIONS.index(module)).check()
    page.get_by_role("button", name="2", exact=True).click()
    page.get_by_placeholder("Seat 1 name").fill("Ann")
    page.get_by_placeholder("Seat 2 name").fill("Bob")
    page.get_by_role("button", name="Create the game").click()
    page.get_by_role("button", name="Open the game").click()
    expect(page.get_by_text("To play:")).to_be_visible()


def test_a_game_with_cursed_and_leaders_from_the_form(server, page):
    create_cursed_and_leaders(page, server)
    panel = page.locator(".sw-mod", has_text="Leaders")
    expect(panel).to_contain_text("Captive Leaders held by Ann")
    page.get_by_role("button", name="Pick").first.click()
    expect(page.get_by_text("What happened")).to_be_visible()
    expect(panel).to_contain_text("Captive Leaders held by Bob")


def test_the_first_pick_with_a_leader(server, page):
    """X-LEAD-1: the column offers each combo with its Leader beside the plain pick."""
    create_cursed_and_leaders(page, server)
    page.get_by_role("button", name="With the Leader").first.click(timeout=5_000)
    expect(page.locator(".sw-mod", has_text="Leaders")).to_contain_text(
        re.compile(r"Leader\s*in hand"))
