"""Constructed matches and engine results for the report tests.

The hands are dealt from a seeded shuffle of two decks and played one card per
seat per trick; the results are built by hand so the report is tested on its
own, whatever the engine says (the real pipeline is tested separately).
"""
from __future__ import annotations

import random

from tractor_analysis.records.cards import HEARTS, POINTS, counts_of, parse_cards
from tractor_analysis.records.model import Declaration, Hand, Match, Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.engine.verdicts import (HandResult, MatchResult, Outcome, ScoreItem, TrickResult,
                                       Violation)

EVIL = "<script>alert(1)</script>"
NOTE_HTML = '<b onmouseover="alert(2)">bold?</b> & <img src=x onerror=alert(3)>'


def deal(seed: int, decks: int = 2) -> tuple[list[list[int]], list[int]]:
    cards = [k for k in range(54) for _ in range(decks)]
    random.Random(seed).shuffle(cards)
    size = {1: 12, 2: 25, 3: 39}[decks]
    return [sorted(cards[i * size:(i + 1) * size]) for i in range(4)], sorted(cards[4 * size:])


def constructed_hand(number: int, seed: int, *, dealer: int = 0, level: int = 2,
                     violation_at: int | None = 5, levels_before=(2, 2), levels_after=(3, 2),
                     attackers_win: bool = False, notes: bool = True):
    """(Hand, HandResult): 25 one-card tricks; the winner of each trick is its
    highest card kind (a stand-in rule); one violation by E at ``violation_at``."""
    rules = PRESETS["standard"]
    hands, bottom = deal(seed)
    defenders = frozenset({dealer, (dealer + 2) % 4})
    held = [list(h) for h in hands]
    tricks, results, violations = [], [], []
    leader = dealer
    attackers = 0
    for n in range(1, 26):
        before = tuple(counts_of(h) for h in held)
        order = [(leader + i) % 4 for i in range(4)]
        plays = []
        for s in order:
            card = held[s].pop(0)
            plays.append(Play(seat=s, cards=(card,),
                              notes=(NOTE_HTML,) if notes and n == 3 and s == order[0] else ()))
        winner = max(plays, key=lambda p: p.cards[0]).seat
        pts = sum(POINTS[p.cards[0]] for p in plays)
        if winner not in defenders:
            attackers += pts
        tv = ()
        if n == violation_at:
            e_play = next(p for p in plays if p.seat == 1)
            v = Violation(code="follow_suit", trick=n, seat=1, played=e_play.cards,
                          better=(held[1][0],) if held[1] else (),
                          message_zh=f"东家{EVIL}没有跟出首家的花色", message_en=f"E {EVIL} did not follow suit")
            tv = (v,)
            violations.append(v)
        tricks.append(Trick(number=n, plays=tuple(plays),
                            notes=(f"referee: {EVIL}",) if notes and n == 2 else ()))
        results.append(TrickResult(number=n, leader=leader, plays=tuple(plays), winner=winner,
                                   points=pts, hands_before=before, violations=tv))
        leader = winner
    last_attacker = results[-1].winner not in defenders
    bottom_points = sum(POINTS[c] for c in bottom)
    mult = 2 if last_attacker else 0
    bonus = bottom_points * mult
    total = attackers + bonus
    items = (ScoreItem("tricks", attackers, "牌面分", "points in tricks"),
             ScoreItem("bottom", bonus, f"底分 {bottom_points}×{mult}", f"bottom {bottom_points} × {mult}"))
    winner_side = "attackers" if attackers_win else "defenders"
    team = (dealer & 1) ^ attackers_win
    outcome = Outcome(winner=winner_side, levels=1, next_dealer=(dealer + 1) % 4, team=team)
    hand = Hand(number=number, dealer=dealer, trump=HEARTS, level=level,
                declarations=(Declaration(dealer, parse_cards(f"H{level}")),),
                deal=tuple(tuple(h) for h in hands), bottom=tuple(bottom), buried=tuple(bottom),
                tricks=tuple(tricks), claim=total + 5,
                notes=(f"before the first trick {EVIL}",) if notes else ())
    result = HandResult(number=number, dealer=dealer, level=level, trump=HEARTS, rules=rules,
                        defenders=defenders, tricks=tuple(results), violations=tuple(violations),
                        attackers_points=attackers, bottom_points=bottom_points,
                        bottom_multiplier=mult, bottom_bonus=bonus, penalties=0,
                        attackers_total=total, items=items, outcome=outcome,
                        levels_before=levels_before, levels_after=levels_after, claim=total + 5)
    return hand, result


def constructed_match(players=("Zhang Wei", EVIL, "王芳", "Liu & Yang"), hands: int = 3,
                      seed: int = 7) -> tuple[Match, MatchResult]:
    recs, res = [], []
    levels = (2, 2)
    dealer = 0
    for i in range(hands):
        after = (levels[0] + 1, levels[1]) if dealer % 2 == 0 else (levels[0], levels[1] + 1)
        h, r = constructed_hand(i + 1, seed + i, dealer=dealer, level=levels[dealer & 1],
                                levels_before=levels, levels_after=after,
                                violation_at=5 if i == 0 else None)
        recs.append(h)
        res.append(r)
        levels = after
        dealer = (dealer + 2) % 4
    match = Match(event=f"Spring Cup {EVIL}", round="2", table="5", players=players,
                  hands=tuple(recs), notes=(NOTE_HTML,))
    return match, MatchResult(hands=tuple(res), levels_final=levels)


# ----------------------------------------------------------------------------- tests
import functools  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
from html.parser import HTMLParser  # noqa: E402
from pathlib import Path  # noqa: E402
from urllib.parse import unquote, urlsplit  # noqa: E402

import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from tractor_analysis.records.cards import BJ, LJ, RANK_OF, RANK_TOKENS, SUIT_OF, TOKEN  # noqa: E402
from tractor_analysis.reports import build, charts, inputs  # noqa: E402
from markupsafe import escape  # noqa: E402
from tractor_analysis.engine.replay import replay_match  # noqa: E402
from tractor_analysis.reports.fact_rows import facts_from_result  # noqa: E402
from tractor_analysis.reports.model import ReportModel, display_order, hand_view, match_view  # noqa: E402
from tractor_analysis.reports.facts import index_stats, standings  # noqa: E402

ESCAPED_EVIL = "&lt;script&gt;alert(1)&lt;/script&gt;"


class Page(HTMLParser):
    """Links, ids, scripts and text of one HTML page."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []
        self.ids: set[str] = set()
        self.scripts: list[tuple[dict, str]] = []
        self._script: dict | None = None
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for name in ("href", "src", "xlink:href", "action", "poster"):
            if a.get(name) is not None:
                self.links.append((tag, a[name]))
        if tag == "script":
            self._script = a
            self.scripts.append((a, ""))

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            a, text = self.scripts[-1]
            self.scripts[-1] = (a, text + data)
        else:
            self.text.append(data)


@pytest.fixture(scope="module")
def constructed_report(tmp_path_factory):
    match, result = constructed_match()
    model = ReportModel(title=f"Cup {EVIL}")
    inputs.add_match(model, match, result, source="spring.tgn", fallback_title="spring", taken=set())
    m2, r2 = constructed_match(players=("A", "B", "C", "D"), hands=2, seed=40)
    inputs.add_match(model, m2, r2, source="other.tgn", fallback_title="spring", taken={"spring"})
    model.replayed.append(("spring.tgn", "a" * 64, [match], [result]))
    model.replayed.append(("other.tgn", "b" * 64, [m2], [r2]))
    inputs.add_stats(model)  # the stats module's tables, over an in-memory dataset
    out = build.write_report(model, tmp_path_factory.mktemp("rep") / "report")
    return model, out


def all_pages(out: Path) -> dict[Path, Page]:
    return {p: Page(p.read_text("utf-8")) for p in sorted(out.rglob("*.html"))}


def test_report_folder_has_an_index_a_page_per_match_and_per_hand(constructed_report):
    model, out = constructed_report
    names = {p.name for p in out.glob("*.html")}
    assert "index.html" in names
    assert {"m-spring.html", "m-spring-2.html"} <= names
    assert {f"m-spring-h{i}.html" for i in (1, 2, 3)} <= names
    assert {f"m-spring-2-h{i}.html" for i in (1, 2)} <= names
    assert (out / "static" / "report.css").is_file() and (out / "static" / "report.js").is_file()
    assert not list(out.parent.glob(".report.*")), "temporary folders left behind"


def check_links(out: Path) -> int:
    """Every link of every page in ``out`` names a file there (and an element of it); returns
    how many links were checked."""
    pages = all_pages(out)
    checked = 0
    for path, page in pages.items():
        for tag, link in page.links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{path.name}: external link {link}"
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            assert target.is_file(), f"{path.name}: {link} does not resolve"
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else Page(target.read_text("utf-8")).ids
                assert parts.fragment in ids, f"{path.name}: {link} names no element"
            checked += 1
    return checked


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
    inputs.add_match(model, match, MatchResult(hands=tuple(results), levels_final=(3, 2)),
                    source="cup.tgn", fallback_title="cup", taken=set())
    assert [h.violation_count for h in model.matches[0].hands] == [1, 0, 1, 0]
    return model


@pytest.mark.parametrize("mode, hands", [("all", [1, 2, 3, 4]), ("violations", [1, 3]), ("none", [])])
def test_hand_pages_option_writes_those_hands_and_links_only_to_pages_that_exist(
        violations_in_hands_1_and_3, tmp_path, mode, hands):
    out = build.write_report(violations_in_hands_1_and_3, tmp_path / "r", hand_pages=mode)
    names = sorted(p.name for p in out.glob("*.html"))
    assert names == sorted(["index.html", "m-cup.html"] + [f"m-cup-h{n}.html" for n in hands])
    assert check_links(out) > 5
    match_html = (out / "m-cup.html").read_text("utf-8")
    assert [int(n) for n in re.findall(r'href="m-cup-h(\d+)\.html"', match_html)] == hands
    rows = re.findall(r"<tr[^>]*>\s*<td>(.*?)</td>", match_html.split('id="hands"')[1])
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
    assert stats.summary == {"matches": 2, "hands": 4, "violations": 2}
    assert dict((t.key, t.rows) for t in stats.tables)["violations-code"][0][:2] == ("follow_suit", 2)


def test_existing_report_folder_is_replaced_whole(tmp_path):
    match, result = constructed_match(hands=1)
    out = tmp_path / "r"
    out.mkdir()
    (out / "stale.html").write_text("old")
    model = ReportModel(title="t")
    inputs.add_match(model, match, result, source="", fallback_title="x", taken=set())
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


# --------------------------------------------------------------- the real pipeline
from click.testing import CliRunner  # noqa: E402

from tractor_analysis.cli.main import main as tractor  # noqa: E402

SAMPLE_LOGS = Path(__file__).resolve().parent.parent / "sample_logs"
INJECTED_RE = re.compile(r"injected: (\w+)")


def run(*args):
    result = CliRunner().invoke(tractor, [str(a) for a in args], catch_exceptions=False)
    return result


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    """Simulated matches with injected violations ({injected: CODE} on the illegal play)."""
    root = tmp_path_factory.mktemp("sim")
    r = run("simulate", "-n", 2, "--seed", 11, "--violation-rate", 0.05, "--max-hands", 6,
            "-o", root / "records")
    assert r.exit_code == 0, r.output
    return root


def test_report_of_a_simulated_corpus_shows_every_injected_violation_at_its_trick(simulated):
    out = simulated / "report"
    r = run("report", simulated / "records", "-o", out)
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().endswith("index.html")
    injected = 0
    for page in sorted(out.glob("m-*-h*.html")):
        html = page.read_text("utf-8")
        for section in re.findall(r'<section class="trick.*?</section>', html, re.S):
            for code in INJECTED_RE.findall(section):
                injected += 1
                assert f'data-code="{code}"' in section, f"{page.name}: injected {code} not shown"
    assert injected > 0, "the simulator injected no violation: raise --violation-rate"
    index = (out / "index.html").read_text("utf-8")
    assert "stats-by-player-violations" in index and "Violations by code" in index


def test_report_hand_pages_violations_writes_the_pages_of_exactly_the_hands_with_one(simulated):
    full = simulated / "report-all"
    assert run("report", simulated / "records", "-o", full).exit_code == 0
    with_violation = sorted(p.name for p in full.glob("m-*-h*.html")
                            if 'class="violation"' in p.read_text("utf-8"))
    assert 0 < len(with_violation) < len(list(full.glob("m-*-h*.html")))
    out = simulated / "report-violations"
    r = run("report", simulated / "records", "-o", out, "--hand-pages", "violations")
    assert r.exit_code == 0, r.output
    assert f"({len(with_violation)} hand page(s))" in r.stderr
    assert sorted(p.name for p in out.glob("m-*-h*.html")) == with_violation
    for name in with_violation:   # the same page, but for previous / next
        strip = functools.partial(re.sub, r'<nav class="crumbs">.*?</nav>', "", flags=re.S)
        assert strip((out / name).read_text("utf-8")) == strip((full / name).read_text("utf-8"))
    check_links(out)
    none = simulated / "report-none"
    r = run("report", simulated / "records", "-o", none, "--hand-pages", "none")
    assert r.exit_code == 0 and "(0 hand page(s))" in r.stderr
    assert not list(none.glob("m-*-h*.html")) and check_links(none) > 0
    r = run("report", simulated / "records", "-o", none, "--hand-pages", "some")
    assert r.exit_code == 2 and "'some' is not one of" in r.stderr


def test_report_of_a_dataset_folder_draws_hand_pages_from_its_records(simulated):
    data = simulated / "data"
    r = run("ingest", simulated / "records", "-o", data)
    assert r.exit_code == 0, r.output
    out = simulated / "report-ds"
    r = run("report", data, "-o", out)
    assert r.exit_code == 0, r.output
    from_records = sorted(p.name for p in (simulated / "report").glob("*.html")) \
        if (simulated / "report").exists() else None
    names = sorted(p.name for p in out.glob("*.html"))
    assert len([n for n in names if "-h" in n]) > 2
    if from_records is not None:
        assert names == from_records


def test_report_of_a_dataset_without_its_records_still_has_every_page(simulated, tmp_path):
    """The dataset stands alone: its records table holds each match's record text."""
    import shutil
    records = tmp_path / "records"
    shutil.copytree(simulated / "records", records)
    data = tmp_path / "data"
    assert run("ingest", records, "-o", data).exit_code == 0
    shutil.rmtree(records)
    out = tmp_path / "report"
    r = run("report", data, "-o", out)
    assert r.exit_code == 0, r.output
    from_records = tmp_path / "from-records"
    assert run("report", simulated / "records", "-o", from_records).exit_code == 0
    assert sorted(p.name for p in out.glob("*.html")) == sorted(p.name for p in from_records.glob("*.html"))
    index = (out / "index.html").read_text("utf-8")
    assert "Distribution of attackers" in index and "Standings" in index


def test_report_of_an_old_dataset_without_records_or_files_has_statistics_and_exits_2(simulated, tmp_path):
    """A dataset written before the records table, its record files gone: the statistics
    are there, each match that cannot be drawn is named on stderr, and the exit is 2."""
    import shutil
    records = tmp_path / "records"
    shutil.copytree(simulated / "records", records)
    data = tmp_path / "data"
    assert run("ingest", records, "-o", data).exit_code == 0
    shutil.rmtree(records)
    shutil.rmtree(data / "records")           # as written before the records table existed
    out = tmp_path / "report"
    r = run("report", data, "-o", out)
    assert r.exit_code == 2, r.output
    assert sorted(p.name for p in out.glob("*.html")) == ["index.html"]
    assert r.stderr.count("no record text in the dataset") == 2 and "无法生成比赛页和牌局页" in r.stderr
    index = (out / "index.html").read_text("utf-8")
    assert "Distribution of attackers" in index and "Standings" in index
    assert "no matches" not in index


def test_hostile_names_and_annotations_in_a_record_are_shown_as_text(simulated, tmp_path):
    source = sorted((simulated / "records").glob("*.tgn"))[0].read_text("utf-8")
    hostile = re.sub(r'\[North "[^"]*"\]', '[North "<script>alert(1)</script>"]', source, count=1)
    hostile = re.sub(r"^(1\. .*)$", r"\1 {<img src=x onerror=alert(3)> & <b>bold</b>}", hostile,
                     count=1, flags=re.M)
    (tmp_path / "hostile.tgn").write_text(hostile, "utf-8")
    out = tmp_path / "report"
    assert run("report", tmp_path / "hostile.tgn", "-o", out).exit_code == 0
    for page in out.glob("*.html"):
        html = page.read_text("utf-8")
        assert "<script>alert" not in html and "<img src=x" not in html and "<b>bold" not in html
    hand = (out / "m-hostile-h1.html").read_text("utf-8")
    assert ESCAPED_EVIL in hand and "&lt;img src=x onerror=alert(3)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in hand


def test_report_command_errors_are_clear(tmp_path):
    r = run("report", tmp_path / "missing.tgn", "-o", tmp_path / "out")
    assert r.exit_code == 2 and "missing.tgn: no such file" in r.stderr
    bad = tmp_path / "bad.tgn"
    bad.write_text('[Event "x"]\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n1. N: S11\n', "utf-8")
    r = run("report", bad, "-o", tmp_path / "out")
    assert r.exit_code == 2
    assert re.search(r"bad\.tgn:\d+:\d+: .*S11", r.stderr)
    index = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert "Unreadable records" in index and "S11" in index


@pytest.mark.skipif(not any(SAMPLE_LOGS.glob("*.*")), reason="sample_logs/ is empty")
def test_report_of_the_sample_logs(tmp_path):
    out = tmp_path / "report"
    r = run("report", SAMPLE_LOGS, "-o", out)
    assert r.exit_code in (0, 2), r.output
    pages = list(out.glob("*.html"))
    assert (out / "index.html").is_file() and len(pages) > 1
    for page in pages:
        for _, link in Page(page.read_text("utf-8")).links:
            target = urlsplit(link).path
            assert not target or (page.parent / unquote(target)).is_file(), (page.name, link)


# --- variants on the pages ---------------------------------------------------------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_deal_line_is_where_the_engine_gives_the_attackers_the_deal(preset):
    """The points chart's line (40 × decks) is the first total at which the score table
    hands the deal to the attackers (rules.md §8), for every preset."""
    from tractor_analysis.engine.scoring import level_change
    from tractor_analysis.simulate import simulate_match

    rules = PRESETS[preset]
    match = simulate_match(4, 0, rules=rules, max_hands=2)
    view = inputs.with_match_charts(match_view(match, replay_match(match), key="m"))
    line = view.hands[0].threshold
    assert line == 40 * rules.decks
    assert level_change(rules, line)[0] == "attackers"
    assert level_change(rules, line - 5)[0] == "defenders"
    assert f"{line} points: attackers take the deal" in view.charts[1]


def test_index_draws_one_points_distribution_per_deck_count(tmp_path):
    from tractor_analysis.simulate import simulate_match

    model = ReportModel(title="t")
    taken: set[str] = set()
    for i, preset in enumerate(("standard", "three-deck")):
        m = simulate_match(6, i, rules=PRESETS[preset], max_hands=2)
        inputs.add_match(model, m, replay_match(m), source="x", fallback_title=preset, taken=taken)
    stats = index_stats(model)
    joined = "".join(stats.charts)
    assert "80: attackers take the deal" in joined and "120: attackers take the deal" in joined
    points = next(t for t in stats.tables if t.key == "points").rows[0]
    over = sum(h.attackers_total >= 40 * h.decks for h in model.hand_facts if h.outcome)
    assert points[2] == over


def _friend_match(preset="standard", seed=8, index=1, hands=6, rate=0.0):
    import dataclasses

    from tractor_analysis.simulate import simulate_match
    rules = dataclasses.replace(PRESETS[preset], friend=True, name=preset + "+")
    return simulate_match(seed, index, rules=rules, max_hands=hands, violation_rate=rate)


def test_hand_page_shows_the_variant_friend_card_partner_and_each_players_level(tmp_path):
    match = _friend_match()
    result = replay_match(match)
    view = match_view(match, result, key="f")
    for hv, hr, rec in zip(view.hands, result.hands, match.hands):
        html = build.render_hand(hv)
        text = " ".join(Page(html).text)
        assert "standard+" in text and "friend" in text and "(standard: off)" in text
        assert 'id="friend"' in html and f'title="{TOKEN[rec.friend]}"' in html.split('id="friend"')[1][:400]
        others = sorted(hr.defenders - {hr.dealer})
        partner = html.split('id="partner">')[1].split("</dd>")[0]
        if others:
            assert partner.startswith("NESW"[others[0]] + " ")
        else:
            assert "plays alone" in partner
        levels = html.split('id="player-levels-after">')[1].split("</dd>")[0]
        for seat in range(4):
            before = RANK_TOKENS[hr.player_levels_before[seat]]
            after = RANK_TOKENS.get(hr.player_levels_after[seat], "A+")
            assert f"{'NESW'[seat]} " in levels and f"{before} → {after}" in levels
    match_html = build.render_match(inputs.with_match_charts(view))
    assert "Each player&#39;s level" in match_html or "Each player's level" in match_html
    assert "friend / 朋友" in match_html


def test_tournament_pages_show_revoke_penalties_and_the_forfeit():
    from tractor_analysis.simulate import simulate_match

    for i in range(40):
        match = simulate_match(77, i, rules=PRESETS["tournament"], max_hands=8, violation_rate=0.05)
        result = replay_match(match)
        if result.forfeit is not None:
            break
    else:
        pytest.fail("no forfeit in 40 simulated tournament matches")
    view = match_view(match, result, key="t")
    html = build.render_match(view)
    revokes = html.split('id="revokes">')[1].split("</dd>")[0]
    ns = sum(h.revoke_levels[0] for h in result.hands)
    ew = sum(h.revoke_levels[1] for h in result.hands)
    assert f"N–S {ns} · E–W {ew}" in revokes and max(ns, ew) >= 3
    assert "forfeited" in html.split('id="result">')[1].split("</dd>")[0]
    assert "pair_doubling" not in html.split('id="variant">')[1].split("</dd>")[0]   # the preset as it is
    hit = next(h for h, r in zip(view.hands, result.hands) if any(r.revoke_levels))
    hand_html = build.render_hand(hit)
    assert "bad-text" in hand_html.split('id="revoke">')[1].split("</dd>")[0]


_RUN_RE = re.compile(r'<i(?: class="([^"]*)")?>(.*?)</i>')
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def read_held(held_html: str) -> list[tuple[str, bool, bool]]:
    """A compact held listing read back: (token, marked, trump run) per card, in order.
    Checks on the way that each run is one suit (or one joker kind) and is coloured right."""
    cards = []
    for classes, body in _RUN_RE.findall(held_html):
        classes = set(classes.split())
        suit = _SUIT_LETTER.get(body[:1])
        if suit:
            body = body[1:]
        ranks = [(r.removeprefix("<mark>").removesuffix("</mark>"), r.startswith("<mark>"))
                 for r in body.split(" ")]
        red = suit in ("H", "D") or (suit is None and "大王" in body)
        assert ("r" in classes) == red, held_html
        assert suit is not None or len({r for r, _ in ranks}) == 1, held_html  # one joker kind a run
        for r, marked in ranks:
            token = {"大王": "BJ", "小王": "LJ"}[r] if suit is None else suit + r
            cards.append((token, marked, "t" in classes))
    return cards


def test_hand_page_marks_in_each_hand_the_cards_played_in_that_trick(constructed_report):
    model, out = constructed_report
    hv = model.matches[0].hands[0]
    html = build.render_hand(hv)
    for t in hv.tricks:
        section = html.split(f'id="trick-{t.number}"')[1].split("</section>")[0]
        helds = section.split('class="held small"')[1:]
        assert len(helds) == 4
        for seat, held_html in enumerate(helds):
            held = read_held(held_html.split("</div>")[0])
            assert [c for c, _, _ in held] == [TOKEN[k] for k in t.hands_before[seat]]
            marked = [c for c, m, _ in held if m]
            play = t.plays_by_seat[seat]
            expected = sorted(TOKEN[k] for k in play.cards) if play else []
            assert sorted(marked) == expected, (t.number, seat)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 53), max_size=40), st.integers(2, 14),
       st.one_of(st.none(), st.integers(0, 3)), st.booleans(), st.data())
def test_compact_held_listing_reads_back_as_the_hand_with_its_marks_and_trumps(cards, level, trump,
                                                                              twos, data):
    from tractor_analysis.reports.model import display_groups
    shown = display_order(cards, level, trump, twos)
    marks = tuple(data.draw(st.lists(st.booleans(), min_size=len(shown), max_size=len(shown))))
    groups = display_groups(level, trump, twos)
    html = build.held_html(shown, marks, groups)
    held = read_held(html)
    assert [(c, m) for c, m, _ in held] == [(TOKEN[k], m) for k, m in zip(shown, marks)]
    assert [t for _, _, t in held] == [groups[k] == 0 for k in shown]   # trumps tinted, only they
    # a run costs its tags and symbol (≤ 23 bytes), a card its rank and a space (≤ 7: 大王), a mark 13
    assert len(html.encode()) <= 23 * html.count("<i") + 7 * len(shown) + 13 * sum(marks)


def test_a_held_card_takes_a_few_bytes_not_a_tile(constructed_report):
    """The four hands before each trick are most of a hand page: one run per suit,
    a few bytes a card (a tile per card made a 2-deck page ~70 KB)."""
    model, out = constructed_report
    hv = model.matches[0].hands[0]
    html = (out / hv.filename).read_text("utf-8")
    helds = re.findall(r'<div class="held small">(.*?)</div>', html)
    cards = sum(len(x) for t in hv.tricks for x in t.hands_before)
    assert len(helds) == 100 and cards == 4 * sum(range(1, 26))
    assert sum(len(h.encode()) for h in helds) < 15 * cards      # the label included; a tile ~45
    assert len(html.encode()) < 65_000                                 # was ~100 KB with tiles


def test_folder_pages_link_the_shared_css_and_js_and_inline_neither(constructed_report):
    _, out = constructed_report
    for p in out.glob("*.html"):
        html = re.sub(r"<svg .*?</svg>", "", p.read_text("utf-8"), flags=re.S)  # a chart's own style stays
        assert "<style" not in html and '<link rel="stylesheet" href="static/report.css">' in html, p.name
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
        assert all('type="application/json"' in a or (a.strip() == 'src="static/report.js"' and not body)
                   for a, body in scripts), p.name
    hand = (out / "m-spring-h1.html").read_text("utf-8")
    assert '<script src="static/report.js"></script>' in hand


@given(st.lists(st.integers(0, 53), max_size=12), st.lists(st.integers(0, 53), max_size=6))
def test_played_marks_mark_one_held_copy_per_card_played(held, played):
    from tractor_analysis.reports.model import played_marks
    marks = played_marks(tuple(held), played)
    assert len(marks) == len(held)
    for k in set(held):
        marked = sum(m for c, m in zip(held, marks) if c == k)
        assert marked == min(held.count(k), played.count(k))


# --- streaming: a pending model is written one match at a time -----------------------------
_CHART_ID_RE = re.compile(r'(\bid="|url\(#|href="#)c\d+-')


def _report_files(out: Path) -> dict[str, str]:
    """Every file of a report, chart ids made neutral (their prefix counts charts per process)."""
    return {str(p.relative_to(out)): _CHART_ID_RE.sub(r"\1c-", p.read_text("utf-8"))
            for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def record_folder(tmp_path_factory):
    """Three simulated matches with injected violations: two in one file, one in another."""
    from tractor_analysis.simulate import simulate_match
    from tractor_analysis.records.sources import load_file
    from tractor_analysis.records import format_jsonl
    from tractor_analysis.records.tgn_writer import format_tgn

    folder = tmp_path_factory.mktemp("records")
    matches = [simulate_match(11, i, violation_rate=0.05, max_hands=3) for i in range(3)]
    (folder / "a-pair.jsonl").write_text(format_jsonl(matches[:2]), "utf-8")
    (folder / "b-one.tgn").write_text(format_tgn(matches[2]), "utf-8")
    assert len(load_file(folder / "a-pair.jsonl").matches) == 2
    return folder


@pytest.mark.parametrize("mode", build.HAND_PAGES)
def test_streamed_report_is_the_report_built_in_memory_byte_for_byte(record_folder, tmp_path, mode):
    streamed = build.build_report([str(record_folder), str(tmp_path / "missing")])
    assert streamed.pending is not None
    s_out = build.write_report(streamed, tmp_path / "streamed", hand_pages=mode)
    in_memory = build.build_report([str(record_folder), str(tmp_path / "missing")])
    in_memory.settle()
    assert in_memory.pending is None and in_memory.matches[0].hands[0].tricks   # full views
    m_out = build.write_report(in_memory, tmp_path / "memory", hand_pages=mode)
    assert _report_files(s_out) == _report_files(m_out)
    pages = [p for p in s_out.glob("m-*-h*.html")]
    with_violation = sum(h.violation_count > 0 for m in in_memory.matches for h in m.hands)
    assert len(pages) == {"all": sum(len(m.hands) for m in in_memory.matches),
                          "violations": with_violation, "none": 0}[mode]
    assert with_violation and check_links(s_out) > 5
    # what the streamed model keeps: the index's rows and each match's hand summaries
    assert [f.match for f in streamed.match_facts] == [f.match for f in in_memory.match_facts]
    assert streamed.hand_facts == in_memory.hand_facts and streamed.problems == in_memory.problems
    assert len(streamed.problems) == 1 and streamed.problems[0].code == "unreadable_file"
    for kept, full in zip(streamed.matches, in_memory.matches):
        assert kept.charts == () and all(h.tricks == () for h in kept.hands)
        assert [(h.filename, h.violation_count) for h in kept.hands] == \
            [(h.filename, h.violation_count) for h in full.hands]


def test_each_match_is_written_before_the_next_is_replayed(record_folder, tmp_path, monkeypatch):
    from tractor_analysis.engine import replay

    real = replay.replay_match
    seen: list[int] = []

    def replay_and_look(match, rules=None):
        # the match pages already in the temporary folder next to the report
        seen.append(len(list(tmp_path.glob(".r.*/m-*[0-9a-z].html"))) -
                    len(list(tmp_path.glob(".r.*/m-*-h*.html"))))
        return real(match, rules)

    monkeypatch.setattr(replay, "replay_match", replay_and_look)
    build.write_report(build.build_report([str(record_folder)]), tmp_path / "r")
    assert seen == [0, 1, 2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"]


def test_reading_a_pending_model_builds_it_in_memory(record_folder):
    model = build.build_report([str(record_folder)])
    assert "pending" in repr(model)
    assert len(model.match_facts) == 3 and model.pending is None      # read: settled
    assert all(h.tricks for m in model.matches for h in m.hands)
    assert model.tables is not None and not model.replayed
