"""What the static tutorial adds (dashboards/tutorial_pages.py, scripts/render_tutorial.py):
each chapter's exercises and questions, the printable player aid in English and French, and
the rules search; all inline (nothing loaded from outside the server)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

from dashboards import tutorial_pages
from swcore.lessons import of_chapter

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("render_tutorial", ROOT / "scripts" / "render_tutorial.py")
render_tutorial = importlib.util.module_from_spec(spec)
spec.loader.exec_module(render_tutorial)


def test_every_chapter_page_ends_with_its_exercises_and_questions():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        section = tutorial_pages.chapter_section(path.stem)
        lessons, questions = of_chapter(path.stem.split("-", 1)[0])
        for lesson in lessons:
            assert f"href='/first-game?lesson={lesson.id}'" in section, path.stem
        for q in questions:
            assert f"id='{q.id}'" in section
        render_tutorial.check_local(section, path.stem)


def test_a_question_carries_the_engines_answer_and_reason_in_both_languages():
    """B-CONQ-2: r6, an empty mountain next to ann's r2, costs 2 + 1."""
    html = tutorial_pages.chapter_section("02-conquest")
    q = re.search(r"<div class='sw-q' id='q-mountain-cost' data-answer='(\w+)'>(.*?)</div></div>",
                  html, re.S)
    assert q and q.group(1) == "3"
    assert "base 2 + mountain 1" in q.group(2) and "base 2 + Montagne 1" in q.group(2)
    assert "rules/base-game.html#B-CONQ-2" in q.group(2)
    assert re.findall(r"data-v='(\d)'", q.group(2)) == ["2", "3", "4", "5"]


def test_read_from_disk_the_page_says_the_exercises_need_the_app():
    html = tutorial_pages.chapter_section("06-cursed")
    assert "<p class='sw-offline' hidden>" in html and "make serve" in html
    assert "window.location.protocol === 'file:'" in html


def test_player_aid_in_english_and_french_prints_on_its_own(tmp_path):
    render_tutorial.render_aid(tmp_path)
    en = (tmp_path / "aid-en.html").read_text()
    fr = (tmp_path / "aid-fr.html").read_text()
    assert "<html lang='en'>" in en and "<html lang='fr'>" in fr
    for page in (en, fr):
        assert "@media print" in page and "window.print()" in page
        assert "rules/base-game.html#B-CONQ-2" in page  # the cost formula's rule, linked
        render_tutorial.check_local(page, "aid")
    assert "What a conquest costs" in en and "Coût d'une conquête" in fr
    assert "href='aid-fr.html'" in en and "href='aid-en.html'" in fr


def test_rules_search_holds_every_rule_inline(tmp_path):
    render_tutorial.render_search(tmp_path)
    page = (tmp_path / "search.html").read_text()
    render_tutorial.check_local(page, "search.html")
    data = re.search(r"<script type='application/json' id='sw-rules'>(.*?)</script>", page, re.S)
    rules = {r["id"]: r for r in json.loads(data.group(1))}
    assert rules["B-CONQ-2"]["page"] == "base-game" and "cost" in rules["B-CONQ-2"]["en"]
    assert rules["B-SCORE-1"]["fr"]  # French keywords find it too
    assert "</script" not in data.group(1)


def test_extras_go_at_the_pages_real_end_not_into_an_inlined_script():
    """Bokeh's inlined scripts hold the text "</body>": the chapter's end goes after them."""
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    k = [p.stem for p in paths].index("02-conquest")
    body = ("<html><head><title>t</title></head><body><script>var s = \"<p></body></html>\";"
            "</script><p>chapter</p></body></html>")
    page = render_tutorial.site_page(body, paths, k)
    assert page.index("var s = \"<p></body></html>\";") < page.index("class='sw-extras'")
    assert page.index("<p>chapter</p>") < page.index("class='sw-nav bottom'") < page.rindex("</body>")
