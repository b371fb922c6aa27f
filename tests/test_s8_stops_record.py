"""A record that stops before a hand's end proves no "cards left" and no fault resting on them
(docs/rules.md §1.6, §14.1): cut a simulated hand after a trick, leave one play out, and nothing the
whole hand contradicts is found — no ``deal_mismatch`` for cards held when the record stops, no throw
verdict resting on a contradicted line's seat not holding a card, no attackers' total without the
bottom of a last trick the record ends in."""
from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings, strategies as st

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate_match


def _keys(h):
    return {(v.code, v.trick, v.seat) for v in h.violations}


def _cut(match, hand, k):
    return replay_match(dataclasses.replace(match, hands=(dataclasses.replace(hand, tricks=hand.tricks[:k]),))).hands[0]


def _dropped(hand, i, j):
    t = hand.tricks[i]
    tricks = list(hand.tricks)
    tricks[i] = dataclasses.replace(t, plays=t.plays[:j] + t.plays[j + 1:])
    return dataclasses.replace(hand, tricks=tuple(tricks))


def test_a_contradicted_line_in_a_record_that_stops_short_blames_no_one_falsely():
    # E plays C8 its line does not give (trick 7); the record stops after trick 11, E holding clubs
    # that beat N's throw there (it plays them later)
    m = simulate_match(6, 0, preset="three-deck", violation_rate=0.15, max_hands=3)
    hand = m.hands[0]
    whole = replay_match(dataclasses.replace(m, hands=(hand,))).hands[0]
    assert ("not_in_hand", 7, 1) in _keys(whole) and ("wrong_forced_play", 11, 0) not in _keys(whole)
    h = _cut(m, hand, 11)
    assert not [v for v in h.violations if v.code == "deal_mismatch"]       # no "still holds … after the last trick"
    assert ("wrong_forced_play", 11, 0) not in _keys(h)
    assert _keys(h) <= _keys(whole)
    assert ("not_in_hand", 7, 1) in _keys(h)
    deal = [u for u in h.unknowns if u.tag == "deal"]
    assert deal and "legality" in deal[0].withheld and "stops before the hand's end" in deal[0].message_en
    assert h.legality_known is False


def test_a_play_left_out_of_a_record_that_stops_at_a_trick_boundary_leaves_no_cards_left_fault():
    m = simulate_match(1, 3, preset="standard", max_hands=1)
    hand = m.hands[0]
    whole = _cut(m, hand, 3)
    assert not [v for v in whole.violations if v.code == "deal_mismatch"]
    gapped = replay_match(dataclasses.replace(m, hands=(_dropped(dataclasses.replace(hand, tricks=hand.tricks[:3]), 0, 1),)))
    h = gapped.hands[0]
    assert not [v for v in h.violations if v.code == "deal_mismatch"], [v.message_en for v in h.violations]


def _last_taken(seed):
    """A simulated three-deck hand whose last trick the attackers take with a bottom worth points."""
    m = simulate_match(1, seed, preset="three-deck", max_hands=4)
    for hand in m.hands:
        whole = replay_match(dataclasses.replace(m, hands=(hand,))).hands[0]
        if whole.complete and whole.bottom_bonus and len(hand.tricks[-1].plays) == 4:
            return m, hand, whole
    return None


def test_a_record_ending_in_the_last_trick_gives_no_total_without_the_bottom():
    found = next(x for x in map(_last_taken, range(1, 40)) if x is not None)
    m, hand, whole = found
    h = replay_match(dataclasses.replace(m, hands=(_dropped(hand, len(hand.tricks) - 1, 3),))).hands[0]
    assert h.unfinished is not None and h.unfinished.last
    if h.unfinished.bottom_fixed and h.unfinished.winner is not None and h.unfinished.winner not in h.defenders:
        # (since the seventeenth stop: a last trick led by one card the attackers surely take gives them the
        # bottom at a single's multiplier whatever the play left out — the whole hand's total, docs/rules.md §7.4;
        # since s19: any lead, every play left out forced, at the multiplier the lead fixes)
        assert h.attackers_total == whole.attackers_total and h.outcome == whole.outcome
        return
    assert h.attackers_total is None and h.attackers_points is None
    assert any(u.tag == "play" and "the hand's last" in u.message_en and "points" in u.withheld for u in h.unknowns)


def _contradicted_after(whole, last: int) -> bool:
    """The whole hand finds a deal line a seat's plays contradict only after trick ``last`` (a card played beyond
    the line there): it then reads that seat's earlier plays as maybe the miscopied ones and withholds what rests on
    them (docs/rules.md §1.6), which a record cut at ``last`` gives no ground for."""
    seats = {v.seat for v in whole.violations if v.code == "deal_mismatch" and v.trick is None}
    return any(all(v.trick > last for v in whole.violations
                   if v.code == "not_in_hand" and v.seat == seat and v.trick is not None) for seat in seats)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), preset=st.sampled_from(["standard", "three-deck", "tournament", "one-deck"]),
       where=st.floats(0, 1, exclude_max=True), drop=st.one_of(st.none(), st.tuples(st.floats(0, 1, exclude_max=True),
                                                                                      st.integers(1, 3))))
def test_a_record_cut_short_finds_nothing_the_whole_hand_contradicts(seed, preset, where, drop):
    """Any simulated hand (some plays wrong), its record cut after any trick, one play (not a lead) left
    out or none: every violation found is one the whole hand finds (with a play left out before the
    last trick, every hand finding: what the fill-in ways find of the seat left out is record_gaps'),
    and a total given is the whole's."""
    m = simulate_match(1, seed, preset=preset, violation_rate=0.15, max_hands=1)
    hand = m.hands[0]
    if any(len(t.plays) != 4 for t in hand.tricks):
        return
    whole = replay_match(m).hands[0]
    k = 1 + int(where * len(hand.tricks))
    if _contradicted_after(whole, hand.tricks[k - 1].number):
        return      # (the whole hand reads plays before the cut otherwise: a deal line only later shown wrong)
    cut = dataclasses.replace(hand, tricks=hand.tricks[:k])
    if drop is not None:
        cut = _dropped(cut, int(drop[0] * k), drop[1])
    h = replay_match(dataclasses.replace(m, hands=(cut,))).hands[0]
    gap_inside = drop is not None and int(drop[0] * k) < k - 1
    found = {x for x in _keys(h) if x[1] is None} if gap_inside else _keys(h)
    assert found <= _keys(whole), sorted(found - _keys(whole))
    if h.attackers_total is not None and h.complete:
        assert h.attackers_total == whole.attackers_total
    if h.unfinished is not None and h.unfinished.last and h.attackers_total is not None:
        assert h.attackers_total == whole.attackers_total


def test_a_gap_in_a_record_that_stops_short_with_a_line_set_aside_blames_the_seat_left_out_of_nothing():
    # W's play in trick 2 left out, the record stopping after trick 14; S plays a card its line does not
    # give (trick 7), so its line is set aside: W is not judged again on what it surely held (the whole
    # hand sets W's line aside too: its trick-3 play is not in it) — no "whatever W's play" fault at trick 3.
    # (Since s19 the whole hand does find W's trick-3 follow_suit: the card W plays there lies in a bury S's line, the
    # bottom and its plays bear out, so the decks prove that play miscopied and read it as the card W keeps,
    # engine/deck_proof.py; the record cut short shows no cards kept, and proves nothing of it.)
    m = simulate_match(1, 117, preset="three-deck", violation_rate=0.15, max_hands=1)
    hand = m.hands[0]
    whole = replay_match(m).hands[0]
    cut = _dropped(dataclasses.replace(hand, tricks=hand.tricks[:14]), 1, 1)
    h = replay_match(dataclasses.replace(m, hands=(cut,))).hands[0]
    assert ("follow_suit", 3, 3) not in _keys(h)
    assert _keys(h) <= _keys(whole), sorted(_keys(h) - _keys(whole))


def test_a_seat_the_record_ends_before_holds_no_cards_left_but_its_play():
    # the hand's last trick, N's play (two cards) not recorded; S's line is contradicted (cards left):
    # N's two cards are the play the record does not give, not cards left after the last trick
    m = simulate_match(1, 329, preset="three-deck", violation_rate=0.15, max_hands=1)
    hand = m.hands[0]
    whole = replay_match(m).hands[0]
    h = replay_match(dataclasses.replace(m, hands=(_dropped(hand, len(hand.tricks) - 1, 3),))).hands[0]
    assert h.unfinished is not None and h.unfinished.missing == (0,)
    assert ("deal_mismatch", None, 0) not in _keys(whole)
    assert _keys(h) <= _keys(whole), sorted(_keys(h) - _keys(whole))
