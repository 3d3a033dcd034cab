"""Help for a race or power, one tap away: what it does, in the page's language.

Generated from the catalogue, so the app names no race or power: the English text is the
project's rules reference (docs/rules, the item's rule ID via `rules_ref.text`), the French
one the engine's French help (swcore/data/help-fr.tsv, written from the French rule books).
Shown as an HTML `details` (a tap opens it, no script) beside each name in the combo column,
on a region's card (the map) and in the map's key.
"""

from __future__ import annotations

from html import escape

from swcore.catalogue import CATALOGUE
from swcore.i18n import help_fr, item_name

from . import rules_ref
from .i18n import _, lang

#: Its style sheet lives in widgets.CSS (every pane of the screen carries it).


def help_text(item: str) -> str:
    """What `item` does, as plain text in the page's language ('' when unknown)."""
    entry = CATALOGUE.get(item)
    if entry is None:
        return ""
    if lang() == "fr" and help_fr(item):
        return help_fr(item)
    return rules_ref.text(entry.rule) or entry.effect


def help_button(item: str | None, named: bool = False) -> str:
    """A '?' that opens the help of `item` in place, labelled with the item's name ("? Hill");
    `named`: the name itself is the target, with a small '?' after it (a combo's row, which
    a 44 px circle beside each name made two rows high). '' for an item without help."""
    if not item:
        return ""
    name = escape(item_name(item, lang()))
    text = help_text(item)
    if not text:
        return f"<b>{name}</b>" if named else ""
    entry = CATALOGUE[item]
    ask = escape(_("Help: {name}").format(name=name))
    tip = escape(_("Help"))
    face = (f"{name}<span class='q' aria-hidden='true'>?</span>" if named else
            f"<span class='q' aria-hidden='true'>?</span>{name}")
    return (f"<details class='sw-help{' named' if named else ''}' data-item='{escape(item)}'>"
            f"<summary aria-label='{ask}' title='{tip}'>{face}</summary><b>{name}</b> "
            f"<span class='sw-muted'>({rules_ref.link(entry.rule)})</span> {escape(text)}</details>")


def in_play_html(items: list[str]) -> str:
    """The help of every race and power in play, for the map's key."""
    rows = "".join(f"<li>{help_button(i, named=True)}</li>"
                   for i in dict.fromkeys(items) if i in CATALOGUE)
    if not rows:
        return ""
    title = escape(_("Races and powers in play"))
    return (f"<details class='sw-mod'><summary>{title}</summary>"
            f"<ul style='margin:4px 0;padding-left:18px'>{rows}</ul></details>")
