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
from . import balrog, discovery, places, relics, stonehedge, surface_monsters, turn_start  # noqa: F401
from . import state as st
from .display import describe_state
from .effects import EFFECTS
from .listing import armors_listed, hammers_listed
from .parts import PARTS  # the races' and powers' effects, steps, words and set-up key
from .sheet import COUNTS as SHEET_COUNTS
from .turn_end import after_scoring, altar_options, crypt_in_decline, do_altar
from .using import check_using, conquests_using

if TYPE_CHECKING:
    from ...game import Game


def round_start(game: Game, seat: int) -> list[Any]:
    """Set-up (turn 1, before anyone plays): the Places and Relics (U-SETUP-4); the Monsters
    themselves stand on their symbols from the board's data (U-SETUP-3), or on a surface map
    in the regions the set-up chose (U-COMPAT-4)."""
    if game.turn == 1 and not game.log and st.MODULE not in game.module_state:
        surface_monsters.set_out(game)
        return discovery.set_out(game)
    return []


def legal(game: Game, out: list[Action]) -> list[Action]:
    """The table's marker or the Balrog when one is due; conquests made with a relic held
    (`using`), the Altar's discard, the Balrog's move."""
    if game.game_over:
        return out
    due = {d.kind for d in game.pending} if game.pending else ()  # usually nothing is due
    if "discover" in due:
        return [Action.trusted(game.current, "discover", item=x) for x in discovery.left_in_box(game)]
    if "balrog" in due:
        return balrog.options(game)
    if turn_start.KIND in due:
        return turn_start.options(game)
    if stonehedge.STONEHEDGE in due:
        return stonehedge.options(game)
    return out + conquests_using(game, out) + altar_options(game) + balrog.options(game)


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
                  "stonehedge": stonehedge.prepare, surface_monsters.KEY: surface_monsters.prepare,
                  **PARTS["setup_keys"]}  # `monsters` before `removed`, which reads it
    steps = {"round_start": (round_start,), "turn_start": (turn_start.turn_start,),
             "turn_end": (after_scoring, *PARTS["steps"]["turn_end"])}
    settle = (turn_start.settle,)
    decisions = {"discover": discovery.do_discover, "balrog": balrog.do_balrog,
                 turn_start.KIND: turn_start.do_start, "stonehedge": stonehedge.do_stonehedge}
    handlers = {"discover": discovery.do_discover, "balrog": balrog.do_balrog,
                "fountain": turn_start.do_start, "stonehedge": stonehedge.do_stonehedge,
                "altar": do_altar, **PARTS["handlers"]}
    before = (check_using, crypt_in_decline, turn_start.move_first, *PARTS["before"])
    after = PARTS["after"]
    options = PARTS["options"]
    map_items = staticmethod(PARTS["map_items"])  # the Hammers, the Vengeance markers
    legal = (legal, *PARTS["legal"], armors_listed, hammers_listed)
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
