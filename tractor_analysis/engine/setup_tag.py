"""A ``[SetUp "1"]`` tag the hand's own cards set aside (docs/rules.md §13.1, §14.1).

``[SetUp "1"]`` says the deal lines are the hands at a position (the dealer's after its bury).  When every line
holds a whole hand, the lines and the bottom are every card of the decks, and the dealer plays cards its line
does not give that its line and the bottom (less the ``Buried:`` line) do give, the cards speak against the tag:
read as a position the dealer plays cards it does not hold (and a ``Buried:`` line holds more copies, with the
lines, than the decks have), read as the full hand its lines show nothing is against it — as for a ``[Level]``
the cards set aside, the tag is set aside and the hand judged as the full hand (:func:`full_hand_shown`), the
contradiction said as the record's finding (``deal_mismatch`` naming no seat: the lines are the deal, before the
bury, §1.6) with a derived fact (:func:`said`).  Only where the cards prove it: a position whose lines are the
hands after the bury (the dealer's plays its line) is left as it is, and so is one the cards leave open (a line
not whole or not read, a rebid after the bottom, ``[Points]`` or ``[FirstTrick]`` naming play before it, no
``[Dealer]``).  Used by :mod:`.hand_replay`.
"""
from __future__ import annotations

import dataclasses
from itertools import chain
from operator import add

from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_tags
from .played_cards import Played, card_list, counts, multiset_minus
from .verdicts import Derived, HandResult, as_record_finding, hand_violation

SOURCE = "the deal lines, the bottom and the dealer's plays"
"""The ``from`` of the derived fact ``setup`` ``"0"``: the hand judged as a full hand."""


def _beyond(hand: Hand, rules: RuleSet) -> tuple[int, ...] | None:
    """The cards the dealer plays beyond its line that its line and the bottom, less the ``Buried:`` line, give
    (:func:`full_hand_shown`'s proof); ``None`` where the cards do not set ``[SetUp]`` aside."""
    dealer = hand.dealer
    if (not hand.setup or hand.result_only or dealer is None or hand.deal is None or hand.first_trick != 1
            or (hand.points_known and hand.points) or hand.deal_unread or hand.aside_unread or hand.deal_in_doubt
            or hand.earlier_buries or any(d.after_bottom for d in hand.declarations)
            or any(len(cards) != rules.hand_size for cards in hand.deal)):
        return None
    dealt = counts(list(chain.from_iterable(hand.deal)))
    if hand.bottom is not None:
        bottom = counts(hand.bottom)
        if len(hand.bottom) != rules.bottom_size or any(a + b != rules.decks for a, b in zip(dealt, bottom)):
            return None     # the lines and the Bottom: line are not the decks: nothing proves the deal
    else:
        bottom = [rules.decks - n for n in dealt]
        if min(bottom) < 0 or sum(bottom) != rules.bottom_size:
            return None
    line = counts(hand.deal[dealer])
    held = list(map(add, line, bottom))         # the dealer's line and the bottom it took
    if hand.buried is not None:
        held, missing = multiset_minus(held, counts(hand.buried))
        if missing or len(hand.buried) != rules.bottom_size:
            return None     # a bury the full hand's dealer could not make either
    played = Played(hand)[dealer]
    if any(p > h for p, h in zip(played, held)):
        return None         # the dealer plays a card the full hand does not give it either
    beyond = [max(0, p - n) for p, n in zip(played, line)]
    return tuple(card_list(beyond)) if any(beyond) else None


def full_hand_shown(hand: Hand, rules: RuleSet) -> Hand | None:
    """``hand`` as the full hand its deal lines show (``setup`` off, ``[Points]`` and ``[FirstTrick]`` naming
    nothing before it) where its own cards set ``[SetUp "1"]`` aside (module doc); ``None`` otherwise."""
    if _beyond(hand, rules) is None:
        return None
    return dataclasses.replace(hand, setup=False, points=0, points_known=True)


def said(result: HandResult, hand: Hand, rules: RuleSet) -> HandResult:
    """``result`` (the full hand :func:`full_hand_shown` gave judged) with ``[SetUp]`` set aside said: the
    record's finding (``deal_mismatch`` naming no seat, no ruling) and the derived fact ``setup`` ``"0"``."""
    beyond = _beyond(hand, rules)
    if beyond is None or hand.dealer is None:       # (not a hand full_hand_shown gave: nothing to say)
        return result
    finding = as_record_finding(hand_violation("deal_mismatch", None, explain_tags.setup_set_aside(
        hand.dealer, rules.hand_size, hand.bottom is not None, hand.buried is not None, beyond)))
    fact = Derived("setup", "0", SOURCE, *explain_tags.setup_full_hand(hand.dealer))
    return dataclasses.replace(result, violations=(finding, *result.violations), derived=(fact, *result.derived))


__all__ = ["SOURCE", "full_hand_shown", "said"]
