"""A deal line its seat's plays contradict (docs/rules.md §1.6): either the line is miscopied or a play on it
is, and the record does not say which.  The hand was judged on the cards both the line and the plays give —
but a trick's winner (and so who led the next, and the points) still rested on the card played that the line
does not give: two plays of trick 9 copied in each other's place (E ♠J, S ♦K for E ♦K, S ♠J) made E win the
trick with a card E's line lacks, and S was faulted for leading trick 10 "out of turn".  Now the hand is also
judged with the plays miscopied instead (each card played beyond the line read as a card left after the last
trick) and only what both readings give is kept."""
from __future__ import annotations

import dataclasses

import pytest

from tractor_analysis.engine.deal_lines import SHOWN_BY
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate_match


def _keys(h):
    return {(v.code, v.trick, v.seat) for v in h.violations}


def _swapped(hand, i, a, b):
    """Trick ``i``'s plays of seats ``a`` and ``b`` (single cards) written in each other's place."""
    t = hand.tricks[i]
    pa = next(p for p in t.plays if p.seat == a)
    pb = next(p for p in t.plays if p.seat == b)
    plays = tuple(dataclasses.replace(p, cards=pb.cards) if p.seat == a else
                  dataclasses.replace(p, cards=pa.cards) if p.seat == b else p for p in t.plays)
    return dataclasses.replace(hand, tricks=hand.tricks[:i] + (dataclasses.replace(t, plays=plays),) + hand.tricks[i + 1:])


def _cases(preset, seeds):
    for seed in seeds:
        m = simulate_match(seed, 0, preset=preset, max_hands=1)
        hand = m.hands[0]
        true = replay_match(m).hands[0]
        for i, t in enumerate(hand.tricks):
            singles = [p for p in t.plays if len(p.cards) == 1 and p.seat != hand.dealer and p.attempted is None]
            for x in range(len(singles)):
                for y in range(x + 1, len(singles)):
                    a, b = singles[x], singles[y]
                    if a.cards != b.cards:
                        yield m, hand, true, i, a.seat, b.seat


@pytest.mark.parametrize("preset", ["standard", "tournament", "80fen"])
def test_two_plays_copied_in_each_others_place_fault_nothing_the_table_did_not_do(preset):
    winners_open = 0
    checked = 0
    for m, hand, true, i, a, b in _cases(preset, range(1, 4)):
        h = replay_match(dataclasses.replace(m, hands=(_swapped(hand, i, a, b),))).hands[0]
        found = {k for k in _keys(h) if not (k[0] in SHOWN_BY and k[2] in (a, b))}
        assert found <= _keys(true), (preset, i, a, b, sorted(found - _keys(true)))
        checked += 1
        if any(u.tag == "deal" for u in h.unknowns) and h.tricks[i].winner is None:
            winners_open += 1
            assert h.tricks[i].points is None or h.tricks[i].points == true.tricks[i].points
    assert checked > 50 and winners_open > 5


def test_the_probe_record_withholds_the_winner_it_rested_on_a_card_not_held():
    m = simulate_match(11, 0, preset="standard", max_hands=1)
    hand = m.hands[0]
    t = hand.tricks[8]
    assert [(p.seat, len(p.cards)) for p in t.plays] == [(0, 1), (1, 1), (2, 1), (3, 1)]
    h = replay_match(dataclasses.replace(m, hands=(_swapped(hand, 8, 1, 2),))).hands[0]
    assert not [v for v in h.violations if v.code == "out_of_turn"]
    assert h.tricks[8].winner is None and h.attackers_points is None
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "trick_winner" in u.withheld and "plays miscopied instead" in u.message_en and "出牌记错" in u.message_zh


def test_the_contradiction_itself_says_the_line_or_a_play_is_miscopied():
    """The ``not_in_hand`` and ``deal_mismatch`` that show a line contradicted say so in their own words (a
    referee's tester read "E played ♠J, not held" as a fault to sign, beside the unknown that says either may be
    wrong)."""
    from event_helpers import bilingual

    m = simulate_match(11, 0, preset="standard", max_hands=1)
    h = replay_match(dataclasses.replace(m, hands=(_swapped(m.hands[0], 8, 1, 2),))).hands[0]
    shown = [v for v in h.violations if v.code in SHOWN_BY]
    assert {(v.code, v.seat) for v in shown} == {("not_in_hand", 1), ("not_in_hand", 2), ("deal_mismatch", 1),
                                                  ("deal_mismatch", 2)}
    for v in shown:
        assert "the line or a play is miscopied" in v.message_en and "发牌行或出牌有一处记错" in v.message_zh
        bilingual(f"{v.message_en} / {v.message_zh}")


def test_two_whole_deal_lines_swapped_are_judged_without_enumerating_every_order():
    """A scorer's tester (2026-12-06): N's and E's deal lines written in each other's place — each seat plays
    some 20 cards its line does not give and holds as many left, whose orders (20!) ``_plays_miscopied`` made
    before checking its bound: the check ran out of memory (a MemoryError reported as an engine error).  The
    ways are counted first now: past the bound no reading is made, and the hand is judged at once."""
    m = simulate_match(1, 0, preset="standard", max_hands=1)
    hand = m.hands[0]
    deal = list(hand.deal)
    deal[0], deal[1] = deal[1], deal[0]
    swapped = dataclasses.replace(hand, deal=tuple(deal))
    h = replay_match(dataclasses.replace(m, hands=(swapped,))).hands[0]
    assert any(u.tag == "deal" for u in h.unknowns)
    assert not any(v.code == "engine_error" for v in h.violations)
