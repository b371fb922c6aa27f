"""Other platforms' logs (Botzone, 80fen): what ``check`` says of their referees' verdicts, and where.

An analyst with other platforms' logs found (session 17):

1. a Botzone ``referee_mismatch`` quoting two equal values, ``+0`` against ``+0``: the judge forced a
   throw the engine finds standing, and the words gave only the penalties (the judge charged nothing);
2. 80fen mismatch words without the sides: ``levels after the hand: … says 2 3, … says 2 2``;
3. ``check``'s match lines in a file of several matches, all printed after the hands, not saying
   which match each is about (the JSON ``problems`` did not either);
5. the violations of an original 80fen or Botzone file shown without a line (its ``.tgn`` copy has one).
"""
from __future__ import annotations

import dataclasses
import gzip
import json
import re
from pathlib import Path

from tractor_analysis.engine.hand_replay import replay_hand
from tractor_analysis.engine.referee import hand_findings
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.fen80_reader import parse_80fen
from tractor_analysis.records.rulesets import PRESETS

from cli_runs import run_in

DATA = Path(__file__).parent / "data"
BOTZONE = DATA / "botzone" / "sample.ndjson.gz"
FEN = DATA / "80fen" / "sample-plays.ndjson.gz"


def _lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def _lead_judged(log: list, trick: int) -> int:
    """The index of the judge's entry answering the lead of ``trick`` (the entry after the leader's response)."""
    plays = 0
    for i in range(0, len(log), 2):
        out = log[i]["output"]
        (_, request), = out["content"].items()
        if request.get("stage") == "play":
            if plays == (trick - 1) * 4:
                return i + 2
            plays += 1
    raise AssertionError("no such trick")


def _forced_throw_standing() -> dict:
    """Match 9 of the Botzone sample, its trick 19 led by S with a throw ♠J ♠Q (ids 40, 98) that stood,
    made up as the judge forcing ♠J alone and charging nothing (``get_score`` 0): a throw the judge made
    fail that the engine finds standing (nobody could beat ♠J or ♠Q there)."""
    m = json.loads(_lines(BOTZONE)[9])
    entry = m["log"][_lead_judged(m["log"], 19)]
    assert entry["output"]["display"]["event"]["poker"] == [40, 98]
    entry["output"]["display"]["event"]["poker"] = [40]
    entry["output"]["display"]["get_score"] = 0
    return m


def _botzone_hand(m: dict):
    (match,), diags = parse_botzone(json.dumps(m))
    assert diags == []
    hand = match.hands[0]
    return hand, replay_hand(hand, PRESETS["botzone"])


def test_a_forced_throw_the_engine_finds_standing_is_named_not_quoted_as_equal_penalties():
    hand, result = _botzone_hand(_forced_throw_standing())
    found = [v for v in hand_findings(hand, result) if v.trick == 19]
    (v,) = found
    assert v.code == "referee_mismatch" and v.seat == 2
    assert "+0, the engine says +0" not in v.message_en and "判为 +0，本引擎判为 +0" not in v.message_zh
    # the judge's forced play against the engine's "stands", in both languages, with the throw's cards
    assert v.message_en.startswith("trick 19 throw: the record's referee says S's throw ♠J ♠Q fails, "
                                   "forced to ♠J: +0 to the attackers' total, the engine says S's throw ♠J ♠Q "
                                   "stands (no one could beat any of its units): no penalty"), v.message_en
    assert v.message_zh.startswith("第 19 轮甩牌：记录中裁判判为 南家甩牌 ♠J ♠Q 不成立，被迫改出 ♠J：闲家总分 +0，"
                                   "本引擎判为 南家甩牌 ♠J ♠Q 成立（无人能管上其中任何一手）：不罚分"), v.message_zh


def test_a_penalty_the_judge_and_the_engine_both_charge_differently_still_quotes_both_values():
    """A failed throw both find failing, charged differently: the penalties are what differs (control)."""
    m = json.loads(_lines(BOTZONE)[4])            # match 4: W's throw at trick 15 fails, -40
    hand, _ = _botzone_hand(m)
    hand = dataclasses.replace(hand, tags=tuple((n, "15:-30" if n == "Referee:Throws" else v) for n, v in hand.tags))
    (v,) = [v for v in hand_findings(hand, replay_hand(hand, PRESETS["botzone"])) if v.trick == 15]
    assert "failed-throw penalties: the record's referee says -30, the engine says -40" in v.message_en


def test_botzone_scores_name_the_seats():
    m = json.loads(_lines(BOTZONE)[0])
    hand, _ = _botzone_hand(m)
    hand = dataclasses.replace(hand, tags=tuple((n, "3 0 3 0" if n == "Referee:Scores" else v) for n, v in hand.tags))
    (v,) = hand_findings(hand, replay_hand(hand, PRESETS["botzone"]))
    assert "the seats' scores: the record's referee says N 3, E 0, S 3, W 0, the engine says N 0, E 2, S 0, W 2" \
        in v.message_en
    assert "记录中裁判判为 北家 3，东家 0，南家 3，西家 0，本引擎判为 北家 0，东家 2，南家 0，西家 2" in v.message_zh


def _fen_hand(**tags):
    match = parse_80fen(_lines(FEN)[0])[0][0]
    hand = match.hands[0]
    hand = dataclasses.replace(hand, tags=tuple((n, tags.get(n, v)) for n, v in hand.tags))
    return hand, replay_hand(hand, PRESETS["80fen"], (2, 2), None, first_of_match=True, levels_known=True)


def test_80fen_levels_mismatch_names_the_sides():
    (v,) = hand_findings(*_fen_hand(**{"Referee:Levels": "2 3"}))
    assert "levels after the hand: the record's referee says N–S 2, E–W 3, the engine says N–S 2, E–W 2" \
        in v.message_en
    assert "局后级数：记录中裁判判为 南北 2，东西 3，本引擎判为 南北 2，东西 2" in v.message_zh


def test_80fen_penalty_mismatch_names_the_sides():
    (v,) = hand_findings(*_fen_hand(**{"Referee:Penalty": "10 0"}))
    assert "penalty: the record's referee says N–S 10, E–W 0, the engine says no penalty" in v.message_en
    assert "罚分：记录中裁判判为 南北 10，东西 0，本引擎判为 无罚分" in v.message_zh


def _write(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_match_lines_of_a_file_of_several_matches_name_their_match(tmp_path):
    path = _write(tmp_path, "bz.ndjson", _lines(BOTZONE)[:4])
    out = run_in("check", path).stdout
    lines = [x for x in out.splitlines() if "比赛  " in x and "won the match" in x]
    # match #3 (index 2) ends on the judge's error, undecided: no line; the others each name theirs, from 1
    assert [re.match(r"\s+match #(\d+) 比赛  ", x).group(1) for x in lines] == ["1", "2", "4"], lines
    assert not any(x.strip().startswith("match 比赛") for x in out.splitlines())


def test_a_match_problem_names_its_match_in_text_and_json(tmp_path):
    lines = _lines(FEN)[:2]
    m = json.loads(lines[1])
    m["winner"] = "a" if m["winner"] == "b" else "b"            # the referee's match winner tampered with
    path = _write(tmp_path, "two.ndjson", [lines[0], json.dumps(m)])
    out = run_in("check", path).stdout
    # the record's finding (docs/rules.md §13.1), no violation: ✎, not ✗
    assert "✎ record 记录 match #2 比赛  referee_mismatch" in out
    doc = json.loads(run_in("check", "--json", path).stdout)
    (p,) = doc["files"][0]["problems"]
    assert p["match"] == 1 and p["code"] == "referee_mismatch"


def test_a_single_match_keeps_its_match_line_as_it_was(tmp_path):
    path = _write(tmp_path, "one.ndjson", _lines(BOTZONE)[:1])
    assert "  match 比赛  E–W won the match" in run_in("check", path).stdout       # (E–W since s22: 78d8c04)


def test_violations_of_an_original_botzone_file_name_its_line(tmp_path):
    lines = _lines(BOTZONE)
    path = _write(tmp_path, "bz.ndjson", lines[:3] + [json.dumps(_forced_throw_standing())])
    doc = json.loads(run_in("check", "--json", path).stdout)
    hands = doc["files"][0]["hands"]
    assert [(v["code"], v["line"], v["column"]) for v in hands[2]["violations"]] == [("referee_mismatch", 3, 1)]
    found = {(v["trick"], v["line"]) for v in hands[3]["violations"]}
    assert (19, 4) in found and all(line == 4 for _, line in found)
    out = run_in("check", path).stdout
    assert re.search(r"✎ record 记录 trick 19 第19轮  S .*referee_mismatch  .*bz\.ndjson:4:1", out), out


def test_violations_of_an_original_80fen_file_name_its_line(tmp_path):
    lines = _lines(FEN)[:2]
    m = json.loads(lines[1])
    r = m["rounds"][0]
    r["after"] = [r["after"][0] + 1, r["after"][1]]        # the referee's levels after round 1 tampered with
    path = _write(tmp_path, "two.ndjson", [lines[0], json.dumps(m)])
    doc = json.loads(run_in("check", "--json", path).stdout)
    hand = next(h for h in doc["files"][0]["hands"] if h["match"] == 1 and h["hand"] == r["no"])
    (v,) = [v for v in hand["violations"] if v["code"] == "referee_mismatch"]
    assert (v["line"], v["column"]) == (2, 1)
