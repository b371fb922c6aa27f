"""A command imports only what it uses (issue 27): ``tractor check`` starts without the solver, the
reports, the dataset or pandas, and every command is still listed and runs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tractor_analysis.cli.main import COMMANDS, main

ROOT = Path(__file__).resolve().parent.parent

_PROBE = """
import sys
from tractor_analysis.cli.main import main
sys.argv = ["tractor"] + sys.argv[1:]
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in sys.modules if m.split(".")[:2] in (["tractor_analysis", "analysis"],
               ["tractor_analysis", "reports"], ["tractor_analysis", "dataset"]) or m.split(".")[0] in
               ("pandas", "pyarrow", "duckdb", "jinja2", "matplotlib"))
print(heavy, file=sys.stderr)
"""


def _modules_after(*args: str) -> str:
    out = subprocess.run([sys.executable, "-c", _PROBE, *args], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    return out.stderr.strip().splitlines()[-1]


def test_check_imports_neither_the_solver_nor_the_reports_nor_the_dataset():
    assert _modules_after("check", "sample_logs/disputed-trick.tgn", "--json") == "[]"


def test_every_command_is_listed_and_loads():
    assert sorted(main.commands) == sorted(COMMANDS)
    for name in COMMANDS:
        assert main.commands[name].name == name
        assert main.commands.get(name) is main.commands[name]
    assert main.commands.get("no-such-command") is None


_BLAS_PROBE = """
import os, sys
os.environ.pop("OPENBLAS_NUM_THREADS", None)
if len(sys.argv) > 1:
    os.environ["OPENBLAS_NUM_THREADS"] = sys.argv[1]
sys.argv = ["tractor", "--help"]
from tractor_analysis.cli import run
try:
    run()
except SystemExit:
    pass
import numpy  # noqa: F401  (loads OpenBLAS, as pyarrow does when a command imports it)
print(os.environ.get("OPENBLAS_NUM_THREADS"), len(os.listdir("/proc/self/task")), file=sys.stderr)
"""


def _blas_threads_after(*preset: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", _BLAS_PROBE, *preset], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    return out.stderr.strip().splitlines()[-1].split()


@pytest.mark.skipif(not os.path.isdir("/proc/self/task") or (os.cpu_count() or 1) < 2,
                    reason="counts the process's threads in /proc; OpenBLAS starts none on one CPU")
def test_the_command_caps_openblas_at_one_thread_unless_told_otherwise():
    """OpenBLAS's threads, started when numpy loads (pyarrow imports it), spin on the other cores:
    about 0.13 CPU-s a process that does no linear algebra.  The console script asks for one thread
    before anything imports numpy, and keeps a value the user set: with one thread numpy's import
    leaves the process with its main thread alone, with the user's 4 it has more."""
    assert _blas_threads_after() == ["1", "1"]
    setting, threads = _blas_threads_after("4")
    assert setting == "4" and int(threads) > 1


_INGEST_PROBE = """
import sys
from tractor_analysis.cli import run
sys.argv = ["tractor"] + sys.argv[1:]
import atexit
atexit.register(lambda: print(sorted(m for m in sys.modules if m.startswith("tractor_analysis.records.")),
                              file=sys.stderr))
run()
"""


def test_ingest_of_json_imports_no_tgn_reader(tmp_path):
    """A JSON input never needs the ``.tgn`` reader nor the JSON writer (the records package names
    them lazily: issue 27, thirteenth pass); a ``.tgn`` input still gets its reader."""
    def records_modules(source: str) -> str:
        out = subprocess.run([sys.executable, "-c", _INGEST_PROBE, "ingest", source, "-o", str(tmp_path / source[-4:]),
                              "-q"], cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        return out.stderr.strip().splitlines()[-1]

    json_run = records_modules("tests/data/golden/corpus/matches-0001.jsonl")
    assert "json_reader" in json_run and "tgn_reader" not in json_run and "json_writer" not in json_run
    assert "tgn_reader" in records_modules("sample_logs/disputed-trick.tgn")


def test_records_package_names_are_its_modules():
    """Every name the records package lists is its module's object, found on first use."""
    import importlib

    import tractor_analysis.records as records

    for name in records.__all__:
        module = importlib.import_module(f"tractor_analysis.records.{records._WHERE[name]}")
        assert getattr(records, name) is getattr(module, name)
    assert set(records.__all__) <= set(dir(records))
    # the names written out for type checkers (under TYPE_CHECKING) are the same, from the same modules
    import ast

    tree = ast.parse(open(records.__file__, encoding="utf-8").read())
    typed = {alias.name: node.module for block in tree.body if isinstance(block, ast.If)
             for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert typed == records._WHERE
    with pytest.raises(AttributeError):
        records.no_such_name  # noqa: B018
    from tractor_analysis.records import compiled, format_tgn  # a module and a name, as before
    assert compiled.__name__ == "tractor_analysis.records.compiled" and callable(format_tgn)
