# ruff: noqa: F811  (the shared browser fixture is imported, then used by name)
"""The tutorial's lessons in a real browser (`panel serve dashboards/app.py
dashboards/first-game.py --static-dirs tutorial=...`, Debian's chromium through Playwright):
the scripted first turn played tap by tap (a wrong tap included), every chapter's exercise
opened from its link and made, a chapter's question answered on the static page, the search."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest
from served import CHROMIUM, ROOT, Server

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402
from test_browser_app import browser  # noqa: E402, F401  (one chromium per module)

from swcore.lessons import chapter_stem, lessons  # noqa: E402

pytestmark = pytest.mark.browser

LONG = 60_000

if not os.path.exists(CHROMIUM):  # pragma: no cover
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)",
                allow_module_level=True)


def site(folder: Path) -> None:
    """The static tutorial's extras without running the notebooks: each chapter page is the
    site's page around an empty chapter (its nav, its exercises and questions), the search."""
    spec = importlib.util.spec_from_file_location("render_tutorial", ROOT / "scripts" / "render_tutorial.py")
    rt = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rt)
    paths = sorted(rt.NOTEBOOKS.glob("*.ipynb"))
    for k, path in enumerate(paths):
        body = (f"<!doctype html><html><head><meta charset='utf-8'><title>{path.stem}</title></head>"
                f"<body><h1>{path.stem}</h1></body></html>")
        (folder / f"{path.stem}.html").write_text(rt.site_page(body, paths, k), encoding="utf-8")
    rt.render_search(folder)
    rt.render_aid(folder)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lessons")
    (tmp / "tutorial").mkdir()
    site(tmp / "tutorial")
    srv = Server(f"sqlite:///{tmp / 'app.sqlite'}", pages=("app.py", "first-game.py"),
                 static_dirs={"tutorial": tmp / "tutorial"})
    srv.start()
    yield srv.base
    srv.kill()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(30_000)
    ctx.set_default_navigation_timeout(120_000)  # a cold server on a busy machine
    yield ctx.new_page()
    ctx.close()


def step(page, k: int, n: int):
    expect(page.locator(".sw-lesson").get_by_text(f"Step {k} of {n}")).to_be_visible(timeout=LONG)


def choose_region(page, rid: str) -> None:
    region = page.get_by_role("combobox", name="Region (or tap the map)")
    label = next(t for t in region.locator("option").all_inner_texts() if t.startswith(f"{rid} ·"))
    region.select_option(label=label)


def tap_pointed(page) -> str:
    """Tap the button the step outlines (the first shown); its label."""
    pointed = page.locator(".sw-point button").filter(visible=True).first
    expect(pointed).to_be_visible(timeout=LONG)
    label = pointed.inner_text()
    pointed.click()
    return label


def test_scripted_first_turn_tap_by_tap_with_a_wrong_tap(served, page):
    """B-COMBO-2, B-CONQ-1, B-CONQ-2, B-FINAL-1, B-REDEP-1, B-SCORE-1: the first turn."""
    page.goto(f"{served}/first-game")
    step(page, 1, 9)
    expect(page.locator(".sw-point button")).to_have_text("Pick")
    # A wrong tap: the third row's Pick (it would cost 2 coins): refused, explained.
    page.get_by_role("button", name="Pick").nth(2).click()
    expect(page.get_by_text(re.compile("take the top row, which is free")).first).to_be_visible()
    step(page, 1, 9)
    tap_pointed(page)
    step(page, 2, 9)
    expect(page.get_by_text("You have 10 Elves to conquer with.")).to_be_visible()
    for k, rid in ((2, "r5"), (3, "r4"), (4, "r11")):
        choose_region(page, rid)
        expect(page.locator(".sw-point button")).to_have_text(f"Conquer {rid}")
        tap_pointed(page)
        step(page, k + 1, 9)
    choose_region(page, "r16")
    expect(page.locator(".sw-point button").first).to_be_visible()
    tap_pointed(page)  # the die (it shows 2 in this lesson): r16 is taken
    step(page, 6, 9)
    assert tap_pointed(page) == "End the turn"
    pointed = page.locator(".sw-point button").filter(visible=True).first
    expect(pointed).to_have_text("Confirm: End the turn", timeout=LONG)
    tap_pointed(page)
    step(page, 7, 9)
    expect(page.get_by_text("Scored this turn: 5 coins.")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    step(page, 9, 9)  # once the bot has played its turn
    expect(page.get_by_text("Turn 2 of 10")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("Done: you made the move.")).to_be_visible()


EXERCISES = [x.id for x in lessons().values() if x.id != "first-turn"]


@pytest.mark.parametrize("lesson_id", EXERCISES)
def test_each_chapter_exercise_opens_from_its_page_and_is_made(served, page, lesson_id):
    """The chapter's page links to its exercise; the expected move, tapped, is accepted."""
    lesson = lessons()[lesson_id]
    page.goto(f"{served}/tutorial/{chapter_stem(lesson.chapter)}.html")
    page.locator(f"a.sw-play[data-href='/first-game?lesson={lesson_id}']").click()
    expect(page).to_have_url(re.compile(rf"/first-game\?lesson={lesson_id}"))
    step(page, 1, 1)
    regions = lesson.steps[0].regions
    if regions:
        choose_region(page, regions[0])
    done = page.get_by_text("Done: you made the move.")
    pointed = page.locator(".sw-point button").filter(visible=True).first
    for _ in range(3):  # the button, then its confirmation if it asks for one
        label = tap_pointed(page)
        expect(done.or_(pointed)).to_be_visible(timeout=LONG)
        if done.is_visible():
            break
        expect(done.or_(pointed.filter(has_not_text=re.compile(f"^{re.escape(label)}$")))).to_be_visible(
            timeout=LONG)
        if done.is_visible():
            break
    expect(done).to_be_visible()
    expect(page.get_by_role("link", name="Back to the chapter")).to_have_attribute(
        "href", f"/tutorial/{chapter_stem(lesson.chapter)}.html")


def test_a_question_is_answered_by_tapping(served, page):
    """B-CONQ-2: the empty mountain r6 costs 2 + 1; a wrong choice says the engine's answer."""
    page.goto(f"{served}/tutorial/02-conquest.html")
    q = page.locator("#q-mountain-cost")
    q.get_by_role("button", name="4", exact=True).click()
    expect(q.locator(".sw-fb")).to_contain_text("Not quite: the answer is 3.")
    q.get_by_role("button", name="3", exact=True).click()
    expect(q.locator(".sw-fb")).to_contain_text("Right.")
    expect(q.locator(".sw-fb")).to_contain_text("base 2 + mountain 1")
    page.locator(".sw-langs button[data-lang=fr]").click()
    expect(q.locator(".sw-fb")).to_contain_text("Bonne réponse.")
    expect(page.locator("a.sw-play").first).to_have_attribute(
        "href", "/first-game?lesson=final-conquest&lang=fr")


def test_rules_search_by_keyword_and_rule_id(served, page):
    page.goto(f"{served}/tutorial/search.html?q=B-CONQ-2")
    expect(page.locator("#sw-hits li a").first).to_have_text("B-CONQ-2")
    page.fill("#sw-q", "montagne")
    expect(page.locator("#sw-hits li").first).to_be_visible()
    page.fill("#sw-q", "zzzz-nothing")
    expect(page.locator("#sw-count")).to_have_text(re.compile(r"^0 / \d+$"))


def test_read_from_disk_a_chapter_says_its_exercises_need_the_app(tmp_path, page):
    site(tmp_path)
    page.goto((tmp_path / "06-cursed.html").as_uri())
    expect(page.locator(".sw-offline")).to_be_visible()
    expect(page.locator(".sw-offline")).to_contain_text("make serve")
    expect(page.locator(".sw-moves")).to_be_hidden()
    q = page.locator("#q-goblins-cost")  # the questions still work: their answers are in the page
    q.get_by_role("button", name="2", exact=True).click()
    expect(q.locator(".sw-fb")).to_contain_text("Right.")
