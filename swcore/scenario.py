"""The scenario runner: ../shared/conformance/FORMAT.md, exactly.

`run_file(path)` plays one scenario and returns a `Result`; `run_paths(paths)` prints one line
per scenario and a last line `N passed, N failed`. A file that is not a valid scenario is a
failure naming the file and the field, never a crash.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .actions import Action
from .catalogue import LOST_TRIBE
from .errors import InputError, SwError
from .game import Game, make_setup

TOP_KEYS = {"title", "rules", "expansions", "players", "map", "turns", "seed", "races", "powers",
            "dice", "coins", "steps", "options", "description"}
#: Rule sets this engine plays besides the base game.
SUPPORTED_EXPANSIONS: set[str] = set()
CHECK_KEYS = ("coins", "scored", "owner", "race", "tokens", "hand", "active_race", "declined",
              "turn", "current", "column", "game_over", "winner")


@dataclass
class Result:
    title: str
    path: str
    failures: list[str] = field(default_factory=list)
    game: Game | None = None

    @property
    def passed(self) -> bool:
        return not self.failures


def load(path: str | Path) -> dict[str, Any]:
    """Read a scenario file (YAML or JSON); InputError names the file when it cannot be read."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(str(p), f"cannot be read: {err}") from None
    try:
        data = json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (yaml.YAMLError, json.JSONDecodeError) as err:
        raise InputError(str(p), f"is not valid YAML/JSON: {err}") from None
    if not isinstance(data, dict):
        raise InputError(str(p), "a scenario is a mapping with title, players, map and steps")
    return data


def build(data: dict[str, Any]) -> Game:
    """The game a scenario starts from (every error names its field)."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise InputError(", ".join(sorted(unknown)), "unknown top-level key")
    for key in ("title", "players", "map", "steps"):
        if key not in data:
            raise InputError(key, "required")
    if not isinstance(data["title"], str):
        raise InputError("title", "must be one line of text")
    if not isinstance(data.get("rules", []), list):
        raise InputError("rules", "must be a list of rule IDs")
    exps = data.get("expansions", []) or []
    if not isinstance(exps, list):
        raise InputError("expansions", "must be a list")
    for k, e in enumerate(exps):
        if e not in SUPPORTED_EXPANSIONS:
            raise InputError(f"expansions[{k}]", f"the rule set {e!r} is not supported by this engine "
                                                 "yet (it plays the base game)")
    if not isinstance(data["steps"], list):
        raise InputError("steps", "must be a list of steps")
    players = data["players"]
    if isinstance(players, list):
        players = [str(p) if isinstance(p, int | float) and not isinstance(p, bool) else p
                   for p in players]
    setup = make_setup(data["map"], players, seed=data.get("seed", 0), races=data.get("races"),
                       powers=data.get("powers"), dice=data.get("dice"), coins=data.get("coins"),
                       turns=data.get("turns"), options=data.get("options"))
    return Game(setup)


def run_file(path: str | Path) -> Result:
    title = str(path)
    try:
        data = load(path)
        title = data.get("title") if isinstance(data.get("title"), str) else title
        game = build(data)
    except SwError as err:
        return Result(title, str(path), [f"invalid scenario {path}: {err}"])
    result = Result(title, str(path), game=game)
    steps = data["steps"]
    for k, step in enumerate(steps, start=1):
        where = f"step {k}"
        try:
            if isinstance(step, dict) and "check" in step:
                if set(step) != {"check"}:
                    raise InputError(f"steps[{k - 1}]", "a check step holds only `check`")
                result.failures += [f"{where}: {m}" for m in check(game, step["check"], f"steps[{k - 1}]")]
            else:
                failure = act(game, step, f"steps[{k - 1}]")
                if failure:
                    result.failures.append(f"{where}: {failure}")
                settle(game, steps, k)
        except InputError as err:
            result.failures.append(f"{where}: invalid step in {path}: {err}")
        if result.failures:
            break
    return result


def act(game: Game, step: Any, where: str) -> str | None:
    """Run one action step; returns what went wrong, if anything."""
    if not isinstance(step, dict):
        raise InputError(where, "a step is a mapping: an action (by, do) or a check")
    step = dict(step)
    rejected = step.pop("rejected", False)
    cost = step.pop("cost", None)
    if not isinstance(rejected, bool):
        raise InputError(f"{where}.rejected", "must be true or false")
    if cost is not None and (isinstance(cost, bool) or not isinstance(cost, int)):
        raise InputError(f"{where}.cost", "must be a number of tokens")
    if isinstance(step.get("by"), int | float) and not isinstance(step.get("by"), bool):
        step["by"] = str(step["by"])
    action = Action.from_dict(step, where)
    if cost is not None and action.do not in ("conquer", "dragon"):
        raise InputError(f"{where}.cost", "`cost` goes with a conquest")
    if rejected:
        before = game.to_json()
        try:
            game.apply(action)
        except SwError:
            after = game.to_json()
            return None if after == before else f"{action}: refused, but the state changed"
        return f"{action}: expected a refusal, but it was accepted"
    try:
        events = game.apply(action)
    except SwError as err:
        return f"{action}: refused: {err}"
    if cost is not None:
        took = [e.data["committed"] for e in events if e.kind == "conquer"]
        got = took[0] if took else "no conquest"
        if got != cost:
            return f"{action}: cost expected {cost}, actual {got}"
    return None


def settle(game: Game, steps: list[Any], k: int) -> None:
    """Place defenders' withdrawn tokens by the format's default unless the next action step is
    that defender's own redeploy (FORMAT.md, 'Tokens that a defender took back...')."""
    while game.queue:
        nxt = next((s for s in steps[k:] if not (isinstance(s, dict) and "check" in s)), None)
        if (isinstance(nxt, dict) and nxt.get("do") == "redeploy"
                and str(nxt.get("by")) == game.to_act and not nxt.get("rejected")):
            return
        game.apply(game.default_withdrawal())


def check(game: Game, spec: Any, where: str) -> list[str]:
    """Compare every given key of a check step with the game; returns the differences."""
    if not isinstance(spec, dict):
        raise InputError(f"{where}.check", "must be a mapping")
    out: list[str] = []
    for key, want in spec.items():
        if key not in CHECK_KEYS:
            raise InputError(f"{where}.check.{key}", f"unknown check; known: {', '.join(CHECK_KEYS)}")
        for label, expected, actual in _compare(game, key, want, f"{where}.check.{key}"):
            if expected != actual:
                out.append(f"{label}: expected {expected!r}, actual {actual!r}")
    return out


def _per(want: Any, where: str) -> dict[str, Any]:
    if not isinstance(want, dict):
        raise InputError(where, "must be a mapping")
    return {str(k): v for k, v in want.items()}


def _compare(game: Game, key: str, want: Any, where: str) -> list[tuple[str, Any, Any]]:
    b = game.board
    if key in ("coins", "scored", "hand", "active_race", "declined"):
        rows = []
        for p, v in _per(want, where).items():
            game.seat_of(p, f"{where}.{p}")
            seat = game.players.index(p)
            if key == "coins":
                actual: Any = game.coins[seat]
            elif key == "scored":
                last = game.last_score[seat]
                actual = None if last is None else sum(it["coins"] for it in last)
            elif key == "hand":
                actual = game.hand(p)
            elif key == "active_race":
                actual = game.active[seat]
            else:
                actual = sorted(game.declined[seat])
                v = sorted(v) if isinstance(v, list) else v
            rows.append((f"{key}.{p}", v, actual))
        return rows
    if key in ("owner", "race", "tokens"):
        rows = []
        for rid, v in _per(want, where).items():
            i = b.region(rid, f"{where}.{rid}")
            if key == "tokens":
                actual = game.tokens[i]
            elif key == "race":
                actual = game.race[i]
            else:
                o = game.owner[i]
                actual = LOST_TRIBE if game.race[i] == LOST_TRIBE else (
                    game.players[o] if o is not None else None)
            rows.append((f"{key}.{rid}", v, actual))
        return rows
    if key == "turn":
        return [("turn", want, game.turn)]
    if key == "current":
        return [("current", str(want), game.current)]
    if key == "game_over":
        return [("game_over", want, game.game_over)]
    if key == "winner":
        winners = game.winners() if game.game_over else []
        if isinstance(want, list):
            return [("winner", sorted(map(str, want)), sorted(winners))]
        return [("winner", str(want), winners[0] if len(winners) == 1 else winners)]
    if key == "column":
        if not isinstance(want, list):
            raise InputError(where, "must be a list of [race, power, coins]")
        return [("column", [list(c) for c in want], [list(c) for c in game.column])]
    raise InputError(where, "unknown check")  # pragma: no cover


def collect(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml", ".json"))
        else:
            files.append(p)
    return files


def run_paths(paths: list[str], out: Any = print) -> int:
    """Run scenarios, print PASS/FAIL lines and the summary; returns the process exit code."""
    passed = failed = 0
    files = collect(paths)
    for f in files:
        r = run_file(f)
        if r.passed:
            passed += 1
            out(f"PASS {r.title}")
        else:
            failed += 1
            out(f"FAIL {r.title}")
            for m in r.failures:
                out(f"    {m}")
    out(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and files else 1
