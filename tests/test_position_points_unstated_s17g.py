"""A position (``[SetUp "1"]``) that does not state the attackers' points before it (no ``[Points]``) is
analysed (a player's tester, round 17): a line's total is those points plus the points from the position
on, and the search values only the points to come, so each play's cost and best plays are the same
whatever they were — only the totals are unknown (docs/rules.md §14.1: nothing else rests on them).

Before: "not analysed 未分析: the position does not state the attackers' points so far ([Points] …)",
no cost, no best play; ``ingest --analyse`` stored nothing.  Now: the same costs and best plays as with
``[Points]`` stated, the values as the attackers' points from the position on (text: labelled, both
languages; ``analyse --json``: ``value_before`` … ``null``, ``*_from_position`` and ``totals_withheld``
saying why), the dataset's ``value_before`` / ``value_after`` null and ``cost`` / ``best`` stored.
Compiled search and pure Python alike.
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.analysis.record_basis import points_before, points_unstated
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = Path(__file__).parent.parent / "sample_logs" / "spring-cup-r2t5.tgn"

HAND4_FROM_13 = """[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "4"]
[Dealer "E"]
[Trump "D"]
[Level "5"]
[SetUp "1"]
[Points "55"]
[FirstTrick "13"]
N: H5 DJ DQ DA
E: S5 D9 DK C5
S: S10 C8 C9 CA
W: DJ DQ C4 C7
Buried: S6 S3 S2 C10 C9 C8 C4 C3
13. E: S5, S: C8, W: DJ, N: DJ
14. E: C5, S: C9, W: DQ, N: DQ
15. E: D9, S: CA, W: C4, N: H5
16. N: DA, E: DK, S: S10, W: C7
"""
"""The sample's hand 4 (spring-cup-r2t5.tgn) from trick 13, the attackers (N–S) having 55 points: E's
♠5 lead costs 20 (♦9 best), and N–S take the last trick, so the bottom counts, times its multiplier."""

THROW = """[Ruleset "tournament"]
[Levels "NS:7 EW:5"]

[Hand "5"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "24"]
N: D4 D6
E: HA HQ
S: HK H3
W: H4 H5
Buried: D10 D10 C2 C6 C8 C9 D2 D3
24. E: HA HQ -> HQ, S: HK, W: H4, N: D4
25. S: H3, W: H5, N: D6, E: HA
"""
"""An attacker's failed throw under tournament rules (10 points a card): the penalty is counted from the
position on too."""

CASES = [(HAND4_FROM_13, 55), (THROW, 40)]


pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _unstated(text: str) -> str:
    """``text`` without its ``[Points]`` line."""
    out = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[Points "))
    assert "[Points" not in out and "[SetUp" in out
    return out


def _hand(text: str):
    (m,), diags = parse_tgn(text)
    assert diags == [], diags
    return replay_match(m).hands[0]


def _choices(a):
    return [(p.trick, p.seat, p.cards, p.cost, p.best, p.best_every, p.legal, p.searched) for p in a.plays]


def test_the_full_hand_and_the_position_with_points_agree():
    """The position is the sample's hand from trick 13, its 55 points those taken before it (a check of
    this file's data: passed before too)."""
    (m,), _ = parse_tgn(SAMPLE.read_text("utf-8"))
    full = analyse_hand(replay_match(m).hands[3], 4)
    pos = analyse_hand(_hand(HAND4_FROM_13), 4)
    assert full.reason is None and pos.reason is None
    assert [(p.value_before, p.value_after) for p in full.plays] == [(p.value_before, p.value_after) for p in pos.plays]
    assert _choices(full) == _choices(pos) and full.result == pos.result == 100


@pytest.mark.parametrize("text, points", CASES, ids=["hand4", "throw"])
def test_a_position_without_points_gets_the_same_costs_and_best_plays(text, points):
    stated, unstated = _hand(text), _hand(_unstated(text))
    assert points_unstated(stated) is None and points_before(stated) == points
    assert points_unstated(unstated) is not None and points_before(unstated) is None
    assert unstated.attackers_total is None             # the engine withholds the total: so does the analysis
    a, b = analyse_hand(stated, 4), analyse_hand(unstated, 4)
    assert a.reason is None and b.reason is None, b.reason
    assert a.points_before == points and a.totals_known
    assert b.points_before is None and not b.totals_known
    assert b.plays and _choices(b) == _choices(a)
    assert any(p.cost for p in b.plays)                  # a costly play: the costs are not all 0
    # its values are the points from the position on: the totals less the points before it
    assert [(p.value_before, p.value_after) for p in b.plays] == [
        (p.value_before - points, p.value_after - points) for p in a.plays]
    assert (b.start_value, b.result) == (a.start_value - points, a.result - points)


def test_other_unknowns_still_withhold_the_analysis():
    # (a guard: passed before too — the unknown [Points] no longer withholds the analysis, the others still do)
    """Without ``[Points]``, and without ``[Dealer]`` (no ``[Levels]`` to find the dealer's side from):
    the sides are unknown, so nothing is analysed and the reason names ``[Dealer]``."""
    text = "".join(line for line in _unstated(HAND4_FROM_13).splitlines(keepends=True)
                   if not line.startswith("[Dealer "))
    a = analyse_hand(_hand(text), 4)
    assert a.reason is not None and "[Dealer]" in a.reason[1] and not a.plays


def _analyse(tmp_path, text: str, *args: str) -> dict:
    f = tmp_path / "pos.tgn"
    f.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["analyse", str(f), "--last", "4", "--budget", "5", "--json", *args])
    assert r.exit_code == 0, r.output
    (h,) = json.loads(r.stdout)["hands"]
    return h


@pytest.mark.parametrize("text, points", CASES, ids=["hand4", "throw"])
def test_analyse_json_withholds_the_totals_and_gives_the_points_from_the_position_on(tmp_path, text, points):
    a = _analyse(tmp_path, text)
    b = _analyse(tmp_path, _unstated(text))
    assert a["reason"] is None and b["reason"] is None
    assert a["points_before"] == points and a["totals_withheld"] is None
    assert b["points_before"] is None
    note = b["totals_withheld"]
    assert "[Points]" in note and "points taken before it" in note and "残局未写明此前的得分" in note
    assert b["value_start"] is None and b["result"] is None
    assert b["value_start_from_position"] == a["value_start_from_position"] == a["value_start"] - points
    assert b["result_from_position"] == a["result_from_position"] == a["result"] - points
    same = ("trick", "seat", "cards", "cost", "best", "best_choices", "legal", "mark",
            "value_before_from_position", "value_after_from_position")
    assert [{k: p[k] for k in same} for p in b["plays"]] == [{k: p[k] for k in same} for p in a["plays"]]
    assert all(p["value_before"] is None and p["value_after"] is None for p in b["plays"])
    assert [p["value_before_from_position"] for p in a["plays"]] == [p["value_before"] - points for p in a["plays"]]


def test_a_full_hand_states_its_points_before_as_0(tmp_path):
    h = _analyse(tmp_path, SAMPLE.read_text("utf-8"), "--hand", "4")
    assert h["reason"] is None and h["plays"]
    assert h["points_before"] == 0 and h["totals_withheld"] is None
    assert h["value_start_from_position"] == h["value_start"] and h["result_from_position"] == h["result"]


def test_the_view_withholds_its_means_as_totals(tmp_path):
    view = ("--view", "--samples", "4", "--seed", "3")
    a = _analyse(tmp_path, THROW, *view)
    b = _analyse(tmp_path, _unstated(THROW), *view)
    assert b["reason"] is None and len(b["plays"]) == len(a["plays"]) == 8
    for p, q in zip(a["plays"], b["plays"]):
        v, w = p["view"], q["view"]
        assert w["value"] is None and w["value_best"] is None
        assert (w["cost"], w["best"], w["deals"]) == (v["cost"], v["best"], v["deals"])
        assert w["value_from_position"] == v["value_from_position"] == round(v["value"] - 40, 2)


def test_analyse_text_labels_the_values(tmp_path):
    f = tmp_path / "pos.tgn"
    f.write_text(_unstated(HAND4_FROM_13), encoding="utf-8")
    r = CliRunner().invoke(main, ["analyse", str(f), "--last", "4", "--budget", "5"])
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "not analysed" not in out
    head = next(line for line in out.splitlines() if "best play 双方最佳" in line)
    assert "attackers' points from the position on 闲家自残局起得分 25" in head and "real result" not in head
    assert "totals 总分: ? (unknown 未知)" in head
    assert "(trick 13)" in out and "（第 13 轮）" in out
    assert "25 → 45  ? cost 代价 20 mistake 失误   best 最佳: ♦9" in out


def _parquet(root: Path, table: str) -> pd.DataFrame:
    parts = sorted((root / table).glob("part-*.parquet"))
    assert parts
    return pd.concat([pq.read_table(p).to_pandas() for p in parts], ignore_index=True)


def _num(v):
    return None if v is None or pd.isna(v) else v


def test_ingest_stores_the_costs_and_best_plays_and_nulls_the_totals(tmp_path):
    rows = {}
    for name, text in (("stated", HAND4_FROM_13), ("unstated", _unstated(HAND4_FROM_13))):
        f = tmp_path / f"{name}.tgn"
        f.write_text(text, encoding="utf-8")
        r = CliRunner().invoke(main, ["ingest", str(f), "-o", str(tmp_path / name), "--analyse", "4", "-q",
                                      "--view", "--samples", "3"])
        assert r.exit_code == 0, r.output
        plays = _parquet(tmp_path / name, "plays").sort_values(["trick_no", "position"])
        rows[name] = [(int(p.trick_no), p.seat, _num(p.value_before), _num(p.value_after), _num(p.cost),
                       None if p.best is None else list(p.best), _num(p.view_value), _num(p.view_value_best),
                       _num(p.view_deals), _num(p.view_cost)) for p in plays.itertuples(index=False)]
    stated, unstated = rows["stated"], rows["unstated"]
    assert len(stated) == len(unstated) == 16
    assert all(r[2] is not None and r[4] is not None for r in stated)
    assert all(r[6] is not None and r[7] is not None for r in stated)
    keep = (0, 1, 4, 5, 8, 9)       # trick, seat, cost, best, view_deals, view_cost: stored as with [Points]
    assert [[r[i] for i in keep] for r in unstated] == [[r[i] for i in keep] for r in stated]
    # the totals (value_before, value_after, view_value, view_value_best): null, never points from the position on
    assert all(r[2] is None and r[3] is None and r[6] is None and r[7] is None for r in unstated)
    assert any(r[4] == 20 and r[5] == ["D9"] for r in unstated)
