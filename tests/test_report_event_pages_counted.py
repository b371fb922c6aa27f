"""An event report's team and player pages list the matches the standings count, and mark any other
match of the team or player "not counted / 未计入" with the standings' own reason; the index counts a
match recorded twice once and shows one standings table; the notes' Chinese halves name matches in
Chinese and name each record by its file."""
from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from event_helpers import EVENT
from tractor_analysis.cli.main import main

pytestmark = pytest.mark.xdist_group("test_report_event_pages_counted")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

ROOT = Path(__file__).resolve().parent.parent


def _variant(tmp_path: Path, name: str, change) -> Path:
    """A copy of the event's records (``tmp_path/name``) with ``change(folder)`` applied."""
    folder = tmp_path / name
    shutil.copytree(EVENT, folder, ignore=shutil.ignore_patterns("*.py"))
    change(folder)
    return folder


def _report(folder: Path) -> Path:
    out = folder.parent / f"rep_{folder.name}"
    r = CliRunner().invoke(main, ["report", str(folder), "-o", str(out), "--hand-pages", "none"])
    assert r.exit_code == 0, r.output
    return out


def _retyped(folder: Path) -> None:
    """r2t2 kept a second time, re-typed with another [Site]."""
    text = (folder / "r2t2.tgn").read_text("utf-8")
    (folder / "r2t2b.tgn").write_text(text.replace('[Site "Harbour Club"]', '[Site "Harbor Club"]'), "utf-8")


def _no_round(folder: Path) -> None:
    path = folder / "r2t2.tgn"
    path.write_text(path.read_text("utf-8").replace('[Round "2"]\n', ""), "utf-8")


def _case(folder: Path) -> None:
    path = folder / "r2t1.tgn"
    path.write_text(path.read_text("utf-8").replace('[TeamNS "Red Lanterns"]', '[TeamNS "Red lanterns"]'), "utf-8")


def _page_of(report: Path, heading: str) -> str:
    for page in report.glob("*.html"):
        body = page.read_text("utf-8")
        if f"<h1>{heading}</h1>" in body:
            return body
    raise AssertionError(f"no page titled {heading}")


def _rows(page: str) -> list[str]:
    """The rows of the page's matches table, as text."""
    body = page[page.index("<tbody>"):page.index("</tbody>")]
    return [html.unescape(re.sub(r"<[^>]+>", " ", r)) for r in re.findall(r"<tr>.*?</tr>", body, re.S)]


def _section(index: str, start: str, end: str) -> str:
    at = index.index(start)
    return index[at:index.index(end, at)]


@pytest.fixture(scope="module")
def retyped(tmp_path_factory):
    return _report(_variant(tmp_path_factory.mktemp("site"), "v_site", _retyped))


def test_a_team_page_counts_a_re_typed_copy_once_and_marks_it_not_counted(retyped):
    team = _page_of(retyped, "Silver Cranes")
    rows = [r for r in _rows(team[team.index("Matches round by round"):]) if "Night Owls" in r]
    assert len(rows) == 2                                  # both records listed ...
    counted = [r for r in rows if "won / 胜" in r]
    marked = [r for r in rows if "not counted / 未计入" in r]
    assert len(counted) == 1 and len(marked) == 1          # ... one counted, one marked, with why
    assert "r2t2b.tgn" in marked[0] and "counted once" in marked[0] and "只计一次" in marked[0]
    # what the page counts is what its rank says: 2 wins of 3 matches, 4 points
    assert "2 (4 points / 积分" in team
    all_rows = _rows(team[team.index("Matches round by round"):])
    assert sum("won / 胜" in r for r in all_rows) == 2 and sum("lost / 负" in r for r in all_rows) == 1


def test_a_player_page_counts_the_hands_of_a_re_typed_copy_once(retyped):
    player = _page_of(retyped, "陈静")
    assert "Hands / 牌局</dt><dd>14 " in player             # not 16: r2t2's 2 hands once
    matches = player[player.index("Matches / 比赛"):player.index("Hands / 牌局</h2>")]
    rows = _rows(matches)
    assert len(rows) == 4 and sum("not counted / 未计入" in r for r in rows) == 1
    hands = player[player.index("Hands / 牌局</h2>"):]
    assert hands.count("<tr><td>") == 14


def test_the_index_counts_a_match_recorded_twice_once(retyped):
    index = (retyped / "index.html").read_text("utf-8")
    summary = _section(index, 'id="summary"', 'id="event"')
    assert "<dt>Matches / 比赛</dt><dd>12</dd>" in summary and "<dt>Hands / 牌局</dt><dd>51</dd>" in summary
    assert "Recorded twice / 重复记录" in summary
    # the players' statistics count its hands once too, as the player page does
    stats = _section(index, 'id="stats-by-player-summary"', "</table>")
    assert re.search(r'<td class="name">陈静</td><td class="num">14</td>', stats)


def test_the_duplicate_note_names_each_record_by_its_file_and_in_chinese(retyped):
    index = html.unescape((retyped / "index.html").read_text("utf-8")).replace(f"{retyped.parent}/", "")
    note = next(n for n in re.findall(r"<li>(.*?)</li>", index, re.S) if "r2t2b.tgn" in n)
    assert "v_site/r2t2b.tgn" in note and "v_site/r2t2.tgn" in note
    chinese = note[note.index("check which record is right / ") + len("check which record is right / "):]
    assert "round 2" not in chinese and "table 2" not in chinese
    assert "Lantern Cup 2026 · 第 2 轮 · 第 2 桌 · 2026-05-16（v_site/r2t2b.tgn）" in chinese
    assert "（按 Lantern Cup 2026 · 第 2 轮 · 第 2 桌 · 2026-05-16（v_site/r2t2.tgn））" in chinese
    english = note[:note.index("check which record is right / ")]
    assert english.startswith("Lantern Cup 2026 · round 2 · table 2 · 2026-05-16 (v_site/r2t2b.tgn): ")
    assert "counted once (as Lantern Cup 2026 · round 2 · table 2 · 2026-05-16 (v_site/r2t2.tgn))" in english


def test_a_match_without_a_round_is_marked_not_counted_on_team_and_player_pages(tmp_path):
    report = _report(_variant(tmp_path, "v_noround", _no_round))
    team = _page_of(report, "Silver Cranes")
    rows = _rows(team[team.index("Matches round by round"):])
    night = [r for r in rows if "Night Owls" in r]
    assert len(night) == 1 and "not counted / 未计入" in night[0] and "won / 胜" not in night[0]
    assert "has no [Round]" in night[0] and "没有 [Round] 标签" in night[0]
    assert "2 points / 积分" in team and sum("won / 胜" in r for r in rows) == 1
    player = _page_of(report, "陈静")
    prow = [r for r in _rows(player[player.index("Matches / 比赛"):]) if "沈洋" in r]
    assert len(prow) == 1 and "not counted / 未计入" in prow[0] and "won / 胜" not in prow[0]


def test_a_warnings_chinese_half_names_the_matches_in_chinese(tmp_path):
    report = _report(_variant(tmp_path, "v_case", _case))
    index = html.unescape((report / "index.html").read_text("utf-8")).replace(f"{tmp_path}/", "")
    note = next(n for n in re.findall(r"<li>(.*?)</li>", index, re.S) if "differ only in letter case" in n)
    chinese = note[note.index(" / 队名"):]
    assert "round " not in chinese and "table " not in chinese
    assert "Lantern Cup 2026 · 第 2 轮 · 第 1 桌 · 2026-05-16（v_case/r2t1.tgn）" in chinese


def test_an_event_report_shows_one_standings_table(tmp_path):
    report = _report(_variant(tmp_path, "event", lambda folder: None))
    index = (report / "index.html").read_text("utf-8")
    assert 'id="event"' in index and 'id="standings"' not in index
    assert "<h2>Standings / 排名</h2>" not in index
    assert index.count('<table class="ev-standings">') == 3


def test_everything_from_the_records_stays_escaped(retyped):
    for page in retyped.glob("*.html"):
        assert "<梅竹>" not in page.read_text("utf-8"), page.name
