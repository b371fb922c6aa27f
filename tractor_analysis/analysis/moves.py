"""The endgame solver's moves: leads (with the throws that stand), follows, and equal cards merged.

Every move comes from the engine's own legal-play generator (:mod:`tractor_analysis.engine.legal`):
leads are :func:`~tractor_analysis.engine.legal.legal_leads` (every single, pair, tractor, and with
3 decks triple and titanic) plus the throws that stand (:func:`standing_throws`, each one checked by
:func:`~tractor_analysis.engine.throw_check.check_throw`); follows are
:func:`~tractor_analysis.engine.legal.legal_follows`.  Nothing here decides what is legal.

**Throws.**  A throw stands exactly when every unit it splits into is unbeaten by any other hand
(``check_throw`` tests each shape's smallest unit; a larger unit of the same shape is then unbeaten
too).  So every standing throw is made of *safe* cards — cards of some unbeaten unit the leader
holds — and :func:`standing_throws` tries every sub-multiset of a group's safe cards with
``check_throw``: complete, as long as there are at most :data:`THROW_CANDIDATES` of them.  Beyond
that (a long run of top cards) it tries a bounded set, said so in its result: every union of two
safe units, the union of all safe cards, and that union less each safe unit.  A failed throw is
never a move: it puts the forced unit on the table (a lead of its own, without the penalty), so it
never does better for the thrower.

**Equal cards** (:func:`equal_classes`).  For the mover's hand, kinds of one suit group are one
class when the mover holds every copy still in play (in any hand or on the table) of each, the
same number of copies ``c`` of each, the same points, and no other card in play lies at a strength
between them (nor at their own strength) — but single cards (``c = 1``) may have cards of the
mover's own between them, each likewise the mover's every copy and alone at its strength, and a
pair (or more) among them with no card in play beside it (a stretch of the mover's cards: no other
seat's card lies between two of its singles).  With ``c >= 2`` each member must also have no card
in play at the adjacent strengths, so that none of them can chain into a tractor.  Swapping the
members of a class then changes nothing in the rest of the hand (every comparison with another
card comes out the same; the members never meet one another in a trick), so plays that differ only
by which members they take are one move (:func:`canonical`: the largest takes go to the weakest
members).
"""
from __future__ import annotations

import itertools
from typing import Sequence

from ..records.cards import POINTS
from ..engine.legal import analyse_lead, legal_follows, legal_leads
from ..engine.throw_check import check_throw
from ..engine.units import availability, chain_top

THROW_CANDIDATES = 256
"""Most sub-multisets of one group's safe cards tried as throws; beyond it the bounded set is used."""


def equal_classes(o, hand: Sequence[int], inplay: Sequence[int], groups=range(5)) -> list[tuple[int, ...]]:
    """Classes (two or more kinds, weakest first) of the mover's cards that are equal for the search
    (in the suit groups ``groups`` only: a class never spans two)."""
    out: list[tuple[int, ...]] = []
    for g in groups:
        levels = o.at[g]
        sole = 0                                # kinds whose every copy in play the mover holds
        for k in o.kinds[g]:
            if hand[k] and hand[k] == inplay[k]:
                sole += 1
        if sole < 2:
            continue
        n = len(levels)
        occ = [False] * n
        for s, ks in enumerate(levels):
            for k in ks:
                if inplay[k]:
                    occ[s] = True
                    break
        stretch: list[int] = []                 # the members of consecutive strengths in play
        for s in range(n):
            if not occ[s]:
                continue
            member = -1
            for k in levels[s]:
                if inplay[k]:
                    if member >= 0:             # two kinds in play at one strength
                        member = -2
                        break
                    member = k
            if member >= 0:
                c = inplay[member]
                if hand[member] != c or (c >= 2 and ((s > 0 and occ[s - 1]) or (s + 1 < n and occ[s + 1]))):
                    member = -1
            if member < 0:
                out.extend(_stretch_classes(stretch, inplay))
                stretch = []
            else:
                stretch.append(member)
        out.extend(_stretch_classes(stretch, inplay))
    return out


def _stretch_classes(stretch: list[int], inplay: Sequence[int]) -> list[tuple[int, ...]]:
    """The classes of one stretch of the mover's cards (consecutive strengths in play, each the mover's
    every copy, weakest first): its single cards by their points, wherever they lie in it (no other
    seat's card lies between two of them, so each compares alike with every other card), and runs of
    consecutive members with the same copies and points (copies >= 2: no card in play beside them)."""
    out: list[tuple[int, ...]] = []
    singles: dict[int, list[int]] = {}
    run: list[int] = []
    sig = None
    for member in stretch:
        msig = (inplay[member], POINTS[member])
        if inplay[member] == 1:
            singles.setdefault(POINTS[member], []).append(member)
        if msig != sig:
            if len(run) >= 2 and inplay[run[0]] >= 2:
                out.append(tuple(run))
            run, sig = [member], msig
        else:
            run.append(member)
    if len(run) >= 2 and inplay[run[0]] >= 2:
        out.append(tuple(run))
    out.extend(tuple(members) for members in singles.values() if len(members) >= 2)
    return out


def class_index(classes: Sequence[tuple[int, ...]]) -> dict[int, int]:
    return {k: i for i, members in enumerate(classes) for k in members}


def canonical(move: tuple[int, ...], index: dict[int, int], classes: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """The representative of ``move`` (sorted kinds) among the plays equal to it."""
    if not index:
        return move
    touched = {index[k] for k in move if k in index}
    if not touched:
        return move
    counts: dict[int, int] = {}
    for k in move:
        counts[k] = counts.get(k, 0) + 1
    for ci in touched:
        members = classes[ci]
        taken = sorted((counts.pop(k, 0) for k in members), reverse=True)
        for k, m in zip(members, taken):
            if m:
                counts[k] = m
    return tuple(sorted(k for k, m in counts.items() for _ in range(m)))


def _unit_shape(o, cards: Sequence[int]) -> tuple[int, int, int]:
    """(copies, length, top strength) of one unit as :func:`legal_leads` gives it."""
    kinds = set(cards)
    return len(cards) // len(kinds), len(kinds), max(o.strength[k] for k in kinds)


def standing_throws(ctx, hands: Sequence[Sequence[int]], seat: int, leads: Sequence[tuple[int, ...]],
                    cache: dict | None = None, group_keys: Sequence | None = None
                    ) -> tuple[list[tuple[int, ...]], bool]:
    """The throws ``seat`` can make that stand against the other three hands (sorted kinds), and
    whether the bounded set was used for some group (``True``: possibly not every standing throw).

    ``leads`` are the seat's :func:`legal_leads` (its units).  ``cache`` maps a group's cards in the
    four hands to the answer (the same group composition recurs across a search); ``group_keys``,
    when the caller has them, gives per suit group a key of the four hands' cards in it (else one
    is built from the counts).
    """
    o = ctx.order
    hand = hands[seat]
    others = [((seat + i) & 3, hands[(seat + i) & 3]) for i in (1, 2, 3)]
    by_group: dict[int, list[tuple[int, ...]]] = {}
    for u in leads:
        by_group.setdefault(o.group[u[0]], []).append(u)
    out: list[tuple[int, ...]] = []
    bounded = False
    for g, units in by_group.items():
        if len(units) < 2:                      # one card in the group (two or more give two units)
            continue
        kinds = o.kinds[g]
        key = None
        if cache is not None:
            key = (g, seat, group_keys[g] if group_keys is not None
                   else tuple(tuple(h[k] for k in kinds) for h in hands))
            hit = cache.get(key)
            if hit is not None:
                out.extend(hit[0])
                bounded = bounded or hit[1]
                continue
        safe: list[tuple[int, ...]] = []
        avail: dict[tuple[int, int], object] = {}     # availability per other hand and copies, once
        for u in units:
            c, L, top = _unit_shape(o, u)
            for i, (_, h) in enumerate(others):
                a = avail.get((i, c))
                if a is None:
                    a = avail[i, c] = availability(o, h, g, c)
                if chain_top(a, L, top) >= 0:
                    break
            else:
                safe.append(u)
        found, cut = _throws_of_group(ctx, o, hand, others, safe)
        if cache is not None:
            cache[key] = (found, cut)
        out.extend(found)
        bounded = bounded or cut
    return out, bounded


def _throws_of_group(ctx, o, hand, others, safe) -> tuple[list[tuple[int, ...]], bool]:
    if len(safe) < 2:
        return [], False
    pool: dict[int, int] = {}
    for u in safe:
        for k in set(u):
            pool[k] = min(hand[k], max(pool.get(k, 0), u.count(k)))
    kinds = sorted(pool)
    size = 1
    for k in kinds:
        size *= pool[k] + 1
    if size <= THROW_CANDIDATES:
        ranges = [range(pool[k] + 1) for k in kinds]
        cands = (tuple(k for k, m in zip(kinds, ms) for _ in range(m)) for ms in itertools.product(*ranges))
        cut = False
    else:
        cands = _bounded_candidates(hand, safe, pool)
        cut = True
    found: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for cards in cands:
        if len(cards) < 2 or cards in seen:
            continue
        seen.add(cards)
        lead = analyse_lead(ctx, cards)
        if lead.is_throw and not lead.mixed and check_throw(ctx, cards, others, lead).stands:
            found.append(cards)
    return found, cut


def _bounded_candidates(hand, safe, pool):
    """Every union of two safe units, the union of all safe cards, and that union less each unit."""
    def union(units) -> tuple[int, ...] | None:
        got: dict[int, int] = {}
        for u in units:
            for k in u:
                got[k] = got.get(k, 0) + 1
        if any(m > hand[k] for k, m in got.items()):
            return None
        return tuple(sorted(k for k, m in got.items() for _ in range(m)))

    for a, b in itertools.combinations(safe, 2):
        u = union((a, b))
        if u is not None:
            yield u
    everything = tuple(sorted(k for k, m in pool.items() for _ in range(m)))
    yield everything
    for u in safe:
        rest = list(everything)
        for k in u:
            rest.remove(k)
        yield tuple(rest)


def units_of(ctx, hand: Sequence[int]) -> list[tuple[int, ...]]:
    """The hand's :func:`legal_leads` (its units), each as sorted kinds."""
    return [tuple(sorted(u)) for u in legal_leads(ctx, hand)]


def leads(ctx, hands: Sequence[Sequence[int]], seat: int, cache: dict | None = None,
          units: list[tuple[int, ...]] | None = None, group_keys: Sequence | None = None
          ) -> tuple[list[tuple[int, ...]], bool]:
    """Every lead the solver considers for ``seat`` (sorted kinds, not merged) and the bounded flag
    (``units``: the seat's :func:`units_of`, ``group_keys`` as for :func:`standing_throws`, when the
    caller has them)."""
    if units is None:
        units = units_of(ctx, hands[seat])
    throws, bounded = standing_throws(ctx, hands, seat, units, cache, group_keys)
    return units + throws, bounded


def follows(ctx, lead_cards: Sequence[int], hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every legal follow to the lead (sorted kinds)."""
    return list(legal_follows(ctx, analyse_lead(ctx, tuple(lead_cards)), hand))


def merged(moves: Sequence[tuple[int, ...]], o, hand: Sequence[int], inplay: Sequence[int]
           ) -> list[tuple[int, ...]]:
    """``moves`` with plays equal for the search merged into their representative (order kept)."""
    if len(moves) < 2:
        return list(moves)
    group = o.group
    classes = equal_classes(o, hand, inplay, sorted({group[k] for m in moves for k in m}))
    if not classes:
        return list(dict.fromkeys(moves))
    index = class_index(classes)
    return list(dict.fromkeys(canonical(m, index, classes) for m in moves))


def lead_part(ctx, hands: Sequence[Sequence[int]], seat: int, g: int, inplay: Sequence[int],
              unit_cache: dict | None = None) -> tuple[list[tuple[int, ...]], bool]:
    """A leader's plays in suit group ``g`` (its :func:`units_of` there, then the throws that stand
    against the other hands, equal ones merged: :func:`equal_classes` / :func:`canonical`,
    repeats dropped in order), and whether its throws were the bounded set.  ``hands``: the four
    hands restricted to that group (54 counts each); ``inplay``: the cards in play there.  A lead
    lies in one group, and what is legal and equal there depends on nothing else.  The compiled
    core makes the same list itself (``Core.lead_part``; the differential tests compare them)."""
    mine = hands[seat]
    units = None if unit_cache is None else unit_cache.get(mine)
    if units is None:
        units = units_of(ctx, mine)
        if unit_cache is not None:
            if len(unit_cache) > 500_000:
                unit_cache.clear()
            unit_cache[mine] = units
    if len(units) > 1:
        throws, bounded = standing_throws(ctx, hands, seat, units)
        raw = units + throws
    else:
        raw, bounded = list(units), False
    if len(raw) < 2:
        return raw, bounded
    classes = equal_classes(ctx.order, mine, inplay, (g,))
    if not classes:
        return list(dict.fromkeys(raw)), bounded
    index = class_index(classes)
    return list(dict.fromkeys(canonical(m, index, classes) for m in raw)), bounded


__all__ = ["THROW_CANDIDATES", "equal_classes", "class_index", "canonical", "standing_throws", "units_of", "leads",
           "follows", "merged", "lead_part"]
