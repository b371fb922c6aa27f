"""Friend mode (找朋友) penalties and the match's unknowns in ``tractor check`` (docs/format.md
"check --json", docs/rules.md §10.1, §11).

In friend mode no team keeps a level, so a hand's ``revoke_levels`` / ``takeback_levels`` are
``(0, 0)``: before the integration ``check``'s text said no penalty at all, its JSON none either,
and the match unknown ``friend`` (who forfeits is withheld once the count is reached) was in
``--json`` only.  Now the penalty is said by the hand's side (``N+E −1 / 北家、东家 −1``; JSON
``side_penalties``), and each match unknown is printed as a hand's is.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.outcome import REVOKE_CODES

SIM = ["simulate", "-n", "2", "--seed", "11", "--max-hands", "4", "--rules", "tournament",
       "--violation-rate", "0.03"]


@pytest.fixture(scope="module")
def sims(tmp_path_factory):
    root = tmp_path_factory.mktemp("sims")
    out = {}
    for name, extra in (("friend", ["--rule", "friend=on"]), ("fixed", [])):
        res = CliRunner().invoke(main, [*SIM, *extra, "-o", str(root / name)])
        assert res.exit_code == 0, res.output
        out[name] = root / name / "match-00002.tgn"
    return out


def _check(path, *more):
    res = CliRunner().invoke(main, ["check", str(path), *more])
    assert res.exit_code == 1, res.output
    return res.output


def test_friend_mode_text_says_each_penalty_by_the_hands_side(sims):
    text = _check(sims["friend"])
    doc = json.loads(_check(sims["friend"], "--json"))
    outcomes = [line for line in text.splitlines() if "outcome 结果" in line]
    hands = doc["files"][0]["hands"]
    assert len(outcomes) == len(hands) == 4
    zh_seat = dict(zip("NESW", ("北家", "东家", "南家", "西家")))
    for line, h in zip(outcomes, hands):
        wrong = [v for v in h["violations"] if v["code"] in REVOKE_CODES]
        assert wrong, "every hand of this match holds a wrong follow"
        (side,) = h["side_penalties"]
        assert side["revoke_levels"] == len(wrong) and side["takeback_levels"] == 0
        assert all(v["seat"] in side["seats"] for v in wrong)
        en = "+".join(side["seats"]) + f" −{len(wrong)}"
        zh = "、".join(zh_seat[s] for s in side["seats"]) + f" −{len(wrong)}"
        assert f"revoke penalty 罚级 {en} / {zh}" in line
        assert "NS −" not in line and "EW −" not in line
        assert "revoke_levels" not in h and "takeback_levels" not in h     # no team count in friend mode
    # hand 1: E's wrong follow, E an attacker with N (S dealt, W the partner)
    assert "revoke penalty 罚级 N+E −1 / 北家、东家 −1" in outcomes[0]
    assert hands[0]["side_penalties"] == [{"seats": ["N", "E"], "revoke_levels": 1, "takeback_levels": 0}]


def test_friend_mode_match_unknown_is_in_the_text(sims):
    text = _check(sims["friend"])
    doc = json.loads(_check(sims["friend"], "--json"))
    (u,) = doc["files"][0]["matches"][0]["unknown"]
    assert u["tag"] == "friend" and u["withheld"] == ["forfeit"]
    (line,) = [x for x in text.splitlines() if "[friend]" in x]
    assert "match 比赛" in line and "unknown 未知" in line
    assert f"{u['message_en']} / {u['message_zh']}" in line
    assert text.index("[friend]") < text.index("no team result")    # before the match's result


def test_fixed_partnerships_keep_their_team_counts(sims):
    text = _check(sims["fixed"])
    doc = json.loads(_check(sims["fixed"], "--json"))
    hands = doc["files"][0]["hands"]
    assert [h.get("revoke_levels") for h in hands] == [None] + [{"NS": 1, "EW": 0}] * 3
    assert all("side_penalties" not in h for h in hands)
    assert text.count("revoke penalty 罚级 NS −1 / 南北 −1") == 3
    assert "unknown 未知" not in text


def test_the_takebacks_match_unknown_is_in_the_text_too(tmp_path):
    from test_takebacks_unreadable import PARTIAL      # a take-back whose seat cannot be read
    path = tmp_path / "partial.tgn"
    path.write_text(PARTIAL, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    (u,) = doc["files"][0]["matches"][0]["unknown"]
    text = CliRunner().invoke(main, ["check", str(path)]).output
    (line,) = [x for x in text.splitlines() if "[Takebacks]" in x and "match 比赛" in x]
    assert f"{u['message_en']} / {u['message_zh']}" in line
    # the hand's take-back penalty, in both languages (the seat not read said in both)
    assert "take-back penalty 悔牌罚级 EW −1, ? (a seat not read 座位无法识别) / 东西 −1，？" in text
