"""The published surface of `Game` for rule modules (issue 20): every member a module may use.

Rule modules (swcore/rules/*) read and change a game only through the members listed here;
tests/test_game_surface.py scans them and fails on any other, and on any private member. The
kernel (swcore/kernel/) may use more. Rule IDs in the docstrings are the rules that need them.
Changes made while an action may still be refused are journaled (`journal`), so a refusal
leaves the game as it was; a module's own game-wide state lives in `module_state[its id]`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .board import Board
    from .config import Options
    from .effects import Ability
    from .errors import RuleError
    from .events import Event
    from .flow import Decision
    from .kernel.conquest import Reach
    from .ruleset import Ruleset
    from .state import Army


class GameSurface(Protocol):
    """What a rule module sees of a game."""

    # --- the set-up -----------------------------------------------------------------------
    #: the set-up as stored (`make_setup`): a module reads its own keys there
    setup: dict[str, Any]
    #: the board played on (a module's `board` hook may have added to it)
    board: Board
    #: player names, by seat
    players: list[str]
    #: the seed of hidden draws and rolls
    seed: int
    #: the number of game turns
    turns: int
    #: the base game's rule options
    options: Options
    #: each module's rule options, by module id
    module_options: dict[str, Any]
    #: the modules in play, their steps, decisions and effects combined
    ruleset: Ruleset
    #: True when the column is entered as it lies on the table (B-COMBO-6)
    table: bool

    # --- the position ---------------------------------------------------------------------
    #: by region index: race id, `lost_tribe`, a neutral, or None
    race: list[str | None]
    #: by region index: the owner's seat or None
    owner: list[int | None]
    #: by region index: tokens standing there
    tokens: list[int]
    #: marker kind -> count by region index (markers.csv)
    mk: dict[str, list[int]]
    #: race -> the regions it occupies (kept by `occupy`; read it, never write it)
    where: dict[str, set[int]]
    #: every race on the board or in a hand
    armies: dict[str, Army]
    #: by seat: the active race id or None
    active: list[str | None]
    #: by seat: the race ids in decline
    declined: list[list[str]]
    #: coins by seat
    coins: list[int]
    #: coins lying on regions, by region index (Gypsies, X-GD-GYP-1)
    coins_on: list[int]
    #: unique pieces (relics, places, figures) -> the region they lie in, None off the board
    pieces: dict[str, int | None]
    #: piece -> the power it carries for its occupant (Stonehedge's badge, U-PLACE-STONEHEDGE-1)
    carried: dict[str, str]
    #: the event in force this round (an effect source; River World's, X-RW-3)
    event: str | None
    #: each module's game-wide state, plain JSON-able data under its module id
    module_state: dict[str, Any]
    #: the visible combos: [race, power, coins on it], top first
    column: list[list[Any]]
    #: the race and power stacks below the column
    race_stack: list[str]
    power_stack: list[str]
    #: badges discarded, shuffled into a new stack when it runs out (B-COMBO-7; Stonehedge's
    #: draw, AU-46)
    power_discard: list[str]
    #: the game turn and the seat whose turn it is
    turn: int
    seat: int
    #: True once the last turn is over (B-END-1)
    finished: bool
    #: the pending decisions (swcore.flow.Decision), the next on top
    pending: list[Decision]
    #: the action log (dicts, die results included)
    log: list[dict[str, Any]]

    @property
    def current(self) -> str:
        """The player whose turn it is."""

    @property
    def to_act(self) -> str | None:
        """Who must act next: the player a pending decision waits for, else the current one."""

    @property
    def game_over(self) -> bool:
        """After the last turn, once the last withdrawn tokens are placed (B-END-1)."""

    @property
    def queue(self) -> list[str]:
        """Races whose withdrawn tokens wait to be placed, first in line first (B-LOSS-2)."""

    @property
    def turn_flags(self) -> dict[str, Any]:
        """This turn's flags (picked, declined, scored, attacked: A-BASE-08); a module may keep
        its own keys here."""

    @property
    def needs_reveal(self) -> bool:
        """A table game waits for the combo revealed on the table (B-COMBO-6)."""

    # --- reading the position ---------------------------------------------------------------
    def seat_of(self, player: str, field_name: str = "by") -> int:
        """The seat of `player` (an InputError naming `field_name` if none)."""

    def regions_of(self, race: str) -> list[int]:
        """The regions `race` occupies, in board order."""

    def on_board(self, race: str) -> int:
        """Tokens of `race` on the board."""

    def tray(self, race: str) -> int:
        """Tokens of `race` left in the box tray (B-DEF-8)."""

    def box_of(self, item: str) -> int:
        """How many tokens of a race, or pieces of a marker, the box holds (B-COMP-4)."""

    def extra_box(self, army: Army) -> int:
        """Tokens of the army from outside its race's box (Horde tokens, X-CUR-HOR-1)."""

    def available(self, army: Army, held: list[int] | None = None) -> int:
        """Tokens the army could conquer with now (its hand after Ready Troops)."""

    def least(self, army: Army) -> tuple[int, str]:
        """Fewest tokens a region of `army` may hold, with its rule (B-REDEP-1; X-CUR-KOB-1)."""

    def kept_regions(self, army: Army) -> list[int]:
        """The regions `army` keeps through its own placement (less rivers, X-RW-4)."""

    def vacated(self, army: Army) -> set[int]:
        """Regions `army` must empty at its own redeployment (X-RW-4)."""

    def seen_declined(self, army: Army) -> bool:
        """Whether other players' abilities treat `army` as in decline (A-NEC-05)."""

    def army_of(self, player: str, race: str | None = None) -> Army | None:
        """The player's army of `race`, by default his active race's; None when he has none
        (a listed action's army, B-REDEP-1)."""

    def value_of(self, item: str) -> int:
        """The number printed on a banner or badge (B-COMBO-2; the set-up's `values` and the
        table's reveals first): the Shadow Mimes' tokens with the badge they swap for
        (U-RACE-SHADOW-MIMES-1)."""

    def combo_price(self, k: int) -> int:
        """Coins to pay for column position k (B-COMBO-2, X-CUR-CUR-1)."""

    def preview_placement(self, army: Army) -> dict[int, int]:
        """The default placement as it would be after Ready Troops and the conquests (B-REDEP)."""

    # --- effects ----------------------------------------------------------------------------
    def effects_of(self, army: Army) -> tuple[Ability, ...]:
        """The effects working for `army` now, in order (race, powers, pieces, event, modules)."""

    def effects_with(self, army: Army, hook: str) -> tuple[Ability, ...]:
        """Only those of the army's effects that override `hook`."""

    def gives(self, army: Army, name: str) -> bool:
        """Whether any of the army's effects gives the constant answer `name` (B-DECL-2: in
        decline, only the effects that still work)."""

    def sources(self, army: Army) -> list[tuple[str, Ability]]:
        """The army's effects with where each comes from (swcore.effects.SOURCES)."""

    def effects_changed(self) -> None:
        """Gather every army's effects afresh (the round's event changed, a power bought)."""

    def tell(self, army: Army, event: str, **data: Any) -> list[Event]:
        """The named notification `event` (swcore.effects.EVENTS) told to the army's effects."""

    def broadcast(self, event: str, **data: Any) -> list[Event]:
        """`event` told to every army's effects, in turn order from the current seat
        (X-GD-HIS-2)."""

    # --- conquest ---------------------------------------------------------------------------
    def reach(self, army: Army, without: Any = ()) -> Reach:
        """What decides where `army` may go, with the sources in `without` left out."""

    def target_error(self, army: Army, i: int, reach: Reach | None = None) -> RuleError | None:
        """Why `army` may not conquer region i now, or None (B-CONQ, B-DEF-5)."""

    def targets(self, army: Army, reach: Reach | None = None) -> list[int]:
        """The regions `army` may conquer now."""

    def screen(self, army: Army, regions: Any, reach: Reach) -> Any:
        """(region, rule ID or None) for each of `regions`: the target test in one pass."""

    def candidates(self, reach: Reach, army: Army | None = None) -> Any:
        """The regions worth testing as targets (given the army: narrowed by its effects'
        `extra_adjacent_regions`)."""

    def cost(self, army: Army, i: int, without: Any = (),
             parts: list[tuple[str, int]] | None = None) -> int:
        """The conquest cost of region i (B-CONQ-2, -3), the sources in `without` left out."""

    def costs(self, army: Army, regions: Any, without: Any = ()) -> list[int]:
        """`cost` of each of `regions` in one pass."""

    def may_reinforce(self, army: Army) -> bool:
        """The final die may be asked for (B-FINAL-1, A-BASE-06)."""

    def check_conquest_open(self, army: Army) -> None:
        """Refuse (RuleError) once the race's conquests are over for the turn (B-FINAL-4)."""

    def take(self, army: Army, i: int, committed: int, cost: int,
             parts: list[tuple[str, int]]) -> list[Event]:
        """Region i changes hands, `committed` tokens from hand (B-CONQ-6, B-LOSS-1)."""

    def taken_from(self, army: Army, i: int, defender: Army | None) -> list[Event]:
        """The attacker's effects told region i was taken from `defender` (X-CUR-RAN-1)."""

    def region_lost_events(self, defender: Army, i: int, attacker: Army, lost: int) -> list[Event]:
        """The defender's effects told an enemy took region i (X-BNA-COR-1, X-BNA-PYG-1)."""

    def loss_of(self, defender: Army, i: int, attacker: Army, loss: int) -> int:
        """The tokens `defender` discards losing region i (B-LOSS-1, A-LEAD-02)."""

    def drive_out(self, army: Army, i: int, times: int = 1) -> list[Event]:
        """The player's race in region i loses it to `army` without a conquest by its tokens:
        its loss `times` over, the rest withdrawn (the Balrog, U-PLACE-PENTACLE-2)."""

    # --- changing the position ----------------------------------------------------------------
    def acting(self, seat: int, by: str, race: str | None) -> Army:
        """The army an action of the current player addresses (the active race by default)."""

    def ready_troops(self, army: Army) -> None:
        """Ready Troops (B-READY-1), journaled."""

    def occupy(self, i: int, race: str | None, owner: int | None, tokens: int) -> None:
        """Region i now holds `tokens` of `race` (the one writer of occupants)."""

    def clear_region(self, i: int) -> None:
        """Empty region i of tokens and markers."""

    def end_conquests(self, army: Army) -> list[Event]:
        """The conquest phase of `army` ends (B-REDEP, journaled): a module's word that ends
        it (the Altar of Souls' discard, U-PLACE-ALTAR-1)."""

    def remove_army(self, race: str) -> Event:
        """A race leaves the board, its banner back under the stack (B-DECL-6, B-LOSS-6; the
        Altar of Souls' last in-decline token, AU-56)."""

    def pay(self, payer: int | None, payee: int | None, coins: int, why: str) -> Event:
        """Coins move between seats or the bank (None), never below zero (B-SCORE-3)."""

    def roll_die(self, given: int | None) -> int:
        """A die roll (B-COMP-6): given, scripted, or seeded; logged by the action."""

    def journal(self, undo: Any) -> None:
        """Record how to undo a change made while the action may still be refused."""

    def new_event(self, kind: str, text: str, player: int | None = None, **data: Any) -> Event:
        """An event of `kind` with its English `text`, the acting seat and its data."""

    # --- decisions --------------------------------------------------------------------------
    def push(self, decision: Decision) -> None:
        """A decision someone must settle before play goes on (swcore.flow)."""

    def drop(self, test: Any) -> None:
        """Remove the pending decisions for which test(decision) holds (journaled)."""

    def blocking(self) -> Decision | None:
        """The decision that must be settled first (the top one that is not optional)."""


#: Every member a rule module may use (the test's list).
PUBLISHED: frozenset[str] = frozenset(
    {k for k in GameSurface.__annotations__} | {k for k in vars(GameSurface) if not k.startswith("_")})
