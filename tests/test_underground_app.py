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


# --- the table assistant with Underground (issue 21, "Everywhere a user meets them") ----------
#: Ann's Liches / Mining (5 + 4 = 9 tokens) on underground-2p; the Sword lies on top of the
#: face-down stack and the Diamond Fields face up on r16 (a Mudpool) from the set-up.
SWORD = "sword_of_the_killer_rabbit"
UG_GAME = {"board": "underground-2p", "expansions": ["underground"],
           "races": ["liches", "ogres", "drow", "gnomes", "kraken", "shrooms", "mummies", "mudmen"],
           "powers": ["mining", "immortal", "stone", "wise", "tomb", "mystic", "muddy", "fisher"],
           "extra": {"places_relics": [SWORD, "keep_on_the_motherland", "shiny_orb", "stonehedge"],
                     "pieces": {"diamond_fields": "r16"}}}


def ug_session(sqlite, **kw):
    gid, code = create_game(sqlite, "U", players(2), **{**UG_GAME, **kw})
    return TableSession.open(sqlite, gid, code)


def act(session, *steps):
    for step in steps:
        assert session.act({"by": "Ann", **step}), session.error


def test_U_MON_4_the_relic_turned_over_on_the_map_and_in_the_legend(sqlite):
    """U-MON-2, U-MON-4: r19's 2 Monsters cost 2 more; conquered, they leave the legend and the
    Sword lies there face up for Ann: a badge on the map, a row of the legend with its French
    name from the rule book (L'Épée Vorpale), its rule from the piece registry."""
    from dashboards.board_map import BoardMap
    from dashboards.map_items import board_items, legend_html, legend_rows

    s = ug_session(sqlite)
    rows = {name: where for _, name, where in legend_rows(s.game, s.game.board)}
    assert rows["Monsters"] == "r3 ×2, r9 ×2, r19 ×2, r20 ×2"
    assert rows["The Diamond Fields"] == "r16"
    act(s, {"do": "pick", "combo": 0}, {"do": "conquer", "region": "r19"})
    rows = {name: (mark, where) for mark, name, where in legend_rows(s.game, s.game.board)}
    assert rows["The Sword of the Killer Rabbit"] == ("Sword", "r19 (Ann)")
    assert rows["Monsters"][1] == "r3 ×2, r9 ×2, r20 ×2"  # U-MON-3: they leave the game
    sword = next(it for it in board_items(s.game) if it.kind == SWORD)
    assert sword.rule == "U-RELIC-SWORD-1" and sword.player == "Ann"
    m = BoardMap(s.game)
    i = s.game.board.index["r19"]
    assert m.source.data["badges"][i] == "Sword"
    assert "The Sword of the Killer Rabbit (Ann)" in m.source.data["tip"][i]
    set_language("fr")
    try:
        html = legend_html(s.game, s.game.board)
        assert "L&#x27;Épée Vorpale</span> : r19 (Ann)" in html and ">Épée<" in html
        assert "Monstres</span> : r3 ×2" in html
    finally:
        set_language("en")


def test_U_PR_2_a_relic_conquest_on_the_region_card_with_its_cost(sqlite):
    """U-PR-2, U-RELIC-SWORD-1: on r16's card, the conquest using the Sword is a button of its
    own, with its cost from the engine's breakdown (2 − 2, at least 1: 1 token); the Diamond
    Fields lying there are named with their help; pressing it sends `using`."""
    from dashboards.turn import TurnScreen

    s = ug_session(sqlite)
    screen = TurnScreen(s)
    act(s, {"do": "pick", "combo": 0}, {"do": "conquer", "region": "r19"})
    screen.selected = "r16"
    info = screen._card_info.object
    assert "Lying here:" in info and "data-item='diamond_fields'" in info
    assert "Cost <b>1</b> token" in info and "− 2 Sword of the Killer Rabbit" in info
    using = next(b for b in screen._card_buttons if b.visible
                 and b.label == "Conquer r16 using The Sword of the Killer Rabbit")
    screen._press(using.sw_action)
    assert s.game.log[-1] == {"by": "Ann", "do": "conquer", "region": "r16", "using": SWORD}
    assert s.game.pieces[SWORD] == s.game.board.index["r16"]  # U-PR-3: it moves there


def test_U_PLACE_DIAMOND_1_the_place_in_the_score_breakdown_in_both_languages(sqlite):
    """U-PLACE-DIAMOND-1, AU-58: r19 and r16 are Mudpools, the Fields on r16: 2 regions + 2."""
    from dashboards.cards import score_html

    s = ug_session(sqlite)
    act(s, {"do": "pick", "combo": 0}, {"do": "conquer", "region": "r19"},
        {"do": "conquer", "region": "r16", "using": SWORD}, {"do": "end_turn"})
    html = score_html(s.game, s.colours)
    assert "scored <span class='sw-big'>+4</span>" in html or "+4" in html
    assert "Diamond Fields: 2 mudpool regions" in html and "U-PLACE-DIAMOND-1" in html
    set_language("fr")
    try:
        assert "Dahlias de Diamant : 2 régions de mare de boue" in score_html(s.game, s.colours)
    finally:
        set_language("en")


def test_U_SETUP_4_the_module_panel_counts_the_face_down_markers(sqlite):
    """U-SETUP-4, AU-05: the panel says how many Places and Relics lie face down (not which),
    and where each one turned over lies."""
    from dashboards.modules_panel import panel_html

    s = ug_session(sqlite)
    act(s, {"do": "pick", "combo": 0}, {"do": "conquer", "region": "r19"})
    html = panel_html(s.game, "Bob")
    assert "Places and Relics face down</td><td>3" in html
    assert "Righteous Relic: The Sword of the Killer Rabbit</td><td>r19 (Ann)" in html
    assert "stonehedge" not in html.lower()  # AU-05: the order stays hidden


def test_U_MON_4_the_table_enters_the_marker_turned_over(sqlite):
    """U-MON-4 with stacks entered from the table: conquering a Monster region asks which Place
    or Relic the table turned over (a select of the 15, the `discover` word's form)."""
    from test_expansions_app import visible

    from dashboards.turn import TurnScreen

    s = ug_session(sqlite, stacks="table", extra={}, races=UG_GAME["races"][:6],
                   powers=UG_GAME["powers"][:6])
    screen = TurnScreen(s)
    act(s, {"do": "pick", "combo": 0}, {"do": "reveal", "race": "mudmen", "player": "fisher",
                                        "race_value": 5, "power_value": 4},
        {"do": "conquer", "region": "r19"})
    seen = [w for w in visible(screen._other) if type(w).__name__ in ("Select", "Button")]
    select = next(w for w in seen if type(w).__name__ == "Select")
    assert len(select.options) == 15 and "The Keep on the Motherland" in select.options
    from dashboards.modules_panel import panel_html
    assert "Places and Relics face down</td><td>the table enters each one turned over" in \
        panel_html(s.game, "Ann")
    select.value = "keep_on_the_motherland"
    go = next(w for w in visible(screen._other) if type(w).__name__ == "Button"
              and w.label.startswith("Enter the place or relic turned over"))
    assert go.label.endswith("The Keep on the Motherland")
    go.clicks += 1
    assert s.game.log[-1] == {"by": "Ann", "do": "discover", "item": "keep_on_the_motherland"}
    assert s.game.pieces["keep_on_the_motherland"] == s.game.board.index["r19"]


def test_table_stacks_ask_the_printed_numbers_of_underground_tiles(sqlite):
    """Values with a single source (catalogue `confirmed` = no) are set-up overrides: entering
    the column as it lies on the table, the form asks the printed numbers of the Ogres and of
    Mining, not of the Shrooms nor of Mystic (confirmed by two sources)."""
    form = NewGameForm(sqlite, table_name="T")
    form.set_expansions(["underground"])
    form.set_players(players(2))
    form.column.mode = "Enter as on the table"
    form.column.set_pairs(list(zip(UG_GAME["races"][:6], UG_GAME["powers"][:6], strict=True)))
    asked = form.column.asked()
    assert ("values", "ogres") in asked and ("values", "mining") in asked
    assert ("values", "shrooms") not in asked and ("values", "mystic") not in asked


def test_U_POWER_SHIELD_1_the_armors_are_placed_in_the_redeployment_panel():
    """U-POWER-SHIELD-1, AU-32 (tests/scenarios/underground/shield.yaml): Ann's Ogres / Shield
    hold c (a Mushroom Forest) and d: the listed redeployment carries the Armor she earns,
    and the placement panel offers it beside the tokens; moving it to d sends it there."""
    from dashboards import inputs
    from dashboards.widgets import button
    from swcore.scenario import build, load

    data = load("tests/scenarios/underground/shield.yaml")
    g = build(data)
    for step in data["steps"][:3]:
        g.apply(step)
    grp = next(gr for gr in inputs.group(g.legal_actions()).values() if gr.first.do == "redeploy")
    assert dict(grp.first.args["armors"]) == {"c": 1}
    panel = inputs.PlacementPanel(lambda what: None, button("Cancel"))
    panel.fill(g, "", grp.first, inputs.placement_regions(g, grp), {}, "Place")
    assert "Mushroom Armors" in panel._other_pool[0][0].object
    armors = panel.others["armors"]
    armors["c"].value, armors["d"].value = 0, 1
    panel.steppers["c"].value, panel.steppers["d"].value = 2, 6
    g.apply(panel.action())
    assert g.mk["armor"][g.board.index["d"]] == 1 and g.mk["armor"][g.board.index["c"]] == 0


def test_U_RACE_IRON_DWARVES_1_hammers_stand_with_their_player():
    """U-RACE-IRON-DWARVES-1: the Silver Hammers kept in front of a player are listed with the
    player, in no region."""
    from dashboards.map_items import board_items
    from swcore.scenario import build, load

    data = load("tests/scenarios/underground/iron_dwarves.yaml")
    g = build(data)
    for step in data["steps"]:
        if not isinstance(step, dict) or "do" not in step:
            continue
        if step.get("rejected"):
            continue
        g.apply({k: v for k, v in step.items() if k not in ("cost", "die")})
        hammers = [it for it in board_items(g) if it.kind == "hammer"]
        if hammers:
            break
    assert hammers and hammers[0].region is None and hammers[0].name == "Silver Hammer"
    assert hammers[0].count >= 1 and hammers[0].player in g.players


def test_U_RACE_SHADOW_MIMES_1_every_swap_is_offered_on_the_column(sqlite):
    """U-RACE-SHADOW-MIMES-1, AU-27: the Shadow Mimes at position 1 may swap badges with any of
    the 5 other combos: the column's row offers the plain pick and each swap (a button each),
    and position 0's row offers none of them (the swap names position 0 too)."""
    from dashboards.turn import TurnScreen

    s = ug_session(sqlite, races=["flames", "shadow_mimes", "drow", "gnomes", "kraken", "mudmen"],
                   powers=["mining", "immortal", "stone", "wise", "tomb", "royal"], extra={})
    screen = TurnScreen(s)
    _text, _btn, row = screen._column_rows[1]
    swaps = [b for b in row[2].objects if b.visible]
    assert [b.label for b in swaps] == [f"Swapping badges with position {k}" for k in (0, 2, 3, 4, 5)]
    _text, _btn, first = screen._column_rows[0]
    assert all("Swapping" not in b.label for b in first[2].objects if b.visible)
    screen._press(swaps[2].sw_action)
    assert s.game.log[-1] == {"by": "Ann", "do": "pick", "combo": 1, "swap": 3}


def test_U_PLACE_CRYPT_1_U_RELIC_RING_1_the_ghost_and_the_ring_on_the_region_cards(sqlite):
    """U-PLACE-CRYPT-1, U-RELIC-RING-1, AU-63: Ann holds the Crypt (r16) and Froggy's Ring (r15).
    At the end of her turn each is a choice of hers on a region's card (the generic controls:
    the words `crypt_ghost` and `ring`), never a default: the Ghost goes anywhere but the
    Crypt's own region, the Ring to one of her regions; both can be placed before the end."""
    from dashboards.turn import TurnScreen
    from dashboards.widgets import shown

    s = ug_session(sqlite, extra={"pieces": {"crypt_of_the_tomb_raider": "r16", "froggys_ring": "r15"},
                                  "places_relics": ["stonehedge", "shiny_orb", "great_brass_pipe",
                                                    "altar_of_souls"]})
    screen = TurnScreen(s)
    act(s, {"do": "pick", "combo": 0}, {"do": "conquer", "region": "r16"},
        {"do": "conquer", "region": "r15"})

    def card(region):
        screen.selected = region
        return {b.label: b for b in screen._card_buttons if shown(b)}

    assert "Put the Ghost in r16" not in card("r16")  # not the Crypt's own region
    screen._press(card("r19")["Put the Ghost in r19"].sw_action)
    assert s.game.log[-1] == {"by": "Ann", "do": "crypt_ghost", "region": "r19"}
    assert s.game.pieces["crypt_ghost"] == s.game.board.index["r19"]
    screen._press(card("r16")["Put Froggy's Ring in r16"].sw_action)
    assert s.game.log[-1] == {"by": "Ann", "do": "ring", "region": "r16"}
    assert s.game.pieces["froggys_ring"] == s.game.board.index["r16"]


def test_U_CHASM_1_a_chasm_on_the_card_is_refused_with_its_rule_in_both_languages(sqlite):
    """U-CHASM-1: r1, an Abysmal Chasm, can never be conquered: its card says so with the rule,
    and in French with the rule's French summary."""
    from dashboards.turn import TurnScreen

    s = ug_session(sqlite)
    screen = TurnScreen(s)
    act(s, {"do": "pick", "combo": 0})
    screen.selected = "r1"
    assert screen._card_alert.object == ("Not now: Conquer r1 — U-CHASM-1: r1 (chasm) can never "
                                         "be conquered")
    set_language("fr")
    try:
        screen.selected = "r17"
        screen.selected = "r1"
        assert screen._card_alert.object.startswith("Pas maintenant : Conquérir r1 — U-CHASM-1 : ")
        assert "r1 (gouffre) ne peut jamais être conquise" in screen._card_alert.object
    finally:
        set_language("en")


def test_U_RACE_IRON_DWARVES_2_the_hammers_spent_are_the_players_choice(sqlite):
    """U-RACE-IRON-DWARVES-2, AU-24 (tests/scenarios/underground/iron_dwarves.yaml): with 1
    Silver Hammer, conquering b (2 tokens) spends it by default (1 token); the card also offers
    the conquest keeping it, with its cost (2 tokens)."""
    from dashboards.region_card import variant_quote
    from swcore.scenario import build, load

    data = load("tests/scenarios/underground/iron_dwarves.yaml")
    g = build(data)
    for step in data["steps"][:5]:
        g.apply(step)
    conquests = {(a.region, a.args.get("hammers")) for a in g.legal_actions() if a.do == "conquer"}
    assert {("b", None), ("b", 0)} <= conquests
    keep = next(a for a in g.legal_actions() if a.do == "conquer" and a.region == "b"
                and a.args.get("hammers") == 0)
    assert "Cost <b>2</b> tokens" in variant_quote(g, keep, "keep")
    g.apply(keep)
    assert g.tokens[g.board.index["b"]] == 2


def _underground_params() -> set[tuple[str, str]]:
    """Every (word, parameter) Underground brings: its own words' and those it adds to others."""
    import yaml

    from swcore.words import WORDS

    own = yaml.safe_load(open("swcore/data/words-underground.yaml", encoding="utf-8"))["words"]
    return ({(n, k) for n, w in WORDS.items() for k, p in w.params.items() if p.module == "underground"}
            | {(n, k) for n in own if n in WORDS for k in WORDS[n].params})


def test_every_underground_argument_played_in_the_scenarios_is_offered_by_the_inputs():
    """Issue 21: each Underground action word and argument that a scenario of
    tests/scenarios/underground plays is offered by the generic inputs where it is played: the
    very action is a legal one (a button: region card, column, bar), or its word's panel opens
    there (a placement, a choice of regions, a form) for the rest of it."""
    import glob

    from dashboards import inputs
    from swcore import Action
    from swcore.scenario import build, load, settle
    from swcore.words import WORDS

    wanted = _underground_params()
    played: dict[tuple[str, str], int] = {}
    for path in sorted(glob.glob("tests/scenarios/underground/*.yaml")):
        data = load(path)
        g = build(data)
        steps = data.get("steps", [])
        for k, step in enumerate(steps):
            if not isinstance(step, dict) or "do" not in step:
                continue
            settle(g, steps, k)
            word = WORDS[step["do"]]
            a = Action.from_dict({x: v for x, v in step.items()
                                  if x in ("by", "do") or x in word.params})
            uses = [(a.do, x) for x in a.args if (a.do, x) in wanted]
            if uses and not step.get("rejected"):
                legal = g.legal_actions()
                skip = {inputs.adjusted(word), *inputs.form_params(word), *inputs.subsets(word),
                        *inputs.extra_placements(word)}
                key = (a.by, a.do, tuple(sorted((x, v) for x, v in a.args.items() if x not in skip)))
                die = inputs.die_param(word)
                bare = Action.from_dict({x: v for x, v in a.to_dict().items() if x != die})
                rolled = die in a.args and bare in legal and inputs.die_applies(g, bare)  # a die row
                assert a in legal or rolled or (inputs.needs_panel(word) and key in inputs.group(legal)), \
                    (path, step)
                for u in uses:
                    played[u] = played.get(u, 0) + 1
            try:
                g.apply(a)
            except Exception:
                if not step.get("rejected"):
                    raise
    assert {("conquer", "using"), ("redeploy", "armors"), ("crypt_ghost", "region"),
            ("pick", "swap")} <= set(played)


def test_U_COMP_5_table_mode_asks_the_single_source_marker_boxes(sqlite):
    """The Armors (8) and Silver Hammers (7) of U-COMP-5 rest on the French rule book alone:
    with the column entered from the table and the Shield and the Iron Dwarves in it, the form
    asks for each (optional, like a race's box); the number typed is the game's `supply`."""
    form = NewGameForm(sqlite, table_name="U")
    form.set_expansions(["underground"])
    form.set_players(players(2))
    form.column.mode = "Enter as on the table"
    form.column.set_pairs([("ogres", "stone"), ("mummies", "mining"), ("drow", "muddy"),
                           ("kraken", "mystic"), ("liches", "fisher"), ("mudmen", "flocking")])
    assert not [k for k in form.column.asked() if k[0] == "supply"]
    form.column.set_pairs([("iron_dwarves", "shield"), ("mummies", "mining"), ("drow", "muddy"),
                           ("kraken", "mystic"), ("liches", "fisher"), ("mudmen", "flocking")])
    assert {("supply", "armor"), ("supply", "hammer")} <= set(form.column.asked())
    for what, item in form.column.asked():
        if what == "values":
            form.column.set_value(what, item, 5)
    form.column.set_value("supply", "armor", 6)
    made = form.submit()
    assert made is not None, form._error.object
    game = TableSession.open(sqlite, *made).game
    assert game.setup["supply"] == {"armor": 6}
    assert game.box_of("armor") == 6 and game.box_of("hammer") == 7


def test_U_RACE_WILL_O_WISPS_1_the_card_takes_the_early_die_from_the_table(sqlite):
    """AU-26, B-COMP-6: 1 Will-o'-Wisp in hand; r5 (Mystic Crystals on the edge of
    underground-2p) offers both the final die (B-FINAL-1) and the early die: each has its row of
    faces; the table's 3 on the early die's row conquers r5 (cost 2 - 3, minimum 1) and the
    conquests go on."""
    from dashboards.turn import TurnScreen

    made = create_game(sqlite, "W", ["Ann", "Bob"], board="underground-2p",
                       expansions=["underground"], values={"will_o_wisps": 1, "stone": 0},
                       races=["will_o_wisps", "ogres", "drow", "kraken", "liches", "gnomes"],
                       powers=["stone", "mining", "muddy", "mystic", "fisher", "flocking"])
    session = TableSession.open(sqlite, *made)
    screen = TurnScreen(session)
    assert session.act({"by": "Ann", "do": "pick", "combo": 0}), session.error
    screen.selected = "r5"
    final, early = screen._card_dice
    assert "the die decides (B-FINAL-1)" in final.note.object
    assert "the die is rolled before this conquest (U-RACE-WILL-O-WISPS-1)" in early.note.object
    three = next(b for b in early.buttons if b.label == "Die: 3")
    assert three.sw_action[1].args == {"region": "r5", "early_die": True, "roll": 3}
    assert session.act(three.sw_action[1].to_dict()), session.error
    g = session.game
    assert g.owner[g.board.index["r5"]] == 0 and not g.armies["will_o_wisps"].over


def test_U_COMPAT_4_the_form_sets_monsters_on_a_surface_board(sqlite):
    """The new-game form asks Underground's set-up key `monsters` (its help in French too):
    on base-2p, r4, r7 and r11 (Lost Tribe regions, none bordering another) hold 2 Monsters
    each; a region bordering another is refused by its rule."""
    form = NewGameForm(sqlite, table_name="M")
    form.set_expansions(["underground"])
    form.set_players(players(2))
    form.board = "base-2p"
    key = next(k for k in form._keys["underground"] if k.key == "monsters")
    key.widget.value = '["r4", "r12", "r13"]'
    assert form.submit() is None and "U-COMPAT-4" in form._error.object
    key.widget.value = '["r4", "r7", "r11"]'
    made = form.submit()
    assert made is not None, form._error.object
    g = TableSession.open(sqlite, *made).game
    assert [g.board.ids[i] for i in range(len(g.board)) if g.race[i] == "monster"] == ["r4", "r7", "r11"]
    from dashboards.setup_fields import SetupKeyField
    from swcore.rules.underground.surface_monsters import prepare

    set_language("fr")
    try:
        assert SetupKeyField("underground", "monsters", prepare).help.startswith(
            "Des Monstres sur une carte de surface, pour ses Lieux et Reliques (U-COMPAT-4")
    finally:
        set_language("en")
