"""An organiser's audit: a referee's position of one trick sits in the same folder as the
matches.  It was played (its hands count), but it decided nothing: it must not win a match
in the standings, nor count as a lost defence or as an attackers' total."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pandas as pd
import pytest

from tractor_analysis.dataset import stats
from tractor_analysis.dataset import load
from tractor_analysis.dataset.pipeline import ingest

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"


@pytest.fixture(scope="module")
def match_and_position(tmp_path_factory):
    root = tmp_path_factory.mktemp("ds") / "dataset"
    ingest([str(SAMPLES / "spring-cup-r2t5.tgn"), str(SAMPLES / "disputed-trick.tgn")], str(root))
    return load(str(root))


def test_a_position_alone_decides_no_match(match_and_position):
    res = stats.match_results(match_and_position)
    position = res[res["hands"] == 1].iloc[0]       # disputed-trick.tgn: hand 11 only, played at levels 7 v 5
    # the record stops inside it: void (7 v 5) or played out — its final levels are not known (docs/rules.md §8.5;
    # before s18q: 7 v 5, the void reading alone)
    assert pd.isna(position["level_ns"]) and pd.isna(position["level_ew"])
    assert pd.isna(position["winner"]) and position["decided_by"] == "no finished hand"
    match = res[res["hands"] == 5].iloc[0]
    assert match["winner"] == "EW" and match["decided_by"] == "higher level"


def test_standings_count_only_matches_that_were_decided(match_and_position):
    table = stats.standings(match_and_position).set_index("team")
    assert table.loc["刘洋 / 李娜", "matches"] == 1 and table.loc["刘洋 / 李娜", "won"] == 1
    assert table.loc["张伟 / 王芳", "matches"] == 1 and table.loc["张伟 / 王芳", "lost"] == 1
    assert table["won"].sum() == table["lost"].sum() == 1


def test_hold_rate_and_attackers_points_are_over_finished_hands(match_and_position):
    s = stats.summary(match_and_position, "player").set_index("player")
    # 张伟 (N) defended hand 5 (lost, S dealt) and the unfinished position (dealer N): 0 of 1.
    assert s.loc["张伟", "as_dealer"] == 1 and s.loc["张伟", "hold_rate"] == 0.0
    # 刘洋 (W) attacked hand 5 (100) and the position (80 so far, not a hand's total).
    assert s.loc["刘洋", "attack_points_mean"] == 100.0
    assert s.loc["刘洋", "hands"] == 6                # the position was played: it counts as a hand
    assert s.loc["刘洋", "as_attacker"] == 2           # hand 5 (S dealt) and the position (N dealt)
    assert s.loc["张伟", "as_attacker"] == 4           # hands 1-4 (W and E dealt)
    bands = stats.points_distribution(match_and_position, "player").set_index("player")
    assert bands.loc["刘洋"].sum() == 1


def test_report_does_not_call_the_position_ahead(match_and_position, tmp_path):
    from tractor_analysis.reports.build import build_report

    model = build_report([str(SAMPLES / "disputed-trick.tgn")])
    assert [f.leader for f in model.match_facts] == [None]


@pytest.fixture(scope="module")
def twice(tmp_path_factory):
    """The sample match kept as .tgn and as .json (the sample_logs folder holds both)."""
    root = tmp_path_factory.mktemp("ds2") / "dataset"
    ingest([str(SAMPLES / "spring-cup-r2t5.tgn"), str(SAMPLES / "spring-cup-r2t5.json"),
            str(SAMPLES / "gbk-club-night.tgn")], str(root))
    return load(str(root))


def test_a_match_kept_as_tgn_and_json_is_counted_once(twice):
    assert len(twice.matches) == 3
    dups = stats.duplicate_matches(twice)
    files = twice.matches.set_index("match_id")["source_file"]
    # the copy that counts is the one ingest kept (duplicate_of): the input given first, the .tgn
    assert [(files[d].rsplit("/", 1)[-1], files[k].rsplit("/", 1)[-1]) for d, k in dups.items()] == \
        [("spring-cup-r2t5.json", "spring-cup-r2t5.tgn")]
    kept = twice.matches.set_index("match_id")["duplicate_of"]
    assert {d: kept[d] for d in dups} == dups
    table = stats.standings(twice).set_index("team")
    assert table.loc["刘洋 / 李娜", "matches"] == 1 and table.loc["刘洋 / 李娜", "won"] == 1
    s = stats.summary(twice, "player").set_index("player")
    assert s.loc["刘洋", "hands"] == 5
    # the spring cup's 5 hands (counted once) under its [Rule:decide_by_levels "on"], the club night's 2
    assert stats.summary(twice, "ruleset").set_index("ruleset")["hands"].to_dict() == {
        "standard+decide_by_levels=on": 5, "standard": 2}


def test_one_hand_different_makes_another_match(twice):
    """Rows without a match_key (an older dataset) are compared by their content: a hand
    different makes another match (rows ingest wrote follow duplicate_of)."""
    matches = twice.matches.copy()
    matches["match_key"] = None
    matches["duplicate_of"] = None
    older = dataclasses.replace(twice, matches=matches)
    assert len(stats.duplicate_matches(older)) == 1          # the content alike: one match
    hands = twice.hands.copy()
    dup = next(iter(stats.duplicate_matches(older)))
    row = hands.index[(hands["match_id"] == dup) & (hands["hand_no"] == 3)][0]
    hands.loc[row, "attackers_total"] = 70
    changed = dataclasses.replace(older, hands=hands)
    assert stats.duplicate_matches(changed) == {}


def test_the_report_counts_the_match_once_and_says_which_copy(tmp_path):
    from tractor_analysis.reports.build import build_report, write_report

    model = build_report([str(SAMPLES / "spring-cup-r2t5.tgn"), str(SAMPLES / "spring-cup-r2t5.json")])
    out = write_report(model, tmp_path / "r")
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "counted once / 1 场比赛保存在两个文件中" in html
    summary = html[html.index('id="summary"'):html.index('id="standings"')]
    assert "<dt>Matches / 比赛</dt><dd>1</dd>" in summary and "<dt>Hands / 牌局</dt><dd>5</dd>" in summary


def test_stats_command_says_which_matches_it_counted_once(twice, tmp_path):
    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    root = tmp_path / "again"
    ingest([str(SAMPLES / "spring-cup-r2t5.tgn"), str(SAMPLES / "spring-cup-r2t5.json")], str(root))
    r = CliRunner().invoke(main, ["stats", str(root), "--format", "csv"])
    assert r.exit_code == 0
    assert "1 match recorded twice, counted once (" in r.stderr and "只计一次" in r.stderr
    assert ("counted: spring-cup-r2t5.tgn (r2 t5), left out: spring-cup-r2t5.json (r2 t5)" in r.stderr
            and "计入：spring-cup-r2t5.tgn (r2 t5)，不计：spring-cup-r2t5.json (r2 t5)" in r.stderr
            and "recorded twice" not in r.stdout)     # which copy is counted, which left out, in both languages


def test_stats_by_match_names_the_record_files_for_people_and_keeps_ids_for_programs(twice, tmp_path):
    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    root = tmp_path / "m"
    ingest([str(SAMPLES / "gbk-club-night.tgn"), str(SAMPLES / "disputed-trick.tgn")], str(root))
    ds = load(str(root))
    r = CliRunner().invoke(main, ["stats", str(root), "--by", "match", "--table", "summary"])
    assert r.exit_code == 0
    assert "gbk-club-night.tgn (r1 t3)" in r.stdout and "disputed-trick.tgn (r2 t5)" in r.stdout
    assert not any(mid in r.stdout for mid in ds.matches["match_id"])
    csv = CliRunner().invoke(main, ["stats", str(root), "--by", "match", "--format", "csv"]).stdout
    assert all(mid in csv for mid in ds.matches["match_id"])


def test_the_note_on_matches_recorded_twice_lists_them_by_name_whatever_their_ids(capsys):
    # match ids are made per run (a parallel ingest's differ between runs): the note follows the names shown
    from tractor_analysis.cli.stats_cmd import _note_duplicates

    where = {"z1": "b.tgn", "z2": "b.json", "a1": "c.tgn", "a2": "c.json", "m1": "a.tgn", "m2": "a.json"}
    seen = set()
    for dups in ({"z2": "z1", "a2": "a1", "m2": "m1"}, {"m2": "m1", "z2": "z1", "a2": "a1"}):
        _note_duplicates(dups, where)
        seen.add(capsys.readouterr().err)
    (note,) = seen
    assert ("counted: a.tgn, left out: a.json; counted: b.tgn, left out: b.json; counted: c.tgn, left out: c.json"
            in note)


def test_every_table_title_is_english_then_chinese_after_a_slash():
    # (the house's "English / 中文"; the titles once ran the two together with a space)
    from tractor_analysis.cli.stats_cmd import TITLES

    for name, title in TITLES.items():
        en, sep, zh = title.partition(" / ")
        assert sep and en.isascii() and not zh.isascii(), (name, title)
