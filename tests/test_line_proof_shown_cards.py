"""A card shown in a failed throw and played later is one card of the seat's, not two (a seat's deal line
written twice: which line its plays prove, docs/rules.md §1.7).

``line_proof`` counted the cards a seat showed in a failed throw and, again, the card it played later out of those
returned to its hand: W throwing ♥A ♥K (failed, ♥K forced) and playing ♥A in the next trick "proved" a miscopied
line giving W two ♥A over the line W was dealt (one ♥A) — a deal line read from a proof that does not hold, and the
decks then found a third ♥A.  The cards a seat's plays prove it held: every card it plays, and at each failed throw
the shown cards on top of those it played before.
"""
from __future__ import annotations

from collections import Counter

import pytest

from engine_helpers import cards
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.deal_checks import cards_held

HEAD = """[Event "Club Night"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
N: HA H3 SA
E: H4 H2 D9
S: H9 H8 CQ
"""


def _record(w_lines: tuple[str, str], last: str = "") -> str:
    return (HEAD + "".join(f"W: {line}\n" for line in w_lines)
            + "Buried: D10 DK C5 C5 H5 C3 C4 C6\n"
            "23. W: HA HK -> HK, N: HA, E: H4, S: H9\n"
            "24. N: H3, E: H2, S: H8, W: HA\n" + last)


def _read(text: str):
    (match,), diags = parse_tgn(text)
    return match.hands[0], replay_match(match).hands[0], diags


def test_a_shown_card_played_later_is_counted_once():
    hand, _, _ = _read(_record(("HA HK D5", "HA HA HK")))
    assert cards_held(hand, 3) == Counter(cards("HA HK"))


@pytest.mark.parametrize("order", [0, 1])
def test_a_line_giving_the_shown_card_twice_is_not_proven(order):
    lines = ("HA HK D5", "HA HA HK")
    hand, result, diags = _read(_record(lines if order == 0 else lines[::-1]))
    assert hand.deal[3] == ()                       # neither line proven: W is a seat without a deal line
    assert not [d for d in result.derived if d.fact == "deal"]
    (diag,) = [d for d in diags if d.code == "deal_lines_differ"]
    assert "W's plays prove none of them" in diag.message
    assert not [d for d in diags if d.code == "too_many_copies"]


def test_the_dealt_line_is_proven_by_a_card_only_it_gives():
    hand, result, _ = _read(_record(("HA HK D5", "HA HA HK"), "25. W: D5, N: SA, E: D9, S: CQ\n"))
    assert hand.deal[3] == cards("HA HK D5")
    (d,) = [d for d in result.derived if d.fact == "deal"]
    assert d.value == "W: HA HK D5"


def test_a_shown_card_never_played_still_counts():
    # W's throw ♥A ♥K fails, ♥K forced; W never plays its ♥A in the record: it held it all the same
    text = HEAD.replace('[FirstTrick "23"]', '[FirstTrick "23"]') + (
        "W: HA HK D5\nW: HQ HK D5\nBuried: D10 DK C5 C5 H5 C3 C4 C6\n"
        "23. W: HA HK -> HK, N: HA, E: H4, S: H9\n")
    hand, _, _ = _read(text)
    assert cards_held(hand, 3) == Counter(cards("HA HK"))
    assert hand.deal[3] == cards("HA HK D5")        # the shown ♥A is only in the first line
