"""The Necromancer's first power (X-NEC-5): "Il en choisit ensuite un seul qu'il place près du
Puits aux Âmes". When the set-up leaves `keeps` null, play waits at set-up, before the first
turn, for him to choose 1 of his 6 drawn powers (the word `keep_power`); the other 5 stay
unbought. A set-up that names `keeps` (every set-up stored before this choice) starts with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...errors import RuleError
from ...flow import Decision
from . import state as st

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Game

KIND = "first_power"
WORD = "keep_power"  # swcore/data/words-necromancer.yaml
RULE = "X-NEC-5"


def ask(game: Game) -> None:
    """At set-up: the Necromancer must choose his first power before anyone plays."""
    game.push(Decision(KIND, st.seat(game), (WORD,), RULE, "first the Necromancer chooses 1 of "
                        f"his 6 powers as his first ({WORD})"))


def waiting(game: Game) -> bool:
    d = game.blocking()
    return d is not None and d.kind == KIND


def choose(game: Game, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
    """His chosen power goes by the Well; the other 5 stay in reserve for later purchase."""
    if not waiting(game):
        raise RuleError(RULE, "the Necromancer chose his first power at set-up")
    if seat != st.seat(game):
        raise RuleError(RULE, "only the Necromancer chooses his first power")
    b = st.book(game)
    if a.power not in b["unbought"]:
        raise RuleError(RULE, f"{a.power!r} is not one of his 6 drawn powers")
    army = st.army(game)
    powers = army.powers
    army.powers = (a.power,)
    st.change(game, "unbought", [p for p in b["unbought"] if p != a.power])
    game.effects_changed()

    def undo() -> None:
        army.powers = powers
        game.effects_changed()

    game.journal(undo)
    game.drop(lambda d: d.kind == KIND)
    event = game.new_event(WORD, f"the Necromancer chooses {a.power} as his first power", seat,
                        power=a.power)
    return [event], a.to_dict()


def legal(game: Game, out: list[Action]) -> list[Action]:
    """While he chooses: one `keep_power` for each of his 6 drawn powers, nothing else."""
    if not st.in_play(game) or not waiting(game):
        return out
    nec = game.players[st.seat(game)]
    return [Action.trusted(nec, WORD, power=p) for p in st.book(game)["unbought"]]
