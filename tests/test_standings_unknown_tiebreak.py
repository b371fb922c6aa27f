"""A tie-break whose value is not known (a team's level difference over a match whose final levels
the record leaves unknown) cannot order the teams tied with that team: they keep one shared rank,
no later tie-break splits them (it ranks below the one that cannot compare them), and every
surface that shows the standings says so, and why, in English and in Chinese: the rows
(``Standing.undecided``), ``tractor standings`` (stderr, and ``--format json``'s ``undecided``,
the other field names unchanged), its printable page, and the report's index and team pages.

The records are the 8-team event of tests/data/event; one match, r1t4 (Night Owls – Tea House 茶馆,
won by Night Owls), is read with its final levels unknown.  At 2 match points Golden Carp, Night
Owls and Tea House are tied; with every level known the level difference ties them (-3 each) and
head-to-head puts Tea House last (7th)."""
from __future__ import annotations

import dataclasses
import html as html_lib
import json
import re

import pytest
from click.testing import CliRunner
from event_helpers import EVENT, event_match

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import standings as standings_module
from tractor_analysis.dataset.standings import standings

TIED = ["Golden Carp", "Night Owls", "Tea House 茶馆"]


def m(rnd, ns, ew, levels, winner=None, mid=None):
    if winner is None:
        winner = 0 if levels[0] >= levels[1] else 1
    return event_match(match_id=mid or f"{rnd}-{ns}-{ew}", round=str(rnd), teams=(ns, ew),
                       players=(ns + "1", ew + "1", ns + "2", ew + "2"), levels=levels, winner=winner,
                       decided_by="forfeit", source=mid or f"r{rnd}-{ns}{ew}.tgn")


def ranks(rows):
    return [(s.rank, s.team) for s in rows]


# P beat R (+3), Q beat S with final levels unknown, R beat S (+1): P, Q and R have 2 points each.
# Head-to-head among them would put P first (it beat R) and opponents' points would put R before Q:
# but Q's level difference is unknown, so neither may be applied.
GAMES = [m(1, "P", "R", (5, 2)), m(1, "Q", "S", (None, 2), winner=0, mid="r1-QS.tgn"), m(2, "R", "S", (3, 2))]


def test_an_unknown_level_difference_leaves_the_tied_group_on_one_shared_rank():
    rows = standings(GAMES)
    assert ranks(rows) == [(1, "P"), (1, "Q"), (1, "R"), (4, "S")]
    by = {s.team: s for s in rows}
    assert by["Q"].level_diff is None
    # the later tie-breaks were not applied to the group
    assert all(by[t].tiebreaks["head_to_head"] is None for t in "PQR")


def test_the_rows_say_which_tie_break_whose_value_and_from_which_match_in_both_languages():
    rows = standings(GAMES)
    by = {s.team: s for s in rows}
    u = by["P"].undecided
    assert u is not None and u is by["R"].undecided and u is by["Q"].undecided
    assert u["tiebreak"] == "level_diff" and u["teams"] == ["P", "Q", "R"]
    assert u["unknown"] == {"Q": ["r1-QS.tgn"]}
    english, chinese = u["note"].split(" / ", 1)
    assert '"Q"\'s level difference is unknown' in english and "r1-QS.tgn" in english
    assert "not decided" in english and "head-to-head" in english
    assert '"Q" 的级差未知' in chinese and "r1-QS.tgn" in chinese and "名次无法确定" in chinese
    assert by["S"].undecided is None             # alone on 0 points: nothing to order
    assert standings_module.undecided_notes(rows) == [u["note"]]


def test_known_values_and_known_ties_carry_no_note():
    rows = standings([m(1, "P", "R", (5, 2)), m(1, "Q", "S", (4, 2))])
    assert ranks(rows) == [(1, "P"), (2, "Q"), (3, "S"), (4, "R")]
    assert all(s.undecided is None for s in rows) and standings_module.undecided_notes(rows) == []


def test_a_tie_break_before_the_unknown_one_still_splits_and_only_the_group_it_leaves_is_undecided():
    # head-to-head first: P beat R, so P is above R; Q (who met neither) is tied with R on head-to-head
    # (0) and only then would the unknown level difference be needed
    rows = standings(GAMES, tiebreaks=("head_to_head", "level_diff", "opponents"))
    assert ranks(rows) == [(1, "P"), (2, "Q"), (2, "R"), (4, "S")]
    by = {s.team: s for s in rows}
    assert by["P"].undecided is None
    assert by["Q"].undecided["teams"] == ["Q", "R"]
    assert "tied on match points (2) and head-to-head" in by["Q"].undecided["note"]
    assert "积分（2）、相互胜负相同" in by["Q"].undecided["note"]


def _with_r1t4_levels_unknown(matches):
    return [dataclasses.replace(x, levels=(None, None)) if (x.round, x.table) == ("1", "4") else x for x in matches]


@pytest.fixture()
def unknown_levels(monkeypatch):
    """The event's records, read with r1t4's final levels unknown."""
    from tractor_analysis.dataset import event as event_module

    read = event_module.read_inputs          # from_inputs reads through it too

    def read_inputs(inputs, *rest):
        matches, notes, unread = read(inputs, *rest)
        return _with_r1t4_levels_unknown(matches), notes, unread

    monkeypatch.setattr(event_module, "read_inputs", read_inputs)


def _check_note(text: str, where: str = "r1t4.tgn", where_zh: str | None = None) -> None:
    """``where``: how the note names r1t4 (``where_zh``: in its Chinese half, when that differs)."""
    line = next(ln for ln in text.splitlines() if "order is not decided" in ln)
    english, chinese = line.split(" / ", 1)
    assert '"Golden Carp", "Night Owls", "Tea House 茶馆"' in english      # each name quoted (docs/standings.md)
    assert '"Night Owls"\'s level difference is unknown' in english and where in english
    assert '"Tea House 茶馆"\'s level difference is unknown' in english
    assert '"Night Owls" 的级差未知' in chinese and '"Tea House 茶馆" 的级差未知' in chinese
    assert (where_zh or where) in chinese
    assert "名次无法确定" in chinese


def test_the_standings_command_shares_the_rank_and_says_why_on_stderr_and_in_json(unknown_levels, tmp_path):
    runner = CliRunner()
    r = runner.invoke(main, ["standings", str(EVENT), "--format", "json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    got = {row["team"]: row for row in rows}
    assert [got[t]["rank"] for t in TIED] == [5, 5, 5]
    for row in rows:                         # the existing fields are kept, one is added
        assert set(row) == {"rank", "team", "players", "played", "won", "lost", "match_points", "level_diff",
                            "level_diff_span", "tiebreaks", "undecided", "byes", "provisional", "provisional_on"}
    assert got["Red Lanterns"]["undecided"] is None
    u = got["Tea House 茶馆"]["undecided"]
    assert u["tiebreak"] == "level_diff" and u["teams"] == TIED
    assert set(u["unknown"]) == {"Night Owls", "Tea House 茶馆"}
    _check_note(u["note"])
    _check_note(r.stderr)
    table = runner.invoke(main, ["standings", str(EVENT)])
    assert table.exit_code == 0
    _check_note(table.stderr)
    assert re.search(r"^5\s+Tea House 茶馆", table.stdout, re.M)


def test_the_printable_page_shares_the_rank_and_says_why(unknown_levels, tmp_path):
    out = tmp_path / "s.html"
    r = CliRunner().invoke(main, ["standings", str(EVENT), "--html", str(out)])
    assert r.exit_code == 0, r.output
    page = out.read_text("utf-8")
    last = page[page.index('id="round-3"'):]
    last = last[:last.index("</section>")]
    assert re.search(r'<td class="num undecided">5<sup[^>]*>\?</sup></td>\s*<td class="team">Tea House 茶馆', last)
    _check_note(html_lib.unescape(re.sub(r"<[^>]+>", "\n", last)))


def test_the_report_index_and_team_page_share_the_rank_and_say_why(monkeypatch, tmp_path):
    from tractor_analysis.reports import build, event_report

    view = event_report.event_view
    monkeypatch.setattr(event_report, "event_view", lambda matches, *a, **k: view(_with_r1t4_levels_unknown(matches),
                                                                                   *a, **k))
    out = build.write_report(build.build_report([str(EVENT)]), tmp_path / "report", hand_pages="none")
    index = (out / "index.html").read_text("utf-8")
    section = index[index.index('id="event-round-3"'):index.index('id="event-round-2"')]
    assert re.search(r'<td class="num undecided">5<sup[^>]*>\?</sup></td>\s*<td class="team"><a [^>]*>Tea House 茶馆',
                     section)
    # the report names a match by its title (in Chinese in the Chinese half) and its record
    title = "Lantern Cup 2026 · round 1 · table 4 · 2026-05-16 ("
    title_zh = "Lantern Cup 2026 · 第 1 轮 · 第 4 桌 · 2026-05-16（"
    _check_note(html_lib.unescape(re.sub(r"<[^>]+>", "\n", section)), title, title_zh)
    team = next(p for p in out.glob("team*.html") if "<h1>Tea House 茶馆</h1>" in p.read_text("utf-8"))
    text = html_lib.unescape(re.sub(r"<[^>]+>", "\n", team.read_text("utf-8")))
    assert "order not decided / 并列，名次未定" in text
    _check_note(text, title, title_zh)
