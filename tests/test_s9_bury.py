"""A ``Buried:`` line the bury-taker's own plays disprove (docs/rules.md §1.5, §9.5; engine/starting_hands.py).

Hand 4 of the spring cup sample: E (dealer) buried ``S6 S3 S2 C10 C9 C8 C4 C3``.  A line miscopied with a card
E *held* (``… C4 C5``: E plays its ♣5 in trick 14) was blamed on E's deal line (``not_in_hand``, ``deal_mismatch``,
no outcome), while a worse slip (``… C4 HK``, a card E never held) got ``bad_bury``, the bury derived and a full
verdict.  Every card of the decks is placed by the deal lines and the bottom, so neither can be the line
miscopied; E's plays are a whole hand out of deal + bottom: the ``Buried:`` line is the ``bad_bury``, and the bury
is what E's plays leave.  Where the deal lines do not place every card (a line missing), the record does not say
which line is wrong: the bury is not known, and the words name the lines that disagree.  After 炒地皮 each
taker's bury is judged the same way (the two buries of the line written in swapped order).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
BURIED = "Buried: S6 S3 S2 C10 C9 C8 C4 C3"
S_LINE = "S: LJ C5 DA D4 D3 D3 SA SQ S10 S7 S7 S4 S2 HQ H10 H8 H6 H4 CA CQ CQ C9 C8 C7 C2\n"
E = 1


def hand4(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[3]


def test_a_bury_naming_a_card_the_dealer_plays_is_bad_bury_and_derived():
    h = hand4(SAMPLE.replace(BURIED, "Buried: S6 S3 S2 C10 C9 C8 C4 C5"))
    assert [(v.code, v.seat) for v in h.violations] == [("bad_bury", E)]
    (v,) = h.violations
    assert "trick 14" in v.message_en and "Buried:" in v.message_en and "C5" in v.message_en
    assert "第14轮" in v.message_zh and "♣5" in v.message_zh
    (d,) = [d for d in h.derived if d.fact == "buried"]
    assert d.value.split() == "S2 S3 S6 C3 C4 C8 C9 C10".split()
    assert h.attackers_total == 100 and h.outcome is not None and h.outcome.next_dealer == 2
    assert not any(u.tag in ("deal", "Buried") for u in h.unknowns)


def test_the_slight_and_the_gross_slip_get_the_same_verdict():
    slight = hand4(SAMPLE.replace(BURIED, "Buried: S6 S3 S2 C10 C9 C8 C4 C5"))
    gross = hand4(SAMPLE.replace(BURIED, "Buried: S6 S3 S2 C10 C9 C8 C4 HK"))
    for h in (slight, gross):
        assert [v.code for v in h.violations] == ["bad_bury"]
    assert (slight.attackers_total, slight.outcome, slight.levels_after) == \
           (gross.attackers_total, gross.outcome, gross.levels_after)


def test_a_bury_naming_a_bottom_card_the_dealer_plays_is_bad_bury_too():
    # ♠A is in the bottom; E plays it in trick 3
    h = hand4(SAMPLE.replace(BURIED, "Buried: S6 S3 S2 C10 C9 C8 C4 SA"))
    assert [(v.code, v.seat) for v in h.violations] == [("bad_bury", E)]
    assert "trick 3" in h.violations[0].message_en
    assert h.attackers_total == 100 and h.outcome is not None


def test_without_every_card_placed_the_bury_is_not_known_and_the_words_name_the_lines():
    # no S line: the second ♣5 is placed by no line, so E's line or the bottom may be the one miscopied
    text = SAMPLE.replace(BURIED, "Buried: S6 S3 S2 C10 C9 C8 C4 C5")
    assert text.count(S_LINE) == 1
    h = hand4(text.replace(S_LINE, ""))
    assert not any(v.code in ("bad_bury", "not_in_hand", "deal_mismatch") for v in h.violations)
    (u,) = [u for u in h.unknowns if u.tag == "Buried" and "legality" in u.withheld]
    assert "Buried: line, E's deal line, the bottom or E's plays" in u.message_en and "trick 14" in u.message_en
    assert "Buried: 一行、东家的发牌行、底牌与东家的出牌" in u.message_zh
    # the attackers took the last trick: the bottom counts and is not known, so the total and outcome are withheld
    assert h.attackers_total is None and h.outcome is None
    (b,) = [u for u in h.unknowns if u.tag == "Buried" and "points" in u.withheld]
    assert "does not give" not in b.message_en and "dispute" in b.message_en


def test_controls_the_true_bury_and_a_bury_never_held_are_unchanged():
    h = hand4(SAMPLE)
    assert h.violations == () and h.attackers_total == 100 and not h.derived
    h = hand4(SAMPLE.replace(BURIED, "Buried: S6 S3 S2 C10 C9 C8 C4 HK"))
    assert [v.code for v in h.violations] == ["bad_bury"] and "neither" in h.violations[0].message_en


REBID = """[Event "Simulated 3"]
[Ruleset "tournament"]

[Hand "4"]
[Dealer "W"]
[Trump "S"]
[Level "2"]
[Declarations "W: D2 || E: S2 S2"]
N: BJ C2 SA SQ S7 S6 S3 S3 HQ H9 H5 H4 DA DK DK D8 D7 D5 CA CK C10 C8 C5 C5 C3
E: LJ S2 S2 H2 S8 HA HK HQ H9 H6 H5 H3 DA D9 D9 D8 D7 D3 CA CK CQ C10 C9 C6 C4
S: BJ C2 SA S7 S5 S4 HA HK HJ H8 H8 H7 H7 H3 DJ D4 D3 CQ CJ CJ C9 C8 C7 C7 C3
W: LJ H2 D2 D2 SK SQ SJ SJ S10 S9 S9 S8 S5 HJ H10 H10 H6 H4 DQ DQ D10 D10 D5 C6 C4
Bottom: D6 D4 S4 S10 D6 SK S6 DJ
Buried: S8 S6 S4 HJ H6 H4 C6 C4 || H3 DA D8 D7 D3 CA CQ C9
1. W: SJ SJ S10 S10 S9 S9, N: SA SQ S7 S6 S3 S3, E: LJ S2 S2 S8 S6 S4, S: BJ C2 SA S7 S5 S4
2. W: DQ DQ, N: DK DK, E: D9 D9, S: D4 D3
3. N: CA CK, E: C4 C4, S: C7 C3, W: SQ S5
4. W: SK SK, N: BJ D8, E: H2 S8, S: H7 H3
5. W: D10 D10, N: DA D7, E: HK C10, S: H7 DJ
6. W: DJ D6, N: D5 C3, E: H5 CK, S: H8 C7
7. W: D6 D5 D4, N: H9 H4 C8, E: H6 H6 H4, S: H8 C9 C8
8. W: H10, N: HQ, E: HA, S: HJ
9. E: C6, S: CJ, W: H10, N: C10
10. S: CQ CJ, W: H2 D2, N: C5 C5, E: HQ H9
11. W: LJ, N: C2, E: C6, S: HA
12. W: D2, N: H5, E: HJ, S: HK
[Claim "40"]
"""
RIGHT = "Buried: S8 S6 S4 HJ H6 H4 C6 C4 || H3 DA D8 D7 D3 CA CQ C9"
SWAPPED = "Buried: H3 DA D8 D7 D3 CA CQ C9 || S8 S6 S4 HJ H6 H4 C6 C4"


def only_hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


@pytest.mark.xfail(strict=True, reason="not fixed yet: E's real follow faults (tricks 1, 10) rest on the cards the "
                   "line has E bury, so the derived reading is not preferred over the line as recorded (a play "
                   "miscopied): see the session 9 fix-bury report")
def test_rebid_buries_written_in_swapped_order_give_no_phantom_faults():
    right = only_hand(REBID)
    swapped = only_hand(REBID.replace(RIGHT, SWAPPED))
    found = sorted((v.code, v.trick or 0, v.seat) for v in swapped.violations)
    assert found == sorted([("bad_bury", 0, 3), ("bad_bury", 0, E),
                            *((v.code, v.trick or 0, v.seat) for v in right.violations)])
    assert not any(v.code in ("not_in_hand", "deal_mismatch") for v in swapped.violations)
    (e_bad,) = [v for v in swapped.violations if v.code == "bad_bury" and v.seat == E]
    assert "second of the Buried: line" in e_bad.message_en and "第2次扣底" in e_bad.message_zh
    buries = {d.fact: d.value.split() for d in swapped.derived if d.fact in ("buried", "earlier_bury")}
    assert sorted(buries["earlier_bury"]) == sorted(RIGHT.split("||")[0].split()[1:])
    assert sorted(buries["buried"]) == sorted(RIGHT.split("||")[1].split())
    assert (swapped.attackers_total, swapped.outcome, swapped.revoke_levels) == \
           (right.attackers_total, right.outcome, right.revoke_levels)
    assert right.attackers_total == 40 and right.outcome is not None


def test_rebid_control_the_right_order_stands_as_recorded():
    right = only_hand(REBID)
    assert not any(v.code == "bad_bury" for v in right.violations) and not right.derived
