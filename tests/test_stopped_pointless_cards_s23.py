"""A record stopping between tricks with several cards a seat left, none worth a point and the bottom giving none
(session 23 follow-up of test_forced_last_trick_s23.py): the hand's result is derived from the cards left — every
way of playing them out gives the attackers the points they have — and the words said "with one card a seat left,
so the last trick is forced": ``explain_stopped.outcome_from_bounds`` read equal lowest and highest totals as a
forced last trick.  The words now follow the real reason.

The record: a simulated hand (``tractor_analysis.simulate``, seed 38, match 0, hand 1: 18 tricks, the bury worth no
point) cut after trick 13 — the five tricks left out hold no point card.
"""
from __future__ import annotations

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

HAND = """[Event "Simulated 38"]
[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "1"]
[Dealer "E"]
[Trump "C"]
[Level "2"]
[Declarations "E: C2"]
N: D2 C10 C9 C8 C7 C3 C3 SQ SJ S10 S9 S6 S6 S4 HK H10 H10 H8 H4 H4 H3 D10 D9 D6 D5
E: BJ LJ C2 CJ C8 C7 C6 C5 C4 SA SQ SJ S8 S3 HQ HQ H8 H6 H5 DA DK DQ DQ DJ D3
S: BJ C2 S2 D2 CA CK CQ CQ C10 C6 SK S10 S7 S7 S5 S3 HJ HJ H7 H7 D8 D8 D7 D6 D4
W: LJ S2 H2 CA CK CJ C9 C5 C4 SK S8 S4 HA HA H9 H6 H5 H3 DA DK D10 D7 D5 D4 D3
Bottom: DJ S5 H9 S9 D9 H2 HK SA
Buried: S9 S8 S3 H9 H8 H6 D9 D3
1. E: DQ DQ DJ DJ, S: D8 D8 D6 D4, W: DK D10 D5 D3, N: D10 D9 D6 D5
2. E: HQ, S: H7, W: H5, N: HK
3. N: H10 H10, E: HQ H5, S: HJ HJ, W: HA HA
4. W: D4, N: C3, E: DA, S: D7
5. N: H3, E: HK, S: H7, W: H3
6. E: SA SA, S: S7 S7, W: SK S4, N: S6 S6
7. E: SQ, S: S3, W: S8, N: S4
8. E: SJ, S: SK, W: C4, N: S9
9. W: D7, N: H4, E: DK, S: C6
10. S: CQ CQ, W: CJ C9, N: C10 C3, E: C6 C4
11. S: S10, W: C5, N: SJ, E: S5
12. W: DA, N: C7, E: C7, S: S5
13. N: SQ S10, E: C8 C5, S: CK C10, W: CA CK
"""
"""Tricks 1–13 of the simulated hand; each seat holds five cards, none worth a point, and the bury none."""
LAST_TRICKS = """14. W: H9, N: H4, E: CJ, S: CA
15. S: S2, W: LJ, N: C8, E: H2
16. W: H6, N: H8, E: C2, S: D2
17. E: BJ, S: C2, W: S2, N: C9
"""


def _outcome(text: str):
    (match,), diags = parse_tgn(text)
    assert not diags
    h = replay_match(match).hands[0]
    assert not h.complete and not h.violations
    (d,) = [d for d in h.derived if d.fact == "outcome"]
    return h, d


def test_several_cards_a_seat_none_worth_a_point_is_not_called_a_forced_last_trick():
    h, d = _outcome(HAND)
    assert d.value == "40" and h.attackers_total == 40
    assert "one card a seat" not in d.message_en and "每家只剩一张牌" not in d.message_zh     # before: both said
    assert d.message_en == ("the hand's result from the cards left: the record stops after trick 13, before the "
                            "hand's end, and the cards left can give the attackers no more points (no card still "
                            "held is worth any, and the bottom gives none), so their total is 40")
    assert "记录在第 13 轮之后、本局打完之前结束" in d.message_zh and "闲家总得分为 40 分" in d.message_zh


def test_one_card_a_seat_left_is_still_the_forced_last_trick():     # a guard: the words of a forced last trick
    h, d = _outcome(HAND + LAST_TRICKS)
    assert h.forced_last == 18 and d.value == "40"
    assert "with one card a seat left, so the last trick is forced" in d.message_en
    assert "每家只剩一张牌" in d.message_zh
