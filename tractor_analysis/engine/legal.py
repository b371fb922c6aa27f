"""Legal plays: lead analysis, follow duties, the throw check, and a legal-play generator.

These functions back :func:`tractor_analysis.engine.tricks.judge_trick`, the
explanations, the property tests and the simulator bots.  ``ctx`` is a
:class:`tractor_analysis.engine.tricks.HandContext` (anything with ``.order`` and
``.rules``); hands are 54 counts (list or tuple); cards are kind ints.

**Follow duties** (rules.md §5, seed ``003_…`` 【出牌规则】: "首家出对牌时，其余家有对牌必须
出对牌（包括拖拉机中的对牌）首家出拖拉机时，其余家有拖拉机必须出拖拉机，若无拖拉机，则必须出
对牌，无对牌时才能出其它牌"), in priority order:

1. as many cards of the led group as the lead has, or all the follower holds;
2. for each tractor (titanic) of the lead, a tractor of that group of the same
   length if held (longest first, disjoint);
3. pairs (triples) up to the number of pairs in the lead, pairs inside tractors counted.

A play is legal exactly when its profile ``(suit cards, matched chains, unit
counts)`` equals the best profile any play from the hand could reach; the
components are jointly reachable, so the best profile is computed component
by component (:func:`follow_duty`) and compared with the play's
(:func:`follow_profile`).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from ..records.rulesets import ForeignUnit, ThrowFollow
from . import throw_units
from .order import TRUMP
from .units import (Needs, Unit, availability, chain_top, counts_in, count_units, match_chains, needs_of,
                    shape_rank, split_units, lead_kind as _lead_kind)

FOLLOW_CODES = {"suit": "follow_suit", 2: "follow_pair", 3: "follow_triple"}
CHAIN_CODES = {2: "follow_tractor", 3: "follow_triple"}


@dataclass(frozen=True, slots=True)
class Lead:
    """A lead as the engine reads it: its group, its units (most significant first), what it needs."""

    cards: tuple[int, ...]
    group: int
    """The led suit group (for a mixed lead: the group most of its cards are in)."""
    units: tuple[Unit, ...]
    kind: str
    """``single``, ``pair``, ``triple``, ``tractor``, ``titanic`` or ``throw``."""
    needs: Needs
    mixed: bool = False
    """Cards of more than one group (``mixed_lead``)."""
    disjoint: tuple[tuple[int, int], ...] = ()
    """3 decks, a throw with a triple and another pair-or-larger unit: the shapes a trump-in must hold
    disjointly (:func:`tractor_analysis.engine.units.holds_units`); empty when counting is exact."""
    # derived once per lead (leads are memoised), read on every follow
    count: int = field(init=False, repr=False, compare=False)
    """How many cards each follower must play."""
    is_throw: bool = field(init=False, repr=False, compare=False)
    """Several units (甩牌)."""
    shapes: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    """The ``(copies, length)`` of each unit, most significant first."""
    multi: bool = field(init=False, repr=False, compare=False)
    """The lead asks for pairs (or more) from followers: ``needs.units[2] > 0``."""
    checks: tuple[tuple[int, int, Unit], ...] = field(init=False, repr=False, compare=False)
    """A throw: per shape, largest first (:func:`shape_rank`), ``(copies, length, smallest unit)``
    — the order :func:`check_throw` tries them in; ``()`` for one unit."""

    def __post_init__(self) -> None:
        put = object.__setattr__
        units = self.units
        put(self, "count", len(self.cards))
        put(self, "is_throw", len(units) > 1)
        put(self, "shapes", tuple([(u.copies, u.length) for u in units]))
        put(self, "multi", len(self.needs.units) > 2 and self.needs.units[2] > 0)
        checks = ()
        if len(units) > 1:
            shapes = sorted({u.shape for u in units}, key=lambda sh: shape_rank(*sh), reverse=True)
            checks = tuple((c, L, min((u for u in units if u.shape == (c, L)), key=lambda u: u.top))
                           for c, L in shapes)
        put(self, "checks", checks)

    @property
    def main(self) -> Unit:
        """The most significant unit (what trump-ins are compared by, rules.md §6)."""
        return self.units[0]


def _decks(ctx) -> int:
    return ctx.rules.decks


_LEAD_CACHE: dict[tuple, Lead] = {}


def analyse_lead(ctx, cards: Sequence[int]) -> Lead:
    """Split a lead into units (rules.md §4); a mixed lead keeps its majority group's cards.

    Memoised per (order, decks, cards): leads repeat a lot across hands.
    """
    cards = tuple(cards)
    key = (id(ctx.order), ctx.rules.decks, cards)     # orders are cached singletons (order())
    hit = _LEAD_CACHE.get(key)
    if hit is not None:
        return hit
    # A lead depends only on its cards, the decks and each card's group and strength: the
    # same lead under another order where these are equal (most cards, most orders) is shared.
    o = ctx.order
    grp, st = o.group, o.strength
    sig = (key[1], cards, tuple([grp[k] * 64 + st[k] for k in cards]))
    lead = _LEAD_BY_SIG.get(sig)
    if lead is None:
        lead = _analyse_lead(ctx, cards)
        if len(_LEAD_BY_SIG) > 50_000:
            _LEAD_BY_SIG.clear()
        _LEAD_BY_SIG[sig] = lead
    if len(_LEAD_CACHE) > 50_000:
        _LEAD_CACHE.clear()
    _LEAD_CACHE[key] = lead
    return lead


_LEAD_BY_SIG: dict[tuple, Lead] = {}


def lead_table(o, decks: int) -> dict[tuple[int, ...], Lead]:
    """The memo of :func:`analyse_lead` for one order and number of decks, by the lead's cards:
    a hand's context keeps it, so its tricks look a lead up with one dictionary access.  Only
    :func:`analyse_lead` fills it (a lead depends only on the order, the decks and the cards)."""
    key = (id(o), decks)
    table = _LEAD_TABLES.get(key)
    if table is None or len(table) > 50_000:
        table = _LEAD_TABLES[key] = {}
    return table


_LEAD_TABLES: dict[tuple[int, int], dict[tuple[int, ...], Lead]] = {}


def clear_memo() -> None:
    """Forget every memoised lead (benchmarks use it so that each run is a first pass)."""
    for table in _LEAD_TABLES.values():
        table.clear()
    _LEAD_TABLES.clear()
    _LEAD_CACHE.clear()
    _LEAD_BY_SIG.clear()
    _SHAPE_INFO.clear()


def _analyse_lead(ctx, cards: tuple[int, ...]) -> Lead:
    o = ctx.order
    grp = o.group
    if not cards:
        return Lead((), 0, (), "single", needs_of(()), False)
    first = grp[cards[0]]
    mixed = any(grp[k] != first for k in cards)
    if mixed:
        tally: dict[int, int] = {}
        for k in cards:
            tally[grp[k]] = tally.get(grp[k], 0) + 1
        first = max(tally, key=lambda g: (tally[g], -cards.index(next(k for k in cards if grp[k] == g))))
    decks = _decks(ctx)
    if len(cards) == 1:
        units = ((Unit(1, 1, o.strength[cards[0]], cards),))
    elif len(cards) == 2 and cards[0] == cards[1] and decks >= 2:      # a pair: what split_units gives
        units = (Unit(2, 1, o.strength[cards[0]], cards[:1]),)
    else:
        units = split_units(o, counts_in(cards), first, decks)
    shapes = tuple(u.shape for u in units)
    info = _SHAPE_INFO.get((shapes, decks))
    if info is None:
        multi = tuple(sh for sh in shapes if sh[0] >= 2)
        disjoint = multi if len(multi) > 1 and any(c >= 3 for c, _ in multi) else ()
        if len(_SHAPE_INFO) > 10_000:
            _SHAPE_INFO.clear()
        info = _SHAPE_INFO[(shapes, decks)] = (_lead_kind(units), needs_of(units, max(decks, 2)), disjoint)
    kind, needs, disjoint = info
    return Lead(cards, first, units, kind, needs, mixed, disjoint)


_SHAPE_INFO: dict[tuple, tuple[str, Needs, tuple[tuple[int, int], ...]]] = {}
"""Per (unit shapes, decks): a lead's kind, needs and disjoint shapes (they depend on nothing else)."""


# --------------------------------------------------------------------------- follow duties

@dataclass(frozen=True, slots=True)
class FollowDuty:
    """What a follower's hand allows, hence must reach (rules.md §5)."""

    group: int
    count: int
    """Cards to play (the lead's size)."""
    suit: int
    """Cards of the led group to play: ``min(count, held)``."""
    chains: tuple[tuple[int, ...], ...]
    """Per copies (2 tractors, 3 titanics): the lead's chain lengths the hand can match."""
    units: tuple[int, ...]
    """Per copies (2 pairs, 3 triples): units of the led group to play."""
    tier: int = 0
    """A titanic of two triples led (3 decks): the rank of seed 000's fallback list reached (8 best), else 0."""


# Seed 000_… (3 decks), 当第一家出"泰坦尼克"牌型时，其余玩家根据牌情按以下顺序出牌：
# 泰坦尼克 / 两副三对 / 一副拖拉机 + 两单张 / 一副三对 + 一副两对 + 一单张 / 一副三对 + 三单张 /
# 两副两对 + 两单张 / 一副两对 + 四单张 / 六单张 — ranked 8 down to 1.
TITANIC_TIERS = {8: "titanic", 7: "two triples", 6: "tractor + 2 singles", 5: "triple + pair + single",
                 4: "triple + 3 singles", 3: "two pairs + 2 singles", 2: "pair + 4 singles", 1: "six singles"}
_TIER_CODES = {8: "follow_triple", 7: "follow_triple", 6: "follow_tractor", 5: "follow_triple",
               4: "follow_triple", 3: "follow_pair", 2: "follow_pair"}
# what the constructor must pick for each tier: (chains per copies, units per copies)
_TIER_GOALS = {8: (((), (), (), (2,)), (0, 0, 2, 2)), 7: (((), (), (), ()), (0, 0, 2, 2)),
               6: (((), (), (2,), ()), (0, 0, 2, 0)), 5: (((), (), (), ()), (0, 0, 2, 1)),
               4: (((), (), (), ()), (0, 0, 1, 1)), 3: (((), (), (), ()), (0, 0, 2, 0)),
               2: (((), (), (), ()), (0, 0, 1, 0)), 1: (((), (), (), ()), (0, 0, 0, 0))}


def _titanic2(lead: Lead) -> bool:
    return len(lead.units) == 1 and lead.units[0].copies == 3 and lead.units[0].length == 2


def pair_availability(o, hand: Sequence[int], group: int, protect: bool) -> list[int]:
    """Per strength: kinds that can supply a pair; with ``protect_triples`` only kinds held exactly twice."""
    if not protect:
        return availability(o, hand, group, 2)
    return [sum(1 for k in ks if hand[k] == 2) for ks in o.at[group]]


def titanic_tier(o, counts: Sequence[int] | dict, group: int, protect: bool = False) -> int:
    """Rank (8..1) of the best entry of seed 000's titanic-follow list that ``counts`` hold in ``group``.

    ``protect`` (option ``protect_triples``, for a hand, not a play): a tractor counts only when
    it breaks no triple, so a hand ``QQQ KK`` owes "一副三对 + 一副两对 + 一单张" (rank 5), not the
    tractor ``QQKK`` (rank 6) — it may still play the tractor, a higher entry.
    """
    if chain_top(availability(o, counts, group, 3), 2) >= 0:
        return 8
    triples = count_units(o, counts, group, 3)
    if triples >= 2:
        return 7
    if isinstance(counts, dict) or not protect:
        tractor = chain_top(availability(o, counts, group, 2), 2) >= 0
    else:
        tractor = chain_top(pair_availability(o, counts, group, True), 2) >= 0
    if tractor:
        return 6
    pairs = count_units(o, counts, group, 2)      # a single triple counts as one of them
    if triples:
        return 5 if pairs >= 2 else 4
    return 3 if pairs >= 2 else 2 if pairs else 1


def _chain_duty(ctx, lead: Lead) -> bool:
    """Do the lead's tractors (titanics) oblige followers to chains?  Not those of a throw
    under ``throw_tractor_duty = off`` (80fen: a throw obliges only to its pairs)."""
    return not lead.is_throw or getattr(ctx.rules, "throw_tractor_duty", True)


def _chains(ctx, lead: Lead, av: Sequence[int], lens: tuple[int, ...], copies: int) -> tuple[int, ...]:
    """The lead's chain lengths ``av`` can host (:func:`match_chains`).  Under
    ``short_tractor_duty`` (80fen), when a lead that is one tractor finds none of its length,
    the longest shorter tractor held (2 pairs or more) counts: a hand must then play it, and a
    play is measured by the longest tractor it holds."""
    got = match_chains(av, lens)[0]
    if (got or copies != 2 or len(lens) != 1 or lead.is_throw
            or not getattr(ctx.rules, "short_tractor_duty", False)):
        return got
    run = best = 0
    for a in av:
        run = run + 1 if a > 0 else 0
        best = max(best, run)
    best = min(best, lens[0] - 1)
    return (best,) if best >= 2 else ()


def follow_duty(ctx, lead: Lead, hand: Sequence[int]) -> FollowDuty:
    """The best profile reachable from ``hand`` against ``lead`` (the follower's duty).

    ``protect_triples``: a pair (alone or in a tractor) is owed only from kinds held exactly
    twice, plus the triples the lead's own triples take ("a follower is never forced to break a
    triple to supply a pair", rules.md §5).
    """
    o = ctx.order
    g = lead.group
    held = sum(o.held[g](hand))
    n = lead.count
    suit = held if held < n else n
    needs = lead.needs
    top = len(needs.units) - 1
    chains: list[tuple[int, ...]] = [()] * (top + 1)
    units: list[int] = [0] * (top + 1)
    if lead.is_throw and getattr(ctx.rules, "throw_follow", None) is ThrowFollow.SUIT:
        return FollowDuty(g, n, suit, tuple(chains), tuple(units), 0)      # Botzone: the led group only
    protect = getattr(ctx.rules, "protect_triples", False) and top >= 3
    chained = _chain_duty(ctx, lead)
    for c in range(top, 1, -1):
        if needs.units[c]:
            if c == 2 and protect:
                have = sum(1 for k in o.kinds[g] if hand[k] == 2) + units[3]
            else:
                have = count_units(o, hand, g, c)
            units[c] = min(needs.units[c], have)
        if needs.chains[c] and chained:
            av = pair_availability(o, hand, g, True) if c == 2 and protect else availability(o, hand, g, c)
            chains[c] = _chains(ctx, lead, av, needs.chains[c], c)
    tier = titanic_tier(o, hand, g, protect) if _titanic2(lead) else 0
    return FollowDuty(g, n, suit, tuple(chains), tuple(units), tier)


def follow_profile(ctx, lead: Lead, cards: Sequence[int], hand: Sequence[int] | None = None) -> FollowDuty:
    """The profile a play reaches (same fields as :class:`FollowDuty`)."""
    o = ctx.order
    g = lead.group
    grp = o.group
    pc: dict[int, int] = {}
    suit = 0
    for k in cards:
        if grp[k] == g:
            suit += 1
            pc[k] = pc.get(k, 0) + 1
    needs = lead.needs
    top = len(needs.units) - 1
    chains: list[tuple[int, ...]] = [()] * (top + 1)
    units: list[int] = [0] * (top + 1)
    chained = _chain_duty(ctx, lead)
    for c in range(top, 1, -1):
        if needs.units[c]:
            units[c] = min(needs.units[c], sum(n // c for n in pc.values()))
        if needs.chains[c] and chained:
            chains[c] = _chains(ctx, lead, availability(o, pc, g, c), needs.chains[c], c)
    tier = titanic_tier(o, pc, g) if _titanic2(lead) else 0
    return FollowDuty(g, len(cards), suit, tuple(chains), tuple(units), tier)


def follow_fault(duty: FollowDuty, got: FollowDuty) -> str | None:
    """The first duty (in priority order) the play falls short of, as a violation code; ``None`` if legal."""
    if got.suit < duty.suit:
        return "follow_suit"
    if duty.tier:
        if got.tier >= duty.tier:
            return None
        if duty.tier == 5 and got.tier == 4:       # kept the triple, dropped the pair
            return "follow_pair"
        return _TIER_CODES[duty.tier]
    for c in range(len(duty.units) - 1, 1, -1):
        if got.chains[c] < duty.chains[c]:
            return CHAIN_CODES[c]
        if got.units[c] < duty.units[c]:
            return FOLLOW_CODES.get(c, "follow_pair")
    return None


def check_follow(ctx, lead: Lead, hand: Sequence[int], cards: Sequence[int]) -> str | None:
    """Violation code of a follow (``wrong_count``, ``follow_suit``, …) or ``None`` when legal.

    Fast paths keep the common single and pair leads cheap.  Assumes ``cards`` are held.
    """
    n = lead.count
    if len(cards) != n:
        return "wrong_count"
    o = ctx.order
    g = lead.group
    grp = o.group
    played = 0
    for k in cards:
        if grp[k] == g:
            played += 1
    if played < n:
        held = sum(o.held[g](hand))
        if played < (held if held < n else n):
            if lead.multi and getattr(ctx.rules, "foreign_unit", None) is ForeignUnit.ACCEPTED \
                    and throw_units.foreign_unit(ctx, lead, hand, cards):
                return None    # Botzone's judge: a pair (tractor) of another group when none is held here
            return "follow_suit"
        return None            # all of the group played: nothing more can be asked
    if not lead.multi:                            # no pairs asked: following suit is all
        return None
    if lead.is_throw and getattr(ctx.rules, "throw_follow", None) is ThrowFollow.SUIT:
        return None                               # Botzone: a throw obliges only the led group
    if n == 2 and len(lead.units) == 1:           # pair lead: fast path
        if cards[0] == cards[1]:
            return None
        held = o.held[g](hand)
        if getattr(ctx.rules, "protect_triples", False):
            return "follow_pair" if 2 in held else None         # a kind held exactly twice
        return "follow_pair" if held and max(held) >= 2 else None
    return follow_fault(follow_duty(ctx, lead, hand), follow_profile(ctx, lead, cards, hand))


def is_legal_follow(ctx, lead: Lead | Sequence[int], hand: Sequence[int], cards: Sequence[int]) -> bool:
    """Is ``cards`` (held in ``hand``) a legal follow to ``lead``?"""
    if not isinstance(lead, Lead):
        lead = analyse_lead(ctx, lead)
    if any(hand[k] < m for k, m in counts_in(cards).items()):
        return False
    return check_follow(ctx, lead, hand, cards) is None


def construct_follow(ctx, lead: Lead, hand: Sequence[int], played: Sequence[int] = (),
                     duty: FollowDuty | None = None) -> tuple[int, ...]:
    """A legal follow from ``hand`` that stays close to ``played``.

    Keeps the played cards that fit, swaps in what the duty requires: the
    lead's tractors (titanics) first, then pairs (triples), then cards of the
    led group, then fills up with the played off-group cards and the weakest rest.
    """
    o = ctx.order
    g = lead.group
    grp, st = o.group, o.strength
    if duty is None:
        duty = follow_duty(ctx, lead, hand)
    if (len(played) == duty.count and all(hand[k] >= m for k, m in counts_in(played).items())
            and follow_fault(duty, follow_profile(ctx, lead, played, hand)) is None):
        return show_order(o, played)                 # a legal play is its own better
    if duty.tier:
        goal_chains, goal_units = _TIER_GOALS[duty.tier]
        duty = FollowDuty(duty.group, duty.count, duty.suit, goal_chains, goal_units, duty.tier)
    rem = list(hand)
    pref: dict[int, int] = {}
    for k, m in counts_in(played).items():
        m = min(m, hand[k])
        if m:
            pref[k] = m
    chosen: dict[int, int] = {}

    def take(k: int, m: int) -> None:
        rem[k] -= m
        chosen[k] = chosen.get(k, 0) + m

    protect = getattr(ctx.rules, "protect_triples", False) and len(duty.units) > 3
    top = len(duty.units) - 1
    # A kind already chosen with >= c copies (a triple taken for the lead's triple) also serves
    # a tractor of pairs, as the profile counts units per kind (3 decks: 991010JJJ led, ♠888 999
    # held); each kind still serves one chain position only.
    used: set[int] = set()

    def can(k: int, c: int) -> bool:
        return k not in used and chosen.get(k, 0) + rem[k] >= c

    for c in range(top, 1, -1):
        lens = duty.chains[c]
        used.clear()
        if lens:
            prefer = availability(o, {k: m for k, m in pref.items() if grp[k] == g}, g, c)
            spare = c == 2 and protect
            if spare:        # triples only where the player chose to break them
                av = [sum(1 for k in ks if rem[k] == 2 or chosen.get(k, 0) >= 2
                          or (rem[k] > 2 and pref.get(k, 0) >= 2)) for ks in o.at[g]]
            else:
                av = [sum(1 for k in ks if can(k, c)) for ks in o.at[g]]
            if spare and match_chains(av, lens)[0] != lens:
                av = [sum(1 for k in ks if can(k, c)) for ks in o.at[g]]
            _, places = match_chains(av, lens, prefer)
            for L, s0 in places:
                for s in range(s0, s0 + L):
                    ks = [k for k in o.at[g][s] if can(k, c)]
                    ks.sort(key=lambda k: (chosen.get(k, 0) < c, pref.get(k, 0) < c,
                                           spare and rem[k] > 2, k))
                    used.add(ks[0])
                    if chosen.get(ks[0], 0) < c:
                        take(ks[0], c - chosen.get(ks[0], 0))
        need = duty.units[c] - sum(m // c for k, m in chosen.items() if grp[k] == g)
        if need > 0:
            cands = [k for k in o.kinds[g] if rem[k] >= c and not (k in chosen)
                     and not (c == 2 and protect and hand[k] >= 3 and pref.get(k, 0) < 2)]
            cands.sort(key=lambda k: (pref.get(k, 0) < c, st[k], k))
            for k in cands[:need]:
                take(k, c)
    in_group = sum(m for k, m in chosen.items() if grp[k] == g)
    need = duty.suit - in_group
    if need > 0:
        for k in sorted(pref, key=lambda k: (st[k], k)):
            if grp[k] != g:
                continue
            m = min(pref[k] - chosen.get(k, 0), rem[k], need)
            if m > 0:
                take(k, m)
                need -= m
        for k in o.kinds[g]:
            if need <= 0:
                break
            m = min(rem[k], need)
            if m > 0:
                take(k, m)
                need -= m
    need = duty.count - sum(chosen.values())
    if need > 0:
        for k in sorted(pref, key=lambda k: o.key(k)):
            if grp[k] == g:
                continue
            m = min(pref[k] - chosen.get(k, 0), rem[k], need)
            if m > 0:
                take(k, m)
                need -= m
        for k in sorted(range(54), key=lambda k: (grp[k] == TRUMP, st[k], k)):
            if need <= 0:
                break
            if grp[k] == g:
                continue
            m = min(rem[k], need)
            if m > 0:
                take(k, m)
                need -= m
    return show_order(o, chosen)


def show_order(o, chosen: dict[int, int] | Sequence[int]) -> tuple[int, ...]:
    """Cards strongest first: trumps, then plain suits, each by strength."""
    items = chosen.items() if isinstance(chosen, dict) else counts_in(chosen).items()
    ks = sorted((k for k, m in items if m),
                key=lambda k: (o.group[k] != TRUMP, o.group[k], -o.strength[k], k))
    d = dict(items)
    return tuple(k for k in ks for _ in range(d[k]))


# --------------------------------------------------------------------------- generators

def _multisets(kinds: Sequence[int], counts: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``n`` cards from ``kinds`` with at most ``counts[k]`` of each, sorted."""
    caps = [counts[k] for k in kinds]
    suffix = [0] * (len(kinds) + 1)
    for i in range(len(kinds) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + caps[i]

    return _multisets_from(kinds, caps, suffix, 0, n, [])


def _multisets_from(kinds, caps, suffix, i: int, left: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
    """:func:`_multisets`' recursion (a module function: a nested one would hold itself through its
    closure, a reference cycle per call left for the garbage collector)."""
    if left == 0:
        yield tuple(acc)
        return
    if i == len(kinds) or suffix[i] < left:
        return
    for m in range(min(caps[i], left), -1, -1):
        acc.extend([kinds[i]] * m)
        yield from _multisets_from(kinds, caps, suffix, i + 1, left - m, acc)
        if m:
            del acc[-m:]


MAX_FOLLOWS = 20_000
"""The most multisets a follower's plays are looked through for (:func:`follow_candidates`) where a verdict asks
for every legal follow: beyond it the verdict that needs them is not derived."""


def follow_candidates(ctx, lead: Lead, hand: Sequence[int]) -> int:
    """How many multisets :func:`legal.legal_follows` looks through for ``hand`` (an upper bound
    on its work and on the legal follows), counted without listing them, capped past the limit."""
    o = ctx.order
    g = lead.group
    n = lead.count
    held = sum(hand[k] for k in o.kinds[g])
    if held >= n:
        caps, n_free = [hand[k] for k in o.kinds[g] if hand[k]], n
    else:
        caps, n_free = [hand[k] for k in range(len(hand)) if hand[k] and o.group[k] != g], n - held
    return _ways(caps, n_free)


def _ways(caps: Sequence[int], n: int) -> int:
    """How many multisets of ``n`` cards kinds held ``caps`` times give, capped past :data:`MAX_FOLLOWS`."""
    ways = [1] + [0] * n                 # multisets of each size from the kinds so far
    for cap in caps:
        ways = [min(MAX_FOLLOWS + 1, sum(ways[j - m] for m in range(min(cap, j) + 1))) for j in range(n + 1)]
    return ways[n]


def legal_follows(ctx, lead: Lead | Sequence[int], hand: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every legal follow to ``lead`` from ``hand``, each as sorted kinds (discards as combinations);
    under ``foreign_unit = accepted`` (§5.3) also each unit of the lead's shape from another group
    that :func:`.throw_units.foreign_unit` lets stand (:func:`check_follow` accepts it)."""
    if not isinstance(lead, Lead):
        lead = analyse_lead(ctx, lead)
    if lead.multi and not lead.is_throw and getattr(ctx.rules, "foreign_unit", None) is ForeignUnit.ACCEPTED:
        seen = set()
        for play in _duty_follows(ctx, lead, hand):
            seen.add(play)
            yield play
        for play in _foreign_units(ctx, lead, hand):
            if play not in seen:
                yield play
        return
    yield from _duty_follows(ctx, lead, hand)


def _foreign_units(ctx, lead: Lead, hand: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """The follows ``foreign_unit = accepted`` adds: a pair (a tractor) of another group than the lead's,
    of the lead's shape, from a follower holding no such unit of the led group."""
    o = ctx.order
    length = lead.units[0].length if len(lead.units) == 1 else 0
    for g in range(len(o.kinds)):
        if g == lead.group or not length:
            continue
        pairs = [k for k in o.kinds[g] if hand[k] >= 2]
        for combo in itertools.combinations(pairs, length):
            cards = tuple(sorted(k for k in combo for _ in range(2)))
            if throw_units.foreign_unit(ctx, lead, hand, cards):
                yield cards


def _duty_follows(ctx, lead: Lead, hand: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """:func:`legal_follows` by the follow duties (§5.1–§5.5); to a lead of two groups (a record's mixed lead,
    which ``mixed_throw = same_letter`` lets stand, §4.2) every play of its size :func:`check_follow` accepts."""
    if lead.mixed and _ways([hand[k] for k in range(len(hand)) if hand[k]], lead.count) <= MAX_FOLLOWS:
        held = [k for k in range(len(hand)) if hand[k]]
        for combo in _multisets(held, hand, lead.count):
            if check_follow(ctx, lead, hand, combo) is None:
                yield tuple(sorted(combo))
        return
    o = ctx.order
    g = lead.group
    n = lead.count
    gk = sorted(k for k in o.kinds[g] if hand[k])
    held = sum(hand[k] for k in gk)
    if held >= n:
        duty = follow_duty(ctx, lead, hand)
        for combo in _multisets(gk, hand, n):
            if follow_fault(duty, follow_profile(ctx, lead, combo, hand)) is None:
                yield tuple(sorted(combo))
        return
    base = [k for k in gk for _ in range(hand[k])]
    rest = sorted(k for k in range(54) if hand[k] and o.group[k] != g)
    for combo in _multisets(rest, hand, n - held):
        yield tuple(sorted(base + list(combo)))


def choose_follow(ctx, lead: Lead | Sequence[int], hand: Sequence[int],
                  rng: random.Random | None = None) -> tuple[int, ...]:
    """One random legal follow, without enumerating them all (for the simulator bots)."""
    import random       # (here: the replay never draws; ≈ 1 ms of every start of the engine)

    if not isinstance(lead, Lead):
        lead = analyse_lead(ctx, lead)
    rng = rng or random
    o = ctx.order
    g = lead.group
    n = lead.count
    mine = [k for k in o.kinds[g] for _ in range(hand[k])]
    if len(mine) >= n:
        pick = rng.sample(mine, n)
    else:
        rest = [k for k in range(54) if o.group[k] != g for _ in range(hand[k])]
        pick = mine + rng.sample(rest, min(n - len(mine), len(rest)))
    return construct_follow(ctx, lead, hand, pick)


def legal_leads(ctx, hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every single, pair and tractor lead (triple and titanic with 3 decks) the hand can make."""
    o = ctx.order
    decks = _decks(ctx)
    out: list[tuple[int, ...]] = []
    for g in range(5):
        for k in o.kinds[g]:
            for c in range(1, min(hand[k], decks) + 1):
                out.append((k,) * c)
        for c in range(2, decks + 1):
            opts = [[k for k in ks if hand[k] >= c] for ks in o.at[g]]
            for lo in range(len(opts)):
                if not opts[lo]:
                    continue
                for hi in range(lo + 1, len(opts)):
                    if not opts[hi]:
                        break
                    for pick in itertools.product(*opts[lo:hi + 1]):
                        out.append(tuple(k for k in reversed(pick) for _ in range(c)))
    return out


__all__ = ["Lead", "FollowDuty", "analyse_lead", "follow_duty", "follow_profile",
           "follow_fault", "check_follow", "is_legal_follow", "construct_follow",
           "legal_follows", "follow_candidates", "MAX_FOLLOWS", "choose_follow", "legal_leads", "show_order", "titanic_tier",
           "pair_availability", "TITANIC_TIERS"]
