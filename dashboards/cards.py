"""The turn screen's HTML: header, region card, score, standings, players' coins, map key.

Pure functions of the game (no widgets), so tests read them without a browser. Names shown
come from the board and the catalogue (`display_names`), never from a list in this code.
"""

from __future__ import annotations

from typing import Any

from bokeh.plotting import figure

from swcore import Game
from swcore.board import SYMBOLS
from swcore.i18n import item_name, place_name
from swcore.pieces import PIECES
from swcore.words import Kind

from . import rules_ref
from .help import help_button, in_play_html
from .i18n import N_, _, lang, ngettext, number, term
from .module_cards import end_html, region_notes_html
from .session import TableSession
from .widgets import esc, ink

try:  # the map is written by another module; the screen still works with the region list
    from . import map_style
except ImportError:  # pragma: no cover
    map_style = None  # type: ignore[assignment]

WINNER = N_("winner")
#: The phrases of `map_style.LEGEND_NOTE`, marked for translation.
LEGEND_PHRASES = (N_("⚒ mine"), N_("∩ cavern"), N_("✦ magic source"), N_("▲ mountain"),
                  N_("thick outline: can be conquered now"),
                  N_("hatched, pale badge: race in decline"), N_("Rat×4: 4 Ratmen tokens"),
                  N_("LT: Lost Tribe"))
#: The map's badges (map_style.json's `marker_badges`), marked for translation.
BADGE_WORDS = (N_("Lair"), N_("Fort"), N_("Camp"), N_("Hero"), N_("Dragon"), N_("Hole"), N_("Pot"),
               N_("Cat."), N_("Tower"), N_("Caravel"), N_("Leader"), N_("Captive"), N_("Horde"),
               N_("Coin"), N_("Doormat"), N_("Ring"), N_("Socks"), N_("Sword"), N_("Orb"),
               N_("Scepter"), N_("Altar"), N_("Crypt"), N_("Diamonds"), N_("Keep"), N_("Fountain"),
               N_("Lost Mine"), N_("Pentacle"), N_("Stones"), N_("Pipe"), N_("Ancient"), N_("Queen"),
               N_("Ghost"), N_("Balrog"), N_("Volcano"), N_("Bag"), N_("Armor"), N_("Hammer"))


def name_of(item: str | None) -> str:
    """A race, power or tribe as printed on its banner or badge."""
    if item is None:
        return "—"
    return item_name(item, lang())


def display_names(game: Game) -> Any:
    """`names(kind, value)` for `swcore.words.describe/label`: a region's name when the board
    has names, a catalogue id's English name, anything else as it is."""
    board = game.board
    region_names = getattr(board, "names", None) or []

    def names(kind: Kind, value: Any) -> str:
        if kind is Kind.REGION:
            i = board.index.get(str(value))
            return region_names[i] if i is not None and i < len(region_names) and region_names[i] \
                else str(value)
        if kind in (Kind.RACE, Kind.POWER, Kind.ITEM):
            return name_of(value)
        return str(value)
    return names


def chip(player: str, colour: str) -> str:
    colour = colour if colour.startswith("#") and len(colour) == 7 else "#555555"
    return (f"<span class='sw-chip' style='background:{esc(colour)};color:{ink(colour)}'>"
            f"{esc(player)}</span>")


def track_html(game: Game) -> str:
    cells = []
    for t in range(1, game.turns + 1):
        cls = "now" if t == game.turn and not game.game_over else ("past" if t < game.turn or
                                                                   game.game_over else "")
        cells.append(f"<span class='{cls}'>{t}</span>")
    return (f"<span class='sw-track' title='{esc(_('turn track'))}'>{''.join(cells)}</span>")


def header_html(session: TableSession) -> str:
    g = session.game
    who = g.to_act
    if g.game_over:
        status = "<b>" + _("Game over") + "</b>"
    elif g.needs_reveal:
        status = _("{player} enters the pair revealed in the column").format(
            player=chip(who, session.colour(who)))
    elif who != g.current and g.queue:  # else a decision before the turn: "To play" its player
        status = _("{current}'s turn · {player} places withdrawn tokens").format(
            current=chip(g.current, session.colour(g.current)), player=chip(who, session.colour(who)))
    else:
        status = _("To play: {player}").format(player=chip(who, session.colour(who)))
    return (f"<div class='sw-top' data-seq='{session.seq}'><span><b>{esc(session.table_name)}</b></span>"
            "<span>" + _("Turn {turn} of {turns}").format(turn=g.turn, turns=g.turns)
            + f" {track_html(g)}</span><span>{status}</span></div>")


def region_facts(game: Game, i: int) -> list[str]:
    """Terrain, printed symbols and 'border region' of region i."""
    b = game.board
    facts = [place_name(b.terrain[i], lang())] + [place_name(s, lang()) for s in SYMBOLS
                                                 if s in b.symbols[i]]
    if b.entry[i] and not b.water[i]:
        facts.append(_("border region"))
    return facts


def region_html(game: Game, rid: str, colours: dict[str, str]) -> str:
    i = game.board.region(rid)
    held = game.race[i]
    if held and game.owner[i] is not None and held in game.armies:
        owner = game.players[game.owner[i]]
        state = " " + _("(in decline)") if game.armies[held].declined else ""
        who = (f"{chip(owner, colours.get(owner, '#555555'))} {esc(name_of(held))}{state} × "
               f"{game.tokens[i]} {help_button(held)} {help_button(game.armies[held].power)}")
    elif held:
        who = f"{esc(name_of(held))} × {game.tokens[i]}"
    else:
        who = _("nobody")
    marker_name = map_style.marker_name if map_style else str
    marks = [f"{marker_name(k)} × {n[i]}" for k, n in game.mk.items() if n[i]]
    extra = "<br>" + _("Markers: {list}").format(list=esc(", ".join(marks))) if marks else ""
    here = pieces_html(game, i)
    extra += "<br>" + _("Lying here: {list}").format(list=here) if here else ""
    return ("<h3>" + _("Region {region}").format(region=esc(rid)) + "</h3><div>"
            + esc(", ".join(region_facts(game, i))) + "</div><div>"
            + _("Held by: {who}").format(who=who) + f"{extra}</div>" + region_notes_html(game, i))


def pieces_html(game: Game, i: int) -> str:
    """The unique pieces lying in region i (relics, places, figures: `game.pieces`), each named
    with its help where the catalogue has it, and whether it makes the region immune."""
    out = []
    for kind, at in game.pieces.items():
        if at != i:
            continue
        name = help_button(kind, named=True) or f"<b>{esc(place_name(kind, lang()))}</b>"
        immune = PIECES[kind].immune if kind in PIECES else "no"
        if immune != "no":
            name += " " + esc(_("(cannot be attacked: {rule})").format(rule="U-DEF-2"))
        out.append(name)
    return ", ".join(out)


def quote_html(q: Any) -> str:
    """'Cost 5 tokens (2 base + 1 mountain + 3 Lost Tribe − 1 Commando [B-POW-…])': an item an
    effect added names its rule (this round's event, a power), from the quote's `rules`."""
    bits = []
    for k, (label, v) in enumerate(q.breakdown):
        sign = "" if k == 0 else ("+ " if v >= 0 else "− ")
        rule = f" [{rules_ref.link_ids(q.rules[label])}]" if label in q.rules else ""
        bits.append(f"{sign}{abs(v) if k else v} {esc(term(label))}{rule}")
    return (ngettext("Cost {n} token", "Cost {n} tokens", q.cost).format(n=f"<b>{q.cost}</b>")
            + f" <span class='sw-muted'>({' '.join(bits)})</span>")


def score_html(game: Game, colours: dict[str, str], prominent: bool = False) -> str:
    """The breakdown of the last end-of-turn score (`game.last_score[seat]`)."""
    if not game.track:
        return ""
    turn, seat, _total = game.track[-1]  # the total stays hidden (B-SCORE-3)
    items = game.last_score[seat] or []
    player = game.players[seat]
    gained = sum(it["coins"] for it in items)
    rows = "".join(f"<tr><td>{esc(term(it['what']))}</td><td class='num'>{it['coins']:+d}</td>"
                   f"<td class='sw-muted'>{rules_ref.link_ids(it['rule'])}</td></tr>" for it in items)
    size = "sw-big" if prominent else ""
    return ("<div class='sw-card'><h3>" + _("{player} scored {gained} in turn {turn}").format(
        player=chip(player, colours.get(player, "#555555")),
        gained=f"<span class='{size}'>+{gained}</span>", turn=turn) + "</h3>"
            f"<table class='sw-table'>{rows}</table></div>")


def scores_html(game: Game, colours: dict[str, str]) -> str:
    """Every player's last end-of-turn score, always in view (review M1); the breakdown of each
    one tap away (an HTML `details`). The totals stay hidden (B-SCORE-3)."""
    turns = {seat: turn for turn, seat, _ in game.track}
    bits, tables = [], []
    for seat, p in enumerate(game.players):
        items = game.last_score[seat] if seat in turns else None
        who = chip(p, colours.get(p, "#555555"))
        if items is None:
            bits.append(f"{who} —")
            continue
        gained = sum(it["coins"] for it in items)
        bits.append(f"{who} <b>+{gained}</b>")
        rows = "".join(f"<tr><td>{esc(term(it['what']))}</td><td class='num'>{it['coins']:+d}</td>"
                       f"<td class='sw-muted'>{rules_ref.link_ids(it['rule'])}</td></tr>" for it in items)
        tables.append("<div>" + _("{player} scored {gained} in turn {turn}").format(
            player=who, gained=f"+{gained}", turn=turns[seat]) + "</div>"
                      f"<table class='sw-table'>{rows}</table>")
    detail = "".join(tables) or ("<div class='sw-muted'>" + _("No turn has been scored yet.")
                                 + "</div>")
    return ("<details class='sw-scores'><summary>"
            + _("Last scores: {scores}").format(scores=" · ".join(bits)) + "</summary>"
            f"{detail}</details>")


def standings_html(game: Game, colours: dict[str, str]) -> str:
    rows = game.standings()
    body = "".join(
        f"<tr><td>{r['rank']}</td><td>{chip(r['player'], colours.get(r['player'], '#555555'))}"
        + (f" <b style='color:#1b5e20'>{_(WINNER)}</b>" if r["winner"] else "")
        + f"</td><td class='num'>{number(r['coins'])}</td>"
        f"<td class='num'>{r['tokens_on_board']}</td></tr>" for r in rows)
    winners = game.winners()
    coins = [r["coins"] for r in rows]
    told, named = end_html(game)  # a module's own win (the Necromancer's) or who counts
    if named:
        note = ""
    elif len(winners) > 1:
        note = _("Tied on coins and on race tokens on the board: a shared victory "
                 "(B-END-2, A-BASE-12).")
    elif coins.count(coins[0]) > 1:
        note = _("Tied on coins: {player} wins the tie-break with the most race tokens on the "
                 "board (B-END-2).").format(player=esc(winners[0]))
    else:
        note = _("Most coins wins (B-END-1); ties go to the most race tokens on the board "
                 "(B-END-2).")
    return ("<div class='sw-card'><h3>" + _("Final standings") + "</h3><table class='sw-table'>"
            "<tr><th>#</th><th>" + _("Player") + "</th><th class='num'>" + _("Coins")
            + "</th><th class='num'>" + _("Tokens on board") + f"</th></tr>{body}</table>"
            f"{told}<p class='sw-muted'>{note}</p></div>")


def players_html(session: TableSession) -> str:
    """Every player's races and coins (hidden until the end, B-SCORE-3)."""
    g = session.game
    view = g.view(None)
    lines = []
    for seat, p in enumerate(g.players):
        active = g.active[seat]
        bits = []
        if active:
            army = g.armies[active]
            power = f" / {esc(name_of(army.power))}" if army.power else ""
            bits.append(f"<b>{esc(name_of(active))}</b>{power}")
        for race in g.declined[seat]:
            bits.append(f"{esc(name_of(race))} " + _("(in decline)"))
        coins = view["coins"][p]
        coin_txt = (_("{n} coins").format(n=number(coins)) if coins is not None
                    else _("coins hidden"))
        lines.append(f"<tr><td>{chip(p, session.colour(p))}</td><td>{' · '.join(bits) or '—'}</td>"
                     f"<td class='num sw-muted'>{coin_txt}</td></tr>")
    return ("<div class='sw-card'><h3>" + _("Players") + f"</h3><table class='sw-table'>{''.join(lines)}"
            "</table></div>")


def column_row_html(game: Game, k: int) -> str:
    """One combo of the column: names, tokens, price and the coins lying on it."""
    race, power, coins = game.column[k]
    tokens = game.pick_tokens(k)
    price = game.combo_price(k)
    coin_txt = (" · " + ngettext("{n} coin on it", "{n} coins on it", coins).format(
        n=f"<b>{coins}</b>") if coins else "")
    return (f"<div style='font-size:16px'>{help_button(race, named=True)} / "
            f"{help_button(power, named=True)}<br><span class='sw-muted'>"
            + _("{tokens} tokens · costs {price}").format(tokens=tokens, price=price)
            + f"{coin_txt}</span></div>")


def coins_figure(game: Game, colours: dict[str, str]) -> Any:
    """Coins of every player after each of their turns (`game.track`), from the start."""
    fig = figure(height=300, sizing_mode="stretch_width", title=_("Coins after each turn"),
                 x_axis_label=_("turn"), y_axis_label=_("coins"), tools="", toolbar_location=None)
    start = game.setup["coins"]
    for seat, p in enumerate(game.players):
        xs = [0] + [t for t, s, _ in game.track if s == seat]
        ys = [start[p]] + [c for _, s, c in game.track if s == seat]
        colour = colours.get(p, "#555555")
        fig.line(xs, ys, line_width=3, color=colour, legend_label=p)
        fig.scatter(xs, ys, size=7, color=colour)
    fig.legend.location = "top_left"
    fig.xaxis.ticker = list(range(0, game.turns + 1))
    return fig


def legend_html(game: Game, colours: dict[str, str]) -> str:
    """The map's key as HTML under the map (it wraps on a narrow screen)."""
    if map_style is None:
        return ""
    present = set(game.board.terrain)
    terrain = "".join(
        f"<span style='white-space:nowrap'><span style='display:inline-block;width:14px;"
        f"height:14px;border:1px solid #555;background:{c};vertical-align:-2px'></span> "
        f"{esc(place_name(t, lang()))}</span> "
        for t, c in map_style.TERRAIN_COLORS.items() if t in present)
    players = " ".join(chip(p, colours.get(p, "#555555")) for p in game.players)
    present = {s for syms in game.board.symbols for s in syms}  # the board's own symbols
    symbols = [f"{glyph} {map_style.symbol_name(s)}" for s, glyph in map_style.SYMBOL_GLYPHS.items()
               if s in present and glyph not in map_style.LEGEND_NOTE]  # the note names the base ones
    note = " · ".join([*symbols, map_style.note(map_style.LEGEND_NOTE).replace("   ", " · ")])
    items = [x for a in game.armies.values() for x in (a.race, a.power) if x]
    items += [x for combo in game.column for x in combo[:2]]
    return (f"<div style='font-size:13px;line-height:1.8'><div class='sw-legend'>{terrain} "
            f"{players}<br><span class='sw-muted'>{esc(note)}</span></div>{in_play_html(items)}"
            "</div>")


def peek_card(session: Any, player: str) -> str:
    """One player's own coins, for their eyes only (B-SCORE-3: `view(player)`): the map
    game's and the score sheet's peek."""
    coins = session.game.view(player)["coins"][player]
    return ("<div class='sw-card' style='background:#fff8e1'>" + _(
        "{player} has {coins} coins {only}").format(
        player=chip(player, session.colour(player)),
        coins=f"<span class='sw-big'>{coins}</span>",
        only="<span class='sw-muted'>" + _("(only {player} should look)").format(
            player=esc(player)) + "</span>") + "</div>")
