"""Two defects of a seat's two differing deal lines (s20-k1; a referee tester's records in tests/data/referee_s20/).

1. The words of a deal line its plays prove said a card played was "showed in a failed throw": ``c2_line1.tgn`` (E
   leads ♠5 in trick 22, its first line alone giving it) and ``f1_E_proven.tgn`` (E's ♦3 an ordinary follow in
   trick 8), neither with a failed throw.  The card was counted twice (once where the lines differ, once as what
   the other line lacks) against the one copy played; each is now split against the seat's plays on its own.
   ``u1_throwshown.tgn`` (W's ♥A only shown in a failed throw) still says shown.
2. A position the record stops inside (``c1_stop.tgn``, ``revoke_forfeit`` 1; ``E: S5 D3 D9`` / ``E: D5 D3 D9``, no
   line proven, every seat still holding a card under each): E's ♦3 on the ♠4 lead is a wrong follow under the
   first line alone, and its penalty was left open for the forfeit count — yet under each line the record stops
   inside the hand, whose penalties apply at its end (docs/rules.md §10.1), as with one line
   (``c4_stop_line1only.tgn``): nothing counted, no forfeit, no unknown.  The record going on to a next hand, the
   hand ended: the count stays open.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from event_helpers import bilingual
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

DATA = Path(__file__).parent / "data" / "referee_s20"


def _replayed(text: str):
    (match,), diags = parse_tgn(text)
    return replay_match(match), diags


def _deal_fact(name: str):
    result, _ = _replayed((DATA / name).read_text("utf-8"))
    (fact,) = [f for h in result.hands for f in h.derived if f.fact == "deal"]
    return bilingual(f"{fact.message_en} / {fact.message_zh}")


@pytest.mark.parametrize("name, card", [("c2_line1.tgn", "♠5"), ("f1_E_proven.tgn", "♦3")])
def test_a_card_played_proving_a_line_is_said_played(name, card):
    en, zh = _deal_fact(name)
    assert f"E played {card}, which it gives, and every card E played is in it" in en
    assert f"lacks {card}, which E played" in en
    assert "showed" not in en and "failed throw" not in en
    assert f"东家打出了该行所有的 {card}，其所出的牌都在该行中" in zh and f"没有东家打出的 {card}" in zh
    assert "亮出" not in zh and "甩牌" not in zh


def test_a_card_only_shown_proving_a_line_is_still_said_shown():
    en, zh = _deal_fact("u1_throwshown.tgn")
    assert "W showed ♥A in a failed throw, which it gives" in en and "which W showed in a failed throw" in en
    assert "W played ♥A" not in en and "which W played" not in en
    assert "西家甩牌时亮出了该行所有的 ♥A" in zh and "没有西家甩牌时亮出的 ♥A" in zh


@pytest.mark.parametrize("name", ["c1_stop.tgn", "c4_stop_line1only.tgn"])
def test_a_stopped_position_s_penalties_count_under_no_line(name):
    result, _ = _replayed((DATA / name).read_text("utf-8"))
    assert result.forfeited == () and result.forfeit_known and result.unknowns == ()
    assert result.stopped_at == 0
    (due,) = [f for f in result.hands[0].derived if f.fact == "penalties_due"]
    assert "record stops inside this hand" in due.message_en and "中途结束" in due.message_zh


def test_the_record_going_on_the_stopped_lines_penalties_stay_open():
    # hand 12 follows: hand 11 ended (dealt after it), so E's wrong follow under the first line may count
    text = (DATA / "c1_stop.tgn").read_text("utf-8") + '\n[Hand "12"]\n[Dealer "E"]\n[Trump "S"]\n[Level "5"]\n'
    result, _ = _replayed(text)
    assert result.forfeited == () and not result.forfeit_known
    assert [(u.tag, u.withheld) for u in result.unknowns] == [("deal", ("forfeit",))]
    assert "E–W forfeit" in result.unknowns[0].message_en
