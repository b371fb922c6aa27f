"""Issue 24: ``ingest --analyse K --view`` stores each analysed play judged from its player's seat
(the ``view_*`` columns) with the figures ``tractor analyse --view --json`` prints for the same hand
and seed; unknowns stay null, never 0."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.analysis.batch import DEFAULT_BUDGET, DEFAULT_NODES, AnalyseOptions
from tractor_analysis.analysis.view import PlayView
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import SCHEMAS, load
from tractor_analysis.dataset.analysis import view_values
from tractor_analysis.simulate import simulate, write_matches

VIEW_COLUMNS = ("view_deals", "view_exact", "view_value", "view_value_best", "view_best", "view_cost",
                "view_stderr")
LAST, SAMPLES, SEED = 2, 6, 5


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("view-records")
    write_matches(simulate(1, 44, max_hands=2), str(folder))
    (path,) = folder.glob("*.tgn")
    return path


@pytest.fixture(scope="module")
def viewed(record, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("view-ds") / "ds"
    r = _invoke("ingest", record, "-o", root, "--analyse", LAST, "--view", "--samples", SAMPLES, "--seed", SEED, "-q")
    assert r.exit_code == 0, r.output
    return root


def _num(v):
    return None if v is None or pd.isna(v) else v


def test_the_view_columns_are_what_analyse_view_json_prints(record, viewed):
    r = _invoke("analyse", record, "--last", LAST, "--json", "--view", "--samples", SAMPLES, "--seed", SEED,
                "--budget", DEFAULT_BUDGET, "--nodes", DEFAULT_NODES)
    assert r.exit_code == 0, r.output
    expected = {}
    for h in json.loads(r.stdout)["hands"]:
        for p in h["plays"]:
            v = p["view"]
            expected[(h["hand"], p["trick"], p["seat"])] = (
                v["deals"], v["exact"], v["value"], v["value_best"],
                None if v["value"] is None else [" ".join(b) for b in v["best"]], v["cost"], v["stderr"])
    plays = load(str(viewed)).plays
    stored = {}
    for row in plays[plays["view_deals"].notna()].itertuples(index=False):
        r2 = lambda x: None if _num(x) is None else round(float(x), 2)  # noqa: E731  (the JSON rounds to 2 places)
        stored[(int(row.hand_no), int(row.trick_no), row.seat)] = (
            int(row.view_deals), bool(row.view_exact), r2(row.view_value), r2(row.view_value_best),
            None if row.view_best is None else list(row.view_best), r2(row.view_cost), r2(row.view_stderr))
    assert stored == expected
    assert len(stored) == 4 * LAST * 2
    # some plays were sampled, some exact: both kinds are checked
    assert {v[1] for v in stored.values()} == {True, False}


def test_plays_not_analysed_or_without_view_are_null_never_zero(record, viewed, tmp_path):
    plays = load(str(viewed)).plays
    last = plays.groupby("hand_no")["trick_no"].transform("max")
    early = plays[plays["trick_no"] <= last - LAST]
    assert len(early) and early[list(VIEW_COLUMNS)].isna().all().all()
    assert list(plays.columns) == SCHEMAS["plays"].names
    # --analyse without --view: the double-dummy columns, the view ones null
    r = _invoke("ingest", record, "-o", tmp_path / "dd", "--analyse", LAST, "-q")
    assert r.exit_code == 0, r.output
    dd = load(str(tmp_path / "dd")).plays
    assert dd["cost"].notna().sum() == 4 * LAST * 2 and dd[list(VIEW_COLUMNS)].isna().all().all()


def test_a_withheld_view_keeps_its_deals_and_nulls_its_values():
    withheld = PlayView(12, False, None, None, (), None, None, 12)
    assert view_values(withheld) == (12, False, None, None, None, None, None)
    assert view_values(None) == (None,) * 7
    from tractor_analysis.records.cards import TOKEN

    shown = PlayView(3, True, 60.0, 65.0, ((TOKEN.index("BJ"),),), 5.0, 0.0, 3)
    assert view_values(shown)[4] == ["BJ"] and view_values(shown)[5] == 5.0


def test_view_options_need_what_they_refine(record, tmp_path):
    r = _invoke("ingest", record, "-o", tmp_path / "a", "--view")
    assert r.exit_code == 2 and "--analyse" in r.output and "需要" in r.output
    r = _invoke("ingest", record, "-o", tmp_path / "b", "--analyse", 1, "--samples", 5)
    assert r.exit_code == 2 and "--view" in r.output and "只用于" in r.output
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_a_dataset_without_the_view_columns_still_loads(viewed, tmp_path):
    import shutil

    old = tmp_path / "old"
    shutil.copytree(viewed, old)
    for part in (old / "plays").glob("*.parquet"):
        t = pq.read_table(part)
        pq.write_table(t.drop_columns(list(VIEW_COLUMNS)), part)
    plays = load(str(old)).plays
    assert list(plays.columns) == SCHEMAS["plays"].names and plays[list(VIEW_COLUMNS)].isna().all().all()
    assert plays["cost"].notna().sum() == 4 * LAST * 2


def test_analyse_options_without_view_make_no_views():
    from tractor_analysis.analysis.batch import Analysed

    out = AnalyseOptions(1).analyse_results([None])
    assert isinstance(out, Analysed) and out.analyses == [None] and out.views == [None]
