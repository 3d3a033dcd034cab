# ruff: noqa: F811  (the shared browser fixture is imported, then used by name)
"""Browser test of the expansions from the new-game form (issue 10, "Everywhere a user meets
them"): Cursed! and Leaders ticked on the form, the game opened, the module panel showing the
Leaders' state, and the first pick made with a Leader."""

from __future__ import annotations

import re

import pytest
from conftest import WAIT_MS

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402
from test_browser_app import (
    Server,  # noqa: E402
    browser,  # noqa: E402, F401  (one chromium per module)
)

from dashboards.newgame import EXPANSIONS  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'app.sqlite'}")
    srv.start()
    yield srv
    srv.kill()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(WAIT_MS)
    yield ctx.new_page()
    ctx.close()


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
    page.get_by_role("button", name="With the Leader").first.click(timeout=WAIT_MS)
    expect(page.locator(".sw-mod", has_text="Leaders")).to_contain_text(
        re.compile(r"Leader\s*in hand"))


def test_the_necromancers_turn_a_purchase_and_a_ghost_rising(server, page):
    """Issue 11, the tutorial's first game (tests/scenarios/tutorial/necromancer/souls.yaml):
    bob's turn, entered by another device, ends with 5 souls in the Well: the screen says a
    Ghost rose on the Island (X-NEC-11). On the Necromancer's turn his card gives the price,
    1 power + 2 Ghosts = 3 (X-NEC-12, A-NEC-03); he buys a Ghost (the price becomes 4), takes
    r7 and r3 from the Lake's shore (X-NEC-13) and ends his turn: 1 soul + r7's Lost Tribe + 2
    souls for his regions (X-NEC-14) make 4, and another Ghost rises."""
    from test_expansions_app import NEC_GAME, ROUND_1, play

    from dashboards.session import TableSession, create_game
    from dashboards.store import Store

    store = Store(server.db_url)
    gid, code = create_game(store, "Nec table", ["Ann", "Bob", "Cy"], **NEC_GAME)
    other = TableSession.open(store, gid, code)
    play(other, ROUND_1[:-1])
    page.goto(f"{server.url}?game={gid}&code={code}")
    expect(page.locator(".sw-top")).to_contain_text("To play: Bob")
    play(other, ROUND_1[-1:])  # bob ends his turn on the other device
    store.dispose()
    notice = page.locator(".sw-card", has_text="Just now:")
    expect(notice).to_contain_text("a new Ghost rises on the Island")
    card = page.locator(".sw-card", has_text="Each purchase costs").first
    expect(card).to_contain_text("3 coins (powers owned: 1 + Ghosts on the map and the Island: 2")
    expect(card.get_by_role("row", name="Ghosts left in his reserve 12")).to_be_visible()
    page.get_by_role("button", name="Buy…", exact=True).click()
    what = page.locator("select", has=page.locator("option", has_text="Underworld"))
    expect(what).to_have_value("a Ghost")  # the engine's first option: a Ghost (review table.md 9)
    page.get_by_role("button", name="Buy a Ghost", exact=True).click()
    expect(card).to_contain_text("4 coins (powers owned: 1 + Ghosts on the map and the Island: 3")
    expect(card).to_contain_text("no purchase he can pay for at this price (A-NEC-03)")
    expect(notice).to_have_count(0)  # shown until the next change only
    regions = page.locator("select", has=page.locator("option", has_text="r7 · "))
    for rid in ("r7", "r3"):
        text = regions.locator("option", has_text=re.compile(rf"^{rid} · ")).inner_text()
        regions.select_option(label=text)
        page.get_by_role("button", name=f"Conquer {rid}", exact=True).click()
        expect(page.get_by_text("Held by:").first).to_contain_text("Ghosts")
    page.get_by_role("button", name="End the turn", exact=True).click()
    page.get_by_role("button", name="Confirm: End the turn", exact=True).click()
    expect(page.locator(".sw-top")).to_contain_text("To play: Ann")
    expect(notice).to_contain_text("a new Ghost rises on the Island")
    expect(page.locator(".sw-mod", has_text="Necromancer Island")).to_contain_text(
        re.compile(r"Ghosts in his reserve\s*10"))


def test_the_priestesses_decline_asks_where_the_ivory_tower_goes(server, page):
    """Review table.md 1 (the blocker), X-GD-PRI-1, A-GD-03 (any region held): Ann's
    Priestesses hold r2, r3 and r4. "Go into decline…" offers the Tower in each; a tap on r4 on
    the map puts that choice first; confirming it stores the decline alone (no redeployment
    before it, which B-DECL-1 refused, leaving the player with no token) and the module panel
    shows the Tower in r4 with the 3 Priestesses."""
    from test_browser_app import tap
    from test_expansions_app import TOWER_GAME, TOWER_ROUND_1, play

    from dashboards.session import TableSession, create_game
    from dashboards.store import Store

    store = Store(server.db_url)
    gid, code = create_game(store, "Tower table", ["Ann", "Bob", "Cy"], **TOWER_GAME)
    play(TableSession.open(store, gid, code), TOWER_ROUND_1)
    page.goto(f"{server.url}?game={gid}&code={code}")
    expect(page.locator(".sw-top")).to_contain_text("To play: Ann")
    page.get_by_role("button", name="Go into decline…", exact=True).click()
    confirm = {rid: page.get_by_role(
        "button", name=f"Confirm: Go into decline (the Ivory Tower in {rid})", exact=True)
        for rid in ("r2", "r3", "r4")}
    for button in confirm.values():
        expect(button).to_be_visible()
    expect(page.get_by_text("tap its region on the map")).to_be_visible()
    tap(page, "r4")
    expect(page.get_by_text("Region r4")).to_be_visible()  # the same update reorders the row:
    a, b = confirm["r4"].bounding_box(), confirm["r2"].bounding_box()  # r4's choice first
    assert (a["y"], a["x"]) < (b["y"], b["x"])
    confirm["r4"].click()
    expect(page.get_by_role("button", name="End the turn", exact=True)).to_be_visible()
    expect(page.locator(".sw-mod", has_text="Grand Dames")).to_contain_text(
        re.compile(r"in r4 \(Ann\): 3 Priestesses"))
    rows = store.rows(gid)
    store.dispose()
    assert rows[-1].action == {"by": "Ann", "do": "decline", "tower": "r4"}
    assert [r.action["do"] for r in rows[len(TOWER_ROUND_1):]] == ["decline"]


def test_X_NEC_5_the_necromancer_chooses_his_first_power_from_the_form(server, page):
    """X-NEC-5: a Necromancer game made on the form starts with his choice: the screen waits
    for Cy, offers his 6 drawn powers, and the one chosen is his (the module panel's "His
    powers") while play passes to Ann."""
    page.goto(server.url)
    page.get_by_role("button", name="New game").click()
    page.get_by_placeholder("e.g. Table 3").fill("Necromancer table")
    page.locator("input[type=checkbox]").nth(EXPANSIONS.index("necromancer")).check()
    page.get_by_role("button", name="3", exact=True).click()
    for seat, name in enumerate(("Ann", "Bob", "Cy"), start=1):
        page.get_by_placeholder(f"Seat {seat} name").fill(name)
    page.get_by_role("button", name="Create the game").click()
    page.get_by_role("button", name="Open the game").click()
    expect(page.locator(".sw-top")).to_contain_text("To play: Cy", timeout=60_000)
    expect(page.get_by_text("Choose his first power").first).to_be_visible(timeout=30_000)
    button = page.get_by_role("button", name=re.compile(r"^Choose his first power: "))
    chosen = button.inner_text().split(": ", 1)[1]
    button.click()
    expect(page.locator(".sw-top")).to_contain_text("To play: Ann", timeout=30_000)
    expect(page.locator(".sw-mod", has_text="Necromancer Island")).to_contain_text(
        re.compile(rf"His powers\s*{re.escape(chosen)}"), timeout=30_000)
