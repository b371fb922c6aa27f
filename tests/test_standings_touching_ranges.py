"""Level-difference ranges that meet only at one end: the order every reading gives is derived, not "not decided".

Before: two teams tied on match points whose level differences were ``-3`` and ``-5..-3`` shared a rank ("their
order is not decided … later tie-breaks are not applied"), though where the second is below ``-3`` the first is
above and where both are ``-3`` head-to-head decides — the same way (an organiser's event: Golden Carp and Tea
House).  Now a team is above another when its range is never below the other's and, in the readings where the
two are equal, the later tie-breaks put it above whichever teams are then tied with them (docs/standings.md).
An order some reading contradicts stays not decided: ranges overlapping inside, a head-to-head the other way, and
with three teams a tie whose later tie-breaks depend on whether the third team is tied with them."""
from __future__ import annotations

from event_helpers import event_match

from tractor_analysis.dataset.standings import standings, undecided_notes


def m(rnd, ns, ew, levels, winner, spans=(None, None)):
    """A match decided for ``winner`` (0 N–S, 1 E–W) with these final levels; a level ``None`` is known only as
    its ``spans`` entry (take-backs given as ``?``)."""
    return event_match(match_id=f"{rnd}-{ns}-{ew}", round=str(rnd), teams=(ns, ew),
                       players=(ns + "1", ew + "1", ns + "2", ew + "2"), levels=levels, winner=winner,
                       decided_by="forfeit", source=f"r{rnd}-{ns}{ew}.tgn", level_spans=spans)


def ranks(rows):
    return [(s.rank, s.team) for s in rows]


def _two(b_span=(2, 4)):
    """A and B 2 match points each; A's level difference -3; B's -2 + (the B–D match: D 5, B within ``b_span``)."""
    return [m(1, "A", "B", (5, 3), 0),                              # A +2, B -2
            m(1, "C", "D", (6, 2), 0),                              # C +4
            m(2, "A", "C", (2, 7), 1),                              # A -5: -3 in all
            m(2, "B", "D", (None, 5), 0, spans=(b_span, None))]     # B -3..-1 (2..4): -5..-3 in all


def test_ranges_meeting_at_one_end_are_ordered_by_the_next_tie_break_there():
    rows = standings(_two())
    assert ranks(rows) == [(1, "C"), (2, "A"), (3, "B"), (4, "D")]       # before: A and B shared rank 2
    by = {s.team: s for s in rows}
    assert by["B"].level_diff is None and by["B"].level_diff_span == (-5, -3) and by["A"].level_diff == -3
    assert by["A"].undecided is None and by["B"].undecided is None
    note = by["B"].ranked_by_range
    assert note is not None and note == by["A"].ranked_by_range
    assert '"A" -3; "B" -5 to -3' in note and "head-to-head" in note and "derived" in note and " / " in note
    assert "相互胜负" in note and "可以推出" in note
    assert note in undecided_notes(rows)


def test_ranges_that_really_overlap_stay_undecided():
    rows = standings(_two(b_span=(2, 5)))          # B -5..-2: above A in some readings, below in others
    assert ranks(rows) == [(1, "C"), (2, "A"), (2, "B"), (4, "D")]
    assert {s.team: s.undecided is not None for s in rows} == {"A": True, "B": True, "C": False, "D": False}


def test_a_next_tie_break_the_other_way_where_equal_leaves_the_order_undecided():
    """B beat A: where both are -3 B is above, where B is below -3 it is below: no order holds in every reading."""
    games = [m(1, "A", "B", (3, 5), 1),                             # B +2, A -2
             m(1, "C", "D", (6, 2), 0),
             m(2, "A", "D", (3, 4), 0),                             # A -1: -3 in all
             m(2, "B", "C", (None, 9), 1, spans=((2, 4), None))]    # B -7..-5: -5..-3 in all
    rows = standings(games)
    by = {s.team: s for s in rows}
    assert (by["A"].level_diff, by["B"].level_diff_span) == (-3, (-5, -3))
    assert ranks(rows) == [(1, "C"), (2, "A"), (2, "B"), (4, "D")]
    assert by["A"].undecided is not None and by["A"].undecided["teams"] == ["A", "B"]
    assert "head-to-head" in by["A"].undecided["note"] and "does not give one order in every reading" in \
        by["A"].undecided["note"]


def _three(b_span=(2, 4)):
    """A, B, C 4 match points each; A and C level difference 0, B -2..0 (its match against Y).  Among all three
    head-to-head puts A, C, B (A beat B twice, C beat A); between A and C alone C is above."""
    return [m(1, "A", "B", (3, 2), 0), m(2, "A", "B", (3, 2), 0),      # A +2, B -2
            m(3, "C", "A", (4, 2), 0),                                  # C +2, A -2: A 0
            m(1, "C", "X", (2, 4), 0),                                  # C -2: C 0
            m(2, "B", "Y", (None, 2), 0, spans=(b_span, None)),         # B 0..+2: -2..0
            m(3, "B", "Z", (2, 2), 0)]


def test_three_teams_a_third_that_may_be_tied_keeps_the_other_two_undecided():
    """B is last in every reading (below A and C where all three are 0, as below 0), but A and C: with B tied
    head-to-head among the three puts A above C, without it C beat A — their order is not decided."""
    rows = standings(_three())
    assert ranks(rows)[:3] == [(1, "A"), (1, "C"), (3, "B")]           # before: A, B, C all shared rank 1
    by = {s.team: s for s in rows}
    u = by["A"].undecided
    assert u is not None and u is by["C"].undecided and u["teams"] == ["A", "C"] and by["B"].undecided is None
    assert u["ranges"]["B"] == [-2, 0] and "B" in u["unknown"]
    assert 'whether "B" is tied with them is not known' in u["note"] and "不知" in u["note"]
    assert by["B"].ranked_by_range is not None and "derived" in by["B"].ranked_by_range


def test_three_teams_each_meeting_the_next_at_one_end_are_all_ordered():
    """A -1, B -3..-1, C -5..-3: A and B may be equal only at -1 (C cannot), B and C only at -3 (A cannot), and
    head-to-head decides each pair the same way (A beat B, B beat C; C beat A, which never matters)."""
    games = [m(1, "A", "B", (3, 2), 0), m(1, "B", "C", (3, 2), 0), m(1, "C", "A", (3, 2), 0),   # 0 each
             m(2, "A", "X", (2, 3), 0),                                    # A -1
             m(2, "B", "Y", (None, 5), 0, spans=((2, 4), None)),           # B -3..-1
             m(2, "C", "Z", (None, 7), 0, spans=((2, 4), None))]           # C -5..-3
    rows = standings(games)
    by = {s.team: s for s in rows}
    assert (by["A"].level_diff, by["B"].level_diff_span, by["C"].level_diff_span) == (-1, (-3, -1), (-5, -3))
    assert {by[t].match_points for t in "ABC"} == {4}
    assert ranks(rows)[:3] == [(1, "A"), (2, "B"), (3, "C")]           # before: all three shared rank 1
    assert all(by[t].undecided is None for t in "ABC")
