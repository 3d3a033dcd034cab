"""The Balrog (U-PLACE-PENTACLE-1…6, AU-55, AU-61) against the races, powers and places the
rulings name: Gnome regions (U-PLACE-PENTACLE-5, AU-23), Immortal (AU-36), in-decline Liches
(U-RACE-LICHES-2, AU-28), Martyr (AU-37), Vengeful (AU-44), Tomb (U-POWER-TOMB-2, U-LOSS-5),
and a Monster region's marker waiting for its first occupant (AU-55).

The Pentacle lies face up in p from the start; ann (Ratmen 8 + Alchemist 4 = 12) takes it on
her second turn and moves the Balrog from there. Map: p borders x, y, z; x borders y."""

from __future__ import annotations

from ughelpers import act_exactly as act
from ughelpers import at
from ughelpers import refused_exactly as refused

from swcore import Game
from swcore.config import make_setup
from swcore.rules import map_items

MAP = {"regions": {"p": {"terrain": "mine", "edge": True}, "x": {"terrain": "mudpool", "edge": True},
                   "y": {"terrain": "mine", "edge": True}, "z": {"terrain": "mudpool", "edge": True}},
       "borders": [["p", "x"], ["p", "y"], ["p", "z"], ["x", "y"]]}
OTHERS = ["orcs", "wizards", "elves", "trolls"]


def game(bob_race: str, bob_power: str, board: dict = MAP, extra: dict | None = None) -> Game:
    return Game(make_setup(board, ["ann", "bob"], races=["ratmen", bob_race, *OTHERS],
                           powers=["alchemist", bob_power, *[p for p in ("forest", "hill", "swamp", "merchant", "commando") if p != bob_power][:4]],
                           expansions=["underground"], pool=["base", "underground"],
                           extra=extra or {"pieces": {"wickedest_pentacle": "p"}, "places_relics": []}))


def offered(g: Game) -> set[str]:
    """The Balrog's listed moves, each of which `apply` accepts."""
    moves = [a for a in g.legal_actions() if a.do == "balrog"]
    assert all(g.why_illegal(a) is None for a in moves)
    return {a.region for a in moves}


def bob_holds_y(bob_race: str, bob_power: str) -> Game:
    """ann takes z, bob takes y with all his tokens; ann then takes the Pentacle (p)."""
    g = game(bob_race, bob_power)
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="z")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="y")
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="conquer", region="p")
    return g


def test_U_PLACE_PENTACLE_2_the_balrog_takes_2_tokens_the_rest_withdrawn():
    """Humans 5 + Forest 4 = 9 in y: the Balrog takes 2, 7 go back to bob's hand; y is empty,
    no player's, and bob (no region left) keeps the 7 in hand (B-LOSS-3)."""
    g = bob_holds_y("humans", "forest")
    assert g.tokens[at(g, "y")] == 9
    events = act(g, by="ann", do="balrog", region="y")
    loss = next(e for e in events if e.kind == "loss")
    assert (loss.data["lost"], loss.data["withdrawn"]) == (2, 7)
    assert g.race[at(g, "y")] is None and g.pieces["balrog"] == at(g, "y")
    act(g, by="ann", do="end_turn")
    assert g.armies["humans"].hand == 7


def test_AU_36_an_immortal_race_loses_no_token_to_the_balrog():
    """Humans 5 + Immortal 4 = 9 in y: all 9 are taken back (U-POWER-IMMORTAL-1, U-LOSS-5)."""
    g = bob_holds_y("humans", "immortal")
    events = act(g, by="ann", do="balrog", region="y")
    loss = next(e for e in events if e.kind == "loss")
    assert (loss.data["lost"], loss.data["withdrawn"]) == (0, 9)
    act(g, by="ann", do="end_turn")
    assert g.armies["humans"].hand == 9


def test_AU_37_AU_61_a_martyr_race_is_paid_1_coin_for_the_region_the_balrog_takes():
    """Humans 5 + Martyr 4: the Balrog's conquest is ann's (AU-61.2): bob gets 1 coin from the
    bank at once, ann pays nothing."""
    g = bob_holds_y("humans", "martyr")
    coins = list(g.coins)
    act(g, by="ann", do="balrog", region="y")
    assert g.coins == [coins[0], coins[1] + 1]


def test_AU_44_AU_61_the_balrog_earns_the_pentacles_occupant_a_vengeance_marker():
    """Humans 5 + Vengeful 4: ann attacked bob with the Balrog, so on bob's next turn her
    regions cost him 1 less (p: 2 + its Ratmen tokens - 1)."""
    g = bob_holds_y("humans", "vengeful")
    act(g, by="ann", do="balrog", region="y")
    act(g, by="ann", do="end_turn")
    assert any(it["kind"] == "vengeance" and it["player"] == 0 for it in map_items(g))
    plain = g.tokens[at(g, "p")] + 2
    quote = g.quote("p", player="bob")
    assert ("Vengeful", -1) in quote.breakdown and quote.cost == plain - 1


def test_U_POWER_TOMB_2_an_in_decline_tomb_race_loses_2_to_the_balrog_and_redeploys_the_rest():
    """Humans 5 + Tomb 5 = 10, y 5 and x 5, in decline with every token kept (U-POWER-TOMB-1):
    the Balrog takes 2 of y's 5; the 3 others go to x after ann's turn (U-LOSS-5: Tomb in
    decline redeploys like an active race)."""
    g = game("humans", "tomb")
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="z")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="y")
    act(g, by="bob", do="conquer", region="x")
    act(g, by="bob", do="redeploy", tokens={"y": 5, "x": 5})
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="decline")
    act(g, by="bob", do="end_turn")
    assert g.tokens[at(g, "y")] == 5 and g.armies["humans"].declined
    act(g, by="ann", do="conquer", region="p")
    events = act(g, by="ann", do="balrog", region="y")
    loss = next(e for e in events if e.kind == "loss")
    assert (loss.data["lost"], loss.data["withdrawn"]) == (2, 3)
    act(g, by="ann", do="end_turn")
    assert g.blocking().kind == "withdrawal"  # bob places them (B-LOSS-2): x alone is left
    act(g, by="bob", do="redeploy", tokens={"x": 8})
    assert g.tokens[at(g, "x")] == 8 and g.race[at(g, "y")] is None


def liches_in_decline_in_y() -> Game:
    """Liches 5 + Forest 4 = 9 in y, in decline (1 token left there); ann then takes p."""
    g = game("liches", "forest")
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="z")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="y")
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="decline")
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="conquer", region="p")
    return g


def test_AU_61_U_RACE_LICHES_2_no_balrog_into_in_decline_liches_without_a_coin():
    g = liches_in_decline_in_y()
    g.coins[0] = 0
    assert refused(g, by="ann", do="balrog", region="y") == "U-RACE-LICHES-2"
    assert offered(g) == {"x", "z"}  # z: her own (AU-61.1)


def test_AU_28_AU_61_the_balrogs_sender_pays_the_in_decline_liches_1_coin():
    """The lone in-decline Liches token in y is lost (2 asked, 1 there) and the race leaves the
    board; ann pays bob 1 coin (U-RACE-LICHES-1)."""
    g = liches_in_decline_in_y()
    g.coins[:] = [3, 3]
    assert offered(g) == {"x", "y", "z"}
    act(g, by="ann", do="balrog", region="y")
    assert g.coins == [2, 4] and "liches" not in g.armies


def test_U_PLACE_PENTACLE_5_AU_23_the_balrog_never_takes_active_gnomes():
    """Gnomes 6 + Forest 4 in y: refused with U-PLACE-PENTACLE-5 and not offered."""
    g = bob_holds_y("gnomes", "forest")
    assert refused(g, by="ann", do="balrog", region="y") == "U-PLACE-PENTACLE-5"
    assert offered(g) == {"x", "z"}  # z: her own (AU-61.1)


def test_AU_23_in_decline_gnomes_lose_their_shield_against_the_balrog():
    g = game("gnomes", "forest")
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="z")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="y")
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="decline")
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="conquer", region="p")
    assert offered(g) == {"x", "y", "z"}
    act(g, by="ann", do="balrog", region="y")
    assert "gnomes" not in g.armies  # its lone token lost


def test_AU_62_the_balrog_never_goes_into_another_figures_immune_region():
    g = bob_holds_y("humans", "forest")
    g.pieces["crypt_ghost"] = at(g, "x")
    g.effects_changed()
    assert refused(g, by="ann", do="balrog", region="x") == "AU-62"
    assert offered(g) == {"y", "z"}


def test_AU_55_a_marker_the_balrog_turns_over_waits_for_its_regions_first_occupant():
    """m (Monsters) holds Stonehedge under them: the Balrog, sent there by ann, beats them and
    Stonehedge lies face up with no badge drawn; once the Balrog has moved on, bob conquers m
    and Stonehedge draws its badge then, for him (AU-46)."""
    board = {"regions": {"p": {"terrain": "mine", "edge": True},
                         "m": {"terrain": "mudpool", "symbols": ["monster"]},
                         "q": {"terrain": "mine"}, "x": {"terrain": "mudpool", "edge": True}},
             "borders": [["p", "m"], ["m", "q"], ["m", "x"]]}
    g = game("humans", "forest", board, {"pieces": {"wickedest_pentacle": "p"},
                                          "places_relics": ["stonehedge"]})
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="p")
    act(g, by="ann", do="balrog", region="m")
    assert g.pieces["stonehedge"] == at(g, "m") and "stonehedge" not in g.carried
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="conquer", region="x")
    assert refused(g, by="bob", do="conquer", region="m") == "U-PLACE-PENTACLE-3"
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="balrog", region="q")
    act(g, by="ann", do="end_turn")
    assert "stonehedge" not in g.carried
    events = act(g, by="bob", do="conquer", region="m")
    drawn = [e for e in events if e.kind == "stonehedge"]
    assert len(drawn) == 1 and drawn[0].player == "bob" and g.carried["stonehedge"]
    again = Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash()
