"""The report of an event: the index's standings by round and results, the printable sheet, a page
per team and per player — every page linked from the index, everything from the records escaped."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from event_helpers import EVENT
from tractor_analysis.cli.main import main

pytestmark = pytest.mark.xdist_group("test_event_report")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("rep") / "report"
    r = CliRunner().invoke(main, ["report", str(EVENT), "-o", str(out), "--hand-pages", "none"])
    assert r.exit_code == 0, r.output
    return out


def _links(html: str) -> list[str]:
    return re.findall(r'href="([^"#]+\.html)"', html)


def test_the_index_shows_the_standings_after_each_round_and_each_rounds_results(report):
    index = (report / "index.html").read_text("utf-8")
    section = index[index.index('id="event"'):index.index('id="matches"')]
    assert [int(n) for n in re.findall(r'id="event-round-(\d+)"', section)] == [3, 2, 1]   # latest first
    assert section.count('<table class="ev-standings">') == 3 and section.count('<table class="ev-results">') == 3
    assert "standings-print.html" in section
    assert "Plum &amp; Bamboo &lt;梅竹&gt;" in section
    first = section[section.index('id="event-round-3"'):]
    assert re.search(r"<td class=\"num\">3</td>\s*<td class=\"team\"><a [^>]*>Jade Dragons</a>", first)


def test_every_event_page_is_linked_from_the_index_and_exists(report):
    index = (report / "index.html").read_text("utf-8")
    linked = set(_links(index))
    pages = {p.name for p in report.glob("team*.html")} | {p.name for p in report.glob("player*.html")}
    assert len([p for p in pages if p.startswith("team")]) == 8
    assert len([p for p in pages if p.startswith("player")]) == 17        # 16 players and the substitute
    assert pages <= linked and "standings-print.html" in linked
    for name in linked:
        assert (report / name).exists(), name


def test_nothing_from_the_records_reaches_a_page_unescaped(report):
    for page in report.glob("*.html"):
        text = page.read_text("utf-8")
        assert "<梅竹>" not in text, page.name


def _page_of(report, text: str) -> str:
    for page in report.glob("*.html"):
        body = page.read_text("utf-8")
        if f"<h1>{text}</h1>" in body:
            return body
    raise AssertionError(f"no page titled {text}")


def test_a_team_page_lists_its_matches_round_by_round(report):
    team = _page_of(report, "Jade Dragons")
    rows = re.findall(r'<tr><td class="num">(\d)</td>', team)
    assert rows == ["1", "2", "3"]
    assert "奚勇" in team and "钱伟" in team


def test_a_player_page_has_matches_hands_statistics_and_a_rating_chart(report):
    sub = _page_of(report, "奚勇")                    # the substitute: one match, round 3
    assert sub.count("<svg") == 1 and "aria-label" in sub and "μ ± σ" in sub
    matches = sub[sub.index("Matches / 比赛"):sub.index("Hands / 牌局</h2>")]
    assert len(re.findall(r"<tr><td class=\"num\">", matches)) == 1
    hands = sub[sub.index("Hands / 牌局</h2>"):]
    assert hands.count("<tr><td>") == 4                # r3t3 has 4 hands
    assert "not a measured skill" in sub
    score_sheet = _page_of(report, "卫东")              # played r2t4, kept as score sheets
    assert "Hands / 牌局</dt><dd>13" in score_sheet


def test_records_without_team_tags_get_player_pages_and_no_event_section(tmp_path):
    out = tmp_path / "report"
    r = CliRunner().invoke(main, ["report", str(ROOT / "sample_logs"), "-o", str(out), "--hand-pages", "none"])
    assert r.exit_code == 0, r.output
    index = (out / "index.html").read_text("utf-8")
    assert 'id="event"' not in index and 'id="standings"' in index
    assert not list(out.glob("team*.html")) and not (out / "standings-print.html").exists()
    assert list(out.glob("player*.html")) and 'id="players"' in index
