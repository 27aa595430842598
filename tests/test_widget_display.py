"""Widgets are shown with ``layout.display = ""`` and hidden with ``"none"`` — never ``None``
(DESIGN.md). In the browser build (Pyodide) a ``None`` reaches the page as ``undefined`` and
the widget never shows again ("Deal the cards" showed nothing)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "unoparty"


def _none_displays(tree: ast.AST) -> list[int]:
    """Line numbers where something's ``.display`` is assigned ``None`` (also inside a
    conditional expression) or a ``Layout(display=None)`` is built."""
    def is_none(node) -> bool:
        if isinstance(node, ast.Constant) and node.value is None:
            return True
        if isinstance(node, ast.IfExp):
            return is_none(node.body) or is_none(node.orelse)
        return False

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if node.value is not None and is_none(node.value) and any(
                    isinstance(t, ast.Attribute) and t.attr == "display" for t in targets):
                lines.append(node.lineno)
        elif isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg == "display" and is_none(kw.value):
                    lines.append(node.lineno)
    return sorted(lines)


def test_the_checker_finds_a_none_display() -> None:
    src = 'w.layout.display = None\nw.layout.display = "" if a else None\nLayout(display=None)\nw.layout.display = ""\n'
    assert _none_displays(ast.parse(src)) == [1, 2, 3]


def test_no_widget_is_shown_with_a_none_display() -> None:
    found = []
    for file in sorted(PACKAGE.rglob("*.py")):
        for line in _none_displays(ast.parse(file.read_text(encoding="utf-8"))):
            found.append(f"{file.relative_to(PACKAGE.parent)}:{line}")
    assert found == [], "use layout.display = \"\" to show a widget: " + ", ".join(found)
