"""The endgame solver's compiled core (issue 23): its own rules against the engine, its values
against the pure-Python search (the reference), and the positions it hands to the Python search.

The core decides some rules itself (analysis/compiled_search.py): a follow to a single lead, with
1 or 2 decks a follow to a multi-card lead of one group, a leader's plays in each group, and the
winners of most tricks; everything else it asks the engine through the solver.  ``bench/solver_core_diff.py`` runs the long versions (a million
random positions, thousands of endgames).
"""
from __future__ import annotations

import importlib
import random

import pytest

from solver_helpers import (brute_force, core_differences, core_follow_differences, core_lead_differences, random_endgame,
                            random_endgame_decks)
from tractor_analysis.analysis.compiled_search import CORE_MODULE
from tractor_analysis.analysis.solver import Budget, Position, Solver
from tractor_analysis.records.cards import POINTS
from tractor_analysis.records.rulesets import BottomMultiplier

pytestmark = pytest.mark.xdist_group("test_solver_core")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

try:
    CORE = importlib.import_module(CORE_MODULE)
except ImportError:                                     # no compiler: test_compiled.py says so
    CORE = None

needs_core = pytest.mark.skipif(CORE is None, reason="the compiled solver core is not built")


@needs_core
@pytest.mark.parametrize("seed", range(4))
def test_the_cores_follows_and_winners_are_the_engines(seed):
    checks, bad = core_differences(random.Random(seed), 1500, CORE)
    assert checks > 5000
    assert bad == []


@needs_core
def test_the_differential_check_sees_a_wrong_rule():
    """The check can fail: a core told the pair rule holds under trump_in=exact (where the engine
    judges pair tricks otherwise) or a core whose order is another hand's is caught."""
    from solver_helpers import core_of, random_hand
    from tractor_analysis.engine.legal import legal_follows
    from tractor_analysis.engine.tricks import hand_context
    from tractor_analysis.records.rulesets import PRESETS
    ctx, other = hand_context(PRESETS["standard"], 2, 0), hand_context(PRESETS["standard"], 9, 3)
    wrong = core_of(other, CORE)
    rng = random.Random(5)
    differ = 0
    for _ in range(200):
        hand = random_hand(rng, 2, 8)
        lead = rng.randrange(54)
        want = sorted(m[0] for m in legal_follows(ctx, (lead,), hand))
        differ += sorted(wrong.single_legal(bytes(hand), lead)) != want
    assert differ > 0


@needs_core
@pytest.mark.parametrize("seed", range(3))
def test_the_cores_follows_to_multi_card_leads_are_the_engines(seed):
    """Every follow to a pair, a tractor or a throw the core makes itself (1 and 2 decks) is the
    engine's ``legal_follows`` list, in its order, under every preset and option; with 3 decks or a
    lead of two groups it asks the engine."""
    checks, bad = core_follow_differences(random.Random(seed), 1500, CORE)
    assert checks > 2500
    assert bad == []


@pytest.fixture(scope="module")
def follow_cases():
    """The positions of the follow check below, made once for its four wrong cores (the engine's
    follows are most of its work, and the same for each): the rules' context (standard, 2 decks,
    units, tractor duty on, short duty off) and, for each of 400 random deals of 16 cards a seat
    whose leader has a lead of 3 cards or more, each follower's ``(lead, hand, engine's follows)``."""
    from solver_helpers import random_hand
    from tractor_analysis.analysis.moves import follows, leads as solver_leads
    from tractor_analysis.engine.tricks import hand_context
    from tractor_analysis.records.rulesets import PRESETS
    ctx = hand_context(PRESETS["standard"], 2, 0)
    rng = random.Random(11)
    cases = []
    for _ in range(400):
        hands = [random_hand(rng, 2, 16, range(13, 27)) for _ in range(4)]
        options = [m for m in solver_leads(ctx, hands, 0)[0] if len(m) > 2]
        if not options:
            continue
        lead = rng.choice(options)
        for seat in (1, 2, 3):
            cases.append((lead, bytes(hands[seat]), follows(ctx, lead, hands[seat])))
    return ctx, cases


@needs_core
@pytest.mark.parametrize("follow", [(2, 0, 1, 1), (2, 1, 1, 0), (2, 0, 0, 0), (1, 0, 1, 0)])
def test_the_follow_differential_sees_a_wrong_rule(follow, follow_cases):
    """The follow check can fail: a core made with another short_tractor_duty, throw_follow,
    throw_tractor_duty or number of decks than the rules' gives other follows somewhere."""
    from solver_helpers import core_of
    ctx, cases = follow_cases
    wrong = core_of(ctx, CORE, follow)
    right = core_of(ctx, CORE)
    differ = tried = 0
    for lead, hand, want in cases:
        tried += 1
        assert right.follows(lead, hand) == want
        differ += wrong.follows(lead, hand) != want
    assert tried > 300 and differ > 0


@needs_core
@pytest.mark.parametrize("seed", range(3))
def test_the_cores_leads_are_the_engines(seed):
    """Every lead the core makes itself (units, tractors, triples, the throws that stand, equal cards
    merged) is the engine-made list, in its order, under every preset and option (issue 23)."""
    checks, bad = core_lead_differences(random.Random(seed), 400, CORE)
    assert checks > 800
    assert bad == []


@needs_core
def test_the_lead_differential_sees_a_wrong_rule():
    """The lead check can fail: a core made for 2 decks asked about 3-deck hands (no triples, no
    titanics, throws split another way) or for another hand's order gives other leads."""
    from solver_helpers import random_hand
    from tractor_analysis.analysis.moves import lead_part
    from tractor_analysis.engine.tricks import hand_context
    from tractor_analysis.records.cards import POINTS
    from tractor_analysis.records.rulesets import PRESETS
    import dataclasses
    ctx = hand_context(dataclasses.replace(PRESETS["standard"], decks=3), 2, 0)
    o = ctx.order
    wrong = CORE.Core(None, Exception, tuple(o.group), tuple(o.strength), tuple(POINTS), o.at,
                      (True, False) * 2, 0, 0, True, 2)
    rng = random.Random(7)
    differ = tried = 0
    g = o.group[20]                                     # the hearts (spades are trumps)
    for _ in range(100):
        hands = [random_hand(rng, 3, 12, range(13, 26)) for _ in range(4)]
        in_g = [bytes(h[k] if o.group[k] == g else 0 for k in range(54)) for h in hands]
        if not any(in_g[0]):
            continue
        tried += 1
        want = lead_part(ctx, in_g, 0, g, bytes(sum(h[k] for h in in_g) for k in range(54)))
        differ += wrong.lead_part(bytes(c for h in hands for c in h), 0, g) != (want[0], want[1])
    assert tried > 50 and differ > 0


def _pair(ctx, hands, leader, defenders, bottom, table=()):
    pos = Position.of(hands, leader, table)
    core = Solver(ctx, defenders, bottom)
    pure = Solver(ctx, defenders, bottom, compiled=False)
    return pos, core, pure


def _random_pairs(rng: random.Random, count: int, most: int):
    """``count`` random endgames of 2 to ``most`` cards a seat, 1-3 decks, each bottom multiplier in
    turn: ``(position, core solver, pure-Python solver)`` each (``rng`` drawn between them as the
    caller draws)."""
    for i in range(count):
        ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(2, most), 1 + i % 3,
                                                                     list(BottomMultiplier)[i % 7])
        yield _pair(ctx, hands, leader, defenders, bottom)


@needs_core
@pytest.mark.parametrize("decks", (1, 2, 3))
@pytest.mark.parametrize("multiplier", list(BottomMultiplier))
def test_values_equal_the_pure_python_search(decks, multiplier):
    rng = random.Random(hash((decks, multiplier.value)) & 0xFFFF)
    for _ in range(12):
        ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(2, 4), decks, multiplier)
        pos, core, pure = _pair(ctx, hands, leader, defenders, bottom)
        assert core._core_for(pos) is not None and core.compiled_for(pos) and not pure.compiled_for(pos)
        want = pure.solve(pos).value
        assert core.solve(pos).value == want
        for v in (want - 5, want + 1):
            assert core.bound_test(pos, v) == (want >= v)


@needs_core
def test_full_tables_keep_their_deeper_half_and_the_values():
    """Tables of a few dozen entries fill again and again: each time the core keeps the half stored
    with the most cards left (its replacement scheme), and its group-id map (the shape keys name
    each suit group's encoding by an id) starts again empty with new ids; the values stay the
    pure-Python search's (an id used again for another encoding would join positions of different
    values under one key).  After each solve every map reads back whole (each slot's key is where
    its hash says, each play list whole): a compaction moves the kept keys and play lists down in
    their arena, in the order of their places there."""
    rng = random.Random(23)
    compactions = clears = moves_compactions = 0
    for i in range(12):
        ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, 5, 1 + i % 3, list(BottomMultiplier)[i % 7])
        pos, core, pure = _pair(ctx, hands, leader, defenders, bottom)
        core.core_table_entries = 40
        a, b = core.solve(pos, Budget(nodes=None, seconds=None)), pure.solve(pos, Budget(nodes=None, seconds=None))
        assert a.value == b.value
        stats = core._core.stats()
        compactions += stats["tt_compactions"]
        moves_compactions += stats["moves_compactions"]
        clears += stats["group_id_clears"]
        assert core._core.tables_ok()
        # ids never reused: each start again came at 40 ids held, and the ids went on counting
        assert stats["group_ids"] >= 40 * stats["group_id_clears"]
    assert compactions > 0 and moves_compactions > 0 and clears > 0


@needs_core
def test_values_equal_the_brute_force_with_the_core():
    rng = random.Random(77)
    for _ in range(30):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, rng.choice((2, 3)))
        pos = Position.of(hands, leader)
        solver = Solver(ctx, defenders, bottom)
        assert solver._core_for(pos) is not None
        assert solver.solve(pos).value == brute_force(ctx, hands, leader, defenders, bottom)


@needs_core
def test_a_position_the_core_cannot_hold_goes_to_the_python_search_exactly():
    """Four copies of a kind (a bad record of 2 decks) do not fit the core's count bytes: the
    Python search solves it, with the value of a solver without the core."""
    rng = random.Random(3)
    ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
    k = next(k for k in range(54) if hands[0][k])
    hands[0][k] = 4
    hands = [list(h) for h in hands]
    for seat in (1, 2, 3):                          # the same size everywhere: 3 more cards each
        extra = [j for j in range(54) if hands[seat][j] == 0][:3]
        for j in extra:
            hands[seat][j] += 1
    pos, core, pure = _pair(ctx, hands, leader, defenders, bottom)
    assert core._core_for(pos) is None and not core.compiled_for(pos)
    sol = core.solve(pos)
    assert sol.value == pure.solve(pos).value and sol.nodes > 0


@needs_core
def test_the_core_honours_the_budget_and_keeps_its_table_between_calls():
    rng = random.Random(8)
    ctx, hands, leader, defenders, bottom = random_endgame(rng, 4)
    pos, core, pure = _pair(ctx, hands, leader, defenders, bottom)
    assert core.solve(pos, Budget(nodes=3, seconds=None)).value is None
    first = core.solve(pos)
    again = core.solve(pos)
    assert first.value == again.value == pure.solve(pos).value
    assert again.nodes < first.nodes or first.nodes <= 2


@needs_core
def test_a_trick_in_progress_and_best_plays_agree_with_the_python_search():
    rng = random.Random(21)
    for _ in range(15):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
        pos, core, pure = _pair(ctx, hands, leader, defenders, bottom)
        value = pure.solve(pos).value
        assert core.solve(pos).value == value
        assert core.best_plays(pos, value) == pure.best_plays(pos, value)
        child = core.after(pos, core.moves(pos)[0])
        assert core.solve(child).value == pure.solve(child).value


@needs_core
def test_the_bounds_a_search_proves_at_its_root_hold_and_spare_best_play_tests():
    """``root_bounds_of``: what the core's last search of a position proved of each play there (its
    fail-soft answers); every bound holds against the pure-Python value after that play, and the
    best plays the core gives, sparing the tests those bounds answer, are the pure-Python search's."""
    rng = random.Random(23)
    checked = spared = 0
    for pos, core, pure in _random_pairs(rng, 40, 4):
        for at in (pos, core.after(pos, core.moves(pos)[-1])):     # a trick start, then inside the trick
            value = core.solve(at, guess=rng.choice((None, 0, 40))).value
            assert value == pure.solve(at).value
            proven = core.root_bounds_of(at)
            before = core.tests_spared
            assert core.best_plays(at, value) == pure.best_plays(at, value)
            spared += core.tests_spared - before
            for cards, (lo, hi) in proven.items():
                exact = pure.solve(core.after(at, cards)).value
                assert (lo is None or lo <= exact) and (hi is None or exact <= hi), (cards, lo, hi, exact)
                checked += 1
    assert checked > 100 and spared > 10, (checked, spared)


@needs_core
def test_a_solver_with_its_core_is_freed_when_dropped():
    """No reference cycle between the solver and its core: dropping the solver frees both (a
    `tractor analyse` of many hands would otherwise keep every hand's tables)."""
    import weakref
    rng = random.Random(4)
    ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
    solver = Solver(ctx, defenders, bottom)
    solver.solve(Position.of(hands, leader))
    assert solver._core is not None
    ref = weakref.ref(solver)
    del solver
    assert ref() is None


@needs_core
def test_a_search_stopped_or_finished_leaves_the_hands_and_their_kept_counts_as_loaded():
    """The core keeps beside the hands what it derives from them (count bytes, each group's bytes
    and hash, each seat's counts per group and by points), changed only by move_card.  After every
    search, finished or stopped by its budget anywhere in the tree, the loaded hands are back and
    that state is theirs; another position's hands are not.  (A core whose play() returns on a
    stopped search before putting the cards back fails this test, and passes the budget test
    above, which loads the position again at every call: checked.)"""
    rng = random.Random(2026)
    checked = stopped = 0
    for pos, core, pure in _random_pairs(rng, 30, 5):
        loaded = bytes(c for h in pos.hands for c in h)
        for nodes in (1 + rng.randrange(50), 1 + rng.randrange(2000), None):
            sol = core.solve(pos, Budget(nodes=nodes, seconds=None))
            stopped += sol.value is None
            assert core._core.derived_ok(loaded), (checked, nodes)
            checked += 1
        assert sol.value == pure.solve(pos).value
        other = bytearray(loaded)
        j = next(j for j in range(54) if other[j])
        other[j] -= 1
        other[54 + j] += 1                  # one card moved to the next seat: not the loaded hands
        assert not core._core.derived_ok(bytes(other))
    assert checked == 90 and stopped > 10


@needs_core
@pytest.mark.parametrize("decks", (1, 2, 3))
def test_the_classes_kept_from_the_strengths_in_play_are_the_generic_ones(decks):
    """A follower's classes of equal cards from the strengths' state that move_card keeps
    (classes_live) are the ones made from the cards (classes_of_group; one rule, classes_of_levels,
    fed two ways): the same class of every kind, for every seat and group, in random endgames as
    loaded and after searches that moved the cards and put them back, and in hands dealt from a few
    kinds of two groups (where classes are many: the test is not vacuous)."""
    rng = random.Random(decks * 7919)
    compared = with_classes = 0

    def compare(core):
        nonlocal compared, with_classes
        for seat in range(4):
            for g in range(5):
                generic, live = core._core.classes(seat, g)
                assert generic == live, (seat, g, generic, live)
                compared += 1
                with_classes += any(x >= 0 for x in live)

    for i in range(30):
        ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(2, 6), decks,
                                                                      list(BottomMultiplier)[i % 7])
        pos, core, _ = _pair(ctx, hands, leader, defenders, bottom)
        for nodes in (1, 1 + rng.randrange(3000)):
            core.solve(pos, Budget(nodes=nodes, seconds=None))
            compare(core)
        kinds = [k for g in rng.sample(range(5), 2) for k in ctx.order.kinds[g]]
        for _ in range(10):
            dealt = [[0] * 54 for _ in range(4)]
            for k in rng.sample(kinds, min(len(kinds), rng.randint(4, 14))):
                holder = rng.randrange(4)           # most copies with one seat: classes form
                for _ in range(rng.randint(1, decks)):
                    dealt[holder if rng.random() < 0.8 else rng.randrange(4)][k] += 1
            core._core.load(bytes(c for h in dealt for c in h), 0, (), 1)
            compare(core)
    assert compared == 30 * 12 * 20 and with_classes > 50, with_classes


def _stretches(o, hands, g):
    """The stretches of group ``g`` (``encode_group``'s): consecutive strengths in play while one seat
    holds every card there once, two cards or more, ``[(seat, kinds, free, middle)]`` — ``free``: the
    group's kinds not in play strictly between the strengths in play just below and just above the
    stretch (where its cards may move); ``middle``: other cards of the group lie on both sides."""
    levels = sorted({o.strength[k] for h in hands for k in range(54) if h[k] and o.group[k] == g})
    held = {s: {(seat, k) for seat in range(4) for k in o.at[g][s] if hands[seat][k]} for s in levels}

    def holder(s):
        got = held[s]
        seats = {seat for seat, _ in got}
        return seats.pop() if len(seats) == 1 and all(hands[seat][k] == 1 for seat, k in got) else None

    out, i = [], 0
    while i < len(levels):
        seat, j = holder(levels[i]), i + 1
        if seat is not None:
            while j < len(levels) and holder(levels[j]) == seat:
                j += 1
        mine = [k for s in levels[i:j] for _, k in held[s]] if seat is not None else []
        if len(mine) >= 2:
            below = levels[i - 1] if i else -1
            above = levels[j] if j < len(levels) else 1 << 30
            free = [k for k in o.kinds[g] if not any(h[k] for h in hands) and below < o.strength[k] < above]
            out.append((seat, mine, free, 0 < i and j < len(levels)))
        i = j
    return out


def _stretch_variants(rng, ctx, hands):
    """For each stretch (:func:`_stretches`): its cards moved to free kinds of the same points (``same``)
    and, for the check's own check, to kinds of other points (``other``): ``[(same, other, middle)]``."""
    o = ctx.order
    out = []
    for g in range(5):
        for seat, mine, free, middle in _stretches(o, hands, g):
            variants = []
            for same_points in (True, False):
                pool, pick = list(free) + list(mine), []
                for k in mine:
                    fits = [x for x in pool if (POINTS[x] == POINTS[k]) == same_points]
                    if not fits:
                        break
                    x = rng.choice(fits)
                    pool.remove(x)
                    pick.append(x)
                if len(pick) < len(mine) or sorted(pick) == sorted(mine):
                    variants.append(None)
                    continue
                new = [list(h) for h in hands]
                for k in mine:
                    new[seat][k] -= 1
                for x in pick:
                    new[seat][x] += 1
                variants.append(new)
            out.append((*variants, middle))
    return out


@needs_core
def test_a_stretch_held_by_one_seat_is_worth_the_same_whatever_its_ranks():
    """The core's shape keys give a stretch of a group — consecutive strengths in play, every card there
    one seat's, no two alike (at either end of the group, in its middle, or the whole group) — one
    encoding for every set of ranks with the same points (``encode_group``'s STRETCH): such positions
    have one value.  Checked with the
    pure-Python search (which keeps every rank in its keys) on both positions, and the core's value on
    each; and the check sees a wrong premise: moving the cards to kinds of other points changes some
    values, which the same core (its table holding the first positions' entries) must find too."""
    import dataclasses

    from solver_helpers import random_rules
    from tractor_analysis.engine.tricks import hand_context
    rng = random.Random(23)
    same = changed = middles = 0
    for _ in range(8000):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, rng.randint(2, 4))
        if rng.random() < 0.3:          # any preset, any option that changes a follow or a winner
            ctx = hand_context(dataclasses.replace(random_rules(rng), decks=2), ctx.level, ctx.trump)
        for variant, other, middle in _stretch_variants(rng, ctx, hands):
            if variant is None:
                continue
            middles += middle
            pos, core, pure = _pair(ctx, hands, leader, defenders, bottom)
            want = pure.solve(pos).value
            moved = Position.of(variant, leader)
            assert pure.solve(moved).value == want, (hands, variant)
            assert core.solve(pos).value == want and core.solve(moved).value == want
            same += 1
            if other is not None:       # the same core, its table holding the first two: no entry of theirs
                moved = Position.of(other, leader)      # may stand for a stretch of other points
                got = Solver(ctx, defenders, bottom, compiled=False).solve(moved).value
                assert core.solve(moved).value == got
                changed += got != want
        if same >= 300 and changed and middles >= 50:
            break
    assert same >= 300 and changed > 0 and middles >= 50
