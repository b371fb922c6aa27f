"""The order of cards in one hand: suit group and strength of every card kind.

A card's identity (:mod:`tractor_analysis.records.cards`) never depends on trump; what
it is worth in a hand does.  :func:`order` builds, once per
``(level, trump, constant_twos)``, two lookup tables over the 54 kinds:

* ``group[kind]`` — the suit group the card plays in: its printed suit 0..3 for
  plain (non-trump) cards, :data:`TRUMP` for trumps (rules.md §2);
* ``strength[kind]`` — its rank inside that group, **contiguous** so that two
  adjacent ranks differ by exactly 1 (the level rank is skipped inside plain
  suits, rules.md §3: "when the level is 5, 4466 is a tractor").

The trump chain, high to low (seed ``003_…`` 【牌的大小顺序】, rules.md §2)::

    BJ > LJ > trump-suit level card > off-suit level cards (all equal)
       > [constant twos: trump-suit 2 > off-suit 2s (all equal)]
       > trump suit A, K, … (without the level rank, and without 2 under constant twos)

No trump (``trump is None``): trumps are the jokers and the level cards, all
level cards equal: ``BJ > LJ > level cards`` (with constant twos, the 2s follow
the level cards, all equal — the seeds do not spell this case out; it is the
natural reading of "2 为常主" without a trump suit).

With ``level_tractors = False`` (Botzone's judge) the strengths keep a gap of one before the
off-suit level cards, before the trump-suit level card and before the small joker: the order
of single cards is the same, but no tractor chains across a gap, so level cards never form
tractors and the jokers only as small-small-big-big.

Cards of equal strength but different kinds (off-suit level cards) never form a
pair together and never chain into a tractor with each other: a tractor needs
pairs of *adjacent* strengths.  "A level card does not chain with its own
suit's plain cards" (rules.md §3) falls out of this table, since level cards
are in the trump group.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Callable

from ..records.cards import BJ, LJ, NUM_KINDS, RANK_OF, SUIT_OF, SUITS, Rank, Suit, card

TRUMP = 4
"""Suit group of the trumps (主牌); plain suits are groups 0..3 (S, H, D, C)."""
GROUPS = (0, 1, 2, 3, TRUMP)
GROUP_NAMES_ZH = ("黑桃", "红桃", "方块", "梅花", "主牌")
GROUP_NAMES_EN = ("spades", "hearts", "diamonds", "clubs", "trumps")


@dataclass(frozen=True, slots=True)
class Order:
    """Suit group and strength of every card kind for one hand (build with :func:`order`)."""

    level: Rank
    trump: Suit | None
    constant_twos: bool
    group: tuple[int, ...]
    """Per kind: 0..3 plain suit, :data:`TRUMP` for trumps."""
    strength: tuple[int, ...]
    """Per kind: strength inside its group, contiguous (adjacent = +1); equal cards share one."""
    kinds: tuple[tuple[int, ...], ...]
    """Per group: its kinds, weakest first (equal-strength kinds in kind order)."""
    at: tuple[tuple[tuple[int, ...], ...], ...]
    """Per group, per strength: the kinds of that strength (several for off-suit level cards)."""
    level_tractors: bool = True
    """Level cards and jokers chain with their neighbours (``False``: gaps, see the module doc)."""
    flat: tuple[bool, ...] = ()
    """Per group: every strength holds exactly one kind (then ``kinds[group][s]`` is the kind at
    strength ``s``); lets the per-trick scans skip the per-strength lists."""
    held: tuple[Callable[[Any], Any], ...] = field(default=(), compare=False, repr=False)
    """Per group: a hand's counts (54, list or tuple) of the group's kinds, in ``kinds`` order, as
    one C call (:func:`operator.itemgetter`, a slice for a group of one kind or none)."""

    def top(self, group: int) -> int:
        """Highest strength in ``group``."""
        return len(self.at[group]) - 1

    def key(self, kind: int) -> tuple[int, int, int]:
        """Sort key: plain suits before trumps, weak before strong, then kind order."""
        return (self.group[kind], self.strength[kind], kind)

    def sort(self, cards) -> tuple[int, ...]:
        """Cards weakest first by suit group (plain suits, then trumps)."""
        g, s = self.group, self.strength
        return tuple(sorted(cards, key=lambda k: (g[k], s[k], k)))


def order(level: Rank, trump: Suit | None, constant_twos: bool = False, level_tractors: bool = True) -> Order:
    """The :class:`Order` of a hand at ``level`` with ``trump`` (``None`` = no trump): one object per
    hand type however the arguments are spelled (the lead memos are keyed on its identity).

    >>> o = order(10, 1)                      # level 10, hearts trump
    >>> from tractor_analysis.records.cards import parse_card as p
    >>> o.group[p("S10")] == o.group[p("HA")] == TRUMP, o.strength[p("S10")] == o.strength[p("C10")]
    (True, True)
    >>> o.strength[p("CJ")] - o.strength[p("C9")]       # 10 is skipped in plain suits
    1
    """
    return _order(level, trump, bool(constant_twos), bool(level_tractors))


@functools.cache
def _order(level: Rank, trump: Suit | None, constant_twos: bool, level_tractors: bool) -> Order:
    """:func:`order`, cached by its arguments in one spelling."""
    if not 2 <= level <= 14:
        raise ValueError(f"level must be a rank 2..14, not {level!r}")
    if trump is not None and trump not in SUITS:
        raise ValueError(f"trump must be a suit 0..3 or None, not {trump!r}")
    twos = constant_twos and level != 2
    group = [0] * NUM_KINDS
    strength = [0] * NUM_KINDS
    plain_ranks = [r for r in range(2, 15) if r != level and not (twos and r == 2)]

    for suit in SUITS:
        if suit == trump:
            continue
        for i, r in enumerate(plain_ranks):
            k = card(suit, r)
            group[k], strength[k] = suit, i

    s = 0
    if trump is not None:                      # trump suit's plain ranks, weakest first
        for r in plain_ranks:
            k = card(trump, r)
            group[k], strength[k] = TRUMP, s
            s += 1
    if twos:                                   # off-suit 2s (equal), then the trump-suit 2
        for suit in SUITS:
            if suit != trump:
                k = card(suit, 2)
                group[k], strength[k] = TRUMP, s
        s += 1
        if trump is not None:
            k = card(trump, 2)
            group[k], strength[k] = TRUMP, s
            s += 1
    gap = 0 if level_tractors else 1             # Botzone: level cards and jokers chain with nothing
    s += gap
    for suit in SUITS:                         # off-suit level cards (equal)
        if suit != trump:
            k = card(suit, level)
            group[k], strength[k] = TRUMP, s
    s += 1 + gap
    if trump is not None:                      # the trump-suit level card
        k = card(trump, level)
        group[k], strength[k] = TRUMP, s
        s += 1 + gap
    group[LJ], strength[LJ] = TRUMP, s
    group[BJ], strength[BJ] = TRUMP, s + 1

    kinds = []
    at = []
    for g in GROUPS:
        ks = sorted((k for k in range(NUM_KINDS) if group[k] == g), key=lambda k: (strength[k], k))
        kinds.append(tuple(ks))
        top = max((strength[k] for k in ks), default=-1)
        at.append(tuple(tuple(k for k in ks if strength[k] == st) for st in range(top + 1)))
    flat = tuple(all(len(ks) == 1 for ks in per) for per in at)
    held = tuple(itemgetter(*ks) if len(ks) > 1 else itemgetter(slice(ks[0], ks[0] + 1) if ks else slice(0, 0))
                 for ks in kinds)
    return Order(level=level, trump=trump, constant_twos=constant_twos, level_tractors=level_tractors,
                 group=tuple(group),
                 strength=tuple(strength), kinds=tuple(kinds), at=tuple(at), flat=flat, held=held)


def is_trump(o: Order, kind: int) -> bool:
    return o.group[kind] == TRUMP


def is_level_card(o: Order, kind: int) -> bool:
    return kind < 52 and RANK_OF[kind] == o.level


def group_name(g: int) -> tuple[str, str]:
    """(中文, English) name of a suit group."""
    return GROUP_NAMES_ZH[g], GROUP_NAMES_EN[g]


__all__ = ["TRUMP", "GROUPS", "Order", "order", "is_trump", "is_level_card", "group_name", "SUIT_OF"]
