"""A failed throw written without ``->`` whose followers' counts disagree (docs/rules.md §4.5; a regression
tester's case on a994d7b): ``20. N: S4 S4 SA, E: S5 S5, S: S6, W: S9 S10`` — E holds ♠5 ♠5, so the throw fails and
``largest_shape`` forces ♠4 ♠4; E and W play two cards (the forced play's count), S one.  Before: judged as a
throw that stood, E and W each ``wrong_count`` for two cards to a lead of three, though only S is faulted either
way.  Now judged as written and with the arrow, and only what both give is kept: S's fault, an ``unknown`` (tag
``play``) for the rest."""
from __future__ import annotations

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

POSITION = """[Event "probe"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "11"]
[Dealer "N"]
[Trump "H"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "20"]
N: S4 S4 SA D2
E: S5 S5 S2 D3
S: S6 S8 D4 D5
W: S9 S10 D6 D8
20. N: S4 S4 SA, E: S5 S5, S: S6, W: S9 S10
"""


pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _hand(text: str):
    (m,), diags = parse_tgn(text)
    return replay_match(m).hands[0]


def test_followers_of_mixed_counts_fault_only_the_seat_faulted_both_ways():
    h = _hand(POSITION)
    assert [(v.code, v.seat) for v in h.violations] == [("wrong_count", 2)]
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "some followers written play 2 cards" in u.message_en and "有的跟牌是 2 张" in u.message_zh
    assert "judged both ways" in u.message_en and "两种都判定" in u.message_zh
    assert not [d for d in h.derived if d.fact == "failed_throw"]


def test_every_follower_at_the_forced_count_is_still_read_with_the_arrow():
    h = _hand(POSITION.replace("S: S6, W:", "S: S6 S8, W:"))
    assert [d.value for d in h.derived if d.fact == "failed_throw"] == ["20: N S4 S4 SA -> S4 S4"]
    assert not [v for v in h.violations if v.code == "wrong_count"]


def test_a_follower_at_the_throws_count_beside_others_at_the_forced_count_is_judged_both_ways_too():
    # (a second regression tester: one follower at the throw's count had the throw judged as written, faulting the
    # two followers at the forced count on that guess) — E plays three cards, S two (the forced count), W three
    text = POSITION.replace(
        "20. N: S4 S4 SA, E: S5 S5, S: S6, W: S9 S10", "20. N: S4 S4 SA, E: S5 S5 S2, S: S6 S8, W: S9 S10 D6")
    h = _hand(text)
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "judged both ways" in u.message_en
    assert not [v for v in h.violations if v.code == "wrong_count"]       # each reading faults other seats


def test_no_follower_at_the_forced_count_keeps_the_throw_as_written():
    text = POSITION.replace(
        "20. N: S4 S4 SA, E: S5 S5, S: S6, W: S9 S10", "20. N: S4 S4 SA, E: S5 S5 S2, S: S6, W: S9 S10 D6")
    h = _hand(text)
    assert not [u for u in h.unknowns if u.tag == "play"]
    assert "throw_failed" in {v.code for v in h.violations}
