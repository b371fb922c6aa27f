"""Throws judged against seats whose cards are read from their plays (docs/rules.md §14.1).

A seat the record gives no deal line for (a position's seat without its line, every seat of a
full hand without deal lines that the record ends before it played a whole hand, the dealer whose
bury is not known) is judged on the cards it plays: a lower bound of what it held.  A throw
those cards beat is proven to fail (it stands); but a verdict that rests on such a seat *not*
holding a card — "the throw would have stood", "the forced play should have been X", the count
of beaten units (``throw_penalty_cards = failing_units``: the trick's ``cards_not_thrown`` is then
``None``), the forced play a ``throw_failed`` names — is not known.  :func:`unsure_throws` finds
those verdicts among the judged tricks and withholds them: the throw check is made again with
each such seat also holding every card the record does not place elsewhere (an upper bound);
where the two checks disagree, what the first one said rests on an absence and is withheld.  The
per-unit check is monotone in the cards held, so what both bounds agree on holds for every hand
between them.

Pure: the judged tricks come back replaced, never changed in place.  The trick judge itself (and
its compiled core) is not touched.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.model import Trick
from ..records.rulesets import MixedThrow, ThrowPenaltyCards
from . import explain
from .legal import analyse_lead
from .throw_check import check_throw
from .throw_units import failing_cards, same_letter as same_letter_throw
from .tricks import judge_trick
from .verdicts import TrickResult, new_violation


@dataclass(frozen=True, slots=True)
class Unsure:
    """The tricks with a throw verdict withheld, and those whose penalty count is withheld."""
    tricks: tuple[TrickResult, ...]
    withheld: tuple[int, ...]
    """Trick numbers where a verdict of the leader's throw was withheld."""
    penalty_unknown: frozenset[int]
    """Trick numbers whose failed-throw penalty count is not known (``throw_penalty = per_card``)."""
    readings: tuple[tuple[int, tuple[TrickResult, TrickResult]], ...] = ()
    """Per trick of ``withheld``, its number and the trick judged at each bound — the seats of ``unknown``
    holding just the cards they play (the judgement before any verdict was withheld), then also every card
    placed nowhere: the readings the lead after it is judged under (:func:`.lead_after_throw.leads_after_throws`)."""


def unsure_throws(ctx, record: Sequence[Trick], tricks: Sequence[TrickResult],
                  start: Sequence[Sequence[int]], unknown: frozenset[int], free: Sequence[int]) -> Unsure:
    """``tricks`` (judged from ``record``, the hands at the start ``start``) with each throw verdict
    that rests on a seat of ``unknown`` (the seats not known to hold exactly the cards they play) not
    holding something withheld; ``free``: per kind, the copies the record places nowhere."""
    out: list[TrickResult] = []
    withheld: list[int] = []
    penalty: set[int] = set()
    readings: list[tuple[int, tuple[TrickResult, TrickResult]]] = []
    for trick, result, before in with_hands_before(record, tricks, start):
        seats = unknown
        if not trick.plays or not seats or not (throw_judged(result) or throw_stood(result)):
            out.append(result)
            continue
        high = _high(before, seats, free)
        changed = recheck(ctx, trick, result, before, high, seats)
        if changed is None:
            out.append(result)
            continue
        new, count_unknown = changed
        out.append(new)
        withheld.append(result.number)
        if count_unknown:
            penalty.add(result.number)
        readings.append((result.number, (result, judge_trick(ctx, trick, [list(h) for h in high], None))))
    return Unsure(tuple(out), tuple(withheld), frozenset(penalty), tuple(readings))


def with_hands_before(record: Sequence[Trick], tricks: Sequence[TrickResult], start: Sequence[Sequence[int]]):
    """``(trick, result, before)`` for each trick of ``record`` and its judgement in ``tricks``, ``before``
    the four seats' cards (counts per kind) before it, from the hands at the start ``start`` less the cards
    played (a card a seat did not hold taken from nothing)."""
    hands = [list(h) for h in start]
    for trick, result in zip(record, tricks):
        before = [tuple(h) for h in hands]
        for p in trick.plays:
            h = hands[p.seat]
            for k in p.cards:
                if h[k] > 0:
                    h[k] -= 1
        yield trick, result, before


def throw_judged(result: TrickResult) -> bool:
    """The trick holds a verdict of its leader's throw that may rest on an absence (a count of cards
    not thrown that is not known, ``None``, may be one)."""
    n = result.cards_not_thrown
    return result.throw_failed or n is None or n > 0 or any(
        v.code in ("throw_failed", "wrong_forced_play") and v.seat == result.leader for v in result.violations)


_throw_judged = throw_judged      # (the name the tests of unsure_throws know it by)


def throw_stood(result: TrickResult) -> bool:
    """The trick's lead is a throw the record writes as standing (``lead_kind`` ``throw``, not
    ``attempted -> forced``): that it stood, and the penalty of 0 it leaves, rest on no other seat
    holding a higher unit (docs/rules.md §4.4, §4.6) — a seat read from its plays may have held one,
    whatever it played to the trick (a follow off the led suit group proves no void: a seat that held
    the suit and did not follow it made a wrong follow, and its unit beat the throw all the same)."""
    return result.lead_kind == "throw" and not result.throw_failed


def _high(before: Sequence[Sequence[int]], seats: frozenset[int], free: Sequence[int]) -> list[Sequence[int]]:
    """The hands at the upper bound: each seat of ``seats`` also holding every card placed nowhere (``free``)."""
    return [tuple(a + b for a, b in zip(before[s], free)) if s in seats else before[s] for s in range(4)]


def recheck(ctx, trick: Trick, result: TrickResult, low: Sequence[Sequence[int]], high: Sequence[Sequence[int]],
            seats: frozenset[int]) -> tuple[TrickResult, bool] | None:
    """``result`` — the trick judged with each seat holding ``low`` (N, E, S, W counts at the trick's
    start) — with its throw verdicts that rest on a seat of ``seats`` not holding something withheld:
    those seats held at least ``low`` and at most ``high`` (the others exactly ``low``), and what the
    throw check gives at both bounds holds for every hand between them.  Returns the trick and whether
    its penalty count is unknown; ``None`` when nothing rests on an absence.  Used here for a seat read
    from its plays, and by :mod:`.record_gaps` for a seat a play the record leaves out (its cards after
    the gap: at least those it plays later)."""
    lead_play = trick.plays[0]
    first = lead_play.seat
    order = [(first + i) & 3 for i in (1, 2, 3)]
    if not seats.intersection(order):
        return None
    shown = lead_play.attempted if lead_play.attempted is not None else lead_play.cards
    shown_lead = analyse_lead(ctx, tuple(shown))
    mixed = (shown_lead.mixed and ctx.rules.mixed_throw is MixedThrow.SAME_LETTER
             and same_letter_throw(ctx, shown))
    low = [(s, low[s]) for s in order]
    high = [(s, high[s] if s in seats else low[j][1]) for j, s in enumerate(order)]
    lo, hi = check_throw(ctx, shown, low, shown_lead), check_throw(ctx, shown, high, shown_lead)
    same_check = lo.stands == hi.stands and sorted(lo.forced) == sorted(hi.forced)
    units = ctx.rules.throw_penalty_cards is ThrowPenaltyCards.FAILING_UNITS
    same_count = (not units or lo.stands
                  or failing_cards(ctx, shown_lead, low, mixed) == failing_cards(ctx, shown_lead, high, mixed))
    if same_check and same_count:
        return None
    kept = []
    for v in result.violations:
        if v.seat == first and v.code == "wrong_forced_play" and not same_check:
            continue                                    # "would have stood" / "should have been X": not known
        if v.seat == first and v.code == "throw_failed" and not same_check:
            kept.append(new_violation("throw_failed", v.trick, first, v.played, (),
                                      *explain.throw_failed_forced_unknown(
                                          first, lo.unit.cards, lo.unit.name, lo.holder, lo.beater,
                                          tuple(sorted(seats.intersection(order))))))
            continue
        kept.append(v)
    # the count is charged from the forced play the rules require (rules.md §4.6, scoring.throw_cards_charged),
    # not from the play the record writes: unknown whenever that forced play (or whether it stood) is
    count_unknown = not same_count or not same_check
    if units and (not same_count or lo.stands != hi.stands):
        # ``cards_not_thrown`` is the count of beaten cards itself (failing_units): not known either
        return dataclasses.replace(result, violations=tuple(kept), cards_not_thrown=None), count_unknown
    return dataclasses.replace(result, violations=tuple(kept)), count_unknown
