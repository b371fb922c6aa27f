"""The fuzzer's case 1196 of seed 20261229 (a JSON document of many hands, long lines, wrong containers) hung
``tractor check``: the ways of reading a seat's plays miscopied counted the orders of its cards left as a factorial,
and a damaged line left it thousands of cards (the dealer's, read since this stop, cf42f93).  No hand holds more
than ``MAX_HAND_CARDS``: no reading is made (engine/deal_line_readings.py ``plays_miscopied``)."""
from __future__ import annotations

import dataclasses

from tractor_analysis.engine.deal_line_readings import MAX_HAND_CARDS, plays_miscopied
from tractor_analysis.records import parse_tgn
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_line_leaving_more_cards_than_a_hand_holds_is_read_no_way_and_at_once(monkeypatch):
    import math
    from tractor_analysis.engine import deal_line_readings
    real = math.factorial

    def factorial(n):
        assert n <= MAX_HAND_CARDS, f"the orders of {n} cards counted"
        return real(n)

    monkeypatch.setattr(deal_line_readings.math, "factorial", factorial)
    (match,), _ = parse_tgn((ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8"))
    hand = match.hands[0]
    seat = 1
    # E's line given thousands of cards it never plays, and one card it plays taken out of it
    played = [k for t in hand.tricks for p in t.plays if p.seat == seat for k in p.cards]
    line = list(played[1:]) + [played[0] ^ 1] * 5000
    deal = list(hand.deal)
    deal[seat] = tuple(line)
    long_hand = dataclasses.replace(hand, deal=tuple(deal))
    left = {seat: tuple([played[0] ^ 1] * 5000)}
    assert MAX_HAND_CARDS < 5000
    assert plays_miscopied(long_hand, frozenset({seat}), left) == []
