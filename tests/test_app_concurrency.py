"""C1 (reliability review): two devices on ONE server process must never store an action that
no screen showed. A tap carries the label and seq its page showed (dashboards/taps.py); the
race is reproduced deterministically: screen B is synced (relabelled) before its tap, sent on
the old state, is processed."""

import pytest

from dashboards.session import CHANGED, CONFLICT, TableSession, create_game
from swcore.bots import GreedyBot

pytest.importorskip("panel")

RACES = ["ratmen", "elves", "amazons", "dwarves", "orcs", "humans"]
POWERS = ["hill", "forest", "swamp", "alchemist", "flying", "merchant"]


def two_screens(store):
    """Ann's second turn on two devices (screens A and B, pages that send taps)."""
    from dashboards.turn import TurnScreen

    gid, code = create_game(store, "T", ["Ann", "Bob", "Cleo"], races=RACES, powers=POWERS,
                            seed=5)
    a, b = TableSession.open(store, gid, code), TableSession.open(store, gid, code)
    bot, g = GreedyBot(3), a.game
    while not (g.turn == 2 and g.to_act == "Ann"):
        assert a.act(bot.choose(g, g.legal_actions())), a.error
    A, B = TurnScreen(a), TurnScreen(b)
    B.poll()
    A._taps.live = B._taps.live = True
    return A, B


def button(screen, start):
    from dashboards.turn import shown

    return next(x for x in screen._turn_buttons if shown(x) and x.label.startswith(start))


def test_both_devices_confirm_end_turn_exactly_one_is_stored(store):
    A, B = two_screens(store)
    for screen in (A, B):  # both tablets open the confirmation of "End the turn"
        screen._taps.send(button(screen, "End the turn"), screen.session.seq)
    seq = B.session.seq
    b_button = button(B, "Confirm")
    label = b_button.label
    A._taps.send(button(A, "Confirm"), A.session.seq)  # A's tap is processed first
    B.poll()  # B's page is brought up to date before its tap, sent on `seq`, is processed
    assert b_button.label != label  # the pooled button now means another thing (Bob's turn)
    B._taps.send(b_button, seq, label)
    rows = store.rows(A.session.game_id)
    # One end of turn, Ann's, after the placement her screen proposed and she confirmed.
    assert [r.action.get("do") for r in rows[seq:]] == ["redeploy", "end_turn"]
    assert {r.action["by"] for r in rows[seq:]} == {"Ann"}
    assert B.session.error == CONFLICT and B.session.conflicts == 1
    assert B.session.seq == A.session.seq == seq + 2  # B shows the new state
    assert B._alert.object and "Another device" in B._alert.object


def test_a_tap_on_the_state_shown_is_stored(store):
    A, _ = two_screens(store)
    seq = A.session.seq
    A._taps.send(button(A, "End the turn"), seq)
    A._taps.send(button(A, "Confirm"), seq)
    # The proposed placement, confirmed, then the end of the turn (issue 12).
    assert A.session.seq == seq + 2 and A.session.error == ""


def test_a_relabelled_button_on_the_same_state_is_refused(store):
    A, _ = two_screens(store)
    b = button(A, "End the turn")
    A._taps.send(b, A.session.seq, "Conquer r4")  # the page showed another label there
    assert A.session.error == CHANGED
    assert A.session.seq == len(store.rows(A.session.game_id))


def test_undo_confirmation_undoes_exactly_what_it_listed(store):
    """A lists "undo 1" on seq S; B ends the turn; A's "Yes, undo" arrives after A's sync."""
    A, B = two_screens(store)
    seq = A.session.seq
    A._ask("undo")
    yes = next(x for x in A._sheet.objects[-1] if getattr(x, "label", "") == "Yes, undo")
    B._taps.send(button(B, "End the turn"), seq)
    B._taps.send(button(B, "Confirm"), seq)
    A.poll()
    yes.clicks += 1
    rows = store.rows(A.session.game_id)
    assert [r.kind for r in rows[seq:]] == ["act", "act"]  # B's placement and end; no undo
    assert A.session.error == CONFLICT


def test_undo_confirmation_on_the_state_it_listed_works(store):
    A, _ = two_screens(store)
    seq = A.session.seq
    A._ask("undo")
    yes = next(x for x in A._sheet.objects[-1] if getattr(x, "label", "") == "Yes, undo")
    yes.clicks += 1
    assert store.rows(A.session.game_id)[-1].kind == "undo" and A.session.seq == seq + 1


def test_a_click_without_its_tap_is_refused_as_stale(store):
    """C1: a client that sends the click event alone (no JavaScript: no label, no seq) cannot
    run what the pooled button means now; it is refused and told, nothing is stored."""
    A, _ = two_screens(store)
    A._taps.live = False
    seq = A.session.seq
    end = button(A, "End the turn")
    end.clicks += 1
    assert A.session.seq == seq == len(store.rows(A.session.game_id))
    assert A.session.error == CHANGED and not A._confirm
    assert A._alert.object and "screen changed" in A._alert.object
    A._taps.send(end, seq)  # the same button, tapped with what the screen showed, works
    assert A._confirm


def test_a_click_then_its_tap_is_stored_once(store):
    """What BokehJS sends for one tap: the click event, then the tap (its CustomJS runs
    asynchronously). The click is ignored in a live page; the tap runs, once."""
    A, _ = two_screens(store)
    seq = A.session.seq
    for name in ("End the turn", "Confirm"):
        b = button(A, name)
        b.clicks += 1
        A._taps.send(b, seq)
    assert A.session.seq == seq + 2 and A.session.error == ""


def test_a_browser_click_event_alone_does_nothing(store):
    """In a page that sends taps, the click event is only the first half: the tap decides."""
    A, _ = two_screens(store)
    seq = A.session.seq
    button(A, "End the turn").clicks += 1
    assert A.session.seq == seq and not A._confirm


def test_session_refuses_a_stale_seq(store):
    gid, code = create_game(store, "T", ["Ann", "Bob"], races=RACES, powers=POWERS)
    s = TableSession.open(store, gid, code)
    assert not s.act({"by": "Ann", "do": "pick", "combo": 0}, seen=3)
    assert s.error == CONFLICT and store.rows(gid) == []
    assert s.act({"by": "Ann", "do": "pick", "combo": 0}, seen=0)
    # behind only its own action: refused, but not blamed on another device (table.md 8)
    assert not s.undo(1, seen=0) and s.error == CHANGED
    assert s.undo(1, seen=1) and not s.redo(1, seen=1) and s.redo(1, seen=2)
