"""The hands a deal line its seat's plays contradict is read as (docs/rules.md §1.6): a play on the line miscopied
(:func:`plays_miscopied`: each card played beyond the line read as a card the seat holds after the last trick, every
way up to :data:`MAX_PLAY_READINGS`), the line miscopied and read from the seat's plays (:func:`line_from_plays`), and a
card written in another seat's long line (:func:`written_elsewhere`).  :mod:`.deal_lines` judges the hand under each
and keeps what every reading gives.  The line readings of a rebidder left with a card of the bottom it took after 炒地皮
read the chain of takes flattened (:func:`chain_flattened`).
"""
from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from typing import Mapping

from ..records.model import Hand
from .deal_line_proof import bottom_takes, line_gives, line_taker, taker_cards_known, takers_of
from .verdicts import HandResult



def line_without(line: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...] | None:
    rest = list(line)
    for k in cards:
        if k not in rest:
            return None
        rest.remove(k)
    return tuple(rest)


def rebid_left_taken(hand: Hand, left: Mapping[int, tuple[int, ...]]) -> frozenset[int]:
    """The rebidders (takers of the bottom after 炒地皮, not the dealer) of ``left`` whose cards left after the last
    trick are not all given by their deal line: a card left came with the bottom each took — the bury of the taker
    before it (docs/rules.md §1.5, §9.5)."""
    if hand.deal is None:
        return frozenset()
    return frozenset(s for s, cards in left.items() if s in takers_of(hand) and s != line_taker(hand)
                     and line_without(hand.deal[s], tuple(cards)) is None)


def chain_flattened(hand: Hand, left: Mapping[int, tuple[int, ...]], bottom_size: int) -> Hand | None:
    """``hand`` with its chain of takes of the bottom flattened (炒地皮, docs/rules.md §1.5, §9.5): each taker's line
    its cards for the tricks (:func:`.deal_line_proof.line_gives`: its line with the bottom it took, less its bury)
    less the cards it still holds after the last trick (``left``), as any seat's line less those is read
    (:func:`.deal_lines.rejudge`), and every take a take of the last bury, buried again: the ``Bottom:`` line and each
    bury the last bury (the bottom as it lies in play, whose points the last trick takes, kept).  Each taker's
    cards are then one pool — a card left that came with the bury it took is taken out of that pool, not out of the
    bury (which would change the cards of the taker before it, or the bury's size) — and no other seat's cards
    change: every reading of :mod:`.deal_lines` that moves such a card moves it within the pool.  The other seats'
    lines are left as they are (the caller reads them less their cards left).  ``None`` where the record does not
    write the chain whole, a bury of the chain could not be made from the cards its taker held, the last bury is
    not of the bottom's size (``bottom_size``: each take of it would be a bury of the wrong size), or ``left``
    names a card a taker's cards do not give."""
    chain = bottom_takes(hand)
    if chain is None or hand.deal is None or hand.buried is None or len(hand.buried) != bottom_size:
        return None
    held = [Counter(line) for line in hand.deal]
    for taker, taken, bury in chain:
        pool = held[taker] + Counter(taken)
        if Counter(bury) - pool:
            return None
        held[taker] = pool - Counter(bury)
    lines = list(hand.deal)
    for seat in takers_of(hand):
        cards = Counter(left.get(seat, ()))
        if cards - held[seat]:
            return None
        lines[seat] = tuple(sorted((held[seat] - cards).elements()))
    return dataclasses.replace(hand, deal=tuple(lines), bottom=hand.buried,
                               earlier_buries=(hand.buried,) * len(hand.earlier_buries))


def written_elsewhere(hand: Hand, result: HandResult, seats: frozenset[int],
                       base: Hand) -> tuple[Hand, tuple[tuple[int, int, int], ...]] | None:
    """``hand`` read with each card a seat not of ``seats`` never plays — its line longer than a hand holds, its cards
    left after the last trick (its ``deal_mismatch``) — that a seat of ``seats`` plays beyond its line being that
    seat's, written in the wrong line: the long line without it, and the other seat's line (``base``: ``hand`` with
    the lines of ``seats`` less the cards each still holds, as :func:`.deal_lines.rejudge` reads them) with it — the card too many is then no misdeal
    (多少牌, docs/rules.md §10.3), nor does any verdict rest on the long line's seat holding it.  With the moves
    ``(card, from seat, to seat)``; ``None`` where there is no such card (a taker's line, with the bottom it took and
    its bury, is not read so)."""
    if hand.deal is None:
        return None
    size = result.rules.hand_size
    beyond: dict[int, Counter] = {}
    for s in seats:
        line = line_gives(hand, s)
        if s not in takers_of(hand) and line is not None:
            beyond[s] = Counter(k for t in hand.tricks for p in t.plays if p.seat == s for k in p.cards) - line
    lines = [tuple(line) for line in base.deal or ()]
    moves: list[tuple[int, int, int]] = []
    for v in result.violations:
        m = v.seat
        if (v.code != "deal_mismatch" or v.trick is not None or m is None or m in seats or m in takers_of(hand)
                or not v.played or len(hand.deal[m]) <= size):
            continue
        for k in v.played:
            to = next((s for s in sorted(beyond) if beyond[s][k] > 0), None)
            rest = line_without(lines[m], (k,)) if to is not None else None
            if rest is None or len(rest) < size:
                continue
            beyond[to][k] -= 1
            lines[m], lines[to] = rest, lines[to] + (k,)
            moves.append((k, m, to))
    if not moves:
        return None
    return dataclasses.replace(base, deal=tuple(lines)), tuple(moves)


def line_from_plays(hand: Hand, seats: frozenset[int], base: Hand) -> Hand | None:
    """``hand`` read with the lines of ``seats`` miscopied: each line (``base``: ``hand`` with those lines less the
    cards each seat holds after the last trick, as :func:`.deal_lines.rejudge` reads them — a taker's, after 炒地皮,
    its cards with the chain flattened: :func:`chain_flattened`) with the cards its seat plays beyond it — the
    seat's cards are then those it plays, every one of them held (docs/rules.md §1.6).  ``None`` where a line's
    cards for the tricks are not known (a taker's of the bottom, the chain of takes not written whole:
    :func:`.deal_line_proof.line_gives`)."""
    lines = list(base.deal or ())
    for s in sorted(seats):
        gives = line_gives(hand, s)
        if gives is None:
            return None
        beyond = Counter(k for t in hand.tricks for p in t.plays if p.seat == s for k in p.cards) - gives
        lines[s] = tuple(lines[s]) + tuple(sorted(beyond.elements()))
    return dataclasses.replace(base, deal=tuple(lines))


def _orders(counts: Counter) -> list[tuple[int, ...]]:
    """Each distinct order of the cards ``counts`` holds (a multiset's permutations, each once: as many as the
    multinomial :func:`_ways_over` bounds — never the factorial of the cards' number, as the orders of every copy
    apart would be)."""
    if len(counts) <= 1:
        return [tuple(counts.elements())]      # one kind (or none): one order, however many its copies
    return [(k,) + rest for k in sorted(counts) for rest in _orders(counts - Counter({k: 1}))]


MAX_PLAY_READINGS = 24
"""The most ways :func:`plays_miscopied` reads a hand (each seat's cards left put in place of the cards it played
and its line does not give, in every order)."""


MAX_HAND_CARDS = 64
"""More cards left, or played beyond a line, than any hand holds (3 decks: 39 a seat and the bottom): no reading is
made (:func:`plays_miscopied`)."""


def _ways_over(rest: Counter, beyond: Counter, where: Mapping[int, list], limit: int) -> bool:
    """Are there more than ``limit`` ways to read one seat's plays miscopied — the plays of the cards ``beyond`` its
    line chosen (``where``: each card's plays), times the orders of the cards ``rest`` left?  Counted factor by
    factor, each at least 1, stopping as soon as the count passes ``limit``: a damaged line leaving a seat thousands
    of cards (the fuzzer's) costs as little as a real one (the multinomial whole would be a factorial of thousands)."""
    count, placed = 1, 0
    for k, n in beyond.items():
        count *= math.comb(len(where[k]), n)
        if count > limit:
            return True
    for c in rest.values():
        placed += c
        count *= math.comb(placed, c)
        if count > limit:
            return True
    return False


def plays_miscopied(hand: Hand, seats: frozenset[int], left: Mapping[int, tuple[int, ...]]) -> list[Hand]:
    """``hand`` read with its plays miscopied rather than the lines of ``seats``: the cards a seat plays beyond its
    line (any of its plays of such a card may be the miscopied one) each replaced by a card it holds after the last
    trick (``left``: where the record stops, when it stops before the hand's end) — every way, when each seat has as many of both and the ways are at most :data:`MAX_PLAY_READINGS`.
    A taker's of the bottom (the dealer, after 炒地皮 each rebidder) gives it its line with the bottom it took, less
    its bury: read so where those cards are known exactly (:func:`.deal_line_proof.taker_cards_known`).  None
    otherwise (``[]``): a taker's cards not known exactly, a failed throw among its plays of such a card, other
    counts."""
    ways: list[list[list[tuple[tuple[int, int, int], int]]]] = []      # per seat, its ways: (slot, new card) each
    for seat in sorted(seats):
        if hand.deal is None or (seat in takers_of(hand) and not taker_cards_known(hand, seat)):
            return []
        line = line_gives(hand, seat)
        if line is None:
            return []
        where: dict[int, list[tuple[int, int, int]]] = {}       # per card, each play of it: (trick, play, card)
        for i, trick in enumerate(hand.tricks):
            for j, play in enumerate(trick.plays):
                if play.seat == seat:
                    for k in play.cards:
                        where.setdefault(k, []).append((i, j, k))
        played = Counter({k: len(v) for k, v in where.items()})
        beyond, rest = played - line, line - played
        if not beyond or rest != Counter(left.get(seat, ())):
            return []
        if any(hand.tricks[i].plays[j].attempted is not None for k in beyond for i, j, _ in where[k]):
            return []
        # the ways counted before any is made, stopping past the limit: the orders of the cards left are a
        # multinomial (two swapped lines leave some 20 cards: 20! orders — a scorer's tester's record ran out of
        # memory making them; a damaged line thousands: the fuzzer's, whose factorial never ended)
        if sum(rest.values()) > MAX_HAND_CARDS or sum(beyond.values()) > MAX_HAND_CARDS:
            return []       # no hand holds so many: a damaged line (the fuzzer's)
        if _ways_over(rest, beyond, where, MAX_PLAY_READINGS):
            return []
        picks = [list(itertools.combinations(where[k], n)) for k, n in sorted(beyond.items())]
        news = _orders(rest)
        ways.append([list(zip(itertools.chain.from_iterable(chosen), new))
                     for chosen in itertools.product(*picks) for new in news])
    if not ways or math.prod(map(len, ways)) > MAX_PLAY_READINGS:
        return []
    hands = []
    for choice in itertools.product(*ways):
        tricks = [list(t.plays) for t in hand.tricks]
        for (i, j, old), new in itertools.chain.from_iterable(choice):
            play = tricks[i][j]
            cards = list(play.cards)
            cards[cards.index(old)] = new
            tricks[i][j] = dataclasses.replace(play, cards=tuple(cards))
        hands.append(dataclasses.replace(hand, tricks=tuple(
            dataclasses.replace(t, plays=tuple(p)) for t, p in zip(hand.tricks, tricks))))
    return hands
