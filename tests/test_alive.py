"""/sw-alive (dashboards/alive.py), without a server: what a page that lost its connection is
told to do, and the reloads after a restart handed out one after another."""

from dashboards import alive


def test_the_same_process_says_reconnect_in_place_another_says_reload():
    assert alive.answer(alive.BOOT, again=False)["same"] is True
    moved = alive.answer("another-process", again=False)
    assert moved["same"] is False and moved["boot"] == alive.BOOT and "wait" in moved
    # the in-place reconnection was refused (token or session expired): reload too
    assert alive.answer(alive.BOOT, again=True)["same"] is False


def test_reloads_are_handed_out_gap_apart():
    now = [100.0]
    q = alive.Queue(0.5, clock=lambda: now[0])
    assert [q.slot() for _ in range(4)] == [0.0, 0.5, 1.0, 1.5]
    now[0] += 1.0  # a second later: the queue has moved on
    assert q.slot() == 1.0
    now[0] += 60.0  # an idle queue starts again at once
    assert q.slot() == 0.0


def test_a_session_built_is_counted():
    before = alive.answer(alive.BOOT, again=False)["sessions"]
    alive.session_built()
    assert alive.answer(alive.BOOT, again=False)["sessions"] == before + 1
