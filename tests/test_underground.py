"""Small World Underground, the board's own rules (U-SETUP, U-MON, U-PR, U-RIVER, U-CHASM,
U-BM, U-DEF-2, AU-*): Monsters, the Place and Relic stack, pieces as data, rivers and chasms.
The races and powers are played with plain base-game banners (`pool: [base]`) so each test sees
the board's rules alone. Every expected number is worked out by hand in the comments."""

from __future__ import annotations

import pytest

from swcore import Action, Game, RuleError
from swcore.config import make_setup
from swcore.errors import InputError
from swcore.pieces import PIECES
from swcore.rules.underground import state as st

UG = ["underground"]
RACES = ["ratmen", "humans", "orcs", "wizards", "elves", "trolls"]
POWERS = ["alchemist", "forest", "hill", "swamp", "merchant", "commando"]
#: a (edge) - m1 (2 Monsters) - m2 (2 Monsters) - b (edge); q (edge) - m3 (2 Monsters)
MAP = {"regions": {"a": {"terrain": "mine", "edge": True},
                   "m1": {"terrain": "mushroom_forest", "symbols": ["monster"]},
                   "m2": {"terrain": "mudpool", "symbols": ["monster"]},
                   "b": {"terrain": "mystic_crystals", "edge": True},
                   "q": {"terrain": "mine", "edge": True},
                   "m3": {"terrain": "mudpool", "symbols": ["monster"]}},
       "borders": [["a", "m1"], ["m1", "m2"], ["m2", "b"], ["q", "m3"]]}


def game(expansions=UG, board=MAP, stacks="shuffled", seed=3, **extra) -> Game:
    return Game(make_setup(board, ["ann", "bob"], seed=seed, races=RACES, powers=POWERS,
                           expansions=expansions, pool=["base"], stacks=stacks, extra=extra))


def act(g: Game, **a):
    return g.apply(Action(**a))


def i(g: Game, rid: str) -> int:
    return g.board.index[rid]


def refused(g: Game, **a) -> str:
    before = g.state_hash()
    with pytest.raises(RuleError) as caught:
        act(g, **a)
    assert g.state_hash() == before  # a refusal changes nothing
    return caught.value.rule


def test_U_SETUP_3_two_monsters_on_every_monster_region_from_the_board_data():
    g = game()
    assert [(g.race[i(g, r)], g.owner[i(g, r)], g.tokens[i(g, r)]) for r in ("m1", "m2", "m3")] == \
        [("monster", None, 2)] * 3
    assert g.race[i(g, "a")] is None


def test_U_SETUP_3_neutrals_of_a_rule_set_not_in_play_are_not_set_out():
    """The kernel sets out a symbol's occupants only when their rule set is in play (data:
    the catalogue's `expansion`); the base game's Lost Tribes always (B-SETUP-4)."""
    board = {"regions": {**MAP["regions"], "t": {"terrain": "forest", "edge": True, "lost_tribe": True}},
             "borders": MAP["borders"]}
    g = Game(make_setup(board, ["ann", "bob"], races=RACES, powers=POWERS))
    assert g.race[i(g, "m1")] is None and (g.race[i(g, "t")], g.tokens[i(g, "t")]) == ("lost_tribe", 1)


def test_U_COMP_3_the_box_holds_14_monsters_a_supply_may_say_fewer():
    """Monsters are set out in map order while the box has two more (supply: 4 -> m1, m2)."""
    g = Game(make_setup(MAP, ["ann", "bob"], races=RACES, powers=POWERS, expansions=UG,
                        pool=["base"], supply={"monster": 4}))
    assert [g.race[i(g, r)] for r in ("m1", "m2", "m3")] == ["monster", "monster", None]
    assert g.box_of("monster") == 4 and game().box_of("monster") == 14


def test_U_SETUP_4_AU_05_the_stack_is_drawn_with_the_seed_one_marker_per_monster_region():
    a, b, c = game(seed=3), game(seed=3), game(seed=4)
    stack = st.book(a)["stack"]
    assert len(stack) == 3 and set(stack) <= set(st.MARKERS) and len(set(stack)) == 3
    assert st.book(b)["stack"] == stack
    assert any(st.book(game(seed=s))["stack"] != stack for s in (4, 5, 6)) or st.book(c)["stack"] != stack
    # AU-05: nobody sees the face-down markers, only how many there are
    assert a.view("ann")["modules"]["underground"]["face_down"] == 3
    assert a.snapshot()["modules"]["underground"]["face_down"] == stack


def test_U_MON_4_the_top_marker_is_laid_face_up_at_once_U_MON_3_the_monsters_leave():
    g = game(places_relics=["keep_on_the_motherland", "stonehedge"])
    act(g, by="ann", do="pick", combo=0)              # Ratmen 8 + Alchemist 4
    act(g, by="ann", do="conquer", region="a")
    events = act(g, by="ann", do="conquer", region="m1")
    assert next(e for e in events if e.kind == "conquer").data["cost"] == 4  # 2 + 2 Monsters
    assert any(e.kind == "discover" and e.data["piece"] == "keep_on_the_motherland" for e in events)
    assert g.pieces["keep_on_the_motherland"] == i(g, "m1")
    assert st.book(g)["stack"] == ["stonehedge"] and g.race[i(g, "m1")] == "ratmen"
    assert g.on_board("monster") == 4  # the two beaten Monsters are out of the game


def test_AU_17_an_empty_stack_gives_nothing():
    g = game(places_relics=[])
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="a")
    events = act(g, by="ann", do="conquer", region="m1")
    assert not any(e.kind == "discover" for e in events) and not g.pieces


def test_U_MON_4_table_mode_the_table_enters_the_marker_turned_over():
    """With the stacks entered from the table, the marker is a chance decision (`discover`):
    every other action waits; only markers still face down are accepted."""
    g = game(stacks="table")
    assert st.book(g)["stack"] is None
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="reveal", race="dwarves", player="heroic")  # the column's new bottom
    act(g, by="ann", do="conquer", region="a")
    act(g, by="ann", do="conquer", region="m1")
    assert g.blocking().kind == "discover" and g.blocking().seat is None
    assert refused(g, by="ann", do="end_turn") == "U-MON-4"
    items = {a.args["item"] for a in g.legal_actions()}
    assert items == set(st.MARKERS) and all(a.do == "discover" for a in g.legal_actions())
    act(g, by="bob", do="discover", item="shiny_orb")  # anyone at the table enters it
    assert g.pieces["shiny_orb"] == i(g, "m1") and g.blocking() is None
    act(g, by="ann", do="conquer", region="m2")
    assert refused(g, by="ann", do="discover", item="shiny_orb") == "U-PR-1"  # already turned over
    act(g, by="ann", do="discover", item="altar_of_souls")
    assert g.pieces["altar_of_souls"] == i(g, "m2")
    g2 = Game.from_json(g.to_json())  # the entries replay
    assert g2.pieces == g.pieces


def test_places_relics_and_pieces_set_up_keys_are_checked():
    for key, value, field in (("places_relics", ["sword_of_the_killer_rabbit"] * 2, "places_relics"),
                              ("places_relics", ["excalibur"], "places_relics[0]"),
                              ("pieces", {"shiny_orb": "nowhere"}, "pieces.shiny_orb")):
        with pytest.raises(InputError) as caught:
            game(**{key: value})
        assert caught.value.field == field
    with pytest.raises(InputError):
        game(expansions=[], places_relics=["shiny_orb"])  # a key of a rule set not in play


def test_U_CONQ_2_U_PR_5_the_keep_adds_1_and_no_other_marker_does():
    g = game(pieces={"keep_on_the_motherland": "a", "shiny_orb": "b"})
    act(g, by="ann", do="pick", combo=0)
    assert g.quote("a").cost == 3 and ("The Keep on the Motherland", 1) in g.quote("a").breakdown
    assert g.quote("b").cost == 2  # U-PR-5: a relic adds nothing


def test_U_DEF_2_a_figure_makes_its_region_immune_to_opponents_the_balrog_to_all():
    """pieces.csv `immune`: the Queen `opponents`, the Balrog `all`; refused with the piece's rule."""
    g = game()
    act(g, by="ann", do="pick", combo=0)
    act(g, by="ann", do="conquer", region="a")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    g.pieces["queen"] = i(g, "a")
    assert refused(g, by="bob", do="conquer", region="a") == "U-POWER-ROYAL-1"
    g.pieces.pop("queen")
    g.pieces["balrog"] = i(g, "b")
    assert refused(g, by="bob", do="conquer", region="b") == "U-PLACE-PENTACLE-3"
    assert g.quote("a").reason is None


def test_U_RELIC_GEN_1_AU_50_using_a_relic_is_refused_unless_held_active_and_unused():
    g = game(pieces={"sword_of_the_killer_rabbit": "a", "keep_on_the_motherland": "b"}, places_relics=[])
    act(g, by="ann", do="pick", combo=0)
    assert refused(g, by="ann", do="conquer", region="a", using="sword_of_the_killer_rabbit") == "U-PR-2"
    assert refused(g, by="ann", do="conquer", region="a", using="shiny_orb") == "U-PR-1"
    act(g, by="ann", do="conquer", region="a")
    legal = [a for a in g.legal_actions() if a.args.get("using")]
    assert {(a.region, a.args["using"]) for a in legal} == {("m1", "sword_of_the_killer_rabbit")}
    ev = act(g, by="ann", do="conquer", region="m1", using="sword_of_the_killer_rabbit")
    assert next(e for e in ev if e.kind == "conquer").data["cost"] == 2 and g.pieces["sword_of_the_killer_rabbit"] == i(g, "m1")
    assert refused(g, by="ann", do="conquer", region="m2", using="sword_of_the_killer_rabbit") \
        == "U-RELIC-SWORD-1"
    assert not [a for a in g.legal_actions() if a.args.get("using")]
    act(g, by="ann", do="conquer", region="m2")
    act(g, by="ann", do="conquer", region="b")
    assert refused(g, by="ann", do="conquer", region="q", using="keep_on_the_motherland") == \
        "U-PLACE-KEEP-1"  # a place that does not conquer
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="pick", combo=0)
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="decline")
    act(g, by="ann", do="end_turn")
    act(g, by="bob", do="end_turn")
    act(g, by="ann", do="pick", combo=0)
    assert refused(g, by="ann", do="conquer", region="q", race="ratmen",
                   using="sword_of_the_killer_rabbit") == "U-RELIC-GEN-1"


def test_pieces_registry_every_format_piece_with_its_behaviour_and_names():
    """FORMAT v2's pieces of Underground and the relics and places: each declared, with an
    English and a French name; relics move, places do not (U-PR-3)."""
    for p in ("great_ancient", "queen", "crypt_ghost", "balrog", "volcano", "bag", *st.MARKERS):
        assert PIECES[p].english and PIECES[p].french, p
    assert all(PIECES[p].kind == "relic" and PIECES[p].mobile for p in st.RELICS)
    assert all(PIECES[p].kind == "place" and not PIECES[p].mobile for p in st.PLACES)
    assert PIECES["sword_of_the_killer_rabbit"].french == "L'Épée Vorpale"
    assert PIECES["bag"].on_conquest == "owner"  # U-POWER-MAGIC-3


def test_U_LOSS_4_a_piece_going_back_to_its_owner_leaves_a_conquered_region():
    g = game()
    act(g, by="ann", do="pick", combo=0)
    g.pieces["bag"] = i(g, "m1")
    g.pieces["shiny_orb"] = i(g, "m1")
    act(g, by="ann", do="conquer", region="a")
    act(g, by="ann", do="conquer", region="m1")
    assert g.pieces["bag"] is None and g.pieces["shiny_orb"] == i(g, "m1")
