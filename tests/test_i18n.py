"""French and English (issue 12): the catalogues are complete, compiled and used.

Every .po under a `locale/` folder has a French text for each message (no empty msgstr), its
committed .mo is what the .po compiles to today, every action word's label, sentence and note
has a French template with the same placeholders, every rule the engine can cite in a refusal
has a French summary, and every race and power a French help text.
"""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from swcore import Action, Game, RuleError
from swcore.catalogue import CATALOGUE
from swcore.effects import ABILITIES
from swcore.i18n import explain, gettext_for, help_fr, item_name, normalise, rule_summary_fr
from swcore.words import WORDS, Kind, describe, label, templates

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from compile_locale import compiled, po_files  # noqa: E402

PO_FILES = po_files()


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_there_are_catalogues_for_the_engine_and_the_app():
    names = {p.relative_to(ROOT).parts[0] for p in PO_FILES}
    assert names == {"swcore", "dashboards"}, PO_FILES


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_message_has_a_french_text(po):
    with po.open("rb") as f:
        catalog = read_po(f)
    empty = [m.id for m in catalog if m.id and not m.string]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not empty, f"{len(empty)} messages without French: {empty[:10]}"
    assert not fuzzy, f"fuzzy (unchecked) translations: {fuzzy[:10]}"
    for m in catalog:
        if m.id:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
            assert all(strings), f"a plural form without French: {m.id!r}"
            for text in strings:
                assert fields(ids[-1]) == fields(text), f"placeholders differ: {m.id!r}"


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_committed_mo_is_the_compiled_po(po):
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} missing: run python scripts/compile_locale.py"
    assert mo.read_bytes() == compiled(po), f"{mo} is stale: run python scripts/compile_locale.py"


def test_every_word_has_french_templates():
    fr = gettext_for("fr")
    missing = [t for t in templates() if fr(t) == t and t.strip() not in ("({race})",)]
    assert not missing, missing
    for t in templates():
        assert fields(fr(t)) == fields(t), t


def test_french_labels_and_sentences_of_every_word():
    """Each word, with every parameter given, reads in French (no English template left)."""
    sample = {Kind.COMBO: 1, Kind.REGION: "r3", Kind.REGIONS: ("r3", "r4"),
              Kind.PLACEMENT: (("r3", 2),), Kind.PLAYER: "bob", Kind.RACE: "ghouls",
              Kind.POWER: "flying", Kind.ITEM: "ghost", Kind.DIE: 2, Kind.FLAG: True,
              Kind.COUNT: 3}
    for word in WORDS.values():
        action = Action(by="ann", do=word.id, **{k: sample[p.kind] for k, p in word.params.items()})
        en, fr = label(action), label(action, lang="fr")
        assert en != fr or word.label == "({race})", word.id
        assert describe(action, lang="fr") != describe(action), word.id
    a = Action(by="ann", do="conquer", region="r3", reinforce=True, roll=2, race="ghouls")
    assert describe(a, lang="fr") == "ann conquiert r3 avec le dé de renforts avec les Zombies (dé : 2)"
    assert label(Action(by="ann", do="end_turn"), lang="fr") == "Finir le tour"


def test_items_are_named_as_in_the_french_rule_books():
    assert item_name("ghouls", "fr") == "Zombies" and item_name("ghouls") == "Ghouls"
    assert item_name("halflings", "fr") == "Mi-portions"
    assert item_name("fortress", "fr") == "Forteresse"
    assert item_name("farmland", "fr") == "Champs"
    assert item_name("unknown-id", "fr") == "unknown-id"
    assert normalise("fr-FR") == "fr" and normalise(b"fr") == "fr" and normalise("de") == "en"


def cited_rules() -> set[str]:
    """Every rule ID the engine can put in a RuleError: literal IDs in RuleError calls and in
    `rule = "…"` assignments, each ability's rule and each word's rule."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "swcore").rglob("*.py"))
    rid = r'"((?:AU|[ABXUR])-[A-Z0-9]+(?:-[A-Z0-9]+)*)"'
    ids: set[str] = set()
    for m in re.finditer(r"RuleError\(([^,]*),", source):
        ids |= set(re.findall(rid, m.group(1)))
    ids |= set(re.findall(r"\brule\s*=\s*" + rid, source))
    ids |= set(re.findall(r'id, rule = "[a-z_]+", ' + rid, source))
    ids |= {a.rule for a in ABILITIES.values() if a.rule}
    ids |= {w.rule for w in WORDS.values()}
    return ids


def test_every_rule_the_engine_cites_has_a_french_summary():
    rules = cited_rules()
    assert len(rules) > 100 and "B-CONQ-1" in rules and "B-RACE-SORCERERS-2" in rules
    missing = sorted(r for r in rules if not rule_summary_fr(r))
    assert not missing, missing


def test_every_race_and_power_has_french_help():
    missing = [i for i in CATALOGUE if not help_fr(i)]
    assert not missing, missing


def test_a_refusal_in_french():
    """B-CONQ-1: r7 is inland on base-2p; in French the rule's summary, then the engine's reason
    in French too (issue 12); in English the rule ID and the reason as the engine wrote it."""
    game = Game.new("base-2p", ["ann", "bob"], seed=7)
    game.apply(Action(by="ann", do="pick", combo=0))
    with pytest.raises(RuleError) as caught:
        game.apply(Action(by="ann", do="conquer", region="r7"))  # not on the board's edge
    main, detail = explain(caught.value, "fr")
    assert main == "B-CONQ-1 : " + rule_summary_fr("B-CONQ-1")
    assert detail == ("r7 n'est pas une région du bord : un Peuple entre sur la carte par le "
                      "bord ou par une Mer au bord")
    err = RuleError("B-CONQ-1", "r12 is not a border region")  # no French for this reason
    main, detail = explain(err, "fr")
    assert main.startswith("B-CONQ-1 : Première conquête") and "bord" in main
    assert detail == "r12 is not a border region"
    assert explain(err, "en") == ("B-CONQ-1: r12 is not a border region", "")


def app_messages() -> dict[str, str]:
    """Every text of the app marked for translation (`_`, `N_`, `ngettext`), with its file."""
    from babel.messages.extract import extract_from_file

    out: dict[str, str] = {}
    for path in sorted((ROOT / "dashboards").glob("*.py")):
        for lineno, msg, _c, _x in extract_from_file(
                "python", str(path), keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
            out.setdefault(msg[0] if isinstance(msg, tuple) else msg, f"{path.name}:{lineno}")
    return out


def test_every_app_text_is_in_the_french_catalogue():
    po = ROOT / "dashboards" / "locale" / "fr" / "LC_MESSAGES" / "dashboards.po"
    with po.open("rb") as f:
        known = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}
    found = app_messages()
    assert len(found) > 100
    missing = {m: where for m, where in found.items() if m not in known}
    assert not missing, missing


def test_the_app_speaks_the_pages_language():
    """Outside a served page the app speaks English; `choose` reads ?lang= then the cookie."""
    from dashboards import i18n

    assert i18n._("Cancel") == "Cancel"
    assert i18n.choose({"lang": [b"fr"]}, {}) == "fr"
    assert i18n.choose({}, {"sw_lang": "fr"}) == "fr"
    assert i18n.choose({"lang": ["en"]}, {"sw_lang": "fr"}) == "en"
    assert i18n.choose({}, {}) == "en"
    fr = gettext_for("fr")
    assert fr("Conquer {region}") == "Conquérir {region}"
    from swcore.i18n import translation

    app = translation("fr", "dashboards", i18n.LOCALE_DIR)
    assert app.gettext("End turn") in ("End turn",)  # not an app text: left as it is
    assert app.gettext("Cancel") == "Annuler"
    assert app.ngettext("{n} token", "{n} tokens", 2).format(n=2) == "2 pions"


# --- The expansions, the new-game form, the cost and score lines in French -------------------
SWCORE_PO = ROOT / "swcore" / "locale" / "fr" / "LC_MESSAGES" / "swcore.po"


def po_ids(po: Path) -> set[str]:
    with po.open("rb") as f:
        return {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}


def module_texts(module_id: str) -> list[str]:
    """What the new-game form shows of a module, in English: its name, what it is, each
    option's label, explanation and choices, each set-up key's help; its board names."""
    from dataclasses import fields as dc_fields

    from dashboards import setup_fields as sf
    from swcore.rules import module_of

    mod = module_of(module_id)
    texts = [mod.name, sf.module_summary(module_id)]
    cls = getattr(mod, "options", None)
    for f in dc_fields(cls) if cls is not None else ():
        texts += [sf.option_label(f.name), sf.option_help(cls, f.name)]
        texts += [c for c in sf.choices(cls, f.name, f.default) or []
                  if not c.isdigit() and not c.startswith("fr")]  # not the editions' years
    if module_id != "base":  # the form asks for the expansions' set-up keys only
        texts += [" ".join((fn.__doc__ or "").split())
                  for fn in getattr(mod, "setup_keys", {}).values()]
    return [t for t in texts if t]


def test_every_module_has_french_words_for_the_new_game_form():
    """Issue 12: the form's words come from the engine (docstrings, `#:` comments); each has
    its swcore.po entry, and the built-in boards' names too."""
    from swcore import builtin_ids, load_board
    from swcore.rules import available_modules

    known = po_ids(SWCORE_PO)
    texts = [t for m in available_modules() for t in module_texts(m)]
    texts += [load_board(b).name for b in builtin_ids() if load_board(b).name]
    assert len(texts) > 30
    missing = [t for t in texts if t not in known]
    assert not missing, missing
    from swcore.rules import module_name
    assert module_name("necromancer", "fr") == "L'Île du Nécromant"
    assert module_name("be_not_afraid", "fr") == "Même pas peur !"
    assert module_name("cursed") == "Cursed!"


def test_X_NEC_7_necromancer_and_leaders_panels_in_french():
    """X-NEC-7 (reserve of 13 Ghosts by default), X-NEC-12 (the Well), X-LEAD-4 (captives):
    each row of the modules' panels in French at the start of a 4-seat game."""
    from swcore.rules import describe
    from swcore.rules.necromancer import state as nec

    game = Game.new("base-3p", ["Ann", "Bob", "Cleo", "Dan"], seed=3,
                    expansions=["necromancer", "leaders"])
    fr = {name: dict(rows) for _id, name, rows in describe(game, None, "fr")}
    en = {name: dict(rows) for _id, name, rows in describe(game, None)}
    assert set(fr) == {"Les Chefs", "L'Île du Nécromant"}
    assert set(en) == {"Leaders", "Necromancer Island"}
    necro = fr["L'Île du Nécromant"]
    assert necro["Nécromant"] == "Dan" and necro["Fantômes dans sa réserve"] == "13"
    k = nec.SOULS_PER_GHOST
    assert necro["Puits aux Âmes"] == f"0 : 0 âme, 0 pion perdu dans les conquêtes ({k} font un Fantôme)"
    assert en["Necromancer Island"]["Well of Souls"] == (
        f"0: 0 souls, 0 tokens lost in conquests ({k} make a Ghost)")
    assert necro["Prix d'achat actuel"].endswith("jetons de victoire (un Fantôme ou un Pouvoir)")
    powers = [p for p in nec.book(game)["unbought"]]
    assert necro["Pouvoirs qu'il peut acheter"] == ", ".join(item_name(p, "fr") for p in powers)
    assert fr["Les Chefs"]["Chefs captifs détenus par Ann"] == "aucun"
    for name, rows in zip(fr, en, strict=True):  # every label is French, none left in English
        assert not set(fr[name]) & set(en[rows])


def test_X_RW_2_the_event_row_in_french():
    """X-RW-2, -3, -8…11: the event in force and every kind of event have a French name and
    text; the Pirate Ships' count reads "n sur 12"."""
    from swcore.rules import describe
    from swcore.rules.river_world import EVENT_NAMES, event_text

    game = Game.new("river-practice", ["Ann", "Bob"], seed=3, expansions=["river_world"])
    rows = dict(describe(game, "Ann", "fr")[0][2])
    assert rows["Événement de ce tour"] == event_text(game.event, "fr")
    assert rows["Navires pirates pris dans la boîte"].endswith(f" sur {game.box_of('pirate_ship')}")
    french = {"storm": "Tempête", "quiet_waters": "Calme plat", "harsh_winter": "Hiver rude",
              "pirates": "Pirates"}  # seed 004, « Événements »
    for event in EVENT_NAMES:
        text = event_text(event, "fr")
        assert text.startswith(french[event] + " : X-RW-"), text
        assert text.split(" : ", 1)[1] != event_text(event).split(": ", 1)[1]  # the text too
    assert event_text("quiet_waters", "fr") == (
        "Calme plat : X-RW-9 : il ne se passe rien de spécial. C'est le calme plat.")


@pytest.mark.parametrize(("english", "french"), [
    ("base", "base"),  # B-CONQ-2: the region's base cost
    ("mountain", "Montagne"),  # B-CONQ-2: its terrain's defence
    ("lost tribe", "Tribus oubliées"),  # B-CONQ-2: one token per occupant
    ("Commando", "Armés"),  # B-POW-COMMANDO-1: −1
    ("minimum 1", "minimum 1"),  # B-CONQ-3
    ("Ratmen: 4 regions", "Hommes-rats : 4 régions"),  # B-SCORE-1
    ("Giants (in decline): 1 region", "Géants (en déclin) : 1 région"),  # B-SCORE-1
    ("Dwarves: 2 mines", "Nains : 2 mines"),  # B-RACE-DWARVES-1
    ("Wealthy (first turn only)", "Fortunés (premier tour seulement)"),  # B-POW-WEALTHY-1
    ("Imperial: 2 regions beyond 3", "Impériaux : 2 régions au-delà de 3"),  # X-BNA imperial
    ("Goblins against a race in decline", "Gobelins contre un Peuple en déclin"),  # X-CUR
    ("3 harbours: 1 + 2 + 3", "3 ports de commerce : 1 + 2 + 3"),  # X-RW-5
    ("2 regions next to a Pirate Ship", "2 régions à côté d'un Navire pirate"),  # X-RW-11
    ("frozen river (Harsh Winter, this round's event)",
     "rivière gelée (Hiver rude, l'événement de ce tour)"),  # X-RW-10
])
def test_cost_and_score_labels_in_french(english, french):
    from swcore.i18n import term

    assert term(english, "fr") == french
    assert term(english, "en") == english


def test_B_CONQ_2_a_quote_and_B_SCORE_1_a_score_in_french():
    """B-CONQ-2: r3 (a mountain on the edge of base-3p) costs 2 + 1; B-SCORE-1: the turn's
    score items read in French."""
    from swcore.i18n import term

    game = Game.new("base-3p", ["Ann", "Bob", "Cleo"], races=["ratmen", "elves", "amazons",
                    "dwarves", "orcs", "humans"], powers=["hill", "forest", "swamp", "alchemist",
                                                          "flying", "merchant"])
    game.apply(Action(by="Ann", do="pick", combo=0))
    q = game.quote("r3")
    assert q.cost == 3 and [term(label, "fr") for label, _v in q.breakdown] == ["base", "Montagne"]
    game.apply(Action(by="Ann", do="conquer", region="r3"))
    game.apply(Action(by="Ann", do="end_turn"))
    items = [term(it["what"], "fr") for it in game.last_score[0]]
    assert items[0] == "Hommes-rats : 1 région"
    assert all(term(it["what"], "fr") != it["what"] for it in game.last_score[0])


def bot_positions():
    """Every position greedy bots reach (400 steps at most) in two games of each rule set:
    the four surface expansions together, River World, Necromancer Island; with the bot."""
    from swcore.bots import BOTS

    setups = [("base-3p", 3, ["cursed", "grand_dames", "leaders", "be_not_afraid"]),
              ("river-practice", 3, ["river_world"]), ("base-3p", 4, ["necromancer"])]
    for seed in range(2):
        for board, n, expansions in setups:
            game = Game.new(board, [f"p{k}" for k in range(n)], seed=seed, expansions=expansions)
            bot = BOTS["greedy"](seed)
            for _step in range(400):
                if game.game_over or game.to_act is None:
                    break
                yield game, bot


def test_every_cost_and_score_label_of_bot_games_has_french():
    """Issue 12: what greedy bots meet in games with every expansion (costs of every region
    for the player to move, every score item) reads in French."""
    from swcore.i18n import term_or_none

    seen: set[str] = set()
    for game, bot in bot_positions():
        for rid in game.board.ids[::2]:
            seen |= {label for label, _v in game.quote(rid, game.to_act).breakdown}
        seen |= {it["what"] for items in game.last_score for it in items or ()}
        game.apply(bot.choose(game, game.legal_actions()))
    assert len(seen) > 40
    missing = sorted(x for x in seen if term_or_none(x, "fr") is None)
    assert not missing, missing


@pytest.fixture
def french_page():
    """A page (Bokeh document) whose language is French, as a device with `sw_lang=fr`."""
    from bokeh.document import Document
    from panel.io.state import set_curdoc

    from dashboards import i18n

    with set_curdoc(Document()):
        i18n.set_language("fr")
        yield


def test_the_new_game_form_in_french(french_page):
    """Issue 12: the form's own texts, the modules' names and what they are, their options,
    the boards, the colours, the column's choices and the pairs' names are French; the values
    sent to the engine stay the same ids."""
    from dashboards.column_entry import SHUFFLE
    from dashboards.newgame import NewGameForm
    from dashboards.setup_fields import module_summary
    from dashboards.store import Store
    from swcore.rules import module_name

    form = NewGameForm(Store("sqlite://"))
    assert {m: b.label for m, b in form._ticks.items()} == {
        m: module_name(m, "fr") for m in form._ticks}
    html = "".join(str(getattr(p, "object", "")) for row in form._module_rows for p in row)
    assert "Le jeu de base" not in html and "L&#x27;Île du Nécromant (X-NEC, A-NEC) : un joueur" in html
    assert gettext_for("fr")(module_summary("cursed")).startswith("Maudits ! (X-CUR-*) : Gobelins")
    assert form.column.param.mode.names == {"Mélanger pour nous": SHUFFLE,
                                            "Saisir comme sur la table": "Enter as on the table"}
    assert "base-3p: Small World, plateau à 3 joueurs" in form.param.board.names
    assert form._names[0].placeholder == "Nom de la place 1" and form._colours[0].label == "Couleur"
    assert form._colours[0].options["bleu"] == "blue"
    assert form._create.label == "Créer la partie"
    race, power = form.column._pairs[0]
    assert race.options["Hommes-rats"] == "ratmen" and power.label == "Pouvoir"
    form.set_expansions(["river_world", "necromancer"])
    penalty = form.option("river_world", "pirates_penalty")
    assert penalty.options == {"adjacentes": "adjacent", "reliées": "connected"}
    assert [f.label for f in form._options["river_world"]] == [
        "Pénalité des Pirates", "Retirer les Volants", "Événements"]
    assert form.setup_key("necromancer").label == "L'Île du Nécromant : mise en place « necromancer » (JSON)"
    assert "1 place, la dernière, ne compte pas" in form._seat_note.object
    form.set_expansions([])
    form.column.mode = "Enter as on the table"
    form.set_players(["Ann", "Bob"])
    form.column.set_pairs([("ratmen", "hill"), ("ratmen", "forest")])
    assert form.submit() is None
    assert "Combinaison 2 : Hommes-rats est déjà dans la colonne" in form._error.object
    form.column.set_pairs(list(zip(["ratmen", "elves", "amazons", "dwarves", "orcs", "humans"],
                                   ["hill", "forest", "swamp", "alchemist", "flying", "merchant"],
                                   strict=True)))  # then the session's own refusals
    assert form.submit() is None and "La table a besoin d&#x27;un nom." in form._error.object
    form.table_name = "T"
    form.set_players(["Ann", "ann"])
    assert form.submit() is None
    assert "Deux joueurs s&#x27;appellent &#x27;ann&#x27; : les noms doivent être différents." in (
        form._error.object)


def test_the_modules_panel_and_the_cards_in_french(french_page):
    """X-LEAD-4 rows and the map's things in French; B-CONQ-2 cost parts and B-SCORE-1 score
    items in the page's language (base and expansion labels)."""
    from dashboards.cards import quote_html, score_html
    from dashboards.modules_panel import panel_html

    game = Game.new("base-3p", ["Ann", "Bob", "Cleo"], seed=3, expansions=["leaders"],
                    races=["ratmen", "elves", "amazons", "dwarves", "orcs", "humans"],
                    powers=["hill", "forest", "swamp", "alchemist", "flying", "merchant"])
    html = panel_html(game, None)
    assert "<summary>Les Chefs</summary>" in html and "Chefs captifs détenus par Ann" in html
    assert "Sur le plateau" in html and "Tribus oubliées" in html and "Lost Tribe" not in html
    game.apply(Action(by="Ann", do="pick", combo=0))
    assert "(2 base + 1 Montagne)" in quote_html(game.quote("r3"))
    game.apply(Action(by="Ann", do="conquer", region="r3"))
    game.apply(Action(by="Ann", do="end_turn"))
    card = score_html(game, {})
    assert "Hommes-rats : 1 région" in card and "Ratmen" not in card


def test_X_LEAD_4_a_captive_leaders_note_names_its_player_in_french():
    """X-LEAD-4: the map's note on a captive Leader names the player it was taken from; the
    game's players are placeholders too (a name with a digit is not a number)."""
    from swcore.i18n import term

    note = "the Ratmen Leader of Bob 2"
    assert term(note, "fr", ("Ann", "Bob 2")) == "le Chef Hommes-rats de Bob 2"
    assert term(note, "en", ("Ann", "Bob 2")) == note
    assert term("Ratmen Leader", "fr") == "Chef Hommes-rats"


# --- What an action did, refusals, the first game (issue 12, the rest of the French) ---------
def test_B_CONQ_6_B_SCORE_1_what_an_action_did_in_french():
    """The engine's event sentences in French, worked out by hand: Ann takes the top combo
    (B-COMBO-2: free, 12 Ratmen = 8 + 4), conquers the mountain r3 (B-CONQ-2: 2 + 1 for the
    mountain = 3 tokens) and scores 1 region (B-SCORE-1); English stays as the engine wrote it."""
    from swcore.i18n import event_text

    game = Game.new("base-3p", ["Ann", "Bob", "Cleo"], races=["ratmen", "elves", "amazons",
                    "dwarves", "orcs", "humans"], powers=["hill", "forest", "swamp", "alchemist",
                                                          "flying", "merchant"])
    said = []
    for a in (Action(by="Ann", do="pick", combo=0), Action(by="Ann", do="conquer", region="r3"),
              Action(by="Ann", do="end_turn")):
        said += [(ev.text, event_text(ev, "fr", tuple(game.players))) for ev in game.apply(a)]
    assert said == [
        ("Ann picks Ratmen / Hill at position 0: pays 0, collects 0, receives 12 tokens",
         "Ann prend Hommes-rats / Des Collines en position 0 : paie 0, ramasse 0, reçoit 12 pions"),
        ("Ann's Ratmen conquer r3 with 3 tokens (cost 3: base 2, mountain +1)",
         "Les Hommes-rats d'Ann conquièrent r3 avec 3 pions (coût 3 : base 2, Montagne +1)"),
        ("Ann scores 1: Ratmen: 1 region +1", "Ann marque 1 : Hommes-rats : 1 région +1"),
        ("Ann ends turn 1", "Ann termine le tour 1")]
    assert all(event_text(ev, "en") == ev.text for ev in game.apply(Action(by="Bob", do="pick",
                                                                           combo=0)))


def test_B_FLOW_1_players_are_told_apart_in_any_order():
    """Two players in one sentence keep their places, whichever name is longer (the names
    are numbered as they appear, not by length: hash order must not swap payer and payee)."""
    from swcore.events import Event
    from swcore.i18n import event_text

    ev = Event("pay", "Bo", "Bo pays 1 to Annabel (Corrupt, X-BNA-COR-1)", {})
    assert event_text(ev, "fr", ("Annabel", "Bo")) == "Bo paie 1 à Annabel (Corrompus, X-BNA-COR-1)"
    ev = Event("pay", "Annabel", "Annabel pays 1 to Bo (Corrupt, X-BNA-COR-1)", {})
    assert event_text(ev, "fr", ("Bo", "Annabel")) == "Annabel paie 1 à Bo (Corrompus, X-BNA-COR-1)"


def test_every_event_sentence_of_bot_games_has_french():
    """Issue 12: every sentence of what an action did that greedy bots meet in games with
    every expansion (X-NEC, X-RW, X-LEAD, X-CUR, X-GD, X-BNA) reads in French."""
    from swcore.i18n import event_text_or_none

    kinds: set[str] = set()
    missing: set[str] = set()
    for game, bot in bot_positions():
        for ev in game.apply(bot.choose(game, game.legal_actions())):
            kinds.add(ev.kind)
            if event_text_or_none(ev, "fr", tuple(game.players)) is None:
                missing.add(ev.text)
    assert len(kinds) > 15
    assert not missing, sorted(missing)


@pytest.fixture
def sheet_store(tmp_path):
    from dashboards.store import Store

    s = Store(f"sqlite:///{tmp_path / 'fr.sqlite'}")
    yield s
    s.dispose()


def test_B_FLOW_1_the_log_undo_and_refusals_of_a_french_page(french_page, sheet_store):
    """A French page's game log, undo confirmation and refusals: the session's notes are the
    engine's sentences in French, a score sheet's turn is described in French (B-SCORE-1:
    3 regions + 2 farmland for the Humans + 1 forest for Forest = 6), a refusal of the rules
    (B-FLOW-1) gives the rule's French summary, malformed input says so in French."""
    from dashboards.session import TableSession, create_game

    gid, code = create_game(sheet_store, "F", ["Ann", "Bob"], scores=True)
    s = TableSession.open(sheet_store, gid, code)
    turn = {"by": "Ann", "do": "turn", "combo": {"race": "humans", "power": "forest",
                                                  "position": 1},
            "held": {"humans": {"terrain": {"farmland": 2, "forest": 1}}}}
    assert s.act(turn, s.seq)
    assert s.notes == ["Ann prend Humains / Des Forêts : paie 1, ramasse 0",
                       "Ann marque 6 : Humains : 3 régions +3; Humains : 2 champs +2; "
                       "Des Forêts : 1 région de forêt +1"]
    assert s.undo_preview(1) == ["tour d'Ann, prend Humains / Des Forêts, 3 régions occupées"]
    assert not s.act({"by": "Ann", "do": "turn", "held": {}}, s.seq)
    assert s.error_rule == "B-FLOW-1"
    assert s.error.startswith("B-FLOW-1 : Chacun joue à son tour")
    assert not s.act({"by": "Bob", "do": "turn", "bogus": 1}, s.seq)
    assert s.error == ("Cette saisie n'est pas valable (détails : bogus: pas un champ d'un "
                       "tour de feuille de score)")
    assert s.undo(1, s.seq) and s.notes == ["1 action défaite."]
    gid, code = create_game(sheet_store, "M", ["Ann", "Bob"], seed=1)
    m = TableSession.open(sheet_store, gid, code)
    first = m.game.legal_actions()[0]
    assert m.act(first, m.seq) and m.undo_preview(1)[0] == describe(first, None, "fr")


def test_an_engine_set_up_refusal_in_french(french_page, sheet_store):
    """A set-up option the engine refuses: the form names the option in French and says in
    French that the value is not valid, the engine's reason, in French, as the detail."""
    from dashboards.newgame import NewGameForm

    form = NewGameForm(sheet_store, table_name="E")
    form.set_expansions(["leaders"])
    form.set_players(["Ann", "Bob"])
    form.option("leaders", "leader_races").value = "humans, nobody"
    assert form.submit() is None
    assert form._error.object.startswith("Les Chefs, ")
    assert (": Cette saisie n&#x27;est pas valable (détails : une liste d&#x27;identifiants de "
            "Peuples)") in form._error.object


def test_the_first_game_page_in_french(french_page, tmp_path):
    """The first-game coach in French: the next step, a rule quoted by its French summary
    (B-COMBO-2), a region refused with its rule's French summary (B-CONQ-1)."""
    from dashboards.first_game import LEARNER, FirstGame
    from dashboards.store import Store

    first = FirstGame(seed=3, served=False, store=Store(f"sqlite:///{tmp_path / 'p.sqlite'}"))
    coach = first._coach.object
    assert "Votre première partie" in coach and "À vous. Prenez un peuple" in coach
    assert rule_summary_fr("B-COMBO-2") in coach.replace("&#x27;", "'")
    pick = next(a for a in first.screen._legal if WORDS[a.do].place == "column")
    assert first.screen._act(pick)
    inland = next(r for r in first.game.board.ids if r not in first.targets and
                  first.game.why_illegal(Action(LEARNER, "conquer", region=r)).rule == "B-CONQ-1")
    first.screen.selected = inland
    coach = first._coach.object.replace("&#x27;", "'")
    assert "<b>Interdit</b> — " in coach and "B-CONQ-1</a> : Première conquête" in coach
