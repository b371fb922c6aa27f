"""An organiser publishes the sample logs' report and reads it on a phone (390 px wide):
the standings fit the screen, a wider table scrolls inside its box (never the page), and
the charts' legends name every colour drawn."""
from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tractor_analysis.reports import charts
from tractor_analysis.reports.build import build_report, write_report

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"
CHROMIUM = os.environ.get("TRACTOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


def test_the_points_chart_legend_names_both_bar_colours():
    svg = charts.attackers_points_chart([1, 2, 3], [60, 100, 45], 80)
    def legend(svg: str) -> list[str]:     # a label too wide for a line is two <tspan>: its halves
        g = next(g for g in ET.fromstring(svg).iter() if g.get("class") == "legend")
        return [" ".join(t.itertext()) for t in g.iter("{http://www.w3.org/2000/svg}text")]

    assert "attackers' total: defenders hold / 闲家得分：庄家守住" in legend(svg)
    assert "attackers' total: attackers take the deal / 闲家得分：闲家上台" in legend(svg)
    only_low = charts.attackers_points_chart([1], [60], 80)
    assert "attackers' total: attackers take the deal / 闲家得分：闲家上台" not in legend(only_low)   # no red bar, no red legend entry


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory):
    # The index lists its source paths; a checkout deep in a long folder (as on CI) must
    # still fit a phone, so the samples are read from a copy with a long path.
    import shutil

    deep = tmp_path_factory.mktemp("ux") / ("a_long_checkout_folder_name_" * 3) / "sample_logs"
    shutil.copytree(SAMPLES, deep)
    # and one unreadable record: its path goes in the problems table
    (deep / "a_score_sheet_typed_in_a_hurry_at_table_five.tgn").write_text(
        '[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n1. N: XX, E: S3, S: S4, W: S5\n', encoding="utf-8")
    model = build_report([str(deep)])
    return write_report(model, deep.parent.parent / "report")


def test_on_a_phone_the_standings_fit_and_wide_tables_scroll_in_their_box(sample_report):
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no Chromium at {CHROMIUM}: run 'sh tests/install_browser.sh' or set TRACTOR_CHROMIUM")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            for name in ("index.html", "m-spring-cup-r2t5.html", "m-disputed-trick-h1.html", "m-spring-cup-r2t5-h4.html"):
                target = sample_report / name
                page.goto(target.as_uri())
                assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
            page.goto((sample_report / "index.html").as_uri())
            boxes = page.evaluate("""() => [...document.querySelectorAll('.scroll')].map(
                b => ({title: b.closest('section').querySelector('h2').textContent,
                       overflow: b.scrollWidth - b.clientWidth}))""")
            standings = [b for b in boxes if b["title"].startswith("Standings")]
            assert standings and standings[0]["overflow"] <= 0, boxes
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "index-phone.png"), full_page=True)
        finally:
            browser.close()


def _box(svg: str, patch: int) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the SVG path of matplotlib patch number ``patch``."""
    import re

    m = re.search(r'<g id="c\d+-patch_%d">\s*<path d="([^"]+)"' % patch, svg)
    xs_ys = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", m.group(1))]
    xs, ys = xs_ys[0::2], xs_ys[1::2]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("horizontal", [False, True])
def test_a_lone_bar_stays_a_bar_and_leaves_room_above_it(horizontal):
    svg = charts.bar_chart({"×2": 2}, "Bottom captures", "multiplier", "captures", "captures",
                           horizontal=horizontal)
    ax0, ay0, ax1, ay1 = _box(svg, 2)           # the axes
    bx0, by0, bx1, by1 = _box(svg, 3)           # the bar
    across = (by1 - by0) / (ay1 - ay0) if horizontal else (bx1 - bx0) / (ax1 - ax0)
    along = (bx1 - bx0) / (ax1 - ax0) if horizontal else (by1 - by0) / (ay1 - ay0)
    assert across < 0.35                         # not one block filling the axes
    assert along < 0.95                          # a little room above it (the legend is under the axes)


def test_a_problem_without_a_position_is_listed_without_0_0(tmp_path):
    from tractor_analysis.reports.fact_rows import FileProblem

    model = build_report([str(SAMPLES / "disputed-trick.tgn")])
    model.problems.append(FileProblem("gone.tgn", 0, 0, "unreadable_file", "cannot read gone.tgn"))
    model.problems.append(FileProblem("typo.tgn", 3, 7, "unknown_card", "unknown card 'S11'"))
    html = (write_report(model, tmp_path / "r") / "index.html").read_text(encoding="utf-8")
    assert "<td class=\"path\">gone.tgn</td>" in html and "gone.tgn:0:0" not in html
    assert "<td class=\"path\">typo.tgn:3:7</td>" in html


def test_a_missing_input_is_listed_and_the_report_is_written_from_the_rest(tmp_path):
    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    out = tmp_path / "out"
    r = CliRunner().invoke(main, ["report", str(SAMPLES / "disputed-trick.tgn"), str(tmp_path / "nope.tgn"),
                                  "-o", str(out)])
    assert r.exit_code == 2
    assert f"{tmp_path / 'nope.tgn'}: no such file or folder / 找不到文件或文件夹" in r.stderr
    index = (out / "index.html").read_text(encoding="utf-8")
    assert f"<td class=\"path\">{tmp_path / 'nope.tgn'}</td>" in index and "张伟" in index
