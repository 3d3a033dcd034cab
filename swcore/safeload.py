"""Reading YAML and JSON from outside with bounded memory and time.

Scenario suites and maps come from other people. A file is refused with an InputError naming
it when it is larger than MAX_BYTES, not UTF-8, nested deeper than MAX_DEPTH, uses more than
MAX_ALIASES YAML aliases, expands to more than MAX_NODES values (an alias bomb expands
exponentially), repeats a key, or holds a number too long for Python's int conversion.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError

MAX_BYTES = 1_000_000
MAX_DEPTH = 40
MAX_ALIASES = 100
MAX_NODES = 200_000


class _TooBig(Exception):
    """Raised inside the YAML composer; turned into an InputError by `loads`."""


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader with a depth and alias budget and no duplicate keys."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _TooBig(f"more than {MAX_ALIASES} YAML aliases")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _TooBig(f"nested deeper than {MAX_DEPTH} levels")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                dup = key in seen
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    None, None, "a mapping key must be a plain value", key_node.start_mark) from None
            if dup:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {str(key)[:60]!r}", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k[:60]!r}")
        out[k] = v
    return out


def _bounded(data: Any) -> None:
    """Walk the value as a consumer would (aliases expanded); refuse it past the limits."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise _TooBig(f"more than {MAX_NODES} values once aliases are expanded")
        if depth > MAX_DEPTH:
            raise _TooBig(f"nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            stack += [(v, depth + 1) for v in value.values()]
            stack += [(k, depth + 1) for k in value]
        elif isinstance(value, list):
            stack += [(v, depth + 1) for v in value]


def loads(text: str, name: str, as_json: bool = False) -> Any:
    """Parse YAML (or JSON) text within the limits; InputError(name) otherwise."""
    if len(text) > MAX_BYTES:
        raise InputError(name, f"is larger than {MAX_BYTES} bytes")
    try:
        if as_json:
            data = json.loads(text, object_pairs_hook=_no_duplicates)
        else:
            loader = _Loader(text)
            try:
                data = loader.get_single_data()
            finally:
                loader.dispose()
        _bounded(data)
    except _TooBig as err:
        raise InputError(name, f"is refused: {err}") from None
    except RecursionError:
        raise InputError(name, f"is refused: nested too deeply (limit {MAX_DEPTH})") from None
    except (yaml.YAMLError, ValueError) as err:  # ValueError: JSON, or an over-long integer
        reason = " ".join(str(err).split())[:300]
        raise InputError(name, f"is not valid YAML/JSON: {reason}") from None
    return data


def load_file(path: str | Path) -> Any:
    """Read and parse a YAML or JSON file (by suffix), reading at most MAX_BYTES + 1 bytes."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as err:
        raise InputError(str(p), f"cannot be read: {err.strerror or err}") from None
    if len(raw) > MAX_BYTES:
        raise InputError(str(p), f"is larger than {MAX_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(str(p), f"is not UTF-8 text (byte {err.start})") from None
    return loads(text, str(p), as_json=p.suffix == ".json")
