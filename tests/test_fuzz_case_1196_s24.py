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


def test_a_line_leaving_more_cards_than_a_hand_holds_is_read_no_way_and_at_once():
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


def test_the_ways_are_counted_factor_by_factor_and_agree_with_the_multinomial():
    # the count stops past the limit; below it, it is the ways exactly: the plays chosen times the cards' orders
    import itertools
    from collections import Counter
    from tractor_analysis.engine.deal_line_readings import _orders, _ways_over
    for rest in (Counter(), Counter({7: 1}), Counter({7: 2, 9: 1}), Counter({3: 1, 4: 1, 5: 1}),
                 Counter({3: 2, 4: 2}), Counter({3: 1, 4: 1, 5: 1, 6: 1}), Counter({3: 3, 4: 1, 5: 1})):
        brute = sorted(set(itertools.permutations(rest.elements())))
        assert _orders(rest) == brute
        for picks in (1, 2, 3):
            beyond, where = Counter({50: 1}), {50: [(0, 0, 50)] * picks}
            ways = picks * len(brute)
            for limit in range(0, 30):
                assert _ways_over(rest, beyond, where, limit) == (ways > limit)
    # thousands of copies of one card: one order, counted and made at once (the factorial would never end)
    many = Counter({7: 5000})
    assert not _ways_over(many, Counter({50: 1}), {50: [(0, 0, 50)]}, 24)
    assert _orders(many) == [(7,) * 5000]
    assert _orders(Counter({7: 40, 9: 1})) == [(7,) * i + (9,) + (7,) * (40 - i) for i in range(41)][::-1]
    assert _ways_over(Counter(range(30)), Counter({50: 1}), {50: [(0, 0, 50)]}, 24)
