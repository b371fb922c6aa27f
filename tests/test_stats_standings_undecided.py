"""The stats' standings (``tractor stats``' table ``standings``) never order teams on a criterion
one of them has unknown: teams tied on matches won of which one has unknown levels gained share
one rank, marked ``undecided``, and the later criteria (level difference, the name) are not
applied to them; the same one step down (tied on won and levels gained, a level difference
unknown).  They used to be ranked with the unknown last, as if it were lowest."""
from __future__ import annotations

import pandas as pd

from tractor_analysis.dataset.stats import HEADERS, standings_of


def _results(rows):
    return pd.DataFrame(rows, columns=["winner", "decided_by", "ns", "ew", "gained_ns", "gained_ew"])


def _table(rows):
    got = standings_of(_results(rows))
    return {r.team: (r.rank, bool(r.undecided)) for r in got.itertuples(index=False)}


def test_teams_tied_on_wins_one_with_unknown_levels_share_a_rank():
    table = _table([
        ("NS", "levels", "A", "X", 3, 1),      # A wins, gains 3
        ("NS", "levels", "B", "Y", 2, 0),      # B wins, gains 2
        ("NS", "levels", "C", "Z", None, 1),   # C wins, levels gained unknown
    ])
    assert table["A"] == table["B"] == table["C"] == (1, True)
    # the losers: X and Z tied on 0 wins and 1 level gained, Z's level difference unknown (C's
    # levels gained are): they share rank 4; Y gained fewer and is sixth, decided
    assert table["X"] == table["Z"] == (4, True) and table["Y"] == (6, False)


def test_a_single_team_with_unknown_levels_is_not_undecided_against_nobody():
    table = _table([
        ("NS", "levels", "A", "X", None, 1),   # A alone on 1 win
        ("NS", "levels", "B", "X", None, 0),   # (X plays twice and loses twice)
    ])
    assert table["A"] == (1, True) and table["B"] == (1, True)     # A and B: 1 win each, unknown
    assert table["X"] == (3, False)


def test_tied_on_wins_and_levels_a_level_difference_unknown_shares_the_rank():
    table = _table([
        ("NS", "levels", "A", "X", 2, 1),
        ("NS", "levels", "B", "Y", 2, None),   # B: levels gained 2, its opponent's unknown
        ("NS", "levels", "C", "Z", 1, 0),
    ])
    assert table["A"] == table["B"] == (1, True)
    assert table["C"] == (3, False)


def test_known_ties_stay_ranked_as_before_and_every_column_has_a_header():
    rows = [("NS", "levels", "A", "X", 2, 1), ("NS", "levels", "B", "Y", 2, 1)]
    got = standings_of(_results(rows))
    assert list(got["rank"]) == [1, 2, 3, 4] and not got["undecided"].any()
    assert all(c in HEADERS for c in got.columns)


def test_people_read_the_flag_as_words_not_true_or_false():
    from cli.stats_cmd import _format_frame
    from reports.facts import stat_table

    got = standings_of(_results([("NS", "levels", "A", "X", 2, 1), ("NS", "levels", "B", "Y", None, 1)]))
    text = _format_frame(got, "standings")
    assert "yes / 是" in text and "True" not in text and "False" not in text
    table = stat_table("standings", got)
    cells = [c for row in table.rows for c in row]
    assert "yes / 是" in cells and not any(c is True or c is False or type(c).__name__ == "bool_" for c in cells)
