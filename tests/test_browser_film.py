"""The game's film, the club's statistics and the advice in a real browser (issue 24), on a
phone (390x844) and a tablet (1024x768), in English and French: `panel serve` of the app's
pages (as `make serve` does) on a database holding a finished 4-player game with modules."""

from __future__ import annotations

import os
import re

import pytest
from conftest import WAIT_MS
from served import ARGS, CHROMIUM, Server

pytest.importorskip("playwright")
from playwright.sync_api import expect, sync_playwright  # noqa: E402

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "tablet": (1024, 768)}
CODE = "FILM22"
PASSWORD = "club-secret-1"

if not os.path.exists(CHROMIUM):  # pragma: no cover
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)",
                allow_module_level=True)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from dashboards.hostpass import set_password
    from dashboards.session import create_game
    from dashboards.store import Store
    from swcore import Game
    from swcore.bots import PlannerBot, play

    db = tmp_path_factory.mktemp("film") / "app.sqlite"
    store = Store(f"sqlite:///{db}")
    mods = ["cursed", "leaders"]
    game = Game.new("base-4p", ["Ann", "Bob", "Cleo", "Dan"], seed=5, expansions=mods)
    play(game, PlannerBot(5))
    gid, _ = create_game(store, "Thursday club", ["Ann", "Bob", "Cleo", "Dan"], board="base-4p",
                         seed=5, expansions=mods, code=CODE)
    for seq, entry in enumerate(game.log, 1):
        store.append(gid, seq, "act", entry)
    set_password(store, PASSWORD)
    create_game(store, "Live table", ["Eve", "Fay"], board="base-2p", seed=2, code="LIVE22")
    store.dispose()
    srv = Server(f"sqlite:///{db}", pages=("app.py", "first-game.py", "game-film.py",
                                           "club-stats.py"))
    srv.start()
    yield srv.base, gid, len(game.log)
    srv.kill()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _page(browser, size):
    w, h = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": h})
    ctx.set_default_timeout(WAIT_MS)
    return ctx, ctx.new_page()


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("tablet", "fr")])
def test_the_film_steps_through_the_game(served, browser, size, lang):
    """B-FLOW-1: the film shows the set-up, then each action in the log's order; the buttons and
    the arrow keys step one action, Last goes to the end (the game's final standings), and
    stepping back shows the earlier position again."""
    url, gid, n = served
    of = {"en": "Action {k} of {n}", "fr": "Action {k} sur {n}"}[lang]
    ctx, page = _page(browser, size)
    try:
        page.goto(f"{url}/game-film?game={gid}&code={CODE}&lang={lang}")
        expect(page.get_by_text(of.format(k=0, n=n))).to_be_visible()
        page.get_by_role("button", name="▶", exact=True).click()
        expect(page.get_by_text(of.format(k=1, n=n))).to_be_visible()
        expect(page.get_by_text(re.compile(r"Ann (picks|prend)")).first).to_be_visible()
        page.keyboard.press("ArrowRight")
        expect(page.get_by_text(of.format(k=2, n=n))).to_be_visible()
        page.keyboard.press("ArrowLeft")
        expect(page.get_by_text(of.format(k=1, n=n))).to_be_visible()
        page.get_by_role("button", name="▶|").click()
        expect(page.get_by_text(of.format(k=n, n=n))).to_be_visible()
        page.get_by_role("button", name="|◀").click()
        expect(page.get_by_text(of.format(k=0, n=n))).to_be_visible()
        # The whole page fits the screen's width (nothing to scroll sideways).
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size][0] + 1
    finally:
        ctx.close()


def test_a_wrong_code_opens_no_film(served, browser):
    url, gid, _n = served
    ctx, page = _page(browser, "phone")
    try:
        page.goto(f"{url}/game-film?game={gid}&code=WRONG1")
        expect(page.get_by_role("alert")).to_be_visible()
        expect(page.get_by_text(re.compile(r"Action \d+ of"))).to_have_count(0)
    finally:
        ctx.close()


@pytest.mark.parametrize(("size", "lang"), [("tablet", "en"), ("phone", "fr")])
def test_the_club_page_opens_with_the_host_password_only(served, browser, size, lang):
    url, _gid, _n = served
    words = {"en": ("Open", "Wrong host password.", "League"),
             "fr": ("Ouvrir", "Mot de passe de l'hôte erroné.", "Classement")}[lang]
    ctx, page = _page(browser, size)
    try:
        page.goto(f"{url}/club-stats?lang={lang}")
        field = page.locator("input[type=password]")
        field.fill(CODE)  # a table's join code is not the host password
        page.get_by_role("button", name=words[0], exact=True).click()
        expect(page.get_by_text(words[1])).to_be_visible()
        field.fill(PASSWORD)
        page.get_by_role("button", name=words[0], exact=True).click()
        expect(page.get_by_role("heading", name=words[2])).to_be_visible()
        expect(page.get_by_role("cell", name="Cleo").first).to_be_visible()
    finally:
        ctx.close()


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("tablet", "fr")])
def test_the_first_game_explains_a_strong_move(served, browser, size, lang):
    url, _gid, _n = served
    ask, said = {"en": ("What would a strong player do?", "The planner would"),
                 "fr": ("Que jouerait un joueur expérimenté ?", "Le planificateur jouerait")}[lang]
    ctx, page = _page(browser, size)
    try:
        page.goto(f"{url}/first-game?lang={lang}&lesson=free")
        page.get_by_role("button", name=ask).click()
        advice = page.locator(".sw-advice")
        expect(advice).to_contain_text(said)
        expect(advice.locator("li").first).to_contain_text(re.compile(r"\d"))
    finally:
        ctx.close()


@pytest.mark.parametrize(("size", "lang"), [("tablet", "en"), ("phone", "fr")])
def test_at_a_table_the_advice_is_switched_on_for_the_table(served, browser, size, lang):
    """Off by default: no advice button until the table's box is ticked; then the planner's
    choice with its numbers, in the page's language."""
    url, _gid, _n = served
    ask, said = {"en": ("What would a strong player do?", "The planner would"),
                 "fr": ("Que jouerait un joueur expérimenté ?", "Le planificateur jouerait")}[lang]
    ctx, page = _page(browser, size)
    try:
        page.goto(f"{url}/app?lang={lang}")
        page.get_by_role("button", name="Live table").click()
        page.get_by_placeholder(re.compile("K7QX2M")).fill("LIVE22")
        page.get_by_role("button", name={"en": "Open", "fr": "Ouvrir"}[lang], exact=True).click()
        box = page.locator(".sw-advice-switch input[type=checkbox]")
        expect(box).not_to_be_checked()
        expect(page.get_by_role("button", name=ask)).to_be_hidden()
        box.click()
        page.get_by_role("button", name=ask).click()
        advice = page.locator(".sw-advice")
        expect(advice).to_contain_text(said)
        expect(advice.locator("li").first).to_contain_text(re.compile(r"\d"))
        box.click()  # off again, for the other device's test
        expect(page.get_by_role("button", name=ask)).to_be_hidden()
    finally:
        ctx.close()
