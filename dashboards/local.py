"""Every file a page loads comes from this server (issue 12, issue 18, review T3).

Why: a club may have no internet, and a page that asks another host tells it who plays. Panel
links three kinds of outside files: its Fast design's Google font (`LocalFast`,
`LocalTemplate`), the template's remote resources (`LocalTemplate`), and its components' style
sheets on the HoloViz CDN, which it points at this server only when the page itself was asked
over HTTP (`server_html_page_for_session` sets the document's `dist_url`): a session built
from a websocket alone (a page reconnecting) and every model made afterwards kept the CDN's
addresses (`keep_local`). In a notebook (JupyterLab, or any other front end) Panel inlines the
style sheets of an output's first render only (`pn.extension(inline=True)`): every update sent
over the comm afterwards (a pane's new text, a new card) names them on the CDN again
(`notebook_extension`).
"""

from __future__ import annotations

import base64
from functools import cache
from typing import Any

import panel as pn
import panel.io.notebook as _notebook
from bokeh.model.util import collect_models
from bokeh.models import ImportedStyleSheet
from panel.io.resources import CDN_DIST, DIST_DIR, LOCAL_DIST
from panel.theme.base import Inherit
from panel.theme.fast import Fast
from panel.widgets.base import Widget
from panel.widgets.button import _ButtonBase

from .widgets import CONTROL_CSS

#: A system font: Panel's Fast templates import Open Sans from Google Fonts by default, which a
#: club without internet cannot load and which tells Google who plays (issue 12, review M6).
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif"


def outside(url: str) -> bool:
    """An absolute URL (another host): the page must load nothing from outside the server."""
    return url.startswith(("http://", "https://", "//"))


class LocalFast(Fast):
    """Panel's Fast design without its Google font (`_resources['font']`), which the page
    would otherwise link twice: from the template and from `config.design`'s style sheets;
    and with readable controls on every page (`widgets.CONTROL_CSS`: Fast's own success
    button and active toggle read 2.5:1, its inputs and checkboxes are under 44 px)."""

    _resources = {**Fast._resources, "font": {}}
    modifiers = {kind: {"stylesheets": [Inherit, CONTROL_CSS[key]]} for kind, key in (
        (_ButtonBase, "button"), (Widget, "input"), (pn.widgets.Checkbox, "checkbox"),
        (pn.Card, "card"))}


# Panel finds a design's own files under its class name (`fast/js/fast_design.js`).
LocalFast.__name__ = "Fast"


class LocalTemplate(pn.template.FastListTemplate):
    """The Fast list template with every resource served by this server: Panel's Fast design
    adds its Google font to the template's style sheets (`_resources['font']`, resolved in
    `BasicTemplate.resolve_resources`); it is left out here, and `font_url` is emptied."""

    def resolve_resources(self, cdn: bool | str = "auto", extras: Any = None) -> Any:
        resources = super().resolve_resources(cdn=cdn, extras=extras)
        for kind in ("css", "js", "js_modules"):
            resources[kind] = {k: v for k, v in resources[kind].items() if not outside(str(v))}
        return resources



def keep_local() -> None:
    """Point the served document's style sheets at this server before any model is made (the
    same address Panel gives a page asked over HTTP); outside a served session, nothing."""
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        return
    rel = pn.state.rel_path
    doc._template_variables.setdefault("dist_url", f"{rel}/{LOCAL_DIST}" if rel else LOCAL_DIST)


def local_page(title: str, main: list[Any], header: list[Any], max_width: str,
               raw_css: list[str] | None = None) -> LocalTemplate:
    """Every served page's template (the tables, the first game, the film, the club): the
    project's colours, no theme toggle, no busy spinner (Panel's busy state is one per server
    process, so every click at any table would turn every open page's spinner), a phone-width
    viewport (without it a phone lays the page out 980 px wide and shrinks it: tiny targets),
    and nothing loaded from another host."""
    keep_local()
    return LocalTemplate(
        title=title, font=FONT, font_url="", design=LocalFast, main=main, header=header,
        header_background="#1b5e20", accent_base_color="#1b5e20", main_layout=None,
        theme_toggle=False, main_max_width=max_width, raw_css=raw_css or [],
        busy_indicator=None, meta_viewport="width=device-width, initial-scale=1")


#: Panel's own notebook `diff` (`notebook_extension` puts `_local_diff` in its place).
_PANEL_DIFF = _notebook.diff


@cache
def _inlined(url: str) -> str:
    """A CDN style sheet of Panel as a data: address holding the installed file's text (an
    empty sheet for a file Panel does not ship): the browser asks no host for it."""
    path = DIST_DIR / url.removeprefix(CDN_DIST).split("?")[0]
    css = path.read_bytes() if path.is_file() else b""
    return "data:text/css;base64," + base64.b64encode(css).decode()


def _local_diff(doc: Any, binary: bool = True, events: Any = None) -> Any:
    """Panel's notebook `diff` (every update a notebook output sends goes through it), with
    each CDN style sheet the update carries turned into its inlined text first."""
    held = list(doc.callbacks._held_events if events is None else events)
    values = [getattr(e, "new", None) for e in held] + [getattr(e, "model", None) for e in held]
    for model in collect_models(*[v for v in values if v is not None]):
        if isinstance(model, ImportedStyleSheet) and str(model.url).startswith(CDN_DIST):
            model.url = _inlined(str(model.url))
    return _PANEL_DIFF(doc, binary=binary, events=events)


def notebook_extension() -> None:
    """Panel in a tutorial notebook with nothing loaded from another host (issue 18): BokehJS
    and the first render inlined (`inline=True`, which the static site needs too), and every
    later update of an output (a move in the first game) sent with its style sheets inlined
    as well (`_local_diff`: Panel's notebook `push` looks `diff` up at each call). Inlined
    rather than pointed at a Jupyter route: works under any base URL and any front end."""
    pn.extension(inline=True)
    _notebook.diff = _local_diff
