"""Your first game: a learner plays a real two-player game against a bot, on the app's own
turn screen.

Why a component and not a tutorial script: the learner makes every move. The game is an
ordinary stored game (a throwaway SQLite file of this process, never the tables' database),
opened in a `PracticeSession` (a `TableSession` that lets the learner act only for themself)
and shown by the app's `TurnScreen`: the same map, the same generic actions built from each
word's parameter kinds, the same refusals with their rule ID, the same undo. What this module
adds is the coaching around it:

- the bot (PlannerBot by default, any of `swcore.bots.BOTS`) plays its turn, and places its
  withdrawn tokens, as soon as the learner hands over;
- the regions the learner can take now are filled in yellow on the map;
- each rule is explained the first time it matters (a word the learner may use, a rule a score
  line or a refusal cites, the learner's race and power, a region tapped that cannot be taken),
  quoted from docs/rules with its ID as a link;
- an undo that lands in the bot's turn goes on back to the learner's last decision.

The same component runs in notebooks/00-your-first-game.ipynb and at /first-game of the served
app (dashboards/first-game.py).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

import panel as pn
from bokeh.models import ColumnDataSource, MultiPolygons

from swcore import Action
from swcore.bots import BOTS
from swcore.catalogue import CATALOGUE
from swcore.errors import SwError
from swcore.i18n import rule_summary_fr
from swcore.lessons import chapter_stem, lessons
from swcore.words import WORDS

from . import i18n, rules_ref
from .connection import ConnectionLight
from .i18n import N_, _, lang
from .lesson_play import LessonScript, lesson_session
from .session import TableSession, create_game
from .store import Store
from .turn import NO_ARMY, TurnScreen, region_word
from .widgets import esc, html

#: The learner's seat: a name the engine's sentences read well with ("Learner picks ...").
LEARNER = "Learner"
DEFAULT_BOT = "planner"
BOARD = "base-2p"
#: Pause between two of the bot's actions in a served page, so that the map follows them.
BOT_MS = 450
WAIT = N_("Wait: it is the bot's turn. It plays by itself; your buttons come back after it.")
TITLE = N_("Small World · your first game")
COACH_CSS = """
.sw-coach { border:2px solid #1b5e20; border-radius:10px; padding:8px 12px; background:#f1f8e9;
            max-height:420px; overflow-y:auto; }
.sw-coach h3 { margin:2px 0 6px 0; }
.sw-new { border-left:4px solid #1b5e20; padding:2px 0 2px 8px; margin:6px 0; }
.sw-refused { border-left:4px solid #c62828; padding:2px 0 2px 8px; margin:6px 0;
              background:#ffebee; }
a.sw-rule { font-weight:700; color:#1b5e20; }
.sw-muted { color:#555; font-size:14px; }
"""
_STORE: Store | None = None
_STORE_LOCK = threading.Lock()


def practice_store() -> Store:
    """One throwaway SQLite store per process (a temporary folder removed at exit): practice
    games never reach the tables' database and never show in the lobby."""
    global _STORE
    with _STORE_LOCK:
        if _STORE is None:
            folder = Path(tempfile.mkdtemp(prefix="sw-first-game-"))
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            _STORE = Store(f"sqlite:///{folder / 'practice.sqlite'}")
        return _STORE


def bot_name(key: str) -> str:
    """A bot's name as a player of the game (the engine's sentences name it): English."""
    return f"{key.capitalize()} bot"


def rule_html(rule: str) -> str:
    """A rule's text for the learner: in French its summary (swcore/data/rules-fr.tsv), else
    the first paragraph of the project's (English) rules reference."""
    found = rule_summary_fr(rule) if lang() == "fr" else ""
    return esc(found) if found else rules_ref.excerpt_html(rule)


class PracticeSession(TableSession):
    """A stored game in which this page acts for the learner only; the bot's actions come
    through `bot_act`. Anything else is refused with the reason, like a rule."""

    def __init__(self, store: Store, game_id: int, learner: str = LEARNER, **params: Any):
        self.learner = learner
        self._bot_acting = False
        self.gate: Any = None  # a lesson's steps (dashboards/lesson_play.py): check / passed
        super().__init__(store, game_id, **params)

    def act(self, action: Action | dict[str, Any], seen: int | None = None) -> bool:
        by = action.by if isinstance(action, Action) else str(action.get("by", ""))
        if by != self.learner and not self._bot_acting:
            return self._refuse(None, _(WAIT))
        gate = None if self._bot_acting else self.gate
        move = None
        if gate is not None:
            try:
                move = action if isinstance(action, Action) else Action.from_dict(action)
            except SwError:
                move = None  # malformed: the engine refuses it with its own reason
            why = gate.check(move) if move is not None else None
            if why:
                return self._refuse(None, why)
        ok = super().act(action, seen)
        if ok and gate is not None and move is not None:
            gate.passed(move)
        return ok

    def bot_act(self, action: Action) -> bool:
        self._bot_acting = True
        try:
            return super().act(action)
        finally:
            self._bot_acting = False


def new_session(bot: str = DEFAULT_BOT, seed: int = 1, store: Store | None = None) -> PracticeSession:
    store = store or practice_store()
    game_id, code = create_game(store, _("Your first game"), [LEARNER, bot_name(bot)], board=BOARD,
                                seed=seed)
    session = PracticeSession(store, game_id)
    session.code = code
    return session


class FirstGame(pn.viewable.Viewer):
    """The learner's game: the turn screen, the coach beside it, a bot and a new-game button.
    `served`: the bot's actions are spaced out on the page's event loop (None: decide from
    whether a served document is running); otherwise they are played at once."""

    def __init__(self, bot: str = DEFAULT_BOT, seed: int = 1, served: bool | None = None,
                 store: Store | None = None, lesson: str | None = None, chapter_url: str = ""):
        super().__init__()
        self._lesson = lessons()[lesson] if lesson else None  # played once, by the first game
        self._chapter_url = chapter_url
        self.script: LessonScript | None = None
        self._store = store
        self._served = served
        self._seed = seed
        self.bot_pick = pn.widgets.Select(label=_("Opponent"), options={bot_name(k): k for k in BOTS},
                                          value=bot, width=200)
        self.bot_pick.param.watch(lambda e: self._new_bot(), "value")
        again = pn.widgets.Button(label=_("New game"), color="primary", height=44, width=140)
        again.on_click(lambda e: self.new_game())
        self._coach = html("", sizing_mode="stretch_width", stylesheets=[COACH_CSS])
        self._seen: list[str] = []  # rule IDs explained, in the order they came up
        self._fresh: list[str] = []  # those explained by the last change
        self._refused = ""
        self._pending = False
        self._running = False
        self.light = ConnectionLight()  # connected / reconnecting / offline, as in the app
        self._body = pn.Column(sizing_mode="stretch_width")
        self._layout = pn.Column(
            pn.Row(self.bot_pick, again, self.light, align="end"), self._body,
            sizing_mode="stretch_width")
        self.new_game(seed)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # --- the game --------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        """A fresh game (the next seed unless one is given), the coach starting over."""
        if getattr(self, "screen", None) is not None:
            self.screen.stop()
        self._seed = self._seed + 1 if seed is None else seed
        lesson, self._lesson, self.script = self._lesson, None, None
        if lesson is not None:
            self.session = lesson_session(self._store or practice_store(), lesson, PracticeSession)
        else:
            self.session = new_session(self.bot_pick.value, self._seed, self._store)
        self.learner = self.session.learner
        self._new_bot()
        # Before the screen's own watcher: the yellow targets change in the same update as the
        # map's outlines (in a notebook, the map pushes that update to the page).
        self.session.param.watch(lambda e: self._fill_targets(), ["version"])
        self.screen = TurnScreen(self.session)
        # The learner stays on this page: the screen's Lobby button has no lobby to go to.
        self.screen._undo_redo[2].visible = False
        self._add_targets()
        self._seen, self._fresh, self._refused = [], [], ""
        self._log_len = 0
        self.session.param.watch(self._changed, ["version"])
        self.session.param.watch(self._error, ["error"])
        self.screen.param.watch(self._tapped, ["selected"])
        # Always a browser (the served page or a notebook's output): its buttons always send
        # taps (dashboards/taps.py), so their plain clicks are never counted as well, even
        # before the light has told the kernel it rendered (a cold notebook kernel).
        self.screen._taps.live = True
        if lesson is not None:
            self.script = LessonScript(lesson, self, self._chapter_url)
            self.session.gate = self.script
        self._place_coach()
        self._body[:] = [self.screen]
        self._after_change()
        if self.script is not None:
            self.script.update()

    def _place_coach(self) -> None:
        """The coach goes in the screen's side column, right under what can be done now, where
        the learner looks (above the map when the screen is laid out otherwise)."""
        try:
            side = self.screen._layout[2][1]
            at = list(side).index(self.screen._context) + 1
        except (IndexError, TypeError, ValueError):
            self._layout.insert(1, self._coach)
            if self.script is not None:
                self._layout.insert(1, self.script.box)
            return
        side.insert(at, self._coach)
        if self.script is not None:
            side.insert(at, self.script.box)


    def _new_bot(self) -> None:
        self.bot = BOTS[self.bot_pick.value](seed=self._seed)

    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def bot_to_act(self) -> bool:
        g = self.game
        return not g.game_over and g.to_act is not None and g.to_act != self.learner

    def bot_step(self) -> bool:
        """One action of the bot, if it is the bot's to make; True when it acted."""
        if not self.bot_to_act:
            return False
        g = self.game
        return self.session.bot_act(self.bot.choose(g, g.legal_actions()))

    def bot_turn(self, limit: int = 500) -> int:
        """Let the bot play until the learner is to act (or the game ends): how many actions."""
        n = 0
        while n < limit and self.bot_step():
            n += 1
        return n

    def _live(self) -> bool:
        if self._served is not None:
            return self._served
        doc = pn.state.curdoc
        return doc is not None and doc.session_context is not None

    def _changed(self, event: Any) -> None:
        g = self.game
        shrank = len(g.log) < self._log_len
        self._log_len = len(g.log)
        if shrank and self.bot_to_act and g.log:
            # An undo landed in the bot's turn: take back up to the learner's own decision
            # (the bot would only play the same again).
            self.session.undo(1)
            return
        self._after_change()
        if self.script is not None:
            self.script.changed()

    def _after_change(self) -> None:
        self._explain()
        self._fill_targets()
        if not self.bot_to_act or self._running:
            return
        if not self._live():
            self._running = True  # the bot's actions come back here: one loop, no recursion
            try:
                self.bot_turn()
            finally:
                self._running = False
            self._explain()
            self._fill_targets()
        elif not self._pending:
            self._pending = True
            pn.state.add_periodic_callback(self._served_step, period=BOT_MS, count=1)

    def _served_step(self) -> None:
        self._pending = False
        with pn.io.hold():
            self.bot_step()

    # --- the map: where the learner can go ------------------------------------------------
    def _targets(self) -> list[int]:
        g = self.game
        if g.game_over or g.to_act != self.learner:
            return []
        pointed = self.script.targets() if self.script is not None else None
        if pointed is not None:  # a lesson's step: only where it points
            return [g.board.region(r) for r in pointed]
        found = {a.region for a in g.legal_actions() if WORDS[a.do].place == "region"
                 and a.by == self.learner and getattr(a, "region", None)}
        return [g.board.region(r) for r in found]

    def _add_targets(self) -> None:
        """A yellow fill over the regions the learner can take now (one glyph over the map;
        taps still reach the map's regions below it). Like the screen's own highlight it
        always holds a region and is hidden when there is none."""
        m = self.screen._map
        if m is None:
            self._tg = None
            return
        src = m.source.data
        self._tg = ColumnDataSource({"xs": [src["xs"][0]], "ys": [src["ys"][0]]})
        r = m.figure.add_glyph(self._tg, MultiPolygons(
            xs="xs", ys="ys", fill_color="#FFEB3B", fill_alpha=0.45, line_color="#F57F17",
            line_width=3), visible=False)
        r.nonselection_glyph = None
        r.selection_glyph = None
        self._tg_renderer = r
        self._tg_shown: list[int] = []

    def _fill_targets(self) -> None:
        if self._tg is None:
            return
        rows = sorted(self._targets())
        if rows and rows != self._tg_shown:
            src = self.screen._map.source.data
            self._tg.data = {"xs": [src["xs"][i] for i in rows], "ys": [src["ys"][i] for i in rows]}
        self._tg_shown = rows
        if self._tg_renderer.visible != bool(rows):
            self._tg_renderer.visible = bool(rows)

    @property
    def targets(self) -> list[str]:
        """The regions filled in as legal targets now (tests)."""
        return [self.game.board.ids[i] for i in self._tg_shown]

    # --- the coach ---------------------------------------------------------------------
    def _rules_now(self) -> list[str]:
        """The rules that matter at this moment, in the order a learner meets them."""
        g, out = self.game, []
        for ev in self.session.events:
            out += _rules_in(ev.data)
        if g.to_act == self.learner and not g.game_over:
            army = g.army_of(self.learner)
            if army is not None:
                for item in (army.race, army.power):
                    entry = CATALOGUE.get(item or "")
                    if entry is not None and entry.rule:
                        out.append(entry.rule)
            for a in self.screen._legal:
                out.append(WORDS[a.do].rule)
        return out

    def _learn(self, rules: list[str]) -> None:
        new = [r for r in dict.fromkeys(rules) if rules_ref.known(r) and r not in self._seen]
        if new:
            self._seen += new
            self._fresh = new

    def _explain(self) -> None:
        self._learn(self._rules_now())
        if not self.session.error:
            self._refused = ""
        self._draw_coach()

    def _error(self, event: Any) -> None:
        """A refusal: its rule quoted beside the screen's own message."""
        s = self.session
        if not s.error:
            return
        rule = s.error_rule or next(iter(rules_ref.RULE_ID.findall(s.error)), "")
        self._refused = self._refusal(s.error, rule)
        self._learn([rule] if rule else [])
        self._draw_coach()

    def _tapped(self, event: Any) -> None:
        """A region the learner cannot take: the rule that forbids it, explained once."""
        rid, g = event.new, self.game
        self._refused = ""
        if self.script is not None:
            self.script.wrong_region(rid)
        if rid and g.to_act == self.learner and rid not in self.targets:
            word = region_word(self.screen._legal)
            if word is not None:
                why = g.why_illegal(Action(self.learner, word, region=rid))
                rule = getattr(why, "rule", "")
                if why is not None and rule and rule != NO_ARMY:
                    self._refused = self._refusal(self.session.explain(why), rule)
                    self._learn([rule])
        self._draw_coach()

    @staticmethod
    def _refusal(message: str, rule: str) -> str:
        quote = rule_html(rule) if rule else ""
        return ("<div class='sw-refused'><b>" + _("Not allowed") + f"</b> — {rules_ref.link_ids(message)}"
                + (f"<div class='sw-muted'>{rules_ref.link(rule)}: {quote}</div>" if quote
                   else "") + "</div>")

    def _draw_coach(self) -> None:
        g = self.game
        if g.game_over:
            winners = ", ".join(g.winners())
            step = _("The game is over. Winner: {winners}. The standings are below; ties are "
                     "broken as in B-END-2.").format(winners=winners)
        elif g.to_act != self.learner:
            step = _("{player} is playing…").format(player=g.to_act)
        else:
            step = _next_step(g, self.learner)
        cards = "".join(f"<div class='sw-new'>{rules_ref.link(r)} {rule_html(r)}"
                        "</div>" for r in self._fresh[:4])
        older = [r for r in self._seen if r not in self._fresh]
        met = ("<div class='sw-muted'>" + _("Rules met so far:") + " "
               + ", ".join(rules_ref.link(r) for r in older) + "</div>") if older else ""
        self._coach.object = (
            "<div class='sw-coach'><h3>" + _("Your first game") + "</h3><div>"
            f"{rules_ref.link_ids(step)}</div>{self._refused}{cards}{met}</div>")


def _rules_in(data: Any) -> list[str]:
    """Every rule ID an event's data cites (score lines, losses...)."""
    if isinstance(data, dict):
        found = [data["rule"]] if isinstance(data.get("rule"), str) else []
        return found + [r for v in data.values() if not isinstance(v, str) for r in _rules_in(v)]
    if isinstance(data, list | tuple):
        return [r for v in data for r in _rules_in(v)]
    return []


def _next_step(g: Any, learner: str = LEARNER) -> str:
    """What the learner does now, in one sentence (from the state, not from any rule name)."""
    army = g.army_of(learner)
    if g.queue:
        return _("The bot took regions from you: put your withdrawn tokens back on regions you "
                 "still hold (B-LOSS-2), then it is your turn.")
    if army is None:
        return _("Your turn. Buy a race and power from the combo column (B-COMBO-2): the top "
                 "one is free, each one lower costs a coin more, laid on the ones you skip.")
    if not g.regions_of(army.race):
        return _("Tap a yellow region: its card shows what it costs and why. Conquer it with "
                 "its button. Your first region must touch the edge of the board (B-CONQ-1).")
    if not (army.conquests or army.redeployed):
        return _("Your turn: your tokens are back in hand but one on each region you hold "
                 "(B-READY-1). Conquer yellow regions, or go into decline (B-DECL) if your race "
                 "is spread too thin, or end the turn to score.")
    return _("Go on conquering yellow regions, or end your conquests: move your tokens where "
             "they guard best (B-REDEP-1) and end the turn to score a coin a region (B-SCORE-1).")


def page() -> pn.viewable.Viewable:
    """The served page: the component in the app's template, with links back and the
    language switch; in the device's language (`?lang=`, else its cookie, as the app)."""
    from .lobby import TUTORIAL_URL

    args = pn.state.session_args if pn.state.curdoc else {}
    i18n.set_language(i18n.choose(args, pn.state.cookies if pn.state.curdoc else {}))
    wanted = (args.get("lesson") or [b"first-turn"])[0]
    wanted = wanted.decode("utf-8", "replace") if isinstance(wanted, bytes) else str(wanted)
    lesson = lessons().get(wanted)
    stem = chapter_stem(lesson.chapter) if lesson is not None else ""
    chapter_url = f"{TUTORIAL_URL.rsplit('/', 1)[0]}/{stem}.html" if stem else ""
    unknown = ("<p class='sw-muted'>" + esc(_("There is no lesson {name}: here is a free game.")
                                           .format(name=repr(wanted[:40]))) + "</p>"
               if lesson is None and wanted != "free" else "")
    intro = _("You play <b>Learner</b> against a bot on the two-player map. Only legal "
              "moves are possible; each rule is explained when it first matters, with a "
              "link to the rules reference. Undo takes your moves back.")
    if lesson is not None and lesson.learner != LEARNER:
        intro = _("Your move: you play <b>{player}</b> in a position from the chapter, against "
                  "a bot. Make the move the step asks for; a wrong one is explained and changes "
                  "nothing.").format(player=esc(lesson.learner))
    links = html("<p><a href='/'>" + _("← The tables (lobby)") + f"</a> · <a href='{TUTORIAL_URL}' "
                 "target='_blank' rel='noopener'>" + _("The rules tutorial") + "</a></p><p>"
                 + intro + "</p>" + unknown)
    switch = pn.pane.HTML(i18n.switch_html(), stylesheets=[i18n.SWITCH_CSS])
    return pn.template.FastListTemplate(
        title=_(TITLE), main=[pn.Column(links, FirstGame(lesson=lesson and lesson.id, chapter_url=chapter_url),
                        sizing_mode="stretch_width")],
        header=[switch], header_background="#1b5e20", accent_base_color="#1b5e20",
        main_layout=None, theme_toggle=False, main_max_width="1500px", busy_indicator=None,
        meta_viewport="width=device-width, initial-scale=1")
