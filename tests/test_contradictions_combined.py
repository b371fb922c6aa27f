"""Several tags of one hand contradicted at once (docs/rules.md §14.1; engine/contradictions.py).

"Every combination when several tags are contradicted" was judged only over the values the hand
judged *as recorded* named.  A contradicted ``[Level]`` can hide a contradicted ``[Trump]``: at the
level recorded (2) the declaration ``E: H3`` declares nothing, so no trump was named against
``[Trump "S"]``; the hand was judged at the level derived (3) with spades kept silently — 17
violations, a wrong claim check, N–S going up a level.  Likewise a contradicted ``[Dealer]`` can hide
a contradicted ``[Level]`` (at the dealer recorded the level matches; at the dealer derived it does
not): the hand was judged at the dealer derived with the level recorded — 29 violations.  Now a
value a judgement under other values names is judged too, in every combination with the others,
and each tag's contradiction is reported as found under the values the hand bears out.  The record
is hand 2 of a simulated match (true values: dealer W, level 3, trump H, ``E: H3``); each test but
the last fails on the code before.
"""
from __future__ import annotations

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

BASE = """[Event "Simulated 3"]
[Site "tractor simulate"]
[Date "2026.01.01"]
[Round "1"]
[Table "1"]
[North "He Ping"]
[East "李娜"]
[South "Guo Ying"]
[West "张伟"]
[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "1"]
[Dealer "S"]
[Trump "C"]
[Level "2"]
[Declarations "S: H2 | W: C2 C2"]
N: LJ S2 H2 CJ SA S9 S8 S7 S6 S3 S3 HQ H9 H8 H7 H7 H4 H3 DA DJ DJ D9 D7 D7 D3
E: LJ S2 CA CJ C10 C8 C7 C6 C4 SQ SJ S7 S5 S5 S4 HA HK HJ HJ H9 H6 H5 D10 D10 D9
S: H2 D2 CK CQ C6 C5 C5 C3 SA SK SJ S10 S10 S9 S8 HA H10 H8 H6 H4 H3 DK DQ D6 D5
W: BJ BJ C2 C2 CA CK CQ C10 C9 C9 C7 C4 C3 SQ S4 HK HQ H10 DK DQ D8 D6 D5 D4 D3
Bottom: S6 D4 DA D8 SK C8 H5 D2
Buried: H8 H6 H4 H3 DQ D8 D6 D4
1. S: SA SK SK, W: SQ S4 D3, N: S6 S3 S3, E: S5 S5 S4
2. S: DA, W: D4, N: D3, E: D9
3. S: D2 D2, W: C9 C9, N: S2 CJ, E: C6 C4
4. S: HA H10 H5 -> H5, W: HQ, N: H3, E: HK
5. E: HA HJ HJ, S: S6 HA H10, W: HK H10 DK, N: H7 H7 H4
6. E: D10 D10, S: DK D5, W: D6 D5, N: D7 D7
7. E: S7, S: S8, W: D8, N: S7
8. S: C5 C5, W: BJ BJ, N: LJ H2, E: C10 C7
9. W: DQ, N: DA, E: H6, S: S10
10. N: DJ DJ D9, E: SQ SJ H9, S: SJ S10 S9, W: C2 C2 C3
11. W: C7, N: S8, E: C8, S: H2
12. S: C8, W: C4, N: H8, E: LJ
13. E: H5, S: C3, W: C10, N: H9
14. W: CQ, N: S9, E: CJ, S: CK
15. S: C6, W: CA, N: HQ, E: CA
16. W: CK, N: SA, E: S2, S: CQ
[Claim "150"]

[Hand "2"]
[Dealer "W"]
[Trump "H"]
[Level "3"]
[Declarations "E: H3"]
N: LJ S3 C3 HA H10 H4 H2 SA SK SJ S9 S9 S7 DQ DJ D10 D9 D8 D7 CA CQ C10 C10 C6 C6
E: BJ H3 H3 D3 C3 HA HJ H10 H8 H6 H6 H2 SK SJ S10 S10 S8 S5 S4 S2 D6 D4 C9 C2 C2
S: BJ HK HQ HJ H8 H7 SQ S6 S2 DA DK DQ D7 D6 D5 D4 D2 CA CK CK CJ C8 C5 C5 C4
W: LJ S3 D3 HK HQ H7 H5 H5 H4 SA SQ S7 S6 S4 DK DJ D10 D9 D8 D5 D2 CJ C9 C8 C4
Bottom: S5 S8 CQ H9 C7 C7 DA H9
Buried: S8 S7 S6 S4 CJ C9 C8 C4
1. W: C7, N: C6, E: C2, S: CA
2. S: DA, W: D2, N: D10, E: D4
3. S: S2, W: SA, N: S7, E: S10
4. W: DA DK, N: D8 D7, E: S10 D6, S: D4 D2
5. W: D8, N: D9, E: S2, S: DK
6. S: CK CK, W: CQ C7, N: C10 C10, E: C9 C2
7. S: C5 C5, W: H5 H5, N: CQ C6, E: SK S5
8. W: D9, N: DJ, E: H2, S: D6
9. E: H3 H3, S: H8 H7, W: H9 H9, N: H4 H2
10. E: H6 H6, S: HQ HJ, W: HK H4, N: S3 HA
11. E: S8, S: S6, W: S5, N: SA
12. N: S9 S9, E: SJ S4, S: SQ D5, W: SQ DJ
13. N: SK SJ, E: H10 H8, S: BJ HK, W: D10 D5
14. S: C8, W: H7, N: CA, E: HJ
15. E: C3, S: C4, W: HQ, N: LJ
16. N: DQ, E: HA, S: D7, W: S3
17. W: LJ, N: C3, E: D3, S: CJ
18. W: D3, N: H10, E: BJ, S: DQ
[Claim "115"]
"""
TAGS = '[Dealer "W"]\n[Trump "H"]\n[Level "3"]'
W = 3


def hand2(dealer: str = "W", trump: str = "H", level: str = "3"):
    assert BASE.count(TAGS) == 1
    text = BASE.replace(TAGS, f'[Dealer "{dealer}"]\n[Trump "{trump}"]\n[Level "{level}"]')
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[1]


def codes(h) -> list[str]:
    return sorted(v.code for v in h.violations)


def derived(h) -> dict[str, str]:
    return {d.fact: d.value for d in h.derived if d.fact in ("level", "dealer", "trump")}


def test_the_record_as_written_has_no_contradiction():
    h = hand2()
    assert (codes(h), h.level, h.trump_known, h.dealer) == ([], 3, True, W)


def test_a_contradicted_level_does_not_hide_a_contradicted_trump():
    h = hand2(trump="S", level="2")
    # before: level 3 derived, trump ♠ kept silently: 17 violations, claim_mismatch, N–S 2→3
    assert codes(h) == ["bad_declaration", "level_mismatch"]
    (bad,) = [v for v in h.violations if v.code == "bad_declaration"]
    assert "the declarations fix trump H but the record says S" in bad.message_en and "红桃" in bad.message_zh
    assert h.level == 3 and derived(h)["level"] == "3" and "trump" not in derived(h)
    (u,) = [u for u in h.unknowns if u.tag == "Trump"]
    assert not h.trump_known
    assert "the trump the declarations fix is H" in u.message_en and "亮主所定的主（红桃）" in u.message_zh
    assert h.attackers_total is None and h.outcome is None and h.levels_after == (None, None)
    assert "follow_suit" not in codes(h) and "claim_mismatch" not in codes(h)


def test_a_contradicted_dealer_does_not_hide_a_contradicted_level():
    h = hand2(dealer="N", level="2")
    # before: dealer W derived, but judged at [Level]'s 2 (where E: H3 declares nothing): 29 violations
    assert codes(h) == ["dealer_mismatch", "level_mismatch"]
    assert (h.dealer, h.level, h.trump_known) == (W, 3, True)
    assert derived(h) == {"dealer": "W", "level": "3"}
    (lm,) = [v for v in h.violations if v.code == "level_mismatch"]
    assert lm.seat == W and "[Level] is 2 but EW carry level 3" in lm.message_en
    right = hand2()
    assert (h.attackers_total, h.outcome, h.levels_after) == (right.attackers_total, right.outcome, right.levels_after)


def test_dealer_level_and_trump_contradicted_together():
    h = hand2(dealer="N", trump="S", level="2")
    # before: judged at level 2 with spades: 31 violations, a wrong outcome
    assert codes(h) == ["bad_declaration", "dealer_mismatch", "level_mismatch"]
    assert (h.dealer, h.level) == (W, 3) and derived(h) == {"dealer": "W", "level": "3"}
    assert [u.tag for u in h.unknowns if u.tag in ("Level", "Dealer", "Trump")] == ["Trump"]
    assert h.attackers_total is None and h.outcome is None


def test_dealer_and_trump_contradicted_together():
    # (both named by the judgement as recorded: right before too — kept so)
    h = hand2(dealer="E", trump="S")
    assert codes(h) == ["bad_declaration", "dealer_mismatch"]
    assert h.dealer == W and derived(h) == {"dealer": "W"}
    assert [u.tag for u in h.unknowns if u.tag == "Trump"] == ["Trump"] and h.outcome is None



SWAPPED = """
[Levels "NS:2 EW:2"]
[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[SetUp "1"]
[Points "0"]
[FirstTrick "24"]
N: SA SA HA
E: S3 S4 D3
S: S6 S6 H6
W: S7 S8 D4
Buried: C3 C3 C4 C4 C6 C6 C7 C7
24. N: SA SA, E: S3 S4, S: S6 S6, W: S7 S8
25. N: HA, E: D3, S: H6, W: D4
[Hand "2"]
[Dealer "E"]
[Trump "S"]
[Level "4"]
1. E: CA, S: C3, W: C4, N: C6
"""
"""tests/test_replay.py's two hands: N–S hold at 5, S deals next; hand 2 says E deals at 4."""


def test_the_level_each_dealer_judged_carries_is_judged_with_that_dealer():
    # [Dealer "E"] where the previous hand names S, and [Level "4"] where E–W carry 2: under S, N–S
    # carry 5, which contradicts [Level] too — judged with S, and named (before: "is 2", 4 judgements)
    (match,), _ = parse_tgn(SWAPPED)
    h = replay_match(match).hands[1]
    assert codes(h) == ["dealer_mismatch", "level_mismatch"]
    (u,) = [u for u in h.unknowns if u.tag == "Level"]
    assert "the level the earlier hands carry is 2 or 5, depending on the other tags" in u.message_en
    assert "前面各局带入的级别（2或5，视其他标签取值而定）" in u.message_zh and "每种级牌" in u.message_zh
    assert h.level == 4 and h.outcome is None        # the trick's winner withheld: nothing decides it
