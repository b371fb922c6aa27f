"""A failed throw's shown cards are cards its thrower held (docs/rules.md §15), also where a seat's cards are
known only from its plays (no deal line) and it does not play them within what the record gives.

Found by the session-10 test of a trick with no readable play (tests/test_s8_unread_trick.py): a simulated hand
without deal lines, its trick 4 unread, gave E a ``not_in_hand`` in trick 3 — "E played ♠A ♠10 ♠10 ♠9 ♠9 ♠7 ♠4,
not held at that point" — for the cards E showed in its failed throw there and played only after trick 4, while
the whole record gives no such fault.  Both tests fail on the code before (``Played.held`` was the cards played).
"""
from __future__ import annotations

import dataclasses

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.played_cards import Played
from tractor_analysis.records.cards import parse_cards
from tractor_analysis.records.model import Hand, Play, Trick
from tractor_analysis.simulate import simulate_match


def _put(hands, i, hand):
    return tuple(hand if j == i else h for j, h in enumerate(hands))


def test_cards_shown_in_a_failed_throw_and_played_after_an_unread_trick_are_no_fault():
    match = simulate_match(11, 1, violation_rate=0.1, max_hands=2)
    hand = dataclasses.replace(match.hands[0], deal=None)
    thrown = [p for p in hand.tricks[2].plays if p.attempted]
    assert thrown and len(thrown[0].attempted) > len(thrown[0].cards)      # trick 3: E's failed throw
    whole = replay_match(dataclasses.replace(match, hands=_put(match.hands, 0, hand))).hands[0]
    for k in range(3, len(hand.tricks) - 1):
        tricks = list(hand.tricks)
        tricks[k] = dataclasses.replace(tricks[k], plays=())
        cut = dataclasses.replace(hand, tricks=tuple(tricks))
        got = replay_match(dataclasses.replace(match, hands=_put(match.hands, 0, cut))).hands[0]
        assert not [v for v in got.violations if v.code == "not_in_hand"], k
        stated = {(v.code, v.trick, v.seat) for v in got.violations if v.trick is not None}
        assert stated <= {(v.code, v.trick, v.seat) for v in whole.violations}


def test_held_adds_the_shown_cards_not_played_from_that_trick_on():
    c = parse_cards
    hand = Hand(number=1, tricks=(
        Trick(1, (Play(0, c("SA"), attempted=c("SA SK SK")), Play(1, c("S2")), Play(2, c("S3")), Play(3, c("S4")))),
        Trick(2, (Play(0, c("SK")), Play(1, c("S5")), Play(2, c("S6")), Play(3, c("S7")))),
    ))
    played = Played(hand)
    held = played.held()
    north = [k for k in range(len(held[0])) for _ in range(held[0][k])]
    assert sorted(north) == sorted(c("SA SK SK"))           # ♠K played once later; the other ♠K still held
    assert held[1:] == played.all()[1:]
    assert Played(dataclasses.replace(hand, tricks=hand.tricks[1:])).held() == Played(
        dataclasses.replace(hand, tricks=hand.tricks[1:])).all()      # no failed throw: the plays alone


def test_a_dealer_read_from_its_plays_held_the_cards_its_failed_throw_showed():
    """The dealer's bury not known (no ``Buried:`` line, the hand not played out: a trick line unread), so its
    cards are read from its plays: W's failed throw in trick 1 showed ♠5 it plays only after the unread trick 3.
    It gave W a ``not_in_hand`` in trick 1 (the probe's sweep, this stop); the cards shown were held."""
    match = simulate_match(26, 0, max_hands=3)
    hand = match.hands[2]
    assert hand.dealer == 3 and hand.tricks[0].plays[0].attempted        # W deals and leads a failed throw
    tricks = list(hand.tricks)
    tricks[2] = dataclasses.replace(tricks[2], plays=())
    damaged = dataclasses.replace(hand, buried=None, tricks=tuple(tricks))
    got = replay_match(dataclasses.replace(match, hands=_put(match.hands, 2, damaged))).hands[2]
    assert not [v for v in got.violations if v.code == "not_in_hand"]
