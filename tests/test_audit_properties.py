"""Referee's audit: properties over random positions in every variant (hypothesis).

* Every follow violation's ``better`` is a play the seat held at that moment, of the lead's size,
  and itself legal — also for 3-deck throws mixing triples with tractors, where a triple can lend a
  pair to a tractor (the audit found ``construct_follow`` returning the player's own illegal play).
* Rulings do not depend on the names of the suits: renaming the four suits (the trump suit with
  them) gives the same winner and the same violations.
"""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from engine_helpers import context, deal
from tractor_analysis.records.cards import NUM_KINDS, RANK_OF, SUIT_OF, card
from tractor_analysis.engine.legal import (analyse_lead, check_follow, choose_follow, construct_follow, is_legal_follow, legal_leads)
from tractor_analysis.engine.throw_check import check_throw
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.engine.tricks import judge_trick

DECKS = {"one-deck": (1, 12), "standard": (2, 25), "three-deck": (3, 39)}


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 14), st.sampled_from([0, 1, 2, 3, None]), st.booleans(), st.booleans(),
       st.integers(0, 10**9))
def test_three_deck_better_plays_for_throws_with_triples_and_tractors_are_held_and_legal(
        level, trump, twos, protect, seed):
    rng = random.Random(seed)
    ctx = context(level, trump, preset="three-deck", constant_twos=twos, protect_triples=protect)
    o = ctx.order
    g = rng.choice([g for g in range(5) if len(o.at[g]) >= 6])
    at = o.at[g]
    # a lead of a tractor of pairs (or a titanic) plus a separate triple, like 991010JJJ
    s0 = rng.randrange(len(at) - 4)
    lead_counts: dict[int, int] = {}
    chain_copies = rng.choice([2, 2, 3])
    for s in range(s0, s0 + 2):
        lead_counts[at[s][0]] = chain_copies
    lead_counts[at[s0 + 3 + rng.randrange(len(at) - s0 - 3)][0]] = 3
    lead = tuple(k for k, n in lead_counts.items() for _ in range(n))
    # a follower rich in the led group: triples and pairs, never more than the decks left
    h = [0] * NUM_KINDS
    for _ in range(rng.randint(4, 9)):
        k = rng.choice(o.kinds[g])
        h[k] = min(3 - lead_counts.get(k, 0), h[k] + rng.choice([2, 3]))
    while sum(h) < len(lead) + 2:                 # and something else to discard
        k = rng.randrange(NUM_KINDS)
        if o.group[k] != g:
            h[k] = min(3, h[k] + 1)
    led = analyse_lead(ctx, lead)
    mine = [k for k in range(NUM_KINDS) for _ in range(h[k])]
    for _ in range(6):
        tried = tuple(rng.sample(mine, len(lead)))
        better = construct_follow(ctx, led, h, tried)
        assert len(better) == len(lead)
        assert all(h[k] >= better.count(k) for k in set(better))
        assert is_legal_follow(ctx, led, h, better), (tried, better)


def _rename(k: int, perm: list[int]) -> int:
    return k if k >= 52 else card(perm[SUIT_OF[k]], RANK_OF[k])


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(DECKS)), st.integers(2, 14), st.sampled_from([0, 1, 2, 3, None]), st.booleans(),
       st.permutations([0, 1, 2, 3]), st.integers(0, 10**9))
def test_rulings_do_not_depend_on_the_names_of_the_suits(preset, level, trump, twos, perm, seed):
    rng = random.Random(seed)
    decks, per = DECKS[preset]
    ctx = context(level, trump, preset=preset, constant_twos=twos)
    hands = deal(rng, decks, per)
    leader = rng.randrange(4)
    o = ctx.order
    if rng.random() < 0.5:
        lead = rng.choice(legal_leads(ctx, hands[leader]))
    else:
        g = rng.choice([g for g in range(5) if any(hands[leader][k] for k in o.kinds[g])])
        mine = [k for k in o.kinds[g] for _ in range(hands[leader][k])]
        lead = tuple(rng.sample(mine, rng.randint(1, min(len(mine), 7))))
    tc = check_throw(ctx, lead, [((leader + i) & 3, hands[(leader + i) & 3]) for i in (1, 2, 3)])
    plays = [Play(leader, tc.forced, lead) if not tc.stands and rng.random() < 0.5 else Play(leader, lead)]
    led = analyse_lead(ctx, plays[0].cards)
    for i in (1, 2, 3):
        s = (leader + i) & 3
        if rng.random() < 0.5:
            p = choose_follow(ctx, led, hands[s], rng)
        else:
            mine = [k for k in range(NUM_KINDS) for _ in range(hands[s][k])]
            p = tuple(rng.sample(mine, len(plays[0].cards)))
        plays.append(Play(s, tuple(p)))
    r1 = judge_trick(ctx, Trick(1, tuple(plays)), [list(h) for h in hands], leader)

    ctx2 = context(level, None if trump is None else perm[trump], preset=preset, constant_twos=twos)
    plays2 = tuple(Play(p.seat, tuple(_rename(k, perm) for k in p.cards),
                        None if p.attempted is None else tuple(_rename(k, perm) for k in p.attempted))
                   for p in plays)
    hands2 = []
    for h in hands:
        h2 = [0] * NUM_KINDS
        for k in range(NUM_KINDS):
            h2[_rename(k, perm)] += h[k]
        hands2.append(h2)
    r2 = judge_trick(ctx2, Trick(1, plays2), hands2, leader)
    assert r2.winner == r1.winner and r2.trumped == r1.trumped
    assert [(v.code, v.seat) for v in r2.violations] == [(v.code, v.seat) for v in r1.violations]
    for v in r1.violations:
        if v.code.startswith("follow_") or v.code == "wrong_count":
            hb = hands[v.seat]
            assert all(hb[k] >= v.better.count(k) for k in set(v.better))
            assert check_follow(ctx, led, hb, v.better) is None
