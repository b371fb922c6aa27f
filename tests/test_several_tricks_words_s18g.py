"""The words of what is withheld, when the message names several tricks (docs/rules.md §14.1).

The "order" unknown of two neighbouring trick lines exchanged names two or three tricks ("tricks 8, 9 and 10 were
each led out of turn …"), yet said "withheld: that trick's winner; that trick's points" / "该轮的赢家、该轮的分数"
— no one trick to point at; the words of plays a record leaves out in several tricks (explain_gaps) did the same.
Now, several tricks named: "those tricks' winners" / "这几轮的赢家" (and their points); one trick named keeps
"that trick's" / "该轮的"."""
from __future__ import annotations

import pytest

from event_helpers import bilingual
from test_questioned_dealer import HAND_1, SAMPLE
from test_seat_order import _order_unknown, _swap, seat_order
from tractor_analysis.engine import explain_gaps
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

SINGULAR = ("that trick's", "该轮的赢家", "该轮的分数")    # (round 19: 轮 for a trick; "该轮的出牌" is no withheld word)


def _hands(text: str, clean: bool = True):
    (match,), diags = parse_tgn(text)
    assert not diags or not clean
    return replay_match(match).hands


def _edited(*edits: tuple[str, str]) -> str:
    text = HAND_1
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    return text


def _plural(u, winners: bool = True, points: bool = False) -> None:
    bilingual(f"{u.message_en} / {u.message_zh}")
    assert not any(w in u.message_en or w in u.message_zh for w in SINGULAR), u.message_en
    for key, en, zh, wanted in (("trick_winner", "those tricks' winners", "这几轮的赢家", winners),
                                ("trick_points", "those tricks' points", "这几轮的分数", points)):
        if wanted:
            assert key in u.withheld and en in u.message_en and zh in u.message_zh, u.message_en


@pytest.mark.parametrize("a", [3, 8, 13])
def test_lines_exchanged_name_those_tricks_winners_and_points(a):
    (h,) = _hands(_swap(HAND_1, a))
    (u,) = _order_unknown(h)
    assert u.message_en.startswith(f"tricks {a}, {a + 1} and {a + 2} were each led out of turn")
    _plural(u, winners=True, points=True)


def test_a_record_in_seat_order_names_several_tricks_too():
    (h,) = [h for h in _hands(seat_order(SAMPLE, "E"), clean=False) if h.number == 2]
    (u,) = _order_unknown(h)
    assert "led tricks " in u.message_en and ", " in u.message_en.split("led tricks ")[1].split(" out of turn")[0]
    _plural(u, winners=True)


def test_plays_left_out_in_two_tricks_name_those_tricks_winners():
    # E's plays in tricks 10 and 12 left out: the two ways to fill them in give different winners
    (h,) = _hands(_edited(("10. N: S6, E: SJ, S: S9, W: C10", "10. N: S6, S: S9, W: C10"),
                          ("12. W: C5, N: D2, E: BJ, S: CK", "12. W: C5, N: D2, S: CK")))
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "trick 10" in u.message_en and "trick 12" in u.message_en
    _plural(u, winners=True)


def test_gaps_not_judged_in_two_tricks_name_those_tricks_winners_and_points():
    # S's lead of trick 5 and its play in trick 8 left out: the play left out may be a lead, not judged
    (h,) = _hands(_edited(("5. S: DA DQ, W: D6 D6, N: D10 D7, E: CK C10", "5. W: D6 D6, N: D10 D7, E: CK C10"),
                          ("8. S: S3, W: DQ, N: S4, E: SK", "8. W: DQ, N: S4, E: SK")))
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "those tricks are not judged" in u.message_en
    _plural(u, winners=True, points=True)


def test_one_trick_named_keeps_that_trick_s_words():
    what = ("trick_winner", "trick_points")
    for zh, en in (explain_gaps.record_leaves_out([(10, [1])], what, 2, 2),
                   explain_gaps.gaps_not_judged([(5, [2])], what, "lead")):
        assert "that trick's winner; that trick's points" in en and "该轮的赢家、该轮的分数" in zh
    for zh, en in (explain_gaps.record_leaves_out([(10, [1]), (12, [1])], what, 2, 2),
                   explain_gaps.gaps_not_judged([(5, [2]), (8, [2])], what, "lead")):
        assert "those tricks' winners; those tricks' points" in en and "这几轮的赢家、这几轮的分数" in zh
