"""``tractor analyse`` (issue 13): text marks, the --json document, exit codes, on sample logs,
constructed positions and simulated hands."""
from __future__ import annotations

import json

from click.testing import CliRunner

from engine_helpers import position
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn
from tractor_analysis.simulate import simulate

# N, last to play to trick 1 and void in spades, discards ♣4 instead of trumping with one ♥K of his
# pair: W keeps the lead and wins the last trick with ♥A♥A, the bottom (20) × 4 (see test_solver).
BLUNDER = position("E: S9, S: S5, W: SQ, N: C4", level="2", trump="H", ruleset="standard",
                   hands={"N": "HK HK C4", "E": "S9 S8 S7", "S": "S5 D6 D7", "W": "HA HA SQ"},
                   buried="D10 C10 C3 C6 C7 C8 C9 D8", extra="2. W: HA HA, N: HK HK, E: S8 S7, S: D6 D7")


def _run(*args):
    return CliRunner().invoke(main, ["analyse", *args])


def test_blunder_is_marked_in_text_and_json(tmp_path):
    f = tmp_path / "blunder.tgn"
    f.write_text(BLUNDER, encoding="utf-8")
    r = _run(str(f))
    assert r.exit_code == 0, r.output
    assert "blunder 大错" in r.output and "??" in r.output
    assert "best 最佳: ♥K" in r.output
    r = _run(str(f), "--json")
    assert r.exit_code == 0
    doc = json.loads(r.output)
    (h,) = doc["hands"]
    assert h["value_start"] == 50 and h["result"] == 105 and h["first_trick"] == 1 and h["tricks"] == 2
    plays = h["plays"]
    assert [p["seat"] for p in plays[:4]] == ["E", "S", "W", "N"]
    n = plays[3]
    assert n["cards"] == ["C4"] and n["value_before"] == 50 and n["value_after"] == 105
    assert n["cost"] == 55 and n["best"] == [["HK"]] and n["mark"] == "blunder 大错"
    for p in plays:
        assert set(p) >= {"trick", "seat", "cards", "value_before", "value_after", "cost", "best"}
        assert p["cost"] >= 0
    assert plays[-1]["value_after"] == h["result"]


def test_sample_log_json(tmp_path):
    r = _run("sample_logs/spring-cup-r2t5.tgn", "--hand", "1", "--last", "2", "--json")
    assert r.exit_code == 0, r.output
    (h,) = json.loads(r.output)["hands"]
    assert h["hand"] == 1 and h["tricks"] == 2 and len(h["plays"]) == 8
    assert h["plays"][-1]["value_after"] == h["result"]


def test_simulated_hands(tmp_path):
    match = next(iter(simulate(1, 5)))
    f = tmp_path / "sim.tgn"
    f.write_text(format_tgn(match), encoding="utf-8")
    result = replay_match(match)
    numbers = [h.number for h in result.hands if h.complete][:2]
    r = _run(str(f), "--last", "2", "--json", *[a for n in numbers for a in ("--hand", str(n))])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    totals = {h.number: h.attackers_total for h in result.hands}
    assert [h["hand"] for h in doc["hands"]] == numbers
    for h in doc["hands"]:
        assert h["result"] == totals[h["hand"]]
        assert h["plays"][-1]["value_after"] == h["result"]
        assert all(p["cost"] is None or p["cost"] >= 0 for p in h["plays"])


def test_unreadable_input_exits_2(tmp_path):
    r = _run(str(tmp_path / "missing.tgn"))
    assert r.exit_code == 2
    bad = tmp_path / "bad.tgn"
    bad.write_text("[Hand \"1\"]\n1. this is not a trick\n", encoding="utf-8")
    assert _run(str(bad)).exit_code == 2


def test_unknown_hand_is_a_usage_error():
    r = _run("sample_logs/spring-cup-r2t5.tgn", "--hand", "99")
    assert r.exit_code == 2 and "no hand 99" in r.output


def test_not_solved_within_budget_is_said(tmp_path):
    r = _run("sample_logs/spring-cup-r2t5.tgn", "--hand", "1", "--last", "6", "--nodes", "50")
    assert r.exit_code == 0
    assert "not solved within budget 未在预算内解出" in r.output
