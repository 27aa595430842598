"""The translation catalogues (issue 11, DESIGN.md "Language"): every catalogue present is
complete and compiled, every text is translated through a string literal or the one TOML
helper, and the compiled catalogues reach every kind of install.

Parametrized over the catalogues present in ``unoparty/locale/``: a language merged later
is checked as soon as its ``.po`` file is there.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from unoparty import extract, i18n

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "unoparty"
LOCALE = PACKAGE / "locale"
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/unoparty.po"))
LANGS = [p.parts[-3] for p in CATALOGUES]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def _read(po: Path):
    with open(po, "rb") as f:
        return read_po(f)


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_french_is_present_and_every_catalogue_is_a_known_language() -> None:
    assert "fr" in LANGS
    assert set(LANGS) <= set(i18n.LANGUAGES), LANGS
    assert list(i18n.LANGUAGES) == ["en", "fr", "ro", "nb", "cs"]


@pytest.mark.parametrize("po", CATALOGUES, ids=LANGS)
def test_every_message_is_translated_nothing_fuzzy(po: Path) -> None:
    cat = _read(po)
    bad = [m.id for m in cat if m.id and (m.fuzzy or not m.string
                                          or (isinstance(m.string, tuple) and not all(m.string)))]
    assert not bad, f"{len(bad)} messages untranslated or fuzzy in {po}: {bad[:5]}"
    template = _read(LOCALE / "unoparty.pot")
    wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    have = {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}
    assert not wanted - have, f"not in {po} (run make messages): {sorted(wanted - have)[:5]}"


@pytest.mark.parametrize("po", CATALOGUES, ids=LANGS)
def test_every_placeholder_is_kept(po: Path) -> None:
    wrong = []
    for m in _read(po):
        if not m.id:
            continue
        if isinstance(m.id, str):
            if _placeholders(m.string) != _placeholders(m.id):
                wrong.append((m.id, m.string))
        else:
            english = _placeholders(m.id[0]) | _placeholders(m.id[1])
            forms = [_placeholders(s) for s in m.string]
            if any(not f <= english for f in forms) or set().union(*forms) != english:
                wrong.append((m.id, m.string))
    assert not wrong, f"placeholders changed in {po}: {wrong[:3]}"


@pytest.mark.parametrize("po", CATALOGUES, ids=LANGS)
def test_plurals_with_1_2_5_and_21(po: Path) -> None:
    """Each plural message, read through the compiled catalogue with 1, 2, 5 and 21, gives a
    translated form; from 2 on it keeps every placeholder of the English plural (the count is
    shown)."""
    cat = _read(po)
    trans = gettext.GNUTranslations(io.BytesIO(po.with_suffix(".mo").read_bytes()))
    plurals = [m for m in cat if m.id and not isinstance(m.id, str)]
    assert plurals, "no plural message to check"
    for m in plurals:
        assert len(m.string) == cat.num_plurals, (m.id, cat.num_plurals)
        singular, plural = m.id
        for n in (1, 2, 5, 21):
            form = (trans.npgettext(m.context, singular, plural, n) if m.context
                    else trans.ngettext(singular, plural, n))
            assert form in m.string, (m.id, n, form)
            if n > 1:
                assert _placeholders(plural) <= _placeholders(form), (m.id, n, form)


@pytest.mark.parametrize("po", CATALOGUES, ids=LANGS)
def test_each_mo_is_current_with_its_po(po: Path) -> None:
    """The compiled catalogue in git says exactly what its .po says (``make messages`` or
    ``make catalogues`` compiles it; commit both)."""
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo} missing: run make catalogues and commit it"
    buf = io.BytesIO()
    write_mo(buf, _read(po))
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))._catalog
    shipped = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))._catalog
    assert shipped == fresh, f"{mo} is not current with {po}: run make catalogues and commit it"


def test_the_language_picker_offers_only_catalogues_present() -> None:
    assert i18n.available_languages() == ["en", *[c for c in i18n.LANGUAGES if c in LANGS]]
    assert i18n.match_language("fr-CA,fr;q=0.9") == "fr"
    assert i18n.match_language("de-DE,de") is None


# ---- only literals, and one helper for the texts of files -------------------------------------


def _non_literal_calls(source: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name not in ("_", "ngettext", "pgettext"):
            continue
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "_translation":
            continue  # unoparty.i18n's own _() and ngettext(): gettext's methods
        literal_args = 2 if name in ("ngettext", "pgettext") else 1
        args = node.args[:literal_args]
        if len(args) < literal_args or node.keywords or \
                not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
            found.append((node.lineno, ast.unparse(node)[:80]))
    return found


def test_the_literal_check_sees_variables_and_f_strings() -> None:
    assert _non_literal_calls("_(x)\n_(f'a{b}')\nngettext('a', p, n)\ni18n._(t)\n") == [
        (1, "_(x)"), (2, "_(f'a{b}')"), (3, "ngettext('a', p, n)"), (4, "i18n._(t)")]
    assert _non_literal_calls("_('a')\nngettext('a', 'b', n)\ntr_text(x)\n") == []
    assert _non_literal_calls("pgettext('c', 'a')\npgettext('c', x)\n") == [(2, "pgettext('c', x)")]


def test_translation_calls_in_the_package_take_string_literals_only() -> None:
    """``_()`` and ``ngettext()`` anywhere in ``unoparty/`` take string literals (what the
    extractor can see); a text read from a file goes through ``unoparty.i18n.tr_text``."""
    bad = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        calls = _non_literal_calls(path.read_text(encoding="utf-8"))
        if calls:
            bad[str(path.relative_to(ROOT))] = calls
    assert not bad, f"_() or ngettext() called with something other than a string literal: {bad}"


def _texts_the_app_translates(monkeypatch, lessons_dir: Path | None = None) -> set[str]:
    """Every text passed to tr_text while every lesson, the curriculum, the plain-words rules
    and the rule book's family headings are read."""
    seen: set[str] = set()

    def recording(text: str) -> str:
        seen.add(text)
        return text

    from unoparty import rulebook
    from unoparty.scenarios import curriculum, loader
    for module in (loader, curriculum, rulebook):
        monkeypatch.setattr(module, "tr_text", recording)
    # lessons are read once while their files are unchanged: read them again, through `recording`
    monkeypatch.setattr(curriculum, "_read_ref", curriculum._read_ref.__wrapped__)
    if lessons_dir is None:
        cur = curriculum.load_curriculum()
        assert all(ref.scenario is not None for ref in cur.lessons)
        for ref in cur.lessons:
            for step in ref.scenario.steps:  # texts are read when loaded; touch them anyway
                str(step)
        for r in rulebook.RULES.values():
            r.plain_title, r.plain_text, r.exact_text
        for fam in rulebook.FAMILIES:
            rulebook.family_title(fam)
    else:
        for path in sorted(lessons_dir.glob("*.toml")):
            loader.load_scenario(path)
    return seen


def _extracted(paths_and_methods) -> set[str]:
    out: set[str] = set()
    for path, method in paths_and_methods:
        with open(path, "rb") as f:
            out |= {m for _l, _f, m, _c in method(f, (), (), {})}
    return out


def test_the_toml_extractors_find_every_text_the_app_translates(monkeypatch) -> None:
    shown = _texts_the_app_translates(monkeypatch)
    assert len(shown) > 300
    extracted = _extracted([*((p, extract.extract_lessons) for p in sorted((PACKAGE / "lessons").glob("*.toml"))),
                            (PACKAGE / "curriculum.toml", extract.extract_lessons),
                            (PACKAGE / "rules_text" / "plain.toml", extract.extract_plain_rules),
                            (PACKAGE / "rules_text" / "RULES.md", extract.extract_rule_book)])
    missing = sorted(shown - extracted)
    assert not missing, f"{len(missing)} texts translated by the app but not extracted: {missing[:5]}"
    assert "The goal and the setup" in extracted and "Speed Play" in extracted


def test_babel_cfg_wires_every_extractor() -> None:
    cfg = (ROOT / "babel.cfg").read_text(encoding="utf-8")
    for line in ("[unoparty.extract.extract_python_ast: unoparty/**.py]",
                 "[unoparty.extract.extract_lessons: unoparty/lessons/*.toml]",
                 "[unoparty.extract.extract_lessons: unoparty/curriculum.toml]",
                 "[unoparty.extract.extract_plain_rules: unoparty/rules_text/plain.toml]",
                 "[unoparty.extract.extract_rule_book: unoparty/rules_text/RULES.md]"):
        assert line in cfg
    assert not any(hasattr(i18n, name) for name in ("extract_lessons", "extract_python_ast"))


def test_a_teachers_own_lessons_folder_is_extracted(tmp_path, monkeypatch) -> None:
    """The README's recipe: any folder of scenario files goes through the same extractor."""
    src = PACKAGE / "lessons" / "matching.toml"
    mine = tmp_path / "my-lessons"
    mine.mkdir()
    (mine / "mine.toml").write_text(src.read_text(encoding="utf-8").replace('id = "matching"', 'id = "mine"'),
                                     encoding="utf-8")
    cfg = tmp_path / "babel.cfg"
    cfg.write_text("[unoparty.extract.extract_lessons: **.toml]\n", encoding="utf-8")
    pot = tmp_path / "mine.pot"
    done = subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", str(cfg),
                           "-o", str(pot), str(mine)], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    with open(pot, "rb") as f:
        ids = {m.id for m in read_po(f) if m.id}
    shown = _texts_the_app_translates(monkeypatch, mine)
    assert shown and shown <= ids


# A wheel carries the compiled catalogues: tests/test_deploy.py builds one wheel and checks
# all it must hold (the catalogues, the app notebook, the lessons).
