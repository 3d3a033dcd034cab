"""Never lose a table, for real (issue 18, review T2, T3), in Debian's chromium: pages older than
the session token's lifetime come back by themselves after a server restart and after a network
drop, to the same game and the card that was open, without a code; a restart costs one session
per open page (the retries ask /sw-alive, which builds none); and no page, phone or tablet,
before or after a reconnection, asks any host but the server.

The token lifetime is made short here (`--session-token-expiration`); `make serve` uses a week.
Uses the server, browser and game helpers of tests/test_browser_app.py."""

# ruff: noqa: F811  (the fixtures of test_browser_app.py are imported, then used by name)
from __future__ import annotations

import json
import os
import re
import time
import urllib.request

import pytest
from conftest import WAIT_MS
from playwright.sync_api import expect
from served import local_context
from test_browser_app import (  # noqa: F401  (fixtures)
    Server,
    browser,
    db_url,
    known_game,
    rows,
)
from test_browser_reconnect import Relay

pytestmark = pytest.mark.browser

#: The session token's lifetime here, in s (Bokeh's default: 300): longer than a page's load on a
#: loaded machine, since the page's first websocket needs a valid token too.
TOKEN_S = 45
PHONE, TABLET = {"width": 390, "height": 844}, {"width": 1024, "height": 768}
#: Tables (two pages each) open through the restart; $SW_RESTART_TABLES=10 measures the review's
#: 20 pages (BENCHMARKS.md), too long for every run.
TABLES = int(os.environ.get("SW_RESTART_TABLES", "4"))


def alive(server: Server) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/sw-alive", timeout=30) as r:
        return json.loads(r.read())


def open_card(page, rid: str) -> None:
    """Open a region's card with the region list under the map (on a phone the map may have
    scrolled under the header, where a tap on the canvas would miss)."""
    pick = page.get_by_label("Region (or tap the map)")
    label = pick.locator("option", has_text=re.compile(rf"^{rid} ·")).first.text_content()
    pick.select_option(label=label)


def outlive_the_token(loaded: float) -> None:
    """Wait (on purpose: it is the test's subject) until the page's token has expired."""
    time.sleep(max(0.0, loaded + TOKEN_S + 3 - time.monotonic()))


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_a_page_older_than_its_token_comes_back_after_a_restart_with_its_card(db_url, browser,
                                                                              viewport):
    gid, code = known_game(db_url)
    server = Server(db_url, token_lifetime=TOKEN_S)
    server.start()
    ctx, outside = local_context(browser, viewport, f"127.0.0.1:{server.port}")
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}?game={gid}&code={code}")
        loaded = time.monotonic()
        expect(page.get_by_text("To play:")).to_be_visible()
        page.get_by_role("button", name="Pick").first.click()
        expect(page.get_by_text("plays Ratmen")).to_be_visible()
        open_card(page, "r4")
        expect(page.get_by_text("Cost 2 tokens")).to_be_visible()
        page.wait_for_url("**region=r4**")  # the address names the open card
        outlive_the_token(loaded)
        server.kill()
        expect(page.locator(".sw-conn")).to_have_attribute("data-state", "reconnecting")
        time.sleep(2)  # the server stays down a little
        server.start()
        expect(page.locator(".sw-conn")).to_have_text("● Connected")
        expect(page.get_by_text("plays Ratmen")).to_be_visible()  # the same game
        expect(page.get_by_text("Cost 2 tokens")).to_be_visible()  # the same card
        expect(page.get_by_placeholder("e.g. K7QX2M")).to_have_count(0)  # never asked a code
        assert alive(server)["sessions"] == 1  # one session: the page's reload, no retry's
        page.get_by_role("button", name="Conquer r4", exact=True).click()
        expect(page.get_by_text("Done:")).to_be_visible()
        assert [r.action["do"] for r in rows(db_url, gid)] == ["pick", "conquer"]
    finally:
        ctx.close()
        server.kill()
    assert outside == []  # nothing from another host, before or after the reconnection


def test_a_network_drop_on_a_page_older_than_its_token_reloads_to_the_same_game(db_url,
                                                                                browser):
    """The server survives; the page's websocket cannot reconnect in place (its token has
    expired), so /sw-alive tells it to reload: the same game and card come back."""
    gid, code = known_game(db_url)
    server = Server(db_url, token_lifetime=TOKEN_S)
    relay = Relay(server.port)
    server.args.append(f"--allow-websocket-origin=127.0.0.1:{relay.port}")
    server.start()
    ctx, outside = local_context(browser, TABLET, f"127.0.0.1:{relay.port}")
    try:
        page = ctx.new_page()
        page.goto(f"http://127.0.0.1:{relay.port}/app?game={gid}&code={code}")
        loaded = time.monotonic()
        expect(page.get_by_text("To play:")).to_be_visible()
        page.get_by_role("button", name="Pick").first.click()
        open_card(page, "r4")
        expect(page.get_by_text("Cost 2 tokens")).to_be_visible()
        page.wait_for_url("**region=r4**")
        outlive_the_token(loaded)
        relay.cut()
        expect(page.locator(".sw-conn")).to_have_attribute("data-state", "reconnecting")
        time.sleep(2)
        relay.up = True
        expect(page.locator(".sw-conn")).to_have_text("● Connected")
        expect(page.get_by_text("plays Ratmen")).to_be_visible()
        expect(page.get_by_text("Cost 2 tokens")).to_be_visible()
        expect(page.get_by_placeholder("e.g. K7QX2M")).to_have_count(0)
    finally:
        ctx.close()
        relay.close()
        server.kill()
    assert outside == []


def test_a_restart_with_many_pages_open_costs_one_session_each_handed_out_in_turn(db_url,
                                                                                browser):
    """Eight pages left open (TABLES: four tables, two devices each) through a restart: each comes
    back to its game, the server builds exactly one session per page (the retries cost none), and
    the reloads are handed out one after another (RELOAD_GAP apart), not all at once.

    Bokeh discards a session nobody connected to within `--unused-session-lifetime` (15 s) and
    builds another when the page's websocket comes later: on a loaded machine a page's own
    scripts can take longer than that, so the test gives them 2 minutes."""
    from dashboards.alive import RELOAD_GAP

    games = [known_game(db_url, f"Table {k}") for k in range(TABLES)]
    server = Server(db_url)
    server.args.append("--unused-session-lifetime=120000")
    server.start()
    ctx, outside = local_context(browser, TABLET, f"127.0.0.1:{server.port}")
    try:
        pages, consoles = [], []
        for gid, code in games * 2:
            p = ctx.new_page()
            consoles.append(log := [])
            p.on("console", lambda m, log=log: log.append(f"{m.type}: {m.text}"))
            p.on("pageerror", lambda e, log=log: log.append(f"pageerror: {e}"))
            p.goto(f"{server.url}?game={gid}&code={code}")
            pages.append(p)
        for p in pages:
            expect(p.get_by_text("To play:")).to_be_visible()
        server.kill()
        for k, p in enumerate(pages):  # reconnecting, or already offline after its retries
            p.bring_to_front()  # each page stands for a device showing it, not a hidden tab
            try:
                expect(p.locator(".sw-conn")).to_have_attribute("data-state",
                                                                re.compile("reconnecting|offline"))
            except AssertionError as e:
                raise AssertionError(f"page {k} of {len(pages)} still says connected; its "
                                     f"console: {consoles[k][-30:]}") from e
        server.start()
        restarted = time.monotonic()
        for p, (gid, _) in zip(pages, games * 2, strict=True):  # 8 sessions built in turn:
            p.bring_to_front()
            expect(p.locator(".sw-conn")).to_have_text("● Connected", timeout=3 * WAIT_MS)
            expect(p.get_by_text(f"Table {[g for g, _ in games].index(gid)}").first
                   ).to_be_visible()
        assert alive(server)["sessions"] == len(pages)
        took = time.monotonic() - restarted
        print(f"{len(pages)} pages back {took:.1f} s after the restart, "
              f"{alive(server)['sessions']} sessions built")
        assert took >= (len(pages) - 1) * RELOAD_GAP  # in turn, not all at once
    finally:
        ctx.close()
        server.kill()
    assert outside == []
