"""swcore: the Small World rules engine (pure Python, no UI).

    from swcore import Game, Action
    game = Game.new("base-2p", ["ann", "bob"], seed=1)
    game.apply(Action(by="ann", do="pick", combo=0))
"""

from .actions import Action
from .board import Board, builtin_ids, load_board
from .catalogue import CATALOGUE, POWERS, RACES
from .config import Options
from .errors import InputError, RuleError, SwError
from .events import Event
from .game import Game
from .state import Army, Quote
from .words import WORDS

__all__ = ["WORDS", "Action", "Army", "Board", "CATALOGUE", "Event", "Game", "InputError",
           "Options", "POWERS", "Quote", "RACES", "RuleError", "SwError", "builtin_ids", "load_board"]
