"""A JSON Lines file holds one match a line: a hand skipped on line 2 names the match of line 2, so the
standings (and the report) leave out that match only and count the whole matches of the other lines — from the
file as from its dataset (the ``matches`` column ``jsonl_line``).  Where which match lost the hand is not known —
a ``.json`` document of several matches, a ``.tgn`` of several matches cut short — none of the file's matches
counts, as before (docs/standings.md, *A record that could not be read*)."""
from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from event_helpers import EVENT, bilingual, run_cli

from tractor_analysis.dataset.event import read_inputs
from tractor_analysis.reports.dataset_input import add_dataset
from tractor_analysis.reports.inputs import add_record_file
from tractor_analysis.reports.model import ReportModel

TEAMS = {1: ("Red Lanterns", "Jade Dragons"), 2: ("Plum & Bamboo <梅竹>", "Iron Oxen"),
         3: ("Silver Cranes", "Golden Carp")}
"""The teams of tests/data/event's round-1 tables 1..3."""


def _match(tmp_path: Path, table: int) -> dict:
    out = tmp_path / f"r1t{table}.json"
    run_cli("convert", str(EVENT / f"r1t{table}.tgn"), "-o", str(out))
    return json.loads(out.read_text("utf-8"))


def _damaged(tmp_path: Path) -> list[dict]:
    """Round 1's tables 1..3 as match objects, table 2's hand 2 of the wrong shape (skipped by the reader)."""
    matches = [_match(tmp_path, t) for t in (1, 2, 3)]
    matches[1]["hands"][1]["tricks"] = "lost"
    return matches


def _jsonl(tmp_path: Path) -> Path:
    path = tmp_path / "round1.jsonl"
    path.write_text("".join(json.dumps(m, ensure_ascii=False) + "\n" for m in _damaged(tmp_path)), "utf-8")
    return path


def _played(stdout: str) -> dict[str, int]:
    return {row["team"]: row["played"] for row in json.loads(stdout)}


def _unread_note(stderr: str) -> str:
    return next(line for line in stderr.splitlines() if "could not be read" in line)


def test_a_hand_skipped_in_a_jsonl_file_leaves_out_only_the_match_of_its_line(tmp_path):
    path = _jsonl(tmp_path)
    r = run_cli("standings", str(path), "--format", "json", code=2)
    played = _played(r.stdout)
    for team in (*TEAMS[1], *TEAMS[3]):
        assert played[team] == 1, (team, played)
    assert not set(TEAMS[2]) & set(played)
    note = _unread_note(r.stderr)
    assert note.startswith(f"{path}:2:")
    en, zh = bilingual(note.split(" — ")[0])
    assert "the 1 match(es) on line 2 are not counted" in en and "the other 2 match(es)" in en
    assert "第 2 行的 1 场比赛未计入" in zh and "其余 2 场比赛照常计入" in zh


def test_the_same_from_the_dataset_of_the_jsonl_file(tmp_path):
    path = _jsonl(tmp_path)
    ds = tmp_path / "ds"
    run_cli("ingest", str(path), "-o", str(ds), code=2)
    lines = pq.read_table(ds / "matches", columns=["jsonl_line"])["jsonl_line"].to_pylist()
    assert sorted(lines) == [1, 2, 3]
    files = run_cli("standings", str(path), "--format", "json", code=2)
    dataset = run_cli("standings", str(ds), "--format", "json", code=2)
    assert dataset.stdout == files.stdout
    assert "the 1 match(es) on line 2 are not counted" in dataset.stderr


def test_read_inputs_keeps_the_whole_matches_with_and_without_the_compiled_reader(tmp_path, monkeypatch):
    path = _jsonl(tmp_path)
    counted = []
    for pure in ("", "1"):
        monkeypatch.setenv("TRACTOR_PURE_PYTHON", pure) if pure else monkeypatch.delenv("TRACTOR_PURE_PYTHON",
                                                                                         raising=False)
        matches, _, unread = read_inputs([str(path)])
        counted.append(sorted(m.table for m in matches))
        assert len(unread) == 1
    assert counted == [["1", "3"], ["1", "3"]]


def test_the_report_marks_only_the_match_of_the_damaged_line_not_counted(tmp_path):
    path = _jsonl(tmp_path)
    model = ReportModel("t")
    add_record_file(model, path, set(), charts_on=False, collect=False)
    unread = {f.event.table: f.unread for f in model.match_facts}
    assert unread["1"] is None and unread["3"] is None
    assert "on line 2" in unread["2"]
    ds = tmp_path / "ds"
    run_cli("ingest", str(path), "-o", str(ds), code=2)
    model = ReportModel("t")
    add_dataset(model, ds, set(), charts_on=False)
    assert {f.event.table: f.unread is None for f in model.match_facts} == {"1": True, "2": False, "3": True}


@pytest.mark.parametrize("kind", ["json", "jsonl.gz"])
def test_where_the_damaged_match_is_not_known_no_match_of_the_file_counts(tmp_path, kind):
    if kind == "json":      # a .json document of three matches: a problem's line is no match's
        path = tmp_path / "round1.json"
        path.write_text(json.dumps(_damaged(tmp_path), ensure_ascii=False, indent=2), "utf-8")
        left = 3
    else:                   # a JSON Lines gzip cut short inside its third line: the cut is no line's problem
        path = tmp_path / "round1.jsonl.gz"
        lines = [json.dumps(_match(tmp_path, t), ensure_ascii=False) + "\n" for t in (1, 2, 3)]
        z = gzip.compress("".join(lines).encode("utf-8"))
        whole = len("".join(lines[:2]).encode("utf-8")) + 50
        cut = next(k for k in range(len(z)) if len(zlib.decompressobj(31).decompress(z[:k])) > whole)
        path.write_bytes(z[:cut])
        left = 2
    r = run_cli("standings", str(path), "--format", "json", code=2)
    assert _played(r.stdout) == {}
    assert f"the {left} match(es) read from this record are not counted" in _unread_note(r.stderr)
