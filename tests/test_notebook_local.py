"""Nothing leaves the server in a notebook either (issue 18, review T3 §3: 63–75 CDN requests in
JupyterLab while playing notebook 00's game), at the level of what the kernel sends: Panel
inlines an output's style sheets at its first render only, and every update it sends over the
comm afterwards named them on the HoloViz CDN until `notebook_extension`. The browser test
(tests/test_browser_notebook.py) plays the same in JupyterLab."""

from __future__ import annotations

import json
import re

import pytest

pn = pytest.importorskip("panel")

from bokeh.document import Document  # noqa: E402
from panel.io import notebook  # noqa: E402
from panel.io.notebook import patch_inline_stylesheets, render_mimebundle  # noqa: E402
from panel.io.resources import set_resource_mode  # noqa: E402
from pyviz_comms import Comm  # noqa: E402

from dashboards.first_game import FirstGame  # noqa: E402
from dashboards.local import _PANEL_DIFF, notebook_extension  # noqa: E402
from dashboards.store import Store  # noqa: E402
from swcore.words import WORDS  # noqa: E402

#: An address the browser would fetch from another host, anywhere in what the kernel sends.
OUTSIDE = re.compile(r'"(?:url|href|src)"\s*:\s*"(?:https?:)?//', re.I)


class Sent(Comm):
    """A comm to an open notebook page that keeps what Panel sends (Panel pushes an update
    only over a comm that is open: `_comm`)."""

    def __init__(self) -> None:
        super().__init__()
        self._comm = True
        self.messages: list[str] = []

    def send(self, data=None, metadata=None, buffers=()):
        if data is not None:
            self.messages.append(data)


def displayed(obj, comm: Sent) -> str:
    """`obj` shown as a notebook cell's output, as Panel's `_repr_mimebundle_` does with
    `pn.extension(inline=True)`: the first render's HTML and script."""
    doc = Document()
    with set_resource_mode("inline"):
        model = pn.panel(obj)._render_model(doc, comm)
    for sub in model.select({"type": pn.viewable.UIElement}):
        patch_inline_stylesheets(sub)
    bundle, _ = render_mimebundle(model, doc, comm, resources="inline")
    return json.dumps(bundle)


def style_urls(messages: list[str]) -> list[str]:
    """The addresses of every imported style sheet the messages define or change."""
    urls = []
    for text in messages:
        for event in json.loads(text).get("events", []):
            for found in re.finditer(r'"url"\s*:\s*"([^"]*)"', json.dumps(event)):
                urls.append(found.group(1))
    return urls


@pytest.fixture
def as_notebook(monkeypatch):
    """The notebooks' set-up, undone afterwards (Panel's global config and notebook module)."""
    monkeypatch.setattr(pn.config, "inline", pn.config.inline)
    monkeypatch.setattr(notebook, "diff", notebook.diff)
    notebook_extension()


def play_first_move(tmp_path) -> tuple[str, list[str]]:
    """Notebook 00's game shown, then the learner's first move (a combo picked: the turn
    screen, the coach and the lesson re-render); what the kernel sent for each."""
    comm = Sent()
    first = FirstGame(seed=1, lesson="first-turn", served=False,
                      store=Store(f"sqlite:///{tmp_path / 'p.sqlite'}"))
    page = displayed(first, comm)
    pick = next(a for a in first.screen._legal if WORDS[a.do].place == "column")
    assert first.screen._act(pick), first.session.error
    return page, comm.messages


def test_the_first_render_and_every_update_after_a_move_name_no_other_host(as_notebook, tmp_path):
    page, updates = play_first_move(tmp_path)
    assert not OUTSIDE.search(page)
    assert updates, "the move sent updates to the page"
    assert not [m for m in updates if OUTSIDE.search(m)]
    urls = style_urls(updates)
    # the updates do carry Panel's style sheets (the coach's new text, the turn screen's panes):
    # inlined, not left out
    assert urls and all(u.startswith("data:text/css;base64,") for u in urls)


def test_without_it_an_update_names_the_cdn(as_notebook, tmp_path, monkeypatch):
    """The defect itself, so the test above cannot pass by accident: Panel's own `diff`."""
    monkeypatch.setattr(notebook, "diff", _PANEL_DIFF)
    page, updates = play_first_move(tmp_path)
    assert not OUTSIDE.search(page)  # the first render is inlined by Panel itself
    assert any("https://cdn.holoviz.org/" in u for u in style_urls(updates))
