"""The import contract (docs/ARCHITECTURE.md "The layers"), read from the source: every
``import`` and ``from … import`` of the package, those inside functions and under
``TYPE_CHECKING`` included, since a function-local import is still a dependency.

A layer may import the layers below it, never one above it; modules of one layer may import
each other but not in a circle. The imports that break the contract today are listed in
``KNOWN``: the test fails on any other, and also when one of them is mended and still listed
(so the list only shrinks).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "unoparty"

# Bottom first. A module is placed by its first name below ``unoparty``.
LAYERS: list[tuple[str, set[str]]] = [
    ("ground", {"cards", "rules", "errors", "bidi"}),
    ("engine", {"engine"}),
    ("game", {"game", "notation"}),
    ("words", {"i18n", "narrate", "move_words", "refusal_words", "rulebook", "table_words",
               "player_names"}),
    ("content", {"bots", "scenarios", "practice", "simulate", "replay", "playout", "lab"}),
    ("progress", {"progress", "store", "access", "unsaved", "hub_store"}),
    ("session", {"session"}),
    ("views", {"views"}),
    ("delivery", {"cli", "commands", "serve", "app", "__main__", "__init__", "extract",
                  "notebook_clean", "kernel_pool", "app_kernel", "learner_server", "app_logout", "process"}),
]
RANK = {name: rank for rank, (_, names) in enumerate(LAYERS) for name in names}

# (importing module, imported module) that break the contract today (issue 18 mends them).
KNOWN: set[tuple[str, str]] = set()
KNOWN_CIRCLES: set[frozenset[str]] = set()


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def _imports_of(source: str, mod: str, is_package: bool = False) -> set[str]:
    """The modules of the package that `source` (the text of module `mod`, dotted below
    ``unoparty``; `is_package` for an ``__init__.py``) imports, wherever the import is: at the
    top, inside a function, under ``TYPE_CHECKING``."""
    package = mod.split(".") if is_package else mod.split(".")[:-1]
    if mod == "__init__":
        package = []
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
                prefix = ".".join(base + ([node.module] if node.module else []))
            elif node.module and (node.module == "unoparty" or node.module.startswith("unoparty.")):
                prefix = node.module[len("unoparty"):].lstrip(".")
            else:
                continue
            for alias in node.names:
                full = f"{prefix}.{alias.name}" if prefix else alias.name
                # `from pkg import name`: a submodule if such a file exists, else pkg itself
                sub = PACKAGE.joinpath(*full.split("."))
                targets.append(full if sub.with_suffix(".py").is_file() or sub.is_dir() else prefix)
        elif isinstance(node, ast.Import):
            targets = [a.name[len("unoparty."):] for a in node.names if a.name.startswith("unoparty.")]
        found.update(t for t in targets if t and t != mod)
    return found


def _imports() -> dict[str, set[str]]:
    """Each module of the package → the modules of the package it imports (dotted below
    ``unoparty``; ``from . import x`` counts as importing ``x``)."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        mod = _module(path)
        found[mod] |= _imports_of(path.read_text(encoding="utf-8"), mod, path.name == "__init__.py")
    return found


def _circles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The circles of `graph`, of any length: its strongly connected components of more
    than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    members.add(top)
                    if top == node:
                        break
                if len(members) > 1:
                    found.add(frozenset(members))
    return found


def _rank(mod: str) -> int:
    return RANK[mod.split(".")[0]]


def test_every_module_has_a_layer() -> None:
    modules = {_module(p) for p in PACKAGE.rglob("*.py")}
    unplaced = sorted(m for m in modules if m.split(".")[0] not in RANK)
    assert not unplaced, f"place these in LAYERS (and docs/ARCHITECTURE.md): {unplaced}"


def test_nothing_imports_upward() -> None:
    upward = {(m, t) for m, ts in _imports().items() for t in ts
              if t.split(".")[0] in RANK and _rank(t) > _rank(m)}
    assert upward - KNOWN == set(), f"imports that break the layers: {sorted(upward - KNOWN)}"
    assert KNOWN - upward == set(), f"mended — remove from KNOWN: {sorted(KNOWN - upward)}"


def test_no_circles_between_modules() -> None:
    circles = _circles(_imports())
    assert circles - KNOWN_CIRCLES == set(), sorted(map(sorted, circles - KNOWN_CIRCLES))
    assert KNOWN_CIRCLES - circles == set(), f"mended — remove: {KNOWN_CIRCLES - circles}"


def test_circles_of_any_length_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e2"}, "e2": {"e"}}
    assert _circles(graph) == {frozenset({"a", "b", "c"}), frozenset({"e", "e2"})}
    assert _circles({"a": {"b"}, "b": {"c"}, "c": set()}) == set()


def test_the_reader_sees_function_local_imports() -> None:
    source = """
from __future__ import annotations
from typing import TYPE_CHECKING
from ..i18n import _
from . import common
import unoparty.engine.moves
if TYPE_CHECKING:
    from ..engine.events import Event
def later():
    from ..refusal_words import explain
    from unoparty.bots import basic
"""
    assert _imports_of(source, "views.board") == {
        "i18n", "views.common", "engine.moves", "engine.events", "refusal_words", "bots.basic"}
    # and in the package: views/teacher.py reads the curricula inside functions only
    assert "views.curricula" in _imports()["views.teacher"]
