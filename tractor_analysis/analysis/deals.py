"""The deals a player could not rule out: the unseen cards dealt to the other seats (and the bottom)
in their known numbers, uniformly among the deals that agree with what the player knows
(:mod:`.knowledge`).

Every physical deal (each copy of a card a card of its own, as the shuffle deals them) is equally
likely.  The sampler draws uniformly among the deals that respect the revealed voids — by counting:
the number of ways to fill the recipients group by group (:class:`_Ways`), then the cards of each
group shuffled into the counts drawn — and keeps a deal only when it agrees with everything else
known (:func:`.knowledge.agrees`): uniform among the agreeing deals.  When the void-respecting deals
are few they are all listed instead (:func:`_every_deal`); when those that agree number at most the
samples asked for, each is taken once with its weight (the physical deals it stands for) and the
result is exact.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from math import factorial, prod

from ..records.cards import NUM_KINDS
from .knowledge import Knowledge, agrees

LIST_AT_MOST = 2_000
"""Void-respecting physical deals listed one by one at most (beyond, the deals are sampled)."""
TRIES_PER_SAMPLE = 400
"""Deals drawn per sample asked for, at most, before the sampler gives up on the rest (and says so)."""


@dataclass(frozen=True, slots=True)
class Deals:
    """The deals a view is judged over: each ``(counts of the 5 recipients, weight)``."""

    deals: tuple[tuple[tuple[tuple[int, ...], ...], int], ...]
    exact: bool
    """Every agreeing deal taken once, weighted: the means are exact."""
    asked: int
    """Samples asked for (``len(deals)`` is fewer only when the agreeing deals were too rare to find)."""


class _Ways:
    """Ways to deal the unseen cards, group by group, into the recipients' remaining room, each
    recipient taking only groups it is not void in."""

    def __init__(self, groups: list[list[int]], allowed: list[list[bool]]) -> None:
        self.groups = groups                     # per group: the unseen cards (kinds, copies repeated)
        self.allowed = allowed                   # per recipient, per group

        @lru_cache(maxsize=None)
        def ways(g: int, room: tuple[int, ...]) -> int:
            if g == len(self.groups):
                return 1 if not any(room) else 0
            m = len(self.groups[g])
            return sum(self.split_weight(split) * ways(g + 1, tuple(r - x for r, x in zip(room, split)))
                       for split in self.splits(g, m, room))

        self.ways = ways

        @lru_cache(maxsize=None)
        def options(g: int, room: tuple[int, ...]) -> tuple[tuple[tuple[tuple[int, ...], int], ...], int]:
            """The splits of group ``g`` into ``room``, each with the deals it leads to, and their total."""
            out = tuple((split, self.split_weight(split) * ways(g + 1, tuple(r - x for r, x in zip(room, split))))
                        for split in self.splits(g, len(self.groups[g]), room))
            return out, sum(n for _, n in out)

        self.options = options

    def splits(self, g: int, m: int, room: tuple[int, ...], r: int = 0):
        """Every way to share ``m`` cards of group ``g`` among recipients ``r``…, within their room."""
        if r == len(room) - 1:
            if m <= room[r] and (m == 0 or self.allowed[r][g]):
                yield (m,)
            return
        top = min(m, room[r]) if self.allowed[r][g] else 0
        for x in range(top + 1):
            for rest in self.splits(g, m - x, room, r + 1):
                yield (x,) + rest

    @staticmethod
    def split_weight(split: tuple[int, ...]) -> int:
        return factorial(sum(split)) // prod(factorial(x) for x in split)


def _setup(kn: Knowledge, ctx):
    group = ctx.order.group
    groups: list[list[int]] = [[] for _ in range(5)]
    for k in range(NUM_KINDS):
        groups[group[k]].extend([k] * kn.unseen[k])
    voids = kn.voids()
    allowed = [[g not in voids[r] for g in range(5)] for r in range(5)]
    return groups, allowed


def _draw(w: _Ways, room: tuple[int, ...], rng: random.Random) -> list[list[int]]:
    """One void-respecting physical deal, uniformly (as 5 recipients' counts)."""
    hands = [[0] * NUM_KINDS for _ in range(len(room))]
    for g, cards in enumerate(w.groups):
        options, total = w.options(g, room)          # the same for every draw from this room: counted once
        pick = rng.randrange(total)
        for split, n in options:
            if pick < n:
                break
            pick -= n
        shuffled = list(cards)
        rng.shuffle(shuffled)
        at = 0
        for r, x in enumerate(split):
            for k in shuffled[at:at + x]:
                hands[r][k] += 1
            at += x
        room = tuple(r - x for r, x in zip(room, split))
    return hands


def _every_deal(kn: Knowledge, allowed, group) -> list[tuple[tuple[tuple[int, ...], ...], int]]:
    """Every void-respecting deal of the unseen cards, by counts, with its weight (physical deals)."""
    kinds = [k for k in range(NUM_KINDS) if kn.unseen[k]]
    out = []
    hands = [[0] * NUM_KINDS for _ in range(5)]
    room = list(kn.sizes)

    def place(i: int, weight: int) -> None:
        if i == len(kinds):
            out.append((tuple(tuple(h) for h in hands), weight))
            return
        k = kinds[i]
        for split in _copies(kn.unseen[k], [room[r] if allowed[r][group[k]] else 0 for r in range(5)], 0):
            for r, x in enumerate(split):
                hands[r][k] += x
                room[r] -= x
            place(i + 1, weight * _Ways.split_weight(split))
            for r, x in enumerate(split):
                hands[r][k] -= x
                room[r] += x

    def _copies(c: int, caps: list[int], r: int):
        if r == 4:
            if c <= room[4] and c <= caps[4]:
                yield (c,)
            return
        for x in range(min(c, room[r], caps[r]) + 1):
            for rest in _copies(c - x, caps, r + 1):
                yield (x,) + rest

    place(0, 1)
    return out


def deals_for(kn: Knowledge, ctx, samples: int, seed: int) -> Deals:
    """The deals ``kn``'s player is judged over: every agreeing deal, weighted, when they number at
    most ``samples`` (exact), else ``samples`` agreeing deals drawn uniformly (``seed``: the same
    input, the same deals)."""
    rng = random.Random(seed)
    groups, allowed = _setup(kn, ctx)
    w = _Ways(groups, allowed)
    room = tuple(kn.sizes)
    total = w.ways(0, room)
    if total <= LIST_AT_MOST:
        agreeing = [(d, n) for d, n in _every_deal(kn, allowed, ctx.order.group) if agrees(kn, ctx, d, True)]
        if len(agreeing) <= samples:
            return Deals(tuple(agreeing), True, samples)
        weights = [n for _, n in agreeing]
        picked = rng.choices(range(len(agreeing)), weights=weights, k=samples)
        return Deals(tuple((agreeing[i][0], 1) for i in picked), False, samples)
    out = []
    for _ in range(samples * TRIES_PER_SAMPLE):
        if len(out) == samples:
            break
        d = _draw(w, room, rng)
        if agrees(kn, ctx, d, True):
            out.append((tuple(tuple(h) for h in d), 1))
    return Deals(tuple(out), False, samples)


__all__ = ["Deals", "LIST_AT_MOST", "deals_for"]
