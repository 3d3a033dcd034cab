"""The score sheet with Underground (issue 21, "The score sheet: the counts an Underground turn
needs"): the places' and powers' bonuses from the counts a table enters, worked out by hand from
the rule book (docs/rules/underground.md), and the sheet's screen asking for them."""

from __future__ import annotations

from swcore.scoresheet import ScoreSheet


def sheet() -> ScoreSheet:
    return ScoreSheet.new(["Ann", "Bob"], board="underground-2p", expansions=["underground"])


def turn(s: ScoreSheet, race: str, power: str, terrain: dict, count: dict | None = None) -> int:
    """Ann picks the first combo and holds these regions; returns what the turn scored."""
    before = s.coins[0]
    s.apply({"by": "Ann", "do": "turn", "combo": {"race": race, "power": power, "position": 0},
             "held": {race: {"terrain": terrain, "symbol": {}, "count": count or {}}}})
    return s.coins[0] - before


def test_the_sheet_asks_the_underground_counts():
    assert {c.id for c in sheet().counts()} >= {"keep_on_the_motherland", "mine_of_the_lost_dwarf",
                                                "diamond_fields", "places", "three_tokens"}
    assert "keep_on_the_motherland" not in {c.id for c in ScoreSheet.new(["Ann", "Bob"]).counts()}


def test_U_PLACE_KEEP_1_and_U_PLACE_MINE_1_held_places_score():
    # Liches / Mining: 3 regions (1 Mine: +1) + the Keep +1 + the Mine of the Lost Dwarf +2 = 7.
    got = turn(sheet(), "liches", "mining", {"mine": 1, "mudpool": 2},
               {"keep_on_the_motherland": 1, "mine_of_the_lost_dwarf": 1})
    assert got == 3 + 1 + 1 + 2


def test_U_PLACE_DIAMOND_1_the_fields_count_the_regions_of_their_terrain():
    # 2 Mudpools and 1 Mine, the Fields on a Mudpool: 3 regions + 2 = 5 (AU-58: itself included).
    assert turn(sheet(), "liches", "immortal", {"mine": 1, "mudpool": 2}, {"diamond_fields": 2}) == 5
    # On the Mine: + 1.
    assert turn(sheet(), "liches", "immortal", {"mine": 1, "mudpool": 2}, {"diamond_fields": 1}) == 4


def test_U_POWER_ADVENTUROUS_1_places_held():
    # 3 regions, the Keep (+1) and one other Place: Adventurous +2 (Relics do not count).
    got = turn(sheet(), "liches", "adventurous", {"mudpool": 3},
               {"keep_on_the_motherland": 1, "places": 1})
    assert got == 3 + 1 + 2


def test_U_POWER_FRIGHTENED_1_regions_of_three_tokens():
    # 4 regions, 2 of them with 3 tokens or more: 4 + 2 = 6.
    assert turn(sheet(), "liches", "frightened", {"mudpool": 4}, {"three_tokens": 2}) == 6


def test_U_POWER_FISHER_1_coastal_regions():
    """AU-38: 5 regions, 3 of them on the River: one pair, +1; 4: two pairs, +2; none: 0."""
    assert turn(sheet(), "liches", "fisher", {"mudpool": 3, "mushroom_forest": 2}, {"coastal": 3}) == 5 + 1
    assert turn(sheet(), "liches", "fisher", {"mudpool": 3, "mushroom_forest": 2}, {"coastal": 4}) == 5 + 2
    assert turn(sheet(), "liches", "fisher", {"mudpool": 3, "mushroom_forest": 2}) == 5


def test_U_RACE_DROW_1_regions_next_to_another_race():
    """AU-31: 4 Drow regions, 1 bordering another race or Monsters: the other 3 score +1 each;
    none entered: all 4 are alone."""
    assert turn(sheet(), "drow", "immortal", {"mudpool": 4}, {"next_to_others": 1}) == 4 + 3
    assert turn(sheet(), "drow", "immortal", {"mudpool": 4}, {"next_to_others": 4}) == 4
    assert turn(sheet(), "drow", "immortal", {"mudpool": 4}) == 4 + 4


def test_U_POWER_FLOCKING_1_one_block():
    """AU-35: 3 regions in one block: +2; in two blocks: nothing."""
    assert turn(sheet(), "liches", "flocking", {"mudpool": 3}, {"blocks": 1}) == 3 + 2
    assert turn(sheet(), "liches", "flocking", {"mudpool": 3}, {"blocks": 2}) == 3


def test_U_POWER_QUARRELING_1_one_coin_a_block():
    """AU-35: 4 regions in 2 blocks: +2; in one block: +1; left at 0, each region is a block
    of its own (the stand-in's regions share no border): +4."""
    assert turn(sheet(), "liches", "quarreling", {"mudpool": 4}, {"blocks": 2}) == 4 + 2
    assert turn(sheet(), "liches", "quarreling", {"mudpool": 4}, {"blocks": 1}) == 4 + 1
    assert turn(sheet(), "liches", "quarreling", {"mudpool": 4}) == 4 + 4


def test_U_POWER_THIEVING_1_players_robbed():
    """AU-53: 3 regions, bordered by the active races of 2 players with a coin: +2 (at most
    one per other player: 2 of 3 players)."""
    import pytest

    from swcore import RuleError
    from swcore.i18n import explain

    s = ScoreSheet.new(["Ann", "Bob", "Cy"], board="underground-3p", expansions=["underground"])
    assert turn(s, "liches", "thieving", {"mudpool": 3}, {"robbed": 2}) == 3 + 2
    s = sheet()
    with pytest.raises(RuleError) as err:
        turn(s, "liches", "thieving", {"mudpool": 3}, {"robbed": 2})
    assert err.value.rule == "U-POWER-THIEVING-1"
    assert explain(err.value, "fr")[1] == ("Joueurs avec un jeton dont le Peuple actif le touche : "
                                           "au plus 1 pour 3 régions")
    assert turn(s, "liches", "thieving", {"mudpool": 3}, {"robbed": 1}) == 3 + 1
    assert s.coins[1] == 5  # Bob's coin is his to enter ("other"): the sheet does not know him


def test_the_sheet_screen_offers_the_counts_in_both_languages(tmp_path):
    from dashboards.i18n import set_language
    from dashboards.scoresheet import ArmyCounts, SheetScreen
    from dashboards.session import TableSession, create_game
    from dashboards.store import Store

    store = Store(f"sqlite:///{tmp_path / 'sheet.sqlite'}")
    try:
        made = create_game(store, "S", ["Ann", "Bob"], board="underground-2p",
                           expansions=["underground"], scores=True)
        screen = SheetScreen(TableSession.open(store, *made))
        counts = ArmyCounts(screen, 0, "Liches", {}, True)
        labels = [st._label.object for (part, _), st in counts.steppers.items() if part == "count"]
        assert "Holds the Keep on the Motherland (0 or 1) (U-PLACE-KEEP-1)" in labels
        assert "Separate blocks its regions form (U-DEF-7)" in labels
        set_language("fr")
        counts = ArmyCounts(screen, 0, "Liches", {}, True)
        labels = [st._label.object for (part, _), st in counts.steppers.items() if part == "count"]
        assert "Occupe le Donjon du Danger (0 ou 1) (U-PLACE-KEEP-1)" in labels
        assert "Régions touchant un autre Peuple ou des Monstres (U-RACE-DROW-1)" in labels
    finally:
        set_language("en")
        store.dispose()
