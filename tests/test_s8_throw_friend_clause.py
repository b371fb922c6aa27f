"""Friend mode's partner explained by the clause of docs/rules.md §11 that applies (the referee's probe,
``simf``): N deals, holds one ♥A, calls ``[Friend "HA"]``; S holds the other.  The seat was right
(S), but the reason said S was "the first seat after N in play order holding HA" — §11's clause for a
dealer holding *neither* copy.  §11 (seed 004 挑选对家: 如果庄家自己有其中一张则拿到另外一张的玩家为其对家):
a dealer holding one copy has as partner whoever holds the other.  Now the ``dealer_side`` derived
item names that clause, and keeps the first-holder clause for a dealer holding none, saying so.
The tests marked so fail on the code before the fix; the seats are checked unchanged.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import PRETTY, parse_card

RECORD = Path(__file__).resolve().parent / "data" / "declaration_fixes" / "friend_c5.tgn"
"""N deals; after the bury N holds ♥A, ♣A, ♥K once each and no ♣3 (S: ♥A ♣A ♣3, E: ♣3, W: ♥K)."""


def sides(card: str):
    text = RECORD.read_text(encoding="utf-8").replace('[Friend "C5"]', f'[Friend "{card}"]')
    (match,), _ = parse_tgn(text)
    hand = replay_match(match).hands[0]
    [d] = [d for d in hand.derived if d.fact == "dealer_side"]
    return hand, d


@pytest.mark.parametrize("card,seat,partner", [("HA", "S", 2), ("CA", "S", 2), ("HK", "W", 3)])
def test_a_dealer_holding_one_copy_is_partnered_by_the_holder_of_the_other(card, seat, partner):
    """Fails before (the reason was the first-holder clause)."""
    hand, d = sides(card)
    assert hand.defenders == frozenset({0, partner}) and d.value == f"N {seat}"
    assert f"{seat} is N's partner, the holder of the other copy of the called card {PRETTY[parse_card(card)]}" in d.message_en
    assert "N held one copy" in d.message_en and "first seat after" not in d.message_en
    assert "北家自己有所叫的牌" in d.message_zh and "拿到另外一张的人即为朋友" in d.message_zh
    assert "往后第一个" not in d.message_zh


def test_a_dealer_holding_none_is_partnered_by_the_first_holder_from_the_dealer():
    """♣3: N holds none, E and S one each: E, the first after N in play order.  Fails before (the
    reason did not say that N held none, which is what makes this clause the one)."""
    hand, d = sides("C3")
    assert hand.defenders == frozenset({0, 1}) and d.value == "N E"
    assert "E is N's partner, the first seat after N in play order holding the called card ♣3" in d.message_en
    assert "(N held none)" in d.message_en
    assert "北家自己没有所叫的牌 ♣3，按出牌顺序从北家往后第一个持有 ♣3 的人" in d.message_zh


def test_three_decks_a_dealer_holding_some_copies():
    """Three decks (§11 speaks of two copies): N holds one ♥A of three, S and W the others; the
    partner is S, the first of those after N in play order, and the reason says how many N held.
    Fails before (the reason did not say N held a copy)."""
    hand = _three_decks("HA H3", "HA HQ")
    [d] = [d for d in hand.derived if d.fact == "dealer_side"]
    assert d.value == "N S"
    assert "the first seat after N in play order holding one of the other copies" in d.message_en
    assert "N held 1 of the 3 copies" in d.message_en
    assert "北家自己有所叫的牌 ♥A（共 3 张）中的 1 张" in d.message_zh


def test_a_dealer_alone_is_said_as_before():
    """Control: ♣6, both copies N's (one dealt, one from the bottom): N alone, unchanged."""
    hand, d = sides("C6")
    assert d.value == "N" and "held every copy" in d.message_en and "一打三" in d.message_zh


def test_three_decks_a_dealer_holding_two_copies_names_the_projects_reading():
    """A referee's tester (2026-12-06): with three decks S held two ♠Q of three and E the third; the seed's "如果庄家
    自己拿到2张该牌，则庄家一打三" read word for word would make S play alone.  The seed speaks of two decks: the
    project reads the rule as its principle (the partner holds a copy the dealer does not) — E is S's partner — and
    the derived fact says that this is the project's reading (docs/rules.md §11), in both languages.  Two decks: no
    such words (the seed's own clause)."""
    hand = _three_decks("HA HA", "H6 HQ")
    [d] = [d for d in hand.derived if d.fact == "dealer_side"]
    assert d.value == "N S"
    assert "N held 2 of the 3 copies" in d.message_en
    assert "the project's reading, docs/rules.md §11: the dealer plays alone only holding all 3" in d.message_en
    assert "本项目的读法，docs/rules.md §11：庄家持有全部 3 张才一打三" in d.message_zh
    _, d2 = sides("C3")
    assert "project's reading" not in d2.message_en and "本项目的读法" not in d2.message_zh


def _three_decks(north: str, west: str):
    """A three-deck friend-mode position, ♥A called, N dealing: N holds ``north``, E ♥5 ♥4, S ♥A ♥10, W ``west``;
    one trick, each seat playing what it holds (replayed)."""
    text = f"""[Event "f"]
[Rule:friend "on"]
[Rule:decks "3"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[Friend "HA"]
[SetUp "1"]
[Points "40"]
[FirstTrick "24"]
N: {north}
E: H5 H4
S: HA H10
W: {west}
24. N: {north}, E: H5 H4, S: HA H10, W: {west}
"""
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]
