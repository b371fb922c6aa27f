"""``tractor ingest`` as the console script runs it (issue 27, tenth pass: pyarrow without numpy, no
interpreter teardown at the end, compiled cores) writes the same dataset, prints the same lines and
exits with the same status as the pure-Python reference (``TRACTOR_PURE_PYTHON=1``: numpy's code for
the Arrow columns, every core ruled out): every table, every row and column (sorted; ``batch`` and
``ingested_at`` differ by nature), on ``sample_logs/``, the 80fen, botzone, golden and bad test data
and a simulated corpus with violations under several presets."""
from __future__ import annotations

import glob
import os
import re
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tractor_analysis.records import format_jsonl, format_tgn
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

ROOT = Path(__file__).resolve().parent.parent
TRACTOR = os.path.join(os.path.dirname(sys.executable), "tractor")
VARYING = {"batch", "ingested_at"}


def tables(root: Path) -> dict[str, tuple[str, list]]:
    """Every table of a dataset: its schema and its rows (sorted), without :data:`VARYING`."""
    out = {}
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        parts = [pq.ParquetFile(p).read() for p in sorted(glob.glob(str(folder / "*.parquet")))]
        if not parts:
            continue
        schema = parts[0].schema
        assert all(p.schema.equals(schema) for p in parts), folder
        rows = []
        for p in parts:                 # each row as its (column, value) pairs, built a column at a time
            cols = [c for c in p.column_names if c not in VARYING]
            rows.extend(tuple(zip(cols, r)) for r in zip(*(p.column(c).to_pylist() for c in cols)))
        out[folder.name] = (str(schema), sorted(rows, key=repr))
    return out


def ingest(inputs: list[str], root: Path, pure: bool, workers: int = 1) -> tuple[int, str]:
    """``tractor ingest`` in its own process: (exit status, stderr without the hands per second)."""
    env = {k: v for k, v in os.environ.items() if k != "TRACTOR_PURE_PYTHON"}
    if pure:
        env["TRACTOR_PURE_PYTHON"] = "1"
    done = subprocess.run([TRACTOR, "ingest", *inputs, "-o", str(root), "-q", "--workers", str(workers)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, re.sub(r"[\d,.]+ hands/s", "", done.stderr.replace(str(root), "DS"))


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> Path:
    """Matches with violations under four presets, as one JSON Lines file and as .tgn files."""
    folder = tmp_path_factory.mktemp("sim")
    matches = [simulate_match(27, i, rules=PRESETS[p], violation_rate=0.08, max_hands=4)
               for i, p in enumerate(("standard", "80fen", "three-deck", "tournament", "standard", "botzone"))]
    (folder / "all.jsonl").write_text(format_jsonl(matches), encoding="utf-8")
    for i, m in enumerate(matches[:3]):
        (folder / f"m{i}.tgn").write_text(format_tgn(m), encoding="utf-8")
    return folder


@pytest.mark.parametrize("inputs", [["sample_logs"], ["tests/data/80fen"], ["tests/data/botzone"],
                                    ["tests/data/golden"], ["tests/data/bad"], ["SIM"]])
def test_the_console_script_stores_what_the_pure_python_reference_stores(inputs, simulated, tmp_path):
    inputs = [str(simulated) if i == "SIM" else i for i in inputs]
    fast = ingest(inputs, tmp_path / "fast", pure=False)
    pure = ingest(inputs, tmp_path / "pure", pure=True)
    assert fast == pure
    assert tables(tmp_path / "fast") == tables(tmp_path / "pure")


_PROBE = textwrap.dedent("""
    import atexit, os, sys
    atexit.register(lambda: print("atexit", "numpy" in sys.modules and sys.modules["numpy"] is not None,
                                  "pandas" in sys.modules, "cloudpickle" in sys.modules, flush=True))
    sys.argv = ["tractor"] + sys.argv[1:]
    from tractor_analysis.cli import run
    run()
""")


def _probe(*args: str, pure: bool = False) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "TRACTOR_PURE_PYTHON"}
    if pure:
        env["TRACTOR_PURE_PYTHON"] = "1"
    return subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=600)


def test_ingest_imports_neither_numpy_nor_pandas_and_runs_the_exit_functions(tmp_path):
    """One worker and two: no numpy (pyarrow imported without it), no pandas and no cloudpickle (kept out
    of pyarrow's import, issue 27's eleventh pass; installed here: Dask's); the exit functions
    run before the process ends without its teardown, the exit status and the summary line kept; with
    errors, the problems are printed (``show_errors``, formerly through pandas) and the status is 2."""
    for workers in ("1", "2"):
        done = _probe("ingest", "sample_logs", "-o", str(tmp_path / f"ds{workers}"), "-q", "--workers", workers)
        assert done.returncode == 0 and done.stdout.split() == ["atexit", "False", "False", "False"], done.stdout + done.stderr
        assert "ingested 4 files" in done.stderr
    done = _probe("ingest", "tests/data/bad", "-o", str(tmp_path / "bad"), "-q")
    assert done.returncode == 2 and done.stdout.split() == ["atexit", "False", "False", "False"], done.stdout + done.stderr
    assert "binary.tgn:1:5: binary file" in done.stderr and "… and 26 more" in done.stderr
    pure = _probe("ingest", "sample_logs", "-o", str(tmp_path / "pure"), "-q", pure=True)
    assert pure.returncode == 0 and pure.stdout.split()[0] == "atexit"     # numpy's code for the columns then


def test_the_problems_are_listed_in_the_order_pandas_gave():
    """``show_errors`` sorts by file, line, column with a null last (``sort_values`` did, stably)."""
    import pandas as pd

    from tractor_analysis.cli.ingest_cmd import _error_order

    rows = [{"source_file": f, "line": ln, "column": c, "message": str(i)}
            for i, (f, ln, c) in enumerate([("b", 2, 1), ("a", None, 3), ("a", 1, None), ("a", 1, 2), (None, 1, 1),
                                            ("a", 1, 2), ("b", 0, 0), ("a", None, None), ("a", 1, 1)])]
    frame = pd.DataFrame(rows).astype({"line": "Int32", "column": "Int32"})
    want = list(frame.sort_values(["source_file", "line", "column"], kind="stable")["message"])
    assert [r["message"] for r in sorted(rows, key=_error_order)] == want


def test_no_quick_end_while_a_thread_runs_or_with_a_status_that_is_not_a_number():
    """The process ends the usual way (the interpreter waits for the thread, prints the message)."""
    from tractor_analysis.cli import _end_now

    gate = threading.Event()
    worker = threading.Thread(target=gate.wait)
    worker.start()
    try:
        assert _end_now(0) is None         # returned: a normal exit would wait for the thread
    finally:
        gate.set()
        worker.join()
    assert _end_now("a message") is None and _end_now(300) is None
