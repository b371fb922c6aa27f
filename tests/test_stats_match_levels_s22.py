"""``tractor stats --by team`` / ``--by player``: the levels gained over a match are its final levels minus its
start where the match states them — the standings' ``levels_gained`` (an analyst's tester, session 22).

``data/analyst_s22/takeback_open.json``: a simulated tournament match (start 2 : 2, final N–S 4, E–W 7) whose
hand 5 gives ``takebacks: ["?"]``: the readings end that hand at other levels, so its ``level_ns_after`` /
``level_ew_after`` are withheld (null), and hand 6's ``[Level]`` fixes the reading (N–S 3 before hand 6).
Before: the summary summed the hands' moves, met hand 5's null and left ``levels_gained`` empty for both teams,
while ``--table standings`` of the same command gave 5 and 2 and ``tractor standings`` a level diff of ±3."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.pipeline import ingest

DATA = Path(__file__).resolve().parent / "data" / "analyst_s22"
IMPLS = {"sql": stats, "reference": stats_reference}
TEAMS = {"Zhou Min / 孙丽": 5, "张伟 / 赵磊": 2}          # E-W 2 -> 7, N-S 2 -> 4
PLAYERS = {"Zhou Min": 5, "孙丽": 5, "张伟": 2, "赵磊": 2}


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("match_levels") / "ds"
    ingest([str(DATA / "takeback_open.json")], str(out))
    return str(out)


def test_the_record_withholds_hand_5s_levels_after(dataset):
    ds = load(dataset)
    h = ds.hands.set_index("hand_no")
    assert h["level_ns_after"].isna()[5] and h["level_ew_after"].isna()[5]
    assert h.loc[6, "level_ns_before"] == 3
    (m,) = ds.matches.itertuples()
    assert (m.level_ns_start, m.level_ns_final, m.level_ew_start, m.level_ew_final) == (2, 4, 2, 7)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("by, expected", [("team", TEAMS), ("player", PLAYERS)])
def test_levels_gained_are_the_matchs_final_minus_start(dataset, impl, by, expected):
    src = dataset if impl == "sql" else load(dataset)
    table = IMPLS[impl].summary(src, by)
    assert dict(zip(table[by], table["levels_gained"])) == expected


def test_the_summary_agrees_with_the_standings(dataset):
    tables = stats.all_tables(dataset, "team")
    summary = dict(zip(tables["summary"]["team"], tables["summary"]["levels_gained"]))
    standings = dict(zip(tables["standings"]["team"], tables["standings"]["levels_gained"]))
    assert summary == standings == TEAMS


def test_stats_csv_gives_the_levels(dataset):
    r = CliRunner().invoke(main, ["stats", dataset, "--by", "team", "--table", "summary", "--format", "csv"])
    assert r.exit_code == 0, r.output
    head, *rows = r.stdout.splitlines()
    at = head.split(",").index("levels_gained")
    assert {row.split(",")[0]: row.split(",")[at] for row in rows} == {k: str(v) for k, v in TEAMS.items()}


@pytest.mark.parametrize("impl", IMPLS)
def test_a_match_whose_final_level_is_not_known_still_sums_its_hands(dataset, impl, tmp_path):
    """With the match's final levels null the summary falls back to the hands, and hand 5's withheld levels
    leave the sum unknown, as before."""
    import pyarrow.parquet as pq
    import pyarrow as pa
    import shutil

    copy = tmp_path / "ds"
    shutil.copytree(dataset, copy)
    for part in (copy / "matches").glob("part-*.parquet"):
        t = pq.read_table(part)
        for c in ("level_ns_final", "level_ew_final"):
            i = t.column_names.index(c)
            t = t.set_column(i, c, pa.nulls(len(t), t.schema.field(c).type))
        pq.write_table(t, part)
    src = str(copy) if impl == "sql" else load(str(copy))
    table = IMPLS[impl].summary(src, "team")
    assert all(v != v for v in table["levels_gained"])
