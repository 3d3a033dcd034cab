"""Form fields generated from what a rule module declares, for the new-game form.

Why: the form must offer every expansion's choices without naming any of them. A module's
`options` dataclass gives each option's name, type and default, and the engine's own texts
(its `#:` comments, its docstring, its refusals) give the words; its `setup_keys` are asked as
JSON with the function's docstring as help. Boards are offered for the expansions whose
terrains and symbols they carry (swcore's terrain and symbol registries), with how sure their
transcription is and what their checks find (swcore.boardcheck).
"""

from __future__ import annotations

import inspect
import json
import re
import sys
import typing
from dataclasses import MISSING, fields
from functools import cache
from html import escape
from typing import Any

import panel as pn

from swcore import InputError, builtin_ids, load_board
from swcore.board import board_for, board_suits  # noqa: F401  (board_for: the form offers it)
from swcore.boardcheck import confidence_note, shipped_problems
from swcore.i18n import tr, translation
from swcore.rules import module_name, module_of

from .i18n import LOCALE_DIR, _, engine, lang
from .map_style import CONFIDENCE_WORDS
from .session import SetupError

W = {"sizing_mode": "stretch_width"}


def first_sentence(text: str | None) -> str:
    """The first sentence of a docstring, on one line."""
    flat = " ".join((text or "").split())
    end = re.search(r"(?<=\.)\s", flat)
    return flat[:end.start()] if end else flat


def module_summary(module_id: str) -> str:
    """What a module is, from its package docstring (its first sentence)."""
    mod = sys.modules.get(type(module_of(module_id)).__module__)
    return first_sentence(mod.__doc__ if mod else None)


@cache
def _comments(cls: type) -> dict[str, str]:
    """The `#:` comment above each field of a dataclass (the engine documents options so)."""
    try:
        lines = inspect.getsource(cls).splitlines()
    except (OSError, TypeError):
        return {}
    out: dict[str, str] = {}
    note: list[str] = []
    for line in lines:
        s = line.strip()
        if s.startswith("#:"):
            note.append(s[2:].strip())
            continue
        m = re.match(r"(\w+)\s*:", s)
        if m and note:
            out[m.group(1)] = " ".join(note)
        note = []
    return out


def option_help(cls: type, name: str) -> str:
    """An option's explanation: its `#:` comment, else the clause of the class docstring
    that names it (`name`)."""
    if name in _comments(cls):
        return _comments(cls)[name]
    doc = " ".join((cls.__doc__ or "").split())
    for clause in re.split(r";\s*|\.\s+", doc):
        if f"`{name}`" in clause:
            return clause.strip().rstrip(".")
    return ""


def option_label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def choices(cls: type, name: str, default: Any) -> list[str] | None:
    """The values a text option accepts, read from the engine's refusal of a wrong one
    ("one of a, b" or "'a' or 'b'"); None when the refusal lists none."""
    try:
        cls.from_dict({name: "\u2400"})  # type: ignore[attr-defined]
    except InputError as err:
        text = err.reason
    except (TypeError, ValueError):
        return None
    else:
        return None
    m = re.search(r"one of ([\w, ]+)", text)
    found = [c.strip() for c in m.group(1).split(",")] if m else re.findall(r"'([^']+)'", text)
    return found if len(found) >= 2 and default in found else None


class OptionField:
    """One rule option of one module: a widget chosen by the field's type, its value read back
    (an unchanged default is left out of the set-up). Its words are the engine's, in the
    page's language (swcore.po)."""

    def __init__(self, module_id: str, cls: type, field: Any):
        self.module, self.name = module_id, field.name
        hints = typing.get_type_hints(cls)
        kind = hints.get(field.name, str)
        self.default = field.default if field.default is not MISSING else None
        label = engine(option_label(field.name))
        self.help = engine(option_help(cls, field.name))
        self.kind = ("bool" if kind is bool else "int" if kind is int else
                     "str" if kind is str else "list")
        opts = choices(cls, field.name, self.default) if self.kind == "str" else None
        if self.kind == "bool":
            self.widget: Any = pn.widgets.Checkbox(label=label, value=bool(self.default))
        elif self.kind == "int":
            self.widget = pn.widgets.IntInput(label=label, value=self.default, **W)
        elif opts:
            self.kind = "choice"
            self.widget = pn.widgets.RadioButtonGroup(label=label, options={engine(o): o for o in opts},
                                                      value=self.default,
                                                      color="primary",
                                                      variant="outline", **W)
        elif self.kind == "str":
            self.widget = pn.widgets.TextInput(label=label, value=self.default or "", **W)
        else:
            self.widget = pn.widgets.TextInput(label=label, placeholder=_("the default"), **W)
        self.label = label

    def panel(self) -> pn.viewable.Viewable:
        note = pn.pane.HTML(f"<div class='sw-muted' style='font-size:13px'>{_esc(self.help)}</div>",
                            **W) if self.help else None
        if self.kind == "choice":
            head = pn.pane.HTML(f"<div style='font-size:15px'>{_esc(self.label)}</div>", **W)
            return pn.Column(head, self.widget, *([note] if note else []), **W)
        return pn.Column(self.widget, *([note] if note else []), **W)

    def value(self) -> Any:
        v = self.widget.value
        if self.kind == "list":
            ids = [x.strip() for x in str(v or "").replace(";", ",").split(",") if x.strip()]
            return ids or None
        return v

    def changed(self) -> bool:
        return self.value() != self.default


def option_fields(module_id: str) -> list[OptionField]:
    cls = module_of(module_id).options
    return [OptionField(module_id, cls, f) for f in fields(cls)] if cls is not None else []


class SetupKeyField:
    """A module's set-up key (e.g. a seat's own draw): JSON, empty for the module's default;
    the module's prepare function says what it takes and checks it. A new game starts from the
    value the module offers new set-ups (`new_setup`: a choice its rules leave to a player)."""

    def __init__(self, module_id: str, key: str, prepare: Any, start: Any = None):
        self.module, self.key = module_id, key
        self.help = engine(" ".join((prepare.__doc__ or "").split()))
        self.widget = pn.widgets.TextAreaInput(value="" if start is None else json.dumps(start),
            label=_("{module}: set-up “{key}” (JSON)").format(module=module_name(module_id, lang()),
                                                             key=key),
            placeholder=_("empty: the default"), height=70, **W)

    def panel(self) -> pn.viewable.Viewable:
        return pn.Column(self.widget, pn.pane.HTML(
            f"<div class='sw-muted' style='font-size:13px'>{_esc(self.help)}</div>", **W), **W)

    def value(self) -> Any:
        text = (self.widget.value or "").strip()
        if not text:
            return None
        try:
            return json.loads(text)
        except ValueError as err:
            raise SetupError(self.key, _("{field}: not JSON ({error}, character {n}).").format(
                field=self.widget.label, error=err.msg, n=err.pos + 1)) from None


def setup_key_fields(module_id: str) -> list[SetupKeyField]:
    module = module_of(module_id)
    keys = module.setup_keys
    start = module.new_setup
    return [SetupKeyField(module_id, k, fn, start.get(k)) for k, fn in keys.items()]


@cache
def board_label(board_id: str, language: str = "en") -> str:
    """A board's id and name (the name in `language`: swcore.po), and how sure its
    transcription is when it is not sure."""
    b = load_board(board_id)
    label = f"{board_id}: {tr(b.name, language)}" if b.name else board_id
    word = CONFIDENCE_WORDS.get(b.confidence)
    if not word:
        return label
    return f"{label} ({translation(language, 'dashboards', LOCALE_DIR).gettext(word)})"


def boards(language: str = "en", expansions: list[str] | None = None) -> dict[str, str]:
    """{label: board id} for the form's board list: the shipped boards whose terrains and
    symbols the chosen expansions bring (every one when `expansions` is None)."""
    return {board_label(b, language): b for b in builtin_ids()
            if expansions is None or board_suits(b, expansions)}


def board_note(board_id: str, language: str = "en") -> str:
    """What a table should know of a shipped board before playing it, as HTML: how sure its
    transcription is and the problems its checks find (a draft's count, a disputed border);
    '' for a board without either."""
    if board_id not in builtin_ids():
        return ""
    lines = [confidence_note(load_board(board_id).confidence, language)]
    lines += [p.text(language) for p in shipped_problems(board_id) if p.blocking]
    return "<br>".join(_esc(x) for x in lines if x)


def _esc(text: str) -> str:
    return escape(text.replace("`", ""))
