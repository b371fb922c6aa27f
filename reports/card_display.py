"""Cards for people: a hand's cards in the order a player holds them, and the labels of a
trump, a level and a seat.

Part of the report model (:mod:`.model`): the hand and match pages' views (:mod:`.hand_page`,
:mod:`.match_page`) and the index's fact rows read it.  Cards stay kinds (ints); nothing here is HTML.
"""
from __future__ import annotations

from operator import itemgetter, mul
from typing import Callable, Sequence

from tractor_analysis.records.cards import (
    BJ, LJ, NUM_KINDS, RANK_OF, RANK_TOKENS, SEAT_TOKENS, SUIT_OF, SUIT_NAMES_EN, SUIT_NAMES_ZH, SUIT_SYMBOLS,
    Card, Rank, Seat, Suit)

_GROUP_SLOT = (1, 2, 4, 3, 0)
"""Display position of each suit group: trumps first, then S H C D (colours alternate)."""
_KEY_CACHE: dict[tuple[Rank | None, Suit | None, bool], tuple[int, ...]] = {}


def _display_keys(level: Rank | None, trump: Suit | None, constant_twos: bool) -> tuple[int, ...]:
    """Sort key of every kind, as a player holds a hand: trumps first, then suit by
    suit, strongest first (the engine's :func:`~tractor_analysis.engine.order.order`).  A level
    not known (or not a rank) is not taken as 2: :func:`_levelless_order`."""
    from tractor_analysis.engine.order import order

    if level is None or not 2 <= level <= 14:
        group, strength = _levelless_order(trump, constant_twos)
    else:
        o = order(level, trump, constant_twos)
        group, strength = o.group, o.strength
    return tuple(_GROUP_SLOT[group[k]] * 1000 + (99 - strength[k]) * 8 + SUIT_OF[k]
                 for k in range(NUM_KINDS))


def _levelless_order(trump: Suit | None, constant_twos: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Suit group (4: trumps) and strength of every kind when the level is not known: no rank is
    shown as the level's.  Trumps are only what is a trump whatever the level: the jokers, the
    trump suit when it is known, the 2s under ``constant_twos`` (trumps at level 2 as level cards,
    at any other as constant twos); every other card stays in its suit at its rank — the level's
    cards among them, which the page's note says."""
    from tractor_analysis.engine.order import TRUMP

    group, strength = [0] * NUM_KINDS, [0] * NUM_KINDS
    for k in range(52):
        suit, rank = SUIT_OF[k], RANK_OF[k]
        if constant_twos and rank == 2:         # above the trump suit's A: the trump suit's 2 first
            group[k], strength[k] = TRUMP, 14 if suit == trump else 13
        else:
            group[k], strength[k] = (TRUMP if suit == trump else suit), rank - 2
    group[LJ], strength[LJ] = TRUMP, 15
    group[BJ], strength[BJ] = TRUMP, 16
    return tuple(group), tuple(strength)


def display_order(cards, level: Rank | None, trump: Suit | None,
                  constant_twos: bool = False) -> tuple[Card, ...]:
    """``cards`` sorted as a player holds them: trumps first, then suit by suit."""
    table = _KEY_CACHE.get((level, trump, constant_twos))
    if table is None:
        table = _KEY_CACHE[(level, trump, constant_twos)] = _display_keys(level, trump, constant_twos)
    return tuple(sorted(cards, key=table.__getitem__))


_HELD_CACHE: dict[tuple[Rank | None, Suit | None, bool], "Callable[[Sequence[int]], tuple[Card, ...]]"] = {}


def held_in_display_order(level: Rank | None, trump: Suit | None,
                          constant_twos: bool = False) -> "Callable[[Sequence[int]], tuple[Card, ...]]":
    """A function: count vector → its cards in :func:`display_order` (the same tuple as
    ``display_order(cards_of(counts), …)``, without sorting: the kinds are walked in
    display order once, each repeated as often as held)."""
    fn = _HELD_CACHE.get((level, trump, constant_twos))
    if fn is None:
        table = _KEY_CACHE.get((level, trump, constant_twos))
        if table is None:
            table = _KEY_CACHE[(level, trump, constant_twos)] = _display_keys(level, trump, constant_twos)
        perm = tuple(sorted(range(NUM_KINDS), key=table.__getitem__))
        take = itemgetter(*perm)
        chars = tuple(map(chr, perm))           # each kind as one character (kinds < 256)

        def fn(counts: Sequence[int]) -> tuple[Card, ...]:
            # each kind's character repeated as often as held, joined and read back as the
            # kinds: the work is done in C (a tuple of repeat objects was twice as slow)
            return tuple("".join(map(mul, chars, take(counts))).encode("latin-1"))

        _HELD_CACHE[(level, trump, constant_twos)] = fn
    return fn


def display_groups(level: Rank | None, trump: Suit | None,
                   constant_twos: bool = False) -> tuple[int, ...]:
    """Display group of every kind in one hand: 0 trumps, then 1 S, 2 H, 3 C, 4 D
    (the order :func:`display_order` lists them in)."""
    table = _KEY_CACHE.get((level, trump, constant_twos))
    if table is None:
        table = _KEY_CACHE[(level, trump, constant_twos)] = _display_keys(level, trump, constant_twos)
    return tuple(key // 1000 for key in table)


def trump_label(trump: Suit | None) -> str:
    return "NT 无主" if trump is None else f"{SUIT_SYMBOLS[trump]} {SUIT_NAMES_ZH[trump]} {SUIT_NAMES_EN[trump]}"


def level_label(level: Rank | None) -> str:
    return "?" if level is None else RANK_TOKENS.get(level, str(level))


def seat_label(seat: Seat | None) -> str:
    return "—" if seat is None else SEAT_TOKENS[seat]
