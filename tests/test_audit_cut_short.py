"""A match whose record ends before a side passes the winning level: decided only where its ruleset
decides such a match (``decide_by_levels``, seed 001 rule 十一: docs/rules.md §8.5), and then the
same everywhere — ``check``'s text and JSON, the dataset's match results, ``stats --table
standings`` and ``tractor standings`` (one decision: ``engine.scoring.decide``).

Before: ``check`` printed "EW won the match: higher level when the record ends" under any ruleset
while its JSON said ``winner: null``; the standings and ratings gave such a match to the higher
level under any ruleset (a guess of a rule the record does not state); a tournament record
stopping inside its last hand had ``winner: null`` in the JSON while the standings gave it to the
higher level; and ``stats --table standings`` counted a match no team won (its final levels not
known) that ``tractor standings`` left out.  Each test fails on that code.
"""
from __future__ import annotations

import dataclasses
import json

import pandas as pd
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats
from tractor_analysis.dataset.event import from_dataset, from_inputs
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import CUT_SHORT, MatchFacts, decide, decide_match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

# A club's two hands, written by hand: N–S hold at 2 with 0 points and go up 3 (N deals, then S).
CLUB = """[Event "Club night"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[Levels "NS:2 EW:2"]
{RULE}
[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[ResultOnly "yes"]
[Claim "0"]
"""


def _club(rule: str = "") -> str:
    return CLUB.replace("{RULE}", rule)


def _check(tmp_path, text: str, *args) -> tuple[str, dict]:
    path = tmp_path / "club.tgn"
    path.write_text(text, encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(main, ["check", str(path), *args]).output
    doc = json.loads(runner.invoke(main, ["check", str(path), "--json", *args]).output)
    return out, doc["files"][0]["matches"][0]


def test_check_text_and_json_agree_on_a_record_that_ends_before_anyone_passes(tmp_path):
    out, m = _check(tmp_path, _club())
    assert m["levels_final"] == {"NS": "5", "EW": "2"}
    assert m["winner"] is None and m["decided_by"] is None
    assert "won the match" not in out and "方获胜" not in out
    assert "not decided: the record ends before a side passes the winning level" in out
    assert "未分胜负：记录结束时双方均未打过获胜级别" in out


@pytest.mark.parametrize("how", ["tag", "option", "preset"])
def test_a_ruleset_that_decides_by_levels_gives_the_match_to_the_higher_level(tmp_path, how):
    text = _club('[Rule:decide_by_levels "on"]') if how == "tag" else _club()
    args = {"tag": (), "option": ("--rule", "decide_by_levels=on"), "preset": ("--rules", "tournament")}[how]
    out, m = _check(tmp_path, text, *args)
    assert m["winner"] == "NS" and m["decided_by"] == "levels"
    assert "NS won the match: higher level when the record ends" in out


def test_the_dataset_and_both_standings_follow_the_ruleset(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "off.tgn").write_text(_club().replace("Club night", "Night 1"), encoding="utf-8")
    (tmp_path / "in" / "on.tgn").write_text(
        _club('[Rule:decide_by_levels "on"]').replace("Club night", "Night 2").replace('"Ann"', '"Al"'),
        encoding="utf-8")
    ds = str(tmp_path / "ds")
    ingest([str(tmp_path / "in" / "off.tgn"), str(tmp_path / "in" / "on.tgn")], ds)
    res = stats.match_results(load(ds)).set_index("event")
    assert pd.isna(res.at["Night 1", "winner"]) and res.at["Night 1", "decided_by"] == CUT_SHORT
    assert res.at["Night 2", "winner"] == "NS" and res.at["Night 2", "decided_by"] == "higher level"
    table = stats.standings(load(ds)).set_index("team")
    assert set(table.index) == {"Al / Cy", "Bo / Di"}          # Night 1 counts for nobody
    assert table.at["Al / Cy", "won"] == 1 and table.at["Bo / Di", "lost"] == 1
    for matches in (from_dataset(ds), from_inputs([str(tmp_path / "in")])[0]):
        by_event = {m.event: m for m in matches}
        assert (by_event["Night 1"].winner, by_event["Night 1"].decided_by) == (None, CUT_SHORT)
        assert not by_event["Night 1"].counts
        assert (by_event["Night 2"].winner, by_event["Night 2"].decided_by) == (0, "higher level")


def test_stats_standings_leave_out_a_match_whose_levels_are_not_known(tmp_path):
    # the score sheet's second hand gives no [Claim]: its result, and the match's final levels,
    # are not known; tractor standings leave the match out, and so do stats now
    text = _club('[Rule:decide_by_levels "on"]') + '\n[Hand "2"]\n[ResultOnly "yes"]\n'
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "x.tgn").write_text(text, encoding="utf-8")
    ds = str(tmp_path / "ds")
    ingest([str(tmp_path / "in" / "x.tgn")], ds)
    (res,) = stats.match_results(load(ds)).to_dict("records")
    (event,) = from_dataset(ds)
    assert res["winner"] is None and res["decided_by"] == event.decided_by
    assert not event.counts
    assert stats.standings(load(ds)).empty


@pytest.mark.parametrize("by_levels", [False, True])
def test_the_dataset_decides_every_match_as_the_replay_does(tmp_path, by_levels):
    """Simulated matches cut at a few hands (and some played out), with the option on and off
    (the simulator's own records always say on: the option is taken off again here)."""
    (tmp_path / "in").mkdir()
    decided = {}
    for i in range(8):
        m = simulate_match(71, i, max_hands=2 + i % 3)
        m = dataclasses.replace(m, rules=tuple((k, v) for k, v in m.rules if k != "decide_by_levels")
                                + ((("decide_by_levels", "on"),) if by_levels else ()))
        m = dataclasses.replace(m, event=f"E{i}")
        (tmp_path / "in" / f"m{i}.tgn").write_text(format_tgn(m), encoding="utf-8")
        decided[f"E{i}"] = decide_match(replay_match(m))
    ds = str(tmp_path / "ds")
    ingest(sorted(str(p) for p in (tmp_path / "in").iterdir()), ds)
    res = stats.match_results(load(ds))
    got = {r.event: ({"NS": 0, "EW": 1}.get(r.winner), r.decided_by) for r in res.itertuples()}
    assert got == decided
    assert all((how == CUT_SHORT) == (not by_levels) for _, how in decided.values())


def test_decide_reads_only_its_facts():
    base = MatchFacts(finished=True, levels=(5, 3), holder=1, decide_by_levels=True)
    assert decide(base) == (0, "higher level")
    assert decide(dataclasses.replace(base, decide_by_levels=False)) == (None, CUT_SHORT)
    assert decide(dataclasses.replace(base, levels=(4, 4))) == (1, "holding the deal")
    assert decide(dataclasses.replace(base, levels=(4, 4), holder=None)) == (None, "deal not known")
    assert decide(dataclasses.replace(base, levels=(None, 4))) == (None, "levels not known")
    assert decide(dataclasses.replace(base, passed=1, win_level=14)) == (1, "passed A")
    assert decide(dataclasses.replace(base, passed=1, forfeit=1)) == (0, "forfeit")
    assert decide(dataclasses.replace(base, forfeit="both")) == (None, "both forfeit")
    assert decide(dataclasses.replace(base, finished=False)) == (None, "no finished hand")
    assert decide(dataclasses.replace(base, friend=True)) == (None, "friend mode (no fixed partnerships)")
    assert PRESETS["tournament"].decide_by_levels and not PRESETS["standard"].decide_by_levels


@pytest.mark.parametrize("rule", ["", '[Rule:decide_by_levels "on"]'])
def test_the_report_shows_the_same_match_alike_from_the_record_and_from_its_dataset(tmp_path, rule):
    """The index's matches table: N–S ahead on the levels either way, "(won / 胜)" only where the
    ruleset decides the match (from the record, it said nothing at all under the standard rules)."""
    from audit_helpers import index_html, report_table

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "club.tgn").write_text(_club(rule), encoding="utf-8")
    ds = str(tmp_path / "ds")
    ingest([str(tmp_path / "in" / "club.tgn")], ds)
    rows = [report_table(index_html(src, tmp_path / name), "matches")
            for src, name in ((tmp_path / "in" / "club.tgn", "from-record"), (ds, "from-dataset"))]
    ahead = [[c for c in r[0] if c.startswith("N–S")] for r in rows]
    assert ahead[0] == ahead[1] == (["N–S (won / 胜)"] if rule else ["N–S"])


# --- the levels every match starts at, said where the record relies on them -------------------

def _derived_levels(tmp_path, text: str) -> list[dict]:
    _, m = _check(tmp_path, text)
    doc = json.loads(CliRunner().invoke(main, ["check", str(tmp_path / "club.tgn"), "--json"]).output)
    return [d for d in doc["files"][0]["hands"][0].get("derived") or [] if d["fact"] in ("level", "levels")]


def test_the_other_sides_start_level_is_said_to_be_derived_when_levels_is_not_stated(tmp_path):
    """Hand 1 without [Levels]: E–W's 2 (and the levels after) rest on "every match starts at 2",
    which check --json said only when [Level] was missing too, and then of the dealer's side only."""
    no_levels = _club().replace('[Levels "NS:2 EW:2"]\n', "")
    items = _derived_levels(tmp_path, no_levels)
    assert [(d["fact"], d["value"], d["from"]) for d in items] == \
        [("levels", "EW 2", "the level every match starts at")]
    assert "E–W at 2: every match starts at 2" in items[0]["message_en"]
    assert "东西方打 2：比赛从 2 打起" in items[0]["message_zh"]
    both = _derived_levels(tmp_path, no_levels.replace('[Level "2"]\n', ""))
    assert [(d["fact"], d["value"]) for d in both] == [("levels", "EW 2"), ("level", "2")]
    assert _derived_levels(tmp_path, _club()) == []          # [Levels] states them: nothing derived


@pytest.mark.parametrize("override", [("--rule", "decide_by_levels=on"), ("--rules", "tournament")])
def test_a_report_of_a_dataset_draws_its_matches_with_the_rules_ingest_judged_them_with(tmp_path, override):
    """Before: the report redrew a dataset's matches from their stored text with the record's own
    rules, so the match page said "not decided" (and the event standings left the match out) while
    the dataset, stats and standings it was drawn from gave the match to N–S."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "club.tgn").write_text(_club(), encoding="utf-8")
    ds = str(tmp_path / "ds")
    r = CliRunner().invoke(main, ["ingest", str(tmp_path / "in" / "club.tgn"), "-o", ds, *override])
    assert r.exit_code == 0, r.output
    (res,) = stats.match_results(load(ds)).to_dict("records")
    assert (res["winner"], res["decided_by"]) == ("NS", "higher level")
    out = tmp_path / "rep"
    assert CliRunner().invoke(main, ["report", ds, "-o", str(out), "-q"]).exit_code == 0
    page = next(p for p in out.glob("m-*.html") if "-h" not in p.name).read_text("utf-8")
    assert "NS won the match: higher level when the record ends" in page.replace("N–S", "NS")
    assert "not decided" not in page


def test_ratings_say_a_match_no_team_won_is_not_rated(tmp_path):
    """Before: tractor ratings said the standings' "counted for nobody / 不计入排名" of it."""
    (tmp_path / "club.tgn").write_text(_club(), encoding="utf-8")
    r = CliRunner().invoke(main, ["ratings", str(tmp_path / "club.tgn")])
    assert "not decided" in r.stderr and "; not rated / " in r.stderr and "不计入等级分" in r.stderr
    assert "counted for nobody" not in r.stderr and "不计入排名" not in r.stderr
    s = CliRunner().invoke(main, ["standings", str(tmp_path / "club.tgn")])
    assert "; counted for nobody / " in s.stderr and "不计入排名" in s.stderr


def test_the_two_standings_do_not_share_a_heading_for_two_different_differences(tmp_path):
    """The stats' standings' level_diff is levels gained minus the opponents'; tractor standings'
    "level diff / 级差" is final minus final.  Before, both were headed "level diff / 级差" (one
    report page showed both, with other numbers for the same teams)."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "club.tgn").write_text(_club('[Rule:decide_by_levels "on"]'), encoding="utf-8")
    ds = str(tmp_path / "ds")
    ingest([str(tmp_path / "in" / "club.tgn")], ds)
    out = CliRunner().invoke(main, ["stats", ds, "--table", "standings"]).output
    assert "gained diff / 升级差" in out and "级差 " not in out.replace("升级差", "")
    assert "level diff / 级差" in CliRunner().invoke(main, ["standings", ds]).output


@pytest.mark.parametrize("rule, won", [("", 0), ('[Rule:decide_by_levels "on"]', 1)])
def test_the_reports_own_standings_credit_a_win_only_where_a_rule_decides_it(rule, won):
    """reports.facts.standings counted a match no rule decides as won by the side ahead on levels
    (its "won" read the index's "ahead" column): the guess the other standings no longer make."""
    from tractor_analysis.records.tgn_reader import parse_tgn
    from tractor_analysis.reports.fact_rows import facts_from_result
    from tractor_analysis.reports.facts import standings
    from tractor_analysis.reports.model import ReportModel

    (match,), _ = parse_tgn(_club(rule))
    fact, hands, violations = facts_from_result(match, replay_match(match), "m", "t", None)
    assert fact.leader == 0                                   # N–S ahead on levels either way
    model = ReportModel(title="t")
    model.match_facts.append(fact)
    model.hand_facts.extend(hands)
    rows = {s.team: s for s in standings(model)}
    assert rows["Ann & Cy"].won == won and rows["Bo & Di"].won == 0


def test_with_the_dealer_not_known_both_sides_start_levels_are_said_derived(tmp_path):
    no_dealer = _club().replace('[Levels "NS:2 EW:2"]\n', "").replace('[Dealer "N"]\n', "")
    items = _derived_levels(tmp_path, no_dealer)
    assert [(d["fact"], d["value"]) for d in items] == [("levels", "NS 2 EW 2")]
    assert "N–S and E–W at 2: every match starts at 2" in items[0]["message_en"]
    assert "南北、东西两方均打 2" in items[0]["message_zh"]
