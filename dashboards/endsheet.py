"""The end of a turn, in the fixed bar: what the engine would place by itself, as steppers and
region choices seeded with its default (`proposal.proposals`), sent before the closing word.

Why (issue 12, H1): the app mirrors the table and never invents; the player sees every piece the
end of the turn would put down and confirms or adjusts it. The panels are pooled (steppers are
Bokeh models: creating them is what costs the server time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from swcore import Action, Game
from swcore.words import Kind

from .i18n import N_, _
from .inputs import (
    PlacementPanel,
    adjusted,
    choose_text,
    closed,
    open_label,
    region_boxes,
    region_choice,
    subset_options,
)
from .proposal import Proposal, option_regions
from .widgets import button, esc, html, put, show

NOTHING = N_("Nothing moves on the board when the turn ends: the engine scores what lies "
             "there now.")
ASK = N_("<b>Before the turn ends</b>, set these as they lie on the table (the app proposes "
         "what the rules would do; nothing is placed until you confirm):")
#: The same in a game with no table (a practice game against a bot).
ASK_PRACTICE = N_("<b>Before the turn ends</b>, choose these (the app proposes what the rules "
                  "would do; nothing is placed until you confirm):")


class EndSheet:
    """The proposals shown while the player confirms the end of the turn."""

    def __init__(self, press: Callable[[Any], Any], at_a_table: bool = True):
        self._press = press
        self._ask = ASK if at_a_table else ASK_PRACTICE
        self.title = html("")
        # Pooled and hidden when unused, built at the first end of a turn that needs them (the
        # tokens in hand, a power's pieces such as Encampments, a choice of regions): built with
        # the screen, they were a third of what opening a table cost, for every table.
        self.places: list[PlacementPanel] = []
        self.choices: list[tuple[Any, Any]] = []  # (title pane, toggle buttons)
        self.getters: list[Callable[[], Action]] = []
        self.key: Any = None
        self.box = pn.Column(self.title, *self._pooled(), sizing_mode="stretch_width",
                             styles={"display": "none"})

    def _place_panel(self, k: int) -> PlacementPanel:
        while len(self.places) <= k:
            self.places.append(PlacementPanel(self._press, button(_("Cancel"))))
        return self.places[k]

    def _choice(self, k: int) -> tuple[Any, Any]:
        while len(self.choices) <= k:
            self.choices.append((html(""), region_boxes()))
        return self.choices[k]

    def _pooled(self) -> list[Any]:
        return [p.box for p in self.places] + [w for pair in self.choices for w in pair]

    def fill(self, game: Game, props: list[Proposal], names: Any, key: Any) -> None:
        """Show `props` (kept as the player set them while `key`, the state, is the same)."""
        if key == self.key:
            show(self.box)
            return
        self.key = key
        items: list[Any] = [self.title]
        self.getters = []
        places = choices = 0
        for p in props:
            word = p.group.word
            pkey = adjusted(word) or ""
            title = (f"<b>{esc(closed(open_label(p.seed, names)))}</b> "
                     f"<span class='sw-muted'>({esc(word.rule)})</span>")
            if word.params[pkey].kind is Kind.PLACEMENT:
                panel = self._place_panel(places)
                places += 1
                panel.fill(game, title, p.seed, option_regions(game, p.group), {}, "", False,
                           subset_options(game, p.group), names)
                items.append(panel.box)
                self.getters.append(panel.action)
            else:
                pane, boxes = self._choice(choices)
                choices += 1
                chosen, need = region_choice(game, p.group, names, p.seed, boxes)[1:]
                pane.object = f"{title}<div>{choose_text(need)}</div>"
                items += [pane, boxes]
                self.getters.append(chosen)
        order = {id(o): k for k, o in enumerate(items)}  # the engine's order, by CSS order:
        for obj in self._pooled():                       # the children stay as they are
            show(obj, id(obj) in order, order.get(id(obj)))
        self.title.object = (f"<div>{_(self._ask)}</div>" if props
                             else f"<div class='sw-muted'>{_(NOTHING)}</div>")
        put(self.box, [self.title, *self._pooled()])  # changes only when a pool grew
        show(self.box)

    def hide(self) -> None:
        self.key = None
        show(self.box, False)

    def actions(self) -> list[Action]:
        """The confirmed placements, in the engine's order."""
        return [get() for get in self.getters]
