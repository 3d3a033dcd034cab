"""The new-game form: players in seat order with colours, expansions, board, rule options, combo
column.

Expansions, their options and set-up keys, the boards and the banners and badges come from the
engine's registries (`swcore.rules`, the catalogue, `builtin_ids`; see dashboards/setup_fields.py)
so that a new module needs no code here. The combo column, shuffled by the app or entered as it
lies on the table, is dashboards/column_entry.py's (the score sheet's switch to the map asks it
the same way). Errors (empty or duplicate names, a banner entered twice, an option the engine
refuses...) are shown in words.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn
import param
from sqlalchemy.exc import SQLAlchemyError

from swcore.rules import available_modules, module_name, module_of

from . import board_store
from . import setup_fields as sf
from .column_entry import ColumnEntry
from .i18n import N_, _, engine, lang, ngettext
from .session import AWAY, COLOURS, SetupError, create_game
from .store import Store
from .widgets import alert_pane, show

DEFAULT_NAMES = ["", "", "", "", "", ""]
SEATS = 6  # the engine's most seats (make_setup)
BOARD_SEATS = 5  # the most players a built-in board is made for
BIG = {"height": 50, "stylesheets": [":host .bk-btn { font-size: 17px; }"]}
W = {"sizing_mode": "stretch_width"}
#: The two kinds of game: the map (every conquest tapped) or the score sheet (scoresheet.py).
KINDS = {N_("Map: tap every conquest"): "map", N_("Score only: enter regions and bonuses"): "scores"}
EXPANSIONS = tuple(m for m in available_modules() if m != "base")


def off_board_seats(expansions: list[str]) -> int:
    return sum(module_of(m).off_board_seats for m in expansions)


class NewGameForm(pn.viewable.Viewer):
    """Fill in, press Create: the game is stored and `on_created(game_id, code)` is called."""

    table_name = param.String(default="", doc="public name shown in the lobby")
    n_players = param.Selector(default=3, objects=[2, 3, 4, 5], label="Players")
    board = param.Selector(default="base-3p", objects=sf.boards(), label="Board")

    def __init__(self, store: Store, on_created: Callable[[int, str], Any] | None = None,
                 on_cancel: Callable[[], Any] | None = None, device: str | None = None,
                 **params: Any):
        super().__init__(**params)
        self._stored_boards = board_store.choices(store)
        self.param.board.objects = {**sf.boards(lang(), []), **self._stored_boards}
        self.store = store
        self.device = device  # the page creating games: the creation limits count per device
        self.on_created = on_created
        self.on_cancel = on_cancel
        self.created: tuple[int, str] | None = None
        self._names = [pn.widgets.TextInput(value=DEFAULT_NAMES[k],
                                            placeholder=_("Seat {n} name").format(n=k + 1),
                                            max_length=40, label=_("Seat {n}").format(n=k + 1), **W)
                       for k in range(SEATS)]
        colour_names = list(COLOURS)
        self._colours = [pn.widgets.Select(options={_(c): c for c in colour_names},
                                           value=colour_names[k], width=130, label=_("Colour"))
                         for k in range(SEATS)]
        self._seat_rows = [pn.Row(self._names[k], self._colours[k], **W) for k in range(SEATS)]
        self._seat_note = pn.pane.HTML("", **W)
        self._board_note = pn.pane.HTML("", **W)
        self._build_modules()
        self.column = ColumnEntry()
        self._error = alert_pane("danger")
        self._create = pn.widgets.Button(label=_("Create the game"), color="primary", **BIG)
        self._create.on_click(lambda e: self.submit())
        cancel = pn.widgets.Button(label=_("Back to the lobby"), **BIG)
        cancel.on_click(lambda e: self.on_cancel and self.on_cancel())
        self._buttons = pn.Row(self._create, cancel)
        self._sync_rows()
        self._board_chosen()
        radio = {"color": "primary", "variant": "outline", **W}
        # One above the other: side by side, a phone cuts both long labels off.
        self._kind = pn.widgets.RadioButtonGroup(options={_(k): v for k, v in KINDS.items()},
                                                 value="map", height=100, orientation="vertical",
                                                 **radio)
        self._board_known = pn.widgets.Checkbox(
            label=_("The board is the one chosen below (its region counts are then checked); "
                    "untick for a board the app does not have"), value=True, visible=False)
        self._map_only = pn.Column(
            pn.Card(*self._option_cards, title=_("Rule options"), collapsed=True, **W),
            label("<b>" + _("Combo column") + "</b>"),
            self.column, **W)
        self._kind.param.watch(lambda e: self._kind_changed(), "value")
        self._layout = pn.Column(
            pn.pane.HTML("<h2>" + _("New game") + "</h2>"),
            pn.widgets.TextInput.from_param(self.param.table_name, name=_("Table name"),
                                            placeholder=_("e.g. Table 3"), max_length=60, **W),
            label("<b>" + _("Kind of game") + "</b>"),
            self._kind,
            label("<b>" + _("Expansions in play") + "</b>"),
            *self._module_rows,
            label("<b>" + _("Number of players") + "</b>"),
            pn.widgets.RadioButtonGroup.from_param(self.param.n_players, height=50, **radio),
            label(_("<b>Players in seat order</b> (the first player at the top; play goes "
                    "clockwise)")),
            *self._seat_rows,
            self._seat_note,
            pn.widgets.Select.from_param(self.param.board, name=_("Board"), **W),
            self._board_note,
            pn.pane.HTML("<a href='?page=boards' style='display:inline-block;min-height:44px;"
                         "line-height:44px;color:#0b5394'>" + escape(_("Make or correct a board"))
                         + "</a>", **W),
            self._board_known,
            self._map_only,
            self._error,
            self._buttons,
            sizing_mode="stretch_width", max_width=900,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _kind_changed(self) -> None:
        scores = self._kind.value == "scores"
        self._map_only.visible = not scores  # no column nor map options on a score sheet
        self._board_known.visible = scores

    def set_kind(self, kind: str, board_known: bool = True) -> None:
        """Choose a map game or a score sheet (tests, scripts)."""
        self._kind.value = kind
        self._board_known.value = board_known

    # --- the modules' parts of the form ------------------------------------------------------
    def _build_modules(self) -> None:
        """A checkbox per expansion with what it is; per module (the base game's always) its
        options and set-up keys, shown while it is in play."""
        self._ticks: dict[str, pn.widgets.Checkbox] = {}
        self._module_rows: list[Any] = []
        for m in EXPANSIONS:
            box = pn.widgets.Checkbox(label=module_name(m, lang()), value=False)
            box.param.watch(lambda e: self._modules_changed(), "value")
            self._ticks[m] = box
            self._module_rows.append(pn.Column(box, pn.pane.HTML(
                f"<div class='sw-muted' style='font-size:13px;margin:-8px 0 0 24px'>"
                f"{escape(engine(sf.module_summary(m)))}</div>", **W), **W))
        self._options = {m: sf.option_fields(m) for m in ("base", *EXPANSIONS)}
        self._keys = {m: sf.setup_key_fields(m) for m in EXPANSIONS}
        self._option_cards = []
        self._module_cards: dict[str, Any] = {}
        for m in ("base", *EXPANSIONS):
            parts = [f.panel() for f in self._options[m]] + [k.panel() for k in self._keys.get(m, [])]
            if not parts:
                continue
            card = pn.Column(label(f"<b>{escape(module_name(m, lang()))}</b>"), *parts, **W)
            card.visible = m == "base"
            self._module_cards[m] = card
            self._option_cards.append(card)

    def expansions(self) -> list[str]:
        """The expansions ticked, in the engine's order."""
        return [m for m in EXPANSIONS if self._ticks[m].value]

    def set_expansions(self, ids: list[str]) -> None:
        """Tick exactly these expansions (tests, scripts)."""
        for m, box in self._ticks.items():
            box.value = m in ids

    def option(self, module_id: str, name: str) -> Any:
        """The widget of one module option (tests, scripts)."""
        return next(f.widget for f in self._options[module_id] if f.name == name)

    def setup_key(self, key: str) -> Any:
        return next(k.widget for fs in self._keys.values() for k in fs if k.key == key)

    def _modules_changed(self) -> None:
        chosen = self.expansions()
        # the shipped boards whose terrains and symbols the expansions in play bring
        self.param.board.objects = {**sf.boards(lang(), chosen), **self._stored_boards}
        for m, card in self._module_cards.items():
            card.visible = m == "base" or m in chosen
        extra = off_board_seats(chosen)
        low = 2 + extra
        objects = list(range(low, min(SEATS, BOARD_SEATS + extra) + 1))
        self.param.n_players.objects = objects
        if self.n_players not in objects:
            self.n_players = min(max(self.n_players, low), objects[-1])
        else:
            self._sync_rows()
        self.column.set_pool(chosen)

    @param.depends("board", watch=True)
    def _board_chosen(self) -> None:
        """How sure the chosen board is, and what its checks find, under the list."""
        note = sf.board_note(self.board, lang())
        self._board_note.object = (f"<div class='sw-muted' style='font-size:14px'>{note}</div>"
                                   if note else "")

    # --- form behaviour ------------------------------------------------------------------
    @param.depends("n_players", watch=True)
    def _sync_rows(self) -> None:
        for k, row in enumerate(self._seat_rows):
            row.visible = k < self.n_players
        chosen = self.expansions()
        extra = off_board_seats(chosen)
        board = sf.board_for(self.n_players - extra, chosen)
        if board is not None:
            self.board = board
        notes = [ngettext("{module}: the last seat is not counted by the board and its turns "
                          "({players} players on the board).",
                          "{module}: the last {n} seats are not counted by the board and its "
                          "turns ({players} players on the board).", n).format(
                     module=escape(module_name(m, lang())), n=n, players=self.n_players - extra)
                 for m in chosen if (n := module_of(m).off_board_seats)]
        self._seat_note.object = ("<div class='sw-muted' style='font-size:14px'>"
                                  + "<br>".join(notes) + "</div>") if notes else ""

    def set_players(self, names: list[str]) -> None:
        """Fill the seats (tests, scripts)."""
        self.n_players = len(names)
        for k, n in enumerate(names):
            self._names[k].value = n

    # --- submitting --------------------------------------------------------------------
    def setup_kwargs(self) -> dict[str, Any]:
        n = self.n_players
        chosen = self.expansions()
        if self._kind.value == "scores":  # the seats, the board if known, the expansions
            return {"players": [w.value for w in self._names[:n]],
                    "colours": [w.value for w in self._colours[:n]], "scores": True,
                    "board": self.board if self._board_known.value else None,
                    **({"expansions": chosen} if chosen else {})}
        options = {f.name: f.value() for m in ("base", *chosen) for f in self._options[m]
                   if f.changed()}
        kw: dict[str, Any] = {
            "players": [w.value for w in self._names[:n]],
            "colours": [w.value for w in self._colours[:n]],
            "board": self.board,
            "options": options,
        }
        if chosen:
            kw["expansions"] = chosen
        extra = {k.key: v for m in chosen for k in self._keys[m] if (v := k.value()) is not None}
        if extra:
            kw["extra"] = extra
        kw.update(self.column.kwargs())
        return kw

    def _explain(self, err: SetupError) -> str:
        """The engine's refusal, with the form's words for the option or key it names."""
        field, reason = err.field.split("."), err.reason
        if field[0] == "options" and len(field) > 1:
            for m, fs in self._options.items():
                for f in fs:
                    if f.name == field[1]:
                        return f"{module_name(m, lang())}, {f.label}: {reason}"
        for fs in self._keys.values():
            for k in fs:
                if field[0] == k.key and not reason.startswith(k.widget.label):
                    return f"{k.widget.label}: {reason}"
        return err.message

    def submit(self) -> tuple[int, str] | None:
        try:
            kw = self.setup_kwargs()
            self.created = create_game(self.store, self.table_name, device=self.device, **kw)
        except (SetupError, SQLAlchemyError) as err:  # nothing created; the form keeps its input
            self._error.object = escape(self._explain(err) if isinstance(err, SetupError) else AWAY)
            show(self._error)
            return None
        show(self._error, False)
        if self.on_created:
            self.on_created(*self.created)
        return self.created


def label(text: str) -> pn.pane.HTML:
    return pn.pane.HTML(f"<div style='font-size:15px;margin-bottom:-6px'>{text}</div>", **W)

