"""Execute the tutorial notebooks and render them as a static site for the app.

    .venv/bin/python scripts/render_tutorial.py [--force] [--out data/tutorial] [NOTEBOOK ...]

Writes data/tutorial/<name>.html for every notebooks/*.ipynb (or the ones given), an index.html,
and the rules reference docs/rules/*.md as rules/<name>.html (every rule ID an anchor). The app
serves the folder with `--static-dirs tutorial=data/tutorial`: the pages are /tutorial/<name>.html.

Why each choice:
- the pages read like a site: no code cells, no prompts, previous / next / index links, rule IDs
  as links into the rules reference;
- nothing is loaded from outside the server: BokehJS is inlined by the notebooks
  (`pn.extension(inline=True)`), and the template's remote scripts (require.js, MathJax, the
  widget manager from unpkg) are removed; `check_local` refuses a page that still loads one;
- no dead widgets: cells tagged `kernel-only` (controls that need a running kernel) are left
  out, and so are widget outputs (progress bars);
- a page is rendered again whenever its notebook OR anything it may show changes: the cache key
  is a hash of the notebook and of swcore/, dashboards/, the tutorial scenarios, docs/rules and
  this script (a file's date is not enough: the engine changes under an unchanged notebook).
Exits 1 if a notebook fails, after rendering the others.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import markdown
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbconvert import HTMLExporter
from nbconvert.preprocessors import CoalesceStreamsPreprocessor, TagRemovePreprocessor
from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from dashboards import rules_ref, tutorial_pages  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
RULES = ROOT / "docs" / "rules"
AID = ROOT / "docs" / "aid"
KERNEL = "swcore-tutorial"
KEYS = ".render-keys.json"
#: What a page may show: a change to any of these files renders every page again.
DEPENDS = [("swcore", ("*.py", "*.csv", "*.json", "*.yaml")), ("dashboards", ("*.py", "*.json")),
           ("tests/scenarios/tutorial", ("*.yaml",)), ("tests/scenarios/rules", ("*.yaml",)),
           ("docs/rules", ("*.md",)), ("docs/aid", ("*.md",))]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
REMOTE = re.compile(r"""<script\b[^>]*\bsrc=["']https?://[^"']*["'][^>]*>\s*</script>|"""
                    r"""<link\b[^>]*\bhref=["']https?://[^"']*["'][^>]*>""", re.I)
LOADS = re.compile(r"""(?:<script\b[^>]*\bsrc|<link\b[^>]*\bhref|<img\b[^>]*\bsrc|@import\s+url)"""
                   r"""\s*[=(]\s*["']?(https?:)?//""", re.I)
SITE_CSS = """
<style>
  body { max-width: 1100px; margin: 0 auto !important; padding: 0 16px; }
  nav.sw-nav { display:flex; gap:14px; flex-wrap:wrap; align-items:center; padding:10px 0;
               border-bottom:1px solid #ccc; margin-bottom:8px; font: 16px sans-serif; }
  nav.sw-nav.bottom { border-top:1px solid #ccc; border-bottom:none; margin-top:24px; }
  nav.sw-nav a { color:#1b5e20; font-weight:600; text-decoration:none; }
  nav.sw-nav .sp { flex:1; }
  a.sw-rule { color:#1b5e20; }
</style>
"""


def sources_hash() -> str:
    """One hash of every file a page may show (see DEPENDS) and of this script."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    for folder, patterns in DEPENDS:
        for pattern in patterns:
            for path in sorted((ROOT / folder).rglob(pattern)):
                if "__pycache__" in path.parts:
                    continue
                h.update(str(path.relative_to(ROOT)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()


def page_key(path: Path, sources: str) -> str:
    return hashlib.sha256(path.read_bytes() + sources.encode()).hexdigest()


def kernel_spec(folder: Path) -> None:
    """A kernel spec for this very Python (the project's .venv), found first on JUPYTER_PATH."""
    from ipykernel.kernelspec import write_kernel_spec

    write_kernel_spec(folder / "kernels" / KERNEL, overrides={"display_name": "swcore tutorial"})
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(folder),
                                                               os.environ.get("JUPYTER_PATH")]))


_BARE_ID = re.compile(r"(?<![\w\[#/-])((?:AU|[ABXUR])-[A-Z0-9]+(?:-[A-Z0-9]+)*)(?![\w\]-])")


def link_rules(source: str) -> str:
    """A markdown cell for the site: rule IDs become links into rules/, and links written for
    JupyterLab (../docs/rules/x.md#ID) point to the rendered pages."""
    source = re.sub(r"\(\.\./docs/rules/([\w-]+)\.md", r"(rules/\1.html", source)

    def one(m: re.Match[str]) -> str:
        rid = m.group(1)
        target = rules_ref.url(rid, base="rules")
        return f"[{rid}]({target})" if target else rid
    parts = re.split(r"(`[^`]*`|\[[^\]]*\]\([^)]*\))", source)  # leave code and links alone
    return "".join(p if k % 2 else _BARE_ID.sub(one, p) for k, p in enumerate(parts))


def for_the_site(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop what needs a kernel (cells tagged kernel-only, widget outputs) and link rule IDs."""
    nb, _ = TagRemovePreprocessor(remove_cell_tags={"kernel-only"}).preprocess(nb, {})
    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})  # progress text: last state only
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = link_rules(cell.source)
        elif cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs
                            if WIDGET_MIME not in o.get("data", {})
                            and not (o.output_type == "stream" and o.get("name") == "stderr")]
    return nb


def exporter() -> HTMLExporter:
    c = Config()
    c.TemplateExporter.exclude_input = True
    c.TemplateExporter.exclude_input_prompt = True
    c.TemplateExporter.exclude_output_prompt = True
    return HTMLExporter(config=c, template_name="lab")


def check_local(page: str, name: str) -> None:
    """Refuse a page that would load anything from outside the server."""
    m = LOADS.search(page)
    if m:
        raise ValueError(f"{name} loads from outside the server: {page[m.start():m.end() + 60]!r}")


def nav(paths: list[Path], k: int, where: str = "top") -> str:
    prev = (f"<a href='{paths[k - 1].stem}.html'>← {html.escape(title(paths[k - 1]))}</a>"
            if k > 0 else "<span></span>")
    nxt = (f"<a href='{paths[k + 1].stem}.html'>{html.escape(title(paths[k + 1]))} →</a>"
           if k + 1 < len(paths) else "<span></span>")
    return (f"<nav class='sw-nav {where}'>{prev}<span class='sp'></span><a href='index.html'>"
            f"Contents</a><a href='rules/index.html'>Rules reference</a><a href='search.html'>"
            f"Search the rules</a><a href='aid-en.html'>Player aid</a><a href='/'>The app</a>"
            f"<span class='sp'></span>{nxt}</nav>")


def site_page(body: str, paths: list[Path], k: int) -> str:
    """The exported page without remote scripts, with the site's title, style and links."""
    body = REMOTE.sub("", body)
    body = re.sub(r"<title>.*?</title>", f"<title>{html.escape(title(paths[k]))} · Small World "
                  "tutorial</title>", body, count=1, flags=re.S)
    body = body.replace("</head>", SITE_CSS + "</head>", 1)
    body = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + nav(paths, k), body, count=1)
    extras = tutorial_pages.chapter_section(paths[k].stem)  # its exercises and questions
    # The page's own end: an inlined script may hold the text "</body>" before it.
    head, end, tail = body.rpartition("</body>")
    body = head + extras + nav(paths, k, "bottom") + end + tail if end else body
    check_local(body, paths[k].name)
    return body


def render(path: Path, out: Path, paths: list[Path]) -> None:
    nb = nbformat.read(path, as_version=4)
    os.environ["SW_TUTORIAL_STATIC"] = "1"  # the kernel inherits it: a notebook may say so
    NotebookClient(nb, kernel_name=KERNEL, timeout=120,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb = for_the_site(nb)
    body, _ = exporter().from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
    out.write_text(site_page(body, paths, paths.index(path)), encoding="utf-8")


def title(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    first = nb.cells[0].source.splitlines()[0] if nb.cells else path.stem
    return first.lstrip("# ").strip()


def summary(path: Path) -> str:
    """The chapter's 'What you will learn' list, as HTML, for the index."""
    nb = nbformat.read(path, as_version=4)
    text = nb.cells[0].source if nb.cells else ""
    items = [line[2:].strip() for line in text.splitlines() if line.startswith("- ")][:4]
    return markdown.markdown("\n".join(f"- {i}" for i in items)) if items else ""


PLAIN = ("<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
         "<meta name='viewport' content='width=device-width, initial-scale=1'><title>{title}</title>"
         "<style>body{{font:16px/1.5 sans-serif;max-width:900px;margin:0 auto;padding:0 16px;"
         "color:#222}} a{{color:#1b5e20}} h1{{color:#1b5e20}} table{{border-collapse:collapse}}"
         "td,th{{border:1px solid #ccc;padding:3px 6px}} pre{{background:#f6f6f6;padding:8px;"
         "overflow-x:auto}} li.ch{{margin-bottom:12px}} li.ch ul{{color:#555;font-size:15px}}"
         "</style></head><body><nav class='sw-nav' style='padding:10px 0;border-bottom:1px solid"
         " #ccc'><a href='{up}index.html'>Contents</a> · <a href='{up}rules/index.html'>Rules "
         "reference</a> · <a href='{up}search.html'>Search the rules</a> · <a href='{up}aid-en.html'>"
         "Player aid</a> · <a href='/'>The app</a> · <a href='/first-game'>Play your first game"
         "</a></nav>{body}</body></html>")


def index(paths: list[Path], out: Path) -> None:
    items = "\n".join(f"<li class='ch'><a href='{p.stem}.html'><b>{html.escape(title(p))}</b></a>"
                      f"{summary(p)}</li>" for p in paths)
    body = ("<h1>Small World tutorial</h1><p>Learn the rules of <i>Small World</i> by playing: "
            "start with <a href='/first-game'><b>your first game</b></a> against a bot in the "
            "app (every rule explained when it first matters), then read the chapters in "
            "order. Every rule ID, such as <a href='rules/base-game.html#B-CONQ-2'>B-CONQ-2</a>,"
            " links to the <a href='rules/index.html'>rules reference</a> (<a href='search.html'>"
            "search it</a>). Keep the one-page <a href='aid-en.html'>player aid</a> (<a "
            "href='aid-fr.html' hreflang='fr'>aide de jeu</a>) beside the board: it prints on one "
            "page. Each chapter ends with <b>your move</b>, exercises played in the app, and "
            "<b>questions</b> checked by the engine.</p>"
            f"<ol>{items}</ol>")
    page = PLAIN.format(title="Small World tutorial", up="", body=body, lang="en")
    check_local(page, "index.html")
    out.write_text(page, encoding="utf-8")


def render_rules(out: Path) -> None:
    """docs/rules/*.md as rules/*.html (README.md as rules/index.html), anchors kept."""
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(RULES.glob("*.md")):
        source = path.read_text(encoding="utf-8")
        source = re.sub(r"\(README\.md", "(index.html", source)
        source = re.sub(r"\(([\w-]+)\.md(#[^)]*)?\)", r"(\1.html\2)", source)
        body = markdown.markdown(source, extensions=["tables", "fenced_code"])
        name = "index" if path.stem == "README" else path.stem
        page = PLAIN.format(title=f"{html.escape(path.stem)} · Small World rules", up="../",
                            body=body, lang="en")
        check_local(page, f"rules/{name}.html")
        (out / f"{name}.html").write_text(page, encoding="utf-8")


def render_aid(out: Path) -> None:
    """docs/aid/player-aid(.fr).md as aid-en.html and aid-fr.html: one printable page each."""
    for lang, name in (("en", "player-aid.md"), ("fr", "player-aid.fr.md")):
        source = link_rules((AID / name).read_text(encoding="utf-8"))
        top, css = tutorial_pages.aid_extras(lang)
        body = top + "<div class='sw-aid'>" + markdown.markdown(source, extensions=["tables"]) + "</div>"
        page = PLAIN.format(title=html.escape(title_of(source)), up="", body=body, lang=lang)
        page = page.replace("</head>", css + "</head>", 1)
        check_local(page, f"aid-{lang}.html")
        (out / f"aid-{lang}.html").write_text(page, encoding="utf-8")


def title_of(source: str) -> str:
    return source.splitlines()[0].lstrip("# ").strip()


def render_search(out: Path) -> None:
    """search.html: the rules reference searched by keyword or rule ID in the page itself."""
    page = PLAIN.format(title="Search the rules · Small World", up="",
                        body=tutorial_pages.search_body(), lang="en")
    check_local(page, "search.html")
    (out / "search.html").write_text(page, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "tutorial")
    parser.add_argument("--force", action="store_true", help="render even if up to date")
    args = parser.parse_args(argv)
    every = sorted(NOTEBOOKS.glob("*.ipynb"))
    paths = sorted(p.resolve() for p in args.notebooks) if args.notebooks else every
    missing = [p for p in paths if not p.is_file()]
    if missing:
        parser.error(f"no notebook at {', '.join(map(str, missing))}")
    args.out.mkdir(parents=True, exist_ok=True)
    keys_file = args.out / KEYS
    keys = json.loads(keys_file.read_text()) if keys_file.is_file() else {}
    site = sorted({*every, *paths})
    # The chapters' titles are in every page's previous / next links.
    sources = sources_hash() + json.dumps([(p.name, title(p)) for p in site])
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        kernel_spec(Path(tmp))
        for path in paths:
            out = args.out / f"{path.stem}.html"
            key = page_key(path, sources)
            if not args.force and out.exists() and keys.get(path.stem) == key:
                print(f"up to date  {out}")
                continue
            start = time.monotonic()
            try:
                render(path, out, site)
            except CellExecutionError as err:
                failed += 1
                keys.pop(path.stem, None)
                print(f"FAILED      {path}: {str(err).strip().splitlines()[-1]}", file=sys.stderr)
                continue
            keys[path.stem] = key
            keys_file.write_text(json.dumps(keys, indent=1))
            print(f"rendered    {out} ({time.monotonic() - start:.0f} s)")
    index(every, args.out / "index.html")
    render_rules(args.out / "rules")
    render_aid(args.out)
    render_search(args.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
