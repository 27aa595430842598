"""The modules of ``unoparty/scenarios`` import one another one way only (issue 10): no
module reaches back to one that imports it, neither at the top nor inside a function, nor
for type checking only. The graph is read from the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "unoparty" / "scenarios"


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The sibling modules `path` imports, wherever the import statement is."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            parts: list[str] = []
            if node.level == 1:  # from .x import y / from . import x
                parts = [node.module] if node.module else [a.name for a in node.names]
            elif node.level == 0 and node.module and node.module.startswith("unoparty.scenarios"):
                rest = node.module.removeprefix("unoparty.scenarios").lstrip(".")
                parts = [rest] if rest else [a.name for a in node.names]
            found.update(p.split(".")[0] for p in parts)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("unoparty.scenarios."):
                    found.add(alias.name.split(".")[2])
    return found & modules


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module → the sibling modules it imports (``__init__`` left out: it gathers them all)."""
    files = {p.stem: p for p in package.glob("*.py") if p.stem != "__init__"}
    return {name: _imports(path, set(files) - {name}) for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle as a path ``[a, b, …, a]``, or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_scenario_modules_import_one_another_without_a_cycle():
    graph = import_graph()
    assert {"model", "loader", "runner", "check", "expect"} <= set(graph)
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])


def test_the_data_model_imports_nothing_from_the_package():
    assert import_graph()["model"] == set()


def test_checking_files_is_apart_from_stepping():
    graph = import_graph()
    assert "check" not in graph["runner"] and "loader" not in graph["runner"]
    assert {"loader", "runner"} <= graph["check"]


def test_the_cycle_finder_finds_a_cycle_even_through_a_function_level_import(tmp_path):
    (tmp_path / "a.py").write_text("from .b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from .c import y\n")
    (tmp_path / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import z\n")
    (tmp_path / "d.py").write_text("from unoparty.scenarios import a\n")
    graph = import_graph(tmp_path)
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
