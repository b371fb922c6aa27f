"""The match page's two charts, written as SVG directly (reports/match_charts.py): well-formed,
the data read back from the drawing, matplotlib's ticks, names escaped."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from tractor_analysis.records.cards import RANK_TOKENS
from tractor_analysis.reports import match_charts
from tractor_analysis.reports.match_charts import (PLAYER_COLOURS, TEAM_COLOURS, X0, X1, Y0, Y1,
                                                   attackers_points_chart, levels_chart, nice_ticks)

NS = "{http://www.w3.org/2000/svg}"
HOSTILE = ("N–S <script>alert(1)</script> & \"q\" 'a'", "E–W </svg><img src=x onerror=alert(2)> &amp;")


def _ticks(root, cls: str) -> list[tuple[float, str]]:
    """(position, label) of each tick label of the axis group ``cls`` (xticks / yticks)."""
    group = next(g for g in root.iter(NS + "g") if g.get("class") == cls)
    if cls == "xticks":
        return [(float(t.get("x")), t.text) for t in group.iter(NS + "text")]
    return [(float(t.get("y")) - match_charts.LABEL_DY, t.text) for t in group.iter(NS + "text")]


def _linear(ticks: list[tuple[float, float]]):
    """Screen position → data value, from two ticks (position, value)."""
    (p0, v0), (p1, v1) = ticks[0], ticks[-1]
    return lambda p: v0 + (p - p0) * (v1 - v0) / (p1 - p0)


def test_nice_ticks_are_matplotlibs_maxnlocator_ticks():
    ticker = pytest.importorskip("matplotlib.ticker")
    rng = random.Random(20261201)
    for _ in range(3000):
        lo = rng.choice([rng.uniform(-50, 300), float(rng.randint(-3, 40)), 0.0])
        hi = lo + rng.choice([rng.uniform(0.01, 600), float(rng.randint(1, 60))])
        for kw in ({"nbins": 12, "integer": True}, {"nbins": 6, "steps": match_charts.AUTO_STEPS}):
            want = [float(t) for t in ticker.MaxNLocator(**kw).tick_values(lo, hi)]
            got = nice_ticks(lo, hi, **kw)
            assert got == pytest.approx(want, rel=1e-9, abs=1e-9), (lo, hi, kw)


def test_levels_chart_draws_each_teams_levels_where_the_ticks_say():
    series = [(2, 2), (3, 2), (3, 5), (6, 5), (6, 14)]
    svg = levels_chart(series, ("N–S a & b", "E–W c & d"))
    root = ET.fromstring(svg)
    # 216 for the chart, then the legend's two rows under it (15 each, and 4)
    assert root.get("viewBox") == "0 0 345.6 250" and root.get("role") == "img"
    yt = _ticks(root, "yticks")
    ranks = {RANK_TOKENS.get(r, str(r)): r for r in range(2, 15)}
    assert [label for _, label in yt] == [RANK_TOKENS.get(r, str(r)) for r in range(2, 15)]
    level_at = _linear([(p, ranks[label]) for p, label in yt])
    xt = _ticks(root, "xticks")
    assert [label for _, label in xt] == ["0", "1", "2", "3", "4"]
    hand_at = _linear([(p, float(label)) for p, label in xt])
    groups = [g for g in root.iter(NS + "g") if g.get("class") == "series"]
    assert [g.get("data-label") for g in groups] == ["N–S a & b", "E–W c & d"]
    assert [g.get("stroke") for g in groups] == list(TEAM_COLOURS)
    for team, g in enumerate(groups):
        dots = [(float(c.get("cx")), float(c.get("cy"))) for c in g.iter(NS + "circle")]
        assert [round(hand_at(x), 2) for x, _ in dots] == [0, 1, 2, 3, 4]
        assert [round(level_at(y), 2) for _, y in dots] == [s[team] for s in series]
        corners = [tuple(map(float, p.split(","))) for p in g.find(NS + "polyline").get("points").split()]
        assert len(corners) == 2 * len(series) - 1          # a step: across, then up or down
        assert [(round(hand_at(x), 2), round(level_at(y), 2)) for x, y in corners[::2]] == \
            [(i, s[team]) for i, s in enumerate(series)]
        for k in range(1, len(series)):                     # the corner holds the old level at the new hand
            x, y = corners[2 * k - 1]
            assert (round(hand_at(x), 2), round(level_at(y), 2)) == (k, series[k - 1][team])
        for x, y in dots:
            assert X0 <= x <= X1 and Y0 <= y <= Y1


def test_levels_chart_in_friend_mode_has_a_colour_per_player():
    root = ET.fromstring(levels_chart([(2, 2, 2, 2), (3, 2, 4, 2)], ("N a", "E b", "S c", "W d")))
    groups = [g for g in root.iter(NS + "g") if g.get("class") == "series"]
    assert [g.get("stroke") for g in groups] == list(PLAYER_COLOURS)
    assert root.find(NS + "title").text == "Each player's level / 各人级别（找朋友）"


def test_points_chart_bars_read_back_as_the_points_and_the_deal_line_at_the_threshold():
    points = [40, 120, 0, 80, 75, 200]
    root = ET.fromstring(attackers_points_chart([1, 2, 3, 4, 5, 6], points, 80))
    yt = _ticks(root, "yticks")
    assert [label for _, label in yt] == ["0", "50", "100", "150", "200"]     # 5 % above the tallest
    value_at = _linear([(p, float(label)) for p, label in yt])
    bars = list(next(g for g in root.iter(NS + "g") if g.get("class") == "bars"))
    # coordinates have 2 decimals: a point is 0.7 units tall on this axis
    assert [value_at(float(r.get("y"))) for r in bars] == pytest.approx(points, abs=0.03)
    assert [value_at(float(r.get("y")) + float(r.get("height"))) for r in bars] == pytest.approx([0] * 6, abs=0.03)
    assert [r.get("fill") for r in bars] == ["#1f5fa8" if p < 80 else "#c0392b" for p in points]
    assert [r.find(NS + "title").text for r in bars] == [f"hand {i + 1}: {p} / 第{i + 1}局：{p} 分"
                                                         for i, p in enumerate(points)]
    line = next(p for p in root.iter(NS + "path") if p.get("class") == "threshold")
    y = float(re.match(r"M[\d.]+ ([\d.]+)H", line.get("d")).group(1))
    assert value_at(y) == pytest.approx(80, abs=0.03)
    legend = [" ".join(t.itertext()) for t in next(g for g in root.iter(NS + "g")
                                                   if g.get("class") == "legend").iter(NS + "text")]
    assert legend == ["80 points: attackers take the deal / 80 分：闲家上台", "attackers' total: defenders hold / 闲家得分：庄家守住",
                      "attackers' total: attackers take the deal / 闲家得分：闲家上台"]


@pytest.mark.parametrize("teams", [HOSTILE, HOSTILE * 2])
def test_hostile_names_are_escaped_in_the_charts(teams):
    svg = levels_chart([(2,) * len(teams), (3,) * len(teams)], teams)
    assert "<script" not in svg and "<img" not in svg
    root = ET.fromstring(svg)                                  # well-formed: every name escaped
    assert [t.text for t in next(g for g in root.iter(NS + "g") if g.get("class") == "legend").iter(NS + "text")] \
        == list(teams)
    assert [g.get("data-label") for g in root.iter(NS + "g") if g.get("class") == "series"] == list(teams)


def test_a_match_page_with_hostile_player_names_has_two_well_formed_charts(tmp_path):
    from tractor_analysis.records.tgn_reader import parse_tgn
    from tractor_analysis.records.tgn_writer import format_tgn
    from tractor_analysis.reports.build import build_report, render_match
    from tractor_analysis.reports.match_drawing import with_match_charts
    from tractor_analysis.simulate import simulate_match
    import dataclasses

    match = simulate_match(3, 0, max_hands=3)
    evil = ("<script>alert(1)</script>", "\"&'", "李娜 & <b>", "W </svg>")
    match = dataclasses.replace(match, players=evil)
    (tmp_path / "m.tgn").write_text(format_tgn(match), "utf-8")
    assert parse_tgn((tmp_path / "m.tgn").read_text("utf-8"))[0][0].players
    model = build_report([str(tmp_path / "m.tgn")])
    html = render_match(with_match_charts(model.matches[0]))
    svgs = re.findall(r"<svg .*?</svg>", html, re.S)
    assert len(svgs) == 2
    roots = [ET.fromstring(s) for s in svgs]
    labels = [g.get("data-label") for g in roots[0].iter(NS + "g") if g.get("class") == "series"]
    assert labels == [f"N–S {evil[0]} & {evil[2]}", f"E–W {evil[1]} & {evil[3]}"]
    assert "<script>" not in html and "<b>" not in html


def test_held_hands_are_laid_out_as_display_order_sorts_them():
    """card_display.held_in_display_order (a count vector read in C) == display_order of its cards."""
    from tractor_analysis.records.cards import NUM_KINDS
    from tractor_analysis.reports.card_display import display_order, held_in_display_order

    rng = random.Random(7)
    for level, trump, twos in ((2, 0, False), (14, None, True), (10, 3, False), (None, None, False)):
        fn = held_in_display_order(level, trump, twos)
        for _ in range(200):
            counts = [0] * NUM_KINDS
            for k in rng.sample(range(NUM_KINDS), rng.randint(0, 30)):
                counts[k] = rng.choice((1, 1, 2, 3))
            cards = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
            rng.shuffle(cards)
            assert fn(tuple(counts)) == display_order(cards, level, trump, twos)
