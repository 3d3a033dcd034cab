"""The two ways the engine says no.

`RuleError` is a move the rules forbid (it names the rule ID); `InputError` is data that is
not well formed (it names the field). Both leave the game exactly as it was.
"""


class SwError(ValueError):
    """Base class: every refusal from swcore is a ValueError with a plain-English message."""

    #: the game's players, set by `Game.apply`: names in the message are told from words
    #: when it is translated (swcore.i18n.explain)
    players: tuple[str, ...] = ()
    #: the board's region ids, set with `players`: a board whose ids are words ("camp", "a")
    regions: tuple[str, ...] = ()


class RuleError(SwError):
    """An action the rules forbid; `rule` is the rule ID (docs/rules/) that forbids it."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.reason = message


class InputError(SwError):
    """Malformed input (an action, a scenario, a saved game); `field` names what is wrong."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message
