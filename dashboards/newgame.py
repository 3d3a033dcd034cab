"""The new-game form: players in seat order with colours, board, rule options, combo column.

The combo column is either shuffled by the app (a seed) or entered as it lies on the table: the
six visible race/power pairs, top first; each later pair is then entered on the turn screen as it
is revealed (the engine's `stacks="table"` and `reveal`). Errors (empty or duplicate names, a
banner entered twice...) are shown in words.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn
import param
from sqlalchemy.exc import SQLAlchemyError

from swcore import CATALOGUE, POWERS, RACES, builtin_ids

from .session import AWAY, COLOURS, SetupError, create_game
from .store import Store
from .turn import alert_pane, show

RACE_OPTIONS = {CATALOGUE[r].english: r for r in RACES}
POWER_OPTIONS = {CATALOGUE[p].english: p for p in POWERS}
DEFAULT_NAMES = ["", "", "", "", ""]
BIG = {"height": 50, "stylesheets": [":host .bk-btn { font-size: 17px; }"]}


class NewGameForm(pn.viewable.Viewer):
    """Fill in, press Create: the game is stored and `on_created(game_id, code)` is called."""

    table_name = param.String(default="", doc="public name shown in the lobby")
    n_players = param.Selector(default=3, objects=[2, 3, 4, 5], label="Players")
    board = param.Selector(default="base-3p", objects=builtin_ids(), label="Board")
    edition = param.Selector(default="2018", objects=["2018", "fr2009"],
                             label="Edition (A-BASE-17: Underworld and caverns)")
    own_decline_counts_non_empty = param.Boolean(
        default=True, label="Own in-decline tokens make a region non-empty (A-BASE-05)")
    final_die_max_short = param.Selector(
        default=3, objects=[0, 1, 2, 3], label="Final conquest: at most this many tokens short (B-FINAL-2)")
    column_mode = param.Selector(default="Shuffle for us", objects=["Shuffle for us",
                                                                     "Enter as on the table"],
                                 label="Combo column")
    seed = param.Integer(default=0, label="Shuffle number (seed)")

    def __init__(self, store: Store, on_created: Callable[[int, str], Any] | None = None,
                 on_cancel: Callable[[], Any] | None = None, device: str | None = None,
                 **params: Any):
        params.setdefault("seed", random.randrange(1, 1_000_000))
        super().__init__(**params)
        self.store = store
        self.device = device  # the page creating games: the creation limits count per device
        self.on_created = on_created
        self.on_cancel = on_cancel
        self.created: tuple[int, str] | None = None
        self._names = [pn.widgets.TextInput(value=DEFAULT_NAMES[k], placeholder=f"Seat {k + 1} name",
                                            max_length=40, sizing_mode="stretch_width",
                                            label=f"Seat {k + 1}")
                       for k in range(5)]
        colour_names = list(COLOURS)
        self._colours = [pn.widgets.Select(options=colour_names, value=colour_names[k], width=130,
                                           label="Colour")
                         for k in range(5)]
        self._seat_rows = [pn.Row(self._names[k], self._colours[k], sizing_mode="stretch_width")
                           for k in range(5)]
        self._pairs: list[tuple[pn.widgets.Select, pn.widgets.Select]] = []
        self._pair_box = pn.Column(sizing_mode="stretch_width")
        for _ in range(6):
            self._add_pair()
        self._entered = pn.Column(
            pn.pane.Markdown("The six visible pairs, **top of the column first**. Each new pair "
                             "is entered on the turn screen when it is revealed."),
            self._pair_box, sizing_mode="stretch_width")
        self._error = alert_pane("danger")
        self._create = pn.widgets.Button(label="Create the game", color="primary", **BIG)
        self._create.on_click(lambda e: self.submit())
        cancel = pn.widgets.Button(label="Back to the lobby", **BIG)
        cancel.on_click(lambda e: self.on_cancel and self.on_cancel())
        self._buttons = pn.Row(self._create, cancel)
        self._sync_rows()
        w = {"sizing_mode": "stretch_width"}
        radio = {"color": "primary", "variant": "outline", "sizing_mode": "stretch_width"}

        def label(text: str) -> pn.pane.HTML:
            return pn.pane.HTML(f"<div style='font-size:15px;margin-bottom:-6px'>{text}</div>",
                                sizing_mode="stretch_width")
        self._layout = pn.Column(
            pn.pane.HTML("<h2>New game</h2>"),
            pn.widgets.TextInput.from_param(self.param.table_name, label="Table name",
                                            placeholder="e.g. Table 3", max_length=60, **w),
            label("<b>Number of players</b>"),
            pn.widgets.RadioButtonGroup.from_param(self.param.n_players, height=50, **radio),
            label("<b>Players in seat order</b> (the first player at the top; play goes "
                  "clockwise)"),
            *self._seat_rows,
            pn.widgets.Select.from_param(self.param.board, **w),
            pn.Card(label("Edition: the 2018 rules give Underworld the caverns' adjacency; the "
                          "French 2009 text does not (A-BASE-17)"),
                    pn.widgets.RadioButtonGroup.from_param(self.param.edition, height=46, **radio),
                    pn.widgets.Checkbox.from_param(self.param.own_decline_counts_non_empty),
                    label("Final conquest: the target may be at most this many tokens short "
                          "(B-FINAL-2)"),
                    pn.widgets.RadioButtonGroup.from_param(self.param.final_die_max_short,
                                                           height=46, **radio),
                    title="Rule options", collapsed=True, **w),
            label("<b>Combo column</b>"),
            pn.widgets.RadioButtonGroup.from_param(self.param.column_mode, height=50, **radio),
            pn.Column(pn.widgets.IntInput.from_param(self.param.seed, **w),
                      visible=self.param.column_mode.rx() == "Shuffle for us", **w),
            pn.Column(self._entered, visible=self.param.column_mode.rx() != "Shuffle for us", **w),
            self._error,
            self._buttons,
            sizing_mode="stretch_width", max_width=900,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # --- form behaviour ------------------------------------------------------------------
    @param.depends("n_players", watch=True)
    def _sync_rows(self) -> None:
        for k, row in enumerate(self._seat_rows):
            row.visible = k < self.n_players
        self.board = f"base-{self.n_players}p"

    def _add_pair(self) -> None:
        k = len(self._pairs)
        race = pn.widgets.Select(options=RACE_OPTIONS, value=RACES[k % len(RACES)],
                                 label=f"Pair {k + 1}: race", sizing_mode="stretch_width")
        power = pn.widgets.Select(options=POWER_OPTIONS, value=POWERS[k % len(POWERS)],
                                  label="power", sizing_mode="stretch_width")
        self._pairs.append((race, power))
        self._pair_box.append(pn.Row(race, power, sizing_mode="stretch_width"))

    def set_players(self, names: list[str]) -> None:
        """Fill the seats (tests, scripts)."""
        self.n_players = len(names)
        for k, n in enumerate(names):
            self._names[k].value = n

    def set_pairs(self, pairs: list[tuple[str, str]]) -> None:
        for (race, power), (r, p) in zip(self._pairs, pairs, strict=False):
            race.value, power.value = r, p

    # --- submitting --------------------------------------------------------------------
    def setup_kwargs(self) -> dict[str, Any]:
        n = self.n_players
        kw: dict[str, Any] = {
            "players": [w.value for w in self._names[:n]],
            "colours": [w.value for w in self._colours[:n]],
            "board": self.board,
            "options": {"edition": self.edition,
                        "own_decline_counts_non_empty": self.own_decline_counts_non_empty,
                        "final_die_max_short": self.final_die_max_short},
        }
        if self.column_mode == "Shuffle for us":
            kw["seed"] = self.seed
        else:
            races = [r.value for r, _ in self._pairs]
            powers = [p.value for _, p in self._pairs]
            for label, ids, names in (("race", races, RACE_OPTIONS), ("power", powers, POWER_OPTIONS)):
                seen: set[str] = set()
                for k, x in enumerate(ids):
                    if x in seen:
                        english = {v: key for key, v in names.items()}[x]
                        raise SetupError("column", f"Pair {k + 1}: the {label} {english} is already "
                                                   "in the column; each banner and badge is unique.")
                    seen.add(x)
            kw.update(races=races, powers=powers, seed=self.seed, stacks="table")
        return kw

    def submit(self) -> tuple[int, str] | None:
        try:
            kw = self.setup_kwargs()
            self.created = create_game(self.store, self.table_name, device=self.device, **kw)
        except (SetupError, SQLAlchemyError) as err:  # nothing created; the form keeps its input
            self._error.object = escape(err.message if isinstance(err, SetupError) else AWAY)
            show(self._error)
            return None
        show(self._error, False)
        if self.on_created:
            self.on_created(*self.created)
        return self.created
