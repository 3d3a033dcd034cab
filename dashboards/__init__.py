"""Panel apps and the board map of the Small World companion."""

import sys

if "panel" in sys.modules:  # pragma: no branch
    # A process that already uses Panel (the app, or a protocol client such as
    # scripts/bench_app.py's devices) needs the connection light's Bokeh model registered to
    # read the app's documents; defining the class registers it. Store-only uses stay light.
    from . import connection  # noqa: F401
