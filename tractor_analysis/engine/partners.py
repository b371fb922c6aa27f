"""The partners: who is on the dealer's side in a hand (docs/rules.md §11, §14.1).

With fixed partners the dealer's side is the dealer and the seat opposite.  In friend mode
(找朋友) no tag states the partner: the dealer calls a card (``[Friend]``), and the first player
after the dealer, in play order, holding a copy of it as the play starts is the partner — a dealer
holding every copy plays alone (一打三).  :func:`dealer_side` finds the side from what the record
gives (empty when it is not known), :func:`friend_partner` says who the partner is and from what
(a derived fact), and :func:`friend_side` is the one statement of the rule, which the seat view of
:mod:`tractor_analysis.analysis.knowledge` uses too.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import SEAT_TOKENS, next_seat, partner
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_unknown
from .setting import Setting
from .bottom_exchange import Start
from .verdicts import Derived


def dealer_side(hand: Hand, rules: RuleSet, setting: Setting, begin: Start) -> frozenset[int]:
    """The dealer's side (empty when unknown; a side derived without its dealer's seat: both
    partners).  Friend mode (rules.md §11, seed 001 挑选对家): the first player after the
    dealer, in play order, who holds the named card is the partner; a dealer holding every
    copy plays alone (一打三).  There the side is known only when ``[Friend]`` names the card
    and every copy of it is found — in the hands as the record starts them or in the bottom
    buried, or the four hands are a whole deal given (a copy none holds is then in the bottom);
    a position whose hands lack a copy (played before it?) leaves the partner unknown (empty)."""
    dealer = setting.dealer
    if dealer is None:
        return frozenset() if setting.side is None else frozenset({setting.side, setting.side + 2})
    if not rules.friend:
        return frozenset({dealer, partner(dealer)})
    card, start = hand.friend, begin.hands
    if card is None or hand.result_only:
        return frozenset()
    found = sum(start[s][card] for s in range(4)) + (begin.buried.count(card) if begin.buried is not None else 0)
    if found < rules.decks and (hand.setup or begin.from_plays):
        return frozenset()
    return friend_side(dealer, [start[s][card] for s in range(4)], rules.decks)


def friend_partner(hand: Hand, rules: RuleSet, dealer: int, defenders: frozenset[int], begin: Start) -> Derived:
    """The friend-mode sides found by :func:`dealer_side` as a derived fact (docs/rules.md §11, §14.1):
    no tag states the partner, so ``check`` says who it is and from what — ``dealer_side``, the
    seats of the dealer's side, dealer first (``"N W"``; ``"N"`` when the dealer plays alone)."""
    partner_seat = next(iter(defenders - {dealer}), None)
    card = hand.friend
    alone_all = partner_seat is None and begin.hands[dealer][card] >= rules.decks
    if hand.setup:
        source = "[Friend] and the position's hands"
    elif begin.from_plays:
        source = "[Friend], the deal lines given and the plays"
    else:
        source = "[Friend], the deal and the bury"
    value = SEAT_TOKENS[dealer] + ("" if partner_seat is None else f" {SEAT_TOKENS[partner_seat]}")
    return Derived("dealer_side", value, source,
                   *explain_unknown.friend_partner_derived(dealer, partner_seat, card, alone_all, source,
                                                           begin.hands[dealer][card], rules.decks))


def friend_side(dealer: int, copies: Sequence[int], decks: int) -> frozenset[int]:
    """Friend mode's partner rule (rules.md §11, seed 001 挑选对家), given how many copies of the
    called card each seat holds as the play starts (a copy in the bottom is held by nobody): a
    dealer holding every copy plays alone (一打三); else the first holder after the dealer, in play
    order, is the partner.  The one statement of the rule: the replay (:func:`dealer_side`) and the
    seat view (:func:`tractor_analysis.analysis.knowledge.friend_sides`, per sampled deal) use it."""
    if copies[dealer] >= decks:
        return frozenset({dealer})
    seat = next_seat(dealer)
    while seat != dealer:
        if copies[seat]:
            return frozenset({dealer, seat})
        seat = next_seat(seat)
    return frozenset({dealer})


__all__ = ["dealer_side", "friend_partner", "friend_side"]
