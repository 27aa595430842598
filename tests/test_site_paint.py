"""The static site's first paint (issue 20): the landing page's widget state saved at build
time (:mod:`unoparty.views.paint`) and put in the app's page by ``deploy/build_site.py``
under a "Starting Python…" status; without a paint the page is the plain one. The page in
Chromium is checked by ``make test-site``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.comms  # the messages a page is sent: widgets with their comms (tests/conftest.py)

pytest.importorskip("ipywidgets")

ROOT = Path(__file__).resolve().parents[1]


def _build_site():
    sys.path.insert(0, str(ROOT / "deploy"))
    try:
        import build_site
    finally:
        sys.path.remove(str(ROOT / "deploy"))
    return build_site


@pytest.fixture(scope="module")
def paint() -> dict:
    from unoparty.views.paint import painted_landing, starting_words
    return {**painted_landing("en"), "starting": starting_words()}


def test_the_painted_landing_is_the_first_visits_page_in_core_widgets_only(paint) -> None:
    models = paint["state"]["state"]
    assert paint["state"]["version_major"] == 2 and paint["view"] in models
    assert {m["model_module"].split("/")[0] for m in models.values()} == {"@jupyter-widgets"}   # no anywidget
    texts = json.dumps(models, ensure_ascii=False)
    assert "UNO Party! — learn to play" in texts and "Play against bots" in texts
    buttons = [m for m in models.values() if m["model_name"] == "ButtonModel" and "up-lessonbtn" in
               m["state"].get("_dom_classes", [])]
    assert len(buttons) >= 10
    children = {c.removeprefix("IPY_MODEL_") for m in models.values()
                for c in m["state"].get("children", []) if isinstance(c, str)}
    assert children <= set(models)                      # every child is drawn (none left out)


def test_the_starting_sentence_is_in_every_language(paint) -> None:
    words = paint["starting"]
    assert set(words) == {"en", "fr", "ro", "nb", "cs"}
    assert words["en"].startswith("Starting Python")
    assert len(set(words.values())) == 5                # translated, not the English five times


def test_the_build_paints_the_page_and_without_a_paint_leaves_it_plain(paint, tmp_path, monkeypatch) -> None:
    build_site = _build_site()
    page = tmp_path / "voici" / "render" / "unoparty.html"
    page.parent.mkdir(parents=True)
    plain = '<html><body class="jp-Notebook"><div id="loading"></div><div id="rendered_cells"></div></body></html>'
    page.write_text(plain)
    assert build_site.paint_site(tmp_path, tmp_path / "cache", None) is False
    assert page.read_text() == plain                    # the plain path: the page as Voici made it
    embed = tmp_path / "cache" / "embed.js"
    embed.parent.mkdir()
    embed.write_text("/* html manager */")
    monkeypatch.setattr(build_site, "fetch_html_manager", lambda cache: embed)
    assert build_site.paint_site(tmp_path, tmp_path / "cache", paint) is True
    text = page.read_text()
    assert text.index('id="up-painted"') < text.index('id="loading"')
    assert '<div class="up-painted-app" inert aria-hidden="true">' in text and 'role="status"' in text
    assert 'src="../../static/paint/embed.js"' in text and (tmp_path / "static" / "paint" / "embed.js").exists()
    state = text.split('<script type="application/vnd.jupyter.widget-state+json">')[1].split("</script>")[0]
    assert json.loads(state) == json.loads(json.dumps(paint["state"]))   # "</" escaped, the state intact
    assert json.dumps(paint["starting"]["cs"], separators=(",", ":"))[1:-1] in text.replace("<\\/", "</")


def test_a_paint_that_cannot_be_made_is_a_note_not_a_failed_build(tmp_path, monkeypatch, capsys) -> None:
    build_site = _build_site()
    monkeypatch.setattr(build_site.sys, "executable", str(tmp_path / "no-python"))
    assert build_site.make_paint(tmp_path) is None
    assert "no first paint" in capsys.readouterr().out
