"""The cards each seat played, counted per kind (54 kinds: a row of counts a seat).

:func:`counts` turns cards into a row (in C when the trick core is built; :func:`counts_python` is the
reference), :func:`card_list` a row back into cards, :func:`multiset_minus` takes one row from another.
:func:`cards_by_seat` gathers the cards each seat plays in a hand, :func:`how_many_played` counts them.
:class:`Played` gives each seat's row of a hand's plays, counted the first time it is asked for, and
:meth:`Played.held` the cards the plays show each seat held when play began (a failed throw's cards
too: docs/rules.md §15).  Used by :mod:`.starting_hands`, :mod:`.bottom_exchange` and the readings of
a record's gaps.
"""
from __future__ import annotations

from collections import Counter
from operator import sub
from typing import Sequence

from ..records.cards import NUM_KINDS, Card
from ..records.model import Hand
from .tricks import COUNTS as _C_COUNTS


def counts(cards: Sequence[Card]) -> list[int]:
    """Counts per kind of ``cards`` (a new list): in C when the trick core is built."""
    if _C_COUNTS is not None:
        c = _C_COUNTS(cards)
        if c is not None:
            return c
    return counts_python(cards)


def counts_python(cards: Sequence[Card]) -> list[int]:
    """:func:`counts` in Python (the reference)."""
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def card_list(per_kind: Sequence[int]) -> list[Card]:
    """The cards of counts per kind, in kind order."""
    return [k for k in range(NUM_KINDS) for _ in range(per_kind[k])]


def multiset_minus(a: Sequence[int], b: Sequence[int]) -> tuple[list[int], list[Card]]:
    """``a - b`` clamped at 0, and the kinds of ``b`` that ``a`` lacks (with multiplicity)."""
    out = list(map(sub, a, b))
    if min(out) >= 0:                   # b within a: nothing missing (the common case, in one pass)
        return out, []
    out = list(a)
    missing: list[Card] = []
    for k in range(NUM_KINDS):
        if b[k]:
            if out[k] >= b[k]:
                out[k] -= b[k]
            else:
                missing.extend([k] * (b[k] - out[k]))
                out[k] = 0
    return out, missing


class Played:
    """:func:`played_rows` of a hand, counted the first time a seat's row is asked for (a hand dealt
    in full with its bottom and bury needs it only for the miscount rule): indexes and iterates
    like the tuple of four rows."""
    __slots__ = ("hand", "rows", "one")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.rows: tuple[tuple[int, ...], ...] | None = None
        self.one: dict[int, tuple[int, ...]] = {}       # a seat's row asked for alone (the dealer's, mostly)

    def all(self) -> tuple[tuple[int, ...], ...]:
        if self.rows is None:
            self.rows = played_rows(self.hand)
        return self.rows

    def __getitem__(self, seat: int) -> tuple[int, ...]:
        if self.rows is not None:
            return self.rows[seat]
        row = self.one.get(seat)
        if row is None:
            row = self.one[seat] = tuple(counts([k for t in self.hand.tricks for p in t.plays if p.seat == seat
                                                 for k in p.cards]))
        return row

    def held(self) -> tuple[tuple[int, ...], ...]:
        """The cards each seat is shown by the plays to have held when play began: those it played, and the
        cards it showed in a failed throw (held then: docs/rules.md §15) that it does not play from that trick
        on (the record may end, or be left unread, before it plays them).  Not where a trick leaves a play out: a
        card shown may then be the play left out (:mod:`.record_gaps`, which says so), and counted as held it would
        stay in the seat's hand to the end, a wrong follow on a guess."""
        rows = self.all()
        tricks = self.hand.tricks
        if not any(p.attempted for t in tricks for p in t.plays) or any(len(t.plays) < 4 for t in tricks):
            return rows
        return held_from_plays(self.hand, rows)

    def __iter__(self):
        return iter(self.all())

    def __len__(self) -> int:
        return 4


def cards_by_seat(hand: Hand) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
    """N, E, S, W: the cards each seat plays in ``hand``'s record, in the order of its plays (new lists)."""
    cards: tuple[list[Card], list[Card], list[Card], list[Card]] = ([], [], [], [])
    for trick in hand.tricks:
        for play in trick.plays:
            cards[play.seat].extend(play.cards)
    return cards


def how_many_played(hand: Hand) -> list[int]:
    """N, E, S, W: how many cards each seat plays in ``hand``'s record (a new list)."""
    return [len(seat_cards) for seat_cards in cards_by_seat(hand)]


def played_rows(hand: Hand) -> tuple[tuple[int, ...], ...]:
    """The cards each seat played in the whole hand (counts per kind; each seat's cards gathered,
    :func:`cards_by_seat`, then counted at once: :func:`counts`)."""
    return tuple(tuple(counts(seat_cards)) for seat_cards in cards_by_seat(hand))


def held_from_plays(hand: Hand, rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """:meth:`Played.held`: ``rows`` (the cards played) with, per seat and kind, the most copies a failed
    throw of that seat showed beyond those it plays from that trick on."""
    extra = [[0] * NUM_KINDS for _ in range(4)]
    later = [[0] * NUM_KINDS for _ in range(4)]        # the cards each seat plays from the trick on
    for trick in reversed(hand.tricks):
        for play in trick.plays:
            for k in play.cards:
                later[play.seat][k] += 1
        for play in trick.plays:
            if play.attempted:
                row, ahead = extra[play.seat], later[play.seat]
                for k, n in Counter(play.attempted).items():
                    if n - ahead[k] > row[k]:
                        row[k] = n - ahead[k]
    return tuple(tuple(a + b for a, b in zip(rows[s], extra[s])) for s in range(4))
