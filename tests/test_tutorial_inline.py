"""The notebooks' Panel set-up (dashboards/notebook.py): an output's style sheets inlined in
one pass are the ones Panel inlines model by model, and none is left to load from the CDN (the
static site loads nothing from outside)."""

from __future__ import annotations

import json
from collections import Counter

import panel as pn
from panel import viewable
from panel.io.notebook import CDN_DIST

from dashboards import notebook
from dashboards.board_map import BoardMap
from swcore import tutorial as tut


def _sheets(one_pass: bool) -> Counter:
    game = tut.Script(tut.scenario_path("conquest")).new_game()
    tabs = pn.Tabs(*[(str(k), pn.Row(BoardMap(game, width=300).panel(), pn.pane.HTML("x")))
                     for k in range(3)], dynamic=False)
    viewable.patch_inline_stylesheets = (notebook._inline_frozen if one_pass
                                         else notebook._ONE_BY_ONE)
    try:
        bundle, _ = tabs._repr_mimebundle_()
    finally:
        viewable.patch_inline_stylesheets = notebook._ONE_BY_ONE
    text = json.dumps(bundle)
    assert CDN_DIST not in text and "ImportedStyleSheet" not in text
    return Counter({"inline sheets": text.count("InlineStyleSheet"),
                    "rules": text.count(":host")})


def test_one_pass_inlines_what_panel_inlines():
    pn.extension(inline=True)
    assert _sheets(one_pass=True) == _sheets(one_pass=False)
