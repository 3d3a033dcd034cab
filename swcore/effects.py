"""The hook interface between the rules engine and race/power abilities."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Army, Game


class Ability:
    """Default behaviour: a race or power that changes nothing (Ratmen, B-RACE-RATMEN-1)."""

    id = ""
    rule = ""
    #: Special action words this ability adds (see swcore.actions.WORDS).
    words: tuple[str, ...] = ()
    #: Words usable once per turn (by default all of them).
    once_per_turn: frozenset[str] | None = None
    #: Berserk: the die is rolled before each conquest instead of for the final one (A-BASE-06).
    replaces_final_die = False
    #: True where the ability still works once its race is in decline.
    works_in_decline = False

    def __copy__(self) -> Ability:  # one stateless instance per id: copies of a game share it
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Ability:
        return self

    # --- picking -------------------------------------------------------------------------
    def extra_tokens(self, game: Game, army: Army) -> int:
        """Tokens received on picking beyond the printed numbers (Amazons' +4)."""
        return 0

    # --- conquest ------------------------------------------------------------------------
    def enters_anywhere(self, game: Game, army: Army) -> bool:
        """First conquest need not be a border region (Halflings, Flying)."""
        return False

    def ignores_adjacency(self, game: Game, army: Army) -> bool:
        return False

    def extra_adjacent(self, game: Game, army: Army, region: int, held: list[int]) -> bool:
        """True when `region` counts as adjacent to the race for another reason (Underworld)."""
        return False

    def may_occupy_water(self, game: Game, army: Army) -> bool:
        return False

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        """(label, change) pairs applied to the conquest cost of `region` (negative: cheaper)."""
        return []

    def immune(self, game: Game, defender: Army, region: int, attacker: Army) -> Any:
        """Asked of the DEFENDER's effects: a RuleError when `attacker` may not target
        `region` (Diplomat's peace), else None. Markers' immunity is data (markers.csv)."""
        return None

    def on_conquered(self, game: Game, army: Army, region: int) -> None:
        """After `army` took `region` (Trolls' lair, Halflings' hole)."""

    def on_conquest_end(self, game: Game, army: Army) -> list[Any]:
        """When the conquest phase of `army` ends (Skeletons' new tokens). Returns events."""
        return []

    def defender_loss(self, game: Game, army: Army) -> int:
        """Tokens `army` discards when it loses a region (B-LOSS-1: 1; Elves: 0)."""
        return 1

    # --- redeployment, decline ---------------------------------------------------------
    def held_back(self, game: Game, army: Army, total: int) -> int:
        """Tokens taken off the board after redeployment (Amazons' 4)."""
        return 0

    def min_per_region(self, game: Game, army: Army) -> int:
        return 1

    def keeps_tokens_on_decline(self, game: Game, army: Army) -> bool:
        return False

    def conquers_in_decline(self, game: Game, army: Army) -> bool:
        return False

    def exempt_from_decline_limit(self, game: Game, army: Army) -> bool:
        """Spirit: this race in decline does not count toward the one-decline limit."""
        return False

    def stays_on_decline(self) -> bool:
        """A badge that stays with its race in decline (Spirit)."""
        return False

    def declines_after_scoring(self, game: Game, army: Army) -> bool:
        """Stout: may go into decline after scoring an expansion turn."""
        return False

    def turn_start(self, game: Game, army: Army) -> None:
        """At the start of the owner's turn, after the army's per-turn state is cleared."""

    # --- scoring -----------------------------------------------------------------------
    def score_bonus(self, game: Game, army: Army, held: list[int]) -> list[tuple[str, int]]:
        """(label, coins) bonuses at the end of the owner's turn; `held` are the race's regions."""
        return []

    def fortress_coins(self) -> bool:
        return False

    # --- special actions ---------------------------------------------------------------
    def check(self, game: Game, army: Army, action: Any) -> Any:
        """Validate a special action of this ability; raise RuleError. Returns data for `do`."""
        raise NotImplementedError

    def do(self, game: Game, army: Army, action: Any, data: Any) -> list[Any]:
        """Carry out a checked special action; returns events."""
        raise NotImplementedError

    def auto(self, game: Game, army: Army) -> Any:
        """Data for `do` when the player did not use the ability's word this turn, or None."""
        return None

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        """The special actions this ability offers now (for legal_actions and bots)."""
        return []


ABILITIES: dict[str, Ability] = {}
NO_ABILITY = Ability()


def register(cls: type[Ability]) -> type[Ability]:
    ABILITIES[cls.id] = cls()
    return cls


def ability(ability_id: str | None) -> Ability:
    return ABILITIES.get(ability_id, NO_ABILITY) if ability_id else NO_ABILITY
