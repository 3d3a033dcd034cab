"""The tutorial's lessons and questions as data (swcore/data/lessons.yaml): pure Python, no UI.

Why data: the scripted first turn of "your first game", each chapter's "your move" exercise
and each chapter's questions are positions of a real game and what the learner should do or
answer there. Keeping them as data lets one small component play every one of them (the app's
/first-game?lesson=<id>), lets the static site list them, and lets the tests check each against
the engine: every expected move is legal in its position, every question's answer is the one
the engine computes (never a number typed in the page).

A position is either a set-up (`setup`: the keys of `make_setup`) or a tutorial scenario file
(`scenario`, tests/scenarios/tutorial/) after its first `at` action steps. A lesson is a list
of steps, each with its text, the control to point at (`control`), the move it expects
(`expect`: the action's word and parameters; a list means "one of these") and what to say to a
wrong move (`wrong`). A step without `expect` is read and passed with "Next" (`wait: bot` waits
for the other players instead). Every text is {en, fr}.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .actions import Action
from .config import make_setup
from .game import Game
from .i18n import item_name, term
from .safeload import load_file
from .tutorial import ROOT, Script, offer, scenario_path

LESSONS_FILE = Path(__file__).resolve().parent / "data" / "lessons.yaml"
#: The controls a step may point at (the app highlights them).
CONTROLS = ("column", "map", "region", "die", "end", "decline", "next", "none")
#: What a question may ask; each is computed by the engine from the position.
KINDS = ("cost", "score", "tokens", "price", "winner")
LANGS = ("en", "fr")


def say(text: dict[str, str] | None, lang: str = "en") -> str:
    """A {en, fr} text in `lang` (English when that language is missing)."""
    if not text:
        return ""
    return text.get(lang) or text.get("en", "")


@dataclass
class Position:
    """Where a lesson or question starts: a set-up and the actions already played."""

    setup: dict[str, Any]
    log: list[dict[str, Any]]

    def game(self) -> Game:
        g = Game(self.setup)
        for action in self.log:
            g.apply(action)
        return g


def position(spec: dict[str, Any]) -> Position:
    """The position a lesson or question names (see the module's docstring)."""
    if "scenario" in spec:
        game, _ = Script(scenario_path(spec["scenario"])).replay(spec.get("at"))
        return Position(game.setup, [dict(a) for a in game.log])
    setup = dict(spec["setup"])
    board, players = setup.pop("map"), setup.pop("players")
    return Position(make_setup(board, players, **setup), [dict(a) for a in spec.get("moves", [])])


@dataclass
class Step:
    """One step of a lesson."""

    text: dict[str, str]
    control: str = "none"
    expect: dict[str, Any] | None = None
    allow: list[str] = field(default_factory=list)  # words let through without advancing
    wrong: dict[str, str] = field(default_factory=dict)
    right: dict[str, str] = field(default_factory=dict)
    wait: str = ""  # "bot": passed when the learner is to act again
    show: str = ""  # "score": the learner's last score lines, as the engine counted them

    def matches(self, action: Action) -> bool:
        """Whether the learner's action is the one this step expects."""
        if self.expect is None:
            return False
        for key, want in self.expect.items():
            have = action.do if key == "do" else action.args.get(key)
            if isinstance(want, list) and not isinstance(have, list):
                if have not in want:
                    return False
            elif have != want:
                return False
        return True

    @property
    def regions(self) -> list[str]:
        """The regions this step points at on the map."""
        want = (self.expect or {}).get("region")
        return [] if want is None else list(want) if isinstance(want, list) else [want]


@dataclass
class Lesson:
    id: str
    chapter: str
    title: dict[str, str]
    spec: dict[str, Any]
    learner: str
    steps: list[Step]
    bot: str = "planner"

    def position(self) -> Position:
        return position(self.spec)


@dataclass
class Question:
    id: str
    chapter: str
    text: dict[str, str]
    spec: dict[str, Any]
    ask: dict[str, Any]
    choices: list[Any]
    answer: Any  # as worked out by hand; the tests compare it with the engine's

    def solve(self, lang: str = "en") -> tuple[Any, str]:
        """The engine's answer in this position and why (one line in `lang`, rule IDs in
        it): the answer a page shows is this, never `answer`."""
        return solve(self.position().game(), self.ask, lang)

    def position(self) -> Position:
        return position(self.spec)


#: The few sentences of the answers' reasons; the engine's own labels go through `term`.
SAY = {"price": {"en": "1 coin on each combo above it", "fr": "1 jeton de victoire sur chaque combinaison au-dessus"},
       "held": {"en": "{player}: {coins} coins, {tokens} tokens on the board",
                "fr": "{player} : {coins} jetons de victoire, {tokens} pions sur le plateau"}}


def solve(game: Game, ask: dict[str, Any], lang: str = "en") -> tuple[Any, str]:
    """The answer to `ask` in `game` (which a "score" question plays on) and its reason."""
    kind = ask["kind"]
    if kind == "cost":
        q = game.quote(ask["region"], ask.get("player"))
        if q.reason is not None:
            raise ValueError(f"{ask['region']} cannot be conquered here: {q.reason}")
        rule = "U-CONQ-2" if "underground" in game.setup.get("expansions", ()) else "B-CONQ-2"
        return q.cost, " + ".join(f"{term(label, lang)} {v}" for label, v in q.breakdown) + \
            f" ({rule})"
    if kind == "score":
        player = game.to_act
        game.apply(Action(player, "end_turn"))
        while game.queue:
            game.apply(game.default_withdrawal())
        lines = game.last_score[game.players.index(player)] or []
        total = sum(it["coins"] for it in lines)
        return total, "; ".join(f"{term(it['what'], lang)}: {it['coins']} ({it['rule']})"
                                for it in lines)
    if kind == "tokens":
        race, power, _ = game.column[ask["combo"]]
        o = offer(game, ask["combo"])
        return o["tokens"], f"{item_name(race, lang)} + {item_name(power, lang)} (B-COMBO-4)"
    if kind == "price":
        return game.combo_price(ask["combo"]), say(SAY["price"], lang) + " (B-COMBO-2)"
    if kind == "winner":
        if not game.game_over:
            raise ValueError("the game is not over in this position")
        lines = ", ".join(say(SAY["held"], lang).format(player=p, coins=c, tokens=game.board_tokens(s))
                          for s, (p, c) in enumerate(zip(game.players, game.coins, strict=True)))
        return game.winners()[0], lines + " (B-END-2)"
    raise ValueError(f"unknown question kind {kind!r}; known: {', '.join(KINDS)}")


def _step(raw: dict[str, Any]) -> Step:
    control = raw.get("control", "none")
    if control not in CONTROLS:
        raise ValueError(f"unknown control {control!r}; known: {', '.join(CONTROLS)}")
    return Step(text=raw["text"], control=control, expect=raw.get("expect"),
                allow=list(raw.get("allow", [])), wrong=raw.get("wrong", {}),
                right=raw.get("right", {}), wait=raw.get("wait", ""),
                show=raw.get("show", ""))


def _spec(raw: dict[str, Any]) -> dict[str, Any]:
    return {k: raw[k] for k in ("scenario", "at", "setup", "moves") if k in raw}


@cache
def load(path: Path = LESSONS_FILE) -> tuple[dict[str, Lesson], dict[str, Question]]:
    data = load_file(path)
    lessons = {key: Lesson(key, str(raw["chapter"]), raw["title"], _spec(raw), raw["learner"],
                           [_step(s) for s in raw["steps"]], raw.get("bot", "planner"))
               for key, raw in data["lessons"].items()}
    questions = {key: Question(key, str(raw["chapter"]), raw["text"], _spec(raw), raw["ask"],
                               list(raw["choices"]), raw["answer"])
                 for key, raw in data["questions"].items()}
    return lessons, questions


def lessons() -> dict[str, Lesson]:
    return load()[0]


def questions() -> dict[str, Question]:
    return load()[1]


def of_chapter(chapter: str) -> tuple[list[Lesson], list[Question]]:
    """The exercises and questions of a chapter ("02", "03b"...), in the file's order."""
    ls, qs = load()
    return ([x for x in ls.values() if x.chapter == chapter],
            [x for x in qs.values() if x.chapter == chapter])



def chapter_stem(chapter: str) -> str:
    """The notebook (and static page) name of a chapter: "02" -> "02-conquest" ('' if none)."""
    found = sorted((ROOT / "notebooks").glob(f"{chapter}-*.ipynb"))
    return found[0].stem if found else ""
