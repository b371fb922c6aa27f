"""A record that stops before its hand's end, and the table's ``[Claim]``: the hand's result from it.

A referee's record of a conceded hand (the last tricks not played, or not copied) often ends between two
tricks with the total the table agreed written in ``[Claim]``.  Where the rules make a hand's result rest on
the attackers' total alone (:func:`total_decides`), that total is the hand's result: the outcome, the levels
after it and the next dealer follow from it as from a score sheet's hand (docs/rules.md §7.4).  It is a
derived fact (``outcome``, from ``[Claim]``), and it is checked against everything the record proves:

- every total is a multiple of 5 (card points are 0, 5 or 10; the bottom's points times a whole
  multiplier; these rules charge no penalty in points);
- the attackers keep what the recorded tricks gave them, and can add only the points of some of the cards still
  held and, taking the last trick, the bottom times a multiplier a last trick of the cards left can give — no
  tractor of pairs nobody holds (:func:`gains_allowed`, :func:`multipliers_allowed`);
- with one card a seat left, the last trick is forced: the claim must be the total it gives — under any rules, that
  trick counted as played (:func:`forced_last`: no fault can hide in it, so the hand's end is reached).

A claim outside what the cards allow is ``claim_mismatch`` (the record's fault), and no result is taken from
it.  Nothing is taken where anything of the hand is withheld (a seat's cards, the sides, the trick the record
stops in), where the recorded tricks hold a card the seat did not hold, or where the record stops inside a
trick: the claim is then not checked, as before.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..records.cards import POINTS
from ..records.model import Hand
from ..records.rulesets import BottomMultiplier, Miscount, RevokePenalty, RuleSet, ThrowPenalty
from . import explain_stopped
from .required_trick import completions
from .scoring import bottom_multiplier, level_change
from .tricks import HandContext
from .unfinished import ENDS_BEFORE, Unfinished
from .verdicts import BOUNDS_SOURCE, CLAIM_SOURCE, Derived, Violation, hand_violation

SOURCES = (CLAIM_SOURCE, BOUNDS_SOURCE)
"""The ``from`` of the outcomes this module derives (:mod:`.verdicts`' constants)."""


def total_decides(rules: RuleSet) -> bool:
    """Under ``rules`` a hand's result rests on the attackers' total alone: no failed-throw penalty in points
    (whether the table's total counts one in the tricks not recorded is not known), no level lost to a wrong
    follow or a take-back, and no 多少牌 deciding the hand (a fault in the tricks the record does not give would
    change the levels, or the count towards a forfeit) — every preset but ``tournament``."""
    return (rules.throw_penalty is ThrowPenalty.NONE and rules.revoke_penalty is RevokePenalty.NONE
            and rules.takeback_penalty is RevokePenalty.NONE and rules.miscount is Miscount.NONE)


def multipliers_allowed(rules: RuleSet, ctx: HandContext, left: Sequence[Sequence[int]]) -> frozenset[int]:
    """Every bottom multiplier a last trick can give when each seat holds the cards ``left`` (counts per kind),
    and more (an upper set, never fewer): the multiplier is the winning play's (or the lead's) shape, and no unit
    can be made of cards nobody holds — a tractor needs as many pairs of one suit group in one hand, a titanic as
    many triples — and the last trick holds at most the cards a seat has left."""
    cards = sum(left[0])
    group = ctx.order.group
    pairs = triples = 0
    for row in left:
        by_group: dict[int, list[int]] = {}
        for kind, n in enumerate(row):
            if n >= 2:
                counts = by_group.setdefault(group[kind], [0, 0])
                counts[0] += 1
                counts[1] += n >= 3
        for p, t in by_group.values():
            pairs, triples = max(pairs, p), max(triples, t)
    shapes = [(1, 1)] + [(2, n) for n in range(1, min(pairs, cards // 2) + 1)]
    if rules.decks >= 3:
        shapes += [(3, n) for n in range(1, min(triples, cards // 3) + 1)]
    allowed = {bottom_multiplier(rules, s, (s,)) for s in shapes}
    if rules.bottom_multiplier is BottomMultiplier.LAST_TRICK_CARDS:      # twice the cards a seat puts on it
        allowed |= {2 * m for m in range(1, cards + 1)}
    elif rules.bottom_multiplier is BottomMultiplier.LEAD_SIZE:          # a throw: twice its largest unit (§7.2)
        allowed |= {2, 4} | {2 * c * n for c, n in shapes if c * n >= 4}
    return frozenset(allowed)


def gains_allowed(rules: RuleSet, ctx: HandContext, left: Sequence[Sequence[int]], bottom: int) -> frozenset[int]:
    """Every number of points the attackers could still add, and more (an upper set): the points of some of the
    cards still held (each card is taken whole by one side), and, when they take the last trick, the bottom's
    points times a multiplier it allows (:func:`multipliers_allowed`)."""
    sums = {0}
    for row in left:
        for kind, n in enumerate(row):
            for _ in range(n if POINTS[kind] else 0):
                sums |= {x + POINTS[kind] for x in sums}
    extra = {0} | {bottom * m for m in multipliers_allowed(rules, ctx, left)}
    return frozenset(x + e for x in sums for e in extra)


SINGLE = ((1, 1),)
"""The units of a lead of one card (:attr:`.verdicts.TrickResult.lead_shapes`)."""


def last_trick_multiplier(rules: RuleSet, lead_shapes: Sequence[tuple[int, int]]) -> int:
    """The bottom's multiplier when the attackers take the hand's last trick, led with units ``lead_shapes`` (as
    :attr:`.verdicts.TrickResult.lead_shapes`, most significant first): a play that beats the lead matches its units,
    so the winning play's largest unit is the lead's first (:attr:`.verdicts.TrickResult.winning_shape`; a single's
    where none is given) and the lead decides the multiplier whoever wins (docs/rules.md §7.2) — the one reckoning
    of a hand played out, of a record ending inside its last trick (:attr:`.unfinished.Unfinished.bottom_fixed`) and
    of a forced last trick of one card a seat (:data:`SINGLE`)."""
    shapes = tuple(lead_shapes)
    return bottom_multiplier(rules, shapes[0] if shapes else (1, 1), shapes)


def held_after(hand: Hand, hands: Sequence[Sequence[int]]) -> list[list[int]] | None:
    """Each seat's cards (counts per kind) after the recorded tricks, from its cards before the first
    (``hands``); ``None`` when a trick gives a seat a card it no longer held (the record's counts then prove
    nothing about what is left)."""
    left = [list(h) for h in hands]
    for trick in hand.tricks:
        for play in trick.plays:
            row = left[play.seat]
            for card in play.cards:
                if row[card] <= 0:
                    return None
                row[card] -= 1
    return left


def claimed_end(hand: Hand, rules: RuleSet, ctx: HandContext, hands: Sequence[Sequence[int]], last_winner: int | None,
                defenders: frozenset[int], taken: int, buried: Sequence[int] | None = None) -> Derived | Violation | None:
    """The hand's result from ``[Claim]`` for a full hand whose record stops between two tricks (``hands``: each
    seat's cards before the first trick, all known; ``last_winner``: who took the last trick recorded; ``taken``:
    the attackers' points in the tricks recorded): the derived fact, ``claim_mismatch`` when the cards left
    cannot give the claim, or ``None`` when nothing is taken (the caller has checked that nothing of the hand is
    withheld and that the record stops between tricks; see the module's text)."""
    claim = hand.claim
    if claim is None or not total_decides(rules):
        return None
    reach = _reach(hand, rules, ctx, hands, last_winner, defenders, taken, buried)
    if reach is None:
        return None
    totals, exact = reach
    lo, hi = min(totals), max(totals)
    last = hand.tricks[-1].number
    if claim % 5:
        return hand_violation("claim_mismatch", None, explain_stopped.claim_not_multiple(claim, last))
    if claim < lo:
        return hand_violation("claim_mismatch", None, explain_stopped.claim_below_taken(claim, lo, last))
    if claim > hi:
        return hand_violation("claim_mismatch", None, explain_stopped.claim_above_reach(claim, lo, hi, last))
    if claim not in totals:
        return hand_violation("claim_mismatch", None, explain_stopped.claim_not_reachable(claim, lo, last))
    if exact is not None and exact != claim:
        return hand_violation("claim_mismatch", None, explain_stopped.claim_against_forced(claim, exact, last))
    return Derived("outcome", f"[Claim] {claim}", CLAIM_SOURCE, *explain_stopped.outcome_from_claim(claim, last))


def _totals(hand: Hand, rules: RuleSet, ctx: HandContext, hands: Sequence[Sequence[int]], last_winner: int | None,
            defenders: frozenset[int], taken: int,
            buried: Sequence[int] | None) -> tuple[frozenset[int], bool] | None:
    """``(totals, forced)``: the attackers' totals a full hand whose record stops between two tricks may end with
    (the one total of a forced last trick, one card a seat: ``forced``), where the rules make its result rest on the
    total alone (:func:`total_decides`) and the cards left prove them (:func:`_reach`); else ``None``.  Its
    arguments as :func:`claimed_end`'s."""
    if not total_decides(rules):
        return None
    reach = _reach(hand, rules, ctx, hands, last_winner, defenders, taken, buried)
    if reach is None:
        return None
    totals, exact = reach
    return (frozenset((exact,)), True) if exact is not None else (frozenset(totals), False)


def bounded_end(hand: Hand, rules: RuleSet, ctx: HandContext, hands: Sequence[Sequence[int]], last_winner: int | None,
                defenders: frozenset[int], taken: int, buried: Sequence[int] | None = None) -> tuple[Derived, int] | None:
    """A full hand whose record stops between two tricks and whose result is the same whatever the tricks not
    recorded give: every total from what the attackers took to the most the cards left allow (a single total
    where the last trick is forced) gives one outcome of the score table — derived (``outcome``, from the cards
    left), with a total in that range for the score table; ``None`` otherwise (its arguments as
    :func:`claimed_end`'s; the rules must make the result rest on the total alone)."""
    found = _totals(hand, rules, ctx, hands, last_winner, defenders, taken, buried)
    if found is None:
        return None
    totals, forced = found
    results = {level_change(rules, total) for total in totals}
    if len(results) != 1:
        return None
    lo, hi = min(totals), max(totals)
    # the words follow why: a forced last trick, or cards left that can add no point (several a seat)
    words = explain_stopped.outcome_from_bounds(lo, hi, hand.tricks[-1].number, forced=forced)
    return Derived("outcome", str(lo) if lo == hi else f"{lo}-{hi}", BOUNDS_SOURCE, *words), lo


def finish_totals(hand: Hand, rules: RuleSet, ctx: HandContext, hands: Sequence[Sequence[int]],
                  last_winner: int | None, defenders: frozenset[int], taken: int,
                  buried: Sequence[int] | None = None) -> tuple[int, ...] | None:
    """Each way a full hand whose record stops between two tricks may end if it is played out: one total of the
    attackers' for each result of the score table the totals the cards left allow give (the least such total;
    the one total a forced last trick gives), in order — what the match's decision by the levels reads when the
    record stops inside its last hand and its ``[Claim]`` gives no result (docs/rules.md §8.5); ``None`` where
    the cards left prove nothing (:func:`_reach`) or the rules do not make the result rest on the total alone
    (:func:`total_decides`: a penalty, a level lost or a 多少牌 in the tricks not recorded could decide it).  Its
    arguments as :func:`claimed_end`'s."""
    found = _totals(hand, rules, ctx, hands, last_winner, defenders, taken, buried)
    if found is None:
        return None
    least: dict[tuple[str, int], int] = {}
    for total in sorted(found[0]):
        least.setdefault(level_change(rules, total), total)
    return tuple(sorted(least.values()))


def forced_end(hand: Hand, rules: RuleSet, u: Unfinished, defenders: frozenset[int], taken: int,
               buried: Sequence[int] | None) -> tuple[Derived, int] | None:
    """A hand (a full hand, or a position) whose record ends in its last trick (``u``:
    :attr:`.unfinished.Unfinished.last`) — each seat it ends before holds just the cards of its play, so every play
    left out is forced, and the bottom's multiplier is the lead's (:attr:`.unfinished.Unfinished.bottom_fixed`) —
    with that trick's winner and points derived (:mod:`.unfinished`): the total is the cards' (``taken``: the
    attackers' points with that trick's when they take it and, then, the bottom — ``buried``, known — times that
    multiplier, :func:`last_trick_multiplier`) — derived (``outcome``, from the cards left), with that total; of a
    position, the total alone (``attackers_total``, from :data:`.unfinished.ENDS_BEFORE`: a position the record
    stops inside gives no result).  ``None`` otherwise (the winner or the points not derived, the lead not one the
    rules define, the bottom not known).  Under any rules: the plays left out are forced, so no fault hides in
    them."""
    # (every play left out is forced — each seat holds just its play's cards —: no fault can hide in them, so the
    # total is the result under any rules, penalties and level losses of the tricks recorded counted as for any hand)
    if u.winner is None or u.points is None or not hand.tricks or not u.bottom_fixed:
        return None
    taken_by_attackers = u.winner not in defenders
    if taken_by_attackers and buried is None:
        return None
    total = taken       # (with the bottom at the lead's multiplier when the attackers take it: recorded_hand._score)
    size = len(hand.tricks[-1].plays[0].cards)
    mult = last_trick_multiplier(rules, u.lead_shapes) if taken_by_attackers else None
    if hand.setup:      # a position the record stops inside: its total, not a result (docs/rules.md §7.4, §8.5)
        words = explain_stopped.total_from_last_trick(total, u.trick, size, mult)
        return Derived("attackers_total", str(total), ENDS_BEFORE, *words), total
    words = explain_stopped.outcome_from_last_trick(total, u.trick, size, mult)
    return Derived("outcome", str(total), BOUNDS_SOURCE, *words), total


@dataclass(frozen=True, slots=True)
class ForcedLast:
    """The hand's last trick a record stops before with one card a seat left (:func:`forced_last`): every play of it
    forced, its ``winner`` and card ``points`` are the cards'."""
    number: int
    """The trick's number (the last recorded one's next)."""
    winner: int
    points: int


def forced_last(hand: Hand, ctx: HandContext, hands: Sequence[Sequence[int]], last_winner: int | None,
                defenders: frozenset[int], buried: Sequence[int] | None) -> ForcedLast | None:
    """A full hand whose record stops between two tricks with one card a seat left (``hands``: each seat's cards
    before the first trick, all known; ``last_winner``: who took the last trick recorded, who leads the next): the
    last trick, each play of it forced — no choice, so no fault (no revoke, no throw, no wrong count) can hide in it,
    and the hand's end is reached under any rules, as a record ending inside its last trick (:func:`forced_end`,
    docs/rules.md §7.4, §10.1).  ``None`` where the record proves nothing of what is left (:func:`_reach`), a seat
    holds other than one card, the winner or the points are not settled, or the attackers take it and the bury is
    not known (the bottom's points then rest on no line)."""
    if last_winner is None or not hand.tricks:
        return None
    left = held_after(hand, hands)
    if left is None or any(sum(row) != 1 for row in left):
        return None
    if buried is not None:      # the cards held, played and buried must be the decks' points (as _reach)
        held = sum(POINTS[k] * n for row in left for k, n in enumerate(row))
        if sum(POINTS[c] for c in buried) != ctx.rules.total_points - held - _points_played(hand):
            return None
    lead = tuple(k for k, n in enumerate(left[last_winner]) for _ in range(n))
    done = completions(ctx, last_winner, lead, {}, {s: tuple(left[s]) for s in range(4) if s != last_winner})
    if done.winner is None or done.points is None or done.points[0] != done.points[1]:
        return None
    if done.winner not in defenders and buried is None:
        return None
    return ForcedLast(hand.tricks[-1].number + 1, done.winner, done.points[0])


def _reach(hand: Hand, rules: RuleSet, ctx: HandContext, hands: Sequence[Sequence[int]], last_winner: int | None,
           defenders: frozenset[int], taken: int, buried: Sequence[int] | None) -> tuple[frozenset[int], int | None] | None:
    """``(totals, forced)``: the attackers' totals the cards allow a record that stops between two tricks — what
    the recorded tricks gave them (``taken``: no penalty in points under these rules) and any of
    :func:`gains_allowed` — and, with one card a seat left, the total the forced last trick gives (else
    ``None``); ``None`` where the record proves nothing of what is left (a seat played a card it no longer held,
    the seats hold different numbers of cards, or none, or the cards held, played and ``buried`` — the bury, when
    known — are not the decks' points)."""
    left = held_after(hand, hands)
    if left is None:
        return None
    sizes = {sum(row) for row in left}
    if len(sizes) != 1 or 0 in sizes:           # not a record that stops between tricks of a hand dealt evenly
        return None
    held = sum(POINTS[k] * n for row in left for k, n in enumerate(row))
    bottom = rules.total_points - held - _points_played(hand)
    if buried is not None and sum(POINTS[c] for c in buried) != bottom:
        return None     # the cards held, played and buried are not the decks (a line with a copy too many …)
    if bottom < 0:                              # more points than the decks hold: the lines are not all right
        return None
    totals = frozenset(taken + g for g in gains_allowed(rules, ctx, left, bottom))
    exact = None
    if sizes == {1} and last_winner is not None:
        rest = _forced_last_trick(ctx, left, last_winner, defenders, bottom, rules)
        exact = None if rest is None else taken + rest
    return totals, exact


def _points_played(hand: Hand) -> int:
    return sum(POINTS[c] for t in hand.tricks for p in t.plays for c in p.cards)


def _forced_last_trick(ctx: HandContext, left: Sequence[Sequence[int]], leader: int, defenders: frozenset[int],
                       bottom: int, rules: RuleSet) -> int | None:
    """The attackers' points from the hand's last trick, one card a seat, each play forced: the trick's points
    and, when they take it, the bottom times a single's multiplier (:func:`last_trick_multiplier`); ``None`` when
    the engine's enumeration does not settle the winner and the points."""
    lead = tuple(k for k, n in enumerate(left[leader]) for _ in range(n))
    others = {s: tuple(left[s]) for s in range(4) if s != leader}
    done = completions(ctx, leader, lead, {}, others)
    if done.winner is None or done.points is None or done.points[0] != done.points[1]:
        return None
    if done.winner in defenders:
        return 0
    return done.points[0] + bottom * last_trick_multiplier(rules, SINGLE)
