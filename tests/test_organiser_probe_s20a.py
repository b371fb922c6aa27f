"""An analyst's and an organiser's findings (session 20, tester T2).  Each test fails on the code before.

1. A folder scan names the files it did not read (not record names) on stderr, one bilingual line, and
   leaves the exit status as it is; a record suffix in capitals (``UPPER.TGN``) is read.
2. Empty files are no copies of one another: each gets its own ``empty_file`` error row.
3. docs/dataset.md says that a match's ``#n`` in a JSON Lines file counts the matches read, not the lines.
4. ``standings --format csv`` gives a level difference known only as a range (``level_diff_min`` / ``_max``).
5. Words: no ``data//errors``, "1 match counted" (not "match(es)"); the stats note on a match recorded
   twice (tests/test_ux_stats.py) says which copy is counted.
"""
from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.dataset import read_table
from tractor_analysis.dataset.event_warnings import warnings
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records.input_files import iter_inputs
from tractor_analysis.records import format_jsonl
from tractor_analysis.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "sample_logs" / "spring-cup-r2t5.tgn"
"""A legal record (``check`` exits 0 on it)."""
OTHERS = ("d.tgn.bz2", "d.zip", "game.txt", "m4.pgn")


@pytest.fixture
def mixed(tmp_path) -> Path:
    """A folder as a Windows user keeps it: a record, a record in capitals, and four files of other names."""
    folder = tmp_path / "in3"
    folder.mkdir()
    shutil.copy(LEGAL, folder / "a.tgn")
    (folder / "UPPER.TGN").write_text(LEGAL.read_text("utf-8").replace("Spring Cup", "Spring Cup B"), "utf-8")
    (folder / "game.txt").write_text(LEGAL.read_text("utf-8").replace("Spring Cup", "Spring Cup C"), "utf-8")
    for name in ("d.tgn.bz2", "d.zip", "m4.pgn"):
        (folder / name).write_bytes(b"PK\x03\x04 not a record")
    return folder


def _note(stderr: str) -> str:
    (line,) = [ln for ln in stderr.splitlines() if "were not read" in ln or "was not read" in ln]
    return line


def test_a_folder_scan_passes_over_other_names_and_says_which(mixed):
    passed: list[Path] = []
    found = [p.name for p in iter_inputs([mixed], passed_over=passed)]
    assert found == ["UPPER.TGN", "a.tgn"]               # a record suffix in any case is read
    assert sorted(p.name for p in passed) == sorted(OTHERS)


def test_check_names_the_files_it_did_not_read_and_exits_as_before(mixed):
    r = run_cli("check", str(mixed))                    # exit 0: a notice, the exit status is the records'
    assert "2 files, " in r.stdout
    en, zh = bilingual(_note(r.stderr))
    assert en.startswith("4 files in the folders given were not read: not named as a record")
    assert ".tgn, .json, .jsonl, .ndjson" in en and "in any case" in en
    for name in OTHERS:
        assert str(mixed / name) in en and str(mixed / name) in zh
    assert "4 个文件未读取" in zh
    # a file named on the command line is read, whatever its name, and not named as passed over
    r = run_cli("check", str(mixed), str(mixed / "game.txt"))
    assert "3 files, " in r.stdout
    assert _note(r.stderr).startswith("3 files") and "game.txt" not in _note(r.stderr)


def test_ingest_names_them_too_but_not_the_tables_of_a_dataset_inside(mixed):
    for run in range(2):
        r = run_cli("ingest", str(mixed), "-o", str(mixed / "data"), "-q")
        en, _ = bilingual(_note(r.stderr))
        assert en.startswith("4 files in the folders given were not read"), run
        assert "parquet" not in en and "_lock" not in en, run
    assert read_table(str(mixed / "data"), "files").num_rows == 2
    many = mixed.parent / "many"
    many.mkdir()
    for k in range(7):
        (many / f"x{k}.txt").write_text("?", "utf-8")
    r = run_cli("check", str(many), code=2)         # no record in it: as before
    assert "7 files in the folders given were not read" in r.stderr and "and 2 more" in r.stderr
    assert "另有 2 个" in r.stderr


@pytest.mark.parametrize("workers", [1, 2])
def test_empty_files_are_each_an_empty_file_not_copies(tmp_path, workers):
    folder = tmp_path / "broken"
    folder.mkdir()
    for name in ("empty.json", "empty.jsonl", "empty.tgn"):
        (folder / name).write_bytes(b"")
    root = str(tmp_path / "ds")
    summary = ingest([str(folder / n) for n in ("empty.json", "empty.jsonl", "empty.tgn")], root, workers=workers)
    assert summary.copies == () and summary.added == 3
    errors = read_table(root, "errors", ["source_file", "code", "line"]).to_pylist()
    assert sorted((e["source_file"].rsplit("/", 1)[-1], e["code"], e["line"]) for e in errors) == [
        ("empty.json", "empty_file", 1), ("empty.jsonl", "empty_file", 1), ("empty.tgn", "empty_file", 1)]
    again = ingest([str(folder / n) for n in ("empty.json", "empty.jsonl", "empty.tgn")], root, workers=workers)
    assert (again.skipped, again.added, again.copies) == (3, 0, ())
    assert len(again.skipped_with_errors) == 3              # named on every run, as any file with errors
    assert read_table(root, "errors", ["code"]).num_rows == 3
    r = run_cli("ingest", str(folder), "-o", str(tmp_path / "cli"), "-q", code=2)
    assert "same content" not in r.stderr
    assert r.stderr.count("empty file: 0 bytes") == 3


def test_the_dataset_doc_says_what_a_match_number_in_a_json_lines_file_counts(tmp_path):
    doc = (ROOT / "docs" / "dataset.md").read_text("utf-8")
    assert "`#n` counts the matches read from the file" in doc
    # the match's line is a column (matches.jsonl_line), which the doc says beside the name (it once said none did)
    assert "keeps no match's line" not in " ".join(doc.split()) and "column `jsonl_line` gives it" in doc
    # what it says: the match on line 3, after a line cut short, is #2 (match_index 1); its violations say line 3
    lines = format_jsonl(simulate(2, 77, violation_rate=0.2, max_hands=2)).splitlines()
    path = tmp_path / "midcut.jsonl"
    path.write_text("\n".join([lines[0], lines[1][: len(lines[1]) // 2], lines[1]]) + "\n", "utf-8")
    ingest([str(path)], str(tmp_path / "ds"))
    ((index, line),) = [(r["match_index"], r["jsonl_line"])
                        for r in read_table(str(tmp_path / "ds"), "matches").to_pylist() if r["match_index"] != 0]
    assert (index, line) == (1, 3)
    violations = read_table(str(tmp_path / "ds"), "violations", ["match_id", "line"]).to_pylist()
    assert {v["line"] for v in violations if v["match_id"].endswith("-1")} == {3}


def test_the_standings_csv_keeps_a_level_difference_known_as_a_range(tmp_path):
    from test_stopped_final_levels_s18q import _event

    rec = _event(tmp_path)
    r = run_cli("standings", str(rec), "--format", "csv")
    rows = {row["team"]: row for row in csv.DictReader(io.StringIO(r.stdout))}
    gamma, delta, iota = rows["Gamma"], rows["Delta"], rows["Iota"]
    assert (gamma["level_diff"], gamma["level_diff_min"], gamma["level_diff_max"]) == ("", "1", "3")
    assert (delta["level_diff"], delta["level_diff_min"], delta["level_diff_max"]) == ("", "-3", "-1")
    assert (iota["level_diff"], iota["level_diff_min"], iota["level_diff_max"]) == ("1", "", "")


def test_an_ingest_re_run_names_the_errors_table_without_a_double_slash(tmp_path):
    bad = tmp_path / "in"
    bad.mkdir()
    (bad / "bad.tgn").write_text("[Event \"x\"]\nnot a record\n", "utf-8")
    out = str(tmp_path / "data") + "/"
    run_cli("ingest", str(bad), "-o", out, "-q", code=2)
    r = run_cli("ingest", str(bad), "-o", out, "-q", code=2)
    assert "have errors stored by an earlier ingest" in r.stderr
    assert "//" not in r.stderr and f"({tmp_path / 'data' / 'errors'})" in r.stderr


def test_a_round_of_one_match_counted_says_match():
    from test_byes_walkovers import GAMES, m

    (note,) = [n for n in warnings(GAMES + [m(3, "P", "Q", (3, 2))], GAMES + [m(3, "P", "Q", (3, 2))])
               if "round 3: no match counted" in n]
    assert "round 3 has 1 match counted (round 1: 2, round 2: 2)" in note and "match(es)" not in note
