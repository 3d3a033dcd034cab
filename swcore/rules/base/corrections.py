"""Table corrections: when the app's board and the cardboard differ, the table sets a region's
token count to what lies there. A correction is an action like any other: logged, undoable,
replayed, and checked (B-DEF-8: never more tokens than the box holds; a region keeps at least
the tokens its race must leave there, B-REDEP-1, or none: 0 empties it, its markers too). It
moves tokens between the region and the box tray; hands, coins and turns are untouched."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...catalogue import race_name
from ...errors import RuleError

if TYPE_CHECKING:
    from ...game import Game


def correct(game: Game, seat: int, a: Any) -> tuple[list[Any], dict[str, Any]]:
    i = game.board.region(a.region)
    race, before, n = game.race[i], game.tokens[i], a.count
    if race is None:
        raise RuleError("B-DEF-8", f"{a.region} is empty: a correction sets the number of tokens of "
                                   "the race lying there")
    army = game.armies.get(race)
    if n == 0:  # nothing lies there any more (a Lost Tribe gone before a switch to the map)
        game.clear_region(i)
        return [game.new_event("correct", f"{a.region}: {before} → 0 tokens, emptied (table "
                                       "correction)", seat, region=a.region, before=before,
                            after=0)], a.to_dict()
    least, rule = (game.least(army) if army is not None and not army.declined else (1, "B-REDEP-1"))
    if n < least:
        raise RuleError(rule, f"a region of the {race_name(race)} holds at least {least} token"
                              f"{'s' if least != 1 else ''}; to empty it, abandon it")
    if n - before > game.tray(race):
        raise RuleError("B-DEF-8", f"only {game.tray(race)} {race_name(race)} tokens are left in "
                                   "the box")
    game.tokens[i] = n
    return [game.new_event("correct", f"{a.region}: {before} → {n} tokens (table correction)", seat,
                        region=a.region, before=before, after=n)], a.to_dict()
