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

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

BASE = (Path(__file__).parent / "data" / "seed3" / "hands-1-2.tgn").read_text("utf-8")
"""``tractor simulate -n 1 --seed 3``'s first two hands (tests/data/seed3)."""
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
    assert "the declarations fix trump hearts but the record says spades" in bad.message_en and "红桃" in bad.message_zh
    assert h.level == 3 and derived(h)["level"] == "3" and "trump" not in derived(h)
    (u,) = [u for u in h.unknowns if u.tag == "Trump"]
    assert not h.trump_known
    assert "the trump the declarations fix is H" in u.message_en and "亮主所定的主（红桃）" in u.message_zh
    assert h.attackers_total is None and h.outcome is None
    # every judgement kept gives N–S the deal and E–W 3, N–S 2 or 3 (docs/rules.md §10.2: the range kept)
    assert h.levels_after == (None, 3) and h.levels_after_span[0] == (2, 3)
    assert "follow_suit" not in codes(h) and "claim_mismatch" not in codes(h)


def test_a_contradicted_dealer_does_not_hide_a_contradicted_level():
    h = hand2(dealer="N", level="2")
    # before: dealer W derived, but judged at [Level]'s 2 (where E: H3 declares nothing): 29 violations
    assert codes(h) == ["dealer_mismatch", "level_mismatch"]
    assert (h.dealer, h.level, h.trump_known) == (W, 3, True)
    assert derived(h) == {"dealer": "W", "level": "3"}
    (lm,) = [v for v in h.violations if v.code == "level_mismatch"]
    assert lm.seat is None and "[Level] is 2 but EW carry level 3" in lm.message_en
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
