"""A ``Buried:`` line its taker's plays contradict, the contradicting play after a trick line with no readable play
(docs/rules.md §1.5: the line is contradicted just the same when the plays are not a whole hand).

The tricks from such a line on are not judged (:func:`.unread_tricks.unread_from`), so the play that contradicts
the line was never judged either: before, the dispute was looked for only where a judged play was ``not_in_hand``,
and the hand was judged on the line alone — no ``bad_bury``, no reading of the line miscopied, a wrong follow and
the bottom's points resting on the miscopied line stated.  Now the dispute is found from the record itself (the
taker's recorded plays, the tricks not judged too, against its deal + bottom − bury), and the hand is judged under
both readings (engine/bury_readings.py).
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from tractor_analysis.engine.bury_readings import disputes, plays_miscopied
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN

N, E = 0, 1
SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
SAMPLE_BURIED = "Buried: S6 S3 S2 C10 C9 C8 C4 C3"    # hand 4, dealer E: E plays ♣5 in trick 14, never ♣3

# a simulated match (standard): hand 2's dealer N buries ♦A and plays ♣J in trick 11
WHOLE = """[Event "Simulated 8"]
[Site "tractor simulate"]
[Date "2026.01.01"]
[Round "1"]
[Table "1"]
[North "王芳"]
[East "陈静"]
[South "杨帆"]
[West "李娜"]
[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "1"]
[Dealer "W"]
[Trump "C"]
[Level "2"]
[Declarations "W: C2"]
N: BJ LJ D2 CA CJ C10 C6 C4 S9 S6 HA HK HQ H10 H8 H7 DA DK DK D7 D7 D5 D4 D3 D3
E: LJ S2 H2 CK C8 C3 SA SA SK SQ SJ S7 S5 S4 HA H10 H9 H8 H4 H4 D10 D10 D9 D9 D8
S: BJ C2 C9 C9 C7 C4 C3 SK SQ S10 S8 S6 S3 HJ H9 H7 H6 H6 H5 H3 DA DQ DQ DJ DJ
W: C2 S2 H2 D2 CA CK CQ CJ C10 C7 C6 C5 SJ S9 S8 S7 S5 S4 S3 HQ HJ H5 H3 D8 D4
Bottom: D5 D6 C5 CQ S10 HK C8 D6
Buried: S7 S4 S3 HQ HJ H3 D8 D4
1. W: C5 C5, N: C6 C4, E: CK C3, S: C9 C9
2. S: DQ DQ DJ DJ, W: S8 D6 D6 D5, N: DK DK D3 D3, E: D10 D10 D9 D9
3. S: H6 H6, W: HK H5, N: HK H10, E: H4 H4
4. S: DA, W: C6, N: D4, E: D8
5. W: CQ CQ, N: CA CJ, E: S2 C8, S: C4 C3
6. W: S9, N: S6, E: SK, S: S3
7. E: HA, S: H3, W: S10, N: H7
8. E: SA, S: S6, W: S5, N: S9
9. E: SA, S: S8, W: SJ, N: C10
10. N: DA D7 D7 D5, E: S7 S4 H9 H8, S: SK S10 H7 H5, W: CA CJ C8 C7
11. N: HA, E: H10, S: H9, W: C10
12. W: CK, N: BJ, E: H2, S: C7
13. N: H8, E: SJ, S: HJ, W: S2
14. W: D2, N: LJ, E: LJ, S: C2
15. N: HQ, E: SQ, S: SQ, W: H2
16. W: C2, N: D2, E: S5, S: BJ
[Claim "155"]

[Hand "2"]
[Dealer "N"]
[Trump "C"]
[Level "3"]
[Declarations "S: C3"]
N: BJ LJ H3 D3 CK C10 C10 C8 C6 C4 S9 S7 S2 HJ H9 H8 H7 H7 H5 H4 H2 DA D9 D6 D2
E: C3 CA CK CJ C7 C4 SA SA S8 S6 S6 S5 S4 HJ H10 H10 H6 DK DK DQ DQ D10 D9 D8 D5
S: C3 S3 H3 CQ C9 C8 C7 C6 C2 SK SJ SJ S10 S10 S8 HK HK HQ H9 H5 H4 DJ D7 D5 D4
W: BJ LJ S3 CA C9 C5 C2 SK SQ SQ S9 S7 S5 S4 HA HA HQ H8 DA DJ D10 D8 D6 D4 D2
Bottom: CJ H6 S2 C5 CQ D7 H2 D3
Buried: S9 S7 H4 DA D9 D7 D6 D2
1. N: H7 H7, E: H10 H10, S: HK HK, W: HA HA
2. W: DA, N: C4, E: D8, S: D5
3. N: HJ H9 H8 H6 H5 H2 H2 -> H5, E: H6, S: H4, W: H8
4. W: S4, N: S2, E: S5, S: SK
5. S: SJ SJ S10 S10, W: SQ SQ S9 S7, N: S2 H6 H2 H2, E: SA SA S6 S6
6. S: S8, W: S5, N: H8, E: S4
7. S: D4, W: D2, N: H9, E: DK
8. E: DK DQ, S: DJ D7, W: D10 D4, N: C6 C5
9. N: HJ, E: HJ, S: H5, W: HQ
10. W: D6, N: C8, E: D9, S: H9
11. N: CJ, E: C3, S: C2, W: C5
12. E: DQ, S: C6, W: D8, N: C10
13. N: CQ, E: C4, S: C7, W: BJ
14. W: DJ, N: H3, E: D5, S: HQ
15. N: CK, E: CA, S: C3, W: LJ
16. W: SK, N: C10, E: S8, S: C8
17. N: D3 D3, E: CJ C7, S: CQ C9, W: C9 C2
18. N: BJ, E: CK, S: S3, W: CA
19. N: LJ, E: D10, S: H3, W: S3
[Claim "75"]
"""
BURIED = "Buried: S9 S7 H4 DA D9 D7 D6 D2"
TRICK6 = "6. S: S8, W: S5, N: H8, E: S4"


def _sample(trick: int) -> str:
    """The sample with hand 4's ``Buried:`` line ``… C4 C5`` and its trick line ``trick`` left with no play."""
    i = SAMPLE.index(SAMPLE_BURIED)
    j = SAMPLE.find("[Hand", i)
    j = len(SAMPLE) if j < 0 else j
    block = SAMPLE[i:j].replace(SAMPLE_BURIED, SAMPLE_BURIED[:-2] + "C5")
    block = re.sub(rf"^{trick}\. .*$", f"{trick}.", block, count=1, flags=re.M)
    return SAMPLE[:i] + block + SAMPLE[j:]


def _hands(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands


def _readings(h):
    return [u for u in h.unknowns if u.tag == "Buried" and "Buried: line and the plays disagree" in u.message_en]


def test_the_bury_the_line_makes_is_not_stated_when_a_play_after_an_unread_trick_contradicts_it():
    h = _hands(_sample(5))[3]
    (v,) = [v for v in h.violations if v.code == "bad_bury"]
    assert v.seat == E and v.trick is None
    assert "♣5" in v.message_en and "trick 14" in v.message_en and "第14轮" in v.message_zh
    assert h.bottom_points is None                  # was 15: the bury as the miscopied line gives it
    (u,) = _readings(h)
    assert u.withheld == ("bottom",)        # (the legality of tricks 1-4 is the same in both readings: kept;
    # the attackers' points from the tricks too: the bottom alone differs — round 19, was "points")
    assert not [v for v in h.violations if v.code == "deal_mismatch"]    # the record stops before the hand ends
    assert "not a whole hand" in u.message_en and u.message_zh != u.message_en
    assert [u for u in h.unknowns if u.tag == "play"]   # trick 5 on not judged, as before


def test_a_wrong_follow_resting_on_the_miscopied_line_is_withheld():
    h = _hands(WHOLE.replace(BURIED, BURIED.replace("DA", "CJ")).replace(TRICK6, "6."))[1]
    assert not [v for v in h.violations if v.code == "follow_suit"]    # was: N "should play ♦A" in trick 2
    (v,) = [v for v in h.violations if v.code == "bad_bury"]
    assert v.seat == N and "♣J" in v.message_en and "trick 11" in v.message_en
    (u,) = _readings(h)
    assert "legality" in u.withheld and "N's cards are read from its plays" in u.message_en


def test_the_same_miscopy_with_the_record_whole_is_still_judged_as_before():
    h = _hands(WHOLE.replace(BURIED, BURIED.replace("DA", "CJ")))[1]
    assert [v.code for v in h.violations] == ["bad_bury"] and len(_readings(h)) == 1


def test_an_unread_trick_line_alone_makes_no_dispute():
    h = _hands(WHOLE.replace(TRICK6, "6."))[1]
    assert not [v for v in h.violations if v.code == "bad_bury"] and not _readings(h)
    assert h.bottom_points == 0 and not [u for u in h.unknowns if u.tag == "Buried"]


def _prefix():
    """Hand 2 of the miscopied record, its tricks before trick 6 (the line left with no play) judged, and the
    record's tricks from trick 6 on."""
    text = WHOLE.replace(BURIED, BURIED.replace("DA", "CJ")).replace(TRICK6, "6.")
    (match,), _ = parse_tgn(text)
    hand = match.hands[1]
    prefix = dataclasses.replace(hand, tricks=hand.tricks[:5])
    judged = replay_match(dataclasses.replace(match, hands=(match.hands[0], prefix))).hands[1]
    return prefix, judged, hand.tricks[5:]


def test_the_dispute_is_found_from_the_plays_not_judged():
    prefix, judged, later = _prefix()
    assert disputes(prefix, judged) == ()           # the tricks judged alone show nothing
    (d,) = disputes(prefix, judged, later)
    assert d.seat == N and [TOKEN[k] for k in d.excess] == ["CJ"]
    assert d.bury is None                           # every seat's play of trick 6 left out: not a whole hand


def test_reading_b_names_the_later_plays_and_leaves_the_tricks_judged_as_they_are():
    prefix, judged, later = _prefix()
    found = disputes(prefix, judged, later)
    hand, forced, numbers = plays_miscopied(prefix, found, later)
    assert numbers == [(11,)] and forced == [False]     # a trick line's every play left out: not forced
    assert hand.tricks == prefix.tricks
