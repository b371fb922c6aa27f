"""The dealer a hand's own cards fix: the one seat that can have made the bury the record gives.

The dealer takes the bottom and buries (docs/rules.md §1.5): its cards are its deal line with the bottom, less the
bury, and it plays from what that leaves it.  Where the record gives every deal line, the ``Bottom:`` and ``Buried:``
lines (read whole) and no rebid (炒地皮: the bury would be the last taker's), and exactly one seat can have made that
bury with its plays among what is left it, the cards name that seat (§14.1): the dealer is derived from them when
``[Dealer]`` does not state it (:mod:`.setting`; a stated one is weighed by :mod:`.contradictions`).  Only where
the first trick, when recorded, is led by that seat (the dealer leads it, §4.1): a hand whose bury and first lead
name different seats has a tag, a line or a play miscopied, and names no dealer.
"""
from __future__ import annotations

from collections import Counter

from ..records.model import Hand
from .played_cards import cards_by_seat
from .starting_hands import aside_unread


def bury_makers(hand: Hand) -> tuple[int, ...] | None:
    """The seats that can have made ``hand``'s bury (its ``Buried:`` line's cards in the seat's deal line with the
    ``Bottom:`` line, and its plays among what is left it), or ``None`` where the cards are no evidence: a deal line,
    the bottom or the bury not given or not read whole, or several took the bottom (earlier buries given)."""
    if (hand.buried is None or hand.bottom is None or hand.deal is None or hand.earlier_buries
            or aside_unread(hand) or not all(hand.deal)):
        return None
    played = [Counter(cards) for cards in cards_by_seat(hand)]
    buried = Counter(hand.buried)

    def can_bury(seat: int) -> bool:
        held = Counter(hand.deal[seat]) + Counter(hand.bottom)
        return not buried - held and not played[seat] - (held - buried)
    return tuple(seat for seat in range(4) if can_bury(seat))


def dealer_from_bury(hand: Hand, rebid: bool) -> int | None:
    """The one seat ``hand``'s cards fix as its dealer (:func:`bury_makers`: the only seat that can have made the
    bury), the first trick (when the record gives it) led by that seat; else ``None``.  ``rebid``: the rules allow
    炒地皮 — then only where the declarations are all read and none came after the bottom (else the bury may be a
    rebidder's).  Never in a position (its dealer leads no first trick, and its bury is checked against its hands)."""
    if hand.setup or any(d.after_bottom for d in hand.declarations) or (rebid and not hand.declarations_known):
        return None
    makers = bury_makers(hand)
    if makers is None or len(makers) != 1:
        return None
    (seat,) = makers
    if hand.tricks and hand.tricks[0].number == 1 and hand.tricks[0].plays and hand.tricks[0].plays[0].seat != seat:
        return None
    return seat


__all__ = ["bury_makers", "dealer_from_bury"]
