"""Colours, hatches and glyphs of the board map (`dashboards.board_map`); see docs/map.md.

Terrain colours are from Paul Tol's "light" scheme, built to stay distinct for the common
colour-vision deficiencies and light enough for dark labels on top. Terrain never relies on
colour alone: seas and the lake carry a wave hatch, swamps a reed hatch, mountains drawn
peaks, and the hover text names the terrain.

| terrain  | colour    | Tol "light" name | second cue          |
|----------|-----------|------------------|---------------------|
| farmland | `#EEDD88` | light yellow     |                     |
| forest   | `#44BB99` | mint             |                     |
| hill     | `#BBCC33` | pear             |                     |
| swamp    | `#AAAA00` | olive            | reed hatch          |
| mountain | `#DDDDDD` | pale grey        | peaks (three ▲)     |
| sea      | `#77AADD` | light blue       | wave hatch          |
| lake     | `#99DDFF` | light cyan       | wave hatch          |

Underground terrains take the colour of the base terrain they count as (U-COMPAT-5): Mudpool
as a swamp (olive, reed hatch), Mushroom Forest as a forest (mint), Black Mountain a darker
grey with peaks; a Mine is orange (Tol "light"), Mystic Crystals pale green, an Abysmal Chasm
near-black (its label in white). Their symbols: ♞ Monsters, ♨ the Volcano's chasms.

Player colours are the saturated Okabe-Ito colours (distinct for colour-blind viewers and
from the pale terrain): blue, vermillion, reddish purple, orange, black, in seat order. A
token badge also names its race, so colour is never the only cue. Lost Tribes are grey.
In-decline races are dimmed (lighter fill) and hatched.

Text sizes follow the map's scale on screen (`TEXT_STEPS`), so that the labels of a crowded
board still fit their regions on a phone: a board drawn narrower than about 680 px shows
short badges (`Rat×4`, `LT×1`; the hover text has the full names).
"""

from __future__ import annotations

import json
from pathlib import Path

#: The style tables keyed by terrain, symbol and marker kind are data (map_style.json), so a
#: new terrain or marker needs a row there, not code here.
_DATA = json.loads((Path(__file__).with_name("map_style.json")).read_text(encoding="utf-8"))
TERRAIN_COLORS: dict[str, str] = _DATA["terrain_colors"]
#: Bokeh hatch patterns: a second cue besides colour (" " is no hatch).
TERRAIN_HATCH: dict[str, str] = _DATA["terrain_hatch"]
HATCH_COLOR = "#FFFFFF"

#: Okabe-Ito colours by seat (the default; an app may pass its own).
PLAYER_COLORS: list[str] = ["#0072B2", "#D55E00", "#CC79A7", "#E69F00", "#000000"]
LOST_TRIBE_COLOR = "#666666"
DECLINED_ALPHA = 0.45
DECLINED_HATCH = "right_diagonal_line"
DECLINED_INK = "#000000"

#: Symbols printed on the board, shown next to the region id.
SYMBOL_GLYPHS: dict[str, str] = _DATA["symbol_glyphs"]
SYMBOL_NAMES: dict[str, str] = _DATA["symbol_names"]
MOUNTAIN_COLOR = "#777777"

#: A board's transcription confidence as the map's title and the board lists say it (the
#: words are in dashboards.po; a board transcribed with full confidence says nothing).
CONFIDENCE_WORDS: dict[str, str] = {"medium": "medium confidence",
                                    "low": "draft, low confidence"}

#: Markers: badge word on the map, name in the hover text.
MARKER_BADGES: dict[str, str] = _DATA["marker_badges"]
MARKER_NAMES: dict[str, str] = _DATA["marker_names"]


def note(text: str) -> str:
    """A note of phrases three spaces apart (`LEGEND_NOTE`) in the page's language (each
    phrase is in dashboards.po: cards.LEGEND_PHRASES)."""
    from .i18n import _

    return "   ".join(_(part.strip()) for part in text.split("   ") if part.strip())


def marker_badge(kind: str) -> str:
    """The word on the map for a marker kind (its name when the style has no badge for it), in
    the page's language (marked for translation: `cards.BADGE_WORDS`)."""
    from .i18n import _

    return _(MARKER_BADGES[kind]) if kind in MARKER_BADGES else marker_name(kind)


def marker_name(kind: str) -> str:
    """A marker kind's name in the hover text and the region card."""
    from swcore.i18n import place_name

    from .i18n import lang
    if lang() != "en" and place_name(kind, lang()) != kind:
        return place_name(kind, lang())
    return MARKER_NAMES.get(kind) or kind.replace("_", " ").capitalize()


def symbol_name(symbol: str) -> str:
    """A board symbol's name (the French rule books' in French, the style's in English)."""
    from swcore.i18n import place_name

    from .i18n import lang
    return place_name(symbol, lang()) if lang() != "en" else SYMBOL_NAMES.get(symbol, symbol)


#: Text sizes by the map's scale, in screen px per frame unit (the boards are 1000 units
#: wide, so 0.8 is a board 800 px wide): (from this scale, region id px, token badge px,
#: short badges). The map's JavaScript picks the step again whenever the figure is resized
#: or zoomed (e.g. `sizing_mode="scale_width"` in the app).
TEXT_STEPS: list[tuple[float, int, int, bool]] = [
    (0.0, 8, 9, True), (0.45, 9, 10, True), (0.58, 10, 11, True), (0.68, 10, 11, False),
    (0.8, 11, 12, False), (0.95, 12, 13, False), (1.15, 13, 14, False)]
#: The smallest scale a map is laid out for (a board 340 px wide: a phone 360 px wide).
MIN_SCALE = 0.34
#: For laying the labels out, widths in em of the map's font (DejaVu Sans, wider than the
#: usual fallbacks) measured in chromium: a character of a region id label (bold), the widest
#: token badges allowed for (full: "Amazons ×10", "Skeletons ×9"; short: "Ske×12"), a marker
#: badge ("Lair Fort"); and the height of a line.
EM_LABEL_CHAR, EM_TOKEN, EM_MARKS, EM_LINE = 0.62, (7.6, 4.3), 4.6, 1.2
#: Short badge of a Lost Tribe (a race's is the first three letters of its name).
LOST_TRIBE_SHORT = "LT"

OUTLINE = ("#4D4D4D", 1.0)  # colour, width of a region's outline
TARGET = ("#111111", 4.0)  # regions the player to move can conquer now
FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols', sans-serif"

#: The note under the legend; phrases apart by three spaces (the map wraps it between them).
LEGEND_NOTE = ("⚒ mine   ∩ cavern   ✦ magic source   ▲ mountain   "
               "thick outline: can be conquered now   hatched, pale badge: race in decline")
#: Added to the note when the badges are short.
SHORT_NOTE = "Rat×4: 4 Ratmen tokens   LT: Lost Tribe"


def text_steps() -> list[dict]:
    """`TEXT_STEPS` as the settings of the map's text glyphs at each step (JSON, for the
    browser too): font sizes, badge paddings, and the offsets (px) of the region id above
    the anchor (`up`, negative) and of the marker badge below it (`down`)."""
    steps = []
    for scale, label, badge, short in TEXT_STEPS:
        pad = 3 if badge >= 11 else 2
        # Small maps: a smaller marker badge that overlaps the token badge's lower edge, so
        # that the stack is hardly taller than the region id and the token.
        mark, mpad = (label - 1, 1) if short else (label, 2 if label >= 10 else 1)
        up = -round(badge / 2 + pad + 1.5 + label * 0.55 + 1)
        down = round(badge / 2 + pad + mark * 0.6 + mpad + (-2 if short else 2.5))
        steps.append({"from": scale, "label": f"{label}px", "badge": f"{badge}px",
                      "mark": f"{mark}px", "pad": pad, "mpad": mpad, "up": up, "down": down,
                      "short": short})
    return steps


def stack_boxes(step: dict, label: str) -> list[tuple[float, float, float, float]]:
    """The boxes (left, top, right, bottom in screen px from the label anchor, y down) of a
    region's id `label`, its widest token badge and its marker badge at a `text_steps()`
    step: what the label layout keeps inside the region and apart from the neighbours'."""
    lab, badge, mark = (float(step[k][:-2]) for k in ("label", "badge", "mark"))
    out = []
    for w, h, y in (
            (EM_LABEL_CHAR * lab * len(label) + 2, EM_LINE * lab + 2, step["up"]),
            (EM_TOKEN[step["short"]] * badge + 2 * step["pad"] + 3,
             EM_LINE * badge + 2 * step["pad"] + 3, 0.0),
            (EM_MARKS * mark + 2 * step["mpad"] + 2, EM_LINE * mark + 2 * step["mpad"] + 2,
             step["down"])):
        out.append((-w / 2, y - h / 2, w / 2, y + h / 2))
    return out


def ink(color: str) -> str:
    """Black or white, whichever reads better on `color` (a "#RRGGBB" string)."""
    try:
        r, g, b = (int(color.lstrip("#")[k:k + 2], 16) / 255 for k in (0, 2, 4))
    except ValueError:
        return "#000000"
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    # WCAG contrast against white (1.05 / (lum + 0.05)) versus against black ((lum + 0.05) / 0.05)
    return "#FFFFFF" if 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 else "#000000"
