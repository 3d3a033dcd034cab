"""The scenario runner: docs/scenario-format.md (v1 and the expansion vocabulary v2).

`run_file(path)` plays one scenario and returns a `Result`; `run_paths(paths)` prints one line
per scenario and a last line `N passed, N failed`. A file that is not a valid scenario, or that
needs a rule set, word, option or check key this engine does not have yet, is a failure naming
the file and the field, never a crash. Files are read with bounded size, depth and aliases
(swcore/safeload.py), since suites come from outside.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import checks
from .actions import Action
from .board import Board
from .config import module_keys, option_names
from .errors import InputError, SwError
from .game import Game, make_setup
from .rules import MODULE_ORDER, available_modules
from .rules.registry import MODULES
from .safeload import load_file
from .sets import MAP_KEYS, SETS, map_key_sets, most_players
from .terrains import SYMBOL, TERRAIN
from .words import WORDS

#: v1 top-level keys, all played by the base engine.
V1_KEYS = {"title", "rules", "expansions", "players", "map", "turns", "seed", "races", "powers",
           "dice", "coins", "steps", "options", "description"}
#: v2 set-up keys -> the function that applies one to make_setup's arguments (value, kwargs,
#: field). Rule modules add theirs; a key given without one is reported as not implemented.
SETUP_KEYS: dict[str, Callable[[Any, dict[str, Any], str], None]] = {
    "values": lambda value, kwargs, key: kwargs.__setitem__("values", value),
    "supply": lambda value, kwargs, key: kwargs.__setitem__("supply", value),
    "pool": lambda value, kwargs, key: kwargs.__setitem__("pool", value),
    # River World's event order is the river_world option of the same name (X-RW-2, X-RW-3)
    "events": lambda value, kwargs, key: kwargs.__setitem__(
        "options", {**(kwargs.get("options") or {}), "events": value}),
}
V2_KEYS = ("pool", "values", "supply", "events", "places_relics", "pieces", "stonehedge",
           "necromancer", "realms_scenario")
TOP_KEYS = V1_KEYS | set(V2_KEYS)
STEP_KEYS = {"by", "do", "cost", "rejected"}
MAX_MISSING_SHOWN = 12


@dataclass
class Result:
    title: str
    path: str
    failures: list[str] = field(default_factory=list)
    game: Game | None = None
    #: What the file needs that the engine lacks ("expansions[0]: expansion 'cursed' ...").
    missing: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def load(path: str | Path) -> dict[str, Any]:
    """Read a scenario file (YAML or JSON); InputError names the file when it cannot be read."""
    data = load_file(path)
    if not isinstance(data, dict):
        raise InputError(str(path), "a scenario is a mapping with title, players, map and steps")
    return data


def _structure(data: dict[str, Any]) -> None:
    """The keys every scenario needs, with their types (before anything is looked up)."""
    unknown = [str(k) for k in data if k not in TOP_KEYS]
    if unknown:
        raise InputError(", ".join(sorted(unknown)[:10]), "unknown top-level key")
    for key in ("title", "players", "map", "steps"):
        if key not in data:
            raise InputError(key, "required")
    title = data["title"]
    if not isinstance(title, str) or "\n" in title.strip() or len(title) > 500:
        raise InputError("title", "must be one line of text")
    if not isinstance(data.get("rules", []), list):
        raise InputError("rules", "must be a list of rule IDs")
    if not isinstance(data.get("expansions", []) or [], list):
        raise InputError("expansions", "must be a list")
    if not isinstance(data["steps"], list):
        raise InputError("steps", "must be a list of steps")


def _known_options() -> set[str]:
    """Rule options of the base engine and of every module that declares `options`."""
    return {name for m in MODULES.values() for name in option_names(m)}


def missing(data: dict[str, Any]) -> list[str]:
    """Everything the scenario needs that this engine does not have, each naming its field."""
    have = set(available_modules())
    out: list[str] = []
    for k, e in enumerate(data.get("expansions") or []):
        if not isinstance(e, str) or e not in MODULE_ORDER:
            raise InputError(f"expansions[{k}]", f"{str(e)[:40]!r} is not a rule set; known: "
                                                 f"{', '.join(MODULE_ORDER[1:])}")
        if e not in have:
            out.append(f"expansions[{k}]: expansion {e!r} is not implemented yet")
    for key in V2_KEYS:
        if key == "pool" and key in data:
            pool = data["pool"]
            if not isinstance(pool, list):
                raise InputError("pool", "must be a list of sets")
            out += [f"pool[{k}]: set {p!r} is not implemented yet" for k, p in enumerate(pool)
                    if isinstance(p, str) and p not in have]
        elif key in data and key not in SETUP_KEYS and key not in module_keys():
            out.append(f"{key}: set-up key {key!r} is not implemented yet")
    options = data.get("options")
    if isinstance(options, dict):
        known = _known_options()
        out += [f"options.{o}: rule option {str(o)[:60]!r} is not implemented yet"
                for o in options if o not in known]
    if isinstance(data.get("map"), dict):
        out += _map_needs(Board.from_map(data["map"]), data["map"], have)
    for k, step in enumerate(data["steps"]):
        out += _step_needs(step, f"steps[{k}]")
    return list(dict.fromkeys(out))


def _map_needs(board: Board, raw: dict[str, Any], have: set[str]) -> list[str]:
    """Terrains, symbols and map features of an inline map whose rules no available module has."""
    out = []
    specs = {str(k): v for k, v in raw["regions"].items()}
    for i, rid in enumerate(board.ids):
        where = f"map.regions.{rid}"
        t = TERRAIN[board.terrain[i]]
        if not have & set(t.expansions):
            out.append(f"{where}.terrain: terrain {t.id!r} ({', '.join(t.expansions)}) is not "
                       "implemented yet")
        for s in sorted(board.symbols[i]):
            if not have & set(SYMBOL[s].expansions):
                out.append(f"{where}.symbols: symbol {s!r} ({', '.join(SYMBOL[s].expansions)}) "
                           "is not implemented yet")
        spec = specs[rid]
        for key in MAP_KEYS:  # inline-map features whose rules belong to modules
            mods = map_key_sets(key)
            if isinstance(spec, dict) and key in spec and not have & set(mods):
                out.append(f"{where}.{key}: region key {key!r} ({', '.join(mods)}) is not "
                           "implemented yet")
    mods = map_key_sets("tunnels")
    if board.tunnels and not have & set(mods):
        out.append(f"map.tunnels: tunnels ({', '.join(mods)}) are not implemented yet")
    return out


def _step_needs(step: Any, where: str) -> list[str]:
    """Words, word arguments and check keys of one step that the engine lacks."""
    if not isinstance(step, dict):
        return []
    if "check" in step:
        spec = step["check"]
        keys = spec if isinstance(spec, dict) else {}
        return [f"{where}.check.{str(k)[:60]}: check key {str(k)[:60]!r} is not implemented yet"
                for k in keys if k not in checks.CHECKS]
    do = step.get("do")
    if not isinstance(do, str):
        return []
    word = WORDS.get(do)
    if word is None:
        return [f"{where}.do: word {do[:60]!r} is not declared"]
    return [f"{where}.{str(a)[:60]}: argument {str(a)[:60]!r} of word {do!r} is not declared"
            for a in step if a not in STEP_KEYS and a not in word.params]


def summary(needs: list[str]) -> str:
    """One line naming each missing thing once, at its first field ("(+2 more)" for repeats)."""
    fields: dict[str, list[str]] = {}
    for item in needs:
        where, what = item.split(": ", 1)
        fields.setdefault(what, []).append(where)
    parts = [f"{w[0]}{f' (+{len(w) - 1} more)' if len(w) > 1 else ''}: {what}"
             for what, w in fields.items()]
    extra = len(parts) - MAX_MISSING_SHOWN
    return "; ".join(parts[:MAX_MISSING_SHOWN]) + (f"; and {extra} more" if extra > 0 else "")


def build(data: dict[str, Any]) -> Game:
    """The game a scenario starts from (every error names its field)."""
    _structure(data)
    players = data["players"]
    if isinstance(players, list):
        players = [str(p) if isinstance(p, int | float) and not isinstance(p, bool) else p
                   for p in players]
        exps = data.get("expansions") or []
        if len(players) == 6 and most_players(exps if isinstance(exps, list) else []) < 6:
            six = [s.id for s in SETS.values() if s.players >= 6]  # A-NEC-01, R-GEN-6
            raise InputError("players", f"six players only with one of: {', '.join(six)}")
    kwargs: dict[str, Any] = {
        "seed": data.get("seed", 0), "races": data.get("races"), "powers": data.get("powers"),
        "dice": data.get("dice"), "coins": data.get("coins"), "turns": data.get("turns"),
        "options": data.get("options"), "expansions": data.get("expansions") or None}
    for key, apply in SETUP_KEYS.items():
        if key in data:
            apply(data[key], kwargs, key)
    extra = {key: data[key] for key in module_keys() if key in data}  # checked by their module
    if extra:
        kwargs["extra"] = extra
    return Game(make_setup(data["map"], players, **kwargs))


def run_file(path: str | Path) -> Result:
    """Play one scenario; whatever the file holds, the answer is a Result, never an exception."""
    title = str(path)
    try:
        data = load(path)
        if isinstance(data.get("title"), str) and len(data["title"]) <= 500:
            title = data["title"]
        _structure(data)
        needs = missing(data)
        if needs:
            return Result(title, str(path), [f"{path}: not playable by this engine yet: "
                                             + summary(needs)], missing=needs)
        game = build(data)
    except SwError as err:
        shown = err if getattr(err, "field", None) == str(path) else f"{path}: {err}"
        return Result(title, str(path), [f"invalid scenario {shown}"])
    except Exception as err:  # noqa: BLE001 (a hostile file must never crash the runner)
        return Result(title, str(path), [f"{path}: engine error {type(err).__name__}: {err}"[:2000]])
    result = Result(title, str(path), game=game)
    try:
        _play(result, data["steps"], path)
    except Exception as err:  # noqa: BLE001
        result.failures.append(f"{path}: engine error {type(err).__name__}: {err}"[:2000])
    return result


def _play(result: Result, steps: list[Any], path: str | Path) -> None:
    game = result.game
    assert game is not None
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
    if cost is not None and action.do not in ("conquer", "dragon", "buy"):
        raise InputError(f"{where}.cost", "`cost` goes with a conquest or a purchase")
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
        took = [e.data["committed"] for e in events if e.kind == "conquer"] or \
            [e.data["paid"] for e in events if "paid" in e.data]  # coins of a `buy` (FORMAT v2)
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
        for label, expected, actual in checks.compare(game, key, want, f"{where}.check.{key}"):
            if expected != actual:
                out.append(f"{label}: expected {expected!r}, actual {actual!r}")
    return out


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
