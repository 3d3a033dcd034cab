"""Issue 12, review M7: every button colour pair of the turn screen reads at least 4.5:1
(WCAG 2.1 AA for normal text), computed from the colours the app declares."""

from __future__ import annotations

import pytest

from dashboards.widgets import ALERT_STYLES, BUTTON_COLOURS, BUTTON_CSS


def luminance(colour: str) -> float:
    rgb = [int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_formula():
    assert round(ratio("#ffffff", "#000000"), 1) == 21.0
    assert round(ratio("#ffffff", "#5cb85c"), 2) == 2.48  # Bokeh's green, as the review measured


@pytest.mark.parametrize("kind", sorted(BUTTON_COLOURS))
def test_button_text_on_its_background(kind):
    fg, bg = BUTTON_COLOURS[kind]
    assert ratio(fg, bg) >= 4.5
    assert f"color:{fg}; background-color:{bg}" in BUTTON_CSS  # solid, hover included
    if kind != "default":  # outline toggles: the colour on white, white on the colour
        assert ratio(bg, "#ffffff") >= 4.5


@pytest.mark.parametrize("kind", sorted(ALERT_STYLES))
def test_alerts(kind):
    style = ALERT_STYLES[kind]
    assert ratio(style["color"], style["background"]) >= 4.5


def test_muted_text_and_the_turn_track():
    assert ratio("#555555", "#ffffff") >= 4.5  # .sw-muted
    assert ratio("#333333", "#e8e8e8") >= 4.5 and ratio("#ffffff", "#1b5e20") >= 4.5
