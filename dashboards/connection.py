"""The connection light in the header of every screen: connected / reconnecting / offline.

Why (review H2): with the server down, taps did nothing and nothing said so. Bokeh's client
fires `connection_lost` and `client_reconnected` on its document; this light listens to them
and shows the state in words and colour.

Why it reconnects by itself (issue 18, review T2): Bokeh's own retries (`pn.config.reconnect`)
open a websocket at once and every few seconds; after a restart each one builds a complete
session, and a page older than the session token's lifetime is refused ("Token is expired").
So the app turns them off and the light decides: it asks the server's cheap `/sw-alive`
(dashboards/alive.py, no session) after 1, 2, 4, 8, then every 10 s, each delay jittered so
that pages do not ask together (20 pages: two trivial requests a second), and then
- the same server process (a network drop): reconnects the websocket in place; the session is
  still there and nothing is reloaded;
- another process (a restart), or the in-place reconnection refused (its token or session
  expired): reloads the page when the server says (reloads are handed out one after another).
  The page's address names the game and what was open on it (dashboards/app.py), so it comes
  back to the same screen, without a code.
A server without `/sw-alive` (404) gets a reload after a random delay of up to 5 s.

The state and the watcher live on the page's document, not in one rendering of the light:
Panel may render the light again after the connection was lost (a page shown again), and a
fresh rendering used to say "connected" with nobody left to tell it otherwise.

A reconnected websocket gives the connection the page's current query string first: a session
that had to be made again is built from it. A new document (the session was gone) is not drawn
in place by BokehJS: the page reloads then too.

`live` turns True once the light has rendered in a browser: the app then trusts only the taps
that carry what the page showed (dashboards/taps.py). `search` is the page's query string as the
browser has it: a page reconnected to a new session tells the app which game it showed.
"""

from __future__ import annotations

import weakref
from typing import Any

import panel as pn
import param
from bokeh.models import CustomJS
from panel.custom import JSComponent

from . import alive

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
  const el = document.createElement("span")
  el.setAttribute("role", "status")
  el.setAttribute("aria-live", "polite")
  const doc = view.model.document
  // One watcher per page (its document), made at the first render: Panel may render this view
  // again at any time (a page shown again), after the connection was lost too, so the state
  // lives here and every render shows it (not "connected" by default).
  const s = doc._swConn ??= {state: "connected", el: null}
  s.el = el
  s.words = model.words
  s.model = view.model
  const set = (state) => {
    s.state = state
    s.el.className = "sw-conn " + state
    s.el.textContent = s.words[state]
    s.el.dataset.state = state
  }
  set(s.state)
  if (s.state == "connected" && window.swConnLost == null) {  // none to a lost server
    model.search = window.location.search
    model.live = true
  }
  if (s.watching) { return el }
  s.watching = true
  let lost = null, timer = null, tries = 0, inPlace = false
  const reload = (seconds) => {
    set("reconnecting")
    setTimeout(() => window.location.reload(), Math.max(0, seconds) * 1000)
  }
  const later = () => {  // 1, 2, 4, 8, 10 s..., each between half and one and a half times that
    const base = Math.min(10000, 1000 * 2 ** Math.min(tries, 4))
    tries += 1
    timer = setTimeout(ask, base * (0.5 + Math.random()))
    if (tries > 2) { set("offline") }
  }
  const ask = () => {
    timer = null
    if (lost == null) { return }
    const again = inPlace ? "&again=1" : ""
    fetch("/sw-alive?boot=" + encodeURIComponent(model.boot) + again, {cache: "no-store"})
      .then(r => r.status == 404 ? {wait: 5 * Math.random()} : r.ok ? r.json() : Promise.reject(r))
      .then(a => {
        if (lost == null) { return }
        if (a.same) {  // the same server: its session is still there
          inPlace = true
          set("reconnecting")
          try { lost.reconnect() } catch (e) { later() }
        } else {
          reload(a.wait)
        }
      })
      .catch(() => later())
  }
  // A tablet woken up (its page shown again) asks at once: a hidden page's timers are slowed
  // down by the browser, to once a minute after a while.
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && lost != null && timer != null) { clearTimeout(timer); ask() }
  })
  const onLost = (event) => {
    lost = event
    // A session made again on reconnection is built from the websocket's URL arguments: give
    // it the page's current ones (the game opened since the page loaded).
    const conn = event.connection?.deref?.()
    if (conn != null) { conn.args_string = window.location.search.replace(/^[?]/, "") }
    if (s.state == "connected") { set("reconnecting") }
    if (timer == null) { later() }
  }
  doc.on_event("connection_lost", (_, event) => onLost(event))
  doc.on_event("client_reconnected", () => {
    // A session made again gives the page a NEW document; BokehJS does not draw a template's
    // new roots in place, so the page reopens its URL, which names the game.
    setTimeout(() => {
      if (doc.get_model_by_id(s.model.id) == null) { window.location.reload() }
    }, 200)
    lost = null
    tries = 0
    inPlace = false
    if (timer != null) { clearTimeout(timer); timer = null }
    set("connected")
  })
  // Lost before this first rendering (a page's scripts still loading when the server went):
  // the document's own callback kept the event (`watch_document`).
  if (window.swConnLost != null) { onLost(window.swConnLost) }
  return el
}
"""

#: Kept by the document itself from its creation, before the light renders (`watch_document`).
RECORD_LOST = "window.swConnLost = cb_data"  # CustomJS.execute(doc, event)
RECORD_BACK = "window.swConnLost = null"
_WATCHED: weakref.WeakSet = weakref.WeakSet()


def watch_document(doc: Any) -> None:
    """Have `doc` (a session's Bokeh document) note a lost connection from its first moment in
    the browser, before any light is rendered; once per document."""
    if doc is None or doc in _WATCHED:
        return
    doc.js_on_event("connection_lost", CustomJS(code=RECORD_LOST))
    doc.js_on_event("client_reconnected", CustomJS(code=RECORD_BACK))
    _WATCHED.add(doc)


class ConnectionLight(JSComponent):
    """The light (see the module docstring); `live` is set by the browser."""

    live = param.Boolean(default=False, doc="True once rendered in a browser page")
    search = param.String(default="", doc="the page's query string as the browser has it")
    words = param.Dict(default={}, doc="the light's three texts in the page's language")
    boot = param.String(default="", doc="the server process that built the page (alive.py)")

    def __init__(self, **params: Any):
        from .i18n import _

        params.setdefault("words", {"connected": _("● Connected"),
                                    "reconnecting": _("◌ Reconnecting…"),
                                    "offline": _("✕ Offline: retrying")})
        params.setdefault("boot", alive.BOOT)
        super().__init__(**params)
        watch_document(pn.state.curdoc)

    _esm = ESM
    _stylesheets = [CSS]
