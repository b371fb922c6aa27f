"""The one build mechanism of the compiled cores (setup.py's COMPILED, loaded by records.compiled)."""
from __future__ import annotations

import ast
import importlib
import shutil
from pathlib import Path

import pytest

from tractor_analysis.records import compiled

ROOT = Path(__file__).resolve().parent.parent


def _declared() -> list[tuple[str, list[str]]]:
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "COMPILED":
            return ast.literal_eval(node.value)
    raise AssertionError("setup.py declares no COMPILED list")


def test_a_missing_core_gives_none_and_one_bilingual_notice(capsys, monkeypatch):
    monkeypatch.delenv(compiled.PURE_PYTHON_ENV, raising=False)
    monkeypatch.setattr(compiled, "_noticed", set())
    assert compiled.load("tractor_analysis._no_such_core", "test core", "测试核心") is None
    assert compiled.load("tractor_analysis._no_such_core", "test core", "测试核心") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "test core" in err and "测试核心" in err and "pure-Python" in err


def test_the_environment_forces_the_pure_python_code(capsys, monkeypatch):
    monkeypatch.setenv(compiled.PURE_PYTHON_ENV, "1")
    assert compiled.load("json", "json", "json") is None
    monkeypatch.setenv(compiled.PURE_PYTHON_ENV, "0")
    assert compiled.load("json", "json", "json") is importlib.import_module("json")
    assert capsys.readouterr().err == ""


def test_every_declared_source_exists():
    for module, sources in _declared():
        assert module.startswith("tractor_analysis."), module
        for s in sources:
            assert (ROOT / s).is_file(), s


@pytest.mark.skipif(shutil.which("gcc") is None, reason="no compiler: the pure-Python code runs")
def test_every_declared_core_was_built_here():
    """With gcc on the machine (as `make test` has it), a core that failed to build is a failure,
    not a silent fall back to the slow code."""
    for module, _ in _declared():
        importlib.import_module(module)
