"""The match page's points chart on hands whose record stops before their end, and its words (a tester's findings).

A tester found: a hand whose record stops with no result (no [Claim], the cards left fixing none: ``check`` says
"no outcome") was drawn as a solid bar in a result colour, "hand 1: 20" — a finished total; a record ending inside its
forced last trick, whose total the cards give, was drawn as a range line of no height; the legend was partly English
only ("80 points: attackers take the deal"), and the tooltips called a trick by a word ``check`` did not use
(round 19: both say 轮, the word of docs/rules.md)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.reports.match_charts import (HOLD_COLOUR, NO_RESULT_COLOUR, TAKE_COLOUR, StoppedHand,
                                                   attackers_points_chart)

from event_helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
NO_RESULT = SAMPLE[:SAMPLE.index("5. S: DA DQ")] + SAMPLE[SAMPLE.index('[Hand "2"]'):]
"""Hand 1 written up to trick 4 (the attackers have 20), no [Claim]: the cards left fix no result."""
FORCED = (SAMPLE[:SAMPLE.index("16. W: CQ")] + "16. W: CQ, N: SJ\n"
          + SAMPLE[SAMPLE.index('[Claim "60"]') + len('[Claim "60"]\n'):])
"""Hand 1 ends inside trick 16, its last, one card a seat left: the plays left out are forced, the total is 60."""
NS = "{http://www.w3.org/2000/svg}"
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _chart(tmp_path: Path, text: str, dataset: bool = False) -> ET.Element:
    """The points chart of the match page ``tractor report`` draws of the record ``text`` (``dataset``: from a
    dataset ingested of it)."""
    folder = tmp_path / "in"
    folder.mkdir(parents=True)
    (folder / "m.tgn").write_text(text, encoding="utf-8")
    source = str(folder / "m.tgn")
    if dataset:
        source = str(tmp_path / "ds")
        run_cli("ingest", str(folder), "-o", source, "-q")
    r = CliRunner().invoke(main, ["report", source, "-o", str(tmp_path / "rep")], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    page = (tmp_path / "rep" / "m-m.html").read_text("utf-8")
    svg = next(s for s in re.findall(r"<svg .*?</svg>", page, re.S) if "Attackers&#39; points" in s)
    return ET.fromstring(svg)


def _group(root: ET.Element, cls: str) -> list[ET.Element]:
    g = next((g for g in root.iter(NS + "g") if g.get("class") == cls), None)
    return [] if g is None else list(g)


def _legend(root: ET.Element) -> list[str]:
    """The legend's labels (a label on two lines is two ``<tspan>``: its halves joined)."""
    g = next(g for g in root.iter(NS + "g") if g.get("class") == "legend")
    return [" ".join(t.itertext()) for t in g.iter(NS + "text")]


def _value_at(root: ET.Element):
    """The chart's y coordinate → points, from its tick labels."""
    ticks = [(float(t.get("y")) - 3.9, float(t.text.replace("\u2212", "-"))) for t in _group(root, "yticks")]
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    return lambda y: v0 + (y - y0) * (v1 - v0) / (y1 - y0)


def _bilingual(text: str) -> None:
    """``text`` is "English / 中文": no Chinese in the first half, Chinese in the second."""
    en, zh = text.split(" / ", 1)
    assert not _CJK.search(en) and _CJK.search(zh), text


def test_the_fixture_stops_with_no_result(tmp_path):
    # what check says of its hand 1: the ground for the chart's words
    f = tmp_path / "m.tgn"
    f.write_text(NO_RESULT, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(f)]).output
    assert "the record ends before the hand does, no outcome" in out and "the record stops after trick 4" in out


def test_a_stopped_hand_with_no_result_is_drawn_as_points_so_far_never_a_total(tmp_path):
    for dataset in (False, True):
        root = _chart(tmp_path / str(dataset), NO_RESULT, dataset)
        # no plain (filled) bar for hand 1: it would read as a finished total of 20
        assert not [r for r in _group(root, "bars") if r.find(NS + "title").text.startswith("hand 1:")]
        (bar,) = [e for e in _group(root, "stopped") if e.find(NS + "title").text.startswith("hand 1:")]
        assert bar.get("class") == "so-far" and bar.get("fill") == "#fff" and bar.get("stroke-dasharray")
        assert bar.get("stroke") == NO_RESULT_COLOUR not in (HOLD_COLOUR, TAKE_COLOUR)    # no result, no result colour
        assert abs(_value_at(root)(float(bar.get("y"))) - 20) < 0.1
        words = bar.find(NS + "title").text
        assert words == ("hand 1: 20 so far (the tricks recorded) — stopped after trick 4; no result / "
                         "第1局：已得 20 分（已记录的各轮）——记录在第 4 轮之后结束；没有结果")
        assert "stopped record, no result: points so far / 记录中途结束，没有结果：已得分" in _legend(root)
        # the hands played out keep their filled bars, their tooltips in both languages
        assert [r.find(NS + "title").text for r in _group(root, "bars")][0] == "hand 2: 60 / 第2局：60 分"


def test_a_record_ending_inside_its_forced_last_trick_is_drawn_as_the_derived_total(tmp_path):
    root = _chart(tmp_path, FORCED)
    stopped = _group(root, "stopped")
    assert not [e for e in stopped if e.get("class") in ("bounds", "so-far")]    # no range of one value, no "so far"
    (bar,) = stopped
    assert bar.get("class") == "derived-total" and bar.get("fill") == HOLD_COLOUR and bar.get("fill-opacity")
    assert abs(_value_at(root)(float(bar.get("y"))) - 60) < 0.1
    assert bar.find(NS + "title").text == (
        "hand 1: 60, the total derived from the cards left — the record stops inside trick 16; the plays left out "
        "cannot change it / 第1局：60 分，由余下的牌推出的总分——记录在第 16 轮中途结束；未记录的出牌不能改变它")
    assert "total derived from the cards left / 由余下的牌推出的总分" in _legend(root)
    assert not [t for t in _legend(root) if "totals the cards left allow" in t]


def test_one_total_the_cards_left_give_above_the_points_so_far_is_a_mark_not_a_range():
    s = StoppedHand(trick=15, inside=False, low=75, high=75, takes=False)
    root = ET.fromstring(attackers_points_chart([1, 2], [60, 40], 80, [s, None]))
    kinds = [e.get("class") for e in _group(root, "stopped")]
    assert kinds == ["so-far", "total"]
    (mark,) = [e for e in _group(root, "stopped") if e.get("class") == "total"]
    y = float(re.match(r"M[\d.]+ ([\d.]+)h", mark.get("d")).group(1))
    assert abs(_value_at(root)(y) - 75) < 0.1
    assert "its result: the one total the cards left give / 结果：余牌给出的唯一总分" in _legend(root)


def test_a_position_not_known_to_be_played_out_says_so():
    s = StoppedHand(trick=1, inside=False, takes=None, derived=False, open_seats=("W",))
    words = s.words(1, 30)
    assert "30 so far" not in words and "the points recorded (the total only if the hand was played out)" in words
    assert "whether the hand was played out is not known: the position gives no deal line for W" in words
    assert "不知本局是否打完：残局没有西家的发牌行" in words and "结果不予判定" in words
    _bilingual(words)


def test_every_legend_row_and_tooltip_is_in_both_languages_and_a_trick_is_lun(tmp_path):
    claim = StoppedHand(trick=13, inside=False, claim=75, takes=False)
    bounds = StoppedHand(trick=13, inside=False, low=60, high=75, takes=False)
    none = StoppedHand(trick=4, inside=False, takes=None, derived=False)
    forced = StoppedHand(trick=16, inside=True, low=60, high=60, takes=False)
    one = StoppedHand(trick=15, inside=False, low=75, high=75, takes=False)
    svg = attackers_points_chart([1, 2, 3, 4, 5, 6, 7], [60, 60, 20, 60, 60, 100, 30], 80,
                                 [claim, bounds, none, forced, one, None, None])
    root = ET.fromstring(svg)
    labels = _legend(root)
    assert labels[:3] == ["80 points: attackers take the deal / 80 分：闲家上台",
                          "attackers' total: defenders hold / 闲家得分：庄家守住",
                          "attackers' total: attackers take the deal / 闲家得分：闲家上台"]
    assert len(labels) == 9
    titles = [t.text for t in root.iter(NS + "title")][1:]        # the chart's own title first
    assert len(titles) >= 8
    for text in labels + titles:
        _bilingual(text)
        assert "\u58a9" not in text               # a trick is 轮, as check says (round 19: as docs/rules.md)
    assert any("第 13 轮之后" in t for t in titles) and any("第 16 轮中途" in t for t in titles)
    # the SVG grows by the rows its legend takes (a label too wide for a line takes two)
    rows = sum(len(list(t.iter(NS + "tspan"))) or 1 for t in
               next(g for g in root.iter(NS + "g") if g.get("class") == "legend").iter(NS + "text"))
    assert float(root.get("viewBox").split()[3]) == 216 + 15 * rows + 4
