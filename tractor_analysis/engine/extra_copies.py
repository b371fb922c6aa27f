"""A deal line holding a copy the decks lack: no verdict rests on that copy being held.

Two decks hold two ♥5.  When the deal lines (and the ``Bottom:`` line) give three — N's line gives one, E's
two, and the reader says ``too_many_copies`` — one of those copies is miscopied, and the record does not say
which.  A copy a seat's line gives and the seat never plays may be that one: judged as held, N "still held hearts
and did not follow with ♥5" is a ruling on a card N may never have held.  So (docs/rules.md §1.6) the hand is
judged as recorded and once more for each seat that may hold the copy too many (its line gives more copies than
it plays — not the dealer, whose cards are its line with the bottom, less the bury), without it; only what every
reading gives is kept (:func:`.agreement.agree`): a fault resting on the copy is withheld, not ruled, and said in
an ``unknown`` (tag ``deal``) naming the line and the card.  The hand's own findings (the line's size, the deal
not being whole, cards left after the last trick) stand as the record gives them.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Callable, Sequence

from ..records.model import Hand
from . import explain_contradicted
from .agreement import agree
from .played_cards import Played, counts
from .verdicts import HandResult, Unknown, Violation, as_record_finding

MAX_READINGS = 8
"""The most readings without a copy too many (one per seat and card, every combination) judged."""


def extra_copies(hand: Hand, result: HandResult) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The ways to read ``hand``'s deal lines without the copies the decks lack: each a tuple of
    ``(seat, kind, copies)`` to take out of that seat's line.  ``()`` when the lines place no more copies of a
    card than the decks hold (every hand, at once), or where the copies too many cannot all be among cards a
    non-dealer seat's line gives and it never plays (a play, the dealer or the bottom may be the miscopied one:
    not read so), or past :data:`MAX_READINGS`."""
    if hand.setup or hand.deal is None or not all(hand.deal) or result.dealer is None:
        return ()
    decks = result.rules.decks
    total = counts([k for line in hand.deal for k in line] + list(hand.bottom or ()))
    over = [(k, n - decks) for k, n in enumerate(total) if n > decks]
    if not over:
        return ()
    played = Played(hand)
    lines = [counts(line) for line in hand.deal]
    per_kind = []
    for k, excess in over:
        if lines[result.dealer][k] + (hand.bottom or ()).count(k) > played[result.dealer][k]:
            return ()                   # the dealer's line or the bottom may be the one: not read here
        seats = [s for s in range(4) if s != result.dealer and lines[s][k] - played[s][k] >= excess]
        if not seats:
            return ()
        per_kind.append([(s, k, excess) for s in seats])
    ways = 1
    for options in per_kind:
        ways *= len(options)
    if ways > MAX_READINGS:
        return ()
    return tuple(itertools.product(*per_kind))


def _without(hand: Hand, way: Sequence[tuple[int, int, int]]) -> Hand:
    deal = [list(line) for line in hand.deal]
    for seat, kind, n in way:
        for _ in range(n):
            deal[seat].remove(kind)
    return dataclasses.replace(hand, deal=tuple(tuple(line) for line in deal))


def judge(hand: Hand, result: HandResult, ways: Sequence[Sequence[tuple[int, int, int]]],
          replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` (``hand`` judged as recorded) and ``hand`` judged once for each of ``ways`` (:func:`extra_copies`;
    ``replay``: one hand judged) merged: the hand's own findings as recorded, every other verdict only where every
    reading gives it; an ``unknown`` (tag ``deal``) says which copies may not be held and what is withheld."""
    results = [result, *(replay(_without(hand, w)) for w in ways)]
    changes, what = agree(results, [t.plays for t in hand.tricks],
                          lambda v: explain_contradicted.fault_whichever_copy(v.seat, v.code))
    # a line the decks prove holds a copy too many: its seat's deal_mismatch (its count, the copy left over) and the
    # pack's (the copies over the decks) are the record's findings, no seat's act (docs/rules.md §13.1)
    lines = {s for w in ways for s, _, _ in w}
    own = [as_record_finding(v) if v.code == "deal_mismatch" and (v.seat is None or v.seat in lines) else v
           for v in result.violations if v.trick is None]
    violations = sorted([*own, *(v for v in changes["violations"] if v.trick is not None)], key=order)
    by_trick: dict[int, list[Violation]] = {}
    for v in violations:
        if v.trick is not None:
            by_trick.setdefault(v.trick, []).append(v)
    changes["tricks"] = tuple(dataclasses.replace(t, violations=tuple(by_trick.get(t.number, ())))
                              for t in changes["tricks"])
    changes["violations"] = tuple(violations)
    changes.pop("complete", None)
    # (no outcome as recorded — cards left after the last trick —: none to withhold)
    what = [w for w in what if (w not in ("outcome", "levels") or result.outcome is not None)
            and (w != "points" or result.attackers_total is not None)]
    if not what:
        return dataclasses.replace(result, **changes)
    held = sorted({(s, k) for w in ways for s, k, _ in w})
    unknown = Unknown("deal", tuple(what), *explain_contradicted.copy_maybe_not_held(held, result.rules.decks, what))
    return dataclasses.replace(result, **changes, unknowns=result.unknowns + (unknown,))


__all__ = ["MAX_READINGS", "extra_copies", "judge"]
