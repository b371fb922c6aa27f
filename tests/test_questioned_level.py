"""A ``[Level]`` nothing else names (docs/rules.md §14.1): the record's first hand, numbered 1, no ``[Levels]``, no
declaration, at another level than the start (2).  The record may begin mid-match — or ``[Level]`` be miscopied.
Judged at the tag alone, a miscopied level accuses the table of every follow and throw the level makes wrong.
So the start is weighed against the tag when something speaks against it: the cards set the tag aside; the
table's acts (the plays the level makes wrong, leads out of turn, ``[Claim]``) bearing the start out better keep
both levels (what both give kept, the level unknown); else the tag stands, as for a record begun mid-match."""
from __future__ import annotations

import dataclasses

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate_match

PRESETS = ["standard", "tournament", "80fen", "botzone", "ourgame", "one-deck", "three-deck"]


def _keys(h):
    return {(v.code, v.trick, v.seat) for v in h.violations}


def _alone(match, hand, **changes):
    """``hand`` as the record's only hand: numbered 1, no [Levels], no declarations, and ``changes``."""
    hand = dataclasses.replace(hand, number=1, declarations=(), declarations_known=False, **changes)
    return replay_match(dataclasses.replace(match, hands=(hand,), levels=None)).hands[0]


def _level_unknown(h):
    return [u for u in h.unknowns if u.tag == "Level"]


def test_a_miscopied_level_keeps_only_what_both_levels_give():
    m = simulate_match(3, 0, max_hands=1)
    hand = m.hands[0]
    assert hand.level == 2
    true = _alone(m, hand)
    wrong = _alone(m, hand, level=3)
    assert not _level_unknown(true) and true.levels_before == (2, 2)
    (u,) = _level_unknown(wrong)
    assert "[Level] says 3" in u.message_en and "every match starts at 2" in u.message_en
    assert "[Level] 记为3" in u.message_zh and "比赛从2打起" in u.message_zh
    assert {"points", "levels"} <= set(u.withheld)
    assert _keys(wrong) <= _keys(true)              # no fault that rests on the miscopied level
    assert wrong.levels_before == (None, None) and wrong.levels_after == (None, None)
    assert wrong.attackers_points is None


def test_a_declaration_names_the_level_too_so_the_tag_is_not_questioned():
    m = simulate_match(3, 0, max_hands=1)
    hand = dataclasses.replace(m.hands[0], level=3)
    assert hand.declarations
    r = replay_match(dataclasses.replace(m, hands=(hand,), levels=None)).hands[0]
    assert not _level_unknown(r)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_keeps_no_fault_a_miscopied_first_level_makes(preset):
    questioned = 0
    for seed in range(1, 4):
        m = simulate_match(seed, 0, preset=preset, violation_rate=0.05, max_hands=1)
        hand = m.hands[0]
        assert hand.level == 2
        true = _alone(m, hand)
        for level in (3, 14):
            wrong = _alone(m, hand, level=level)
            assert _keys(wrong) <= _keys(true), (seed, level)
            questioned += bool(_level_unknown(wrong))
    assert questioned == 6          # (each miscopy made faults the start does not: every one weighed)


@pytest.mark.parametrize("preset", ["standard", "80fen", "three-deck"])
def test_a_record_really_begun_mid_match_keeps_its_level(preset):
    # later hands of simulated matches, each made the record's first hand: [Level] is right, and stands
    m = simulate_match(2, 0, preset=preset, violation_rate=0.05, max_hands=10)
    whole = replay_match(m)
    seen = 0
    for hand, judged in zip(m.hands, whole.hands):
        if hand.level == 2:
            continue
        seen += 1
        alone = _alone(m, hand)
        assert not _level_unknown(alone)
        assert {k for k in _keys(alone) if k[1] is not None} == {k for k in _keys(judged) if k[1] is not None}
    assert seen


@pytest.mark.parametrize("preset", PRESETS)
def test_dealer_and_level_both_miscopied_keep_no_fault_either_makes(preset):
    # each other value alone is judged at the other tag's wrong value, so neither alone bears the hand out:
    # both are weighed together (docs/rules.md §14.1), the dealer derived from the cards, the level unknown
    m = simulate_match(1, 0, preset=preset, violation_rate=0.05, max_hands=1)
    hand = m.hands[0]
    true = _alone(m, hand)
    for shift, level in ((1, 3), (2, 14)):
        wrong = _alone(m, hand, level=level, dealer=(hand.dealer + shift) % 4)
        # the [Dealer] the cards set aside is the record's finding (docs/rules.md §13.1), no seat's fault
        lone = [v for v in wrong.violations if v.code == "dealer_mismatch"]
        assert len(lone) == 1 and lone[0].of_record and lone[0].seat is None, (shift, level)
        faults = _keys(wrong) - {("dealer_mismatch", None, None)}
        assert faults <= _keys(true), (shift, level, sorted(faults - _keys(true)))
        assert _level_unknown(wrong) and wrong.levels_before == (None, None)
        dealer = [d for d in wrong.derived if d.fact == "dealer"]
        assert dealer and dealer[0].value == "NESW"[hand.dealer], (shift, level)


def test_a_right_level_with_a_miscopied_dealer_stands():
    # the other direction: a record begun mid-match, [Dealer] miscopied: the dealer is weighed, the level stands
    m = simulate_match(2, 0, violation_rate=0.05, max_hands=10)
    seen = 0
    for hand in m.hands:
        if hand.level == 2:
            continue
        wrong = _alone(m, hand, dealer=(hand.dealer + 1) % 4)
        assert not _level_unknown(wrong), hand.number
        assert any(d.fact == "dealer" for d in wrong.derived) or any(u.tag == "Dealer" for u in wrong.unknowns)
        seen += 1
    assert seen >= 3
