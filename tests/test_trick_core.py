"""The compiled trick judge (``engine/_trick_core.c``: a single led, every play legal) gives exactly
what the pure-Python engine gives: the same :class:`TrickResult` (every field) and the same hands
after the trick, or ``None`` with the hands untouched, on every trick of simulated matches with
injected violations under every preset, on tricks damaged on purpose, and on whole replays."""
from __future__ import annotations

import random

import pytest

from tractor_analysis.engine import legal, tricks
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import compiled
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

core = compiled.load("tractor_analysis.engine._trick_core", "trick judge core", "判墩核心")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled trick judge core is not built (or ruled out)")


def _calls(preset, seed):
    """Every (ctx, trick, hands at its start, leader) of a few simulated hands, violations injected."""
    match = simulate_match(seed, 0, rules=PRESETS[preset], violation_rate=0.08, max_hands=3)
    calls = []
    original = tricks.judge_trick

    def record(ctx, trick, hands, leader):
        calls.append((ctx, trick, [list(h) for h in hands], leader))
        return original(ctx, trick, hands, leader)

    import tractor_analysis.engine.replay as replay
    replay.judge_trick = record
    try:
        replay_match(match)
    finally:
        replay.judge_trick = original
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
    taken = pairs = 0
    for ctx, trick, hands, leader in _calls(preset, seed):
        took = _agree(ctx, trick, hands, leader)
        taken += took
        pairs += took and len(trick.plays[0].cards) == 2
        _agree(ctx, _damaged(trick, rng), hands, leader)
        _agree(ctx, trick, hands, (leader + 1) & 3 if leader is not None else 2)
    if preset != "80fen":                      # (80fen hands lead singles too, but keep the check simple)
        assert taken                            # it does take the common trick
    if PRESETS[preset].decks >= 2:
        assert pairs                            # and a pair led, every follow legal


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
    matches = [simulate_match(23, i, rules=PRESETS[preset], violation_rate=0.05, max_hands=4) for i in range(2)]
    legal.clear_memo()
    fast = [replay_match(m) for m in matches]
    monkeypatch.setattr(tricks, "_CLEAN_TRICK", None)
    legal.clear_memo()
    slow = [replay_match(m) for m in matches]
    assert repr(fast) == repr(slow) and fast == slow


def test_odd_arguments_are_left_to_python():
    ctx, trick, hands, leader = next(c for c in _calls("standard", 5) if len(c[1].plays[0].cards) == 1)
    for bad in (tuple(tuple(h) for h in hands), hands[:3], [h[:53] for h in hands], [list(map(float, h)) for h in hands]):
        assert core.clean_trick(ctx, trick, list(bad) if isinstance(bad, list) else bad, leader) is None
    assert core.clean_trick(ctx, trick, [list(h) for h in hands], "N") is None
    assert core.clean_trick(ctx, Trick(1, (), (), 0), [list(h) for h in hands], leader) is None


def test_the_engine_uses_the_compiled_judge():
    assert tricks._CLEAN_TRICK is core.clean_trick
