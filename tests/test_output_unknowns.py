"""What the outputs (``check --json``, the dataset, stats, standings and the report) say of a value the
record leaves unknown or undecided: ``null`` (``?`` / 未知 on a page), never a default and never a crash
(docs/rules.md §14, docs/format.md "check --json", docs/dataset.md).

Each record below is written as a referee or a club's scorer writes it; each test fails on the code
before its fix.
"""
from __future__ import annotations

import json
import shutil

import pyarrow.parquet as pq
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import stats

# --- [Levels] naming one side only ------------------------------------------------------------
# A club's score sheet that writes only N–S's starting level ("a side it does not name is unknown,
# never 2": docs/format.md).  W deals the first hand at 2, so E–W's level is known from then on and
# their final level is known; their start is not, so the levels they gained over the match are not.

ONE_SIDE = ('[Event "Club night"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n[Levels "NS:2"]\n\n'
            '[Hand "1"]\n[Dealer "W"]\n[Level "2"]\n[Trump "H"]\n[ResultOnly "yes"]\n[Claim "40"]\n')


def _null(value) -> bool:
    return value is None or value != value          # None, or NaN in a float column


def _invoke(*args) -> str:
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.output


def test_a_side_levels_does_not_name_gains_unknown_levels_and_nothing_crashes(tmp_path):
    """stats, standings, report DATASET and report FILE all stopped on ``int(None)`` of the start level
    (``stats.decide_results``) once the final level of the side was known."""
    (tmp_path / "in").mkdir()
    record = tmp_path / "in" / "club.tgn"
    record.write_text(ONE_SIDE, encoding="utf-8")
    ds = tmp_path / "ds"
    _invoke("ingest", tmp_path / "in", "-o", ds)
    (part,) = (ds / "matches").glob("*.parquet")
    row = pq.read_table(part).to_pylist()[0]
    assert (row["level_ns_start"], row["level_ew_start"], row["level_ns_final"], row["level_ew_final"]) \
        == (2, None, 2, 3)
    (res,) = stats.match_results(str(ds)).to_dict("records")
    assert res["gained_ns"] == 0 and _null(res["gained_ew"])                  # unknown, not 3 - 2
    table = stats.standings(str(ds))
    ew = table[table["team"] == "Bo / Di"].iloc[0]
    assert _null(ew["levels_gained"]) and _null(ew["level_diff"])
    doc = json.loads(_invoke("stats", ds, "--format", "json"))
    assert doc
    _invoke("standings", ds)
    _invoke("report", ds, "-o", tmp_path / "out-ds")
    _invoke("report", record, "-o", tmp_path / "out-file")


def test_a_dataset_match_drawn_from_its_rows_alone_keeps_unknown_levels_and_points(tmp_path):
    """A dataset without record text whose files are gone: the index is built from its rows, and
    ``int()`` of a null start level (or a null points column) stopped the report."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "club.tgn").write_text(ONE_SIDE, encoding="utf-8")
    ds = tmp_path / "ds"
    _invoke("ingest", tmp_path / "in", "-o", ds)
    shutil.rmtree(ds / "records")              # as written before the records table existed
    shutil.rmtree(tmp_path / "in")             # and the record file is gone
    r = CliRunner().invoke(main, ["report", str(ds), "-o", str(tmp_path / "out")])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert (tmp_path / "out" / "index.html").exists()
