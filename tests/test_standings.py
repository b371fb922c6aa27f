"""The standings module on small events built by hand: points, each tie-break and its order,
shared ranks, forfeits, and what select() leaves out."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from event_helpers import event_match
from tractor_analysis.dataset.event_model import team_name
from tractor_analysis.dataset.standings import Points, parse_points, parse_tiebreaks, select, standings


def m(rnd, ns, ew, levels, winner=None, forfeit=None, event="Cup", how="higher level", mid=None):
    if winner is None and forfeit is None:
        winner = 0 if levels[0] >= levels[1] else 1
    if forfeit is not None:
        winner, how = 1 - forfeit, "forfeit"
    return event_match(match_id=mid or f"{rnd}-{ns}-{ew}", event=event, round=str(rnd), teams=(ns, ew),
                       players=(ns + "1", ew + "1", ns + "2", ew + "2"), levels=levels, winner=winner, decided_by=how,
                       forfeit=forfeit)


def ranks(rows):
    return [(s.rank, s.team) for s in rows]


# X beat Y by 1, Y beat Z by 1, Z beat X by 1: a cycle, everything equal
CYCLE = [m(1, "X", "Y", (3, 2)), m(2, "Y", "Z", (3, 2)), m(3, "Z", "X", (3, 2))]


def test_teams_equal_on_every_tiebreak_share_a_rank_and_the_next_rank_skips():
    rows = standings(CYCLE + [m(4, "W", "V", (4, 2))])
    assert ranks(rows) == [(1, "W"), (2, "X"), (2, "Y"), (2, "Z"), (5, "V")]


def test_level_difference_breaks_equal_match_points():
    rows = standings([m(1, "P", "Q", (6, 2)), m(1, "R", "S", (3, 2))])
    assert ranks(rows) == [(1, "P"), (2, "R"), (3, "S"), (4, "Q")]
    assert [s.level_diff for s in rows] == [4, 1, -1, -4]


def test_head_to_head_counts_only_matches_among_exactly_the_tied_teams():
    # P and Q: 2 points and 0 levels each; P beat Q; Q's win over R (not tied with them) does not count
    games = [m(1, "P", "Q", (3, 2)), m(2, "Q", "R", (3, 2)), m(3, "S", "P", (3, 2))]
    rows = {s.team: s for s in standings(games)}
    assert rows["P"].match_points == rows["Q"].match_points == 2
    assert rows["P"].level_diff == rows["Q"].level_diff == 0
    assert rows["P"].tiebreaks["head_to_head"] == 2 and rows["Q"].tiebreaks["head_to_head"] == 0
    assert (rows["S"].rank, rows["P"].rank, rows["Q"].rank, rows["R"].rank) == (1, 2, 3, 4)
    assert rows["S"].tiebreaks["head_to_head"] is None       # not tied with anyone at that point


def test_the_order_of_tiebreaks_is_an_option():
    # 2 points each: P (-2 levels) beat Q (+4), S (+3) beat P; R lost to Q
    games = [m(1, "P", "Q", (3, 2)), m(2, "Q", "R", (7, 2)), m(3, "S", "P", (5, 2))]
    by_diff = ranks(standings(games, tiebreaks=("level_diff", "head_to_head")))
    by_h2h = ranks(standings(games, tiebreaks=("head_to_head", "level_diff")))
    assert by_diff == [(1, "Q"), (2, "S"), (3, "P"), (4, "R")]
    assert by_h2h == [(1, "S"), (2, "P"), (3, "Q"), (4, "R")]
    assert ranks(standings(games, tiebreaks=())) == [(1, "P"), (1, "Q"), (1, "S"), (4, "R")]


def test_opponents_points_break_a_tie_head_to_head_cannot():
    # P and Q both beat one team by 1; P's victim later won twice, Q's never
    games = [m(1, "P", "V", (3, 2)), m(1, "Q", "W", (3, 2)), m(2, "V", "Y", (3, 2)), m(3, "V", "Z", (3, 2))]
    rows = standings(games, tiebreaks=("opponents",))
    got = {s.team: s for s in rows}
    assert got["P"].tiebreaks["opponents"] == 4 and got["Q"].tiebreaks["opponents"] == 0
    assert got["P"].rank < got["Q"].rank


def test_points_are_an_option_and_a_forfeit_gives_the_side_that_forfeited_its_own_points():
    games = [m(1, "P", "Q", (3, 2)), m(2, "R", "S", (5, 5), forfeit=1)]
    rows = {s.team: s for s in standings(games, Points(win=3, loss=1, forfeit=-1))}
    assert (rows["P"].match_points, rows["Q"].match_points) == (3, 1)
    assert (rows["R"].match_points, rows["S"].match_points) == (3, -1)
    assert rows["S"].lost == 1 and rows["R"].won == 1


def test_parse_points_and_tiebreaks_say_what_is_wrong():
    assert parse_points("win=3") == Points(win=3, loss=0, forfeit=0)
    assert parse_points("win=2,loss=1,forfeit=-1") == Points(2, 1, -1)
    for bad in ("draw=1", "win", "win=x"):
        with pytest.raises(ValueError, match="--points"):
            parse_points(bad)
    assert parse_tiebreaks("opponents,level_diff") == ("opponents", "level_diff")
    assert parse_tiebreaks("") == ()
    with pytest.raises(ValueError, match="unknown tie-break"):
        parse_tiebreaks("buchholz")
    with pytest.raises(ValueError, match="twice"):
        parse_tiebreaks("level_diff,level_diff")


def test_select_keeps_an_event_up_to_a_round_and_names_what_it_cannot_place():
    games = [m(1, "P", "Q", (3, 2)), m(2, "P", "R", (3, 2)), m(3, "Q", "R", (3, 2)), m(1, "P", "Q", (3, 2), event="Other"),
             event_match(match_id="x", round="final", players=(None,) * 4),
             event_match(match_id="y", table="2", players=(None,) * 4, levels=(2, 2), winner=None,
                         decided_by="no finished hand"),
             event_match(match_id="z", table="3", teams=(None, "Q"), players=(None,) * 4)]
    kept, notes = select(games, "Cup", 2)
    assert sorted(g.round for g in kept) == ["1", "2"]
    assert len(notes) == 3
    assert '"final" is not a round number' in notes[0] and "不是轮次编号" in notes[0]
    assert "not decided: no hand was finished" in notes[1] and "未分胜负：没有打完的一局" in notes[1]
    assert "team is not known" in notes[2]
    kept, notes = select(games, "Cup")      # "final" cannot be placed among the numbered rounds: left out
    assert len(kept) == 3 and len(notes) == 3
    assert "other matches have round numbers" in notes[0] and "无法排入任何一轮" in notes[0]


def test_a_team_is_its_name_else_its_two_players_sorted():
    assert team_name("Red", "b", "a") == "Red"
    assert team_name(None, "b", "a") == team_name(None, "a", "b") == "a / b"
    assert team_name("  ", "a", None) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("PQRSTU"), st.sampled_from("PQRSTU"), st.integers(2, 14),
                          st.integers(2, 14)), min_size=1, max_size=12))
def test_ranks_are_consistent_with_the_match_points(games):
    matches = [m(i, a, b, (x, y), mid=str(i)) for i, (a, b, x, y) in enumerate(games) if a != b]
    rows = standings(matches)
    assert sum(s.played for s in rows) == 2 * len(matches)
    assert sum(s.level_diff for s in rows) == 0
    assert rows == sorted(rows, key=lambda s: s.rank)
    for i, s in enumerate(rows):
        assert s.rank == 1 + sum(t.rank < s.rank for t in rows)      # shared ranks: 1, 1, 3
        if i:
            assert rows[i - 1].match_points >= s.match_points


def test_the_event_model_its_copies_and_its_standings_are_three_modules():
    """The match model and its names (``event_model``, which imports neither of the others), the copies of one
    match (``event_copies``) and the standings with their tie-breaks (``standings``) each have a module of
    their own: ``standings`` defines neither the model nor the copies' rule."""
    import ast
    import importlib
    from pathlib import Path

    homes = {"event_model": ["EventMatch", "team_name", "round_number", "folded_name", "player_name",
                             "player_name_notes", "quoted", "match_named", "rounds_of"],
             "event_copies": ["distinct"],
             "standings": ["Points", "Standing", "select", "standings", "undecided_notes", "parse_points",
                           "parse_tiebreaks", "same_team_note"]}
    for module, names in homes.items():
        loaded = importlib.import_module(f"tractor_analysis.dataset.{module}")
        for name in names:
            assert getattr(loaded, name).__module__ == loaded.__name__, (module, name)
        assert set(names) <= set(loaded.__all__), module
    standings_module = importlib.import_module("tractor_analysis.dataset.standings")
    for name in homes["event_model"] + homes["event_copies"]:     # imported there at most, never defined
        assert name not in standings_module.__all__, name
        assert getattr(getattr(standings_module, name, None), "__module__", None) != standings_module.__name__, name
    model = Path(importlib.import_module("tractor_analysis.dataset.event_model").__file__).read_text("utf-8")
    imports = {n.module for n in ast.walk(ast.parse(model)) if isinstance(n, ast.ImportFrom)}
    assert not imports & {"standings", "event_copies", "event", "ratings", "event_warnings"}, imports
