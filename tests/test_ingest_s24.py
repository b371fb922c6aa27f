"""Ingest, twenty-fourth stop: what an analyst's tester found.

1. A damaged part of any table (not only ``files`` / ``matches``) stops ``tractor ingest`` and ``tractor stats``
   (docs/dataset.md "Damage"), found from each part's frame (its magic bytes and footer length), not its rows.
2. A folder named as an input with no record file in it is said as ``check`` says it, and stores no ``files`` row.
3. The ingest's summary counts the findings about the record alone as ``check`` does ("record findings").
4. A gzip cut short inside a card: the cut token is no "unknown card" (the truncated-file error says it).
5. The note about one record under two rulesets names them as ``stats --by ruleset`` does, and does not say
   "judged under other rules" where the rules are the same.
"""
from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tractor_analysis.dataset import DatasetError, read_table
from tractor_analysis.dataset.commit import part_files
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.dataset.rules_copies import note, other_rules_copies
from tractor_analysis.records import format_jsonl
from tractor_analysis.records.sources import load_bytes
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate

TRACTOR = [sys.executable, "-m", "tractor_analysis.cli.main"]


def run(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([*TRACTOR, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=300)


def record(seed: int, claim_off: bool = False) -> str:
    """A simulated match of two hands as ``.tgn`` (``claim_off``: its first ``[Claim]`` 5 points off: a
    ``claim_mismatch``, a finding about the record alone)."""
    text = format_tgn(next(iter(simulate(1, seed, max_hands=2))))
    if claim_off:
        claim = re.search(r'\[Claim "(\d+)"\]', text)
        text = text.replace(claim.group(0), f'[Claim "{int(claim.group(1)) + 5}"]', 1)
    return text


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> Path:
    """A dataset with a part in every table: a record with a miscounted claim (a violations row) and one
    with an unreadable line (an errors row)."""
    folder = tmp_path_factory.mktemp("s24")
    (folder / "a.tgn").write_text(record(11, claim_off=True), encoding="utf-8")
    (folder / "b.tgn").write_text(record(12) + "garbage ((( here\n", encoding="utf-8")
    (folder / "c.tgn").write_text(record(13), encoding="utf-8")
    root = folder / "ds"
    ingest([str(folder / "a.tgn"), str(folder / "b.tgn")], str(root))
    for table in ("files", "matches", "hands", "tricks", "plays", "violations", "errors", "records"):
        assert part_files(root, table), table
    return root


def damaged_copy(stored: Path, tmp_path: Path, table: str, how: str) -> tuple[Path, Path]:
    root = tmp_path / "ds"
    shutil.copytree(stored, root)
    part = Path(part_files(root, table)[0])
    data = part.read_bytes()
    part.write_bytes(b"garbage" if how == "garbage" else data[: len(data) // 2])
    return root, part


# --- 1. a damaged part of any table ------------------------------------------------------------

@pytest.mark.parametrize("how", ["garbage", "truncated"])
@pytest.mark.parametrize("table", ["hands", "tricks", "plays", "violations", "errors", "records"])
def test_ingest_stops_on_a_damaged_part_of_any_table(stored, tmp_path, table, how):
    root, part = damaged_copy(stored, tmp_path, table, how)
    before = len(part_files(root, "files"))
    with pytest.raises(DatasetError, match=re.escape(f"damaged part {part.name} of the {table} table")):
        ingest([str(stored.parent / "c.tgn")], str(root))
    assert len(part_files(root, "files")) == before, "a batch was committed into a damaged dataset"


def test_tractor_ingest_and_stats_exit_2_on_a_damaged_errors_part(stored, tmp_path):
    root, part = damaged_copy(stored, tmp_path, "errors", "garbage")
    r = run("ingest", stored.parent / "c.tgn", "-o", root, "-q")
    assert r.returncode == 2, r.stderr
    assert f"damaged part {part.name} of the errors table" in r.stderr
    r = run("stats", root)
    assert r.returncode == 2, r.stderr
    assert f"damaged part {part.name} of the errors table" in r.stderr


def test_tractor_stats_exits_2_on_a_damaged_records_part(stored, tmp_path):
    root, part = damaged_copy(stored, tmp_path, "records", "truncated")
    r = run("stats", root)
    assert r.returncode == 2, r.stderr
    assert f"damaged part {part.name} of the records table" in r.stderr


def test_the_frame_check_passes_whole_parts_and_names_an_emptied_one(stored, tmp_path):
    from tractor_analysis.dataset.reading import check_footers

    check_footers(str(stored))          # every part whole: nothing raised
    root = tmp_path / "ds"
    shutil.copytree(stored, root)
    part = Path(part_files(root, "plays")[0])
    part.write_bytes(b"")
    with pytest.raises(DatasetError, match=re.escape(f"damaged part {part.name} of the plays table")):
        check_footers(str(root))


# --- 2. a folder with no record file ------------------------------------------------------------

@pytest.mark.parametrize("content", [[], ["notes.txt"]])
def test_a_folder_without_records_is_said_as_check_says_it_and_stores_no_file_row(tmp_path, content):
    folder = tmp_path / "emptydir"
    folder.mkdir()
    for name in content:
        (folder / name).write_text("not a record\n", encoding="utf-8")
    r = run("ingest", "emptydir", "-o", "ds", "-q", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    said = run("check", "emptydir", cwd=tmp_path).stdout.splitlines()[0]
    assert said.startswith("emptydir: cannot read emptydir: no record files in this folder"), said
    assert said in r.stderr.splitlines(), r.stderr
    assert "Is a directory" not in r.stderr
    assert "ingested 0 files (0 already in the dataset, 1 folder(s) with no record files)" in r.stderr
    assert "1 个文件夹中没有记录文件" in r.stderr
    assert read_table(str(tmp_path / "ds"), "files").num_rows == 0
    assert read_table(str(tmp_path / "ds"), "errors").num_rows == 0


def test_a_folder_without_records_beside_a_record(tmp_path):
    (tmp_path / "emptydir").mkdir()
    (tmp_path / "c.tgn").write_text(record(13), encoding="utf-8")
    r = run("ingest", "emptydir", "c.tgn", "-o", "ds", "-q", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert "ingested 1 files (0 already in the dataset, 1 folder(s) with no record files)" in r.stderr
    files = read_table(str(tmp_path / "ds"), "files", ["source_file", "status"]).to_pylist()
    assert [(Path(f["source_file"]).name, f["status"]) for f in files] == [("c.tgn", "ok")]


# --- 3. the summary's record findings -----------------------------------------------------------

def counts(line: str) -> dict[str, int]:
    return {w: int(n) for n, w in re.findall(r"(\d+) (violations?|record findings?)\b", line)}


def test_the_ingest_summary_counts_record_findings_as_check_does(tmp_path):
    (tmp_path / "a.tgn").write_text(record(11, claim_off=True), encoding="utf-8")
    (tmp_path / "b.tgn").write_text(record(21, claim_off=True), encoding="utf-8")
    checked = run("check", "a.tgn", "b.tgn", cwd=tmp_path).stdout.splitlines()[-1]
    r = run("ingest", "a.tgn", "b.tgn", "-o", "ds", "-q", cwd=tmp_path)
    summary = r.stderr.splitlines()[-1]
    assert counts(checked).get("record findings") == 2, checked
    assert counts(summary) == counts(checked), (summary, checked)
    assert "2 处记录问题" in summary
    about = read_table(str(tmp_path / "ds"), "violations", ["about"])["about"].to_pylist()
    assert about.count("record") == 2


def test_two_workers_count_the_same_and_a_split_file_row_counts_every_violations_row(tmp_path, monkeypatch):
    """``--workers 2`` on a JSON Lines file cut among the workers: the summary's counts are one worker's, and the
    file's ``files.violations`` counts the record findings too (its rows of the violations table), as one worker
    stores it."""
    from tractor_analysis.dataset.segments import SPLIT_ENV

    lines = format_jsonl(simulate(8, 4242, max_hands=2)).splitlines()
    bad = []
    for i, line in enumerate(lines):
        match = json.loads(line)
        if i % 3 == 0:          # a miscounted claim: a finding about the record alone
            match["hands"][0]["claim"] = (match["hands"][0]["claim"] or 0) + 5
        bad.append(json.dumps(match, ensure_ascii=False))
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join(bad) + "\n", encoding="utf-8")
    monkeypatch.setenv(SPLIT_ENV, "2000,500")
    max_bytes = max(len(x.encode()) for x in bad) + 64
    summaries, files = [], []
    for workers in (1, 2):
        root = tmp_path / f"ds{workers}"
        summaries.append(ingest([str(path)], str(root), workers=workers, max_bytes=max_bytes))
        files.append(read_table(str(root), "files", ["violations"])["violations"].to_pylist())
        about = read_table(str(root), "violations", ["about"])["about"].to_pylist()
        assert summaries[-1].record_findings == about.count("record") >= 3
        assert summaries[-1].violations == len(about) - about.count("record")
        assert files[-1] == [len(about)]
    assert len(part_files(tmp_path / "ds2", "files")) > 1, "the file was not split"
    assert (summaries[0].violations, summaries[0].record_findings) == (summaries[1].violations,
                                                                       summaries[1].record_findings)


# --- 4. a gzip cut inside a card ----------------------------------------------------------------

def cut_gzip(prefix: str, rest: str) -> bytes:
    """A gzip stream of ``prefix + rest`` cut just after ``prefix`` (flushed there): it decodes to ``prefix``
    and ends early."""
    c = zlib.compressobj(wbits=31)
    data = c.compress(prefix.encode()) + c.flush(zlib.Z_SYNC_FLUSH)
    c.compress(rest.encode())
    return data


@pytest.mark.parametrize("where", ["deal", "play"])
def test_a_gzip_cut_inside_a_card_is_no_unknown_card(where):
    text = record(11)
    line = next(x for x in text.splitlines() if (x.startswith("N: ") if where == "deal" else x.startswith("2. ")))
    at = text.index(line) + len(line) - 1         # cut inside the line's last card: its last character left out
    prefix, rest = text[:at], text[at:]
    src = load_bytes(cut_gzip(prefix, rest), "m.tgn.gz")
    codes = [d.code for d in src.diagnostics]
    assert "truncated_file" in codes, codes
    assert "unknown_card" not in codes, [d.message for d in src.diagnostics]


def test_an_unknown_card_before_the_cut_or_in_a_whole_gzip_is_still_said():
    text = record(11)
    deal = next(x for x in text.splitlines() if x.startswith("N: "))
    typo = text.replace(deal, deal + " CX", 1)
    whole = load_bytes(gzip.compress(typo.encode()), "m.tgn.gz")
    assert [d.code for d in whole.diagnostics].count("unknown_card") == 1
    play = next(x for x in typo.splitlines() if x.startswith("2. "))
    at = typo.index(play) + len(play) - 1
    cut = load_bytes(cut_gzip(typo[:at], typo[at:]), "m.tgn.gz")
    codes = [d.code for d in cut.diagnostics]
    assert codes.count("unknown_card") == 1 and "truncated_file" in codes, codes


# --- 5. one record under two rulesets -------------------------------------------------------------

def test_the_note_names_the_rulesets_as_stats_by_ruleset_does(tmp_path):
    text = record(11)
    assert '[Rule:decide_by_levels "on"]' in text
    (tmp_path / "a.tgn").write_text(text, encoding="utf-8")
    (tmp_path / "b.tgn").write_text(text.replace('[Rule:decide_by_levels "on"]\n', ""), encoding="utf-8")
    assert run("ingest", "a.tgn", "-o", "ds", "-q", cwd=tmp_path).returncode == 0
    r = run("ingest", "b.tgn", "-o", "ds", "-q", cwd=tmp_path)
    said = [x for x in r.stderr.splitlines() if "the same record as" in x]
    assert len(said) == 1, r.stderr
    assert "judged under other rules (standard, the other standard+decide_by_levels=on)" in said[0]
    assert "standard+decide_by_levels=on，另一份为" not in said[0]
    assert "（standard，另一份为 standard+decide_by_levels=on）" in said[0]
    by_ruleset = run("stats", "ds", "--by", "ruleset", cwd=tmp_path).stdout
    assert "standard+decide_by_levels=on" in by_ruleset


def test_the_note_does_not_say_other_rules_where_the_rules_are_the_same(tmp_path):
    """Two matches of one record text and the same rules whose keys differ (as a dataset written by an earlier
    version that keyed a match otherwise): the note says the rules are the same, not "judged under other rules"."""
    text = record(11)
    (tmp_path / "a.tgn").write_text(text, encoding="utf-8")
    (tmp_path / "b.tgn").write_text(text + "\n", encoding="utf-8")
    root = tmp_path / "ds"
    ingest([str(tmp_path / "a.tgn")], str(root))
    first = set(part_files(root, "matches"))
    ingest([str(tmp_path / "b.tgn")], str(root))
    (later,) = set(part_files(root, "matches")) - first
    t = pq.read_table(later)
    assert t["duplicate_of"].to_pylist() != [None]          # one key: a copy, as the current version keys it
    names = t.column_names
    t = t.set_column(names.index("match_key"), "match_key", pa.array(["0" * 16], t.schema.field("match_key").type))
    t = t.set_column(names.index("duplicate_of"), "duplicate_of",
                     pa.nulls(1, t.schema.field("duplicate_of").type))
    pq.write_table(t, later)
    (copy,) = other_rules_copies(str(root))
    said = note(copy)
    assert "judged under other rules" not in said and "按不同规则判定" not in said, said
    assert "under the same rules (standard+decide_by_levels=on)" in said, said
    assert "规则也相同（standard+decide_by_levels=on）" in said, said
