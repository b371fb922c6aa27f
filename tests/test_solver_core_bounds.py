"""The compiled solver core's node-saving steps (issue 23, third part) keep every value.

``_solver_core.c`` has three steps the pure-Python search (the reference) does not take in the same
form, each switched by ``Core.set_features``:

- ``FEATURE_RUN_BOUND`` (1): at a lead, the points the leader's side surely takes by leading its top
  single cards (``run_bound``: trumps first, then each plain group, cut where a seat holding trumps
  could ruff) bound the value, and a bound outside the window ends the node;
- ``FEATURE_ETC`` (2): at a trick's last seat, the positions after the trick are looked up before
  any is searched (enhanced transposition cut-off);
- ``FEATURE_SIDE`` (4): inside a trick led by several cards (a pair, a tractor, a throw), the side
  whose play wins so far keeps the trick when no seat of the other side still to play could beat
  it (``multi_side``: no stronger kind of the led group held in the lead's copies, no void with
  trumps enough to ruff); the table's points then bound the value.

Every value (and two null-window tests around it) must be the pure-Python search's with each step
on alone and with both; the steps must really run (their cut-off counters move), or the test would
prove nothing.  Random endgames come from few kinds (``random_endgame``: two plain suits' top
ranks and some trumps), so that top cards, voids and ruffs, the cases the bound's conditions are
about, are common; 1-3 decks and every bottom multiplier.
"""
from __future__ import annotations

import importlib
import random

import pytest
from hypothesis import given, settings, strategies as st

from solver_helpers import brute_force, random_endgame, random_endgame_decks
from tractor_analysis.analysis.compiled_search import CORE_MODULE
from tractor_analysis.analysis.moves import leads
from tractor_analysis.analysis.solver import Budget, Position, Solver
from tractor_analysis.engine.legal import legal_follows
from tractor_analysis.engine.scoring import bottom_multiplier
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import POINTS, parse_cards, parse_trump
from tractor_analysis.records.rulesets import PRESETS, BottomMultiplier

try:
    CORE = importlib.import_module(CORE_MODULE)
except ImportError:                                     # no compiler: test_compiled.py says so
    CORE = None

needs_core = pytest.mark.skipif(CORE is None, reason="the compiled solver core is not built")

RUN_BOUND, ETC, SIDE, DOMINATED = 1, 2, 4, 8      # (DOMINATED: tests/test_solver_dominated.py)
ALL = RUN_BOUND | ETC | SIDE | DOMINATED
UNLIMITED = Budget(nodes=None, seconds=None)


def _endgame(seed: int, per_range=(3, 6)):
    rng = random.Random(seed)
    decks = (1, 2, 3)[seed % 3]
    multiplier = list(BottomMultiplier)[seed % len(BottomMultiplier)]
    ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(*per_range), decks, multiplier)
    table = []
    if rng.random() < 0.3:                              # now and then a trick in progress
        for j in range(rng.randint(1, 3)):
            seat = (leader + j) % 4
            options = list(legal_follows(ctx, table[0][1], hands[seat])) if table else \
                [(k,) for k in range(54) if hands[seat][k]]
            play = rng.choice(options)
            for k in play:
                hands[seat][k] -= 1
            table.append((seat, play))
    return ctx, Position.of(hands, leader, table, points=rng.choice((0, 10, 35))), defenders, bottom


def _core_solver(ctx, pos, defenders, bottom, mask: int) -> Solver:
    solver = Solver(ctx, defenders, bottom)
    core = solver._core_for(pos)
    assert core is not None
    core.set_features(mask)
    return solver


def _check(ctx, pos, defenders, bottom, masks=(RUN_BOUND, ETC, SIDE, ALL)) -> dict:
    """Values and two null-window tests of the core with each mask against the pure-Python search;
    returns the cut-offs each step made."""
    want = Solver(ctx, defenders, bottom, compiled=False).solve(pos, UNLIMITED).value
    cuts = {"run_cuts": 0, "etc_cuts": 0, "side_cuts": 0}
    for mask in masks:
        solver = _core_solver(ctx, pos, defenders, bottom, mask)
        got = solver.solve(pos, UNLIMITED).value
        stats = solver._core.stats()
        cuts["run_cuts"] += stats["run_cuts"]
        cuts["etc_cuts"] += stats["etc_cuts"]
        cuts["side_cuts"] += stats["side_cuts"]
        assert got == want, (mask, got, want)
        for v in (want - 5, want + 1):
            fresh = _core_solver(ctx, pos, defenders, bottom, mask)
            assert fresh.bound_test(pos, v, UNLIMITED) == (want >= v), (mask, v, want)
    return cuts


@needs_core
def test_set_features_switches_the_steps_and_says_what_was_on():
    rng = random.Random(1)
    ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
    solver = Solver(ctx, defenders, bottom)
    core = solver._core_for(Position.of(hands, leader))
    assert core.set_features(0) == ALL                  # all on by default
    assert core.set_features(RUN_BOUND) == 0
    assert core.set_features(255) == RUN_BOUND          # unknown bits are dropped
    assert core.set_features(0) == ALL


@needs_core
def test_the_steps_keep_the_values_on_random_endgames_and_run():
    cuts = {"run_cuts": 0, "etc_cuts": 0, "side_cuts": 0}
    for seed in range(42):
        for name, n in _check(*_endgame(seed)).items():
            cuts[name] += n
    # both steps cut nodes on these endgames (else the equality above would test nothing)
    assert cuts["run_cuts"] > 50 and cuts["etc_cuts"] > 5, cuts


@needs_core
@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=10 ** 9))
def test_hypothesis_the_run_bound_keeps_the_values(seed):
    ctx, pos, defenders, bottom = _endgame(seed, (3, 5))
    _check(ctx, pos, defenders, bottom, masks=(RUN_BOUND,))


@needs_core
def test_the_run_bound_agrees_with_the_brute_force():
    """The brute force (every legal play, no bound, no table) is the other reference."""
    rng = random.Random(2323)
    for _ in range(25):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
        pos = Position.of(hands, leader)
        solver = _core_solver(ctx, pos, defenders, bottom, RUN_BOUND)
        assert solver.solve(pos, UNLIMITED).value == brute_force(ctx, hands, leader, defenders, bottom)


def _bound_against_value(seed: int) -> tuple[int, int]:
    """The run bound of a random position at a lead against its solved value (pure-Python search):
    an attacker leading, the attackers gain at least the bound (and the bottom x the single lead's
    multiplier when the run is every trick left); a defender leading, at most the points in play
    less the bound (plus the bottom bound unless the run is every trick left).  Returns (bound,
    whole)."""
    rng = random.Random(seed)
    decks = (1, 2, 3)[seed % 3]
    multiplier = list(BottomMultiplier)[seed % len(BottomMultiplier)]
    ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(2, 5), decks, multiplier)
    pos = Position.of(hands, leader)
    solver = Solver(ctx, defenders, bottom)
    core = solver._core_for(pos)
    st = solver._load(pos)
    core.load(bytes(c for h in pos.hands for c in h), pos.leader, (), st.mult)
    run, whole = core.run_bound()
    value = Solver(ctx, defenders, bottom, compiled=False).solve(pos, UNLIMITED).value
    single = bottom_multiplier(ctx.rules, (1, 1), ((1, 1),))      # as the core is made
    points = sum(st.inplay[k] * POINTS[k] for k in range(54))
    if leader not in defenders:
        assert value >= run + (bottom * single if whole else 0), (seed, run, whole, value)
    else:
        assert value <= points - run + (0 if whole else bottom * st.mult), (seed, run, whole, value)
    return run, whole


@needs_core
def test_the_run_bound_never_passes_the_solved_value():
    """The bound itself, not only the search's use of it: a bound too high for an attacker leader
    (or too low an upper bound for a defender leader) fails here even where no window would have
    let it cut."""
    found = [_bound_against_value(seed) for seed in range(300)]
    assert sum(1 for run, _ in found if run) > 40          # the bound is often not 0 (59 of 300) ...
    assert sum(1 for _, whole in found if whole) > 5       # ... and sometimes covers every trick (13)


def _constructed(cards_by_seat, leader=0, defenders=(1, 3), bottom=0):
    ctx = hand_context(PRESETS["standard"], 2, parse_trump("H"))     # level 2, hearts trumps
    hands = [[0] * 54 for _ in range(4)]
    for seat, text in enumerate(cards_by_seat):
        for k in parse_cards(text):
            hands[seat][k] += 1
    pos = Position.of(hands, leader)
    solver = Solver(ctx, frozenset(defenders), bottom)
    core = solver._core_for(pos)
    core.load(bytes(c for h in pos.hands for c in h), pos.leader, (), solver._load(pos).mult)
    bound = core.run_bound()
    value = Solver(ctx, frozenset(defenders), bottom, compiled=False).solve(pos, UNLIMITED).value
    assert solver.solve(pos, UNLIMITED).value == value
    return bound, value


@needs_core
def test_a_top_card_a_seat_can_ruff_is_no_sure_trick():
    """Constructed (hearts trumps): the leader, an attacker, holds the top spade (SK: the ace is
    gone) and a club; the next seat, a defender, is void in spades with a trump.  The defender
    ruffs: the attackers gain nothing, though a bound without the ruff check claims SK's 10 and
    the 10 its partner must drop on it.  With a spade for the defender's trump, the spade is a sure
    trick, and the bound counts the points it must bring."""
    (run, whole), value = _constructed(["SK C3", "H3 D4", "S10 C4", "D5 D6"])
    assert (run, whole) == (0, 0) and value < 20
    (run, whole), value = _constructed(["SK C3", "S3 D4", "S10 C4", "D5 D6"])
    assert run == 20 and not whole and value >= run


@needs_core
def test_a_run_of_trumps_first_empties_the_seats_that_could_ruff():
    """Constructed: the leader (a defender) holds the big joker and the top diamonds DA DK; the
    attacker before it holds one trump (H4) and one diamond (D10).  Alone, the diamonds are one
    sure trick (that attacker may ruff the second), but the big joker first takes the attacker's
    only trump: then both diamonds are sure, the run covers every trick and every point (25) goes
    to the defenders.  With the big joker in the attacker's hand instead (and D9 for DK), no trump
    is sure and the diamonds give one sure trick (DA, with D10 and D5 on it: 15)."""
    (run, whole), value = _constructed(["H4 D10 C3", "BJ DA DK", "D5 C4 C6", "S3 C7 C8"], leader=1)
    assert (run, whole) == (25, 1) and value == 0
    (run, whole), value = _constructed(["BJ D10 C3", "SJ DA D9", "D5 C4 C6", "S3 C7 C8"], leader=1)
    assert (run, whole) == (15, 0) and value <= 15 - 15



@needs_core
def test_the_core_refuses_points_other_than_0_5_10():
    """run_bound counts cards by their points as 0, 5 or 10 (the game's): any other table of
    points is refused at once rather than miscounted."""
    from tractor_analysis.analysis.compiled_search import core_lead_decks, core_winner_decks
    from tractor_analysis.records.rulesets import TrumpIn
    ctx = hand_context(PRESETS["standard"], 2, parse_trump("H"))
    o = ctx.order
    args = (tuple(o.group), tuple(o.strength))
    tail = (o.at, (True, False) * 2, 0, 0, ctx.rules.trump_in is not TrumpIn.EXACT,
            core_lead_decks(ctx.rules), core_winner_decks(ctx.rules))
    CORE.Core(None, Exception, *args, tuple(POINTS), *tail)
    odd = list(POINTS)
    odd[0] = 3
    with pytest.raises(ValueError, match="0, 5 or 10"):
        CORE.Core(None, Exception, *args, tuple(odd), *tail)


def _multi_led(seed: int):
    """A random endgame with a trick in progress led by several cards (a pair, a tractor or a
    throw, whichever the leader may lead), one to three plays on the table; ``None`` when the
    leader has no such lead."""
    rng = random.Random(seed)
    decks = (2, 3, 2, 1)[seed % 4]
    multiplier = list(BottomMultiplier)[seed % len(BottomMultiplier)]
    ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(3, 6), decks, multiplier)
    options = [m for m in leads(ctx, hands, leader)[0] if len(m) >= 2]
    if not options:
        return None
    table = []
    for j in range(rng.randint(1, 3)):
        seat = (leader + j) % 4
        play = rng.choice(options) if not table else rng.choice(list(legal_follows(ctx, table[0][1], hands[seat])))
        for k in play:
            hands[seat][k] -= 1
        table.append((seat, tuple(play)))
    return ctx, Position.of(hands, leader, table, points=rng.choice((0, 10, 35))), defenders, bottom


@needs_core
def test_a_trick_led_by_several_cards_a_side_surely_wins_keeps_the_values():
    """FEATURE_SIDE alone and with the others, inside tricks led by pairs, tractors and throws
    (1-3 decks, every bottom multiplier): the pure-Python search's value, and the step cuts."""
    cuts, cases = 0, 0
    for seed in range(400):
        case = _multi_led(seed)
        if case is None:
            continue
        cases += 1
        cuts += _check(*case, masks=(SIDE, ALL))["side_cuts"]
    assert cases > 100 and cuts > 20, (cases, cuts)


@needs_core
@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=10 ** 9))
def test_hypothesis_the_sure_side_of_a_trick_of_several_cards_keeps_the_values(seed):
    case = _multi_led(seed)
    if case is not None:
        _check(*case, masks=(SIDE,))


@needs_core
@pytest.mark.parametrize("sides", [(0, 1), (1, 2), (0,), (1,), (0, 1, 3), (0, 2)])
def test_the_steps_keep_the_values_whatever_seats_the_sides_hold(sides):
    """Friend mode (docs/rules.md §11): the dealer's partner may sit beside it, or the dealer play alone
    against three (or with two) — no step may take the seat opposite for a partner.  (A tester found
    ``run_bound`` counting the seat opposite the leader as its partner: with partners side by side it
    credited a defender's points to the attackers, 120 for 115, in ``tractor analyse`` and
    ``ingest --analyse``.)"""
    cuts = 0
    for seed in range(30):
        ctx, pos, _, bottom = _endgame(seed * 7 + len(sides))
        got = _check(ctx, pos, frozenset(sides), bottom)
        cuts += got["run_cuts"]
    assert cuts > 5, cuts
