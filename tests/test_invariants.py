"""Property-based invariants: random games (swcore.bots.RandomBot) checked after every action.

Each example plays a whole game from a seed and checks, after every action, the token ledger
(B-COMP-3, B-DEF-8), coins (B-SCORE-3, B-COMBO-2), the board (B-CONQ-6, B-DECL-3), the
decline limit (B-DECL-4), banner and badge conservation (B-COMBO-6..8), that every legal
action applies, that refused actions change nothing, and that save/load and undo/redo are
exact.
"""

from __future__ import annotations

import random
import typing
from collections import Counter
from dataclasses import fields

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from swcore import Action, Game, InputError, RuleError, SwError
from swcore.bots import RandomBot
from swcore.catalogue import BOX, LOST_TRIBE, MARKERS, in_sets
from swcore.catalogue import RACES as EVERY_RACE
from swcore.config import default_pool
from swcore.neutrals import NEUTRALS
from swcore.rules.leaders import RANSOMS
from swcore.rules.necromancer import state as necro
from swcore.rules.registry import MODULES
from swcore.rules.river_world import PENALTIES
from swcore.rules.underground import compat

#: A small map where races run out of room fast: many declines, badge reshuffles (B-COMBO-7).
SMALL = {
    "regions": {
        "a": {"terrain": "farmland", "edge": True, "lost_tribe": True},
        "b": {"terrain": "mountain", "symbols": ["mine", "cavern"]},
        "c": {"terrain": "forest", "edge": True, "symbols": ["magic"]},
        "d": {"terrain": "hill", "lost_tribe": True},
        "e": {"terrain": "swamp", "edge": True, "symbols": ["cavern"]},
        "s": {"terrain": "sea", "edge": True},
        "l": {"terrain": "lake"},
        "f": {"terrain": "farmland", "symbols": ["mine"]},
    },
    "borders": [["a", "b"], ["a", "s"], ["b", "c"], ["b", "l"], ["c", "d"], ["d", "l"],
                ["d", "e"], ["e", "s"], ["e", "f"], ["f", "l"], ["a", "f"]],
}
BOARDS = [("base-2p", 2, None), ("base-3p", 3, None), ("base-4p", 4, None), ("base-5p", 5, None),
          ("small", 3, 24)]
PLAYERS = ["ann", "bob", "cat", "dan", "eve"]


def new_game(board: str, players: int, turns: int | None, seed: int, options=None) -> Game:
    m = SMALL if board == "small" else board
    return Game.new(m, PLAYERS[:players], seed=seed, turns=turns, options=options or {})


#: The values a test game gives each rule option that is not true/false (those are drawn as
#: booleans); every option a module declares needs one (tests/test_invariants_expansions.py,
#: test_every_declared_option_is_drawn).
VALUES = {
    "edition": st.sampled_from(["2018", "fr2009"]),                          # A-BASE-17
    "final_die_max_short": st.integers(0, 3),                                # A-BASE-02
    "leader_ransom": st.sampled_from(RANSOMS),                               # A-LEAD-01
    "leader_races": st.none() | st.lists(st.sampled_from(EVERY_RACE), unique=True, max_size=10),
    "necromancer_price_extra": st.sampled_from([0, 1]),                      # A-NEC-03
    "pirates_penalty": st.sampled_from(PENALTIES),                           # A-RW-02
    "events": st.none(),  # drawn with the seed (fixed orders: tests/test_river_world.py)
}


def declared(module_id: str) -> list[tuple[str, type]]:
    """The rule options a module declares (its `options` dataclass): (name, type)."""
    schema = getattr(MODULES[module_id], "options", None)
    if schema is None:
        return []
    hints = typing.get_type_hints(schema)
    return [(f.name, hints[f.name]) for f in fields(schema)]


def option_values(module_id: str) -> st.SearchStrategy[dict]:
    """Some of the module's options (the others keep their default), each a value it takes."""
    drawn = {name: st.booleans() if kind is bool else VALUES[name]
             for name, kind in declared(module_id)}
    return st.fixed_dictionaries({}, optional=drawn)


# ---------------------------------------------------------------------------------------
# The checks
# ---------------------------------------------------------------------------------------
def in_play(game: Game) -> dict[str, int]:
    """Tokens of each race out of the tray: on the board + in hand + held (Amazons), + the
    tokens the modules keep elsewhere (the Homunculi's pile on their combo, X-BNA-HOM-1)."""
    out: Counter[str] = Counter()
    for i, race in enumerate(game.race):
        if race is not None:
            out[race] += game.tokens[i]
    for race, army in game.armies.items():
        out[race] += army.hand + army.held
    out.update(piles(game))
    return dict(out)


def piles(game: Game) -> dict[str, int]:
    """Race tokens lying on column combos, as the snapshot shows them (Be Not Afraid only)."""
    if "be_not_afraid" not in game.ruleset.ids:
        return {}
    return dict(game.snapshot()["modules"]["be_not_afraid"]["piles"])


def boxes(game: Game) -> dict[str, int]:
    """Each race's tokens in all: its box (`box_of`, set-up overrides included) plus the tokens
    its army has from outside it (`extra_box`: Horde tokens, a Leader)."""
    out = {}
    for race in BOX:
        army = game.armies.get(race)
        out[race] = game.box_of(race) + (game._extra_box(army) if army else 0)
    return out


def powers_aside(game: Game) -> list[str]:
    """Badges the modules keep out of the stacks: the Necromancer's not yet bought (X-NEC-5),
    Flying taken out of a River World game (X-RW-0, option `remove_flying`) when its set is in
    the stacks (not with Underground's stacks alone, U-SETUP-2)."""
    ids = game.ruleset.ids
    out = list(necro.book(game)["unbought"]) if "necromancer" in ids else []
    sets = game.setup.get("pool") or default_pool(game.setup.get("expansions", []))
    if ("river_world" in ids and game.module_options["river_world"].remove_flying
            and "flying" in in_sets("power", sets)):
        out.append("flying")
    # a badge a piece carries (Stonehedge's, U-PLACE-STONEHEDGE-1), or the set-up keeps for it
    out += list(game.carried.values())
    kept = game.setup.get("stonehedge")
    if kept is not None and kept not in game.carried.values():
        out.append(kept)
    return out


def armies_aside(game: Game) -> list[str]:
    """Armies that are no banner of the stacks: the Necromancer's Ghosts (X-NEC-18)."""
    return ["ghosts"] if "necromancer" in game.ruleset.ids else []


def check_position(game: Game) -> None:
    b = game.board
    # Coins are never negative (B-SCORE-3, A-BASE-22).
    assert all(c >= 0 for c in game.coins), game.coins
    assert all(c[2] >= 0 for c in game.column)
    # Every region: empty, a Lost Tribe, or >= 1 token of exactly one race and its owner.
    for i, rid in enumerate(b.ids):
        race, owner, n = game.race[i], game.owner[i], game.tokens[i]
        if race is None:
            assert n == 0 and owner is None, (rid, race, owner, n)
            assert not any(game.mk[k][i] for k in game.mk), (rid, "markers in an empty region")
        elif race == LOST_TRIBE or race in NEUTRALS:  # (Pirate Ships, X-RW-1)
            assert n >= 1 and owner is None, (rid, n, owner)
        else:
            assert n >= 1, (rid, race, n)
            assert race in game.armies, (rid, race, "no army")
            assert owner == game.armies[race].owner, (rid, race, owner)
        if b.water[i] and race is not None:  # B-POW-SEAFARING-2: kept in decline, badge gone
            army = game.armies.get(race)
            assert game.gives(army, "may_occupy_water") or army.declined, (rid, race, "on water")
        for k in ("hole", "hero", "dragon", "encampment"):  # B-DECL-7: gone on decline
            if game.mk[k][i]:
                assert race in game.armies and not game.armies[race].declined, (rid, k, race)
        if game.mk["lair"][i]:
            assert race == "trolls", (rid, race, "lair")
    for kind, most in MARKERS.items():
        if kind in game.mk:
            assert sum(game.mk[kind]) <= most, (kind, sum(game.mk[kind]))
    # The tray: 0 <= tray <= box, for every race and for the Lost Tribes (B-DEF-8).
    counts = in_play(game)
    for race, box in boxes(game).items():
        assert 0 <= counts.get(race, 0) <= box, (race, counts.get(race), box)
        if race in game.armies or race == LOST_TRIBE:
            assert counts.get(race, 0) + game.tray(race) == box, (race, game.tray(race))
    for race, army in game.armies.items():
        assert army.hand >= 0 and army.held >= 0, (race, army.hand, army.held)
    # Active and in-decline races of each player (B-DECL-4: one non-Spirit decline).
    for seat, _ in enumerate(game.players):
        act = game.active[seat]
        if act is not None:
            assert not game.armies[act].declined and game.armies[act].owner == seat
        for race in game.declined[seat]:
            assert game.armies[race].declined and game.armies[race].owner == seat
        plain = [r for r in game.declined[seat] if game.armies[r].power != "spirit"]
        assert len(plain) <= 1, (seat, game.declined[seat])
    listed = [r for r in game.active if r] + [r for d in game.declined for r in d]
    assert sorted(listed) == sorted(game.armies), (listed, list(game.armies))
    # Every banner and badge is in exactly one place (B-COMBO-6, B-COMBO-7, B-COMBO-8).
    sets = game.setup.get("pool") or default_pool(game.setup.get("expansions", []))
    RACES, POWERS = in_sets("race", sets), in_sets("power", sets)  # the sets of the stacks
    if "underground" in game.ruleset.ids:  # U-COMPAT-1: what the map cannot use is out
        # (a Necromancer may have drawn one of them for himself first, X-NEC-5)
        out = compat.out_of_stacks(game) - set(powers_aside(game)) - {
            p for a in game.armies.values() for p in a.powers}
        RACES, POWERS = [r for r in RACES if r not in out], [p for p in POWERS if p not in out]
    banners = [r for r in game.armies if r not in armies_aside(game)]
    races = [c[0] for c in game.column] + list(game.race_stack) + banners
    assert sorted(races) == sorted(RACES), Counter(races) - Counter(RACES)
    powers = ([c[1] for c in game.column] + list(game.power_stack) + list(game.power_discard)
              + [p for a in game.armies.values() for p in a.powers] + powers_aside(game))
    assert sorted(powers) == sorted(POWERS), (Counter(powers) - Counter(POWERS),
                                              Counter(POWERS) - Counter(powers))
    assert len(game.column) == 6 or not game.race_stack


def check_ledger(before: Game, after: Game, events: list, ledger=None) -> None:
    """Tokens leave the tray only by picking, Skeletons and Sorcerers, and come back only by
    losses, conversions and declines; coins move only by picking and scoring. `ledger(before,
    after, events, expect, declined)` adds the modules' own moves to `expect` and checks the
    races that declined; it returns the coins the bank paid out net (`pay` events)."""
    was, now = in_play(before), in_play(after)
    expect = dict(was)
    declined, gone = set(), set()
    for ev in events:
        d = ev.data
        if ev.kind == "pick":
            expect[d["race"]] = expect.get(d["race"], 0) + d["tokens"] - piles(before).get(d["race"], 0)
        elif ev.kind == "loss":
            expect[d["race"]] -= d["lost"]
        elif ev.kind in ("lost_tribe", "neutral"):  # wiped out (a Pirate Ship too, A-RW-04)
            i = before.board.region(d["region"])
            expect[before.race[i]] -= before.tokens[i]
        elif ev.kind == "gain":  # Skeletons, Mudmen (U-RACE-MUDMEN-1)
            expect[d.get("race", "skeletons")] += d["tokens"]
        elif ev.kind == "convert":  # Sorcerers; Vampire, from the tray or from hand (U-DEF-8)
            i = before.board.region(d["region"])
            expect[before.race[i]] -= 1
            expect[d.get("race", "sorcerers")] += d.get("gained", 1)
        elif ev.kind == "reborn":  # U-POWER-REBORN-1: declined tokens out, active ones in
            if d["old"]:
                expect[d["old"]] -= d["removed"]
            expect[d["race"]] += d["gained"]
        elif ev.kind == "swap":  # U-RACE-SHADOW-MIMES-1: the tokens of the badge swapped for
            expect[d["race"]] += d["change"]
        elif ev.kind == "vanished":  # U-POWER-VANISHING-1
            expect[d["race"]] = 0
        elif ev.kind == "decline":
            declined.add(d["race"])
        elif ev.kind == "race_gone":
            gone.add(d["race"])
    bank = ledger(before, after, events, expect, declined) if ledger else 0
    for race in set(was) | set(now) | set(expect):
        if race in gone:
            assert now.get(race, 0) == 0 and race not in after.armies, (race, "gone")
        elif race in declined and ledger is not None:
            continue  # checked by the modules' ledger
        elif race in declined:
            army = after.armies[race]
            held = len(after.regions_of(race))
            if race == "ghouls":  # B-RACE-GHOULS-1: all stay
                assert now[race] == was[race], (race, was[race], now[race])
            else:  # B-DECL-3: one per region, the rest to the tray
                assert now.get(race, 0) == held and army.hand == 0 and army.held == 0
        else:
            assert now.get(race, 0) == expect.get(race, 0), (race, was.get(race), expect.get(race),
                                                              now.get(race), [e.text for e in events])
    scored = sum(e.data["total"] for e in events if e.kind == "score")
    total = sum(before.coins) + sum(c[2] for c in before.column)
    assert sum(after.coins) + sum(c[2] for c in after.column) == total + scored + bank


def clone(game: Game) -> Game:
    """The engine's own copy (`Game.copy`: the position deep, the set-up shared), which its
    trials and films use too: a copy sharing anything the copied game then changes would
    fail the ledger and save checks."""
    return game.copy()


def bad_actions(game: Game, rng: random.Random) -> list[tuple[Action | dict, type]]:
    """A few actions that must be refused now, with the error class expected."""
    who = game.to_act
    others = [p for p in game.players if p != who]
    out: list[tuple[Action | dict, type]] = [
        (Action(by=rng.choice(others), do="end_turn"), RuleError),          # B-FLOW-1 / B-LOSS-2
        ({"by": who, "do": "conquer", "region": "nowhere"}, SwError),       # unknown region
        ({"by": who, "do": "pick", "combo": 6 + rng.randrange(5)}, RuleError),
        ({"by": who, "do": "fly"}, InputError),                             # unknown word
        ({"by": "nobody", "do": "end_turn"}, InputError),                   # not a player
        ({"by": who, "do": "conquer"}, InputError),                         # no region
    ]
    seas = [rid for i, rid in enumerate(game.board.ids) if game.board.water[i]]
    army = game.army_of(who) if who else None
    if seas and not (army and game.gives(army, "may_occupy_water")):  # Seafaring, Kraken
        out.append((Action(by=who, do="conquer", region=rng.choice(seas)), RuleError))  # B-CONQ-4
    legal = game.legal_actions()
    if legal:
        a = rng.choice(legal)
        out.append(({**a.to_dict(), "by": rng.choice(others)}, RuleError))  # out of turn
    return out


def play_checked(game: Game, seed: int, check_all_legal: bool, *, checks=(), ledger=None,
                 more_bad=None, prefer=None) -> Game:
    """A random game checked after every action. The expansions' tests add position `checks`
    (fn(game)), a `ledger` (see check_ledger), `more_bad` refusals (fn(game, rng) -> list as
    bad_actions) and `prefer` (fn(legal, action) -> action: e.g. buy the Leader when offered)."""
    rng = random.Random(seed)
    bot = RandomBot(seed)
    decline_bias = rng.random() * 0.5  # some games decline often: more picks and reshuffles
    hashes = [game.state_hash()]
    check_position(game)
    for check in checks:
        check(game)
    for _ in range(5000):
        if game.game_over:
            break
        legal = game.legal_actions()
        assert legal, "no legal action in a game that is not over"
        assert all(a.by == game.to_act for a in legal)
        if check_all_legal:
            for a in legal:
                clone(game).apply(a)  # every legal action applies without error
        if rng.random() < 0.3:
            for bad, kind in bad_actions(game, rng) + (more_bad(game, rng) if more_bad else []):
                text = game.to_json()
                try:
                    game.apply(bad)
                except SwError as err:
                    assert isinstance(err, kind), (bad, err)
                else:
                    raise AssertionError(f"{bad} was accepted")
                assert game.to_json() == text, f"refused {bad} changed the game"
        declines = [a for a in legal if a.do == "decline"]
        action = declines[0] if declines and rng.random() < decline_bias else bot.choose(game, legal)
        if prefer is not None:
            action = prefer(legal, action)
        before = clone(game)
        events = game.apply(action)
        assert all(isinstance(e.text, str) and e.text for e in events)
        check_position(game)
        for check in checks:
            check(game)
        check_ledger(before, game, events, ledger)
        hashes.append(game.state_hash())
        assert len(hashes) == len(game.log) + 1
        if rng.random() < 0.08:  # save and load
            text = game.to_json()
            loaded = Game.from_json(text)
            assert loaded.state_hash() == game.state_hash()
            assert loaded.to_json() == text
            assert loaded.snapshot() == game.snapshot()
            assert loaded.legal_actions() == game.legal_actions()
        if rng.random() < 0.08 and game.log:  # undo then redo
            text, snap = game.to_json(), game.snapshot()
            k = rng.randint(1, min(6, len(game.log)))
            assert game.undo(k) == k
            assert game.state_hash() == hashes[len(game.log)]
            assert len(game.redo_stack) == k
            assert game.redo(k) == k
            assert game.to_json() == text and game.snapshot() == snap
    assert game.game_over, "the game did not end"
    assert game.winners()
    return game


#: No shrinking: a seed decides the whole game, so a "smaller" seed is not a simpler game.
PHASES = (Phase.explicit, Phase.reuse, Phase.generate)


@settings(max_examples=25, deadline=None, phases=PHASES, report_multiple_bugs=False)
@given(seed=st.integers(0, 2**31), board=st.sampled_from(BOARDS), options=option_values("base"))
def test_random_games_keep_the_invariants(seed: int, board: tuple, options: dict) -> None:
    """B-COMP-3, B-DEF-8, B-DECL-4, B-COMBO-6..8, B-SCORE-3: see the module docstring; the
    base game's rule options (A-BASE-02, -05, -17) drawn at random."""
    name, players, turns = board
    play_checked(new_game(name, players, turns, seed, options), seed, check_all_legal=False)


@settings(max_examples=12, deadline=None, phases=PHASES, report_multiple_bugs=False)
@given(seed=st.integers(0, 2**31), board=st.sampled_from(BOARDS), options=option_values("base"))
def test_every_legal_action_applies(seed: int, board: tuple, options: dict) -> None:
    """legal_actions() lists only actions that apply() accepts, in every position of a game."""
    name, players, turns = board
    play_checked(new_game(name, players, turns, seed, options), seed, check_all_legal=True)


def test_small_map_reshuffles_the_badges() -> None:
    """B-COMBO-7: long games on the small map run out of badges and reshuffle the discards; the
    invariants (every badge in exactly one place) hold across the reshuffle."""
    for seed in (0, 1):
        game = play_checked(new_game("small", 3, 24, seed), seed, check_all_legal=False)
        assert game.reshuffles >= 1
