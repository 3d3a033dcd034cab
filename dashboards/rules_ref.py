"""Rule IDs as links into the project's rules reference (docs/rules/), and their text.

Every rule in docs/rules/*.md starts at an anchor `<a id="B-CONQ-2"></a>`. The tutorial
renderer (scripts/render_tutorial.py) turns those pages into HTML under /tutorial/rules/, so a
rule the engine cites (a refusal, a word's metadata, a score line) can be shown to a learner as
a link that lands on it, with its first paragraph quoted. No Panel here.
"""

from __future__ import annotations

import re
from functools import cache
from html import escape
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"
#: Where the rendered rules reference is served (`make serve`: data/tutorial/rules/).
RULES_URL = "/tutorial/rules"
ANCHOR = re.compile(r'<a id="([A-Za-z0-9-]+)"></a>')
RULE_ID = re.compile(r"\b(?:AU|[ABXUR])-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")


@cache
def anchors() -> dict[str, str]:
    """Rule ID -> the stem of the reference page holding it."""
    out: dict[str, str] = {}
    for path in sorted(RULES_DIR.glob("*.md")):
        for rid in ANCHOR.findall(path.read_text(encoding="utf-8")):
            out.setdefault(rid, path.stem)
    return out


def known(rule: str) -> bool:
    return rule in anchors()


def url(rule: str, base: str = RULES_URL) -> str:
    """The address of a rule in the rendered reference ('' when the ID has no anchor)."""
    page = anchors().get(rule)
    return f"{base}/{page}.html#{rule}" if page else ""


def link(rule: str, base: str = RULES_URL) -> str:
    """The rule ID as an HTML link (plain text when the reference does not hold it)."""
    target = url(rule, base)
    if not target:
        return escape(rule)
    return (f'<a href="{escape(target)}" target="_blank" rel="noopener" '
            f'class="sw-rule">{escape(rule)}</a>')


def link_ids(text: str, base: str = RULES_URL) -> str:
    """Escape `text` and turn every rule ID in it into a link."""
    out, last = [], 0
    for m in RULE_ID.finditer(text):
        out.append(escape(text[last:m.start()]))
        out.append(link(m.group(0), base))
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def _blocks(rule: str) -> tuple[str, list[str]]:
    """The heading (for a topic ID) and the markdown blocks between the rule's anchor and the
    next one."""
    page = anchors().get(rule)
    if not page:
        return "", []
    source = (RULES_DIR / f"{page}.md").read_text(encoding="utf-8")
    start = source.index(f'<a id="{rule}"></a>') + len(f'<a id="{rule}"></a>')
    nxt = ANCHOR.search(source, start)
    blocks = [b.strip() for b in re.split(r"\n\s*\n", source[start:nxt.start() if nxt else None])
              if b.strip()]
    heading = ""
    if blocks and blocks[0].startswith("#"):
        heading = blocks.pop(0).lstrip("# ").strip()
    return heading, blocks


def _clean(para: str, rule: str) -> str:
    para = " ".join(para.split())
    para = re.sub(rf"^\*\*{re.escape(rule)}\*\*\s*", "", para)
    para = re.sub(rf"^\*\*{re.escape(rule)}\s+([^*]+)\*\*\s*", r"\1 ", para)
    para = _MD_LINK.sub(r"\1", para).replace("**", "").replace("`", "")
    para = re.sub(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])", r"\1", para)  # *italics*
    return re.sub(r"\bVC\b", "VC (victory coins)", para, count=1)


#: A sentence that cites a rule of an expansion (X-, U-, R-, or their rulings).
_CITES_EXPANSION = re.compile(r"[\[(](?:X|U|R|AU|A-(?!BASE))-?[A-Z]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(\[])")


def _base_only(para: str) -> str:
    """The paragraph without its sentences about expansions (the Cursed combo's price in the
    rule of the column): a base game's coach speaks of what is in play."""
    kept = [s for s in _SENTENCE.split(" ".join(para.split())) if not _CITES_EXPANSION.search(s)]
    return " ".join(kept)


@cache
def text(rule: str, limit: int = 420, base_only: bool = False) -> str:
    """The rule's first paragraph as plain text, without its bold ID; for a topic ID (a
    section heading), the heading and its first numbered rule. '' when unknown. Cut at a
    sentence near `limit` characters; a paragraph ending in ':' keeps the block it announces.
    `base_only`: without the sentences that cite an expansion's rule."""
    heading, blocks = _blocks(rule)
    if heading and not [b for b in blocks if not b.startswith(("<", "|"))]:
        sub = text(f"{rule}-1", limit, base_only)
        return f"{heading}: {sub}" if sub else heading
    paras = [b for b in blocks if not b.startswith(("|", "<"))]
    if not paras:
        return heading
    para = _clean(_base_only(paras[0]) if base_only else paras[0], rule)
    if len(para) > limit:
        cut = para.rfind(". ", 0, limit)
        para = para[:cut + 1] if cut > limit // 3 else para[:limit].rstrip() + "…"
    if para.endswith(":") and len(paras) > 1:
        para += "\n" + paras[1].strip("`\n").strip()
    return para


def excerpt_html(rule: str, base_only: bool = False) -> str:
    """`text(rule)` as HTML: a block announced by ':' (a formula) kept as preformatted text."""
    body = text(rule, base_only=base_only)
    first, _, rest = body.partition("\n")
    out = escape(first)
    if rest:
        out += (f"<details><summary>the details</summary><pre style='margin:4px 0;font-size:12px;"
                f"white-space:pre-wrap'>{escape(rest)}</pre></details>")
    return out
