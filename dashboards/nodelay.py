"""Send each screen update at once: TCP_NODELAY on the app's websockets.

Bokeh writes one message as several websocket frames (header, metadata, content). With Nagle's
algorithm on, which Bokeh and Panel leave as Tornado sets it, the second frame waits for the
client to acknowledge the first, and clients delay acknowledgements by up to 40 ms: measured on
localhost, every update reached the device about 40 ms late (`scripts/bench_app.py`). Tornado's
documentation recommends `set_nodelay(True)` for such small, latency-bound messages."""

from __future__ import annotations

from typing import Any

from bokeh.server.views.ws import WSHandler


def install() -> None:
    """Make every websocket the Bokeh server opens from now on a no-delay one (idempotent)."""
    if getattr(WSHandler.open, "sw_nodelay", False):
        return
    opened = WSHandler.open

    def open_nodelay(self: WSHandler, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        return opened(self, *args, **kwargs)

    open_nodelay.sw_nodelay = True  # type: ignore[attr-defined]
    WSHandler.open = open_nodelay  # type: ignore[method-assign]
