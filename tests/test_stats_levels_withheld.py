"""Levels gained where the engine withholds a side's level after a hand (``tractor stats``' summary, the report's
players table).

Before: a hand with a result whose levels after are null — a take-back penalty whose side the record leaves
open (``[Takebacks "?"]``, docs/rules.md §10.2) — fell back to the score table's gain for the side that went
up and 0 for the other, a fallback meant for rows written without the players' own levels.  In the record
below (levels 3 : 3, N–S hold the deal: +3) the readings are N–S penalised → 5 : 3 (gains 2 and 0) and E–W
penalised → 6 : 2 (gains 3 and −1); the summary said 3 and 0, which is no reading.  Now a null level in a row
that stores the levels leaves the side's levels gained unknown (NaN), as the standings leave them; a row
written before the players' own levels (``revoke_ns`` null) still falls back for a player."""
from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats, stats_reference

QUESTION_TAKEBACK = """[Event "Probe G"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[TeamNS "Cranes"]
[TeamEW "Tea"]
[Ruleset "tournament"]
[Levels "NS:3 EW:3"]

[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "3"]
[Takebacks "?"]
[SetUp "1"]
[Points "0"]
N: SA
E: S7
S: S8
W: S9
Buried: C3 C3 C4 C4 C6 C6 C7 C7
1. N: SA, E: S7, S: S8, W: S9
"""

IMPLS = {"sql": stats, "reference": stats_reference}


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("withheld")
    record = root / "q.tgn"
    record.write_text(QUESTION_TAKEBACK, encoding="utf-8")
    r = _invoke("ingest", record, "-o", root / "ds")
    assert r.exit_code == 0, r.output
    return root / "ds"


def _gained(table, by: str) -> dict:
    return dict(zip(table[by], table["levels_gained"]))


def test_the_row_has_a_result_and_withheld_levels(dataset):
    (h,) = load(str(dataset)).hands.itertuples()
    assert h.outcome == "defenders" and h.up_team == "NS" and h.levels_gained == 3
    assert (h.level_ns_before, h.level_ew_before) == (3, 3)
    assert h.level_ns_after != h.level_ns_after and h.level_ew_after != h.level_ew_after     # null: withheld
    assert h.revoke_ns == 0                               # a row written with the players' own levels


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("by", ("team", "player"))
def test_a_side_whose_level_after_is_withheld_has_no_levels_gained(dataset, impl, by):
    src = dataset if impl == "sql" else load(str(dataset))
    gained = _gained(IMPLS[impl].summary(src, by), by)
    keys = ("Cranes", "Tea") if by == "team" else ("Ann", "Bo", "Cy", "Di")
    assert set(gained) == set(keys)
    for key in keys:                                      # before: Cranes / Ann / Cy 3, Tea / Bo / Di 0
        assert gained[key] != gained[key], (key, gained[key])


def test_stats_csv_leaves_the_levels_gained_empty(dataset):
    r = _invoke("stats", dataset, "--by", "team", "--table", "summary", "--format", "csv")
    assert r.exit_code == 0, r.output
    head, *rows = r.stdout.splitlines()
    at = head.split(",").index("levels_gained")
    assert {row.split(",")[0]: row.split(",")[at] for row in rows} == {"Cranes": "", "Tea": ""}


@pytest.mark.parametrize("impl", IMPLS)
def test_match_keys_keep_the_levels_the_outcome_awards(dataset, impl):
    """``--by match``: the score table's award of each hand (docs/dataset.md), known whoever was penalised."""
    src = dataset if impl == "sql" else load(str(dataset))
    assert list(IMPLS[impl].summary(src, "match")["levels_gained"]) == [3]


def test_rows_written_before_the_players_levels_still_fall_back(dataset, tmp_path):
    """A part without the variant columns (``revoke_ns`` … null): a player's move has no column, so the score
    table's gain is counted as before; a partnership's ``level_ns_*`` were always written, so a null there is
    still a level withheld."""
    old = tmp_path / "old"
    shutil.copytree(dataset, old)
    newer = ["defender_seats", "friend", "revoke_ns", "revoke_ew"] + [
        f"level_{s}_{w}" for s in "nesw" for w in ("before", "after")]
    for part in (old / "hands").glob("part-*.parquet"):
        table = pq.read_table(part)
        pq.write_table(table.drop_columns([c for c in newer if c in table.column_names]), part)
    for impl, src in (("sql", old), ("reference", load(str(old)))):
        players = _gained(IMPLS[impl].summary(src, "player"), "player")
        assert players == {"Ann": 3, "Cy": 3, "Bo": 0, "Di": 0}, impl
        teams = _gained(IMPLS[impl].summary(src, "team"), "team")
        assert all(v != v for v in teams.values()), (impl, teams)


def test_the_report_players_table_shows_unknown_and_says_why(dataset):
    from tractor_analysis.reports.facts import stats_tables

    _, tables = stats_tables(load(str(dataset)))
    (players,) = [t for t in tables if t.key == "by-player-summary"]
    at = [i for i, h in enumerate(players.columns) if h.startswith("levels")]
    assert len(at) == 1
    assert {row[0]: row[at[0]] for row in players.rows} == {k: "—" for k in ("Ann", "Bo", "Cy", "Di")}
    assert "Levels — : not known" in players.note and "升级 —：未知" in players.note
