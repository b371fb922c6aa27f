"""An analyst's probe (s7): the simulator, ``tractor stats``' names of matches, ``load()``'s integer columns.

Before:

1. ``tractor simulate --rules tournament --violation-rate 0.02`` played on after a side forfeited (three
   wrong follows or take-backs, docs/rules.md §10.1): every match then had hands "recorded after the match
   ended" (``after_match_end``).  Now a simulated match stops where the engine says it ended.
2. ``tractor stats --by match`` named a row by the file's basename only: three matches in different
   folders were all ``matches-0001.jsonl #1 (r1 t1)``.  Now by the shortest ending of the path that tells
   the dataset's files apart.
3. The stderr list of matches recorded twice named the two files only, the same pair once per match.  Now
   each match as its ``--by match`` row.
4. ``load()`` gave ``float64`` for an integer column holding a null; ``load(…, nullable_ints=True)`` gives
   pandas' ``Int16`` / ``Int32``.
"""
from __future__ import annotations

import dataclasses
import gzip
import io
import re

import pandas as pd
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate, simulate_match, write_matches

TOURNAMENT = PRESETS["tournament"]


# --- 1. a simulated match stops at a forfeit ------------------------------------------------------

def test_simulated_tournament_matches_end_at_their_forfeit():
    """Tournament bots with injected wrong follows: the matches that forfeit stop at the hand that forfeits
    them (no hand recorded after the match ended), and some do forfeit (the test tells)."""
    forfeited = 0
    for match in simulate(8, 12, rules=TOURNAMENT, violation_rate=0.02):
        result = replay_match(match)
        assert result.after_end == () and not [p for p in result.problems if p.code == "after_match_end"]
        if result.forfeited:
            forfeited += 1
            assert result.decided_by == "forfeit"
            # the match without its last hand has not been forfeited yet: it stopped at the first chance
            assert not replay_match(dataclasses.replace(match, hands=match.hands[:-1])).forfeited
    assert forfeited >= 4


@pytest.mark.parametrize("index", range(4))
def test_stopping_at_the_forfeit_leaves_the_hands_before_as_they_were(index):
    """The same match played on past the forfeit (no forfeit count) has the same hands up to it: the
    simulator only stops earlier, it plays nothing differently."""
    stopped = simulate_match(12, index, rules=TOURNAMENT, violation_rate=0.02)
    played_on = simulate_match(12, index, rules=dataclasses.replace(TOURNAMENT, revoke_forfeit=0),
                               violation_rate=0.02)
    assert len(played_on.hands) > len(stopped.hands)
    assert played_on.hands[:len(stopped.hands)] == stopped.hands


def test_check_of_a_simulated_tournament_corpus_finds_no_hand_after_the_match_end(tmp_path):
    out = tmp_path / "sim"
    r = CliRunner().invoke(main, ["simulate", "-n", "6", "--seed", "12", "--rules", "tournament",
                                  "--violation-rate", "0.02", "-o", str(out), "--format", "jsonl",
                                  "--per-file", "3", "-q"])
    assert r.exit_code == 0, r.output
    c = CliRunner().invoke(main, ["check", str(out), "--json"])
    assert '"decided_by": "forfeit"' in c.stdout
    assert "after_match_end" not in c.stdout


# --- 2 and 3. names of matches in tractor stats -------------------------------------------------

def test_file_names_are_the_shortest_endings_that_differ():
    from tractor_analysis.cli.stats_cmd import file_names

    paths = ["corpus/sim-std/matches-0001.jsonl", "corpus/sim-tour/matches-0001.jsonl", "extra/bom.tgn",
             "x/a.tgn", "y/x/a.tgn", "/abs/solo.tgn", "logs/\\xc7\\xef.tgn"]
    names = file_names(paths)
    assert names == {"corpus/sim-std/matches-0001.jsonl": "sim-std/matches-0001.jsonl",
                     "corpus/sim-tour/matches-0001.jsonl": "sim-tour/matches-0001.jsonl",
                     "extra/bom.tgn": "bom.tgn", "x/a.tgn": "x/a.tgn", "y/x/a.tgn": "y/x/a.tgn",
                     "/abs/solo.tgn": "solo.tgn", "logs/\\xc7\\xef.tgn": "\\xc7\\xef.tgn"}
    assert len(set(names.values())) == len(paths)


@pytest.fixture(scope="module")
def two_folders(tmp_path_factory):
    """Two folders each holding a ``matches-0001.jsonl`` of other matches played at the same rounds and
    tables, and a gzipped copy of one of them elsewhere (its matches recorded twice)."""
    root = tmp_path_factory.mktemp("names")
    write_matches(list(simulate(3, 41, max_hands=2)), str(root / "in" / "std"), "jsonl")
    write_matches(list(simulate(3, 42, max_hands=2)), str(root / "in" / "other"), "jsonl")
    (root / "in" / "extra").mkdir()
    (root / "in" / "extra" / "copy.jsonl.gz").write_bytes(
        gzip.compress((root / "in" / "std" / "matches-0001.jsonl").read_bytes()))
    ds = root / "ds"
    ingest([str(root / "in" / f) for f in ("other/matches-0001.jsonl", "std/matches-0001.jsonl",
                                            "extra/copy.jsonl.gz")], str(ds))
    return str(ds)


def test_stats_by_match_names_different_matches_differently_in_every_format(two_folders):
    table = CliRunner().invoke(main, ["stats", two_folders, "--by", "match", "--table", "summary"])
    assert table.exit_code == 0, table.output
    rows = [line.split("  ")[0] for line in table.stdout.splitlines()[3:] if line.strip()]
    assert len(rows) == 6 and len(set(rows)) == 6, rows
    assert "std/matches-0001.jsonl #1 (r1 t1)" in rows and "other/matches-0001.jsonl #1 (r1 t1)" in rows
    csv = CliRunner().invoke(main, ["stats", two_folders, "--by", "match", "--format", "csv"])
    frame = pd.read_csv(io.StringIO(csv.stdout))
    assert list(frame.columns[:2]) == ["match", "match_id"]        # the columns as they were
    assert frame["match"].is_unique and sorted(frame["match"]) == sorted(rows)


def test_the_matches_recorded_twice_are_each_named(two_folders):
    r = CliRunner().invoke(main, ["stats", two_folders, "--table", "summary"])
    note = next(line for line in r.stderr.splitlines() if "recorded twice" in line)
    pairs = re.search(r"counted once \((.*)\) / ", note).group(1).split("; ")
    # (each named by its round and table as simulate placed it: since s22 a match that would seat a player twice
    # in one round starts the next round)
    from tractor_analysis.simulate import placement
    at = [placement(41, i) for i in range(3)]
    assert pairs == [f"counted: std/matches-0001.jsonl #{i} (r{r} t{t}), left out: copy.jsonl.gz #{i} (r{r} t{t})"
                     for i, (r, t) in zip((1, 2, 3), at)]
    assert len(set(at)) == 3


# --- 4. load()'s integer columns -----------------------------------------------------------------

@pytest.fixture(scope="module")
def with_nulls(tmp_path_factory):
    """Three-deck matches with cards played that were not held: hands whose bottom multiplier and levels after
    are null (since s21 a hand whose readings — the line or a play miscopied — all give one outcome keeps it and its
    levels: the rate is raised so that some readings still differ)."""
    root = tmp_path_factory.mktemp("nullable")
    paths = write_matches(list(simulate(3, 7, preset="three-deck", violation_rate=0.3, max_hands=4)),
                          str(root / "rec"))
    ingest(sorted(paths), str(root / "ds"))
    return str(root / "ds")


def test_load_with_nullable_ints_gives_pandas_nullable_integers(with_nulls):
    plain, nullable = load(with_nulls), load(with_nulls, nullable_ints=True)
    h = nullable.hands
    assert h["bottom_multiplier"].isna().any() and h["level_ns_after"].isna().any()
    assert str(plain.hands["bottom_multiplier"].dtype) == "float64"        # pandas' own: documented
    expected = {"bottom_multiplier": "Int32", "level_ns_after": "Int16", "level_ew_after": "Int16",
                "level_n_after": "Int16", "hand_no": "Int16", "decks": "Int32", "claim": "Int32"}
    assert {c: str(h[c].dtype) for c in expected} == expected
    assert str(nullable.violations["trick_no"].dtype) == "Int16"
    for name in nullable.keys():        # the same values, a null <NA> where the plain load has NaN
        for column in nullable[name].columns:
            if str(nullable[name][column].dtype).startswith("Int"):
                assert ([None if pd.isna(v) else int(v) for v in plain[name][column]]
                        == [None if pd.isna(v) else int(v) for v in nullable[name][column]]), (name, column)


@pytest.mark.parametrize("by", stats.BY)
def test_statistics_of_a_nullable_load_are_those_of_the_dataset(with_nulls, by):
    ds = load(with_nulls, nullable_ints=True)
    for name in ("summary", "points_distribution", "bottom_captures", "violation_rates"):
        on_disk = getattr(stats, name)(with_nulls, by).reset_index(drop=True)
        pd.testing.assert_frame_equal(getattr(stats_reference, name)(ds, by).reset_index(drop=True), on_disk,
                                      check_dtype=False)
        pd.testing.assert_frame_equal(getattr(stats, name)(ds, by).reset_index(drop=True), on_disk,
                                      check_dtype=False)
    pd.testing.assert_frame_equal(stats_reference.match_results(ds), stats.match_results(with_nulls),
                                  check_dtype=False)
