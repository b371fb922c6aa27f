"""A seat's deal line written twice with different cards (:attr:`~..records.model.Hand.deal_in_doubt`): said.

Two scorers wrote two lines; the record states both and does not say which the table dealt, so neither is taken
by its place in the file.  The reader takes the one the seat's own plays prove
(:func:`..records.deal_checks.with_proven_lines`: every card the seat played is in it, every card it gives beyond
the other lines is among them, each other line lacks a card the seat played), else none (the seat keeps no line:
its cards known only from its plays, what rests on them withheld, docs/rules.md §14.1).  :func:`said` words it for
the hand's verdict: a line proven is a derived fact (``derived`` ``deal``, from :data:`SOURCE`); lines none of which
is proven are an ``unknown`` item (tag ``deal``) naming them, beside the items of a seat without a line.
"""
from __future__ import annotations

from ..records.cards import SEAT_TOKENS, TOKEN
from ..records.deal_checks import doubted_lines, line_proof, played_or_shown
from ..records.model import Hand
from . import explain_doubted
from .verdicts import Derived, Unknown

SOURCE = "the seat's plays and its deal lines"
"""The ``from`` of a deal line the plays prove (``derived`` ``deal``)."""


def said(hand: Hand) -> tuple[tuple[Derived, ...], tuple[Unknown, ...]]:
    """The facts derived (a seat's line its plays prove) and the ``unknown`` items (a seat none of whose lines is
    proven) of ``hand``'s deal lines in doubt."""
    derived: list[Derived] = []
    unknowns: list[Unknown] = []
    for seat, lines in sorted(doubted_lines(hand).items()):
        shown = [(cards, line, column) for cards, _, line, column in lines]
        proof = line_proof(hand, seat, lines)
        if proof is None:
            unknowns.append(Unknown("deal", (), *explain_doubted.lines_open(seat, shown, hand.setup)))
            continue
        i, decided, against = proof
        others = [ln for j, ln in enumerate(shown) if j != i]
        value = f"{SEAT_TOKENS[seat]}: " + " ".join(TOKEN[k] for k in lines[i][0])
        beyond = [(shown[j], cards) for j, cards in against]
        only_shown = played_or_shown(hand, seat, [*decided, *(k for _, cards in against for k in cards)])[1]
        derived.append(Derived("deal", value, SOURCE, *explain_doubted.line_proven(
            seat, shown[i], others, decided, beyond, only_shown)))
    return tuple(derived), tuple(unknowns)
