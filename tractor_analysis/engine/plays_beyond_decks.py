"""A full hand whose plays alone — or with the ``Buried:`` line — hold a copy the decks lack, no deal line proving which.

Where the record gives no deal line, or not every seat's, the plays (with the ``Buried:`` line, whose cards are the
hand's too and never played: :func:`bury_counted`) may show more copies of a card than the decks hold
(:func:`plays_over`).  A copy played (or buried) is miscopied with its play, and the record says neither which nor
what card it stands for: :func:`judge_plays` reads each copy as each card the plays and the bury lack — a copy the
record places beyond doubt (its seat's line gives it and the seat plays it) not, where the others suffice: one slip,
not two — and keeps only what every reading gives, or rules nothing resting on those plays; a copy of the
``Buried:`` line among them is the record's finding (``bad_bury``, no seat's).  docs/rules.md §1.6.  The deal lines'
own copies too many, and the steps shared with them (what every reading keeps, the plays in doubt), are
:mod:`.extra_copies`'.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Callable, Sequence

from ..records.model import Hand
from ..records.throw_copies import throw_shape
from . import explain_copies
from .agreement import agree
from .deck_proof import placed_copies
from .extra_copies import (BURY, MAX_READINGS, ON_THE_TOTAL, _doubtful_plays, _held_as_recorded, _play_swapped,
                           _regrouped)
from .played_cards import Played, counts
from .verdicts import HandResult, Unknown, Violation, as_record_finding, hand_violation


def plays_over(hand: Hand, decks: int, buried: Sequence[int] = ()) -> tuple[tuple[int, int], ...]:
    """A full hand's (not a position's) kinds its plays — with ``buried``, the ``Buried:`` line's cards
    (:func:`bury_counted`: cards of the hand too, never played) — show more often than ``decks`` have, each with how
    many copies too many, where the record gives no deal line, or not every seat's: no line proves which copy is
    miscopied (with every line given a seat's line does: :mod:`.deal_lines`, :mod:`.impossible_plays`; a kind the
    lines given and the plays show too often together is :func:`..records.deal_checks.partial_over`'s).  Not a kind
    a lead shaped as a failed throw written without its arrow holds: a copy of it may be one the throw returned to
    the leader, none miscopied (:func:`..records.throw_copies.throw_shape`).  ``()`` when none."""
    if hand.setup or (hand.deal is not None and all(hand.deal)):
        return ()
    played = counts([k for t in hand.tricks for p in t.plays for k in p.cards] + list(buried))
    over = [(k, n - decks) for k, n in enumerate(played) if n > decks]
    if not over:
        return ()
    shaped = {k for t in hand.tricks if throw_shape(t.plays) is not None for k in t.plays[0].cards}
    return tuple((k, n) for k, n in over if k not in shaped)


def bury_counted(hand: Hand, result: HandResult) -> tuple[int, ...]:
    """The ``Buried:`` line's cards, counted with the plays (:func:`plays_over`, :func:`_stands_for`: every card
    buried was in the hand, and none is played after — docs/rules.md §1.6), or ``()``: not given, or not borne
    out — ``result``, the hand judged as recorded, finds it wrong (``bad_bury``) or in doubt (tag ``Buried``)."""
    if (hand.buried is None or any(v.code == "bad_bury" for v in result.violations)
            or any(u.tag == "Buried" for u in result.unknowns)):
        return ()
    return tuple(hand.buried)


def _stands_for(hand: Hand, result: HandResult, over: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The cards a copy of :func:`plays_over`'s ``over`` played (or buried) may stand for, once per copy lacking:
    those the plays and the ``Buried:`` line together show fewer copies of than the decks have — every other play
    and the bury as recorded, the card miscopied is one the record lacks (docs/rules.md §1.6) —, not a kind of
    ``over``.  Many where the ``Buried:`` line is not given, or not borne out (:func:`bury_counted`: not counted),
    or the record stops early (any card nobody plays)."""
    seen = counts([k for t in hand.tricks for p in t.plays for k in p.cards] + list(bury_counted(hand, result)))
    kinds = {k for k, _ in over}
    return tuple(k for k, n in enumerate(seen) if k not in kinds for _ in range(max(0, result.rules.decks - n)))


def _beyond_doubt(hand: Hand, dealer: int | None, over: Sequence[tuple[int, int]], buried: Sequence[int]
                  ) -> dict[int, tuple[frozenset, bool]]:
    """Per kind of ``over``: the places — a seat, or :data:`BURY` (the ``Buried:`` line, ``buried``) — whose every
    copy the record places beyond doubt (:func:`.deck_proof.placed_copies`: the seat's deal line gives as many as
    it plays; the dealer's line with the bottom, its plays and the bury agree), none of them the miscopied one where
    the other copies are as many as the copies too many (read as another card, its line and its play would both be
    miscopied: two slips, where one will do — docs/rules.md §1.6); and whether such places were found but only their
    copies remain (then every copy is read, as before: the set empty, the flag set)."""
    placed = placed_copies(hand, dealer)
    played = Played(hand)
    out = {}
    for k, n in over:
        places = {s for s in range(4) if played[s][k] and placed.seats[s][k] >= played[s][k]}
        if k in buried and placed.buried[k] >= list(buried).count(k):
            places.add(BURY)
        free = (sum(played[s][k] for s in range(4) if s not in places)
                + (0 if BURY in places else list(buried).count(k)))
        out[k] = (frozenset(places), False) if free >= n else (frozenset(), bool(places))
    return out


def _play_ways(hand: Hand, over: Sequence[tuple[int, int]], lacking: Sequence[int], buried: Sequence[int] = (),
               beyond: dict[int, tuple[frozenset, bool]] | None = None
               ) -> tuple[tuple[tuple[tuple[int, int], int, int], ...], ...]:
    """The ways to read the copies of ``over`` played (or ``buried``: :func:`bury_counted`) too many as cards
    ``lacking`` (:func:`_stands_for`): each a tuple of ``((trick index, play index), kind, to)`` — that play's copy
    of ``kind`` read as ``to``; the position :data:`BURY`: the ``Buried:`` line's —, every choice of copies (as many
    of each kind as the decks lack) and of the cards they stand for; not the copies of the places ``beyond``
    (:func:`_beyond_doubt`) places beyond doubt; ``()`` past :data:`MAX_READINGS`, or where the cards lacking are
    fewer than the copies too many."""
    excess = sum(n for _, n in over)
    if excess > len(lacking) or len(set(lacking)) > MAX_READINGS:
        return ()
    per_kind = []
    for k, n in over:
        placed = (beyond or {}).get(k, (frozenset(), False))[0]
        slots = [(ti, pi) for ti, t in enumerate(hand.tricks) for pi, p in enumerate(t.plays)
                 if p.seat not in placed for _ in range(p.cards.count(k))]
        slots += [BURY] * (0 if BURY in placed else list(buried).count(k))
        per_kind.append([(k, c) for c in sorted(set(itertools.combinations(slots, n)))])
    ways: list[tuple] = []
    for chosen in itertools.product(*per_kind):
        picked = [(slot, k) for k, slots in chosen for slot in slots]
        for to in dict.fromkeys(itertools.permutations(lacking, excess)):
            way = tuple(sorted((slot, k, j) for (slot, k), j in zip(picked, to)))
            if way not in ways:
                ways.append(way)
            if len(ways) > MAX_READINGS:
                return ()
    return tuple(ways)


def _plays_read(hand: Hand, dealer: int | None, way: Sequence[tuple[tuple[int, int], int, int]]) -> Hand:
    """``hand`` with each play of ``way`` (:func:`_play_ways`) read with its copy as the card it stands for (the
    ``Buried:`` line's, at :data:`BURY`: the dealer's) — and, where the seat's deal line (the dealer's with the
    ``Bottom:`` line) gives as many copies as it plays (and buries), one copy there too: that card miscopied in its
    line and its play alike (as :func:`every_swap` reads a line's copy)."""
    tricks = [list(t.plays) for t in hand.tricks]
    deal = [list(line) for line in hand.deal or ((),) * 4]
    bottom = list(hand.bottom or ())
    bury = list(hand.buried or ())
    played = Played(hand)
    for pos, kind, to in way:
        if pos == BURY:
            seat = dealer
            bury[bury.index(kind)] = to
        else:
            seat = tricks[pos[0]][pos[1]].seat
            tricks[pos[0]][pos[1]] = _play_swapped(tricks[pos[0]][pos[1]], kind, to)
        if seat is None:
            continue
        places = [deal[seat], *([bottom] if seat == dealer else [])]
        buried = (hand.buried or ()).count(kind) if seat == dealer else 0
        if deal[seat] and sum(p.count(kind) for p in places) >= played[seat][kind] + buried:
            place = next((p for p in places if kind in p), None)
            if place is not None:
                place[place.index(kind)] = to
    return dataclasses.replace(
        hand, tricks=tuple(dataclasses.replace(t, plays=tuple(ps)) for t, ps in zip(hand.tricks, tricks)),
        deal=tuple(tuple(line) for line in deal) if hand.deal is not None else None,
        bottom=tuple(bottom) if hand.bottom is not None else None,
        buried=tuple(bury) if hand.buried is not None else None)


def judge_plays(hand: Hand, result: HandResult, over: Sequence[tuple[int, int]],
                replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` of a full hand whose plays — with the ``Buried:`` line (:func:`bury_counted`) — show more copies of
    each kind of ``over`` than the decks have (:func:`plays_over`: no deal line, or not every seat's, proves which
    copy is miscopied): a copy played (or buried) is miscopied with its play, and the record says neither which nor
    what card it stands for — one the plays and the bury lack (:func:`_stands_for`) —, but not a copy the record places
    beyond doubt where another may be the one (:func:`_beyond_doubt`: one slip, not two; its play then stands, its
    trick no doubtful one, and the words name it).  A copy of the ``Buried:`` line
    among them: the record's finding, ``bad_bury`` naming no seat and every copy (:func:`_bury_beyond`), the line
    still read (its other cards stand, its copy one of those read).  Where those ways are few (:func:`_play_ways`,
    at most :data:`MAX_READINGS`) the hand is judged once with each copy read as each such card, and only what every reading gives is kept — a
    trick's winner, the points, the outcome, the levels, the claim's check (``claim_mismatch`` only where every
    reading contradicts ``[Claim]``); else nothing resting on those plays is ruled (:func:`_doubtful_plays`: the
    follows, those tricks' winners and, where a card they may be counts points or the trick carries them, the
    points and what follows).  A copy too many of a card without points, only cards without points lacking, in a
    trick every reading gives one winner, withholds nothing.  Said in an ``unknown`` (tag ``deal``) naming the
    cards, the plays and what is withheld (docs/rules.md §1.6, §7.4)."""
    decks = result.rules.decks
    kinds = {k for k, _ in over}
    buried = bury_counted(hand, result)
    lacking = _stands_for(hand, result, over)
    beyond = _beyond_doubt(hand, result.dealer, over, buried)
    ways = _play_ways(hand, over, lacking, buried, beyond)
    doubtful = sorted({t.number for t in hand.tricks for p in t.plays for k in p.cards
                       if k in kinds and p.seat not in beyond[k][0]})
    plays = [t.plays for t in hand.tricks]
    if ways:
        results = [replay(_plays_read(hand, result.dealer, w)) for w in ways]
        totals = sorted({r.attackers_total for r in results if r.attackers_total is not None})
        changes, what = agree(results, plays, lambda v: (
            explain_copies.claim_every_reading(hand.claim, totals) if v.code == "claim_mismatch"
            else explain_copies.fault_whichever_copy(v.seat, v.code)))
        changes["held_open"] = _held_as_recorded(result, changes["tricks"])
        agreed = [v for v in changes["violations"] if v.trick is None]
        keys = {(v.code, v.seat) for v in agreed}
        own = agreed + [v for v in result.violations if v.trick is None and v.code not in ON_THE_TOTAL
                        and (v.code, v.seat) not in keys]
    else:
        changes, what = agree([result], plays, lambda v: (v.message_zh, v.message_en))
        seats = {p.seat for t in hand.tricks for p in t.plays for k in p.cards if k in kinds
                 and p.seat not in beyond[k][0]}
        near = {*doubtful, *(n + 1 for n in doubtful)}
        _doubtful_plays(hand, result, kinds, doubtful, changes, what,
                        lambda v: v.trick not in near and v.seat not in seats, lacking)
        withheld = changes["attackers_total"] is None and result.attackers_total is not None
        own = [v for v in result.violations if v.trick is None and not (withheld and v.code in ON_THE_TOTAL)]
    copies = _copies_named(hand, over, buried, beyond)
    finding = _bury_beyond(hand, over, buried, decks, copies, lacking)
    what = _regrouped(result, changes, [*own, *finding], what, order)
    if not what:
        return dataclasses.replace(result, **changes)
    words = explain_copies.played_copy_miscopied(over, decks, copies[0], sorted(set(lacking)), bool(ways), what,
                                                 len(doubtful) > 1, *copies[1:])
    return dataclasses.replace(result, **changes, unknowns=result.unknowns + (Unknown("deal", tuple(what), *words),))


def _copies_named(hand: Hand, over: Sequence[tuple[int, int]], buried: Sequence[int],
                  beyond: dict[int, tuple[frozenset, bool]]) -> tuple:
    """The copies of ``over`` as :func:`.explain_copies.played_copy_miscopied` names them: the plays' that may be
    the miscopied one (``(trick, seat)`` each) and the ``Buried:`` line's (``buried``: how many), those placed beyond
    doubt (:func:`_beyond_doubt`: plays, bury), and whether the lines place every copy alike."""
    plays = [(t.number, p.seat, k) for t in hand.tricks for p in t.plays for k in p.cards if k in beyond]
    in_bury = [(k, list(buried).count(k)) for k in beyond]
    return ([(n, s) for n, s, k in plays if s not in beyond[k][0]],
            sum(c for k, c in in_bury if BURY not in beyond[k][0]),
            [(n, s) for n, s, k in plays if s in beyond[k][0]],
            sum(c for k, c in in_bury if BURY in beyond[k][0]),
            any(alike for _, alike in beyond.values()))


def _bury_beyond(hand: Hand, over: Sequence[tuple[int, int]], buried: Sequence[int], decks: int,
                 copies: tuple, lacking: Sequence[int]) -> tuple[Violation, ...]:
    """The record's finding of :func:`judge_plays` where the ``Buried:`` line (``buried``) holds a copy of ``over``:
    ``bad_bury``, no seat's — the line or a play is miscopied (docs/rules.md §1.6, §13.1) —, naming every copy: the
    line's and each play's (trick, seat); which may be the miscopied one not known, but where the deal lines place
    some beyond doubt (``copies``: :func:`_copies_named`), one of the others, standing for one of ``lacking``
    (:func:`_stands_for`).  ``()`` where the bury holds none."""
    listed = [(k, n + decks, list(buried).count(k),
               [(t.number, p.seat) for t in hand.tricks for p in t.plays for c in p.cards if c == k])
              for k, n in over if k in buried]
    if not listed:
        return ()
    shown, in_bury, placed, placed_buried, _ = copies
    return (as_record_finding(hand_violation("bad_bury", None, explain_copies.bury_and_plays_beyond_decks(
        listed, decks, (shown, in_bury, placed, placed_buried) if placed or placed_buried else None, lacking),
        tuple(hand.buried or ()))),)


__all__ = ["bury_counted", "judge_plays", "plays_over"]
