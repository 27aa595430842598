"""The rule book: RULES.md parsed into rules (unoparty.rulebook)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unoparty import rulebook
from unoparty.rulebook import FAMILIES, RULES, RULES_PATH, Rule, is_rule_id, is_ruling, parse_rules, rule_text

SHARED_RULES = Path(__file__).resolve().parent.parent.parent / "shared" / "RULES.md"
TEXT = RULES_PATH.read_text(encoding="utf-8")
# each rule's opening line, read independently of the parser
HEADS = re.findall(r"^- \*\*([A-Z]{1,2}-\d+)([^*]*)\*\*(.*)$", TEXT, re.M)


def test_the_copy_equals_the_project_rules():
    if not SHARED_RULES.exists():
        pytest.skip("../shared/RULES.md is not next to the repository")
    assert RULES_PATH.read_bytes() == SHARED_RULES.read_bytes()


def test_every_rule_id_in_file_order():
    ids = [h[0] for h in HEADS]
    assert ids, "RULES.md has rules"
    assert list(RULES) == ids
    assert all(isinstance(r, Rule) and r.id == rid for rid, r in RULES.items())


def test_markers_and_rulings_follow_the_brackets():
    for rid, name_and_markers, _rest in HEADS:
        bracket = re.search(r"\[([^\]]*)\]", name_and_markers)
        words = bracket.group(1) if bracket else ""
        r = RULES[rid]
        assert r.is_ruling == ("ruling" in words), rid
        assert r.is_ruling == ("ruling" in r.markers) == is_ruling(rid), rid
        for marker in ("printed", "inferred", "classic sheet"):
            assert (marker in r.markers) == (marker in words), (rid, marker)
        assert set(r.markers) <= {"printed", "ruling", "inferred", "classic sheet"}


def test_family_is_the_id_prefix_and_has_a_heading():
    for rid, r in RULES.items():
        assert r.family == rid.split("-")[0]
        assert r.family in FAMILIES
        assert f"## {r.family} — {FAMILIES[r.family]}" in TEXT or (
            r.family == "H" and "## H — House rules (options, off by default; from the classic page 003)" in TEXT)


def test_text_is_plain_and_complete():
    for rid, r in RULES.items():
        assert r.text and r.title
        assert "**" not in r.text and "`" not in r.text, rid
        assert not re.search(r"(^|\s)\*\w", r.text), rid
        assert rule_text(rid) == r.text
    # continuation lines and sub-points belong to their rule: every word of W-3's bullet is kept
    block = re.search(r"^- \*\*W-3.*?(?=^- \*\*|^## )", TEXT, re.M | re.S).group(0)
    words = re.findall(r"[A-Za-z]{4,}", block.replace("**", "").replace("`", ""))
    for word in words:
        if word in ("printed",):
            continue
        assert word in RULES["W-3"].text
    assert RULES["W-3"].text.count("\n- ") == block.count("\n  - ")


def test_titles_are_the_bold_titles_or_first_words():
    for rid, name_and_markers, rest in HEADS:
        name = re.sub(r"\[.*", "", name_and_markers).strip()
        if name:
            assert RULES[rid].title == name
        else:
            title = RULES[rid].title.replace(" …", "")
            assert RULES[rid].text.replace("classic: ", "", 1).startswith(title), rid


def test_classic_only_rules_start_with_classic():
    for rid, _m, rest in HEADS:
        assert RULES[rid].classic_only == rest.strip().startswith("*classic*")
    assert any(r.classic_only for r in RULES.values())
    assert not all(r.classic_only for r in RULES.values())


def test_unknown_ids():
    assert not is_rule_id("XX-1") and is_rule_id(next(iter(RULES)))
    assert is_ruling("XX-1") is False
    with pytest.raises(KeyError, match="XX-1"):
        rule_text("XX-1")


def test_rules_are_read_only():
    with pytest.raises(TypeError):
        RULES["X-1"] = None  # type: ignore[index]


def test_a_duplicated_id_is_an_error():
    md = "## T — A turn\n\n- **T-1 [printed]** One.\n- **T-1 [ruling]** Two.\n"
    with pytest.raises(ValueError, match="T-1 appears twice"):
        parse_rules(md)


def test_parsing_a_small_book():
    md = ("# Title\n\n## Order of refusals\n1. **Not held**: x\n\n## Z — Zed rules\n\n"
          "- **Z-1 [printed + ruling]** First line\n  goes on `here`.\n  - a sub point;\n"
          "- **Z-2 Named rule [inferred]**: *classic*: only classic.\n- Not a rule.\n")
    rules = parse_rules(md)
    assert list(rules) == ["Z-1", "Z-2"]
    assert rules["Z-1"].text == "First line goes on here.\n- a sub point;"
    assert rules["Z-1"].markers == ("printed", "ruling") and rules["Z-1"].is_ruling
    assert rules["Z-2"].title == "Named rule" and rules["Z-2"].classic_only
    assert rules["Z-2"].text == "classic: only classic."


def test_refusal_order_section():
    text = rulebook.refusal_order_text()
    assert text.startswith("When several rules forbid a move")
    assert "**" not in text


# ---- the plain words a learner reads (rules_text/plain.toml) ---------------------------------

DEVELOPER_WORDS = ("data table", "engine", "refused", "ruling:", "`")


def test_every_rule_has_a_plain_title_and_text():
    plain = rulebook.load_plain()
    assert set(plain) == set(RULES), "plain.toml has exactly the rule ids of RULES.md"
    for rid, r in RULES.items():
        assert r.plain_title and r.plain_text, rid
        assert (r.plain_title_en, r.plain_text_en) == plain[rid]
        assert r.plain_title == r.plain_title.strip() and "\n" not in r.plain_text, rid
        assert len(r.plain_title) <= 45, (rid, r.plain_title)


def test_plain_texts_have_no_developer_words():
    for rid, r in RULES.items():
        for words in (r.plain_title, r.plain_text):
            for bad in DEVELOPER_WORDS:
                assert bad not in words, (rid, bad)  # "ruling:" is the lower-case marker of RULES.md
            assert "**" not in words and not re.search(r"\b[A-Z]{1,2}-\d+ \[", words), rid


def test_plain_texts_are_short_and_say_when_a_ruling_decides():
    for rid, r in RULES.items():
        sentences = re.findall(r"[.!?](?=\s+[A-Z]|$)", r.plain_text)
        assert 1 <= len(sentences) <= 4, (rid, len(sentences))
        mentions_ruling = r.is_ruling or "ruling" in r.text.lower()
        assert ("The printed rules don't say; this app rules that" in r.plain_text) == mentions_ruling, rid


def test_plain_texts_are_not_copied_from_the_specification():
    for rid, r in RULES.items():
        spec_sentences = [s.strip() for s in re.split(r"(?<=[.;:])\s+", r.text) if len(s.split()) >= 6]
        for s in spec_sentences:
            assert s not in r.plain_text, (rid, s)


def test_plain_texts_are_translated_when_read(monkeypatch):
    from unoparty import i18n
    monkeypatch.setattr(i18n, "_translation", type("Upper", (), {"gettext": staticmethod(str.upper)})())
    r = RULES["T-1"]
    assert r.plain_title == r.plain_title_en.upper() and r.plain_text == r.plain_text_en.upper()
    monkeypatch.undo()
    assert r.plain_title == r.plain_title_en


def test_plain_extractor_yields_what_the_rule_book_translates():
    from unoparty import extract as i18n
    with open(rulebook.PLAIN_PATH, "rb") as f:
        found = list(i18n.extract_plain_rules(f, (), (), {}))
    messages = [m for _l, func, m, _c in found]
    assert all(func == "_" for _l, func, _m, _c in found)
    for r in RULES.values():
        assert r.plain_title_en in messages and r.plain_text_en in messages, r.id
    assert len(messages) == 2 * len(RULES)
    cfg = (RULES_PATH.parent.parent.parent / "babel.cfg").read_text(encoding="utf-8")
    assert "[unoparty.extract.extract_plain_rules: unoparty/rules_text/plain.toml]" in cfg


def test_a_missing_plain_file_loads_as_empty(tmp_path):
    assert rulebook.load_plain(tmp_path / "none.toml") == {}
    assert Rule("Z-1", "Z", "t", "x", (), False, False).plain_text == ""
