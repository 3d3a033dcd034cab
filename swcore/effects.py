"""The hook interface between the rules engine and the effects of races, powers, pieces,
events and rule modules (issue 20: few hooks, each asked of every effect that can give it).

Three kinds of extension point, by turn step in docs/engine.md:
- constant answers: class attributes, gathered over all of an army's effects (`Game.gives`);
- questions: methods the kernel asks of every effect overriding them (`Game.effects_with`);
- one-off notifications: one hook, `on(game, army, event, **data)`, told the named `EVENTS`
  its class handles (a method marked `@when(event)`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from .game import Army, Game


#: Where an effect comes from (`Game.sources(army)`): an army's race, its powers, the pieces
#: lying in its regions (relics, places, figures, markers with a behaviour), the round's event,
#: a rule module's own effects. Cost, reach and screening can leave any of them out
#: (`Game.cost(army, i, without=...)`, `Game.reach(army, without=...)`: U-RACE-GNOMES-1, U-PR-7).
SOURCES: tuple[str, ...] = ("race", "power", "relic", "place", "marker", "figure", "event", "module")
#: The kinds of piece an effect lying on the board may be (its class's `source`).
PIECE_SOURCES: frozenset[str] = frozenset({"relic", "place", "marker", "figure"})

#: The named one-off notifications (`Ability.on`), by turn step: name -> (its data, who is
#: told, the rules using it). Handlers return events (or None).
EVENTS: dict[str, str] = {
    "turn_start": "(): the owner's armies, their per-turn state cleared (Diplomat's peace ends, "
                  "B-POW-DIPLOMAT-1)",
    "picked": "(): the picking army, after the pick (Historian X-GD-HIS-1; the Homunculi's pile, "
              "X-BNA-HOM-1)",
    "ready": "(before: [(region, tokens)]): the army, after its Ready Troops; changes journaled "
             "(the Leader into hand, X-LEAD-2; the Island's Ghosts, A-NEC-07)",
    "abandoned": "(region): the army abandoning it at Ready Troops (Gypsies' coin, X-GD-GYP-1)",
    "conquered": "(region): the attacker, once it holds it (Trolls' Lair B-RACE-TROLLS-1, "
                 "Halflings' Hole B-RACE-HALFLINGS-2, the Catapult moves X-BNA-CAT-1)",
    "took": "(region, defender: Army | None): the attacker, after a conquest or a conversion "
            "(Ransacking, X-CUR-RAN-1, A-CUR-06)",
    "lost": "(region, attacker, lost): the defender, when an enemy takes a region, its markers "
            "still there (Corrupt X-BNA-COR-1, Pygmies X-BNA-PYG-1, a Cauldron X-BNA-LEP-3)",
    "discarded": "(region, race, lost): the attacker, when a conquest discards tokens, Lost "
                 "Tribes included (the Well of Souls, X-NEC-8)",
    "conquests_over": "(): the army, when its conquests end for the turn (Skeletons, "
                      "B-RACE-SKELETONS-1)",
    "last_token": "(region | None): the one effect whose `last_token` placed the hand's last "
                  "token there, or None when the hand stayed off the board (Leaders A-LEAD-02; "
                  "Barbarians X-BNA-BAR-1)",
    "declining": "(): the army going into decline, before B-DECL-3 thins it (Horde tokens "
                 "X-CUR-HOR-1, the Leader leaves X-LEAD-2, the Elves' Well X-NEC-9)",
    "declined": "(action | None): the effects the army had while active, once B-DECL-3 is done "
                "(the Ivory Tower X-GD-PRI-1, Historian X-GD-HIS-3, Horde tokens X-CUR-HOR-1)",
    "race_declined": "(declined: Army): every army on the board, after a race went into decline "
                     "(an active Historian, X-GD-HIS-2); `game.broadcast`",
}


def when(*events: str) -> Any:
    """Mark an effect's method as its handler of the named `EVENTS` (called as
    `fn(self, game, army, **data)`)."""
    unknown = [e for e in events if e not in EVENTS]
    if unknown:
        raise ValueError(f"unknown event(s) {unknown}; known: {sorted(EVENTS)}")

    def mark(fn: Any) -> Any:
        fn.handles = events
        return fn
    return mark


class Ability:
    """Default behaviour: a race or power that changes nothing (Ratmen, B-RACE-RATMEN-1)."""

    #: event name -> its handler (the methods marked `@when`, inherited ones included)
    handlers: ClassVar[dict[str, Any]] = {}
    #: the events this effect is told (`on`)
    hears: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers = dict(cls.handlers)
        for fn in vars(cls).values():
            for event in getattr(fn, "handles", ()):
                handlers[event] = fn
        cls.handlers, cls.hears = handlers, frozenset(handlers)

    def on(self, game: Game, army: Army, event: str, **data: Any) -> list[Any] | None:
        """One-off notifications, by name (`EVENTS`: when each is told, its data, the rules
        using it: B-RACE-TROLLS-1, X-GD-HIS-1…), asked only of the effects that hear `event`
        (`Game.tell`, `Game.broadcast`). Returns events."""
        return self.handlers[event](self, game, army, **data)

    id = ""
    rule = ""
    #: What kind of piece this effect is when it lies on the board (`game.pieces`): "relic",
    #: "place", "marker" or "figure"; a piece's effect must say. A race, power, event or a
    #: module's own effect is told by where the army gets it (swcore.effects.SOURCES).
    source = ""
    #: Special action words this ability adds (see swcore.actions.WORDS).
    words: tuple[str, ...] = ()
    #: Words usable once per turn (by default all of them).
    once_per_turn: frozenset[str] | None = None
    #: Berserk: the die is rolled before each conquest instead of for the final one (A-BASE-06).
    replaces_final_die = False
    #: True where the ability still works once its race is in decline.
    works_in_decline = False

    def idle_on(self, board: Any) -> bool:
        """True when this rule module's own effect can do nothing on `board` in any game (the
        rivers on a board without a river, X-RW-4, U-RIVER-2): it is then left out of every
        army's effects there, so no hook of it is asked (issue 23). Asked once per game."""
        return False
    #: False: the race has no redeployment in its own turn, so `redeploy` is refused there and
    #: not offered; its turn ends with every token where it stands (Barbarians, X-BNA-BAR-1,
    #: A-BNA-05). Withdrawn tokens are still placed (B-LOSS-2).
    redeploys = True

    # --- constant answers: class attributes, gathered over all of an army's effects -------
    # (`game.gives(army, name)`: any effect answering other than the default here; in decline
    # only the effects that still work are asked, B-DECL-2)
    #: Its first conquest need not be a border region (Halflings B-RACE-HALFLINGS-1, Flying
    #: B-POW-FLYING-1, A-BASE-18; the Ghosts X-NEC-13).
    enters_anywhere = False
    #: Any region may be conquered, adjacent or not (Flying, B-POW-FLYING-1).
    ignores_adjacency = False
    #: Seas and the Lake may be conquered and held (Seafaring, B-POW-SEAFARING-1; rivers stay
    #: held, X-RW-4).
    may_occupy_water = False
    #: Its tokens are not thinned to one per region when it goes into decline (Ghouls,
    #: B-RACE-GHOULS-1).
    keeps_tokens_on_decline = False
    #: In decline it still conquers, abandons and redeploys, before the active race (Ghouls,
    #: B-RACE-GHOULS-1, A-BASE-03).
    conquers_in_decline = False
    #: In decline, tokens it keeps after losing a region are placed again in its other regions
    #: after the attacker's turn, as an active race's (Tomb, U-POWER-TOMB-2, AU-33); without
    #: another region they are lost.
    redeploys_in_decline = False
    #: In decline it does not count toward the one-race-in-decline limit (Spirit,
    #: B-POW-SPIRIT-1, B-DECL-4).
    exempt_from_decline_limit = False
    #: This badge stays with its race in decline (Spirit, B-POW-SPIRIT-1, B-DECL-2): read of
    #: each power alone, since it says which badge stays.
    stays_on_decline = False
    #: May go into decline after scoring a turn of conquests (Stout, B-POW-STOUT-1).
    declines_after_scoring = False
    #: Tokens an active army discards when it loses a region, the fewest of its effects' (B-LOSS-1:
    #: 1; Elves 0, B-RACE-ELVES-1); an army in decline always loses 1.
    defender_loss = 1
    #: Fewest tokens of the army a region may hold, the largest of its effects' (B-REDEP-1: 1;
    #: Kobolds 2, X-CUR-KOB-1), read through `Game.least`.
    min_per_region = 1
    #: Coins a player picking a combo below this race or power lays on it, the larger of the two
    #: (B-COMBO-2: 1; the Cursed combo 3, X-CUR-CUR-1).
    price_step = 1
    #: Other players' abilities treat this active army as in decline (the Ghosts, X-NEC-16,
    #: A-NEC-05), read through `Game.seen_declined`.
    counts_as_declined = False
    #: It never has race tokens from a badge: a power's extra tokens (the Horde tokens,
    #: X-CUR-HOR-1) are not given to it (the Necromancer's Ghosts, A-NEC-06).
    no_race_tokens = False
    #: Its `score_bonus` is a sum over the regions of `held`, so asking it of one region gives
    #: that region's coins (what the Scepter of Avarice doubles, U-RELIC-SCEPTER-1, AU-51).
    per_region = False

    def __copy__(self) -> Ability:  # one stateless instance per id: copies of a game share it
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Ability:
        return self

    # --- picking -------------------------------------------------------------------------
    def extra_tokens(self, game: Game, army: Army) -> int:
        """Tokens received on picking beyond the printed numbers (Amazons' +4,
        B-RACE-AMAZONS-1; the Homunculi's pile, X-BNA-HOM-1)."""
        return 0

    def extra_box(self, game: Game, army: Army) -> int:
        """Tokens of the army that do not come from its race's box, so they raise its cap on
        picking and in the tray (B-DEF-8): the 2 Horde tokens (X-CUR-HOR-1)."""
        return 0

    def combo_tokens(self, game: Game, position: int) -> int:
        """Asked of the rule modules' own effects by `game.combo_tokens`: race tokens lying on
        the column combo at `position` (Homunculi, X-BNA-HOM-1)."""
        return 0

    # --- conquest ------------------------------------------------------------------------
    # `extra_adjacent` and the reach attributes above describe what an army IS: the core asks
    # them once per situation (`Game._switches`) and shares them between armies with the same
    # effects, so they must not depend on the position or on the army's own data.
    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        """True when `region` counts as adjacent to the race for another reason (Underworld,
        B-POW-UNDERWORLD-1; the Caravel's banks, X-RW-6; the Ghosts from the Island, X-NEC-17)."""
        return False

    def extra_adjacent_regions(self, game: Game, army: Army, held: list[int]) -> Any:
        """The regions `extra_adjacent` may answer True for now (a collection of indices, more
        is fine), or None when it may for any region: the listing screens only the neighbours
        and these, instead of every region of the board (issue 23): the Caravel's banks
        (X-RW-6), the Lake's shore for the Ghosts (X-NEC-17); Underworld (B-POW-UNDERWORLD-1)
        keeps None. The answers themselves still come from `extra_adjacent`."""
        return None

    def extra_entry(self, game: Game, army: Army, region: int) -> bool:
        """Asked by the target test of a race holding no region: True when `region` is an entry
        region for it this turn besides the board's edge (the Caravel's river banks, X-RW-6,
        A-RW-06)."""
        return False

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        """(label, change) pairs applied to the conquest cost of `region` (negative: cheaper;
        B-CONQ-2: Commando, Mounted, Underworld, Giants, Tritons; Storm X-RW-8; A-RW-04)."""
        return []

    def immune(self, game: Game, defender: Army, region: int, attacker: Army) -> Any:
        """Asked of the DEFENDER's effects: a RuleError when `attacker` may not target
        `region` (Diplomat's peace, B-POW-DIPLOMAT-1), else None. Markers'
        immunity is data (markers.csv, B-DEF-5)."""
        return None

    def refuses_target(self, game: Game, army: Army, region: int) -> Any:
        """Asked of the ATTACKER's effects by every target test (conquer, legal_actions, the
        Dragon...): a RuleError when `army` itself may not take `region` now, else None
        (Gypsies: not the regions they abandoned this turn, X-GD-GYP-2)."""
        return None

    def conquer_args(self, game: Game, army: Army, action: Any, region: int) -> list[Any]:
        """Asked of the ATTACKER's effects by `conquer`, before its target is checked: checks
        the arguments a module adds to `conquer` (raise RuleError), may prepare the conquest
        (journaled with `game.journal`: the Catapult's new place, X-BNA-CAT-1), and returns
        optional cost changes `(label, change, pay)`, used only when needed: at once without the
        final die, after the roll if the roll alone leaves it short; `pay()` then returns
        events (Mercenary's coin, X-BNA-MER-1, -2, A-BNA-04)."""
        return []

    def region_lost(self, game: Game, defender: Army, region: int, attacker: Army, loss: int) -> int:
        """Asked of the DEFENDER's effects when a conquest takes `region` from it (`_evict`),
        before its tokens are counted out: the tokens it loses there instead of `loss`
        (Leaders: the captured Leader replaces the B-LOSS-1 discard, X-LEAD-4)."""
        return loss

    def flees(self, game: Game, defender: Army, region: int, attacker: Army) -> bool:
        """Asked of the DEFENDER's effects, in decline, when a conquest takes `region` from it:
        True when its tokens flee, placed again in its other regions after the attacker's turn
        as an active race's are (the Stinky Troll's Socks, U-RELIC-SOCKS-1)."""
        return False

    #: Tokens a conquest of a coastal region costs less through this effect (the Tritons' 1,
    #: B-RACE-TRITONS-1): a sea ability, which River World applies beside rivers too (A-RW-04).
    coast_discount = 0

    #: Whether its "ready" handler may put more tokens in hand than Ready Troops frees (the
    #: Island's Ghosts, A-NEC-07); read by `available` only of effects hearing "ready".
    ready_adds_tokens = True

    # --- redeployment, decline ---------------------------------------------------------
    def held_back(self, game: Game, army: Army, total: int) -> int:
        """Tokens taken off the board after redeployment, summed over the effects (Amazons' 4,
        B-RACE-AMAZONS-2; Leaders X-LEAD-3; Pixies X-BNA-PIX-1)."""
        return 0

    def region_limit(self, game: Game, army: Army, placed: int) -> int | None:
        """Most regions the army may keep when `placed` tokens are placed (None: no limit).
        Asked by the placement check and its default (which abandons the weakest regions):
        Horde tokens that need a regular escort (A-CUR-02, option `hordes_need_escort`)."""
        return None

    def last_token(self, game: Game, army: Army, place: dict[int, int]) -> int | None:
        """Asked of the army's effects by its default placement before the last token of the hand
        goes down, with the counts so far: the region that token must go to, or None (the
        fewest, as for the others). Leaders: that token is the Leader, on the non-immune region
        then holding the fewest (A-LEAD-02)."""
        return None

    def vacates(self, game: Game, army: Army) -> tuple[int, ...]:
        """Regions the army must empty at its own redeployment: the placement check refuses
        tokens there, the default placement takes them into hand, and the other regions need
        not hold them (rivers, X-RW-4; last winter's frozen rivers, X-RW-10, A-RW-04)."""
        return ()

    def on_redeploy(self, game: Game, army: Army, action: Any, place: dict[int, int]) -> list[Any]:
        """Asked of the army's effects by its own `redeploy` once the counts are checked, before
        they are placed: refuse (RuleError, before changing anything) or do what the action's
        other arguments ask; returns events (Leprechauns' `cauldrons`, X-BNA-LEP-1)."""
        return []

    def check_decline(self, game: Game, army: Army, action: Any) -> None:
        """Asked of the active army's effects when its `decline` is given, before anything
        changes: raise RuleError to refuse the action's parameters (the Ivory Tower's region,
        X-GD-PRI-1)."""

    # --- scoring -----------------------------------------------------------------------
    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        """(label, coins) bonuses at the end of the owner's turn; `held` are the race's regions
        (B-SCORE-2: 12 base races and powers; harbours X-RW-5, Pirate Ships X-RW-11)."""
        return []

    # --- special actions ---------------------------------------------------------------
    def check(self, game: Game, army: Army, action: Any) -> Any:
        """Validate a use of one of its `words`; raise RuleError. Returns data for `do` (the
        base words: B-POW-DRAGONMASTER-1, B-POW-FORTIFIED-1, B-RACE-SORCERERS-1...)."""
        raise NotImplementedError

    def do(self, game: Game, army: Army, action: Any, data: Any) -> list[Any]:
        """Carry out a checked use of one of its `words` (B-POW-HEROIC-1...); returns events."""
        raise NotImplementedError

    def auto(self, game: Game, army: Army) -> Any:
        """Data for `do` when the player did not use the ability's word this turn, or None
        (Heroes and Encampments stay or go down by default, B-POW-HEROIC-1, B-POW-BIVOUACKING-1)."""
        return None

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        """The uses of its `words` it offers now, for legal_actions and bots (B-POW-DIPLOMAT-1...)."""
        return []


ABILITIES: dict[str, Ability] = {}
NO_ABILITY = Ability()


def register(cls: type[Ability]) -> type[Ability]:
    ABILITIES[cls.id] = cls()
    return cls


def ability(ability_id: str | None) -> Ability:
    return ABILITIES.get(ability_id, NO_ABILITY) if ability_id else NO_ABILITY


def piece_source(effect: Ability) -> str:
    """What a piece's effect is (relic, place, marker, figure): its row of the piece registry
    (swcore/data/pieces.csv), else the effect's own `source`."""
    from .pieces import PIECES

    piece = PIECES.get(effect.id)
    if piece is not None:
        return piece.kind
    if effect is not NO_ABILITY and effect.source not in PIECE_SOURCES:
        raise TypeError(f"the piece effect {effect.id!r} must set `source` to one of "
                        f"{sorted(PIECE_SOURCES)}")
    return effect.source


def left_out(without: Any) -> frozenset[str]:
    """The sources to leave out, checked (a misspelt source would silently leave nothing out)."""
    out = frozenset(without)
    if not out <= set(SOURCES):
        raise ValueError(f"unknown effect source(s) {sorted(out - set(SOURCES))}; known: {SOURCES}")
    return out
