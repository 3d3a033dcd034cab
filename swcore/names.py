"""What a player name may hold: the one rule for every place a name enters the engine.

A new game's set-up (`make_setup`: new games, scenarios, score sheets, the app's form) goes
through `player_name`; what names a player of a game already set up (a save's or a stored
game's players, an action's `by`, an action's player parameter such as `ally player=…`) goes
through `stored_name`, which accepts whatever `player_name` accepts (in the same form) and also
the names of games stored before this rule, so a stored game always reopens and replays. Names are stored in Unicode NFC form. Refused: control characters, characters
that are invisible or turn the text's direction (U+202E, U+200B, U+00AD, U+FEFF…), and a name
with nothing visible. Kept: letters of every script, spaces, emoji with their joiners,
skin tones and variation selectors ("Bob 👩‍💻", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"), and a joiner between two letters
(Persian, Indic scripts).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import InputError

#: The longest name, in characters (code points): it fits a seat's row on a phone.
MAX_PLAYER_NAME = 40

#: Zero-width non-joiner and joiner: kept between two visible characters (an emoji sequence,
#: a Persian or Indic word), refused anywhere else.
JOINERS = frozenset("\u200c\u200d")
#: Emoji tag characters (a subdivision flag: black flag, tags, cancel tag).
TAGS = range(0xE0020, 0xE0080)
BLACK_FLAG = "\U0001f3f4"
#: Letters and symbols that show nothing: a name made only of them (and spaces) is blank.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Unicode categories refused wherever they are: controls, surrogates, line and paragraph
#: separators. Format characters (Cf) are refused except joiners and emoji tags in place.
REFUSED = frozenset({"Cc", "Cs", "Zl", "Zp"})


#: Names already accepted, with their stored form (every action names its player): bounded.
_ACCEPTED: dict[str, str] = {}


def player_name(value: Any, where: str = "players") -> str:
    """`value` as a stored player name (NFC), or InputError naming `where` and saying why."""
    known = _ACCEPTED.get(value) if isinstance(value, str) else None
    if known is None:
        known = _checked(value, where)
        if len(_ACCEPTED) < 4096:
            _ACCEPTED[value] = known
    return known


def stored_name(value: Any, where: str = "players") -> str:
    """A name that names a player of a game already set up (a stored game's players, an
    action's `by` or player): today's rule (in NFC), or else the rule games were stored under
    before it (any text of at most 40 characters that is not blank), kept as it is, so a game
    stored then reopens and replays. Whether it is a player of the game is the game's check.
    A plain `str` accepted once is remembered with its stored form (every action checks its
    player's name: issue 23), so the same text gives the same answer without the checks."""
    if type(value) is str:
        known = _STORED.get(value)
        if known is not None:
            return known
    try:
        name = player_name(value, where)
    except InputError:
        if (not isinstance(value, str) or not value.strip() or len(value) > MAX_PLAYER_NAME
                or any(unicodedata.category(ch) == "Cs" for ch in value)):
            raise
        name = value
    if type(value) is str:
        if len(_STORED) >= 4096:  # bounded: a flood of new names cannot grow it for ever
            _STORED.clear()
        _STORED[value] = name
    return name


#: names `stored_name` accepted, with their stored form (plain `str` keys only)
_STORED: dict[str, str] = {}


def _checked(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InputError(where, "a player's name is text")
    if len(value) > 4 * MAX_PLAYER_NAME:  # far too long even before NFC composes it
        raise InputError(where, f"names are at most {MAX_PLAYER_NAME} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(where, "the name has a broken character (a lone surrogate): type it "
                                "again") from None
    text = unicodedata.normalize("NFC", value)
    if len(text) > MAX_PLAYER_NAME:
        raise InputError(where, f"names are at most {MAX_PLAYER_NAME} characters")
    for k, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if cat in REFUSED or (cat == "Cf" and not _in_sequence(text, k)):
            code = f"U+{ord(ch):04X}"
            raise InputError(where, f"the character {code!r} is invisible or a control "
                                    "character: type the name without it")
    if all(ch.isspace() or ch in BLANKS or unicodedata.category(ch) in ("Mn", "Me", "Cf")
           for ch in text):
        raise InputError(where, "a player needs a name that shows")
    return text


def _in_sequence(text: str, k: int) -> bool:
    """Whether the format character at `k` belongs to what it joins: a joiner between two
    visible characters, a tag in a flag that starts with the black flag."""
    ch = text[k]
    if ch in JOINERS:
        return 0 < k < len(text) - 1 and _visible(text[k - 1]) and _visible(text[k + 1])
    if ord(ch) in TAGS:
        j = k
        while j > 0 and ord(text[j - 1]) in TAGS:
            j -= 1
        return j > 0 and text[j - 1] == BLACK_FLAG
    return False


def _visible(ch: str) -> bool:
    """A character a joiner may touch: not a space, not a format character; a variation
    selector or skin tone (Mn, Sk) ends an emoji and counts."""
    return not ch.isspace() and unicodedata.category(ch)[0] not in "CZ"
