"""``foreign_unit = accepted`` (docs/rules.md §5.3, the botzone preset): the plays the judge accepts are
the plays the generators make.

``check_follow`` accepted a pair (a tractor) of another group from a follower holding cards of the led
group but no such unit there; ``legal_follows`` — the engine's generator, which the solver, the view and the
rules' trick after a failed throw use — did not make it.  So ``tractor analyse`` under botzone valued a
position over fewer plays than the preset allows: a player's tester's position (W leads ♥9 ♥9, N holds ♥3
♠4 ♠4 and plays the trump pair, which the judge lets stand and which wins) was "best play 50" with N's play
costing −10; the true value is 40.  The generator is checked here against the judge itself (every multiset
of the hand that ``check_follow`` accepts, nothing else), under both values of the option.
"""
from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from engine_helpers import cards
from solver_helpers import brute_force, random_hand
from tractor_analysis.analysis.compiled_search import FEATURE_SIDE, core_follow_rules, foreign_units
from tractor_analysis.analysis.solver import Position, Solver
from tractor_analysis.engine.legal import analyse_lead, check_follow, legal_follows
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import NUM_KINDS
from tractor_analysis.records.rulesets import PRESETS, ForeignUnit


def _hand(text: str) -> list[int]:
    h = [0] * NUM_KINDS
    for k in cards(text):
        h[k] += 1
    return h


def _judged(ctx, lead, hand) -> set[tuple[int, ...]]:
    """Every play of the lead's size from ``hand`` the judge accepts (the oracle: no generator)."""
    held = [k for k in range(NUM_KINDS) for _ in range(hand[k])]
    plays = {tuple(sorted(c)) for c in itertools.combinations(held, lead.count)}
    return {p for p in plays if check_follow(ctx, lead, hand, p) is None}


def test_the_trump_pair_the_judge_accepts_is_made():
    ctx = hand_context(PRESETS["botzone"], 2, 0)        # trump ♠ (suit 0), level 2
    lead, hand = analyse_lead(ctx, cards("H9 H9")), _hand("H3 S4 S4")
    got = list(legal_follows(ctx, lead, hand))
    assert tuple(sorted(cards("S4 S4"))) in got
    assert len(got) == len(set(got)) and set(got) == _judged(ctx, lead, hand)
    refused = hand_context(dataclasses.replace(PRESETS["botzone"], foreign_unit=ForeignUnit.REFUSED), 2, 0)
    assert tuple(sorted(cards("S4 S4"))) not in set(legal_follows(refused, lead, hand))


@pytest.mark.parametrize("foreign", list(ForeignUnit))
@pytest.mark.parametrize("preset", ["botzone", "standard", "tournament"])
def test_legal_follows_are_the_plays_the_judge_accepts(preset, foreign):
    rng = random.Random(hash((preset, foreign.value)) & 0xFFFF)
    rules = dataclasses.replace(PRESETS[preset], foreign_unit=foreign)
    made = 0
    for _ in range(400):
        ctx = hand_context(rules, rng.randint(2, 14), rng.choice((0, 1, 2, 3, None)))
        o = ctx.order
        kinds = rng.sample(range(NUM_KINDS), rng.randint(4, 10))
        hand = random_hand(rng, rules.decks, rng.randint(2, 9), kinds)
        g = rng.randrange(5)
        pairs = [k for k in o.kinds[g] if hand[k] < 2]          # a lead of a pair (a tractor) the hand lacks
        if not pairs:
            continue
        k = rng.choice(pairs)
        i = o.kinds[g].index(k)
        run = o.kinds[g][i:i + rng.choice((1, 1, 2))]
        lead = analyse_lead(ctx, tuple(x for x in run for _ in range(2)))
        if any(hand[x] + 2 > rules.decks for x in run) and rules.decks == 2 and any(hand[x] for x in run):
            continue                                                # (more copies than the decks hold)
        got = list(legal_follows(ctx, lead, hand))
        assert len(got) == len(set(got))
        assert set(got) == _judged(ctx, lead, hand), (preset, foreign, ctx.level, ctx.trump, lead.count, hand)
        made += sum(1 for p in got if o.group[p[0]] != g and all(o.group[x] == o.group[p[0]] for x in p)
                    and any(hand[x] for x in o.kinds[g]))
    if foreign is ForeignUnit.ACCEPTED:
        assert made > 0                     # foreign units were among them


def _tester_position():
    ctx = hand_context(PRESETS["botzone"], 2, 0)
    hands = [_hand("H3 S4 S4"), _hand("C6 C7 D4"), _hand("HK C8 C9"), _hand("H9 H9 D3")]
    return ctx, hands


@pytest.mark.parametrize("compiled", [True, False])
def test_the_testers_position_after_the_lead_is_worth_nothing_more(compiled):
    ctx, hands = _tester_position()
    solver = Solver(ctx, frozenset({0, 2}), 0, compiled=compiled)
    if compiled and not solver.compiled_for(Position.of(hands, 3, ())):
        pytest.skip("the compiled solver core is not built")
    assert solver.solve(Position.of(hands, 3, ())).value == brute_force(ctx, hands, 3, frozenset({0, 2}), 0)
    after = [list(h) for h in hands]
    for k in cards("H9 H9"):
        after[3][k] -= 1
    # N's ♠4 ♠4 (accepted) wins the ♥9 ♥9 lead with S's ♥K in it: nothing more to W's side (the
    # analysis said 10 more: "50 → 50" for the lead, then N's play "cost −10")
    assert solver.solve(Position.of(after, 3, ((3, tuple(cards("H9 H9"))),))).value == 0


def test_the_core_asks_the_engine_and_drops_the_sure_side_under_the_option():
    assert foreign_units(PRESETS["botzone"]) and not foreign_units(PRESETS["standard"])
    assert core_follow_rules(PRESETS["botzone"])[0] == 0
    assert core_follow_rules(dataclasses.replace(PRESETS["botzone"], foreign_unit=ForeignUnit.REFUSED))[0] == 2
    ctx, hands = _tester_position()
    solver = Solver(ctx, frozenset({0, 2}), 0)
    core = solver._core_for(Position.of(hands, 3, ()))
    if core is None:
        pytest.skip("the compiled solver core is not built")
    mask = core.set_features(0)
    core.set_features(mask)
    assert mask and not mask & FEATURE_SIDE


@pytest.mark.parametrize("seed", range(3))
def test_botzone_endgames_compiled_pure_and_brute_force_agree(seed):
    rng = random.Random(1000 + seed)
    checked = 0
    for _ in range(60):
        ctx = hand_context(PRESETS["botzone"], rng.choice((2, 5, 10)), rng.choice((0, 1, None)))
        suits = rng.sample(range(4), 2)
        pool = [s * 13 + r for s in suits for r in rng.sample(range(13), 4)] + [52, 53]
        deck = [k for k in pool for _ in range(2)]
        rng.shuffle(deck)
        per = 3
        hands = [[0] * NUM_KINDS for _ in range(4)]
        for i in range(4):
            for k in deck[i * per:(i + 1) * per]:
                hands[i][k] += 1
        leader = rng.randrange(4)
        defenders = frozenset({0, 2}) if rng.random() < 0.5 else frozenset({1, 3})
        bottom = rng.choice((0, 10, 25))
        want = brute_force(ctx, hands, leader, defenders, bottom)
        pos = Position.of(hands, leader, ())
        assert Solver(ctx, defenders, bottom, compiled=False).solve(pos).value == want
        compiled = Solver(ctx, defenders, bottom)
        if compiled.compiled_for(pos):
            assert compiled.solve(pos).value == want
            checked += 1
    assert checked > 0 or not Solver(*_tester_position()[:1], frozenset({0, 2}), 0).compiled_for(
        Position.of(_tester_position()[1], 3, ()))


# Positions a search found where the core's multi_side (a trick of several cards a lead surely wins: only a
# void seat may ruff it) gave a wrong value under the option: a seat holding the led group but no pair there
# takes the pair with a trump pair.  (level, trump, leader, defenders, bottom, hands as kinds, table, value)
SIDE_CASES = [
    (10, 1, 0, (0, 2), 0, [[4, 4], [3, 42, 52, 52], [6, 6, 39, 53], [3, 39, 44, 44]], (0, (11, 11)), 30),
    (2, 0, 1, (0, 2), 0, [[7, 8, 8, 46], [3, 53], [2, 39, 52, 53], [2, 39, 45, 46]], (1, (50, 50)), 0),
    (10, 1, 2, (1, 3), 25, [[15, 17, 43, 47], [41, 43, 47, 52], [15, 18], [41, 52, 53, 53]], (2, (50, 50)), 0),
    (5, 1, 1, (0, 2), 0, [[11, 52, 52], [49], [49, 50, 53], [6, 47, 50]], (1, (0, 0)), 0),
]


@pytest.mark.parametrize("case", SIDE_CASES)
@pytest.mark.parametrize("compiled", [True, False])
def test_a_seat_not_void_may_take_a_pair_with_a_trump_pair(case, compiled):
    level, trump, leader, defenders, bottom, kinds, lead, value = case
    ctx = hand_context(PRESETS["botzone"], level, trump)
    hands = [[0] * NUM_KINDS for _ in range(4)]
    for seat, held in enumerate(kinds):
        for k in held:
            hands[seat][k] += 1
    pos = Position.of(hands, leader, (lead,))
    solver = Solver(ctx, frozenset(defenders), bottom, compiled=compiled)
    if compiled and not solver.compiled_for(pos):
        pytest.skip("the compiled solver core is not built")
    assert brute_force(ctx, hands, leader, frozenset(defenders), bottom, (lead,)) == value
    assert solver.solve(pos).value == value
