"""An Underground turn in Debian's chromium (issue 21, "Everywhere a user meets them"): on
underground-2p, Ann's Liches / Mining (5 + 4 = 9 tokens) conquer r19, a Mudpool guarded by 2
Monsters (U-MON-2: 2 base + 2 = 4 tokens); the top face-down marker, the Sword of the Killer
Rabbit, is laid face up there (U-MON-4) and shows on the map and in the legend. Then r16, a
Mudpool where the Diamond Fields lie face up from the set-up, is taken using the Sword
(U-RELIC-SWORD-1: 2 − 2, at least 1 token; the Sword moves there, U-PR-3), and the end of the
turn scores 2 regions + the Diamond Fields' 2 Mudpools (U-PLACE-DIAMOND-1, AU-58) = 4. The
same position is then read in French (the rule book's names)."""

from __future__ import annotations

import re

import pytest
import test_browser_app as app_tests
from test_browser_app import rows
from ughelpers import POWERS, RACES

from dashboards.session import create_game
from dashboards.store import Store

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402

pytestmark = pytest.mark.browser
browser, db_url, page, server = app_tests.browser, app_tests.db_url, app_tests.page, app_tests.server

SWORD = "sword_of_the_killer_rabbit"
GAME = {"board": "underground-2p", "expansions": ["underground"],
        "races": ["liches", "ogres", *[r for r in RACES if r not in ("liches", "ogres")]],
        "powers": ["mining", "immortal", *[p for p in POWERS if p not in ("mining", "immortal")]],
        "extra": {"places_relics": [SWORD, "keep_on_the_motherland", "shiny_orb", "stonehedge"],
                  "pieces": {"diamond_fields": "r16"}}}
#: The map's marker badge of each region (the map's data source in the page).
JS_BADGES = """() => { for (const d of Bokeh.documents) for (const m of d.all_models)
  if (m.data && m.data.badges && m.data.rid) return Object.fromEntries(
    m.data.rid.map((r, i) => [r, m.data.badges[i]]));
  return null; }"""


def choose(page, rid: str) -> None:
    """Select a region with the list under the map (as a tap on it does)."""
    regions = page.locator("select", has=page.locator("option", has_text="r19 · "))
    regions.select_option(label=regions.locator(
        "option", has_text=re.compile(rf"^{rid} · ")).inner_text())


def badge_of(page, rid: str) -> str:
    return (page.evaluate(JS_BADGES) or {}).get(rid) or ""


def test_an_underground_turn_monsters_a_relic_a_place_and_the_score(server, page, db_url, tmp_path):
    store = Store(db_url)
    gid, code = create_game(store, "Underground table", ["Ann", "Bob"], **GAME)
    store.dispose()
    page.goto(f"{server.url}?game={gid}&code={code}")
    expect(page.locator(".sw-top")).to_contain_text("To play: Ann")
    board = page.locator(".sw-mod", has_text="On the board")
    expect(board).to_contain_text("The Diamond Fields: r16")
    expect(board).to_contain_text("Monsters: r3 ×2, r9 ×2, r19 ×2, r20 ×2")
    page.get_by_role("button", name="Pick").first.click()
    expect(page.get_by_text("plays Liches")).to_be_visible()

    choose(page, "r19")  # U-MON-2: the Monsters defend like a Lost Tribe of 2
    expect(page.get_by_text("(2 base + 2 Monsters)")).to_be_visible()
    page.get_by_role("button", name="Conquer r19", exact=True).click()
    expect(page.get_by_text("The Sword of the Killer Rabbit is discovered in r19").first).to_be_visible()
    expect(board).to_contain_text("The Sword of the Killer Rabbit: r19 (Ann)")
    expect(board).not_to_contain_text("r19 ×2")  # U-MON-3: the Monsters leave the game
    page.wait_for_function(f"() => ({JS_BADGES})()?.r19 === 'Sword'")
    assert badge_of(page, "r16") == "Diamonds"
    page.screenshot(path=str(tmp_path / "underground-sword.png"))

    choose(page, "r16")  # the Diamond Fields on the card, and the Sword's cost
    expect(page.get_by_text("Lying here:")).to_contain_text("The Diamond Fields")
    using = "Conquer r16 using The Sword of the Killer Rabbit"
    expect(page.get_by_text(re.compile(
        r"using The Sword of the Killer Rabbit: Cost 1 token \(2 base − 2 Sword of the Killer "
        r"Rabbit \+ 1 minimum 1\)"))).to_be_visible()
    page.get_by_role("button", name=using, exact=True).click()
    expect(page.get_by_text("cost 1: base 2, Sword of the Killer Rabbit -2").first).to_be_visible()
    expect(board).to_contain_text("The Sword of the Killer Rabbit: r16 (Ann)")  # U-PR-3
    page.wait_for_function(f"() => ({JS_BADGES})()?.r16 === 'Diamonds Sword'")

    page.get_by_role("button", name="End the turn", exact=True).click()
    page.get_by_role("button", name="Confirm: End the turn", exact=True).click()
    expect(page.locator(".sw-top")).to_contain_text("To play: Bob")
    score = page.locator(".sw-card", has_text="Ann scored +4 in turn 1").first
    expect(score).to_contain_text("Diamond Fields: 2 mudpool regions")
    expect(score).to_contain_text("U-PLACE-DIAMOND-1")
    page.screenshot(path=str(tmp_path / "underground-score.png"))
    assert [r.action for r in rows(db_url, gid)][1:3] == [
        {"by": "Ann", "do": "conquer", "region": "r19"},
        {"by": "Ann", "do": "conquer", "region": "r16", "using": SWORD}]

    # The same table in French: the rule book's names in the legend, on the map and the score.
    page.get_by_role("link", name="Français").click()
    expect(page.locator(".sw-top")).to_contain_text("À jouer : Bob")
    board = page.locator(".sw-mod", has_text="Sur le plateau")
    expect(board).to_contain_text("L'Épée Vorpale : r16 (Ann)")
    expect(board).to_contain_text("Les Dahlias de Diamant : r16 (Ann)")
    expect(page.locator(".sw-mod", has_text="Lieux Légendaires et Reliques Rustiques face "
                                             "cachée")).to_contain_text("Relique Rustique")
    page.wait_for_function(f"() => ({JS_BADGES})()?.r16 === 'Dahlias Épée'")
    score = page.locator(".sw-card", has_text="Ann a marqué +4 au tour 1").first
    expect(score).to_contain_text("Dahlias de Diamant : 2 régions de mare de boue")
    page.screenshot(path=str(tmp_path / "underground-french.png"))
