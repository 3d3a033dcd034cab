"""The app's language, per device: English or French, remembered in a cookie.

A page's language is chosen once when it opens (the URL's `lang=fr`, else the device's
`sw_lang` cookie, else English) and kept for the page's Bokeh document, so callbacks and the
watcher's refreshes (run under `set_curdoc`) all speak it. Switching reloads the page (the
language switch in the header sets the cookie), which re-renders every text in the new
language. Texts are gettext messages of the `dashboards` domain
(dashboards/locale/fr/LC_MESSAGES/dashboards.po, keyed by the English text); numbers and
dates are formatted with Babel for the language.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import panel as pn
from babel.dates import format_datetime
from babel.numbers import format_decimal

from swcore.i18n import LANGUAGES, french, normalise, translation

LOCALE_DIR = str(Path(__file__).resolve().parent / "locale")
COOKIE = "sw_lang"
_PAGES: WeakKeyDictionary[Any, str] = WeakKeyDictionary()
#: Outside a served page (a command-line tool such as dashboards/admin.py): its language.
_PROCESS = {"lang": "en"}
#: Shown on the switch, each in its own language.
NAMES = {"en": "English", "fr": "Français"}


def choose(args: dict[str, Any] | None = None, cookies: dict[str, Any] | None = None) -> str:
    """The language a page opens in: `lang` in the URL, else the cookie, else English."""
    value = (args or {}).get("lang")
    if isinstance(value, list):
        value = value[0] if value else None
    if value:
        return normalise(value)
    return normalise((cookies or {}).get(COOKIE))


def set_language(code: str) -> str:
    """Fix the current page's language (outside a served page: the process default)."""
    code = normalise(code)
    doc = pn.state.curdoc
    if doc is not None:
        _PAGES[doc] = code
    else:
        _PROCESS["lang"] = code
    return code


def lang() -> str:
    doc = pn.state.curdoc
    return _PAGES.get(doc, "en") if doc is not None else _PROCESS["lang"]


def _(text: str) -> str:
    """`text` (English) in the current page's language (French: `format` elides "de Ann")."""
    return french(translation(lang(), "dashboards", LOCALE_DIR).gettext(text), lang())


def ngettext(one: str, many: str, n: int) -> str:
    return french(translation(lang(), "dashboards", LOCALE_DIR).ngettext(one, many, n), lang())


def engine(text: str) -> str:
    """A text of the engine (a module's name, an option's help) in the page's language
    (swcore.po, keyed by the English text)."""
    from swcore.i18n import tr

    return tr(text, lang())


def term(text: str, players: Any = ()) -> str:
    """A cost's or a score's label (or a module's note naming `players`) written by the
    engine, in the page's language (`swcore.i18n.term`)."""
    from swcore.i18n import term as engine_term

    return engine_term(text, lang(), tuple(players))


def N_(text: str) -> str:
    """Marks a constant for translation where it is used (`_(CONSTANT)`)."""
    return text


def number(n: int | float) -> str:
    """A number as the language writes it (1,234 / 1 234)."""
    return format_decimal(n, locale=lang())


def when(moment: dt.datetime | None) -> str:
    """A date and time as the language writes it ('' for none)."""
    if moment is None:
        return ""
    return format_datetime(moment, "d MMM y HH:mm", locale=lang())


def switch_html() -> str:
    """The header's language switch: links that set the cookie and reload the page's own
    address (the open game's `?game&code`) with `lang` set. In an inline handler `URL` is
    `document.URL` (a string), hence `window.` before every global the script names."""
    out = []
    for code in LANGUAGES:
        current = code == lang()
        script = (f"document.cookie='{COOKIE}={code};path=/;max-age=31536000;SameSite=Lax';"
                  f"try{{window.localStorage.setItem('{COOKIE}','{code}')}}catch(e){{}};"
                  f"var l=window.location,q=new window.URLSearchParams(l.search);"
                  f"q.set('lang','{code}');l.search=q.toString();return false;")
        out.append(f'<a href="?lang={code}" hreflang="{code}" lang="{code}" '
                   f'class="sw-lang{" on" if current else ""}" data-lang="{code}" '
                   f'aria-current="{"true" if current else "false"}" aria-label="{NAMES[code]}" '
                   f'onclick="{script}">'
                   f'<span class="wide">{NAMES[code]}</span>'
                   f'<span class="narrow" aria-hidden="true">{code.upper()}</span></a>')
    return f'<nav class="sw-langs" aria-label="Language / Langue">{"".join(out)}</nav>'


SWITCH_CSS = """
.sw-langs { display:flex; gap:4px; }
a.sw-lang { color:#fff; font-size:15px; font-weight:600; text-decoration:none; padding:6px 10px;
            border-radius:14px; border:1px solid rgba(255,255,255,.5); min-height:44px;
            min-width:44px; box-sizing:border-box; display:inline-flex; align-items:center;
            justify-content:center; }
a.sw-lang.on { background:#fff; color:#1b5e20; }
.narrow { display:none; }
@media (max-width: 700px) {
  a.sw-lang { font-size:13px; padding:3px 7px; }
  .wide { display:none; }
  .narrow { display:inline; }
}
"""


def label(action: Any, names: Any = None) -> str:
    """`swcore.words.label` in the page's language."""
    from swcore import words

    return words.label(action, names, lang())


def describe(action: Any, names: Any = None) -> str:
    """`swcore.words.describe` in the page's language."""
    from swcore import words

    return words.describe(action, names, lang())


def happened(event: Any, players: Any = ()) -> str:
    """What an action did (an engine `Event`) in the page's language: `swcore.i18n.event_text`,
    the game's `players` told apart from the rest of the sentence."""
    from swcore.i18n import event_text

    return event_text(event, lang(), tuple(players))
