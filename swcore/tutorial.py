"""Helpers for the tutorial notebooks (notebooks/*.ipynb): pure Python and pandas, no UI.

The notebooks teach with scenario files (tests/scenarios/tutorial/), so the examples they show
are also rules tests. A `Script` is such a file read as a story: its action steps, the comment
written beside each step (the narration), and the game after the first k steps.

    from swcore import tutorial as tut
    script = tut.Script(tut.scenario_path("sample-game"))
    game, played = script.replay(5)          # the game after the first 5 action steps
    tut.quote_table(game)                    # every region's conquest cost for the player to move
    tut.die_odds()                           # the reinforcement die, P(success) by tokens short

The French notebooks call `set_language("fr")` first: the helpers' headings and sentences then
come from swcore/locale/fr/LC_MESSAGES/tutorial.po (keyed by the English text, as the app's
catalogues), the engine's words (actions, events, refusals, score lines, names) from the
engine's own catalogue (swcore.i18n), and a scenario's title and step comments from tutorial.po
too (a `Script` reads its comments in the language set when it is made).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

import pandas as pd

from . import scenario
from .actions import Action
from .board import Board, load_board
from .bots import GreedyBot, play
from .catalogue import CATALOGUE, DIE_FACES, LOST_TRIBE, race_name
from .effects import ability
from .errors import RuleError, SwError
from .events import Event
from .game import Game
from .i18n import (
    event_text,
    explain,
    french,
    help_fr,
    item_name,
    normalise,
    place_name,
    reason_text,
    term_or_none,
    translation,
)
from .simulate import with_interval  # noqa: F401  (the strategy lab's intervals)
from .words import describe

#: The repository (this module lives in ROOT/swcore).
ROOT = Path(__file__).resolve().parents[1]
#: The scenario files the notebooks play.
SCENARIOS = ROOT / "tests" / "scenarios" / "tutorial"
#: Table style of `Script.step_html` (shown in ipywidgets.HTML and Panel HTML panes).
REPORT_CSS = ("<style>.sw-report table{border-collapse:collapse;margin:4px 0}"
              ".sw-report th,.sw-report td{padding:2px 10px;text-align:left !important}</style>")


#: The language of the helpers' outputs ("en" or "fr"), set by `set_language`.
_LANG = {"lang": "en"}


def set_language(code: str) -> str:
    """The helpers speak `code` from now on (anything but French: English); returns it."""
    _LANG["lang"] = normalise(code)
    return _LANG["lang"]


def language() -> str:
    return _LANG["lang"]


def _(text: str) -> str:
    """A helper's English heading or sentence (or a scenario's comment) in the tutorial's
    language: its entry in tutorial.po, the text itself if none (French: `format` elides)."""
    if not text:
        return text
    lang = language()
    return french(translation(lang, "tutorial").gettext(text), lang)


def _n(one: str, many: str, n: int) -> str:
    """`_` for a text with a count `{n}` (the catalogue's plural rule), filled in."""
    lang = language()
    return french(translation(lang, "tutorial").ngettext(one, many, n), lang).format(n=n)


def scenario_path(name: str) -> Path:
    """tests/scenarios/tutorial/<name>.yaml (name may hold a sub-folder: "abilities/orcs")."""
    return SCENARIOS / f"{name}.yaml"


def use_repo_path() -> None:
    """Make `import dashboards...` work from notebooks/ (the apps' package sits at the root)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def yes(value: Any) -> str:
    """A yes/no fact as a learner reads it in a table ("yes" / "no", not True / False)."""
    return _("yes") if value else _("no")


def board_table(board: Board | str) -> pd.DataFrame:
    """One row per region: terrain, symbols, Lost Tribe, border region (entry), coastal."""
    b = load_board(board) if isinstance(board, str) else board
    rows = [{_("region"): rid, _("terrain"): place_name(b.terrain[i], language()),
             _("symbols"): _places(b.symbols[i]), _("lost tribe"): yes(b.lost_tribe[i]),
             _("border region"): yes(b.entry[i] and not b.water[i]),
             _("coastal"): yes(b.coastal[i]),
             _("neighbours"): ", ".join(b.ids[j] for j in b.adjacent[i])}
            for i, rid in enumerate(b.ids)]
    return pd.DataFrame(rows).set_index(_("region"))


def _places(symbols: Any) -> str:
    """A region's symbols named in the tutorial's language, in the order of their ids."""
    return ", ".join(place_name(x, language()) for x in sorted(symbols))


# ------------------------------------------------------------------------------------------
# Scripts: scenario files read as stories
# ------------------------------------------------------------------------------------------
@dataclass
class Step:
    """One action step of a scenario: its action, the comment written beside it, and whether
    the file expects the engine to refuse it (`rejected: true`)."""

    number: int  # 1-based position in the file's `steps`, checks included (as the runner counts)
    action: dict[str, Any]
    note: str = ""
    rejected: bool = False
    cost: int | None = None

    def __str__(self) -> str:
        return str(Action.from_dict(self.action))


@dataclass
class Played:
    """What one step did: the engine's events, or the refusal when it was refused."""

    step: Step
    events: list[Event] = field(default_factory=list)
    refusal: SwError | None = None
    players: tuple[str, ...] = ()  # the game's, named in the events' French sentences
    regions: tuple[str, ...] = ()  # the board's ids, told apart from the words around them

    @property
    def text(self) -> str:
        lang = language()
        if self.refusal is not None:
            if lang == "en":
                return f"refused: {self.refusal}"
            summary, _detail = explain(self.refusal, lang)
            detail = _reason(self.refusal, self.regions) if isinstance(self.refusal, RuleError) \
                else _detail
            return _("refused: {reason}").format(reason=" — ".join(filter(None, (summary, detail))))
        return " · ".join(event_text(e, lang, self.players, self.regions) if lang != "en"
                          else e.text
                          for e in self.events)


class Script:
    """A scenario file as a story. `replay(k)` gives the game after its first k action steps,
    with the file's defaults: a defender's withdrawn tokens are placed after the attacker's
    `end_turn` unless the next step is that defender's own `redeploy` (FORMAT.md)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.data = scenario.load(self.path)
        notes = step_comments(self.path.read_text(encoding="utf-8"))
        self._raw: list[Any] = list(self.data["steps"])
        self.steps: list[Step] = []
        for n, raw in enumerate(self._raw, start=1):
            if isinstance(raw, dict) and "check" not in raw:
                action = dict(raw)
                rejected = bool(action.pop("rejected", False))
                cost = action.pop("cost", None)
                note = _(notes[n - 1]) if n - 1 < len(notes) else ""
                self.steps.append(Step(n, action, note, rejected, cost))

    @property
    def title(self) -> str:
        return _(self.data["title"])

    @property
    def rules(self) -> list[str]:
        return list(self.data.get("rules", []))

    @property
    def expansions(self) -> list[str]:
        """The rule sets the file plays on top of the base game (its `expansions`)."""
        return list(self.data.get("expansions", []))

    def story(self, start: int = 0, stop: int | None = None) -> str:
        """Steps start+1 .. stop (all when None) as Markdown, one `step_line` each."""
        played = self.replay(stop)[1]
        return "\n\n".join(step_line(k, p) for k, p in enumerate(played, start=1)
                             if k > start)

    def __len__(self) -> int:
        return len(self.steps)

    def new_game(self) -> Game:
        return scenario.build(self.data)

    def replay(self, k: int | None = None) -> tuple[Game, list[Played]]:
        """The game after the first `k` action steps (all when None), and what each did."""
        game = self.new_game()
        steps = self.steps if k is None else self.steps[:k]
        return game, [self.play(game, step) for step in steps]

    def play(self, game: Game, step: Step) -> Played:
        """Apply one step to `game` (a refused step changes nothing), then place withdrawals."""
        out = Played(step, players=tuple(game.players), regions=tuple(game.board.ids))
        try:
            out.events = game.apply(step.action)
        except SwError as err:
            out.refusal = err
        while game.queue and not self._defender_redeploys_next(game, step.number):
            out.events += game.apply(game.default_withdrawal())
        return out

    def _defender_redeploys_next(self, game: Game, number: int) -> bool:
        nxt = next((s for s in self._raw[number:] if not (isinstance(s, dict) and "check" in s)),
                   None)
        return (isinstance(nxt, dict) and nxt.get("do") == "redeploy" and not nxt.get("rejected")
                and str(nxt.get("by")) == game.to_act)

    def timeline(self) -> pd.DataFrame:
        """One row per action step: who did what, the narration, what happened, coins after."""
        game = self.new_game()
        rows = []
        for k, step in enumerate(self.steps, start=1):
            turn = turn_of(game)
            p = self.play(game, step)
            rows.append({_("step"): k, _("turn"): turn, _("by"): step.action["by"],
                         _("action"): action_text(step.action), _("note"): step.note,
                         _("what happened"): p.text,
                         **{_("coins {player}").format(player=q): c
                            for q, c in zip(game.players, game.coins, strict=True)}})
        return pd.DataFrame(rows).set_index(_("step"))

    def step_html(self, k: int) -> str:
        """A short HTML report of the game after k steps: the k-th step, its note and events,
        then every player's coins and last scoring (for the notebooks' step-by-step views)."""
        game = self.replay(k - 1 if k else 0)[0]
        turn = turn_of(game)
        if k:
            p = self.play(game, self.steps[k - 1])
            when = turn if isinstance(turn, str) else _("turn {turn}").format(turn=turn)
            head = (f"<b>{escape(_('Step {k} of {n}').format(k=k, n=len(self)))}</b> · "
                    f"{escape(when)}: "
                    f"{escape(p.step.action['by'])}"
                    f" · {escape(action_text(p.step.action))}")
            note = f"<br><i>{linked(p.step.note)}</i>" if p.step.note else ""
            body = f"<br>{linked(p.text)}"
        else:
            head, note, body = (f"<b>{escape(_('Start'))}</b> · "
                                f"{escape(_n('{n} step to play', '{n} steps to play', len(self)))}",
                                "", "")
        scores = score_table(game)
        cells = scores.assign(**{c: scores[c].map(linked) for c in scores.columns
                                 if c != _("coins")})
        last = (f"<p><b>{escape(_('Last scorings'))}</b></p>" + cells.to_html(index=False, border=0, escape=False)
                if len(scores) else "")
        return (f"<div class='sw-report'>{REPORT_CSS}<p>{head}{note}{body}</p>"
                + coins_table(game).reset_index().to_html(index=False, border=0) + last + "</div>")

    def turn_ends(self) -> list[int]:
        """The k (number of steps played) just after each `end_turn`: the places to stop at."""
        return [k for k, s in enumerate(self.steps, start=1)
                if s.action.get("do") == "end_turn" and not s.rejected]


def turn_of(game: Game) -> Any:
    """The turn an action belongs to: withdrawn tokens placed after an attack belong to the
    END of the attacker's turn (B-LOSS-2), although the engine has already moved the turn
    marker on; then a label such as "turn 2, end of bob's turn"."""
    if game.queue and game.track:
        turn, seat = game.track[-1][0], game.track[-1][1]
        return _("turn {turn}, end of {player}'s turn").format(turn=turn,
                                                               player=game.players[seat])
    return game.turn


_STEP = re.compile(r"^(\s*)- ")


def step_comments(text: str) -> list[str]:
    """The comment of each entry of a YAML file's top-level `steps:` list, in order.

    A comment at the end of a line belongs to the step that line is part of; a comment on a
    line of its own introduces the next step. Quotes are respected (a `#` inside a quoted
    string is not a comment)."""
    lines = text.splitlines()
    start = next((i for i, ln in enumerate(lines) if re.match(r"^steps\s*:", ln)), None)
    if start is None:
        return []
    notes: list[tuple[list[str], list[str]]] = []  # (lines of their own, end of line)
    pending: list[str] = []
    indent: int | None = None
    for line in lines[start + 1:]:
        if line.strip() and not line.startswith((" ", "-", "#")):
            break  # the next top-level key
        code, comment = _split_comment(line)
        m = _STEP.match(code)
        if m and (indent is None or len(m.group(1)) == indent):
            indent = len(m.group(1))
            notes.append((pending, []))
            pending = []
        if comment:
            (notes[-1][1] if code.strip() and notes else pending).append(comment)
    return [" · ".join(x for x in (" ".join(head).rstrip("."), " ".join(tail)) if x)
            for head, tail in notes]


def _split_comment(line: str) -> tuple[str, str]:
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i], line[i + 1:].strip().strip("-").strip()
    return line, ""


def action_text(action: dict[str, Any] | Action) -> str:
    """An action in words, without its player: "conquers r13 with the reinforcement die" (the
    sentence of its word, `swcore.words.describe`, so a new word needs nothing here)."""
    a = action if isinstance(action, Action) else Action.from_dict(action)
    text = describe(a, lang=language())
    return text[len(a.by) + 1:] if text.startswith(f"{a.by} ") else text


def readable(table: pd.DataFrame) -> Any:
    """The table styled for reading text: every cell and heading aligned left."""
    return (table.style.set_properties(**{"text-align": "left", "vertical-align": "top"})
            .set_table_styles([{"selector": "th", "props": [("text-align", "left")]}]))


def step_line(k: int, played: Played) -> str:
    """One step as Markdown: number, action, the file's comment, and what the engine did."""
    note = f" — {played.step.note}" if played.step.note else ""
    return (f"**{_('Step {k}').format(k=k)}** · {played.step.action['by']}: {action_text(played.step.action)}"
            f"{note}  \n*{played.text}*")


#: Where each family of rule IDs is described (docs/rules/), by the ID's first part.
RULE_FILES = {"B": "base-game.md", "A": "ambiguities.md", "X": "surface-expansions.md",
              "U": "underground.md", "AU": "ambiguities-underground.md",
              "R": "realms-scenarios.md"}


#: The rules reference from a notebook: notebooks/ (English), notebooks/fr/ (French).
RULES_BASE = {"en": "../docs/rules/", "fr": "../../docs/rules/"}


def rule_link(rule: str, base: str | None = None) -> str:
    """A rule ID as a Markdown link to its anchor in the rules reference (from the notebook
    of the tutorial's language, unless `base` says where it is)."""
    page = RULE_FILES.get(rule.split("-", 1)[0])
    base = RULES_BASE[language()] if base is None else base
    return f"[{rule}]({base}{page}#{rule})" if page else rule


_RULE_ID = re.compile(r"\b(?:AU|[ABXUR])-[A-Z0-9]+(?:-[A-Z0-9]+)*[a-z]?\b")


def linked(text: Any, base: str | None = None) -> str:
    """`text` escaped for HTML, each rule ID in it a link to the rules reference (from
    notebooks/; the static site's renderer points them at its own pages): a score line's
    rule in a step's report can be looked up like any other."""
    text, out, last = str(text), [], 0
    base = RULES_BASE[language()] if base is None else base
    for m in _RULE_ID.finditer(text):
        page = RULE_FILES.get(m.group(0).split("-", 1)[0])
        out.append(escape(text[last:m.start()]))
        out.append(f'<a href="{base}{page}#{m.group(0)}">{m.group(0)}</a>' if page
                   else escape(m.group(0)))
        last = m.end()
    return "".join(out) + escape(text[last:])


def rules_line(script: Script) -> str:
    """The rules a scenario checks, linked: a line under its title in the notebooks."""
    return _("Rules: ") + ", ".join(rule_link(r) for r in script.rules)


# ------------------------------------------------------------------------------------------
# The combo column (B-COMBO)
# ------------------------------------------------------------------------------------------
def combo_tokens(race: str, power: str) -> int:
    """Tokens received for a combo: the banner's number + the badge's number (B-COMBO-4), plus
    what a banner adds on top (the Amazons' "+4", B-RACE-AMAZONS-1)."""
    extra = ability(race).extra_tokens(None, None)  # a banner's "+4" needs no game to read
    return CATALOGUE[race].tokens + CATALOGUE[power].tokens + extra


def offer(game: Game, position: int) -> dict[str, Any]:
    """What picking the combo at `position` costs and gives the player to move (B-COMBO-2..4)."""
    race, power, lying = game.column[position]
    coins = game.coins[game.players.index(game.current)]
    pay = game.combo_price(position)
    return {"position": position, "race": item_name(race, language()),
            "power": item_name(power, language()), "tokens": _offered_tokens(game, position),
            "pay": pay, "collect": lying, "coins before": coins,
            "coins after": coins - pay + lying, "affordable": pay <= coins}


def _offered_tokens(game: Game, position: int) -> int:
    """Tokens that picking the combo at `position` gives: banner + badge as this game prints
    them, what either adds on top (Amazons' +4, extra tokens of a badge), and race tokens
    lying on the combo (a module's pile)."""
    race, power = game.column[position][:2]
    extra = 0
    for item in (race, power):
        try:
            extra += ability(item).extra_tokens(game, None)
        except (AttributeError, TypeError, KeyError):  # needs the picked army: counted below
            pass
    return game.value_of(race) + game.value_of(power) + extra + game.combo_tokens(position)


def offer_text(game: Game, position: int) -> str:
    """`offer` in words: what the player to move pays, collects and receives."""
    o = offer(game, position)
    race, power = game.column[position][:2]
    above = _("nothing: the top combo is free") if not o["pay"] else _n(
        "{n} coin, 1 on each combo above it", "{n} coins, 1 on each combo above it", o["pay"])
    extra = o["tokens"] - game.value_of(race) - game.value_of(power)
    plus = _(" + {n} (extra tokens)").format(n=extra) if extra else ""
    return (_("{race} / {power} at position {position}: {player} pays {above}, collects "
              "{collect} lying on it and receives {tokens} tokens ({race} {race_tokens}{plus} + "
              "{power} {power_tokens}); coins {before} → {after}.").format(
        race=o["race"], power=o["power"], position=position, player=game.current, above=above,
        collect=_n("{n} coin", "{n} coins", o["collect"]), tokens=o["tokens"],
        race_tokens=game.value_of(race), plus=plus, power_tokens=game.value_of(power),
        before=o["coins before"], after=o["coins after"])
            + ("" if o["affordable"] else _(" Not affordable!")))


def column_table(game: Game) -> pd.DataFrame:
    """The six visible combos, top first, as the player to move sees them."""
    rows = [{_(k): yes(v) if k == "affordable" else v for k, v in o.items()}
            for o in (offer(game, k) for k in range(len(game.column)))]
    return pd.DataFrame(rows).set_index(_("position"))


def catalogue_table(kind: str | None = None, expansion: str = "base") -> pd.DataFrame:
    """Races and powers of one set (the base game unless `expansion` names another, as in a
    scenario's `expansions`): names (English, French), tokens, box, effect, rule."""
    fr = language() == "fr"
    rows = [{_("kind"): _(e.kind), "id": e.id, _("English"): e.english, _("French"): e.french,
             _("tokens"): e.tokens, _("box"): "" if e.box is None else e.box,
             _("in decline"): _(e.in_decline), _("rule"): e.rule,
             _("effect"): (help_fr(e.id) or e.effect) if fr else e.effect}
            for e in CATALOGUE.values() if e.kind in ("race", "power")
            and kind in (None, e.kind) and e.expansion == expansion]
    return pd.DataFrame(rows).set_index("id")


# ------------------------------------------------------------------------------------------
# Conquest (B-CONQ, B-FINAL)
# ------------------------------------------------------------------------------------------
def quote_text(game: Game, region: str, player: str | None = None) -> str:
    """One line: what conquering `region` costs and why, or why it is not allowed now."""
    q = game.quote(region, player)
    parts = " + ".join(f"{_label(label, game)} {value}" for label, value in q.breakdown)
    if q.reason is not None:
        return _("{region}: not allowed now: {reason}").format(region=region,
                                                               reason=_why_not(
                                                                   q.reason, True, tuple(game.board.ids)))
    return f"{region}: {_n('{n} token', '{n} tokens', q.cost)} = {parts}"


def _label(label: str, game: Game) -> str:
    """A cost's or a score's label as the engine wrote it, in the tutorial's language."""
    return term_or_none(label, language(), tuple(game.players), tuple(game.board.ids)) \
        or label if language() != "en" else label


def _why_not(err: SwError, whole: bool = False, regions: tuple[str, ...] = ()) -> str:
    """A refusal in the tutorial's language: "rule: reason" (`whole`: as str(err) writes it);
    `regions`: the board's ids, for a reason naming regions whose ids are words."""
    if language() == "en":
        return str(err) if whole else f"{err.rule}: {err.reason}"
    return f"{err.rule} : {_reason(err, regions)}"


def _reason(err: SwError, regions: tuple[str, ...]) -> str:
    """The engine's reason for a refusal in the tutorial's language (`swcore.i18n`)."""
    found = term_or_none(getattr(err, "reason", ""), language(), err.players, regions)
    return found if found is not None else reason_text(err, language())


def quote_table(game: Game, player: str | None = None) -> pd.DataFrame:
    """Every region's conquest cost and breakdown for `player` (default: the player to move),
    with the rule that forbids it when it is not a legal target now."""
    b = game.board
    rows = []
    for i, rid in enumerate(b.ids):
        q = game.quote(rid, player)
        race = game.race[i]
        if race == LOST_TRIBE or (race and game.owner[i] is None):  # or Monsters, a Pirate Ship
            occupant = f"{game.tokens[i]} {item_name(race, language())}"
        elif race:
            occupant = f"{game.tokens[i]} {_race(race)} ({game.players[game.owner[i]]})"
        else:
            occupant = ""
        # no cost for what is never conquered (a sea, a chasm: U-CHASM-1)
        shown = bool(q.breakdown) and (q.reason is None
                                       or not (b.water[i] or b.kind[i] == "chasm"))
        rows.append({_("region"): rid, _("terrain"): place_name(b.terrain[i], language()),
                     _("symbols"): _places(b.symbols[i]), _("occupant"): occupant,
                     _("cost"): q.cost if shown else "",
                     _("breakdown"): " + ".join(f"{_label(lbl, game)} {v}"
                                                for lbl, v in q.breakdown) if shown else "",
                     _("allowed"): yes(q.reason is None),
                     _("why not"): "" if q.reason is None else _why_not(q.reason,
                                                                         regions=tuple(b.ids))})
    return pd.DataFrame(rows).set_index(_("region"))


def _race(race: str) -> str:
    """A race as the tutorial's language names it (English: the engine's `race_name`)."""
    return race_name(race) if language() == "en" else item_name(race, language())


def die_odds(max_short: int = 3) -> pd.DataFrame:
    """The reinforcement die (faces 0, 0, 0, 1, 2, 3; B-COMP-6): the chance that the final
    conquest succeeds when the player is `short` tokens short of the cost (B-FINAL-3)."""
    rows = []
    for short in range(max_short + 1):
        wins = sum(1 for f in DIE_FACES if f >= short)
        p = Fraction(wins, len(DIE_FACES))
        rows.append({_("tokens short"): short, _("winning faces"): wins, _("chance"): str(p),
                     _("P(success)"): float(p)})
    return pd.DataFrame(rows).set_index(_("tokens short"))


# ------------------------------------------------------------------------------------------
# Position and scoring
# ------------------------------------------------------------------------------------------
def position_table(game: Game) -> pd.DataFrame:
    """Every occupied region: owner, race (active or in decline), tokens, markers."""
    b = game.board
    rows = []
    for i, rid in enumerate(b.ids):
        race = game.race[i]
        marks = ", ".join([k if n == 1 else f"{k} ×{n}" for k, n in
                           ((_piece(k), game.mk[k][i]) for k in game.mk) if n]
                          + [_piece(p) for p, at in getattr(game, "pieces", {}).items() if at == i])
        lying = game.coins_on[i] if getattr(game, "coins_on", None) else 0
        if lying:
            marks = ", ".join(filter(None, [marks, _n("{n} coin", "{n} coins", lying)]))
        if not race and not marks:
            continue
        if race == LOST_TRIBE:
            owner, name = "", _("Lost Tribe")
        elif race and game.owner[i] is None:  # a neutral token a module adds (a Pirate Ship)
            owner, name = "", _race(race)
        elif race:
            owner = game.players[game.owner[i]]
            name = _race(race) + (_(" (in decline)") if game.armies[race].declined else "")
        else:
            owner, name = "", ""
        rows.append({_("region"): rid, _("terrain"): place_name(b.terrain[i], language()),
                     _("owner"): owner, _("race"): name, _("tokens"): game.tokens[i],
                     _("markers"): marks})
    return pd.DataFrame(rows, columns=[_(c) for c in ("region", "terrain", "owner", "race",
                                                      "tokens", "markers")]).set_index(_("region"))


def _piece(kind: str) -> str:
    """A marker or a piece on the board: a Place or Relic by its name, anything else in
    English by its id (as the tables always showed it)."""
    if kind in CATALOGUE and CATALOGUE[kind].kind in ("place", "relic"):
        return item_name(kind, language())
    return kind if language() == "en" else place_name(kind, language())


def score_table(game: Game, player: str | None = None) -> pd.DataFrame:
    """The breakdown of each player's last scoring (or one player's): what, coins, rule."""
    rows = []
    for s, p in enumerate(game.players):
        if player not in (None, p):
            continue
        for item in game.last_score[s] or []:
            rows.append({_("player"): p, _("what"): _label(item["what"], game),
                         _("coins"): item["coins"], _("rule"): item["rule"]})
    return pd.DataFrame(rows, columns=[_(c) for c in ("player", "what", "coins", "rule")])


def standings_table(game: Game) -> pd.DataFrame:
    """The final standings as a learner reads them: rank, player, coins, race tokens on the
    board (the tie-break, B-END-2) and who won."""
    rows = [{_("rank"): r["rank"], _("player"): r["player"], _("coins"): r["coins"],
             _("tokens on board"): r["tokens_on_board"], _("winner"): yes(r["winner"])}
            for r in game.standings()]
    return pd.DataFrame(rows).set_index(_("rank"))


def coins_table(game: Game) -> pd.DataFrame:
    """Coins, tokens on the board, active and in-decline races per player (B-END)."""
    rows = []
    for s, p in enumerate(game.players):
        rows.append({_("player"): p, _("coins"): game.coins[s],
                     _("tokens on board"): game.board_tokens(s), _("in hand"): game.hand(p),
                     _("active race"): _race(game.active[s]) if game.active[s] else "",
                     _("in decline"): ", ".join(_race(r) for r in game.declined[s]),
                     _("last scored"): sum(it["coins"] for it in game.last_score[s] or [])})
    return pd.DataFrame(rows).set_index(_("player"))


def module_table(game: Game, leave: tuple[str, ...] = ()) -> pd.DataFrame:
    """What each expansion module keeps beside the board (its part of `Game.snapshot`): one
    row per item, ids given their catalogue names ("lost_tribe" -> "Lost Tribes"). The view of
    someone who sees everything, face-down things included. `leave`: items left out (the
    engine's own bookkeeping, such as when a relic was last used)."""
    rows = [{_("module"): _(module), _("item"): _(key.replace("_", " ")), _("value"): _plain(value)}
            for module, state in (game.snapshot().get("modules") or {}).items()
            for key, value in state.items() if key not in leave]
    return pd.DataFrame(rows, columns=[_("module"), _("item"), _("value")]).set_index(
        [_("module"), _("item")])


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return ""
    if isinstance(value, str):
        return item_name(value, language()) if value in CATALOGUE else _(value.replace("_", " "))
    if isinstance(value, dict):
        return ", ".join(f"{_plain(k) if k in CATALOGUE else k}: {_plain(v)}"
                         for k, v in value.items()) or _("(none)")
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value) or _("(none)")
    return str(value)


def combo_grid() -> pd.DataFrame:
    """Tokens of every base-game race/power combo: races in rows, powers in columns (B-COMBO-4)."""
    races = [e.id for e in CATALOGUE.values() if e.kind == "race" and e.expansion == "base"]
    powers = [e.id for e in CATALOGUE.values() if e.kind == "power" and e.expansion == "base"]
    return pd.DataFrame([[combo_tokens(r, p) for p in powers] for r in races],
                        index=[item_name(r, language()) for r in races],
                        columns=[item_name(p, language()) for p in powers])


# ------------------------------------------------------------------------------------------
# Experiments with the bots
# ------------------------------------------------------------------------------------------
class DeclineAt:
    """The greedy bot, except that it goes into decline at the start of game turn `turn` (if
    its race can) and at no other time; `turn=None` never declines."""

    def __init__(self, turn: int | None, seed: int = 0):
        self.turn = turn
        self.greedy = GreedyBot(seed)
        self.declined_at: list[int] = []

    def choose(self, game: Game, actions: list[Action]) -> Action:
        declines = [a for a in actions if a.do == "decline"]
        if declines and game.turn == self.turn:
            self.declined_at.append(game.turn)
            return declines[0]
        rest = [a for a in actions if a.do != "decline"]
        return self.greedy.choose(game, rest or actions)


def decline_timing(board: str = "base-2p", seeds: Any = range(20),
                   turns: list[int | None] | None = None) -> pd.DataFrame:
    """Games between greedy bots where the first player goes into decline at one chosen turn
    (or never): one row per game with that player's final coins and whether they won."""
    b = load_board(board)
    players = [f"P{i + 1}" for i in range(b.players or 2)]
    options = turns if turns is not None else [*range(2, (b.turns or 10) + 1), None]
    rows = []
    for seed in seeds:
        for t in options:
            game = Game.new(board, players, seed=seed)
            bots: dict[str, Any] = {p: GreedyBot(seed + k) for k, p in enumerate(players)}
            bots[players[0]] = first = DeclineAt(t, seed)
            play(game, bots)
            rows.append({_("seed"): seed, _("decline turn"): _("never") if t is None else t,
                         _("declined"): bool(first.declined_at),
                         _("coins"): game.coins[0], _("win"): players[0] in game.winners()})
    return pd.DataFrame(rows)
