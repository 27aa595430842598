"""Babel extractors (``babel.cfg``, ``make messages``): the learner-facing texts of the
Python code and of the TOML and Markdown files the app reads.

Every text of a file is translated in the app through :func:`unoparty.i18n.tr_text`; the
extractors here put exactly those texts into the catalogue. They read any folder of lessons,
so a teacher's own scenario files are extracted the same way (README, "Writing scenarios")::

    pybabel extract -F babel.cfg -o unoparty.pot .               # the package's texts
    pybabel extract --mapping-file=my-lessons.cfg -o mine.pot my-lessons/

Each extractor takes ``(fileobj, keywords, comment_tags, options)`` and yields
``(lineno, funcname, message, comments)`` tuples, as Babel expects.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any, TypeAlias

Extracted: TypeAlias = "tuple[int, str, str | tuple[str, ...], list[str]]"
"""What an extractor yields: (line number, the function's name, the message — (singular,
plural) for ngettext, (context, message) for pgettext — and the translator's comments)."""

__all__ = ["extract_lessons", "extract_python_ast", "extract_plain_rules", "extract_rule_book"]

_LESSON_TEXT_KEYS = ("title", "say", "task", "hint", "feedback")


def extract_lessons(fileobj: IO[Any], keywords: Collection[str], comment_tags: Collection[str],
                    options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel extractor for lesson and curriculum TOML files (``babel.cfg``): yields every text
    a learner reads — titles, ``say``, ``task``, ``hint``, ``feedback``, the ``say`` of
    ``mistakes`` and group titles — exactly as the scenario loader passes them to :func:`_`.

    Yields ``(lineno, funcname, message, comments)`` tuples, as Babel expects.
    """
    import tomllib

    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    doc = tomllib.loads(text)
    lines = text.splitlines()

    def lineno(value: str) -> int:
        first = value.strip().splitlines()[0][:40] if value.strip() else value
        for i, line in enumerate(lines, 1):
            if first and first in line:
                return i
        return 1

    def walk(node: object, where: str) -> Iterator[Extracted]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in _LESSON_TEXT_KEYS and isinstance(value, str):
                    msg = value.strip() if key == "title" else value
                    yield lineno(value), "_", msg, [f"{where}{key}"]
                elif key == "mistakes" and isinstance(value, list):
                    for m in value:
                        if isinstance(m, dict) and isinstance(m.get("say"), str):
                            yield lineno(m["say"]), "_", m["say"], [f"{where}mistakes.say"]
                elif key != "setup":
                    yield from walk(value, f"{where}{key}.")
        elif isinstance(node, list):
            for i, item in enumerate(node, 1):
                yield from walk(item, where.rstrip(".") + f"[{i}].")

    yield from walk(doc, "")


def extract_python_ast(fileobj: IO[Any], keywords: Collection[str], comment_tags: Collection[str],
                       options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel extractor for Python files that also sees calls inside f-strings (Babel's own
    extractor reads an f-string as one token on Python 3.11): every ``_("…")``, ``N_("…")``,
    ``ngettext("…", "…", n)`` and ``pgettext("context", "…")`` call with literal text,
    anywhere in the file, and ``said(gender, "…")`` / ``said_n(gender, "…", "…", n)``
    (:func:`unoparty.i18n.said`): the message alone and in each gender's context;
    ``said_to(actor, other, "…")`` (:func:`unoparty.i18n.said_to`) also in each context of
    both genders.

    Yields ``(lineno, funcname, message, comments)``; `message` is a tuple for ngettext
    (singular, plural) and pgettext (context, message).
    """
    import ast

    source = fileobj.read()
    tree = ast.parse(source)
    names = set(keywords) if keywords else {"_", "N_", "ngettext", "pgettext", "npgettext"}
    if "_" in names or "ngettext" in names:
        names |= {"said", "said_n", "said_to"}
    found: list[Extracted] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names):
            continue
        args = node.args
        if node.func.id in ("said", "said_n", "said_to"):  # i18n.said(gender, "…"): the message and its gendered forms
            texts = {"said_n": args[1:3], "said_to": args[2:3]}.get(node.func.id, args[1:2])
            if texts and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in texts):
                from .i18n import _SAID_OF, _SAID_TO
                plain = tuple(str(a.value) for a in texts if isinstance(a, ast.Constant))
                alone, with_context = ("ngettext", "npgettext") if len(plain) == 2 else ("_", "pgettext")
                contexts = list(_SAID_OF.values()) + (list(_SAID_TO.values()) if node.func.id == "said_to" else [])
                if alone in names:  # only the keywords Babel was given (it refuses any other)
                    found.append((node.lineno, alone, plain if len(plain) == 2 else plain[0], []))
                if with_context in names:
                    for context in contexts:
                        found.append((node.lineno, with_context, (context, *plain), []))
            continue
        if node.func.id in ("ngettext", "pgettext"):  # (singular, plural) / (context, message)
            if len(args) >= 2:
                first, second = args[0], args[1]
                if (isinstance(first, ast.Constant) and isinstance(first.value, str)
                        and isinstance(second, ast.Constant) and isinstance(second.value, str)):
                    found.append((node.lineno, node.func.id, (first.value, second.value), []))
        elif args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            found.append((node.lineno, node.func.id, args[0].value, []))
    yield from sorted(found, key=lambda item: item[0])


def extract_plain_rules(fileobj: IO[Any], keywords: Collection[str], comment_tags: Collection[str],
                        options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel extractor for ``unoparty/rules_text/plain.toml`` (``babel.cfg``): yields each
    rule's ``title`` and ``text`` exactly as :mod:`unoparty.rulebook` passes them to :func:`_`
    (stripped), with the rule id as the translator's comment.

    Yields ``(lineno, funcname, message, comments)`` tuples, as Babel expects.
    """
    import tomllib

    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    doc = tomllib.loads(text)
    lines = text.splitlines()

    def lineno(rule_id: str, key: str) -> int:
        start = next((i for i, line in enumerate(lines, 1)
                      if line.strip().replace(" ", "") in (f'["{rule_id}"]', f"[{rule_id}]")), 1)
        return next((i for i, line in enumerate(lines[start:], start + 1)
                     if line.lstrip().startswith(f"{key} ") or line.lstrip().startswith(f"{key}=")), start)

    for rule_id, entry in doc.items():
        if not isinstance(entry, dict):
            continue
        for key in ("title", "text"):
            value = entry.get(key)
            if isinstance(value, str) and value.strip():
                yield lineno(rule_id, key), "_", value.strip(), [f"rule {rule_id} {key}"]


def extract_rule_book(fileobj: IO[Any], keywords: Collection[str], comment_tags: Collection[str],
                      options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel extractor for ``unoparty/rules_text/RULES.md``: yields the family headings
    (``## SP — Speed Play``) and each rule's exact wording, as the rules page shows them
    (:func:`unoparty.rulebook.family_title`, :attr:`unoparty.rulebook.Rule.exact_text`)."""
    from .rulebook import parse_rule_book

    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    lines = text.splitlines()
    rules, families = parse_rule_book(text)
    for fam, heading in families.items():
        lineno = next((i for i, line in enumerate(lines, 1) if line.startswith("#") and f" {fam} — " in line), 1)
        yield lineno, "_", heading, [f"family {fam} heading"]
        for rule in rules.values():
            if rule.family == fam and rule.text:
                at = next((i for i, line in enumerate(lines, 1) if f"**{rule.id}" in line), lineno)
                yield at, "_", rule.text, [f"rule {rule.id}: the exact wording (RULES.md)"]
