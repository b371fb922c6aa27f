"""The HTML report's pages on constructed matches (results built by hand, so the report is tested on
its own): the folder, links, escaping, charts, the hand page's tricks and violations, the match
page, the index's standings and statistics, writing the folder."""
from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape
from report_builders import (
    ESCAPED_EVIL,
    EVIL,
    NOTE_HTML,
    Page,
    check_links,
    constructed_hand,
    constructed_match,
)
from tractor_analysis.reports import build, charts, match_drawing
from tractor_analysis.reports.fact_rows import facts_from_result
from tractor_analysis.reports.facts import index_stats, standings
from tractor_analysis.reports.card_display import display_order
from tractor_analysis.reports.hand_page import hand_view
from tractor_analysis.reports.model import ReportModel

from tractor_analysis.engine.verdicts import MatchResult
from tractor_analysis.records.cards import BJ, LJ, RANK_OF, SUIT_OF
from tractor_analysis.records.model import Match


def test_report_folder_has_an_index_a_page_per_match_and_per_hand(constructed_report):
    model, out = constructed_report
    names = {p.name for p in out.glob("*.html")}
    assert "index.html" in names
    assert {"m-spring.html", "m-spring-2.html"} <= names
    assert {f"m-spring-h{i}.html" for i in (1, 2, 3)} <= names
    assert {f"m-spring-2-h{i}.html" for i in (1, 2)} <= names
    assert (out / "static" / "report.css").is_file() and (out / "static" / "report.js").is_file()
    assert not list(out.parent.glob(".report.*")), "temporary folders left behind"


def test_every_internal_link_resolves_to_a_file_and_anchor(constructed_report):
    _, out = constructed_report
    assert check_links(out) > 100


@pytest.fixture(scope="module")
def violations_in_hands_1_and_3():
    """A report model of one match of 4 hands: violations in hands 1 and 3 only."""
    hands, results = [], []
    for n, at in ((1, 5), (2, None), (3, 7), (4, None)):
        h, r = constructed_hand(n, 20 + n, dealer=0, violation_at=at)
        hands.append(h)
        results.append(r)
    match = Match(players=("A", "B", "C", "D"), hands=tuple(hands))
    model = ReportModel(title="t")
    match_drawing.add_match(model, match, MatchResult(hands=tuple(results), levels_final=(3, 2)),
                    source="cup.tgn", fallback_title="cup", taken=set())
    assert [h.violation_count for h in model.matches[0].hands] == [1, 0, 1, 0]
    return model


@pytest.mark.parametrize("mode, hands", [("all", [1, 2, 3, 4]), ("violations", [1, 3]), ("none", [])])
def test_hand_pages_option_writes_those_hands_and_links_only_to_pages_that_exist(
        violations_in_hands_1_and_3, tmp_path, mode, hands):
    out = build.write_report(violations_in_hands_1_and_3, tmp_path / "r", hand_pages=mode)
    names = sorted(p.name for p in out.glob("*.html") if not p.name.startswith("player-"))   # issue 22
    assert names == sorted(["index.html", "m-cup.html"] + [f"m-cup-h{n}.html" for n in hands])
    assert sorted(p.name for p in out.glob("player-*.html")) == ["player-A.html", "player-B.html",
                                                                 "player-C.html", "player-D.html"]
    assert check_links(out) > 5
    match_html = (out / "m-cup.html").read_text("utf-8")
    assert [int(n) for n in re.findall(r'href="m-cup-h(\d+)\.html"', match_html)] == hands
    rows = re.findall(r"<tr[^>]*>\s*<td[^>]*>(.*?)</td>", match_html.split('id="hands"')[1])
    assert [re.sub(r"<[^>]+>", "", r) for r in rows] == [f"Hand {n}" for n in (1, 2, 3, 4)]  # every row
    assert ('id="hand-pages"' in match_html) == (mode != "all")
    if mode == "violations":   # previous / next go to the hands that have a page
        first, third = ((out / f"m-cup-h{n}.html").read_text("utf-8") for n in (1, 3))
        assert 'href="m-cup-h3.html" rel="next">next hand with a violation' in first
        assert 'href="m-cup-h1.html" rel="prev">← previous hand with a violation' in third
        assert 'rel="prev"' not in first and 'rel="next"' not in third


def test_an_unknown_hand_pages_choice_is_refused(violations_in_hands_1_and_3, tmp_path):
    with pytest.raises(build.ReportError, match="all, violations, none"):
        build.write_report(violations_in_hands_1_and_3, tmp_path / "r", hand_pages="some")
    assert not (tmp_path / "r").exists()


def test_nothing_is_loaded_from_the_network(constructed_report):
    _, out = constructed_report
    for p in out.rglob("*"):
        if p.suffix in (".html", ".css", ".js"):
            text = p.read_text("utf-8")
            assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text), p.name
            assert "@import" not in text and "url(http" not in text


def test_player_names_and_annotations_are_shown_as_text(constructed_report):
    _, out = constructed_report
    for p in out.glob("*.html"):
        html = p.read_text("utf-8")
        assert EVIL not in html, f"{p.name} has a raw <script> from user input"
        assert "<img src=x" not in html and "<b onmouseover" not in html
    hand = (out / "m-spring-h1.html").read_text("utf-8")
    assert ESCAPED_EVIL in hand
    text = " ".join(Page(hand).text)
    assert EVIL in text and NOTE_HTML in text  # the browser shows them literally


def test_charts_escape_user_text_in_svg():
    svg = charts.bar_chart({EVIL: 2, "张伟 & 李娜": 1}, "Violations by player", "player",
                           "violations", "violations")
    assert "<script" not in svg
    assert ESCAPED_EVIL in svg and "张伟 &amp; 李娜" in svg
    assert svg.startswith("<svg ") and "<?xml" not in svg and "DOCTYPE" not in svg


def test_every_chart_has_a_title_axis_labels_and_a_legend():
    # the index page's charts (matplotlib)
    svgs = [charts.points_distribution_chart([0, 35, 80, 125], 80),
            charts.bar_chart({"×2": 3, "×4": 1}, "Bottom captures", "multiplier", "captures", "hands"),
            charts.hold_rate_chart([2, 3], [0.5, 1.0], [4, 1])]
    for svg in svgs:
        for gid in ("legend_1", "text_", "axes_1"):
            assert gid in svg, f"chart without {gid}"
        ids = re.findall(r'id="([^"]+)"', svg)
        assert len(ids) == len(set(ids))
    # two charts on one page never share an id
    a = set(re.findall(r'id="([^"]+)"', svgs[0]))
    b = set(re.findall(r'id="([^"]+)"', svgs[1]))
    assert not a & b
    # the match page's two charts (written directly): title, both axis labels, a legend, no id
    for svg, title, labels in (
            (charts.levels_chart([(2, 2), (3, 2), (3, 5)], ("N–S", "E–W")), "Team levels over the match / 比赛级别",
             ("after hand (0 = start) / 第几局后", "level / 级别")),
            (charts.attackers_points_chart([1, 2, 3], [40, 120, 0], 80), "Attackers' points per hand / 每局闲家得分",
             ("hand / 局", "points / 分"))):
        assert f'aria-label="{escape(title)}"' in svg and f"<title>{escape(title)}</title>" in svg
        for cls, text in (("title", title), ("xlabel", labels[0]), ("ylabel", labels[1])):
            assert re.search(rf'<text class="{cls}"[^>]*>{re.escape(str(escape(text)))}</text>', svg), cls
        assert '<g class="legend"' in svg and "id=" not in svg


def test_attackers_points_chart_draws_the_deal_line_scaled_for_the_decks():
    assert "120 points: attackers take the deal" in charts.attackers_points_chart([1], [50], 120)


def test_hand_page_lists_every_trick_in_full_without_javascript(constructed_report):
    model, out = constructed_report
    page = Page((out / "m-spring-h1.html").read_text("utf-8"))
    assert {f"trick-{n}" for n in range(1, 26)} <= page.ids
    html = (out / "m-spring-h1.html").read_text("utf-8")
    # every section is plain HTML: hidden only by the .js class the script adds
    assert html.count('<section class="trick') == 25
    assert "display: none" not in re.sub(r"\.js [^{]*\{[^}]*\}", "", (out / "static/report.css").read_text())\
        .split("@media print")[0].split(".stepper {")[0]


def test_violation_is_shown_at_its_trick_with_the_bilingual_message_and_better_play(constructed_report):
    model, out = constructed_report
    html = (out / "m-spring-h1.html").read_text("utf-8")
    section = html[html.index('id="trick-5"'):html.index('id="trick-6"')]
    assert 'class="violation"' in section and "follow_suit" in section
    assert "没有跟出首家的花色" in section and "did not follow suit" in section
    assert "better play held" in section
    result = constructed_match()[1].hands[0]
    v = result.violations[0]
    better = build.CARD_HTML[v.better[0]]
    assert better in section
    other = html[html.index('id="trick-6"'):html.index('id="trick-7"')]
    assert 'class="violation"' not in other


def test_hand_data_for_the_script_is_json_with_the_violation_tricks(constructed_report):
    model, out = constructed_report
    page = Page((out / "m-spring-h1.html").read_text("utf-8"))
    data = [json.loads(t) for a, t in page.scripts if a.get("type") == "application/json"]
    assert data == [{"hand": 1, "tricks": list(range(1, 26)), "violations": [5]}]


def test_running_attackers_points_end_at_the_engine_total():
    match, result = constructed_match()
    for h, r in zip(match.hands, result.hands):
        view = hand_view(match, h, r)
        assert view.tricks[-1].attackers_after == r.attackers_points
        assert all(a.attackers_after == b.attackers_before for a, b in zip(view.tricks, view.tricks[1:]))
        assert [len(x) for x in view.tricks[0].hands_before] == [25, 25, 25, 25]


def test_points_breakdown_and_claim_mismatch_are_on_the_hand_page(constructed_report):
    model, out = constructed_report
    hv = model.matches[0].hands[0]
    html = (out / hv.filename).read_text("utf-8")
    score = html[html.index('id="score"'):html.index('id="outcome"')]
    assert f">{hv.attackers_total}<" in score
    assert f"≠ computed {hv.attackers_total}" in score  # the fixture claims total + 5
    assert "defenders hold; N–S go up 1 level" in html


def test_match_page_lists_hands_in_order_with_links_and_two_charts(constructed_report):
    model, out = constructed_report
    html = (out / "m-spring.html").read_text("utf-8")
    assert [int(n) for n in re.findall(r'href="m-spring-h(\d+)\.html"', html)] == [1, 2, 3]
    assert html.count("<svg ") == 2
    assert "Team levels over the match" in html and "Attackers&#39; points per hand" in html \
        or "Attackers' points per hand" in html


def test_index_has_standings_stats_tables_and_charts(constructed_report):
    _, out = constructed_report
    page = Page((out / "index.html").read_text("utf-8"))
    for section in ("standings", "matches", "stats-bottom", "stats-violations-code",
                    "stats-violations-player", "stats-hold", "charts"):
        assert section in page.ids
    html = (out / "index.html").read_text("utf-8")
    assert html.count("<svg ") == 5
    assert "follow_suit" in html
    assert len(page.ids) == len(set(page.ids))
    for key in ("summary", "points", "bottom", "violations"):
        assert f"stats-by-player-{key}" in page.ids


def test_index_standings_come_from_the_stats_module(constructed_report):
    model, out = constructed_report
    assert model.standings.columns[:4] == ("rank / 名次", "team / 队伍", "matches / 场数", "won / 胜")
    teams = [row[1] for row in model.standings.rows]
    assert sorted(teams) == sorted(["Zhang Wei / 王芳", f"{EVIL} / Liu & Yang", "A / C", "B / D"])
    html = (out / "index.html").read_text("utf-8")
    section = html[html.index('id="standings"'):html.index('id="matches"')]
    assert "Zhang Wei / 王芳" in section and f"{ESCAPED_EVIL} / Liu &amp; Yang" in section


def test_standings_rank_teams_by_matches_won_then_levels():
    model = ReportModel(title="t")
    for i, (players, seed) in enumerate([(("A", "B", "C", "D"), 1), (("A", "E", "C", "F"), 2)]):
        m, r = constructed_match(players=players, hands=2, seed=seed)
        fact, hands, violations = facts_from_result(m, r, f"m{i}", "t", None)
        model.match_facts.append(fact)
        model.hand_facts.extend(hands)
        model.violation_facts.extend(violations)
    rows = standings(model)
    # each constructed match: N and S deal in turn and hold (+1 each): N–S end 4 to 2;
    # E commits the one violation of hand 1 (seat E is on team E–W)
    from tractor_analysis.reports.facts import Standing
    assert rows == (Standing("A & C", matches=2, won=2, levels=4, violations=0),
                    Standing("B & D", matches=1, won=0, levels=0, violations=1),
                    Standing("E & F", matches=1, won=0, levels=0, violations=1))
    stats = index_stats(model, charts_on=False)
    assert stats.summary == {"matches": 2, "hands": 4, "violations": 2, "record_findings": 0}
    assert dict((t.key, t.rows) for t in stats.tables)["violations-code"][0][:2] == ("follow_suit", 2)


def test_existing_report_folder_is_replaced_whole(tmp_path):
    match, result = constructed_match(hands=1)
    out = tmp_path / "r"
    out.mkdir()
    (out / "stale.html").write_text("old")
    model = ReportModel(title="t")
    match_drawing.add_match(model, match, result, source="", fallback_title="x", taken=set())
    build.write_report(model, out)
    assert not (out / "stale.html").exists() and (out / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"]


def test_unwritable_output_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(build.ReportError, match="cannot write"):
        build.write_report(ReportModel(title="t"), blocker / "sub" / "report")


def test_write_hand_pages_writes_linked_self_contained_files(tmp_path):
    match, result = constructed_match()
    paths = build.write_hand_pages(tmp_path / "out.html", [(match, result)])
    assert [p.name for p in paths] == ["out.html", "out-2.html", "out-3.html"]
    first = paths[0].read_text("utf-8")
    assert "<style>" in first and 'href="static/' not in first and 'src="static/' not in first
    assert 'href="out-2.html"' in first and "Index" not in first.split("<main>")[0]
    for p in paths:
        for _, link in Page(p.read_text("utf-8")).links:
            target = urlsplit(link).path
            assert not target or (tmp_path / target).is_file()
    only = build.write_hand_pages(tmp_path / "two.html", [(match, result)], hands=[2])
    assert [p.name for p in only] == ["two.html"] and "Hand 2 / 第2局" in only[0].read_text("utf-8")
    with pytest.raises(build.ReportError):
        build.write_hand_pages(tmp_path / "none.html", [(match, result)], hands=[9])


def test_templates_refuse_undefined_variables():
    from jinja2 import UndefinedError
    with pytest.raises(UndefinedError):
        build.environment().get_template("hand.html").render()


def test_cards_are_drawn_with_suit_symbols_and_colours():
    from tractor_analysis.records.cards import parse_card
    assert build.CARD_HTML[parse_card("HQ")] == '<span class="c red" title="HQ">♥Q</span>'
    assert 'class="c black"' in build.CARD_HTML[parse_card("S10")] and "♠10" in build.CARD_HTML[parse_card("S10")]
    assert 'class="c red"' in build.CARD_HTML[parse_card("D5")]
    assert 'class="c red joker"' in build.CARD_HTML[BJ] and "大王" in build.CARD_HTML[BJ]
    assert 'class="c black joker"' in build.CARD_HTML[LJ]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 53), max_size=40), st.integers(2, 14),
       st.one_of(st.none(), st.integers(0, 3)), st.booleans())
def test_display_order_is_a_permutation_with_trumps_first(cards, level, trump, twos):
    shown = display_order(cards, level, trump, twos)
    assert sorted(shown) == sorted(cards)

    def is_trump(k):
        return (k >= 52 or RANK_OF[k] == level or SUIT_OF[k] == trump
                or (twos and level != 2 and RANK_OF[k] == 2))
    flags = [is_trump(k) for k in shown]
    assert flags == sorted(flags, reverse=True)
    if BJ in cards:
        assert shown[0] == BJ


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 3))
def test_hand_view_conserves_cards_and_points(seed, dealer):
    hand, result = constructed_hand(1, seed, dealer=dealer, notes=False)
    match = Match(hands=(hand,))
    view = hand_view(match, hand, result)
    for before, after in zip(view.tricks, view.tricks[1:]):
        for seat in range(4):
            played = before.plays_by_seat[seat].cards
            assert sorted(after.hands_before[seat]) == sorted(
                _minus(before.hands_before[seat], played))
    assert sum(t.points for t in view.tricks) + result.bottom_points == 200
    assert view.tricks[-1].attackers_after == result.attackers_points


def _minus(cards, played):
    rest = list(cards)
    for c in played:
        rest.remove(c)
    return rest
