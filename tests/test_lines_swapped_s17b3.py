"""Two neighbouring trick lines copied in each other's place (docs/rules.md §14.1, :func:`.play_order.lines_swapped`;
a referee's tester, round 17).  Lines ``t`` and ``t+1`` written with each other's plays (the numbers kept) put the
leads of ``t``, ``t+1`` and ``t+2`` out of turn — or of ``t`` and ``t+2`` —, not only two leads next to each other:
of the 15 such swaps in the sample's hand 1, 7 were judged as 2–3 ``out_of_turn`` against players (and ``tractor
ruling`` wrote a page for each) where the record does not say whether the lines or the table are wrong.  Now such
an exchange is weighed too (one exchange, never every order), and a real lead out of turn stays a violation."""
from __future__ import annotations

import json

import pytest

from event_helpers import bilingual, run_cli
from test_questioned_dealer import HAND_1
from test_seat_order import _keys, _order_unknown, _swap
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

E = 1


pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    (h,) = replay_match(match).hands
    return h


def test_lines_8_and_9_swapped_are_not_three_leads_out_of_turn(tmp_path):
    # as written E leads 8 (S due), S leads 9 (N due: N's ♠Q won the plays written at 8), N leads 10 (E due)
    h = _hand(_swap(HAND_1, 8))
    assert not h.violations, _keys(h)
    (u,) = _order_unknown(h)
    assert u.message_en.startswith("tricks 8, 9 and 10 were each led out of turn") and "第 8、9、10 轮" in u.message_zh
    assert "with the plays of tricks 8 and 9 exchanged" in u.message_en and "第 8、9 轮两行出牌互换" in u.message_zh
    bilingual(f"{u.message_en} / {u.message_zh}")
    assert h.attackers_points == 60 and h.outcome is not None       # the same either way: kept
    path = tmp_path / "swap89.tgn"
    path.write_text(_swap(HAND_1, 8), "utf-8")
    (hand,) = json.loads(run_cli("check", str(path), "--json", code=3).stdout)["files"][0]["hands"]
    assert hand["violations"] == [] and hand["legal"] is None
    assert [x["tag"] for x in hand["unknown"]] == ["order"]


def test_lines_7_and_8_swapped_put_the_leads_of_7_and_9_out_of_turn_not_8():
    h = _hand(_swap(HAND_1, 7))
    assert not h.violations, _keys(h)
    (u,) = _order_unknown(h)
    assert u.message_en.startswith("tricks 7 and 9 were each led out of turn") and "第 7、9 轮" in u.message_zh
    assert "with the plays of tricks 7 and 8 exchanged" in u.message_en


@pytest.mark.parametrize("a", [3, 4, 7, 8, 9, 12, 13])
def test_each_swap_the_tester_found_is_order_unknown_and_keeps_only_what_the_record_gives(a):
    truth = _keys(_hand(HAND_1))
    h = _hand(_swap(HAND_1, a))
    assert _keys(h) <= truth and not any(v.code == "out_of_turn" for v in h.violations), _keys(h)
    (u,) = _order_unknown(h)
    assert f"with the plays of tricks {a} and {a + 1} exchanged" in u.message_en


def test_one_seat_leading_out_of_turn_once_stays_a_violation():
    # trick 8 (S due) written led by E, whose ♠K wins it anyway: E then leads 9 in turn — one lead out of turn
    text = HAND_1.replace("8. S: S3, W: DQ, N: S4, E: SK", "8. E: SK, S: S3, W: DQ, N: S4")
    assert text != HAND_1
    h = _hand(text)
    assert _keys(h) == {("out_of_turn", 8, E)} and not _order_unknown(h)


def test_two_real_leads_out_of_turn_no_exchange_explains_stay_violations():
    # E leads 8 out of turn (S due) and 10 (N due), each winning or losing as the table played: leads out of turn
    # at t and t+2, but exchanging lines 8 and 9 (or 9 and 10) leaves E's lead of 8 out of turn — judged as written
    text = HAND_1.replace("8. S: S3, W: DQ, N: S4, E: SK", "8. E: SK, S: S3, W: DQ, N: S4") \
                 .replace("10. N: S6, E: SJ, S: S9, W: C10", "10. E: SJ, S: S9, W: C10, N: S6")
    h = _hand(text)
    assert {k for k in _keys(h) if k[0] == "out_of_turn"} == {("out_of_turn", 8, E), ("out_of_turn", 10, E)}
    assert not _order_unknown(h)
