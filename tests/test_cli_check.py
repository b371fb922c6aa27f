"""`tractor check`: exit codes, diagnostics with positions, the --json document, ruleset overrides."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from tractor_analysis.cli.main import main
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"
MATCH = str(SAMPLES / "spring-cup-r2t5.tgn")
DISPUTED = str(SAMPLES / "disputed-trick.tgn")

# The fixed field names of docs/format.md.
FILE_FIELDS = {"path", "errors", "hands"}
ERROR_FIELDS = {"line", "column", "message"}
HAND_FIELDS = {"match", "hand", "dealer", "level", "trump", "tricks", "violations", "attackers_points",
               "bottom_points", "bottom_multiplier", "bottom_bonus", "penalties", "attackers_total",
               "outcome", "claim", "claim_matches"}
TRICK_FIELDS = {"number", "leader", "winner", "points"}
VIOLATION_FIELDS = {"trick", "seat", "code", "message", "better"}
OUTCOME_FIELDS = {"winner", "levels", "next_dealer"}

BROKEN = """[Event "broken"]
[Hand "1"]
[Dealer "N"]
[Trump "H"]
1. N: SA SA, E: S3 S11, S: SK SK, W: S5 S5
"""


def run(*args: str):
    return CliRunner().invoke(main, ["check", *args], catch_exceptions=False)


def broken_file(tmp_path: Path) -> str:
    path = tmp_path / "broken.tgn"
    path.write_text(BROKEN, encoding="utf-8")
    return str(path)


def test_legal_match_exits_0_and_says_so_for_every_hand():
    r = run(MATCH)
    assert r.exit_code == 0, r.output
    assert r.output.count("legal 合规 ✓") == 5
    assert r.output.count("claim 记录") == 5 and "不符" not in r.output
    assert "outcome 结果" in r.output and "next dealer 下庄" in r.output
    assert "bottom 抠底 10×2=20" in r.output and "扣底 10" not in r.output     # captured: 抠底 (扣底 is burying)


def test_violation_exits_1_and_explains_it_with_the_better_play():
    r = run(DISPUTED)
    assert r.exit_code == 1
    assert "follow_pair" in r.output
    assert "trick 20 第20轮  N 张伟" in r.output
    assert "北家持有 ♥9 ♥9 却未跟对" in r.output and "did not follow the pair" in r.output
    assert re.search(r"better 应出\s+♥9 ♥9", r.output)
    assert re.search(r"played 实出\s+♥9 ♥3", r.output)


def test_unparseable_file_exits_2_with_path_line_column_and_the_others_are_still_checked(tmp_path):
    bad = broken_file(tmp_path)
    r = run(bad, MATCH, DISPUTED)
    assert r.exit_code == 2
    first = r.stdout.splitlines()[0]
    assert first.startswith(f"{bad}:5:")
    assert re.match(rf"{re.escape(bad)}:5:\d+: .*S11", first)
    assert r.output.count("legal 合规 ✓") == 5          # the good match is still checked
    assert "follow_pair" in r.output                     # and so is the disputed trick


def test_missing_path_is_reported_without_a_position_and_the_batch_goes_on(tmp_path):
    missing = str(tmp_path / "nowhere.tgn")
    r = run(missing, MATCH)
    assert r.exit_code == 2
    assert f"{missing}: cannot read {missing}: no such file or directory / 无法读取 {missing}：文件或目录不存在" \
        in r.stdout
    assert ":0:0:" not in r.stdout
    assert r.output.count("legal 合规 ✓") == 5


def test_a_hand_with_parse_errors_says_its_verdict_rests_on_what_was_read(tmp_path):
    bad = tmp_path / "bad.tgn"
    text = (Path(DISPUTED).read_text(encoding="utf-8")
            .replace("20. W: HQ HQ, N: H9 H3", "20. W: HQ,HQ, N: H9 H3"))
    bad.write_text(text, encoding="utf-8")
    r = run(str(bad))
    assert r.exit_code == 2
    assert "cards are separated by spaces" in r.stdout
    assert "1 parse error above, the verdict is on what could be read / 上方有 1 处记录错误" in r.stdout


def test_a_glob_that_matches_nothing_is_unreadable(tmp_path):
    r = run(str(tmp_path / "*.tgn"))
    assert r.exit_code == 2
    assert "cannot read" in r.stdout and "pattern" in r.stdout


def test_folders_and_globs_expand_to_record_files(tmp_path):
    shutil.copy(MATCH, tmp_path / "a.tgn")
    (tmp_path / "sub").mkdir()
    shutil.copy(DISPUTED, tmp_path / "sub" / "b.tgn")
    (tmp_path / "notes.txt").write_text("not a record")
    doc = json.loads(run(str(tmp_path), "--json").stdout)
    assert [Path(f["path"]).name for f in doc["files"]] == ["a.tgn", "b.tgn"]
    doc = json.loads(run(str(tmp_path / "*.tgn"), str(tmp_path / "a.tgn"), "--json").stdout)
    assert [Path(f["path"]).name for f in doc["files"]] == ["a.tgn"]       # each file once


def test_json_document_has_exactly_the_fields_of_the_format(tmp_path):
    bad = broken_file(tmp_path)
    r = run(MATCH, DISPUTED, bad, "--json")
    assert r.exit_code == 2
    doc = json.loads(r.stdout)                           # one JSON document, nothing else
    assert set(doc) == {"files"}
    assert [f["path"] for f in doc["files"]] == [MATCH, DISPUTED, bad]
    for f in doc["files"]:
        assert FILE_FIELDS <= set(f)
        for e in f["errors"]:
            assert ERROR_FIELDS <= set(e) and isinstance(e["line"], int) and isinstance(e["column"], int)
        for h in f["hands"]:
            assert HAND_FIELDS <= set(h)
            assert all(TRICK_FIELDS <= set(t) for t in h["tricks"])
            assert all(VIOLATION_FIELDS <= set(v) for v in h["violations"])
            assert h["outcome"] is None or OUTCOME_FIELDS <= set(h["outcome"])
    match, disputed, broken = doc["files"]
    assert match["errors"] == [] and len(match["hands"]) == 5
    hand = match["hands"][0]
    assert (hand["match"], hand["hand"], hand["dealer"], hand["level"], hand["trump"]) == (0, 1, "W", "2", "C")
    assert hand["tricks"][0] == {"number": 1, "leader": "W", "winner": "W", "points": 0}
    assert hand["outcome"] == {"winner": "defenders", "levels": 1, "next_dealer": "E", "team": "EW",
                               "match_over": False}
    assert hand["claim"] == hand["attackers_total"] == 60 and hand["claim_matches"] is True
    (v,) = disputed["hands"][0]["violations"]
    assert (v["trick"], v["seat"], v["code"], v["better"]) == (20, "N", "follow_pair", ["H9", "H9"])
    assert v["message"] == f"{v['message_zh']} / {v['message_en']}"       # bilingual
    assert "北家" in v["message_zh"] and "pair" in v["message_en"]
    assert disputed["hands"][0]["outcome"] is None and disputed["hands"][0]["claim"] is None
    assert broken["errors"][0]["line"] == 5 and "S11" in broken["errors"][0]["message"]
    assert broken["errors"][0]["code"] == "unknown_card"


def test_json_points_add_up_and_bottom_capture_is_itemised():
    doc = json.loads(run(MATCH, "--json").stdout)
    hands = doc["files"][0]["hands"]
    for h in hands:
        assert h["attackers_total"] == h["attackers_points"] + h["bottom_bonus"] + h["penalties"]
        assert h["bottom_bonus"] == h["bottom_points"] * h["bottom_multiplier"]
        assert sum(t["points"] for t in h["tricks"]) + h["bottom_points"] == 200
    (capture,) = [h for h in hands if h["bottom_multiplier"]]
    assert (capture["hand"], capture["bottom_points"], capture["bottom_multiplier"]) == (4, 10, 2)
    assert capture["tricks"][-1]["winner"] == "N" and capture["dealer"] == "E"


def test_rule_override_is_applied_to_the_record():
    # Under the ourgame score table 100 points take the deal *and* go up one level (standard: no
    # level), so hand 5's recorded [Level "2"] no longer matches the carried level.
    r = run(MATCH, "--rule", "score_table=ourgame", "--json")
    assert r.exit_code == 1
    hands = json.loads(r.stdout)["files"][0]["hands"]
    assert hands[3]["outcome"]["levels"] == 1 and hands[3]["ruleset"] == "standard+"
    assert "level_mismatch" in [v["code"] for v in hands[4]["violations"]]
    plain = json.loads(run(MATCH, "--json").stdout)["files"][0]["hands"]
    assert plain[3]["outcome"]["levels"] == 0


def test_rules_preset_override_replaces_the_record_ruleset():
    hands = json.loads(run(MATCH, "--rules", "ourgame", "--json").stdout)["files"][0]["hands"]
    assert {h["ruleset"] for h in hands} == {"ourgame"}
    assert hands[3]["outcome"]["levels"] == 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), rate=st.sampled_from([0.0, 0.0, 0.08]))
def test_exit_code_and_json_agree_with_the_engine_on_simulated_matches(tmp_path, seed, rate):
    match = simulate_match(seed, max_hands=2, violation_rate=rate)
    path = tmp_path / f"sim-{seed}-{rate}.tgn"
    path.write_text(format_tgn(match), encoding="utf-8")
    r = run(str(path), "--json")
    doc = json.loads(r.stdout)
    (f,) = doc["files"]
    assert f["errors"] == []
    assert [h["hand"] for h in f["hands"]] == [h.number for h in match.hands]
    injected = sum(1 for h in match.hands for t in h.tricks for p in t.plays
                   if any(n.startswith("injected:") for n in p.notes))
    found = sum(len(h["violations"]) for h in f["hands"])
    assert found >= injected
    assert r.exit_code == (1 if found else 0)
    for h, hand in zip(f["hands"], match.hands):
        assert len(h["tricks"]) == len(hand.tricks)
        assert h["claim_matches"] is True                # the simulator claims the engine's total


def test_empty_binary_and_folder_inputs_are_errors_not_tracebacks(tmp_path):
    (tmp_path / "empty.tgn").write_bytes(b"")
    (tmp_path / "blob.tgn").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "nothing").mkdir()
    r = CliRunner().invoke(main, ["check", str(tmp_path / "empty.tgn"), str(tmp_path / "blob.tgn"),
                                  str(tmp_path / "nothing"), MATCH])
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert r.exit_code == 2
    lines = [line for line in r.stdout.splitlines() if line.startswith(str(tmp_path))]
    assert len(lines) == 3
    # a position where there is one (empty, binary: 1:1), the bare path for a folder
    assert all(re.match(r".+:\d+:\d+: \S", line) for line in lines[:2])
    assert lines[2].startswith(f"{tmp_path / 'nothing'}: cannot read")
    assert r.output.count("legal 合规 ✓") == 5


def test_a_decided_match_is_reported_in_text_and_json(tmp_path):
    match = simulate_match(3)                      # played until a team passes A
    path = tmp_path / "full.tgn"
    path.write_text(format_tgn(match), encoding="utf-8")
    from tractor_analysis.engine.replay import replay_match
    result = replay_match(match)
    assert result.winner is not None
    team = ("NS", "EW")[result.winner]
    r = run(str(path))
    assert f"match 比赛  {team} won the match: passed A / {team} 方获胜：打过 A" in r.stdout
    doc = json.loads(run(str(path), "--json").stdout)
    assert doc["files"][0]["matches"] == [{"match": 0, "winner": team, "forfeit": None, "forfeit_reason": None, "decided_by": "passed", "levels_final": {
        "NS": doc["files"][0]["hands"][-1]["levels_after"]["NS"],
        "EW": doc["files"][0]["hands"][-1]["levels_after"]["EW"]}}]


def test_colours_only_when_asked_for_a_terminal():
    plain = CliRunner().invoke(main, ["check", DISPUTED])
    assert "\x1b[" not in plain.output
    coloured = CliRunner().invoke(main, ["check", DISPUTED], color=True)
    assert "\x1b[" in coloured.output
    assert click_unstyle(coloured.output) == plain.output


def click_unstyle(text: str) -> str:
    import click
    return click.unstyle(text)


def test_tournament_rules_charge_the_failed_throw_and_the_claim_no_longer_matches():
    # Hand 1 has a failed throw by an attacker (N: SJ S8 -> S8): 10 points for the card not thrown.
    r = run(MATCH, "--rules", "tournament")
    assert r.exit_code == 1
    assert "✎ record 记录 hand 整局  claim_mismatch" in r.stdout      # the table's count, no play (round 18)
    assert "penalties 罚分 -10 = 50   claim 记录 60 ✗ differs 不符" in r.stdout
    hand = json.loads(run(MATCH, "--rules", "tournament", "--json").stdout)["files"][0]["hands"][0]
    assert (hand["penalties"], hand["attackers_total"], hand["claim_matches"]) == (-10, 50, False)
    assert [v["code"] for v in hand["violations"]] == ["claim_mismatch"]
    assert hand["violations"][0]["trick"] is None and hand["violations"][0]["seat"] is None
    assert hand["violations"][0]["about"] == "record" and hand["legal"] is True
