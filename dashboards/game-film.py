"""The served page /game-film: `panel serve dashboards/app.py dashboards/game-film.py ...`.

A file of its own because Panel names a served page after its file; the component is
dashboards/film.py (a notebook shows the same one with `film(game)`).
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("BOKEH_SIMPLE_IDS", "no")  # as dashboards/app.py: ids unique across restarts
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import panel as pn  # noqa: E402

from dashboards.film import TITLE, page  # noqa: E402
from dashboards.i18n import _  # noqa: E402

pn.extension(notifications=False)
if pn.state.served:
    view = page()  # first: it fixes the page's language
    view.servable(title=_(TITLE))
