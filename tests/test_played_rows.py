"""``played_cards.Played``: a seat's row asked for alone (the dealer's, in the common hand) is the row the whole
count gives, whichever is asked first — the replay counts one seat's plays, not four, when one is all it needs."""
from __future__ import annotations

import dataclasses

from tractor_analysis.engine.played_cards import Played, played_rows
from tractor_analysis.simulate import simulate_match


def test_a_seats_row_alone_is_the_whole_counts_row():
    for preset in ("standard", "three-deck", "tournament"):
        for hand in simulate_match(7, 0, preset=preset, violation_rate=0.1, max_hands=3).hands:
            whole = played_rows(hand)
            alone = Played(hand)
            assert tuple(alone[s] for s in (2, 0, 3, 1, 2)) == tuple(whole[s] for s in (2, 0, 3, 1, 2))
            assert alone.all() == whole and alone[1] == whole[1]
            assert sum(map(sum, whole)) == sum(len(p.cards) for t in hand.tricks for p in t.plays)


def test_cards_by_seat_and_how_many_played_count_each_seats_plays():
    """One count of the cards each seat plays (read by the stopped match, the wrong line, the setting, the
    replay's unfilled gaps and the hands-known page): each seat's plays' cards in the order played, and their number."""
    from tractor_analysis.engine.played_cards import cards_by_seat, counts, how_many_played
    for preset in ("standard", "tournament"):
        for hand in simulate_match(11, 0, preset=preset, violation_rate=0.1, max_hands=2).hands:
            last = hand.tricks[-1]          # the record stops inside its last trick: the seats' counts differ
            hand = dataclasses.replace(hand, tricks=hand.tricks[:-1] + (dataclasses.replace(last, plays=last.plays[:2]),))
            assert len(set(how_many_played(hand))) == 2
            by_seat = cards_by_seat(hand)
            for s in range(4):
                mine = [k for t in hand.tricks for p in t.plays if p.seat == s for k in p.cards]
                assert by_seat[s] == mine
                assert tuple(counts(mine)) == played_rows(hand)[s]
            assert how_many_played(hand) == [len(c) for c in by_seat]
            assert sum(how_many_played(hand)) == sum(len(p.cards) for t in hand.tricks for p in t.plays)
