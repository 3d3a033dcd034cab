"""The app's side of the expansions (issues 10 and 11, "Everywhere a user meets them"): the
new-game form offers every module with its options and asks for unconfirmed tile numbers,
the map's legend lists what lies on the board, and the module panel shows each module's state.
"""

from __future__ import annotations

import json

import pytest

from dashboards.map_items import board_items, item_name, legend_html, legend_rows
from dashboards.modules_panel import ModulesPanel, panel_html
from dashboards.newgame import EXPANSIONS, NewGameForm
from dashboards.session import TableSession
from dashboards.store import Store
from dashboards.widgets import shown
from swcore import Game
from swcore.rules import available_modules, module_name, module_of


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'games.db'}")
    yield s
    s.dispose()


def players(n):
    return ["Ann", "Bob", "Cy", "Di", "Eve", "Flo"][:n]


# --- the new-game form -----------------------------------------------------------------------
def test_every_module_is_offered_by_name():
    form = NewGameForm(Store("sqlite://"), table_name="T")
    assert set(form._ticks) == set(available_modules()) - {"base"} == set(EXPANSIONS)
    assert {box.label for box in form._ticks.values()} == {module_name(m) for m in EXPANSIONS}


@pytest.mark.parametrize("module", EXPANSIONS)
def test_each_module_makes_a_game(store, module):
    """Ticking a module alone creates a game with it; a module with a seat off the board gets
    one more seat, and a board made for a module's features is offered first."""
    form = NewGameForm(store, table_name=f"T {module}")
    form.set_expansions([module])
    extra = getattr(module_of(module), "off_board_seats", 0)
    form.set_players(players(3 + extra))
    assert min(form.param.n_players.objects) == 2 + extra
    made = form.submit()
    assert made is not None, form._error.object
    game = TableSession.open(store, *made).game
    assert game.setup["expansions"] == [module]
    if extra:
        assert game.board.id == "base-3p" and "not counted by the board" in form._seat_note.object


def test_river_world_offers_its_practice_board(store):
    form = NewGameForm(store, table_name="R")
    form.set_players(players(2))
    assert form.board == "base-2p"
    form.set_expansions(["river_world"])
    assert form.board == "river-practice"


def test_module_options_are_generated_from_their_dataclass(store):
    form = NewGameForm(store, table_name="O")
    form.set_expansions(["leaders", "river_world"])
    ransom = form.option("leaders", "leader_ransom")
    assert list(ransom.options) == ["none", "pay_2"] and ransom.value == "none"
    assert form.option("river_world", "remove_flying").value is True
    assert form.option("base", "final_die_max_short").value == 3
    form.set_players(players(2))
    ransom.value = "pay_2"
    form.option("river_world", "remove_flying").value = False
    gid, code = form.submit()
    setup = TableSession.open(store, gid, code).game.setup
    assert setup["options"] == {"leader_ransom": "pay_2", "remove_flying": False}


def test_an_option_the_engine_refuses_is_shown_with_its_words(store):
    form = NewGameForm(store, table_name="E")
    form.set_expansions(["leaders"])
    form.set_players(players(2))
    form.option("leaders", "leader_races").value = "humans, nobody"
    assert form.submit() is None and shown(form._error)
    assert form._error.object == "Leaders, Leader races: a list of race ids"
    form.option("base", "final_die_max_short").value = -1
    form.option("leaders", "leader_races").value = ""
    assert form.submit() is None and "Final die max short" in form._error.object
    assert store.list_games() == []


def test_a_set_up_key_is_checked_by_its_module(store):
    form = NewGameForm(store, table_name="N")
    form.set_expansions(["necromancer"])
    form.set_players(players(4))
    key = next(k for fs in form._keys.values() for k in fs)
    key.widget.value = "{not json"
    assert form.submit() is None and "not JSON" in form._error.object
    key.widget.value = '{"reserve": 10}'
    assert form.submit() is None and "13, 12 or 11" in form._error.object
    key.widget.value = '{"reserve": 12}'
    gid, code = form.submit()
    game = TableSession.open(store, gid, code).game
    assert game.setup[key.key]["reserve"] == 12


def test_table_stacks_offer_the_sets_in_play_and_ask_unconfirmed_numbers(store):
    form = NewGameForm(store, table_name="V")
    form.set_players(players(2))
    form.column.mode = "Enter as on the table"
    race, power = form.column._pairs[0]
    assert "goblins" not in race.options.values()
    form.set_expansions(["cursed", "leaders"])
    assert "goblins" in race.options.values() and "were" in power.options.values()
    pairs = [("goblins", "were"), ("kobolds", "hordes_of"), ("humans", "hill"),
             ("elves", "forest"), ("ratmen", "swamp"), ("dwarves", "merchant")]
    form.column.set_pairs(pairs)
    asked = form.column.asked()
    assert ("values", "goblins") in asked and ("values", "were") in asked
    assert ("supply", "goblins") in asked and ("values", "humans") not in asked
    assert form.submit() is None and "Goblins banner" in form._error.object
    for what, item in asked:
        if what == "values":
            form.column.set_value(what, item, 7)
    form.column.set_value("supply", "kobolds", 12)
    gid, code = form.submit()
    game = TableSession.open(store, gid, code).game
    assert game.setup["values"] == {"goblins": 7, "were": 7, "kobolds": 7}
    assert game.setup["supply"] == {"kobolds": 12}
    assert game.value_of("goblins") == 7 and game.setup["stacks"] == "table"


# --- the map's legend ------------------------------------------------------------------------
def test_every_marker_and_piece_appears_in_the_legend_with_its_name():
    game = Game.new("base-3p", players(3), seed=1, expansions=["grand_dames", "be_not_afraid"])
    free = [i for i, r in enumerate(game.race) if r is None and not game.board.water[i]]
    for k, i in zip(game.mk, free, strict=False):
        game.mk[k][i] = 2
    game.pieces["ivory_tower"] = free[-1]
    game.coins_on[free[-2]] = 3
    rows = legend_rows(game, game.board)
    names = {name for _, name, _ in rows}
    assert {item_name(k) for k in game.mk} | {item_name("ivory_tower")} <= names
    where = dict((name, w) for _, name, w in rows)
    assert where[item_name("ivory_tower")] == game.board.ids[free[-1]]
    assert where[item_name("coins")].startswith(f"{game.board.ids[free[-2]]} ×3")
    assert "Lost Tribe" in names


def test_module_items_and_neutrals_in_the_legend():
    game = Game.new("river-practice", players(2), seed=1, expansions=["river_world", "leaders"])
    game.apply({"by": "Ann", "do": "pick", "combo": 0, "leader": True})
    army = game.armies[game.active[0]]
    game.apply({"by": "Ann", "do": "conquer", "region": "t1", "leader": True})
    game.apply({"by": "Ann", "do": "end_turn"})
    kinds = {it.kind for it in board_items(game)}
    assert "leader" in kinds
    text = legend_html(game, game.board)
    assert "Leader" in text and "Temple of the Seer" in text and "harbour" in text
    game.module_state["leaders"]["captives"][1].append([army.race, 0])  # as a capture leaves it (X-LEAD-4)
    assert "Captive Leader" in legend_html(game, game.board)
    if any(r == "pirate_ship" for r in game.race):
        assert "Pirate Ship" in text


def test_horde_tokens_are_listed_with_their_race():
    game = Game.new("base-2p", players(2), seed=1, expansions=["cursed"],
                    races=["kobolds", "humans"], powers=["hordes_of", "hill"])
    game.apply({"by": "Ann", "do": "pick", "combo": 0})
    rows = {name: w for _, name, w in legend_rows(game, game.board)}
    assert rows[item_name("horde")].startswith("Ann ×2")


def test_the_map_draws_module_items_and_updates_its_note():
    from dashboards.board_map import BoardMap

    game = Game.new("base-2p", players(2), seed=1, expansions=["leaders"])
    m = BoardMap(game)
    game.apply({"by": "Ann", "do": "pick", "combo": 0, "leader": True})
    target = next(a.region for a in game.legal_actions() if a.do == "conquer")
    game.apply({"by": "Ann", "do": "conquer", "region": target, "leader": True})
    game.apply({"by": "Ann", "do": "end_turn"})
    m.update(game)
    i = game.board.ids.index(target)
    assert "Leader" in (m.source.data["badges"][i] or "")
    assert "Leader" in m._note.text and "Leader" in m.source.data["tip"][i]


# --- the module panel ------------------------------------------------------------------------
def test_river_world_panel_shows_the_event_row_with_the_event_text():
    game = Game.new("river-practice", players(2), seed=3, expansions=["river_world"])
    html = panel_html(game, "Ann")
    assert "River World" in html and "Events face down" in html
    assert game.event is not None
    doc = " ".join(type(__import__("swcore.effects", fromlist=["ABILITIES"])
                        .ABILITIES[game.event]).__doc__.split())
    assert doc.split(":")[0] in html  # the rule ID of the effect's docstring


def test_necromancer_panel_shows_reserve_well_and_price():
    game = Game.new("base-3p", players(4), seed=3, expansions=["necromancer", "leaders"])
    html = panel_html(game, None)
    for words in ("Necromancer Island", "Ghosts in his reserve", "Well of Souls",
                  "Purchase price now", "Captive Leaders held by Ann"):
        assert words in html


def test_the_panel_follows_the_session(store):
    form = NewGameForm(store, table_name="P")
    form.set_expansions(["leaders"])
    form.set_players(players(2))
    session = TableSession.open(store, *form.submit())
    panel = ModulesPanel(session)
    assert "Captive Leaders held by Ann" in panel._pane.object
    assert session.act({"by": "Ann", "do": "pick", "combo": 0, "leader": True}), session.error
    assert "Leader" in panel._pane.object and "in hand" in panel._pane.object
    panel.stop()


def test_a_base_game_shows_no_panel():
    panel = ModulesPanel(Game.new("base-2p", players(2), seed=1))
    assert panel._pane.visible is False


# --- issue 11: the Necromancer's turn screen; River World's event on costs and region cards --
#: The tutorial's first Necromancer game (tests/scenarios/tutorial/necromancer/souls.yaml).
NEC_GAME = {"board": "base-2p", "turns": 2, "expansions": ["necromancer"],
            "races": ["ratmen", "humans", "orcs", "wizards", "elves", "trolls", "dwarves"],
            "powers": ["swamp", "forest", "wealthy", "diplomat", "flying", "pillaging", "spirit"],
            "extra": {"necromancer": {"powers": ["commando", "merchant", "hill", "mounted",
                                                 "alchemist", "underworld"], "keeps": "commando"}}}
ROUND_1 = [("Ann", "pick", {"combo": 0}), ("Ann", "conquer", {"region": "r17"}),
           ("Ann", "conquer", {"region": "r12"}), ("Ann", "conquer", {"region": "r18"}),
           ("Ann", "conquer", {"region": "r19"}), ("Ann", "end_turn", {}),
           ("Bob", "pick", {"combo": 0}), ("Bob", "conquer", {"region": "r4"}),
           ("Bob", "conquer", {"region": "r5"}), ("Bob", "conquer", {"region": "r11"}),
           ("Bob", "end_turn", {})]


def play(session, steps):
    for by, do, args in steps:
        assert session.act({"by": by, "do": do, **args}), session.error


def test_X_NEC_11_12_the_necromancers_turn_screen_prices_spawn_and_the_end(store):
    """X-NEC-11: after bob's turn the Well's 5 souls make a Ghost rise, announced on the screen;
    X-NEC-12, A-NEC-03: on his turn each purchase costs 1 power + 2 Ghosts = 3, then 4 after a
    Ghost is bought; A-NEC-04: after the last round the winner is chosen among the others."""
    from dashboards.session import create_game
    from dashboards.turn import TurnScreen

    session = TableSession.open(store, *create_game(store, "Nec", players(3), **NEC_GAME))
    screen = TurnScreen(session)
    assert "Each purchase costs" not in screen._status_pane.object  # Ann's turn
    play(session, ROUND_1)
    told = screen._score_pane.object
    assert "Just now:" in told and "a new Ghost rises on the Island" in told
    card = screen._status_pane.object
    assert "Necromancer Island" in card and "3 coins (powers owned: 1 + Ghosts on the map and " \
        "the Island: 2; X-NEC-12, A-NEC-03)" in card
    assert "a Ghost onto the Island, Merchant, Hill, Mounted, Alchemist, Underworld" in card
    assert "Ghosts left in his reserve</td><td>12" in card and "1: 3 more" in card
    opener = next(b for b in screen._word_buttons if b.label.startswith("Buy"))
    assert opener.label == "Buy…"  # not named after one purchase (review table.md 9)
    screen._press(opener.sw_action)  # the form of what to buy shows the prices too
    form = screen._other.objects
    assert "3 coins (powers owned: 1" in form[0].object
    # the engine's order, its first (a Ghost, by name) chosen: review table.md 9
    assert list(form[1].options) == ["a Ghost", "Merchant", "Hill", "Mounted", "Alchemist",
                                     "Underworld"] and form[1].value == "ghost"
    assert form[2].label == "Buy a Ghost"
    play(session, [("Cy", "buy", {"item": "ghost"})])  # 3 coins
    card = screen._status_pane.object
    assert "4 coins" in card and "no purchase he can pay for at this price (A-NEC-03)" in card
    assert "Ghosts left in his reserve</td><td>11" in card and "Just now:" not in screen._score_pane.object
    play(session, [("Cy", "conquer", {"region": "r7"}), ("Cy", "conquer", {"region": "r3"}),
                   ("Cy", "end_turn", {})])
    play(session, [("Ann", "end_turn", {}), ("Bob", "end_turn", {}), ("Cy", "end_turn", {})])
    assert session.game.game_over
    final = screen._other.objects[0].object
    assert "Cy, the Necromancer, did not bring every Ghost into play: the winner is chosen among " \
           "the other players (X-NEC-15, A-NEC-04)." in final
    screen.stop()


def test_X_NEC_15_the_game_over_screen_says_he_won_at_once_and_why():
    from dashboards.cards import standings_html
    from swcore.scenario import build

    data = {"title": "t", "players": ["ann", "bob", "nec"], "map": "base-2p", "steps": [],
            "expansions": ["necromancer"], "coins": {"ann": 5, "bob": 5, "nec": 77},
            "races": NEC_GAME["races"], "powers": NEC_GAME["powers"],
            "necromancer": {**NEC_GAME["extra"]["necromancer"], "reserve": 11}}
    game = build(data)
    for by in ("ann", "bob"):
        game.apply({"by": by, "do": "pick", "combo": 0})
        game.apply({"by": by, "do": "end_turn"})
    for _ in range(11):  # 2 + 3 + ... + 12 = 77 (X-NEC-12)
        game.apply({"by": "nec", "do": "buy", "item": "ghost"})
    game.apply({"by": "nec", "do": "end_turn"})
    html = standings_html(game, {})
    assert "nec, the Necromancer, wins at once: every Ghost is in play, none left in his " \
           "reserve or the Well of Souls (X-NEC-15)." in html
    assert "Most coins wins" not in html  # the coins decided nothing


def test_X_RW_8_the_event_on_the_cost_the_region_card_and_the_turn_card(store):
    """X-RW-8: in a Storm the river w1 costs 1 + 2, the card names the event and its rule."""
    from dashboards.session import create_game
    from dashboards.turn import TurnScreen

    made = create_game(store, "Storm", players(2), board="river-practice", turns=3,
                       expansions=["river_world"],
                       options={"events": ["storm", "quiet_waters", "harsh_winter"]})
    session = TableSession.open(store, *made)
    screen = TurnScreen(session)
    assert "Storm: rivers cost 3 tokens instead of 1 this round (X-RW-8)" in \
        screen._status_pane.object
    play(session, [("Ann", "pick", {"combo": 0})])
    screen.selected = "w1"
    card = screen._card_info.object
    assert "Cost <b>3</b> tokens" in card and ("2 Storm, this round&#x27;s event [<a href=\""
                                               "/tutorial/rules/surface-expansions.html#X-RW-8\"") in card
    assert "River: it costs 3 this round (Storm, X-RW-8)" in card
    screen.selected = "t3"
    assert "Temple of the Seer: its holder may look at the next event" in screen._card_info.object
    screen.stop()


# --- table games: chance and printed numbers asked on the turn screen -------------------------
def visible(layout):
    """The components a user sees in a layout, depth first (hidden boxes skipped)."""
    for obj in layout if isinstance(layout, list) else layout.objects:
        if shown(obj):
            yield obj
            if hasattr(obj, "objects"):
                yield from visible(obj)


def table_screen(store, races, powers, values=None):
    from dashboards.session import create_game
    from dashboards.turn import TurnScreen

    gid, code = create_game(store, "Table", players(3), seed=5, races=races, powers=powers,
                            stacks="table", expansions=["be_not_afraid"], values=values)
    s = TableSession.open(store, gid, code)
    return s, TurnScreen(s)


def test_X_BNA_PYG_1_the_table_enters_the_pygmy_die_on_the_turn_screen(store):
    """X-BNA-PYG-1, A-BNA-02: Bob's conquest of r4 (2 Pygmies + 2 = 4) costs Ann a Pygmy; the
    screen offers only the die row (its word's label, "Roll for me" and the faces); the face
    tapped is the logged die (2: Ann gets 1 + 2 Pygmies to place after Bob's turn)."""
    races = ["pygmies", "elves", "ratmen", "orcs", "humans", "dwarves"]
    powers = ["hill", "forest", "swamp", "alchemist", "flying", "merchant"]
    s, screen = table_screen(store, races, powers, values={"pygmies": 6})
    for action in [{"by": "Ann", "do": "pick", "combo": 0},  # Pygmies / Hill: 6 + 4 tokens
                   {"by": "Ann", "do": "reveal", "race": "trolls", "player": "stout"},
                   {"by": "Ann", "do": "conquer", "region": "r4"},
                   {"by": "Ann", "do": "conquer", "region": "r3"},
                   {"by": "Ann", "do": "redeploy", "tokens": {"r4": 2, "r3": 8}},
                   {"by": "Ann", "do": "end_turn"},
                   {"by": "Bob", "do": "pick", "combo": 0},  # Elves / Forest: 6 + 4 tokens
                   {"by": "Bob", "do": "reveal", "race": "wizards", "player": "heroic"},
                   {"by": "Bob", "do": "conquer", "region": "r4"}]:
        assert s.act(action), s.error
    assert s.game.decision.kind == "pygmy_die"
    note, buttons = screen._die.note.object, screen._die.buttons
    assert "Roll the die for a Pygmy lost" in note and "X-BNA-PYG-1" in note
    assert shown(screen._die.row) and [b.label for b in buttons] == [
        "Roll for me", "Die: blank", "Die: 1", "Die: 2", "Die: 3"]
    screen._taps.send(buttons[3], s.seq)  # what the page sends for a tap on "Die: 2"
    assert s.game.log[-1] == {"by": "Ann", "do": "pygmy_die", "roll": 2}
    assert s.game.armies["pygmies"].withdrawn == 3 and not shown(screen._die.row)
    assert s.undo(1, s.seq) and s.game.decision.kind == "pygmy_die"  # the die, not the conquest


def test_the_number_printed_on_an_unconfirmed_tile_is_asked_when_it_is_revealed(store):
    """Issue 10: a banner revealed mid-game whose printed number no confirmed source gives (the
    Leprechauns, catalogue `confirmed` = no) asks the table for it before the reveal goes; the
    number is logged with the reveal (B-COMBO-6) and counts from then on; a confirmed one, or
    one already given, asks nothing."""
    races = ["humans", "elves", "ratmen", "orcs", "dwarves", "trolls"]
    powers = ["hill", "forest", "swamp", "alchemist", "flying", "merchant"]
    s, screen = table_screen(store, races, powers)
    assert s.act({"by": "Ann", "do": "pick", "combo": 0})
    seen = list(visible(screen._other))
    race, power = [w for w in seen if type(w).__name__ == "Select"]
    numbers = [w for w in screen._other.objects if type(w).__name__ == "IntInput"]
    go = next(w for w in seen if type(w).__name__ == "Button")
    race.value, power.value = "amazons", "heroic"  # both confirmed: nothing asked
    assert len(numbers) == 2 and not any(shown(n) for n in numbers) and not go.disabled
    race.value = "leprechauns"
    asked = [n for n in numbers if shown(n)]
    assert len(asked) == 1 and asked[0].label == "Number printed on Leprechauns" and go.disabled
    power.value = "stout"
    asked[0].value = 7
    assert not go.disabled and go.label.endswith("(banner: 7)")
    go.clicks += 1
    assert s.game.log[-1] == {"by": "Ann", "do": "reveal", "race": "leprechauns",
                              "player": "stout", "race_value": 7}
    assert s.game.value_of("leprechauns") == 7 and not s.game.printed_unknown("leprechauns")
    assert s.undo(1, s.seq) and s.game.printed_unknown("leprechauns")


# --- review 2026-11-27 (table.md 1): the Priestesses' Ivory Tower from the bar -----------------
#: Ann's Priestesses / Hill on r2, r3, r4 of base-3p with Grand Dames (also the browser test's).
TOWER_GAME = {"seed": 1, "expansions": ["grand_dames"],
              "races": ["priestesses", "humans", "orcs", "elves", "ratmen", "trolls"],
              "powers": ["hill", "forest", "swamp", "alchemist", "merchant", "flying"]}
TOWER_ROUND_1 = [("Ann", "pick", {"combo": 0}), ("Ann", "conquer", {"region": "r4"}),
                 ("Ann", "conquer", {"region": "r3"}), ("Ann", "conquer", {"region": "r2"}),
                 ("Ann", "end_turn", {}), ("Bob", "pick", {"combo": 0}), ("Bob", "end_turn", {}),
                 ("Cy", "pick", {"combo": 0}), ("Cy", "end_turn", {})]


def priestesses_on_three(store):
    """TOWER_GAME after its first round: Ann's turn."""
    from dashboards.session import create_game
    from dashboards.turn import TurnScreen

    s = TableSession.open(store, *create_game(store, "Tower", players(3), **TOWER_GAME))
    play(s, TOWER_ROUND_1)
    return s, TurnScreen(s)


def bar_labels(screen):
    """The bar's buttons in the order the page shows them (their CSS order)."""
    shown_ = visible(screen._turn_buttons)
    return [b.label for b in sorted(shown_, key=lambda b: int(b.styles.get("order", 0)))]


def tap(screen, text):
    b = next(b for b in visible(screen._turn_buttons) if b.label == text)
    screen._taps.send(b, screen.session.seq)


def test_X_GD_PRI_1_the_decline_asks_where_the_tower_goes_and_stores_only_the_decline(store):
    """X-GD-PRI-1, A-GD-03 (any region held): one "Go into decline…" in the bar; confirming it
    offers the Tower in each region held (nothing chosen silently), the region tapped on the map
    first; the last choice (r4) stores the decline alone (no redeploy before it, which B-DECL-1
    refused), the 3 Priestesses stacked in r4."""
    s, screen = priestesses_on_three(store)
    assert bar_labels(screen) == ["Go into decline…", "End the turn"]
    tap(screen, "Go into decline…")
    assert bar_labels(screen) == ["Confirm: Go into decline (the Ivory Tower in r2)",
                                  "Confirm: Go into decline (the Ivory Tower in r3)",
                                  "Confirm: Go into decline (the Ivory Tower in r4)", "Cancel"]
    assert "tap its region on the map" in screen._bar_note.object
    assert not shown(screen._end.box)  # not the end of the turn's sheet
    screen._tapped("r4")
    assert bar_labels(screen)[0] == "Confirm: Go into decline (the Ivory Tower in r4)"
    n = len(s.game.log)
    tap(screen, "Confirm: Go into decline (the Ivory Tower in r4)")
    assert not s.error and s.game.log[n:] == [{"by": "Ann", "do": "decline", "tower": "r4"}]
    assert [s.game.snapshot()["regions"][r].get("tokens", 0) for r in ("r2", "r3", "r4")] == [0, 0, 3]
    assert bar_labels(screen) == ["End the turn"] and not screen._bar_note.object
    screen.stop()


def test_X_BNA_MER_1_the_card_offers_the_coin_for_a_conquest_the_hand_covers(store):
    """X-BNA-MER-1 ("for each conquest", review table.md 6): with 8 + 4 tokens in hand, r4's card
    offers the conquest plain and paying 1 coin for 2 tokens less; the paid one is stored with
    `pay` and costs the coin (5 -> 4)."""
    races = ["ratmen", "elves", "humans", "orcs", "dwarves", "trolls"]
    powers = ["mercenary", "forest", "swamp", "alchemist", "flying", "merchant"]
    s, screen = table_screen(store, races, powers)
    play(s, [("Ann", "pick", {"combo": 0}), ("Ann", "reveal", {"race": "wizards", "player": "hill"})])
    screen._tapped("r4")
    texts = [b.label for b in visible(screen._card_buttons)]
    assert texts[:2] == ["Conquer r4", "Conquer r4 paying 1 coin for 2 tokens less"], texts
    b = next(b for b in visible(screen._card_buttons) if b.label == texts[1])
    screen._taps.send(b, s.seq)
    assert s.game.log[-1] == {"by": "Ann", "do": "conquer", "region": "r4", "pay": True}
    assert s.game.coins[0] == 4
    screen.stop()


def test_X_BNA_LEP_1_cauldrons_on_any_subset_of_the_regions_at_the_end_of_the_turn(store):
    """X-BNA-LEP-1 ("may put one Cauldron in each region", review table.md 9): the end of the
    turn's redeployment has one toggle per Leprechaun region, none on; the table puts one on
    r4 only; one button per word in the bar (no second "Redeploy… with Cauldrons")."""
    races = ["leprechauns", "elves", "humans", "orcs", "dwarves", "trolls"]
    powers = ["hill", "forest", "swamp", "alchemist", "flying", "merchant"]
    s, screen = table_screen(store, races, powers, values={"leprechauns": 6})
    play(s, [("Ann", "pick", {"combo": 0}), ("Ann", "reveal", {"race": "wizards", "player": "stout"}),
             ("Ann", "conquer", {"region": "r4"}), ("Ann", "conquer", {"region": "r3"})])
    tap(screen, "End the turn")
    assert bar_labels(screen) == ["Confirm: End the turn", "Cancel"]
    panel = screen._end.places[0]
    boxes = panel.subsets["cauldrons"]
    assert shown(boxes) and sorted(boxes.options.values()) == ["r3", "r4"] and boxes.value == []
    assert "With Cauldrons on …: any of these regions, or none" in panel._subset_pool[0][0].object
    boxes.value = ["r4"]
    n = len(s.game.log)
    tap(screen, "Confirm: End the turn")
    assert not s.error, s.error
    assert [e["do"] for e in s.game.log[n:]] == ["redeploy", "end_turn"]
    assert s.game.log[n]["cauldrons"] == ["r4"]
    regions = s.game.snapshot()["regions"]
    assert regions["r4"].get("cauldron") == 1 and not regions["r3"].get("cauldron")
    screen.stop()


def test_X_NEC_5_a_new_game_asks_the_necromancer_for_his_first_power(store):
    """X-NEC-5: the form starts the `necromancer` key at `keeps` null, so play waits for him
    to choose 1 of his 6 drawn powers; the screen shows them in a select at once (the generic
    form of a word's required item), the choice is his first power and the other 5 stay for purchase."""
    from dashboards.turn import TurnScreen

    form = NewGameForm(store, table_name="F")
    form.set_expansions(["necromancer"])
    form.set_players(players(3))
    key = next(k for fs in form._keys.values() for k in fs)
    assert key.value() == {"keeps": None}
    session = TableSession.open(store, *form.submit())
    game = session.game
    drawn = game.setup["necromancer"]["powers"]
    assert game.to_act == "Cy" and game.armies["ghosts"].powers == ()
    from dashboards.cards import header_html

    top = header_html(session)  # his choice comes before Ann's turn: not "withdrawn tokens"
    assert "To play:" in top and "Cy" in top and "withdrawn" not in top
    screen = TurnScreen(session)  # the decision's form is shown at once
    heading, select, button = screen._other.objects
    assert "Choose his first power" in heading.object and "X-NEC-5" in heading.object
    assert list(select.options.values()) == drawn
    select.value = drawn[2]
    assert button.label == f"Choose his first power: {item_name(drawn[2])}"
    button.clicks += 1
    assert not session.error
    assert game.armies["ghosts"].powers == (drawn[2],) and game.to_act == "Ann"
    assert game.module_state["necromancer"]["unbought"] == [p for p in drawn if p != drawn[2]]
    screen.stop()


def test_X_NEC_4_5_at_the_table_his_six_powers_are_entered_as_drawn(store):
    """X-NEC-4 with table-entered stacks: the form refuses to draw his 6 powers itself (the
    refusal names the field); entered as drawn, he then chooses 1 of them (X-NEC-5)."""
    form = NewGameForm(store, table_name="T")
    form.set_expansions(["necromancer"])
    form.set_players(players(3))
    form.column.mode = "Enter as on the table"
    form.column.set_pairs([("ratmen", "swamp"), ("humans", "forest"), ("orcs", "wealthy"),
                           ("wizards", "diplomat"), ("elves", "flying"), ("trolls", "pillaging")])
    assert form.submit() is None and "enter the 6 powers he drew (X-NEC-4)" in form._error.object
    drawn = ["commando", "merchant", "hill", "mounted", "alchemist", "underworld"]
    key = next(k for fs in form._keys.values() for k in fs)
    key.widget.value = json.dumps({"powers": drawn, "keeps": None})
    game = TableSession.open(store, *form.submit()).game
    assert game.setup["necromancer"]["powers"] == drawn and game.decision.kind == "first_power"
    assert sorted(a.args["power"] for a in game.legal_actions()) == sorted(drawn)
