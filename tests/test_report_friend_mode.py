"""Friend mode (找朋友) on the report's index and player pages: the dealer's side is the dealer and
whoever holds the called card, hand by hand, so there are no fixed teams and no team levels — each
player keeps their own level.  The index shows each player's own final level (never ``? · ?``
where team levels would be) and says "friend mode 找朋友" where the teams would be; a player's page
has no Teams section (no team, partner or opponents made up from the seats) and shows the players'
own final levels, the same as the match page.  The records are simulated (``tractor simulate
--rule friend=on``)."""
from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("friend")
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", "-n", "2", "--seed", "3", "--rules", "three-deck", "--rule", "friend=on",
                             "--max-hands", "6", "-o", str(base / "sim")])
    assert r.exit_code == 0, r.output
    r = runner.invoke(main, ["report", str(base / "sim"), "-o", str(base / "report"), "--hand-pages", "none"])
    assert r.exit_code == 0, r.output
    return base / "report"


def _text(page: str) -> str:
    return html_lib.unescape(re.sub(r"<[^>]+>", "\n", page))


def _match_levels(report: Path, page: str) -> str:
    """The players' own final levels as the match page states them: ``N name 3 · E name 4 · …``."""
    text = (report / page).read_text("utf-8")
    dd = re.search(r'id="player-levels">(.*?)</dd>', text, re.S).group(1)
    return html_lib.unescape(dd.split("<br>end ", 1)[1]).strip()


def _matches_section(page: str) -> str:
    return page[page.index('id="matches"'):page.index("</table>", page.index('id="matches"'))]


def test_the_index_shows_each_players_own_level_and_no_team_levels(report):
    index = (report / "index.html").read_text("utf-8")
    section = _matches_section(index)
    assert "? · ?" not in section
    rows = re.findall(r'<td class="title"><a href="([^"]+)">.*?</tr>', section, re.S)
    assert len(rows) == 2
    for page in rows:
        row = section[section.index(f'href="{page}"'):]
        row = row[:row.index("</tr>")]
        assert row.count("friend mode / 找朋友") == 2          # where the N–S and the E–W teams would be
        assert " &amp; " not in row                          # no "North & South" pair made a team
        levels = re.search(r'class="player-levels">(.*?)</td>', row).group(1)
        assert html_lib.unescape(levels) == _match_levels(report, page)
        assert re.fullmatch(r"N .+ \w+ · E .+ \w+ · S .+ \w+ · W .+ \w+", html_lib.unescape(levels))


def test_a_player_page_has_no_teams_and_shows_the_players_own_levels(report):
    page = (report / "player-He-Ping.html").read_text("utf-8")
    text = _text(page)
    assert "Teams / 队伍" not in text
    assert "Guo Ying / He Ping" not in text and "He Ping / 张伟" not in text     # seat pairs are not teams
    assert "friend mode / 找朋友" in text and "2 match(es) in friend mode" in text
    assert "没有固定队伍" in text and "各人保留自己的级别" in text
    body = page[page.index("<h2>Matches / 比赛</h2>"):page.index("<h2>Hands / 牌局</h2>")]
    rows = re.findall(r'<tr><td class="num">.*?</tr>', body, re.S)
    assert len(rows) == 2
    for row in rows:
        assert '<td class="friend">friend mode / 找朋友</td>' in row
        match = re.search(r'href="(m-[^"]+\.html)"', row).group(1)
        levels = re.search(r'class="player-levels">(.*?) <span', row).group(1)
        assert html_lib.unescape(levels) == _match_levels(report, match)
        assert not re.search(r'class="num">\S+ : \S+</td>', row)       # no "N–S : E–W" team levels


def test_the_event_view_of_a_friend_match_has_no_team_levels(tmp_path):
    """``levels_final`` of a friend-mode result holds N's and E's own levels: never a side's."""
    from tractor_analysis.dataset.event import from_inputs

    r = CliRunner().invoke(main, ["simulate", "-n", "1", "--seed", "3", "--rules", "three-deck", "--rule",
                                  "friend=on", "--max-hands", "4", "-o", str(tmp_path / "sim")])
    assert r.exit_code == 0, r.output
    matches, _ = from_inputs([str(tmp_path / "sim")])
    assert [m.levels for m in matches] == [(None, None)]
    assert matches[0].winner is None
