"""A name is a name everywhere (review 2026-11-27, N1): one rule (`swcore.names.player_name`)
says what a player name may hold, and the set-up, an action's `by`, its player parameter
(`ally player=…`, B-POW-DIPLOMAT-1), saves, replays and the app's new-game form all use it. A
name the set-up accepts is therefore accepted everywhere later: a stored game always reopens.
"""

from __future__ import annotations

import json

import pytest

from swcore import Action, Game
from swcore.errors import InputError, SwError
from swcore.names import MAX_PLAYER_NAME, player_name
from swcore.scoresheet import ScoreSheet

RACES = ["ratmen", "elves", "amazons", "dwarves", "orcs", "humans"]
DIPLOMAT = ["diplomat", "forest", "swamp", "alchemist", "flying", "merchant"]

#: Names kept as typed: scripts, spaces, emoji with joiners, skin tones, variation selectors,
#: a subdivision flag (tags), a Persian word with its zero-width non-joiner.
KEPT = ["Bob 👩\u200d💻", "👨\u200d👩\u200d👧\u200d👦", "❤\ufe0f", "👍🏽", "Zoë", "李", "o'neil",
        "ﬀ", "山田\u3000太郎", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        "می\u200cخواهم", "<b>x</b>", "A" * MAX_PLAYER_NAME]
#: Names refused, with the code point named in the reason (None: another reason).
REFUSED = [("e\u202e", "U+202E"), ("a\u200bb", "U+200B"), ("a\u00adb", "U+00AD"),
           ("\ufeffann", "U+FEFF"), ("ann\u200d", "U+200D"), ("\u200dann", "U+200D"),
           ("a\u200d b", "U+200D"), ("x\u2066y", "U+2066"), ("a\tb", "U+0009"),
           ("a\nb", "U+000A"), ("\u2028x", "U+2028"), ("\U000e0067ann", "U+E0067"),
           ("\ud800ann", None), ("\u3164\u3164", None), ("   ", None),
           ("A" * (MAX_PLAYER_NAME + 1), None), (7, None)]


@pytest.mark.parametrize("name", KEPT)
def test_names_of_every_script_and_joined_emoji_are_kept_as_typed(name):
    assert player_name(name) == name


def test_a_name_is_stored_in_nfc_and_actions_naming_it_otherwise_are_the_same_player():
    """"Zoé" typed with a combining accent is the same player as "Zoé" typed composed."""
    decomposed, composed = "Zoe\u0301", "Zo\u00e9"
    g = Game.new("base-2p", ["ann", decomposed], seed=1, races=RACES, powers=DIPLOMAT)
    assert g.players == ["ann", composed]
    g.apply({"by": "ann", "do": "pick", "combo": 0})
    g.apply({"by": "ann", "do": "ally", "player": decomposed})
    assert g.log[-1] == {"by": "ann", "do": "ally", "player": composed}
    assert Action(decomposed, "end_turn").by == composed
    with pytest.raises(InputError, match="same name"):
        Game.new("base-2p", [decomposed, composed])


@pytest.mark.parametrize("name, code", REFUSED)
def test_a_refused_name_is_refused_by_every_new_set_up_with_its_reason(name, code):
    """A new game (Game.new, a scenario's or a score sheet's set-up) refuses the name and says
    which character; an action naming it is built (names of games stored before the rule stay
    valid, see below) but no game set up today has such a player, so `apply` refuses it."""
    with pytest.raises(InputError) as setup_err:
        Game.new("base-2p", ["ann", name])
    assert setup_err.value.field == "players[1]"
    reason = setup_err.value.reason
    if code:
        assert f"'{code}' is invisible or a control character" in reason
    with pytest.raises(InputError) as sheet_err:
        ScoreSheet.new(["ann", name])
    assert sheet_err.value.reason == reason
    g = Game.new("base-2p", ["ann", "bob"])
    try:
        action = Action(name, "end_turn")
    except InputError as err:  # not even a name of the rule games were stored under
        assert err.field == "action.by"
    else:
        with pytest.raises(SwError):
            g.apply(action)
    assert g.log == []


@pytest.mark.parametrize("name", ["e\u202e", "a\u200bb", "a\u00adb", "\ufeffann", "ann\u200d"])
def test_a_game_stored_before_the_name_rule_reopens_and_replays(name):
    """N1: a game the app stored before the rule, with an invisible or direction character in a
    name and an `ally` naming that player in its log, reopens from its save with the name kept
    as stored, replays, undoes and redoes; the same name is still refused for a new game."""
    g = play_with_diplomat(["ann", "bob"])
    save = json.loads(g.to_json())
    rename = {"ann": "ann", "bob": name}
    save["setup"]["players"] = [rename[p] for p in save["setup"]["players"]]
    if isinstance(save["setup"].get("coins"), dict):
        save["setup"]["coins"] = {rename[p]: c for p, c in save["setup"]["coins"].items()}
    for entry in save["log"]:
        entry["by"] = rename[entry["by"]]
        if "player" in entry:
            entry["player"] = rename[entry["player"]]
    del save["state"]
    again = Game.from_dict(save)
    assert again.players == ["ann", name]
    assert again.log[1] == {"by": "ann", "do": "ally", "player": name}
    text = again.to_json()
    assert Game.from_json(text).to_json() == text
    assert again.undo(len(again.log)) == 6 and again.redo(6) == 6
    assert again.to_json() == text
    with pytest.raises(InputError):
        Game.new("base-2p", ["ann", name])


def play_with_diplomat(names: list[str]) -> Game:
    """B-POW-DIPLOMAT-1: the first player, Ratmen with the Diplomat, makes peace with the
    second (whose name has joined emoji); both then play their turns."""
    g = Game.new("base-2p", names, seed=1, races=RACES, powers=DIPLOMAT)
    g.apply({"by": names[0], "do": "pick", "combo": 0})
    ally = [a for a in g.legal_actions() if a.do == "ally"]
    assert [a.player for a in ally] == [names[1]]
    g.apply(ally[0])
    g.apply({"by": names[0], "do": "end_turn"})
    g.apply({"by": names[1], "do": "pick", "combo": 0})
    g.apply(next(a for a in g.legal_actions() if a.do == "conquer"))
    g.apply({"by": names[1], "do": "end_turn"})
    return g


@pytest.mark.parametrize("names", [["ann", "Bob 👩\u200d💻"], ["👨\u200d👩\u200d👧", "❤\ufe0f 🏳\ufe0f\u200d🌈"]])
def test_a_game_with_joined_emoji_names_saves_loads_undoes_and_redoes(names):
    """The review's repro (N1) with names the app accepts: the `ally` the engine offers is
    applied, the save reloads to the same position, undo and redo give it back."""
    g = play_with_diplomat(names)
    assert g.log[1] == {"by": names[0], "do": "ally", "player": names[1]}
    text = g.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text and again.state_hash() == g.state_hash()
    assert g.undo(len(g.log)) == 6 and g.redo(6) == 6
    assert g.to_json() == text


def test_the_app_stores_and_reopens_a_game_with_joined_emoji_names(tmp_path):
    """The app's own path: the form's names go through the engine's rule, the game is stored,
    and a new session (another device, a restart) rebuilds it from the database."""
    from dashboards.session import TableSession, create_game
    from dashboards.store import Store

    store = Store(f"sqlite:///{tmp_path / 'sw.sqlite'}")
    try:
        names = ["ann", " Bob  👩\u200d💻 "]
        gid, code = create_game(store, "T", names, races=RACES, powers=DIPLOMAT, seed=1)
        s = TableSession.open(store, gid, code)
        assert s.game.players == ["ann", "Bob 👩\u200d💻"]
        assert s.act({"by": "ann", "do": "pick", "combo": 0}), s.error
        assert s.act({"by": "ann", "do": "ally", "player": "Bob 👩\u200d💻"}), s.error
        assert s.undo(1) and s.redo(1), s.error
        again = TableSession.open(store, gid, code)
        assert again.game.to_json() == s.game.to_json()
        assert again.game.log[-1]["player"] == "Bob 👩\u200d💻"
    finally:
        store.dispose()


@pytest.mark.parametrize("lang, want", [
    ("en", "Seat 2's name: the character 'U+202E' is invisible or a control character: type "
           "the name without it"),
    ("fr", "Le nom de la place 2 : le caractère 'U+202E' est invisible ou de contrôle : tapez "
           "le nom sans lui"),
])
def test_the_new_game_form_shows_the_engines_reason_for_a_refused_name(lang, want):
    from bokeh.document import Document
    from panel.io.state import set_curdoc

    from dashboards import i18n
    from dashboards.newgame import NewGameForm
    from dashboards.store import Store

    store = Store("sqlite://")
    try:
        with set_curdoc(Document()):
            i18n.set_language(lang)
            form = NewGameForm(store, table_name="T")
            form.set_players(["Ann", "e\u202e", "Cleo"])
            assert form.submit() is None
            assert form._error.visible
            assert form._error.object == want.replace("'", "&#x27;")
            assert store.list_games() == []
    finally:
        store.dispose()
