"""Three fixes: an awards file's quote left open (or a name broken over lines) is an error saying where, not a
phantom team; a team named by ``--bye`` / ``--walkover`` / ``--awards`` reads as the standings read a record's
team (:func:`~tractor_analysis.dataset.event_model.team_name`); ``tractor report -q`` prints nothing but errors."""
from __future__ import annotations

import json

import pytest

from event_helpers import bilingual, copy_event, edit_record, run_cli
from tractor_analysis.dataset.awards import Award, parse_awards, read_awards

HEADER = "round,team,opponent\n"


@pytest.mark.parametrize("rows, where, says", [
    # a quote opened and never closed: before, it swallowed the next row into a phantom team name
    ('2,Jade Dragons,"O\n3,Red Lanterns,\n', ":2:16:", "not closed"),
    ('2,Jade Dragons,"O', ":2:16:", "not closed"),                       # ... at the end of the file
    ('3,Red Lanterns,\n2,"Jade Dragons,\n', ":3:3:", "not closed"),
    # a quoted name holding a line break: a team name never does
    ('2,"Jade\nDragons",\n', ":2:3:", "not closed"),
    ('2,"Jade\r\nDragons",\r\n', ":2:3:", "not closed"),
    # text after a closing quote (before, read as "Jade Dragonsx")
    ('2,"Jade Dragons"x,\n', ":2:17:", "after its closing double quote"),
])
def test_a_quote_left_open_is_an_error_saying_where(tmp_path, rows, where, says):
    bad = tmp_path / "bad.csv"
    bad.write_bytes((HEADER + rows).encode("utf-8"))
    with pytest.raises(ValueError) as info:
        read_awards(bad)
    message = str(info.value)
    assert message.startswith(f"{bad}{where}") and says in message, message
    en, zh = bilingual(message)
    assert zh.startswith(f"{bad}{where[:-1]}：")
    r = run_cli("standings", str(copy_event(tmp_path)), "--awards", str(bad), code=2)
    assert f"{bad}{where}" in r.output and says in r.output, r.output


def test_quotes_closed_on_their_line_still_read(tmp_path):
    good = tmp_path / "good.csv"
    good.write_text(HEADER + '2,"Say ""hi""",\r\n# a "comment\n3,"Herons, Blue","Jade Dragons"\n', "utf-8")
    assert read_awards(good) == ([("2", 'Say "hi"', f"{good}:2:3")],
                                 [("3", "Herons, Blue", "Jade Dragons", f"{good}:4:4", f"{good}:4:19")])


def test_a_stated_team_name_reads_as_the_standings_read_a_record_team():
    assert parse_awards([("2", "Jade  Dragons")], [("3", " Red\tLanterns ", "Tea\u3000House  茶馆")]) == (
        Award(2, "Jade Dragons"), Award(3, "Red Lanterns", "Tea House 茶馆"))
    with pytest.raises(ValueError, match="over itself"):
        parse_awards([], [("3", "Jade  Dragons", "Jade Dragons")])
    with pytest.raises(ValueError, match="more than one result"):
        parse_awards([("2", "Jade  Dragons"), ("2", "Jade Dragons")])
    with pytest.raises(ValueError, match="empty"):
        parse_awards([("2", " \u3000\t")])


def test_a_bye_for_a_team_written_with_two_spaces_is_the_records_team(tmp_path):
    event = copy_event(tmp_path)
    (event / "r2t3.tgn").unlink()
    for f in event.glob("*.tgn"):
        if '"Jade Dragons"' in f.read_text("utf-8"):
            edit_record(f, '"Jade Dragons"', '"Jade  Dragons"')     # the standings read it "Jade Dragons"
    awards = tmp_path / "awards.csv"
    awards.write_text(HEADER + "2,Jade\u3000 Dragons,\n", "utf-8")
    for stated in (["--bye", "2", "Jade  Dragons"], ["--bye", "2", "Jade\tDragons"], ["--awards", str(awards)]):
        r = run_cli("standings", str(event), "--format", "json", *stated)
        rows = {row["team"]: row for row in json.loads(r.stdout)}
        assert "Jade  Dragons" not in rows and "Jade\u3000 Dragons" not in rows, sorted(rows)
        assert rows["Jade Dragons"]["byes"] == 1, rows["Jade Dragons"]
        assert "in no match counted" not in r.stderr, r.stderr


def test_report_quiet_prints_nothing_but_errors(tmp_path):
    event = copy_event(tmp_path)
    args = ["--hand-pages", "none", "--no-charts", "-j", "1"]
    r = run_cli("report", str(event), "-o", str(tmp_path / "rep"), *args, "-q")
    assert (r.stdout, r.stderr) == ("", ""), (r.stdout, r.stderr)
    assert (tmp_path / "rep" / "index.html").is_file()
    r = run_cli("report", str(event), "-o", str(tmp_path / "rep"), *args)      # without -q: where it is
    assert r.stdout.strip() == str(tmp_path / "rep" / "index.html") and "report:" in r.stderr
    # an error still prints under -q (and the exit says so)
    (event / "broken.tgn").write_text('[Event "Lantern Cup 2026"]\n1. this is no record\n', "utf-8")
    r = run_cli("report", str(event), "-o", str(tmp_path / "rep"), *args, "-q", code=2)
    assert r.stdout == "" and "broken.tgn" in r.stderr, (r.stdout, r.stderr)
