"""The Pygmies' die (X-BNA-PYG-1, A-BNA-02): one roll for each Pygmy an enemy conquest or
conversion discards, for that many Pygmies from the tray, placed after the attacker's turn.

Who rolls it is the defender, during the attacker's action. In a game whose rolls are entered
from the table (set-up `rolls: "table"`) each loss is a chance decision: play waits until
anyone enters the die seen on the table (`pygmy_die`; left out, it is drawn from the seed), and
the logged action holds the result, so undo and replay never roll again. Otherwise (FORMAT's
Chance) the die is the next scripted or seeded roll, drawn at the loss."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...catalogue import race_name
from ...errors import RuleError
from ...flow import Decision

if TYPE_CHECKING:
    from ...events import Event
    from ...game import Army, Game

KIND = WORD = "pygmy_die"  # the word: swcore/data/words-be_not_afraid.yaml
RULE = "X-BNA-PYG-1"

def from_table(game: Game) -> bool:
    """Whether the table enters the die (`rolls: "table"`: new table games; older set-ups lack
    the key and keep the seeded roll, so their logs replay as they were played)."""
    return game.setup.get("rolls") == "table"


def gain(game: Game, army: Army, roll: int, spare: int, rid: str) -> Event:
    """The new Pygmies of one roll, limited by the tray (`spare`: lost ones not yet back in
    it); withdrawn, they are placed after the attacker's turn (B-LOSS-2)."""
    got = max(0, min(roll, game.tray(army.race) + spare))
    army.hand += got
    army.withdrawn += got
    return game.new_event("roll", f"{game.players[army.owner]}'s {race_name(army.race)} roll {roll}: "
                               f"{got} new {race_name(army.race)}", army.owner, roll=roll,
                       gained=got, region=rid)


def lost(game: Game, army: Army, region: int, n: int) -> list[Event]:
    """`n` Pygmies lost in `region`: rolled now (seed, script), or asked of the table."""
    rid = game.board.ids[region]
    if not from_table(game):
        return [gain(game, army, game.roll_die(None), n, rid) for _ in range(n)]
    for _ in range(n):
        game.push(Decision(KIND, None, (WORD,), RULE, f"first enter the die rolled for the "
                            f"{race_name(army.race)} lost in {rid} ({WORD})",
                            data={"race": army.race, "region": rid}))
    return []


def enter(game: Game, seat: int, a: Action) -> tuple[list[Any], dict[str, Any]]:
    """The die of the first loss waiting (the table's face, or drawn from the seed), logged."""
    d = game.blocking()
    if d is None or d.kind != KIND:
        raise RuleError(RULE, "no Pygmy die is waiting to be entered")
    roll = game.roll_die(a.roll)
    game.drop(lambda x: x is d)
    army = game.armies.get(d.data["race"])
    events = [gain(game, army, roll, 0, d.data["region"])] if army is not None else []
    return events, Action(a.by, a.do, roll=roll).to_dict()


def legal(game: Game, out: list[Action]) -> list[Action]:
    """While a loss waits for its die: only that die (the Pygmies' owner rolls it)."""
    d = game.blocking()
    if d is None or d.kind != KIND:
        return out
    army = game.armies.get(d.data["race"])
    by = game.players[army.owner] if army is not None else game.current
    return [Action.trusted(by, WORD)]
