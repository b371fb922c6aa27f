"""The checks no trump decides have one definition (engine/tricks.py): ``plain_checks``, which a hand whose
trump or level is not known is judged by (engine/recorded_hand.py, docs/rules.md §14), gives exactly the
violations ``_judge`` (``judge_trick``'s every-case path) gives of those codes — the turn order
(``out_of_turn``), a card played and not held (``not_in_hand``, a failed throw's cards shown too), a play
of another number of cards than the lead (``wrong_count``) — in the same order and words, and leaves the
hands as ``_judge`` does.  The one difference: with the trump known ``_judge`` names the play a
``wrong_count`` could have made (``better``), which rests on the trump; ``plain_checks`` names none.

Checked with the trump known, on every trick of simulated matches with violations injected (under every
preset), on those tricks damaged on purpose, and on random tricks dealt from random hands."""
from __future__ import annotations

import random

import pytest

from tractor_analysis.engine import explain, tricks
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

PLAIN = ("out_of_turn", "not_in_hand", "wrong_count")


def _calls(preset, seed, monkeypatch):
    """Every (ctx, trick, hands at its start, leader) of a few simulated hands, violations injected."""
    match = simulate_match(seed, 0, rules=PRESETS[preset], violation_rate=0.1, max_hands=3)
    calls = []
    original = tricks.judge_trick

    def record(ctx, trick, hands, leader):
        calls.append((ctx, trick, [list(h) for h in hands], leader))
        return original(ctx, trick, hands, leader)

    with monkeypatch.context() as m:            # the Python loop, through record
        m.setattr(tricks, "judge_trick", record)
        m.setattr(tricks, "_JUDGE_TRICKS", None)
        replay_match(match)
    return calls


def _damaged(trick, rng):
    """The trick with one thing changed: a seat, a card, a play's size, the order, a failed throw, a play
    dropped, a seat playing twice."""
    plays = list(trick.plays)
    i = rng.randrange(len(plays))
    p = plays[i]
    r = rng.randrange(7)
    if r == 0:
        plays[i] = Play((p.seat + 1) & 3, p.cards, p.attempted)
    elif r == 1:
        plays[i] = Play(p.seat, (rng.randrange(54),) * len(p.cards), p.attempted)
    elif r == 2:
        plays[i] = Play(p.seat, p.cards + p.cards[:1], p.attempted)
    elif r == 3:
        plays.reverse()
    elif r == 4:
        plays[0] = Play(plays[0].seat, plays[0].cards, plays[0].cards + (rng.randrange(54),))
    elif r == 5:
        del plays[i]
    else:
        plays.append(Play(p.seat, p.cards))
    return Trick(trick.number, tuple(plays)) if plays else trick


def _random_trick(rng, decks):
    """Four random hands of 10 cards from ``decks`` decks, and a trick of random plays from them (now and
    then a card not held, a play of another size, a seat out of turn, a failed throw shown)."""
    pool = [k for k in range(54) for _ in range(decks)]
    rng.shuffle(pool)
    hands = [[0] * 54 for _ in range(4)]
    cards = [pool[10 * s:10 * s + 10] for s in range(4)]
    for s in range(4):
        for k in cards[s]:
            hands[s][k] += 1
    first = rng.randrange(4)
    size = rng.choice((1, 1, 2, 2, 3, 4))
    plays = []
    for i in range(rng.choice((4, 4, 4, 3, 5))):
        seat = (first + i) & 3 if rng.random() > 0.1 else rng.randrange(4)
        n = size if rng.random() > 0.15 else rng.choice((1, 2, 3, 5))
        held = rng.sample(cards[seat], min(n, 10))
        if rng.random() < 0.1:
            held[0] = rng.randrange(54)         # a card perhaps not held
        shown = None
        if i == 0 and rng.random() < 0.1:
            shown = tuple(held) + tuple(rng.sample(cards[seat], 2))
        plays.append(Play(seat, tuple(held), shown))
    leader = rng.choice((first, first, (first + 1) & 3, None))
    return hands, Trick(rng.randrange(1, 26), tuple(plays)), leader


def _same(ctx, trick, hands, leader, seen):
    """``plain_checks`` against the ``_judge`` verdicts of its codes, and the hands left."""
    plain_hands, judged_hands = [list(h) for h in hands], [list(h) for h in hands]
    plain = tricks.plain_checks(trick, plain_hands, leader)
    judged = [v for v in tricks._judge(ctx, trick, judged_hands, leader, ()).violations if v.code in PLAIN]
    assert plain_hands == judged_hands
    assert [(v.code, v.trick, v.seat, v.played) for v in plain] == \
        [(v.code, v.trick, v.seat, v.played) for v in judged]
    n = len(trick.plays[0].cards)
    for mine, theirs in zip(plain, judged):
        seen[mine.code] = seen.get(mine.code, 0) + 1
        if mine.code == "wrong_count" and theirs.better:
            seen["better"] = seen.get("better", 0) + 1      # the trump named a play: plain_checks names none
            assert mine.better == ()
            assert (mine.message_zh, mine.message_en) == explain.wrong_count(mine.seat, len(mine.played), n, ())
        else:
            assert mine == theirs


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_plain_checks_are_judge_tricks_own_on_simulated_tricks(preset, monkeypatch):
    rng = random.Random(41)
    seen: dict[str, int] = {}
    for seed in (3, 11):
        for ctx, trick, hands, leader in _calls(preset, seed, monkeypatch):
            if not trick.plays:
                continue
            _same(ctx, trick, hands, leader, seen)
            _same(ctx, _damaged(trick, rng), hands, leader, seen)
            _same(ctx, trick, hands, (leader + 1) & 3 if leader is not None else 2, seen)
    assert {"out_of_turn", "not_in_hand", "wrong_count"} <= set(seen)


@pytest.mark.parametrize("preset", ["standard", "one-deck", "three-deck", "botzone", "80fen"])
def test_plain_checks_are_judge_tricks_own_on_random_tricks(preset):
    rules = PRESETS[preset]
    rng = random.Random(preset)
    seen: dict[str, int] = {}
    for _ in range(400):
        hands, trick, leader = _random_trick(rng, rules.decks)
        ctx = tricks.hand_context(rules, rng.randrange(2, 15), rng.choice((None, 0, 1, 2, 3)))
        _same(ctx, trick, hands, leader, seen)
    assert min(seen.get(k, 0) for k in (*PLAIN, "better")) > 0, seen
