"""``tractor analyse``, round 16 (a player's tester): each hand of a file holding several matches named
with its match, as ``check`` names it, and ``--match N``; the Chinese of a marked play's cost; ``last 1
trick``; the rules the values are scored by, in the heading and the JSON."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

# tournament rules (a failed throw costs 10 a card): E throws ♥A ♥Q, S holds ♥K, so E plays ♥Q alone
# and its side loses the 10 points (?! inaccuracy); throw_penalty=none makes it cost nothing
POS_B = """[Event "probe B"]
[Ruleset "tournament"]
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


def _match(event: str, points: int) -> dict:
    """POS_B as one line of a .jsonl file, its points before the position ``points``."""
    return {"event": event, "ruleset": "tournament", "levels": {"NS": "7", "EW": "5"}, "hands": [{
        "number": 5, "dealer": "N", "trump": "S", "level": "7",
        "deal": {"N": ["D4", "D6"], "E": ["HA", "HQ"], "S": ["HK", "H3"], "W": ["H4", "H5"]},
        "buried": ["D10", "D10", "C2", "C6", "C8", "C9", "D2", "D3"], "setup": True, "points": points,
        "first_trick": 24, "tricks": [
            [{"seat": "E", "attempted": ["HA", "HQ"], "cards": ["HQ"]}, {"seat": "S", "cards": ["HK"]},
             {"seat": "W", "cards": ["H4"]}, {"seat": "N", "cards": ["D4"]}],
            [{"seat": "S", "cards": ["H3"]}, {"seat": "W", "cards": ["H5"]}, {"seat": "N", "cards": ["D6"]},
             {"seat": "E", "cards": ["HA"]}]]}]}


def _write(tmp_path: Path, text: str, name: str = "p.tgn") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def _three_matches(tmp_path: Path) -> Path:
    lines = [json.dumps(_match(f"m{i}", points), ensure_ascii=False) for i, points in enumerate((40, 10, 20))]
    return _write(tmp_path, "\n".join(lines) + "\n", "three.jsonl")


def _analyse(*args: str):
    return CliRunner().invoke(main, ["analyse", *args], catch_exceptions=False)


def test_each_hand_of_a_file_of_several_matches_is_named_with_its_match_and_match_n_keeps_one(tmp_path):
    """Fix 3: three blocks all headed 'hand 5 第5局'; analyse heads them 'match 0 · hand 5' as its --match and the
    JSON's "match" number them (from 0); check's text, for a person, 'match #1 · hand 5' (from 1, as stats)."""
    path = _three_matches(tmp_path)
    r = _analyse(str(path), "--last", "1", "--hand", "5")
    assert r.exit_code == 0, r.output
    heads = [line.split("  ")[0] for line in r.output.splitlines() if "第5局" in line]
    assert heads == ["match 0 · hand 5 第5局", "match 1 · hand 5 第5局", "match 2 · hand 5 第5局"]
    check = CliRunner().invoke(main, ["check", str(path)]).output
    assert all(f"match #{i + 1} · hand 5 第5局" in check for i in range(3))     # check counts from 1
    # --match N: that match alone, numbered as the JSON's "match"
    r = _analyse(str(path), "--last", "1", "--match", "1")
    assert r.exit_code == 0, r.output
    assert [line.split("  ")[0] for line in r.output.splitlines() if "第5局" in line] == ["match 1 · hand 5 第5局"]
    doc = json.loads(_analyse(str(path), "--last", "1", "--match", "2", "--json").output)
    assert [(h["match"], h["hand"]) for h in doc["hands"]] == [(2, 5)]
    # a number the file holds no match for: exit 2, saying the file and how many it holds, in both languages
    for bad in ("3", "-1"):
        r = _analyse(str(path), "--last", "1", "--match", bad)
        assert r.exit_code == 2
        assert f"no match {bad} in {path}: it holds 3 matches, numbered 0–2" in r.output
        assert f"{path} 中没有比赛 {bad}：其中有 3 场比赛，编号 0–2" in r.output
    # one match in the file: no match label, as check's
    r = _analyse(str(_write(tmp_path, POS_B)), "--last", "1")
    assert r.exit_code == 0 and r.output.startswith("hand 5 第5局")


def test_a_marked_play_says_cost_in_both_languages(tmp_path):
    """Fix 4: '?! cost 10 inaccuracy 欠佳' — an unmarked cost says 'cost 代价 …'."""
    r = _analyse(str(_write(tmp_path, POS_B)), "--last", "2")
    assert r.exit_code == 0, r.output
    assert "?! cost 代价 10 inaccuracy 欠佳" in r.output
    assert "?! cost 10" not in r.output


def test_one_trick_analysed_is_said_in_the_singular(tmp_path):
    """Fix 5: 'last 1 tricks'."""
    r = _analyse(str(_write(tmp_path, POS_B)), "--last", "1")
    assert r.exit_code == 0, r.output
    assert "last 1 trick 最后 1 轮 (from trick 从第 25 轮)" in r.output and "last 1 tricks" not in r.output
    assert "last 2 tricks 最后 2 轮" in _analyse(str(_write(tmp_path, POS_B)), "--last", "2").output


def test_the_rules_the_values_are_scored_by_are_shown_in_the_heading_and_the_json(tmp_path):
    """Fix 6: the same heading with and without --rule throw_penalty=none, though the values differ."""
    path = _write(tmp_path, POS_B)
    plain = _analyse(str(path), "--last", "2")
    changed = _analyse(str(path), "--last", "2", "--rule", "throw_penalty=none")
    assert "rules 规则 tournament  " in plain.output
    assert "rules 规则 tournament+  " in changed.output          # as tractor replay says it
    replay = CliRunner().invoke(main, ["replay", str(path), "--rule", "throw_penalty=none"]).output
    assert "rules 规则 tournament+" in replay
    for args, name in (((), "tournament"), (("--rule", "throw_penalty=none"), "tournament+")):
        doc = json.loads(_analyse(str(path), "--last", "2", "--json", *args).output)
        check = json.loads(CliRunner().invoke(main, ["check", str(path), "--json", *args]).stdout)
        assert doc["hands"][0]["ruleset"] == check["files"][0]["hands"][0]["ruleset"] == name
