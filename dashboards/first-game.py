"""The served page /first-game: `panel serve dashboards/app.py dashboards/first-game.py`.

A file of its own because Panel names a served page after its file; the component is
dashboards/first_game.py (a notebook shows the same one).
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("BOKEH_SIMPLE_IDS", "no")  # as dashboards/app.py: ids unique across restarts
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import panel as pn  # noqa: E402

from dashboards.first_game import TITLE, page  # noqa: E402
from dashboards.i18n import _  # noqa: E402

pn.extension(notifications=False)
pn.config.reconnect = False  # the connection light reconnects (dashboards/connection.py)
if pn.state.served:
    view = page()  # first: it fixes the page's language
    view.servable(title=_(TITLE))
