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
    monkeypatch.setattr(compiled, "_checked", {})
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
        assert compiled.stale(importlib.import_module(module)) is None, module


def _fake_core(tmp_path, digest: str):
    """A stand-in for a built core in ``tmp_path``: its C source, a header it includes, and the
    module object (``__file__`` beside them, ``SOURCE_DIGEST`` as given)."""
    (tmp_path / "_fake_core.c").write_text('#include <Python.h>\n#include "_fake.h"\nint x;\n')
    (tmp_path / "_fake.h").write_text("int y;\n")
    module = type(importlib)("tractor_analysis._fake_core")
    module.__file__ = str(tmp_path / "_fake_core.cpython-311-x86_64-linux-gnu.so")
    module.SOURCE_DIGEST = digest
    return module


def test_a_core_built_from_other_sources_is_stale_and_not_run(tmp_path, capsys, monkeypatch):
    """A core left from an older build (its new source failed to compile, quietly) is not used beside
    Python code of another version: the pure-Python code runs, with one notice saying why."""
    monkeypatch.delenv(compiled.PURE_PYTHON_ENV, raising=False)
    fake = _fake_core(tmp_path, "0123456789abcdef")
    monkeypatch.setattr(compiled.importlib, "import_module", lambda name: fake)
    monkeypatch.setattr(compiled, "_checked", {})
    assert compiled.stale(fake) is not None
    assert compiled.load("tractor_analysis._fake_core", "test core", "测试核心") is None
    assert compiled.load("tractor_analysis._fake_core", "test core", "测试核心") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stale" in err and "已过期" in err and "_fake_core.c" in err


def test_a_core_built_from_the_sources_beside_it_is_run(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(compiled.PURE_PYTHON_ENV, raising=False)
    fake = _fake_core(tmp_path, "")
    fake.SOURCE_DIGEST = compiled.source_digest(str(tmp_path / "_fake_core.c"))
    monkeypatch.setattr(compiled.importlib, "import_module", lambda name: fake)
    monkeypatch.setattr(compiled, "_checked", {})
    assert compiled.load("tractor_analysis._fake_core", "test core", "测试核心") is fake
    assert capsys.readouterr().err == ""


def test_a_core_without_a_digest_is_not_trusted(tmp_path):
    """Built some other way than setup.py (no digest given to the compiler): not trusted."""
    assert compiled.stale(_fake_core(tmp_path, "")) is not None


def test_the_digest_covers_the_included_headers_and_nothing_else(tmp_path):
    _fake_core(tmp_path, "")
    source = str(tmp_path / "_fake_core.c")
    assert compiled.source_files(source) == [source, str(tmp_path / "_fake.h")]
    before = compiled.source_digest(source)
    (tmp_path / "unrelated.h").write_text("int z;\n")
    assert compiled.source_digest(source) == before
    (tmp_path / "_fake.h").write_text("int y, w;\n")
    assert compiled.source_digest(source) != before


def test_every_core_has_one_source_and_its_headers_are_found():
    """The loader finds a core's source by the module's name (one C file a core), and the headers the
    cores include are found by their `#include "..."` lines (the build's dependencies and digest)."""
    for module, sources in _declared():
        assert len(sources) == 1 and Path(sources[0]).stem == module.rsplit(".", 1)[1], module
        files = compiled.source_files(str(ROOT / sources[0]))
        assert str(ROOT / "tractor_analysis/records/_source_digest.h") in files, module
    assert compiled._included(b'#include <Python.h>\n  #include "a.h"\n// #include "b.h"\nx #include "c.h"\n') == ["a.h"]


def test_without_sources_beside_it_nothing_is_compared(tmp_path):
    """A core installed without its C source beside it: nothing to compare (the loader does not guess)."""
    module = type(importlib)("tractor_analysis._fake_core")
    module.__file__ = str(tmp_path / "_fake_core.cpython-311-x86_64-linux-gnu.so")
    assert compiled.stale(module) is None
