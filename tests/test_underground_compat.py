"""Mixing Underground with the surface (U-COMPAT-1…5, AU-68): terrain kinds mapped so that
Underground powers work on a surface map and surface ones underground, Leaders with the
Underground races, and both sets of banners and badges in one pool on any board. Outcomes
worked out by hand from the French rule book (seed 002, p.10)."""

from __future__ import annotations

import pytest
from gamehelpers import act, refused
from ughelpers import EDGE, at, board, scored, tokens

from swcore import Game, InputError
from swcore.catalogue import in_sets
from swcore.config import make_setup

# A surface map: a swamp(edge) - b mountain - c forest - d farmland with a mine symbol -
# e hill with a magic source; s a sea bordering a, b and c.
SURFACE = board({"a": ("swamp", EDGE), "b": "mountain", "c": "forest",
                 "d": ("farmland", {"symbols": ["mine"]}), "e": ("hill", {"symbols": ["magic"]}),
                 "s": ("sea", EDGE)}, "a-b b-c c-d d-e a-s b-s c-s")
BOTH = ["base", "underground"]


def mixed(race: str, power: str, m: dict, **kw) -> Game:
    """ann's combo 0 is (race, power), from both pools."""
    races = [race, *[r for r in ("ratmen", "elves", "ogres", "mummies", "drow") if r != race]]
    powers = [power, *[p for p in ("alchemist", "merchant", "immortal", "martyr", "wise") if p != power]]
    return Game.new(m, ["ann", "bob"], races=races, powers=powers, expansions=["underground"],
                    pool=BOTH, **kw)


@pytest.mark.parametrize(("power", "regions", "bonus"), [
    ("muddy", "a", 1),  # a Swamp is a Mudpool
    ("stone", "a b", 1),  # a Mountain is a Black Mountain (U-COMPAT-3)
    ("mining", "a b c d", 1),  # a mine symbol is a Mine
    ("mystic", "a b c d e", 1),  # a magic source is Mystic Crystals
    ("fisher", "a b c", 1),  # a, b, c border the sea: one pair (U-COMPAT-2)
])
def test_U_COMPAT_5_underground_powers_on_a_surface_map(power, regions, bonus):
    g = mixed("ratmen", power, SURFACE, values={"ratmen": 10})
    act(g, "ann", "pick", combo=0)
    for r in regions.split():
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == len(regions.split()) + bonus


def test_U_COMPAT_5_shrooms_on_a_surface_forest():
    g = mixed("shrooms", "alchemist", SURFACE)
    act(g, "ann", "pick", combo=0)  # 5 + Alchemist 4
    for r in ("a", "b", "c"):
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == 3 + 1 + 2  # c is a forest; Alchemist 2


def test_U_COMPAT_2_kraken_hold_a_sea_at_the_river_cost():
    """AU-68: the Kraken conquer a sea for 1 token (2 - 1) and stay there."""
    g = mixed("kraken", "alchemist", SURFACE)
    act(g, "ann", "pick", combo=0)
    assert act(g, "ann", "conquer", region="s")[0].data["cost"] == 1
    act(g, "ann", "end_turn")
    assert g.owner[at(g, "s")] == 0


def test_U_COMPAT_2_lizardmen_cross_a_sea():
    m = board({"a": ("farmland", EDGE), "s": "sea", "b": "hill"}, "a-s s-b")
    g = mixed("lizardmen", "alchemist", m)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="b")  # across the sea
    assert g.owner[at(g, "b")] == 0


# An Underground map: a mudpool(edge) - b mushroom forest - c mine - d mystic crystals -
# k black mountain(edge) next to a; r a River bordering a and b.
UNDER = board({"a": ("mudpool", EDGE), "b": "mushroom_forest", "c": "mine", "d": "mystic_crystals",
               "k": ("black_mountain", EDGE), "r": "river"}, "a-b b-c c-d a-k a-r b-r")


@pytest.mark.parametrize(("race", "power", "regions", "bonus"), [
    ("ratmen", "swamp", "a", 1),  # a Mudpool is a Swamp
    ("ratmen", "forest", "a b", 1),  # a Mushroom Forest is a Forest
    ("dwarves", "alchemist", "a b c", 1 + 2),  # a Mine is a mine
    ("wizards", "alchemist", "a b c d", 1 + 2),  # Mystic Crystals are a magic source
])
def test_U_COMPAT_5_surface_abilities_underground(race, power, regions, bonus):
    g = mixed(race, power, UNDER, values={race: 10})
    act(g, "ann", "pick", combo=0)
    for r in regions.split():
        act(g, "ann", "conquer", region=r)
    act(g, "ann", "end_turn")
    assert scored(g, "ann") == len(regions.split()) + bonus


def test_U_COMPAT_3_giants_next_to_a_black_mountain():
    g = mixed("giants", "alchemist", UNDER)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="k")  # 2 + 1
    assert act(g, "ann", "conquer", region="a")[0].data["cost"] == 1  # 2 - Giants 1


def test_U_COMPAT_2_tritons_on_the_river_bank():
    g = mixed("tritons", "alchemist", UNDER)
    act(g, "ann", "pick", combo=0)
    assert act(g, "ann", "conquer", region="a")[0].data["cost"] == 1  # 2 - 1 by the River
    assert act(g, "ann", "conquer", region="b")[0].data["cost"] == 1
    assert act(g, "ann", "conquer", region="c")[0].data["cost"] == 2  # not by the River


def test_U_COMPAT_1_both_stacks_in_one_pool():
    """FORMAT v2 `pool`: the banners and badges of both sets are in the stacks, each once."""
    g = Game.new(UNDER, ["ann", "bob"], seed=4, expansions=["underground"], pool=BOTH)
    races = [c[0] for c in g.column] + list(g.race_stack)
    powers = [c[1] for c in g.column] + list(g.power_stack)
    assert len(set(races)) == len(races) and len(set(powers)) == len(powers)
    assert set(races) <= set(in_sets("race", BOTH)) and set(powers) <= set(in_sets("power", BOTH))
    assert {"ogres", "ratmen"} <= set(races) and {"wise", "alchemist"} <= set(powers)


def test_X_LEAD_1_leaders_with_underground_races():
    """X-LEAD-1, -2 with U-COMPAT: an Underground race has its Leader, bought with the combo."""
    g = Game.new(UNDER, ["ann", "bob"], races=["ogres", "mummies"], powers=["stone", "wise"],
                 expansions=["underground", "leaders"])
    act(g, "ann", "pick", combo=0, leader=True)
    assert g.hand("ann") == 5 + 4 + 1 and g.coins[0] == 4
    act(g, "ann", "conquer", region="a")
    assert refused(g, "ann", "conquer", region="a") == "B-CONQ-2"
    assert tokens(g, "a") == (1,)


def test_U_COMPAT_1_what_cannot_apply_leaves_the_stacks():
    """AU-68: on this Underground map (no farmland, hill or cavern; no chasm, Volcano or Monster)
    Humans, Hill, Mounted, Underworld, Spiderines, Flames, Adventurous and Magic are out of the
    stacks; the rest of both pools is in."""
    g = Game.new(UNDER, ["ann", "bob"], seed=4, expansions=["underground"], pool=BOTH)
    races = {c[0] for c in g.column} | set(g.race_stack)
    powers = {c[1] for c in g.column} | set(g.power_stack)
    out = {"humans", "hill", "mounted", "underworld", "spiderines", "flames", "adventurous", "magic"}
    assert races | powers == (set(in_sets("race", BOTH)) | set(in_sets("power", BOTH))) - out


def test_U_COMPAT_1_a_set_up_may_name_them_or_remove_others():
    g = Game.new(UNDER, ["ann", "bob"], races=["humans"], powers=["hill"],
                 expansions=["underground"], pool=BOTH)
    assert g.column[0][:2] == ["humans", "hill"]
    g = Game(make_setup(UNDER, ["ann", "bob"], seed=4, expansions=["underground"], pool=BOTH,
                        extra={"removed": ["ogres", "wise"]}))
    races = {c[0] for c in g.column} | set(g.race_stack)
    assert "ogres" not in races and "humans" in races and g.setup["removed"] == ["ogres", "wise"]
    with pytest.raises(InputError):
        make_setup(UNDER, ["ann", "bob"], expansions=["underground"], extra={"removed": ["nobody"]})


def test_U_COMPAT_1_a_surface_map_keeps_every_surface_banner():
    """On a base map only what needs chasms, a Volcano or Monsters goes (U-COMPAT-4: Places and
    Relics come with Monsters)."""
    g = Game.new("base-3p", ["ann", "bob", "cy"], seed=2, expansions=["underground"], pool=BOTH)
    races = {c[0] for c in g.column} | set(g.race_stack)
    powers = {c[1] for c in g.column} | set(g.power_stack)
    assert set(in_sets("race", ["base"])) <= races and set(in_sets("power", ["base"])) <= powers
    assert not {"spiderines", "flames", "adventurous", "magic"} & (races | powers)


def test_U_COMPAT_2_seafaring_holds_the_river_like_the_kraken():
    """AU-68: Seafaring may hold River regions; other surface races empty them (U-RIVER-2)."""
    g = mixed("ratmen", "seafaring", UNDER)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="r")  # 1
    act(g, "ann", "end_turn")
    assert g.owner[at(g, "r")] == 0 and scored(g, "ann") == 2
    g = mixed("ratmen", "alchemist", UNDER)
    act(g, "ann", "pick", combo=0)
    act(g, "ann", "conquer", region="a")
    act(g, "ann", "conquer", region="r")
    act(g, "ann", "end_turn")
    assert g.owner[at(g, "r")] is None


def _monsters_game(monsters, **kw) -> Game:
    return Game(make_setup("base-2p", ["ann", "bob"], races=["ogres", "mummies"],
                           powers=["magic", "immortal"], expansions=["underground"], pool=BOTH,
                           extra={"monsters": monsters, **kw}))


def test_U_COMPAT_4_monsters_set_out_on_a_surface_map():
    """AU-69: 2 players -> 3 Monster regions of 2 Monsters, on Lost Tribe regions of the
    table's choice (r4, r7, r11 border none of the others), which lose their Lost Tribe; the
    other Lost Tribe regions keep theirs; 3 markers face down (U-SETUP-4)."""
    g = _monsters_game(["r11", "r4", "r7"])
    monsters = {g.board.ids[i]: g.tokens[i] for i in range(len(g.board)) if g.race[i] == "monster"}
    assert monsters == {"r4": 2, "r7": 2, "r11": 2} and g.setup["monsters"] == ["r4", "r7", "r11"]
    tribes = [g.board.ids[i] for i in range(len(g.board)) if g.race[i] == "lost_tribe"]
    assert tribes == ["r12", "r13", "r14", "r15", "r17", "r19"]
    assert len(g.module_state["underground"]["stack"]) == 3
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize(("monsters", "field"), [
    (["r4", "r7"], "monsters"),  # 2 players: 3 regions (AU-69)
    (["r4", "r12", "r13"], "monsters[1]"),  # r12 borders r13
    (["r1", "r4", "r7"], "monsters[0]"),  # r1 has no Lost Tribe
    (["r4", "r4", "r7"], "monsters"),
])
def test_U_COMPAT_4_the_monster_regions_are_checked(monsters, field):
    with pytest.raises(InputError) as err:
        _monsters_game(monsters)
    assert err.value.field == field


def test_U_COMPAT_4_monsters_drawn_with_the_seed():
    """`true`: the regions are drawn, and stored; they fit U-COMPAT-4 all the same."""
    g = _monsters_game(True)
    chosen = [g.board.index[r] for r in g.setup["monsters"]]
    assert len(chosen) == 3 and all(g.race[i] == "monster" and g.tokens[i] == 2 for i in chosen)
    assert not any(j in g.board.border_sets[i] for i in chosen for j in chosen)
    assert g.board.start_neutral[chosen[0]].get("lost_tribe")


def test_U_COMPAT_4_no_monster_symbols_of_its_own():
    with pytest.raises(InputError) as err:
        Game(make_setup({"regions": {"a": {"terrain": "mine", "symbols": ["monster"], "edge": True}},
                         "borders": []}, ["ann", "bob"], expansions=["underground"],
                        extra={"monsters": ["a"]}))
    assert err.value.field == "monsters"


def test_U_COMPAT_4_a_monster_region_conquered_on_a_surface_map():
    """U-MON-3, U-MON-4 on base-2p: r4 (a swamp on the edge, Monsters 2) costs the Ogres 2 + 2 - 1
    = 3; the Monsters leave the game and the top marker, the Sword, lies face up there."""
    g = _monsters_game(["r4", "r7", "r11"], places_relics=["sword_of_the_killer_rabbit",
                                                           "shiny_orb", "altar_of_souls"])
    act(g, "ann", "pick", combo=0)
    ev = act(g, "ann", "conquer", region="r4")
    assert ev[0].data["cost"] == 3 and ("Monsters", 2) in ev[0].data["breakdown"]
    assert g.race[at(g, "r4")] == "ogres" and g.pieces["sword_of_the_killer_rabbit"] == at(g, "r4")
    assert g.module_state["underground"]["stack"] == ["shiny_orb", "altar_of_souls"]


def test_AU_68_monsters_keep_adventurous_and_magic():
    """On a base map Adventurous and Magic leave the stacks unless Places and Relics are used."""
    def badges(**extra) -> set[str]:
        g = Game(make_setup("base-3p", ["ann", "bob", "cy"], seed=2, expansions=["underground"],
                            pool=BOTH, extra=extra or None))
        return {c[1] for c in g.column} | set(g.power_stack)

    assert not {"adventurous", "magic"} & badges()
    assert {"adventurous", "magic"} <= badges(monsters=True)
