"""Nothing leaves the server (issue 18, review T3), without a browser: a session that Bokeh
builds from a websocket alone (a page reconnecting) has no page request to tell Panel where its
style sheets are, and Panel then names them on the HoloViz CDN; `keep_local` names this server."""

from types import SimpleNamespace

import panel as pn
from bokeh.document import Document
from bokeh.models import ImportedStyleSheet
from panel.io.state import set_curdoc

from dashboards.local import keep_local


def style_sheets(local: bool) -> list[str]:
    """The imported style sheets of a card and a button built in a served session's document
    that no page request prepared (as a reconnected websocket's)."""
    doc = Document()
    context = SimpleNamespace(request=SimpleNamespace(arguments={}, cookies={}, headers={}),
                              server_context=None, id="s")
    doc._session_context = lambda: context
    with set_curdoc(doc):
        if local:
            keep_local()
        model = pn.Card(pn.widgets.Button(label="b"), title="t").get_root(doc)
    return [m.url for m in model.references() if isinstance(m, ImportedStyleSheet)]


def test_without_it_panel_names_the_cdn():
    assert any(url.startswith("https://") for url in style_sheets(local=False))


def test_a_websocket_session_takes_its_style_sheets_from_this_server():
    urls = style_sheets(local=True)
    assert urls and not [u for u in urls if u.startswith(("http:", "https:", "//"))]
    assert all("static/extensions/panel/" in u for u in urls)


def test_outside_a_served_session_nothing_changes():
    doc = Document()
    with set_curdoc(doc):
        keep_local()
    assert "dist_url" not in doc._template_variables
