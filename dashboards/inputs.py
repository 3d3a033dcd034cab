"""One input per parameter kind of an action word (`swcore.words.Kind`), so that a new race,
power or action word needs no code in the app.

The turn screen groups `game.legal_actions()` by word and shows each group by its parameters:

- COMBO: a button on the combo column's row; REGION: a button on the region's card;
- FLAG, an optional RACE, PLAYER: each legal variant is its own button with its own label;
- DIE (optional, left out by the engine): "Roll for me" and the die faces (`DieRow`);
- PLACEMENT: steppers seeded with the engine's default action (`PlacementPanel`);
- REGIONS: choose among the union of the legal options (`choice_panel`);
- required RACE / POWER / ITEM: a select of the legal values each (`form_panel`);
- COUNT giving the printed number of the item another parameter names (`Param.of`): a number
  the table must type when the engine says no confirmed source has it (`form_panel`).

`Word.place` says where a word shows ("region", "column", "bar", "panel") and `Word.confirm`
asks again before sending. Labels are only `swcore.words.label` with display names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import panel as pn

from swcore import Action, Game
from swcore.catalogue import DIE_FACES
from swcore.words import WORDS, Kind, Word, value_name

from .i18n import N_, _, engine, label, lang, ngettext
from .widgets import (
    BIG,
    BUTTON_CSS,
    Stepper,
    button,
    esc,
    html,
    more,
    pool_button,
    put,
    relabel,
    set_text,
    show,
)

ADJUSTED = (Kind.PLACEMENT, Kind.REGIONS)  # chosen in a panel, seeded by the engine's default
FORM = (Kind.RACE, Kind.POWER, Kind.ITEM)  # required ones: a select of the legal values
#: The title of each one's select.
FORM_TITLES = {Kind.RACE: N_("Race"), Kind.POWER: N_("Power"), Kind.ITEM: N_("Item")}
FACES = sorted(set(DIE_FACES))


def adjusted(word: Word) -> str | None:
    """The parameter a panel lets the player adjust (a placement, a set of regions), if any."""
    return next((k for k, p in word.params.items() if p.kind in ADJUSTED), None)


def extra_placements(word: Word) -> list[str]:
    """PLACEMENT parameters beside the adjusted one (Armors placed with a redeployment): more
    steppers in the same panel, seeded with the engine's default."""
    key = adjusted(word)
    return [k for k, p in word.params.items() if p.kind is Kind.PLACEMENT and k != key]


def form_params(word: Word) -> list[str]:
    """Required race/power/item parameters: one select each."""
    return [k for k, p in word.params.items() if p.required and p.kind in FORM]


def chosen_args(action: Action) -> list[str]:
    """The ITEM and COUNT parameters an action gives (a relic used for it, U-PR-2; Silver
    Hammers spent, U-RACE-IRON-DWARVES-2): what makes a variant cost otherwise."""
    params = WORDS[action.do].params
    return [k for k in action.args if k in params and params[k].kind in (Kind.ITEM, Kind.COUNT)]


def die_param(word: Word) -> str | None:
    return next((k for k, p in word.params.items() if p.kind is Kind.DIE), None)


def printed_params(word: Word) -> dict[str, str]:
    """COUNT parameters giving the number printed on the item another parameter names."""
    return {k: p.of for k, p in word.params.items() if p.kind is Kind.COUNT and p.of}


def subsets(word: Word) -> list[str]:
    """REGIONS parameters chosen as any subset of their options (the Cauldrons, X-BNA-LEP-1)
    beside the adjusted one: toggles in its panel, none on by default."""
    key = adjusted(word)
    return [k for k, p in word.params.items()
            if p.kind is Kind.REGIONS and p.subset and k != key]


def subset_options(game: Game, g: Group) -> dict[str, list[str]]:
    """Each subset parameter's regions: the union of the group's legal options, board order
    (none offered: not asked, as when the module that adds it is not in play)."""
    out = {k: sorted({r for a in g.actions for r in a.args.get(k, ())}, key=game.board.region)
           for k in subsets(g.word)}
    return {k: rids for k, rids in out.items() if rids}


def needs_panel(word: Word) -> bool:
    return adjusted(word) is not None or bool(form_params(word))


@dataclass
class Group:
    """The legal actions of one word that one input shows (one variant of a panel word)."""

    word: Word
    actions: list[Action] = field(default_factory=list)

    @property
    def first(self) -> Action:
        return self.actions[0]


def group(legal: list[Action]) -> dict[tuple, Group]:
    """Legal actions grouped for the inputs, in the engine's order: a panel word's actions
    by variant (its other parameters), every other action on its own."""
    out: dict[tuple, Group] = {}
    for a in legal:
        word = WORDS[a.do]
        if needs_panel(word):
            skip = {adjusted(word), *form_params(word), *subsets(word), *extra_placements(word)}
            key: tuple = (a.by, a.do, tuple(sorted((k, v) for k, v in a.args.items()
                                                   if k not in skip)))
        else:
            key = (a, )
        out.setdefault(key, Group(word)).actions.append(a)
    for g in out.values():  # the option without a subset (no Cauldron) seeds the panel
        keys = subsets(g.word)
        if keys:
            g.actions.sort(key=lambda a, keys=keys: sum(k in a.args for k in keys))
    return out


def with_args(action: Action, **args: Any) -> Action:
    return Action(action.by, action.do, **{**action.args, **args})


def varied(actions: list[Action]) -> list[str]:
    """The parameters whose values differ among the legal variants of one word (the region
    a decline leaves its Tower in): what the player chooses when confirming it."""
    keys = {k for a in actions for k in a.args}
    return sorted(k for k in keys if len({repr(a.args.get(k)) for a in actions}) > 1)


def combinations(variants: list[Action], base: Action) -> list[Action] | None:
    """For a word whose legal variants vary in two or more parameters (the Crypt's Ghost, the
    Ring and the Altar given with the end of a turn, AU-63): `base` (what is chosen so far)
    with each variant's value of a parameter `base` does not give yet added; None when the
    variants vary in one parameter only (each variant is then a choice of its own)."""
    keys = varied(variants)
    if len(keys) < 2:
        return None
    out: list[Action] = []
    for v in variants:
        given = [k for k in keys if k in v.args]
        extra = {k: v.args[k] for k in given if k not in base.args}
        if extra and all(base.args[k] == v.args[k] for k in given if k in base.args):
            a = with_args(base, **extra)
            if a not in out:
                out.append(a)
    return out


def bare(action: Action, keys: list[str]) -> Action:
    """The action without the parameters `keys`: its label names the word alone."""
    return Action.trusted(action.by, action.do, **{k: v for k, v in action.args.items() if k not in keys})


def variant_region(action: Action, keys: list[str]) -> str | None:
    """The region a variant names among its varied parameters (a REGION one), if any: a tap
    on that region of the map chooses the variant."""
    params = WORDS[action.do].params
    return next((action.args[k] for k in keys if k in action.args and k in params
                 and params[k].kind is Kind.REGION), None)


def die_applies(game: Game, action: Action) -> bool:
    """Whether the action may take a die result from the table: its word has a DIE parameter
    left out, and the engine accepts one (a blank) for this action."""
    key = die_param(WORDS[action.do])
    if key is None or key in action.args:
        return False
    return game.why_illegal(with_args(action, **{key: 0})) is None


def open_label(action: Action, names: Any) -> str:
    """The word's label with its adjusted and form parameters still open: "Redeploy…", "Place
    the Heroes in…", "Redeploy… (Ghouls)", "Buy…", "Enter the revealed combo…"."""
    word = WORDS[action.do]
    key = adjusted(word)
    if key is not None:
        action = with_args(action, **{key: ()})
    action = bare(action, form_params(word))  # what the form chooses: "Buy…", not "Buy a Ghost…"
    text = label(action, names)
    return re.sub(r"[:/\s]*(\s\(.*\))?$", lambda m: "…" + (m.group(1) or ""), text, count=1)


def closed(text: str) -> str:
    """An opener's label as the panel's title and go button: "Redeploy (Ghouls)"."""
    return text.replace("…", "")


def short(text: str) -> str:
    """A label's first word, for a narrow button (the column's "Pick"); the full label is the
    button's tooltip."""
    return text.split(" ", 1)[0]


def die_note(action: Action | None, names: Any) -> str:
    """What a die row says: a power's die before the next conquest, or a die rolled on the
    table for someone (a word anyone enters: a chance decision)."""
    if action is None:
        return ""
    word = WORDS[action.do]
    text = (_("{action}: the face the table rolled, or roll it here ({rule})") if word.anyone
            else _("{action} before the next conquest ({rule})"))
    return text.format(action=f"<b>{esc(label(action, names))}</b>", rule=esc(word.rule))


class DieRow:
    """A note, "Roll for me" and one button per face of the reinforcement die (B-COMP-6): the
    action left as it is (the engine rolls) or with the face seen on the table."""

    def __init__(self, press: Callable[[Any], None]):
        self._press = press
        # The note, the row and its buttons are built when a die is first offered (`fill`):
        # a screen has three die rows, and most tables never roll in most of them.
        self.note: Any = None
        self.row: Any = None
        self.buttons: list[Any] = []
        self.box = pn.Column(sizing_mode="stretch_width", styles={"display": "none"})

    def fill(self, action: Action | None, note: str = "", colour: str = "primary") -> None:
        show(self.box, action is not None)
        if action is None:
            if self.note is not None:
                set_text(self.note, "")
                show(self.row, False)
            for b in self.buttons:
                b.sw_action = None
            return
        if self.note is None:
            self.note = html("")
            self.buttons = [pool_button(self._press)] + [pool_button(self._press, 70)
                                                         for _ in FACES]
            for b, v in zip(self.buttons[1:], FACES, strict=True):
                b.label = _("Die: {face}").format(face=v) if v else _("Die: blank")
            self.row = pn.FlexBox(*self.buttons, sizing_mode="stretch_width",
                                  styles={"gap": "6px"})
            self.box[:] = [self.note, self.row]
        set_text(self.note, note)
        show(self.row)
        key = die_param(WORDS[action.do])
        relabel(self.buttons[0], _("Roll for me"), colour)
        self.buttons[0].sw_action = ("act", action)
        for b, v in zip(self.buttons[1:], FACES, strict=True):
            b.sw_action = ("act", with_args(action, **{key: v}))


class PlacementPanel:
    """Steppers for a PLACEMENT parameter (redeploy, withdrawn tokens, Encampments, ...),
    pooled: filling the panel again only changes text and numbers."""

    def __init__(self, press: Callable[[Any], Any], cancel: pn.widgets.Button):
        """`press(("place", None))` on "Place" (the screen then sends `action()`)."""
        self.title = html("")
        # Built at the first fill, as many as it needs (then doubled when more are needed):
        # most tables never show most panels, and steppers are what opening a table cost.
        self.pool: list[Stepper] = []
        self.steppers: dict[str, Stepper] = {}  # region -> its stepper
        self.list = pn.Column(sizing_mode="stretch_width")
        self.total = html("")
        self.go = pool_button(press)
        self.go.sw_action = ("place", None)
        relabel(self.go, _("Place"), "primary")
        self.cancel = cancel
        self._seed: Action | None = None
        self._key = ""
        self._want = 0
        self.subsets: dict[str, Any] = {}  # a subset parameter -> its toggle buttons
        self._subset_pool: list[tuple[Any, Any]] = []  # built when a word has a subset
        self.others: dict[str, dict[str, Stepper]] = {}  # another placement -> region -> stepper
        self._other_pool: list[tuple[Any, list[Stepper]]] = []  # built when a word has one
        self.extra = pn.Column(sizing_mode="stretch_width")
        self.box = pn.Column(self.title, self.list, self.total, self.extra, self.go, cancel,
                             sizing_mode="stretch_width", styles={"display": "none"})

    def _add(self, n: int) -> None:
        for _k in range(n):
            st = Stepper("", 0, 0, 0)
            show(st, False)
            st.param.watch(self.show_total, "value")
            self.pool.append(st)

    def fill(self, game: Game, title: str, seed: Action, regions: list[str],
             low: dict[str, int], go: str, cancel: bool = True,
             options: dict[str, list[str]] | None = None, names: Any = None) -> None:
        """Steppers for `regions`, seeded with the placement of `seed` (0 elsewhere); at most
        the seed's total per region; toggles for each subset parameter among its `options`
        (`subset_options`), on where the seed names them. The engine checks the rest when the
        player sends it."""
        b = game.board
        self._key = adjusted(WORDS[seed.do]) or ""
        self._fill_subsets(seed, options or {}, names or (lambda kind, v: v))
        self._fill_others(game, seed, regions)
        self._seed = bare(seed, list(self.subsets))
        start = dict(seed.args.get(self._key, ()))
        self._want = sum(start.values())
        self._add(more(len(self.pool), len(regions)))
        self.steppers = {}
        for st, rid in zip(self.pool, regions, strict=False):
            text = f"{esc(rid)} <span class='sw-muted'>{esc(b.terrain[b.region(rid)])}</span>"
            st.set(text, start.get(rid, 0), low.get(rid, 0), self._want)
            self.steppers[rid] = st
            show(st)
        for st in self.pool[len(regions):]:
            show(st, False)
        put(self.list, [st.layout for st in self.pool])
        set_text(self.title, title)
        if go:  # no go button: the placement is sent by another (the end of the turn)
            relabel(self.go, go)
        show(self.go, bool(go))
        show(self.cancel, cancel)
        self.show_total()

    def _put_extra(self) -> None:
        put(self.extra, [w for pair in self._subset_pool for w in pair]
            + [w for pane, pool in self._other_pool for w in (pane, *(st.layout for st in pool))])

    def _fill_others(self, game: Game, seed: Action, regions: list[str]) -> None:
        """Steppers for each other placement the seed gives (its regions and the panel's), at
        most the seed's total for it; hidden when the seed gives none."""
        keys = [k for k in extra_placements(WORDS[seed.do]) if seed.args.get(k)]
        while len(self._other_pool) < len(keys):
            self._other_pool.append((html(""), []))
        self.others = {}
        params = WORDS[seed.do].params
        for (pane, pool), key in zip(self._other_pool, keys, strict=False):
            start = dict(seed.args[key])
            rids = sorted(set(regions) | set(start), key=game.board.region)
            while len(pool) < len(rids):
                pool.append(Stepper("", 0, 0, 0))
            what = engine(params[key].note).format(**{key: ""}).strip(" ():")
            set_text(pane, f"<div style='margin-top:8px'><b>{esc(what)}</b> · " + esc(_(
                "{n} to place").format(n=sum(start.values()))) + "</div>")
            self.others[key] = {}
            for st, rid in zip(pool, rids, strict=False):
                st.set(esc(rid), start.get(rid, 0), 0, sum(start.values()))
                self.others[key][rid] = st
                show(st)
            for st in pool[len(rids):]:
                show(st, False)
        for k, (pane, pool) in enumerate(self._other_pool):
            show(pane, k < len(keys))
            if k >= len(keys):
                for st in pool:
                    show(st, False)
        self._put_extra()

    def _fill_subsets(self, seed: Action, options: dict[str, list[str]], names: Any) -> None:
        while len(self._subset_pool) < len(options):
            self._subset_pool.append((html(""), region_boxes()))
            self._put_extra()
        self.subsets = {}
        params = WORDS[seed.do].params
        for (pane, boxes), (key, rids) in zip(self._subset_pool, options.items(), strict=False):
            what = engine(params[key].note).format(**{key: "…"}).strip()
            set_text(pane, "<div>" + esc(_("{what}: any of these regions, or none").format(
                what=what[:1].upper() + what[1:])) + "</div>")
            boxes.param.update(options={names(Kind.REGION, r): r for r in rids},
                               value=[r for r in seed.args.get(key, ()) if r in rids])
            self.subsets[key] = boxes
        for k, (pane, boxes) in enumerate(self._subset_pool):
            show(pane, k < len(options))
            show(boxes, k < len(options))

    def placement(self) -> dict[str, int]:
        return {rid: st.value for rid, st in self.steppers.items()}

    def action(self) -> Action:
        chosen = {k: list(boxes.value) for k, boxes in self.subsets.items() if boxes.value}
        others = {k: {rid: st.value for rid, st in sts.items() if st.value}
                  for k, sts in self.others.items()}
        return with_args(self._seed, **{self._key: self.placement()}, **chosen, **others)

    def show_total(self, *_args: Any) -> None:
        have = sum(self.placement().values())
        colour = "#1b5e20" if have == self._want else "#b71c1c"
        set_text(self.total, f"<div style='font-size:18px;color:{colour}'>"
                             + _("Placed {have} of {want}").format(have=have, want=self._want)
                             + "</div>")


def placement_regions(game: Game, g: Group) -> list[str]:
    """Regions a placement may use: those of every legal option and those of the acting race."""
    key = adjusted(g.word)
    rids = {r for a in g.actions for r, _ in a.args.get(key, ())}
    army = game.army_of(g.first.by, g.first.race) if g.first.by in game.players else None
    if army is not None:
        rids |= {game.board.ids[i] for i in game.regions_of(army.race)}
    return sorted(rids, key=game.board.region)


def region_boxes() -> pn.widgets.CheckButtonGroup:
    """The toggle buttons of a choice of regions (`region_choice` fills them)."""
    return pn.widgets.CheckButtonGroup(options=[], height=BIG, sizing_mode="stretch_width",
                                       orientation="horizontal", color="primary",
                                       variant="outline", stylesheets=[BUTTON_CSS])


def region_choice(game: Game, g: Group, names: Any, seed: Action | None = None,
                  boxes: Any = None) -> tuple[Any, Callable[[], Action], int]:
    """Toggle buttons (new, or `boxes` refilled) for N regions among the union of the legal
    options (a REGIONS parameter), seeded with `seed` (default: the first option); the action
    chosen; N."""
    key = adjusted(g.word) or ""
    options = sorted({r for a in g.actions for r in a.args.get(key, ())}, key=game.board.region)
    need = max((len(a.args.get(key, ())) for a in g.actions), default=0)
    start = (seed or g.first).args.get(key, ())
    boxes = boxes if boxes is not None else region_boxes()
    boxes.param.update(options={names(Kind.REGION, r): r for r in options},
                       value=[r for r in start if r in options])

    def chosen() -> Action:
        return with_args(g.first, **{key: list(boxes.value)})
    return boxes, chosen, need


def choice_panel(game: Game, g: Group, names: Any, title: str,
                 act: Callable[[Action], Any]) -> list[Any]:
    """Choose N regions among the union of the legal options (a REGIONS parameter)."""
    boxes, chosen, need = region_choice(game, g, names)
    go = button(label(chosen(), names), color="primary", height=BIG,
                           sizing_mode="stretch_width")
    boxes.param.watch(lambda e: relabel(go, label(chosen(), names)), "value")
    go.on_click(lambda e: act(chosen()))
    return [html(f"{title}<div>" + choose_text(need) + "</div>"), boxes, go]


def choose_text(need: int) -> str:
    return ngettext("Choose {n} region.", "Choose {n} regions.", need).format(n=need)


def form_panel(game: Game, g: Group, names: Any, title: str,
               act: Callable[[Action], Any]) -> list[Any]:
    """One select per required race/power/item parameter, among the legal values; under a
    banner or badge whose printed number no confirmed source gives (`Game.printed_unknown`),
    a number read on the tile, required before the action goes (it is logged with it)."""
    selects = {}
    for key in form_params(g.word):
        kind = g.word.params[key].kind
        values = list(dict.fromkeys(a.args[key] for a in g.actions))  # the engine's order:
        selects[key] = pn.widgets.Select(name=_(FORM_TITLES[kind]),  # its first is the default
                                         options={value_name(g.word.id, key, v, names, lang()): v
                                                  for v in values},
                                         sizing_mode="stretch_width", height=60)
    of = {k: item for k, item in printed_params(g.word).items() if item in selects}
    numbers = {k: pn.widgets.IntInput(value=None, start=0, sizing_mode="stretch_width", height=60)
               for k in of}

    def asked() -> dict[str, Any]:
        return {k: w for k, w in numbers.items() if game.printed_unknown(selects[of[k]].value)}

    def chosen() -> Action:
        typed = {k: w.value for k, w in asked().items() if w.value is not None}
        return with_args(g.first, **{k: s.value for k, s in selects.items()}, **typed)
    go = button("", color="primary", height=BIG, sizing_mode="stretch_width")

    def update(*_args: Any) -> None:
        ask = asked()
        for k, w in numbers.items():
            kind = g.word.params[of[k]].kind
            w.label = _("Number printed on {item}").format(item=names(kind, selects[of[k]].value))
            show(w, k in ask)
        go.disabled = any(w.value is None for w in ask.values())
        relabel(go, label(chosen(), names) if not go.disabled else
                _("Type the number printed on the tile: no confirmed source gives it"))
    for w in [*selects.values(), *numbers.values()]:
        w.param.watch(update, "value")
    update()
    go.on_click(lambda e: act(chosen()))
    widgets = [x for k, s in selects.items()
               for x in [s, *(w for n, w in numbers.items() if of[n] == k)]]
    return [html(title), *widgets, go]
