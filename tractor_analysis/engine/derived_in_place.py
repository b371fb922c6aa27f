"""The play a violation names, as played: the record's, or the one the engine derived in its place.

A play the decks prove miscopied (:mod:`tractor_analysis.engine.deal_lines`: ``2. … N: DA DA`` where N's
deal line gives one ♦A, the decks' other copies played by the others) is read from the seat's deal line,
and the engine judges the hand on that play (``HandResult.derived_plays``, with the ``play``
:class:`~tractor_analysis.engine.verdicts.Derived` fact saying from what).  A fault of that play keeps the
cards as written in :attr:`~tractor_analysis.engine.verdicts.Violation.played` (``check --json``'s
``played``): what was played is the derived play, and the ruling page and ``tractor check`` say so
(:func:`derived_in_place`).  (The engine's: ``tractor check`` and the report pages read it.)
"""
from __future__ import annotations

from .verdicts import Derived, HandResult, Violation
from ..records.cards import SEAT_TOKENS, Card


def play_fact(result: HandResult, number: int, seat: int) -> Derived | None:
    """The ``play`` fact naming the play the engine derived for ``seat`` in trick ``number`` (its value
    ``"2: N DJ DA"``, or several joined by ``"; "``); ``None`` when none names it."""
    named = f"{number}: {SEAT_TOKENS[seat]} "
    return next((d for d in result.derived if d.fact == "play"
                 and any(part.startswith(named) for part in d.value.split("; "))), None)


def derived_in_place(v: Violation, result: HandResult) -> tuple[Card, ...] | None:
    """The cards the engine derived as played by ``v``'s seat in ``v``'s trick in place of the play the
    record writes there (``v.played`` then holds the cards as written, which cannot be what was played);
    ``None`` when the record's play is what was played, when the record leaves the play out (then
    ``v.played`` is the derived play itself: :func:`~tractor_analysis.engine.record_gaps.play_left_out`),
    for a finding about the record alone (it is about the play as written), or when no ``play`` fact
    names the derived play (nothing is shown without its reason)."""
    if v.of_record or v.trick is None or v.seat is None or not v.played:
        return None
    trick = next((t for t in result.tricks if t.number == v.trick), None)
    if trick is None or all(p.seat != v.seat for p in trick.plays):
        return None
    play = next((p for n, p in result.derived_plays if n == v.trick and p.seat == v.seat), None)
    if play is None or play_fact(result, v.trick, v.seat) is None:
        return None
    return tuple(play.cards)


__all__ = ["derived_in_place", "play_fact"]
