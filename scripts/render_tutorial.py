"""Execute the tutorial notebooks and render them as a static site for the app.

    .venv/bin/python scripts/render_tutorial.py [--force] [--out data/tutorial] [NOTEBOOK ...]

Writes data/tutorial/<name>.html for every notebooks/*.ipynb (or the ones given), an index.html,
and the rules reference docs/rules/*.md as rules/<name>.html (every rule ID an anchor). The app
serves the folder with `--static-dirs tutorial=data/tutorial`: the pages are /tutorial/<name>.html.
The French chapters (notebooks/fr/*.ipynb, built by scripts/tutorial_locale.py) are written to
fr/<name>.html with their own fr/index.html; every chapter links to its other language. The
rules reference and the rules search stay English (the project's rules digest is English): the
French pages say so.

Why each choice:
- the pages read like a site: no code cells, no prompts, previous / next / index links, rule IDs
  as links into the rules reference;
- nothing is loaded from outside the server: BokehJS is inlined by the notebooks
  (`dashboards.notebook.extension`: `pn.extension(inline=True)`), and the template's
  remote scripts (require.js, MathJax, the widget manager from unpkg) are removed; `check_local` refuses a page that still loads one;
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
FRENCH = NOTEBOOKS / "fr"
#: The links of every page's navigation, per language ({up}: the way back to the site's root).
NAV = {
    "en": [("{up}index.html", "Contents"), ("{up}rules/index.html", "Rules reference"),
           ("{up}search.html", "Search the rules"), ("{up}aid-en.html", "Player aid"),
           ("/", "The app")],
    "fr": [("{up}fr/index.html", "Sommaire"),
           ("{up}rules/index.html", "Référence des règles (en anglais)"),
           ("{up}search.html", "Chercher dans les règles (en anglais)"),
           ("{up}aid-fr.html", "Aide de jeu"), ("/?lang=fr", "L'application")],
}
KERNEL = "swcore-tutorial"
KEYS = ".render-keys.json"
#: What a page may show: a change to any of these files renders every page again.
DEPENDS = [("swcore", ("*.py", "*.csv", "*.json", "*.yaml")), ("dashboards", ("*.py", "*.json")),
           ("tests/scenarios/tutorial", ("*.yaml",)), ("tests/scenarios/rules", ("*.yaml",)),
           ("docs/rules", ("*.md",)), ("docs/aid", ("*.md",))]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
REMOTE = re.compile(r"""<script\b[^>]*\bsrc=["']https?://[^"']*["'][^>]*>\s*</script>|"""
                    r"""<link\b[^>]*\bhref=["']https?://[^"']*["'][^>]*>""", re.I)
#: What loads from another host: a script, style sheet or image element, a CSS import, and a
#: style sheet of the embedded Bokeh document ("url" of an ImportedStyleSheet: Panel points its
#: components' style sheets at the HoloViz CDN unless they were inlined).
LOADS = re.compile(r"""(?:<script\b[^>]*\bsrc|<link\b[^>]*\bhref|<img\b[^>]*\bsrc|@import\s+url"""
                   r"""|\\?"url\\?"\s*:)\s*[=(]?\s*\\?["']?(https?:)?//""", re.I)
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


#: A rule ID in running text (a ruling's sub-rule may end in a small letter: A-BNA-01b).
_BARE_ID = re.compile(r"(?<![\w#/-])((?:AU|[ABXUR])-[A-Z0-9]+(?:-[A-Z0-9]+)*[a-z]?)(?![\w-])")
#: A link written for JupyterLab (from notebooks/), wherever it is: in markdown, in HTML, in
#: the escaped HTML of a Panel pane inside a map's script (a step's report in a tab).
_JUPYTER_LINK = re.compile(r"(?:\.\./)+docs/rules/([\w-]+)\.md(?=#|\)|&quot;|\\?[\"'])")
#: HTML elements whose text is left alone: links, code, and what is not text at all.
_NOT_TEXT = ("a", "code", "pre", "script", "style", "title", "textarea")


def _site_links(source: str, up: str = "") -> str:
    """Links written for JupyterLab (../docs/rules/x.md#ID, from notebooks/, or ../../docs/
    from notebooks/fr/) point to the rendered pages ({up}rules/x.html#ID), in markdown and in
    HTML."""
    return _JUPYTER_LINK.sub(up + r"rules/\1.html", source)


def link_rules(source: str, up: str = "") -> str:
    """Markdown for the site (a cell, or a cell's markdown output): rule IDs become links into
    rules/, and links written for JupyterLab point to the rendered pages (`up`: "../" from
    the French pages under fr/)."""
    source = _site_links(source, up)

    def one(m: re.Match[str]) -> str:
        rid = m.group(1)
        target = rules_ref.url(rid, base=f"{up}rules")
        return f"[{rid}]({target})" if target else rid
    parts = re.split(r"(`[^`]*`|\[[^\]]*\]\([^)]*\))", source)  # leave code and links alone
    return "".join(p if k % 2 else _BARE_ID.sub(one, p) for k, p in enumerate(parts))


def link_rules_html(source: str, base: str = "rules") -> str:
    """An HTML output for the site (a table with a rule column, a report): rule IDs in its
    text become links into rules/, and links written for JupyterLab point to the rendered
    pages. Text inside links, code, scripts and styles is left alone."""
    source = _site_links(source, base[:-len("rules")] if base.endswith("rules") else "")

    def one(m: re.Match[str]) -> str:
        rid = m.group(1)
        target = rules_ref.url(rid, base=base)
        return f"<a class='sw-rule' href='{target.lstrip('/')}'>{rid}</a>" if target else rid
    out: list[str] = []
    inside: list[str] = []
    for k, part in enumerate(re.split(r"(<[^>]*>)", source)):
        if k % 2:  # a tag
            m = re.match(r"<(/?)([a-zA-Z][\w-]*)", part)
            name = m.group(2).lower() if m else ""
            if m and name in _NOT_TEXT:
                if m.group(1):
                    if name in inside:
                        del inside[len(inside) - 1 - inside[::-1].index(name):]
                elif not part.rstrip(">").endswith("/"):
                    inside.append(name)
            out.append(part)
        else:
            out.append(part if inside else _BARE_ID.sub(one, part))
    return "".join(out)


def for_the_site(nb: nbformat.NotebookNode, up: str = "") -> nbformat.NotebookNode:
    """Drop what needs a kernel (cells tagged kernel-only, widget outputs) and link rule IDs,
    in the markdown cells and in what the code cells showed (markdown and HTML outputs)."""
    nb, _ = TagRemovePreprocessor(remove_cell_tags={"kernel-only"}).preprocess(nb, {})
    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})  # progress text: last state only
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = link_rules(cell.source, up)
        elif cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs
                            if WIDGET_MIME not in o.get("data", {})
                            and not (o.output_type == "stream" and o.get("name") == "stderr")]
            for o in cell.outputs:
                data = o.get("data", {})
                if "text/markdown" in data:
                    data["text/markdown"] = link_rules(data["text/markdown"], up)
                if "text/html" in data:
                    data["text/html"] = link_rules_html(data["text/html"], base=f"{up}rules")
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


def language(path: Path) -> str:
    """A notebook's language: French under notebooks/fr/."""
    return "fr" if path.parent.name == "fr" else "en"


def other_language(path: Path) -> tuple[str, str] | None:
    """The link from a chapter to the same chapter in the other language (from its page), if
    that chapter exists there."""
    if language(path) == "fr":
        return f"../{path.stem}.html", "English"
    if (FRENCH / path.name).is_file():
        return f"fr/{path.stem}.html", "Français"
    return None


def nav_links(lang: str, up: str) -> str:
    return "".join(f"<a href='{href.format(up=up)}'>{html.escape(text)}</a>"
                   for href, text in NAV[lang])


def neighbour(here: Path, there: Path) -> tuple[str, str]:
    """The link from a chapter to the previous or next one: in the French pages, an English
    chapter not translated yet is linked and marked as such."""
    if language(here) == language(there):
        return f"{there.stem}.html", title(there)
    return f"../{there.stem}.html", f"{title(there)} (en anglais)"


def nav(paths: list[Path], k: int, where: str = "top") -> str:
    """`paths`: the site's chapters in order (the French site: each chapter in French when it
    is translated, else in English)."""
    lang = language(paths[k])
    prev = ("<a href='{}'>← {}</a>".format(*map(html.escape, neighbour(paths[k], paths[k - 1])))
            if k > 0 else "<span></span>")
    nxt = ("<a href='{}'>{} →</a>".format(*map(html.escape, neighbour(paths[k], paths[k + 1])))
           if k + 1 < len(paths) else "<span></span>")
    other = other_language(paths[k])
    switch = (f"<a href='{other[0]}' hreflang='{'en' if lang == 'fr' else 'fr'}' "
              f"class='sw-lang'>{other[1]}</a>" if other else "")
    return (f"<nav class='sw-nav {where}'>{prev}<span class='sp'></span>"
            f"{nav_links(lang, '../' if lang == 'fr' else '')}{switch}"
            f"<span class='sp'></span>{nxt}</nav>")


def site_page(body: str, paths: list[Path], k: int) -> str:
    """The exported page without remote scripts, with the site's title, style and links."""
    lang = language(paths[k])
    body = REMOTE.sub("", body)
    name = "tutoriel de Small World" if lang == "fr" else "Small World tutorial"
    body = re.sub(r"<title>.*?</title>", f"<title>{html.escape(title(paths[k]))} · {name}"
                  "</title>", body, count=1, flags=re.S)
    body = re.sub(r"<html([^>]*)\slang=['\"][^'\"]*['\"]", rf"<html\1 lang='{lang}'", body, count=1)
    body = body.replace("</head>", SITE_CSS + "</head>", 1)
    body = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + nav(paths, k), body, count=1)
    extras = tutorial_pages.chapter_section(paths[k].stem)  # its exercises and questions
    if lang == "fr":  # both languages are in it; its links lead from the site's root
        extras = re.sub(r"href=(['\"])rules/", r"href=\1../rules/", extras)
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
    nb = for_the_site(nb, "../" if language(path) == "fr" else "")
    body, _ = exporter().from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
    out.write_text(site_page(body, paths, paths.index(path)), encoding="utf-8")


def title(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    first = nb.cells[0].source.splitlines()[0] if nb.cells else path.stem
    return first.lstrip("# ").strip()


def summary(path: Path, up: str = "") -> str:
    """The chapter's 'What you will learn' list, as HTML, for the index."""
    nb = nbformat.read(path, as_version=4)
    text = nb.cells[0].source if nb.cells else ""
    items: list[str] = []
    for line in text.splitlines():
        if line.startswith("- "):
            items.append(line[2:].strip())
        elif items and line.startswith("  ") and line.strip():  # the item goes on
            items[-1] += " " + line.strip()
        elif items:
            break  # the list is over
    items = [link_rules(i, up) for i in items]
    return markdown.markdown("\n".join(f"- {i}" for i in items)) if items else ""


PLAIN = ("<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
         "<meta name='viewport' content='width=device-width, initial-scale=1'><title>{title}</title>"
         "<style>body{{font:16px/1.5 sans-serif;max-width:900px;margin:0 auto;padding:0 16px;"
         "color:#222}} a{{color:#1b5e20}} h1{{color:#1b5e20}} table{{border-collapse:collapse}}"
         "td,th{{border:1px solid #ccc;padding:3px 6px}} pre{{background:#f6f6f6;padding:8px;"
         "overflow-x:auto}} li.ch{{margin-bottom:12px}} li.ch ul{{color:#555;font-size:15px}}"
         "</style></head><body><nav class='sw-nav' style='padding:10px 0;border-bottom:1px solid"
         " #ccc'>{nav}</nav>{body}</body></html>")
#: PLAIN's navigation, per language ({up}: the way back to the site's root).
PLAIN_NAV = {
    "en": (" · ".join(f"<a href='{h}'>{t}</a>" for h, t in NAV["en"])
           + " · <a href='/first-game'>Play your first game</a>"),
    "fr": (" · ".join(f"<a href='{h}'>{t}</a>" for h, t in NAV["fr"])
           + " · <a href='/first-game?lang=fr'>Jouer votre première partie</a>"),
}


def plain(title: str, up: str, body: str, lang: str = "en") -> str:
    """A page of the site that is not a chapter (index, rules, aid, search)."""
    return PLAIN.format(title=title, body=body, lang=lang,
                        nav=PLAIN_NAV[lang].format(up=up))


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
    body = body.replace("</h1>", " <small><a href='fr/index.html' hreflang='fr'>Français</a>"
                        "</small></h1>", 1)  # fr/index.html is always rendered
    page = plain("Small World tutorial", "", body, "en")
    check_local(page, "index.html")
    out.write_text(page, encoding="utf-8")


def index_fr(paths: list[Path], out: Path) -> None:
    """fr/index.html: every chapter, in French when it is translated (notebooks/fr/), else the
    English chapter, marked as such."""
    items = []
    for p in paths:
        fr = FRENCH / p.name
        if fr.is_file():
            items.append(f"<li class='ch'><a href='{p.stem}.html'><b>{html.escape(title(fr))}</b>"
                         f"</a>{summary(fr, '../')}</li>")
        else:
            items.append(f"<li class='ch'><a href='../{p.stem}.html' hreflang='en'><b>"
                         f"{html.escape(title(p))}</b></a> (en anglais, pas encore traduit)</li>")
    body = ("<h1>Tutoriel de Small World <small><a href='../index.html' hreflang='en'>English"
            "</a></small></h1><p>Apprenez les règles de <i>Small World</i> en jouant : commencez "
            "par <a href='/first-game?lang=fr'><b>votre première partie</b></a> contre un robot "
            "dans l'application (chaque règle expliquée au moment où elle compte), puis lisez "
            "les chapitres dans l'ordre. Chaque identifiant de règle, comme <a href='../rules/"
            "base-game.html#B-CONQ-2'>B-CONQ-2</a>, mène à la <a href='../rules/index.html'>"
            "référence des règles</a>, qui est en anglais : elle résume les livrets de règles, "
            "dont le texte français n'est pas dans le projet. Gardez l'<a href='../aid-fr.html'>"
            "aide de jeu</a> d'une page à côté du plateau. Chaque chapitre finit par "
            "<b>à vous de jouer</b>, des exercices joués dans l'application, et des "
            f"<b>questions</b> vérifiées par le moteur.</p><ol>{''.join(items)}</ol>")
    page = plain("Tutoriel de Small World", "../", body, "fr")
    check_local(page, "fr/index.html")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")


_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.) ")


def list_ready(source: str) -> str:
    """Markdown as written in docs/rules (GitHub's reading) for Python-Markdown: a list right
    under a line of text gets the blank line before it, and nested items (indented by 2) and
    their lines are indented by 4, so that they show as lists, not as "- ..." in the text."""
    out: list[str] = []
    nested = fenced = False
    for line in source.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced or line.lstrip().startswith("```"):
            out.append(line)
            continue
        item = bool(_ITEM.match(line))
        if item and not line.startswith(" "):
            nested = False
            if out and out[-1].strip() and not _ITEM.match(out[-1]) and not out[-1].startswith(" "):
                out.append("")
        elif item and line.startswith("  ") and not line.startswith("    "):
            nested = True
        if nested and line.startswith("  ") and not line.startswith("    "):
            line = "  " + line
        elif not line.strip():
            nested = False
        out.append(line)
    return "\n".join(out) + "\n"


def render_rules(out: Path) -> None:
    """docs/rules/*.md as rules/*.html (README.md as rules/index.html), anchors kept."""
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(RULES.glob("*.md")):
        source = path.read_text(encoding="utf-8")
        source = re.sub(r"\(README\.md", "(index.html", source)
        source = re.sub(r"\(([\w-]+)\.md(#[^)]*)?\)", r"(\1.html\2)", source)
        # A page outside the rules reference (../scenario-format.md) is not on the site.
        source = re.sub(r"\[([^\]]*)\]\(\.\./[^)]*\)", r"\1", source)
        body = link_rules_html(markdown.markdown(list_ready(source),
                                                 extensions=["tables", "fenced_code"]), base="")
        name = "index" if path.stem == "README" else path.stem
        page = plain(f"{html.escape(path.stem)} · Small World rules", "../", body)
        check_local(page, f"rules/{name}.html")
        (out / f"{name}.html").write_text(page, encoding="utf-8")


def render_aid(out: Path) -> None:
    """docs/aid/player-aid(.fr).md as aid-en.html and aid-fr.html: one printable page each."""
    for lang, name in (("en", "player-aid.md"), ("fr", "player-aid.fr.md")):
        source = link_rules((AID / name).read_text(encoding="utf-8"))
        top, css = tutorial_pages.aid_extras(lang)
        body = top + "<div class='sw-aid'>" + markdown.markdown(source, extensions=["tables"]) + "</div>"
        page = plain(html.escape(title_of(source)), "", body, lang)
        page = page.replace("</head>", css + "</head>", 1)
        check_local(page, f"aid-{lang}.html")
        (out / f"aid-{lang}.html").write_text(page, encoding="utf-8")


def title_of(source: str) -> str:
    return source.splitlines()[0].lstrip("# ").strip()


def render_search(out: Path) -> None:
    """search.html: the rules reference searched by keyword or rule ID in the page itself."""
    page = plain("Search the rules · Small World", "", tutorial_pages.search_body())
    check_local(page, "search.html")
    (out / "search.html").write_text(page, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="default: notebooks/*.ipynb and notebooks/fr/*.ipynb")
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "tutorial")
    parser.add_argument("--force", action="store_true", help="render even if up to date")
    args = parser.parse_args(argv)
    every = sorted(NOTEBOOKS.glob("*.ipynb"))
    every_fr = sorted(FRENCH.glob("*.ipynb"))
    paths = sorted(p.resolve() for p in args.notebooks) if args.notebooks else every + every_fr
    missing = [p for p in paths if not p.is_file()]
    if missing:
        parser.error(f"no notebook at {', '.join(map(str, missing))}")
    args.out.mkdir(parents=True, exist_ok=True)
    keys_file = args.out / KEYS
    keys = json.loads(keys_file.read_text()) if keys_file.is_file() else {}
    sites = {"en": sorted({*every, *(p for p in paths if language(p) == "en")}),
             "fr": [p if not (FRENCH / p.name).is_file() else FRENCH / p.name
                    for p in every]}
    # The chapters' titles are in every page's previous / next links, and which chapters
    # exist in French in their language links.
    sources = sources_hash() + json.dumps([(f"{language(p)}/{p.name}", title(p))
                                           for p in sites["en"] + sites["fr"]])
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        kernel_spec(Path(tmp))
        for path in paths:
            lang = language(path)
            name = f"fr/{path.stem}" if lang == "fr" else path.stem
            out = args.out / f"{name}.html"
            out.parent.mkdir(exist_ok=True)
            key = page_key(path, sources)
            if not args.force and out.exists() and keys.get(name) == key:
                print(f"up to date  {out}")
                continue
            start = time.monotonic()
            try:
                render(path, out, sites[lang])
            except CellExecutionError as err:
                failed += 1
                keys.pop(name, None)
                print(f"FAILED      {path}: {str(err).strip().splitlines()[-1]}", file=sys.stderr)
                continue
            keys[name] = key
            keys_file.write_text(json.dumps(keys, indent=1))
            print(f"rendered    {out} ({time.monotonic() - start:.0f} s)")
    index(every, args.out / "index.html")
    index_fr(every, args.out / "fr" / "index.html")
    render_rules(args.out / "rules")
    render_aid(args.out)
    render_search(args.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
