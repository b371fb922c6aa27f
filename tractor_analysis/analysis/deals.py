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
import time
from bisect import bisect_right
from dataclasses import dataclass
from math import comb, factorial, prod
from operator import sub

from ..records.cards import NUM_KINDS
from .knowledge import Knowledge, agrees

LIST_AT_MOST = 2_000
"""Void-respecting physical deals listed one by one at most (beyond, the deals are sampled)."""
TABLE_AT_MOST = 500
"""A group's splits into a room listed (when the room is met again) only when they are at most this many."""
TRIES_PER_SAMPLE = 400
"""Deals drawn per sample asked for, at most, before the sampler gives up on the rest (and says so)."""
CLOCK_EVERY = 64
"""With a deadline: deals drawn between two looks at the clock."""


@dataclass(frozen=True, slots=True)
class Deals:
    """The deals a view is judged over: each ``(counts of the 5 recipients, weight)``."""

    deals: tuple[tuple[tuple[tuple[int, ...], ...], int], ...]
    exact: bool
    """Every agreeing deal taken once, weighted: the means are exact."""
    asked: int
    """Samples asked for (``len(deals)`` is fewer only when the agreeing deals were too rare to find:
    :attr:`drawn` says how many were drawn, or the deadline came first: :attr:`out_of_time`)."""
    drawn: int = 0
    """Sampled one by one (:data:`TRIES_PER_SAMPLE`): the void-respecting deals drawn, of which ``len(deals)``
    agreed with everything else the seat knew (:func:`.knowledge.agrees`); 0 when the deals were listed (exact,
    or drawn among the agreeing deals listed: every deal drawn agreed)."""
    out_of_time: bool = False
    """The deadline (:func:`deals_for`'s) came before the deals asked for were found: ``deals`` is what was found."""


class _Ways:
    """Ways to deal the unseen cards, group by group, into the recipients' remaining room, each
    recipient taking only groups it is not void in.

    A count is the number of physical deals: ``ways(g, room)`` those of groups ``g``… into ``room``.
    It is counted on a reduced form (:meth:`_count`): recipients without room and empty groups
    dropped, groups allowed to the same recipients merged (their cards then one group), recipients
    allowed the same groups merged (the merged count times the ways to share its cards among them:
    a multinomial); what is left is split one group or one recipient at a time, whichever has the
    fewest splits, each part counted again (memoised).  With no void at all a count is one
    multinomial."""

    def __init__(self, groups: list[list[int]], allowed: list[list[bool]]) -> None:
        self.groups = groups                     # per group: the unseen cards (kinds, copies repeated)
        self.allowed = allowed                   # per recipient, per group
        self._mask = [sum(1 << r for r in range(len(allowed)) if allowed[r][g]) for g in range(len(groups))]
        self._tail = [tuple((len(groups[h]), self._mask[h]) for h in range(g, len(groups)))
                      for g in range(len(groups) + 1)]
        self._memo: dict = {}
        self._core_memo: dict = {}
        self._ways: dict = {}
        self._block_memo: dict = {}
        self._met: dict = {}                     # (group, room) met by a draw: [its deals, its splits listed]

    def ways(self, g: int, room: tuple[int, ...]) -> int:
        """The physical deals of groups ``g``… filling ``room`` exactly."""
        room = tuple(room)
        n = self._ways.get((g, room))
        if n is None:
            n = self._ways[g, room] = self._count(self._tail[g], room)
        return n

    def draw_split(self, g: int, room: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        """A split of group ``g`` into ``room``, each drawn as often as the deals it leads to:
        ``split_at(g, room, rng.randrange(ways(g, room)))``."""
        key = (g, room)
        met = self._met.get(key)
        if met is None:                          # first met: walked
            total = self.ways(g, room)
            self._met[key] = [total, None]
            return self._walk(g, room, rng.randrange(total))
        total, table = met
        if table is None:                        # met again: listed, when its splits are few
            table = met[1] = self._table(g, room)
        pick = rng.randrange(total)
        if table:
            ends, splits = table
            return splits[bisect_right(ends, pick)]
        return self._walk(g, room, pick)

    def split_at(self, g: int, room: tuple[int, ...], pick: int) -> tuple[int, ...]:
        """The split of group ``g`` into ``room`` that deal number ``pick`` (``0 <= pick <
        ways(g, room)``) makes, the deals ordered split by split (each split's counts, recipient 0's
        first, in increasing order: as :meth:`splits` lists them), each split standing for its
        weight times the deals of the groups after it."""
        if not 0 <= pick < self.ways(g, tuple(room)):
            raise ValueError("pick out of range")
        return self._walk(g, tuple(room), pick)

    def _walk(self, g: int, room: tuple[int, ...], pick: int) -> tuple[int, ...]:
        """:meth:`split_at`, found recipient by recipient, skipping whole blocks of splits
        (:meth:`_blocks`); within recipient r's block of ``x`` cards every deal count is a multiple
        of ``comb(left, x)``, so the pick is divided by it and the next recipient's blocks counted
        without it."""
        left = len(self.groups[g])
        now = list(room)
        split = []
        for r in range(len(room) - 1):
            ends = self._blocks(g, r, left, tuple(now))
            x = bisect_right(ends, pick)
            if x:
                pick = (pick - ends[x - 1]) // comb(left, x)
            split.append(x)
            left -= x
            now[r] -= x
        split.append(left)
        return tuple(split)

    def _table(self, g: int, room: tuple[int, ...]):
        """The splits of group ``g`` into ``room`` that lead to deals, with where each one's deals end
        (counted from the first split's), or ``()`` when there could be more than :data:`TABLE_AT_MOST`."""
        m = len(self.groups[g])
        k = sum(1 for r, x in enumerate(room) if x and self.allowed[r][g])
        if k > 1 and comb(m + k - 1, k - 1) > TABLE_AT_MOST:
            return ()
        ends, splits, at = [], [], 0
        for split in self.splits(g, m, room):
            n = self.split_weight(split) * self.ways(g + 1, tuple(x - y for x, y in zip(room, split)))
            if n:
                at += n
                ends.append(at)
                splits.append(split)
        return ends, splits

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

    def _blocks(self, g: int, r: int, left: int, room: tuple[int, ...]) -> list[int]:
        """Per count ``x`` recipient ``r`` may take of the ``left`` cards of group ``g`` still to
        share (recipients before r done, ``room`` what is left), where the deals it leads to end
        (counted from x = 0's)."""
        key = (g, r, left, room)
        ends = self._block_memo.get(key)
        if ends is None:
            mask = self._mask[g]
            rest = mask & ~((2 << r) - 1)           # the recipients after r that may take group g
            tail = self._tail[g + 1]
            top = min(left, room[r]) if mask >> r & 1 else 0
            ends, at = [], 0
            now = list(room)
            for x in range(top + 1):
                now[r] = room[r] - x
                at += comb(left, x) * self._count(((left - x, rest),) + tail, tuple(now))
                ends.append(at)
            self._block_memo[key] = ends
        return ends

    def _count(self, gs: tuple[tuple[int, int], ...], rooms: tuple[int, ...]) -> int:
        """Deals of the groups ``gs`` (each ``(cards, mask of the recipients that may take it)``)
        filling ``rooms`` exactly."""
        key = (gs, rooms)
        n = self._memo.get(key)
        if n is None:
            n = self._memo[key] = self._reduced(gs, rooms)
        return n

    def _reduced(self, gs, rooms) -> int:
        live = 0
        for r, x in enumerate(rooms):
            if x:
                live |= 1 << r
        merged: dict[int, int] = {}
        for m, a in gs:
            if m:
                a &= live
                if not a:
                    return 0
                merged[a] = merged.get(a, 0) + m
        if sum(merged.values()) != sum(rooms):
            return 0
        if not merged:
            return 1
        masks = sorted(merged)
        like: dict[int, list[int]] = {}          # recipients by the (merged) groups they may take
        for r, x in enumerate(rooms):
            if x:
                p = 0
                for i, a in enumerate(masks):
                    if a >> r & 1:
                        p |= 1 << i
                if not p:
                    return 0
                like.setdefault(p, []).append(x)
        factor = 1
        pats = sorted(like)
        for p in pats:
            factor *= _multinomial(like[p])
        if len(pats) == 1:
            return factor
        new = tuple((merged[a], sum(1 << j for j, p in enumerate(pats) if p >> i & 1)) for i, a in enumerate(masks))
        return factor * self._core(new, tuple(sum(like[p]) for p in pats))

    def _core(self, gs, rooms) -> int:
        """As :meth:`_count`, on a reduced form (at least 2 groups and 2 recipients, none alike)."""
        key = (gs, rooms)
        n = self._core_memo.get(key)
        if n is None:
            n = self._core_memo[key] = self._branch(gs, rooms)
        return n

    def _branch(self, gs, rooms) -> int:
        best = None
        for i, (m, a) in enumerate(gs):
            k = a.bit_count()
            size = comb(m + k - 1, k - 1)
            if best is None or size < best[0]:
                best = (size, True, i)
        for r, x in enumerate(rooms):
            k = sum(1 for _, a in gs if a >> r & 1)
            size = comb(x + k - 1, k - 1)
            if size < best[0]:
                best = (size, False, r)
        _, by_group, i = best
        total = 0
        if by_group:                             # group i's cards shared among the recipients it may go to
            m, a = gs[i]
            rest = gs[:i] + gs[i + 1:]
            who = [r for r in range(len(rooms)) if a >> r & 1]
            for xs in _spread(m, [rooms[r] for r in who]):
                w = _multinomial(xs)
                left = list(rooms)
                for r, x in zip(who, xs):
                    left[r] -= x
                total += w * self._count(rest, tuple(left))
        else:                                    # recipient i's room filled from the groups it may take
            which = [j for j, (_, a) in enumerate(gs) if a >> i & 1]
            left = list(rooms)
            left[i] = 0
            left = tuple(left)
            for xs in _spread(rooms[i], [gs[j][0] for j in which]):
                w = 1
                now = list(gs)
                for j, x in zip(which, xs):
                    m, a = gs[j]
                    w *= comb(m, x)
                    now[j] = (m - x, a)
                total += w * self._count(tuple(now), left)
        return total

    @staticmethod
    def split_weight(split: tuple[int, ...]) -> int:
        return factorial(sum(split)) // prod(factorial(x) for x in split)


def _multinomial(parts) -> int:
    out, n = 1, 0
    for x in parts:
        n += x
        out *= comb(n, x)
    return out


def _spread(n: int, caps: list[int]):
    """Every way to share ``n`` among slots of capacities ``caps`` (tuples, in increasing order)."""
    if len(caps) == 1:
        if n <= caps[0]:
            yield (n,)
        return
    room_after = sum(caps[1:])
    for x in range(max(0, n - room_after), min(n, caps[0]) + 1):
        for rest in _spread(n - x, caps[1:]):
            yield (x,) + rest


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
    met = w._met
    for g, cards in enumerate(w.groups):
        seen = met.get((g, room))
        if seen is not None and seen[1]:         # its splits listed (:meth:`_Ways.draw_split`)
            ends, splits = seen[1]
            split = splits[bisect_right(ends, rng.randrange(seen[0]))]
        else:
            split = w.draw_split(g, room, rng)
        shuffled = list(cards)
        rng.shuffle(shuffled)
        at = 0
        for r, x in enumerate(split):
            if x:
                hand = hands[r]
                for k in shuffled[at:at + x]:
                    hand[k] += 1
                at += x
        room = tuple(map(sub, room, split))
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


def deals_for(kn: Knowledge, ctx, samples: int, seed: int, deadline: float | None = None) -> Deals:
    """The deals ``kn``'s player is judged over: every agreeing deal, weighted, when they number at
    most ``samples`` (exact), else ``samples`` agreeing deals drawn uniformly (``seed``: the same
    input, the same deals).  Drawn one by one (more void-respecting deals than :data:`LIST_AT_MOST`),
    at most ``samples`` × :data:`TRIES_PER_SAMPLE` are drawn, and those that agree kept
    (:attr:`Deals.drawn`).  ``deadline`` (``time.perf_counter()``'s clock): the drawing stops there
    (:attr:`Deals.out_of_time`)."""
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
    drawn = 0
    for drawn in range(1, samples * TRIES_PER_SAMPLE + 1):
        if deadline is not None and drawn % CLOCK_EVERY == 1 and time.perf_counter() >= deadline:
            return Deals(tuple(out), False, samples, drawn - 1, True)
        d = _draw(w, room, rng)
        if agrees(kn, ctx, d, True):
            out.append((tuple(tuple(h) for h in d), 1))
            if len(out) == samples:
                break
    return Deals(tuple(out), False, samples, drawn)


__all__ = ["Deals", "LIST_AT_MOST", "deals_for"]
