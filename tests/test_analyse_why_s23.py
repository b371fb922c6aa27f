"""``tractor analyse`` says why a play's values are what they are, where the replay already says it (round 23, a
player's tester): a failed throw's penalty (docs/rules.md §4.6) and the bottom the hand's last trick takes at the
multiplier its lead fixes (§7.2) — a clause on the play's line, a field of its ``--json`` object (docs/format.md
"analyse --json"); and the best plays written as the plays are (strongest first), an "any k of" choice's Chinese
carrying its cards."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.analysis.best_plays import choices
from tractor_analysis.cli.analyse_cmd import choice_text
from tractor_analysis.cli.main import main
from tractor_analysis.engine.order import order
from tractor_analysis.records.cards import parse_cards

# E throws ♥A ♥Q ♥J ♥10; S holds ♥K, so the throw fails and E plays ♥10 alone: 3 cards charged
THROW = """[Event "probe throw"]
[Ruleset "tournament"]
[Levels "NS:7 EW:5"]

[Hand "5"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "22"]
N: D4 D6 D9 D8
E: HA HQ HJ H10
S: HK H3 H2 H6
W: H4 H5 H8 H9
Buried: D10 D10 C2 C6 C8 C9 D2 D3
22. E: HA HQ HJ H10 -> H10, S: HK, W: H4, N: D4
23. S: H3, W: H5, N: D6, E: HA
24. E: HQ, S: H2, W: H8, N: D9
25. E: HJ, S: H6, W: H9, N: D8
"""

# the bottom holds 25 points (♦K ♦10); E (an attacker) leads its last cards in trick 24
BOTTOM = """[Event "Probe"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
N: S3 S4 S5 S6 HK
E: S9 S9 S10 S10 HA
S: D3 D4 D6 D8 HQ
W: D9 DJ DQ D2 H6
Buried: DK D10 C5 C3 C4 C6 C8 C9
23. E: HA, S: HQ, W: H6, N: HK
24. E: S9 S9 S10 S10, S: D3 D4 D6 D8, W: D9 DJ DQ D2, N: S3 S4 S5 S6
"""

PAIR = """[Event "Probe"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
N: S3 S4 HK
E: S9 S9 HA
S: D3 D4 HQ
W: D5 D6 H6
Buried: DK D10 C5 C3 C4 C6 C8 C9
23. E: HA, S: HQ, W: H6, N: HK
24. E: S9 S9, S: D3 D4, W: D5 D6, N: S3 S4
"""

# the pair led first (the tester's record): the last trick is E's ♥A, which N's ♥K does not beat;
# with N holding ♥A instead, the defenders take the last trick
PAIR_FIRST = PAIR.replace("23. E: HA, S: HQ, W: H6, N: HK\n24. E: S9 S9, S: D3 D4, W: D5 D6, N: S3 S4",
                          "23. E: S9 S9, S: D3 D4, W: D5 D6, N: S3 S4\n24. E: HA, S: HQ, W: H6, N: HK")
DEFENDERS_LAST = PAIR_FIRST.replace("N: S3 S4 HK", "N: S3 S4 HA").replace("E: S9 S9 HA", "E: S9 S9 HK") \
    .replace("24. E: HA, S: HQ, W: H6, N: HK", "24. E: HK, S: HQ, W: H6, N: HA")


def _run(tmp_path: Path, text: str, *args: str) -> str:
    path = tmp_path / "p.tgn"
    path.write_text(text, "utf-8")
    r = CliRunner().invoke(main, ["analyse", str(path), *args], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.stdout


def _plays(tmp_path: Path, text: str, *args: str) -> list[dict]:
    (h,) = json.loads(_run(tmp_path, text, "--json", *args))["hands"]
    assert h["reason"] is None and h["solved"], h["reason"]
    return h["plays"]


def _line(out: str, cards: str) -> str:
    return next(line for line in out.splitlines() if line.lstrip().split("  ")[0].endswith(cards)
                or f" {cards} " in line)


# --------------------------------------------------------------------------- a failed throw's penalty


def test_a_failed_throw_says_its_penalty_cards_times_points_in_the_text(tmp_path):
    line = _line(_run(tmp_path, THROW), "♥A ♥Q ♥J ♥10 → ♥10")
    assert "failed throw: 30 points' penalty (3 cards × 10" in line
    assert "甩牌失败：罚 30 分（3 张 × 10" in line


def test_the_json_penalty_is_what_the_value_after_carries(tmp_path):
    charged = _plays(tmp_path, THROW)
    free = _plays(tmp_path, THROW, "--rule", "throw_penalty=none")
    why = charged[0]["failed_throw"]
    assert {k: why[k] for k in ("penalty", "cards_charged", "per_card")} == \
        {"penalty": -30, "cards_charged": 3, "per_card": 10}
    assert "failed throw: 30 points' penalty" in why["words"] and "甩牌失败：罚 30 分" in why["words"]
    # the same play without the penalty: its value after differs by exactly the penalty said
    assert charged[0]["value_after"] - free[0]["value_after"] == why["penalty"]
    assert all(p["failed_throw"] is None for p in charged[1:])


def test_under_the_default_rules_a_failed_throw_says_it_costs_no_penalty(tmp_path):
    text = THROW.replace('[Ruleset "tournament"]', '[Ruleset "standard"]')
    line = _line(_run(tmp_path, text), "♥A ♥Q ♥J ♥10 → ♥10")
    assert "failed throw: no penalty under these rules (throw_penalty = none" in line
    assert "甩牌失败：此规则不罚分（throw_penalty = none" in line
    why = _plays(tmp_path, text)[0]["failed_throw"]
    assert (why["penalty"], why["cards_charged"], why["per_card"]) == (0, None, None)


# --------------------------------------------------------------------------- the last trick's bottom


def test_a_pair_led_in_the_last_trick_takes_the_bottom_times_4(tmp_path):
    out = _run(tmp_path, PAIR)
    line = _line(out, "♠9 ♠9")
    assert "the last trick takes the bottom: 25 × 4 = 100 with ♠9 ♠9 led" in line
    assert "末轮抠底：25 × 4 = 100（首家出 ♠9 ♠9" in line
    plays = _plays(tmp_path, PAIR)
    last = plays[4]["last_trick_bottom"]
    assert {k: last[k] for k in ("bottom", "multiplier", "taken_by", "points")} == \
        {"bottom": 25, "multiplier": 4, "taken_by": "attackers", "points": 100}
    # the value after the lead is the hand's result: the 40 points before, trick 23's ♥K (10), trick 24's ♦5 (5)
    # and the bottom the clause says
    assert plays[4]["value_after"] == 40 + 10 + 5 + last["points"] == 155
    assert [p["last_trick_bottom"] is None for p in plays] == [True] * 4 + [False] + [True] * 3


def test_a_two_pair_tractor_takes_it_times_16_where_the_rules_say_so(tmp_path):
    line = _line(_run(tmp_path, BOTTOM), "♠9 ♠9 ♠10 ♠10")
    assert "the last trick takes the bottom: 25 × 16 = 400 with ♠9 ♠9 ♠10 ♠10 led" in line      # size_power
    assert "末轮抠底：25 × 16 = 400" in line
    doubling = _plays(tmp_path, BOTTOM, "--rule", "bottom_multiplier=pair_doubling")[4]["last_trick_bottom"]
    assert (doubling["multiplier"], doubling["points"]) == (8, 200)


def test_the_defenders_taking_the_last_trick_is_said_and_no_bottom_counted(tmp_path):
    line = _line(_run(tmp_path, DEFENDERS_LAST), "♥K")
    assert "the defenders take the last trick: the bottom's 25 points do not count for the attackers" in line
    assert "末轮由庄家方赢得：底牌 25 分不计入闲家得分" in line
    last = _plays(tmp_path, DEFENDERS_LAST)[4]["last_trick_bottom"]
    assert (last["taken_by"], last["points"], last["multiplier"]) == ("defenders", 0, 2)


def test_a_play_before_the_last_trick_is_not_said_to_take_the_bottom(tmp_path):
    # the tester's record: the pair led in trick 23 costs the bottom's ×4, but which line takes it is not
    # what the values show (two tricks left): only the last trick's lead says what happens to the bottom
    plays = _plays(tmp_path, PAIR_FIRST)
    assert plays[0]["cost"] == 50 and plays[0]["last_trick_bottom"] is None
    assert plays[4]["last_trick_bottom"]["multiplier"] == 2


# --------------------------------------------------------------------------- the best plays as plays are written


def test_best_plays_are_written_strongest_first_as_the_plays_are(tmp_path):
    line = _line(_run(tmp_path, THROW), "♥A ♥Q ♥J ♥10 → ♥10")
    assert "best 最佳: ♥Q | ♥J | ♥10" in line


def test_any_k_of_is_written_strongest_first_and_its_chinese_carries_the_cards():
    o = order(7, 0)                                         # level 7, spades trump
    plays = [tuple(sorted(parse_cards("SA") + c)) for c in
             (parse_cards("C3 C4 C5"), parse_cards("C3 C4 C6"), parse_cards("C3 C5 C6"), parse_cards("C4 C5 C6"))]
    (c,) = choices(plays, o.group.__getitem__)
    text = choice_text(c, o)
    assert text == "♠A + any 3 of ♣6 ♣5 ♣4 ♣3 (4 plays) / ♠A + ♣6 ♣5 ♣4 ♣3 中任意三张（共 4 种）"


def test_plays_listed_one_by_one_go_trumps_first_strongest_first():
    o = order(4, 1)                                         # level 4, hearts trump: ♠4 and ♦4 are trumps
    (c,) = choices([(k,) for k in parse_cards("S4 SJ H7 HQ HA D4")], o.group.__getitem__)
    assert choice_text(c, o) == "♠4 | ♦4 | ♥A | ♥Q | ♥7 | ♠J"
