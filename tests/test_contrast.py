"""Issue 12, review M7: every text and control reads at least 4.5:1 (WCAG 2.1 AA for normal
text) and every control is a target of at least 44 px: the colour pairs the app declares,
computed here; then, in Debian's chromium, every visible text and control of the lobby, the
new-game form and the turn screen, as a tablet and a phone show them (colours as computed by
the browser, composed over the backgrounds behind them, shadow DOM included)."""

from __future__ import annotations

import pytest
from conftest import WAIT_MS

from dashboards.widgets import ALERT_STYLES, BUTTON_COLOURS, BUTTON_CSS, ink


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


@pytest.mark.parametrize("colour", ["#0072B2", "#D55E00", "#CC79A7", "#E69F00", "#000000",
                                    "#8B4513", "#009E73", "#777777", "#ffffff"])
def test_a_players_chip_reads_on_their_colour(colour):
    """White on vermillion reads 3.9:1 and on reddish purple 3.1:1: those chips are black."""
    assert ratio(ink(colour), colour) >= 4.5


# --- in the browser -------------------------------------------------------------------------
#: Every visible element with text of its own, and every control; disabled ones are exempt
#: (WCAG 1.4.3). A checkbox's label does not toggle it in Bokeh: the box is the target.
AUDIT = r"""() => {
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c || "")
    if (!m) return null
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number)
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]
  }
  const up = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null
  const over = (c, rgb) => rgb.map((v, i) => c[i] * c[3] + v * (1 - c[3]))
  const backdrop = (el) => {
    const layers = []
    for (let e = el; e; e = up(e)) {
      const c = parse(getComputedStyle(e).backgroundColor)
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break }
    }
    let rgb = [255, 255, 255]
    for (const c of layers.reverse()) rgb = over(c, rgb)
    return rgb
  }
  const lum = (rgb) => {
    const l = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4 })
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
  }
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p)
    return (x + 0.05) / (y + 0.05)
  }
  const disabled = (el) => {
    for (let e = el; e; e = up(e)) {
      if (e.matches && e.matches(":disabled, [aria-disabled=true], .bk-disabled")) return true
    }
    return false
  }
  const visible = (el) => {
    const r = el.getBoundingClientRect()
    return r.width > 0 && r.height > 0 &&
      el.checkVisibility({ checkOpacity: true, visibilityProperty: true })
  }
  const name = (el) => (el.innerText || el.value || el.getAttribute("aria-label") ||
                        el.placeholder || el.tagName).trim().slice(0, 40)
  const low = [], small = []
  const contrast = (el, fg, bg, what) => {
    const r = ratio(over(fg, bg), bg)
    if (r < 4.5) low.push(`${what} ${r.toFixed(2)}:1`)
  }
  const check = (el) => {
    if (!visible(el) || disabled(el)) return
    const bg = backdrop(el)
    if ([...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) {
      contrast(el, parse(getComputedStyle(el).color), bg, name(el))
    }
    if (el.matches("input, textarea") && el.placeholder && !el.value) {
      contrast(el, parse(getComputedStyle(el, "::placeholder").color), bg,
               "placeholder " + el.placeholder)
    }
    if (el.matches("button, select, input:not([type=hidden]), textarea, a[href], summary, " +
                   "[role=button]")) {
      const r = el.getBoundingClientRect()
      if (r.height < 43.5 || r.width < 43.5) {
        small.push(`${name(el)} ${Math.round(r.width)}x${Math.round(r.height)}`)
      }
    }
  }
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) { check(el); if (el.shadowRoot) walk(el.shadowRoot) }
  }
  walk(document)
  return { low, small }
}"""

#: A tablet (the documented 1280x800) and a phone.
SCREENS = [(1280, 800), (390, 844)]


def audit(page) -> dict:
    found = page.evaluate(AUDIT)
    return {k: sorted(set(v)) for k, v in found.items()}


@pytest.mark.browser
@pytest.mark.parametrize("size", SCREENS, ids=["tablet", "phone"])
def test_lobby_new_game_form_and_turn_screen_read_and_are_big_enough(size, tmp_path):
    """The lobby (the new-game button was white on #5cb85c, 2.5:1), the new-game form (its
    selected choice dark on dark green, 2.5:1; checkboxes 13 px, inputs 34-40 px) and the
    game's turn screen (a player's chip, the help '?'): nothing under 4.5:1 or 44 px. On a phone
    the game's header takes two rows (it took three, about 170 px): the title, then every
    control (light, join code, tutorial, languages) on one row, under 110 px in all."""
    from playwright.sync_api import sync_playwright
    from test_browser_app import ARGS, CHROMIUM, Server, known_game

    db_url = f"sqlite:///{tmp_path / 'app.sqlite'}"
    gid, code = known_game(db_url)
    server = Server(db_url)
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": size[0], "height": size[1]})
            page.set_default_timeout(WAIT_MS)
            page.goto(server.url)
            page.get_by_role("button", name="New game").wait_for()
            assert audit(page) == {"low": [], "small": []}, "lobby"
            page.get_by_role("button", name="New game").click()
            page.get_by_role("button", name="Create the game").wait_for()
            assert audit(page) == {"low": [], "small": []}, "new-game form"
            page.goto(f"{server.url}?game={gid}&code={code}")
            page.get_by_text("To play:").wait_for()
            assert audit(page) == {"low": [], "small": []}, "turn screen"
            if size[0] < 700:
                header = page.locator("#header").bounding_box()
                tops = {round(page.locator(sel).first.bounding_box()["y"]) for sel in (
                    "text=Join code", "a.sw-rules", "a.sw-lang >> nth=0", "a.sw-lang >> nth=1")}
                assert header["height"] <= 110 and len(tops) == 1, (header, tops)
            browser.close()
    finally:
        server.kill()
