"""What a proof needs exact (issue 23, partition search's first step): ``Core.set_track``.

With tracking on, the compiled core's search finds, per suit group, a strength ``need[g]`` from
which every card is exact for its answer; below it, the class of the position is every position
alike in the exact cards and, per seat, in the multiset of its low single cards' points and of its
low runs of pairs (``_summary``).  The claim (argued at ``need_at`` in ``_solver_core.c``): every
position of the class has the same value.

The test takes random endgames, solves each with tracking on, deals the low cards again at random
keeping each seat's summary (``_other_in_class``), and solves each such position afresh (tracking
off: the ordinary search, its tables on).  Every value must be the first one's.  A need that misses
a comparison the proof made shows as a different value on some dealing; the count of positions
really dealt anew is checked too, so that the test cannot pass on classes of one position.
"""
from __future__ import annotations

import dataclasses
import importlib
import random
from collections import Counter

import pytest

from solver_helpers import random_endgame_decks, random_rules
from tractor_analysis.analysis.compiled_search import CORE_MODULE
from tractor_analysis.analysis.solver import Budget, Position, Solver
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import NUM_KINDS, POINTS
from tractor_analysis.records.rulesets import BottomMultiplier

try:
    CORE = importlib.import_module(CORE_MODULE)
except ImportError:                                     # no compiler: test_compiled.py says so
    CORE = None

needs_core = pytest.mark.skipif(CORE is None, reason="the compiled solver core is not built")
UNLIMITED = Budget(nodes=None, seconds=None)
BIG = 1 << 30


def _cut(need, g):
    return BIG if need[g] is None else need[g]


def _summary(order, hands, need):
    """Per seat and group: the exact cards, the low singles' points, the runs of pairs that hold a
    low pair (each strength of the run: its exact pair kinds, or its low pairs' points)."""
    out = []
    for h in hands:
        for g in range(5):
            cut = _cut(need, g)
            exact = tuple((k, h[k]) for k in range(NUM_KINDS) if h[k] and order.group[k] == g and order.strength[k] >= cut)
            singles = sorted(POINTS[k] for k in range(NUM_KINDS)
                             if h[k] == 1 and order.group[k] == g and order.strength[k] < cut)
            pairs: dict[int, list[int]] = {}
            for k in range(NUM_KINDS):
                if h[k] >= 2 and order.group[k] == g:
                    pairs.setdefault(order.strength[k], []).append(k)
            runs, run = [], []
            for s in sorted(pairs, reverse=True):
                if run and run[-1] != s + 1:
                    runs.append(run)
                    run = []
                run.append(s)
            if run:
                runs.append(run)
            described = []
            for r in runs:
                if all(s >= cut for s in r):
                    continue
                described.append(tuple(("x", tuple(sorted(pairs[s]))) if s >= cut
                                       else ("l", tuple(sorted(POINTS[k] for k in pairs[s]))) for s in r))
            out.append((exact, tuple(singles), tuple(sorted(described))))
    return out


def _other_in_class(rng, order, hands, need, decks, tries=300):
    """Another position of ``hands``' class (the low cards dealt again, each seat's summary kept),
    or ``None`` when none was found (or only the same)."""
    want = _summary(order, hands, need)
    low = [k for k in range(NUM_KINDS) if order.strength[k] < _cut(need, order.group[k])]
    if not low:
        return None
    lowset = set(low)
    for _ in range(tries):
        new = [[0 if k in lowset else h[k] for k in range(NUM_KINDS)] for h in hands]
        left = Counter({k: decks for k in low})
        ok = True
        for seat, h in enumerate(hands):
            for copies in (2, 1):           # the pairs, then the singles: each of the same points, anywhere low
                for k in (k for k in low if h[k] == copies):
                    opts = [q for q in low if order.group[q] == order.group[k] and POINTS[q] == POINTS[k]
                            and left[q] >= copies and not new[seat][q]]
                    if not opts:
                        ok = False
                        break
                    q = rng.choice(opts)
                    new[seat][q] = copies
                    left[q] -= copies
                if not ok:
                    break
            if not ok:
                break
        if ok and new != [list(h) for h in hands] and _summary(order, new, need) == want:
            return new
    return None


def _tracked(ctx, defenders, bottom, pos):
    solver = Solver(ctx, defenders, bottom)
    core = solver._core_for(pos)
    assert core is not None
    core.set_track(True)
    sol = solver.solve(pos, UNLIMITED)
    return sol.value, core.need()


def _check(seed: int, count: int, decks_choice=(1, 2), per=(2, 5)) -> tuple[int, int, list]:
    """``count`` random endgames: (positions dealt anew and solved, of them with another value, the
    first few differences)."""
    rng = random.Random(seed)
    mults = list(BottomMultiplier)
    dealt = 0
    bad = []
    for i in range(count):
        decks = rng.choice(decks_choice)
        ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(*per), decks, rng.choice(mults))
        if i % 2:                           # any preset, any option that changes a follow or a winner
            rules = dataclasses.replace(random_rules(rng), decks=decks)
            ctx = hand_context(rules, ctx.level, ctx.trump)
        pos = Position.of(hands, leader, (), points=rng.choice((0, 10, 35)))
        value, need = _tracked(ctx, defenders, bottom, pos)
        for _ in range(3):
            other = _other_in_class(rng, ctx.order, hands, need, decks)
            if other is None:
                break
            q = Position.of(other, leader, (), points=pos.points)
            got = Solver(ctx, defenders, bottom).solve(q, UNLIMITED).value
            dealt += 1
            if got != value:
                bad.append((i, decks, need, hands, other, value, got))
    return dealt, len(bad), bad[:3]


@needs_core
def test_positions_alike_in_what_the_proof_needed_have_its_value():
    dealt, nbad, first = _check(20261204, 400)
    assert nbad == 0, first
    assert dealt >= 100, dealt          # the classes are not all of one position


@needs_core
def test_the_need_is_not_everything_nor_nothing():
    """Tracking finds cuts: neither every card exact everywhere, nor none (it would prove nothing)."""
    rng = random.Random(7)
    seen = Counter()
    for _ in range(60):
        ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(3, 5), 2, BottomMultiplier.PAIR_DOUBLING)
        pos = Position.of(hands, leader, (), points=0)
        _, need = _tracked(ctx, defenders, bottom, pos)
        for g in range(5):
            if any(hands[s][k] for s in range(4) for k in range(NUM_KINDS) if ctx.order.group[k] == g):
                seen["none" if need[g] is None else "all" if need[g] == 0 else "cut"] += 1
    assert seen["cut"] > 0 and seen["all"] > 0, seen


@needs_core
def test_three_decks_need_every_card():
    """Triples are not argued: with 3 decks every card the proof saw is exact."""
    rng = random.Random(3)
    ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, 4, 3, BottomMultiplier.PAIR_DOUBLING)
    _, need = _tracked(ctx, defenders, bottom, Position.of(hands, leader, (), points=0))
    assert all(n == 0 for n in need), need


@needs_core
def test_tracking_keeps_the_value():
    rng = random.Random(11)
    for _ in range(40):
        ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(2, 5), rng.choice((1, 2)),
                                                                     rng.choice(list(BottomMultiplier)))
        pos = Position.of(hands, leader, (), points=10)
        value, _ = _tracked(ctx, defenders, bottom, pos)
        assert value == Solver(ctx, defenders, bottom).solve(pos, UNLIMITED).value
