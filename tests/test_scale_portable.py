"""A portable ingest: the lock by ``filelock`` (no ``fcntl``), no ``resource`` at import time,
worker processes started by ``spawn`` (forced on Linux) giving exactly the rows of a 1-worker ingest.

``canonical`` / ``assert_same_tables`` are also used by the Dask tests (test_dask_ingest.py)."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import TABLES, read_table
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.dataset.workers import START_METHOD_ENV, start_method
from tractor_analysis.simulate import simulate, write_matches

_WRITE_ONLY = ("batch", "ingested_at")
"""Columns that say when and by which batch a row was written: they differ between two ingests."""


def canonical(root: Path, table: str) -> list[tuple]:
    """Every committed row of ``table`` as a tuple of plain values, sorted; ``batch`` and
    ``ingested_at`` left out, paths as given."""
    t = read_table(str(root), table)
    cols = [c for c in t.column_names if c not in _WRITE_ONLY]
    return sorted(zip(*(map(repr, t.column(c).to_pylist()) for c in cols)))     # (built a column at a time)


def assert_same_tables(a: Path, b: Path) -> None:
    for table in TABLES:
        ra, rb = canonical(a, table), canonical(b, table)
        assert ra == rb, f"table {table} differs: {len(ra)} rows against {len(rb)}"


def make_corpus(root: Path, matches: int = 8, seed: int = 71, corrupt: bool = True,
                max_hands: int = 4) -> list[str]:
    """Simulated matches as .tgn files and a .jsonl, plus (``corrupt``) a file that does not parse
    and one that is not UTF-8 text: the error rows must land too."""
    ms = list(simulate(matches, seed, violation_rate=0.05, max_hands=max_hands))
    write_matches(ms[: matches - 3], str(root / "tgn"), "tgn")
    write_matches(ms[matches - 3:], str(root / "jl"), "jsonl", per_file=10)
    if corrupt:
        (root / "bad").mkdir()
        (root / "bad" / "broken.tgn").write_text('[Event "x"]\n[Hand "1"]\nthis is not a record {\n', "utf-8")
        (root / "bad" / "binary.tgn").write_bytes(b"\x00\xff\xfe garbage \x81\x82")
    return sorted(str(p) for p in root.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> list[str]:
    return make_corpus(tmp_path_factory.mktemp("portable-corpus"))


def test_no_fcntl_and_no_resource_at_import_time():
    """The dataset modules import where ``fcntl`` and ``resource`` do not exist (Windows):
    a child interpreter with both made unimportable imports them and reads peak RSS as 0."""
    code = textwrap.dedent("""
        import sys
        sys.modules["fcntl"] = None
        sys.modules["resource"] = None
        import tractor_analysis.dataset.commit, tractor_analysis.dataset.pipeline as p
        import tractor_analysis.cli.ingest_cmd, tractor_analysis.cli.stats_cmd
        print(p.peak_rss_kb())
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "0"
    src = Path(__file__).parents[1] / "tractor_analysis" / "dataset" / "commit.py"
    assert "fcntl" not in src.read_text("utf-8")


def test_peak_rss_where_available():
    from tractor_analysis.dataset.pipeline import peak_rss_kb

    assert peak_rss_kb() > 1000          # Linux: this interpreter holds more than 1 MB


def test_start_method_env(monkeypatch):
    monkeypatch.setenv(START_METHOD_ENV, "spawn")
    assert start_method(False) == "spawn"
    monkeypatch.setenv(START_METHOD_ENV, "no-such-method")
    with pytest.raises(ValueError, match=START_METHOD_ENV):
        start_method(False)
    monkeypatch.delenv(START_METHOD_ENV)
    expected = ("forkserver", "fork") if sys.platform.startswith("linux") else ("spawn", "spawn")
    assert (start_method(True), start_method(False)) == expected


def test_spawn_ingest_equals_one_worker(corpus, tmp_path, monkeypatch):
    """Workers started by ``spawn`` (forced on Linux) inherit nothing from the parent: every
    table equals a 1-worker ingest's, error rows included."""
    one = tmp_path / "one"
    s1 = ingest(corpus, str(one), workers=1, flush_hands=6)
    monkeypatch.setenv(START_METHOD_ENV, "spawn")
    two = tmp_path / "spawn"
    s2 = ingest(corpus, str(two), workers=2, flush_hands=6)
    assert s1.errors > 0 and s1.with_errors == 2          # the corrupt files are stored as errors
    assert (s2.added, s2.hands, s2.errors, s2.violations) == (s1.added, s1.hands, s1.errors, s1.violations)
    assert_same_tables(one, two)
    # a second run adds nothing
    assert ingest(corpus, str(two), workers=2).added == 0
    assert_same_tables(one, two)


def test_spawn_ingest_through_the_cli(corpus, tmp_path):
    """``tractor ingest --workers 2`` in a fresh process with spawn forced, and a rules override
    (the rule choice crosses to the workers by pickling)."""
    import os

    env = dict(os.environ, **{START_METHOD_ENV: "spawn"})
    out = tmp_path / "cli"
    cmd = [sys.executable, "-m", "tractor_analysis.cli.main", "ingest", *corpus, "-o", str(out), "-q",
           "--workers", "2", "--rules", "tournament"]
    res = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert res.returncode == 2, res.stderr           # the corrupt files: exit status 2
    assert "ingested" in res.stderr
    ref = tmp_path / "ref"          # the same command with one worker, run in this process
    res1 = CliRunner().invoke(main, cmd[3:-5] + ["-o", str(ref), "-q", "--rules", "tournament"])
    assert res1.exit_code == 2, res1.stderr
    assert_same_tables(ref, out)
    assert set(read_table(str(out), "files").column("rules_override").to_pylist()) == {"tournament"}


def test_lock_is_exclusive_between_processes(tmp_path):
    """The filelock on DATASET/_lock excludes another process until released."""
    from tractor_analysis.dataset import dataset_lock

    code = textwrap.dedent(f"""
        from filelock import FileLock, Timeout
        try:
            FileLock({str(tmp_path / "_lock")!r}).acquire(timeout=0.2)
            print("acquired")
        except Timeout:
            print("locked")
    """)
    with dataset_lock(str(tmp_path)):
        held = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    free = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (held.stdout.strip(), free.stdout.strip()) == ("locked", "acquired")
