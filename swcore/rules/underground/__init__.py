"""Small World Underground (U-*, AU-*): Monsters guarding Popular Places and Righteous Relics, the
river, abysmal chasms and Black Mountains, with fifteen races and twenty-one powers of its own.
The French rule book is the authority; digest docs/rules/underground.md, rulings
ambiguities-underground.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...checks import register as register_check
from ..module import RuleModule
from ..registry import module
from . import discovery, places, relics  # noqa: F401  (registers the relics' and places' effects)
from . import state as st
from .display import describe_state, map_items
from .effects import EFFECTS
from .listing import armors_listed
from .parts import PARTS  # the races' and powers' effects, steps, words and set-up key
from .sheet import COUNTS as SHEET_COUNTS
from .turn_end import after_scoring, before_end, placements
from .using import check_using, conquests_using

if TYPE_CHECKING:
    from ...game import Game


def round_start(game: Game, seat: int) -> list[Any]:
    """Set-up (turn 1, before anyone plays): the Places and Relics (U-SETUP-4); the Monsters
    themselves stand on their symbols from the board's data (U-SETUP-3)."""
    if game.turn == 1 and not game.log and st.MODULE not in game.module_state:
        return discovery.set_out(game)
    return []


def legal(game: Game, out: list[Action]) -> list[Action]:
    """The table's marker when one is due; conquests made with a relic held (`using`)."""
    if game.game_over:
        return out
    if any(d.kind == "discover" for d in game.pending):
        return [Action.trusted(game.current, "discover", item=x) for x in discovery.left_in_box(game)]
    return out + conquests_using(game, out) + placements(game, out)


def _check_pieces_left(game: Game, want: Any, where: str) -> list[tuple[str, Any, Any]]:
    """`places_relics_left`: how many markers are still face down (U-SETUP-4)."""
    stack = st.book(game)["stack"]
    return [("places_relics_left", want, None if stack is None else len(stack))]


register_check("places_relics_left", _check_pieces_left)


@module
class Underground(RuleModule):
    id = "underground"
    name = "Small World Underground"
    effects = (*EFFECTS, *PARTS["effects"])
    setup_keys = {"places_relics": discovery.prepare_stack, "pieces": discovery.prepare_pieces,
                  **PARTS["setup_keys"]}
    steps = {"round_start": (round_start,), "turn_end": (after_scoring, *PARTS["steps"]["turn_end"])}
    decisions = {"discover": discovery.do_discover}
    handlers = {"discover": discovery.do_discover, **PARTS["handlers"]}
    before = (check_using, before_end, *PARTS["before"])
    after = PARTS["after"]
    legal = (legal, *PARTS["legal"], armors_listed)
    map_items = staticmethod(map_items)
    describe_state = staticmethod(describe_state)
    sheet_counts = SHEET_COUNTS  # what the score sheet asks besides regions (swcore.scoresheet)

    @staticmethod
    def snapshot(game: Game) -> dict[str, Any]:
        """The markers discovered, how many lie face down and their order (hidden by `view`)."""
        b = st.book(game)
        return {"found": list(b["found"]), "face_down": None if b["stack"] is None else list(b["stack"]),
                "used": {k: list(v) for k, v in b["used"].items()}}

    @staticmethod
    def view(game: Game, player: str | None, snap: dict[str, Any]) -> None:
        """AU-05: the face-down stack is hidden from everybody; only its size is seen."""
        own = snap["modules"][st.MODULE]
        hidden = own.pop("face_down")
        own["face_down"] = None if hidden is None else len(hidden)
