"""The board editor screen without a browser (dashboards/board_editor.py, board_store.py):
taps become the engine's edits, every edit is saved, a ready board is offered to new games,
and a game keeps the board it was created on."""

from __future__ import annotations

import pytest

from dashboards import board_store
from dashboards.board_editor import BoardEditor
from dashboards.session import SetupError, TableSession, create_game
from dashboards.store import Store
from swcore import load_board

TAPS = [(150, 100), (450, 100), (750, 100), (150, 350), (450, 350), (750, 350),
        (150, 600), (450, 600), (750, 600)]


@pytest.fixture
def sqlite(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'sw.sqlite'}")
    yield s
    s.dispose()


def build(store: Store) -> BoardEditor:
    ed = BoardEditor(store)
    ed.board_name.value = "Kitchen table"
    ed.author.value = "Ann"
    for x, y in TAPS:
        ed.tap_at(x, y)
    ed.draft_call("derive_outlines")()
    ed.draft_call("propose")()
    return ed


def test_a_board_built_by_taps_is_saved_as_it_goes_and_reopens(sqlite):
    ed = build(sqlite)
    assert list(ed.draft.regions) == [f"r{k}" for k in range(1, 10)]
    assert len(ed.draft.doc["borders"]) == 12  # the 3 x 3 grid's neighbours (B-DEF-2)
    ed.mode.value = "borders"
    ed.tap_at(150, 100)
    ed.tap_at(450, 350)  # r1 - r5 added by tapping the pair
    assert ["r1", "r5"] in ed.draft.doc["borders"]
    stored = board_store.get(sqlite, ed.board_id)
    assert stored.ready and stored.name == "Kitchen table" and stored.author == "Ann"
    again = BoardEditor(Store(sqlite.url), ed.board_id)  # a restarted server
    assert again.draft.doc == ed.draft.doc


def test_a_bad_edit_is_shown_and_changes_nothing(sqlite):
    ed = build(sqlite)
    ed.mode.value = "borders"
    before = dict(ed.draft.doc)
    ed.tap_at(150, 100)
    ed.tap_at(160, 110)  # the same region twice: a region cannot border itself
    assert ed.draft.doc == before
    assert "border itself" in ed.message.object
    assert not ed.import_text('{"regions": {}, "colour": 3}')
    assert ed.draft.doc == before and "not imported" in ed.message.object


def test_a_ready_board_is_offered_to_new_games_and_a_game_keeps_it(sqlite):
    ed = build(sqlite)
    value = f"{board_store.PREFIX}{ed.board_id}"
    assert value in board_store.choices(sqlite).values()
    gid, code = create_game(sqlite, "T", ["Ann", "Bob"], board=value)
    ed.mode.value = "choose"
    ed.tap_at(150, 100)
    ed.terrain.value = "mountain"  # the stored board changes after the game was created
    assert board_store.get(sqlite, ed.board_id).doc["regions"]["r1"]["terrain"] == "mountain"
    game = TableSession.open(sqlite, gid, code).game
    assert game.board.terrain[0] == "farmland" and game.board.outlines[0]


def test_a_draft_cannot_start_a_game(sqlite):
    ed = build(sqlite)
    ed.players.value = 5  # 9 land regions < 4 x 5 players: a draft
    assert not board_store.get(sqlite, ed.board_id).ready
    with pytest.raises(SetupError):
        create_game(sqlite, "T", ["Ann", "Bob"], board=f"{board_store.PREFIX}{ed.board_id}")


def test_correcting_a_shipped_board_keeps_the_original(sqlite):
    ed = BoardEditor(sqlite)
    ed.start_from("base-2p")
    ed.mode.value = "choose"
    ed.pick("r3")
    ed.terrain.value = "mountain"
    stored = board_store.get(sqlite, ed.board_id)
    assert stored.based_on == "base-2p" and stored.ready
    gid, code = create_game(sqlite, "T", ["Ann", "Bob"],
                            board=f"{board_store.PREFIX}{ed.board_id}")
    assert TableSession.open(sqlite, gid, code).game.board.terrain[2] == "mountain"
    assert load_board("base-2p").terrain[2] != "mountain"


def test_two_corrections_of_a_shipped_board_and_the_board_itself_are_three_choices(sqlite):
    """A stored board's label carries its number: two copies of base-2p, both named as the
    shipped board, are each offered beside the shipped one (one label each, none hidden)."""
    from dashboards.newgame import NewGameForm
    ids = []
    for _k in range(2):
        ed = BoardEditor(sqlite)
        ed.start_from("base-2p")
        ids.append(ed.board_id)
    offered = NewGameForm(sqlite).param.board.objects
    assert offered["base-2p: Small World, 2-player board"] == "base-2p"
    for i in ids:
        assert offered[f"Small World, 2-player board (#{i})"] == f"{board_store.PREFIX}{i}"


def test_an_outline_point_dragged_across_another_outline_is_refused(sqlite):
    """Moving a point with the PolyEditTool sends the outlines back: r1's corner dragged into
    r5 crosses r2's and r4's outlines, so the move is refused with its reason, the board and
    its saved copy are unchanged and the map shows r1 as it was."""
    ed = build(sqlite)
    before = board_store.get(sqlite, ed.board_id).doc
    fh = ed._fh()
    data = dict(ed.shapes.data)
    k = data["rid"].index("r1")
    xs, ys = list(data["xs"][k]), list(data["ys"][k])
    corner = max(range(len(xs)), key=lambda i: xs[i] - ys[i])  # r1's bottom right corner
    xs[corner], ys[corner] = 450.0, fh - 350.0
    ed.shapes.data = {**data, "xs": [*data["xs"][:k], xs, *data["xs"][k + 1:]],
                      "ys": [*data["ys"][:k], ys, *data["ys"][k + 1:]]}
    assert "crosses the outline of" in ed.message.object and ed.message.visible
    assert ed.draft.doc == before == board_store.get(sqlite, ed.board_id).doc
    assert ed.shapes.data["xs"][k] == data["xs"][k]


def test_a_hostile_board_file_is_refused_and_changes_nothing(sqlite):
    """A file over 2 MB, nested too deep, with an unknown key or a border to itself: each is
    refused with its reason, and the board open in the editor stays as it was."""
    ed = build(sqlite)
    before = board_store.get(sqlite, ed.board_id).doc
    for text, reason in [(b" " * 2_000_001, "kB"), ("[" * 100_000, "not a JSON"),
                         ('{"regions": {"a": {"terrain": "farmland"}}, "colour": 1}',
                          "unknown key"),
                         ('{"regions": {"a": {"terrain": "farmland"}}, "borders": [["a", "a"]]}',
                          "border itself")]:
        assert not ed.import_text(text)
        assert "not imported" in ed.message.object and reason in ed.message.object
        assert ed.draft.doc == before == board_store.get(sqlite, ed.board_id).doc
    assert len(board_store.listing(sqlite)) == 1
