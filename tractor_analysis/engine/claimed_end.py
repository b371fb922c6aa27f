"""A record that stops before its hand's end, and the table's ``[Claim]``: the hand's result from it.

A referee's record of a conceded hand (the last tricks not played, or not copied) often ends between two
tricks with the total the table agreed written in ``[Claim]``.  Where the rules make a hand's result rest on
the attackers' total alone (:func:`total_decides`), that total is the hand's result: the outcome, the levels
after it and the next dealer follow from it as from a score sheet's hand (docs/rules.md §7.4).  It is a
derived fact (``outcome``, from ``[Claim]``), and it is checked against everything the record proves:

- every total is a multiple of 5 (card points are 0, 5 or 10; the bottom's points times a whole
  multiplier; these rules charge no penalty in points);
- the attackers keep what the recorded tricks gave them, and can add at most the points still held, plus
  the bottom at the largest multiplier a last trick of the cards left allows (:func:`largest_multiplier`);
- with one card a seat left, the last trick is forced: the claim must be the total it gives.

A claim outside what the cards allow is ``claim_mismatch`` (the record's fault), and no result is taken from
it.  Nothing is taken where anything of the hand is withheld (a seat's cards, the sides, the trick the record
stops in), where the recorded tricks hold a card the seat did not hold, or where the record stops inside a
trick: the claim is then not checked, as before.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import POINTS
from ..records.model import Hand
from ..records.rulesets import BottomMultiplier, Miscount, RevokePenalty, RuleSet, ThrowPenalty
from . import explain_hand
from .required_trick import completions
from .scoring import bottom_multiplier
from .tricks import HandContext
from .verdicts import Derived, Violation, hand_violation

CLAIM_SOURCE = "[Claim] (the record stops before the hand's end)"
"""The ``from`` of an outcome taken from ``[Claim]``."""


def total_decides(rules: RuleSet) -> bool:
    """Under ``rules`` a hand's result rests on the attackers' total alone: no failed-throw penalty in points
    (whether the table's total counts one in the tricks not recorded is not known), no level lost to a wrong
    follow or a take-back, and no 多少牌 deciding the hand (a fault in the tricks the record does not give would
    change the levels, or the count towards a forfeit) — every preset but ``tournament``."""
    return (rules.throw_penalty is ThrowPenalty.NONE and rules.revoke_penalty is RevokePenalty.NONE
            and rules.takeback_penalty is RevokePenalty.NONE and rules.miscount is Miscount.NONE)


def largest_multiplier(rules: RuleSet, cards: int) -> int:
    """The largest bottom multiplier a last trick of ``cards`` cards a seat can give under ``rules``: every
    unit that many cards can make (a single, pairs and tractors, triples and titanics with 3 decks) and a throw
    of them all — an upper bound, whatever the cards are."""
    shapes = [(1, 1)] + [(2, n) for n in range(1, cards // 2 + 1)]
    if rules.decks >= 3:
        shapes += [(3, n) for n in range(1, cards // 3 + 1)]
    best = max(bottom_multiplier(rules, s, (s,)) for s in shapes)
    best = max(best, bottom_multiplier(rules, (1, 1), ((1, 1),) * cards))
    if rules.bottom_multiplier is BottomMultiplier.LEAD_SIZE:
        best = max(best, 2 * cards)         # a throw: twice its largest unit's cards, fewer than all of them
    return best


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
                defenders: frozenset[int], taken: int) -> Derived | Violation | None:
    """The hand's result from ``[Claim]`` for a full hand whose record stops between two tricks (``hands``: each
    seat's cards before the first trick, all known; ``last_winner``: who took the last trick recorded; ``taken``:
    the attackers' points in the tricks recorded): the derived fact, ``claim_mismatch`` when the cards left
    cannot give the claim, or ``None`` when nothing is taken (the caller has checked that nothing of the hand is
    withheld and that the record stops between tricks; see the module's text)."""
    claim = hand.claim
    if claim is None or not total_decides(rules):
        return None
    left = held_after(hand, hands)
    if left is None:
        return None
    sizes = {sum(row) for row in left}
    if len(sizes) != 1 or 0 in sizes:           # not a record that stops between tricks of a hand dealt evenly
        return None
    cards = sizes.pop()
    last = hand.tricks[-1].number
    if claim % 5:
        return hand_violation("claim_mismatch", None, explain_hand.claim_not_multiple(claim, last))
    if claim < taken:
        return hand_violation("claim_mismatch", None, explain_hand.claim_below_taken(claim, taken, last))
    held = sum(POINTS[k] * n for row in left for k, n in enumerate(row))
    bottom = rules.total_points - held - _points_played(hand)
    most = taken + held + bottom * largest_multiplier(rules, cards)
    if claim > most:
        return hand_violation("claim_mismatch", None, explain_hand.claim_above_reach(claim, taken, most, last))
    if cards == 1 and last_winner is not None:
        exact = _forced_last_trick(ctx, left, last_winner, defenders, bottom, rules)
        if exact is not None and taken + exact != claim:
            return hand_violation("claim_mismatch", None,
                                  explain_hand.claim_against_forced(claim, taken + exact, last))
    return Derived("outcome", f"[Claim] {claim}", CLAIM_SOURCE, *explain_hand.outcome_from_claim(claim, last))


def _points_played(hand: Hand) -> int:
    return sum(POINTS[c] for t in hand.tricks for p in t.plays for c in p.cards)


def _forced_last_trick(ctx: HandContext, left: Sequence[Sequence[int]], leader: int, defenders: frozenset[int],
                       bottom: int, rules: RuleSet) -> int | None:
    """The attackers' points from the hand's last trick, one card a seat, each play forced: the trick's points
    and, when they take it, the bottom times a single's multiplier; ``None`` when the engine's enumeration does
    not settle the winner and the points."""
    lead = tuple(k for k, n in enumerate(left[leader]) for _ in range(n))
    others = {s: tuple(left[s]) for s in range(4) if s != leader}
    done = completions(ctx, leader, lead, {}, others)
    if done.winner is None or done.points is None or done.points[0] != done.points[1]:
        return None
    if done.winner in defenders:
        return 0
    return done.points[0] + bottom * bottom_multiplier(rules, (1, 1), ((1, 1),))
