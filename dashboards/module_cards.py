"""What the rule modules say on the turn screen (issue 11): the card of the player whose turn
it is (the Necromancer's purchases with their price, his reserve and the Well; this round's
River World event), what a module announces as it happens (a Ghost rising after a turn, the
round's event turned up), the rules that bite on a region, and why the game ended.

Why: the app names no race, power, word or marker (tests/test_no_rule_names.py); each module
says it through `swcore.rules` (`turn_rows`, `notices`, `region_notes`, `end_notes`) in the
page's language, and these functions only lay it out. Pure HTML, no widgets.
"""

from __future__ import annotations

from typing import Any

from swcore import Game
from swcore.rules import end_notes, notices, region_notes, turn_rows

from .i18n import _, happened, lang
from .widgets import esc

#: The turn card: a light background apart from the region's card.
TURN_CARD = "<div class='sw-card' style='background:#f3f0ff;border-color:#5e35b1;margin-top:6px'>"
NOTICE_CARD = "<div class='sw-card' style='background:#fff8e1;border-color:#b26a00;margin-top:6px'>"


def turn_html(game: Game, player: str | None) -> str:
    """The modules' rows for the player whose turn it is ('' when none has anything)."""
    if player is None or game.game_over:
        return ""
    out = []
    for _id, name, rows in turn_rows(game, game.players.index(player), lang()):
        body = "".join(f"<tr><td class='sw-muted'>{esc(label)}</td><td>{esc(value)}</td></tr>"
                       for label, value in rows)
        out.append(f"{TURN_CARD}<h3>{esc(name)}</h3><table class='sw-table'>{body}</table></div>")
    return "".join(out)


def notices_html(game: Game, events: list[Any]) -> str:
    """What the last change did that a module announces (it happened at the end of a turn,
    away from any tap): shown until the next change."""
    found = notices(game, events)
    if not found:
        return ""
    lines = "".join(f"<li>{esc(happened(ev, game.players))}</li>" for ev in found)
    return (f"{NOTICE_CARD}<b>" + _("Just now:") + f"</b><ul class='sw-log' style='font-size:16px'>"
            f"{lines}</ul></div>")


def region_notes_html(game: Game, i: int) -> str:
    """The modules' rules on region i, under its facts on the region's card."""
    notes = region_notes(game, i, lang())
    if not notes:
        return ""
    return ("<ul class='sw-muted' style='margin:4px 0;padding-left:18px'>"
            + "".join(f"<li>{esc(n)}</li>" for n in notes) + "</ul>")


def end_html(game: Game) -> tuple[str, bool]:
    """The modules' word on the end of the game, and whether one of them named the winners
    (then the count of coins decided nothing)."""
    notes = end_notes(game, lang())
    text = "".join(f"<p><b>{esc(t)}</b></p>" for t, _named in notes)
    return text, any(named for _t, named in notes)
