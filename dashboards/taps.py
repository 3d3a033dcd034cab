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
click event is ignored and only the tap counts: BokehJS sends the click first (its CustomJS runs
asynchronously), then the tap. A client that sends the click alone (no JavaScript, an old page)
is refused as stale, never run: a bare click names neither the label nor the seq its screen
showed. The protocol devices of scripts/bench_app.py send what BokehJS sends: the light's `live`,
then for each button the click and the tap.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

import panel as pn

#: Browser side of a pooled button's click: what the page shows, appended to the page's last
#: few taps and sent as one property change. Panel keeps only the newest value of a property
#: whose change is still waiting to be run, so two taps arriving together (52 ms apart on a
#: busy server, review reliability N6) would otherwise lose the first without a word; each tap
#: has its own `n`, and the server runs every one it has not seen yet.
JS = """
let q = [];
try { q = JSON.parse(tap.value); } catch (e) { q = []; }
if (!Array.isArray(q)) { q = []; }
q.push({slot: %d, seq: Number(seen.value), label: (cb_obj.origin || cb_obj).label,
        n: Date.now() + Math.random()});
tap.value = JSON.stringify(q.slice(-8));
"""
#: How many taps' `n` the server remembers (more than a page ever resends).
REMEMBERED = 64


class TapInput(pn.widgets.TextInput):
    """The hidden input a tap is written to, handled as soon as it arrives: Panel otherwise
    waits 50 ms (`_debounce`, to batch a widget's changes) before running a change that came
    from the page, and every action tapped on a tablet was 50 to 70 ms late."""

    _priority_changes: ClassVar[list[str]] = ["value"]


class TapChannel:
    """The hidden inputs of one screen and its pooled buttons, by slot."""

    def __init__(self, on_tap: Callable[[Any, int, str], Any]):
        """`on_tap(button, seq, label)`; `button` None for a click that carried no tap."""
        self.on_tap = on_tap
        self.live = False
        self.buttons: list[Any] = []
        hidden = {"styles": {"display": "none"}, "width": 0, "height": 0, "margin": 0}
        self.seen = pn.widgets.TextInput(value="0", **hidden)
        self.tap = TapInput(value="", **hidden)
        self.tap.param.watch(self._received, "value")
        self._done: dict[Any, None] = {}  # the `n` of the taps already run, oldest first
        self._sent = 0  # taps sent by `send` (tests, scripts)
        self.box = pn.Row(self.seen, self.tap, styles={"display": "none"}, height=0, margin=0)

    def own(self, button: Any, action: Any = None) -> Any:
        """Make `button` tap through this channel; `action` (`sw_action`) is what a tap runs
        when it is `fresh` (a pooled button's changes with the game; None: hidden)."""
        button.sw_action = action
        self.adopt(button)
        button.on_click(lambda e: self.clicked(button))
        return button

    @staticmethod
    def fresh(button: Any, seq: int, text: str, now: int) -> bool:
        """A tap made on what the screen shows now: the game at seq `now` and the button's
        label, which has an action (`button` None: a bare click, never fresh)."""
        return (button is not None and seq == now and text == button.label
                and bool(button.sw_action))

    def adopt(self, button: Any) -> None:
        """Give `button` a slot and the browser-side callback (before its model exists)."""
        if getattr(button, "sw_slot", None) is not None:
            return
        button.sw_slot = len(self.buttons)
        button.sw_taps = self  # a test or script taps it as its page would: `sw_taps.send(b)`
        self.buttons.append(button)
        button.js_on_click(args={"tap": self.tap, "seen": self.seen}, code=JS % button.sw_slot)

    def clicked(self, button: Any) -> None:
        """The button's click event: in a page, the tap that follows decides; else refused."""
        if not self.live:
            self.on_tap(None, int(self.seen.value), "")

    def set_seq(self, seq: int) -> None:
        if self.seen.value != str(seq):
            self.seen.value = str(seq)

    def _received(self, event: Any) -> None:
        """Run each tap of the page's list (or a lone tap) not run yet, in the page's order."""
        try:
            msgs = json.loads(event.new)
        except (ValueError, TypeError):
            return
        for msg in msgs if isinstance(msgs, list) else [msgs]:
            try:
                slot, seq, text = int(msg["slot"]), int(msg["seq"]), str(msg["label"])
                n = msg.get("n")
                hash(n)
            except (ValueError, TypeError, KeyError, AttributeError):
                continue
            if n is not None:  # a tap without one (an old script) runs each time it comes
                if n in self._done:
                    continue
                self._done[n] = None
                if len(self._done) > REMEMBERED:
                    del self._done[next(iter(self._done))]
            if 0 <= slot < len(self.buttons):
                self.on_tap(self.buttons[slot], seq, text)

    def send(self, button: Any, seq: int | None = None, label: str | None = None) -> None:
        """What the browser sends for a tap on `button` (tests, scripts): by default the seq
        and label the screen shows."""
        self.send_all([(button, seq, label)])

    def send_all(self, taps: list[tuple[Any, int | None, str | None]]) -> None:
        """Several taps in one change, as a page's list arrives when the server was busy."""
        msgs = []
        for button, seq, label in taps:
            self._sent += 1
            msgs.append({"slot": button.sw_slot,
                         "seq": int(self.seen.value) if seq is None else seq,
                         "label": button.label if label is None else label,
                         "n": f"server-{id(self)}-{self._sent}"})
        self.tap.value = json.dumps(msgs)
