"""Rules audit of the engine (issue 2): edge cases checked against the French rule books.

Each test is worked out by hand from the rule text (seed 001, the 2018 French base rules) and
the rulings (docs/rules/ambiguities.md); the rule ID is in its name. Tests that fail are
engine discrepancies reported in /tmp/engine-bugs.md ("rules audit" section).
"""

from __future__ import annotations

from gamehelpers import act, at, last_scored, new, owner, refused, region, tokens, turn

from swcore import Game

# A ring a - b - c - d - e - f - a; a, d and f on the edge; a Lost Tribe in c.
RING = {
    "regions": {"a": region("farmland", edge=True), "b": region("forest"),
                "c": region("hill", lost_tribe=True), "d": region("swamp", edge=True),
                "e": region("hill"), "f": region("farmland", edge=True)},
    "borders": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"], ["f", "a"]],
}
# a - b - c in a row, all three on the edge.
ROW = {
    "regions": {"a": region("forest", edge=True), "b": region("forest", edge=True),
                "c": region("forest", edge=True)},
    "borders": [["a", "b"], ["b", "c"]],
}
# Ten separate edge farmlands: every race can always enter somewhere of its own.
TEN = {"regions": {f"r{k}": region("farmland", edge=True) for k in range(10)}, "borders": []}



def in_play(game: Game, race: str) -> int:
    """Tokens of `race` out of the box tray: on the board, in hand and held (Amazons)."""
    army = game.armies[race]
    return game.on_board(race) + army.hand + army.held


# ----------------------------------------------------------------------------------------
# In-decline Ghouls and their owner's active race
# ----------------------------------------------------------------------------------------
def ghouls_then_humans(humans_power: str = "berserk", bob_power: str = "diplomat") -> Game:
    """RING. ann: Ghouls a 4, b 3 in decline; Humans (5 + 4 = 9 tokens) f 3, e 6.
    bob: Ratmen d 13. It is ann's turn 4."""
    game = new(RING, ["ghouls", "ratmen", "humans"], ["merchant", bob_power, humans_power])
    turn(game, "ann", "a", "b", pick=0, end=False)  # Ghouls 5 + Merchant 2
    act(game, "ann", "redeploy", tokens={"a": 4, "b": 3})
    act(game, "ann", "end_turn")
    turn(game, "bob", "d", pick=0)  # Ratmen 8 + 5
    turn(game, "ann", decline=True)
    act(game, "bob", "end_turn")
    turn(game, "ann", "f", "e", pick=0, end=False)  # Humans 5 + 4
    act(game, "ann", "redeploy", tokens={"f": 3, "e": 6})
    act(game, "ann", "end_turn")
    act(game, "bob", "end_turn")
    return game


def test_B_LOSS_1_own_ghouls_taking_a_region_of_the_active_race_create_no_token():
    """B-LOSS-1 / B-RACE-GHOULS-4: "Un joueur a le droit d'attaquer son Peuple actif avec ses
    Zombies en déclin." The defender "doit ... Défausser définitivement un des pions ... Conserver
    les autres pions de Peuple en main ... puis les redéployer". B-COMBO-5: the tokens received
    "représentent l'intégralité des pions" of the race. So the Humans lose exactly one token:
    9 before, 8 afterwards, whenever and wherever the other two are placed."""
    game = ghouls_then_humans()
    assert in_play(game, "humans") == 9
    # Ghouls: a 4 -> 1, b 3 -> 1, 5 in hand; f costs 2 + 3 Humans = 5.
    act(game, "ann", "conquer", region="f", race="ghouls")
    assert (owner(game, "f"), game.race[at(game, "f")], tokens(game, "f")) == ("ann", "ghouls", 5)
    assert in_play(game, "humans") == 8  # 1 discarded, 2 taken back into hand
    act(game, "ann", "end_turn")  # then the withdrawn Humans are placed (B-LOSS-2)
    humans = game.armies["humans"]
    assert humans.hand >= 0
    assert in_play(game, "humans") == 8
    assert game.on_board("humans") == 8  # e is their only region: everything ends there
    assert game.tray("humans") == 10 - 8


def test_A_BASE_21_ghouls_going_into_decline_with_no_region_leave_the_board():
    """B-DECL-3: on decline only one token per region stays, "Tous les autres pions de ce Peuple
    sont replacés dans le casier"; the Ghouls' exception keeps the tokens that are on the board
    ("tous leurs pions restent sur le plateau"), none here. A-BASE-21: a race with no regions
    that goes into decline "has no tokens to keep, so it disappears and its banner goes to the
    stack" (B-DECL-6, B-COMBO-8); the player scores 0 that turn (B-DECL-10)."""
    game = new(RING, ["ghouls", "ratmen"], ["merchant", "hill"])
    turn(game, "ann", "a", pick=0, end=False)  # Ghouls 5 + 2 = 7
    act(game, "ann", "redeploy", tokens={"a": 7})
    act(game, "ann", "end_turn")
    act(game, "bob", "pick", combo=0)  # Ratmen 8 + 4 = 12
    act(game, "bob", "conquer", region="f")
    act(game, "bob", "conquer", region="a")  # 2 + 7 Ghouls: 1 lost, 6 back in hand
    act(game, "bob", "end_turn")
    assert (game.regions_of("ghouls"), game.armies["ghouls"].hand) == ([], 6)
    act(game, "ann", "decline")
    assert "ghouls" not in game.armies
    assert game.declined[0] == [] and game.active[0] is None
    assert game.tray("ghouls") == 10
    assert game.race_stack[-1] == "ghouls"
    act(game, "ann", "end_turn")
    assert last_scored(game, "ann") == 0


def test_B_POW_DIPLOMAT_1_an_attack_by_the_in_decline_ghouls_does_not_bar_the_ally():
    """B-POW-DIPLOMAT-1: "vous pouvez choisir un autre joueur qui devient aussitôt votre allié, à
    condition que vous n'ayez pas attaqué son Peuple actif pendant ce tour." The power section's
    preamble: "les termes « vous » ou « votre/vos » se rapportent aux pions de Peuple associés au
    Pouvoir Spécial. À moins que le contraire ne soit précisé, ces termes excluent tout pion de
    Peuple en déclin". Here only ann's in-decline Ghouls attacked bob's active race; her
    Diplomat race did not, so she may still make peace with bob. (A-BASE-08 says "they did not
    attack", which reads as the player; the French text names the Diplomat race.)"""
    game = new(RING, ["ghouls", "ratmen", "humans"], ["merchant", "hill", "diplomat"])
    turn(game, "ann", "a", "b", pick=0, end=False)
    act(game, "ann", "redeploy", tokens={"a": 4, "b": 3})
    act(game, "ann", "end_turn")
    turn(game, "bob", "d", "c", "e", pick=0, end=False)  # Ratmen 8 + Hill 4
    act(game, "bob", "redeploy", tokens={"c": 1, "d": 9, "e": 2})
    act(game, "bob", "end_turn")
    turn(game, "ann", decline=True)
    act(game, "bob", "redeploy", tokens={"c": 1, "d": 9, "e": 2})
    act(game, "bob", "end_turn")
    act(game, "ann", "conquer", region="c", race="ghouls")  # the lone Ratman of c is discarded
    assert owner(game, "c") == "ann"
    act(game, "ann", "pick", combo=0)  # Humans / Diplomat
    act(game, "ann", "conquer", region="f")  # an empty region: no attack by the Humans
    act(game, "ann", "ally", player="bob")
    assert game.army_of(game.players[0]).data["diplomat.ally"] == 1


def test_B_POW_BIVOUACKING_1_the_five_encampments_are_placed_even_without_an_action():
    """B-POW-BIVOUACKING-1: "Placez les 5 jetons de Campement dans la ou les régions que vous
    occupez, pendant la phase de Redéploiement." Placing them is part of the redeployment, not
    an option: when the player does not say where, the 5 must still stand in the race's
    regions (docs/engine.md calls the `encampments` action the one that "replaces their
    placement"). Where they go is the player's choice; this test only counts them."""
    game = new(ROW, ["ratmen", "humans"], ["bivouacking", "hill"])
    turn(game, "ann", "a", "b", pick=0)  # Ratmen 8 + 5
    camps = game.mk["encampment"]
    assert camps[at(game, "a")] + camps[at(game, "b")] == 5
    assert sum(camps) == 5


def test_B_END_2_the_game_over_event_names_the_winner_after_the_last_withdrawal():
    """B-LOSS-2: the defender redeploys his withdrawn tokens "en attendant que l'attaquant ait
    terminé son tour"; B-END-1/2 then: "Les ex-æquos sont départagés en fonction du nombre de
    pions de Peuple qu'ils possèdent sur le plateau". Equal coins (9 each): bob has 8 tokens on
    the board, ann 1 + her 10 withdrawn tokens = 11 once they are placed, so ann wins; no event
    may announce bob as the winner while ann's tokens wait in hand."""
    game = new(ROW, ["ratmen", "dwarves"], ["alchemist", "dragon_master"], turns=1,
               coins={"ann": 5, "bob": 7})
    turn(game, "ann", "b", "c", pick=0, end=False)  # Ratmen 8 + Alchemist 4 = 12
    act(game, "ann", "redeploy", tokens={"b": 11, "c": 1})
    act(game, "ann", "end_turn")  # 2 regions + Alchemist 2: 9 coins
    turn(game, "bob", "a", pick=0, end=False)  # Dwarves 3 + Dragon Master 5 = 8
    act(game, "bob", "dragon", region="b")  # ann: 1 lost, 10 withdrawn
    events = game.apply({"by": "bob", "do": "end_turn"})  # 2 regions: 7 + 2 = 9 coins
    assert game.coins == [9, 9]
    while game.queue:
        events += game.apply(game.default_withdrawal())
    assert game.game_over and game.winners() == ["ann"]
    over = [e for e in events if e.kind == "game_over"]
    assert over and all(e.data["winners"] == ["ann"] for e in over)


# ----------------------------------------------------------------------------------------
# Checked and found correct (not covered elsewhere)
# ----------------------------------------------------------------------------------------
def test_B_COMBO_8_with_the_stack_empty_a_banner_goes_to_the_lowest_slot_of_the_column():
    """B-COMBO-8 / B-DECL-6: "Lorsqu'un Peuple disparaît totalement du plateau de jeu, sa tuile est
    remplacée sous la pile des tuiles de Peuple, ou à défaut, à l'emplacement le plus bas de la
    liste des Peuples disponibles." B-COMBO-7: a banner without a badge gets the next badge.
    Ten races in play out of 14: the banner stack is empty and the column shows 4 combos."""
    races = ["ratmen", "elves", "amazons", "dwarves", "orcs", "humans", "trolls", "wizards",
             "giants", "halflings", "skeletons", "sorcerers", "tritons", "ghouls"]
    powers = ["merchant", "hill", "swamp", "forest", "alchemist", "commando", "mounted",
              "pillaging", "wealthy", "stout", "berserk", "flying", "fortified", "underworld",
              "heroic", "diplomat", "dragon_master", "bivouacking", "seafaring", "spirit"]
    players = ["ann", "bob", "cat", "dan", "eve"]
    game = Game.new(TEN, players, races=races, powers=powers)
    for k, p in enumerate(players):  # turn 1: the top combo, one region each
        turn(game, p, f"r{k}", pick=0)
    for p in players:  # turn 2: everyone goes into decline
        turn(game, p, decline=True)
    for k, p in enumerate(players):  # turn 3: five more combos
        turn(game, p, f"r{k + 5}", pick=0)
    assert game.race_stack == []
    assert [c[0] for c in game.column] == ["skeletons", "sorcerers", "tritons", "ghouls"]
    act(game, "ann", "decline")  # turn 4: ann's Ratmen (in decline) leave the board
    assert "ratmen" not in game.armies and owner(game, "r0") is None
    assert game.column[4] == ["ratmen", "heroic", 0]  # the next badge of the stack
    assert game.race_stack == []


def expanded_then_wiped_out() -> Game:
    """ROW. ann: Dwarves in decline on c; her Humans lost their only region b and hold their
    8 tokens in hand. bob: Ratmen a 1, b 11. It is ann's turn 4."""
    game = new(ROW, ["dwarves", "ratmen", "humans"], ["merchant", "hill", "swamp"])
    turn(game, "ann", "c", pick=0)  # Dwarves 3 + 2
    turn(game, "bob", "a", pick=0)  # Ratmen 8 + 4
    turn(game, "ann", decline=True)
    act(game, "bob", "end_turn")
    act(game, "ann", "pick", combo=0)  # Humans 5 + Swamp 4
    act(game, "ann", "conquer", region="b")
    act(game, "ann", "end_turn")  # b 9
    turn(game, "bob", "b")  # 11 in hand; 2 + 9 Humans
    assert (game.regions_of("humans"), game.armies["humans"].hand) == ([], 8)
    return game


def test_B_DECL_10_no_region_left_score_the_in_decline_race_only():
    """B-DECL-10 (FAQ) / A-BASE-21: with no active region left, the player "either scores only
    their in-decline race" (tokens in hand stay in hand) "or goes into decline"; "They may not
    pick a new combo that turn"."""
    game = expanded_then_wiped_out()
    assert refused(game, "ann", "pick", combo=0) == "B-FLOW-5"
    act(game, "ann", "end_turn")
    assert last_scored(game, "ann") == 1  # the in-decline Dwarves on c; Humans: no region
    assert game.armies["humans"].hand == 8


def test_B_DECL_10_no_region_left_going_into_decline_scores_nothing():
    """B-DECL-10 / A-BASE-21: going into decline with no region: the previous in-decline race
    leaves first (B-DECL-4), the new one has nothing to keep and leaves too; both banners go
    under the stack (B-COMBO-8) and the player scores 0."""
    game = expanded_then_wiped_out()
    stack = list(game.race_stack)
    act(game, "ann", "decline")
    assert game.declined[0] == [] and game.active[0] is None
    assert "dwarves" not in game.armies and "humans" not in game.armies
    assert owner(game, "c") is None
    assert game.race_stack == stack + ["dwarves", "humans"]
    act(game, "ann", "end_turn")
    assert last_scored(game, "ann") == 0
    act(game, "bob", "end_turn")
    act(game, "ann", "pick", combo=0)  # B-DECL-9: a new combo on the next turn


def test_A_BASE_11_a_spirit_decline_keeps_the_older_in_decline_race():
    """B-POW-SPIRIT-1 / A-BASE-11: "Lorsque votre Peuple ancestral est en déclin, il ne compte plus
    dans la limite ... Vous pouvez donc avoir deux Peuples en déclin à la fois, qui vous
    rapportent tous les deux des jetons de victoire." Here the non-Spirit race declined first;
    the Spirit decline must not remove it."""
    game = new(ROW, ["dwarves", "ratmen", "humans"], ["merchant", "hill", "spirit"])
    turn(game, "ann", "c", pick=0)  # Dwarves / Merchant
    turn(game, "bob", "a", pick=0)
    turn(game, "ann", decline=True)
    act(game, "bob", "end_turn")
    turn(game, "ann", "b", pick=0)  # Humans / Spirit
    act(game, "bob", "end_turn")
    act(game, "ann", "decline")
    assert sorted(game.declined[0]) == ["dwarves", "humans"]
    assert (owner(game, "b"), owner(game, "c")) == ("ann", "ann")
    act(game, "ann", "end_turn")
    assert last_scored(game, "ann") == 2  # b and c, 1 each, no bonus (B-SCORE-4)
