"""Compile every .po under swcore/locale and dashboards/locale into its .mo (Babel).

The .mo files are committed so that a checkout works without a build step;
tests/test_i18n.py recompiles each .po in memory and fails when a committed .mo is stale.
Run: `python scripts/compile_locale.py` (also done by `make install`).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIRS = (ROOT / "swcore" / "locale", ROOT / "dashboards" / "locale")


def po_files() -> list[Path]:
    return sorted(p for d in LOCALE_DIRS for p in d.glob("*/LC_MESSAGES/*.po"))


def compiled(po: Path) -> bytes:
    """The .mo bytes of one .po (fuzzy entries left out, as gettext's msgfmt does)."""
    with po.open("rb") as f:
        catalog = read_po(f, abort_invalid=True)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def main() -> int:
    for po in po_files():
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            print(f"compiled {mo.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
