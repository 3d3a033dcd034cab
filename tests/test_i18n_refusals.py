"""The engine's own reasons for a refusal, in French (issue 12): every reason a RuleError, an
InputError or a pending decision can give has a French entry, found by reading the engine's
source; set-up, save and action refusals read in French with their names and numbers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from swcore import Action, Game, RuleError
from swcore.i18n import explain, rule_summary_fr

ROOT = Path(__file__).resolve().parents[1]


#: Calls that carry a refusal's reason, and the position of the reason among their arguments.
REASON_ARGS = {"RuleError": 1, "InputError": 1, "Decision": 4, "_int": 4, "_known_keys": 3}
#: Reasons passed on from a variable: the reason was written at one of the calls above.
FORWARDED = {"what", "first.reason"}
#: A value written with !r: quoted when it is a text, as it is when a number.
REPR = "'…'"


def engine_reasons() -> tuple[list[tuple[str, list[str | None]]], list[str]]:
    """Every refusal reason written in swcore, by an AST scan of the calls of REASON_ARGS:
    (where, parts) with the constant text of the message and None for each value put in; a
    conditional value (a plural's 's') gives one reason per branch. Also the calls whose
    reason is neither text nor an f-string nor FORWARDED."""
    import ast
    import importlib
    import itertools

    def branches(values: list[ast.expr]) -> list[list[str | None]]:
        options: list[list[list[str | None]]] = []
        for v in values:
            e = v.value if isinstance(v, ast.FormattedValue) else v
            if isinstance(e, ast.Name) and e.id.isupper() and isinstance(
                    getattr(module, e.id, None), str | int):  # a module's constant: its text
                options.append([[str(getattr(module, e.id))]])
            elif isinstance(e, ast.Constant):
                options.append([[str(e.value)]])
            elif isinstance(e, ast.IfExp) and all(isinstance(x, ast.Constant | ast.JoinedStr)
                                                  for x in (e.body, e.orelse)):
                options.append([part for x in (e.body, e.orelse) for part in branches(
                    x.values if isinstance(x, ast.JoinedStr) else [x])])
            elif isinstance(v, ast.FormattedValue) and v.conversion == ord("r"):
                options.append([[REPR]])
            else:
                options.append([[None]])
        return [[p for chosen in combo for p in chosen] for combo in itertools.product(*options)]

    found: list[tuple[str, list[str | None]]] = []
    odd: list[str] = []
    for path in sorted((ROOT / "swcore").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in REASON_ARGS and len(node.args) > REASON_ARGS[node.func.id]):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            msg = node.args[REASON_ARGS[node.func.id]]
            if isinstance(msg, ast.Constant) and isinstance(msg.value, str):
                found.append((where, [msg.value]))
            elif isinstance(msg, ast.JoinedStr):
                found += [(where, parts) for parts in branches(msg.values)]
            elif ast.unparse(msg) not in FORWARDED:
                odd.append(f"{where} {ast.unparse(msg)}")
    return found, odd


def reason_pattern(parts: list[str | None]) -> re.Pattern[str]:
    """The catalogue keys a reason can be looked up as: its constant text as `term` turns it
    into a key (names, numbers, region ids as placeholders), a placeholder for each value, or
    one entry per value for a marker's name, a terrain or a symbol ("its Dragon protects it")."""
    from swcore.i18n import _template
    from swcore.markers import MARKER_TYPES
    from swcore.terrains import SYMBOL, TERRAIN

    written = sorted({m.english for m in MARKER_TYPES.values()} | set(TERRAIN) | set(SYMBOL),
                     key=len, reverse=True)
    value = r"(?:\{\w+\}(?:, \{\w+\})*|" + "|".join(map(re.escape, written)) + ")"
    out = ""
    for part in parts:
        if part is None or part == REPR:
            out += value if part is None else f"'?{value}'?"
        else:
            key = _template(part)[0]  # a brace the text writes is doubled: literal
            out += "".join(r"\{\w+\}" if i % 2 and t not in ("{{", "}}") else re.escape(t)
                           for i, t in enumerate(re.split(r"(\{\{|\}\}|\{\w+\})", key)))
    return re.compile(out)


def sample(key: str) -> str:
    """A catalogue key's placeholders filled as a refusal would fill them (players Ann, Bob)."""
    values = {"player": "Ann", "player2": "Bob", "regions": "r3", "regions2": "r4",
              "name": "Ratmen", "name2": "Elves", "name3": "Dwarves", "name4": "Orcs",
              "id": "nowhere", "id2": "base-2p", "id3": "leaders", "known": "pick, conquer",
              "text": "surface, underground", "text2": "base-2p"}
    return key.format(**values, **{f"n{k}": str(10 + k) for k in range(2, 6)}, n="10")


def test_every_refusal_reason_of_the_engine_has_french():
    """Issue 12: each reason a RuleError, an InputError or a pending decision gives (found by
    an AST scan of swcore, so a new message without French fails here) has a French entry in
    swcore.po that `explain` finds with the values filled in (a value that is no number,
    player, region id or name by a `{text}` key: "not JSON: {text}")."""
    from swcore.i18n import term_or_none

    reasons, odd = engine_reasons()
    assert not odd, f"reasons built otherwise than as text or an f-string: {odd}"
    assert len(reasons) > 300
    with (ROOT / "swcore/locale/fr/LC_MESSAGES/swcore.po").open("rb") as f:
        keys = [m.id for m in read_po(f) if isinstance(m.id, str) and m.id]
    missing, matched = set(), set()
    for where, parts in reasons:
        pattern = reason_pattern(parts)
        keys_found = [k for k in keys if pattern.fullmatch(k) or [k] == parts]
        if keys_found:
            matched |= set(keys_found)
        else:
            missing.add(f"{where}: " + "".join("…" if p is None or p == REPR else p for p in parts))
    assert not missing, sorted(missing)
    unreachable = [k for k in matched if term_or_none(sample(k), "fr", ("Ann", "Bob")) is None]
    assert not unreachable, unreachable


def test_B_CONQ_4_B_FLOW_1_B_REDEP_1_X_LEAD_3_refusal_reasons_in_french():
    """Refusals worked out by hand, their reasons in French with the game's players, regions
    and numbers: Ann takes Halflings / Hill with the Leader (B-COMBO-2: free; 6 + 4 = 10
    tokens, X-LEAD-1), conquers r2 and r3 (B-CONQ-1, 2 tokens each); the lake r8 is refused
    (B-CONQ-4), so is Bob ending Ann's turn (B-FLOW-1), placing 3 of the 10 tokens
    (B-REDEP-1) and leaving the Leader in r2, which a Halflings' Hole makes immune (X-LEAD-3)."""
    game = Game.new("base-2p", ["Ann", "Bob"], races=["halflings", "elves", "amazons",
                    "dwarves", "orcs", "humans"], powers=["hill", "forest", "swamp", "alchemist",
                                                          "flying", "merchant"],
                    expansions=["leaders"])
    for a in (Action(by="Ann", do="pick", combo=0, leader=True),
              Action(by="Ann", do="conquer", region="r2"),
              Action(by="Ann", do="conquer", region="r3")):
        game.apply(a)
    said = {}
    for a in (Action(by="Ann", do="conquer", region="r8"), Action(by="Bob", do="end_turn"),
              Action(by="Ann", do="redeploy", tokens={"r2": 3}),
              Action(by="Ann", do="redeploy", tokens={"r2": 5, "r3": 5}, leader="r2")):
        err = game.why_illegal(a)
        said[err.rule] = explain(err, "fr")[1], explain(err, "en")[0]
    assert said == {
        "B-CONQ-4": ("r8 est un Lac : les Mers et le Lac ne peuvent pas être conquis",
                     "B-CONQ-4: r8 is a lake: seas and the lake cannot be conquered"),
        "B-FLOW-1": ("c'est le tour d'Ann, pas de Bob", "B-FLOW-1: it is Ann's turn, not Bob's"),
        "B-REDEP-1": ("3 pions placés ; il faut en placer 10",
                      "B-REDEP-1: 3 tokens placed; 10 must be placed"),
        "X-LEAD-3": ("le Chef ne peut pas rester en r2 : elle est immunisée",
                     "X-LEAD-3: the Leader may not stay in r2: it is immune")}
    err = game.why_illegal({"by": "Ann", "do": "fly"})
    assert explain(err, "fr") == ("Cette saisie n'est pas valable",
                                  "action.do: action inconnue 'fly' ; connues : " +
                                  str(err.reason).split("known: ")[1])
    err = game.why_illegal({"by": "Zoe", "do": "end_turn"})
    assert explain(err, "fr")[1] == "by: 'Zoe' n'est pas un joueur de cette partie"


def test_X_LEAD_2_B_CONQ_3_names_and_numbers_in_a_french_reason():
    """The reason's race is named as the French rule book names it and each number keeps its
    place: X-LEAD-2 (the Ratmen's Leader, "Hommes-rats"), B-CONQ-3 (r5 costs 4, 3 in hand)."""
    err = RuleError("X-LEAD-2", "the Ratmen Leader is not in the box (captured or ransomed)")
    assert explain(err, "fr")[1] == ("le Chef des Hommes-rats n'est pas dans la boîte (capturé "
                                     "ou racheté)")
    err = RuleError("B-CONQ-3", "r5 costs 4 tokens; 3 in hand")
    assert explain(err, "fr")[1] == "r5 coûte 4 pions ; 3 en main"


def refused(call) -> tuple[str, str]:
    """What the French page shows for the refusal `call()` raises (main text, detail)."""
    from swcore import SwError

    with pytest.raises(SwError) as err:
        call()
    return explain(err.value, "fr")


def test_B_SETUP_4_B_SETUP_6_malformed_set_ups_and_saves_in_french():
    """Malformed input given to the public API, its reason in French with its values kept as
    written: a sea holding a Lost Tribe (B-SETUP-4: Lost Tribes stand on land, sea is of kind
    water), a region with an unknown key, region sets not given as a mapping, coins neither a
    number nor a mapping (B-SETUP-6), an unknown board, a redeployment's tokens as a list, a
    parameter `end_turn` does not take, a save that is not JSON (12 characters: it stops at
    column 13) and one whose first action, Bob ending Ann's turn, cannot be replayed (B-FLOW-1:
    the other error's text stays as written)."""
    from swcore import builtin_ids
    from swcore.scenario import load

    def game(board="base-2p", **kw):
        return lambda: Game.new(board, ["Ann", "Bob"], **kw)

    def inline(a, **kw):
        return game({"regions": {"a": a, "b": {"terrain": "hill"}}, "borders": [["a", "b"]], **kw})

    invalid = "Cette saisie n'est pas valable"
    assert refused(inline({"terrain": "sea", "lost_tribe": True})) == (
        invalid, "map.regions.a.lost_tribe: une région de type water ne peut pas porter de pion "
                 "de Tribu oubliée")
    assert refused(inline({"terrain": "hill", "colour": "red"})) == (
        invalid, "map.regions.a: clé(s) inconnue(s) ['colour']")
    assert refused(inline({"terrain": "hill"}, sets=["a"])) == (
        invalid, "map.sets: doit être un dictionnaire {name: [regions]} d'au plus 200 ensembles")
    assert refused(game(coins="lots")) == (
        invalid, "coins: un nombre, ou un dictionnaire {player: coins}")
    assert refused(game("nowhere")) == (
        invalid, f"map: carte inconnue 'nowhere' ; cartes fournies : {', '.join(builtin_ids())}")
    g = Game.new("base-2p", ["Ann", "Bob"])
    assert refused(lambda: g.apply({"by": "Ann", "do": "redeploy", "tokens": [1]})) == (
        invalid, "action.tokens: doit être un dictionnaire {region: count}")
    assert refused(lambda: g.apply({"by": "Ann", "do": "end_turn", "region": "r1"})) == (
        invalid, "action: `end_turn` ne prend pas de paramètre region")
    assert refused(lambda: Game.from_json('{"format": 1')) == (
        invalid, "file: pas du JSON : Expecting ',' delimiter: line 1 column 13 (char 12)")
    saved = {**g.to_dict(), "log": [{"by": "Bob", "do": "end_turn"}]}
    assert refused(lambda: Game.from_dict(saved)) == (
        invalid, "log[0]: l'action {'by': 'Bob', 'do': 'end_turn'} ne peut pas être rejouée : "
                 "[B-FLOW-1] it is Ann's turn, not Bob's")
    assert refused(lambda: load("/nonexistent/scenario.yaml")) == (
        invalid, "/nonexistent/scenario.yaml: ne peut pas être lu : No such file or directory")


def test_B_DEF_1_X_RW_2_counts_and_events_the_board_or_box_lacks_in_french():
    """Refusals whose values are ids kept as written: 5 farmland regions entered on the score
    sheet of base-2p, whose map has 4 (B-DEF-1); a River World set-up with 3 Storm markers,
    the box holding 2 (X-RW-2, seed 004 "Tempête (×2)"), and a table entering a `flood` event
    turned up, a marker the box does not hold (X-RW-2)."""
    from swcore.scoresheet import ScoreSheet

    sheet = ScoreSheet.new(["Ann", "Bob"], board="base-2p")
    turn = {"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "hill", "position": 0},
            "held": {"humans": {"terrain": {"farmland": 5}, "symbol": {}, "count": {}}}}
    assert refused(lambda: sheet.apply(turn)) == (
        f"B-DEF-1 : {rule_summary_fr('B-DEF-1')}",
        "5 régions farmland indiquées ; la carte base-2p en a 4")
    river = {"expansions": ["river_world"], "turns": 3,
             "races": ["ratmen", "humans", "orcs", "wizards", "elves", "trolls"],
             "powers": ["alchemist", "forest", "hill", "merchant", "swamp", "stout"]}
    assert refused(lambda: Game.new("river-practice", ["Ann", "Bob"], options={
        "events": ["storm"] * 3}, **river)) == (
        "Cette saisie n'est pas valable", "events[0]: la boîte contient 2 marqueur(s) storm")
    table = Game.new("river-practice", ["Ann", "Bob"], stacks="table", **river)
    assert refused(lambda: table.apply(Action(by="Bob", do="turn_up", event="flood"))) == (
        f"X-RW-2 : {rule_summary_fr('X-RW-2')}", "aucun marqueur flood n'est encore face cachée")


def test_every_refusal_of_bad_actions_in_bot_games_is_french():
    """Issue 12: in games of greedy bots with every expansion (X-NEC, X-RW, X-LEAD, X-CUR, X-GD,
    X-BNA), every refusal of the invariants tests' bad actions (test_invariants.bad_actions,
    test_invariants_expansions.hostile) and of a conquest of each region has its reason in
    French: no English reason left."""
    import random

    from test_invariants import bad_actions
    from test_invariants_expansions import hostile

    from swcore.bots import BOTS
    from swcore.i18n import reason_text, term_or_none

    rules: set[str] = set()
    english: set[str] = set()
    setups = [("base-3p", 3, ["cursed", "grand_dames", "leaders", "be_not_afraid"]),
              ("river-practice", 3, ["river_world"]), ("base-3p", 4, ["necromancer"])]
    for board, n, expansions in setups:
        game = Game.new(board, [f"p{k}" for k in range(n)], seed=1, expansions=expansions)
        bot, rng = BOTS["greedy"](1), random.Random(1)
        for step in range(400):
            if game.game_over or game.to_act is None:
                break
            tries = [bad for bad, _kind in bad_actions(game, rng) + hostile(game, rng)]
            if step % 3 == 0:
                tries += [{"by": game.to_act, "do": "conquer", "region": r} for r in game.board.ids]
            for bad in tries:
                err = game.why_illegal(bad)
                if err is None:
                    continue
                rules.add(getattr(err, "rule", "input"))
                if term_or_none(err.reason, "fr", err.players) is None:
                    english.add(err.reason)
                else:
                    assert reason_text(err, "fr") != err.reason or err.reason.isdigit(), err
            game.apply(bot.choose(game, game.legal_actions()))
    assert len(rules) > 25, sorted(rules)
    assert not english, sorted(english)
