"""A follow written one card longer than its lead, its seat's play left out elsewhere: which card is too many is open.

``8. S: S3, W: DQ, N: D9 S4, E: SK`` and ``15. W: H2, N: ?, E: S5, S: D9`` — N's line gives 25 cards, its plays
written hold 25 and its play of trick 15 (one card) could not be read: N's plays hold one card more than it held.
Without the ``?`` the record proves which copy is the one too many (:mod:`.impossible_plays`: N plays ♦9 again in
trick 15, and can hold only one).  With it, it does not: the ♦9 of trick 8 written too many (N followed ♠4, and the
``?`` was ♦9: no fault at all), or the ♠4 (N followed ♦9 holding spades, a wrong follow, and the ``?`` was ♠4).
Filling the ``?`` in from the play as written (N played both: the ``?`` its one card left) makes N play a card in a
later trick it no longer holds, so that reading is ruled out by the record's later plays, as any way of filling a
play in that does so (:mod:`.record_gaps`).

So (docs/rules.md §1.6): a seat whose cards are known (a taker of the bottom — the dealer, a rebidder after 炒地皮 —
only where they are known exactly: :func:`_taker_known`), one of whose follows is one card longer than its lead, each
of its other plays written as many cards as its lead, with plays the record leaves out (written ``?``, or not written
at all: every seat plays in every trick) that make its plays one card more than its cards — the hand is judged once
for each card of that follow taken as the one written too many (the plays left out filled in in each,
:mod:`.record_gaps`), and once as written where that needs one slip elsewhere (a later play of a card the seat no
longer held — which one may rest on how its ``?``, or its play not written where it still held cards, is filled in:
:func:`_slip_after` — or a ``?`` where it held no card left); a reading in which the seat plays a card it does not
hold (or ends with cards left) is ruled out; what every reading left gives is kept (:func:`.agreement.agree`), the
rest withheld, an ``unknown`` (tag ``play``) naming the readings.
Where one reading alone is left it is judged as it is, and said.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Callable, Sequence

from ..records.cards import SEAT_TOKENS, TOKEN
from ..records.model import Hand
from . import explain_gaps
from .agreement import agree, regrouped, shared_facts
from .bottom_exchange import Start
from .deal_line_proof import SHOWN_BY
from .declarations import bottom_takers
from .played_cards import Played, card_list
from .starting_hands import starting_hands
from .verdicts import Derived, HandResult, Unknown, Violation, as_record_finding


MAX_WAYS = 4096
"""At most this many ways of a play written and not read are gone through for the follow as written
(:func:`_slip_after`)."""


@dataclass(frozen=True, slots=True)
class LongFollow:
    """A seat's follow one card longer than its lead, whose card written too many the record does not prove."""

    index: int
    """The trick's place in the hand's recorded tricks."""
    trick: int
    seat: int
    place: int
    """The play's place in its trick's recorded plays."""
    kinds: tuple[int, ...]
    """The kinds of the follow, each once: each a reading of the card written too many."""
    left_out: tuple[int, ...]
    """The tricks whose play of the seat the record leaves out."""
    unread: tuple[int, ...] = ()
    """Those of :attr:`left_out` whose play is written and could not be read (``?``); the others' play is not
    written at all."""
    taker: bool = False
    """The seat took the bottom (the dealer, a rebidder after 炒地皮): its cards are its deal line with the bottom
    it took, less its bury."""


def find_long_follow(hand: Hand, result: HandResult, gaps: Sequence) -> LongFollow | None:
    """The follow of a seat the ``gaps`` (:func:`.record_gaps.find_gaps`) leave out whose plays, those left out
    counted at their leads' sizes, are one card more than its cards (see the module's words); ``None`` otherwise
    (``result``: the hand judged, its gaps filled in)."""
    if (not gaps or hand.setup or hand.deal is None or not all(hand.deal) or result.dealer is None
            or result.contradicted or any(g.lead for g in gaps)):
        return None
    start, takers = None, bottom_takers(result.dealer, hand.declarations)
    for seat in sorted({s for g in gaps for s in g.missing}):
        found = _long_follow(hand, seat)
        if found is None:
            continue
        start = start or starting_hands(hand, result.rules, result.dealer, Played(hand))
        if seat in takers and not _taker_known(hand, start, takers):
            continue
        owed = sum(len(hand.tricks[g.index].plays[0].cards) for g in gaps if seat in g.missing)
        if seat in start.from_plays or sum(found[1]) + owed != sum(start.hands[seat]) + 1:
            continue
        i, j = found[0]
        cards = hand.tricks[i].plays[j].cards
        unread = {t for t, s, _ in hand.plays_unread if s == seat}
        left_out = tuple(g.trick for g in gaps if seat in g.missing)
        return LongFollow(i, hand.tricks[i].number, seat, j, tuple(dict.fromkeys(cards)), left_out,
                          tuple(t for t in left_out if t in unread), seat in takers)
    return None


def _taker_known(hand: Hand, start: Start, takers: Sequence[int]) -> bool:
    """The cards of each taker of the bottom (``takers``, in turn: the dealer, then each rebidder after 炒地皮)
    are known exactly: its deal line with the bottom it took — the ``Bottom:`` line, or the bury of the taker
    before it —, less its own bury — one bury a take, given (``Buried: dealer's || rebidder's``), read whole (as
    the ``Bottom:`` line), each one its taker could make (no ``bad_bury``) and none disputed by its taker's plays
    (:func:`.bottom_exchange.disputed_bury`).  With fewer buries than takes (only the last written), or one of
    them bad or disputed, a taker's cards are read from its plays or rest on which is miscopied: not known."""
    buries = (*hand.earlier_buries, hand.buried) if hand.buried is not None else ()
    return (len(buries) == len(takers) and not hand.aside_unread
            and start.buried is not None and not start.disputed
            and not any(v.code == "bad_bury" for v in start.violations))


def _long_follow(hand: Hand, seat: int) -> tuple[tuple[int, int], list[int]] | None:
    """The one follow of ``seat`` one card longer than its lead (its trick's and play's places), and the sizes of
    the seat's plays; ``None`` unless each other play of the seat is as many cards as its lead."""
    found, sizes = None, []
    for i, trick in enumerate(hand.tricks):
        n = len(trick.plays[0].cards)
        for j, play in enumerate(trick.plays):
            if play.seat != seat:
                continue
            sizes.append(len(play.cards))
            if len(play.cards) == n:
                continue
            if j == 0 or found is not None or len(play.cards) != n + 1 or play.attempted is not None:
                return None
            found = (i, j)
    return None if found is None else (found, sizes)


def _without(hand: Hand, follow: LongFollow, kind: int) -> Hand:
    """``hand`` with one copy of ``kind`` taken out of ``follow``: that copy read as the one written too many."""
    trick = hand.tricks[follow.index]
    plays = list(trick.plays)
    cards = list(plays[follow.place].cards)
    cards.remove(kind)
    plays[follow.place] = dataclasses.replace(plays[follow.place], cards=tuple(cards))
    tricks = list(hand.tricks)
    tricks[follow.index] = dataclasses.replace(trick, plays=tuple(plays))
    return dataclasses.replace(hand, tricks=tuple(tricks))


def _fits(result: HandResult, seat: int) -> bool:
    """The reading ``result`` does not have ``seat`` play a card it does not hold, nor end with cards left."""
    return not any(v.code in SHOWN_BY and v.seat == seat for v in result.violations)


def _as_written(hand: Hand, result: HandResult, follow: LongFollow) -> list[tuple[int | tuple[int, ...], tuple]] | None:
    """The slips the follow as written (``result``: the hand so judged, its plays left out filled in) needs elsewhere,
    each ``(trick, cards)``: a later play of the seat written where it held no such card (its ``not_in_hand``), or a
    play written there and not read (``?``, ``cards`` empty) where it held no card left; where the ``?`` finds it
    holding cards, the tricks one of whose plays is so written, which one resting on the ``?`` (:func:`_slip_after`).
    A play simply left out where it held none is no slip: its having played a card too many before shows why it did
    not play.  One left out where it still held cards is read as a ``?`` there is: every seat plays in every trick
    (docs/rules.md §4.1), so the seat played there and the record leaves that play out — the record's gap, not the
    seat's not playing —, and whatever it played, one of its later plays is of a card it no longer held.  ``None``
    where the reading needs a slip of another kind (the seat's cards left or its line's size), or two."""
    unread = {(t, s) for t, s, _ in hand.plays_unread}
    out, held = [], None
    for i, trick in enumerate(hand.tricks):
        if trick.number in follow.left_out and i < len(result.tricks):
            before = result.tricks[i].hands_before
            if not before:
                return None
            none_left = sum(before[follow.seat]) < len(trick.plays[0].cards)
            if none_left and (trick.number, follow.seat) not in unread:
                continue
            if none_left:
                out.append((trick.number, ()))
            else:
                held = (i, before[follow.seat])
    for v in result.violations:
        if v.code in SHOWN_BY and v.seat == follow.seat:
            if v.code != "not_in_hand" or v.trick is None:
                return None
            out.append((v.trick, tuple(v.played)))
    if out or held is None or len(follow.left_out) != 1:
        return out
    return _slip_after(hand, follow.seat, *held)


def _slip_after(hand: Hand, seat: int, index: int,
                held: Sequence[int]) -> list[tuple[tuple[int, ...], tuple]] | None:
    """The slip the follow as written needs where the seat's one play written and not read (``?``, in the trick
    at ``index``) finds it holding cards (``held``) for it: each way it could have played (as many cards as the
    lead, of those it held, legal or not) leaves it without a card one of its later plays is written with —
    ``[(tricks, ())]``, the tricks where, one way or another, that play is, where a way needs no other slip;
    ``[]`` where a way needs none (every later play then of cards it held); ``None`` where each needs two or
    more, or the ways are too many to go through."""
    n = len(hand.tricks[index].plays[0].cards)
    later = [(t.number, p.cards) for t in hand.tricks[index + 1:] for p in t.plays if p.seat == seat]
    if comb(sum(held), n) > MAX_WAYS:
        return None
    tricks: set[int] = set()
    for way in set(combinations(card_list(held), n)):
        now = list(held)
        for k in way:
            now[k] -= 1
        short = []
        for t, cards in later:
            for k in cards:
                if now[k] > 0:
                    now[k] -= 1
                elif not short or short[-1] != t:
                    short.append(t)
        if not short:
            return []
        if len(short) == 1:
            tricks.add(short[0])
    return [(tuple(sorted(tricks)), ())] if tricks else None


def _faults(result: HandResult, seat: int) -> tuple[tuple[str, int | None], ...]:
    """The faults of ``seat`` the reading ``result`` finds (its findings about the record left out): code, trick."""
    return tuple((v.code, v.trick) for v in result.violations if v.seat == seat and not v.of_record)


def _fills(result: HandResult, seat: int, tricks: Sequence[int]) -> tuple[tuple[int, ...], ...] | None:
    """The plays of ``seat`` left out in ``tricks`` that the reading ``result`` derives, in order; ``None`` where
    one is not derived (several ways fit)."""
    out = []
    for t in tricks:
        play = next((p for n, p in result.derived_plays if n == t and p.seat == seat), None)
        if play is None:
            return None
        out.append(tuple(play.cards))
    return tuple(out)


def judge(hand: Hand, result: HandResult, follow: LongFollow, replay: Callable[[Hand], HandResult],
          order: Callable[[Violation], tuple]) -> HandResult:
    """``hand`` judged once for each card of ``follow`` taken as the one written too many (``replay``: one hand
    judged, its plays left out filled in) and as written (``result``), the readings the record's later plays rule
    out dropped, what every other gives kept (see the module's words).  ``result`` where none is left but it."""
    seat = follow.seat
    readings = [(k, replay(_without(hand, follow, k))) for k in follow.kinds]
    kept = [(k, r) for k, r in readings if _fits(r, seat)]
    if not kept:
        return result
    slips = _as_written(hand, result, follow)
    if slips == []:             # the record as written needs no slip: the seat played a card too many, its fault
        return result
    as_written = slips[0] if slips is not None and len(slips) == 1 else None
    results = [r for _, r in kept] + ([result] if as_written is not None else [])
    written = hand.tricks[follow.index].plays[follow.place].cards
    led = len(hand.tricks[follow.index].plays[0].cards)
    each = [(k, _fills(r, seat, follow.left_out), _faults(r, seat)) for k, r in kept]
    plays = [hand.tricks[i].plays if i == follow.index else None for i in range(len(results[0].tricks))]
    if len(results) == 1:       # one reading alone fits the record's later plays: the card too many proven
        return _proven(hand, result, kept[0][1], follow, each[0][:2], plays, order)
    changes, what = agree(results, plays, lambda v: explain_gaps.fault_whichever_card(v.seat, v.code))
    unknowns, derived = shared_facts(results)
    common = set(results[0].derived_plays).intersection(*(r.derived_plays for r in results[1:]))
    changes["derived_plays"] = tuple(p for p in results[0].derived_plays if p in common)
    unknowns.append(Unknown("play", tuple(what), *explain_gaps.slip_readings_open(
        seat, follow.trick, written, led, each, follow.left_out, as_written, what, follow.taker,
        follow.unread == follow.left_out)))
    changes["derived"], changes["unknowns"] = tuple(derived), tuple(unknowns)
    return dataclasses.replace(results[0], **changes)


def _proven(hand: Hand, result: HandResult, reading: HandResult, follow: LongFollow,
            each: tuple[int, tuple[tuple[int, ...], ...] | None], plays: Sequence,
            order: Callable[[Violation], tuple]) -> HandResult:
    """``reading`` (the one that fits: ``each``, its card too many and the plays left out it derives), the follow
    shown as written, its ``wrong_count`` as recorded (``result``) kept as the record's finding (docs/rules.md
    §13.1: the copy here is the one written too many), the follow's play derived."""
    changes, _ = agree([reading], plays, lambda v: (v.message_zh, v.message_en))
    written = hand.tricks[follow.index].plays[follow.place]
    led = len(hand.tricks[follow.index].plays[0].cards)
    zh, en = explain_gaps.slip_reading_proven(follow.seat, written.cards, led, each[0], each[1], follow.left_out,
                                              follow.taker)
    found = [as_record_finding(dataclasses.replace(v, better=(), better_choices=(), message_zh=zh, message_en=en))
             for v in result.violations if (v.code, v.trick, v.seat) == ("wrong_count", follow.trick, follow.seat)]
    violations = sorted([*changes["violations"], *found], key=order)
    cards = list(written.cards)
    cards.remove(each[0])
    actual = dataclasses.replace(written, cards=tuple(cards))
    play = Derived("play", f"{follow.trick}: {SEAT_TOKENS[follow.seat]} {' '.join(TOKEN[k] for k in actual.cards)}",
                   "the cards the seat plays later and its deal line",
                   *explain_gaps.slip_play_derived(follow.trick, follow.seat, actual.cards))
    return dataclasses.replace(reading, violations=tuple(violations), tricks=regrouped(changes["tricks"], violations),
                               derived=(play, *reading.derived),
                               derived_plays=((follow.trick, actual), *reading.derived_plays))


__all__ = ["LongFollow", "find_long_follow", "judge"]
