"""The dealer's side known, its seat not, each seat standing when judged (the first trick led by one of them, so
nothing names the other): the hand's own cards weigh them (docs/rules.md §14.1).

A referee's tester (session 23, ``tests/data/referee_s23/dealer_copies_first_lead.tgn``: hand 3, no ``[Dealer]``,
``[Levels "NS:3 EW:2"]``, no E or W deal line, trick 1 led by E): with E dealing, W (no line, taking no bottom) plays
♣6 and ♦5 that S's line and the bottom hold every copy of — more than the decks; with W dealing only E's lead is out
of turn.  The cards set E aside: W is the dealer, derived.  Before, "dealer ?" and the outcome withheld.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

RECORD = Path(__file__).parent / "data" / "referee_s23" / "dealer_copies_first_lead.tgn"
E, W = 1, 3


def test_the_copies_fix_the_seat_the_first_lead_does_not_name():
    (m,), _ = parse_tgn(RECORD.read_text(encoding="utf-8"))
    h = replay_match(m).hands[0]
    assert h.dealer == W and h.outcome is not None
    (fact,) = [d for d in h.derived if d.fact == "dealer"]
    assert "more copies of a card than the decks hold" in fact.message_en and "only W can have dealt" in fact.message_en
    assert "某张牌的张数多于几副牌所有" in fact.message_zh
    assert [v.code for v in h.tricks[0].violations if v.seat == E][:1] == ["out_of_turn"]   # E led, W dealt
