"""Issue 13 parts 3 and 4: ``ingest --analyse K`` fills the plays' endgame columns with the values
``tractor analyse`` prints, ``stats`` adds up the points lost (DuckDB and the pandas reference
agree), old datasets without the columns still load, and the hand page shows the analysis."""
from __future__ import annotations

import html
import json
import pickle
import re
import shutil
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import SCHEMAS, load, stats, stats_reference
from tractor_analysis.analysis.batch import DEFAULT_BUDGET, DEFAULT_NODES, AnalyseOptions, Analysed
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.analysis.hand_analysis import MARKS, mark_of
from tractor_analysis.records import format_json
from tractor_analysis.simulate import simulate, simulate_match, write_matches

pytestmark = pytest.mark.xdist_group("test_solver_dataset")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

SAMPLE = Path(__file__).parent.parent / "sample_logs" / "spring-cup-r2t5.tgn"
ANALYSIS_COLUMNS = ("value_before", "value_after", "cost", "best")
LAST = 3


def _invoke(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def sample_ds(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("analysed") / "ds"
    r = _invoke("ingest", str(SAMPLE), "-o", str(root), "--analyse", str(LAST), "-q")
    assert r.exit_code == 0, r.output
    return root


def test_ingest_analyse_stores_what_tractor_analyse_prints(sample_ds):
    r = _invoke("analyse", str(SAMPLE), "--last", str(LAST), "--json",
                "--budget", str(DEFAULT_BUDGET), "--nodes", str(DEFAULT_NODES))
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    expected = {}
    for h in doc["hands"]:
        for p in h["plays"]:
            expected[(h["hand"], p["trick"], p["seat"])] = (
                p["value_before"], p["value_after"], p["cost"],
                None if p["best"] is None else [" ".join(b) for b in p["best"]])
    plays = load(str(sample_ds)).plays
    analysed = plays[plays["value_before"].notna() | plays["value_after"].notna()]
    stored = {}
    for row in analysed.itertuples(index=False):
        num = lambda v: None if pd.isna(v) else int(v)  # noqa: E731
        stored[(int(row.hand_no), int(row.trick_no), row.seat)] = (
            num(row.value_before), num(row.value_after), num(row.cost),
            None if row.best is None else list(row.best))
    assert stored == expected
    assert len(stored) == 4 * LAST * len(doc["hands"])
    # the plays before the last K tricks are not analysed: null, never a value
    last_tricks = plays.groupby("hand_no")["trick_no"].transform("max")
    early = plays[plays["trick_no"] <= last_tricks - LAST]
    assert len(early) and early[list(ANALYSIS_COLUMNS)].isna().all().all()


def test_ingest_without_analyse_leaves_the_columns_null(tmp_path):
    r = _invoke("ingest", str(SAMPLE), "-o", str(tmp_path / "ds"), "-q")
    assert r.exit_code == 0, r.output
    plays = load(str(tmp_path / "ds")).plays
    assert len(plays) and plays[list(ANALYSIS_COLUMNS)].isna().all().all()
    assert stats.points_lost(str(tmp_path / "ds")).empty
    r = _invoke("stats", str(tmp_path / "ds"))
    assert r.exit_code == 0 and "Points lost" not in r.output
    r = _invoke("stats", str(tmp_path / "ds"), "--table", "lost")
    assert r.exit_code == 0 and "no analysed plays" in r.output


def test_analyse_options_validate(tmp_path):
    assert _invoke("ingest", str(SAMPLE), "-o", str(tmp_path / "a"), "--analyse", "0").exit_code == 2
    assert _invoke("ingest", str(SAMPLE), "-o", str(tmp_path / "b"), "--analyse", "2",
                   "--analyse-budget", "0").exit_code == 2
    r = _invoke("ingest", str(SAMPLE), "-o", str(tmp_path / "c"), "--analyse-every-position")
    assert r.exit_code == 2 and "--analyse-every-position is for --analyse K" in r.output
    assert not (tmp_path / "c").exists()


def test_every_position_reaches_the_analysis(monkeypatch):
    from tractor_analysis.analysis import batch
    from tractor_analysis.cli.ingest_cmd import _analyse_option

    seen = []
    monkeypatch.setattr(batch, "analyse_hand", lambda h, last, budget, every_position: seen.append(every_position))
    for flag in (False, True):
        _analyse_option(2, 1.0, 100, every_position=flag)["analyse"].analyse_hand(None)
    assert seen == [False, True]


def test_analyse_on_a_dask_cluster_stores_what_a_local_ingest_does(sample_ds, tmp_path):
    pytest.importorskip("distributed")
    from test_scale_portable import assert_same_tables

    out = tmp_path / "ds"
    r = _invoke("ingest", str(SAMPLE), "-o", str(out), "--analyse", str(LAST), "--scheduler", "local:1", "-q")
    assert r.exit_code == 0, r.output
    plays = load(str(out))["plays"]
    assert plays["cost"].notna().sum() > 0          # the workers analysed, not only replayed
    assert_same_tables(sample_ds, out)


def test_cli_defaults_are_the_documented_ones():
    from tractor_analysis.cli.ingest_cmd import ingest as cmd

    defaults = {p.name: p.default for p in cmd.params}
    assert defaults["analyse_budget"] == DEFAULT_BUDGET and defaults["analyse_nodes"] == DEFAULT_NODES


def test_a_solver_that_fails_leaves_nulls_not_values(tmp_path, monkeypatch):
    from tractor_analysis.analysis import batch

    def broken(*args, **kwargs):
        raise RuntimeError("solver bug")

    monkeypatch.setattr(batch, "analyse_hand", broken)
    ingest([str(SAMPLE)], str(tmp_path / "ds"), analyse=AnalyseOptions(2))
    plays = load(str(tmp_path / "ds")).plays
    assert len(plays) and plays[list(ANALYSIS_COLUMNS)].isna().all().all()


def test_analysed_results_pickle_with_their_analyses():
    a = Analysed([None, "x"], [None, [None]])
    b = pickle.loads(pickle.dumps(a))
    assert list(b) == [None, "x"] and b.analyses == [None, [None]]


def test_the_cost_marks_are_one_function():
    from tractor_analysis.cli import analyse_cmd

    assert analyse_cmd.mark_of is mark_of and analyse_cmd.MARKS is MARKS
    assert mark_of(None) is None and mark_of(MARKS[-1][0] - 1) is None
    assert [mark_of(limit)[0] for limit, _, _ in MARKS] == [symbol for _, symbol, _ in MARKS]


# --- statistics ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def analysed_mixed(tmp_path_factory) -> Path:
    """Simulated standard and friend-mode matches, one kept twice (.tgn and .json), analysed in two
    workers, plus a batch written without analysis."""
    root = tmp_path_factory.mktemp("analysed-mixed")
    inputs = root / "in"
    write_matches(simulate(3, 41, violation_rate=0.05, max_hands=3), str(inputs / "std"))
    (inputs / "std" / "copy.json").write_text(format_json(simulate_match(41, 1, violation_rate=0.05, max_hands=3)),
                                              "utf-8")
    from tractor_analysis.records.rulesets import build_ruleset
    friend = build_ruleset("standard", {"friend": "on"})[0]
    write_matches(simulate(2, 42, rules=friend, max_hands=3), str(inputs / "friend"))
    plain = write_matches(simulate(1, 43, max_hands=2), str(root / "plain"))
    ds = root / "ds"
    ingest(sorted(str(p) for p in inputs.rglob("*") if p.is_file()), str(ds), workers=2,
           analyse=AnalyseOptions(2, seconds=5.0, nodes=200_000), flush_hands=4)
    ingest(plain, str(ds))
    return ds


@pytest.mark.parametrize("by", stats.BY)
def test_points_lost_sql_equals_the_pandas_reference(analysed_mixed, by):
    ds = load(str(analysed_mixed))
    sql, ref, mem = (stats.points_lost(analysed_mixed, by), stats_reference.points_lost(ds, by),
                     stats.points_lost(ds, by))
    assert len(ref) and list(sql.columns) == list(ref.columns) == [by, "analysed_hands", "analysed_plays",
                                                                    "points_lost", "lost_per_hand"]
    for other in (sql, mem):
        pd.testing.assert_frame_equal(other.reset_index(drop=True), ref.reset_index(drop=True), check_dtype=False)
    assert (ref["lost_per_hand"] == ref["points_lost"] / ref["analysed_hands"]).all()
    tables = stats.all_tables(analysed_mixed, by)
    assert list(tables) == ["summary", "points", "bottom", "violations", "lost", "standings"]


def test_points_lost_add_up_the_costs_of_distinct_matches(analysed_mixed):
    ds = load(str(analysed_mixed))
    dups = stats.duplicate_matches(analysed_mixed)
    assert dups, "the corpus holds a match kept twice"
    plays = ds.plays[~ds.plays["match_id"].isin(dups)]
    costs = plays["cost"].dropna()
    assert len(costs) and (costs >= 0).all()
    by_match = stats.points_lost(analysed_mixed, "match")
    assert by_match["points_lost"].sum() == costs.sum()
    assert by_match["analysed_plays"].sum() == len(costs)
    # the batch ingested without --analyse has plays but no analysis
    assert ds.plays["cost"].isna().sum() > 0


def test_stats_cli_shows_points_lost(analysed_mixed):
    r = _invoke("stats", str(analysed_mixed), "--by", "team")
    assert r.exit_code == 0, r.output
    assert "Points lost" in r.output and "lost per hand / 每局失分" in r.output
    r = _invoke("stats", str(analysed_mixed), "--format", "json", "--table", "lost")
    doc = json.loads(r.stdout)
    assert doc["lost"] and set(doc["lost"][0]) == {"player", "analysed_hands", "analysed_plays", "points_lost",
                                                   "lost_per_hand"}


# --- datasets written before the columns --------------------------------------------------

def _strip_analysis_columns(root: Path) -> int:
    """Rewrite every plays part as a dataset written before the analysis columns existed."""
    n = 0
    for part in (root / "plays").glob("*.parquet"):
        table = pq.read_table(part)
        old = table.drop_columns([c for c in ANALYSIS_COLUMNS if c in table.column_names])
        pq.write_table(old, part)
        n += 1
    return n


def test_a_dataset_written_before_the_columns_still_loads_and_counts(tmp_path, sample_ds):
    old = tmp_path / "old"
    _invoke("ingest", str(SAMPLE), "-o", str(old), "-q")
    assert _strip_analysis_columns(old) == 1
    assert not set(ANALYSIS_COLUMNS) & set(pq.read_schema(next((old / "plays").glob("*.parquet"))).names)
    ds = load(str(old))
    assert list(ds.plays.columns) == SCHEMAS["plays"].names and ds.plays["cost"].isna().all()
    assert stats.points_lost(str(old)).empty and stats_reference.points_lost(ds).empty
    r = _invoke("stats", str(old))
    assert r.exit_code == 0, r.output
    assert "Points lost" not in r.output
    # an old part beside an analysed one: each counts for what it holds
    mixed = tmp_path / "mixed"
    shutil.copytree(old, mixed)
    write_matches(simulate(1, 44, max_hands=2), str(tmp_path / "more"))
    ingest([str(p) for p in (tmp_path / "more").glob("*.tgn")], str(mixed), analyse=AnalyseOptions(2))
    ds = load(str(mixed))
    sql, ref = stats.points_lost(str(mixed), "match"), stats_reference.points_lost(ds, "match")
    pd.testing.assert_frame_equal(sql, ref, check_dtype=False)
    assert len(ref) == 1
    r = _invoke("report", str(mixed), "-o", str(tmp_path / "rep"))
    assert r.exit_code == 0, r.output
    pages = {p.name: p.read_text("utf-8") for p in (tmp_path / "rep").glob("m-*-h*.html")}
    assert any('id="analysis"' in t for t in pages.values())
    assert any('id="analysis"' not in t for t in pages.values())      # the old part's hands


# --- the hand page ------------------------------------------------------------------------

NAME = '<b>x&y"</b>'


@pytest.fixture(scope="module")
def named_report(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("analysed-report")
    record = root / "named.tgn"
    record.write_text(SAMPLE.read_text("utf-8").replace('[North "张伟"]', f'[North "{NAME.replace(chr(34), "")}"]'),
                      "utf-8")
    r = _invoke("ingest", str(record), "-o", str(root / "ds"), "--analyse", str(LAST), "-q")
    assert r.exit_code == 0, r.output
    r = _invoke("report", str(root / "ds"), "-o", str(root / "rep"))
    assert r.exit_code == 0, r.output
    return root / "ds", root / "rep"


def _analysis_section(page: str) -> str:
    m = re.search(r'<section class="box" id="analysis">(.*?)</section>', page, re.S)
    assert m, "no analysis section"
    return m.group(1)


def test_hand_page_shows_cost_marks_and_best_plays(named_report):
    ds_path, rep = named_report
    ds = load(str(ds_path))
    plays = ds.plays[ds.plays["value_before"].notna()]
    hands = ds.hands.set_index("hand_no")
    seen_mark = False
    for hand_no, rows in plays.groupby("hand_no"):
        page = next(rep.glob(f"m-*-h{int(hand_no)}.html")).read_text("utf-8")
        section = _analysis_section(page)
        first = rows.sort_values(["trick_no", "position"]).iloc[0]
        assert f"<strong>{int(first.value_before)}</strong>" in section.split('id="analysis-start"')[1][:200]
        total = int(hands.loc[hand_no, "attackers_total"])
        assert f"<strong>{total}</strong>" in section.split('id="analysis-result"')[1][:200]
        table_rows = re.findall(r'<tr data-trick="(\d+)" data-seat="(\w)"[^>]*>(.*?)</tr>', section, re.S)
        assert len(table_rows) == len(rows)
        for (trick, seat, cells), row in zip(table_rows, rows.sort_values(["trick_no", "position"]).itertuples()):
            assert (int(trick), seat) == (int(row.trick_no), row.seat)
            assert f"{int(row.value_before)} → {int(row.value_after)}" in cells
            for b in row.best:
                assert all(f'title="{t}"' in cells for t in b.split())
            mark = mark_of(None if pd.isna(row.cost) else int(row.cost))
            if mark is not None:
                seen_mark = True
                assert f"<strong>{html.escape(mark[0])}</strong> {int(row.cost)} {mark[1]}" in cells
    assert seen_mark, "the sample holds a costly play"


def test_hand_page_escapes_player_names(named_report):
    _, rep = named_report
    pages = [p.read_text("utf-8") for p in rep.glob("m-*-h*.html")]
    sections = [_analysis_section(p) for p in pages]
    raw = NAME.replace('"', "")
    assert all(raw not in s for s in sections)
    assert any(html.escape(raw) in s for s in sections)


def test_hand_without_analysis_shows_nothing_extra(tmp_path):
    r = _invoke("report", str(SAMPLE), "-o", str(tmp_path / "rep"))
    assert r.exit_code == 0, r.output
    pages = list((tmp_path / "rep").glob("m-*-h*.html"))
    assert pages and not any('id="analysis"' in p.read_text("utf-8") for p in pages)


def test_a_streamed_jsonl_stores_the_same_analysis_as_a_whole_read(tmp_path):
    """A JSON Lines file over --max-bytes is read a line at a time and flushed part by part: each
    part's analyses must land on its own matches (the match index in the file is not the index in
    the part), exactly as when the file is read whole."""
    src = tmp_path / "sim"
    write_matches(simulate(3, 5, max_hands=2), str(src), "jsonl")
    (path,) = src.glob("*.jsonl")
    longest = max(len(line) for line in path.read_bytes().splitlines())
    assert path.stat().st_size > longest + 1000, "the file must be bigger than the limit to stream"
    whole, streamed = tmp_path / "whole", tmp_path / "streamed"
    assert _invoke("ingest", str(src), "-o", str(whole), "--analyse", "2", "-q").exit_code == 0
    r = _invoke("ingest", str(src), "-o", str(streamed), "--analyse", "2", "-q",
                "--max-bytes", str(longest + 1000), "--flush-hands", "1")
    assert r.exit_code == 0, r.output
    assert len(list((streamed / "plays").glob("part-*.parquet"))) > 1, "the file was not flushed in parts"
    keys = ["match_id", "hand_no", "trick_no", "position"]
    cols = keys + list(ANALYSIS_COLUMNS)
    a = load(str(whole)).plays[cols].sort_values(keys).reset_index(drop=True)
    b = load(str(streamed)).plays[cols].sort_values(keys).reset_index(drop=True)
    assert a["cost"].notna().sum() > 0
    pd.testing.assert_frame_equal(a, b)
