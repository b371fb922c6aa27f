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


# --- stats: points lost from the seat beside all hands open --------------------------------------

def _small_dataset():
    """Two matches, plays with costs set by hand (the expected figures below are worked out by hand)."""
    from types import SimpleNamespace

    matches = pd.DataFrame({"match_id": ["m1", "m2"], "source_file": ["a.tgn", "b.tgn"], "match_index": [0, 0],
                            "player_n": ["Ann", "Bob"], "player_e": ["Bob", "Ann"], "player_s": ["Cy", ""],
                            "player_w": ["Dee", "Dee"], "hands": [2, 1]})
    rows = [  # match, hand, trick, seat, cost, view_cost
        ("m1", 1, 14, "N", 0, 0.0), ("m1", 1, 15, "N", 5, 0.0), ("m1", 1, 14, "E", 20, 0.0),
        ("m1", 1, 14, "S", 5, 2.5), ("m1", 1, 14, "W", None, 3.0),      # illegal: no open cost, not judged both ways
        ("m1", 1, 13, "N", 0, None),                                      # analysed, no view: not counted
        ("m1", 2, 15, "N", 10, 7.5), ("m1", 2, 15, "E", 0, 1.25),
        ("m2", 1, 15, "N", 40, 0.0), ("m2", 1, 15, "E", 0, 4.0), ("m2", 1, 15, "S", 6, 0.0),
        ("m2", 1, 15, "W", 0, 0.0),
    ]
    plays = pd.DataFrame(rows, columns=["match_id", "hand_no", "trick_no", "seat", "cost", "view_cost"])
    return SimpleNamespace(matches=matches, plays=plays)


def _rows(frame):
    return [tuple(None if isinstance(v, float) and v != v else (round(v, 6) if isinstance(v, float) else v)
                  for v in r) for r in frame.itertuples(index=False)]


def test_view_points_lost_by_player_seat_and_match_are_the_hand_counted_figures():
    from tractor_analysis.dataset import stats

    ds = _small_dataset()
    # key, hands, plays, open lost, seat lost, open per hand, seat per hand, costly open but best from the seat
    assert _rows(stats.view_points_lost(ds, "player")) == [
        ("Ann", 3, 4, 15, 11.5, 5.0, round(11.5 / 3, 6), 1),
        ("Bob", 3, 3, 60, 1.25, 20.0, round(1.25 / 3, 6), 2),
        ("Cy", 1, 1, 5, 2.5, 5.0, 2.5, 0),
        ("Dee", 1, 1, 0, 0.0, 0.0, 0.0, 0),
        ("S", 1, 1, 6, 0.0, 6.0, 0.0, 1),                 # nobody named at S in m2: the seat letter
    ]
    assert _rows(stats.view_points_lost(ds, "seat")) == [
        ("N", 3, 4, 55, 7.5, round(55 / 3, 6), 2.5, 2),
        ("E", 3, 3, 20, 5.25, round(20 / 3, 6), 1.75, 1),
        ("S", 2, 2, 11, 2.5, 5.5, 1.25, 1),
        ("W", 1, 1, 0, 0.0, 0.0, 0.0, 0),
    ]
    assert _rows(stats.view_points_lost(ds, "match")) == [
        ("m1", 2, 6, 40, 11.25, 20.0, 5.625, 2),
        ("m2", 1, 4, 46, 4.0, 46.0, 4.0, 2),
    ]
    # the double-dummy table is unchanged by the view columns: it still counts every analysed play
    lost = stats.points_lost(ds, "player").set_index("player")
    assert lost.loc["Ann", "analysed_plays"] == 5 and lost.loc["Ann", "points_lost"] == 15


def test_no_view_columns_no_view_table():
    from tractor_analysis.dataset import stats

    ds = _small_dataset()
    ds.plays["view_cost"] = None
    assert stats.view_points_lost(ds, "player").empty
    assert "view_lost" not in stats.all_tables(ds) and "lost" in stats.all_tables(ds)


def test_stats_cli_shows_the_view_tables_in_text_and_json(viewed, tmp_path):
    from tractor_analysis.dataset import stats

    r = _invoke("stats", viewed)
    assert r.exit_code == 0, r.output
    assert "Points lost from the player's seat" in r.output and "座位视角失分" in r.output
    assert "lost, seat / 座位视角失分" in r.output and "by seat" in r.output
    r = _invoke("stats", viewed, "--format", "json")
    doc = json.loads(r.stdout)
    assert {"lost", "view_lost", "view_lost_seat"} <= set(doc)
    assert [row["seat"] for row in doc["view_lost_seat"]] == ["N", "E", "S", "W"]
    plays = load(str(viewed)).plays
    judged = plays[plays["cost"].notna() & plays["view_cost"].notna()]
    assert sum(row["viewed_plays"] for row in doc["view_lost_seat"]) == len(judged) > 0
    assert sum(row["view_points_lost"] for row in doc["view_lost_seat"]) == pytest.approx(judged["view_cost"].sum())
    assert sum(row["open_points_lost"] for row in doc["view_lost"]) == judged["cost"].sum()
    pd.testing.assert_frame_equal(pd.DataFrame(doc["view_lost"]), stats.view_points_lost(str(viewed)), check_dtype=False)
    # a dataset without views: the table asked for is empty and says why, in both languages
    r = _invoke("ingest", sorted(Path(viewed).parent.parent.glob("view-records*/*.tgn"))[0], "-o", tmp_path / "dd", "-q")
    r = _invoke("stats", tmp_path / "dd", "--table", "view_lost")
    assert r.exit_code == 0 and "no plays judged from the seat" in r.output and "无座位视角分析" in r.output
