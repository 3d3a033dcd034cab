"""The Gnomes in a pool mixed with the surface game (U-RACE-GNOMES-1…3, AU-23, U-COMPAT-1):
during another player's turn his race and power do not help him take their regions, whatever
game they come from: no Dragon (B-POW-DRAGONMASTER-1), no Sorcerers' conversion
(B-RACE-SORCERERS-1), no Berserk die (B-POW-BERSERK-1); refused with the rule ID and never
offered. In decline the Gnomes lose the shield (AU-23).

Map: a (edge) - b (edge) - c (edge). ann plays first from a, bob's Gnomes (6 + Forest 4 = 10)
hold b (and c)."""

from __future__ import annotations

from ughelpers import act_exactly as act
from ughelpers import refused_exactly as refused

from swcore import Game
from swcore.config import make_setup

MAP = {"regions": {"a": {"terrain": "mine", "edge": True}, "b": {"terrain": "mudpool", "edge": True},
                   "c": {"terrain": "mine", "edge": True}},
       "borders": [["a", "b"], ["b", "c"]]}


def game(ann_race: str, ann_power: str) -> Game:
    powers = [ann_power, "forest", *[p for p in ("hill", "swamp", "merchant", "commando")
                                     if p != ann_power]][:6]
    return Game(make_setup(MAP, ["ann", "bob"], races=[ann_race, "gnomes", "orcs", "wizards", "elves",
                                                         "trolls"],
                           powers=powers, expansions=["underground"], pool=["base", "underground"],
                           extra={"places_relics": []}))


def listed(g: Game, word: str) -> set[str]:
    """The regions listed for `word`, each of which `apply` accepts."""
    found = [a for a in g.legal_actions() if a.do == word]
    assert all(g.why_illegal(a) is None for a in found)
    return {a.region for a in found}


def gnomes_hold(g: Game, place: dict[str, int]) -> Game:
    """ann takes a; bob's Gnomes take b and c and stand as `place` says."""
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="a")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="c")
    act(g, by="bob", do="conquer", region="b")
    act(g, by="bob", do="redeploy", tokens=place)
    act(g, by="bob", do="end_turn")
    return g


def test_U_RACE_GNOMES_1_AU_23_no_dragon_against_active_gnomes():
    """Ratmen 8 + Dragon Master 5: the Dragon may not take b; a plain conquest may."""
    g = gnomes_hold(game("ratmen", "dragon_master"), {"b": 5, "c": 5})
    assert refused(g, by="ann", do="dragon", region="b") == "U-RACE-GNOMES-1"
    assert "b" not in listed(g, "dragon") and "b" in listed(g, "conquer")
    assert g.quote("b", player="ann").cost == 2 + 5


def test_AU_23_in_decline_gnomes_are_open_to_the_dragon():
    g = gnomes_hold(game("ratmen", "dragon_master"), {"b": 5, "c": 5})
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="decline")
    act(g, by="bob", do="end_turn")
    assert "b" in listed(g, "dragon")
    act(g, by="ann", do="dragon", region="b")
    assert g.race[g.board.index["b"]] == "ratmen"


def test_U_RACE_GNOMES_1_the_sorcerers_never_convert_a_gnome():
    """Sorcerers 5 + Alchemist 4 next to a lone Gnome in b: no conversion (a race ability
    taking a Gnome region; cf. the Vampire, U-RACE-GNOMES-3), refused and not offered."""
    g = gnomes_hold(game("sorcerers", "alchemist"), {"b": 1, "c": 9})
    assert refused(g, by="ann", do="convert", region="b") == "U-RACE-GNOMES-1"
    assert not listed(g, "convert")


def test_U_RACE_GNOMES_1_AU_23_a_berserk_die_does_not_lower_a_gnome_regions_cost():
    """Ratmen 8 + Berserk 4 roll a 3: b (2 + 5 Gnomes) still costs 7, the die given back."""
    g = gnomes_hold(game("ratmen", "berserk"), {"b": 5, "c": 5})
    act(g, by="ann", do="berserk", roll=3)
    quote = g.quote("b", player="ann")
    assert quote.cost == 7
    assert ("berserk die", -3) in quote.breakdown
    assert ("Gnomes: no help against them", 3) in quote.breakdown


def test_U_COMPAT_2_U_RACE_GNOMES_1_the_tritons_river_bank_discount_not_against_gnomes():
    """Tritons 6 + Hill 4 (surface): on an Underground board the River's banks count as coasts
    for them (U-COMPAT-2: b costs them 1 less), but not while active Gnomes hold b."""
    board = {"regions": {"a": {"terrain": "mine", "edge": True}, "b": {"terrain": "mudpool", "edge": True},
                         "r": {"terrain": "river", "edge": True}, "c": {"terrain": "mine", "edge": True}},
             "borders": [["a", "b"], ["b", "r"], ["b", "c"]]}
    g = Game(make_setup(board, ["ann", "bob"], races=["tritons", "gnomes", "orcs", "wizards", "elves",
                                                      "trolls"],
                        powers=["hill", "forest", "swamp", "merchant", "commando", "alchemist"],
                        expansions=["underground"], pool=["base", "underground"],
                        extra={"places_relics": []}))
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="a")
    assert g.quote("b").cost == 1  # 2 - 1 on the River's bank
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="c")
    act(g, by="bob", do="conquer", region="b")
    act(g, by="bob", do="redeploy", tokens={"b": 5, "c": 5})
    act(g, by="bob", do="end_turn")
    quote = g.quote("b", player="ann")
    assert quote.cost == 2 + 5 and ("Gnomes: no help against them", 1) in quote.breakdown


def test_U_RACE_GNOMES_1_AU_23_no_relic_against_active_gnomes():
    """ann's Ratmen hold a with the Stinky Troll's Socks: b, held by active Gnomes, is conquered
    only plainly (2 + 5 = 7, her 12 - 1 = 11 in hand), never `using` the Socks (whose occupants
    would flee without loss, U-RELIC-SOCKS-1)."""
    g = Game(make_setup(MAP, ["ann", "bob"], races=["ratmen", "gnomes", "orcs", "wizards", "elves",
                                                    "trolls"],
                        powers=["alchemist", "forest", "hill", "swamp", "merchant", "commando"],
                        expansions=["underground"], pool=["base", "underground"],
                        extra={"pieces": {"stinky_trolls_socks": "a"}, "places_relics": []}))
    gnomes_hold(g, {"b": 5, "c": 5})
    assert refused(g, by="ann", do="conquer", region="b", using="stinky_trolls_socks") \
        == "U-RACE-GNOMES-1"
    conquests = [a for a in g.legal_actions() if a.do == "conquer" and a.region == "b"]
    assert [a.args.get("using") for a in conquests] == [None]
    events = act(g, by="ann", do="conquer", region="b")
    assert events[0].data["cost"] == 7
    loss = next(e for e in events if e.kind == "loss")
    assert (loss.data["lost"], loss.data["withdrawn"]) == (1, 4)
