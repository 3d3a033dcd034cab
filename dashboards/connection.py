"""The connection light in the header of every screen: connected / reconnecting / offline.

Why (review H2): with the server down, taps did nothing and nothing said so. Bokeh's client
fires `connection_lost` (with the delay before its next try, or none when it has given up) and
`client_reconnected` on its document; Panel's `pn.config.reconnect = True` makes it try again
(`reconnect_session`). A restarted server creates a new session from the websocket's URL
arguments, so the light first gives the connection the page's current query string (which
names the open game). This light listens to those events and shows the state in words and
colour. When Bokeh has given up ("offline") it keeps asking for a reconnection every few
seconds, and if the server refuses the old session (a page open longer than the session-token
lifetime) the page reloads itself: its URL names the game, so it comes back to the same game.
After a server RESTART the session is gone and the reconnected page receives a new document;
BokehJS does not redraw a template's roots from it, so there too the page reloads itself (a
network drop that the server session survived resumes in place, without a reload).

`live` turns True once the light has rendered in a browser: the app then trusts only the taps
that carry what the page showed (dashboards/taps.py). `search` is the page's query string as the
browser has it: a page reconnected to a new session (a restarted server) tells the app which
game it showed, even when it was opened after the page loaded.
"""

from __future__ import annotations

from typing import Any

import param
from panel.custom import JSComponent

CSS = """
.sw-conn { display:inline-flex; align-items:center; justify-content:center; font-size:15px;
           font-weight:700; border-radius:22px; padding:4px 12px; white-space:nowrap;
           border:2px solid #fff; min-height:44px; min-width:44px; box-sizing:border-box; }
.sw-conn.connected { background:#e8f5e9; color:#1b5e20; }
.sw-conn.reconnecting { background:#fff3cd; color:#5c3c00; }
.sw-conn.offline { background:#b71c1c; color:#fff; }
@media (max-width: 700px) {
  .sw-conn { font-size:13px; padding:2px 8px; }
  /* A phone shows the connected light as its dot alone (the text stays for screen readers);
     a light that is not connected keeps its words. */
  .sw-conn.connected { font-size:0; padding:2px 6px; }
  .sw-conn.connected::before { content:"●"; font-size:15px; }
}
"""

ESM = """
export function render({ model, view }) {
  const WORDS = model.words
  const el = document.createElement("span")
  el.setAttribute("role", "status")
  el.setAttribute("aria-live", "polite")
  const set = (state) => {
    el.className = "sw-conn " + state
    el.textContent = WORDS[state]
    el.dataset.state = state
  }
  set("connected")
  model.search = window.location.search
  model.live = true
  const doc = view.model.document
  let timer = null, lost = null, failed = 0
  const retry = () => {
    if (lost == null) { return }
    failed += 1
    if (failed > 3) {  // the server is back but refuses the old session: reopen the page
      fetch(window.location.href, {cache: "no-store"}).then(r => {
        if (r.ok) { window.location.reload() }
      }).catch(() => {})
    }
    try { lost.reconnect() } catch (e) {}
  }
  doc.on_event("connection_lost", (_, event) => {
    lost = event
    // A restarted server makes a new session from the websocket's URL arguments: give it the
    // page's current ones (the game opened since the page loaded), so it opens that game.
    const conn = event.connection?.deref?.()
    if (conn != null) { conn.args_string = window.location.search.replace(/^[?]/, "") }
    set(event.timeout == null ? "offline" : "reconnecting")
    if (event.timeout == null && timer == null) { timer = setInterval(retry, 4000) }
  })
  doc.on_event("client_reconnected", () => {
    // A restarted server gave the page a NEW document (its session was gone). BokehJS does not
    // draw a template's new roots in place, so the page reopens its URL, which names the game.
    setTimeout(() => {
      if (doc.get_model_by_id(view.model.id) == null) { window.location.reload() }
    }, 200)
    lost = null
    failed = 0
    if (timer != null) { clearInterval(timer); timer = null }
    set("connected")
  })
  return el
}
"""


class ConnectionLight(JSComponent):
    """The light (see the module docstring); `live` is set by the browser."""

    live = param.Boolean(default=False, doc="True once rendered in a browser page")
    search = param.String(default="", doc="the page's query string as the browser has it")
    words = param.Dict(default={}, doc="the light's three texts in the page's language")

    def __init__(self, **params: Any):
        from .i18n import _

        params.setdefault("words", {"connected": _("● Connected"),
                                    "reconnecting": _("◌ Reconnecting…"),
                                    "offline": _("✕ Offline: retrying")})
        super().__init__(**params)

    _esm = ESM
    _stylesheets = [CSS]
