"""A record file put back to content the dataset stored before (an organiser's correction withdrawn):
the version the path holds now counts again (docs/dataset.md, *A file that changes*) — before, ingest
skipped the file as "already in the dataset" and the standings kept counting the withdrawn correction.
The record is tests/data/event/r1t1.tgn (Red Lanterns beat Jade Dragons); its "correction" keeps only
its first 72 lines (two hands: Jade Dragons ahead)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow.parquet as pq
from event_helpers import EVENT, run_cli

from tractor_analysis.dataset.event import read_inputs
from tractor_analysis.dataset.standings import select
from tractor_analysis.dataset.stats import superseded_matches

ORIGINAL = (EVENT / "r1t1.tgn").read_text("utf-8")
CORRECTED = "".join(ORIGINAL.splitlines(keepends=True)[:72])


def _winner(*inputs: Path) -> str:
    """The team the standings count as the winner of round 1, table 1."""
    matches, _, unread = read_inputs([str(i) for i in inputs])
    assert not unread
    kept, _ = select(matches)
    (m,) = [m for m in kept if m.round == "1" and m.table == "1"]
    return m.teams[m.winner]


def _rows(ds: Path, table: str) -> int:
    return pq.read_table(str(ds / table)).num_rows


def test_a_record_put_back_to_its_earlier_content_counts_again(tmp_path):
    event, ds = tmp_path / "event", tmp_path / "ds"
    event.mkdir()
    record = event / "r1t1.tgn"
    record.write_text(ORIGINAL, "utf-8")
    assert CORRECTED != ORIGINAL
    run_cli("ingest", str(event), "-o", str(ds))
    won = _winner(event)
    record.write_text(CORRECTED, "utf-8")
    run_cli("ingest", str(event), "-o", str(ds))
    assert _winner(ds) == _winner(event) != won          # the correction counts
    matches = _rows(ds, "matches")
    record.write_text(ORIGINAL, "utf-8")
    r = run_cli("ingest", str(event), "-o", str(ds))
    assert "holds again the content of version" in r.output and "内容又回到此前已存的版本" in r.output
    assert _winner(ds) == _winner(event) == won          # the record as it is now counts, not the withdrawn one
    assert _rows(ds, "matches") == matches                # its matches not stored twice
    gone = superseded_matches(str(ds))
    assert len(gone) == 1 and next(iter(gone.values()))[1] != next(iter(gone.values()))[3]
    # ingested again unchanged: nothing more is stored, and nothing said of versions
    files = _rows(ds, "files")
    r = run_cli("ingest", str(event), "-o", str(ds))
    assert _rows(ds, "files") == files and "holds again" not in r.output
    assert _winner(ds) == won
    # and the correction made again counts again
    record.write_text(CORRECTED, "utf-8")
    run_cli("ingest", str(event), "-o", str(ds))
    assert _winner(ds) != won and _rows(ds, "matches") == matches


def test_the_same_bytes_under_a_new_name_add_no_files_row(tmp_path):
    """A path never stored whose bytes the dataset holds under another name: nothing counts for it that it
    would replace — skipped as before, no ``files`` row."""
    a, b, ds = tmp_path / "a", tmp_path / "b", tmp_path / "ds"
    a.mkdir()
    b.mkdir()
    (a / "r1t1.tgn").write_text(ORIGINAL, "utf-8")
    run_cli("ingest", str(a), "-o", str(ds))
    shutil.copy(a / "r1t1.tgn", b / "copy.tgn")
    files = _rows(ds, "files")
    r = run_cli("ingest", str(b), "-o", str(ds))
    assert _rows(ds, "files") == files and "holds again" not in r.output
