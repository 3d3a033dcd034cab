"""The Underground boards in the app, without a browser: the new-game form offers them when
Underground is in play and says how sure each is; the board editor corrects one (a region's
terrain, a border), keeps the correction and games created on it use it (issue 21's boards,
issue 22's correction of an Underground board)."""

from __future__ import annotations

import pytest

from dashboards import board_store
from dashboards.board_editor import BoardEditor
from dashboards.i18n import set_language
from dashboards.newgame import NewGameForm
from dashboards.session import TableSession, create_game
from dashboards.store import Store
from swcore import load_board

SHIPPED = ("underground-2p", "underground-3p", "underground-4p", "underground-5p")


@pytest.fixture
def sqlite(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'sw.sqlite'}")
    yield s
    s.dispose()


def players(n):
    return ["Ann", "Bob", "Cy", "Di", "Eve"][:n]


def test_the_form_offers_the_underground_boards_with_underground_U_SETUP_1(sqlite):
    """Without Underground, its boards are not in the list; with it, its board for the seats
    is chosen (U-SETUP-1), the base boards stay (U-COMPAT), and the list and the note under
    it say how sure the board is."""
    form = NewGameForm(sqlite, table_name="U")
    assert not set(SHIPPED) & set(form.param.board.objects)
    form.set_expansions(["underground"])
    assert set(SHIPPED) | {"base-4p"} <= set(form.param.board.objects)
    form.set_players(players(4))
    assert form.board == "underground-4p"
    names = {v: k for k, v in form.param.board.names.items()}
    assert names["underground-4p"].endswith("(medium confidence)")
    assert names["underground-5p"].endswith("(draft, low confidence)")
    assert "(" not in names["underground-2p"]  # two sources agree: nothing to say
    assert "medium confidence" in form._board_note.object
    form.set_players(players(5))
    assert form.board == "underground-5p"
    assert "draft transcription" in form._board_note.object
    assert "Black Mountain: 10 regions" in form._board_note.object  # reported, not fixed
    form.set_players(players(2))
    assert form._board_note.object == ""
    made = form.submit()
    assert made is not None, form._error.object
    game = TableSession.open(sqlite, *made).game
    assert game.board.id == "underground-2p" and game.setup["expansions"] == ["underground"]
    form.set_expansions([])
    assert form.board == "base-2p" and not set(SHIPPED) & set(form.param.board.objects)


def test_the_form_says_it_in_french(sqlite):
    set_language("fr")
    try:
        form = NewGameForm(sqlite, table_name="U")
        form.set_expansions(["underground"])
        form.set_players(players(3))
        names = {v: k for k, v in form.param.board.names.items()}
        assert names["underground-3p"] == ("underground-3p: Small World Underground, plateau à "
                                           "3 joueurs (confiance moyenne)")
        assert "Transcrit avec une confiance moyenne" in form._board_note.object
    finally:
        set_language("en")


def test_a_table_corrects_an_underground_board_and_plays_it(sqlite):
    """The editor opens underground-4p with Underground's terrains; a region's terrain and an
    uncertain border are corrected by taps, saved at once, and a game created on the copy with
    Underground plays the corrected board; the shipped board is unchanged."""
    ed = BoardEditor(sqlite)
    ed.start_from("underground-4p")
    assert ed.modules.value == ["underground"]
    ed.mode.value = "choose"
    ed.pick("r7")  # a Mine
    assert "mystic_crystals" in ed.terrain.options.values()
    ed.terrain.value = "mystic_crystals"
    ed.mode.value = "borders"
    r6, r11 = (ed.draft.regions[r]["centre"] for r in ("r6", "r11"))
    ed.tap_at(*r6)
    ed.tap_at(*r11)  # the uncertain border r6-r11: the table's board has none
    stored = board_store.get(sqlite, ed.board_id)
    assert stored.based_on == "underground-4p" and stored.ready
    assert stored.doc["regions"]["r7"]["terrain"] == "mystic_crystals"
    assert ["r6", "r11"] not in stored.doc["borders"]
    assert ["r6", "r11"] not in stored.doc["uncertain_borders"]
    gid, code = create_game(sqlite, "T", players(4), expansions=["underground"],
                            board=f"{board_store.PREFIX}{ed.board_id}")
    board = TableSession.open(sqlite, gid, code).game.board
    r6i, r11i = board.index["r6"], board.index["r11"]
    assert board.terrain[board.index["r7"]] == "mystic_crystals"
    assert r11i not in board.adjacent_sets[r6i]
    shipped = load_board("underground-4p")
    assert shipped.terrain[shipped.index["r7"]] == "mine"
    assert shipped.index["r11"] in shipped.adjacent_sets[shipped.index["r6"]]


def test_the_5p_draft_is_a_draft_until_the_table_corrects_it(sqlite):
    """A copy of the 5-player draft cannot start a game (10 Black Mountains for 9 markers,
    U-COMP-5); once the table sets the terrain its board shows, it can."""
    ed = BoardEditor(sqlite)
    ed.start_from("underground-5p")
    assert not board_store.get(sqlite, ed.board_id).ready
    assert "Black Mountain: 10 regions" in ed.status.object + "".join(
        b.label for b in ed.report)
    ed.pick("r54")
    ed.terrain.value = "mudpool"
    assert board_store.get(sqlite, ed.board_id).ready
    gid, code = create_game(sqlite, "T", players(5), expansions=["underground"],
                            board=f"{board_store.PREFIX}{ed.board_id}")
    board = TableSession.open(sqlite, gid, code).game.board
    assert board.terrain.count("black_mountain") == 9


def test_the_map_of_a_board_says_how_sure_it_is():
    """The game's map names the board with its confidence when it is not high."""
    from dashboards.board_map import BoardMap

    assert BoardMap("underground-4p").figure.title.text == ("Small World Underground, 4-player "
                                                            "board (medium confidence)")
    assert BoardMap("underground-2p").figure.title.text == "Small World Underground, 2-player board"
    assert BoardMap("base-5p").figure.title.text == "Small World, 5-player board"
