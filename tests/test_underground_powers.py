"""The Underground special powers (U-POWER-*, rulings AU-*): outcomes worked out by hand from
the French rule book (seed 002, p.12-13). Values: Ogres 5, Mummies 10; badges Fisher 4,
Flocking 5, Frightened 4, Immortal 4, Martyr 4, Mining 4, Muddy 3, Mystic 4, Quarreling 3,
Reborn 5, Royal 5, Shield 3, Stone 4, Thieving 4, Tomb 5, Vampire 5, Vanishing 5, Vengeful 4,
Wise 4. Ann plays Ogres (every conquest 1 token less) unless said otherwise."""

from __future__ import annotations

from gamehelpers import act, refused
from ughelpers import EDGE, at, board, game, scored, tokens

from swcore import Game
from swcore.config import make_setup

# a mine(edge) - b mudpool - c mushroom forest - d mystic crystals(edge); b - e mudpool;
# k a Black Mountain on the edge next to a
LINE = board({"a": ("mine", EDGE), "b": "mudpool", "c": "mushroom_forest",
              "d": ("mystic_crystals", EDGE), "e": "mudpool", "k": ("black_mountain", EDGE)},
             "a-b b-c c-d b-e a-k")


def opening(power: str, *regions: str, second: tuple[str, str] = ("mummies", "immortal"), **kw):
    """ann picks Ogres with `power` and conquers `regions`, ends; bob picks `second`."""
    g = game("ogres", power, second, map=kw.pop("map", LINE), **kw)
    act(g, "ann", "pick", combo=0)
    for r in regions:
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    return g


def test_U_POWER_MINING_1():
    g = opening("mining", "a", "b")
    assert scored(g, "ann") == 2 + 1


def test_U_POWER_MYSTIC_1():
    g = opening("mystic", "d", "c")
    assert scored(g, "ann") == 2 + 1


def test_U_POWER_STONE_1_and_U_BM_1():
    g = game("ogres", "stone", map=LINE)
    act(g, "ann", "pick", combo=0)
    assert act(g, "ann", "conquer", region="k")[0].data["cost"] == 2  # 2 + Black Mountain 1 - 1
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 1 + 1


def test_U_POWER_MUDDY_1_also_in_decline():
    g = opening("muddy", "a", "b", "e")  # 5 + 3 = 8
    assert scored(g, "ann") == 3 + 2
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 3 + 2


def test_U_POWER_FISHER_1_pairs_of_coastal_regions():
    """AU-38: a, b and c border the River: one pair; d does not; the River is not coastal."""
    m = board({"r": "river", "a": ("mine", EDGE), "b": "mine", "c": "mine", "d": "mine"},
              "r-a r-b r-c a-b b-c c-d")
    g = opening("fisher", "a", "b", "c", "d", map=m)
    assert scored(g, "ann") == 4 + 1


def split(power: str):
    """ann holds a, b, c, d (one block), then abandons b and c: a and d, two blocks."""
    g = opening(power, "a", "b", "c", "d")
    act(g, "bob", "end_turn")
    act(g, "ann", "abandon", region="b")
    act(g, "ann", "abandon", region="c")
    act(g, "ann", "end_turn")
    return g


def test_U_POWER_FLOCKING_1_one_block():
    assert scored(opening("flocking", "a", "b"), "ann") == 2 + 2
    assert scored(split("flocking"), "ann") == 2


def test_U_POWER_QUARRELING_1_one_coin_per_block():
    assert scored(split("quarreling"), "ann") == 2 + 2
    assert scored(opening("quarreling", "a", "b"), "ann") == 2 + 1


def test_U_POWER_FRIGHTENED_1_regions_of_three_tokens():
    g = opening("frightened", "a")  # all 9 in a
    assert scored(g, "ann") == 1 + 1
    g = opening("frightened", "a", "b", "e", "c", "d", values={"ogres": 2, "frightened": 8})
    # 10 tokens on 5 regions, 5 in hand placed fewest first: every region holds 2
    assert tokens(g, "a", "b", "c", "d", "e") == (2, 2, 2, 2, 2) and scored(g, "ann") == 5


def _attacked(power: str):
    """ann: 4 Ogres in a (2) and b (2); bob's Mummies take a (2 + 2 + 1 = 5)."""
    g = opening(power, "a", "b", values={"ogres": 2, power: 2}, second=("mummies", "stone"))
    assert tokens(g, "a", "b") == (2, 2)
    act(g, "bob", "conquer", region="a")
    return g


def test_U_POWER_IMMORTAL_1_no_token_lost():
    g = _attacked("immortal")
    act(g, "bob", "end_turn")  # ann's 2 withdrawn Ogres go to b
    assert tokens(g, "b") == (4,)


def test_U_POWER_MARTYR_1_a_coin_from_the_bank():
    g = _attacked("martyr")
    assert g.coins == [5 + 2 + 1, 5]  # bob pays nothing
    act(g, "bob", "end_turn")
    assert tokens(g, "b") == (3,)  # one was lost as usual


def test_U_POWER_THIEVING_1_a_coin_from_each_neighbour():
    """bob's active Mummies in c share a border with ann's b: 1 coin from bob."""
    g = opening("thieving", "a", "b")  # ann 5 + 2
    act(g, "bob", "conquer", region="d")  # 3
    act(g, "bob", "conquer", region="c")  # 3
    act(g, "bob", "end_turn")  # bob 5 + 2
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 2 + 1 and g.coins == [7 + 3, 7 - 1]


def test_U_POWER_VANISHING_1_two_coins_a_region_then_gone():
    g = opening("vanishing", "a", "b")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 2 + 2
    assert g.owner[at(g, "a")] is None and g.owner[at(g, "b")] is None
    assert "ogres" not in g.armies and g.race_stack[-1] == "ogres"  # U-DECL-5


def test_U_POWER_WISE_1_two_coins_in_decline():
    g = opening("wise", "a", "b")
    assert scored(g, "ann") == 2
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 2 + 2


def test_U_POWER_TOMB_1_2_every_token_stays_then_moves_on():
    g = opening("tomb", "a", "b")  # 10 Ogres: a 5, b 5
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline", tokens={"a": 7, "b": 3})
    act(g, "ann", "end_turn")
    assert tokens(g, "a", "b") == (7, 3) and scored(g, "ann") == 2
    act(g, "bob", "conquer", region="c")  # 3
    act(g, "bob", "conquer", region="b")  # 2 + 3 + 1
    act(g, "bob", "end_turn")  # ann loses 1 of b's 3, the 2 others go to a
    assert tokens(g, "a") == (9,)


def test_U_POWER_TOMB_1_the_tokens_must_all_stay():
    g = opening("tomb", "a", "b")
    act(g, "bob", "end_turn")
    assert refused(g, "ann", "decline", tokens={"a": 7, "b": 2}) == "U-POWER-TOMB-1"
    assert refused(g, "ann", "decline", tokens={"a": 10}) == "U-POWER-TOMB-1"


def test_U_POWER_ROYAL_1_2_the_queen():
    g = game("ogres", "royal", ("mummies", "stone"), map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "queen", region="b")
    assert refused(g, "ann", "conquer", region="c") == "B-FINAL-4"  # the Queen ends conquests
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="a")
    assert refused(g, "bob", "conquer", region="b") == "U-POWER-ROYAL-1"
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")  # U-POWER-ROYAL-2: she stays and protects
    act(g, "ann", "end_turn")
    assert g.pieces["queen"] == at(g, "b")
    assert refused(g, "bob", "conquer", region="b") == "U-POWER-ROYAL-1"


def test_U_POWER_SHIELD_1_2_mushroom_armor():
    """AU-32: 1 Mushroom Forest held: 1 Armor; by default on the region with the fewest tokens
    and Armors (c and d hold 4 each: the first listed, c); it adds 1 to c's defence."""
    g = opening("shield", "d", "c", second=("mummies", "stone"))  # 5 + 3 = 8
    assert tokens(g, "c", "d") == (4, 4)
    assert g.mk["armor"][at(g, "c")] == 1  # tie: the first listed
    assert g.quote("c", "bob").cost == 2 + 4 + 1 + 1  # Armor, Mummies


def test_U_POWER_SHIELD_1_armors_placed_with_the_redeployment():
    g = game("ogres", "shield", map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="d")
    act(g, "ann", "conquer", region="c")
    assert refused(g, "ann", "redeploy", tokens={"c": 4, "d": 4}, armors={"c": 2}) == "U-POWER-SHIELD-1"
    act(g, "ann", "redeploy", tokens={"c": 2, "d": 6}, armors={"d": 1})
    act(g, "ann", "end_turn")
    assert (g.mk["armor"][at(g, "c")], g.mk["armor"][at(g, "d")]) == (0, 1)


def test_U_POWER_VENGEFUL_1_2_one_token_less_against_an_attacker():
    g = opening("vengeful", "a", "b", second=("mummies", "stone"))  # 9 Ogres: a 5, b 4
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "conquer", region="b")  # 2 + 4 + 1: bob gets a Vengeance marker
    act(g, "bob", "end_turn")
    q = g.quote("c", "ann")
    assert ("Vengeful", -1) in q.breakdown and q.cost == 2 + tokens(g, "c")[0] - 2


def test_U_POWER_VAMPIRE_1_2_a_lone_token_replaced():
    """AU-43: ann's lone Ogre in a (an edge region: bob's first conquest) goes to the tray and a
    Vampire Mummy from the tray (5 left of 15) takes its place; bob's hand is untouched."""
    g = game("ogres", "stone", ("mummies", "vampire"), map=LINE,
             values={"ogres": 1, "stone": 0, "mummies": 5})
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # 5 + 5
    act(g, "bob", "convert", region="a", using="vampire")
    assert g.owner[at(g, "a")] == 1 and tokens(g, "a") == (1,) and g.hand("bob") == 10
    assert g.tray("ogres") == 10


def test_U_POWER_VAMPIRE_1_only_a_lone_active_token():
    g = game("ogres", "stone", ("mummies", "vampire"), map=LINE, values={"ogres": 2, "stone": 0})
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    assert refused(g, "bob", "convert", region="a", using="vampire") == "U-POWER-VAMPIRE-1"


def test_U_POWER_REBORN_1_declined_regions_taken_over():
    """AU-40, U-DEF-8: after picking, 2 Reborn regions get 1 token each of the new active race
    (Shrooms / Stone, 9 of their 10): the first from the tray, the second from hand."""
    g = opening("reborn", "a", "b")
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")
    act(g, "bob", "end_turn")
    act(g, "ann", "pick", combo=0)
    new = g.active[0]
    hand = g.hand("ann")
    act(g, "ann", "reborn", regions=["a", "b"])
    assert g.race[at(g, "a")] == new and g.race[at(g, "b")] == new and tokens(g, "a", "b") == (1, 1)
    assert new == "shrooms" and g.hand("ann") == hand - 1
    assert "ogres" not in g.armies  # no Reborn region left: the banner goes (U-DECL-5)
    assert refused(g, "ann", "reborn", regions=["a"]) in ("AU-40", "U-POWER-REBORN-1")


def test_U_POWER_ADVENTUROUS_1_one_coin_per_place_not_per_relic():
    """a holds the Keep on the Motherland (a Place: +1 defence, +1 coin), b the Sword (a
    Relic): Adventurous counts a only."""
    g = Game(make_setup(LINE, ["ann", "bob"], races=["ogres", "mummies"],
                        powers=["adventurous", "immortal"], expansions=["underground"],
                        extra={"pieces": {"keep_on_the_motherland": "a",
                                          "sword_of_the_killer_rabbit": "b"}}))
    act(g, "ann", "pick", combo=0)  # 5 + 5
    assert act(g, "ann", "conquer", region="a")[0].data["cost"] == 2  # 2 + Keep 1 - 1
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "end_turn")
    items = {it["rule"]: it["coins"] for it in g.last_score[0]}
    assert items["U-POWER-ADVENTUROUS-1"] == 1 and scored(g, "ann") == 2 + 1 + 1  # the Keep's coin


def test_AU_53_thieving_takes_nothing_from_an_immune_neighbour():
    """bob's only region next to ann's is c, where his Queen stands: immune, not robbed."""
    g = game("ogres", "thieving", ("mummies", "royal"), map=LINE)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "queen", region="c")
    act(g, "bob", "end_turn")
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 2


def test_U_POWER_VENGEFUL_1_the_markers_on_the_map_legend():
    from swcore.rules import map_items

    g = opening("vengeful", "a", "b", second=("mummies", "stone"))
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "conquer", region="b")
    assert [(x["kind"], x["player"]) for x in map_items(g)] == [("vengeance", 1)]



def test_AU_44_a_failed_final_conquest_is_an_attack_too():
    """bob's 7 Mummies try ann's a (2 + 5 Ogres + 1 = 8) with the final die: a 0, it fails, but
    bob attacked: his Vengeance marker counts on ann's next turn."""
    g = opening("vengeful", "a", "b", second=("mummies", "stone"), dice=[0],
                values={"mummies": 7, "stone": 0})
    ev = act(g, "bob", "conquer", region="a", reinforce=True)
    assert [e.kind for e in ev if e.kind in ("final_failed", "vengeance")] == ["final_failed", "vengeance"]
    act(g, "bob", "end_turn")
    assert g.armies["ogres"].data["vengeful.marked"] == [1]


def _bag_game(*relics: str) -> Game:
    """ann: Ogres / Magic (5 + 5); the relics lie face up in e (nobody's), as if discovered."""
    return Game(make_setup(LINE, ["ann", "bob"], races=["ogres", "mummies"],
                           powers=["magic", "immortal"], expansions=["underground"],
                           extra={"pieces": {r: "e" for r in relics}}))


def test_U_POWER_MAGIC_1_the_bag_as_the_sword():
    """AU-45: the Sword lies in e, held by nobody: the Bag stands for it, in ann's region a, and
    conquers b for 2 less (2 - Ogres 1 - 2 -> 1); once a turn; back in front of ann at the end."""
    g = _bag_game("sword_of_the_killer_rabbit")
    act(g, "ann", "pick", combo=0)
    assert refused(g, "ann", "bag", relic="sword_of_the_killer_rabbit") == "U-POWER-MAGIC-1"
    act(g, "ann", "conquer", region="k")  # 2 + Black Mountain 1 - 1
    assert refused(g, "ann", "conquer", region="a", using="bag") == "U-PR-1"  # not out yet
    act(g, "ann", "bag", relic="sword_of_the_killer_rabbit")
    assert g.pieces["bag"] == at(g, "k")
    ev = act(g, "ann", "conquer", region="a", using="bag")
    assert ev[0].data["cost"] == 1 and ("Bag-o'-Many-Things as The Sword of the Killer Rabbit", -2) \
        in ev[0].data["breakdown"]
    assert g.pieces["bag"] == at(g, "a")  # it moved as the Sword would
    assert refused(g, "ann", "conquer", region="b", using="bag") == "U-POWER-MAGIC-1"
    act(g, "ann", "end_turn")
    assert g.pieces["bag"] is None and g.pieces["sword_of_the_killer_rabbit"] == at(g, "e")


def test_U_POWER_MAGIC_1_only_a_relic_revealed_on_the_board():
    g = _bag_game()
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    assert refused(g, "ann", "bag", relic="sword_of_the_killer_rabbit") == "U-POWER-MAGIC-1"
    assert [a for a in g.legal_actions() if a.do == "bag"] == []


def test_U_POWER_MAGIC_1_the_bag_as_the_socks():
    """U-RELIC-SOCKS-1 through the Bag: bob's 14 Mummies in a are not counted (2 - 1 -> 1) and
    flee without loss, placed again after ann's turn."""
    g = Game(make_setup(LINE, ["ann", "bob"], races=["ogres", "mummies"],
                        powers=["magic", "stone"], expansions=["underground"],
                        extra={"pieces": {"stinky_trolls_socks": "e"}}))
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="k")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # 10 + 4
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "end_turn")
    assert tokens(g, "c", "d") == (7, 7)
    act(g, "ann", "bag", relic="stinky_trolls_socks")
    ev = act(g, "ann", "conquer", region="a")  # next to k; then b, then c with the Bag
    act(g, "ann", "conquer", region="b")
    ev = act(g, "ann", "conquer", region="c", using="bag")
    assert ev[0].data["cost"] == 1
    act(g, "ann", "end_turn")  # bob's 7 go to d
    assert tokens(g, "d") == (14,)


def test_U_POWER_TOMB_2_B_DECL_8_a_last_tomb_region_lost_loses_every_token():
    """U-POWER-TOMB-2 redeploys in decline only onto a region the race keeps: 10 Ogres in
    decline on a alone, taken by 13 Mummies (2 + 10 + Mummies 1): 1 lost by the conquest, the 9
    others have nowhere to go (B-DECL-8), so all 10 are lost, and the loss says 10, not 1."""
    g = opening("tomb", "a")  # 5 + 5 = 10 Ogres, all on a
    act(g, "bob", "end_turn")
    act(g, "ann", "decline", tokens={"a": 10})
    act(g, "ann", "end_turn")
    events = act(g, "bob", "conquer", region="a")
    loss = next(e for e in events if e.kind == "loss")
    assert (loss.data["lost"], loss.data["withdrawn"]) == (10, 0)
    assert "ogres" not in g.armies and g.tray("ogres") == 10


def test_U_POWER_MAGIC_1_the_bag_as_the_shiny_orb():
    """U-RELIC-ORB-1 through the Bag (AU-45): the Orb lies in e, nobody's. bob's lone Mummy in
    a (next to ann's k) is replaced by an Ogre: ann's tray is empty (10 of 10 out), so from her
    hand (9 -> 8); the Bag moves to a as the Orb would; once a turn."""
    g = _bag_game("shiny_orb")
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="k")
    act(g, "ann", "end_turn")
    act(g, "bob", "pick", combo=0)  # Mummies / Immortal: 14
    act(g, "bob", "conquer", region="a")
    act(g, "bob", "conquer", region="b")
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "redeploy", tokens={"a": 1, "b": 1, "c": 12})
    act(g, "bob", "end_turn")
    act(g, "ann", "bag", relic="shiny_orb")
    offered = [a for a in g.legal_actions() if a.do == "convert"]
    assert [(a.region, a.args["using"]) for a in offered] == [("a", "bag")]
    hand = g.armies["ogres"].hand
    act(g, "ann", "convert", region="a", using="bag")
    assert (g.owner[at(g, "a")], tokens(g, "a"), g.armies["ogres"].hand) == (0, (1,), hand - 1)
    assert g.pieces["bag"] == at(g, "a") and g.pieces["shiny_orb"] == at(g, "e")
    assert refused(g, "ann", "convert", region="b", using="bag") == "U-POWER-MAGIC-1"  # lone, but once a turn
    act(g, "ann", "end_turn")
    assert g.pieces["bag"] is None  # back in front of ann (U-POWER-MAGIC-3)


def test_U_POWER_MAGIC_2_the_bag_as_the_scepter():
    """U-RELIC-SCEPTER-1, AU-51 through the Bag: the Scepter lies in a, which ann conquers; the
    Bag may not double a too (U-POWER-MAGIC-2) nor lie outside her regions (AU-52), but doubles
    b: 3 regions + the Scepter's a 1 + the Bag's b 1 = 5."""
    g = Game(make_setup(LINE, ["ann", "bob"], races=["ogres", "mummies"], powers=["magic", "immortal"],
                        expansions=["underground"], extra={"pieces": {"scepter_of_avarice": "a"}}))
    act(g, "ann", "pick", combo=0)
    for r in ("k", "a", "b"):
        act(g, "ann", "conquer", region=r)
    assert refused(g, "ann", "bag", relic="scepter_of_avarice", region="a") == "U-POWER-MAGIC-2"
    assert refused(g, "ann", "bag", relic="scepter_of_avarice", region="e") == "AU-52"
    assert refused(g, "ann", "bag", relic="scepter_of_avarice") == "U-POWER-MAGIC-1"
    assert sorted(a.region for a in g.legal_actions() if a.do == "bag") == ["b", "k"]
    act(g, "ann", "bag", relic="scepter_of_avarice", region="b")
    assert g.pieces["bag"] == at(g, "b")
    assert refused(g, "ann", "conquer", region="c", using="bag") == "U-POWER-MAGIC-1"  # no conquest
    assert not [a for a in g.legal_actions() if a.args.get("using") == "bag"]
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 5 and g.pieces["bag"] is None


def test_U_POWER_MAGIC_1_the_bag_as_froggys_ring():
    """U-RELIC-RING-1, AU-53 through the Bag: the Ring lies in e, nobody's; the Bag stands for
    it in ann's b, which bob's c borders: ann scores 3 regions + 1 and bob gives that coin
    (7 -> 6; ann 8 -> 12)."""
    g = _bag_game("froggys_ring")
    act(g, "ann", "pick", combo=0)
    for r in ("k", "a", "b"):
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")  # 5 + 3
    act(g, "bob", "pick", combo=0)
    act(g, "bob", "conquer", region="d")
    act(g, "bob", "conquer", region="c")
    act(g, "bob", "end_turn")  # 5 + 2
    assert g.coins == [8, 7]
    act(g, "ann", "bag", relic="froggys_ring", region="b")
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 4 and g.coins == [12, 6]


def test_U_COMP_5_a_table_gives_the_armors_in_its_box():
    """U-COMP-8, U-POWER-SHIELD-1: the 8 Armors rest on one source (U-COMP-5): a table's
    `supply` of 0 leaves none to take for the Mushroom Forest c; by default 1 is taken."""
    g = opening("shield", "d", "c", second=("mummies", "stone"))
    assert g.box_of("armor") == 8 and g.mk["armor"][at(g, "c")] == 1
    g = opening("shield", "d", "c", second=("mummies", "stone"), supply={"armor": 0})
    assert g.box_of("armor") == 0 and sum(g.mk["armor"]) == 0


def test_U_POWER_REBORN_1_B_CONQ_4_no_active_token_put_on_a_sea():
    """U-POWER-REBORN-1 puts a token of the active race in a Reborn region: not in a sea the
    in-decline race kept (B-POW-SEAFARING-2, held in decline), which the active race cannot
    hold (B-CONQ-4): refused, and never listed (a Pygmy stood on a sea)."""
    m = board({"a": ("mine", EDGE), "b": "mudpool", "s": ("sea", EDGE)}, "a-b a-s b-s")
    g = opening("reborn", "a", "b", map=m)
    act(g, "bob", "end_turn")
    act(g, "ann", "decline")
    act(g, "ann", "end_turn")
    act(g, "bob", "end_turn")
    s = at(g, "s")
    g.occupy(s, g.race[at(g, "b")], 0, 1)  # as if kept from a Seafaring turn
    act(g, "ann", "pick", combo=0)
    assert refused(g, "ann", "reborn", regions=["s"]) == "B-CONQ-4"
    listed = [a.args["regions"] for a in g.legal_actions() if a.do == "reborn"]
    assert listed and not [r for r in listed if "s" in r]
