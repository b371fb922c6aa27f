"""Trick lines seated from the record's own trick winners (an 80fen log, docs/rules.md §14.1).

An 80fen log gives each trick's plays in order from its leader, not their seats: the reader seats the first trick
from the dealer and every later one from the winner the log names for the trick before (``w``), and rebuilds the
deal from the plays so seated (hand tag :data:`~tractor_analysis.records.fen80_reader.SEATS_TAG`).  A ``w`` that
is a seat but not the trick's winner by the rules — miscopied, or the platform's referee judging otherwise — seats
the next trick's plays from it: read so, that trick is led out of turn, and its cards sit with other seats, in the
deal too, so that follows in earlier tricks look wrong where nobody played wrong.

The log cannot say which it is (a platform may judge a trick otherwise than these rules).  So where a trick's
winner by the rules differs from the seat the next trick is seated from, the hand is also judged with that trick
seated from the winner by the rules (its cards moved to those seats, the deal rebuilt with them: :func:`reseated`),
each such trick both ways (:func:`readings`), and only what every reading gives is kept (``"unknown"`` tag
``leader``).  A reading the bottom rules out (the dealer would not hold a card of the bottom it never buried) is
no reading.  Where the readings cannot all be made (more than :data:`MOST_SEATINGS` tricks to seat again, a winner by
the rules that moves when the trick after it is seated again), nothing resting on the seats is kept.

A trick the reader seated from the bottom (hand tag :data:`~tractor_analysis.records.fen80_reader.SEATS_BOTTOM_TAG`:
a card of the bottom the dealer kept is played in it, so the cards say who led it, and the ``w`` before it named
another seat) is not seated from ``w``: it is weighed no other way (any other seating puts that card with a seat
that never held it).  Where the rules give the trick before to another seat than the one the bottom says led, the
record contradicts itself (the bottom or the trick's cards miscopied, or the platform judging otherwise) and
nothing resting on the seats is kept (:func:`against_bottom`).

A trick whose leader the log does not state (hand tag :data:`~tractor_analysis.records.fen80_reader.SEATS_RULES_TAG`:
the ``w`` before it unreadable or left out, the bottom not seating it) is seated from the winner of the trick before
by the rules (:func:`from_rules`, a ``derived`` fact ``leader`` saying so) — the one seat that, leading it, wins the
trick before; no seating is weighed as recorded (the reader's is a placeholder).  Where no one seat is such a winner,
nothing resting on the seats is kept.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Callable

from ..records.cards import SEAT_TOKENS
from ..records.fen80_reader import SEATS_BOTTOM_TAG, SEATS_RULES_TAG, SEATS_TAG, SEATS_FROM_WINNERS
from ..records.model import Hand
from .agreement import agree, shared_facts, sides_withheld
from . import explain_copies, explain_deal_lines
from .explain_held import fault_owed_open
from .verdicts import Derived, HandResult, Unknown, Violation

__all__ = ["seated_from_winners", "seated_from_bottom", "seated_from_rules", "from_rules", "reseated", "readings", "against_bottom", "judge",
           "MOST_SEATINGS"]

MOST_SEATINGS = 16
"""The most tricks seated again (each a judgement) over all the readings of a hand."""

Doubt = tuple[int, int, int]
"""A trick seated from a winner the rules do not give: ``(trick number, seat it is seated from, the winner of the
trick before by the rules)``."""


def seated_from_winners(hand: Hand) -> bool:
    """``hand``'s trick lines are seated from the record's own winners (:data:`SEATS_TAG`), its deal (if any)
    rebuilt from the plays so seated."""
    return not hand.setup and any(n == SEATS_TAG and v == SEATS_FROM_WINNERS for n, v in hand.tags)


def seated_from_bottom(hand: Hand) -> frozenset[int]:
    """The numbers of the tricks of ``hand`` the reader seated from the bottom, not from ``w``
    (:data:`SEATS_BOTTOM_TAG`; a word that is no trick number is none)."""
    return frozenset(int(w) for n, v in hand.tags if n == SEATS_BOTTOM_TAG for w in v.split() if w.isdigit())


def seated_from_rules(hand: Hand) -> frozenset[int]:
    """The numbers of the tricks of ``hand`` whose leader the record does not state (:data:`SEATS_RULES_TAG`): to
    be seated from the winner of the trick before by the rules (a word that is no trick number is none)."""
    return frozenset(int(w) for n, v in hand.tags if n == SEATS_RULES_TAG for w in v.split() if w.isdigit())


def _winner_before(result: HandResult, hand: Hand, index: int) -> int | None:
    """The winner ``result`` gives the trick before ``hand.tricks[index]`` (``None``: withheld, or no such trick)."""
    number = hand.tricks[index].number
    if index < 1 or hand.tricks[index - 1].number != number - 1:
        return None
    return next((t.winner for t in result.tricks if t.number == number - 1), None)


def from_rules(hand: Hand, plain: Callable[[Hand], HandResult]) -> tuple[Hand, list[tuple[int, int]], list[int]]:
    """``hand`` with each trick of :func:`seated_from_rules` seated from the winner of the trick before by the
    rules (``plain``: a hand judged with its tags as recorded): the one seat that, the trick seated from it (its
    cards moved in the deal too), wins the trick before.  Also ``(trick number, seat)`` of each so seated, and the
    numbers of those no one seat is such a winner for (left as the reader seated them: nothing resting on the seats
    is to be kept)."""
    ruled = seated_from_rules(hand)
    done: list[tuple[int, int]] = []
    failed: list[int] = []
    for i, trick in enumerate(hand.tricks):
        if trick.number not in ruled:
            continue
        fixed = []
        for seat in range(4) if _in_turn(hand, i) else ():
            other = hand if trick.plays[0].seat == seat else reseated(hand, i, seat)
            if other is not None and _winner_before(plain(other), other, i) == seat:
                fixed.append((seat, other))
        if len(fixed) == 1:
            (seat, hand), = fixed
            done.append((trick.number, seat))
        else:
            failed.append(trick.number)
    if done:        # a trick seated later may move the winner of one seated before: each checked again
        last = plain(hand)
        index = {t.number: i for i, t in enumerate(hand.tricks)}
        moved = [n for n, seat in done if _winner_before(last, hand, index[n]) != seat]
        done = [(n, s) for n, s in done if n not in moved]
        failed = sorted(failed + moved)
    return hand, done, failed


def _first_seat(hand: Hand, value: str) -> bool:
    """``hand`` seats the trick of a ``leader`` fact's ``value`` (``"7: E"``) from that seat."""
    number, _, seat = value.partition(": ")
    return any(t.number == int(number) and t.plays and SEAT_TOKENS[t.plays[0].seat] == seat for t in hand.tricks)


def reseated(hand: Hand, index: int, leader: int) -> Hand | None:
    """``hand`` with trick ``hand.tricks[index]``'s plays seated from ``leader`` (the first play ``leader``'s, the
    others in turn), their cards moved in the deal too; ``None`` when the bottom rules it out (the dealer's line,
    its plays with its bury less the bottom, would lack a card: a card of the bottom it neither buried nor played)."""
    trick = hand.tricks[index]
    plays = tuple(dataclasses.replace(p, seat=(leader + j) % 4) for j, p in enumerate(trick.plays))
    deal = hand.deal
    if deal is not None:
        held = [Counter(line) for line in deal]
        for old, new in zip(trick.plays, plays):
            held[old.seat].subtract(old.cards)
            held[new.seat].update(new.cards)
        if any(n < 0 for line in held for n in line.values()):
            return None
        deal = tuple(tuple(sorted(line.elements())) for line in held)
    tricks = list(hand.tricks)
    tricks[index] = dataclasses.replace(trick, plays=plays)
    return dataclasses.replace(hand, tricks=tuple(tricks), deal=deal)


def _in_turn(hand: Hand, index: int) -> bool:
    """Trick ``index`` holds four plays written in turn from its first (as the reader seats them)."""
    plays = hand.tricks[index].plays
    return len(plays) == 4 and all(p.seat == (plays[0].seat + j) % 4 for j, p in enumerate(plays))


def _doubts(hand: Hand, result: HandResult, start: int = 1) -> list[tuple[int, int]]:
    """From trick index ``start`` on, the tricks of ``hand`` whose first play is not the seat ``result`` gives
    the trick before to (its winner known): ``(index, that winner)``."""
    won = {t.number: t.winner for t in result.tricks}
    bottom = seated_from_bottom(hand)
    out = []
    for i in range(max(start, 1), len(hand.tricks)):
        trick, before = hand.tricks[i], hand.tricks[i - 1]
        winner = won.get(before.number) if trick.number == before.number + 1 else None
        if winner is not None and trick.plays and trick.plays[0].seat != winner and trick.number not in bottom:
            out.append((i, winner))
    return out


def against_bottom(hand: Hand, result: HandResult) -> list[Doubt]:
    """The tricks of ``hand`` seated from the bottom (:func:`seated_from_bottom`) whose first play is not the seat
    ``result`` gives the trick before to (its winner known): ``(trick number, the seat the bottom says led it, the
    winner of the trick before by the rules)``."""
    won = {t.number: t.winner for t in result.tricks}
    bottom = seated_from_bottom(hand)
    out = []
    for i in range(1, len(hand.tricks)):
        trick, before = hand.tricks[i], hand.tricks[i - 1]
        winner = won.get(before.number) if trick.number == before.number + 1 else None
        if trick.number in bottom and winner is not None and trick.plays and trick.plays[0].seat != winner:
            out.append((trick.number, trick.plays[0].seat, winner))
    return out


def readings(hand: Hand, result: HandResult, plain: Callable[[Hand], HandResult]
             ) -> tuple[list[Doubt], list[int], list[Hand], bool]:
    """The tricks of ``hand`` (:func:`seated_from_winners`) seated from a winner the rules do not give, as
    ``result`` (``hand`` judged as recorded, by ``plain``: its tags as recorded) finds them; the numbers of the tricks
    weighed (those and, in a reading, the tricks after them seated so from a winner the rules do not give), and every
    other reading: each such trick seated as recorded or from the winner by the rules (``hand`` itself not among
    them).  Also whether every reading was made: not when more than :data:`MOST_SEATINGS` tricks are to be seated again, a trick
    cannot be (not four plays in turn), or in a reading the winner by the rules of a trick seated again is not the
    seat it leads from, or another trick turns out seated from a winner the rules do not give."""
    doubts = _doubts(hand, result)
    if not doubts:
        return [], [], [], True
    ruled = seated_from_rules(hand)         # (never weighed as the reader seated them: a placeholder)
    found: list[Hand] = []
    complete, seatings = True, 0
    # each branch: (the hand so read, its judgement, where to look on from, the tricks kept as recorded, moved)
    stack = [(hand, result, 1, frozenset(), frozenset())]
    weighed: set[int] = set()
    while stack:
        h, r, start, kept, moved = stack.pop()
        later = _doubts(h, r, start)
        if not later:
            complete = complete and _consistent(h, r, kept, moved)
            if moved:           # (the branch that moves none is ``hand`` as recorded)
                found.append(h)
            continue
        i, winner = later[0]
        weighed.add(i)
        if seatings >= MOST_SEATINGS or not _in_turn(h, i):
            complete = False
            break
        if h.tricks[i].number not in ruled:
            stack.append((h, r, i + 1, kept | {i}, moved))
        other = reseated(h, i, winner)
        if other is not None:
            seatings += 1
            stack.append((other, plain(other), i + 1, kept, moved | {i}))
        elif h.tricks[i].number in ruled:      # no reading seats it from the winner by the rules
            complete = False
            break
    named = [(hand.tricks[i].number, hand.tricks[i].plays[0].seat, w) for i, w in doubts]
    return named, [hand.tricks[i].number for i in sorted(weighed)], found, complete


def _consistent(hand: Hand, result: HandResult, kept: frozenset[int], moved: frozenset[int]) -> bool:
    """Every trick of a reading seated again leads from the winner its judgement gives the trick before, and every
    other trick seated from a winner the rules do not give was weighed (kept as recorded)."""
    doubts = dict(_doubts(hand, result))
    won = {t.number: t.winner for t in result.tricks}
    for i in moved:
        if won.get(hand.tricks[i - 1].number) != hand.tricks[i].plays[0].seat:
            return False
    return all(i in kept for i in doubts)


def _nothing(result: HandResult) -> HandResult:
    """A judgement that gives nothing resting on the seats of the plays (the readings, when they cannot all be
    made): every card of the deal rests on them, so no violation, no trick's winner or points, no points, outcome
    or levels after; :func:`judge` keeps what it shares with the others."""
    tricks = tuple(dataclasses.replace(t, winner=None, points=None, violations=(), cards_not_thrown=None)
                   for t in result.tricks)
    return dataclasses.replace(
        result, tricks=tricks, violations=(), attackers_points=None, bottom_points=None, bottom_multiplier=None,
        bottom_bonus=None, penalties=None, attackers_total=None, items=(), outcome=None, levels_after=(None, None),
        player_levels_after=(None,) * 4)


def judge(hand: Hand, result: HandResult, one: Callable[[Hand], HandResult], plain: Callable[[Hand], HandResult],
          order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` (``hand`` judged as recorded, by ``one``) merged with the judgement (``one``) of every reading of
    :func:`readings` — found with ``plain`` (each reading judged with its tags as recorded: where ``result`` withholds
    a trick's winner, a tag judged each way, the winner under the tags as recorded) —: what all give kept, the rest
    withheld (``"unknown"`` tag ``leader``; a judgement that gives nothing resting on the seats added when not every
    reading was made).  ``result`` itself when no trick is seated from a winner the rules do not give."""
    failed: list[int] = []
    found: list[Derived] = []
    if seated_from_rules(hand):     # a trick whose leader the record does not state: seated from the rules' winner
        hand, done, failed = from_rules(hand, plain)
        result = one(hand)
        found = [Derived("leader", f"{n}: {SEAT_TOKENS[s]}", f"the plays of trick {n - 1}",
                         *explain_deal_lines.leader_from_rules(n, s)) for n, s in done]
    withheld = any(t.winner is None for t in result.tricks[:-1])
    base = plain(hand) if withheld else result
    doubts, weighed, hands, complete = readings(hand, base, plain)
    against = against_bottom(hand, base)
    if not doubts and not against and not failed:
        return dataclasses.replace(result, derived=(*result.derived, *found)) if found else result
    results = [result, *(one(h) for h in hands)]
    made = len(results)
    # a leader derived stays derived where every reading seats the trick so (else the readings' words say it)
    found = [d for d in found if all(_first_seat(h, d.value) for h in hands)]
    if not complete or against or failed:
        results.append(_nothing(result))
    changes, what = agree(results, [t.plays for t in hand.tricks],
                          lambda v: fault_owed_open(v.seat, v.code, explain_copies.EITHER_SEATING))
    changes["violations"] = tuple(sorted(changes["violations"], key=order))
    sides_withheld(results, changes, what)
    what = list(dict.fromkeys(what))
    unknowns, derived = shared_facts(results)
    said = [Unknown("leader", tuple(what), *explain_deal_lines.seats_from_winners_doubted(
        doubts, weighed, made, complete, MOST_SEATINGS, what))] if doubts else []
    if against:
        said.append(Unknown("leader", tuple(what), *explain_deal_lines.seats_from_bottom_doubted(against, what)))
    if failed:
        said.append(Unknown("leader", tuple(what), *explain_deal_lines.leader_not_derived(failed, what)))
    return dataclasses.replace(result, **changes, unknowns=(*unknowns, *said), derived=(*derived, *found))
