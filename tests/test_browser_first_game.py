"""Your first game in a real browser: `panel serve dashboards/app.py dashboards/first-game.py`
(as `make serve` does), Debian's chromium through Playwright. The learner opens the page from
the lobby's link, picks a combo, taps a highlighted region, conquers it, ends the turn, and the
bot's turn follows by itself."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import free_port

pytest.importorskip("playwright")
from playwright.sync_api import expect, sync_playwright  # noqa: E402

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

if not os.path.exists(CHROMIUM):  # pragma: no cover
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)",
                allow_module_level=True)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Both pages on a free port, with their own (empty) tables database."""
    port = free_port()
    db = tmp_path_factory.mktemp("fg") / "app.sqlite"
    panel = Path(sys.executable).with_name("panel")
    proc = subprocess.Popen(
        [str(panel), "serve", str(ROOT / "dashboards" / "app.py"),
         str(ROOT / "dashboards" / "first-game.py"), "--index", "app", "--port", str(port),
         "--address", "127.0.0.1", f"--allow-websocket-origin=127.0.0.1:{port}"],
        env={**os.environ, "SW_DATABASE_URL": f"sqlite:///{db}"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("panel serve did not start") from None
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait(timeout=20)


@pytest.fixture
def page():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        ctx.set_default_timeout(30_000)
        yield ctx.new_page()
        browser.close()


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
    region.select_option(label="r1 · sea")
    expect(page.get_by_text("Not allowed").first).to_be_visible()
    # A border region: its cost with the breakdown, and its conquest.
    region.select_option(label="r2 · farmland · magic")
    expect(page.get_by_text(re.compile(r"Cost \d+ tokens? \(")).first).to_be_visible()
    page.get_by_role("button", name="Conquer r2").click()
    expect(page.get_by_text(re.compile("r2 ×|Held by: Learner"))).to_have_count(1)
    page.get_by_role("button", name="End the turn").click()
    confirm = page.get_by_role("button", name=re.compile("^Confirm"))
    turn2 = page.get_by_text("Turn 2 of 10")
    expect(confirm.or_(turn2).first).to_be_visible()
    if confirm.count():
        confirm.click()
    # The bot plays its turn by itself (one action at a time), then it is the learner's turn 2.
    expect(page.get_by_text("Turn 2 of 10")).to_be_visible(timeout=60_000)
    expect(page.locator(".sw-top").get_by_text("To play:")).to_be_visible()
    expect(page.locator(".sw-top .sw-chip, .sw-top span").get_by_text("Learner", exact=True).first).to_be_visible()
    page.get_by_role("button", name="↶ Undo…").click()
    page.get_by_role("button", name="Yes, undo").click()
    expect(page.get_by_text("Turn 1 of 10")).to_be_visible()  # back to the learner's turn 1
    expect(page.get_by_role("button", name="End the turn")).to_be_visible()
