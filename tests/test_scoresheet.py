"""The score sheet (swcore.scoresheet): each base race's and power's bonus computed from the
counts a table enters, worked out by hand from the rule book (docs/rules/base-game.md)."""

from __future__ import annotations

import pytest

from swcore import Game, InputError, RuleError
from swcore.scoresheet import ScoreSheet


def sheet(board: str | None = None) -> ScoreSheet:
    return ScoreSheet.new(["Ann", "Bob"], board=board)


def held(race: str, terrain: dict, symbol: dict | None = None, count: dict | None = None) -> dict:
    return {race: {"terrain": terrain, "symbol": symbol or {}, "count": count or {}}}


def first(s: ScoreSheet, race: str, power: str, terrain: dict, symbol: dict | None = None,
          count: dict | None = None, position: int = 0) -> int:
    """Ann picks at `position` and holds these regions; returns what the turn scored."""
    before = s.coins[0]
    s.apply({"by": "Ann", "do": "turn", "combo": {"race": race, "power": power, "position": position},
             "held": held(race, terrain, symbol, count)})
    return s.coins[0] - before + position


# --- B-SCORE-1 and each race's bonus ---------------------------------------------------
def test_B_SCORE_1_one_coin_per_region_no_bonus_ratmen():
    # B-RACE-RATMEN-1 (no bonus), B-POW-COMMANDO-1 (no scoring effect): 2 + 3 regions = 5.
    assert first(sheet(), "ratmen", "commando", {"hill": 2, "forest": 3}) == 5


def test_B_RACE_HUMANS_1_farmland_bonus():
    # 3 farmland + 1 swamp: 4 regions + 3 farmland = 7 (Seafaring adds nothing to scoring).
    assert first(sheet(), "humans", "seafaring", {"farmland": 3, "swamp": 1}) == 7


def test_B_RACE_WIZARDS_1_magic_sources():
    # 4 regions, 2 with a magic source: 4 + 2 = 6.
    assert first(sheet(), "wizards", "flying", {"hill": 4}, {"magic": 2}) == 6


def test_B_RACE_DWARVES_1_mines_in_decline_too():
    s = sheet()
    assert first(s, "dwarves", "berserk", {"mountain": 3}, {"mine": 2}) == 5  # 3 + 2
    s.apply({"by": "Bob", "do": "turn", "combo": {"race": "ratmen", "power": "commando", "position": 0},
             "held": held("ratmen", {"sea": 0, "hill": 1})})
    before = s.coins[0]
    # B-SCORE-4 and B-SCORE-2: the turn spent declining scores 1 per region, and the
    # Dwarves' mines still count in decline: 3 regions + 2 mines = 5.
    s.apply({"by": "Ann", "do": "turn", "into_decline": True,
             "held": held("dwarves", {"mountain": 3}, {"mine": 2})})
    assert s.coins[0] - before == 5
    assert s.declined[0] == ["dwarves"] and s.active[0] is None


def test_B_RACE_ORCS_1_and_B_POW_PILLAGING_1_non_empty_regions():
    # 4 regions, 3 non-empty conquered: 4 + 3 (Orcs) + 3 (Pillaging) = 10.
    assert first(sheet(), "orcs", "pillaging", {"farmland": 4}, count={"nonempty": 3}) == 10


# --- each power's bonus ----------------------------------------------------------------
@pytest.mark.parametrize("power,terrain,expected", [
    ("hill", {"hill": 3, "forest": 1}, 4 + 3),      # B-POW-HILL-1
    ("forest", {"hill": 3, "forest": 1}, 4 + 1),    # B-POW-FOREST-1
    ("swamp", {"swamp": 2, "forest": 1}, 3 + 2),    # B-POW-SWAMP-1
    ("merchant", {"swamp": 2, "forest": 1}, 3 + 3),  # B-POW-MERCHANT-1
    ("alchemist", {"forest": 1}, 1 + 2),            # B-POW-ALCHEMIST-1
])
def test_B_POW_terrain_and_region_bonuses(power, terrain, expected):
    assert first(sheet(), "ratmen", power, terrain) == expected


def test_B_POW_FORTIFIED_2_one_coin_per_fortress():
    # 3 regions, 2 with a Fortress: 3 + 2 = 5; more Fortresses than regions is refused.
    assert first(sheet(), "ratmen", "fortified", {"hill": 3}, count={"fortress": 2}) == 5
    s = sheet()
    with pytest.raises(RuleError) as err:
        first(s, "ratmen", "fortified", {"hill": 1}, count={"fortress": 2})
    assert err.value.rule == "B-POW-FORTIFIED-2"


def test_B_POW_WEALTHY_1_seven_coins_on_the_first_turn_only():
    s = sheet()
    assert first(s, "ratmen", "wealthy", {"hill": 2}) == 2 + 7
    s.apply({"by": "Bob", "do": "turn", "combo": {"race": "elves", "power": "mounted", "position": 0},
             "held": held("elves", {"hill": 1})})
    before = s.coins[0]
    s.apply({"by": "Ann", "do": "turn", "held": held("ratmen", {"hill": 2})})
    assert s.coins[0] - before == 2


def test_B_COMBO_2_and_3_position_price_and_coins_collected():
    s = sheet()
    # Position 3 costs 3 coins; 2 coins lying on it are collected; 1 region scores 1: 5-3+2+1.
    s.apply({"by": "Ann", "do": "turn", "held": held("ratmen", {"hill": 1}),
             "combo": {"race": "ratmen", "power": "hill", "position": 3, "collected": 2}})
    assert s.coins[0] == 5 - 3 + 2 + 1 + 1  # + the Hill bonus
    with pytest.raises(RuleError) as err:  # B-COMBO-3: Bob has 5 coins
        s.apply({"by": "Bob", "do": "turn", "held": {},
                 "combo": {"race": "elves", "power": "forest", "paid": 6}})
    assert err.value.rule == "B-COMBO-3"


# --- decline ---------------------------------------------------------------------------
def play_round(s: ScoreSheet, ann: dict, bob: dict) -> None:
    s.apply({"by": "Ann", "do": "turn", **ann})
    s.apply({"by": "Bob", "do": "turn", **bob})


def test_B_SCORE_4_no_bonus_for_the_race_declining_and_B_DECL_4_older_race_leaves():
    s = sheet()
    bob = {"combo": {"race": "elves", "power": "forest", "position": 0}, "held": held("elves", {"hill": 1})}
    play_round(s, {"combo": {"race": "humans", "power": "merchant", "position": 0},
                   "held": held("humans", {"farmland": 2})}, bob)
    before = s.coins[0]
    s.apply({"by": "Ann", "do": "turn", "into_decline": True, "held": held("humans", {"farmland": 2})})
    assert s.coins[0] - before == 2  # no farmland, no Merchant (B-DECL-2: badge thrown away)
    assert s.armies["humans"].powers == ()
    s.apply({"by": "Bob", "do": "turn", "held": held("elves", {"hill": 1})})
    s.apply({"by": "Ann", "do": "turn", "combo": {"race": "orcs", "power": "spirit", "position": 0},
             "held": {**held("orcs", {"hill": 2}), **held("humans", {"farmland": 1})}})
    s.apply({"by": "Bob", "do": "turn", "held": held("elves", {"hill": 1})})
    s.apply({"by": "Ann", "do": "turn", "into_decline": True,
             "held": {**held("orcs", {"hill": 2}), **held("humans", {"farmland": 1})}})
    # Spirit (B-POW-SPIRIT-1): the Orcs in decline do not count in the limit, Humans stay.
    assert s.declined[0] == ["humans", "orcs"] and s.armies["orcs"].powers == ("spirit",)


def test_B_DECL_4_the_older_in_decline_race_leaves_before_scoring():
    s = sheet()
    bob = {"held": held("elves", {"hill": 1})}
    play_round(s, {"combo": {"race": "humans", "power": "merchant", "position": 0},
                   "held": held("humans", {"farmland": 2})},
               {"combo": {"race": "elves", "power": "forest", "position": 0}, **bob})
    play_round(s, {"into_decline": True, "held": held("humans", {"farmland": 2})}, bob)
    play_round(s, {"combo": {"race": "orcs", "power": "hill", "position": 0},
                   "held": {**held("orcs", {"hill": 2}), **held("humans", {"farmland": 2})}}, bob)
    before = s.coins[0]
    s.apply({"by": "Ann", "do": "turn", "into_decline": True, "held": held("orcs", {"hill": 2})})
    assert "humans" not in s.armies and s.declined[0] == ["orcs"]
    assert s.coins[0] - before == 2
    err = s.why_illegal({"by": "Bob", "do": "turn", "held": held("humans", {"farmland": 1})})
    assert isinstance(err, RuleError) and err.rule == "B-SCORE-1"  # nobody's race any more


def test_B_POW_STOUT_1_declines_after_scoring_with_its_bonus():
    s = sheet()
    play_round(s, {"combo": {"race": "humans", "power": "stout", "position": 0},
                   "held": held("humans", {"farmland": 2})},
               {"combo": {"race": "elves", "power": "forest", "position": 0},
                "held": held("elves", {"hill": 1})})
    before = s.coins[0]
    s.apply({"by": "Ann", "do": "turn", "into_decline": True, "after_scoring": True,
             "held": held("humans", {"farmland": 3})})
    assert s.coins[0] - before == 3 + 3  # scored as the active race, farmland included
    assert s.declined[0] == ["humans"]
    with pytest.raises(RuleError) as err:  # B-DECL-1: Elves without Stout
        s.apply({"by": "Bob", "do": "turn", "into_decline": True, "after_scoring": True,
                 "held": held("elves", {"hill": 1})})
    assert err.value.rule == "B-DECL-1"


def test_B_LOSS_6_an_in_decline_race_without_regions_leaves():
    s = sheet()
    bob = {"held": held("elves", {"hill": 1})}
    play_round(s, {"combo": {"race": "humans", "power": "merchant", "position": 0},
                   "held": held("humans", {"farmland": 2})},
               {"combo": {"race": "elves", "power": "forest", "position": 0}, **bob})
    play_round(s, {"into_decline": True, "held": held("humans", {"farmland": 1})}, bob)
    s.apply({"by": "Ann", "do": "turn", "combo": {"race": "orcs", "power": "hill", "position": 0},
             "held": held("orcs", {"hill": 1})})
    assert "humans" not in s.armies and s.declined[0] == []


# --- refusals, order, board limits -----------------------------------------------------
def test_refusals_cite_their_rule_and_change_nothing():
    s = sheet("base-2p")
    before = s.to_dict()
    cases = [
        ({"by": "Bob", "do": "turn", "held": {}}, "B-FLOW-1"),
        ({"by": "Ann", "do": "turn", "held": {}}, "B-FLOW-4"),
        ({"by": "Ann", "do": "turn", "into_decline": True, "held": {}}, "B-DECL-1"),
        ({"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "hill", "position": 0},
          "held": held("humans", {"hill": 1}, {"mine": 2})}, "B-DEF-1"),
        ({"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "hill", "position": 0},
          "held": held("humans", {"farmland": 40})}, "B-DEF-1"),  # more than the board has
        ({"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "hill", "position": 0},
          "held": held("orcs", {"hill": 1})}, "B-SCORE-1"),
    ]
    for entry, rule in cases:
        with pytest.raises(RuleError) as err:
            s.apply(entry)
        assert err.value.rule == rule, entry
        assert s.to_dict() == before
    for entry, field in [
        ({"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "hill", "position": 6}}, "combo.position"),
        ({"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "hill", "position": 0},
          "held": held("humans", {"hill": -1})}, "held.humans.terrain.hill"),
        ({"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "hill", "position": 0},
          "held": held("humans", {"lava": 1})}, "held.humans.terrain.lava"),
        ({"by": "Ann", "do": "turn", "combo": {"race": "nobody", "power": "hill"}}, "combo.race"),
        ({"by": "Ann", "do": "conquer"}, "do"),
        (["not", "a", "mapping"], "entry"),
    ]:
        with pytest.raises(InputError) as ierr:
            s.apply(entry)
        assert ierr.value.field == field
        assert s.to_dict() == before


def test_B_COMBO_1_a_race_or_badge_already_in_play_cannot_be_picked():
    s = sheet()
    first(s, "humans", "hill", {"hill": 1})
    with pytest.raises(RuleError) as err:
        s.apply({"by": "Bob", "do": "turn", "combo": {"race": "humans", "power": "forest", "position": 0}})
    assert err.value.rule == "B-COMBO-1"


def test_B_FLOW_3_the_game_ends_after_the_last_round_and_B_SCORE_3_hidden_coins():
    s = ScoreSheet.new(["Ann", "Bob"], turns=2)
    first(s, "humans", "hill", {"hill": 1})
    assert s.view("Bob")["coins"] == {"Ann": None, "Bob": 5}
    s.apply({"by": "Bob", "do": "turn", "combo": {"race": "elves", "power": "forest", "position": 0},
             "held": held("elves", {"forest": 2})})
    play_round(s, {"held": held("humans", {"hill": 1})}, {"held": held("elves", {"forest": 2})})
    assert s.game_over and s.view("Bob")["coins"] == {"Ann": 9, "Bob": 13}
    assert s.winners() == ["Bob"]
    with pytest.raises(RuleError) as err:
        s.apply({"by": "Ann", "do": "turn", "held": {}})
    assert err.value.rule == "B-FLOW-3"
    assert s.track == [[1, 0, 7], [1, 1, 9], [2, 0, 9], [2, 1, 13]]


def test_undo_redo_and_save_replay_the_same_sheet():
    s = sheet()
    first(s, "orcs", "pillaging", {"hill": 2}, count={"nonempty": 1})
    s.apply({"by": "Bob", "do": "turn", "combo": {"race": "elves", "power": "forest", "position": 1},
             "held": held("elves", {"forest": 2})})
    after = (list(s.coins), list(s.track))
    assert s.undo(1) == 1 and s.coins == [9, 5] and s.current == "Bob"
    assert s.redo(1) == 1 and (s.coins, s.track) == after
    again = ScoreSheet.from_json(s.to_json())
    assert (again.coins, again.track, again.log) == (s.coins, s.track, s.log)
    bad = s.to_dict()
    bad["coins"] = [0, 0]
    with pytest.raises(InputError):
        ScoreSheet.from_dict(bad)


# --- switching to the map (swcore/rules/base/carry.py) ---------------------------------
def switched() -> tuple[ScoreSheet, Game]:
    s = sheet()
    play_round(s, {"combo": {"race": "humans", "power": "hill", "position": 1},
                   "held": held("humans", {"farmland": 2})},
               {"combo": {"race": "orcs", "power": "merchant", "position": 0},
                "held": held("orcs", {"hill": 1})})
    play_round(s, {"into_decline": True, "held": held("humans", {"farmland": 2})},
               {"held": held("orcs", {"hill": 1})})
    return s, Game(s.map_setup("base-2p", {"humans": ["r1", "r2"], "orcs": ["r5"]}))


def test_the_map_game_carries_seats_coins_round_and_races():
    s, g = switched()
    assert g.players == s.players and g.coins == s.coins and g.turn == 3 and g.turns == s.turns
    assert g.declined[0] == ["humans"] and g.active == [None, "orcs"]
    assert g.armies["humans"].powers == () and g.armies["orcs"].powers == ("merchant",)
    assert [g.board.ids[i] for i in g.regions_of("humans")] == ["r1", "r2"]
    assert g.tokens[g.board.index["r5"]] == 1  # one token until the table corrects it
    in_column = {x for combo in g.column for x in combo[:2]} | set(g.race_stack) | set(g.power_stack)
    assert not in_column & {"humans", "orcs", "merchant"}  # out of the stacks
    again = Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash()


def test_B_DEF_8_the_table_sets_the_carried_tokens_with_the_correction_word():
    _s, g = switched()
    g.apply({"by": "Bob", "do": "correct", "region": "r5", "count": 5})
    assert g.tokens[g.board.index["r5"]] == 5
    with pytest.raises(RuleError) as err:  # more Orcs than the box holds (B-DEF-8)
        g.apply({"by": "Bob", "do": "correct", "region": "r5", "count": 40})
    assert err.value.rule == "B-DEF-8"
    g.apply({"by": "Ann", "do": "pick", "combo": 0})  # Ann's turn: a new combo, as on the table
    assert g.active[0] is not None


def test_the_map_game_carries_markers_lost_tribes_and_pieces():
    """Review table.md 5: a Troll's Lair and a Fortress stay where they lie (B-CONQ-2: r5, a
    hill, costs 2 + 1 Fortress + 1 Orc, then -1 for Commando), the Lost Tribes conquered since the start are gone
    (only r4's and r7's stand), a piece stays on its region; a Lost Tribe where none started,
    or more Dragons than the box holds, is refused with the field named."""
    s, _g = switched()
    g = Game(s.map_setup("base-2p", {"humans": ["r1", "r2"], "orcs": ["r5"]},
                         markers={"fortress": {"r5": 1}, "lair": {"r2": 1}},
                         lost_tribes=["r4", "r7"], pieces={"ivory_tower": "r2"}))
    ix = g.board.index
    assert sorted(g.board.ids[i] for i in g.where["lost_tribe"]) == ["r4", "r7"]
    assert g.race[ix["r11"]] is None and g.tokens[ix["r11"]] == 0
    assert g.mk["fortress"][ix["r5"]] == 1 and g.mk["lair"][ix["r2"]] == 1
    g.apply({"by": "Ann", "do": "pick", "combo": 0})  # Dwarves / Commando (-1, B-POW-COMMANDO-1)
    assert g.quote("r5").breakdown == [("base", 2), ("fortress", 1), ("Orcs", 1), ("Commando", -1)]
    g.undo()
    assert g.pieces == {"ivory_tower": ix["r2"]}
    again = Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash()
    for kw, field in (({"lost_tribes": ["r2"]}, "carried.lost_tribes"),
                      ({"markers": {"dragon": {"r5": 2}}}, "carried.markers.dragon"),
                      ({"pieces": {"fortress": "r5"}}, "carried.pieces")):
        with pytest.raises(InputError) as err:
            s.map_setup("base-2p", {"orcs": ["r5"]}, **kw)
        assert err.value.field == field


def test_B_FLOW_1_the_switch_waits_for_the_start_of_a_round():
    s = sheet()
    first(s, "humans", "hill", {"farmland": 1})
    with pytest.raises(RuleError) as err:
        s.map_setup("base-2p", {"humans": ["r1"]})
    assert err.value.rule == "B-FLOW-1"
    s.apply({"by": "Bob", "do": "turn", "combo": {"race": "orcs", "power": "forest", "position": 0},
             "held": held("orcs", {"hill": 1})})
    with pytest.raises(InputError):  # one region cannot hold two races
        s.map_setup("base-2p", {"humans": ["r1"], "orcs": ["r1"]})


#: A column as it lies on the table after switched()'s two rounds, top first: Hill is back
#: (the Humans' badge was thrown away when they declined, B-DECL-2), Humans and Orcs are not.
TABLE_RACES = ["ratmen", "elves", "amazons", "dwarves", "wizards", "trolls"]
TABLE_POWERS = ["hill", "forest", "swamp", "alchemist", "flying", "stout"]


def test_B_SETUP_3_the_switch_takes_the_column_as_it_lies_on_the_table():
    """The map game's visible column is exactly the six pairs entered, top first, none of them
    paid for yet (B-COMBO-1); the banners and badge on the board cannot come up in it
    (B-COMBO-6, B-COMBO-7), another banner can."""
    s, _g = switched()
    g = Game(s.map_setup("base-2p", {"humans": ["r1", "r2"], "orcs": ["r5"]},
                         races=TABLE_RACES, powers=TABLE_POWERS, stacks="table"))
    assert g.column == [[r, p, 0] for r, p in zip(TABLE_RACES, TABLE_POWERS, strict=True)]
    assert g.setup["stacks"] == "table" and g.turn == 3 and g.active == [None, "orcs"]
    g.apply({"by": "Ann", "do": "pick", "combo": 0})  # Ratmen / Hill, free (B-COMBO-2)
    assert g.needs_reveal
    for race, power, rule in (("humans", "heroic", "B-COMBO-6"), ("orcs", "heroic", "B-COMBO-6"),
                              ("giants", "merchant", "B-COMBO-7")):
        with pytest.raises(RuleError) as err:
            g.apply({"by": "Ann", "do": "reveal", "race": race, "player": power})
        assert err.value.rule == rule
    g.apply({"by": "Ann", "do": "reveal", "race": "giants", "player": "heroic"})
    assert g.column[-1] == ["giants", "heroic", 0] and len(g.column) == 6


@pytest.mark.parametrize("pair, race, power, said", [
    (1, "orcs", "hill", "pair 1: Orcs are already on the board"),
    (3, "amazons", "merchant", "pair 3: the Merchant badge is already in play"),
    (4, "elves", "alchemist", "pair 4: Elves is already in the column"),
    (6, "trolls", "forest", "pair 6: Forest is already in the column")])
def test_B_SETUP_3_a_table_column_naming_a_race_or_badge_in_play_is_refused(pair, race, power,
                                                                           said):
    """Orcs and their Merchant badge are on the board; Elves (pair 2) or Forest (pair 2)
    entered again: each banner and badge is unique (B-SETUP-3). The sheet is unchanged."""
    s, _g = switched()
    before = s.to_json()
    races, powers = list(TABLE_RACES), list(TABLE_POWERS)
    races[pair - 1], powers[pair - 1] = race, power
    with pytest.raises(RuleError) as err:
        s.map_setup("base-2p", {}, races=races, powers=powers, stacks="table")
    assert (err.value.rule, err.value.reason) == ("B-SETUP-3", said)
    assert s.to_json() == before


def test_B_SETUP_3_the_refusal_in_french():
    from swcore.i18n import explain

    s, _g = switched()
    with pytest.raises(RuleError) as err:
        s.map_setup("base-2p", {}, races=["orcs", *TABLE_RACES[1:]], powers=TABLE_POWERS,
                    stacks="table")
    assert explain(err.value, "fr")[1] == "combinaison 1 : les Orcs sont déjà sur la carte"


# --- expansions whose bonuses counts give ----------------------------------------------
def test_X_GD_PEA_1_peace_loving_only_when_no_active_race_was_attacked():
    s = ScoreSheet.new(["Ann", "Bob", "Cleo"], expansions=["grand_dames"])
    turn = {"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "peace_loving",
                                                 "position": 0},
            "held": held("humans", {"hill": 2})}
    s.apply(turn)
    assert s.coins[0] == 5 + 2 + 3  # 2 regions + 3 (no active race attacked)
    s.undo()
    turn["held"]["humans"]["count"] = {"attacked": 1}
    s.apply(turn)
    assert s.coins[0] == 5 + 2
    s.undo()
    turn["held"]["humans"]["count"] = {"attacked": 3}  # only two opponents
    with pytest.raises(RuleError) as err:
        s.apply(turn)
    assert err.value.rule == "X-GD-PEA-1"


def test_X_BNA_IMP_1_and_X_RW_harbours_from_counts():
    s = ScoreSheet.new(["Ann", "Bob"], expansions=["be_not_afraid", "river_world"])
    s.apply({"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "imperial", "position": 0},
             "held": held("humans", {"hill": 5}, {"harbour": 2})})
    # 5 regions + 2 beyond 3 (X-BNA-IMP-1) + harbours 1 + 2 instead of 1 + 1 (X-RW-5): +1.
    assert s.coins[0] == 5 + 5 + 2 + 1
