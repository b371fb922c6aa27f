"""The best plays of a position as a player reads them: equal choices said once.

The solver tests one play of each class of equal plays (:meth:`.solver.Solver.play_classes`); a
player wants every best play, and when a void follower may throw away any three of four small clubs,
one line ("any 3 of ♣3 ♣4 ♣5 ♣6 / 其中任意 3 张") rather than the four combinations.  :func:`choices`
does that grouping; it says a group "any k of" only when every such combination is among the best
plays (checked by counting), so a line never stands for a play that is not best.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from ..engine.legal import show_order
from ..engine.order import TRUMP


@dataclass(frozen=True, slots=True)
class BestChoice:
    """Best plays of one shape: ``fixed`` (cards every one of them holds) and any ``choose`` cards of
    ``pool`` (a multiset, sorted kinds); ``count`` is how many distinct plays that is."""

    fixed: tuple[int, ...]
    choose: int
    pool: tuple[int, ...]
    count: int

    def plays(self) -> list[tuple[int, ...]]:
        """The plays this choice stands for (sorted kinds each)."""
        from itertools import combinations

        picked = sorted(set(combinations(self.pool, self.choose)))
        return [tuple(sorted(self.fixed + p)) for p in picked]


NUMBERS_ZH = "零一二三四五六七八九十"


def listed(c: BestChoice) -> list[tuple[int, ...]] | None:
    """The plays ``c`` is best said as, one by one (a single play; two; any one card of a few), or
    ``None`` when it is said "any k of" (:func:`any_words`)."""
    if not c.choose:
        return [c.fixed]
    if c.count <= 2 or (c.choose == 1 and not c.fixed):
        return c.plays()
    return None


def any_words(c: BestChoice) -> tuple[str, str, str]:
    """``(before_pool, after_pool, zh)`` of a choice said "any k of": ``("any 3 of", "(4 plays)",
    "中任意三张（共 4 种）")`` — the English around the pool's cards, then the Chinese after them: the Chinese half
    carries the cards too (``♠A + ♣6 ♣5 ♣4 ♣3 中任意三张（共 4 种）``); the fixed cards, if any, go first in each
    half, joined by "+"."""
    zh = "两" if c.choose == 2 else NUMBERS_ZH[c.choose] if c.choose < len(NUMBERS_ZH) else str(c.choose)
    return f"any {c.choose} of", f"({c.count} plays)", f"中任意{zh}张（共 {c.count} 种）"


@dataclass(frozen=True, slots=True)
class WrittenChoice:
    """A :class:`BestChoice` as a player reads it (:func:`written`): ``plays``, the plays it is said as one by
    one (:func:`listed`), or ``None`` for "any ``choose`` of" ``pool`` beside ``fixed``; every play, the fixed
    cards and the pool written as the plays are, strongest first."""

    plays: tuple[tuple[int, ...], ...] | None
    fixed: tuple[int, ...]
    choose: int
    pool: tuple[int, ...]
    count: int


def written(chosen: Iterable[BestChoice], order=None) -> tuple[WrittenChoice, ...]:
    """``chosen`` written as the plays are (the hand's :class:`~tractor_analysis.engine.order.Order` ``order``:
    :func:`~tractor_analysis.engine.legal.show_order`, strongest first, trumps first, then ♠ ♥ ♦ ♣), the choices
    and the plays listed one by one the strongest first; ``order`` ``None`` (not known): as they are held."""
    if order is None:
        return tuple(WrittenChoice(None if listed(c) is None else tuple(listed(c)), c.fixed, c.choose, c.pool,
                                   c.count) for c in chosen)
    g, s = order.group, order.strength

    def key(cards) -> list[tuple[bool, int, int, int]]:        # plays compared card by card, as written
        return [(g[k] != TRUMP, g[k], -s[k], k) for k in show_order(order, cards)]

    out = []
    for c in sorted(chosen, key=lambda c: key(c.fixed + c.pool)):
        plays = listed(c)
        if plays is not None:
            plays = tuple(show_order(order, p) for p in sorted(plays, key=key))
        out.append(WrittenChoice(plays, show_order(order, c.fixed), c.choose, show_order(order, c.pool), c.count))
    return tuple(out)


def _submultisets(counts: Iterable[int], k: int) -> int:
    """How many distinct k-card sub-multisets a multiset with these copy counts has."""
    ways = [1] + [0] * k                 # coefficients of prod (1 + x + ... + x^c), cut at x^k
    for c in counts:
        new = [0] * (k + 1)
        for i, w in enumerate(ways):
            if w:
                for j in range(min(c, k - i) + 1):
                    new[i + j] += w
        ways = new
    return ways[k]


def _as_one(plays: Sequence[tuple[int, ...]]) -> BestChoice | None:
    """``plays`` (distinct, one size) as one choice, or ``None`` when they are not all the
    combinations of one pool beside one fixed part."""
    if len(plays) == 1:
        return BestChoice(plays[0], 0, (), 1)
    if len({len(p) for p in plays}) != 1:
        return None
    counts = [Counter(p) for p in plays]
    common = counts[0].copy()
    union = counts[0].copy()
    for c in counts[1:]:
        common &= c
        union |= c
    pool = union - common
    choose = len(plays[0]) - sum(common.values())
    if choose <= 0 or _submultisets(pool.values(), choose) != len(plays):
        return None
    return BestChoice(tuple(sorted(common.elements())), choose, tuple(sorted(pool.elements())), len(plays))


def choices(plays: Iterable[Sequence[int]], group_of: Callable[[int], int]) -> list[BestChoice]:
    """The best plays ``plays`` grouped: all of them as one choice when they are exactly that,
    else by the suit groups they touch (each group one choice when it is exactly that, else split by
    the cards outside one suit group: :func:`_split`), else one play a line.  Every play is in exactly
    one choice; nothing is added."""
    distinct = list(dict.fromkeys(tuple(sorted(p)) for p in plays))
    if not distinct:
        return []
    whole = _as_one(distinct)
    if whole is not None:
        return [whole]
    by_groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for p in distinct:
        by_groups.setdefault(tuple(sorted({group_of(k) for k in p})), []).append(p)
    out: list[BestChoice] = []
    for members in by_groups.values():
        one = _as_one(members) if len(members) > 1 else None
        if one is not None:
            out.append(one)
        else:
            out.extend(_split(members, group_of))
    return out


def _split(members: Sequence[tuple[int, ...]], group_of: Callable[[int], int]) -> list[BestChoice]:
    """``members`` (plays touching the same suit groups, not one choice) in as few choices as one cut gives:
    for each group, the plays alike outside it (the same cards of the other groups) as one choice where they
    are exactly one ("♥3 ♥4 ♦8 + any 1 of ♣9 ♣J"), else one play a line; the group with the fewest lines."""
    best: list[BestChoice] | None = None
    for g in sorted({group_of(k) for p in members for k in p}):
        alike: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        for p in members:
            alike.setdefault(tuple(k for k in p if group_of(k) != g), []).append(p)
        lines: list[BestChoice] = []
        for plays in alike.values():
            one = _as_one(plays) if len(plays) > 1 else None
            lines.extend([one] if one is not None else [BestChoice(p, 0, (), 1) for p in plays])
        if best is None or len(lines) < len(best):
            best = lines
    return best if best is not None else [BestChoice(p, 0, (), 1) for p in members]


def equal_plays(h, trick: int, seat: int, best: Iterable[Sequence[int]]) -> list[tuple[int, ...]] | None:
    """Every play equal to one of ``best`` (one play per set of equal plays, as the dataset's ``best``
    column holds them) for ``seat``'s play in trick number ``trick`` of the hand ``h`` (a
    :class:`~tractor_analysis.engine.verdicts.HandResult`): each play with the whole set the search
    merged it into (:func:`.solver.play_classes`, as ``tractor analyse`` lists them), in order.
    ``None`` when the hand does not hold that play as analysed (no such trick or seat, the level or
    the trump not known): nothing is then added."""
    from ..engine.tricks import hand_context
    from .hand_analysis import position_at
    from .record_basis import with_derived_plays
    from .solver import Solver, play_classes

    if h.level is None or not h.trump_known:
        return None
    h = with_derived_plays(h)
    index = next((i for i, t in enumerate(h.tricks) if t.number == trick), None)
    if index is None or not h.tricks[index].hands_before:
        return None
    t = h.tricks[index]
    at = next((j for j, p in enumerate(t.plays) if p.seat == seat), None)
    if at is None:
        return None
    zeros = [0] * len(h.tricks)
    pos = position_at(h, index, at, zeros, zeros)
    classes = play_classes(Solver(hand_context(h.rules, h.level, h.trump), h.defenders, 0, compiled=False), pos)
    out: list[tuple[int, ...]] = []
    for b in best:
        b = tuple(sorted(b))
        members = next((m for m in classes.values() if b in m), [b])
        out.extend(members)
    return list(dict.fromkeys(out))


__all__ = ["BestChoice", "NUMBERS_ZH", "WrittenChoice", "any_words", "choices", "equal_plays", "listed", "written"]
