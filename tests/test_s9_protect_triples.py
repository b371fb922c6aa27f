"""A wrong follow of a seat read from its plays, under ``protect_triples`` (docs/rules.md §5, §14.1).

With three decks and ``protect_triples`` a kind held three times owes no pair.  A seat without a deal line is
judged on the cards its plays prove it held: E follows W's ♥9 ♥9 with ♥3 ♥4 and plays ♥K twice later, so it
held ♥K ♥K — but the record places the third ♥K nowhere, and had E held it too, ♥K ♥K ♥K owed no pair and the
follow was legal.  ``check`` stated a ``follow_pair`` "as its own plays prove": a fault resting on E not
holding the third ♥K.  It now stands only where every holding between the proven cards and those plus the
copies placed nowhere is the same fault (:func:`tractor_analysis.engine.owed_plays.fault_in_every_holding`).

The first test fails before the fix (the fault was stated); the controls pass on both.
"""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from engine_helpers import FollowShape, context, follow_case
from tractor_analysis.engine.legal import check_follow
from tractor_analysis.engine.outcome import REVOKE_CODES
from tractor_analysis.engine.owed_plays import fault_in_every_holding
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.verdicts import new_violation
from tractor_analysis.records import parse_tgn

HEAD = """[Event "Club night"]
[North "Ann"]
[East "Bo"]
[South "Cai"]
[West "Dan"]
[Ruleset "three-deck"]
{rule}[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "36"]
"""
PROTECT = '[Rule:protect_triples "on"]\n'
LINES = "N: {n} C4 C7\nS: C3 C5 D8 D9\nW: H9 H9 C6 C8\n"
TRICKS = """36. W: H9 H9, N: {n}, E: H3 H4, S: C3 C5
37. W: C6, N: C4, E: HK, S: D8
38. W: C8, N: C7, E: HK, S: D9
"""
E = 1


def _hand(protect: bool, north: str = "H2 H5"):
    text = HEAD.format(rule=PROTECT if protect else "") + LINES.format(n=north) + TRICKS.format(n=", ".join([north]))
    (match,), diags = parse_tgn(text)
    assert not [d for d in diags if d.severity == "error"]
    return replay_match(match).hands[0]


def _follows(hand):
    return [v for v in hand.violations if v.seat == E and v.code in REVOKE_CODES]


def test_a_pair_that_may_have_been_a_triple_proves_no_fault():
    """Fails before: follow_pair for E in trick 36, though the third ♥K may have been E's."""
    hand = _hand(protect=True)
    assert _follows(hand) == []
    assert "legality" in hand.withheld             # E's follows are not all judged, and the hand says so


def test_without_protect_triples_the_pair_owed_stands():
    [v] = _follows(_hand(protect=False))
    assert (v.code, v.trick) == ("follow_pair", 36)


def test_the_third_copy_placed_elsewhere_leaves_the_fault_standing():
    """N plays the third ♥K in trick 36: E held exactly two, a pair it owed."""
    [v] = _follows(_hand(protect=True, north="H2 HK"))
    assert (v.code, v.trick) == ("follow_pair", 36)


@st.composite
def protected_follows(draw):
    """Three decks with ``protect_triples``: a multi-card lead, a follower's proven cards ``low`` (with the
    wrong follow ``cards``), the copies placed nowhere ``free``, and hands between."""
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    ctx = context(draw(st.integers(2, 14)), draw(st.sampled_from([0, 1, 2, 3, None])), preset="three-deck",
                  protect_triples=True)
    case = follow_case(rng, ctx, _PROTECTED)
    return None if case is None else (ctx, *case)


_PROTECTED = FollowShape(lead_draws=(2, 12), lead_step=2, multi_only=True, low_more=0.75, low_in_group=0.8,
                         low_step=2, low_extra=12, free=0.5, hands=6)


@settings(max_examples=500, deadline=None)
@given(protected_follows())
def test_a_fault_kept_is_the_fault_of_every_holding_between(case):
    """Whatever the follower really held between its proven cards and those plus the copies placed nowhere,
    a fault ``fault_in_every_holding`` keeps is a fault of that holding (more cards may owe more: a tractor
    where the proven cards owe a pair; the proven cards' rule is broken either way)."""
    if case is None:
        return
    ctx, lead, low, free, cards, hands = case
    code = check_follow(ctx, lead, low, cards)
    if code is None or code == "wrong_count":
        return
    v = new_violation(code, 1, E, cards, (), "", "")
    if not fault_in_every_holding(ctx, lead, v, low, free):
        return
    for held in (low, [a + b for a, b in zip(low, free)], *hands):
        assert check_follow(ctx, lead, held, cards) is not None
