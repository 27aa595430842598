"""The rule book: RULES.md parsed into :data:`RULES`, one :class:`Rule` per rule id.

The text is a verbatim copy of the project's RULES.md, shipped in the package
(``unoparty/rules_text/RULES.md``); it is the developers' specification. What a learner
reads is each rule's :attr:`Rule.plain_title` and :attr:`Rule.plain_text`, written for
learners in ``unoparty/rules_text/plain.toml`` and translated when read. Views use it for rule notes, narration for the
"(a ruling of this app: …)" remark, scenarios to check rule ids.

>>> RULES["SP-1"].family, RULES["SP-1"].markers
('SP', ('printed',))
>>> is_ruling("SP-5"), is_ruling("SP-1")
(True, False)
>>> RULES["T-1"].plain_title
'Matching the top card'
>>> RULES["D-3"].classic_only
True
>>> list(RULES)[:3]
['D-1', 'D-2', 'D-3']
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .i18n import tr_text

__all__ = [
    "Rule", "RULES", "FAMILIES", "family_title", "RULES_PATH", "PLAIN_PATH", "load_plain", "rule", "rule_text", "is_ruling",
    "is_rule_id", "parse_rules", "parse_rule_book", "refusal_order_text",
]

RULES_PATH = Path(__file__).parent / "rules_text" / "RULES.md"
PLAIN_PATH = Path(__file__).parent / "rules_text" / "plain.toml"

_MARKERS = ("printed", "ruling", "inferred", "classic sheet")


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of RULES.md.

    Attributes:
        id: ``"SP-3"``.
        family: the family's letters, ``"SP"`` (its heading is ``FAMILIES["SP"]``).
        title: a short title: the rule's own bold title (``"Stacking (progressive)"``) or its
            first words.
        text: the whole rule as plain text (markdown stripped; sub-points on their own lines,
            starting with ``"- "``).
        markers: where it comes from, in the order written: ``"printed"``, ``"ruling"``,
            ``"inferred"``, ``"classic sheet"``.
        is_ruling: a ruling of this app (``"ruling"`` in `markers`), not a printed rule.
        classic_only: the rule is about the classic rule set only.
        plain_title_en, plain_text_en: the learner's heading and text from plain.toml, in
            English as written (the catalogue's message ids); ``""`` when plain.toml has none.
            Read them through :attr:`plain_title` and :attr:`plain_text`.
    """

    id: str
    family: str
    title: str
    text: str
    markers: tuple[str, ...]
    is_ruling: bool
    classic_only: bool
    plain_title_en: str = ""
    plain_text_en: str = ""

    @property
    def plain_title(self) -> str:
        """The heading a learner reads (``"Matching the top card"``), in the current language
        (translated at each access, so a language change applies); ``""`` when none."""
        return tr_text(self.plain_title_en) if self.plain_title_en else ""

    @property
    def plain_text(self) -> str:
        """The rule in plain words for learners, in the current language (translated at each
        access); says "The printed rules don't say; this app rules that …" for a ruling;
        ``""`` when none."""
        return tr_text(self.plain_text_en) if self.plain_text_en else ""

    @property
    def exact_text(self) -> str:
        """:attr:`text` (RULES.md's exact wording, shown folded away on the rules page) in the
        current language (extracted by :func:`unoparty.extract.extract_rule_book`)."""
        return tr_text(self.text) if self.text else ""


def _plain(md: str) -> str:
    """Markdown emphasis and code marks removed."""
    md = md.replace("**", "").replace("`", "")
    md = re.sub(r"(?<![\w*])\*(?!\s)([^*]+?)(?<!\s)\*(?![\w*])", r"\1", md)
    return md


def _markers(bracket: str) -> tuple[str, ...]:
    """``"printed, 003 + ruling"`` → ``("printed", "ruling")``."""
    found = []
    for part in re.split(r"[,+]", bracket):
        word = part.strip().lower()
        if word in _MARKERS and word not in found:
            found.append(word)
    return tuple(found)


def _first_words(text: str, n: int = 8) -> str:
    sentence = re.split(r"(?<=[.:;])\s", text, maxsplit=1)[0].rstrip(".:;")
    words = sentence.split()
    return " ".join(words[:n]) + (" …" if len(words) > n else "")


_HEAD = re.compile(r"^- \*\*(?P<id>[A-Z]{1,2}-\d+)(?P<name>[^\[*]*?)\s*(?:\[(?P<markers>[^\]]*)\])?\*\*:?\s*(?P<rest>.*)$")
_FAMILY = re.compile(r"^## (?P<fam>[A-Z]{1,2}) — (?P<title>.+)$")


def parse_rules(markdown: str) -> dict[str, Rule]:
    """Parse RULES.md text into rules, in file order (see :func:`parse_rule_book`)."""
    return parse_rule_book(markdown)[0]


_SOURCE_NOTE = re.compile(r";\s*from the [^;()]*?\b\d{3}\b")


def _learner_heading(title: str) -> str:
    """A family heading without its source reference, as learners read it (issue 21):
    ``"House rules (options, off by default; from the classic page 003)"`` →
    ``"House rules (options, off by default)"``; RULES.md keeps the reference."""
    return _SOURCE_NOTE.sub("", title).strip()


def parse_rule_book(markdown: str) -> tuple[dict[str, Rule], dict[str, str]]:
    """Parse RULES.md text into rules (by id, in file order) and families (letters → heading).

    A rule is a top-level bullet starting ``- **ID [markers]**`` (or ``- **ID Title
    [markers]**:``) under a ``## F — Title`` heading; indented lines continue it.

    Raises:
        ValueError: a rule id appears twice.
    """
    rules: dict[str, Rule] = {}
    families: dict[str, str] = {}
    family = ""
    current: dict[str, Any] | None = None

    def finish() -> None:
        nonlocal current
        if current is None:
            return
        lines = current["lines"]
        text = _plain(" ".join(lines[0].split()))
        for sub in lines[1:]:
            if sub.startswith("- "):
                text += "\n- " + _plain(" ".join(sub[2:].split()))
            else:
                text += " " + _plain(" ".join(sub.split()))
        raw = lines[0].lstrip()
        classic_only = raw.startswith("*classic*")
        markers = current["markers"]
        title = current["name"] or _first_words(re.sub(r"^classic:\s*", "", text.split("\n")[0]))
        rid = current["id"]
        if rid in rules:
            raise ValueError(f"rule {rid} appears twice in RULES.md")
        rules[rid] = Rule(rid, current["family"], title, text, markers, "ruling" in markers, classic_only)
        current = None

    for line in markdown.splitlines():
        if line.startswith("#"):
            finish()
            m = _FAMILY.match(line)
            family = m.group("fam") if m else ""
            if m:
                families[family] = _learner_heading(m.group("title"))
            continue
        m = _HEAD.match(line)
        if m and family:
            finish()
            current = {
                "id": m.group("id"),
                "family": family,
                "name": m.group("name").strip(),
                "markers": _markers(m.group("markers") or ""),
                "lines": [m.group("rest")],
            }
            continue
        if current is not None:
            if line.startswith("  ") and line.strip():
                current["lines"].append(line.strip())
            elif line.strip() == "":
                continue
            else:
                finish()
    finish()
    return rules, families


def load_plain(path: Path = PLAIN_PATH) -> dict[str, tuple[str, str]]:
    """plain.toml read: rule id → ``(title, text)``, stripped, exactly as passed to :func:`_`
    (and as :func:`unoparty.extract.extract_plain_rules` extracts them). ``{}`` when the file is
    missing."""
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    return {rid: (str(entry.get("title", "")).strip(), str(entry.get("text", "")).strip())
            for rid, entry in doc.items() if isinstance(entry, dict)}


_TEXT = RULES_PATH.read_text(encoding="utf-8")
_RULES, _FAMS = parse_rule_book(_TEXT)
_RULES.update({rid: replace(_RULES[rid], plain_title_en=title, plain_text_en=text)
               for rid, (title, text) in load_plain().items() if rid in _RULES})

RULES: Mapping[str, Rule] = MappingProxyType(_RULES)
"""Every rule, by id, in the order of RULES.md."""

FAMILIES: Mapping[str, str] = MappingProxyType(_FAMS)
"""Family letters → heading, in file order: ``{"D": "Cards", "S": "Setup", …}``."""


def family_title(family: str) -> str:
    """The heading of a family of rules (``"SP"`` → ``"Speed Play"``), in the current language
    (extracted from RULES.md by :func:`unoparty.extract.extract_rule_book`); ``""`` when
    the family is unknown."""
    heading = FAMILIES.get(family, "")
    return tr_text(heading) if heading else ""


def is_rule_id(rule_id: str) -> bool:
    """Whether `rule_id` names a rule of the rule book."""
    return rule_id in RULES


def rule(rule_id: str) -> Rule:
    """The rule with this id.

    Raises:
        KeyError: no such rule.
    """
    try:
        return RULES[rule_id]
    except KeyError:
        raise KeyError(f"unknown rule id {rule_id!r}") from None


def rule_text(rule_id: str) -> str:
    """The rule's plain text (see :class:`Rule`).

    Raises:
        KeyError: no such rule.
    """
    return rule(rule_id).text


def is_ruling(rule_id: str) -> bool:
    """True when the rule is a ruling of this app (not a printed rule); False for unknown ids."""
    r = RULES.get(rule_id)
    return bool(r and r.is_ruling)


def refusal_order_text() -> str:
    """The "Order of refusals" section of RULES.md, as plain text."""
    m = re.search(r"^## Order of refusals\n(.*?)(?=^## )", _TEXT, re.S | re.M)
    return _plain(m.group(1).strip()) if m else ""
