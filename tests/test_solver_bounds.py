"""The bottom multiplier's bound of one hand (:meth:`BottomBound._hand_mult`), made cheaper: it must
say what the per-copies, per-strength definition says (kept here as the reference), for every
preset, trump and hand."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tractor_analysis.analysis.solver import Solver
from tractor_analysis.engine.scoring import bottom_multiplier
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.rulesets import PRESETS, BottomMultiplier

NAMES = sorted(PRESETS)


def reference_hand_mult(solver: Solver, hand) -> int:
    """The definition: for each group and copies c, the longest run of strengths where some kind
    holds c copies or more; the largest multiplier of a unit within it."""
    rules = solver.rules
    if rules.bottom_multiplier is BottomMultiplier.LAST_TRICK_CARDS:
        return max(1, 2 * sum(hand))
    best, largest = 1, (1, 1)
    for g in range(5):
        for c in range(1, rules.decks + 1):
            length = run = 0
            for ks in solver.ctx.order.at[g]:
                if any(hand[k] >= c for k in ks):
                    run += 1
                    length = max(length, run)
                else:
                    run = 0
            if length:
                best = max(best, solver._maxmult[c, length])
                shape = (c, length) if c > 1 else (1, 1)
                if shape[0] * shape[1] > largest[0] * largest[1]:
                    largest = shape
    if rules.bottom_multiplier is BottomMultiplier.LEAD_SIZE and sum(hand) >= 2:
        best = max(best, bottom_multiplier(rules, largest, (largest, (1, 1))))
    return best


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(NAMES), st.integers(2, 14), st.sampled_from([None, 0, 1, 2, 3]),
       st.lists(st.integers(0, 3), min_size=54, max_size=54))
def test_hand_mult_is_the_definition(name, level, trump, counts):
    rules = PRESETS[name]
    hand = [min(n, rules.decks) for n in counts]
    solver = Solver(hand_context(rules, level, trump), (0, 2), 10)
    assert solver._hand_mult(hand) == reference_hand_mult(solver, hand)


def test_a_long_pair_run_gives_its_multiplier_and_a_broken_one_does_not():
    rules = PRESETS["standard"]
    solver = Solver(hand_context(rules, 2, 0), (0, 2), 10)
    o = solver.ctx.order
    hand = [0] * 54
    for ks in o.at[1][3:7]:            # four adjacent strengths of a plain group, a pair at each
        hand[ks[0]] = 2
    four = solver._hand_mult(hand)
    hand[o.at[1][5][0]] = 1            # break the run in the middle: two runs of two
    two = solver._hand_mult(hand)
    assert four > two >= 1
