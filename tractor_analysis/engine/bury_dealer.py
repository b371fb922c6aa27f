"""The dealer a hand's own cards fix: the one seat that can have made the bury the record gives.

The dealer takes the bottom and buries (docs/rules.md §1.5): its cards are its deal line with the bottom, less the
bury, and it plays from what that leaves it.  Where the record gives every deal line, the ``Bottom:`` and ``Buried:``
lines (read whole) and no rebid (炒地皮: the bury would be the last taker's), and exactly one seat can have made that
bury with its plays among what is left it, the cards name that seat (§14.1): the dealer is derived from them when
``[Dealer]`` does not state it (:mod:`.setting`; a stated one is weighed by :mod:`.contradictions`).  Only where
the first trick, when recorded, is led by that seat (the dealer leads it, §4.1): a hand whose bury and first lead
name different seats has a tag, a line or a play miscopied, and names no dealer.  Where the ``Buried:`` line is
read whole but no seat can have made it, naming a card of which it and the cards played hold more copies than the
decks have and that the seat found lacks in its line and the bottom (miscopied whoever dealt, not a bury its plays
contradict, read both ways by :mod:`.bury_readings`: ``bad_bury``), and every seat played a whole hand, the bury
is the decks' cards nobody played (derived so by the replay too, :func:`.starting_hands._plays_start`): the same
test is made with that bury, and the derived dealer says so.
"""
from __future__ import annotations

from collections import Counter

from ..records.cards import Card
from ..records.model import Hand
from ..records.rulesets import RuleSet
from .bottom_exchange import bottom_from_deal
from .played_cards import cards_by_seat, played_rows
from .starting_hands import aside_unread


def bury_makers(hand: Hand, bury: tuple[Card, ...] | None = None) -> tuple[int, ...] | None:
    """The seats that can have made ``hand``'s bury (its ``Buried:`` line's cards — or ``bury``'s, when given — in the
    seat's deal line with the ``Bottom:`` line, and its plays among what is left it), or ``None`` where the cards are no
    evidence: a deal line, the bottom or the bury not given or not read whole, or several took the bottom (earlier
    buries given)."""
    if bury is None:
        bury = hand.buried
    if (bury is None or hand.bottom is None or hand.deal is None or hand.earlier_buries
            or aside_unread(hand) or not all(hand.deal)):
        return None
    played = [Counter(cards) for cards in cards_by_seat(hand)]
    buried = Counter(bury)

    def can_bury(seat: int) -> bool:
        held = Counter(hand.deal[seat]) + Counter(hand.bottom)
        return not buried - held and not played[seat] - (held - buried)
    return tuple(seat for seat in range(4) if can_bury(seat))


def dealer_from_bury(hand: Hand, rules: RuleSet) -> tuple[int, bool] | None:
    """The one seat ``hand``'s cards fix as its dealer (:func:`bury_makers`: the only seat that can have made the
    bury), the first trick (when the record gives it) led by that seat, and whether the bury was the one the plays
    give (:func:`bury_of_plays`: no seat can have made the ``Buried:`` line, and it names a card of which it and the
    cards played hold more copies than the decks have); else ``None``.  (A hand without a
    ``Buried:`` line is left as it was: its dealer is derived, where it is, from its side and the cards,
    :mod:`.dealer_seats`.)  Where
    the rules allow 炒地皮 only where the declarations are all read and none came after the bottom (else the bury may
    be a rebidder's).  Never in a position (its dealer leads no first trick, and its bury is checked against its
    hands)."""
    if hand.setup or any(d.after_bottom for d in hand.declarations) or (
            rules.rebid_after_bottom and not hand.declarations_known):
        return None
    makers, of_plays = bury_makers(hand), False
    beyond = _beyond_plays(hand, rules) if makers == () else set()
    if beyond:
        # the Buried: line names a card of which it and the cards played hold more copies than the decks: miscopied
        # whoever dealt — the bury the whole hands played give
        bury = bury_of_plays(hand, rules)
        makers, of_plays = (None, False) if bury is None else (bury_makers(hand, bury), True)
    if makers is None or len(makers) != 1:
        return None
    (seat,) = makers
    if of_plays and not beyond - set(hand.deal[seat]) - set(hand.bottom or ()):
        return None         # (its line or the bottom holds such a card: its bury is read both ways, bury_readings)
    if hand.tricks and hand.tricks[0].number == 1 and hand.tricks[0].plays and hand.tricks[0].plays[0].seat != seat:
        return None
    return seat, of_plays


def _beyond_plays(hand: Hand, rules: RuleSet) -> set[int]:
    """The cards ``hand``'s ``Buried:`` line names of which it and the cards played hold more copies than the decks."""
    played = Counter(k for cards in cards_by_seat(hand) for k in cards)
    return {k for k, n in Counter(hand.buried or ()).items() if n + played[k] > rules.decks}


def bury_of_plays(hand: Hand, rules: RuleSet) -> tuple[Card, ...] | None:
    """The bury ``hand``'s plays give: the decks' cards nobody played, where every seat played a whole hand and they
    leave a bottom's number of cards (docs/rules.md §1.5, §14.1); else ``None``."""
    return bottom_from_deal(rules, played_rows(hand))


__all__ = ["bury_makers", "bury_of_plays", "dealer_from_bury"]
