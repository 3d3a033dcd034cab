"""A tap carries what the screen showed: the button's label and the seq of the game it was on.

Why (review C1): the turn screen reuses its buttons. When another device acts, this screen is
brought up to date and its buttons get new labels and actions; a tap sent by the browser just
before that update reached it is processed after it, so the server would run the button's NEW
action, which the player never saw. A Bokeh button click carries nothing, so each pooled button
also writes, from the browser, `{"slot", "seq", "label"}` into a hidden text input (`tap`); the
seq comes from another hidden input (`seen`) that the server updates in the same message as the
labels, so the two always match what the page shows. The screen refuses a tap whose seq or
label is not the current one (`TurnScreen.tapped`).

In a browser page (`live`, set once the page's connection light has rendered) the button's own
click event is ignored and only the tap counts. A client without JavaScript (the protocol devices
of scripts/bench_app.py) has only the click, handled as before (no seq: the store's primary key
still refuses a write on a stale seq made in another process).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import panel as pn

#: Browser side of a pooled button's click: what the page shows, sent as one property change.
JS = """
tap.value = JSON.stringify({slot: %d, seq: Number(seen.value), label: (cb_obj.origin || cb_obj).label,
                            n: Date.now() + Math.random()})
"""


class TapChannel:
    """The hidden inputs of one screen and its pooled buttons, by slot."""

    def __init__(self, on_tap: Callable[[Any, int, str], Any], on_click: Callable[[Any], Any]):
        self.on_tap = on_tap
        self.on_click = on_click
        self.live = False
        self.buttons: list[Any] = []
        hidden = {"styles": {"display": "none"}, "width": 0, "height": 0, "margin": 0}
        self.seen = pn.widgets.TextInput(value="0", **hidden)
        self.tap = pn.widgets.TextInput(value="", **hidden)
        self.tap.param.watch(self._received, "value")
        self.box = pn.Row(self.seen, self.tap, styles={"display": "none"}, height=0, margin=0)

    # `pool_button` calls these: the channel is the `press` of the screen's buttons.
    def __call__(self, what: Any) -> None:
        self.on_click(what)

    def adopt(self, button: Any) -> None:
        """Give `button` a slot and the browser-side callback (before its model exists)."""
        if getattr(button, "sw_slot", None) is not None:
            return
        button.sw_slot = len(self.buttons)
        self.buttons.append(button)
        button.js_on_click(args={"tap": self.tap, "seen": self.seen}, code=JS % button.sw_slot)

    def clicked(self, button: Any) -> None:
        """The button's click event: only for a client that sends no taps."""
        if not self.live:
            self.on_click(button.sw_action)

    def set_seq(self, seq: int) -> None:
        if self.seen.value != str(seq):
            self.seen.value = str(seq)

    def _received(self, event: Any) -> None:
        try:
            msg = json.loads(event.new)
            slot, seq, text = int(msg["slot"]), int(msg["seq"]), str(msg["label"])
        except (ValueError, TypeError, KeyError):
            return
        if 0 <= slot < len(self.buttons):
            self.on_tap(self.buttons[slot], seq, text)

    def send(self, button: Any, seq: int, label: str | None = None) -> None:
        """What the browser sends for a tap on `button` (tests, scripts)."""
        self.tap.value = json.dumps({"slot": button.sw_slot, "seq": seq,
                                     "label": button.label if label is None else label,
                                     "n": len(self.tap.value)})
