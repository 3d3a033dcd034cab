"""The Leader as one more race token with its own fate (X-LEAD-2…4, A-LEAD-02): an effect
every army carries while the Leaders rules are in play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...effects import Ability, when
from ...errors import RuleError
from . import state as st
from . import words

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Army


class LeaderRules(Ability):
    id, rule = "leaders", "X-LEAD-2"
    ready_adds_tokens = False  # on_ready only says where the Leader is: it counts as a token

    def region_lost(self, game: Game, defender: Army, region: int, attacker: Army, loss: int) -> int:
        """X-LEAD-4, A-LEAD-02: an enemy conquest or conversion captures the Leader (even an Elf
        Leader) and that replaces the loss: no token is discarded, so nothing follows from a loss
        (no Pygmy die, nothing into the Well of Souls); the others are withdrawn. The owner's own
        in-decline Ghouls only send it back to hand, never to the tray."""
        if st.at(defender) != region:
            return loss
        if attacker.owner != defender.owner:
            st.capture(game, defender, attacker.owner)
            game.tokens[region] -= 1  # the Leader leaves with its captor
            return 0
        st.put(game, defender, "hand")
        return min(loss, game.tokens[region] - 1)

    @when("ready")
    def on_ready(self, game: Game, army: Army, before: list[tuple[int, int]]) -> None:
        """Ready Troops: the Leader goes into hand unless alone in its region (FORMAT v2)."""
        where = st.at(army)
        if where == "held":
            st.put(game, army, "hand")
        elif isinstance(where, int) and dict(before).get(where, 0) > game.tokens[where]:
            st.put(game, army, "hand")

    def last_token(self, game: Game, army: Army, place: dict[int, int]) -> int | None:
        """A-LEAD-02: the Leader in hand is the last token placed by default, on the non-immune
        region then holding the fewest tokens (ties: first listed)."""
        if st.at(army) != "hand":
            return None
        free = [i for i in place if not st.immune(game, i)]
        return min(free, key=lambda i: (place[i], i)) if free else None

    @when("last_token")
    def on_last_token(self, game: Game, army: Army, region: int | None) -> None:
        """Where the default placement put the Leader; None: it stays off the board with the
        rest of the hand until the next Ready Troops (the Barbarians, X-BNA-BAR-1)."""
        if st.at(army) == "hand":
            st.put(game, army, "held" if region is None else region)

    def on_redeploy(self, game: Game, army: Army, action: Any, place: dict[int, int]) -> list[Any]:
        """A redeployment that puts no token from hand on the board leaves the Leader in hand
        off it too, until the next Ready Troops (the Barbarians, X-BNA-BAR-1): it cannot be
        named in a region."""
        if st.at(army) == "hand" and not st.hand_goes_down(game, army, place):
            if action.leader is not None:
                raise RuleError("X-LEAD-2", "the Leader stays off the board with the rest of the "
                                            "hand: no token from hand is placed")
            st.put(game, army, "held")
        return []

    @when("declining")
    def on_decline(self, game: Game, army: Army) -> list[Any]:
        """X-LEAD-2: the Leader is removed at once (back to the box), before B-DECL-3; placed
        this turn (Stout declines after its placement), from where the placement left it."""
        if not st.has(army):
            return []
        if army.redeployed:
            words.settle_leader(game, army)
        where = st.at(army)
        if isinstance(where, int):
            game.tokens[where] -= 1
            if game.tokens[where] == 0:
                game.clear_region(where)
        elif where == "hand":
            army.hand -= 1
        else:
            army.held -= 1
        st.put(game, army, None)
        return [game.new_event("leader_gone", f"the {army.race} Leader leaves as the race declines",
                            army.owner, race=army.race)]

    def held_back(self, game: Game, army: Army, total: int) -> int:
        """X-LEAD-3: with every region immune the Leader waits off the board (like the
        Amazons' 4) until the next Ready Troops."""
        if not st.has(army):  # most armies: no Leader, nothing to ask the board
            return 0
        regions = game.kept_regions(army)  # a river emptied at redeployment keeps no Leader
        if not regions or not all(st.immune(game, i) for i in regions):
            return 0
        # The Leader is one token more off the board, unless the other effects already keep
        # off every token the regions do not need (the Pixies' all-but-one per region, X-BNA-
        # PIX-1): then it is among them, and one more would empty a region.
        others = sum(ab.held_back(game, army, total) for ab in game.effects_with(army, "held_back")
                     if ab is not self)
        return max(0, min(1, total - others - game.least(army)[0] * len(regions)))

    def extra_box(self, game: Game, army: Army) -> int:
        """The Leader is not one of the race's box tokens (A-LEAD-02: never to the tray)."""
        return 1 if st.has(army) else 0


LEADER = LeaderRules()
