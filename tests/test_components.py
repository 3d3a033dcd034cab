"""Components (B-COMP), definitions (B-DEF) and edition notes (B-ED) of base-game.md that have a
rule effect, each checked by its ID. (B-COMP-7, B-ED-4, B-ED-5 and B-ED-6 state that they have
no rule effect: summary sheets, an online code, the order of a list, typos. B-ED-7's precisions
of the English rulebook are tested with their rules: the final die at most 3 short in
tests/scenarios/rules/b-final.yaml, the powers in tests/test_powers.py.)"""

from __future__ import annotations

from gamehelpers import act, new, owner, region, tokens, turn

from swcore import CATALOGUE, POWERS, RACES, Game, builtin_ids, load_board
from swcore.board import SYMBOLS, TERRAINS

BASE_MAPS = {2: "base-2p", 3: "base-3p", 4: "base-4p", 5: "base-5p"}
#: a -- b -- c in a row, a on the edge; c holds a Lost Tribe.
ROW = {"regions": {"a": region("farmland", edge=True), "b": region("hill"),
                   "c": region("forest", lost_tribe=True)},
       "borders": [["a", "b"], ["b", "c"]]}


def test_B_COMP_1_four_maps_one_per_player_count_each_with_its_turn_track():
    """B-COMP-1: Two double-sided boards: a map for 2, 3, 4 and 5 players, with its own turn track
    (10, 10, 9, 8 turns: B-SETUP-2)."""
    assert set(BASE_MAPS.values()) <= set(builtin_ids())
    for players, board_id in BASE_MAPS.items():
        board = load_board(board_id)
        assert (board.players, board.turns) == (players, {2: 10, 3: 10, 4: 9, 5: 8}[players])
        game = Game.new(board_id, [f"p{k}" for k in range(players)], seed=1)
        assert game.board.turns == board.turns


def test_B_COMP_2_fourteen_banners_twenty_badges_each_showing_its_tokens():
    """B-COMP-2."""
    base_races = [r for r in RACES if CATALOGUE[r].expansion == "base"]
    base_powers = [p for p in POWERS if CATALOGUE[p].expansion == "base"]
    assert (len(base_races), len(base_powers)) == (14, 20)
    assert all(CATALOGUE[x].tokens > 0 for x in base_races + base_powers)
    # The number on the banner plus the number on the badge: Skeletons 6 + Merchant 2 (B-ED-3).
    assert (CATALOGUE["skeletons"].tokens, CATALOGUE["merchant"].tokens) == (6, 2)


def test_B_COMP_5_coins_are_a_plain_total_the_bank_never_runs_out():
    """B-COMP-5: 109 coins are in the box, but the bank is unlimited for change: a player
    holding more than all of them still scores."""
    game = new(ROW, ["ratmen", "amazons"], ["merchant", "diplomat"], coins={"ann": 150, "bob": 5})
    turn(game, "ann", "a", "b", pick=0)  # 2 regions + Merchant 2 = 4 coins (B-SCORE-1)
    assert game.coins[0] == 154


def test_B_DEF_1_base_maps_use_the_seven_region_types_and_the_symbols():
    """B-DEF-1."""
    seen_terrain, seen_symbols, tribes = set(), set(), 0
    for board_id in BASE_MAPS.values():
        board = load_board(board_id)
        assert set(board.terrain) <= set(TERRAINS)
        seen_terrain |= set(board.terrain)
        for symbols in board.symbols:
            assert symbols <= set(SYMBOLS)
            seen_symbols |= symbols
        tribes += sum(board.lost_tribe)
        assert any(board.edge)
        # sea shores are borders too: every sea touches land
        for i, t in enumerate(board.terrain):
            if t == "sea":
                assert any(not board.water[j] for j in board.adjacent[i])
    assert seen_terrain == set(TERRAINS) and seen_symbols == set(SYMBOLS) and tribes > 0


def test_B_DEF_6_a_region_of_a_race_in_decline_is_occupied_by_its_player():
    """B-DEF-6 with B-CONQ-2: ann's Ratmen go into decline holding a (one token left, B-DECL);
    a is still ann's, and conquering it costs 2 + 1 for that token."""
    game = new(ROW, ["ratmen", "amazons"], ["merchant", "diplomat"])
    turn(game, "ann", "a", pick=0)
    turn(game, "bob", pick=0)
    turn(game, "ann", decline=True)
    assert (owner(game, "a"), tokens(game, "a")) == ("ann", 1)
    assert game.quote("a", "bob").cost == 3


def test_B_DEF_7_lost_tribes_defend_like_in_decline_tokens_of_nobody():
    """B-DEF-7: A Lost Tribe belongs to no player, adds 1 to the cost like an in-decline token,
    and is simply discarded when conquered."""
    game = new(ROW, ["ratmen", "amazons"], ["merchant", "diplomat"])
    assert owner(game, "c") is None and tokens(game, "c") == 1
    turn(game, "ann", "a", "b", end=False, pick=0)
    assert game.quote("c", "ann").cost == 3  # 2 + 1 Lost Tribe
    act(game, "ann", "conquer", region="c")
    assert owner(game, "c") == "ann" and tokens(game, "c") == 3


def test_B_ED_2_remaining_banners_stack_at_the_bottom_of_the_column():
    """B-ED-2: The 6th visible combo is the top of the two stacks; after a pick the column moves up
    and the next banner and badge of the stacks become the 6th combo."""
    races = ["ratmen", "elves", "amazons", "dwarves", "orcs", "humans", "trolls"]
    powers = ["merchant", "hill", "forest", "swamp", "alchemist", "flying", "wealthy"]
    game = Game.new("base-2p", ["ann", "bob"], seed=1, races=races, powers=powers)
    assert [c[:2] for c in game.column][-1] == ["humans", "flying"]
    act(game, "ann", "pick", combo=0)
    assert [c[:2] for c in game.column] == [[r, p] for r, p in zip(races[1:], powers[1:],
                                                                     strict=True)]


def test_B_ED_3_merchant_skeletons_in_position_2_cost_2_coins_and_give_8_tokens():
    """B-ED-3: The 2018 example: the pair in position 2 (two pairs above it) costs one coin on each
    pair above; Skeletons 6 + Merchant 2 = 8 tokens."""
    game = new(ROW, ["ratmen", "amazons", "skeletons"], ["hill", "forest", "merchant"])
    act(game, "ann", "pick", combo=2)
    assert game.coins[0] == 5 - 2
    assert [c[2] for c in game.column[:2]] == [1, 1]
    assert game.hand("ann") == 8
