"""The compiled core's fourth node-saving step: follows another follow is never worse than are not
searched (``FEATURE_DOMINATED``, ``drop_dominated`` / ``drop_dominated_multi`` in
``analysis/_solver_core.c``, argued there; issue 23, twenty-second part of bench/README.md).

A follow that plays the mover's single card ``a`` where the mover could play its single card ``b``
instead — the two in one stretch of their group (every card in play between them the mover's), the
trick's plays so far telling them apart nowhere, the trick surely going to one side — is worth no
more to the mover than that other follow when ``b`` carries the points the mover wants in this
trick (more when the trick is its side's, fewer when it is the other side's).  The step drops such
follows at every node but the root.

Every value (and two null-window tests around it) must be the pure-Python search's (the reference:
it has no such step) with the step alone, with every step, and without it; and the step must drop
follows on these endgames (its counter moves), or the test proves nothing.  The endgames are dealt
from point-rich ranks (the 5s, 10s and Ks with their neighbours) of one or two plain suits and some
trumps, so that a seat's stretches hold cards of different points; tricks in progress are led by one
card or by several (pairs, tractors, throws); 1-3 decks, every bottom multiplier, any preset.
"""
from __future__ import annotations

import dataclasses
import importlib
import random

import pytest

from solver_helpers import MULTIPLIERS, brute_force
from tractor_analysis.analysis.compiled_search import CORE_MODULE
from tractor_analysis.analysis.moves import leads
from tractor_analysis.analysis.solver import Budget, Position, Solver
from tractor_analysis.engine.legal import legal_follows
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import NUM_KINDS
from tractor_analysis.records.rulesets import PRESETS

try:
    CORE = importlib.import_module(CORE_MODULE)
except ImportError:                                     # no compiler: test_compiled.py says so
    CORE = None

needs_core = pytest.mark.skipif(CORE is None, reason="the compiled solver core is not built")

RUN_BOUND, ETC, SIDE, DOMINATED = 1, 2, 4, 8
ALL = RUN_BOUND | ETC | SIDE | DOMINATED
UNLIMITED = Budget(nodes=None, seconds=None)


def _deal(seed: int, per_range=(3, 6)):
    """``(ctx, hands, leader, defenders, bottom)``: point-rich ranks, singles common."""
    rng = random.Random(seed)
    decks = (1, 2, 2, 3)[seed % 4]
    preset = sorted(PRESETS)[seed % len(PRESETS)]
    rules = dataclasses.replace(PRESETS[preset], decks=decks, bottom_multiplier=MULTIPLIERS[seed % len(MULTIPLIERS)])
    ctx = hand_context(rules, rng.choice((2, 7, 9, 14)), rng.choice((0, 1, 2, 3, None)))
    suits = rng.sample(range(4), rng.choice((1, 2)))
    ranks = [r for r in range(3, 15) if rng.random() < 0.75]
    pool = [s * 13 + (r - 2) for s in suits for r in ranks] + rng.sample(range(52), 3) + [52, 53]
    deck = [k for k in set(pool) for _ in range(decks)]
    rng.shuffle(deck)
    per = min(rng.randint(*per_range), len(deck) // 4)
    hands = [[0] * NUM_KINDS for _ in range(4)]
    for i in range(4):
        for k in deck[i * per:(i + 1) * per]:
            hands[i][k] += 1
    dealer = rng.randrange(4)
    return ctx, hands, rng.randrange(4), frozenset({dealer, (dealer + 2) % 4}), rng.choice((0, 10, 25))


def _endgame(seed: int, per_range=(3, 6)):
    """A dealt endgame, at a lead or with a trick in progress (one to three plays on the table,
    led by one card or by several)."""
    rng = random.Random(seed * 7 + 1)
    ctx, hands, leader, defenders, bottom = _deal(seed, per_range)
    table = []
    if rng.random() < 0.6:
        multi = [m for m in leads(ctx, hands, leader)[0] if len(m) >= 2]
        for j in range(rng.randint(1, 3)):
            seat = (leader + j) % 4
            if table:
                play = rng.choice(list(legal_follows(ctx, table[0][1], hands[seat])))
            else:
                play = rng.choice(multi) if multi and rng.random() < 0.5 else (
                    rng.choice([k for k in range(NUM_KINDS) if hands[seat][k]]),)
            for k in play:
                hands[seat][k] -= 1
            table.append((seat, tuple(play)))
    return ctx, Position.of(hands, leader, table, points=rng.choice((0, 15))), defenders, bottom


def _core_solver(ctx, pos, defenders, bottom, mask: int) -> Solver:
    solver = Solver(ctx, defenders, bottom)
    core = solver._core_for(pos)
    assert core is not None
    core.set_features(mask)
    return solver


def _check(ctx, pos, defenders, bottom, masks=(DOMINATED, ALL, ALL & ~DOMINATED)) -> tuple[int, dict]:
    """The value and two null-window tests of the core under each mask against the pure-Python
    search; returns the value and the follows the step dropped (nodes per mask too)."""
    want = Solver(ctx, defenders, bottom, compiled=False).solve(pos, UNLIMITED).value
    seen = {"dom_drops": 0}
    for mask in masks:
        solver = _core_solver(ctx, pos, defenders, bottom, mask)
        got = solver.solve(pos, UNLIMITED).value
        stats = solver._core.stats()
        seen["dom_drops"] += stats["dom_drops"]
        seen[mask] = stats["nodes"]
        assert got == want, (mask, got, want)
        for v in (want - 5, want + 1):
            fresh = _core_solver(ctx, pos, defenders, bottom, mask)
            assert fresh.bound_test(pos, v, UNLIMITED) == (want >= v), (mask, v, want)
    return want, seen


@needs_core
def test_the_step_is_switched_by_its_bit():
    ctx, hands, leader, defenders, bottom = _deal(3)
    solver = Solver(ctx, defenders, bottom)
    core = solver._core_for(Position.of(hands, leader))
    assert core.set_features(0) == ALL                  # on by default with the others
    assert core.set_features(DOMINATED) == 0
    assert core.set_features(ALL) == DOMINATED


@needs_core
@pytest.mark.parametrize("block", range(6))
def test_dropping_dominated_follows_keeps_every_value(block):
    drops = nodes_on = nodes_off = 0
    for seed in range(block * 40, block * 40 + 40):
        _, seen = _check(*_endgame(seed))
        drops += seen["dom_drops"]
        nodes_on += seen[ALL]
        nodes_off += seen[ALL & ~DOMINATED]
    # the step runs on these endgames (else the equalities above test nothing) and saves nodes
    assert drops > 20, drops
    assert nodes_on < nodes_off, (nodes_on, nodes_off)


@needs_core
def test_dropping_dominated_follows_agrees_with_the_brute_force():
    """The brute force (every legal play, no bound, no table) as the other reference, at leads."""
    checked = 0
    for seed in range(400, 460):
        ctx, hands, leader, defenders, bottom = _deal(seed, (2, 3))
        pos = Position.of(hands, leader)
        solver = _core_solver(ctx, pos, defenders, bottom, DOMINATED)
        assert solver.solve(pos, UNLIMITED).value == brute_force(ctx, hands, leader, defenders, bottom), seed
        checked += solver._core.stats()["dom_drops"] > 0
    assert checked > 5, checked


def _constructed(cards_by_seat, leader, table, defenders=(1, 3)):
    """Spades trumps at level 2 (standard rules): the value with and without the step, the pure-
    Python search's, and the follows the step dropped."""
    from tractor_analysis.records.cards import parse_cards, parse_trump
    ctx = hand_context(PRESETS["standard"], 2, parse_trump("S"))
    hands = [[0] * NUM_KINDS for _ in range(4)]
    for seat, text in enumerate(cards_by_seat):
        for k in parse_cards(text):
            hands[seat][k] += 1
    played = [(seat, tuple(parse_cards(text))) for seat, text in table]
    pos = Position.of(hands, leader, played)
    want = Solver(ctx, frozenset(defenders), 0, compiled=False).solve(pos, UNLIMITED).value
    on = _core_solver(ctx, pos, frozenset(defenders), 0, ALL)
    off = _core_solver(ctx, pos, frozenset(defenders), 0, ALL & ~DOMINATED)
    return on.solve(pos, UNLIMITED).value, off.solve(pos, UNLIMITED).value, want, on._core.stats()["dom_drops"]


@needs_core
def test_a_discard_onto_a_trick_the_other_side_surely_takes_keeps_the_points():
    """Constructed.  N (an attacker) leads H3 and holds HA; E (a defender) holds the top hearts
    left.  Every trick is W's or E's to give: S, an attacker void in hearts, discards on E's
    winners.  S holds C4 C5 C6 (one stretch: no other seat holds a club between them): on a trick
    the defenders surely take, C5 is never better than C4 or C6 for S, and the step drops it there
    — at the inner nodes, not at the root.  The values agree with and without the step and with the
    reference."""
    on, off, want, drops = _constructed(["H3 HA D3", "HK HQ D4", "C4 C5 C6", "H4 H6 D6"], leader=0, table=())
    assert on == off == want
    assert drops > 0


@needs_core
def test_a_card_kept_for_a_later_trick_is_not_traded_across_another_seats_card():
    """Constructed (found by a search over random positions with the step's stretch condition left
    out).  E (an attacker) has led C10 C10; S (a defender) must play CK CK and wins the trick
    surely; W (an attacker) follows with two of C5 C7 C9 and would rather give no points to the
    defenders' trick — but C9 must be kept: S leads C8 next and W's C9 takes N's HK (10).  C5 and
    C9 are not in one stretch (N's C6 and S's C8 lie between), so the step must not trade one for
    the other; a step that did gives 0 instead of 10."""
    on, off, want, _ = _constructed(["HK HK C4 C6", "D2 C3", "D2 C8 CK CK", "H10 C5 C7 C9"], leader=1,
                                    table=[(1, "C10 C10")], defenders=(0, 2))
    assert on == off == want == 10
