"""A full hand's one deal line left out, given by the decks (docs/rules.md §1.1, §14.1).

Every card of the decks is dealt: four hands and the bottom (§1.1).  So where a full hand (not a position, not a
score sheet's) gives three seats' deal lines, each read whole and a hand's size, and the ``Bottom:`` line, read
whole and the bottom's size, and leaves the fourth seat's line out, the decks less those lines and the bottom are
that seat's deal — a fact of the record, not a guess — when they are just a hand (no card of the lines and the
bottom beyond the decks' copies).  Only where the record bears it out: the dealer known (stated or derived), the
seat no taker of the bottom but the dealer alone (no rebid, 炒地皮, involving it), each other seat shown playing a
whole hand (its line checked card for card by its plays: a record that stops early leaves a miscopy unseen), each
card the seat plays among those cards (the dealer: among them and the bottom, its ``Buried:`` line too), and each other seat's plays among
its own line (a taker's: with the bottom and the buries before its own) — else the record contradicts itself
somewhere and nothing is derived (the seat's cards are read from its plays, as before).

:func:`line_filled` gives the hand with that line put in (:func:`.hand_replay.replay_hand` judges it so: the line
goes through every check a line given does, a play the record leaves out of that seat is filled in from it), and
:func:`said` says so in the result: the ``derived`` fact ``deal`` (``"E: …"``, from :data:`SOURCE`), and the words of
each verdict that rests on the seat's cards (its own wrong follow, a card not held, cards left; a throw judged
against the others' cards) saying they are the derived line.
"""
from __future__ import annotations

import dataclasses
from itertools import chain
from typing import Callable

from ..records.cards import SEAT_TOKENS, TOKEN, Card
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_hand, explain_held
from .declarations import bottom_takers
from .played_cards import Played, card_list, counts
from .verdicts import Derived, HandResult, Violation

SOURCE = "the decks less the other three deal lines and the Bottom: line"
"""The ``from`` of a deal line the decks give (``derived`` ``deal``)."""

_OWN = frozenset({"follow_suit", "follow_tractor", "follow_triple", "follow_pair", "not_in_hand", "deal_mismatch",
                  "bad_bury"})
"""The seat's own faults that rest on the cards it held (a lead's shape, a count or the turn rests on its plays)."""
_THROWS = frozenset({"throw_failed", "wrong_forced_play"})
"""A throw's verdicts: they rest on the cards the other seats held."""


def _shape(hand: Hand, rules: RuleSet) -> tuple[int, list[int]] | None:
    """``(seat, the cards the decks leave it, as counts)`` where the record's lines and bottom give the seat's line,
    before any play is weighed (module doc); ``None`` otherwise."""
    if (hand.setup or hand.result_only or hand.deal is None or hand.bottom is None or hand.deal_unread
            or hand.deal_in_doubt or any(n for kind, n in hand.aside_unread if kind == "bottom")
            or len(hand.bottom) != rules.bottom_size):
        return None
    bare = [s for s, cards in enumerate(hand.deal) if not cards]
    if len(bare) != 1 or any(len(cards) != rules.hand_size for s, cards in enumerate(hand.deal) if s != bare[0]):
        return None
    rest = [rules.decks - n for n in counts([*hand.bottom, *chain.from_iterable(hand.deal)])]
    if min(rest) < 0 or sum(rest) != rules.hand_size:
        return None
    return bare[0], rest


def _within(a, b) -> bool:
    return all(x <= y for x, y in zip(a, b))


def _borne_out(hand: Hand, seat: int, rest: list[int], dealer: int, size: int) -> bool:
    """Every card each seat shows it held (its plays, a failed throw's cards) among what it can have held: ``seat``
    the decks' leftover ``rest``, each other seat its line (a taker: with the bottom and the buries before the last),
    and the ``Buried:`` line among what its burier can have held (whichever seat buried) — and ``seat`` no taker but
    the dealer alone; and each other seat shown holding a whole hand (``size`` cards played): its line is then the
    cards it played, card for card (a taker's: with the bottom, less the bury), so a card miscopied in it shows —
    where a seat has cards not played yet (a record that stops early), a miscopy in its line or in the bottom would
    pass into the line derived, unseen, and a fault be ruled on it (a referee's tester, session 23)."""
    takers = bottom_takers(dealer, hand.declarations)
    if seat in takers and (takers != [seat] or hand.earlier_buries):
        return False        # a rebid involving the seat: what it held after each take is not for this proof
    bottom = counts(hand.bottom or ())
    held = Played(hand).held()
    pool = [sum(col) for col in zip(bottom, *(counts(b) for b in hand.earlier_buries))]
    for s in range(4):
        cards = list(rest) if s == seat else counts(hand.deal[s])
        if s in takers:
            cards = [a + b for a, b in zip(cards, pool)]
        if not _within(held[s], cards) or (s != seat and sum(held[s]) != size):
            return False
    if hand.buried is None or any(n for kind, n in hand.aside_unread if kind == "buried"):
        return True
    # the Buried: line too among what its burier (the last taker) can have held: a bury the lines and the bottom do
    # not hold puts one of them (or the Buried: line) in doubt — the line is not the decks' then
    burier = takers[-1]
    held_by = list(rest) if burier == seat else counts(hand.deal[burier])
    return _within(counts(hand.buried), [a + b for a, b in zip(held_by, pool)])


def line_filled(hand: Hand, rules: RuleSet, dealer: Callable[[Hand], int | None]) -> tuple[Hand, int] | None:
    """``hand`` with the one deal line it leaves out put in from the decks, and that seat (module doc), or ``None``.
    ``dealer``: the dealer of a hand, stated or derived (:func:`.setting.hand_setting`), asked of the hand with the
    line put in (a dealer its cards fix: the line is the decks' whoever dealt, and the proof needs who took the
    bottom)."""
    found = _shape(hand, rules)
    if found is None:
        return None
    seat, rest = found
    unread = {(number, who) for number, who, _ in hand.plays_unread}
    if any(all(p.seat != seat for p in t.plays) and (t.number, seat) not in unread for t in hand.tricks):
        return None         # a play of the seat the record leaves out (not written `?`): who led, what it was — open
    deal = list(hand.deal)
    deal[seat] = tuple(card_list(rest))
    filled = dataclasses.replace(hand, deal=tuple(deal))
    who = dealer(filled)
    if who is None or not _borne_out(hand, seat, rest, who, rules.hand_size):
        return None
    return filled, seat


def said(result: HandResult, filled: Hand, seat: int) -> HandResult:
    """``result`` (``filled`` judged, :func:`line_filled`) with the line said: the ``derived`` fact ``deal`` and the
    words of each verdict that rests on it."""
    cards = filled.deal[seat]
    fact = Derived("deal", f"{SEAT_TOKENS[seat]}: {' '.join(TOKEN[k] for k in cards)}", SOURCE,
                   *explain_held.line_from_decks(seat, cards, result.dealer == seat))
    changed: dict[int, Violation] = {}

    def worded(v: Violation) -> Violation:
        declared = v.code == "bad_declaration" and v.seat == seat and _not_dealt(v)
        if v.of_record or v.trick is None and v.code not in ("deal_mismatch", "bad_bury") and not declared:
            return v
        own = v.seat == seat and v.code in _OWN or declared
        if not own and not (v.code in _THROWS and v.seat != seat):
            return v
        if id(v) not in changed:
            zh, en = explain_held.on_line_from_decks(seat, own)
            changed[id(v)] = dataclasses.replace(v, message_zh=v.message_zh + zh, message_en=v.message_en + en)
        return changed[id(v)]

    tricks = tuple(dataclasses.replace(t, violations=tuple(map(worded, t.violations))) if t.violations else t
                   for t in result.tricks)
    return dataclasses.replace(result, tricks=tricks, violations=tuple(map(worded, result.violations)),
                               derived=(fact, *result.derived))


def _not_dealt(v: Violation) -> bool:
    """``v`` (a ``bad_declaration``) is a declaration of cards its declarer was not dealt: a fault that rests on the
    cards the seat held (a declaration too weak, or that declares nothing, rests on the cards declared alone)."""
    return v.message_en.startswith(explain_hand.declared_not_dealt(v.seat, v.played)[1])


def seats_derived(result: HandResult | None) -> frozenset[int]:
    """The seats whose deal line the engine derived from the decks in ``result`` (:func:`said`): judged on that line,
    not read from their plays (the analysis, the dataset and the pages ask)."""
    if result is None:
        return frozenset()
    return frozenset(SEAT_TOKENS.index(d.value.split(":")[0]) for d in result.derived
                     if d.fact == "deal" and d.source == SOURCE)


__all__ = ["SOURCE", "line_filled", "said", "seats_derived"]
