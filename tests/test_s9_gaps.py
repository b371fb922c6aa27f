"""A play the record leaves out is filled in from its seat's deal line only where the record can check that line
(docs/rules.md §1.6, §14.1; engine/record_gaps.py ``_cards_known``, ``judge``).

The ways to fill a play in are the plays of the cards its seat held then (legal or not).  A play of a card the
line does not give (a miscopied line, or a play of a card not held) is not among them: the record rules it out
where it reaches the hand's end — the seat would still hold a card after the last trick — but not when the
record stops before the end.  A record that stops short and shows a line or a play miscopied (a seat plays a
card its line does not give: :func:`.deal_lines.stops_short`) therefore fills no play in from the lines.
Before, it did, and gave a fault the whole hand does not have:

- three decks, simulated seed 6242 (some follows wrong, some cards played not held), the record cut after
  trick 16 and W's trick-1 play (♥7 ♥5 ♥3 ♣5, ♣5 not held) left out: E plays a card its line does not give
  (trick 16) and the record stops short (:func:`.deal_lines.stops_short`), so a line or a play is miscopied and
  the hand's end never shows which — yet W was found to revoke in trick 1 "whatever it played", judged on its
  line, a fault the whole record does not find (it finds ``not_in_hand``).

Now the play is not filled in there (:func:`.unfilled_gaps.not_judged`, "the cards the seat without a play held
then are not known"), and what rests on it is withheld.  The sweep (two and three decks): a play of
cards held left out, the record whole or cut, states nothing the whole hand does not (it held before too).
The first test fails on the code before the change.
"""
from __future__ import annotations

import dataclasses

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.played_cards import Played
from tractor_analysis.engine.starting_hands import starting_hands
from tractor_analysis.simulate import simulate_match


def _keys(h):
    return {(v.code, v.trick, v.seat) for v in h.violations}


def _dropped(hand, i: int, seat: int):
    t = hand.tricks[i]
    tricks = list(hand.tricks)
    tricks[i] = dataclasses.replace(t, plays=tuple(p for p in t.plays if p.seat != seat))
    return dataclasses.replace(hand, tricks=tuple(tricks))


def _judged(match, hand):
    return replay_match(dataclasses.replace(match, hands=(hand,))).hands[0]


def _nothing_the_whole_lacks(got, whole, totals: bool = True) -> list:
    """The facts ``got`` (the damaged record judged) states that ``whole`` (the whole hand) does not (``totals``:
    the attackers' points and the outcome too — not for a record cut short, whose points are those so far)."""
    bad: list = sorted(_keys(got) - _keys(whole), key=str)
    for t, w in zip(got.tricks, whole.tricks):
        assert t.number == w.number
        if t.winner is not None and t.winner != w.winner:
            bad.append(("winner", t.number, t.winner, w.winner))
        if t.points is not None and t.points != w.points:
            bad.append(("points", t.number, t.points, w.points))
    for name in ("attackers_points", "attackers_total", "outcome") if totals else ():
        if getattr(got, name) is not None and getattr(got, name) != getattr(whole, name):
            bad.append((name, getattr(got, name), getattr(whole, name)))
    return bad


def test_a_play_left_out_of_a_record_that_stops_short_with_a_line_contradicted_is_not_filled_in_from_lines():
    m = simulate_match(1, 6242, preset="three-deck", violation_rate=0.15, max_hands=1)
    hand = m.hands[0]
    whole = _judged(m, hand)
    # (since s19 the whole hand finds W's trick-1 follow_suit: the card W plays there lies in the bury, placed there
    # by every reading of E's Buried: line, so the decks prove that play miscopied and read it as the card W keeps,
    # engine/deck_proof.py; the record that stops short shows no card kept and proves nothing of it)
    assert ("not_in_hand", 1, 3) in _keys(whole)
    cut = _dropped(dataclasses.replace(hand, tricks=hand.tricks[:16]), 0, 3)
    got = _judged(m, cut)
    # E plays a card its Buried: line buries (trick 16), the record short: the line or the play miscopied, each
    # reading judged (engine/bury_readings.py) — the whole hand's own code for it, ``bad_bury``, not a
    # ``not_in_hand`` resting on the line being right
    assert ("bad_bury", None, 1) in _keys(got) and ("not_in_hand", 16, 1) not in _keys(got)
    assert ("follow_suit", 1, 3) not in _keys(got)
    assert _nothing_the_whole_lacks(got, whole, False) == []
    assert got.tricks[0].winner is None and got.tricks[0].points is None
    words = [u for u in got.unknowns if u.tag == "play" and "W" in u.message_en]
    assert words and "not known" in words[0].message_en and "trick_winner" in words[0].withheld
    assert " / " not in words[0].message_zh and words[0].message_zh != words[0].message_en


def _disputed_plays(hand, whole) -> set:
    """The plays (trick, seat) of a card the taker's ``Buried:`` line buries (the whole hand's ``bad_bury``, judged
    under both readings: engine/bury_readings.py) — a play of a card not held if the line is right, as a
    ``not_in_hand`` is: left out, the whole hand is not among the readings the damaged record has."""
    start = starting_hands(hand, whole.rules, whole.dealer, Played(hand))
    return {(t.number, p.seat) for d in start.disputed for t in hand.tricks for p in t.plays
            if p.seat == d.seat and set(p.cards) & set(d.excess)}


def _contradicted_after(whole, last: int) -> bool:
    """The whole hand finds a deal line a seat's plays contradict only after trick ``last`` (a card played beyond
    the line there): it then reads earlier plays of that seat as maybe the miscopied ones (docs/rules.md §1.6), which
    a record cut at ``last`` gives no ground for."""
    seats = {v.seat for v in whole.violations if v.code == "deal_mismatch" and v.trick is None}
    return any(all(v.trick > last for v in whole.violations
                   if v.code == "not_in_hand" and v.seat == seat and v.trick is not None) for seat in seats)


@pytest.mark.parametrize("preset", ["three-deck", "standard", "tournament"])
def test_sweep_a_play_left_out_never_states_what_the_whole_hand_does_not(preset):
    """Whole simulated hands (some follows wrong; three decks: some cards played not held), one play of cards
    its seat held left out (not a lead, not in the last trick), the record whole or cut a few tricks later:
    every fact the damaged record states is the whole hand's.  (A play of a card not held, left out, is not
    among the ways a record that shows no miscopy is filled in with: the whole hand is then not one of the
    readings the damaged record has, and is not swept.)"""
    checked = 0
    for seed in range(25):
        m = simulate_match(1, seed, preset=preset, violation_rate=0.15, max_hands=1)
        hand = m.hands[0]
        if any(len(t.plays) != 4 for t in hand.tricks) or len(hand.tricks) < 4:
            continue
        whole = _judged(m, hand)
        unheld = {(v.trick, v.seat) for v in whole.violations if v.code == "not_in_hand"} | _disputed_plays(hand, whole)
        i = seed % (len(hand.tricks) - 2)
        seat = hand.tricks[i].plays[1 + seed % 3].seat
        if (hand.tricks[i].number, seat) in unheld:
            continue
        for k in (len(hand.tricks), min(len(hand.tricks), i + 2 + seed % 5)):
            if k < len(hand.tricks) and _contradicted_after(whole, hand.tricks[k - 1].number):
                continue    # (the whole hand reads plays before the cut otherwise: a deal line only later shown wrong)
            got = _judged(m, _dropped(dataclasses.replace(hand, tricks=hand.tricks[:k]), i, seat))
            checked += 1
            assert _nothing_the_whole_lacks(got, whole, k == len(hand.tricks)) == [], (seed, k, i, seat)
    assert checked >= 30
