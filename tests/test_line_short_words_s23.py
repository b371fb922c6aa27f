"""A deal line short of the seat's plays, the extra a second copy of a card the line gives once: the words say the seat
played it besides every card of its line — not that the card is "not among them" (a referee's tester, session 23:
``tests/data/referee_s23/dealer_long_follow.tgn``, the dealer W's follow ``DQ C4`` one card too long, W's line and the
bottom giving one ♣4)."""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

RECORD = Path(__file__).parent / "data" / "referee_s23" / "dealer_long_follow.tgn"


def test_the_card_played_beyond_the_line_is_said_besides_it():
    (m,), _ = parse_tgn(RECORD.read_text(encoding="utf-8"))
    h = replay_match(m).hands[0]
    (u,) = [u for u in h.unknowns if "every one of them" in u.message_en]
    assert "every one of them, and besides them ♣4 —" in u.message_en and "not among them" not in u.message_en
    assert "这些牌每张都打出了，此外还打出了 ♣4——" in u.message_zh and "其中没有的" not in u.message_zh
