"""An organiser's four loose ends (session 21).  Each test fails on the code before.

1. ``standings``, ``ratings`` and ``report`` name the files a folder scan passed over (no record's name) on stderr,
   in the one bilingual line ``check`` and ``ingest`` print (``cli.common.passed_over_note``); a file named on the
   command line is read, not named.
2. Two empty gzip files (valid gzip of 0 bytes of text, byte for byte alike) are each an ``empty_file``, not
   copies of one another (plain empty files: tests/test_organiser_probe_s20a.py).
3. ``stats`` marks a player's or team's name read with bad bytes (U+FFFD where its file has a ``decode_error``);
   a name whose record writes U+FFFD itself, in valid UTF-8, is its text: not marked.
4. ``check``'s text numbers a file's matches from 1 (``match #2``) as ``stats`` does (``two.jsonl #2``);
   ``check --json``'s ``match`` stays the index from 0.
"""
from __future__ import annotations

import csv
import gzip
import io
import json
import shutil
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.dataset import read_table
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records import format_jsonl
from tractor_analysis.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "sample_logs" / "spring-cup-r2t5.tgn"
"""A legal record of one match ([East "李娜"])."""


# --- 1. the files a folder scan passes over ------------------------------------------------------------------

def _note(stderr: str) -> str:
    (line,) = [ln for ln in stderr.splitlines() if "in the folders given" in ln and "not read" in ln]
    return line


@pytest.fixture
def folder(tmp_path) -> Path:
    f = tmp_path / "event"
    f.mkdir()
    shutil.copy(LEGAL, f / "r2t5.tgn")
    (f / "scores.txt").write_text("round 2: 3-2\n", "utf-8")
    (f / "photo.jpg").write_bytes(b"\xff\xd8\xff not a record")
    return f


@pytest.mark.parametrize("command", [["standings"], ["ratings"], ["report", "-q", "--no-charts",
                                                                  "--hand-pages", "none", "-o", "{out}"]])
def test_standings_ratings_and_report_name_the_files_a_folder_scan_passed_over(folder, tmp_path, command):
    said = _note(run_cli("check", str(folder)).stderr)        # the words check says it in
    args = [a.format(out=tmp_path / "report") for a in command[1:]]
    r = run_cli(command[0], str(folder), *args)                # a notice: the exit status as it was (0)
    line = _note(r.stderr)
    assert line == said
    en, zh = bilingual(line)
    assert en.startswith("2 files in the folders given were not read")
    for name in ("scores.txt", "photo.jpg"):
        assert str(folder / name) in en and str(folder / name) in zh
    assert "r2t5.tgn" not in line


def test_a_file_named_on_the_command_line_is_read_not_named_as_passed_over(folder):
    r = run_cli("standings", str(folder), str(folder / "photo.jpg"), code=2)       # read: it holds no match
    line = _note(r.stderr)
    assert line.startswith("1 file in the folders given was not read") and "photo.jpg" not in line
    assert "scores.txt" in line


def test_no_note_when_the_scan_passes_over_nothing(tmp_path):
    f = tmp_path / "clean"
    f.mkdir()
    shutil.copy(LEGAL, f / "r2t5.tgn")
    assert "not read" not in run_cli("standings", str(f)).stderr


# --- 2. empty gzip files are no copies ----------------------------------------------------------------------

@pytest.mark.parametrize("workers", [1, 2])
def test_two_empty_gzip_files_are_each_an_empty_file_not_copies(tmp_path, workers):
    folder = tmp_path / "in"
    folder.mkdir()
    empty = gzip.compress(b"", mtime=0)
    for name in ("a.tgn.gz", "b.tgn.gz", "c.jsonl.gz"):
        (folder / name).write_bytes(empty)                    # byte for byte alike: one SHA-256
    paths = [str(folder / n) for n in ("a.tgn.gz", "b.tgn.gz", "c.jsonl.gz")]
    root = str(tmp_path / "ds")
    summary = ingest(paths, root, workers=workers)
    assert summary.copies == () and summary.added == 3
    errors = read_table(root, "errors", ["source_file", "code"]).to_pylist()
    assert sorted((e["source_file"].rsplit("/", 1)[-1], e["code"]) for e in errors) == [
        ("a.tgn.gz", "empty_file"), ("b.tgn.gz", "empty_file"), ("c.jsonl.gz", "empty_file")]
    again = ingest(paths, root, workers=workers)
    assert (again.skipped, again.added, again.copies) == (3, 0, ())
    r = run_cli("ingest", str(folder), "-o", str(tmp_path / "cli"), "-q", code=2)
    assert "same content" not in r.stderr
    assert r.stderr.count("the gzip data holds 0 bytes of text") == 3


def test_a_gzip_with_text_and_its_copy_are_still_copies(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    data = gzip.compress(LEGAL.read_bytes(), mtime=0)
    (folder / "a.tgn.gz").write_bytes(data)
    (folder / "b.tgn.gz").write_bytes(data)
    summary = ingest([str(folder / "a.tgn.gz"), str(folder / "b.tgn.gz")], str(tmp_path / "ds"))
    assert summary.added == 1 and len(summary.copies) == 1


# --- 3. a name read with bad bytes -------------------------------------------------------------------------

def _dataset(tmp_path, east: bytes) -> str:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "r2t5.tgn").write_bytes(LEGAL.read_bytes().replace('[East "李娜"]'.encode(), b'[East "' + east + b'"]'))
    root = str(tmp_path / "ds")
    ingest([str(folder / "r2t5.tgn")], root)
    return root


def test_stats_marks_a_name_read_with_bad_bytes(tmp_path):
    root = _dataset(tmp_path, b"Li\xff\xfeNa")              # not UTF-8, nor clean GBK: read as U+FFFD
    codes = read_table(root, "errors", ["code"])["code"].to_pylist()
    assert codes == ["decode_error"]
    r = run_cli("stats", root, "--table", "summary")
    rows = {ln.split("  ")[0] for ln in r.stdout.splitlines()[3:]}
    assert "Li\ufffd\ufffdNa (garbled bytes / 字节有误)" in rows
    assert {"刘洋", "张伟", "王芳"} <= rows                  # the others as they were
    en, zh = bilingual(next(ln for ln in r.stderr.splitlines() if "not text" in ln))
    assert en.startswith("player or team names read from bytes that are not text") and "选手或队伍名字" in zh
    assert str(Path(root).parent / "in" / "r2t5.tgn") in en and "r2t5.tgn" in zh
    team = run_cli("stats", root, "--by", "team", "--table", "standings").stdout
    assert "Li\ufffd\ufffdNa / 刘洋 (garbled bytes / 字节有误)" in team and "张伟 / 王芳  " in team
    # csv and json are data: the name as the dataset holds it
    data = run_cli("stats", root, "--format", "csv").stdout
    assert {row["player"] for row in csv.DictReader(io.StringIO(data))} == {"Li\ufffd\ufffdNa", "刘洋", "张伟", "王芳"}


def test_a_name_the_record_writes_with_u_fffd_in_valid_utf8_is_not_marked(tmp_path):
    root = _dataset(tmp_path, "Li\ufffdNa".encode())        # valid UTF-8: the record's own character
    assert read_table(root, "errors", ["code"]).num_rows == 0
    r = run_cli("stats", root, "--table", "summary")
    assert "Li\ufffdNa  " in r.stdout and "garbled" not in r.stdout and "not text" not in r.stderr


# --- 4. check's text numbers matches from 1, as stats does ------------------------------------------------------

def test_check_text_numbers_matches_as_stats_does_and_the_json_keeps_the_index(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    path = folder / "two.jsonl"
    path.write_text(format_jsonl(simulate(2, 77, max_hands=2)), "utf-8")
    text = run_cli("check", str(path)).stdout
    heads = [ln.split("  ")[1] for ln in text.splitlines() if "· hand 1 第1局" in ln]
    assert heads == ["match #1 · hand 1 第1局", "match #2 · hand 1 第1局"]
    assert "match 0" not in text
    won = [ln.split("  ")[1] for ln in text.splitlines() if "won the match" in ln]
    assert won == ["match #1 比赛", "match #2 比赛"]
    doc = json.loads(run_cli("check", "--json", str(path)).stdout)["files"][0]
    assert sorted({h["match"] for h in doc["hands"]}) == [0, 1]                 # JSON: as it was, from 0
    assert [m["match"] for m in doc["matches"]] == [0, 1]
    root = str(tmp_path / "ds")
    ingest([str(path)], root)
    labels = [row["match"] for row in json.loads(run_cli("stats", root, "--by", "match", "--format", "json",
                                                         "--table", "summary").stdout)["summary"]]
    assert [lb.split(" (")[0] for lb in labels] == ["two.jsonl #1", "two.jsonl #2"]     # as check's text
