"""Bad input anywhere gets a clear message and changes nothing (the reliability probes' E1-E7:
a list or number where a word is expected, out-of-range values in Action objects, huge
numbers, deep nesting, a bug mid-action)."""

from __future__ import annotations

import json

import pytest

from swcore import Action, Game
from swcore.errors import InputError, RuleError


def fresh() -> Game:
    return Game.new("base-2p", ["ann", "bob"], seed=3)


@pytest.mark.parametrize("bad", [
    {"by": "ann", "do": ["pick"]},                      # E1
    {"by": "ann", "do": {"x": 1}},
    {"by": "ann", "do": "pick", "combo": 0, 5: 1},     # E2: an integer key (YAML)
    {"by": "ann", "do": "pick", "combo": -1},
    {"by": "ann", "do": "conquer", "region": 10**30},  # E6: a number too long for a name
    {"by": 7, "do": "end_turn"},
    {"by": "ann", "do": "redeploy", "tokens": {"r1": -2}},
    {"by": "ann", "do": "redeploy", "tokens": [1, 2]},
    {"by": "ann", "do": "redeploy", "tokens": {"r1": 1}, "race": None},  # fuzzer: null kept out
    {"by": "ann", "do": "conquer", "region": "r1", "roll": None},
    "pick",
])
def test_a_malformed_dict_action_is_an_input_error_and_changes_nothing(bad):
    g = fresh()
    before = g.to_json()
    with pytest.raises(InputError):
        g.apply(bad)
    assert g.to_json() == before
    if isinstance(bad, dict):
        assert isinstance(g.why_illegal(bad), InputError)


@pytest.mark.parametrize("kwargs", [
    {"do": "pick", "combo": -1}, {"do": "pick", "combo": 10**6},                # E3
    {"do": "conquer", "region": "r1", "reinforce": True, "roll": 100},          # E4
    {"do": "berserk", "roll": -2}, {"do": "conquer", "region": ""},
    {"do": "nonsense"},
])
def test_an_action_object_with_an_out_of_range_value_is_refused_when_built(kwargs):
    with pytest.raises(InputError):
        Action("ann", **kwargs)


def test_a_bug_mid_action_leaves_the_position_as_it_was(monkeypatch):
    """E5: whatever goes wrong inside an action, the state is the one before it."""
    g = fresh()
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    before = g.to_json()

    def broken(*args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(type(g), "take", broken)
    target = next(a for a in g.legal_actions() if a.do == "conquer")
    with pytest.raises(ZeroDivisionError):
        g.apply(target)
    monkeypatch.undo()
    assert g.to_json() == before


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,                                              # E7
    '{"format": "swcore-game", "version": ' + "9" * 5000 + "}",                 # E6
    '{"format": "swcore-game", "version": true, "setup": {}}',
    "\udcff not json",
    "x" * 20_000_001,
])
def test_a_hostile_save_file_is_refused_cleanly(text):
    with pytest.raises(InputError):
        Game.from_json(text)


def test_a_save_with_a_tampered_redo_entry_is_refused():
    g = fresh()
    data = json.loads(g.to_json())
    data["redo"] = [{"by": "ann", "do": "pick", "combo": "zero"}]
    with pytest.raises(InputError):
        Game.from_dict(data)


# --- Actions changed after they were built (review 2026-11-27, N7) -----------------------
def edits(g: Game) -> list[tuple[Action, str]]:
    """Actions whose values were changed after building, or never checked, with the field
    `apply` names: a legal pick edited to combo -1 (the last combo, free, B-COMBO-2) or 10^6, a
    conquest given a roll of 100 (B-COMP-6: the die shows 0 to 3), `trusted` ones out of
    range, args replaced by a list, the player by a name set-up refuses, the word deleted."""
    out = []
    for combo in (-1, 10**6):
        pick = next(a for a in g.legal_actions() if a.do == "pick")
        pick.args["combo"] = combo
        out.append((pick, "action.combo"))
    conquer = Action("ann", "conquer", region="r1")
    conquer.args.update(reinforce=True, roll=100)
    out.append((conquer, "action.roll"))
    out.append((Action.trusted("ann", "pick", combo=-7), "action.combo"))
    out.append((Action.trusted("ann", "conquer", region="r1", reinforce=True, roll=5), "action.roll"))
    listed = Action("ann", "end_turn")
    listed.args = [1, 2]
    out.append((listed, "action"))
    renamed = Action("ann", "end_turn")
    renamed.by = "ann\u202e"  # a name of the rule games were stored under: not a player here
    out.append((renamed, "by"))
    wordless = Action("ann", "end_turn")
    del wordless.do
    out.append((wordless, "action.do"))
    return out


def test_B_COMBO_2_B_COMP_6_an_action_changed_after_building_is_refused_when_applied():
    """Every Action given to `apply` is checked again as it is then: nothing edited after its
    checks reaches the rules, and the refusal changes nothing. A value of the right kind but
    not on the table is the rules' to refuse (B-COMBO-1: six combos are visible)."""
    g = fresh()
    before = g.to_json()
    for action, field in edits(g):
        with pytest.raises(InputError) as err:
            g.apply(action)
        assert err.value.field == field, action
        assert isinstance(g.why_illegal(action), InputError)
        assert g.to_json() == before
    pick = next(a for a in g.legal_actions() if a.do == "pick")
    pick.args["combo"] = 99
    with pytest.raises(RuleError) as err:
        g.apply(pick)
    assert err.value.rule == "B-COMBO-1" and g.to_json() == before


def test_the_engines_own_legal_actions_apply_unchanged():
    """The check `apply` adds keeps a legal action as it is (the same log entry)."""
    g = fresh()
    pick = next(a for a in g.legal_actions() if a.do == "pick" and a.combo == 2)
    g.apply(pick)
    assert g.log == [{"by": "ann", "do": "pick", "combo": 2}] and g.coins[0] == 5 - 2


# --- Set-up values beyond any sense (review 2026-11-27) --------------------------------------
SAVE = json.loads(Game.new("base-3p", ["ann", "bob", "cat"], seed=4).to_json())


@pytest.mark.parametrize("change, field", [
    ({"turns": 10**9}, "turns"), ({"turns": 0}, "turns"), ({"turns": 101}, "turns"),
    ({"options": {"final_die_max_short": 10**30}}, "options.final_die_max_short"),
    ({"options": {"final_die_max_short": 4}}, "options.final_die_max_short"),
    ({"options": {"final_die_max_short": -5}}, "options.final_die_max_short"),
    ({"options": {"final_die_max_short": True}}, "options.final_die_max_short"),
    ({"seed": -1}, "seed"), ({"seed": 2**63}, "seed"), ({"seed": 2**4000}, "seed"),
    ({"expansions": ["cursed", "cursed"]}, "expansions[1]"),
    ({"expansions": ["leaders", "cursed", "leaders"]}, "expansions[2]"),
])
def test_B_SETUP_2_B_FINAL_2_set_up_values_beyond_sense_are_refused_by_new_saves_and_scenarios(
        change, field):
    """B-SETUP-2 (a game lasts the turns of its track: at most 100 here), B-FINAL-2 (the die
    shows at most 3, so a target more than 3 short is no final conquest), a seed from 0 to
    2^63 - 1, each expansion once: the same refusal from Game.new, a loaded save and a
    scenario."""
    from swcore.scenario import build

    with pytest.raises(InputError) as err:
        Game.new("base-3p", ["ann", "bob", "cat"], **change)
    assert err.value.field == field
    with pytest.raises(InputError) as err:
        Game.from_dict({**SAVE, "setup": {**SAVE["setup"], **change}, "state": None})
    assert err.value.field == field
    with pytest.raises(InputError) as err:
        build({"title": "t", "players": ["ann", "bob", "cat"], "map": "base-3p", "steps": [],
               **change})
    assert err.value.field == field


def test_B_SETUP_2_B_FINAL_2_the_bounds_themselves_are_accepted():
    g = Game.new("base-3p", ["ann", "bob", "cat"], seed=2**63 - 1, turns=100,
                 options={"final_die_max_short": 3})
    assert (g.turns, g.seed, g.options.final_die_max_short) == (100, 2**63 - 1, 3)
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_X_NEC_4_a_save_given_the_necromancer_without_his_set_up_key_is_refused_clearly():
    """A save edited to add `necromancer` to its expansions lacks his set-up key (his six
    powers, X-NEC-4): refused by name, not drawn afresh (nor a crash of the draw)."""
    data = {**SAVE, "setup": {**SAVE["setup"], "expansions": ["necromancer"]}}
    with pytest.raises(InputError) as err:
        Game.from_dict(data)
    assert err.value.field == "necromancer" and err.value.reason.startswith("missing:")


def test_X_NEC_4_a_new_game_whose_powers_leave_none_for_the_necromancer_is_refused():
    """Every base power named in the set-up's stacks: none is left for his six (X-NEC-4)."""
    from swcore.catalogue import in_sets

    powers = list(in_sets("power", ["base"]))
    with pytest.raises(InputError) as err:
        Game.new("base-3p", ["ann", "bob", "cat"], expansions=["necromancer"], powers=powers)
    assert err.value.field == "necromancer.powers" and "X-NEC-4" in err.value.reason


def test_B_COMBO_2_a_listed_action_skips_no_check_once_edited_or_out_of_its_position():
    """`apply` checks the values of an action listed for this very position only once (issue
    23): an edit of any kind after listing, the same action applied to a later position or to a
    copy, or a hand-built twin is checked in full, so an out-of-range value is still refused by
    its field (B-COMBO-2: no combo -1) and changes nothing."""

    class Sly(int):
        def __eq__(self, other):  # claims to equal anything
            return True

        __hash__ = int.__hash__

    g = fresh()
    before = g.to_json()
    for edit in (lambda a: a.args.__setitem__("combo", -1),
                 lambda a: a.args.__setitem__("combo", Sly(-1)),
                 lambda a: setattr(a, "args", {"combo": -1}),
                 lambda a: (a.args.pop("combo"), a.args.__setitem__("combo", -1))):
        pick = next(a for a in g.legal_actions() if a.do == "pick" and a.combo == 0)
        edit(pick)
        with pytest.raises(InputError) as err:
            g.apply(pick)
        assert err.value.field == "action.combo" and g.to_json() == before
    forged = Action.trusted("ann", "pick", combo=-1)
    forged._seal = next(a for a in g.legal_actions() if a.do == "pick")._seal  # a stolen seal
    with pytest.raises(InputError):
        g.apply(forged)
    stale = next(a for a in g.legal_actions() if a.do == "pick" and a.combo == 1)
    stale.args["combo"] = -1
    stale.seal(g._mark)  # sealed after the edit, then the position moves on
    with pytest.raises(InputError):
        g.copy().apply(stale)  # a copy is another position
    g.apply(next(a for a in g.legal_actions() if a.do == "pick" and a.combo == 0))
    with pytest.raises(InputError):
        g.apply(stale)  # listed for the position before the pick


def test_every_listed_action_is_in_canonical_form_so_its_check_may_be_skipped():
    """What `apply` skips for a listed action (Action.checked) would change nothing: in random
    games with every module, each listed action equals its checked form, value for value."""
    import random

    from swcore.rules import MODULE_ORDER

    mods = [m for m in MODULE_ORDER if m not in ("base", "underground", "realms")]
    for expansions in ([], mods):
        g = Game.new("base-4p", ["a", "b", "c", "d"], seed=5, expansions=expansions)
        rng = random.Random(5)
        while not g.game_over:
            listed = g.legal_actions()
            for a in listed:
                c = a.checked()
                assert (c.by, c.do, c.args) == (a.by, a.do, a.args), a
                assert all(type(c.args[k]) is type(v) for k, v in a.args.items()), a
            g.apply(listed[rng.randrange(len(listed))])
