"""Trick lines that may be written in seat order, not in the order played (docs/rules.md §14.1).

A trick line writes its plays leader first (docs/format.md), and the engine reads the first play as the lead.
A score sheet with a column per seat, copied line by line, writes every trick ``N: …, E: …, S: …, W: …``
whoever led: read leader first, N then leads every trick, out of turn wherever another seat was due, and the
follows, the throws and the winners that rest on who led are all misread — a referee's record of a legal
hand showed 15 violations, none of them the table's.

The record cannot say which it is: a seat really can lead out of turn.  So when every trick line is written
from the same seat in turn order and two or more tricks are then led out of turn (the signature of a copied
score sheet: a table leading out of turn does it once, not in every trick another seat won), the hand is also
judged with each trick led by the seat due (the dealer for the first, the winner of the trick before for the
others; each trick's plays in turn from there), and only what both readings give is kept: the lead out of
turn, and every verdict resting on who led, are withheld, with words (tag ``order``) saying why and how to
write the record so that it is judged in full.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from ..records.model import Hand, Play, Trick
from .agreement import agree, shared_facts, sides_withheld
from .explain_readings import fault_either_order, lines_swapped_readings, seat_order_readings, thrown_lead_readings
from .verdicts import HandResult, Unknown, Violation

__all__ = ["seat_ordered", "judge", "thrown_leads", "judge_thrown", "lines_swapped", "judge_swapped"]


def _leads_out_of_turn(hand: Hand, result: HandResult) -> list[int]:
    """The tricks (numbers) ``result`` finds led out of turn: an ``out_of_turn`` at a trick's first play."""
    leaders = {t.number: t.plays[0].seat for t in hand.tricks if t.plays}
    return sorted({v.trick for v in result.violations
                   if v.code == "out_of_turn" and v.trick in leaders and v.seat == leaders[v.trick] and v.played})


def _written(hand: Hand, trick: Trick) -> list[int]:
    """The seats of ``trick``'s line as written: its plays read, and a play that could not be read
    (:attr:`~.model.Hand.plays_unread`) where it was written, when the trick lacks it."""
    seats = [p.seat for p in trick.plays]
    if len(seats) < 4:
        for number, seat, before in sorted(hand.plays_unread, key=lambda u: u[2]):
            if number == trick.number and seat not in seats:
                seats.insert(before, seat)
    return seats


def seat_ordered(hand: Hand, result: HandResult) -> bool:
    """Every trick line of ``hand`` holds one play of each seat (one that could not be read counted where it was
    written), written in turn order from the same seat, and ``result`` (the hand as recorded) finds two or more of
    them led out of turn."""
    tricks = hand.tricks
    if len(tricks) < 2 or hand.setup or not tricks[0].plays:
        return False
    if not hand.plays_unread:       # (every hand replayed asks: the first line led by another seat says no)
        first = tricks[0].plays[0].seat
        for t in tricks:
            if not t.plays or t.plays[0].seat != first:
                return False
    first = _written(hand, tricks[0])[0]
    order = [(first + i) % 4 for i in range(4)]
    if any(_written(hand, t) != order for t in tricks):
        return False
    return len(_leads_out_of_turn(hand, result)) >= 2


def _rotated(trick: Trick, leader: int) -> Trick:
    return dataclasses.replace(trick, plays=tuple(sorted(trick.plays, key=lambda p: (p.seat - leader) % 4)))


def in_turn(hand: Hand, result: HandResult, one: Callable[[Hand], HandResult]
            ) -> tuple[Hand, HandResult] | None:
    """``hand`` with each trick led by the seat due — the dealer for the first, the winner of the trick before
    (as this reading judges it) for the others — and its judgement (``one``); ``None`` when a seat due is not
    known there (no dealer, a winner withheld) or a trick to be read so lacks a play (one not read) — but a failed
    throw written after the lead (:attr:`~.model.Hand.throws_after_lead`) by the seat due, which leads it so.
    ``result``: ``hand`` judged as recorded (by ``one``), where the reading starts."""
    h, r = hand, result
    for _ in range(len(hand.tricks)):
        late = _leads_out_of_turn(h, r)
        if not late:
            return h, r
        i = next(k for k, t in enumerate(h.tricks) if t.number == late[0])
        before = None if i == 0 else h.tricks[i - 1].number
        due = r.dealer if i == 0 else next((t.winner for t in r.tricks if t.number == before), None)
        trick = h.tricks[i]
        if due is None or due == trick.plays[0].seat:
            return None
        if len(trick.plays) < 4:
            # a failed throw written after the lead was not read (only a lead can be one): read in turn, its
            # seat may be the one due to lead — then it is the trick's lead, as written
            thrown = [p for n, p in hand.throws_after_lead if n == trick.number and p.seat == due]
            if len(trick.plays) != 3 or not thrown or any(p.seat == due for p in trick.plays):
                return None
            trick = dataclasses.replace(trick, plays=(thrown[0], *trick.plays))
        tricks = list(h.tricks)
        tricks[i] = _rotated(trick, due)
        h = dataclasses.replace(h, tricks=tuple(tricks))
        r = one(h)
    return (h, r) if not _leads_out_of_turn(h, r) else None


def _nothing(result: HandResult) -> HandResult:
    """A judgement that gives nothing resting on who led (the reading in turn, when it cannot be made): no trick's
    winner or points, no violation but the hand's own (the deal, the bury, the declarations, the tags) — a claim
    is checked against points —, no points, outcome or levels after; :func:`judge` keeps what it shares."""
    tricks = tuple(dataclasses.replace(t, winner=None, points=None, violations=()) for t in result.tricks)
    return dataclasses.replace(
        result, tricks=tricks, violations=tuple(v for v in result.violations if v.trick is None
                                                and v.code != "claim_mismatch"),
        attackers_points=None, bottom_points=None, bottom_multiplier=None, bottom_bonus=None, attackers_total=None,
        items=(), outcome=None, levels_after=(None, None), player_levels_after=(None,) * 4)


def judge(hand: Hand, result: HandResult, one: Callable[[Hand], HandResult],
          order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` (``hand`` as recorded, :func:`seat_ordered`) merged with the judgement of ``hand`` read in turn
    (:func:`in_turn`; one that gives nothing resting on who led when it cannot be made): what both give kept, the
    rest withheld (``"unknown"`` tag ``order``)."""
    found = in_turn(hand, result, one)
    late = _leads_out_of_turn(hand, result)
    first = _written(hand, hand.tricks[0])[0]
    other = found[1] if found is not None else _nothing(result)
    return _merged(hand, result, [other], order, lambda what: seat_order_readings(
        first, late, None if found is None else len(other.violations), what))


def thrown_leads(hand: Hand, result: HandResult) -> list[tuple[int, Play]]:
    """The failed throws written after another play (:attr:`~.model.Hand.throws_after_lead`: read leader first,
    follows written as throws, not read) whose seat may have led its trick — only a lead can be a failed throw, so
    the ``->`` says it did: the first trick of a position (nothing else says who led it: the first play written
    is only the format's reading, docs/rules.md §4.1), or a trick its seat was due to lead (the dealer for a full
    hand's first, else the winner of the trick before as ``result`` judges it) that another seat is written
    leading — not where the trick's first play is itself written as a failed throw (that one is the lead).  Each
    as ``(index of its trick, the play as written)``; none when there is none."""
    if not hand.throws_after_lead:      # (every hand replayed asks)
        return []
    found = []
    for number, play in hand.throws_after_lead:
        i = next((k for k, t in enumerate(hand.tricks) if t.number == number), None)
        if i is None or not hand.tricks[i].plays or hand.tricks[i].plays[0].seat == play.seat:
            continue
        if any(p.attempted is not None for p in hand.tricks[i].plays):
            continue        # a failed throw written first is the trick's lead: the later '->' says no other
        if i == 0:
            due = None if hand.setup else result.dealer
        else:
            before = hand.tricks[i - 1].number
            due = next((t.winner for t in result.tricks if t.number == before), None)
        if (i == 0 and hand.setup) or (due is not None and due == play.seat):
            found.append((i, play))
    return found


def judge_thrown(hand: Hand, result: HandResult, thrown: list[tuple[int, Play]], one: Callable[[Hand], HandResult],
                 order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` (``hand`` as recorded, leader first) merged with the judgement (``one``) of ``hand`` with each of
    ``thrown`` (:func:`thrown_leads`) read as its trick's lead, the trick's plays in turn from its seat — and, where
    every trick line is written from one seat in turn order (a score sheet copied by seat), the later tricks each
    led by the seat due (:func:`in_turn`): what both give kept, the rest withheld (``"unknown"`` tag ``order``)."""
    tricks = list(hand.tricks)
    for i, play in thrown:
        rest = tuple(p for p in tricks[i].plays if p.seat != play.seat)    # (a play filled in for it: not this reading)
        tricks[i] = _rotated(dataclasses.replace(tricks[i], plays=(play, *rest)), play.seat)
    led = dataclasses.replace(hand, tricks=tuple(tricks))
    other = one(led)
    first = _written(hand, hand.tricks[0])[0]
    if all(_written(hand, t) == [(first + k) % 4 for k in range(4)] for t in hand.tricks):
        found = in_turn(led, other, one)
        if found is not None:
            other = found[1]
    trick_numbers = [hand.tricks[i].number for i, _ in thrown]
    return _merged(hand, result, [other], order, lambda what: thrown_lead_readings(
        [(n, p.seat, hand.tricks[i].plays[0].seat) for n, (i, p) in zip(trick_numbers, thrown)],
        len(other.violations), what))


def lines_swapped(hand: Hand, result: HandResult, one: Callable[[Hand], HandResult]
                  ) -> list[tuple[tuple[int, int], HandResult]]:
    """Two trick lines that may be written in each other's place: ``result`` (the hand as recorded) finds two or
    three leads out of turn, all in three tricks in a row, and with the plays of two whole lines next to them
    exchanged (the numbers kept) the hand is judged (``one``) with no lead out of turn at all.  Lines ``t`` and
    ``t+1`` copied in each other's place change the leads of ``t``, ``t+1`` and ``t+2`` only (each trick's winner
    is due to lead the next): two or all three of them out of turn; so only the exchanges whose tricks and the
    next hold every lead out of turn are judged (one or two), one exchange at a time.  Each such exchange (its
    trick numbers) and its judgement; none when there is none."""
    if hand.setup or sum(v.code == "out_of_turn" for v in result.violations) < 2:    # (every hand replayed asks)
        return []
    late = _leads_out_of_turn(hand, result)
    if not 2 <= len(late) <= 3 or late[-1] - late[0] > 2:
        return []
    found = []
    for i, (a, b) in enumerate(zip(hand.tricks, hand.tricks[1:])):
        if not a.number <= late[0] <= late[-1] <= a.number + 2:
            continue        # (an exchange of t and t+1 changes no lead but those of t, t+1 and t+2)
        if len(a.plays) != 4 or len(b.plays) != 4 or b.number != a.number + 1:
            continue
        tricks = list(hand.tricks)
        tricks[i], tricks[i + 1] = dataclasses.replace(a, plays=b.plays), dataclasses.replace(b, plays=a.plays)
        swapped = dataclasses.replace(hand, tricks=tuple(tricks))
        other = one(swapped)
        if not _leads_out_of_turn(swapped, other):
            found.append(((a.number, b.number), other))
    return found


def judge_swapped(hand: Hand, result: HandResult, found: list[tuple[tuple[int, int], HandResult]],
                  order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` merged with the judgement of each exchange of two lines (:func:`lines_swapped`): what all give
    kept, the rest withheld (``"unknown"`` tag ``order``)."""
    late = tuple(_leads_out_of_turn(hand, result))
    others = [other for _, other in found]
    return _merged(hand, result, others, order, lambda what: lines_swapped_readings(
        late, [pair for pair, _ in found], min(len(o.violations) for o in others), what))


def _merged(hand: Hand, result: HandResult, others: list[HandResult], order: Callable[[Violation], tuple],
            words: Callable[[tuple[str, ...]], tuple[str, str]]) -> HandResult:
    """``result`` and ``others`` (readings of the order of the plays) merged through :func:`.agreement.agree`, with
    an ``order`` unknown worded by ``words`` (given what is withheld)."""
    results = [result, *others]
    changes, what = agree(results, [t.plays for t in hand.tricks], lambda v: fault_either_order(v.seat, v.code))
    changes["violations"] = tuple(sorted(changes["violations"], key=order))
    sides_withheld(results, changes, what)
    what = list(dict.fromkeys(what))
    unknowns, derived = shared_facts(results)
    changes["unknowns"] = (*unknowns, Unknown("order", tuple(what), *words(tuple(what))))
    changes["derived"] = tuple(derived)
    return dataclasses.replace(result, **changes)
