"""What ``tractor ingest`` says about a run's problems, copies and options (docs/dataset.md, "Incremental
and safe"), and the hand page's analysis table on a derived play.  Each test fails on the code before.

1. The problems of a JSON Lines file written across several batches are printed (its first batches
   have an empty ``files`` part: the run's batches used to be read from the ``files`` rows).
2. The snapshot recipe of docs/dataset.md, run by DuckDB, keeps every row of such a dataset.
3. A path that cannot be read is named on every run, and not counted "already in the dataset".
4. An input with the same bytes as an earlier input of the run is said to be one.
5. Options that change stored rows, given when files are skipped as stored: said on stderr.
6. A dataset folder that is an input folder (or holds an input) is refused.
7. The analysis table marks a derived play as the trick table does.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import read_table
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.dataset.segments import SPLIT_ENV
from tractor_analysis.records import format_jsonl
from tractor_analysis.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
TRACTOR = os.path.join(os.path.dirname(sys.executable), "tractor")
BAD_LINE = 2
"""The line of the JSON Lines file that is not JSON: in the file's first batch."""


SAMPLE = ROOT / "sample_logs" / "disputed-trick.tgn"


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> tuple[Path, int]:
    """A JSON Lines file of simulated matches with bad JSON on line :data:`BAD_LINE`, and the most
    bytes of one of its lines (a ``--max-bytes`` just above it makes the file read a line at a time)."""
    lines = format_jsonl(simulate(14, 4242, violation_rate=0.08, max_hands=3)).splitlines()
    lines.insert(BAD_LINE - 1, '{"event": oops}')
    folder = tmp_path_factory.mktemp("big")
    path = folder / "big.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, max(len(x.encode()) for x in lines) + 64


def _ingest_cli(args: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run([TRACTOR, "ingest", *args, "-q"], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {})}, timeout=600)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _files_parts(root: Path) -> list[Path]:
    return sorted((root / "files").glob("part-*.parquet"))


@pytest.mark.parametrize("workers", [1, 2])
def test_the_problems_of_a_file_written_in_several_batches_are_printed(big, tmp_path, workers):
    path, max_bytes = big
    root = tmp_path / "ds"
    env = {SPLIT_ENV: "2000,500"} if workers == 2 else None
    done = _ingest_cli([str(path), "-o", str(root), "--flush-hands", "3", "--max-bytes", str(max_bytes),
                        "-j", str(workers)], env)
    assert len(_files_parts(root)) > 1, "the file was not written in several batches"
    assert read_table(str(root), "files").num_rows == 1
    assert done.returncode == 2
    assert re.search(rf"big\.jsonl:{BAD_LINE}:\d+: invalid JSON", done.stderr), done.stderr
    assert "1 errors in 1 files" in done.stderr


def _recipe() -> list[str]:
    """The statements of docs/dataset.md's "exactly consistent snapshot" recipe."""
    text = (ROOT / "docs" / "dataset.md").read_text("utf-8")
    at = text.index("*an exactly consistent snapshot*")
    blocks = re.findall(r"```sql\n(.*?)```", text[at:], re.S)[:2]
    return [s.strip() for block in blocks for s in block.split(";") if s.strip()]


def test_the_snapshot_recipe_keeps_every_row_of_a_dataset_of_split_files(big, tmp_path, monkeypatch):
    duckdb = pytest.importorskip("duckdb")
    path, max_bytes = big
    monkeypatch.setenv(SPLIT_ENV, "2000,500")
    root = tmp_path / "ds"
    ingest([str(path)], str(root), workers=2, flush_hands=3, max_bytes=max_bytes)
    assert len(_files_parts(root)) > 2
    plays = read_table(str(root), "plays").num_rows
    assert plays > 0
    statements = _recipe()
    counts = [s for s in statements if s.lower().startswith("select count(*)")]
    assert len(counts) == 2, statements
    con = duckdb.connect()
    for s in statements:
        got = con.execute(s.replace("'data/", f"'{root.as_posix()}/")).fetchall()
        if s in counts:
            assert got == [(plays,)], s


def test_an_unreadable_path_is_named_on_every_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "ds"
    for run in range(2):
        r = _invoke("ingest", "nosuch.tgn", "-o", root, "-q")
        assert r.exit_code == 2, r.output
        assert "nosuch.tgn: cannot read nosuch.tgn" in r.stderr and "无法读取文件 nosuch.tgn" in r.stderr, run
    assert "(0 already in the dataset, 1 unreadable, stored as such by an earlier ingest)" in r.stderr
    assert "1 个无法读取" in r.stderr
    assert read_table(str(root), "files").num_rows == 1           # not stored twice


@pytest.mark.parametrize("workers", [1, 2])
def test_a_copy_within_one_run_is_not_already_in_the_dataset(tmp_path, monkeypatch, workers):
    text = SAMPLE.read_text("utf-8")
    for name in ("a.tgn", "b.tgn", "c.tgn"):
        (tmp_path / name).write_text(text + ("\n" if name == "b.tgn" else ""), encoding="utf-8")
    summary = ingest([str(tmp_path / n) for n in ("a.tgn", "b.tgn", "c.tgn")], str(tmp_path / "lib"),
                     workers=workers)
    assert summary.copies == ((str(tmp_path / "c.tgn"), str(tmp_path / "a.tgn")),)
    assert summary.skipped == 0 and summary.added == 2
    monkeypatch.chdir(tmp_path)
    r = _invoke("ingest", "a.tgn", "c.tgn", "-o", "new", "-q")
    assert r.exit_code == 0, r.output
    assert "c.tgn: same content as another input, a.tgn" in r.stderr
    assert "ingested 1 files (0 already in the dataset, 1 same content as another input)" in r.stderr
    assert "1 个与另一输入内容相同" in r.stderr


def test_options_that_change_stored_rows_are_said_to_leave_stored_files_alone(tmp_path):
    root = tmp_path / "ds"
    r = _invoke("ingest", ROOT / "sample_logs", "-o", root, "-q")
    assert r.exit_code == 0, r.output
    assert "keep the rows" not in r.stderr
    again = _invoke("ingest", ROOT / "sample_logs", "-o", root, "-q")
    assert again.exit_code == 0 and "keep the rows" not in again.stderr      # no option: nothing to say
    for options, named in ((["--rules", "tournament"], "--rules"), (["--rule", "throw_penalty=per_card"], "--rule"),
                           (["--analyse", "2"], "--analyse"), (["--max-bytes", "64M"], "--max-bytes")):
        r = _invoke("ingest", ROOT / "sample_logs", "-o", root, "-q", *options)
        assert r.exit_code == 0, r.output
        assert f"4 files already in the dataset keep the rows an earlier ingest stored: {named} changes only" \
            in r.stderr, r.stderr
        assert f"已在数据集中的 4 个文件保留此前导入时存储的数据：{named}" in r.stderr


@pytest.mark.parametrize("args, said", [
    (["rc", "-o", "rc"], "is the input folder rc"),
    (["rc/*.tgn", "-o", "rc"], "holds the input file rc/"),
    (["rc/m.tgn", "-o", "rc"], "holds the input file rc/m.tgn"),
    (["rc", "-o", "."], "holds the input folder rc"),
    (["rc", "-o", "rc/data.json"], "is inside the input folder rc and named as a record file"),
])
def test_a_dataset_folder_mixed_with_the_records_is_refused(tmp_path, monkeypatch, args, said):
    (tmp_path / "rc").mkdir()
    (tmp_path / "rc" / "m.tgn").write_text(SAMPLE.read_text("utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = _invoke("ingest", *args, "-q")
    assert r.exit_code == 2, r.output
    assert said in r.output and "数据表会与记录文件混在一起" in r.output, r.output
    assert not (tmp_path / "rc" / "files").exists() and not (tmp_path / "files").exists()
    assert not (tmp_path / "rc" / "data.json").exists()


def test_a_dataset_folder_inside_the_input_folder_is_fine(tmp_path, monkeypatch):
    (tmp_path / "rc").mkdir()
    (tmp_path / "rc" / "m.tgn").write_text(SAMPLE.read_text("utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for _ in range(2):          # the second run's scan meets the dataset: nothing of it is read
        r = _invoke("ingest", "rc", "-o", "rc/data", "-q")
        assert r.exit_code == 0, r.output
    assert "ingested 0 files (1 already in the dataset)" in r.stderr


def test_the_analysis_table_marks_a_derived_play(tmp_path):
    base = (ROOT / "tests" / "data" / "seed3" / "hand-1.tgn").read_text("utf-8")
    skip14 = base.replace("14. W: CQ, N: S9, E: CJ, S: CK", "14. W: CQ, N: S9, S: CK")  # E's CJ: derived
    assert skip14 != base
    (tmp_path / "rec").mkdir()
    (tmp_path / "rec" / "skip14.tgn").write_text(skip14, encoding="utf-8")
    r = _invoke("ingest", tmp_path / "rec", "-o", tmp_path / "ds", "-q", "--analyse", "3")
    assert r.exit_code == 0, r.output
    plays = read_table(str(tmp_path / "ds"), "plays").to_pylist()
    assert [(p["trick_no"], p["seat"]) for p in plays if p["derived"]] == [(14, "E")]
    r = _invoke("report", tmp_path / "ds", "-o", tmp_path / "rep")
    assert r.exit_code == 0, r.output
    (page,) = (tmp_path / "rep").glob("*-h1.html")
    html = page.read_text("utf-8")
    table = html[html.index('<section class="box" id="analysis">'):]
    table = table[:table.index("</section>")]
    rows = re.findall(r'<tr data-trick="(\d+)" data-seat="(\w)"[^>]*>(.*?)</tr>', table, re.S)
    marked = [(t, s) for t, s, body in rows if 'class="tag derived"' in body]
    assert marked == [("14", "E")], rows
    (body,) = [b for t, s, b in rows if (t, s) == ("14", "E")]
    title = re.search(r'class="tag derived" title="([^"]*)">derived / 推出</span>', body).group(1)
    assert "E played ♣J in trick 14" in title and "第 14 轮东家出 ♣J" in title
    assert "the only one it does not play later" in title       # (every way, legal or not: rules.md §14.1)
    assert "'" not in title
