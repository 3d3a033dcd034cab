"""swcore.tutorial: the helpers behind the notebooks, checked against hand-worked rule outcomes.

The scenario files they read (tests/scenarios/tutorial/) are rules tests of their own; here we
check that the helpers tell the same story as the rules: costs, odds, coins, withdrawals.
"""

import subprocess
import sys
from fractions import Fraction

import pandas as pd
import pytest

from swcore import POWERS, RACES, Game
from swcore import tutorial as tut
from swcore.bots import GreedyBot, play
from swcore.catalogue import CATALOGUE

BASE = [a for a in (*RACES, *POWERS) if CATALOGUE[a].expansion == "base"]
BASE_RACES = [a for a in BASE if a in RACES]
BASE_POWERS = [a for a in BASE if a in POWERS]
#: The expansions with a tutorial chapter (notebooks 06-08; Leaders, 09, has no banners).
CHAPTERS = ("cursed", "grand_dames", "be_not_afraid")
EXPANSION = [a for a in (*RACES, *POWERS) if CATALOGUE[a].expansion in CHAPTERS]

TWO_REGIONS = {"regions": {"a": {"terrain": "farmland", "edge": True},
                           "b": {"terrain": "hill", "edge": True}},
               "borders": [["a", "b"]]}


# -- scenario files ----------------------------------------------------------------------
def test_tutorial_scenarios_pass_with_the_runner():
    """FORMAT.md: `python -m swcore scenario tests/scenarios/tutorial/` passes every file."""
    run = subprocess.run([sys.executable, "-m", "swcore", "scenario", str(tut.SCENARIOS)],
                         capture_output=True, text=True, timeout=120)
    last = run.stdout.strip().splitlines()[-1]
    assert run.returncode == 0, run.stdout
    assert last.endswith(" passed, 0 failed")
    assert int(last.split()[0]) == len(list(tut.SCENARIOS.rglob("*.yaml")))


def test_every_race_and_power_has_a_worked_example():
    for ability in BASE:
        script = tut.Script(tut.scenario_path(f"abilities/{ability}"))
        e = CATALOGUE[ability]
        assert script.title.startswith(f"{e.english} ({e.french}) - "), script.title
        assert any(r.startswith(e.rule) for r in script.rules), (ability, script.rules)


@pytest.mark.parametrize("ability", EXPANSION)
def test_every_expansion_race_and_power_has_a_tutorial_game(ability):
    """Notebooks 06-08: tests/scenarios/tutorial/<expansion>/<id>.yaml plays it, on a map, in
    the expansion's rule set, and checks at least one of its rules (X-...-N)."""
    e = CATALOGUE[ability]
    script = tut.Script(tut.scenario_path(f"{e.expansion}/{ability}"))
    assert script.title.startswith(f"{e.english} ("), script.title
    assert script.expansions == [e.expansion]
    assert any(r.startswith(e.rule.rsplit("-", 2)[0]) for r in script.rules), script.rules
    assert any(s.action.get("do") == "end_turn" for s in script.steps)


def test_the_leader_games_cover_every_leader_rule():
    rules = {r for p in (tut.SCENARIOS / "leaders").glob("*.yaml")
             for r in tut.Script(p).rules}
    assert {f"X-LEAD-{k}" for k in range(1, 6)} | {"A-LEAD-01"} <= rules


def test_module_table_shows_what_a_module_keeps_beside_the_board():
    assert tut.module_table(Game.new("base-2p", ["ann", "bob"], seed=0)).empty
    script = tut.Script(tut.scenario_path("necromancer/souls"))
    game, _ = script.replay(20)
    table = tut.module_table(game)
    assert table.loc[("necromancer", "reserve"), "value"] == "10"
    assert table.loc[("necromancer", "well"), "value"] == "Ghosts, Lost Tribes"
    river = tut.module_table(tut.Script(tut.scenario_path("river_world/rivers")).replay(8)[0])
    assert river.loc[("river_world", "caravel"), "value"] == "w3"
    ship = tut.position_table(tut.Script(tut.scenario_path("river_world/rivers")).new_game())
    assert ship.loc["w2", "owner"] == "" and ship.loc["w2", "tokens"] == 1
    assert river.loc[("river_world", "face down"), "value"] == "storm, pirates, harsh winter"


def test_rule_link_points_at_the_rules_reference():
    assert tut.rule_link("X-CUR-GOB-1") == (
        "[X-CUR-GOB-1](../docs/rules/surface-expansions.md#X-CUR-GOB-1)")
    assert tut.rule_link("A-GD-01").endswith("(../docs/rules/ambiguities.md#A-GD-01)")
    assert tut.rule_link("B-READY-1").endswith("(../docs/rules/base-game.md#B-READY-1)")
    for name in ("X-CUR-GOB-1", "A-GD-01", "B-READY-1"):
        page = tut.rule_link(name).split("(../")[1].split("#")[0]
        assert f'id="{name}"' in (tut.ROOT / page).read_text(encoding="utf-8")


def test_position_table_shows_pieces_and_coins_on_regions():
    script = tut.Script(tut.scenario_path("grand_dames/gypsies"))
    game, _ = script.replay(10)  # the Gypsies have just given a region up
    assert "1 coin" in tut.position_table(game).loc["a", "markers"]
    script = tut.Script(tut.scenario_path("be_not_afraid/catapult"))
    game, _ = script.replay(6)
    assert "catapult" in tut.position_table(game).loc["a", "markers"]


def test_underground_tables_name_monsters_relics_and_places_U_MON_2_U_MON_4():
    """U-MON-2: the 2 Monsters are m's occupant and cost (2 + 2); U-CHASM-1: a chasm has no
    cost, only its refusal; U-MON-4: the Relic laid face up in m is named (in French too), and
    the module's table leaves out the engine's bookkeeping when asked."""
    script = tut.Script(tut.scenario_path("underground/caverns"))
    game, _ = script.replay(1)
    costs = tut.quote_table(game)
    assert costs.loc["m", "occupant"] == "2 Monsters" and costs.loc["m", "cost"] == 4
    assert costs.loc["x", "cost"] == "" and costs.loc["x", "why not"].startswith("U-CHASM-1")
    game, _ = script.replay(5)
    assert tut.position_table(game).loc["m", "markers"] == "The Sword of the Killer Rabbit"
    found = tut.module_table(game, leave=("used",))
    assert list(found.index) == [("underground", "found"), ("underground", "face down")]
    assert found["value"].tolist() == ["The Sword of the Killer Rabbit", "The Diamond Fields"]
    try:
        tut.set_language("fr")
        assert tut.position_table(game).loc["m", "marqueurs"] == "L'Épée Vorpale"
        assert tut.quote_table(game).loc["d", "occupant"] == "2 Monstres"
    finally:
        tut.set_language("en")


# -- the combo column (B-COMBO) ----------------------------------------------------------
@pytest.mark.parametrize("race", BASE_RACES)
def test_combo_tokens_is_what_the_engine_hands_out_B_COMBO_4(race):
    """Banner + badge; the Amazons' banner reads "6 +4" (B-RACE-AMAZONS-1)."""
    game = Game.new(TWO_REGIONS, ["ann", "bob"], races=[race], powers=["stout"])
    game.apply({"by": "ann", "do": "pick", "combo": 0})
    assert game.hand("ann") == tut.combo_tokens(race, "stout")


@pytest.mark.parametrize("power", BASE_POWERS)
def test_combo_tokens_of_each_power_B_COMBO_4(power):
    game = Game.new(TWO_REGIONS, ["ann", "bob"], races=["ratmen"], powers=[power])
    game.apply({"by": "ann", "do": "pick", "combo": 0})
    assert game.hand("ann") == tut.combo_tokens("ratmen", power) == 8 + CATALOGUE[power].tokens


def test_combo_tokens_by_hand_B_COMBO_4():
    assert tut.combo_tokens("amazons", "commando") == 6 + 4 + 4
    assert tut.combo_tokens("ratmen", "merchant") == 8 + 2
    assert tut.combo_tokens("dwarves", "fortified") == 3 + 3
    grid = tut.combo_grid()
    assert grid.shape == (14, 20)
    assert grid.loc["Amazons", "Bivouacking"] == 15
    assert grid.loc["Dwarves", "Merchant"] == 5


def test_offer_pays_one_coin_per_combo_above_and_collects_coins_lying_B_COMBO_2_3():
    """column.yaml after ann took position 3 (1 coin on each of positions 0-2) and passed:
    bob, 5 coins, pays 1 for position 1 and collects the 1 coin lying on it."""
    game, _ = tut.Script(tut.scenario_path("column")).replay(4)
    assert game.current == "bob"
    o = tut.offer(game, 1)
    assert (o["race"], o["power"], o["tokens"]) == ("Humans", "Merchant", 7)
    assert (o["pay"], o["collect"], o["coins before"], o["coins after"]) == (1, 1, 5, 5)
    top = tut.offer(game, 0)
    assert (top["pay"], top["collect"], top["coins after"]) == (0, 1, 6)
    table = tut.column_table(game)
    assert table["pay"].tolist() == [0, 1, 2, 3, 4, 5]
    assert table["collect"].tolist() == [1, 1, 1, 0, 0, 0]
    assert "bob pays 1 coin" in tut.offer_text(game, 1)
    assert "coins 5 → 5" in tut.offer_text(game, 1)


def test_offer_not_affordable_B_COMBO_3():
    game, _ = tut.Script(tut.scenario_path("column")).replay(2)  # ann paid 3: 2 coins left
    game.apply({"by": "ann", "do": "end_turn"})
    game.apply({"by": "bob", "do": "pick", "combo": 0})
    game.apply({"by": "bob", "do": "end_turn"})
    game.apply({"by": "carol", "do": "pick", "combo": 0})
    game.apply({"by": "carol", "do": "end_turn"})
    # ann has an active race: only her coins matter for the offer
    o = tut.offer(game, 5)
    assert o["coins before"] == 2 and o["pay"] == 5 and o["affordable"] is False
    assert tut.offer_text(game, 5).endswith("Not affordable!")


# -- conquest (B-CONQ, B-FINAL) ----------------------------------------------------------
def test_quote_table_after_the_first_pick_B_CONQ_1_2_4():
    """conquest.yaml after ann's pick (base-2p): r2 empty farmland on the edge costs 2; r6 is a
    mountain, 3; r7 (inland, Lost Tribe) costs 3 but is no border region; r1 is a sea."""
    game, _ = tut.Script(tut.scenario_path("conquest")).replay(2)
    table = tut.quote_table(game)
    assert table.loc["r2", "cost"] == 2 and table.loc["r2", "allowed"] == "yes"
    assert table.loc["r6", "breakdown"] == "base 2 + mountain 1"
    assert table.loc["r12", "breakdown"] == "base 2 + lost tribe 1"
    assert table.loc["r7", "cost"] == 3 and table.loc["r7", "allowed"] == "no"
    assert table.loc["r7", "why not"].startswith("B-CONQ-1:")
    assert table.loc["r1", "cost"] == "" and table.loc["r1", "why not"].startswith("B-CONQ-4:")
    assert tut.quote_text(game, "r6") == "r6: 3 tokens = base 2 + mountain 1"
    assert tut.quote_text(game, "r7").startswith("r7: not allowed now: [B-CONQ-1]")


def test_quote_of_an_occupied_region_B_CONQ_2():
    """After ann's redeployment r12 holds 3 Ratmen: bob (no race yet) cannot quote it; after
    his pick it costs 2 + 3 = 5 (conquest.yaml step 16)."""
    script = tut.Script(tut.scenario_path("conquest"))
    game, _ = script.replay(13)
    assert tut.quote_text(game, "r12").startswith("r12: not allowed now: [B-FLOW-4]")
    game, _ = script.replay(15)
    assert tut.quote_text(game, "r12") == "r12: 5 tokens = base 2 + Ratmen 3"


def test_die_odds_B_COMP_6_B_FINAL_3():
    """Faces 0, 0, 0, 1, 2, 3: 1 short wins on 1, 2, 3 (1/2); 2 short on 2, 3; 3 short on 3."""
    odds = tut.die_odds()
    assert odds["chance"].tolist() == ["1", "1/2", "1/3", "1/6"]
    assert odds["winning faces"].tolist() == [6, 3, 2, 1]
    assert odds.loc[2, "P(success)"] == pytest.approx(float(Fraction(1, 3)))


# -- scripts -------------------------------------------------------------------------------
def test_script_records_refusals_and_changes_nothing_B_FLOW_4():
    script = tut.Script(tut.scenario_path("conquest"))
    game, played = script.replay(1)
    assert played[0].refusal is not None and played[0].refusal.rule == "B-FLOW-4"
    assert played[0].text.startswith("refused: [B-FLOW-4]")
    assert game.log == []


def test_script_waits_for_the_defenders_own_redeploy_B_LOSS_2():
    """bob took r12 from ann (3 Ratmen: 1 lost, 2 back); the file's next step after bob's
    end_turn is ann's own redeploy, so replay leaves it to her; bob's 4 withdrawn Humans after
    ann's turn 2 have no such step and go to his only region, r18 (4 + 4)."""
    script = tut.Script(tut.scenario_path("conquest"))
    game, _ = script.replay(18)
    assert game.to_act == "ann" and game.hand("ann") == 2
    game, _ = script.replay(19)
    assert game.to_act == "ann" and game.hand("ann") == 0
    assert game.tokens[game.board.region("r13")] == 4
    game, played = script.replay()
    assert game.tokens[game.board.region("r18")] == 8
    assert "bob places withdrawn Humans: r18 8" in played[-1].text


def test_timeline_of_the_sample_game_B_SCORE_B_END_1():
    """sample-game.yaml: ann 44, bob 42 after turn 5; ann scored 7 at the end of turn 1
    (3 regions + 2 farmlands + Alchemist 2), bob 7 (3 regions + 3 non-empty + 1 hill)."""
    script = tut.Script(tut.scenario_path("sample-game"))
    timeline = script.timeline()
    assert len(timeline) == len(script) == 41
    assert timeline.iloc[-1][["coins ann", "coins bob"]].tolist() == [44, 42]
    assert timeline.loc[41, "turn"] == 5 and timeline.loc[41, "action"] == "ends the turn"
    assert timeline.loc[1, "coins ann"] == 4  # position 1 costs 1 coin
    ends = script.turn_ends()
    assert len(ends) == 10 and ends[-1] == 41
    game, _ = script.replay(ends[0])
    assert tut.score_table(game, "ann")[["what", "coins"]].values.tolist() == [
        ["Humans: 3 regions", 3], ["Humans: 2 farmland", 2], ["Alchemist", 2]]
    game, _ = script.replay(ends[1])
    assert tut.coins_table(game).loc[["ann", "bob"], "coins"].tolist() == [11, 11]


def test_step_html_reports_the_step_before_the_turn_moves_on():
    script = tut.Script(tut.scenario_path("sample-game"))
    html = script.step_html(41)
    assert "Step 41 of 41</b> · turn 5: bob · ends the turn" in html
    assert "the game is over: ann wins" in html
    assert "<b>Start</b>" in script.step_html(0)


def test_step_html_links_the_rules_of_its_score_lines():
    """A step's report (shown in the chapters' tabs) links each score line's rule into the
    rules reference, as the rest of the tutorial does (B-SCORE-1: 1 coin a region)."""
    script = tut.Script(tut.scenario_path("come-back"))
    html = script.step_html(12)
    assert '<td><a href="../docs/rules/base-game.md#B-SCORE-1">B-SCORE-1</a></td>' in html
    assert "<td>Ratmen: 3 regions</td>" in html
    assert tut.linked("a < b, see X-LEAD-1") == (
        'a &lt; b, see <a href="../docs/rules/surface-expansions.md#X-LEAD-1">X-LEAD-1</a>')


def test_sample_game_decline_keeps_one_token_per_region_B_DECL_3():
    script = tut.Script(tut.scenario_path("sample-game"))
    k = next(k for k, s in enumerate(script.steps, 1) if s.action["do"] == "decline")
    game, _ = script.replay(k)
    table = tut.position_table(game)
    humans = table[table.race == "Humans (in decline)"]
    assert sorted(humans.index) == ["r12", "r2", "r6", "r7"]
    assert humans.tokens.tolist() == [1, 1, 1, 1]


def test_position_table_lists_markers_B_RACE_TROLLS_1():
    game, _ = tut.Script(tut.scenario_path("abilities/trolls")).replay(4)
    table = tut.position_table(game)
    assert table.loc["cave", "markers"] == "lair" and table.loc["cave", "tokens"] == 8
    assert table.loc["bridge", "race"] == "Trolls"


def test_step_comments_follow_the_steps():
    text = (
        "title: t\n"
        "steps:\n"
        "  # Turn 1.\n"
        "  - {by: ann, do: pick, combo: 0}     # free\n"
        "  - check:\n"
        "      coins: {ann: 5}                 # still 5\n"
        "  - {by: ann, do: conquer, region: 'a#b'}\n"
        "  # -- the end --\n"
        "  - {by: ann, do: end_turn}   # bye\n"
        "rules: [x]   # not a step\n"
    )
    assert tut.step_comments(text) == ["Turn 1 · free", "still 5", "", "the end · bye"]


def test_script_notes_come_from_the_file():
    script = tut.Script(tut.scenario_path("conquest"))
    assert script.steps[0].note == "Turn 1, ann · no race yet: pick a combo first"
    assert script.steps[4].note == "empty farmland on the edge: the base cost 2"
    assert script.steps[4].cost == 2 and not script.steps[4].rejected
    assert script.steps[2].rejected


def test_action_text():
    """The sentence of the action's word (swcore.words), without the player."""
    assert tut.action_text({"by": "a", "do": "conquer", "region": "r3", "reinforce": True}) == (
        "conquers r3 with the reinforcement die")
    assert tut.action_text({"by": "a", "do": "conquer", "region": "g3", "race": "ghouls"}) == (
        "conquers g3 with the Ghouls")
    assert tut.action_text({"by": "a", "do": "redeploy", "tokens": {"x": 2, "y": 1}}) == (
        "redeploys: x 2, y 1")
    assert tut.action_text({"by": "a", "do": "heroes", "regions": ["x", "y"]}) == (
        "places the Heroes in x and y")


# -- tables ------------------------------------------------------------------------------
def test_catalogue_table_names_and_counts_B_COMP_3():
    table = tut.catalogue_table()
    assert len(table) == 34
    assert len(tut.catalogue_table("race")) == 14 and len(tut.catalogue_table("power")) == 20
    assert table.loc["sorcerers", "French"] == "Sorciers"
    assert table.loc["wizards", "French"] == "Mages"
    assert table.loc["skeletons", "box"] == 20 and table.loc["merchant", "box"] == ""
    assert table.loc["amazons", "tokens"] == 6


def test_board_table_border_regions_B_CONQ_1():
    """base-2p: r22 is inland but borders the edge sea r23, so it is a border region; r7
    only borders the lake (not an edge) and is not; seas are never border regions."""
    table = tut.board_table("base-2p")
    assert table.loc["r22", "border region"] == "yes" and table.loc["r7", "border region"] == "no"
    assert table.loc["r1", "border region"] == "no"  # yes/no for a learner, not True/False
    assert table.loc["r7", "lost tribe"] == "yes" and table.loc["r7", "coastal"] == "yes"
    assert (table["lost tribe"] == "yes").sum() == 9


# -- experiments -------------------------------------------------------------------------
def test_decline_timing_declines_exactly_when_asked_B_DECL_1():
    df = tut.decline_timing("base-2p", seeds=[0, 1], turns=[3, None])
    assert df["declined"].tolist() == [True, False, True, False]
    assert set(df["decline turn"]) == {3, "never"}
    game = Game.new("base-2p", ["P1", "P2"], seed=0)
    bot = tut.DeclineAt(3, 0)
    play(game, {"P1": bot, "P2": GreedyBot(1)})
    assert bot.declined_at == [3]
    assert sum(1 for e in game.log if e["by"] == "P1" and e["do"] == "decline") == 1


def test_with_interval_is_the_wilson_interval():
    table = pd.DataFrame({"games": [10, 4], "wins": [5, 0]}, index=["half", "none"])
    out = tut.with_interval(table)
    assert out.loc["half", ["low", "high"]].tolist() == [0.237, 0.763]
    assert out.loc["none", ["low", "high"]].tolist() == [0.0, 0.49]
