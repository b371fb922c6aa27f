"""Invariant: filling in a play the record leaves out never contradicts the whole hand
(docs/rules.md §14.1 "a play the record leaves out inside a trick it goes on past"; engine/record_gaps.py).

A simulated hand, some follows made illegal on purpose, has one or two plays taken out (never a lead, never
from the last trick); the record may stop a few tricks after them.  Whatever the gapped record is judged to
give must be what the whole record gives: no fault the whole hand lacks, no trick winner or points it does
not give, no derived play but the one taken out, and the wrong follows found at most as many as the whole
hand's, the most a way gives at least as many.  Before, the ways were the legal follows only: a seat left
out of two tricks that revoked in one, or a record stopping early, had its play derived from legality — a
play it did not make, a trick given to the wrong seat (the sweep of /tmp/s8/h2b_fill_ways found 40 such).
"""
from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tractor_analysis.engine.deal_lines import SHOWN_BY
from tractor_analysis.engine.hand_replay import replay_hand
from tractor_analysis.engine.record_gaps import find_gaps
from tractor_analysis.engine.replay import ruleset_of
from tractor_analysis.simulate import simulate_match


def _judge(hand, rules):
    return replay_hand(hand, rules, (None, None), None, first_of_match=False, levels_known=False, first_hand=False)


def _without(hand, i: int, seat: int):
    t = hand.tricks[i]
    tricks = list(hand.tricks)
    tricks[i] = dataclasses.replace(t, plays=tuple(p for p in t.plays if p.seat != seat))
    return dataclasses.replace(hand, tricks=tuple(tricks))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(seed=st.integers(0, 60), first=st.integers(0, 30), where=st.integers(1, 3), second=st.integers(0, 30),
       same_seat=st.booleans(), stop=st.integers(0, 4))
def test_a_play_left_out_never_contradicts_the_whole_hand(seed, first, where, second, same_seat, stop):
    match = simulate_match(5, seed, preset="tournament", violation_rate=0.15, max_hands=1)
    rules = ruleset_of(match)
    hand = match.hands[0]
    n = len(hand.tricks)
    i = first % (n - 1)                                   # never the last trick (the record would end in it)
    seat = hand.tricks[i].plays[where].seat               # never the lead
    if stop:                                              # the record stops a few tricks after the gap
        hand = dataclasses.replace(hand, tricks=hand.tricks[:min(n, i + 1 + stop)])
        n = len(hand.tricks)
    whole = _judge(hand, rules)
    assume(not any(v.code in SHOWN_BY or v.code == "out_of_turn" for v in whole.violations))
    gapped = _without(hand, i, seat)
    taken = {(hand.tricks[i].number, seat): tuple(sorted(hand.tricks[i].plays[where].cards))}
    i2 = i + 1 + second % max(1, n - 2 - i) if i + 2 < n else None
    if i2 is not None:                                    # a second play left out, of the same seat or not
        plays = hand.tricks[i2].plays
        other = next(p for p in plays if p.seat == seat) if same_seat else plays[1 + second % 3]
        if other is not plays[0]:
            gapped = _without(gapped, i2, other.seat)
            taken[(hand.tricks[i2].number, other.seat)] = tuple(sorted(other.cards))
    assert find_gaps(gapped)
    got = _judge(gapped, rules)
    assume(not any(u.tag == "play" and "(it goes on after)" in u.message_en for u in got.unknowns))  # filled in

    faults = {(v.code, v.trick, v.seat) for v in whole.violations}
    assert {(v.code, v.trick, v.seat) for v in got.violations} <= faults
    for t, w in zip(got.tricks, whole.tricks):
        assert t.winner is None or t.winner == w.winner, t.number
        assert t.points is None or t.points == w.points, t.number
    for number, play in got.derived_plays:
        assert taken[(number, play.seat)] == tuple(sorted(play.cards))
    for name in ("attackers_points", "attackers_total", "outcome"):
        assert getattr(got, name) is None or getattr(got, name) == getattr(whole, name), name
    most = got.penalties_open[0] if got.penalties_open else got.revoke_levels
    for team in (0, 1):
        assert got.revoke_levels[team] <= whole.revoke_levels[team] <= most[team]
