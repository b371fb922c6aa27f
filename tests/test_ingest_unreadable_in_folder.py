"""Nothing found is skipped unsaid (docs/dataset.md, "Incremental and safe"): a record file's name
a folder scan (or a glob) finds but cannot read — a broken link, a folder named ``x.tgn`` (tests run
as root: no permission would not stop a read) — is an ``unreadable_file`` error of ``ingest`` (an
``errors`` row, exit 2) and of ``check``; and a re-run that skips files stored with errors names
them and exits 2 again, as the first run did."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate

TRACTOR = [sys.executable, "-m", "tractor_analysis.cli.main"]
POSIX = sys.platform != "win32"


def run(*args, cwd=None):
    return subprocess.run([*TRACTOR, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=300)


@pytest.fixture()
def odd(tmp_path) -> Path:
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "good.tgn").write_text(format_tgn(next(iter(simulate(1, 11, max_hands=2)))), encoding="utf-8")
    if POSIX:
        os.symlink(tmp_path / "nonexistent" / "x.tgn", folder / "broken.tgn")
    (folder / "dir.tgn").mkdir()
    return folder


def unreadable_names(odd: Path) -> list[str]:
    return ["broken.tgn", "dir.tgn"] if POSIX else ["dir.tgn"]


def test_a_folder_scan_stores_an_unreadable_record_file_as_an_error(odd, tmp_path):
    ds = tmp_path / "ds"
    r = run("ingest", "odd", "-o", ds, "-q", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    con = duckdb.connect()
    files = dict(con.execute(f"select source_file, status from read_parquet('{ds}/files/*.parquet')").fetchall())
    errors = con.execute(f"select source_file, code from read_parquet('{ds}/errors/*.parquet') order by 1").fetchall()
    names = unreadable_names(odd)
    assert {Path(p).name: s for p, s in files.items()} == {"good.tgn": "ok", **{n: "unreadable" for n in names}}
    assert [(Path(p).name, c) for p, c in errors] == [(n, "unreadable_file") for n in names]
    for n in names:
        assert f"odd/{n}" in r.stderr


def test_a_glob_hit_that_is_a_broken_link_is_an_error(odd, tmp_path):
    if not POSIX:
        pytest.skip("symbolic links")
    ds = tmp_path / "ds"
    r = run("ingest", "odd/b*.tgn", "-o", ds, "-q", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert "odd/broken.tgn" in r.stderr
    errors = duckdb.connect().execute(f"select source_file, code from read_parquet('{ds}/errors/*.parquet')").fetchall()
    assert errors == [("odd/broken.tgn", "unreadable_file")]


def test_check_names_an_unreadable_record_file_of_a_folder(odd, tmp_path):
    r = run("check", "odd", cwd=tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    text = r.stdout + r.stderr
    for n in unreadable_names(odd):
        assert any(line.startswith(f"odd/{n}: cannot read") for line in text.splitlines()), text


def test_a_rerun_names_the_files_stored_with_errors_and_exits_2(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.tgn").write_text(format_tgn(next(iter(simulate(1, 12, max_hands=2)))), encoding="utf-8")
    (folder / "empty.tgn").write_text("", encoding="utf-8")
    ds = tmp_path / "ds"
    first = run("ingest", "in", "-o", ds, "-q", cwd=tmp_path)
    assert first.returncode == 2, first.stderr
    for workers in (1, 2):
        again = run("ingest", "in", "-o", ds, "-q", "-j", workers, cwd=tmp_path)
        assert again.returncode == 2, again.stderr
        assert "1 of the 2 files already in the dataset have errors stored by an earlier ingest" in again.stderr
        assert "in/empty.tgn" in again.stderr and "in/good.tgn" not in again.stderr
        assert f"{ds}/errors" in again.stderr
        assert "; errors / " in again.stderr and "; ok / " not in again.stderr


def test_a_rerun_over_clean_files_still_exits_0(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.tgn").write_text(format_tgn(next(iter(simulate(1, 13, max_hands=2)))), encoding="utf-8")
    ds = tmp_path / "ds"
    assert run("ingest", "in", "-o", ds, "-q", cwd=tmp_path).returncode == 0
    again = run("ingest", "in", "-o", ds, "-q", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "have errors stored" not in again.stderr and "; ok / " in again.stderr


def test_a_name_only_warning_is_not_charged_to_a_copy_under_another_name(tmp_path):
    """An analyst's tester: ``a.tgn.gz`` (plain bytes: ``not_gzip``, a warning about its name) stored first, then
    ``b.tgn`` with the same bytes was named on every later run as a file "with errors stored by an earlier
    ingest" (exit 2), sending the user to tables that never name it.  The warning is the other name's: ``b.tgn``
    is clean; ``a.tgn.gz`` is still named, and a copy stored under another path says which."""
    folder = tmp_path / "in"
    folder.mkdir()
    text = format_tgn(next(iter(simulate(1, 14, max_hands=2))))
    (folder / "a.tgn.gz").write_text(text, encoding="utf-8")
    (folder / "b.tgn").write_text(text, encoding="utf-8")
    ds = tmp_path / "ds"
    first = run("ingest", "in", "-o", ds, "-q", cwd=tmp_path)
    assert "in/b.tgn: same content as another input, in/a.tgn.gz" in first.stderr, first.stderr
    alone = run("ingest", "in/b.tgn", "-o", ds, "-q", cwd=tmp_path)
    assert alone.returncode == 0, alone.stderr
    assert "have errors stored" not in alone.stderr
    again = run("ingest", "in/a.tgn.gz", "-o", ds, "-q", cwd=tmp_path)
    assert again.returncode == 2, again.stderr
    assert "1 of the 1 files already in the dataset have errors stored" in again.stderr
    (folder / "c.tgn.gz").write_text(text, encoding="utf-8")     # the same bytes, also named .gz: the warning fits
    other = run("ingest", "in/c.tgn.gz", "-o", ds, "-q", cwd=tmp_path)
    assert other.returncode == 2, other.stderr
    assert "in/c.tgn.gz (stored as / 存为 in/a.tgn.gz)" in other.stderr
