"""A copy too many where the pack lacks a card: that card, miscopied with its play (docs/rules.md §1.6;
engine/extra_copies.py ``every_swap``).

Hand 1 of the spring-cup sample, W's ♦Q written ♥8 in its line and in trick 8: the lines give three ♥8 and one ♦Q
(N, E and W each play a ♥8).  Before, each reading took a ♥8 out of a line but kept its play as written, so what
rests on the card played was taken as certain: with S playing ♦9 to E's ♥8 lead in trick 13, S was ruled
follow_suit — yet if E's ♥8 (line and lead) was the ♦Q, S followed and N revoked.  Now each reading reads one ♥8 as
the ♦Q in its line and its play: that fault (and N's, one reading's) is withheld; a fault resting on no doubtful
copy (S keeping ♠9 in trick 10) stays ruled.  The hands shown before a trick count the doubtful copy ("+1 ?"),
never a hand without the card it plays.  The tests marked so fail on the code before.
"""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.cli.verdict_text import legal_text
from tractor_analysis.engine import extra_copies as copies
from tractor_analysis.engine.extra_copies import BOTTOM, MAX_READINGS, extra_copies
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import parse_cards

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
N_, E_, S_, W_ = 0, 1, 2, 3
H8, DQ, H9, HJ = (parse_cards(t)[0] for t in ("H8", "DQ", "H9", "HJ"))


def _edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


LINE_W = "W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK SQ S5 S3 HA HJ H10 H10 H7 H3 DK DK DQ D7 D6"
LEAD = _edit(HAND_1, (LINE_W, LINE_W.replace("DK DK DQ", "DK DK H8")), ("8. S: S3, W: DQ,", "8. S: S3, W: H8,"))
# S plays ♦9 to E's ♥8 lead in trick 13 (♥4 in trick 15 instead): rests on E's ♥8 being one
LEAD_13 = _edit(LEAD, ("13. E: H8, S: H4, W: C4, N: C5", "13. E: H8, S: D9, W: C4, N: C5"),
                ("S: D9\n16.", "S: H4\n16."))
# S keeps ♠9 on N's ♠6 lead in trick 10 (plays it in trick 14 instead of ♥6): rests on no ♥8
CONTROL = _edit(LEAD, ("10. N: S6, E: SJ, S: S9, W: C10", "10. N: S6, E: SJ, S: H6, W: C10"),
                ("E: S10, S: H6, W: C6", "E: S10, S: S9, W: C6"))
LINE_E = "E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4"
# and E's ♥J written ♥9 (line and trick 16): two kinds too many, two lacking — 18 ways, past the cap
TWO = _edit(CONTROL, (LINE_E, LINE_E.replace("HK HJ", "HK H9")),
            ("16. W: CQ, N: SJ, E: HJ, S: HQ", "16. W: CQ, N: SJ, E: H9, S: HQ"))


def _hand(text: str):
    (match,), problems = parse_tgn(text)
    assert "too_many_copies" in [p.code for p in problems]
    return match.hands[0], replay_match(match).hands[0]


def _faults(h) -> list[tuple[int, int, str]]:
    return [(v.trick, v.seat, v.code) for v in h.violations if v.trick is not None]


def test_a_fault_resting_on_a_copy_that_may_be_the_card_lacking_is_withheld():          # fails before
    _, h = _hand(LEAD_13)
    assert not [f for f in _faults(h) if f[0] == 13]        # before: S follow_suit (and never N's revoke)
    assert "legality" in h.withheld and h.legal is not True
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "lack ♦Q" in u.message_en and "缺少 ♦Q" in u.message_zh
    for en in ("♥8 in N's deal line (played in trick 7)", "♥8 in E's deal line (played in trick 13)",
               "♥8 in W's deal line (played in trick 8)"):
        assert en in u.message_en
    assert "not_in_hand" not in [v.code for v in h.violations]


def test_each_reading_reads_a_copy_as_the_card_lacking_with_its_play():                 # fails before
    hand, h = _hand(LEAD_13)
    ways = extra_copies(hand, h)                # before: the copy taken out, its play kept
    assert ways == (((N_, H8, 1, DQ, ((6, 3),)),), ((E_, H8, 1, DQ, ((12, 0),)),), ((W_, H8, 1, DQ, ((7, 1),)),))


def test_a_fault_resting_on_no_doubtful_copy_stays_ruled():                             # control
    _, h = _hand(CONTROL)
    assert _faults(h) == [(10, S_, "follow_suit")]


def test_past_the_cap_nothing_resting_on_the_plays_is_ruled():                           # fails before
    hand, h = _hand(TWO)
    lines = [[line.count(k) for k in range(54)] for line in hand.deal]
    assert 18 > MAX_READINGS and copies.every_swap(hand, h, [(H8, 1), (H9, 1)], [(DQ, 1), (HJ, 1)], lines) == ()
    assert _faults(h) == [] and "legality" in h.withheld     # before: S in trick 10 (and more) ruled
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "nothing resting on their plays" in u.message_en and "一律不予判定" in u.message_zh


def test_the_bottom_and_the_dealer_name_the_same_plays():                                # new
    # third ♦5: S's line (trick 3), the bottom (W plays it in trick 9), E's line with ♠5 written ♦5 (trick 15)
    line_e = "E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA"
    text = _edit(HAND_1, (line_e, line_e.replace("S6 S5", "S6 D5")),
                 ("15. W: H2, N: D9, E: S5, S: D9", "15. W: H2, N: D9, E: D5, S: D9"))
    hand, h = _hand(text)
    d5, s5 = parse_cards("D5 S5")
    assert extra_copies(hand, h) == (((E_, d5, 1, s5, ((14, 2),)),), ((S_, d5, 1, s5, ((2, 3),)),),
                                     ((BOTTOM, d5, 1, s5, ((8, 2),)),))


def test_the_hands_shown_count_the_doubtful_copy(tmp_path):                              # fails before
    hand, h = _hand(LEAD_13)
    t13 = next(t for t in h.tricks if t.number == 13)
    assert sum(t13.hands_before[E_]) + h.cards_open(13)[E_] == 4        # before: 3, E then leading a fourth
    for t in h.tricks:      # every seat shown with as many cards as it plays from there on (the hand played out)
        for s in range(4):
            left = sum(len(p.cards) for r in hand.tricks if r.number >= t.number for p in r.plays if p.seat == s)
            assert sum(t.hands_before[s]) + h.cards_open(t.number)[s] == left
    path = tmp_path / "lead.tgn"
    path.write_text(LEAD_13, encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", str(path)]).output
    trick = out[out.index("trick 13 第13轮"):out.index("trick 14 第14轮")]
    (e_line,) = [line for line in trick.splitlines() if line.strip().lstrip("*").startswith("E ")]
    assert "+1 ?" in e_line


def test_the_summary_says_legality_is_not_fully_judged_beside_the_violations():          # fails before
    _, h = _hand(CONTROL)
    assert h.play_violations and not h.legality_known
    assert "legality not fully judged" in legal_text(h) and "1 violation" in legal_text(h)
