"""``played_cards.Played``: a seat's row asked for alone (the dealer's, in the common hand) is the row the whole
count gives, whichever is asked first — the replay counts one seat's plays, not four, when one is all it needs."""
from __future__ import annotations

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
