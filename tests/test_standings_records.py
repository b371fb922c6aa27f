"""What the standings count of an organiser's records as they really come in: a match kept twice
(as .tgn and as .json, or re-typed), a match without [Round], team names written two ways, a
table or a team twice in a round, a match no team won.  Each case is the 8-team event of
tests/data/event with one file changed the way an organiser would change it; the standings
must be the same from the files, from their dataset and on the printed page, and every
note must say the same thing in English and in Chinese."""
from __future__ import annotations

import html as html_lib
import json
import re
import shutil
from pathlib import Path

import pytest
from event_helpers import copy_event, edit_record, event_match, run_cli

from tractor_analysis.dataset.event_model import team_name

A = "Red Lanterns"


def _played(r) -> dict[str, int]:
    return {row["team"]: row["played"] for row in json.loads(r.stdout)}


def _page_played(page: str, round_: int) -> dict[str, int]:
    """Each team's ``played`` in the standings after ``round_`` on the printed page."""
    section = page[page.index(f'id="round-{round_}"'):]
    section = section[:section.index("</table>")]
    rows = re.findall(r'<td class="team">(.*?)</td>\n<td class="players">.*?</td><td class="num">(\d+)</td>', section)
    return {html_lib.unescape(team): int(n) for team, n in rows}


def _text(page: str) -> str:
    """The page's text, a line per element."""
    return html_lib.unescape(re.sub(r"<[^>]+>", "\n", page))


def _ingest(tmp_path: Path, folder: Path) -> str:
    out = str(tmp_path / "ds")
    run_cli("ingest", str(folder), "-o", out)
    return out


def test_a_match_kept_as_tgn_and_as_json_counts_once_from_the_files_as_from_their_dataset(tmp_path):
    folder = copy_event(tmp_path)
    run_cli("convert", str(folder / "r1t1.tgn"), "-o", str(folder / "r1t1.json"))
    files = run_cli("standings", str(folder), "--format", "json")
    dataset = run_cli("standings", _ingest(tmp_path, folder), "--format", "json")
    assert _played(files)[A] == 3
    assert files.stdout == dataset.stdout
    for r in (files, dataset):
        assert "r1t1.tgn" in r.stderr and "r1t1.json" in r.stderr
        assert "recorded twice; counted once" in r.stderr and "重复记录，只计一次" in r.stderr
    ratings = json.loads(run_cli("ratings", str(folder), "--format", "json").stdout)
    assert {p["player"]: p["matches"] for p in ratings}["李娜"] == 3
    out = tmp_path / "s.html"
    run_cli("standings", str(folder), "--html", str(out))
    html = out.read_text("utf-8")
    assert "recorded twice; counted once" in html and "重复记录，只计一次" in html
    assert html.count(">Red Lanterns<") == html.count(">Jade Dragons<")      # the round 1 result once


def test_a_retyped_copy_that_differs_only_in_site_counts_once_with_a_note_naming_both_files(tmp_path):
    folder = copy_event(tmp_path)
    copy = folder / "r1t1-retyped.tgn"
    shutil.copy(folder / "r1t1.tgn", copy)
    edit_record(copy, '[Site "Harbour Club"]', '[Site "Harbour Club, hall 2"]')
    files = run_cli("standings", str(folder), "--format", "json")
    dataset = run_cli("standings", _ingest(tmp_path, folder), "--format", "json")
    assert _played(files)[A] == 3 and files.stdout == dataset.stdout
    for r in (files, dataset):
        note = next(line for line in r.stderr.splitlines() if "Harbour Club, hall 2" in line)
        assert "r1t1-retyped.tgn" in note and "r1t1.tgn" in note and "[Site]" in note
        assert "counted once" in note and "只计一次" in note and "请核对" in note


def test_a_match_without_round_counts_alike_in_the_text_and_on_the_page_with_a_note_in_both(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r3t4.tgn", '[Round "3"]\n', "")
    out = tmp_path / "s.html"
    r = run_cli("standings", str(folder), "--format", "json", "--html", str(out))
    played = _played(r)
    assert played["Iron Oxen"] == played["Tea House 茶馆"] == 2       # r3t4: Iron Oxen v Tea House
    html = out.read_text("utf-8")
    assert _page_played(html, 3) == played
    for text in (r.stderr, _text(html)):
        assert "r3t4.tgn" in text and "has no [Round]" in text and "没有 [Round] 标签" in text


def test_team_names_are_read_without_spaces_at_either_end():
    assert team_name("Red Lanterns ", "李娜", "王芳") == team_name(" Red  Lanterns", "王芳", "李娜") == A


def test_a_trailing_space_is_one_team_and_names_differing_in_case_or_for_one_pair_are_warned(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r2t1.tgn", '[TeamNS "Red Lanterns"]', '[TeamNS "Red Lanterns "]')
    edit_record(folder / "r3t1.tgn", '[TeamNS "Red Lanterns"]', '[TeamNS "Red lanterns"]')
    edit_record(folder / "r3t2.tgn", '[TeamNS "Plum & Bamboo <梅竹>"]', '[TeamNS "Plum and Bamboo"]')
    out = tmp_path / "s.html"
    r = run_cli("standings", str(folder), "--format", "json", "--html", str(out))
    played = _played(r)
    assert played[A] == 2 and played["Red lanterns"] == 1 and "Red Lanterns " not in played
    case = next(line for line in r.stderr.splitlines() if "letter case" in line)
    assert "r3t1.tgn" in case and "r2t1.tgn" in case and "仅大小写不同" in case
    pair = next(line for line in r.stderr.splitlines() if "Plum and Bamboo" in line)
    assert "r3t2.tgn" in pair and "2 team names" in pair and "2 个队名" in pair
    html = out.read_text("utf-8")
    assert "仅大小写不同" in html and "Plum and Bamboo" in html and "请核对" in html


def test_a_table_and_a_team_twice_in_one_round_are_warned_in_the_text_and_on_the_page(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r3t2.tgn", '[Round "3"]\n[Table "2"]', '[Round "2"]\n[Table "1"]')
    out = tmp_path / "s.html"
    r = run_cli("standings", str(folder), "--html", str(out))
    html = out.read_text("utf-8")
    for text in (r.stderr, html.replace("&#34;", '"')):     # a note quotes a name: escaped on the page
        assert "round 2: table 1 has 2 matches" in text and "第 2 轮：1 号桌有 2 场比赛" in text
        assert "r2t1.tgn" in text and "r3t2.tgn" in text
        assert '"Night Owls" plays 2 matches' in text and '"Night Owls" 打了 2 场比赛' in text


def test_a_match_no_team_won_is_named_in_chinese_in_the_chinese_half(tmp_path):
    folder = copy_event(tmp_path)
    # the last hand's bottom left out, and E's deal line one card short (with all four whole the bottom would
    # be derived, the cards in none of them; with E's line left out the bury would be, the cards nobody
    # played; a line its plays contradict fixes neither): the attackers took the last trick, so its outcome
    # is unknown
    edit_record(folder / "r1t4.tgn", "Bottom: D6 S4 C2 H5 C4 S2 C8 H7\nBuried: H7 H6 DQ DJ D9 D7 D6 D4\n", "")
    text = (folder / "r1t4.tgn").read_text("utf-8")
    e = text.index("\nE: BJ LJ D3 SA SK SQ SJ SJ") + 1
    end = text.index("\n", e)
    line = text[e:end]
    (folder / "r1t4.tgn").write_text(text[:e] + line[:line.rindex(" ")] + text[end:], "utf-8")
    out = tmp_path / "s.html"
    r = run_cli("standings", str(folder), "--html", str(out))
    rated = run_cli("ratings", str(folder))
    html = _text(out.read_text("utf-8"))
    for text, tail in ((r.stderr, "不计入排名"), (html, "不计入排名"), (rated.stderr, "不计入等级分")):
        note = next(line for line in text.splitlines() if "r1t4.tgn" in line and tail in line)
        english, chinese = note.split(" / ", 1)
        assert "final levels unknown" in english and "记录未能确定最终级别" in chinese
        assert not any(c.isascii() and c.isalpha() for c in chinese.split("：", 1)[1]), chinese


def test_the_ratings_note_of_a_match_no_team_won_is_chinese_in_its_chinese_half():
    from tractor_analysis.dataset.ratings import ratings
    undecided = event_match(match_id="m", levels=(None, None), winner=None, decided_by="levels not known",
                            source="r1t4.tgn")
    _, _, notes = ratings([undecided])
    english, chinese = notes[0].split(" / ", 1)
    assert "final levels unknown" in english and "记录未能确定最终级别" in chinese and "levels" not in chinese
