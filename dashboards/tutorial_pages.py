"""What the static tutorial adds to its chapters and beside them (scripts/render_tutorial.py):
each chapter's "your move" links and questions, the printable player aid, and a search over
the rules reference. Plain HTML with small inline scripts: nothing loaded from outside, and
the pages still read (and say what needs the app) when opened from disk. No Panel here.

Why the questions' answers are in the page: they are computed by the engine when the site is
rendered (`swcore.lessons.Question.solve`), so the page checks a tap without a server.
"""

from __future__ import annotations

import json
from html import escape

from swcore.i18n import rule_summary_fr
from swcore.lessons import Question, of_chapter, say

from . import rules_ref

LANGS = ("en", "fr")
#: Both languages are in the page; a French page shows French, an English page the reader's
#: choice (the app's, kept in localStorage `sw_lang`, else the browser's).
EXTRAS_CSS = """
<style>
  .sw-extras { border-top:2px solid #1b5e20; margin-top:28px; padding-top:8px; font:16px/1.5 sans-serif; }
  .sw-extras[data-lang=en] [lang=fr], .sw-extras[data-lang=fr] [lang=en] { display:none; }
  .sw-extras h2 { color:#1b5e20; }
  .sw-extras .sw-langs button, .sw-extras .sw-choices button {
    min-height:44px; min-width:44px; margin:4px 6px 4px 0; padding:6px 14px; font-size:16px;
    border:2px solid #1b5e20; border-radius:8px; background:#fff; color:#1b5e20; cursor:pointer; }
  .sw-extras .sw-langs button[aria-pressed=true] { background:#1b5e20; color:#fff; }
  .sw-extras a.sw-play { display:inline-block; min-height:44px; line-height:44px; padding:0 14px;
    background:#1b5e20; color:#fff; border-radius:8px; text-decoration:none; font-weight:700; }
  .sw-extras .sw-q { border:1px solid #ccc; border-radius:10px; padding:6px 12px; margin:10px 0; }
  .sw-extras .sw-choices button.sw-picked { background:#fff3e0; }
  .sw-extras .sw-fb[data-state=ok] .sw-no, .sw-extras .sw-fb[data-state=no] .sw-ok { display:none; }
  .sw-extras .sw-fb[data-state=ok] { border-left:4px solid #1b5e20; background:#e8f5e9; padding:4px 8px; }
  .sw-extras .sw-fb[data-state=no] { border-left:4px solid #c62828; background:#ffebee; padding:4px 8px; }
  .sw-extras .sw-offline { border-left:4px solid #8a5a00; background:#fff8e1; padding:4px 8px; }
</style>
"""
EXTRAS_JS = """
<script>
(function () {
  var box = document.querySelector('.sw-extras');
  if (!box) return;
  var lang = document.documentElement.lang === 'fr' ? 'fr' : '';
  try { lang = lang || window.localStorage.getItem('sw_lang') || ''; } catch (e) {}
  if (lang !== 'en' && lang !== 'fr') lang = (navigator.language || 'en').slice(0, 2) === 'fr' ? 'fr' : 'en';
  function setLang(l) {
    box.setAttribute('data-lang', l);
    box.querySelectorAll('.sw-langs button').forEach(function (b) {
      b.setAttribute('aria-pressed', b.getAttribute('data-lang') === l ? 'true' : 'false'); });
    box.querySelectorAll('a.sw-play').forEach(function (a) {
      a.href = a.getAttribute('data-href') + (l === 'fr' ? '&lang=fr' : ''); });
  }
  box.querySelectorAll('.sw-langs button').forEach(function (b) {
    b.addEventListener('click', function () { setLang(b.getAttribute('data-lang')); }); });
  setLang(lang);
  function offline() {
    box.querySelectorAll('.sw-offline').forEach(function (p) { p.hidden = false; });
    box.querySelectorAll('.sw-moves').forEach(function (p) { p.hidden = true; });
  }
  if (window.location.protocol === 'file:') { offline(); }
  else if (window.fetch) {  // served without the app (a plain file server): no /first-game
    window.fetch('/first-game', {method: 'HEAD'}).then(function (r) {
      if (r.status === 404) offline(); }).catch(function () {});
  }
  box.querySelectorAll('.sw-q').forEach(function (q) {
    var fb = q.querySelector('.sw-fb');
    q.querySelectorAll('.sw-choices button').forEach(function (b) {
      b.addEventListener('click', function () {
        q.querySelectorAll('.sw-choices button').forEach(function (o) { o.classList.remove('sw-picked'); });
        b.classList.add('sw-picked');
        fb.setAttribute('data-state', b.getAttribute('data-v') === q.getAttribute('data-answer') ? 'ok' : 'no');
        fb.hidden = false;
      });
    });
  });
})();
</script>
"""
PLAY = {"en": "Play it in the app", "fr": "Jouer dans l'application"}
OFFLINE = {
    "en": "You are reading this page without the app: the exercises need it. Run "
          "<code>make serve</code> and open this chapter at <code>http://localhost:5006/tutorial/"
          "{stem}.html</code>.",
    "fr": "Vous lisez cette page sans l'application : les exercices en ont "
          "besoin. Lancez <code>make serve</code> et ouvrez ce chapitre à "
          "<code>http://localhost:5006/tutorial/{stem}.html</code>."}
HEAD = {"moves": {"en": "Your move", "fr": "À vous de jouer"},
        "moves_intro": {"en": "Each exercise opens the app at a position of this chapter: make "
                              "the move it asks for; the app tells you at once whether it is "
                              "right, and why.",
                        "fr": "Chaque exercice ouvre l'application sur une position de ce "
                              "chapitre : jouez le coup demandé ; l'application vous dit aussitôt "
                              "s'il est bon, et pourquoi."},
        "questions": {"en": "Questions", "fr": "Questions"},
        "ok": {"en": "Right.", "fr": "Bonne réponse."},
        "no": {"en": "Not quite: the answer is {answer}.", "fr": "Pas tout à fait : la réponse est {answer}."},
        "why": {"en": "How it is counted:", "fr": "Le calcul :"}}


def both(text: dict[str, str], html_text: bool = False, link: bool = True) -> str:
    """One span per language; rule IDs linked into the rendered reference (rules/)."""
    out = []
    for lang in LANGS:
        raw = say(text, lang)
        body = raw if html_text else (rules_ref.link_ids(raw, base="rules") if link else escape(raw))
        out.append(f"<span lang='{lang}'>{body}</span>")
    return "".join(out)


def chapter_section(stem: str) -> str:
    """The end of a chapter page: its exercises (links into the app) and its questions."""
    chapter = stem.split("-", 1)[0]
    exercises, questions = of_chapter(chapter)
    if not exercises and not questions:
        return ""
    langs = "".join(f"<button type='button' data-lang='{lang}' aria-pressed='false'>"
                    f"{'English' if lang == 'en' else 'Français'}</button>" for lang in LANGS)
    parts = [f"<section class='sw-extras' data-lang='en' id='your-move'>{EXTRAS_CSS}"
             f"<div class='sw-langs' role='group' aria-label='Language / Langue'>{langs}</div>"]
    if exercises:
        items = "".join(
            f"<li><b>{both(x.title)}</b><br><a class='sw-play' href='/first-game?lesson={x.id}' "
            f"data-href='/first-game?lesson={x.id}'>{both(PLAY)}</a></li>" for x in exercises)
        parts.append(f"<h2>{both(HEAD['moves'])}</h2><p>{both(HEAD['moves_intro'])}</p>"
                     f"<p class='sw-offline' hidden>{both(_offline(stem), html_text=True)}</p>"
                     f"<ul class='sw-moves'>{items}</ul>")
    if questions:
        parts.append(f"<h2>{both(HEAD['questions'])}</h2>" + "".join(map(question_html, questions)))
    parts.append(f"</section>{EXTRAS_JS}")
    return "".join(parts)


def _offline(stem: str) -> dict[str, str]:
    return {lang: OFFLINE[lang].format(stem=escape(stem)) for lang in LANGS}


def question_html(q: Question) -> str:
    """A question, its choices as buttons, and the engine's answer with its reason."""
    answer, _ = q.solve()
    why = {lang: rules_ref.link_ids(q.solve(lang)[1], base="rules") for lang in LANGS}
    buttons = "".join(f"<button type='button' data-v='{escape(str(c))}'>{escape(str(c))}</button>"
                      for c in q.choices)
    no = {lang: escape(HEAD["no"][lang].format(answer=answer)) for lang in LANGS}
    return (f"<div class='sw-q' id='{escape(q.id)}' data-answer='{escape(str(answer))}'>"
            f"<p>{both(q.text)}</p><div class='sw-choices'>{buttons}</div>"
            f"<div class='sw-fb' hidden><b class='sw-ok'>{both(HEAD['ok'])}</b>"
            f"<b class='sw-no'>{both(no, html_text=True)}</b> {both(HEAD['why'])} "
            f"{both(why, html_text=True)}</div></div>")


def rules_index() -> list[dict[str, str]]:
    """Every rule of the reference for the search page: ID, page, English text, French summary."""
    return [{"id": rid, "page": page, "en": rules_ref.text(rid, 600),
             "fr": rule_summary_fr(rid)} for rid, page in rules_ref.anchors().items()]


SEARCH_JS = """
<script>
(function () {
  var rules = JSON.parse(document.getElementById('sw-rules').textContent);
  var input = document.getElementById('sw-q'), list = document.getElementById('sw-hits'),
      count = document.getElementById('sw-count');
  function fold(s) { return s.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase(); }
  rules.forEach(function (r) { r.key = fold(r.id + ' ' + r.en + ' ' + r.fr); });
  function run() {
    var q = fold(input.value.trim()), terms = q.split(/\\s+/).filter(Boolean);
    list.textContent = '';
    if (!terms.length) { count.textContent = ''; return; }
    var hits = rules.filter(function (r) { return terms.every(function (t) { return r.key.indexOf(t) >= 0; }); });
    hits.sort(function (a, b) {
      var ai = fold(a.id).indexOf(q) === 0 ? 0 : 1, bi = fold(b.id).indexOf(q) === 0 ? 0 : 1;
      return ai - bi; });
    count.textContent = hits.length + ' / ' + rules.length;
    hits.slice(0, 60).forEach(function (r) {
      var li = document.createElement('li'), a = document.createElement('a');
      a.href = 'rules/' + r.page + '.html#' + r.id; a.textContent = r.id; a.className = 'sw-rule';
      li.appendChild(a);
      var p = document.createElement('div'); p.textContent = r.en; li.appendChild(p);
      if (r.fr) { var f = document.createElement('div'); f.lang = 'fr'; f.className = 'fr';
                  f.textContent = r.fr; li.appendChild(f); }
      list.appendChild(li);
    });
  }
  input.addEventListener('input', run);
  var start = new URLSearchParams(window.location.search).get('q');
  if (start) { input.value = start; }
  run();
})();
</script>
"""


def search_body() -> str:
    """The search page's body: a box, the hits, the index inline (no request at all)."""
    data = json.dumps(rules_index(), ensure_ascii=False).replace("</", "<\\/")
    return ("<h1>Search the rules · <span lang='fr'>Chercher dans les règles</span></h1>"
            "<p>By keyword or rule ID (for example <i>mountain</i>, <i>montagne</i>, "
            "<a href='rules/base-game.html#B-CONQ-2'>B-CONQ-2</a>, <i>decline</i>) · <span lang='fr'>Par mot ou identifiant de "
            "règle.</span></p>"
            "<label for='sw-q'>Keywords or rule ID · <span lang='fr'>Mots ou identifiant</span>"
            "</label><br><input id='sw-q' type='search' autocomplete='off' "
            "style='font-size:18px;min-height:44px;width:100%;max-width:600px;padding:4px 8px'>"
            "<p id='sw-count' aria-live='polite'></p><ol id='sw-hits'></ol>"
            "<style>#sw-hits li{margin-bottom:10px} #sw-hits .fr{color:#444;font-style:italic}"
            "</style>"
            f"<script type='application/json' id='sw-rules'>{data}</script>{SEARCH_JS}")


AID_CSS = """<style>
  .sw-aid table { border-collapse:collapse; } .sw-aid td, .sw-aid th { border:1px solid #999; padding:2px 8px; }
  .sw-print { min-height:44px; padding:0 16px; font-size:16px; border:2px solid #1b5e20;
              background:#1b5e20; color:#fff; border-radius:8px; cursor:pointer; }
  @media print {
    @page { size: A4; margin: 12mm; }
    nav, .sw-print, .sw-noprint { display:none !important; }
    body { max-width:none !important; font-size:10.5pt !important; line-height:1.3 !important; }
    h1 { font-size:16pt; margin:0 0 4px 0; } h2 { font-size:12.5pt; margin:8px 0 2px 0; break-after:avoid; }
    a { color:#000 !important; text-decoration:none; }
    table, ul, ol { break-inside:avoid; }
  }
</style>"""


def aid_extras(lang: str) -> tuple[str, str]:
    """The player aid's top line (print button, the other language) and its style."""
    other = "fr" if lang == "en" else "en"
    text = {"en": ("Print this page", "Version française", f"aid-{other}.html"),
            "fr": ("Imprimer cette page", "English version", f"aid-{other}.html")}[lang]
    top = (f"<p class='sw-noprint'><button type='button' class='sw-print' onclick='window.print()'>"
           f"{text[0]}</button> · <a href='{text[2]}' hreflang='{other}'>{text[1]}</a></p>")
    return top, AID_CSS

