"""A deal line its seat's plays contradict (docs/rules.md §1.6, §14.1; engine/deal_lines.py).

N's line gives ♥J where N held ♥7 (and E's the reverse): N plays ♥7, not in its line, and ends
holding ♥J.  Before, the engine also found N "still held hearts and did not follow" in tricks 7
and 13 — verdicts resting on the ♥J of a line the plays show wrong.  Now the two inconsistencies
are reported and every other verdict is judged as for a seat given no deal line (from its plays).
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
N_LINE = "N: H2 D2 CA CQ CJ C7 C5 C3 SQ SJ S10 S8 S7 S7 S6 S4 H8 H7 H6 DA DJ DJ D10 D9 D7"
E_LINE = "E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4"
N, E = 0, 1


def first_hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def test_no_verdict_rests_on_a_deal_line_the_plays_contradict():
    h = first_hand(SAMPLE.replace(N_LINE, N_LINE.replace("H7", "HJ")).replace(E_LINE, E_LINE.replace("HJ", "H7")))
    got = sorted((v.code, v.trick or 0, v.seat) for v in h.violations)
    assert got == [("deal_mismatch", 0, N), ("deal_mismatch", 0, E), ("not_in_hand", 6, N), ("not_in_hand", 16, E)]
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "the deal lines of N, E disagree with their plays" in u.message_en and "发牌行与其出牌不符" in u.message_zh
    # whichever is miscopied (each line, or a play on it), the record is wrong, no seat: the record's findings, the
    # play not judged legal or not (legality withheld) — before s19 the four were the seats' violations (✗, a ruling
    # page each) beside the unknown saying either may be wrong
    assert all(v.of_record for v in h.violations)
    assert h.legal is None
    # every reading (each line, or a play on it, miscopied) is played out with the table's outcome: kept (s21)
    assert (h.outcome, h.levels_after) == (first_hand(SAMPLE).outcome, first_hand(SAMPLE).levels_after)
    assert [v.code for v in h.tricks[6].violations] == [] and [v.code for v in h.tricks[5].violations] == ["not_in_hand"]


def test_one_seat_line_wrong_and_a_line_that_agrees_is_judged_as_before():
    # only N's line is miscopied (♥J for ♥7; the record then gives three ♥J, which the reader
    # reports): only N is read from its plays, the other seats on their lines.  The decks prove it (the other
    # two ♥J are E's, its line giving and E playing it, and the bury's, borne out), and N's failed throw of
    # trick 14 (♠J ♠8 shown, both played) no longer stops that proof (s19-a2): N's line is read from its plays,
    # derived, where before the hand was read both ways (an unknown tag deal)
    text = SAMPLE.replace(N_LINE, N_LINE.replace("H7", "HJ"))
    h = first_hand(text)
    assert not [u for u in h.unknowns if u.tag == "deal"]
    assert ("deal", "N: H7") in [(d.fact, d.value) for d in h.derived]
    assert not any(v.code.startswith("follow") and v.seat == N for v in h.violations)
    assert first_hand(SAMPLE).unknowns == () and first_hand(SAMPLE).legal is True


def test_a_miscopied_bury_is_set_aside_like_a_miscopied_line():
    # hand 4's Buried: line gives ♠A where E buried ♣3 (both in the bottom): E plays ♠A, a card the line
    # buries and E held, and never plays ♣3.  Before: E "still held clubs" in trick 9, on the ♣3 of the wrong
    # line.  Then: E's line was set aside (``not_in_hand`` + ``deal_mismatch``), a fault resting on the Buried:
    # line being right.  Now (engine/bury_readings.py): the line or the ♠A play is miscopied, each reading
    # judged — the contradiction said once (``bad_bury``), what both readings give kept
    text = SAMPLE.replace("Buried: S6 S3 S2 C10 C9 C8 C4 C3", "Buried: S6 S3 S2 C10 C9 C8 C4 SA")
    (match,), _ = parse_tgn(text)
    h = replay_match(match).hands[3]
    whole = replay_match(parse_tgn(SAMPLE)[0][0]).hands[3]
    assert sorted(v.code for v in h.violations) == ["bad_bury"]
    assert not any(v.code.startswith("follow") and v.seat == 1 for v in h.violations)
    assert not [u for u in h.unknowns if u.tag == "deal"]
    (u,) = [u for u in h.unknowns if u.tag == "Buried"]
    assert "the Buried: line and the plays disagree" in u.message_en and "Buried: 一行与出牌不符" in u.message_zh
    assert "♠A" in u.message_en and "♣3" in u.message_en
    assert (h.attackers_total, h.outcome) == (whole.attackers_total, whole.outcome)
