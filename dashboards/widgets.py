"""Cheap widgets for the turn screen: HTML panes with the screen's style sheet, show/hide by
CSS, pooled buttons and steppers reused from one drawing to the next.

Creating Bokeh models is what costs the server time (anchors-tech.md §2.1 "Reuse objects"), so
the screen keeps fixed panes and pools of buttons whose text, colour, visibility and action are
updated in place: an action usually sends only property patches to the browser.
"""

from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

BIG = 54
CSS = """
.sw-chip { display:inline-block; padding:2px 10px; border-radius:14px; color:#fff;
           font-weight:600; white-space:nowrap; max-width:100%; overflow:hidden;
           text-overflow:ellipsis; vertical-align:middle; }
.sw-track { display:inline-flex; gap:4px; flex-wrap:wrap; vertical-align:middle; }
.sw-track span { display:inline-block; min-width:30px; height:30px; line-height:30px;
                 text-align:center; border-radius:6px; background:#e8e8e8; color:#333;
                 font-weight:600; }
.sw-track span.now { background:#1b5e20; color:#fff; }
.sw-track span.past { background:#c8e6c9; }
.sw-top { display:flex; flex-wrap:wrap; gap:8px 20px; align-items:center; font-size:18px; }
.sw-card { border:1px solid #d0d7de; border-radius:10px; padding:8px 12px; background:#fff; }
.sw-card h3 { margin:2px 0 6px 0; font-size:19px; }
.sw-muted { color:#555; }
.sw-table { border-collapse:collapse; width:100%; font-size:16px; }
.sw-table td, .sw-table th { padding:5px 6px; border-bottom:1px solid #e3e3e3; text-align:left; }
.sw-table td.num, .sw-table th.num { text-align:right; }
.sw-log { font-size:14px; color:#333; margin:0; padding-left:18px; }
.sw-big { font-size:26px; font-weight:700; }
.sw-scores summary { cursor:pointer; font-size:16px; min-height:44px; line-height:44px;
                     list-style-position:inside; }
.sw-scores summary .sw-chip { line-height:1.4; }
/* help for a race or power (help.py) */
details.sw-help { display:inline-block; vertical-align:middle; margin:0 2px; }
details.sw-help > summary { list-style:none; cursor:pointer; display:inline-flex;
  align-items:center; justify-content:center; gap:6px; min-width:44px; min-height:44px;
  box-sizing:border-box; border-radius:22px; border:2px solid #1b5e20; color:#1b5e20;
  font-weight:700; padding:0 12px 0 6px; line-height:1.2; font-size:15px; }
details.sw-help > summary .q { display:inline-flex; align-items:center; justify-content:center;
  width:22px; height:22px; border-radius:11px; background:#1b5e20; color:#fff;
  font-size:14px; flex:none; }
details.sw-help.named > summary { border:none; color:#1a1a1a; padding:0 2px; font-size:inherit;
  text-decoration:underline dotted #1b5e20 2px; text-underline-offset:5px; }
details > summary { min-height:44px; line-height:44px; cursor:pointer; }
details.sw-help > summary::-webkit-details-marker { display:none; }
details.sw-help[open] { display:block; background:#f3f8f3; border-radius:8px; padding:4px 8px;
  margin:4px 0; font-size:15px; color:#1a1a1a; }
"""
#: Button colours (text, background), each at least 4.5:1 (WCAG AA, tests/test_contrast.py):
#: Bokeh's own (white on #5cb85c, 2.5:1) are too pale to read across a table.
BUTTON_COLOURS = {
    "default": ("#1a1a1a", "#ffffff"),
    "primary": ("#ffffff", "#0b5394"),
    "success": ("#ffffff", "#1b5e20"),
    "warning": ("#ffffff", "#8a4b00"),
    "danger": ("#ffffff", "#b00020"),
}
BUTTON_CSS = ":host .bk-btn { font-size: 17px; min-height: 44px; }\n" + "".join(
    f":host .bk-btn.bk-btn-{k}, :host .bk-btn.bk-btn-{k}:hover {{ color:{fg}; "
    f"background-color:{bg}; border-color:{'#5f6368' if k == 'default' else bg}; }}\n"
    f":host(.outline) .bk-btn.bk-btn-{k} {{ color:{bg if k != 'default' else fg}; "
    f"background-color:#ffffff; border:2px solid {bg if k != 'default' else '#5f6368'}; }}\n"
    f":host(.outline) .bk-btn.bk-btn-{k}.bk-active {{ color:#ffffff; "
    f"background-color:{bg if k != 'default' else '#1a1a1a'}; }}\n"
    for k, (fg, bg) in BUTTON_COLOURS.items())
#: The turn screen's bar (turn.py). Its rarer actions: always shown on a tablet, behind "More" on a phone (an
#: `!important` rule in the component's own sheet wins over the inline `display` of `show`).
WIDE_SHOWN = ("@media (min-width: 701px) { :host { display: flex !important; width: auto !important; }\n"
              "  div[id^=flexbox] { flex-wrap: nowrap !important; } }")
PHONE_ONLY = "@media (min-width: 701px) { :host { display: none !important; } }"
#: A bar word's button shares the row with the others (a pool button is otherwise full width).
TURN_BUTTON = (":host { flex: 1 1 0 !important; width: auto !important; min-width: 100px; "
               "margin: 0 !important; }\n"
               ":host .bk-btn { white-space: normal; line-height: 1.15; padding: 2px 8px; }")
#: A checkbox whose words toggle it too (review defect 10: a decline went unrecorded): Bokeh's
#: box and its words are siblings, not a <label>, so the (invisible) box covers both and the
#: box people see is drawn before the words, checked by `input:checked + .bk-label`.
CHECKBOX_CSS = """
:host { position:relative; min-height:44px; }
:host input[type=checkbox] { position:absolute; inset:0; width:100%; height:100%; margin:0;
  opacity:0; cursor:pointer; z-index:1; }
:host .bk-label { display:inline-flex; align-items:center; gap:10px; min-height:44px; }
:host .bk-label::before { content:""; flex:none; width:28px; height:28px; box-sizing:border-box;
  border:2px solid #1a1a1a; border-radius:5px; background:#fff; color:#fff; font-size:20px;
  font-weight:700; display:inline-flex; align-items:center; justify-content:center; }
:host input:checked + .bk-label::before { content:"✓"; background:#1b5e20;
  border-color:#1b5e20; }
:host input:focus-visible + .bk-label::before { outline:3px solid #0b5394; outline-offset:2px; }
:host input:disabled + .bk-label { opacity:.6; }
"""
#: Every page's controls, beyond the turn screen's own buttons: app.py's design gives each widget
#: of a kind its style sheet here (issue 12: text at least 4.5:1, targets at least 44 px on a
#: tablet or a phone); a checkbox's words toggle it (`CHECKBOX_CSS`).
#: A number's arrows (20 px high) are hidden: the number is typed (or a Stepper is used).
CONTROL_CSS = {
    "button": BUTTON_CSS,
    "input": ":host input.bk-input, :host select.bk-input, :host textarea.bk-input "
             "{ min-height:44px; }\n"
             ":host .bk-input-group > .bk-spin-wrapper > .bk-spin-btn { display:none; }\n",
    "checkbox": CHECKBOX_CSS,
    "card": ":host .card-header { min-height:44px; }\n",
}
ALERT_STYLES = {
    "danger": {"background": "#f8d7da", "color": "#842029", "border": "1px solid #f5c2c7"},
    "warning": {"background": "#fff3cd", "color": "#664d03", "border": "1px solid #ffecb5"},
}


def luminance(colour: str) -> float:
    """The WCAG relative luminance of '#rrggbb'."""
    rgb = [int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ink(colour: str) -> str:
    """Black or white text on `colour`, whichever reads better: a player's colour may be light
    (white on vermillion reads 3.9:1). The better of the two is at least 4.58:1 on any colour."""
    return "#000000" if luminance(colour) > 0.179 else "#ffffff"


def esc(text: Any) -> str:
    """Text for HTML: names typed by players may contain markup; it is shown, never run."""
    return escape(str(text), quote=True)


def html(text: str, **kw: Any) -> pn.pane.HTML:
    """An HTML pane carrying the screen's style sheet (panes live in their own shadow DOM).
    (A Bokeh `Div` would cost the server less per change, 0.02 ms against 0.5 ms, but BokehJS
    renders a Div again and lays the page out after each change of its text: measured 3-5 ms
    in the browser per change, against 0.1 ms for a pane.)"""
    kw.setdefault("sizing_mode", "stretch_width")
    kw.setdefault("stylesheets", [CSS])
    return pn.pane.HTML(text, **kw)


def show(obj: Any, on: bool = True, order: int | None = None) -> None:
    """Show or hide a component with a `display` style, not with `visible`: BokehJS lays the
    whole page out again after every `visible` change (about 20 ms each in the browser, measured
    with scripts/bench_app.py's page), and not after a style change. The page's layout is CSS
    (flex boxes), so a hidden component simply takes no room. `order` sets its CSS order."""
    if isinstance(obj, Stepper):
        obj = obj.layout
    styles = dict(obj.styles or {})
    if on and styles.get("display") == "none":
        styles["display"] = ""  # BokehJS removes an inline style set to ""; a missing key stays
    elif not on:
        styles["display"] = "none"
    if order is not None:  # the place in a flex box (Column, Row, FlexBox)
        styles["order"] = str(order)
    if styles != (obj.styles or {}):
        obj.styles = styles


def shown(obj: Any) -> bool:
    """Whether `show` left `obj` displayed (tests)."""
    if isinstance(obj, Stepper):
        obj = obj.layout
    return bool(obj.visible) and (obj.styles or {}).get("display") != "none"


def relabel(button: Any, label: str, colour: str | None = None) -> None:
    """A pooled button's new text and colour, set only when they change (a Panel parameter set,
    even to the same value, costs about 0.1 ms; a new label about 0.8 ms)."""
    if button.label != label:
        button.label = label
    if colour is not None and button.color != colour:
        button.color = colour


def put(layout: Any, objects: list[Any]) -> None:
    """New children for a layout, sent only if they changed."""
    if [id(o) for o in layout.objects] != [id(o) for o in objects]:
        layout[:] = objects


def set_text(pane: Any, text: str) -> None:
    """New text for an HTML pane, sent only if it changed; hidden when empty."""
    if pane.object != text:
        pane.object = text
    show(pane, bool(text))


def alert_pane(kind: str = "danger") -> pn.pane.HTML:
    """An alert box for text that may contain players' names: set `.object` to ESCAPED HTML and
    `show` it. (Panel's Alert renders Markdown, which would turn a name like **x** into markup.)"""
    style = {**ALERT_STYLES[kind], "border-radius": "8px", "padding": "4px 12px",
             "font-size": "16px", "display": "none"}
    return pn.pane.HTML("", sizing_mode="stretch_width", styles=style)


def button(label: str, **kw: Any) -> pn.widgets.Button:
    """A button with the app's readable colours (`BUTTON_CSS`)."""
    kw.setdefault("stylesheets", [])
    kw["stylesheets"] = [BUTTON_CSS, *kw["stylesheets"]]
    return pn.widgets.Button(label=label, **kw)


def pool_button(press: Any, width: int = 0, hidden: bool = False) -> pn.widgets.Button:
    """A button whose click calls `press(button.sw_action)`; the action changes with the game.
    A `press` that can `own` it (a `taps.TapChannel`) gets the button and its clicks
    instead, so that a tap carries what the page showed."""
    size = {"width": width, "sizing_mode": "fixed"} if width else {"sizing_mode": "stretch_width"}
    b = button("", height=BIG, styles={"display": "none"} if hidden else {}, **size)
    if hasattr(press, "own"):
        return press.own(b)  # type: ignore[no-any-return]
    b.sw_action = None  # type: ignore[attr-defined]
    b.on_click(lambda e, b=b: press(b.sw_action))  # type: ignore[attr-defined]
    return b


def more(have: int, need: int) -> int:
    """How many to add to a pool of `have` for `need`: none, or enough to double it (at
    least). Each growth sends new models to the page (about 25 ms each on the server, and a
    layout in the browser), so pools grow rarely."""
    return 0 if need <= have else max(need, 2 * have) - have


def show_buttons(box: Any, specs: list[tuple[str, str, Any]], press: Any) -> None:
    """Show (label, colour, action) buttons in `box`, reusing its buttons: a button keeps
    its label from one drawing to the next when it can (a new label costs the server about
    0.8 ms), and the CSS `order` puts the buttons in the order of `specs` (changing the
    box's children would make the browser lay the page out again)."""
    pool = list(box.objects)
    pool += [pool_button(press, hidden=True) for _k in range(more(len(pool), len(specs)))]
    chosen: list[Any] = [None] * len(specs)
    free = list(pool)
    for k, (label, _, _) in enumerate(specs):  # the same label as now first
        same = next((b for b in free if b.label == label), None)
        if same is not None:
            chosen[k] = same
            free.remove(same)
    for k, (label, colour, action) in enumerate(specs):
        if chosen[k] is None:  # then one of the same colour, then a hidden one
            chosen[k] = min(free, key=lambda b: (b.color != colour, shown(b)))
            free.remove(chosen[k])
        b = chosen[k]
        b.sw_action = action
        relabel(b, label, colour)
        show(b, order=k)
    for b in free:
        b.sw_action = None
        show(b, False)
    put(box, pool)


class Stepper(pn.viewable.Viewer):
    """A number with big − and + buttons (no hover, no tiny spinner arrows). `set` reuses it
    for another region (the turn screen keeps a pool of them)."""

    value = param.Integer(default=0)

    def __init__(self, label: str, value: int, low: int, high: int, **params: Any):
        super().__init__(value=value, **params)
        self.low, self.high = low, high
        minus = button("−", width=BIG, height=BIG, stylesheets=[":host .bk-btn { font-size: 24px; }"])
        plus = button("+", width=BIG, height=BIG, stylesheets=[":host .bk-btn { font-size: 24px; }"])
        minus.on_click(lambda e: self._step(-1))
        plus.on_click(lambda e: self._step(+1))
        self._shown = html(self._text(), width=50, sizing_mode="fixed",
                           styles={"font-size": "24px", "text-align": "center"})
        self._label = html(label, styles={"font-size": "17px"})
        self.layout = pn.Row(self._label, minus, self._shown, plus, sizing_mode="stretch_width")

    def set(self, label: str, value: int, low: int, high: int) -> None:
        self.low, self.high = low, high
        if self._label.object != label:
            self._label.object = label
        self.value = value

    def _text(self) -> str:
        return f"<b>{self.value}</b>"

    def _step(self, d: int) -> None:
        with pn.io.hold():  # the number and the total leave in one message
            self.value = max(self.low, min(self.high, self.value + d))

    @param.depends("value", watch=True)
    def _show(self) -> None:
        self._shown.object = self._text()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout
