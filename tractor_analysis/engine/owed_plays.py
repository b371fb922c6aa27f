"""The play owed by a seat whose cards are read from its plays (docs/rules.md §14.1).

A seat the record gives no deal line for (a position's seat without its line, a full hand's seat
without one that the record ends before it played a whole hand, the dealer whose bury is not known)
is judged on the cards it plays: what it surely held.  A wrong follow those cards prove stands — the
follow duty only grows with the cards held (:func:`.legal.follow_duty`) — but the play it names as
owed ("should play …", a ``wrong_count``'s "could play …") rests on the seat holding nothing more:
with more cards of the led group (or, after a wrong count, lower cards to fill up with) it owes
another play.  :func:`unsure_follows` makes the follow judgement again with each such seat also
holding every card the record places nowhere (:func:`.unplaced.unplaced_copies`: its cards at
most); the owed play is named only where both bounds owe the same, else the fault is kept without
naming it (:func:`.explain_held.owed_play_unknown`; a wrong count: its words naming no play).

Each step of the owed play (:func:`.legal.construct_follow`) takes, in a fixed order, the first
cards of the hand that meet a duty; what both bounds take is what every hand between them takes.
Under ``protect_triples`` (3 decks) the duty does not only grow with the cards (a kind held twice
owes a pair, held three times it does not): there the play is named only when the seat can hold
no more cards of the led group than it surely held.
The fault itself may rest on an absence there too: a pair the seat's plays prove may have been a
triple (its third copy one the record places nowhere), which owes no pair.
:func:`fault_in_every_holding` keeps such a fault only where every choice of pair or triple breaks the
same rule (docs/rules.md §14.1).

Pure: the judged tricks come back replaced, never changed in place.  The trick judge itself (and
its compiled core) is not touched; :mod:`.unsure_throws` does the same for the throws.
"""
from __future__ import annotations

import dataclasses
from typing import Sequence

from ..records.model import Trick
from . import explain
from .explain_held import owed_play_unknown
from .legal import Lead, analyse_lead, check_follow, construct_follow
from .outcome import REVOKE_CODES
from .unsure_throws import with_hands_before
from .verdicts import HandResult, TrickResult, Violation, new_violation

OWED_CODES = REVOKE_CODES | {"wrong_count"}
"""The violations of a follow that name the play owed (``better``): the wrong follows, and a wrong count."""


def unsure_follows(ctx, record: Sequence[Trick], tricks: Sequence[TrickResult], start: Sequence[Sequence[int]],
                   unknown: frozenset[int], free: Sequence[int]) -> tuple[TrickResult, ...]:
    """``tricks`` (judged from ``record``, the hands at the start ``start``) with the play owed by a seat of
    ``unknown`` (the seats not known to hold exactly the cards they play) named only where it rests on no
    absence; ``free``: per kind, the copies the record places nowhere.  A trick nothing changes in comes
    back as it was (the same object)."""
    out: list[TrickResult] = []
    for trick, result, before in with_hands_before(record, tricks, start):
        if not trick.plays or not any(_names_owed(v, unknown) or _unsure_follow(v, unknown)
                                      for v in result.violations):
            out.append(result)
            continue
        lead = analyse_lead(ctx, tuple(trick.plays[0].cards))
        kept = tuple(_owed_known(ctx, lead, v, before[v.seat], free) if _names_owed(v, unknown) else v
                     for v in result.violations
                     if not _unsure_follow(v, unknown) or fault_in_every_holding(ctx, lead, v, before[v.seat], free))
        out.append(result if len(kept) == len(result.violations) and all(a is b for a, b in zip(kept, result.violations))
                   else dataclasses.replace(result, violations=kept))
    return tuple(out)


def _unsure_follow(v: Violation, unknown: frozenset[int]) -> bool:
    """``v`` is a wrong follow of a seat of ``unknown``."""
    return v.seat in unknown and v.trick is not None and v.code in REVOKE_CODES


MAX_TRIPLE_CHOICES = 10
"""Kinds that may be a pair or a triple (``protect_triples``) beyond which the holdings are not tried one by
one: the fault is then not taken as proven (2 ** 10 follow checks at most)."""


def fault_in_every_holding(ctx, lead: Lead, v: Violation, low: Sequence[int], free: Sequence[int]) -> bool:
    """Does ``v`` (a wrong follow of a seat holding at least ``low`` when its trick began, at most ``low`` plus
    ``free``) stand whatever the seat held between?  The follow duty grows with the cards held
    (:func:`.legal.follow_duty`), so the cards its plays prove are enough — except under ``protect_triples``
    (3 decks, docs/rules.md §5), where a kind held three times owes no pair: a pair the seat surely held may
    have been a triple, with the third copy one the record places nowhere.  There every choice of pair or
    triple for such kinds of the led group is judged (any other card held more only adds to the duty); the
    fault stands only when each choice is a fault of the same rule."""
    if not _not_monotone(ctx, lead):
        return True
    kinds = [k for k in ctx.order.kinds[lead.group] if low[k] == 2 and free[k] > 0]
    if not kinds:
        return True
    if len(kinds) > MAX_TRIPLE_CHOICES:
        return False
    hand = list(low)
    for mask in range(1, 1 << len(kinds)):
        for i, k in enumerate(kinds):
            hand[k] = low[k] + ((mask >> i) & 1)
        if check_follow(ctx, lead, hand, v.played) != v.code:
            return False
    return True


def _names_owed(v: Violation, unknown: frozenset[int]) -> bool:
    """``v`` names a play owed by a seat of ``unknown``."""
    return bool(v.better) and v.seat in unknown and v.trick is not None and v.code in OWED_CODES


def owed_at_most(ctx, lead: Lead, low: Sequence[int], high: Sequence[int], cards: Sequence[int]) -> tuple[int, ...] | None:
    """The play owed by a follower who played ``cards`` to ``lead`` and held at least ``low`` and at most
    ``high`` (counts per kind; ``low`` holds ``cards``), as every hand between them owes it — sorted; ``None``
    when two of those hands owe different plays (or, ``protect_triples``, when they may)."""
    if low == high or list(low) == list(high):
        return tuple(sorted(construct_follow(ctx, lead, low, cards)))
    if _not_monotone(ctx, lead) and _more_of_group(ctx, lead, low, high):
        return None
    lo = construct_follow(ctx, lead, low, cards)
    hi = construct_follow(ctx, lead, high, cards)
    if sorted(lo) != sorted(hi):
        return None
    if len(cards) == lead.count and check_follow(ctx, lead, low, cards) != check_follow(ctx, lead, high, cards):
        return None         # (another duty first at most: another play owed, whatever the two constructions)
    return tuple(sorted(lo))


def _not_monotone(ctx, lead: Lead) -> bool:
    """Does the duty to ``lead`` not only grow with the cards held?  ``protect_triples``: a kind held three
    times owes no pair that the same kind held twice owes (docs/rules.md §5)."""
    return bool(getattr(ctx.rules, "protect_triples", False)) and ctx.rules.decks >= 3 and lead.multi


def _more_of_group(ctx, lead: Lead, low: Sequence[int], high: Sequence[int]) -> bool:
    """``high`` holds a card of the led group more than ``low``."""
    return any(high[k] > low[k] for k in ctx.order.kinds[lead.group])


def _owed_known(ctx, lead: Lead, v: Violation, low: Sequence[int], free: Sequence[int]) -> Violation:
    """``v`` (a wrong follow naming the play owed, its seat holding at least ``low`` when the trick began)
    as it stands whatever else the seat held (at most ``low`` plus ``free``): unchanged where every such
    hand owes the same play, else the fault without naming it."""
    high = [a + b for a, b in zip(low, free)]
    if owed_at_most(ctx, lead, low, high, v.played) is not None:
        return v
    if v.code == "wrong_count":
        zh, en = explain.wrong_count(v.seat, len(v.played), lead.count, ())
    else:
        zh, en = owed_play_unknown(v.seat, v.code)
    return new_violation(v.code, v.trick, v.seat, v.played, (), zh, en)


def led_group_held(ctx, result: HandResult, v: Violation) -> tuple[int, ...]:
    """The cards of the led group that ``v``'s seat held when ``v``'s trick began and did not play to it
    (its cards then as judged: a seat read from its plays, those it plays later — what it surely held), the
    proof of a wrong follow whose play owed is not named (``better`` empty); ``()`` when the trick's hands
    are not kept (``hands_before`` empty) or ``v`` is of no trick judged."""
    t = next((t for t in result.tricks if t.number == v.trick), None)
    if t is None or not t.hands_before or not t.plays or v.seat is None:
        return ()
    g = analyse_lead(ctx, tuple(t.plays[0].cards)).group
    rest = [k for k in ctx.order.kinds[g] for _ in range(t.hands_before[v.seat][k])]
    for k in v.played:
        if k in rest:
            rest.remove(k)
    return tuple(rest)


__all__ = ["OWED_CODES", "fault_in_every_holding", "led_group_held", "owed_at_most", "unsure_follows"]
