"""Following other devices: one poller per server process and database (see `Watcher`)."""

from __future__ import annotations

import os
import threading
from typing import Any

#: How often a screen looks for other devices' actions (ms); $SW_POLL_MS overrides it.
POLL_MS = int(os.environ.get("SW_POLL_MS", "500"))


class Watcher:
    """One poller per server process and database: every `POLL_MS` it asks the last seq of every
    game open in the process in ONE query, and only the screens whose game moved re-read the log
    (on their own document). A commit made in this process pokes it at once, so the other
    screens of this process follow without waiting; other processes are seen by the polling.
    (A Panel periodic callback per screen would also toggle every page's busy indicator twice a
    poll: measured at 62% of a core for 20 idle screens.)"""

    _all: dict[int, Watcher] = {}

    def __init__(self, store: Any):
        self.store = store
        self.screens: dict[int, Any] = {}
        self._timer: Any = None
        self._lock = threading.Lock()

    @classmethod
    def of(cls, store: Any) -> Watcher:
        return cls._all.setdefault(id(store), cls(store))

    def add(self, screen: Any) -> None:
        from tornado.ioloop import IOLoop, PeriodicCallback

        with self._lock:
            self.screens[id(screen)] = screen
            if self._timer is None:
                self._loop = IOLoop.current()
                self._timer = PeriodicCallback(self.tick, POLL_MS)
                self._timer.start()

    def remove(self, screen: Any) -> None:
        with self._lock:
            self.screens.pop(id(screen), None)
            if not self.screens and self._timer is not None:
                self._timer.stop()
                self._timer = None

    def poke(self, source: Any) -> None:
        """After `source` stored an action: the other screens of its game in this process follow
        at once (no database query for the others); safe from any thread."""
        if self._timer is not None:
            self._loop.add_callback(self._follow, source)

    def _follow(self, source: Any) -> None:
        with self._lock:
            screens = [s for s in self.screens.values()
                       if s is not source and s.session.game_id == source.session.game_id]
        for screen in screens:
            screen.schedule_sync()

    def tick(self) -> None:
        with self._lock:
            screens = list(self.screens.values())
        if not screens:
            return
        try:
            seqs = self.store.last_seqs(s.session.game_id for s in screens)
        except Exception:  # the database is away for a moment: try again next tick
            return
        for screen in screens:
            if seqs.get(screen.session.game_id, 0) != screen.session.seq:
                screen.schedule_sync()


class Following:
    """What a screen needs to follow other devices through the `Watcher` (the turn screen, the
    score sheet's screen): `session`, `_doc`, `_pending` and `poll()` on the screen; a screen
    may time its refreshes by overriding `_syncing`."""

    session: Any
    _doc: Any = None
    _pending = False

    def start_polling(self) -> None:
        import panel as pn

        if self._doc is None and pn.state.curdoc is not None and pn.state.curdoc.session_context:
            self._doc = pn.state.curdoc
            Watcher.of(self.session.store).add(self)
            pn.state.on_session_destroyed(lambda ctx: self.stop())

    def schedule_sync(self) -> None:
        """Run `poll` on this screen's document, once at a time."""
        import panel as pn
        from panel.io.state import set_curdoc

        if self._doc is None or self._pending:
            return
        self._pending = True

        def run() -> None:
            self._pending = False
            with self._syncing():
                self.poll()
        try:
            with set_curdoc(self._doc):
                pn.state.execute(run, schedule=True)
        except Exception:  # the page was closed: stop following
            self._pending = False
            self.stop()

    def _syncing(self) -> Any:
        """The context a refresh runs in: one update sent to the page."""
        import panel as pn

        return pn.io.hold()

    def poll(self) -> None:
        self.session.sync()

    def poke(self) -> None:
        """After this screen stored an action: the process's other screens follow at once."""
        if self._doc is not None:
            Watcher.of(self.session.store).poke(self)

    def stop(self) -> None:
        if self._doc is not None:
            Watcher.of(self.session.store).remove(self)
            self._doc = None
