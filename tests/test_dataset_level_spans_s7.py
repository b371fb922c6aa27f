"""A match decided by the levels though a final level is not known exactly (take-backs given as ``?``):
the dataset stores each side's range of final levels (``matches.level_*_final_low`` / ``_high``), and its
statistics and standings decide the match from it as ``tractor check`` does."""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.event import from_dataset, from_inputs
from tractor_analysis.engine.scoring import ENGINE_DECIDED_BY

# N-S hold the deal in hand 1 (+3: 5, less a level for a "?" take-back if it was theirs), E-W stay at 2
# (a side at 2 loses no level); hand 2 played at 5 (N-S hold: +3) — N-S end at 7 or 8, E-W at 2
QUESTION_TAKEBACKS = """[Event "Probe R"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[Ruleset "tournament"]

[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Takebacks "?"]
[SetUp "1"]
[Points "0"]
N: SA
E: S7
S: S8
W: S9
Buried: C3 C3 C4 C4 C6 C6 C7 C7
1. N: SA, E: S7, S: S8, W: S9

[Hand "2"]
[Dealer "S"]
[Trump "H"]
[Level "5"]
[Takebacks "?"]
[SetUp "1"]
[Points "0"]
N: S8
E: S9
S: SA
W: S7
Buried: C3 C3 C4 C4 C6 C6 C7 C7
1. S: SA, W: S7, N: S8, E: S9
"""

SPAN_COLUMNS = ("level_ns_final_low", "level_ns_final_high", "level_ew_final_low", "level_ew_final_high")


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("spans") / "q_two_hands.tgn"
    path.write_text(QUESTION_TAKEBACKS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def dataset(record) -> Path:
    root = record.parent / "ds"
    r = _invoke("ingest", record, "-o", root)
    assert r.exit_code == 0, r.output
    return root


@pytest.fixture(scope="module")
def checked(record) -> dict:
    r = _invoke("check", record, "--json")
    (match,) = json.loads(r.stdout)["files"][0]["matches"]
    assert match["levels_final"]["NS"] is None      # the record leaves N-S's final level unknown
    assert match["winner"] is not None and match["decided_by"] is not None
    return match


def test_the_matches_row_stores_the_ranges(dataset):
    (row,) = load(str(dataset)).matches.to_dict(orient="records")
    assert row["level_ns_final"] != row["level_ns_final"] or row["level_ns_final"] is None   # null
    assert (row["level_ns_final_low"], row["level_ns_final_high"]) == (7, 8)
    # E-W's level is known exactly: no range
    assert row["level_ew_final"] == 2
    assert all(row[c] != row[c] or row[c] is None for c in ("level_ew_final_low", "level_ew_final_high"))


def test_the_dataset_decides_the_match_as_check_does(dataset, checked):
    for results in (stats.match_results(dataset), stats_reference.match_results(load(str(dataset)))):
        (r,) = results.to_dict(orient="records")
        assert r["winner"] == checked["winner"]
        assert ENGINE_DECIDED_BY.get(r["decided_by"]) == checked["decided_by"]


def test_every_standings_path_gives_the_winner(record, dataset, checked):
    winner = {"NS": 0, "EW": 1}[checked["winner"]]
    (from_ds,) = from_dataset(dataset)
    (from_file,), _ = from_inputs([str(record)])
    assert (from_ds.winner, from_ds.decided_by) == (from_file.winner, from_file.decided_by)
    assert from_ds.winner == winner
    assert ENGINE_DECIDED_BY.get(from_ds.decided_by) == checked["decided_by"]
    winning_team = from_ds.teams[winner]

    r = _invoke("stats", dataset, "--table", "standings", "--format", "json")
    assert r.exit_code == 0, r.output
    rows = {row["team"]: row for row in json.loads(r.stdout)["standings"]}
    assert rows[winning_team]["won"] == 1 and sum(row["won"] for row in rows.values()) == 1

    standings = []
    for source in (dataset, record):
        r = _invoke("standings", source, "--format", "json")
        assert r.exit_code == 0, r.output
        standings.append(json.loads(r.stdout))
    assert standings[0] == standings[1]
    assert [(s["team"], s["won"]) for s in standings[0]][0] == (winning_team, 1)


def test_a_dataset_written_before_the_columns_still_reads(dataset, tmp_path):
    """Parts without the range columns: null, no range — the match reads ``levels not known`` as before."""
    import shutil

    old = tmp_path / "old"
    shutil.copytree(dataset, old)
    for part in (old / "matches").glob("part-*.parquet"):
        table = pq.read_table(part)
        pq.write_table(table.drop_columns([c for c in (*SPAN_COLUMNS, "decided_by") if c in table.column_names]), part)
    loaded = load(str(old))
    assert loaded.matches[list(SPAN_COLUMNS)].isna().all().all()
    for results in (stats.match_results(old), stats_reference.match_results(loaded)):
        (r,) = results.to_dict(orient="records")
        assert r["winner"] is None and r["decided_by"] == "levels not known"
    r = _invoke("stats", old, "--table", "standings", "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["standings"] == []
    r = _invoke("standings", old, "--format", "json")
    assert r.exit_code == 0 and json.loads(r.stdout) == []
    assert "levels unknown" in r.stderr
