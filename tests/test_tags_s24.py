"""Tags the rest of the record contradicts, the trump not stated or contradicted too (docs/rules.md §13.1, §14.1).

A referee's tester (session 24), on hand 1 of the Spring Cup (sample_logs/spring-cup-r2t5.tgn: ``[Levels "NS:2 EW:2"]``,
W dealing, W declaring ♣2 then ♣2 ♣2, trump clubs):

- ``[Level "3"]`` miscopied and ``[Trump]`` left out: the level [Levels] states (2) and the one [Level] states (3)
  are two statements against each other, to be judged under each.  At 3 W's declarations declare nothing, so the
  trump is unknown and no play judged — and that judgement (not judged) lost the other value of the level: the hand
  stood at 3 alone, W charged with two ``bad_declaration`` resting on [Level] being right.  Now it is judged at 2
  too, where both declarations stand and fix clubs: the level is derived (2), W charged with nothing — as with
  ``[Trump "C"]`` stated.  With ``[Dealer "E"]`` miscopied as well, E's lead was found out of turn against W.
- ``[Trump "S"]`` against the declaration ``W: H5`` (no ``[Dealer]``, a hand of a hand-written record): the
  ``bad_declaration`` naming no seat is the record saying two things, not a player's act — the record's finding
  (no violation, no ruling page), the hand still judged under both trumps.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import CLUBS
from tractor_analysis.reports.ruling import ruling_pages

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HEADER, REST = SAMPLE.split('[Hand "1"]', 1)
HAND_1 = '[Hand "1"]' + REST.split('[Hand "2"]', 1)[0]
W = 3


def hand_1(*edits: tuple[str, str]):
    """Hand 1 of the sample, alone after the match's header, with each ``(old, new)`` replaced once."""
    text = HAND_1
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    (match,), _ = parse_tgn(HEADER + text)
    return replay_match(match).hands[0]


LEVEL_3 = ('[Level "2"]', '[Level "3"]')
NO_TRUMP = ('[Trump "C"]\n', "")
DEALER_E = ('[Dealer "W"]', '[Dealer "E"]')


def test_the_sample_hand_as_it_is():
    h = hand_1()
    assert (h.level, h.trump, h.dealer, h.violations) == (2, CLUBS, W, ())


def test_level_miscopied_and_trump_left_out_judged_at_the_level_levels_states_too():
    h = hand_1(LEVEL_3, NO_TRUMP)
    # the declarations stand at 2 (what [Levels] states) and fix clubs: no fault of W's rests on [Level] being right
    assert [v for v in h.violations if not v.of_record] == []
    assert [v.code for v in h.violations] == ["level_mismatch"]
    assert (h.level, h.trump, h.dealer) == (2, CLUBS, W)
    (level,) = [d for d in h.derived if d.fact == "level"]
    assert level.value == "2" and "a declaration that does not stand" in level.message_en
    assert "亮主不成立" in level.message_zh
    assert h.legal is True and h.outcome is not None
    # as with [Trump "C"] stated (the level derived from the declarations the same way)
    stated = hand_1(LEVEL_3)
    assert (h.level, h.trump, h.outcome, h.levels_after) == (stated.level, stated.trump, stated.outcome,
                                                             stated.levels_after)


def test_dealer_and_level_miscopied_and_trump_left_out_no_fault_against_w():
    h = hand_1(LEVEL_3, NO_TRUMP, DEALER_E)
    # before: W charged with two bad_declaration and an out_of_turn in trick 1 (resting on [Dealer "E"])
    assert [v for v in h.violations if not v.of_record] == []
    assert sorted(v.code for v in h.violations) == ["dealer_mismatch", "level_mismatch"]
    assert (h.level, h.trump, h.dealer) == (2, CLUBS, W)
    assert {d.fact: d.value for d in h.derived if d.fact in ("level", "dealer")} == {"level": "2", "dealer": "W"}
    assert h.legal is True
    assert not any(v.code == "out_of_turn" for t in h.tricks for v in t.violations)


# the tester's record: a hand-written hand 14 whose [Trump "S"] the declaration W: H5 contradicts, no [Dealer]
WRONG_TRUMP = """[Event "Pair bottom test"]
[North "A"]
[East "B"]
[South "C"]
[West "D"]
[Ruleset "tournament"]
[Levels "NS:5 EW:9"]

[Hand "14"]
[Trump "S"]
[Level "5"]
[Declarations "W: H5"]
N: BJ LJ H5 HQ H10 H9 H6 H4 SK SJ SJ S9 S8 S8 S2 DK D10 D10 D9 D8 D6 D4 C7 C4 C2
E: S5 D5 HA HJ H10 SK S10 S7 S4 S2 DJ DJ D4 D3 D2 CA CA CK CJ C10 C9 C9 C8 C7 C6
S: BJ S5 D5 C5 HA HK H9 H7 H6 H3 H2 SA SA S7 S4 S3 DK D7 D2 CQ CJ C8 C4 C3 C3
W: LJ H5 C5 HK HQ HJ H8 H8 H4 H3 SQ S10 S6 S6 S3 DA DQ DQ D9 D8 D7 D3 CK C6 C2
Bottom: S9 DA H2 D6 C10 H7 CQ SQ
Buried: S2 D9 D8 D4 CQ C7 C10 C2
1. N: S9 S9 S8 S8, E: S10 S7 S4 S2, S: SA SA S4 S3, W: SQ S6 S6 S3
2. N: DA, E: D2, S: DK, W: D3
3. N: SJ SJ, E: SK D3, S: S7 D2, W: S10 C2
4. N: SK SQ, E: HJ H10, S: C3 C3, W: CK C6
5. E: CA CA CK, S: CJ C8 C4, W: D9 D8 D7, N: D6 D6 C4
6. E: DJ DJ, S: D7 CQ, W: DQ DQ, N: D10 D10
7. W: H8 H8, N: H4 H2, E: S5 D5, S: H3 H2
8. W: DA, N: DK, E: D4, S: H6
9. S: H7, W: H3, N: H10, E: HA
10. E: CJ C10 C9 C9 C8 C7 C6, S: BJ S5 D5 C5 HA HK H9, W: LJ H5 C5 HK HQ HJ H4, N: BJ LJ H5 HQ H9 H7 H6
[Claim "180"]
"""


def _seatless_trump(h) -> list:
    return [v for v in h.violations if v.code == "bad_declaration" and v.seat is None]


def test_trump_against_the_declarations_is_the_records_finding_no_ruling_page():
    (match,), _ = parse_tgn(WRONG_TRUMP)
    result = replay_match(match)
    (h,) = result.hands
    (found,) = _seatless_trump(h)
    # before: a violation naming no seat (legal false, "1 violation"), and a ruling page with no player to sign against
    assert found.of_record and found.about == "record"
    assert "the declarations fix trump hearts but the record says spades" in found.message_en
    assert "亮主定的主是 红桃，记录的主却是 黑桃" in found.message_zh
    assert h.legal is not False
    assert not [v for v in h.violations if not v.of_record]
    assert ruling_pages([(match, result)]) == []
    # both trumps still judged: the [Trump] item says so, what only one gives withheld
    (u,) = [u for u in h.unknowns if u.tag == "Trump"]
    assert "2 judgements in all" in u.message_en and "trick_winner" in u.withheld


def test_trump_against_the_no_declaration_rule_is_the_records_finding_too():
    # nobody declared: under no_declaration = no_trump the hand is played without trump, [Trump "C"] says clubs
    (match,), _ = parse_tgn(HEADER + HAND_1.replace('[Declarations "W: C2 | W: C2 C2"]', '[Declarations ""]', 1))
    result = replay_match(match)
    (h,) = result.hands
    (found,) = _seatless_trump(h)
    assert found.of_record and "no_declaration = no_trump" in found.message_en
    assert "bad_declaration" not in [p.violation.code for p in ruling_pages([(match, result)])]
