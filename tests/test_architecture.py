"""The house shows the pipeline: imports point one way, no import cycles, no giant classes or functions.

Layers, lowest first (see docs/architecture.md)::

    records  →  engine  →  dataset | simulate | analysis  →  reports  →  cli

A module may import its own package and any lower layer, never a higher one nor a package of the
same rank (``dataset``, ``simulate`` and ``analysis`` do not know each other).  Every import counts, also one
inside a function (a deferred import is still a dependency); only ``if TYPE_CHECKING:`` blocks are
left out.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# source folder → the dotted package it installs as (pyproject's package-dir)
SOURCES = {ROOT / "tractor_analysis": "tractor_analysis", ROOT / "cli": "tractor_analysis.cli",
           ROOT / "reports": "tractor_analysis.reports"}
RANK = {"records": 0, "engine": 1, "dataset": 2, "simulate": 2, "analysis": 2, "reports": 3, "cli": 4}
MAX_LINES = 300


def _modules() -> dict[str, Path]:
    found = {}
    for folder, dotted in SOURCES.items():
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder).with_suffix("").parts
            if rel[-1] == "__init__":
                rel = rel[:-1]
            name = ".".join((dotted, *rel))
            if name.startswith("tractor_analysis.cli") and folder != ROOT / "cli":
                continue
            found[name] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path) -> set[str]:
    """The package modules ``name`` imports (resolved to modules of MODULES)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    out: set[str] = set()

    def resolve(target: str) -> str | None:
        while target and target not in MODULES:
            target = target.rpartition(".")[0]
        return target or None

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tractor_analysis"):
                    out.add(resolve(alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.startswith("tractor_analysis"):
                for alias in node.names:
                    full = f"{module}.{alias.name}"
                    out.add(full if full in MODULES else resolve(module))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    out.discard(None)
    out.discard(name)
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else None


def test_the_walker_sees_the_pipeline():
    # guards the test itself: the walker resolves relative imports and finds the real edges
    assert "tractor_analysis.records.cards" in GRAPH["tractor_analysis.engine.order"]
    assert "tractor_analysis.engine.replay" in GRAPH["tractor_analysis.dataset.rows"]
    assert {"tractor_analysis.records", "tractor_analysis.engine", "tractor_analysis.dataset"} <= set(MODULES)
    assert all(_layer(m) in RANK for m in MODULES if m != "tractor_analysis")


def test_no_lower_layer_imports_a_higher_one():
    wrong = []
    for name, targets in GRAPH.items():
        here = _layer(name)
        for target in targets:
            there = _layer(target)
            if here is None or there is None or here == there:
                continue
            if RANK[there] >= RANK[here]:
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def _cycles() -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in GRAPH:
        if start in index:
            continue
        work = [(start, iter(sorted(GRAPH[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(GRAPH.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_import_cycles():
    # a package importing its own submodules (the __init__ re-exports) is not a cycle unless a
    # submodule imports its package back
    assert _cycles() == []


def test_a_cycle_would_be_found():
    saved = dict(GRAPH)
    try:
        GRAPH["tractor_analysis.records.cards"] = GRAPH["tractor_analysis.records.cards"] | {
            "tractor_analysis.records.model"}
        assert ["tractor_analysis.records.cards", "tractor_analysis.records.model"] in _cycles()
    finally:
        GRAPH.clear()
        GRAPH.update(saved)


def _giants() -> list[str]:
    out = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                size = node.end_lineno - node.lineno + 1
                if size > MAX_LINES:
                    out.append(f"{name}.{node.name}: {size} lines")
    return out


def test_no_class_or_function_over_300_lines():
    assert _giants() == []


@pytest.mark.parametrize("package", ["records", "engine", "dataset"])
def test_each_subpackage_says_what_it_owns_and_may_import(package):
    doc = ast.get_docstring(ast.parse((ROOT / "tractor_analysis" / package / "__init__.py").read_text(
        encoding="utf-8")))
    assert doc and "May import" in doc
