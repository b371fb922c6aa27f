"""Test helpers for the endgame solver: an independent brute force and random small endgames.

The brute force is plain minimax: no pruning, no merging of equal cards, a trick start's value kept by its
exact state (the four hands, card for card, and the leader: all that the rest of the hand depends on) and
looked up nowhere else,
every throw found by trying *every* multiset of a group's cards with the engine's ``check_throw``,
and every trick judged by the engine's :func:`judge_trick` (a real ``Trick`` of ``Play`` records),
the bottom by ``bottom_multiplier`` of the trick's ``winning_shape`` as the replay scores it.
"""
from __future__ import annotations

import dataclasses
import itertools
import random

from tractor_analysis.engine.legal import analyse_lead, legal_follows, legal_leads
from tractor_analysis.engine.throw_check import check_throw
from tractor_analysis.engine.scoring import bottom_multiplier
from tractor_analysis.engine.tricks import hand_context, judge_trick
from tractor_analysis.records.cards import NUM_KINDS, POINTS
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS, BottomMultiplier, TrumpIn


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
    known: dict = {}        # a trick start's value by the four hands and the leader: nothing else decides it

    def judge(plays):
        trick = Trick(1, tuple(Play(seat, cards) for seat, cards in plays))
        start = [h[:] for h in hands]
        for seat, cards in plays:
            for k in cards:
                start[seat][k] += 1
        return judge_trick(ctx, trick, start, None)

    def rec(leader, table):
        if table:
            return search(leader, table)
        key = (leader, tuple(map(tuple, hands)))
        if key not in known:
            known[key] = search(leader, table)
        return known[key]

    def search(leader, table):
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


# ---------------------------------------------------------------------- the compiled core (issue 23)
def random_rules(rng: random.Random):
    """A random ruleset: any preset with any option that changes a follow or a trick's winner."""
    rules = PRESETS[rng.choice(sorted(PRESETS))]
    return dataclasses.replace(rules, decks=rng.choice((1, 2, 3)), constant_twos=rng.random() < 0.3,
                               trump_in=rng.choice(list(TrumpIn)), protect_triples=rng.random() < 0.5,
                               throw_tractor_duty=rng.random() < 0.5, short_tractor_duty=rng.random() < 0.5,
                               bottom_multiplier=rng.choice(MULTIPLIERS))


def random_hand(rng: random.Random, decks: int, size: int, kinds=range(NUM_KINDS)) -> list[int]:
    deck = [k for k in kinds for _ in range(decks)]
    h = [0] * NUM_KINDS
    for k in rng.sample(deck, min(size, len(deck))):
        h[k] += 1
    return h


def core_of(ctx, mod, follow=None):
    """A bare compiled core for the rules and order of ``ctx`` (its own rule code only: no solver);
    ``follow``: its follow rules (:func:`core_follow_rules` of the rules unless given)."""
    from tractor_analysis.analysis.compiled_search import core_follow_rules, core_lead_decks, core_winner_decks
    o = ctx.order
    return mod.Core(None, Exception, tuple(o.group), tuple(o.strength), tuple(POINTS), o.at, (True, False) * 2,
                    0, 0, ctx.rules.trump_in is not TrumpIn.EXACT, core_lead_decks(ctx.rules),
                    core_winner_decks(ctx.rules), 0, follow or core_follow_rules(ctx.rules))


CONTEXTS_KEPT = 64
"""Contexts (each with its core) :func:`_random_case` keeps at most.  Random rules, level and trump
rarely repeat, so keeping more saves little, and each core holds about a megabyte once used: with
2,000 kept, the differential tests ran one process up to 7.5 GB, and ``bench/solver_core_diff.py
--rules`` to 14 GB."""


def _random_case(rng: random.Random, contexts: dict, make_core, **choices):
    """Random rules (:func:`random_rules`, each of ``choices`` — an option's name and its enum —
    drawn too), level and trump, with their hand context and a core made by ``make_core(ctx)``,
    kept in ``contexts`` (at most :data:`CONTEXTS_KEPT`)."""
    rules = dataclasses.replace(random_rules(rng), **{name: rng.choice(list(enum)) for name, enum in choices.items()})
    level, trump = rng.randint(2, 14), rng.choice((0, 1, 2, 3, None))
    key = (rules, level, trump)
    if key not in contexts:
        if len(contexts) >= CONTEXTS_KEPT:
            contexts.clear()
        ctx = hand_context(rules, level, trump)
        contexts[key] = (ctx, make_core(ctx))
    ctx, core = contexts[key]
    return rules, level, trump, ctx, core


def core_follow_differences(rng: random.Random, count: int, mod) -> tuple[int, list]:
    """``count`` random positions of random rules (every preset, every option that changes a follow:
    ``throw_follow``, ``throw_tractor_duty``, ``short_tractor_duty``, ``protect_triples``; 1-3 decks,
    any level and trump): each follower's legal plays to a multi-card lead (a pair, a tractor, a
    throw the solver would lead, or any cards of one group the leader holds, as a record may hold),
    made by the core (``Core.follows``) against the engine's ``legal_follows``: the same plays in
    the same order.  Where the core asks the engine (3 decks; a lead of two groups) it must say so
    (``None``).  Returns (checks made, the differences found)."""
    from tractor_analysis.analysis.compiled_search import core_follow_rules
    from tractor_analysis.analysis.moves import follows, leads as solver_leads
    from tractor_analysis.records.rulesets import ThrowFollow
    bad = []
    checks = 0
    contexts: dict = {}
    for _ in range(count):
        rules, level, trump, ctx, core = _random_case(rng, contexts, lambda ctx: core_of(ctx, mod),
                                                      throw_follow=ThrowFollow)
        o = ctx.order
        kinds = range(NUM_KINDS) if rng.random() < 0.5 else rng.sample(range(NUM_KINDS), rng.randint(3, 12))
        hands = [random_hand(rng, rules.decks, rng.randint(1, 14), kinds) for _ in range(4)]
        options = [m for m in solver_leads(ctx, hands, 0)[0] if len(m) > 1]
        g = rng.randrange(5)
        cards = [k for k in o.kinds[g] for _ in range(hands[0][k])]
        if len(cards) >= 2:
            options.append(tuple(sorted(rng.sample(cards, rng.randint(2, min(8, len(cards)))))))
        if len(set(o.group[k] for h in hands[:1] for k in range(NUM_KINDS) if h[k])) > 1 and rng.random() < 0.1:
            held = [k for k in range(NUM_KINDS) for _ in range(hands[0][k])]
            options.append(tuple(sorted(rng.sample(held, min(len(held), rng.randint(2, 4))))))
        if not options:
            continue
        lead = rng.choice(options)
        one_group = len({o.group[k] for k in lead}) == 1
        for seat in (1, 2, 3):
            got = core.follows(lead, bytes(hands[seat]))
            checks += 1
            if core_follow_rules(rules)[0] == 0 or not one_group:
                if got is not None:
                    bad.append(("follows made where the core should ask", rules, lead, hands[seat], got))
                continue
            want = follows(ctx, lead, hands[seat])
            if got != want:
                bad.append(("multi follows", rules, level, trump, lead, hands[seat], got, want))
    return checks, bad


def core_differences(rng: random.Random, count: int, mod) -> tuple[int, list]:
    """``count`` random positions of random rules (every preset, every option that changes a follow
    or a winner, 1-3 decks, any level and trump): the core's own follows to a single lead and its
    winners of tricks led by a single, a pair or any other lead the solver considers (tractors,
    triples, the throws that stand; followed by legal plays and now and then by any cards) against
    the engine's ``legal_follows`` and ``trick_winner``.  Returns (checks made, the differences found)."""
    from tractor_analysis.analysis.moves import leads as solver_leads
    from tractor_analysis.engine.tricks import trick_winner
    bad = []
    checks = 0
    contexts: dict = {}
    for _ in range(count):
        rules, level, trump, ctx, core = _random_case(rng, contexts, lambda ctx: core_of(ctx, mod))
        d = rules.decks
        # narrow kinds now and then: voids, equal cards and trump-ins get common
        kinds = range(NUM_KINDS) if rng.random() < 0.5 else rng.sample(range(NUM_KINDS), rng.randint(3, 12))
        hands = [random_hand(rng, d, rng.randint(1, 14), kinds) for _ in range(4)]
        lead_card = rng.choice([k for k in range(NUM_KINDS) if hands[0][k]])
        # 1. follows to a single lead: the same set of cards
        for seat in (1, 2, 3):
            want = sorted(m[0] for m in legal_follows(ctx, (lead_card,), hands[seat]))
            got = sorted(core.single_legal(bytes(hands[seat]), lead_card))
            checks += 1
            if got != want:
                bad.append(("follows", rules, level, trump, lead_card, hands[seat], got, want))
        # 2. winners of tricks led by a single, (when the leader holds one) a pair, and any other
        # lead the solver would consider (tractors, triples, throws that stand)
        leads = [(lead_card,)]
        pairs = [k for k in range(NUM_KINDS) if hands[0][k] >= 2]
        if pairs:
            k = rng.choice(pairs)
            leads.append((k, k))
        more = [m for m in solver_leads(ctx, hands, 0)[0] if len(m) > 2 or (len(m) == 2 and m[0] != m[1])]
        if more:
            leads.append(rng.choice(more))
        for lead in leads:
            plays = [lead]
            for seat in (1, 2, 3):
                options = list(legal_follows(ctx, lead, hands[seat]))
                if rng.random() < 0.1 or not options:      # any cards of that size now and then
                    options = [tuple(sorted(rng.choice([k for k in range(NUM_KINDS) if hands[seat][k]])
                                            for _ in lead))]
                plays.append(rng.choice(options))
                n = len(plays)
                got = core.table_winner(tuple(plays))
                if got < 0:
                    continue                                # the core asks the engine here
                want = trick_winner(ctx, analyse_lead(ctx, lead), [(i, p) for i, p in enumerate(plays)])[0]
                checks += 1
                if got != want:
                    bad.append(("winner", rules, level, trump, tuple(plays[:n]), got, want))
    return checks, bad


def _lead_core(mod):
    """A maker of bare cores that make leads as the rules allow (``core_lead_decks``)."""
    from tractor_analysis.analysis.compiled_search import core_lead_decks

    def make(ctx):
        o = ctx.order
        return mod.Core(None, Exception, tuple(o.group), tuple(o.strength), tuple(POINTS), o.at,
                        (True, False) * 2, 0, 0, True, core_lead_decks(ctx.rules))
    return make


def core_lead_differences(rng: random.Random, count: int, mod) -> tuple[int, list]:
    """``count`` random positions of random rules (every preset, every option that changes a follow,
    a winner or a throw's check, ``throw_forced`` included; 1-3 decks, any level and trump; hands of
    1-25 cards, so that long runs of safe cards take the bounded set of throws): the core's own
    leads in each suit group the leader holds (``Core.lead_part``) against the engine-made list
    (:func:`tractor_analysis.analysis.moves.lead_part`: the engine's ``legal_leads`` and the throws
    ``check_throw`` lets stand, equal cards merged), the same plays in the same order and the same
    bounded flag.  Under an option the core does not make leads for (``core_lead_decks`` 0) the
    core must say so (``None``).  Returns (checks made, the differences found)."""
    from tractor_analysis.analysis.compiled_search import core_lead_decks
    from tractor_analysis.analysis.moves import lead_part
    from tractor_analysis.records.rulesets import ThrowForced
    bad = []
    checks = 0
    contexts: dict = {}
    for _ in range(count):
        rules, level, trump, ctx, core = _random_case(rng, contexts, _lead_core(mod), throw_forced=ThrowForced)
        o = ctx.order
        kinds = range(NUM_KINDS) if rng.random() < 0.3 else rng.sample(range(NUM_KINDS), rng.randint(3, 12))
        hands = [random_hand(rng, rules.decks, rng.randint(1, 25 if rng.random() < 0.2 else 12), kinds)
                 for _ in range(4)]
        seat = rng.randrange(4)
        whole = bytes(c for h in hands for c in h)
        for g in range(5):
            if not any(hands[seat][k] for k in o.kinds[g]):
                continue
            got = core.lead_part(whole, seat, g)
            checks += 1
            if core_lead_decks(rules) == 0:
                if got is not None:
                    bad.append(("leads made under an option the core has not", rules, g, got))
                continue
            in_g = [bytes(h[k] if o.group[k] == g else 0 for k in range(NUM_KINDS)) for h in hands]
            want = lead_part(ctx, in_g, seat, g, bytes(sum(h[k] for h in in_g) for k in range(NUM_KINDS)))
            if got != (want[0], want[1]):
                bad.append(("leads", rules, level, trump, seat, g, hands, got, want))
    return checks, bad


def random_endgame_decks(rng: random.Random, per: int, decks: int, multiplier):
    """:func:`random_endgame` with 1, 2 or 3 decks and the given bottom multiplier."""
    ctx, hands, leader, defenders, bottom = random_endgame(rng, per, 2 if decks == 2 else 3)
    rules = dataclasses.replace(ctx.rules, decks=decks, bottom_multiplier=multiplier)
    ctx = hand_context(rules, ctx.level, ctx.trump)
    if decks == 1:                                      # one copy of each kind
        pool = [k for h in hands for k in range(NUM_KINDS) for _ in range(h[k])]
        pool = sorted(set(pool))
        rng.shuffle(pool)
        per = min(per, len(pool) // 4)
        hands = [[0] * NUM_KINDS for _ in range(4)]
        for i in range(4):
            for k in pool[i * per:(i + 1) * per]:
                hands[i][k] = 1
    return ctx, hands, leader, defenders, bottom
