"""The app's websockets send each update at once (dashboards/nodelay.py, issue 4's latency)."""

from __future__ import annotations

from bokeh.server.views.ws import WSHandler

from dashboards import nodelay


class FakeHandler:
    def __init__(self, calls: list) -> None:
        self.calls = calls

    def set_nodelay(self, value: bool) -> None:
        self.calls.append(("nodelay", value))


def test_install_sets_nodelay_before_bokeh_opens_the_socket(monkeypatch):
    calls: list = []
    monkeypatch.setattr(WSHandler, "open", lambda self: calls.append("open") or "opened")
    nodelay.install()
    nodelay.install()  # idempotent: one wrapper, not two
    assert WSHandler.open(FakeHandler(calls)) == "opened"
    assert calls == [("nodelay", True), "open"]


def test_the_served_app_installs_it():
    import dashboards.app  # noqa: F401  (the module `panel serve` runs)

    assert getattr(WSHandler.open, "sw_nodelay", False)
