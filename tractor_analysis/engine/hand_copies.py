"""A hand number written more than once (``duplicate_hand``): what the hand after the copies carries in.

The record gives hand *n* twice (a full record and a score sheet of it, say) and does not say which copy
is right.  Each copy is one reading of the record: the match with that copy as hand *n*, carrying in what
hand *n* − 1 handed on (the first copy's own replay; a later copy is replayed again for it with what the
first copy carried in — its own verdict, shown where it is written, keeps "not checked (hand *n* is
written twice)").  The hand written right after a copy of *n* and numbered *n* + 1 carries in what every
reading hands on: a level, the dealer, whether the deal is bid for — each where every copy gives the same;
where they differ it is not known (docs/rules.md §14.1), the check of ``[Level]`` / ``[Dealer]`` resting
on it withheld ("not checked"), never a violation.  Where every copy hands on the same, nothing changes.
The record's final levels, when it ends with such copies, likewise (each copy as its last hand).

A later copy that cannot be the same deal as written (:func:`may_be_next`: another ``[Dealer]``, other deal
lines, another play of a seat in a trick both give) may instead be the NEXT hand with its number miswritten:
that is one more reading — the first copy, then that copy as the hand after it (carried in what the first copy
hands on) — and what follows carries in what every reading, this one too, hands on (:attr:`CopiesDiffer.misnumbered`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..records.model import Hand
from . import explain_readings
from .verdicts import HandResult, Unknown


@dataclass(frozen=True)
class Carry:
    """What a hand hands on to the next (or what is carried into a hand)."""

    levels: tuple[int | None, ...]
    """Per player N, E, S, W; ``None`` where not known."""
    spans: tuple | None
    """Per player, the lowest and highest level a ``?`` take-back leaves (``HandResult.levels_after_span``)."""
    dealer: int | None
    """The dealer the outcome names (``None``: not known, or the deal is bid for)."""
    bid_for: bool
    """The next deal is bid for (a hand neither side won)."""
    chain: str | None
    """How the chain breaks after the hand (``no_result``), ``None`` when it does not."""
    pairs: tuple[tuple[int, int], ...] | None = field(default=None, compare=False)
    """Where ``spans`` bound both sides together: the levels (N–S, E–W) each reading gives them
    (``HandResult.levels_after_pairs``); ``None`` otherwise (and never carried over copies of a hand)."""

    def fields(self) -> tuple:
        """``(levels, spans, dealer, bid_for, chain)``."""
        return self.levels, self.spans, self.dealer, self.bid_for, self.chain


@dataclass(frozen=True)
class CopiesDiffer:
    """The copies of hand ``number`` hand on different things: per copy (in the record's order) ``readings``."""

    number: int
    readings: tuple[Carry, ...]
    level_seats: tuple[int, ...]
    """The seats whose level differs between the copies (not known after the merge)."""
    dealer_open: bool
    """The next dealer (or whether the deal is bid for) differs between the copies."""
    friend: bool
    unread: int = 0
    """More copies than :data:`MAX_COPIES`: how many (``readings`` then empty — none replayed)."""
    misnumbered: int = 0
    """How many of ``readings`` (the last ones) are a later copy read as the next hand, misnumbered
    (:func:`may_be_next`): ``readings`` holds one per copy, then these."""

    @property
    def copies(self) -> int:
        """How many times the hand is written (``unread``: more than are read)."""
        return self.unread or len(self.readings) - self.misnumbered


MAX_COPIES = 16
"""The most copies of one hand number read one by one (each replayed once more as a reading): past it
nothing is carried over them, as over a hand not in the record — a record of thousands of hands all
numbered alike (a damaged file) is replayed once, not twice."""


def _too_many(number: int, copies: int, friend: bool) -> tuple[Carry, CopiesDiffer]:
    """What more than :data:`MAX_COPIES` copies of hand ``number`` hand on: nothing known."""
    return (Carry((None,) * 4, None, None, False, None),
            CopiesDiffer(number, (), (0, 1, 2, 3), True, friend, copies))


def numbered(hands: Sequence[Hand]) -> dict[int, list[int]]:
    """The places of the hands by their number, in the record's order (built once per match: a look-up per
    hand, never a scan of the match per hand)."""
    places: dict[int, list[int]] = {}
    for j, h in enumerate(hands):
        places.setdefault(h.number, []).append(j)
    return places


def copies_of(hands: Sequence[Hand], index: int, places: dict[int, list[int]]) -> list[int]:
    """The places of every hand numbered as ``hands[index]`` (itself included), in the record's order;
    ``places``: :func:`numbered` of ``hands``."""
    return places[hands[index].number]


def may_be_next(first: Hand, later: Hand) -> bool:
    """``later``, written with ``first``'s number after it, cannot be the same deal as written — so it may be the
    hand after ``first`` with its number miswritten: both state a dealer and not the same one; or both give a
    seat's deal line (read whole, neither a position) and not the same cards; or a trick both give holds a
    play of one seat with other cards (a copy of one hand gives the same plays).  A score sheet of the same
    dealer says nothing either way (``False``: read as a copy only)."""
    if first.dealer is not None and later.dealer is not None and first.dealer != later.dealer:
        return True
    if first.setup or later.setup:
        return False
    if first.deal is not None and later.deal is not None:
        unread = {s for s, _ in first.deal_unread} | {s for s, _ in later.deal_unread}
        if any(a and b and s not in unread and sorted(a) != sorted(b)
               for s, (a, b) in enumerate(zip(first.deal, later.deal))):
            return True
    plays = {(t.number, p.seat): sorted(p.cards) for t in first.tricks for p in t.plays}
    return any(plays.get((t.number, p.seat), sorted(p.cards)) != sorted(p.cards) for t in later.tricks for p in t.plays)


def next_copies(hands: Sequence[Hand], copies: Sequence[int]) -> list[int]:
    """The places of the later copies (``copies``: every copy's place, the first first) that may be the next hand
    misnumbered (:func:`may_be_next`)."""
    return [j for j in copies[1:] if may_be_next(hands[copies[0]], hands[j])]


def merged(number: int, readings: Sequence[Carry], friend: bool, misnumbered: int = 0
           ) -> tuple[Carry, CopiesDiffer | None]:
    """What every reading hands on: a value where they all give it, ``None`` where they differ; with what
    differs (``None`` when nothing does)."""
    first = readings[0]
    if all(r == first for r in readings):
        return first, None
    seats = tuple(s for s in range(4) if len({(r.levels[s], r.spans[s] if r.spans else None)
                                                for r in readings}) > 1)
    levels = tuple(None if s in seats else first.levels[s] for s in range(4))
    spans = None
    if first.spans is not None and all(r.spans is not None for r in readings):
        kept = tuple(None if s in seats else first.spans[s] for s in range(4))
        spans = kept if any(kept) else None
    dealer_open = len({(r.dealer, r.bid_for) for r in readings}) > 1
    dealer, bid_for = (None, False) if dealer_open else (first.dealer, first.bid_for)
    chain = first.chain if all(r.chain == first.chain for r in readings) else None
    carry = Carry(levels, spans, dealer, bid_for, chain)
    if not seats and not dealer_open:
        return carry, None
    return carry, CopiesDiffer(number, tuple(readings), seats, dealer_open, friend, misnumbered=misnumbered)


def over_copies(hands: Sequence[Hand], index: int, carried_in: Sequence[Carry | None],
                handed_on: Sequence[Carry | None], reading: Callable[..., Carry],
                friend: bool, places: dict[int, list[int]], next_reading: Callable[..., Carry] | None = None
                ) -> tuple[Carry, CopiesDiffer | None] | None:
    """What the copies of ``hands[index]`` hand on under every reading (``None`` when its number is written
    once): the first copy's own (``handed_on``), each later copy's from ``reading(j, first)`` — copy ``j``
    replayed with what the first copy ``first`` carried in (``carried_in``) —, and each later copy that may be
    the next hand misnumbered (:func:`next_copies`), from ``next_reading(j, first)``: copy ``j`` replayed with
    what the first copy hands on."""
    copies = copies_of(hands, index, places)
    if len(copies) < 2 or carried_in[copies[0]] is None or handed_on[copies[0]] is None:
        return None
    if len(copies) > MAX_COPIES:
        return _too_many(hands[index].number, len(copies), friend)
    nexts = next_copies(hands, copies) if next_reading is not None else []
    readings = ([handed_on[copies[0]]] + [reading(j, copies[0]) for j in copies[1:]]
                + [next_reading(j, copies[0]) for j in nexts])   # type: ignore[misc]
    return merged(hands[index].number, readings, friend, len(nexts))


def final_copies(hands: Sequence[Hand], handed_on: Sequence[Carry | None], reading: Callable[..., Carry],
                 friend: bool, places: dict[int, list[int]], next_reading: Callable[..., Carry] | None = None
                 ) -> tuple[Carry, CopiesDiffer | None] | None:
    """What the record's end is under every reading when it ends with copies of one hand (every hand from the
    first copy on has its number): each copy's end as the record's last hand (``reading(j, first, True)``), then
    each later copy's that may be the next hand misnumbered, as the hand after the first
    (``next_reading(j, first, True)``).  ``None`` when the record does not end so."""
    if not hands:
        return None
    copies = copies_of(hands, len(hands) - 1, places)
    first = copies[0]
    if len(copies) < 2 or copies != list(range(first, len(hands))) or handed_on[first] is None:
        return None
    if len(copies) > MAX_COPIES:
        return _too_many(hands[first].number, len(copies), friend)
    nexts = next_copies(hands, copies) if next_reading is not None else []
    return merged(hands[first].number, [reading(j, first, True) for j in copies]
                  + [next_reading(j, first, True) for j in nexts], friend, len(nexts))   # type: ignore[misc]


def with_copies_unknown(hand: Hand, result: HandResult, differ: CopiesDiffer) -> HandResult:
    """``result`` of the hand carried in from copies that ``differ``: an unknown ``Levels`` saying so, and
    what is withheld for it — the check of ``[Level]`` where the dealer's side's level differs (or the dealer
    is not known), of ``[Dealer]`` where the next dealer differs; else, where a level differs, the levels after
    (a side's level not known is carried on).  A dealer not known for it is the setting's unknown ``Dealer``."""
    dealer = result.dealer
    level_open = bool(differ.level_seats) and (dealer is None or dealer in differ.level_seats
                                               or (not differ.friend and dealer ^ 2 in differ.level_seats))
    what = tuple(w for w, open_ in (("level_check", hand.level is not None and level_open),
                                    ("dealer_check", hand.dealer is not None and differ.dealer_open
                                     and not hand.setup))
                 if open_)
    if not what:        # no check rests on it: what the next hands carry (a level not known) still does
        what = ("levels",) if differ.level_seats else ()
    zh, en = explain_readings.copies_differ(differ.number, differ.readings, differ.level_seats,
                                            differ.dealer_open, differ.friend, what, unread=differ.unread,
                                            misnumbered=differ.misnumbered)
    return dataclasses.replace(result, unknowns=result.unknowns + (Unknown("Levels", what, zh, en),))


def final_unknown(differ: CopiesDiffer) -> Unknown:
    """The match's unknown where its last hand's copies leave the final levels open (withholding nothing of
    its own: ``result`` there would mean a damaged file, :func:`.scoring.match_facts`; who won, where a level
    it rests on is not known, is the match's result's to say)."""
    what: tuple[str, ...] = ()
    zh, en = explain_readings.copies_differ(differ.number, differ.readings, differ.level_seats,
                                            differ.dealer_open, differ.friend, what, final=True,
                                            unread=differ.unread, misnumbered=differ.misnumbered)
    return Unknown("Levels", what, zh, en)
