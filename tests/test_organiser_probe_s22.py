"""An organiser tester's findings on the standings and the report (session 22).  Each test fails on the code before.

1. A player named at two tables of one round (two matches, two teams) gets a note of its own — in the standings'
   notes (every format), the ratings', the printable page's and the report's index —, and the note on a player under
   two team names no longer advises "give it one name" for that player.  ``tractor simulate`` seats no player at
   two tables of a round.
2. A damaged second record of a counted match (cut short: not decided) is named by the round's notes on a table and a
   team twice, and the provisional rank's note says it shares its round's table with a counted match.
"""
from __future__ import annotations

import json
from collections import defaultdict

import pytest

from event_helpers import bilingual, copy_event, edit_record, event_match, run_cli
from tractor_analysis.dataset.event_warnings import warnings
from tractor_analysis.simulate import simulate, simulate_match


# --- 1. a player at two tables of one round ------------------------------------------------------------------

@pytest.fixture
def two_tables(tmp_path):
    """The event with 李娜 (North at round 1 table 1, "Red Lanterns") also North at round 1 table 2 for
    "Plum & Bamboo <梅竹>" (in place of 周杰)."""
    folder = copy_event(tmp_path)
    edit_record(folder / "r1t2.tgn", '[North "周杰"]', '[North "李娜"]')
    return folder


def _line(stderr: str, start: str) -> str:
    (line,) = [ln for ln in stderr.splitlines() if ln.startswith(start)]
    return line


def test_a_player_at_two_tables_of_a_round_is_noted_with_both_matches_and_teams(two_tables):
    r = run_cli("standings", str(two_tables))
    en, zh = bilingual(_line(r.stderr, '"李娜" at 2 tables in round 1: '))
    for where, team in (("r1t1.tgn", "Red Lanterns"), ("r1t2.tgn", "Plum & Bamboo <梅竹>")):
        assert f'{where} [Round "1"] [Table "' in en and f'team "{team}"' in en
        assert where in zh and f'队伍 "{team}"' in zh
    assert "North" in en and "北" in zh
    assert "each is counted and rated as recorded" in en and "每场都按记录计入排名与等级分" in zh


def test_the_one_name_advice_is_not_given_for_a_player_at_two_tables(two_tables):
    r = run_cli("standings", str(two_tables))
    en, zh = bilingual(_line(r.stderr, '"李娜" plays under 2 team names'))
    assert "give it one name" not in en and "请在每份记录中用同一队名" not in zh
    assert "not one team under 2 names: in round 1" in en and "第 1 轮中同时记在其中两支队伍" in zh


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_the_note_is_said_whatever_the_format_and_by_ratings(two_tables, fmt):
    for command in (["standings", "--format", fmt], ["ratings", "--format", fmt]):
        r = run_cli(command[0], str(two_tables), *command[1:])
        assert _line(r.stderr, '"李娜" at 2 tables in round 1: ')


def test_the_note_is_on_the_printable_page_and_the_report_index(two_tables, tmp_path):
    page = tmp_path / "standings.html"
    run_cli("standings", str(two_tables), "--html", str(page))
    assert "at 2 tables in round 1" in page.read_text("utf-8")
    out = tmp_path / "report"
    run_cli("report", str(two_tables), "-q", "--no-charts", "--hand-pages", "none", "-o", str(out))
    assert "at 2 tables in round 1" in (out / "index.html").read_text("utf-8")


def test_a_player_at_one_table_per_round_gets_no_such_note(tmp_path):
    r = run_cli("standings", str(copy_event(tmp_path)))
    assert "tables in round" not in r.stderr


def test_a_player_named_for_two_teams_in_other_rounds_keeps_the_one_name_advice():
    """Round 1 for P, round 2 for R: perhaps one team under two names — the advice stands, no two-tables note."""
    a = event_match(match_id="a", source="a.tgn", round="1", teams=("P", "Q"), players=("x", "b", "c", "d"))
    b = event_match(match_id="b", source="b.tgn", round="2", table="1", teams=("R", "S"),
                    players=("x", "f", "g", "h"))
    notes = warnings([a, b])
    (note,) = [n for n in notes if n.startswith('"x" plays under 2 team names')]
    assert "give it one name in every record" in note
    assert not any("tables in round" in n for n in notes)


def test_simulated_rounds_seat_each_player_at_one_table():
    from tractor_analysis.simulate import placement

    seated: dict[tuple[str, str], list[str]] = defaultdict(list)
    matches = list(simulate(12, seed=1, max_hands=1))
    for m in matches:
        for p in m.players:
            seated[(m.round, p)].append(m.table)
    assert all(len(tables) == 1 for tables in seated.values()), seated
    # at most four tables a round, numbered from 1 in order; the same numbering match by match and run by run
    for i, m in enumerate(matches):
        assert (int(m.round), int(m.table)) == placement(1, i)
        assert 1 <= int(m.table) <= 4
        assert int(m.table) == 1 or (matches[i - 1].round, int(matches[i - 1].table)) == (m.round, int(m.table) - 1)
    again = simulate_match(1, 7, max_hands=1)
    assert (again.round, again.table, again.players) == (matches[7].round, matches[7].table, matches[7].players)


# --- 2. a damaged second record of a counted match ---------------------------------------------------------------

@pytest.fixture
def cut_copy(tmp_path):
    """The event with r3t9.tgn: the first 3000 bytes of r3t1.tgn (the same [Round] and [Table], cut in a hand:
    not decided)."""
    folder = copy_event(tmp_path)
    (folder / "r3t9.tgn").write_bytes((folder / "r3t1.tgn").read_bytes()[:3000])
    return folder


def test_a_cut_copy_of_a_counted_match_is_named_by_the_round_notes(cut_copy):
    r = run_cli("standings", str(cut_copy))
    en, zh = bilingual(_line(r.stderr, "round 3: table 1 has 2 matches"))
    assert "r3t1.tgn: counted" in en and "r3t9.tgn: not decided, counted for nobody" in en
    assert "r3t1.tgn：已计入" in zh and "r3t9.tgn：未分胜负，未计入" in zh
    assert "each is counted" not in en
    en, _ = bilingual(_line(r.stderr, 'round 3: "Red Lanterns" plays 2 matches'))
    assert "r3t9.tgn: not decided" in en
    assert "tables in round" not in r.stderr          # one table twice: not a player at two tables


def test_the_provisional_note_says_the_match_shares_its_table_with_a_counted_one(cut_copy):
    r = run_cli("standings", str(cut_copy), "--format", "json")
    rows = json.loads(r.stdout)
    assert any(row["provisional"] for row in rows)
    line = _line(r.stderr, "* provisional: rests on")
    en, zh = bilingual(line[2:])
    assert "r3t9.tgn [Round \"3\"] [Table \"1\"] shares round 3's table or a team with" in en
    assert "r3t1.tgn [Round \"3\"] [Table \"1\"], which is counted" in en
    assert "与已计入的" in zh
    assert all("shares" not in p for row in rows for p in row["provisional_on"])     # the names as they were


def test_the_round_notes_look_at_the_matches_not_decided_given():
    counted = event_match(match_id="a", source="a.tgn")
    cut = event_match(match_id="b", source="b.tgn", winner=None, decided_by="no finished hand")
    assert not any("has 2 matches" in n for n in warnings([counted]))
    notes = warnings([counted], undecided=[cut])
    assert any(n.startswith("round 1: table 1 has 2 matches (a.tgn: counted; b.tgn: not decided") for n in notes)


# --- 3. right-to-left names: one isolate per name --------------------------------------------------------------

def test_a_standings_players_cell_isolates_each_name(tmp_path):
    """A team whose first player's name is Arabic: each name in its own isolate (FSI … PDI), as the team page has
    them — not the whole list as one run, which a browser draws reversed (``Bob ,محمد``)."""
    import re

    from tractor_analysis.reports.bidi import FSI, PDI

    folder = copy_event(tmp_path)
    for f in folder.glob("*.tgn"):
        if '"李娜"' in f.read_text("utf-8"):
            edit_record(f, '"李娜"', '"محمد"')
    page = tmp_path / "standings.html"
    run_cli("standings", str(folder), "--html", str(page))
    cells = [c for c in re.findall(r'<td class="players">(.*?)</td>', page.read_text("utf-8"), re.S) if "محمد" in c]
    assert cells
    for cell in cells:
        assert f"{FSI}محمد{PDI}, 王芳" in cell or f"王芳, {FSI}محمد{PDI}" in cell, cell
    out = tmp_path / "report"
    run_cli("report", str(folder), "-q", "--no-charts", "--hand-pages", "none", "-o", str(out))
    index = (out / "index.html").read_text("utf-8")
    assert f"{FSI}محمد{PDI}, 王芳" in index and f"{FSI}محمد, 王芳{PDI}" not in index


# --- 4. a [Round] tag that could not be read ---------------------------------------------------------------------

@pytest.fixture
def unclosed_round(tmp_path):
    """The event with r3t1.tgn's ``[Round "3"]`` written without its closing bracket (its line 4)."""
    folder = copy_event(tmp_path)
    edit_record(folder / "r3t1.tgn", '[Round "3"]', '[Round "3"')
    return folder


def _says_round_unread(stderr: str, path: str) -> None:
    where = f"{path}:4:1"
    en, zh = bilingual(_line(stderr, f"{where}: "))
    assert en == f"{where}: the [Round] tag could not be read (see 'tractor check'); the match is read without a round"
    assert "[Round] 标签无法读取" in zh
    en, zh = bilingual(_line(stderr, f"{path}: "))
    assert en.startswith(f"{path}: its [Round] tag could not be read (line 4, column 1: see 'tractor check')")
    assert en.endswith("not counted (neither by round nor overall)") and "其 [Round] 标签无法读取（第 4 行第 1 列" in zh
    assert "has no [Round]" not in stderr and "counted on what could be read" not in stderr


def test_a_round_tag_not_read_is_named_where_it_is(unclosed_round):
    _says_round_unread(run_cli("standings", str(unclosed_round)).stderr, str(unclosed_round / "r3t1.tgn"))


def test_a_dataset_says_the_problems_ingest_stored_as_the_records_do(unclosed_round, tmp_path):
    ds = tmp_path / "ds"
    run_cli("ingest", str(unclosed_round), "-o", str(ds), code=2)
    _says_round_unread(run_cli("standings", str(ds)).stderr, str(unclosed_round / "r3t1.tgn"))


def test_a_dataset_names_a_record_read_with_other_problems(tmp_path):
    """A problem that costs no match (an unknown tag value …): the dataset's standings say it, as the records'."""
    folder = copy_event(tmp_path)
    edit_record(folder / "r2t2.tgn", '[Round "2"]', '[Round "2"]\n[Round "2"]')       # a tag given twice
    said = _line(run_cli("standings", str(folder)).stderr, f"{folder / 'r2t2.tgn'}:")
    assert "1 problem(s) in the record" in said
    ds = tmp_path / "ds"
    run_cli("ingest", str(folder), "-o", str(ds), code=2)
    assert _line(run_cli("standings", str(ds)).stderr, f"{folder / 'r2t2.tgn'}:") == said


def test_the_report_says_a_round_tag_not_read(unclosed_round, tmp_path):
    out = tmp_path / "report"
    run_cli("report", str(unclosed_round), "-q", "--no-charts", "--hand-pages", "none", "-o", str(out), code=2)
    import html

    index = html.unescape((out / "index.html").read_text("utf-8"))
    assert "its [Round] tag could not be read (line 4, column 1: see 'tractor check')" in index
    assert "has no [Round]" not in index


# --- 5. a team whose pair plays the round's match not counted under its other name ---------------------------------

def test_a_pair_playing_a_round_under_its_other_name_is_not_called_missing():
    """P's players play round 2 as "P2" and round 3's match (not decided) as "P": "P2" is not missing from round 3;
    the note on that match names it, under the name the record gives."""
    m1 = event_match(match_id="m1", source="r1.tgn", round="1")
    m2 = event_match(match_id="m2", source="r2.tgn", round="2", teams=("P2", "Q"))
    m3 = event_match(match_id="m3", source="r3.tgn", round="3", winner=None, decided_by="no finished hand")
    m4 = event_match(match_id="m4", source="r3b.tgn", round="3", table="2", teams=("X", "Y"),
                     players=("e", "f", "g", "h"))
    counted = [m1, m2, m4]
    notes = warnings(counted, [*counted, m3])
    assert not any(n.startswith("round 3: no match counted for") and '"P2"' in n for n in notes), notes
    (note,) = [n for n in notes if n.startswith("round 3: ") and "r3.tgn" in n]
    en, zh = bilingual(note)
    assert '"P2" (as "P")' in en and '"P2"（以 "P" 之名）' in zh


# --- 6. --after-round: a team stated a bye that plays only after the rounds shown ---------------------------------

def test_a_bye_for_a_team_that_plays_only_after_the_rounds_shown_is_not_called_a_team_that_never_played():
    from tractor_analysis.dataset.awards import Award

    r1 = event_match(match_id="m1", source="r1.tgn", round="1")
    r2 = event_match(match_id="m2", source="r2.tgn", round="2", teams=("R", "Q"), players=("e", "b", "g", "d"))
    notes = warnings([r1], [r1, r2], [Award(1, "R"), Award(1, "Z")])     # --after-round 1: round 2 not counted
    never = [n for n in notes if "is in no match counted" in n]
    assert len(never) == 1 and never[0].startswith('"Z", stated'), never


# --- 7. the two team-name notes in one form ------------------------------------------------------------------------

def test_the_pair_note_gives_rounds_and_the_chinese_separator_as_the_player_note_does():
    m1 = event_match(match_id="m1", source="r1.tgn", round="1")
    m2 = event_match(match_id="m2", source="r2.tgn", round="2", teams=("P2", "Q"))
    (note,) = [n for n in warnings([m1, m2]) if "play under 2 team names" in n]
    en, zh = bilingual(note)
    assert '"P" (round 1: r1.tgn); "P2" (round 2: r2.tgn)' in en
    assert '"P"（第 1 轮：r1.tgn）；"P2"（第 2 轮：r2.tgn）' in zh and "; " not in zh
