"""The legal-play generator and property tests over random deals (hypothesis)."""
import random

from hypothesis import given, settings, strategies as st

from engine_helpers import cards, context, deal, hand, judge_trick, same_cards
from tractor_analysis.records.cards import NUM_KINDS
from tractor_analysis.engine.legal import (_multisets, analyse_lead, check_follow, choose_follow, follow_duty, follow_profile, is_legal_follow, legal_follows, legal_leads)
from tractor_analysis.engine.throw_check import throw_stands
from tractor_analysis.records.model import Play, Trick

CTX = context(10, "H")


def random_lead(ctx, h, rng):
    """A single/pair/tractor lead, or now and then a throw of one group (possibly failing)."""
    leads = legal_leads(ctx, h)
    if rng.random() < 0.25:
        o = ctx.order
        g = rng.choice([g for g in range(5) if any(h[k] for k in o.kinds[g])])
        mine = [k for k in o.kinds[g] for _ in range(h[k])]
        return tuple(rng.sample(mine, rng.randint(1, min(len(mine), 6))))
    return rng.choice(leads)


def play_hand(ctx, seed, decks=2, per=25):
    """A whole hand of random legal play, judged trick by trick: returns the violations."""
    rng = random.Random(seed)
    hands = deal(rng, decks, per)
    leader = rng.randrange(4)
    found = []
    number = 0
    while sum(hands[leader]):
        number += 1
        lead = random_lead(ctx, hands[leader], rng)
        others = [hands[(leader + i) & 3] for i in (1, 2, 3)]
        stands, forced = throw_stands(ctx, lead, others)
        plays = [Play(leader, forced, lead) if not stands else Play(leader, lead)]
        led = analyse_lead(ctx, plays[0].cards)
        for i in (1, 2, 3):
            s = (leader + i) & 3
            plays.append(Play(s, choose_follow(ctx, led, hands[s], rng)))
        before = sum(map(sum, hands))
        r = judge_trick(ctx, Trick(number, tuple(plays)), hands, leader)
        assert sum(map(sum, hands)) == before - sum(len(p.cards) for p in plays)
        found.extend(r.violations)
        leader = r.winner
    return found


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(2, 14), st.sampled_from([0, 1, 2, 3, None]), st.booleans())
def test_random_legal_play_is_judged_clean_and_conserves_cards(seed, level, trump, twos):
    ctx = context(level, trump, constant_twos=twos)
    assert play_hand(ctx, seed) == []


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_random_legal_play_one_deck_and_three_decks(seed):
    assert play_hand(context(2, 0, preset="one-deck"), seed, decks=1, per=12) == []
    assert play_hand(context(5, 1, preset="three-deck"), seed, decks=3, per=39) == []


@st.composite
def small_position(draw):
    """A lead of one group and a small follower hand rich in that group."""
    level = draw(st.integers(2, 14))
    trump = draw(st.sampled_from([0, 1, 2, 3, None]))
    ctx = context(level, trump)
    o = ctx.order
    g = draw(st.sampled_from([g for g in range(5) if len(o.kinds[g]) >= 3]))
    kinds = o.kinds[g]
    lead_counts = draw(st.dictionaries(st.sampled_from(kinds), st.integers(1, 2), min_size=1, max_size=4))
    lead = tuple(k for k, n in lead_counts.items() for _ in range(n))
    h = [0] * NUM_KINDS
    for k in draw(st.lists(st.sampled_from(kinds), max_size=9)):
        h[k] = min(2, h[k] + 1)
    for k in draw(st.lists(st.integers(0, 53), max_size=3)):
        h[k] = min(2, h[k] + 1)
    if sum(h) < len(lead):
        for k in range(54):
            if o.group[k] != g and sum(h) < len(lead):
                h[k] = 2
    return ctx, analyse_lead(ctx, lead), h


def all_plays(h, n):
    return _multisets([k for k in range(54) if h[k]], h, n)


@settings(max_examples=150, deadline=None)
@given(small_position())
def test_the_duty_is_the_best_profile_any_play_reaches(case):
    """follow_duty's component-wise maximum is reachable and nothing beats it (brute force)."""
    ctx, lead, h = case
    duty = follow_duty(ctx, lead, h)
    best = max(((p.suit, *[(p.chains[c], p.units[c]) for c in range(len(p.units) - 1, 1, -1)])
                for p in (follow_profile(ctx, lead, combo, h) for combo in all_plays(h, lead.count))))
    assert best == (duty.suit, *[(duty.chains[c], duty.units[c]) for c in range(len(duty.units) - 1, 1, -1)])


@settings(max_examples=150, deadline=None)
@given(small_position())
def test_legal_follows_are_exactly_the_plays_judged_legal(case):
    ctx, lead, h = case
    legal = set(legal_follows(ctx, lead, h))
    brute = {tuple(sorted(c)) for c in all_plays(h, lead.count) if check_follow(ctx, lead, h, c) is None}
    assert legal == brute and legal


@settings(max_examples=150, deadline=None)
@given(small_position(), st.integers(0, 10**6))
def test_choose_follow_and_better_plays_are_legal(case, seed):
    ctx, lead, h = case
    rng = random.Random(seed)
    p = choose_follow(ctx, lead, h, rng)
    assert is_legal_follow(ctx, lead, h, p)
    from tractor_analysis.engine.legal import construct_follow
    for combo in list(all_plays(h, lead.count))[:30]:
        better = construct_follow(ctx, lead, h, combo)
        assert is_legal_follow(ctx, lead, h, better)
        if check_follow(ctx, lead, h, combo) is None:
            assert same_cards(better, combo)     # a legal play is its own better play


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_a_random_illegal_alteration_is_flagged(seed):
    """Swap a follower's legal play for an illegal one from the same hand: the judge flags that seat."""
    rng = random.Random(seed)
    hands = deal(rng)
    leader = rng.randrange(4)
    for _ in range(10):
        lead = rng.choice(legal_leads(CTX, hands[leader]))
        led = analyse_lead(CTX, lead)
        s = (leader + 1) & 3
        illegal = [c for c in _limited(all_plays(hands[s], len(lead)), 4000)
                   if check_follow(CTX, led, hands[s], c) is not None]
        if not illegal:
            continue
        bad = rng.choice(illegal)
        plays = [Play(leader, lead), Play(s, bad)]
        for i in (2, 3):
            t = (leader + i) & 3
            plays.append(Play(t, choose_follow(CTX, led, hands[t], rng)))
        r = judge_trick(CTX, Trick(1, tuple(plays)), [list(h) for h in hands], leader)
        assert [v.seat for v in r.violations] == [s]
        assert r.violations[0].code in ("follow_suit", "follow_pair", "follow_tractor")
        assert is_legal_follow(CTX, led, hands[s], r.violations[0].better)
        return


def _limited(it, n):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x


def test_legal_leads_singles_pairs_tractors():
    h = hand("SA SA SK SK SQ S3 H10 H10 S10 S10 LJ LJ")
    leads = {tuple(sorted(x)) for x in legal_leads(CTX, h)}
    assert tuple(sorted(cards("SA SA SK SK"))) in leads
    assert tuple(sorted(cards("LJ LJ H10 H10 S10 S10"))) in leads
    assert tuple(sorted(cards("H10 H10 S10 S10"))) in leads
    assert tuple(sorted(cards("SQ"))) in leads
    assert tuple(sorted(cards("SQ SQ"))) not in leads
    assert all(analyse_lead(CTX, x).kind in ("single", "pair", "tractor") for x in leads)


def test_legal_follows_discards_are_enumerated_as_combinations():
    lead = analyse_lead(CTX, cards("SA SA"))
    follows = list(legal_follows(CTX, lead, hand("S3 D4 D5 C6")))
    assert len(follows) == 3 and all(cards("S3")[0] in f for f in follows)

