"""Property-based invariants with the rule modules (issues 10 and 18).

Random games (swcore.bots.RandomBot, the Leader bought whenever it is offered) with a random
subset of the six modules (Cursed!, Grand Dames, Be Not Afraid, Leaders, Necromancer Island,
River World on its board `river-practice`) and random values of every rule option they declare,
checked after every action by the base game's helpers (tests/test_invariants.py: board, banners
and badges, refusals, save/load, undo/redo) plus what the modules keep: each race's box accounts
exactly for the tokens on the board, in hand, held, on the column (the Homunculi's pile,
X-BNA-HOM-1), from Pygmy rolls (X-BNA-PYG-1), Horde tokens (X-CUR-HOR-1), Leaders, captive ones
included (X-LEAD-2..4, B-DEF-8), and in the Well of Souls (X-NEC-8); the Homunculi stay within
their 15 (A-BNA-06); the Necromancer's 14 Ghosts are all somewhere (X-NEC-3); coins never go
negative and move only by picking, scoring and `pay` (X-CUR-RAN-1, X-BNA-COR-1, X-BNA-MER-1,
A-LEAD-01, X-NEC-12, B-SCORE-3); the Gypsies' coins lie on regions until collected (X-GD-GYP-1).
"""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_invariants import (
    BOARDS,
    PHASES,
    PLAYERS,
    SMALL,
    VALUES,
    declared,
    in_play,
    option_values,
    piles,
    play_checked,
)

from swcore import Action, Game, InputError, RuleError, SwError
from swcore.config import make_setup
from swcore.rules.leaders import state as leaders
from swcore.rules.necromancer import state as necro
from swcore.rules.registry import MODULES

ALL4 = ["cursed", "grand_dames", "be_not_afraid", "leaders"]
#: A small Underground map (U-BOARD-1): three Monster regions (U-SETUP-3), a river with its two
#: ends on the edge (U-EDGE-1), a chasm (U-CHASM-1) and two Black Mountains (U-BM-1).
UNDERGROUND = {
    "regions": {"e1": {"terrain": "mine", "edge": True},
                "m1": {"terrain": "mushroom_forest", "symbols": ["monster"]},
                "k1": {"terrain": "black_mountain"}, "r1": {"terrain": "river", "edge": True},
                "r2": {"terrain": "river"}, "r3": {"terrain": "river", "edge": True},
                "x": {"terrain": "chasm", "edge": True},
                "c1": {"terrain": "mystic_crystals", "edge": True},
                "m2": {"terrain": "mudpool", "symbols": ["monster"]},
                "e2": {"terrain": "mudpool", "edge": True}, "b1": {"terrain": "mushroom_forest", "edge": True},
                "m3": {"terrain": "mine", "symbols": ["monster"]}, "k2": {"terrain": "black_mountain"}},
    "borders": [["e1", "m1"], ["m1", "k1"], ["k1", "r2"], ["r1", "e1"], ["r1", "r2"], ["r2", "r3"],
                ["r3", "c1"], ["e1", "x"], ["x", "c1"], ["c1", "m2"], ["m2", "e2"], ["e2", "b1"],
                ["b1", "m3"], ["m3", "k1"], ["k1", "e2"], ["k2", "m3"], ["k2", "b1"]]}
SIX = tuple(m for m in MODULES if m != "base")
HORDES = 2  # X-CUR-HOR-1 (markers.csv `horde`)


@st.composite
def module_games(draw: st.DrawFn) -> tuple:
    """(modules, options, board, players, turns): a random subset of the six modules with
    option values; River World plays on `river-practice` (2 or 3 players), which has no Lake
    for Necromancer Island (X-NEC-2), so the two never go together; the Necromancer is an extra,
    last seat (X-NEC-1)."""
    mods = draw(st.lists(st.sampled_from(SIX), min_size=1, max_size=len(SIX), unique=True))
    if "river_world" in mods and "necromancer" in mods:
        mods.remove(draw(st.sampled_from(["river_world", "necromancer"])))
    options: dict = {}
    for m in ("base", *mods):
        options.update(draw(option_values(m)))
    if "river_world" in mods:
        board, players, turns = "river-practice", draw(st.sampled_from([2, 3])), None
    elif "underground" in mods and "necromancer" not in mods and draw(st.booleans()):
        board, players, turns = "underground-small", draw(st.sampled_from([2, 3])), 8
    else:
        board, players, turns = draw(st.sampled_from(BOARDS))
    if "necromancer" in mods:
        players = min(6, players + 1)
    return mods, options, board, players, turns


def new_game(board: str, players: int, turns: int | None, seed: int, expansions=ALL4,
             options=None) -> Game:
    m = {"small": SMALL, "underground-small": UNDERGROUND}.get(board, board)
    names = PLAYERS[:players] if players <= len(PLAYERS) else [*PLAYERS, "fay"][:players]
    return Game.new(m, names, seed=seed, turns=turns, expansions=list(expansions),
                    options=options or {})


def buy_leader(legal: list[Action], chosen: Action) -> Action:
    """X-LEAD-1: the same pick with its Leader when the Leader is offered."""
    if chosen.do == "pick" and not chosen.args.get("leader"):
        for a in legal:
            if a.do == "pick" and a.combo == chosen.combo and a.args.get("leader"):
                return a
    return chosen


# ---------------------------------------------------------------------------------------
# Position checks
# ---------------------------------------------------------------------------------------
def check_modules(game: Game) -> None:
    """Where each module keeps tokens and coins, read from the position and the snapshot."""
    snap = game.snapshot()
    modules = snap.get("modules", {})
    well = modules.get("necromancer", {}).get("well", [])
    # X-CUR-HOR-1, X-LEAD-2: the tokens from outside the box are exactly the active Horde
    # tokens and the Leader still with its race (the Necromancer has no Horde tokens,
    # A-NEC-06); X-NEC-8: those in the Well are out of it.
    for race, army in game.armies.items():
        hordes = "hordes_of" in army.powers and not army.declined and race != necro.GHOSTS
        extra = (HORDES if hordes else 0) + \
            (1 if leaders.has(army) else 0) - well.count(race)
        if race == necro.GHOSTS:  # X-NEC-3: the reserve and those left in the box too
            book = necro.book(game)
            extra -= book["reserve"] + book["removed"]
        assert game._extra_box(army) == extra, (race, army.powers, game._extra_box(army))
        assert game.tray(race) >= 0, (race, game.tray(race))
    if necro.in_play(game):  # X-NEC-3: 14 Ghosts, each in one place
        assert necro.ghost_count(game) == necro.GHOST_TOKENS
    # X-BNA-HOM-1, A-BNA-06: a pile only on the Homunculi's own combo, within their 15.
    pile = piles(game)
    column = [c[0] for c in game.column]
    for race, n in pile.items():
        assert race == "homunculi" and race in column and n >= 1, (race, n, column)
    for k in range(len(game.column)):
        assert game.combo_tokens(k) == pile.get(game.column[k][0], 0)
    hom = game.armies.get("homunculi")
    # (the Leader and an active Hordes of's 2 Horde tokens come from outside the box)
    regular = in_play(game).get("homunculi", 0) - (game._extra_box(hom) if hom else 0)
    assert regular <= game.box_of("homunculi") == 15, regular
    # X-LEAD-2..4: each Leader in one place; a captive is held by an enemy, once.
    captives = modules["leaders"]["captives"] if "leaders" in modules else {}
    held = [(r, owner) for p, lst in captives.items() for r, owner in lst
            if game.players.index(p) != owner]
    assert len(held) == sum(len(lst) for lst in captives.values()), captives
    assert len({r for r, _ in held}) == len(held), captives
    for race, army in game.armies.items():
        where = leaders.at(army)
        if isinstance(where, int):
            assert game.race[where] == race and not army.declined, (race, where)
        elif where == "hand":
            assert army.hand >= 1, (race, army.hand)
        elif where == "held":
            assert army.held >= 1, (race, army.held)
        elif where == "captured":
            assert (race, army.owner) in held, (race, captives)
    # U-SETUP-4, U-PR-1, U-MON-3: each Place and Relic in one place, face down or discovered;
    # Monsters only ever leave the board; no piece but the Volcano in a chasm (U-CHASM-1, AU-12).
    if "underground" in modules:
        own = modules["underground"]
        found, down = own["found"], own["face_down"] or []
        assert len(set(found)) == len(found) and not set(found) & set(down), (found, down)
        assert set(found) <= set(game.pieces), (found, game.pieces)
        assert all(game.board.base_cost[i] is not None for p, i in game.pieces.items()
                   if i is not None and p != "volcano"), game.pieces  # (the Volcano: U-VOLC-1)
        monsters = [i for i in game.where.get("monster", ()) if game.tokens[i]]
        assert all(game.tokens[i] == 2 for i in monsters) and 2 * len(monsters) <= game.box_of("monster")
        assert len(found) + len(down) <= 15
    # X-GD-GYP-1: coins lying on regions (and on combos) are never negative.
    assert all(c >= 0 for c in game.coins_on), game.coins_on
    assert all(c >= 0 for c in snap["coins_on"].values())


def module_ledger(before: Game, after: Game, events: list, expect: dict, declined: set) -> int:
    """The modules' token moves (a Homunculus onto the pile, Pygmies from the tray) and the
    races that declined (B-DECL-3 with the Horde tokens and the Leader gone, the Ivory Tower);
    returns the bank's net payment to the players (`pay` events)."""
    bank = 0
    for ev in events:
        d = ev.data
        if ev.kind == "homunculus":  # X-BNA-HOM-1: from the tray onto the combo
            expect["homunculi"] = expect.get("homunculi", 0) + 1
        elif ev.kind == "pick" and d["race"] in after.armies and \
                leaders.has(after.armies[d["race"]]):  # X-LEAD-1: bought with the combo
            expect[d["race"]] += 1
        elif ev.kind == "roll" and "gained" in d:  # X-BNA-PYG-1
            expect["pygmies"] += d["gained"]
        elif ev.kind == "spawn":  # X-NEC-11: a Ghost from the reserve onto the Island
            expect[necro.GHOSTS] += d["spawned"]
        elif ev.kind == "buy" and d["item"] == "ghost":  # X-NEC-12: likewise, bought
            expect[necro.GHOSTS] += 1
        elif ev.kind == "fountain":  # U-PLACE-FOUNTAIN-1: a token from the tray into hand
            expect[d["race"]] += 1
        elif ev.kind == "altar":  # U-PLACE-ALTAR-1: an in-decline token back to the tray
            if d["race"] not in declined:
                expect[d["race"]] -= d["lost"]
        elif ev.kind == "pirates":  # X-RW-11: a Pirate Ship from the box on each river listed
            expect["pirate_ship"] = expect.get("pirate_ship", 0) + len(d["regions"])
        elif ev.kind == "pay":
            assert d["coins"] >= 0
            bank += d["coins"] if d["payer"] is None else 0
            bank -= d["coins"] if d["payee"] is None else 0
    # a Leader alone converted by Sorcerers: the `convert` event already took it off (A-LEAD-02)
    converted = {before.board.region(ev.data["region"]) for ev in events if ev.kind == "convert"}
    for race, army in after.armies.items():  # X-LEAD-4: a Leader captured leaves the race's
        was_army = before.armies.get(race)  # tokens; the loss it replaces discards none (A-LEAD-02)
        if was_army is not None and leaders.has(was_army) and leaders.at(army) == "captured" \
                and leaders.at(was_army) not in converted:
            expect[race] -= 1
    now = in_play(after)
    for race in declined:
        was_army, was = before.armies[race], in_play(before)[race]
        leader = 1 if leaders.has(was_army) else 0
        hordes = min(HORDES, was - leader) if "hordes_of" in was_army.powers else 0
        regular = was - leader - hordes  # the race's own tokens, the only ones that stay
        if race not in after.armies:
            continue
        army, held = after.armies[race], after.regions_of(race)
        assert army.hand == 0 and army.held == 0 and not leaders.has(army), race
        assert now.get(race, 0) <= regular, (race, was, leader, hordes, now.get(race))
        if race == "priestesses" and held:  # X-GD-PRI-1: one per region, all in the Tower
            # X-LEAD-2: the Leader leaves first; a region it held alone is then left
            alone = leaders.at(was_army)
            gone = 1 if isinstance(alone, int) and before.tokens[alone] == 1 else 0
            regions = len(before.regions_of(race)) - gone
            assert len(held) == 1 and now[race] == min(regular, regions), (now[race], regions)
            assert after.pieces.get("ivory_tower") == held[0]
        elif after.gives(army, "keeps_tokens_on_decline"):  # Ghouls B-RACE-GHOULS-1, Tomb
            # U-POWER-TOMB-1: their tokens on the board stay, the Horde
            # tokens vanish from hand first, the Leader leaves (Stout places the hand first)
            stout = any(ev.kind == "score" for ev in events)
            board = was if stout else before.on_board(race)
            on_board = 1 if leader and (stout or isinstance(leaders.at(was_army), int)) else 0
            in_hand = was - board - (leader - on_board)
            assert now[race] == board - on_board - max(0, hordes - in_hand), (race, now[race], was)
        else:  # B-DECL-3: one per region held
            assert now.get(race, 0) == len(held), (race, now.get(race), held)
    # X-GD-GYP-1: bank coins go on abandoned regions and come off only as the Gypsies score.
    laid = sum(ev.data["coins"] for ev in events if ev.kind == "coins_on")
    picked = sum(it["coins"] for ev in events if ev.kind == "score" for it in ev.data["breakdown"]
                 if it["rule"] == "X-GD-GYP-1")
    assert sum(after.coins_on) == sum(before.coins_on) + laid - picked
    return bank


def hostile(game: Game, rng: random.Random) -> list[tuple[Action | dict, type]]:
    """The modules' arguments misused: each is refused and changes nothing."""
    who = game.to_act
    if who is None:
        return []
    ids = game.board.ids
    rid = rng.choice(ids)
    out: list[tuple[Action | dict, type]] = [
        ({"by": who, "do": "ransom", "race": "nobody"}, SwError),                  # A-LEAD-01
        ({"by": who, "do": "ransom"}, SwError),
        ({"by": who, "do": "conquer", "region": rid, "catapult": "nowhere"}, SwError),
        ({"by": who, "do": "conquer", "region": rid, "pay": "lots"}, InputError),
        ({"by": who, "do": "decline", "tower": ["r1"]}, InputError),
        ({"by": who, "do": "redeploy", "tokens": {rid: 1}, "cauldrons": "all"}, InputError),
        ({"by": who, "do": "pick", "combo": 0, "leader": "yes"}, InputError),
        ({"by": who, "do": "redeploy", "tokens": {rid: -1}, "leader": rid}, SwError),
    ]
    army = game.army_of(who) if game.active[game.players.index(who)] else None
    ids_in_play = game.ruleset.ids

    def refusal(module: str) -> type:  # a word or argument of a module not in play: unknown
        return RuleError if module in ids_in_play else InputError

    if army is not None and "marauding" not in army.powers:                      # X-CUR-MAR-1
        out.append((Action(by=who, do="maraud"), RuleError))
    if army is not None and "mercenary" not in army.powers:                       # X-BNA-MER-1
        out.append(({"by": who, "do": "conquer", "region": rid, "pay": True}, refusal("be_not_afraid")))
    if army is not None and army.race != "iron_dwarves":                  # U-RACE-IRON-DWARVES-2
        out.append(({"by": who, "do": "conquer", "region": rid, "hammers": 1}, refusal("underground")))
    if army is not None and army.race != "will_o_wisps":                  # U-RACE-WILL-O-WISPS-1
        out.append(({"by": who, "do": "conquer", "region": rid, "early_die": True},
                    refusal("underground")))
    if army is not None and army.race != "priestesses":                           # X-GD-PRI-1
        out.append(({"by": who, "do": "decline", "tower": rid}, refusal("grand_dames")))
    if army is not None:                                    # U-PR-1: no such relic in play
        out.append(({"by": who, "do": "conquer", "region": rid, "using": "excalibur"},
                    refusal("underground")))
    if army is not None and game.pieces.get("crypt_of_the_tomb_raider") is None:   # U-PLACE-CRYPT-1
        out.append(({"by": who, "do": "crypt_ghost", "region": rid}, SwError))
    return out


EXTRA = {"checks": (check_modules,), "ledger": module_ledger, "more_bad": hostile,
         "prefer": buy_leader}


def test_every_declared_option_is_drawn():
    """Each option the six modules and the base declare is drawn: true/false ones as booleans,
    the others from VALUES, whose values the modules' own checks accept."""
    for m in ("base", *SIX):
        for name, kind in declared(m):
            assert kind is bool or name in VALUES, (m, name)
    assert set(VALUES) <= {name for m in ("base", *SIX) for name, _ in declared(m)}


@settings(max_examples=16, deadline=None, phases=PHASES, report_multiple_bugs=False)
@given(seed=st.integers(0, 2**31), setup=module_games())
@example(seed=906, setup=(ALL4, {}, "base-5p", 5, None))  # a Leader among Pixies held back (X-LEAD-3)
@example(seed=1156546539, setup=(ALL4, {}, "small", 3, 24))  # Homunculi with Hordes of (X-CUR-HOR-1)
@example(seed=10906391, setup=(["cursed", "leaders", "necromancer", "be_not_afraid"], {}, "small",
                               4, 24))  # a Leader alone converted by Sorcerers (A-LEAD-02)
@example(seed=77, setup=(["underground"], {}, "underground-small", 3, 8))  # Monsters, pieces
@example(seed=78, setup=(["cursed", "grand_dames", "leaders", "be_not_afraid", "underground"], {},
                         "underground-small", 2, 8))  # Underground with every surface module
@example(seed=3137, setup=(["be_not_afraid", "cursed", "grand_dames", "leaders", "underground",
                            "river_world"], {"final_die_max_short": 2,
                                             "own_decline_counts_non_empty": True, "events": None},
                           "river-practice", 3, None))  # Pixies' Leader off with a river's (X-LEAD-2)
@example(seed=20145, setup=(["necromancer", "cursed"], {
    "own_decline_counts_non_empty": True, "final_die_max_short": 1, "edition": "2018",
    "hordes_need_escort": False, "goblins_vs_lost_tribes": True}, "base-2p", 3, None))  # Hordes, Well
@example(seed=20146, setup=(["be_not_afraid", "cursed", "grand_dames", "leaders", "river_world",
                             "underground"], {"final_die_max_short": 1, "hordes_need_escort": True,
                                              "spiderines_chasm_network": True,
                                              "flames_volcano_entry": True},
                            "river-practice", 3, None))  # a Tomb's last region lost (B-DECL-8)
@example(seed=60302, setup=(["cursed", "underground", "be_not_afraid", "grand_dames", "leaders",
                             "necromancer"], {"edition": "fr2009", "final_die_max_short": 1,
                                             "own_decline_counts_non_empty": True,
                                             "goblins_vs_lost_tribes": False,
                                             "leader_races": ["ratmen"]},
                            "base-3p", 4, None))  # the Necromancer's Hordes of (A-NEC-06)
@example(seed=90261, setup=(["grand_dames", "necromancer", "underground", "cursed", "leaders"], {
    "necromancer_price_extra": 1, "hordes_need_escort": True, "leader_ransom": "none"},
                            "base-4p", 5, None))  # the Necromancer's Hordes of (A-NEC-06)
@example(seed=170407, setup=(["underground", "leaders", "necromancer", "be_not_afraid",
                              "grand_dames", "cursed"], {"edition": "fr2009",
                                                         "own_decline_counts_non_empty": True,
                                                         "leader_ransom": "none"},
                             "base-3p", 4, None))  # Reborn onto a sea (B-CONQ-4)
def test_random_games_with_random_modules_keep_the_invariants(seed: int, setup: tuple) -> None:
    """B-DEF-8, X-CUR-HOR-1, X-BNA-HOM-1, X-BNA-PYG-1, X-LEAD-2..5, X-GD-GYP-1, X-NEC-3, -8,
    B-SCORE-3: see the module docstring."""
    mods, options, board, players, turns = setup
    game = new_game(board, players, turns, seed, mods, options)
    play_checked(game, seed, check_all_legal=False, **EXTRA)


@settings(max_examples=8, deadline=None, phases=PHASES, report_multiple_bugs=False)
@given(seed=st.integers(0, 2**31), setup=module_games())
@example(seed=139071232, setup=(ALL4, {}, "base-5p", 5, None))  # Barbarians' brave Leader (X-BNA-BAR-1)
@example(seed=79, setup=(["underground"], {}, "underground-small", 2, 8))  # using, ghost, ring, altar
@example(seed=331872, setup=(["leaders", "cursed", "be_not_afraid", "necromancer", "grand_dames",
                              "underground"], {"final_die_max_short": 2, "leader_ransom": "pay_2",
                                               "spiderines_chasm_network": True},
                             "base-5p", 6, None))  # a Kobold swapped in by Reborn (X-CUR-KOB-1)
def test_every_legal_action_applies_with_random_modules(seed: int, setup: tuple) -> None:
    """legal_actions() lists only actions apply() accepts, the modules' words and arguments
    included (maraud, ransom, catapult, pay, cauldrons, tower, leader, buy, caravel, peek)."""
    mods, options, board, players, turns = setup
    game = new_game(board, players, turns, seed, mods, options)
    play_checked(game, seed, check_all_legal=True, **EXTRA)


# ---------------------------------------------------------------------------------------
# Regressions: bugs the invariants above found
# ---------------------------------------------------------------------------------------
def test_X_LEAD_2_the_leader_goes_in_with_the_last_token_in_hand():
    """X-LEAD-2: a conquest that commits every token in hand (the final die here) takes the
    Leader along, without `leader: true`; it was left "in hand" with an empty hand."""
    board = {"regions": {"a": {"terrain": "farmland", "edge": True},
                         "b": {"terrain": "farmland", "edge": True}},
             "borders": [["a", "b"]]}
    game = Game(make_setup(board, ["ann", "bob"], races=["ratmen"], powers=["alchemist"],
                           dice=[3], expansions=["leaders"], values={"ratmen": 2, "alchemist": 0}))
    game.apply({"by": "ann", "do": "pick", "combo": 0, "leader": True})
    game.apply({"by": "ann", "do": "conquer", "region": "a"})
    army = game.armies["ratmen"]
    assert army.hand == 1 and leaders.at(army) == "hand"
    game.apply({"by": "ann", "do": "conquer", "region": "b", "reinforce": True})
    assert army.hand == 0 and leaders.at(army) == game.board.index["b"]
    check_modules(game)


def test_X_CUR_HOR_1_horde_tokens_vanish_beside_a_leader_on_decline():
    """X-CUR-HOR-1 with X-LEAD-2: on decline the race keeps only its own tokens. The Leader is
    not one of them: counting it as one kept a Horde token on the board (3 tokens, 2 own)."""
    game = Game.new("base-2p", ["ann", "bob"], seed=1, races=["ratmen"], powers=["hordes_of"],
                    expansions=["cursed", "leaders"])
    game.apply({"by": "ann", "do": "pick", "combo": 0, "leader": True})
    army = game.armies["ratmen"]
    spots = [i for i, rid in enumerate(game.board.ids)
             if game.board.edge[i] and not game.board.water[i]][:4]
    for i, n in zip(spots, (2, 1, 1, 1), strict=True):  # Leader + own, Horde, Horde, own
        game._occupy(i, "ratmen", 0, n)
    army.hand = 0
    leaders.put(game, army, spots[0])
    own = game.on_board("ratmen") - HORDES - 1
    assert game.box_of("ratmen") - game.tray("ratmen") == own == 2
    game._go_into_decline(army)
    assert game.on_board("ratmen") == len(game.regions_of("ratmen")) == own
    assert game.tray("ratmen") == game.box_of("ratmen") - own


def test_B_DEF_8_a_final_die_logged_with_an_added_argument_saves_exactly():
    """Save/load exact: the die result joins a logged `conquer` in the word's parameter order,
    so a Mercenary's `pay` before it reloads to the same text (it came after `roll`)."""
    board = {"regions": {"a": {"terrain": "mountain", "edge": True}}, "borders": []}
    game = Game(make_setup(board, ["ann", "bob"], races=["ratmen"], powers=["mercenary"],
                           dice=[1], expansions=["be_not_afraid"],
                           values={"ratmen": 2, "mercenary": 0}))
    game.apply({"by": "ann", "do": "pick", "combo": 0})  # 2 tokens; a mountain costs 3
    game.apply({"by": "ann", "do": "conquer", "region": "a", "pay": True, "reinforce": True})
    text = game.to_json()
    assert list(game.log[-1]) == list(Action.from_dict(game.log[-1]).to_dict())
    assert Game.from_json(text).to_json() == text
