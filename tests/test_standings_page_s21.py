"""An organiser's standings page (session 21): a rank a match not decided may change is provisional ("2*", a note,
``provisional`` in JSON and CSV, marked on the pages); ``report --after-round`` is rounds 1..R on the index too; the
printable sheet lists a round's byes only from that round on; the awards' notes and errors say where
(file:line:column); the results' "decided by" does not point to a "derived winner" the page does not show."""
from __future__ import annotations

import csv
import dataclasses
import io
import json
import re

from event_helpers import EVENT, bilingual, copy_event, event_match, run_cli
from tractor_analysis.dataset.standings import Points, select, standings

OPEN = "no finished hand"       # a reason a match is not decided (engine.scoring.NO_RESULT[0])


def m(mid, rnd, ns, ew, levels=(3, 2), winner=0, how="higher level"):
    return event_match(match_id=mid, round=str(rnd), table=mid[-1], teams=(ns, ew),
                       players=(ns + "1", ew + "1", ns + "2", ew + "2"), levels=levels, winner=winner, decided_by=how,
                       source=f"{mid}.tgn")


def marked(matches, tiebreaks=("level_diff", "opponents"), points=Points()):
    from tractor_analysis.dataset.provisional import mark, pending

    chosen, _ = select(matches)
    rows = standings(chosen, points, tiebreaks)
    return {s.team: s for s in mark(rows, chosen, pending(matches), points, tiebreaks)}


# X and Y beat A and B by one level each: tied on points and levels, the opponents' points (A's, B's) decide;
# A v C is not decided.  Whoever wins it, X's rank stays 1; A winning it puts Y 2nd: Y's rank is provisional
# though neither Y nor a team it could swap places with by points played that match.
EVENT_X = [m("r1t1", 1, "X", "A"), m("r1t2", 1, "Y", "B"),
           m("r2t1", 2, "A", "C", levels=(2, 2), winner=None, how=OPEN)]


def test_pending_are_the_matches_not_decided_that_select_would_count():
    from tractor_analysis.dataset.provisional import pending

    friend = m("r2t2", 2, "D", "E", winner=None, how="friend mode (no fixed partnerships)")
    unknown = event_match(match_id="r2t3", round="2", teams=("D", None), winner=None, decided_by=OPEN)
    first = dataclasses.replace(EVENT_X[2], key="k")
    copy = dataclasses.replace(first, match_id="r2t9", source="r2t9.tgn")       # a second record of it: once
    later = m("r3t1", 3, "X", "Y", winner=None, how=OPEN)
    found = pending([*EVENT_X, friend, unknown, later], after_round=2)
    assert [p.match_id for p in found] == ["r2t1"]
    assert [p.match_id for p in pending([*EVENT_X[:2], first, copy, later])] == ["r2t1", "r3t1"]
    assert pending(EVENT_X[:2]) == []


def test_a_rank_a_match_not_decided_may_change_is_provisional_even_for_a_team_that_did_not_play_it():
    rows = marked(EVENT_X)
    assert (rows["X"].rank, rows["Y"].rank) == (1, 1)
    assert not rows["X"].provisional and rows["X"].provisional_note is None
    assert rows["Y"].provisional and rows["Y"].provisional_on == ('r2t1.tgn [Round "2"] [Table "1"]',)
    assert rows["A"].provisional            # it played it: 0 points or 2
    en, zh = bilingual(rows["Y"].provisional_note)
    assert en.startswith("provisional: rests on the match r2t1.tgn") and zh.startswith("暂定：")
    assert rows["Y"].as_dict()["provisional"] is True and rows["X"].as_dict()["provisional"] is False
    assert rows["Y"].as_dict()["provisional_on"] == ['r2t1.tgn [Round "2"] [Table "1"]']
    # without the opponents' tie-break nothing the match decides can reach X or Y
    rows = marked(EVENT_X, tiebreaks=("level_diff",))
    assert not rows["X"].provisional and not rows["Y"].provisional and rows["A"].provisional


def test_a_team_the_match_cannot_reach_stays_final_and_many_matches_not_decided_mark_every_rank():
    from tractor_analysis.dataset.provisional import MAX_COMBINATIONS

    far = [m(f"r{r}t1", r, "Z", f"V{r}", levels=(6, 2)) for r in (1, 2, 3)]      # Z: 6 points, 12 levels up
    rows = marked([*far, m("r4t1", 4, "P", "Q", levels=(2, 2), winner=None, how=OPEN)])
    assert not rows["Z"].provisional and rows["Z"].rank == 1
    assert rows["V1"].provisional       # P or Q winning puts a team on 2 points above the losers on 0
    many = [m(f"r5t{t}", 5, f"P{t}", f"Q{t}", levels=(2, 2), winner=None, how=OPEN) for t in range(1, 6)]
    assert 4 ** len(many) > MAX_COMBINATIONS
    rows = marked([*far, *many])
    assert all(s.provisional and len(s.provisional_on) == 5 for s in rows.values())


def _undecided_event(tmp_path):
    """The test event with round 3 table 4 (Iron Oxen v Tea House) cut to its tags: not decided."""
    event = copy_event(tmp_path)
    head = (EVENT / "r3t4.tgn").read_text("utf-8").split("\n\n")[0]
    (event / "r3t4.tgn").write_text(head + "\n", "utf-8")
    return event


def test_standings_mark_a_provisional_rank_in_the_table_json_csv_and_the_printable_page(tmp_path):
    event = _undecided_event(tmp_path)
    table = run_cli("standings", str(event)).stdout
    ranks = {team: rank for rank, team in re.findall(r"^(\d+\*?) +(Red Lanterns|Iron Oxen|Golden Carp)\b", table,
                                                     re.M)}
    assert ranks == {"Red Lanterns": "1", "Golden Carp": "5*", "Iron Oxen": "7*"}, table
    footnote = [line for line in table.splitlines() if line.startswith("* provisional: rests on the match ")]
    assert len(footnote) == 1 and 'r3t4.tgn [Round "3"] [Table "4"]' in footnote[0] and "暂定：" in footnote[0]
    r = run_cli("standings", str(event), "--format", "json")
    rows = {row["team"]: row for row in json.loads(r.stdout)}
    assert rows["Iron Oxen"]["provisional"] is True and rows["Red Lanterns"]["provisional"] is False
    assert rows["Iron Oxen"]["provisional_on"][0].endswith('r3t4.tgn [Round "3"] [Table "4"]')
    assert rows["Iron Oxen"]["rank"] == 7 and "* provisional: rests on" in r.stderr
    rows = {row["team"]: row for row in csv.DictReader(io.StringIO(run_cli("standings", str(event), "--format",
                                                                             "csv").stdout))}
    assert (rows["Iron Oxen"]["provisional"], rows["Red Lanterns"]["provisional"]) == ("true", "false")
    page = tmp_path / "s.html"
    run_cli("standings", str(event), "--html", str(page))
    html = page.read_text("utf-8")
    last = html[html.index('id="round-3"'):]
    assert last.count('<sup title="provisional / 暂定">*</sup>') == 4, last     # Golden Carp, Night Owls, the two
    assert "Provisional / 暂定" in last and "provisional: rests on the match" in last
    first = html[:html.index('id="round-3"')]
    assert "provisional / 暂定" not in first       # rounds 1 and 2 do not rest on a match of round 3


def test_with_every_match_decided_nothing_is_provisional(tmp_path):
    r = run_cli("standings", str(copy_event(tmp_path)), "--format", "json")
    assert all(row["provisional"] is False and row["provisional_on"] == [] for row in json.loads(r.stdout))
    assert "*" not in run_cli("standings", str(EVENT)).stdout


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_report_after_round_leaves_the_later_rounds_out_of_the_index_too(tmp_path):
    out = tmp_path / "rep"
    run_cli("report", str(EVENT), "-o", str(out), "--after-round", "2", "--hand-pages", "none", "--no-charts",
            "-j", "1")
    index = (out / "index.html").read_text("utf-8")
    summary = index[index.index('id="summary"'):index.index("</section>", index.index('id="summary"'))]
    assert re.search(r"Matches / 比赛</dt><dd>8<", summary), summary          # rounds 1 and 2: 4 matches each
    matches = index[index.index('id="matches"'):]
    matches = matches[:matches.index("</section>")]
    assert "round 3" not in matches and "round 2" in matches
    assert 'id="after-round"' in matches and "4 match(es) of later rounds" in matches
    # a player's hands on the index's players table are those of their page
    player = next(p for p in out.glob("player*.html") if "<title>李娜" in p.read_text("utf-8"))
    page = _text(player.read_text("utf-8"))
    stats = _text(index[index.index('id="stats-by-player-summary"'):])
    hands = int(re.search(r"李娜 (\d+) ", stats).group(1))
    assert f"Hands / 牌局 {hands} (dealt" in page, (hands, page[:600])
    whole = tmp_path / "whole"
    run_cli("report", str(EVENT), "-o", str(whole), "--hand-pages", "none", "--no-charts", "-j", "1")
    all_stats = _text((whole / "index.html").read_text("utf-8").split('id="stats-by-player-summary"')[1])
    assert int(re.search(r"李娜 (\d+) ", all_stats).group(1)) > hands


def test_the_printable_sheet_lists_a_rounds_byes_only_from_that_round_on(tmp_path):
    page = tmp_path / "s.html"
    run_cli("standings", str(EVENT), "--bye", "3", "Lone Herons", "--html", str(page))
    html = page.read_text("utf-8")
    rounds = {n: html[html.index(f'id="round-{n}"'):] for n in (1, 2, 3)}
    bye = "round 3: a bye for &#34;Lone Herons&#34;"
    assert bye not in rounds[1][:rounds[1].index('id="round-2"')]
    assert bye not in rounds[2][:rounds[2].index('id="round-3"')]
    assert bye in rounds[3]


def test_an_awards_files_team_no_match_names_is_said_with_its_file_line_and_column(tmp_path):
    awards = tmp_path / "aw.csv"
    awards.write_text("round,team,opponent\n# round 3\n3,golden carp,\n", "utf-8")
    r = run_cli("standings", str(EVENT), "--awards", str(awards))
    note = next(line for line in r.stderr.splitlines() if '"golden carp"' in line)
    en, zh = bilingual(note)
    assert f"in the awards file at {awards}:3:3" in en and f"{awards}:3:3" in zh, note
    assert "--bye or --walkover" not in note and '(the records write "Golden Carp")' in en
    r = run_cli("standings", str(EVENT), "--walkover", "3", "golden carp", "Pines")
    assert 'stated by --walkover 3 "golden carp" "Pines"' in r.stderr


def test_a_walkover_over_itself_names_the_column(tmp_path):
    bad = tmp_path / "bad3.csv"
    bad.write_text("round,team,opponent\n4,Golden Carp,Golden Carp\n", "utf-8")
    r = run_cli("standings", str(EVENT), "--awards", str(bad), code=2)
    assert f"{bad}:2:15: a team cannot win a walkover over itself" in r.output, r.output
    assert f"{bad}:2:15：队伍不能对自己不战而胜" in r.output


def test_decided_by_does_not_point_to_a_derived_winner_the_results_do_not_show():
    from tractor_analysis.reports.event_pages import _result

    row = _result(event_match(decided_by="every reading", levels=(None, None), level_spans=((3, 4), (2, 3))))
    assert row.how_en == "the same under every reading of what the record leaves open", row.how_en
    assert row.how_zh == "无论哪种读法胜方都一样", row.how_zh
    assert "derived" not in row.short_en and "推出" not in row.short_zh
