"""A declaration faulted on a deal line the decks give says the line is derived.

A referee's tester (``a6_noE_rebid.tgn``: ``[Declarations "W: C2 | W: C2 C2 | E: BJ BJ"]``, E's deal line left out and
derived from the decks, which leave E one big joker) found ✗ "E declared 大王 大王 but was not dealt those cards" with no
word that what E was dealt is the derived line, where E's wrong follows say it.  Now a ``bad_declaration`` of cards
the seat was not dealt says so, as the seat's other faults on that line do; a declaration faulted for what it is (too
weak to overcall) rests on no line and says nothing of it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")

TEXT = (Path(__file__).resolve().parent / "data" / "deal_from_decks" / "a6_noE_rebid.tgn").read_text(encoding="utf-8")
E = 1
NOTE_EN = "(E's cards are its deal line derived from the decks: see derived)"
NOTE_ZH = "（东家的持牌来自由整副牌推出的发牌行，见“推出”）"


def _hand(text: str):
    (match,), diags = parse_tgn(text)
    assert diags == []
    hr = replay_match(match, None).hands[0]
    assert any(d.fact == "deal" and d.value.startswith("E: ") for d in hr.derived)     # E's line from the decks
    return hr


def test_a_declaration_of_cards_not_dealt_says_the_line_is_derived():
    # fails before: the fault's words end at "but was not dealt those cards"
    (v,) = _hand(TEXT).violations
    assert (v.code, v.seat, v.trick) == ("bad_declaration", E, None)
    assert v.message_en == f"E declared 大王 大王 but was not dealt those cards {NOTE_EN}"
    assert v.message_zh == f"东家亮 大王 大王，但发到的牌中没有这些牌{NOTE_ZH}"


def test_a_declaration_too_weak_says_nothing_of_the_line():
    # E holds ♦2 (its derived line): a single 2 does not overcall W's pair — a fault of what was declared alone
    (v,) = _hand(TEXT.replace("W: C2 | W: C2 C2 | E: BJ BJ", "W: C2 | W: C2 C2 | E: D2")).violations
    assert (v.code, v.seat) == ("bad_declaration", E)
    assert NOTE_EN not in v.message_en and NOTE_ZH not in v.message_zh
