"""Byes and walkovers (docs/standings.md "Byes and walkovers"): round results no record holds, stated by the
organiser (``--bye ROUND TEAM``, ``--walkover ROUND WINNER LOSER``) and counted by ``tractor standings`` and
``tractor report`` alike — never corrected, contradictions refused, what the records question noted."""
from __future__ import annotations

import json

import pytest

from event_helpers import bilingual, copy_event, event_match, run_cli
from tractor_analysis.dataset.awards import Award, award_notes, awards_upto, parse_awards, read_awards
from tractor_analysis.dataset.event_warnings import warnings
from tractor_analysis.dataset.standings import Points, parse_points, standings


def m(rnd, ns, ew, levels, table="1"):
    winner = 0 if levels[0] > levels[1] else 1
    return event_match(match_id=f"{rnd}-{ns}-{ew}", round=str(rnd), table=table, teams=(ns, ew),
                       players=(ns + "1", ew + "1", ns + "2", ew + "2"), levels=levels, winner=winner,
                       decided_by="higher level")


GAMES = [m(1, "P", "Q", (5, 2)), m(1, "R", "S", (3, 2), "2"), m(2, "P", "R", (4, 2)), m(2, "Q", "S", (3, 2), "2")]


def test_a_bye_gives_its_points_and_no_match_played():
    rows = {s.team: s for s in standings(GAMES, awards=[Award(3, "S")])}
    s = rows["S"]
    assert (s.played, s.won, s.lost, s.match_points, s.byes, s.level_diff) == (2, 0, 2, 2, 1, -2)
    rows = {s.team: s for s in standings(GAMES, Points(bye=1), awards=[Award(3, "S")])}
    assert rows["S"].match_points == 1 and rows["S"].byes == 1
    plain = {s.team: s for s in standings(GAMES)}
    assert rows["S"].tiebreaks["opponents"] == plain["S"].tiebreaks["opponents"]
    assert all(rows[t].byes == 0 for t in "PQR")


def test_a_walkover_is_a_win_and_a_loss_without_levels():
    pts = Points(win=3, loss=1, forfeit=0)
    rows = {s.team: s for s in standings(GAMES, pts, awards=[Award(3, "S", "P")])}
    plain = {s.team: s for s in standings(GAMES, pts)}
    assert (rows["S"].played, rows["S"].won, rows["S"].match_points) == (3, 1, plain["S"].match_points + 3)
    assert (rows["P"].played, rows["P"].lost, rows["P"].match_points) == (3, 1, plain["P"].match_points + 0)
    assert rows["S"].level_diff == plain["S"].level_diff and rows["P"].level_diff == plain["P"].level_diff
    # each is the other's opponent: S met R, Q and now P; P met Q, R and now S
    assert rows["S"].tiebreaks["opponents"] == sum(rows[o].match_points for o in ("R", "Q", "P"))
    assert rows["P"].tiebreaks["opponents"] == sum(rows[o].match_points for o in ("Q", "R", "S"))


def test_a_walkover_between_tied_teams_decides_head_to_head():
    # P: beat A, lost to B, the walkover over Q: 4; Q: beat B and A, lost the walkover: 4 — their one result is it
    games = [m(1, "P", "A", (3, 2)), m(1, "Q", "B", (3, 2), "2"), m(2, "Q", "A", (3, 2)), m(2, "B", "P", (9, 2), "2")]
    tb = ("head_to_head", "level_diff")
    by = {s.team: s for s in standings(games, tiebreaks=tb, awards=[Award(3, "P", "Q")])}
    assert by["P"].match_points == by["Q"].match_points == 4
    assert by["P"].tiebreaks["head_to_head"] == 2 and by["Q"].tiebreaks["head_to_head"] == 0
    assert by["P"].rank < by["Q"].rank and by["P"].level_diff < by["Q"].level_diff    # not by levels


def test_contradictions_are_refused_and_the_round_is_a_whole_number():
    assert parse_awards([("3", "A")], [("4", "B", "C")]) == (Award(3, "A"), Award(4, "B", "C"))
    assert parse_awards([("03", " A ")]) == (Award(3, "A"),)
    for byes, walkovers, says in [([("x", "A")], [], "whole number"), ([("0", "A")], [], "whole number"),
                                  ([], [("2", "A", "A")], "over itself"), ([("2", "A")], [("2", "B", "A")], "one result"),
                                  ([("2", "  ")], [], "empty")]:
        with pytest.raises(ValueError) as info:
            parse_awards(byes, walkovers)
        assert says in str(info.value)
        bilingual(str(info.value))
    assert parse_points("bye=1").bye_points == 1 and parse_points("win=3").bye_points == 3
    with pytest.raises(ValueError):
        parse_points("bye=1,bye=2")


def test_what_the_records_question_is_noted_and_counted_all_the_same():
    notes = award_notes([Award(3, "p"), Award(2, "Q", "S")], GAMES)
    assert len(notes) == 3
    stranger, own_match_q, own_match_s = notes
    assert '"p"' in stranger and '"P"' in stranger        # the records' spelling, differing in case
    assert "round 2" in own_match_q and '"Q"' in own_match_q and '"S"' in own_match_s
    for n in notes:
        bilingual(n)
    assert awards_upto([Award(1, "A"), Award(3, "B")], 2) == (Award(1, "A"),)


def test_a_team_with_a_bye_is_not_missing_from_its_round():
    games = GAMES + [m(3, "P", "Q", (3, 2)), m(1, "T", "U", (3, 2), "3"), m(2, "T", "U", (3, 2), "3"),
                     m(3, "T", "U", (3, 2), "3")]
    missing = [n for n in warnings(games, games) if "round 3: no match counted" in n]
    assert missing and '"R"' in missing[0] and '"S"' in missing[0]
    stated = [Award(3, "R"), Award(3, "S")]
    assert not [n for n in warnings(games, games, stated) if "round 3: no match counted" in n]


@pytest.fixture
def event_without_r3t4(tmp_path):
    folder = copy_event(tmp_path)
    (folder / "r3t4.tgn").unlink()          # Iron Oxen against Tea House 茶馆
    return folder


def test_the_command_counts_what_is_stated_and_the_report_shows_it(event_without_r3t4, tmp_path):
    r = run_cli("standings", str(event_without_r3t4), "--format", "json")
    assert "a bye or a withdrawal?" in r.stderr
    before = {row["team"]: row for row in json.loads(r.stdout)}
    r = run_cli("standings", str(event_without_r3t4), "--format", "json",
                "--walkover", "3", "Tea House 茶馆", "Iron Oxen", "--bye", "2", "Iron Oxen")
    assert "a bye or a withdrawal?" not in r.stderr
    assert "Iron Oxen" in r.stderr          # a bye in a round where it played: noted
    rows = {row["team"]: row for row in json.loads(r.stdout)}
    tea, oxen = rows["Tea House 茶馆"], rows["Iron Oxen"]
    assert (tea["played"], tea["won"], tea["match_points"]) == (3, before["Tea House 茶馆"]["won"] + 1,
                                                                before["Tea House 茶馆"]["match_points"] + 2)
    assert (oxen["played"], oxen["byes"], oxen["match_points"]) == (3, 1, before["Iron Oxen"]["match_points"] + 2)
    assert all(row["byes"] == 0 for t, row in rows.items() if t != "Iron Oxen")
    csv = run_cli("standings", str(event_without_r3t4), "--format", "csv", "--bye", "3", "Iron Oxen").stdout
    assert csv.splitlines()[0] == "rank,team,players,played,won,lost,match_points,level_diff,level_diff_min,level_diff_max,byes,head_to_head,opponents,provisional"
    # --after-round leaves a later round's statement out
    r = run_cli("standings", str(event_without_r3t4), "--format", "json", "--after-round", "2",
                "--walkover", "3", "Tea House 茶馆", "Iron Oxen")
    assert {row["team"]: row["played"] for row in json.loads(r.stdout)}["Tea House 茶馆"] == 2
    # the report counts the same, lists the statement and the round's result
    out = tmp_path / "rep"
    run_cli("report", str(event_without_r3t4), "-o", str(out), "-q", "--walkover", "3", "Tea House 茶馆", "Iron Oxen",
            "--bye", "3", "<b>Herons</b>")
    page = (out / "index.html").read_text("utf-8")
    # the team's name quoted, as every note and result quotes it (session 22)
    assert "Stated, without a record" in page and "a walkover: &#34;Iron Oxen&#34; did not play" in page
    assert "<b>Herons</b>" not in page and "&lt;b&gt;Herons&lt;/b&gt;" in page      # escaped
    oxen = next(out.glob("team-Iron*.html")).read_text("utf-8")     # the team's page lists it in its round
    assert "a walkover: &#34;Iron Oxen&#34; did not play" in oxen and "lost / 负" in oxen
    sheet = tmp_path / "sheet.html"
    run_cli("standings", str(event_without_r3t4), "--html", str(sheet), "--bye", "3", "Iron Oxen")
    rows = [r for r in sheet.read_text("utf-8").split("<tr>") if "a bye / 轮空" in r]
    assert rows and all("Iron Oxen" in r and "N–S" not in r and "E–W" not in r for r in rows)   # no side it sat at


def test_a_statement_that_contradicts_itself_is_a_usage_error(event_without_r3t4):
    r = run_cli("standings", str(event_without_r3t4), "--walkover", "3", "Iron Oxen", "Iron Oxen", code=2)
    assert "over itself" in r.output
    r = run_cli("report", str(event_without_r3t4), "-o", "unused", "--bye", "first", "Iron Oxen", code=2)
    assert "whole number" in r.output


def test_an_awards_file_states_the_same_and_a_bad_one_says_where(event_without_r3t4, tmp_path):
    good = tmp_path / "awards.csv"
    good.write_text("\ufeffround,team,opponent\n# round 3\n3,Tea House 茶馆,Iron Oxen\n\n2,\"Herons, Blue\",\n", "utf-8")
    # each row with where its names were written: file:line:column (the team's; a walkover's loser's after it)
    assert read_awards(good) == ([("2", "Herons, Blue", f"{good}:5:4")],
                                 [("3", "Tea House 茶馆", "Iron Oxen", f"{good}:3:3", f"{good}:3:16")])
    by_file = run_cli("standings", str(event_without_r3t4), "--format", "json", "--awards", str(good)).stdout
    by_options = run_cli("standings", str(event_without_r3t4), "--format", "json", "--walkover", "3", "Tea House 茶馆",
                         "Iron Oxen", "--bye", "2", "Herons, Blue").stdout
    assert json.loads(by_file) == json.loads(by_options)
    for text, where, says in [("round,team\n", ":1:1:", "header"), ("", ":1:1:", "empty"),
                              ("round,team,opponent\n3,A\n", ":2:3:", "expected 3"),
                              ("round,team,opponent\n\n  x,A,\n", ":3:3:", "whole number"),
                              ("round,team,opponent\n3, ,B\n", ":2:3:", "empty"),
                              ("round,team,opponent\n0,A,\n", ":2:1:", "whole number")]:
        bad = tmp_path / "bad.csv"
        bad.write_text(text, "utf-8")
        with pytest.raises(ValueError) as info:
            read_awards(bad)
        assert str(info.value).startswith(f"{bad}{where}") and says in str(info.value), (text, str(info.value))
    bad.write_bytes(b"round,team,opponent\n" + b"# a comment\n" * 100_000)
    with pytest.raises(ValueError) as info:
        read_awards(bad)
    assert "at most" in str(info.value)
    bad.write_bytes(b"round,team,opponent\n3,\xff,\n")
    r = run_cli("standings", str(event_without_r3t4), "--awards", str(bad), code=2)
    assert "UTF-8" in r.output
    # the file's rows and the options are one statement: a team twice in a round is refused
    r = run_cli("standings", str(event_without_r3t4), "--awards", str(good), "--bye", "3", "Iron Oxen", code=2)
    assert "more than one result" in r.output
    # ... and the error says where each of the two was stated: the option and the file's line
    assert "--bye 3 \"Iron Oxen\"" in r.output and f"{good}:3" in r.output, r.output
    twice = tmp_path / "twice.csv"
    twice.write_text("round,team,opponent\n3,Iron Oxen,\n# again\n3,Tea House 茶馆,Iron Oxen\n", "utf-8")
    r = run_cli("standings", str(event_without_r3t4), "--awards", str(twice), code=2)
    assert f"{twice}:2:3; {twice}:4:16" in r.output, r.output      # where "Iron Oxen" is written each time
    bilingual(r.output.strip().splitlines()[-1])
