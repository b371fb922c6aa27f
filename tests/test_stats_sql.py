"""Statistics by DuckDB against the pandas reference, table by table, on simulated datasets:
over the Parquet parts (committed batches only) and over the same tables in memory."""
from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import DatasetError, load, stats, stats_reference
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records import format_json
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.simulate import simulate, simulate_match, write_matches

pytestmark = pytest.mark.xdist_group("test_stats_sql")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

TABLE_FUNCTIONS = ("summary", "points_distribution", "bottom_captures", "violation_rates")


def _mixed_corpus(root: Path) -> list[str]:
    """Standard, tournament (violations, forfeits), one-deck and friend-mode matches, a match kept
    twice (.tgn and .json), and a file that does not parse."""
    friend = build_ruleset("standard", {"friend": "on"})[0]
    write_matches(simulate(4, 17, violation_rate=0.04, max_hands=6), str(root / "std"))
    write_matches(simulate(3, 18, preset="tournament", violation_rate=0.05, max_hands=10), str(root / "tour"))
    write_matches(simulate(2, 19, preset="one-deck", max_hands=5), str(root / "one"))
    write_matches(simulate(3, 20, rules=friend, violation_rate=0.03, max_hands=6), str(root / "friend"),
                  "jsonl", per_file=5)
    (root / "std" / "copy.json").write_text(format_json(simulate_match(17, 1, violation_rate=0.04, max_hands=6)), "utf-8")
    (root / "broken.tgn").write_text('[Event "x"]\n[Hand "1"]\nnot a record\n', "utf-8")
    return sorted(str(p) for p in root.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("stats-sql")
    ds = root / "ds"
    ingest(_mixed_corpus(root / "in"), str(ds), flush_hands=15)      # several batches
    return ds


def _same(sql: pd.DataFrame, ref: pd.DataFrame, what: str) -> None:
    assert list(sql.columns) == list(ref.columns), what
    assert len(sql) == len(ref), what
    if len(ref):
        pd.testing.assert_frame_equal(sql.reset_index(drop=True), ref.reset_index(drop=True),
                                      check_dtype=False, obj=what)


@pytest.fixture(scope="module")
def not_by(mixed) -> dict[str, tuple]:
    """The tables that take no ``by`` (the matches kept twice, the match results, the standings): by SQL over
    the Parquet parts and by the pandas reference, computed once for every ``by`` of the test below."""
    ds = load(str(mixed))
    return {name: (getattr(stats, name)(mixed), getattr(stats_reference, name)(ds))
            for name in ("duplicate_matches", "match_results", "standings")}


@pytest.mark.parametrize("by", stats.BY)
def test_sql_over_parquet_equals_the_pandas_reference(mixed, by, not_by):
    ds = load(str(mixed))
    sql_dup, ref_dup = not_by["duplicate_matches"]
    assert sql_dup == ref_dup != {}
    for name in TABLE_FUNCTIONS:
        _same(getattr(stats, name)(mixed, by), getattr(stats_reference, name)(ds, by), f"{name} by {by}")
    _same(*not_by["match_results"], "match_results")
    _same(*not_by["standings"], "standings")


@pytest.mark.parametrize("by", stats.BY)
def test_sql_over_frames_equals_sql_over_parquet(mixed, by):
    """The same queries over the tables in memory (as the report hands them over)."""
    ds = load(str(mixed))
    on_disk, in_memory = stats.all_tables(mixed, by), stats.all_tables(ds, by)
    for name in on_disk:
        _same(in_memory[name], on_disk[name], f"{name} by {by}")


def test_the_figures_are_not_trivial(mixed):
    """The comparison above compares something: every table has rows and the dataset holds
    violations, bottom captures, friend-mode hands and a duplicate."""
    tables = stats.all_tables(mixed, "player")
    assert all(len(t) for t in tables.values())
    assert tables["summary"]["violations"].sum() > 0
    # (the simulator's records add decide_by_levels=on to every preset but the tournament's)
    assert set(stats.summary(mixed, "ruleset")["ruleset"]) >= {
        "standard+decide_by_levels=on", "tournament", "one-deck+decide_by_levels=on",
        "standard+decide_by_levels=on,friend=on"}


def test_uncommitted_parts_are_not_counted(mixed, tmp_path):
    """A part of a batch whose files part is missing (a killed commit) is left out, as load() does."""
    copy = tmp_path / "ds"
    shutil.copytree(mixed, copy)
    before = stats.all_tables(copy, "team")
    for table in ("matches", "hands", "tricks", "violations"):
        part = sorted((copy / table).glob("part-*.parquet"))[0]
        shutil.copy(part, part.with_name("part-999999-uncommitted.parquet"))
    after = stats.all_tables(copy, "team")
    for name in before:
        _same(after[name], before[name], name)


def test_parts_without_the_newer_columns(mixed, tmp_path):
    """Parts written before the variant columns (defender_seats, per-player levels) read as NULL:
    the SQL falls back as the reference does."""
    copy = tmp_path / "ds"
    shutil.copytree(mixed, copy)
    newer = ["defender_seats", "friend", "level_n_before", "level_e_before", "level_s_before",
             "level_w_before", "level_n_after", "level_e_after", "level_s_after", "level_w_after"]
    for part in (copy / "hands").glob("part-*.parquet"):
        table = pq.read_table(part)
        pq.write_table(table.drop_columns([c for c in newer if c in table.column_names]), part)
    ds = load(str(copy))
    assert ds.hands["defender_seats"].isna().all()
    for by in ("player", "team"):
        _same(stats.summary(copy, by), stats_reference.summary(ds, by), f"summary by {by}")


def test_a_damaged_part_is_named(mixed, tmp_path):
    copy = tmp_path / "ds"
    shutil.copytree(mixed, copy)
    part = sorted((copy / "tricks").glob("part-*.parquet"))[0]
    part.write_bytes(part.read_bytes()[:100])
    with pytest.raises(DatasetError, match=part.name):
        stats.summary(copy, "player")
    res = CliRunner().invoke(main, ["stats", str(copy)])
    assert res.exit_code == 2 and part.name in res.output


def test_an_empty_dataset(tmp_path):
    ingest([], str(tmp_path / "ds"))
    for name, frame in stats.all_tables(tmp_path / "ds", "player").items():
        assert frame.empty, name
    res = CliRunner().invoke(main, ["stats", str(tmp_path / "ds")])
    assert res.exit_code == 0 and "no hands" in res.output
