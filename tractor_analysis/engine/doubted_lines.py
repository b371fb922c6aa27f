"""A seat's deal line written twice with different cards (:attr:`~..records.model.Hand.deal_in_doubt`): said, and
the hand judged under each line where the plays prove none.

Two scorers wrote two lines; the record states both and does not say which the table dealt, so neither is taken
by its place in the file.  The reader takes the one the seat's own plays prove
(:func:`..records.deal_checks.with_proven_lines`: every card the seat played is in it, every card it gives beyond
the other lines is among them, each other line lacks a card the seat played), else none (the seat keeps no line:
its cards known only from its plays, what rests on them withheld, docs/rules.md §14.1).  Where none is proven the
hand is judged under each of the lines as well (:func:`line_readings`, :func:`judged_each_line`): one of them may
be the table's, and what rests on which — a wrong follow under one line and not the other, so the forfeit count
(docs/rules.md §1.7, §10.1) — is kept only where every reading gives it, the rest withheld (never "no penalty" for
want of a line).  :func:`said` words it for the hand's verdict: a line proven is a derived fact (``derived``
``deal``, from :data:`SOURCE`); lines none of which is proven are an ``unknown`` item (tag ``deal``) naming them
and what the readings withhold, beside the items of a seat without a line.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
from typing import Sequence

from ..records.cards import SEAT_TOKENS, TOKEN
from ..records.deal_checks import doubted_lines, line_proof, played_or_shown
from ..records.model import Hand
from ..records.rulesets import RevokePenalty
from . import explain_doubted
from .agreement import agree
from .unread_tricks import follows_bound
from .verdicts import Derived, HandResult, Unknown

SOURCE = "the seat's plays and its deal lines"
"""The ``from`` of a deal line the plays prove (``derived`` ``deal``)."""

MOST_READINGS = 16
"""The most readings of a hand's doubted lines judged (one a combination of each open seat's lines); past it the
hand is not judged under them and its forfeit count is left open as far as its follows allow (:func:`judged_each_line`)."""


def said(hand: Hand, what: Sequence[str] = ()) -> tuple[tuple[Derived, ...], tuple[Unknown, ...]]:
    """The facts derived (a seat's line its plays prove) and the ``unknown`` items (a seat none of whose lines is
    proven; ``what``: what the readings under each line withhold, :func:`judged_each_line`) of ``hand``'s deal
    lines in doubt."""
    derived: list[Derived] = []
    unknowns: list[Unknown] = []
    for seat, lines in sorted(doubted_lines(hand).items()):
        shown = [(cards, line, column) for cards, _, line, column in lines]
        proof = line_proof(hand, seat, lines)
        if proof is None:
            unknowns.append(Unknown("deal", tuple(what), *explain_doubted.lines_open(seat, shown, hand.setup, what)))
            what = ()           # (said once, at the first seat in doubt)
            continue
        i, decided, against = proof
        others = [ln for j, ln in enumerate(shown) if j != i]
        value = f"{SEAT_TOKENS[seat]}: " + " ".join(TOKEN[k] for k in lines[i][0])
        beyond = [(shown[j], cards) for j, cards in against]
        played = played_or_shown(hand, seat, [k for c in (decided, *(cards for _, cards in against)) for k in c])[0]
        derived.append(Derived("deal", value, SOURCE, *explain_doubted.line_proven(
            seat, shown[i], others, decided, beyond, played)))
    return tuple(derived), tuple(unknowns)


def line_readings(hand: Hand) -> list[Hand] | None:
    """``hand`` read under each of the lines of every seat none of whose lines its plays prove (one hand per
    combination, the seat's line and its cards not read as that line gives them; no line in doubt left), ``[]``
    when every such seat's line is proven (or the hand has no deal), ``None`` past :data:`MOST_READINGS`."""
    lines = doubted_lines(hand)
    open_ = [(seat, ls) for seat, ls in sorted(lines.items()) if line_proof(hand, seat, ls) is None]
    if not open_ or hand.deal is None:
        return []
    if math.prod(len(ls) for _, ls in open_) > MOST_READINGS:
        return None
    out = []
    for pick in itertools.product(*(ls for _, ls in open_)):
        deal = list(hand.deal)
        unread = dict(hand.deal_unread)
        for (seat, _), (cards, bad, _, _) in zip(open_, pick):
            deal[seat] = cards
            unread.pop(seat, None)
            if bad:
                unread[seat] = bad
        out.append(dataclasses.replace(hand, deal=tuple(deal), deal_unread=tuple(sorted(unread.items())),
                                       deal_in_doubt=()))
    return out


def judged_each_line(hand: Hand, result: HandResult,
                     readings: Sequence[HandResult] | None) -> tuple[HandResult, tuple[str, ...]]:
    """``result`` (``hand`` judged with no line for a seat whose lines its plays do not decide) merged with
    ``readings`` (the hand judged under each of its lines, :func:`line_readings`): every verdict — a fault, a
    trick's winner and points, the outcome and the levels — kept only where every reading gives it
    (:func:`.agreement.agree`), the penalties every reading gives counted and the most one gives kept open for the
    forfeit count (``penalties_open``); what they differ on (:data:`~.verdicts.WITHHELD` words).  ``None``
    (past :data:`MOST_READINGS`): no reading judged — the forfeit count left open by every follow of the hand."""
    if readings is None:
        if result.rules.revoke_penalty is not RevokePenalty.LEVEL:
            return result, ()
        bound = follows_bound(hand.tricks)
        most = (tuple(r + b for r, b in zip(result.revoke_levels, bound)), result.takeback_levels)
        return dataclasses.replace(result, penalties_open=most, legality_known=False), ("legality",)
    results = [result, *readings]
    changes, what = agree(results, [t.plays for t in hand.tricks],
                          lambda v: explain_doubted.fault_whichever_line(v.seat, v.code))
    fewest = (changes["revoke_levels"], changes["takeback_levels"])
    most = [r.penalties_open or (r.revoke_levels, r.takeback_levels) for r in results]
    top = tuple(tuple(max(m[i][t] for m in most) for t in (0, 1)) for i in (0, 1))
    if top != fewest and not result.rules.friend:     # (friend mode: agree's count of what a reading adds)
        changes["penalties_open"] = top
    elif "penalties_open" not in changes:
        changes["penalties_open"] = result.penalties_open
    return dataclasses.replace(result, **changes), tuple(dict.fromkeys(what))
