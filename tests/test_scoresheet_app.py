"""The score-only mode in the app without a browser (issue 12): stored, resumed, followed by a
second device, undone like a map game; the new-game form's choice; map games unchanged."""

from __future__ import annotations

import pytest

from dashboards.newgame import NewGameForm
from dashboards.scoresheet import SheetScreen
from dashboards.session import CHANGED, CONFLICT, SetupError, TableSession, create_game
from dashboards.store import Store
from dashboards.widgets import shown
from swcore import Game
from swcore.scoresheet import ScoreSheet


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'sheet.sqlite'}")
    yield s
    s.dispose()


def humans_turn() -> dict:
    # B-SCORE-1 + B-RACE-HUMANS-1: 2 farmland + 1 forest = 3 + 2 = 5; position 1 costs 1.
    return {"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "forest", "position": 1},
            "held": {"humans": {"terrain": {"farmland": 2, "forest": 1}}}}


def test_a_score_sheet_is_stored_resumed_and_followed(store):
    gid, code = create_game(store, "Sheet", ["Ann", "Bob"], scores=True)
    record = store.game(gid)
    assert record.setup["mode"] == "scores" and record.setup["board"] is None
    a, b = TableSession.open(store, gid, code), TableSession.open(store, gid, code)
    assert a.is_sheet and isinstance(a.game, ScoreSheet)
    assert a.act(humans_turn(), a.seq)
    # B-POW-FOREST-1: +1 for the forest; 5 - 1 + 3 + 2 + 1 = 10.
    assert a.game.coins == [10, 5]
    assert b.sync() and b.game.coins == [10, 5]
    assert not a.act({"by": "Ann", "do": "turn", "held": {}}, a.seq)  # B-FLOW-1: Bob's turn
    assert a.error_rule == "B-FLOW-1" and store.last_seq(gid) == 1
    assert a.undo_preview(1) == ["Ann's turn, picks Humans / Forest, 3 regions held"]
    assert a.undo(1, a.seq) and a.game.coins == [5, 5]
    again = TableSession.open(store, gid, code)
    assert again.game.coins == [5, 5] and again.game.redo_stack == [a.game.redo_stack[0]]
    assert again.redo(1, again.seq) and again.game.coins == [10, 5]


def test_map_games_still_open_as_map_games(store):
    gid, code = create_game(store, "Map", ["Ann", "Bob"])
    session = TableSession.open(store, gid, code)
    assert isinstance(session.game, Game) and not session.is_sheet
    assert "mode" not in store.game(gid).setup  # the set-up of old games is unchanged


def test_a_score_sheet_on_a_known_board_checks_the_counts_B_DEF_1(store):
    with pytest.raises(SetupError):
        create_game(store, "Sheet", ["Ann", "Bob"], scores=True, board="no-such-board")
    gid, code = create_game(store, "Sheet", ["Ann", "Bob"], scores=True, board="base-2p")
    s = TableSession.open(store, gid, code)
    turn = humans_turn()
    turn["held"]["humans"]["terrain"]["farmland"] = 30
    assert not s.act(turn, s.seq) and s.error_rule == "B-DEF-1"


def test_the_new_game_form_creates_a_score_sheet(store):
    form = NewGameForm(store)
    form.table_name = "Club"
    form.set_players(["Ann", "Bob", "Cleo"])
    form.set_kind("scores", board_known=False)
    gid, code = form.submit()
    assert store.game(gid).setup == {"mode": "scores", "players": ["Ann", "Bob", "Cleo"],
                                     "board": None, "coins": {"Ann": 5, "Bob": 5, "Cleo": 5},
                                     "turns": 10, "expansions": []}


def test_the_screen_sends_the_turn_the_steppers_hold_B_SCORE_2(store):
    gid, code = create_game(store, "Sheet", ["Ann", "Bob"], scores=True)
    screen = SheetScreen(TableSession.open(store, gid, code))
    screen._race.value, screen._power.value = "wizards", "alchemist"
    _race, counts = screen._armies[0]
    counts.steppers[("terrain", "hill")].value = 2
    counts.steppers[("symbol", "magic")].value = 1
    assert screen.submit()
    # 2 regions + 1 magic source (B-RACE-WIZARDS-1) + 2 (B-POW-ALCHEMIST-1) = +5.
    assert "+5" in screen._last.object and screen.session.game.coins == [10, 5]
    assert screen.peek("Ann").count("10") == 1 and "Bob" not in screen.peek("Ann")


def test_the_sheet_switches_to_the_map_of_the_same_table_B_DEF_8(store):
    """At a round's start the sheet becomes a map game: same seats, colours, coins and round,
    the races in play on the regions the table names; their tokens are then corrected."""
    gid, code = create_game(store, "Club", ["Ann", "Bob"], scores=True, colours=["green", "black"])
    made: list[tuple[int, str]] = []
    screen = SheetScreen(TableSession.open(store, gid, code), on_switch=lambda *m: made.append(m))
    screen.session.act(humans_turn(), screen.session.seq)
    assert not shown(screen._to_map)  # Bob still plays this round (B-FLOW-1)
    screen.session.act({"by": "Bob", "do": "turn", "held": {"orcs": {"terrain": {"hill": 1}}},
                        "combo": {"race": "orcs", "power": "swamp", "position": 0}},
                       screen.session.seq)
    assert shown(screen._to_map)
    screen.open_switch("base-2p")
    place(screen, "race:humans", "r1", "r2")
    place(screen, "race:orcs", "r5")
    map_id, map_code = screen.switch("base-2p")
    assert made == [(map_id, map_code)] and store.game(map_id).table_name == "Club (map)"
    assert store.game(map_id).meta["column"] == "shuffled"  # the form's default
    game = TableSession.open(store, map_id, map_code)
    assert isinstance(game.game, Game) and game.game.turn == 2 and game.game.coins == [10, 6]
    assert game.colours == {"Ann": "#1B7837", "Bob": "#000000"}
    assert game.act({"by": "Ann", "do": "correct", "region": "r1", "count": 3}, game.seq)
    assert game.game.tokens[game.game.board.index["r1"]] == 3


def place(screen, brush: str, *regions: str) -> None:
    """Choose what a tap sets, then tap `regions` on the switch's map."""
    screen._map.brush.value = brush
    for rid in regions:
        screen._map.tapped(rid)


def round_two_sheet(store, **kw):
    gid, code = create_game(store, "Club", ["Ann", "Bob"], scores=True, **kw)
    screen = SheetScreen(TableSession.open(store, gid, code))
    screen.session.act(humans_turn(), screen.session.seq)
    screen.session.act({"by": "Bob", "do": "turn", "held": {"orcs": {"terrain": {"hill": 1}}},
                        "combo": {"race": "orcs", "power": "swamp", "position": 0}},
                       screen.session.seq)
    return screen


def test_the_switch_keeps_markers_lost_tribes_and_pieces_tapped_on_the_map(store):
    """Review table.md 5: what lies on the cardboard goes to the map game: a Fortress and a
    Troll's Lair (markers), the Lost Tribes still standing (the others, conquered since the
    start, gone: r4's and r7's kept, r11...r19's not), 3 Encampments in one region; the map
    shows the game as it will start, a tap again takes a thing off, a tap the engine refuses
    (a Lost Tribe where none started) is undone and said beside the map."""
    screen = round_two_sheet(store)
    screen.open_switch("base-2p")
    sw = screen._map
    place(screen, "race:humans", "r2", "r3")
    place(screen, "race:orcs", "r5", "r3")  # r3 moves to the Orcs
    assert sw.regions == {"humans": ["r2"], "orcs": ["r3", "r5"]}
    place(screen, "tribe", "r11", "r12", "r13", "r14", "r15", "r17", "r19")  # taken off
    place(screen, "tribe", "r2")  # no Lost Tribe started there: refused, said
    assert shown(sw.alert) and "r2" in sw.alert.object and "Lost Tribe started" in sw.alert.object
    assert sw.tribes == ["r4", "r7"] and sw.regions["humans"] == ["r2"]
    place(screen, "marker:fortress", "r5")
    place(screen, "marker:lair", "r3", "r2", "r2")  # on, on, off
    sw.brush.value = "marker:encampment"
    sw.count.value = 3
    sw.tapped("r5")
    assert sw.map.game.mk["fortress"][sw.map.game.board.index["r5"]] == 1  # the preview drawn
    assert "Fortress" in sw.summary.object and "r5 ×3" in sw.summary.object
    made = screen.switch("base-2p")
    assert made is not None
    g = TableSession.open(store, *made).game
    ix = g.board.index
    assert [g.board.ids[i] for i in sorted(g.where["lost_tribe"])] == ["r4", "r7"]
    assert g.mk["fortress"][ix["r5"]] == 1 and g.mk["encampment"][ix["r5"]] == 3
    assert g.mk["lair"][ix["r3"]] == 1 and g.mk["lair"][ix["r2"]] == 0
    assert g.race[ix["r3"]] == "orcs" and g.race[ix["r11"]] is None
    # B-CONQ-2: r3 (forest 2) + 1 Orc + the Lair 1 = 4 for Ann's next race
    assert g.quote("r3", "Ann").cost == 2 + 1 + 1


def test_the_switchs_refusal_names_the_race_not_the_field(store):
    """Review table.md 10: "carried.armies[1].regions: …" becomes the race's name and the
    reason, in the page's language."""
    from dashboards.session import switch_to_map

    screen = round_two_sheet(store)
    with pytest.raises(SetupError) as err:
        switch_to_map(screen.session, "base-2p", {"orcs": ["nowhere"]})
    assert err.value.message.startswith("Orcs: ") and "carried" not in err.value.message


def test_B_SETUP_3_the_switch_takes_the_column_as_it_lies_on_the_table(store):
    """The switch asks the combo column as the new-game form does (column_entry.ColumnEntry):
    entered as on the table, the map game's visible column is the six pairs entered, top first
    (B-SETUP-3), and the game is stored as a table-entered column. Humans / Forest and Orcs /
    Swamp are on the board, so they are not offered; a banner entered twice is refused and
    nothing is stored; changing the board keeps the pairs entered."""
    from dashboards.column_entry import TABLE

    gid, code = create_game(store, "Club", ["Ann", "Bob"], scores=True)
    screen = SheetScreen(TableSession.open(store, gid, code))
    screen.session.act(humans_turn(), screen.session.seq)
    screen.session.act({"by": "Bob", "do": "turn", "held": {"orcs": {"terrain": {"hill": 1}}},
                        "combo": {"race": "orcs", "power": "swamp", "position": 0}},
                       screen.session.seq)
    screen.open_switch("base-3p")
    column = screen._column
    race, power = column._pairs[0]
    assert not {"humans", "orcs"} & set(race.options.values()) and "ratmen" in race.options.values()
    assert not {"forest", "swamp"} & set(power.options.values()) and "hill" in power.options.values()
    column.mode = TABLE
    column.set_pairs([("ratmen", "hill"), ("ratmen", "merchant")])
    screen.open_switch("base-2p")  # another board: the same column, as entered
    assert screen._column is column and column._pairs[1][0].value == "ratmen"
    place(screen, "race:humans", "r1", "r2")
    place(screen, "race:orcs", "r5")
    assert screen.switch("base-2p") is None  # said beside its button (review table.md 10)
    assert "Pair 2: Ratmen is already in the column" in screen._switch_alert.object
    assert shown(screen._switch_alert) and screen.session.error == ""
    assert [g.id for g in store.list_games()] == [gid]
    pairs = [("ratmen", "hill"), ("elves", "merchant"), ("amazons", "alchemist"),
             ("dwarves", "flying"), ("wizards", "stout"), ("trolls", "heroic")]
    column.set_pairs(pairs)
    map_id, map_code = screen.switch("base-2p")
    assert store.game(map_id).meta["column"] == "table"
    game = TableSession.open(store, map_id, map_code).game
    assert [c[:2] for c in game.column] == [list(p) for p in pairs]
    assert game.setup["stacks"] == "table" and game.turn == 2 and game.coins == [10, 6]


# --- two devices on one server process (issue 12): a tap carries the sheet it was shown on ---
def two_sheets(store):
    """Ann's first turn on two devices (screens A and B, pages that send taps)."""
    gid, code = create_game(store, "Sheet", ["Ann", "Bob"], scores=True)
    A = SheetScreen(TableSession.open(store, gid, code))
    B = SheetScreen(TableSession.open(store, gid, code))
    A._taps.live = B._taps.live = True
    return A, B


def enter_humans(screen) -> None:
    """humans_turn() in the form: Humans / Forest at position 1, 2 farmland + 1 forest."""
    screen._race.value, screen._power.value = "humans", "forest"
    screen._position.value = 1
    _race, counts = screen._armies[0]
    counts.steppers[("terrain", "farmland")].value = 2
    counts.steppers[("terrain", "forest")].value = 1


@pytest.mark.parametrize("synced_first", [True, False])
def test_B_FLOW_1_both_devices_score_anns_turn_exactly_one_is_stored(store, synced_first):
    """Both tablets show "Score Ann's turn" and both tap it. A's tap is stored; B's, made on the
    sheet before A's entry, is refused as a conflict and nothing more is stored: not a second
    turn for Bob with the counts B showed for Ann (B-FLOW-1: one turn per player in seat order).
    B's page may be brought up to date before its tap is processed (its button then reads
    "Score Bob's turn") or after: refused either way, and B shows the sheet as it is."""
    A, B = two_sheets(store)
    assert A._go.label == B._go.label == "Score Ann's turn"
    enter_humans(A)
    enter_humans(B)
    A._taps.send(A._go)
    if synced_first:
        B.poll()
        assert B._go.label == "Score Bob's turn"
    B._taps.send(B._go, 0, "Score Ann's turn")
    rows = store.rows(A.session.game_id)
    assert [(r.action["by"], r.action["combo"]["race"]) for r in rows] == [("Ann", "humans")]
    # humans_turn(): 5 - 1 + 3 regions + 2 farmland + 1 forest = 10 (B-SCORE-1, B-COMBO-2).
    assert A.session.game.coins == B.session.game.coins == [10, 5]
    assert B.session.error == CONFLICT and B.session.conflicts == 1 and A.session.error == ""
    assert B.session.seq == 1 and B._go.label == "Score Bob's turn"
    assert shown(B._alert) and "Another device" in B._alert.object


def test_B_FLOW_1_a_fresh_tap_on_the_sheet_shown_is_stored(store):
    """The same tap, on the sheet as it is, stores the turn for the player it named."""
    A, _B = two_sheets(store)
    enter_humans(A)
    A._taps.send(A._go)
    assert [r.action["by"] for r in store.rows(A.session.game_id)] == ["Ann"]
    assert A.session.error == "" and A._go.label == "Score Bob's turn"


def test_B_FLOW_1_a_tap_labelled_for_another_player_is_refused(store):
    """Same seq, but the page showed another player's button: refused, nothing stored."""
    A, _B = two_sheets(store)
    enter_humans(A)
    A._taps.send(A._go, 0, "Score Bob's turn")
    assert A.session.error == CHANGED and store.rows(A.session.game_id) == []


def test_a_bare_click_on_the_sheet_is_refused(store):
    """A client that sends the click event alone names neither the sheet nor the label: refused
    and told, nothing stored; in a live page the click alone does nothing (its tap decides)."""
    A, _B = two_sheets(store)
    enter_humans(A)
    A._go.clicks += 1
    assert A.session.error == "" and store.rows(A.session.game_id) == []
    A._taps.live = False
    A._go.clicks += 1
    assert A.session.error == CHANGED and store.rows(A.session.game_id) == []


def undo_button(screen, name: str = "↶ Undo…"):
    return next(b for b in screen._taps.buttons if b.label == name)


def test_undo_confirmation_never_undoes_another_devices_entry(store):
    """A lists "undo Ann's turn" on seq 1; B enters Bob's turn; A's "Yes, undo" tap, made on
    seq 1, is refused: Bob's turn is not taken back, and A is told."""
    A, B = two_sheets(store)
    enter_humans(A)
    A._taps.send(A._go)
    B.poll()
    A._taps.send(undo_button(A))
    assert shown(A._confirm) and "Humans / Forest" in A._ask.object
    B._taps.send(B._go)  # Bob's turn, nothing held: 5 + 0
    A.poll()
    assert not shown(A._confirm)  # the listing no longer applies
    A._taps.send(A._yes, 1, "Yes, undo")
    assert [r.kind for r in store.rows(A.session.game_id)] == ["act", "act"]
    assert A.session.error == CONFLICT and A.session.game.turn == 2


def test_undo_confirmation_on_the_sheet_it_listed_undoes_it(store):
    A, _B = two_sheets(store)
    enter_humans(A)
    A._taps.send(A._go)
    A._taps.send(undo_button(A))
    A._taps.send(A._yes)
    assert [r.kind for r in store.rows(A.session.game_id)] == ["act", "undo"]
    assert A.session.game.coins == [5, 5] and A.session.error == ""
    A._taps.send(undo_button(A, "↷ Redo…"))
    A._taps.send(A._yes)
    assert A.session.game.coins == [10, 5]


@pytest.mark.parametrize("first", ["yes", "score"])
def test_two_taps_arriving_together_are_both_judged_never_dropped(store, first):
    """Review reliability N6: "Yes, undo" and "Score Bob's turn" tapped 52 ms apart reach the
    server in one change (Panel keeps only a waiting property's newest value; the page sends
    its last taps). Both are judged in the page's order: the first one stores, the second,
    made on the sheet before it, is refused and said; never nothing stored and nobody told."""
    A, _B = two_sheets(store)
    enter_humans(A)
    A._taps.send(A._go)
    A._taps.send(undo_button(A))  # "undo Ann's turn" listed on seq 1; Bob's form below it
    assert shown(A._confirm) and A._go.label == "Score Bob's turn"
    yes, score = (A._yes, 1, "Yes, undo"), (A._go, 1, "Score Bob's turn")
    A._taps.send_all([yes, score] if first == "yes" else [score, yes])
    kinds = [r.kind for r in store.rows(A.session.game_id)]
    assert kinds == ["act", "undo"] if first == "yes" else ["act", "act"]
    assert A.session.error == CHANGED  # this device's own tap came first: not "another device"


def test_a_closed_confirmation_is_refused_and_said(store):
    """The question closed on the same sheet (Cancel): a late "Yes, undo" stores nothing and
    says so (`confirm` never returns silently)."""
    A, _B = two_sheets(store)
    enter_humans(A)
    A._taps.send(A._go)
    A._taps.send(undo_button(A))
    A.ask("")  # Cancel
    A._taps.send(A._yes, A.session.seq, "Yes, undo")
    assert [r.kind for r in store.rows(A.session.game_id)] == ["act"]
    assert A.session.error == CHANGED
    A.session.error = ""
    A.confirm()  # even called directly
    assert A.session.error == CHANGED and len(store.rows(A.session.game_id)) == 1


def test_B_SCORE_3_a_peek_or_a_switch_on_an_old_sheet_is_refused(store):
    """A peek shows a total of the sheet it was tapped on, or nothing (B-SCORE-3); the switch to
    the map is opened only on the sheet as it is."""
    A, B = two_sheets(store)
    peek_ann = next(b for b in B._taps.buttons if b.label == "Ann: my coins")
    enter_humans(A)
    A._taps.send(A._go)  # B is not yet brought up to date: its tap catches up first
    B._taps.send(peek_ann, 0)
    assert B.session.error == CONFLICT and B._peek_text.object == ""
    B._taps.send(peek_ann)
    assert "10" in B._peek_text.object
    B._taps.send(B._go)  # Bob's turn: a new round, the switch is offered (B-FLOW-1)
    A._taps.send(A._to_map, 1)
    assert A.session.error == CONFLICT and not shown(A._switch)
    A._taps.send(A._to_map)
    assert shown(A._switch)


def test_the_conflict_is_told_in_french(store):
    """The refused device is told in its page's language (dashboards.po)."""
    from bokeh.document import Document
    from panel.io.state import set_curdoc

    from dashboards import i18n

    with set_curdoc(Document()):
        i18n.set_language("fr")
        A, B = two_sheets(store)
        assert B._go.label == "Compter les points du tour d'Ann"
        enter_humans(A)
        A._taps.send(A._go)
        B._taps.send(B._go, 0, "Compter les points du tour d'Ann")
        assert len(store.rows(A.session.game_id)) == 1
        assert B.session.error.startswith("Un autre appareil a modifié la partie avant vous")
        assert B._go.label == "Compter les points du tour de Bob"
