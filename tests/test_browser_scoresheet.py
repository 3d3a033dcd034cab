"""The score-only mode through a whole round in Debian's chromium (issue 12): a score sheet
created with the new-game form, then three players each enter a pick and the regions their race
holds with the steppers; every score shown is worked out by hand from the rule book. At the
next round's start the sheet switches to the map with the column entered as on the table."""

from __future__ import annotations

import pytest
import test_browser_app as app_tests
from test_browser_app import BOARD, rows
from test_browser_app import tap as tap_region

from dashboards.store import Store

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402

pytestmark = pytest.mark.browser
# The fixtures of tests/test_browser_app.py (a served app on its own database, chromium).
browser, db_url, page, server = app_tests.browser, app_tests.db_url, app_tests.page, app_tests.server


def plus(page, step: str, times: int) -> None:
    """Press + on the stepper with css class `sw-step-<step>`, waiting for each count."""
    row = page.locator(f".sw-step-{step}")
    for n in range(1, times + 1):
        row.get_by_role("button", name="+", exact=True).click()
        expect(row.locator("b").last).to_have_text(str(n))


def tap(page, rid: str) -> None:
    """Tap a region of the switch's map (base-3p), in the middle of the screen first (the map is
    at most the screen's height, under the page's header)."""
    page.locator("canvas").first.evaluate("e => e.scrollIntoView({block: 'center'})")
    tap_region(page, rid)


def enter_turn(page, player: str, race: str, power: str, position: int,
               counts: dict[str, int]) -> None:
    selects = page.locator("select >> visible=true")
    selects.nth(0).select_option(label=race)
    selects.nth(1).select_option(label=power)
    plus(page, "position", position)
    for step, n in counts.items():
        plus(page, f"0-{step}", n)
    page.get_by_role("button", name=f"Score {player}'s turn", exact=True).click()


def test_score_only_mode_a_whole_round_B_SCORE(server, page, db_url):
    page.goto(server.url)
    page.get_by_role("button", name="New game").click()
    page.get_by_placeholder("e.g. Table 3").fill("Sheet 1")
    page.get_by_role("button", name="3", exact=True).click()
    for k, name in enumerate(["Ann", "Bob", "Cleo"]):
        page.get_by_placeholder(f"Seat {k + 1} name").fill(name)
    page.get_by_role("button", name="Score only: enter regions and bonuses").click()
    expect(page.get_by_text("Combo column", exact=True)).to_be_hidden()
    page.get_by_role("button", name="Create the game").click()
    page.get_by_role("button", name="Open the game").click()
    top = page.locator(".sw-top")
    expect(top).to_contain_text("score sheet")
    expect(top).to_contain_text("To play: Ann")
    expect(page.locator("canvas")).to_have_count(0)  # no map

    # Ann: Humans / Hill at position 2 (B-COMBO-2: pays 2), 2 farmland + 1 hill:
    # 3 regions (B-SCORE-1) + 2 farmland (B-RACE-HUMANS-1) + 1 hill (B-POW-HILL-1) = +6.
    enter_turn(page, "Ann", "Humans", "Hill", 2, {"terrain-farmland": 2, "terrain-hill": 1})
    expect(top).to_contain_text("To play: Bob")
    expect(page.get_by_text("scored +6 in turn 1").first).to_be_visible()
    # Bob: Orcs / Pillaging at the top (free), 3 forests, 2 of them taken non-empty:
    # 3 + 2 (B-RACE-ORCS-1) + 2 (B-POW-PILLAGING-1) = +7.
    enter_turn(page, "Bob", "Orcs", "Pillaging", 0, {"terrain-forest": 3, "count-nonempty": 2})
    expect(top).to_contain_text("To play: Cleo")
    expect(page.get_by_text("scored +7 in turn 1").first).to_be_visible()
    # Cleo: Dwarves / Wealthy at position 1 (pays 1), 2 mountains, one with a mine:
    # 2 + 1 (B-RACE-DWARVES-1) + 7 (B-POW-WEALTHY-1, first turn) = +10.
    enter_turn(page, "Cleo", "Dwarves", "Wealthy", 1, {"terrain-mountain": 2, "symbol-mine": 1})
    expect(top).to_contain_text("Turn 2 of 10")
    expect(top).to_contain_text("To play: Ann")
    expect(page.get_by_text("scored +10 in turn 1").first).to_be_visible()

    # Totals stay hidden until a player asks (B-SCORE-3): 5 − 2 + 6, 5 + 7, 5 − 1 + 10.
    for player, coins in (("Ann", 9), ("Bob", 12), ("Cleo", 14)):
        page.get_by_role("button", name=f"{player}: my coins").click()
        expect(page.get_by_text(f"{player} has {coins} coins")).to_be_visible()
    store_rows = rows(db_url, 2)  # game 1 is the demo
    assert [r.action["by"] for r in store_rows] == ["Ann", "Bob", "Cleo"]
    assert store_rows[2].action["held"]["dwarves"] == {
        "terrain": {"mountain": 2}, "symbol": {"mine": 1}, "count": {}}

    # Ann's second turn: the Humans' last counts are proposed again; Wealthy is over for
    # Cleo later. A refusal names its rule and records nothing: 3 mines in 3 regions is fine,
    # 4 magic sources in 3 regions is not (B-DEF-1).
    plus(page, "0-symbol-magic", 4)
    page.get_by_role("button", name="Score Ann's turn", exact=True).click()
    expect(page.get_by_text("B-DEF-1").first).to_be_visible()
    assert len(rows(db_url, 2)) == 3
    page.get_by_role("button", name="↶ Undo…").click()
    page.get_by_role("button", name="Yes, undo").click()
    expect(top).to_contain_text("To play: Cleo")
    assert rows(db_url, 2)[-1].kind == "undo"

    # Redone: round 2 starts, the sheet may switch to the map (B-FLOW-1). The column is entered
    # as it lies on the table, top first (B-SETUP-3); the races and badges on the board
    # (Humans, Orcs, Dwarves; Hill, Pillaging, Wealthy) are not offered.
    page.get_by_role("button", name="↷ Redo…").click()
    page.get_by_role("button", name="Yes, redo").click()
    expect(top).to_contain_text("To play: Ann")
    page.get_by_role("button", name="Switch to the map…").click()
    page.get_by_role("button", name="Enter as on the table", exact=True).click()
    pairs = [("Ratmen", "Flying"), ("Elves", "Forest"), ("Amazons", "Swamp"),
             ("Wizards", "Alchemist"), ("Trolls", "Stout"), ("Giants", "Heroic")]
    selects = page.locator("select >> visible=true")  # the board, the map's brush, the pairs
    expect(selects).to_have_count(2 + 2 * len(pairs))
    offered = selects.nth(2).locator("option").all_inner_texts()
    assert "Ratmen" in offered and not {"Humans", "Orcs", "Dwarves"} & set(offered)
    assert "Hill" not in selects.nth(3).locator("option").all_inner_texts()
    for k, (race, power) in enumerate(pairs):
        selects.nth(2 + 2 * k).select_option(label=race)
        selects.nth(3 + 2 * k).select_option(label=power)
    # What lies on the board is tapped on its map (review table.md 5), base-3p: the Humans on
    # r4 (farmland), the Dwarves on r3 (mountain); r10's Lost Tribe conquered since the start.
    summary = page.locator("[data-switch=summary]")
    sets = page.locator("[data-switch=sets]")  # the brush as the server has it
    for brush, rid in (("Humans (Ann, active)", "r4"), ("Dwarves (Cleo, active)", "r3")):
        selects.nth(1).select_option(label=brush)
        expect(sets).to_have_text(f"A tap sets: {brush}")
        tap(page, rid)
        expect(summary.locator("tr", has_text=brush.split(",")[0])).to_contain_text(rid)
    selects.nth(1).select_option(label="Lost Tribes")
    expect(sets).to_have_text("A tap sets: Lost Tribes")
    tribes = summary.locator("tr", has_text="Lost Tribes")
    expect(tribes).to_contain_text("r10")
    tap(page, "r10")
    expect(tribes).not_to_contain_text("r10")
    page.get_by_role("button", name="Create the map game").click()
    expect(page.get_by_text("Table “Sheet 1 (map)” is ready")).to_be_visible()
    store = Store(db_url)
    try:
        made = store.game(3)  # 1 is the demo, 2 the sheet
    finally:
        store.dispose()
    assert made.meta["column"] == "table" and made.setup["stacks"] == "table"
    assert made.setup["races"] == ["ratmen", "elves", "amazons", "wizards", "trolls", "giants"]
    assert made.setup["powers"] == ["flying", "forest", "swamp", "alchemist", "stout", "heroic"]
    carried = made.setup["carried"]
    assert {a["race"]: a["regions"] for a in carried["armies"]} == {
        "humans": ["r4"], "orcs": [], "dwarves": ["r3"]}
    start = [BOARD.ids[i] for i, lt in enumerate(BOARD.lost_tribe) if lt]
    assert carried["lost_tribes"] == [r for r in start if r != "r10"]
