"""The engine's fast paths (issue 11) give exactly what the full judgement gives.

:func:`tricks.judge_trick` first tries a regular trick on a fast path and falls back to the
full judgement (:func:`tricks._judge`) when anything is amiss; leads are memoised and shared
across orders; :func:`units.availability` has a shortcut for groups with one kind per strength.
Each is compared here with the slow way on simulated hands, with injected violations, under
every preset (and the 80fen exact trump-in)."""
import random

import pytest

from tractor_analysis.engine import legal, tricks, units
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match


def _hands_and_tricks(preset, seed):
    """Every (ctx, trick, hands at its start, leader) of a few simulated hands, violations injected."""
    rules = PRESETS[preset]
    match = simulate_match(seed, 0, rules=rules, violation_rate=0.08, max_hands=3)
    calls = []
    original = tricks.judge_trick

    def record(ctx, trick, hands, leader):
        calls.append((ctx, trick, [list(h) for h in hands], leader))
        return original(ctx, trick, hands, leader)

    loop = tricks._JUDGE_TRICKS
    tricks.judge_trick, tricks._JUDGE_TRICKS = record, None     # the Python loop, through record
    try:
        replay_match(match)
    finally:
        tricks.judge_trick, tricks._JUDGE_TRICKS = original, loop
    return calls


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", [3, 11])
def test_fast_trick_equals_full_judgement(preset, seed):
    calls = _hands_and_tricks(preset, seed)
    assert calls
    for ctx, trick, hands, leader in calls:
        fast_hands = [list(h) for h in hands]
        slow_hands = [list(h) for h in hands]
        fast = tricks.judge_trick(ctx, trick, fast_hands, leader)
        before = tuple(tuple(h) for h in slow_hands)
        slow = tricks._judge(ctx, trick, slow_hands, leader, before)
        assert fast == slow
        assert fast_hands == slow_hands


def test_fast_path_sees_violations_and_leaves_hands_alone():
    """A trick the fast path refuses (a follow that revokes) leaves the hands as they were for
    the full judgement, which finds the violation."""
    seen = 0
    for preset in sorted(PRESETS):
        for ctx, trick, hands, leader in _hands_and_tricks(preset, 5):
            if len(trick.plays) != 4 or trick.plays[0].attempted is not None:
                continue
            h = [list(x) for x in hands]
            before = tuple(tuple(x) for x in h)
            done = tricks._clean_trick(ctx, trick, h, before, trick.plays[0].seat)
            if done is None:
                assert [tuple(x) for x in h] == list(before)
                seen += 1
            else:
                assert done.violations == ()
    assert seen > 0


def test_shared_leads_equal_fresh_analysis():
    rng = random.Random(7)
    for preset in ("standard", "three-deck", "one-deck"):
        rules = PRESETS[preset]
        for level in (2, 5, 10, 14):
            for trump in (None, 0, 1, 2, 3):
                ctx = hand_context(rules, level, trump)
                for _ in range(40):
                    n = rng.randint(1, 8)
                    cards = tuple(rng.randrange(54) for _ in range(n))
                    assert legal.analyse_lead(ctx, cards) == legal._analyse_lead(ctx, cards)
                    lead = legal.analyse_lead(ctx, cards)
                    assert lead.count == len(cards) and lead.shapes == tuple(u.shape for u in lead.units)


def _slow_availability(o, counts, group, copies):
    return [sum(1 for k in ks if counts[k] >= copies) for ks in o.at[group]]


def test_availability_shortcut_equals_per_strength_count():
    rng = random.Random(1)
    for level in (2, 7, 14):
        for trump in (None, 0, 3):
            for twos in (False, True):
                ctx = hand_context(PRESETS["standard"], level, trump)
                o = ctx.order if not twos else __import__(
                    "tractor_analysis.engine.order", fromlist=["order"]).order(level, trump, True)
                for _ in range(20):
                    hand = [rng.randint(0, 3) for _ in range(54)]
                    for g in range(5):
                        for c in (1, 2, 3):
                            assert units.availability(o, hand, g, c) == _slow_availability(o, hand, g, c)
