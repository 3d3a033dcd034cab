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

Player colours are the saturated Okabe-Ito colours (distinct for colour-blind viewers and
from the pale terrain): blue, vermillion, reddish purple, orange, black, in seat order. A
token badge also names its race, so colour is never the only cue. Lost Tribes are grey.
In-decline races are dimmed (lighter fill) and hatched.
"""

from __future__ import annotations

TERRAIN_COLORS: dict[str, str] = {
    "farmland": "#EEDD88",
    "forest": "#44BB99",
    "hill": "#BBCC33",
    "swamp": "#AAAA00",
    "mountain": "#DDDDDD",
    "sea": "#77AADD",
    "lake": "#99DDFF",
}
#: Bokeh hatch patterns: a second cue besides colour (" " is no hatch).
TERRAIN_HATCH: dict[str, str] = {"sea": "horizontal_wave", "lake": "horizontal_wave",
                                 "swamp": "vertical_dash"}
HATCH_COLOR = "#FFFFFF"

#: Okabe-Ito colours by seat (the default; an app may pass its own).
PLAYER_COLORS: list[str] = ["#0072B2", "#D55E00", "#CC79A7", "#E69F00", "#000000"]
LOST_TRIBE_COLOR = "#666666"
DECLINED_ALPHA = 0.45
DECLINED_HATCH = "right_diagonal_line"
DECLINED_INK = "#000000"

#: Symbols printed on the board, shown next to the region id.
SYMBOL_GLYPHS: dict[str, str] = {"mine": "⚒", "cavern": "∩", "magic": "✦"}
SYMBOL_NAMES: dict[str, str] = {"mine": "mine", "cavern": "cavern", "magic": "magic source"}
MOUNTAIN_COLOR = "#777777"

#: Markers: badge word on the map, name in the hover text.
MARKER_BADGES: dict[str, str] = {"lair": "Lair", "fortress": "Fort", "encampment": "Camp",
                                 "hero": "Hero", "dragon": "Dragon", "hole": "Hole"}
MARKER_NAMES: dict[str, str] = {"lair": "Troll lair", "fortress": "Fortress",
                                "encampment": "Encampment", "hero": "Hero", "dragon": "Dragon",
                                "hole": "Hole-in-the-Ground"}

OUTLINE = ("#4D4D4D", 1.0)  # colour, width of a region's outline
TARGET = ("#111111", 4.0)  # regions the player to move can conquer now
FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols', sans-serif"

LEGEND_NOTE = ("⚒ mine   ∩ cavern   ✦ magic source   ▲ mountain   "
               "thick outline: can be conquered now   hatched, pale badge: race in decline")


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
