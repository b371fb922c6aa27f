"""The compiled trick judge (``engine/_trick_core.c``: a clean trick -- a single, a pair, a tractor, a
triple or a standing throw led, every play legal) gives exactly what the pure-Python engine gives:
the same :class:`TrickResult` (every field) and the same hands after the trick, or ``None`` with the
hands untouched, on every trick of simulated matches with injected violations under every preset
and the legality options, on tricks damaged on purpose, on random constructed tricks (tractor,
triple and throw leads with legal and illegal follows, trump-ins) and on whole replays."""
from __future__ import annotations

import random

import pytest

from tractor_analysis.engine import legal, tricks
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import compiled
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

core = compiled.load("tractor_analysis.engine._trick_core", "trick judge core", "判轮核心")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled trick judge core is not built (or ruled out)")


def _calls(preset, seed):
    """Every (ctx, trick, hands at its start, leader) of a few simulated hands, violations injected."""
    match = simulate_match(seed, 0, rules=PRESETS[preset], violation_rate=0.08, max_hands=3)
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


def _damaged(trick, rng):
    """The trick with one thing changed: a seat, a card, a play's size, the order, a failed throw."""
    plays = list(trick.plays)
    if not plays:
        return trick
    i = rng.randrange(len(plays))
    p = plays[i]
    r = rng.randrange(6)
    if r == 0:
        plays[i] = Play((p.seat + 1) & 3, p.cards, p.attempted, p.notes, p.line, p.column)
    elif r == 1:
        plays[i] = Play(p.seat, (rng.randrange(54),), p.attempted, p.notes, p.line, p.column)
    elif r == 2:
        plays[i] = Play(p.seat, p.cards + p.cards, p.attempted, p.notes, p.line, p.column)
    elif r == 3:
        plays.reverse()
    elif r == 4:
        plays[0] = Play(plays[0].seat, plays[0].cards, plays[0].cards * 2, (), 0, 0)
    else:
        plays = plays[:3]
    return Trick(trick.number, tuple(plays), trick.notes, trick.line)


def _agree(ctx, trick, hands, leader):
    mine, ref = [list(h) for h in hands], [list(h) for h in hands]
    got = core.clean_trick(ctx, trick, mine, leader)
    want = tricks.judge_trick_python(ctx, trick, ref, leader)
    if got is None:
        assert mine == hands                   # untouched: the Python path judges it
        return False
    assert type(got) is type(want)
    assert repr(got) == repr(want) and got == want and hash(got) == hash(want)
    assert got.violations == () and mine == ref
    return True


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", [5, 17])
def test_compiled_and_python_judges_agree_on_every_trick(preset, seed):
    rng = random.Random(seed)
    taken = pairs = multi = 0
    for ctx, trick, hands, leader in _calls(preset, seed):
        took = _agree(ctx, trick, hands, leader)
        taken += took
        pairs += took and len(trick.plays[0].cards) == 2
        cards = trick.plays[0].cards
        multi += took and (len(cards) > 2 or (cards in ctx.leads and ctx.leads[cards].is_throw))
        _agree(ctx, _damaged(trick, rng), hands, leader)
        _agree(ctx, trick, hands, (leader + 1) & 3 if leader is not None else 2)
    if preset != "80fen":                      # (80fen hands lead singles too, but keep the check simple)
        assert taken                            # it does take the common trick
    if PRESETS[preset].decks >= 2:
        assert pairs                            # and a pair led, every follow legal
    if preset not in ("80fen", "botzone"):      # (exact trump-ins, Botzone's throw check: Python)
        assert multi                            # and tractors, triples, standing throws


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_failed_throws_judged_in_c_agree(preset):
    """A failed throw recorded (shown -> forced play) is judged in C when Python finds no violation in
    it under ``throw_forced = largest_shape`` (issue 27, twelfth pass): the same result as Python's
    (throw_failed, cards_not_thrown, the forced unit's kind and shapes, winner, points), the same
    hands after; a forced play other than the beaten shape's smallest unit, a throw shown that stands,
    a card shown that is not held are left to Python, as are the other throw rules (80fen's
    lowest_unit, Botzone's lowest_card and failing units)."""
    rng = random.Random(7)
    failed = taken = 0
    for seed in range(12):
        for ctx, trick, hands, leader in _calls(preset, 100 + seed):
            lead = trick.plays[0] if trick.plays else None
            if lead is None or lead.attempted is None:
                continue
            failed += 1
            took = _agree(ctx, trick, hands, leader)
            taken += took
            rules = ctx.rules
            if took:
                assert rules.throw_forced is ThrowForced.LARGEST_SHAPE
                assert rules.throw_penalty_cards is not tricks.ThrowPenaltyCards.FAILING_UNITS
            plays = list(trick.plays)
            other = [k for k in lead.attempted if k not in lead.cards] or list(lead.attempted)
            for forced in (lead.attempted, (rng.choice(other),) * len(lead.cards), lead.cards[:1] + lead.cards,
                           tuple(sorted(lead.cards, reverse=True))):
                plays[0] = Play(lead.seat, tuple(forced), lead.attempted, lead.notes, lead.line, lead.column)
                _agree(ctx, Trick(trick.number, tuple(plays), trick.notes, trick.line), hands, leader)
            for shown in (lead.cards, lead.attempted + (rng.randrange(54),), lead.attempted[:-1]):
                plays[0] = Play(lead.seat, lead.cards, tuple(shown), lead.notes, lead.line, lead.column)
                _agree(ctx, Trick(trick.number, tuple(plays), trick.notes, trick.line), hands, leader)
    if preset in ("standard", "tournament", "three-deck"):
        assert failed and taken                 # the simulator's failed throws, taken in C
    if preset in ("80fen", "botzone"):
        assert not taken


def test_pair_leads_judged_in_c_agree_on_every_follow():
    """Pair leads of simulated matches, one follower's cards replaced by two cards of their hand
    drawn at random (legal or not, paired or not, of the led group or not): the core's result is
    Python's, or it leaves the trick to Python (hands untouched); it takes some of them."""
    rng = random.Random(3)
    taken = 0
    for preset in sorted(PRESETS):
        pair_calls = [c for c in _calls(preset, 11) if len(c[1].plays[0].cards) == 2
                      and c[1].plays[0].cards[0] == c[1].plays[0].cards[1]]
        for ctx, trick, hands, leader in pair_calls[:6]:
            for _ in range(12):
                plays = list(trick.plays)
                i = rng.randrange(1, len(plays))
                p = plays[i]
                held = [k for k, c in enumerate(hands[p.seat]) for _ in range(c)]
                if len(held) < 2:
                    continue
                a, b = rng.sample(held, 2)
                plays[i] = Play(p.seat, (a, b), p.attempted, p.notes, p.line, p.column)
                taken += _agree(ctx, Trick(trick.number, tuple(plays), trick.notes, trick.line), hands, leader)
    assert taken


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_whole_replays_agree(preset, monkeypatch):
    _whole_replays_agree(PRESETS[preset], monkeypatch)


def _whole_replays_agree(rules, monkeypatch):
    matches = [simulate_match(23, i, rules=rules, violation_rate=0.05, max_hands=4) for i in range(2)]
    legal.clear_memo()
    fast = [replay_match(m) for m in matches]
    monkeypatch.setattr(tricks, "_CLEAN_TRICK", None)
    legal.clear_memo()
    slow = [replay_match(m) for m in matches]
    assert repr(fast) == repr(slow) and fast == slow


@pytest.mark.parametrize("preset", ["standard", "tournament", "80fen"])
def test_replays_without_hands_before_are_the_same_but_for_them(preset, monkeypatch):
    """``replay_match(..., hands_before=False)`` (``ingest``'s, issue 27 eleventh pass): every trick's
    ``hands_before`` is ``()`` and everything else is what the full replay gives, through the core's loop
    (clean tricks in C, the others by ``judge_trick_python(..., False)``) and through the Python loop
    alone; with violations (failed throws, wrong follows) injected."""
    import dataclasses

    matches = [simulate_match(31, i, rules=PRESETS[preset], violation_rate=0.08, max_hands=4) for i in range(3)]

    def emptied(result):
        return dataclasses.replace(result, hands=tuple(dataclasses.replace(
            h, tricks=tuple(dataclasses.replace(t, hands_before=()) for t in h.tricks)) for h in result.hands))

    legal.clear_memo()
    full = [replay_match(m) for m in matches]
    assert any(t.hands_before for r in full for h in r.hands for t in h.tricks)
    expected = [emptied(r) for r in full]
    assert any(t.violations for r in expected for h in r.hands for t in h.tricks)
    for loop in (tricks._JUDGE_TRICKS, None):
        monkeypatch.setattr(tricks, "_JUDGE_TRICKS", loop)
        legal.clear_memo()
        lean = [replay_match(m, hands_before=False) for m in matches]
        assert all(t.hands_before == () for r in lean for h in r.hands for t in h.tricks)
        assert repr(lean) == repr(expected) and lean == expected
    assert [replay_match(m) for m in matches] == full          # the default keeps them


def test_odd_arguments_are_left_to_python():
    ctx, trick, hands, leader = next(c for c in _calls("standard", 5) if len(c[1].plays[0].cards) == 1)
    for bad in (tuple(tuple(h) for h in hands), hands[:3], [h[:53] for h in hands], [list(map(float, h)) for h in hands]):
        assert core.clean_trick(ctx, trick, list(bad) if isinstance(bad, list) else bad, leader) is None
    assert core.clean_trick(ctx, trick, [list(h) for h in hands], "N") is None
    assert core.clean_trick(ctx, Trick(1, (), (), 0), [list(h) for h in hands], leader) is None


def test_the_engine_uses_the_compiled_judge():
    assert tricks._CLEAN_TRICK is core.clean_trick


# --------------------------------------------------------------------------- leads of more than two cards

import dataclasses

from hypothesis import given, settings, strategies as st

from tractor_analysis.engine.order import TRUMP
from tractor_analysis.records.rulesets import ForeignUnit, ThrowFollow, ThrowForced, TrumpIn

VARIANTS = {
    **{name: rules for name, rules in PRESETS.items()},
    "protect_triples": dataclasses.replace(PRESETS["three-deck"], protect_triples=True),
    "throw_follow=suit": dataclasses.replace(PRESETS["standard"], throw_follow=ThrowFollow.SUIT),
    "throw_tractor_duty=off": dataclasses.replace(PRESETS["standard"], throw_tractor_duty=False),
    "short_tractor_duty": dataclasses.replace(PRESETS["standard"], short_tractor_duty=True),
    "foreign_unit=accepted": dataclasses.replace(PRESETS["standard"], foreign_unit=ForeignUnit.ACCEPTED),
    "throw_forced=lowest_unit": dataclasses.replace(PRESETS["standard"], throw_forced=ThrowForced.LOWEST_UNIT),
    "throw_forced=lowest_card": dataclasses.replace(PRESETS["standard"], throw_forced=ThrowForced.LOWEST_CARD),
    "trump_in=exact": dataclasses.replace(PRESETS["standard"], trump_in=TrumpIn.EXACT),
    "constant_twos, 3 decks": dataclasses.replace(PRESETS["three-deck"], constant_twos=True),
    "level_tractors=off": dataclasses.replace(PRESETS["standard"], level_tractors=False),
}
"""Every preset, and the options that change what a follow must be, a throw's check or the winner."""


def _gift(hands, pool, seat, kinds, copies, donors=()):
    """Move copies of ``kinds`` into ``seat``'s hand, up to ``copies`` each: from the undealt pool,
    then from the ``donors``' hands."""
    for k in kinds:
        for src in [pool] + [hands[d] for d in donors]:
            while hands[seat][k] < copies and src[k]:
                src[k] -= 1
                hands[seat][k] += 1


def _unit_kinds(o, rng, g, length):
    """Kinds at ``length`` adjacent strengths of group ``g`` (one kind per strength), or ()."""
    top = len(o.at[g]) - 1
    if top + 1 < length:
        return ()
    s0 = rng.randrange(top - length + 2)
    if not all(o.at[g][s] for s in range(s0, s0 + length)):
        return ()                                    # a gap (level_tractors = off)
    return tuple(rng.choice(o.at[g][s]) for s in range(s0, s0 + length))


def _constructed(rules, rng):
    """A random trick led by a tractor, a triple, a titanic or a throw, with legal and illegal follows:
    ``(ctx, trick, hands at its start, leader)``.  Units are given to the leader and to followers
    (tractors and pairs of the led group or of trumps), followers are sometimes void in the led
    group, and each follow is a legal one, a trump play made of units, or random cards."""
    decks = rules.decks
    ctx = tricks.hand_context(rules, rng.randrange(2, 15), rng.choice([0, 1, 2, 3, None]))
    o = ctx.order
    deck = [k for k in range(54) for _ in range(decks)]
    rng.shuffle(deck)
    per = len(deck) // 4 - 6
    hands = [[0] * 54 for _ in range(4)]
    for i, k in enumerate(deck[:4 * per]):
        hands[i % 4][k] += 1
    pool = [0] * 54
    for k in deck[4 * per:]:
        pool[k] += 1
    leader = rng.randrange(4)
    g = rng.choice([x for x in range(5) if o.kinds[x]])
    copies = rng.choice([2, 3]) if decks == 3 else 2 if decks == 2 else 1
    length = rng.choice([1, 2, 2, 3]) if copies > 1 else 1
    unit = _unit_kinds(o, rng, g, length) if copies * length > 1 or decks == 1 else ()
    _gift(hands, pool, leader, unit, copies, [s for s in range(4) if s != leader])
    lead = [k for k in unit for _ in range(min(copies, hands[leader][k]))]
    if not lead or rng.random() < 0.5:               # a throw: more cards of the group, often its best
        extra = [k for k in o.kinds[g] for _ in range(hands[leader][k] - lead.count(k))]
        rng.shuffle(extra)
        if rng.random() < 0.6:
            extra.sort(key=lambda k: -o.strength[k])
        lead += extra[:rng.randrange(1, 6)]
    if len(lead) < 2:
        lead = [k for k in o.kinds[g] for _ in range(hands[leader][k])][:2]
    if len(lead) < 2:
        return None
    rng.shuffle(lead)
    lead = tuple(lead)
    n = len(lead)
    gifts = {}
    for i in (1, 2, 3):
        seat = (leader + i) & 3
        void = rng.random() < 0.3
        if void:                                     # void in the led group
            for k in o.kinds[g]:
                pool[k] += hands[seat][k]
                hands[seat][k] = 0
        if rng.random() < 0.6:                       # a tractor / pairs of the led group or of trumps
            gg = TRUMP if void or rng.random() < 0.5 else g
            gifts[seat] = _unit_kinds(o, rng, gg, length if rng.random() < 0.6 else rng.choice([1, 2, 3]))
            _gift(hands, pool, seat, gifts[seat], copies, [s for s in range(4) if s not in (leader, seat)])
    plays = [Play(leader, lead)]
    analysed = legal.analyse_lead(ctx, lead)
    for i in (1, 2, 3):
        seat = (leader + i) & 3
        hand = hands[seat]
        held = [k for k in range(54) for _ in range(hand[k])]
        if len(held) < n:
            return None
        r = rng.random()
        trumps = [k for k in o.kinds[TRUMP] for _ in range(hand[k])]
        if r < 0.65:
            cards = legal.choose_follow(ctx, analysed, hand, rng)
        elif r < 0.85 and len(trumps) >= n:          # trumps, pairs first: a trump-in that may count
            paired = [k for k in o.kinds[TRUMP] if hand[k] >= 2 and k not in gifts.get(seat, ())]
            rng.shuffle(paired)
            given = [k for k in gifts.get(seat, ()) if o.group[k] == TRUMP for _ in range(min(copies, hand[k]))]
            cards = (given + [k for k in paired for _ in range(2)])[:n - n % 2 if rng.random() < 0.8 else 0]
            rest = [k for k in trumps if cards.count(k) < hand[k]]
            for k in cards:
                if k in rest:
                    rest.remove(k)
            rng.shuffle(rest)
            cards = tuple(cards + rest[:n - len(cards)])
        else:
            cards = tuple(rng.sample(held, n))
        plays.append(Play(seat, tuple(cards)))
    return ctx, Trick(rng.randrange(1, 30), tuple(plays)), hands, leader


def _agree_whole(ctx, trick, hands, leader):
    """judge_trick (the core, Python where it declines) against judge_trick_python: the same
    TrickResult and hands after; also the core alone.  Whether the core took the trick."""
    tricks._lead_of(ctx, trick.plays[0].cards)        # in the table, as judge_trick puts it
    took = _agree(ctx, trick, hands, leader)
    mine, ref = [list(h) for h in hands], [list(h) for h in hands]
    got = tricks.judge_trick(ctx, trick, mine, leader)
    want = tricks.judge_trick_python(ctx, trick, ref, leader)
    assert repr(got) == repr(want) and got == want and mine == ref
    return took, want


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2 ** 32 - 1))
def test_constructed_multi_card_tricks_agree(variant, seed):
    made = _constructed(VARIANTS[variant], random.Random(seed))
    if made is not None:
        _agree_whole(*made)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_constructed_multi_card_tricks_are_taken(variant):
    """The same construction, 500 tricks a variant: the core agrees on all and takes the clean ones
    it is meant to (tractors, triples, titanics, standing throws; won by a follow and by a trump-in),
    and leaves the options it does not judge to Python."""
    rules = VARIANTS[variant]
    rng = random.Random(variant)
    seen = {"tractor": 0, "throw": 0, "follow wins": 0, "trump-in wins": 0, "clean left": 0, "triple": 0,
            "pair": 0, "titanic": 0}
    for _ in range(500):
        made = _constructed(rules, rng)
        if made is None:
            continue
        ctx, trick, hands, leader = made
        took, want = _agree_whole(ctx, trick, hands, leader)
        clean = not want.violations and not want.throw_failed
        if not took:
            seen["clean left"] += clean
            continue
        assert clean
        seen[want.lead_kind] += 1
        if want.lead_kind != "pair" and want.winner != trick.plays[0].seat:
            seen["trump-in wins" if want.trumped else "follow wins"] += 1
    if rules.trump_in is TrumpIn.EXACT:
        assert seen["throw"] == seen["tractor"] == seen["triple"] == seen["titanic"] == 0, seen
        assert seen["clean left"], seen                # left to Python
        return
    if rules.throw_forced is ThrowForced.LOWEST_CARD:  # Botzone's throw check: Python
        assert seen["throw"] == 0 and seen["clean left"] and seen["tractor"], seen
        return
    assert seen["throw"], seen
    if rules.decks != 3:                              # (3 decks: trump triples to cover are rare here)
        assert seen["trump-in wins"], seen
    if rules.decks >= 2:
        assert seen["tractor"] and seen["follow wins"], seen
    if rules.decks == 3:
        assert seen["triple"], seen


@pytest.mark.parametrize("variant", sorted(set(VARIANTS) - set(PRESETS)))
def test_whole_replays_agree_under_the_legality_options(variant, monkeypatch):
    _whole_replays_agree(VARIANTS[variant], monkeypatch)


def _p(*tokens):
    from tractor_analysis.records.cards import parse_card
    return tuple(parse_card(t) for t in tokens)


def _trick_of(ctx, hands_cards, plays):
    """A trick of ``plays`` (N first, cards as tokens) from hands given as tokens."""
    hands = [[0] * 54 for _ in range(4)]
    for seat, cards in enumerate(hands_cards):
        for k in _p(*cards):
            hands[seat][k] += 1
    return Trick(1, tuple(Play(s, _p(*c)) for s, c in enumerate(plays))), hands


def test_short_tractor_duty_on_a_tractor_lead():
    """short_tractor_duty: a 3-pair tractor led, E holds no such tractor but the 2-pair ♠9 9 10 10 and
    two more pairs.  Playing three pairs without the short tractor is follow_tractor under the option
    (the core must leave it to Python), legal without it; with the short tractor it is legal."""
    n = ["S5", "S5", "S6", "S6", "S7", "S7", "DA"]
    e = ["S9", "S9", "S10", "S10", "S4", "S4", "SQ", "SQ", "DK"]
    s = ["C3", "C4", "C5", "C6", "C7", "C8", "C9"]
    w = ["D3", "D4", "D5", "D6", "D7", "D8", "D9"]
    lead = n[:6]
    without = ["S9", "S9", "S4", "S4", "SQ", "SQ"]
    short = ["S9", "S9", "S10", "S10", "SQ", "SQ"]
    for on in (True, False):
        rules = dataclasses.replace(PRESETS["standard"], short_tractor_duty=on)
        ctx = tricks.hand_context(rules, 2, 1)
        for e_play, legal_play in ((without, not on), (short, True)):
            trick, hands = _trick_of(ctx, (n, e, s, w), (lead, e_play, s[:6], w[:6]))
            took, want = _agree_whole(ctx, trick, hands, 0)
            assert (want.violations == ()) == legal_play
            assert took == legal_play
            if not legal_play:
                assert [v.code for v in want.violations] == ["follow_tractor"]


def test_protect_triples_follow_taken_only_when_legal_without_it():
    """protect_triples (3 decks): a 2-pair tractor led; S holds ♠999 and ♠1010 besides it.  Not playing
    the 9s' pair is legal under the option only (the core leaves that to Python, which accepts it);
    playing the tractor ♠9 9 10 10 is legal either way and taken by the core."""
    rules = dataclasses.replace(PRESETS["three-deck"], protect_triples=True)
    ctx = tricks.hand_context(rules, 2, 1)
    n = ["S5", "S5", "S6", "S6", "DA"]
    e = ["D3", "D4", "D5", "D6", "D7"]
    s = ["S9", "S9", "S9", "S10", "S10", "SK", "SA"]
    w = ["C3", "C4", "C5", "C6", "C7"]
    for s_play, core_takes in ((["S9", "S10", "S10", "SK"], False), (["S9", "S9", "S10", "S10"], True)):
        trick, hands = _trick_of(ctx, (n, e, s, w), (n[:4], e[:4], s_play, w[:4]))
        took, want = _agree_whole(ctx, trick, hands, 0)
        assert want.violations == () and took == core_takes


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(0, 53), st.integers(-60, 60), st.sampled_from([True, 2.0, None, "S5"])),
                max_size=40), st.booleans())
def test_compiled_counts_are_replays_counts(cards, as_list):
    """played_cards.counts in C: the Python counts of any list or tuple of kinds 0..53, None for anything
    else (the Python function then handles it as before)."""
    from tractor_analysis.engine import played_cards
    seq = list(cards) if as_list else tuple(cards)
    got = core.counts(seq)
    if all(type(k) is int and 0 <= k < 54 for k in cards):
        assert got == played_cards.counts_python(seq) and type(got) is list
    else:
        assert got is None
    assert core.counts(iter(seq)) is None
