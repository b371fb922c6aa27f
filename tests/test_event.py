"""The 8-team, 3-round event of tests/data/event (issue 22's "done when"): each match's result as the
engine replays it, and the standings after each round and overall, worked out by hand below."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from event_helpers import EVENT, event_match

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import ingest
from tractor_analysis.dataset.event import from_dataset, from_inputs
from tractor_analysis.dataset.standings import select, standings

A, B, C, D = "Red Lanterns", "Jade Dragons", "Plum & Bamboo <梅竹>", "Iron Oxen"
E, F, G, H = "Silver Cranes", "Golden Carp", "Night Owls", "Tea House 茶馆"

RESULTS = {
    # (round, table): NS team, EW team, final levels, winner, how
    ("1", "1"): (A, B, (5, 3), 0, "higher level"), ("1", "2"): (C, D, (4, 3), 0, "higher level"),
    ("1", "3"): (E, F, (6, 2), 0, "higher level"), ("1", "4"): (G, H, (3, 3), 0, "holding the deal"),
    ("2", "1"): (A, C, (4, 2), 0, "higher level"), ("2", "2"): (E, G, (3, 2), 0, "higher level"),
    ("2", "3"): (B, D, (3, 2), 0, "higher level"), ("2", "4"): (F, H, (5, 2), 0, "higher level"),
    ("3", "1"): (A, E, (4, 3), 0, "higher level"), ("3", "2"): (C, G, (4, 2), 0, "higher level"),
    ("3", "3"): (B, F, (4, 2), 0, "higher level"), ("3", "4"): (D, H, (3, 3), 1, "holding the deal"),
}

# rank, team, match points, level difference, head-to-head (None: not tied at that point), opponents' points
AFTER_1 = [(1, E, 2, 4, None, 0), (2, A, 2, 2, None, 0), (3, C, 2, 1, None, 0), (4, G, 2, 0, None, 0),
           (5, H, 0, 0, None, 2), (6, D, 0, -1, None, 2), (7, B, 0, -2, None, 2), (8, F, 0, -4, None, 2)]
# after round 2 four teams are equal on everything: 2 points, -1 levels, no match among them, 4 opponents' points
AFTER_2 = [(1, E, 4, 5, None, 4), (2, A, 4, 4, None, 4),
           (3, F, 2, -1, 0, 4), (3, B, 2, -1, 0, 4), (3, G, 2, -1, 0, 4), (3, C, 2, -1, 0, 4),
           (7, D, 0, -2, None, 4), (8, H, 0, -3, None, 4)]
# overall: B and C share 3rd (they never met; 8 opponents' points each); F, G, H tie on 2 points and -3
# levels, head-to-head among exactly those three (G beat H, F beat H) puts H 7th, F and G share 5th
OVERALL = [(1, A, 6, 5, None, 12), (2, E, 4, 4, None, 10), (3, B, 4, 1, 0, 8), (3, C, 4, 1, 0, 8),
           (5, F, 2, -3, 2, 10), (5, G, 2, -3, 2, 10), (7, H, 2, -3, 0, 4), (8, D, 0, -2, None, 10)]


@pytest.fixture(scope="module")
def event():
    matches, notes = from_inputs([EVENT])
    assert notes == []
    return matches


def _rows(matches, after_round=None):
    chosen, notes = select(matches, "Lantern Cup 2026", after_round)
    assert notes == []
    return [(s.rank, s.team, s.match_points, s.level_diff, s.tiebreaks["head_to_head"], s.tiebreaks["opponents"])
            for s in standings(chosen)]


def test_each_match_replays_to_the_result_the_organiser_wrote(event):
    got = {(m.round, m.table): (m.teams[0], m.teams[1], m.levels, m.winner, m.decided_by) for m in event}
    assert got == RESULTS


def _same_order_within_shared_ranks(rows):
    return sorted(rows, key=lambda r: (r[0], r[1]))


@pytest.mark.parametrize("after_round, expected", [(1, AFTER_1), (2, AFTER_2), (3, OVERALL), (None, OVERALL)])
def test_standings_after_each_round_and_overall(event, after_round, expected):
    assert _same_order_within_shared_ranks(_rows(event, after_round)) == _same_order_within_shared_ranks(expected)


def test_a_substitute_plays_for_the_team_and_the_score_sheet_match_counts(event):
    rows = {s.team: s for s in standings(select(event)[0])}
    assert rows[B].players == ("钱伟", "孙丽", "奚勇")
    assert rows[B].played == 3 and len(rows) == 8
    assert rows[F].won == 1 and rows[H].lost == 2      # round 2 table 4, kept as score sheets only


def test_the_dataset_gives_the_same_matches_as_the_records(tmp_path, event):
    ingest(sorted(str(p) for p in EVENT.glob("*.tgn")), str(tmp_path / "ds"))
    stored = sorted(from_dataset(str(tmp_path / "ds")), key=lambda m: (m.round, m.table))
    assert stored == sorted(event, key=lambda m: (m.round, m.table))


def test_cli_standings_json_and_after_round(tmp_path):
    runner = CliRunner()
    out = runner.invoke(main, ["standings", str(EVENT), "--format", "json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)
    assert [(r["rank"], r["team"]) for r in rows][:4] == [(1, A), (2, E), (3, B), (3, C)]
    assert set(rows[0]) >= {"rank", "team", "players", "played", "won", "lost", "match_points", "level_diff",
                            "tiebreaks"}
    out = runner.invoke(main, ["standings", str(EVENT), "--after-round", "1", "--format", "csv"])
    lines = out.stdout.splitlines()
    assert lines[0] == "rank,team,players,played,won,lost,match_points,level_diff,level_diff_min,level_diff_max,head_to_head,opponents,provisional"
    assert lines[1].startswith("1,Silver Cranes,陈静; 褚磊,1,1,0,2,4,,,,0")
    out = runner.invoke(main, ["standings", str(EVENT), "--event", "Another Cup"])
    assert out.exit_code == 2 and '"Lantern Cup 2026"' in out.output and '"Another Cup"' in out.output


def test_ratings_are_openskills_own_plackett_luce_computation(event):
    from openskill.models import PlackettLuce

    from tractor_analysis.dataset.ratings import ratings

    model = PlackettLuce()
    by_place = {(m.round, m.table): m for m in event}
    current = {}
    for rnd in "123":                 # one date: round, then table
        for table in "1234":
            m = by_place[(rnd, table)]
            teams = [[current.get(p) or model.rating(name=p) for p in (m.players[0], m.players[2])],
                     [current.get(p) or model.rating(name=p) for p in (m.players[1], m.players[3])]]
            winner = RESULTS[(rnd, table)][3]
            new = model.rate(teams, ranks=[1, 2] if winner == 0 else [2, 1])
            for name, r in zip((m.players[0], m.players[2], m.players[1], m.players[3]), new[0] + new[1]):
                current[name] = r
    rows, history, notes = ratings(select(event)[0])
    assert notes == []
    assert {r.player: (r.mu, r.sigma, r.ordinal) for r in rows} == {
        p: (r.mu, r.sigma, r.ordinal()) for p, r in current.items()}
    matches = {r.player: r.matches for r in rows}
    assert matches["奚勇"] == 1 and matches["钱伟"] == 2 and matches["孙丽"] == 3    # the substitute's own rating
    assert [round(s.mu, 6) for s in history["李娜"]][-1] == round(current["李娜"].mu, 6)
    assert rows == sorted(rows, key=lambda r: -r.ordinal)


def test_a_rating_needs_a_winner_and_four_named_players():
    from tractor_analysis.dataset.ratings import ratings
    undecided = event_match(match_id="u", levels=(2, 2), winner=None, decided_by="no finished hand")
    unnamed = event_match(match_id="v", table="2", players=("a", None, "c", "d"))
    rows, _, notes = ratings([undecided, unnamed])
    assert rows == [] and len(notes) == 2 and "not rated" in notes[0] and "不计入等级分" in notes[1]


def test_cli_ratings_json(tmp_path):
    out = CliRunner().invoke(main, ["ratings", str(EVENT), "--format", "json", "--after-round", "1"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)
    assert len(rows) == 16 and set(rows[0]) == {"player", "mu", "sigma", "ordinal", "matches"}
    assert all(r["matches"] == 1 for r in rows)


def test_stats_by_team_names_the_tagged_teams_in_sql_and_in_the_reference(tmp_path):
    import pandas as pd

    from tractor_analysis.dataset import load, stats, stats_reference

    ingest(sorted(str(p) for p in EVENT.glob("*.tgn")), str(tmp_path / "ds"))
    ds = load(str(tmp_path / "ds"))
    for name in ("summary", "points_distribution", "bottom_captures", "violation_rates"):
        sql, ref = getattr(stats, name)(tmp_path / "ds", "team"), getattr(stats_reference, name)(ds, "team")
        pd.testing.assert_frame_equal(sql.reset_index(drop=True), ref.reset_index(drop=True), check_dtype=False)
    teams = set(stats.summary(tmp_path / "ds", "team")["team"])
    assert teams == {A, B, C, D, E, F, G, H}               # the substitute's round stays Jade Dragons'
    assert set(stats.standings(tmp_path / "ds")["team"]) == teams
