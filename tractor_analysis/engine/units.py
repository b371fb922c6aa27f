"""Units of play: singles, pairs, triples, tractors, titanics — and how a set of cards splits into them.

A *unit* is ``copies`` identical cards at each of ``length`` adjacent strengths
of one suit group (rules.md §3): a single is (1, 1), a pair (2, 1), a 3-pair
tractor (2, 3), a triple (3, 1), a titanic of two triples (3, 2).  Strengths
come from :class:`tractor_analysis.engine.order.Order`; adjacent means strength + 1,
and cards of equal strength (off-suit level cards) sit at one position, so two
pairs of equal strength never chain.

:func:`split_units` splits a lead (cards of one group) into units, largest
shapes first: the decomposition that maximises titanics and triples, then
tractors by length, then pairs, then singles (rules.md §4; seed ``000_…``:
"33344 → 333+44", "991010JJJ → 991010 + JJJ", "9991010JJJ → 999 + 1010 + JJJ").

Everything here works on small ints: a hand is a list of 54 counts, a lead a
``{kind: count}`` dict; chains are searched over per-strength availability
lists (how many kinds at each strength hold at least ``copies`` cards).
"""
from __future__ import annotations

import itertools
from typing import Iterable, NamedTuple, Sequence

from .order import TRUMP, Order

KIND_NAMES = {(1, 1): "single", (2, 1): "pair", (3, 1): "triple"}


class Unit(NamedTuple):
    """``copies`` cards at each of ``length`` adjacent strengths; ``kinds`` highest first."""

    copies: int
    length: int
    top: int
    """Strength of the highest position."""
    kinds: tuple[int, ...]

    @property
    def shape(self) -> tuple[int, int]:
        return (self.copies, self.length)

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(k for k in self.kinds for _ in range(self.copies))

    @property
    def name(self) -> str:
        return unit_name(self.copies, self.length)


def unit_name(copies: int, length: int) -> str:
    """``single``, ``pair``, ``triple``, ``tractor`` or ``titanic``."""
    if length == 1:
        return KIND_NAMES.get((copies, 1), "single")
    return "titanic" if copies >= 3 else "tractor"


def shape_rank(copies: int, length: int) -> tuple[int, int]:
    """How significant a shape is: more cards first, then more copies.

    Tractor (2, 2) (4 cards) ranks above a triple (3 cards), as seed ``000_…``
    checks ``991010`` before ``JJJ``; a titanic of 2 (6 cards) above a 3-pair tractor.
    """
    return (copies * length, copies)


def unit_sort_key(u: Unit) -> tuple[int, int, int]:
    return (u.copies * u.length, u.copies, u.top)


# --------------------------------------------------------------------------- counting

def counts_in(cards: Iterable[int]) -> dict[int, int]:
    """``{kind: count}`` of a card list."""
    d: dict[int, int] = {}
    for k in cards:
        d[k] = d.get(k, 0) + 1
    return d


def group_of_cards(o: Order, cards: Sequence[int]) -> int | None:
    """The suit group of ``cards`` if they are all of one group, else ``None``."""
    if not cards:
        return None
    g = o.group
    first = g[cards[0]]
    for k in cards:
        if g[k] != first:
            return None
    return first


def availability(o: Order, counts: Sequence[int] | dict, group: int, copies: int) -> list[int]:
    """Per strength of ``group``: how many kinds there hold at least ``copies`` cards."""
    if isinstance(counts, dict):
        out = [0] * len(o.at[group])
        st = o.strength
        for k, n in counts.items():
            if n >= copies and o.group[k] == group:
                out[st[k]] += 1
        return out
    if o.flat[group]:                       # one kind per strength: kinds are in strength order
        return [1 if c >= copies else 0 for c in o.held[group](counts)]
    out = [0] * len(o.at[group])
    st = o.strength
    for k in o.kinds[group]:
        if counts[k] >= copies:
            out[st[k]] += 1
    return out


def count_units(o: Order, counts: Sequence[int] | dict, group: int, copies: int) -> int:
    """How many disjoint ``copies``-units of ``group`` the counts hold (a 4 of a kind is two pairs)."""
    if isinstance(counts, dict):
        return sum(n // copies for k, n in counts.items() if o.group[k] == group)
    return sum([c // copies for c in o.held[group](counts)])


def chain_top(avail: Sequence[int], length: int, above: int = -1) -> int:
    """Highest top strength ``> above`` of a chain of ``length`` positions in ``avail``; -1 if none."""
    run = 0
    best = -1
    for s, a in enumerate(avail):
        run = run + 1 if a > 0 else 0
        if run >= length and s > above:
            best = s
    return best


def match_chains(avail: Sequence[int], lengths: Sequence[int],
                 prefer: Sequence[int] | None = None) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Best way to host chains of ``lengths`` (longest first) disjointly in ``avail``.

    Returns ``(matched lengths, placements)``: the matched lengths, longest first,
    maximised lexicographically (rules.md §5.2: match each tractor of the lead,
    the longest first), and one placement ``(length, bottom strength)`` per match.
    ``prefer`` (per strength, optional) orders equal placements by overlap with
    what was played, so a better play stays close to it.
    """
    if not lengths:
        return (), ()
    av = list(avail)
    if len(lengths) == 1:
        L = lengths[0]
        starts = _starts(av, L, prefer)
        return ((L,), ((L, starts[0]),)) if starts else ((), ())
    best: list = [(), ()]
    full = tuple(lengths)

    _host(lengths, av, prefer, best, full, 0, (), ())
    return best[0], best[1]


def _host(lengths, av, prefer, best: list, full, i: int, got: tuple[int, ...],
          places: tuple[tuple[int, int], ...]) -> bool:
    """:func:`match_chains`' backtracking (a module function: a nested one would hold itself through
    its closure, a reference cycle per call left for the garbage collector)."""
    if got > best[0]:
        best[0], best[1] = got, places
        if got == full:
            return True
    if i == len(lengths):
        return False
    L = lengths[i]
    for s0 in _starts(av, L, prefer):
        for j in range(s0, s0 + L):
            av[j] -= 1
        done = _host(lengths, av, prefer, best, full, i + 1, got + (L,), places + ((L, s0),))
        for j in range(s0, s0 + L):
            av[j] += 1
        if done:
            return True
    return _host(lengths, av, prefer, best, full, i + 1, got, places)


def _starts(av: Sequence[int], L: int, prefer: Sequence[int] | None) -> list[int]:
    starts = []
    run = 0
    for s, a in enumerate(av):
        run = run + 1 if a > 0 else 0
        if run >= L:
            starts.append(s - L + 1)
    if prefer is not None and len(starts) > 1:
        starts.sort(key=lambda s0: (-sum(1 for j in range(s0, s0 + L) if prefer[j] > 0), s0))
    return starts


# --------------------------------------------------------------------------- splitting

def split_units(o: Order, counts: dict[int, int], group: int, max_copies: int = 3) -> tuple[Unit, ...]:
    """Split cards of one ``group`` (``{kind: count}``) into units, most significant first.

    Greedy by shape: for copies from ``max_copies`` down to 2, take the longest
    chain while one of length >= 2 exists, then the lone units; singles last.
    With one strength holding several kinds (off-suit level cards) a chain takes
    one of them and the others stay pairs — the longest chain is still optimal
    since only one strength per chain can be shared.
    """
    grp = o.group
    ks = sorted(k for k, n in counts.items() if n > 0 and grp[k] == group)     # kind order, fixed
    rem = {k: counts[k] for k in ks}
    st = o.strength
    units: list[Unit] = []
    most = max(rem.values(), default=0)
    for c in range(min(max_copies, most), 1, -1):          # no kind held c times: nothing to take
        while True:
            by_s: dict[int, int] = {}
            for k in ks:
                if rem[k] >= c and st[k] not in by_s:
                    by_s[st[k]] = k
            if len(by_s) < 2:
                break
            best_len, best_top, run, prev = 0, -1, 0, -2
            for s in sorted(by_s):
                run = run + 1 if s == prev + 1 else 1
                prev = s
                if run >= best_len:
                    best_len, best_top = run, s
            if best_len < 2:
                break
            kinds = tuple(by_s[s] for s in range(best_top, best_top - best_len, -1))
            for k in kinds:
                rem[k] -= c
            units.append(Unit(c, best_len, best_top, kinds))
        for k in ks:
            while rem[k] >= c:
                rem[k] -= c
                units.append(Unit(c, 1, st[k], (k,)))
    for k in ks:
        for _ in range(rem[k]):
            units.append(Unit(1, 1, st[k], (k,)))
    units.sort(key=unit_sort_key, reverse=True)
    return tuple(units)


def lead_kind(units: Sequence[Unit]) -> str:
    """``single``, ``pair``, ``triple``, ``tractor``, ``titanic`` or ``throw``."""
    if len(units) == 1:
        return units[0].name
    return "throw"


class Needs(NamedTuple):
    """What a lead asks of followers and of trump-ins (counted the same way for both)."""

    chains: tuple[tuple[int, ...], ...]
    """Per copies (index 0 unused, 1 unused, 2 tractors, 3 titanics): chain lengths, longest first."""
    units: tuple[int, ...]
    """Per copies: positions holding at least that many copies (pairs inside tractors and triples count)."""


def needs_of(units: Sequence[Unit], max_copies: int = 3) -> Needs:
    chains: list[list[int]] = [[] for _ in range(max_copies + 1)]
    per: list[int] = [0] * (max_copies + 1)
    for u in units:
        if u.length >= 2:
            chains[u.copies].append(u.length)
        for c in range(2, u.copies + 1):
            per[c] += u.length
    return Needs(tuple(tuple(sorted(ch, reverse=True)) for ch in chains), tuple(per))


def covers(o: Order, counts: dict[int, int] | Sequence[int], group: int, needs: Needs,
           shapes: Sequence[tuple[int, int]] = ()) -> bool:
    """Does a set of cards of ``group`` hold units covering ``needs`` (a trump-in that counts)?

    Seed ``003_…``: "其拖拉机的数目不得少于首家出的牌中的拖拉机的数目，对牌的数目也不得少于
    首家出的牌中的对牌的数目，否则被视为垫牌" — at least the lead's tractors (same lengths,
    rules.md §6) and at least its pairs.  With 3 decks pass the lead's multi-card unit
    ``shapes`` too: the units must then also be found disjointly (:func:`holds_units`).
    """
    for c in range(len(needs.units) - 1, 1, -1):
        if needs.units[c] and count_units(o, counts, group, c) < needs.units[c]:
            return False
        lens = needs.chains[c]
        if lens:
            got, _ = match_chains(availability(o, counts, group, c), lens)
            if got != lens:
                return False
    if len(shapes) > 1:
        return holds_units(o, counts, group, shapes)
    return True


def holds_units(o: Order, counts: dict[int, int] | Sequence[int], group: int,
                shapes: Sequence[tuple[int, int]]) -> bool:
    """Can *disjoint* units of ``shapes`` (``(copies, length)`` each) be taken from ``counts`` in ``group``?

    The exact test behind a 3-deck trump-in (seed ``000_…``): "若 991010JJJ 牌是副牌，若要杀，主牌中需要
    有一个拖拉机和任意一个三同张" — a tractor *and* a triple, so ``♥5 ♥5 ♥5 ♥6 ♥6 ♥K ♥K`` (whose
    only tractor 5566 uses two of the three 5s) does not hold them.  Counting pairs and chains
    separately (:func:`covers`' quick test) is exact with 2 decks but not once a triple can
    lend its cards to a pair.  Small backtracking over placements (leads are short).
    """
    get = counts.get if isinstance(counts, dict) else counts.__getitem__
    rem = {k: get(k) for k in o.kinds[group] if get(k)}
    order_ = sorted(shapes, key=lambda sh: (sh[0] * sh[1], sh[0]), reverse=True)
    at = o.at[group]

    return _place_units(order_, at, rem, 0)


def _place_units(order_, at, rem: dict, i: int) -> bool:
    """:func:`holds_units`' backtracking (a module function, as :func:`_host`)."""
    if i == len(order_):
        return True
    c, L = order_[i]
    for s0 in range(len(at) - L + 1):
        choices = [[k for k in at[s] if rem.get(k, 0) >= c] for s in range(s0, s0 + L)]
        if not all(choices):
            continue
        for pick in itertools.product(*choices):
            for k in pick:
                rem[k] -= c
            ok = _place_units(order_, at, rem, i + 1)
            for k in pick:
                rem[k] += c
            if ok:
                return True
    return False


def best_top(o: Order, counts: dict[int, int] | Sequence[int], group: int, copies: int, length: int) -> int:
    """Top strength of the highest ``(copies, length)`` unit held in ``group``; -1 if none."""
    return chain_top(availability(o, counts, group, copies), length)


__all__ = ["Unit", "Needs", "unit_name", "shape_rank", "counts_in", "group_of_cards", "availability",
           "count_units", "chain_top", "match_chains", "split_units", "lead_kind", "needs_of",
           "covers", "holds_units", "best_top", "TRUMP"]
