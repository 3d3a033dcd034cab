"""The expansions' panel beside the turn screen: each rule module's public state in words.

Why: an expansion keeps state no region shows (River World's event row, the Necromancer's
reserve and Well of Souls, the captive Leaders...). The app shows it without knowing any
module: each module's `describe_state(game, player)` hook gives (label, value) rows
(`swcore.rules.describe`, docs/engine.md), and what lies on the board is listed with where
(dashboards/map_items.py). The player whose view is shown is the one to act (the device is
passed around the table), so a peek at the Temple shows only on that player's turn.
"""

from __future__ import annotations

from html import escape
from typing import Any

import panel as pn

from swcore import Game
from swcore.rules import describe

from . import map_items as mi
from .i18n import _, lang

CSS = """
.sw-mod { font-size: 14px; margin: 4px 0 8px; }
.sw-mod summary { font-weight: bold; font-size: 15px; cursor: pointer; min-height: 44px;
                  line-height: 44px; }
.sw-mod table { border-collapse: collapse; width: 100%; }
.sw-mod td { vertical-align: top; padding: 2px 6px 2px 0; }
.sw-mod td:first-child { color: #444; width: 42%; }
"""


def panel_html(game: Game, player: str | None) -> str:
    """Each module's rows, then what lies on the board; '' when there is nothing to show."""
    parts = []
    for _id, name, rows in describe(game, player, lang()):
        if not rows:
            continue
        body = "".join(f"<tr><td>{escape(label)}</td><td>{escape(value)}</td></tr>"
                       for label, value in rows)
        parts.append(f"<details class='sw-mod' open><summary>{escape(name)}</summary>"
                     f"<table>{body}</table></details>")
    things = mi.legend_html(game, game.board) if game.setup.get("expansions") else ""
    if things:  # a base game's map key is the turn screen's own
        parts.append("<details class='sw-mod' open><summary>" + _("On the board") + f"</summary>{things}"
                     "</details>")
    return "".join(parts)


class ModulesPanel(pn.viewable.Viewer):
    """Live for a `TableSession` (it watches `version`), or a fixed `Game` (call `refresh`)."""

    def __init__(self, source: Any, player: str | None = None):
        super().__init__()
        self.session = None if isinstance(source, Game) else source
        self._game = source if isinstance(source, Game) else None
        self.player = player
        self._pane = pn.pane.HTML("", sizing_mode="stretch_width", stylesheets=[CSS])
        self._watcher = None
        if self.session is not None:
            self._watcher = self.session.param.watch(lambda e: self.refresh(), ["version"])
        self.refresh()

    @property
    def game(self) -> Game:
        return self.session.game if self.session is not None else self._game

    def refresh(self, game: Game | None = None) -> None:
        if game is not None:
            self._game = game
        g = self.game
        text = panel_html(g, self.player or g.to_act)
        if self._pane.object != text:
            self._pane.object = text
        self._pane.visible = bool(text)

    def stop(self) -> None:
        if self._watcher is not None and self.session is not None:
            self.session.param.unwatch(self._watcher)
            self._watcher = None

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
