"""The endgame solver keeps a node's ordered plays on a key coarser than the position (issue 13,
speed): a leader's on its cards and the four hands' cards in the suit groups it holds
(:meth:`~tractor_analysis.analysis.solver.Solver.lead_key`); a follower's on the table, the leader and
the four hands' cards in the led group when it holds at least as many of them as the lead has, or
else in the groups it holds (``follow_key``).  A cached list is reused for every position with the
same key, so these tests change random cards between the seats and check that wherever the key
stays the same, a fresh solver gives the same plays in the same order.
"""
from __future__ import annotations

import random

from solver_helpers import random_endgame
from tractor_analysis.engine.legal import legal_follows, legal_leads
from tractor_analysis.analysis.solver import Position, Solver


def _table(rng, ctx, hands, leader):
    table = []
    for i in range(rng.randint(0, 3)):
        seat = (leader + i) % 4
        if table:
            options = list(legal_follows(ctx, table[0][1], hands[seat]))
        else:
            options = [tuple(sorted(u)) for u in legal_leads(ctx, hands[seat])]
        m = rng.choice(options)
        for k in m:
            hands[seat][k] -= 1
        table.append((seat, m))
    return tuple(table)


def _key_and_moves(ctx, defenders, bottom, hands, leader, table, solver=None):
    """(the solver's key, its plays) for the player to move; a fresh solver unless one is given."""
    solver = solver or Solver(ctx, defenders, bottom)
    pos = Position.of(hands, leader, table)
    st = solver.st = solver._load(pos)
    seat = pos.to_move
    if table:
        return solver.follow_key(st, seat), solver._follow_moves(st, seat)
    return solver.lead_key(st, seat), solver._lead_moves(st, seat)


def _swap(rng, hands, ctx=None, seat=None) -> bool:
    """Swap one card of one seat for one card of another (hand sizes kept); with ``seat``, two
    other seats' cards in suit groups ``seat`` does not hold (often a change outside the key)."""
    x, y = rng.sample([s for s in range(4) if s != seat], 2)
    skip = set() if seat is None else {ctx.order.group[k] for k in range(len(hands[seat])) if hands[seat][k]}
    kx = [k for k in range(len(hands[x])) if hands[x][k] and ctx.order.group[k] not in skip]
    ky = [k for k in range(len(hands[y])) if hands[y][k] and ctx.order.group[k] not in skip]
    if not kx or not ky:
        return False
    a, b = rng.choice(kx), rng.choice(ky)
    if a == b:
        return False
    hands[x][a] -= 1
    hands[y][a] += 1
    hands[y][b] -= 1
    hands[x][b] += 1
    return True


def test_positions_with_one_key_have_the_same_plays():
    rng = random.Random(1301)
    same = {"lead": 0, "follow": 0}
    differ = 0
    for _ in range(2500):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, rng.randint(2, 6))
        table = _table(rng, ctx, hands, leader)
        key, moves = _key_and_moves(ctx, defenders, bottom, hands, leader, table)
        other = [list(h) for h in hands]
        mover = (leader + len(table)) % 4 if rng.random() < 0.5 else None
        if not any([_swap(rng, other, ctx, mover) for _ in range(rng.randint(1, 3))]):
            continue
        other_key, other_moves = _key_and_moves(ctx, defenders, bottom, other, leader, table)
        if other_key != key:
            differ += 1
            continue
        assert other_moves == moves, (hands, other, leader, table)
        same["follow" if table else "lead"] += 1
    assert same["lead"] > 100 and same["follow"] > 300 and differ > 500, (same, differ)


def test_a_cached_list_is_what_a_fresh_solver_gives():
    """One solver meets a position, then another with the same key: its plays (now from the
    cache) are what a fresh solver gives for the second."""
    rng = random.Random(1302)
    hits = 0
    for _ in range(1500):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, rng.randint(2, 6))
        table = _table(rng, ctx, hands, leader)
        other = [list(h) for h in hands]
        if not _swap(rng, other, ctx, (leader + len(table)) % 4):
            continue
        solver = Solver(ctx, defenders, bottom)
        first_key, _ = _key_and_moves(ctx, defenders, bottom, hands, leader, table, solver)
        key, got = _key_and_moves(ctx, defenders, bottom, other, leader, table, solver)
        hits += key == first_key
        assert got == _key_and_moves(ctx, defenders, bottom, other, leader, table)[1]
    assert hits > 150, hits
