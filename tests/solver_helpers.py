"""Test helpers for the endgame solver: an independent brute force and random small endgames.

The brute force is plain minimax: no pruning, no transposition table, no merging of equal cards,
every throw found by trying *every* multiset of a group's cards with the engine's ``check_throw``,
and every trick judged by the engine's :func:`judge_trick` (a real ``Trick`` of ``Play`` records),
the bottom by ``bottom_multiplier`` of the trick's ``winning_shape`` as the replay scores it.
"""
from __future__ import annotations

import dataclasses
import itertools
import random

from tractor_analysis.engine.legal import analyse_lead, check_throw, legal_follows, legal_leads
from tractor_analysis.engine.scoring import bottom_multiplier
from tractor_analysis.engine.tricks import hand_context, judge_trick
from tractor_analysis.records.cards import NUM_KINDS, POINTS
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS, BottomMultiplier


def all_throws(ctx, hands, seat):
    """Every throw (several units, one group) from ``seat``'s hand that stands."""
    o = ctx.order
    hand = hands[seat]
    others = [((seat + i) % 4, hands[(seat + i) % 4]) for i in (1, 2, 3)]
    out = []
    for g in range(5):
        kinds = [k for k in o.kinds[g] if hand[k]]
        for ms in itertools.product(*[range(hand[k] + 1) for k in kinds]):
            cards = tuple(k for k, m in zip(kinds, ms) for _ in range(m))
            if len(cards) < 2:
                continue
            lead = analyse_lead(ctx, cards)
            if lead.is_throw and check_throw(ctx, cards, others, lead).stands:
                out.append(cards)
    return out


def brute_force(ctx, hands, leader, defenders, bottom_points, table=()):
    """Attackers' points still to come with best play (plain minimax)."""
    hands = [list(h) for h in hands]

    def judge(plays):
        trick = Trick(1, tuple(Play(seat, cards) for seat, cards in plays))
        start = [h[:] for h in hands]
        for seat, cards in plays:
            for k in cards:
                start[seat][k] += 1
        return judge_trick(ctx, trick, start, None)

    def rec(leader, table):
        if not table and not any(map(any, hands)):
            return 0
        seat = (leader + len(table)) % 4
        if table:
            moves = list(legal_follows(ctx, table[0][1], hands[seat]))
        else:
            moves = [tuple(sorted(u)) for u in legal_leads(ctx, hands[seat])] + all_throws(ctx, hands, seat)
        assert moves, "a player without a legal play"
        values = []
        for m in moves:
            for k in m:
                hands[seat][k] -= 1
            plays = table + ((seat, m),)
            if len(plays) == 4:
                r = judge(plays)
                gain = 0
                if r.winner not in defenders:
                    gain = r.points
                    if not any(map(any, hands)):
                        gain += bottom_points * bottom_multiplier(ctx.rules, r.winning_shape, r.lead_shapes)
                v = gain + rec(r.winner, ())
            else:
                v = rec(leader, plays)
            for k in m:
                hands[seat][k] += 1
            values.append(v)
        return max(values) if seat not in defenders else min(values)

    return rec(leader, tuple(table))


MULTIPLIERS = (BottomMultiplier.SIZE_POWER, BottomMultiplier.PAIR_DOUBLING, BottomMultiplier.OURGAME,
               BottomMultiplier.UNIT_TIMES, BottomMultiplier.FLAT, BottomMultiplier.LAST_TRICK_CARDS)


def random_endgame(rng: random.Random, per: int | None = None, decks: int = 2):
    """A random small endgame: ``(ctx, hands, leader, defenders, bottom_points)``.

    Cards come from few kinds (two plain suits' top ranks, some trumps) so that pairs, tractors,
    voids, trump-ins and throws are common.  Trump or no trump, several bottom multipliers.
    """
    per = per or rng.randint(2, 4)
    rules = dataclasses.replace(PRESETS["standard" if decks == 2 else "three-deck"],
                                bottom_multiplier=rng.choice(MULTIPLIERS))
    level = rng.choice((2, 5, 10, 13))
    trump = rng.choice((0, 1, None))
    ctx = hand_context(rules, level, trump)
    suits = rng.sample(range(4), 2)
    ranks = rng.sample(range(2, 15), 5)
    pool = [s * 13 + (r - 2) for s in suits for r in ranks]
    pool += [52, 53] + [rng.randrange(52) for _ in range(2)]
    deck = [k for k in set(pool) for _ in range(decks)]
    rng.shuffle(deck)
    hands = []
    for i in range(4):
        h = [0] * NUM_KINDS
        for k in deck[i * per:(i + 1) * per]:
            h[k] += 1
        hands.append(h)
    leader = rng.randrange(4)
    dealer = rng.randrange(4)
    defenders = frozenset({dealer, (dealer + 2) % 4})
    bottom_points = rng.choice((0, 5, 10, 15, 25, 30))
    return ctx, hands, leader, defenders, bottom_points


def points_in(hands) -> int:
    return sum(POINTS[k] * h[k] for h in hands for k in range(NUM_KINDS))
