"""Necromancer Island (X-NEC, A-NEC): one seat plays the Necromancer, with no banner, several
powers, Ghosts bought and spawned from the souls of the Well, and an immediate win when all his
Ghosts are in play. Seed 003 (EN/FR/DE/ES) and the French text of seed 000 ("L'Île du
Nécromant"); digest rules/surface-expansions.md §5."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...board import Board
from ...catalogue import in_sets
from ...errors import InputError
from ...state import Army
from ..module import RuleModule
from ..registry import module
from . import checks as _checks  # noqa: F401  (registers well, ghosts, powers)
from . import explain, first_power, words
from . import state as st
from .effects import WELL

if TYPE_CHECKING:
    from ...game import Game

RESERVES = (13, 12, 11)  # X-NEC-7: the difficulty option (FR: "11 ou 12 pions seulement")


@dataclass
class NecromancerOptions:
    """Open points of the texts (ambiguities.md), each a rule option."""

    #: A-NEC-03: added to every purchase price (0, the official text; 1 for the reviews' "+1").
    necromancer_price_extra: int = 0
    #: A-NEC-04: he may also win on coins after the last turn (no: the EN "from among the
    #: other players").
    necromancer_wins_on_points: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NecromancerOptions:
        opts = cls(**data)
        if opts.necromancer_price_extra not in (0, 1) or isinstance(opts.necromancer_price_extra, bool):
            raise InputError("options.necromancer_price_extra", "0 (the official text) or 1")
        if not isinstance(opts.necromancer_wins_on_points, bool):
            raise InputError("options.necromancer_wins_on_points", "true or false")
        return opts


def prepare(value: Any, ctx: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """The set-up key `necromancer` {powers, keeps, reserve} (X-NEC-1, -3…7): his 6 powers are
    drawn with the seed before the column is dealt (never Cursed, Spirit or Stout, never one the
    set-up lists in `powers`), or with stacks "table" entered as drawn at the table; `keeps`
    null: he chooses his first power when play starts (X-NEC-5); left out, he keeps the first
    (set-ups and saves stored before the choice); the reserve is 13, 12 or 11."""
    names = ctx["players"]
    if not 3 <= len(names) <= 6:
        raise InputError("players", "3 to 6 players with the Necromancer, who is the last (X-NEC-1)")
    value = {} if value is None else value
    if not isinstance(value, dict) or set(value) - {"powers", "keeps", "reserve"}:
        raise InputError("necromancer", "a mapping with powers, keeps and reserve")
    known = [p for p in in_sets("power", ctx["sets"]) if p not in st.EXCLUDED]
    given = set(ctx.get("powers") or [])
    powers = value.get("powers")
    if powers is None and ctx.get("stacks") == "table":
        raise InputError("necromancer.powers", "with stacks 'table', enter the 6 powers he drew "
                                               "(X-NEC-4)")
    if powers is None:
        left = [p for p in known if p not in given]
        if len(left) < 6:
            raise InputError("necromancer.powers", f"only {len(left)} powers are left for his 6 "
                                                   "(the set-up's powers take the rest, X-NEC-4)")
        powers = ctx["rng"].sample(left, 6)
    if not isinstance(powers, list) or len(powers) != 6 or len(set(powers)) != 6:
        raise InputError("necromancer.powers", "his 6 drawn power ids, all different (X-NEC-4)")
    for k, p in enumerate(powers):
        if p not in known or p in given:
            raise InputError(f"necromancer.powers[{k}]", f"{p!r} cannot be his: not Cursed, Spirit or "
                                                         "Stout, not one of the stacks' (X-NEC-4)")
    keeps = value.get("keeps", powers[0])
    if keeps is not None and keeps not in powers:
        raise InputError("necromancer.keeps", "one of his 6 powers (X-NEC-5)")
    reserve = value.get("reserve", 13)
    if isinstance(reserve, bool) or reserve not in RESERVES:
        raise InputError("necromancer.reserve", "13, 12 or 11 Ghosts (X-NEC-7)")
    return {"powers": list(powers), "keeps": keeps, "reserve": reserve}, set(powers)


#: board -> that board with the Island, built once: a board never changes, so the games on one
#: board share its Island board, and what is found once per board (the Lake's shore, a module's
#: board facts), as they share the board itself (it was built again for every game, issue 23)
_WITH_ISLAND: weakref.WeakKeyDictionary[Board, Board] = weakref.WeakKeyDictionary()


def add_island(board: Board, setup: dict[str, Any]) -> Board:
    """X-NEC-2: the region `island` inside the Lake, bordering every non-water region that
    borders it; never conquered, scores nothing (terrain kind `island`)."""
    made = _WITH_ISLAND.get(board)
    if made is None:
        made = _WITH_ISLAND[board] = _island_board(board)
    return made


def _island_board(board: Board) -> Board:
    lakes = [i for i, t in enumerate(board.terrain) if t == "lake"]
    if not lakes:
        raise InputError("map", "Necromancer Island goes in a lake: this map has none (X-NEC-2)")
    if st.ISLAND in board.ids:
        raise InputError(f"map.regions.{st.ISLAND}", "`island` is the Necromancer's reserved id")
    lake = lakes[0]
    data = board.inline()
    data["regions"][st.ISLAND] = {"terrain": "island"}
    if board.centre and board.centre[lake] is not None:
        data["regions"][st.ISLAND]["centre"] = list(board.centre[lake])
    data["borders"] += [[board.ids[j], st.ISLAND] for j in board.adjacent[lake]
                        if not board.water[j] and board.kind[j] != "chasm"]
    new = Board.from_map(data, board_id=board.id)
    return replace(new, name=board.name, players=board.players, turns=board.turns,
                   frame=board.frame, credits=board.credits, notes=list(board.notes))


def start(game: Game, seat: int) -> None:
    """Set-up (the round_start of turn 1 runs only there): the Necromancer is the last seat,
    his Ghosts an army that is never in decline, 1 Ghost on the Island (X-NEC-2, -3); his first
    power the set-up's `keeps`, or, when it is null, his choice before the first turn (X-NEC-5)."""
    if game.turn != 1:
        return
    own = game.setup["necromancer"]
    nec = len(game.players) - 1
    game.module_state["necromancer"] = {
        "seat": nec, "reserve": own["reserve"], "removed": 13 - own["reserve"], "well": [],
        "unbought": [p for p in own["powers"] if p != own["keeps"]], "won": False,
        "lake": game.board.terrain.index("lake")}
    first = () if own["keeps"] is None else (own["keeps"],)
    game.armies[st.GHOSTS] = Army(st.GHOSTS, first, nec, picked_turn=1)
    game.active[nec] = st.GHOSTS
    game.occupy(st.island(game), st.GHOSTS, nec, 1)
    if own["keeps"] is None:
        first_power.ask(game)


def turn_end(game: Game, seat: int) -> list[Any]:
    """After the turn's placement and scoring: his souls, 1 per region he holds (X-NEC-14);
    Ghosts in hand with no region to go to go onto the Island (X-NEC-10, A-NEC-07)."""
    events: list[Any] = []
    army = st.army(game)
    if seat == st.seat(game):
        held = [i for i in game.regions_of(st.GHOSTS) if i != st.island(game)]
        st.into_well(game, st.SOUL, len(held))
        if held:
            events.append(game.new_event("souls", f"{len(held)} souls from the tray into the Well of "
                                      "Souls (X-NEC-14)", seat, souls=len(held)))
    waiting = any(d.kind == "withdrawal" and d.data["race"] == st.GHOSTS for d in game.pending)
    if army.hand and not waiting:
        n = army.hand
        army.hand = 0
        army.withdrawn = 0
        st.to_island(game, n)
        events.append(game.new_event("island", f"{n} Ghost{'s' if n > 1 else ''} onto the Island",
                                  st.seat(game), ghosts=n))
    return events


def after_turn(game: Game, seat: int) -> list[Any]:
    """X-NEC-11 after every player's turn, then X-NEC-15 at the end of his own."""
    events = st.spawn(game)
    if seat == st.seat(game) and st.won(game) and not game.finished:
        st.change(game, "won", True)
        game.finished = True
        events.append(game.new_event("necromancer_wins", "every Ghost is in play: the Necromancer "
                                  "wins at once (X-NEC-15)", seat))
    return events


def winners(game: Game) -> list[str]:
    """X-NEC-15: the Necromancer alone when all his Ghosts are in play."""
    return [game.players[st.seat(game)]] if st.book(game)["won"] else []


def contenders(game: Game) -> list[int]:
    """A-NEC-04: otherwise the winner is chosen among the other players (option
    `necromancer_wins_on_points` lets him count)."""
    if game.module_options["necromancer"].necromancer_wins_on_points:
        return list(range(len(game.players)))
    return [s for s in range(len(game.players)) if s != st.seat(game)]


def legal(game: Game, out: list[Action]) -> list[Action]:
    """His turn offers no pick and no decline; purchases come first (X-NEC-12)."""
    seat = st.seat(game)
    nec = game.players[seat]
    out = [a for a in out if a.by != nec or not (
        a.do in ("pick", "decline")
        or (a.do == "redeploy" and not a.tokens)  # no map region: they go onto the Island
        or (a.do != "redeploy" and _names_island(a)))]  # it empties at Ready Troops
    if game.game_over or game.seat != seat or game.blocking() is not None:
        return out  # a decision waits (withdrawn tokens, a die or a combo from the table)
    if words.shop_closed(game, seat) is not None:
        return out  # after his Ready Troops: no item may be bought
    items = ["ghost", *st.book(game)["unbought"]]
    return [Action.trusted(nec, "buy", item=x) for x in items
            if words.buy_error(game, seat, x) is None] + out


def _names_island(a: Action) -> bool:
    """An action that puts something on the Island, or takes it (markers, abandon): none may.
    Asked of each of his listed actions, so the values are read in place, not flattened."""
    island = st.ISLAND
    for v in a.args.values():
        if isinstance(v, (tuple, list)):  # a tuple: `tuple | list` would be built per call
            for x in v:
                if x == island or isinstance(x, tuple) and x and x[0] == island:
                    return True
        elif v == island:
            return True
    return False


def snapshot(game: Game) -> dict[str, Any]:
    b = st.book(game)
    return {"player": game.players[b["seat"]], "reserve": b["reserve"], "well": list(b["well"]),
            "removed": b["removed"], "unbought": list(b["unbought"]), "won": b["won"],
            "price": st.price(game)}


def describe_state(game: Game, player: str | None, lang: str = "en") -> list[tuple[str, str]]:
    """The Necromancer's side in words for the app's panel: his reserve, the Well of Souls,
    what a purchase costs now and what he may still buy (X-NEC-7, -12, -14, A-NEC-03)."""
    from ...i18n import item_name, ntr, tr

    b = st.book(game)
    well = b["well"]
    souls = sum(1 for k in well if k == st.SOUL)
    lost = len(well) - souls

    def names(ids: Any) -> str:
        return tr(", ", lang).join(item_name(p, lang) for p in ids) or tr("none", lang)

    rows = [(tr("Necromancer", lang), game.players[b["seat"]]),
            (tr("Ghosts in his reserve", lang), str(b["reserve"])),
            (tr("Well of Souls", lang), tr("{n}: {souls}, {lost} ({k} make a Ghost)", lang).format(
                n=len(well), souls=ntr("{n} soul", "{n} souls", souls, lang).format(n=souls),
                lost=ntr("{n} token lost in conquests", "{n} tokens lost in conquests", lost,
                         lang).format(n=lost), k=st.SOULS_PER_GHOST)),
            (tr("Purchase price now", lang),
             tr("{n} coins (a Ghost or a power)", lang).format(n=st.price(game))),
            (tr("Powers he may buy", lang), names(b["unbought"])),
            (tr("His powers", lang), names(st.army(game).powers))]
    if b["won"]:
        rows.append((tr("Won", lang), tr("all his Ghosts are in play (X-NEC-15)", lang)))
    return rows


@module
class Necromancer(RuleModule):
    id = "necromancer"
    name = "Necromancer Island"
    describe_state = staticmethod(describe_state)
    describe_turn = staticmethod(explain.describe_turn)
    region_notes = staticmethod(explain.region_notes)
    end_note = staticmethod(explain.end_note)
    notices = explain.NOTICES
    options = NecromancerOptions
    off_board_seats = 1  # X-NEC-1: the board and its turn track are those of the others
    setup_keys = {"necromancer": prepare}
    #: X-NEC-5: a new game lets him choose his first power (left out, the first is kept, as in
    #: the set-ups stored before the choice); the app's new-game form starts from it.
    new_setup = {"necromancer": {"keeps": None}}
    effects = (WELL,)
    steps = {"round_start": (start,), "turn_end": (turn_end,), "after_turn": (after_turn,)}
    before = (words.before,)
    decisions = {first_power.KIND: first_power.choose}  # X-NEC-5, when the set-up leaves it open
    handlers = {"buy": words.do_buy, first_power.WORD: first_power.choose}
    legal = (legal, first_power.legal)

    @staticmethod
    def board(board: Board, setup: dict[str, Any]) -> Board:
        return add_island(board, setup)

    @staticmethod
    def winners(game: Game) -> list[str]:
        return winners(game)

    @staticmethod
    def contenders(game: Game) -> list[int]:
        return contenders(game)

    @staticmethod
    def snapshot(game: Game) -> dict[str, Any]:
        return snapshot(game)
