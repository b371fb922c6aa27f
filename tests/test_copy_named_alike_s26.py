"""A dataset given with the record files it was ingested from: each match is read twice under one name, and the
note said "ev/r1t1.tgn: the same match as ev/r1t1.tgn" — two copies no one could tell apart (an organiser's
tester).  The note now says one was read from a dataset, the other from the record file."""
from __future__ import annotations

import shutil

from event_helpers import EVENT, run_cli


def test_the_two_copies_named_alike_are_told_apart(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(EVENT, "ev", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    run_cli("ingest", "ev", "-o", "ds")
    r = run_cli("standings", "ds", "ev")
    notes = [line for line in r.output.splitlines() if "the same match as" in line]
    assert notes and all("one read from a dataset, the other from the record file" in n for n in notes)
    assert all("一份读自数据集，一份读自记录文件" in n.partition(" / ")[2] for n in notes)
