"""The 15 Underground races (U-RACE-*, rulings AU-*): outcomes worked out by hand from the French
rule book (seed 002, p.10-11). Banner values: Cultists 5, Drow 4, Flames 4, Gnomes 6, Iron
Dwarves 7, Kraken 5, Liches 5, Lizardmen 7, Mudmen 5, Mummies 10, Ogres 5, Shadow Mimes 7,
Shrooms 5, Spiderines 7, Will-o'-Wisps 6; badges Stone 4, Mining 4, Muddy 3, Mystic 4."""

from __future__ import annotations

import pytest
from gamehelpers import act, refused
from ughelpers import EDGE, at, board, cost, game, scored, tokens

from swcore import Game

# a mine(edge) - b mudpool - c mushroom forest - d mystic crystals(edge); b - e mudpool
LINE = board({"a": ("mine", EDGE), "b": "mudpool", "c": "mushroom_forest",
              "d": ("mystic_crystals", EDGE), "e": "mudpool"}, "a-b b-c c-d b-e")


def test_U_RACE_OGRES_1_one_token_less_minimum_one():
    g = game("ogres", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)  # 5 + 4 = 9
    assert act(g, "ann", "conquer", region="a")[0].data["cost"] == 1  # 2 - 1
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Mummies
    # ann's 9 Ogres all stand in a (one region): 2 + 9 + Mummies 1
    assert cost(g, "a", "bob") == 12


def test_U_RACE_MUMMIES_1_one_token_more():
    g = game("mummies", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    ev = act(g, "ann", "conquer", region="a")
    assert ev[0].data["cost"] == 3 and ("Mummies", 1) in ev[0].data["breakdown"]


def test_U_RACE_SHROOMS_1_one_coin_per_mushroom_forest():
    g = game("shrooms", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)  # 5 + 4 = 9
    for r in ("d", "c", "b"):
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 3 + 1  # 3 regions, 1 Mushroom Forest (c)


def test_U_RACE_DROW_1_regions_with_no_other_race_around():
    """AU-31: b borders e, where Monsters stand; a and c border no other race."""
    m = board({"a": ("mine", EDGE), "b": "mudpool", "c": ("mine", EDGE),
               "e": ("mudpool", {"symbols": ["monster"]})}, "a-b b-c b-e")
    g = game("drow", "stone", map=m)
    act(g, "ann", "pick", combo=0)  # 4 + 4 = 8
    for r in ("a", "b", "c"):
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 3 + 2  # a and c


def test_U_RACE_MUDMEN_1_new_tokens_per_mudpool_at_redeployment():
    """AU-25: 2 Mudpools held: 2 tokens from the tray (box 12) placed with the others."""
    g = game("mudmen", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)  # 5 + 4 = 9
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "conquer", region="e")
    act(g, "ann", "end_turn")  # 3 left + 2 new: 9 + 2 on the board
    assert sum(tokens(g, "a", "b", "e")) == 11 and g.tray("mudmen") == 1


def test_U_RACE_MUDMEN_1_nothing_once_the_tray_is_empty():
    g = game("mudmen", "stone", map=LINE, supply={"mudmen": 9})
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "end_turn")
    assert sum(tokens(g, "a", "b")) == 9 and g.tray("mudmen") == 0


def test_U_RACE_SHADOW_MIMES_1_swap_the_badge_when_picked():
    """AU-27: the Mimes take 7 + the badge they end with; the other combo gets theirs."""
    g = game("shadow_mimes", "muddy", ("ogres", "stone"), map=LINE)
    ev = act(g, "ann", "pick", combo=0, swap=1)
    assert g.armies["shadow_mimes"].powers == ("stone",) and g.hand("ann") == 7 + 4
    assert [e.data["change"] for e in ev if e.kind == "swap"] == [4 - 3]
    assert g.column[0][:2] == ["ogres", "muddy"]


def test_U_RACE_SHADOW_MIMES_1_only_the_mimes_swap():
    g = game("ogres", "muddy", ("shadow_mimes", "stone"), map=LINE)
    assert refused(g, "ann", "pick", combo=0, swap=1) == "U-RACE-SHADOW-MIMES-1"
    assert refused(g, "ann", "pick", combo=1, swap=1) == "AU-27"


def test_U_RACE_LIZARDMEN_1_through_the_river():
    """AU-22: from a, across the rivers r1 and r2, b is adjacent for the Lizardmen only."""
    m = board({"a": ("mine", EDGE), "r1": "river", "r2": "river", "b": "mudpool"},
              "a-r1 r1-r2 r2-b")
    g = game("lizardmen", "stone", ("ogres", "mining"), map=m)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    assert act(g, "ann", "conquer", region="b")[0].data["cost"] == 2


def test_U_RACE_LIZARDMEN_2_they_never_stay_in_the_river():
    m = board({"a": ("mine", EDGE), "r1": "river", "r2": "river", "b": "mudpool"},
              "a-r1 r1-r2 r2-b")
    g = game("lizardmen", "stone", map=m)
    act(g, "ann", "pick", combo=0)  # 7 + 4 = 11
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="r2")  # 1
    act(g, "ann", "end_turn")
    assert g.owner[at(g, "r2")] is None and tokens(g, "a") == (11,)


def test_U_RACE_LIZARDMEN_1_others_must_cross_by_conquest():
    m = board({"a": ("mine", EDGE), "r1": "river", "r2": "river", "b": "mudpool"},
              "a-r1 r1-r2 r2-b")
    g = game("ogres", "stone", map=m)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    assert refused(g, "ann", "conquer", region="b") == "B-CONQ-5"


# a(edge) - b - c - d(edge);  x, a chasm with a Volcano symbol, borders b, c and e
CHASMS = board({"a": ("mine", EDGE), "b": "mudpool", "x": ("chasm", {"symbols": ["volcano"]}),
                "c": "mushroom_forest", "d": ("mine", EDGE), "e": "mystic_crystals"},
               "a-b b-c b-x x-c c-d x-e")


def test_U_RACE_SPIDERINES_1_regions_by_a_chasm_are_adjacent():
    g = game("spiderines", "stone", map=CHASMS)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="e")  # not adjacent to a, but it borders the chasm
    assert g.owner[at(g, "e")] == 0


def test_U_RACE_SPIDERINES_2_first_conquest_by_a_chasm():
    g = game("spiderines", "stone", map=CHASMS)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="c")  # not on the edge
    assert g.owner[at(g, "c")] == 0


def test_U_CHASM_2_others_get_no_adjacency_from_a_chasm():
    g = game("ogres", "stone", map=CHASMS)
    act(g, "ann", "pick", combo=0)
    assert refused(g, "ann", "conquer", region="e") == "B-CONQ-1"
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    assert refused(g, "ann", "conquer", region="e") == "B-CONQ-5"


def test_U_RACE_FLAMES_1_2_the_volcano_and_conquest_as_if_empty():
    """AU-15, AU-19: the Volcano goes on x; ann's 7 Mummies in c (bordering x) are not counted;
    d (7 Mummies) counts them until the Flames hold c, next to the Volcano, then not."""
    g = game("mummies", "stone", ("flames", "mining"), map=CHASMS)
    act(g, "ann", "pick", combo=0)  # Mummies 10 + 4 = 14
    act(g, "ann", "conquer", region="d")  # 3
    act(g, "ann", "conquer", region="c")  # 3
    act(g, "ann", "end_turn")  # 8 more: d 7, c 7
    assert tokens(g, "c", "d") == (7, 7)
    act(g, "bob", "pick", combo=0)  # Flames 4 + 4 = 8
    assert g.pieces["volcano"] == at(g, "x")
    assert cost(g, "c", "bob") == 2
    assert cost(g, "d", "bob") == 2 + 7
    act(g, "bob", "conquer", region="a")
    act(g, "bob", "conquer", region="b")
    ev = act(g, "bob", "conquer", region="c")  # as if empty: ann loses 1, withdraws 6
    assert ev[0].data["cost"] == 2 and g.owner[at(g, "c")] == 1
    assert cost(g, "d", "bob") == 2  # next to c, on the Volcano's chain


def test_U_RACE_FLAMES_1_the_volcano_leaves_with_the_decline():
    g = game("flames", "stone", map=CHASMS)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    assert g.pieces["volcano"] is None


def test_U_RACE_KRAKEN_1_the_kraken_stay_in_the_river_and_score_it():
    m = board({"r": ("river", EDGE), "a": "mine"}, "r-a")
    g = game("kraken", "stone", ("ogres", "mining"), map=m)
    act(g, "ann", "pick", combo=0)  # 5 + 4 = 9
    assert act(g, "ann", "conquer", region="r")[0].data["cost"] == 1
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    assert g.owner[at(g, "r")] == 0 and scored(g, "ann") == 2


def test_U_RIVER_2_other_races_empty_the_river():
    m = board({"r": ("river", EDGE), "a": "mine"}, "r-a")
    g = game("ogres", "stone", map=m)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="r")
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    assert g.owner[at(g, "r")] is None and tokens(g, "a") == (9,) and scored(g, "ann") == 1


def test_U_RACE_LICHES_1_in_decline_an_opponent_pays_a_coin():
    g = game("liches", "stone", ("ogres", "mining"), map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")  # ann 5 + 1
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "end_turn")  # bob 5 + 1
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")  # ann 6 + 1
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "conquer", region="b")
    act(g, "bob", "conquer", region="a")  # the Liches' region: 1 coin to ann at once
    assert g.coins == [8, 5]


def test_U_RACE_LICHES_1_active_liches_are_not_paid():
    g = game("liches", "stone", ("ogres", "mining"), map=LINE, values={"liches": 2, "stone": 0})
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="a")
    assert g.coins == [6, 5]


def test_U_RACE_LICHES_2_no_coin_no_attack():
    g = game("liches", "stone", ("ogres", "mining"), map=LINE, coins={"ann": 5, "bob": 0})
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")  # no region: bob still has 0
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")
    assert g.coins[1] == 0
    assert refused(g, "bob", "conquer", region="a") == "U-RACE-LICHES-2"


def test_U_RACE_GNOMES_1_only_plain_adjacency_and_plain_cost():
    """AU-23: the Spiderines may not jump to the Gnomes across the chasm; the Ogres' -1 does not
    apply against them; the Mummies' +1 still does."""
    g = game("gnomes", "stone", ("spiderines", "mining"), map=CHASMS)
    act(g, "ann", "pick", combo=0)  # 6 + 4 = 10
    act(g, "ann", "conquer", region="d")
    act(g, "ann", "conquer", region="c")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="a")
    assert refused(g, "bob", "conquer", region="c") == "U-RACE-GNOMES-1"
    act(g, "bob", "conquer", region="e")  # by the chasm, but no Gnome there
    assert g.owner[at(g, "e")] == 1


def test_U_RACE_GNOMES_1_no_discount_against_them():
    g = game("gnomes", "stone", ("ogres", "mining"), map=LINE)
    act(g, "ann", "pick", combo=0)  # 10
    act(g, "ann", "conquer", region="d")
    act(g, "ann", "conquer", region="c")
    act(g, "ann", "end_turn")  # 6 more, fewest first: c 5, d 5
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="a")  # 1 (Ogres -1 on an empty region)
    act(g, "bob", "conquer", region="b")
    assert tokens(g, "c") == (5,) and cost(g, "c", "bob") == 2 + 5


def test_U_RACE_GNOMES_1_in_decline_the_shield_is_gone():
    g = game("gnomes", "stone", ("ogres", "mining"), map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="d")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")
    assert cost(g, "d", "bob") == 2 + 1 - 1  # one in-decline Gnome, Ogres -1


def test_U_RACE_CULTISTS_1_2_the_great_ancient():
    """AU-20: the Great Ancient stands in the first region conquered (immune to bob); regions
    next to it cost the Cultists 1 less."""
    g = game("cultists", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)  # 5 + 4 = 9
    act(g, "ann", "conquer", region="a")
    assert g.pieces["great_ancient"] == at(g, "a")
    assert act(g, "ann", "conquer", region="b")[0].data["cost"] == 1  # next to a
    assert act(g, "ann", "conquer", region="c")[0].data["cost"] == 2  # not next to a
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    assert refused(g, "bob", "conquer", region="a") == "U-RACE-CULTISTS-1"


def test_U_RACE_CULTISTS_3_the_great_ancient_moves_at_the_start_of_the_turn():
    g = game("cultists", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "great_ancient", region="b")
    assert g.pieces["great_ancient"] == at(g, "b")
    assert act(g, "ann", "conquer", region="e")[0].data["cost"] == 1  # next to b now
    act(g, "ann", "end_turn")
    act(g, "bob", "end_turn")
    act(g, "ann", "conquer", region="c")
    assert refused(g, "ann", "great_ancient", region="a") == "U-RACE-CULTISTS-3"


def test_U_RACE_CULTISTS_4_the_great_ancient_leaves_with_the_decline():
    g = game("cultists", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    assert g.pieces["great_ancient"] is None


def test_U_RACE_IRON_DWARVES_1_2_silver_hammers():
    """AU-24: 1 Mine held at the end of turn 1: 1 hammer, usable from turn 2, paying 1 token."""
    g = game("iron_dwarves", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)  # 7 + 4 = 11
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    ev = act(g, "ann", "conquer", region="b")
    assert ev[0].data["cost"] == 1 and ev[0].data["committed"] == 1  # 2 - 1 hammer
    assert act(g, "ann", "conquer", region="c")[0].data["cost"] == 2  # the one hammer is used


def test_U_RACE_IRON_DWARVES_2_hammers_asked_for():
    g = game("iron_dwarves", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "end_turn")
    assert refused(g, "ann", "conquer", region="b", hammers=2) == "U-RACE-IRON-DWARVES-2"
    assert act(g, "ann", "conquer", region="b", hammers=0)[0].data["cost"] == 2


def test_U_RACE_WILL_O_WISPS_1_the_early_die():
    """AU-26: d is a Mystic Crystal region: the die (2) first, cost 2 - 2 -> 1."""
    g = game("will_o_wisps", "stone", map=LINE, dice=[2])
    act(g, "ann", "pick", combo=0)  # 6 + 4 = 10
    ev = act(g, "ann", "conquer", region="d", early_die=True)
    assert ev[0].data["cost"] == 1
    act(g, "ann", "conquer", region="c")  # conquests go on
    assert g.owner[at(g, "c")] == 0


def test_U_RACE_WILL_O_WISPS_1_a_short_roll_ends_the_conquests():
    g = game("will_o_wisps", "stone", map=LINE, dice=[0], values={"will_o_wisps": 1, "stone": 0})
    act(g, "ann", "pick", combo=0)  # 1 token
    ev = act(g, "ann", "conquer", region="d", early_die=True)
    assert [e.kind for e in ev] == ["final_failed"]
    assert refused(g, "ann", "conquer", region="d") == "B-FINAL-4"


def test_U_RACE_WILL_O_WISPS_1_only_by_the_crystals():
    g = game("will_o_wisps", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    assert refused(g, "ann", "conquer", region="a", early_die=True) == "U-RACE-WILL-O-WISPS-1"


def test_AU_18_the_flames_enter_next_to_the_volcano_as_an_option():
    g = game("flames", "stone", map=CHASMS, options={"flames_volcano_entry": True})
    act(g, "ann", "pick", combo=0)
    assert refused(g, "ann", "conquer", region="a") == "AU-18"  # on the edge, far from x
    act(g, "ann", "conquer", region="e")  # next to the Volcano, not on the edge
    assert g.owner[at(g, "e")] == 0


def test_AU_21_spiderines_chasm_network_as_an_option():
    """By default every region by a chasm is adjacent to any Spiderine region (a -> e); with
    the narrower reading only to their regions by a chasm (b -> e)."""
    g = game("spiderines", "stone", map=CHASMS, options={"spiderines_chasm_network": True})
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    assert refused(g, "ann", "conquer", region="e") == "B-CONQ-5"
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "conquer", region="e")
    assert g.owner[at(g, "e")] == 0


def test_AU_27_the_mimes_pay_before_the_swap():
    """B-COMBO-2 then AU-27: the coins laid on the combos above are those of the badges before
    the swap (the Cursed badge, 3 coins with the Cursed! rules, moves only afterwards)."""
    g = Game.new(LINE, ["ann", "bob"], races=["ogres", "shadow_mimes", "mummies"],
                 powers=["stone", "immortal", "cursed"], expansions=["underground", "cursed"],
                 pool=["underground", "cursed"])
    act(g, "ann", "pick", combo=1, swap=2)  # 1 coin on the Ogres' combo; then Cursed for Immortal
    assert g.coins[0] == 4 and g.column[0][2] == 1
    assert g.armies["shadow_mimes"].powers == ("cursed",) and g.column[1][1] == "immortal"


def test_U_RACE_IRON_DWARVES_1_the_hammers_on_the_map_legend():
    """What the table assistant draws in front of the player: the hammers usable this turn."""
    from swcore.rules import map_items

    g = game("iron_dwarves", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    items = [x for x in map_items(g) if x["kind"] == "hammer"]
    assert [(x["count"], x["player"], x["region"]) for x in items] == [(1, 0, None)]


def test_U_RACE_WILL_O_WISPS_1_the_table_enters_the_early_die():
    """AU-26, B-COMP-6: at a table the face rolled there goes with the early die (`roll`), like
    the final die's: 1 token, d costs 2; the script would roll a blank but the table's 3 makes
    it 1 (minimum 1), so d is taken and the log keeps the 3 for a replay."""
    g = game("will_o_wisps", "stone", map=LINE, dice=[0], values={"will_o_wisps": 1, "stone": 0})
    act(g, "ann", "pick", combo=0)
    ev = act(g, "ann", "conquer", region="d", early_die=True, roll=3)
    assert ev[0].kind == "conquer" and ev[0].data["cost"] == 1 and g.owner[at(g, "d")] == 0
    assert g.log[-1]["roll"] == 3
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_U_RACE_WILL_O_WISPS_1_a_die_result_needs_a_die():
    """B-FINAL-1: a conquest that rolls no die takes no die result (nothing changes)."""
    from swcore.errors import InputError

    g = game("will_o_wisps", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    before = g.to_json()
    with pytest.raises(InputError):
        g.apply({"by": "ann", "do": "conquer", "region": "d", "roll": 3})
    assert g.to_json() == before


def test_U_RACE_WILL_O_WISPS_1_the_app_offers_the_die_faces():
    """The region card's die row (inputs.die_applies) is offered for the early die as for the
    final die (U-DIE-5)."""
    from dashboards import inputs
    from swcore.actions import Action

    g = game("will_o_wisps", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    early = next(a for a in g.legal_actions() if a.do == "conquer" and a.args.get("early_die"))
    assert inputs.die_applies(g, early)
    plain = Action.trusted("ann", "conquer", region="d")
    assert not inputs.die_applies(g, plain)
