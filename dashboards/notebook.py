"""The tutorial notebooks' Panel set-up: `extension()` is `pn.extension(inline=True)` (BokehJS
and the style sheets inside the page, so the static site loads nothing from outside), with the
style sheets of an output inlined in one pass, and its later updates inlined as well
(`dashboards.local.notebook_extension`), so that JupyterLab asks no other host either.

Why: Panel 1.9 inlines the style sheets of a notebook output one model at a time, and each
change makes Bokeh recompute the whole document's model graph: an output with many maps
(chapter 4's tabs, one map per race or power) spent over a minute there. The same inlining
done with the document frozen (Bokeh's `Document.models.freeze`) recomputes once.
"""

from __future__ import annotations

import weakref
from typing import Any

from bokeh.models import UIElement
from panel import viewable
from panel.io import notebook

from dashboards.local import notebook_extension

_ONE_BY_ONE = notebook.patch_inline_stylesheets
_DONE: weakref.WeakSet[Any] = weakref.WeakSet()


def _inline_frozen(model: UIElement) -> None:
    """Panel's per-model inlining, done for the whole document at the first model."""
    doc = model.document
    if doc is None or doc in _DONE:
        _ONE_BY_ONE(model)  # already inlined: a no-op unless the model is new
        return
    with doc.models.freeze():
        for root in doc.roots:
            for sub in root.select({"type": UIElement}):
                _ONE_BY_ONE(sub)
    _DONE.add(doc)


def extension() -> None:
    """`pn.extension(inline=True)`, the style sheets inlined in one pass per output, and every
    later update of an output sent with its style sheets inlined too
    (`dashboards.local.notebook_extension`: nothing loaded from another host, issue 18)."""
    viewable.patch_inline_stylesheets = _inline_frozen
    notebook_extension()
