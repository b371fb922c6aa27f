"""What an organiser and a player read about a hand whose result is derived (its record stops before its end, the
result from its ``[Claim]`` or the cards left: docs/rules.md §7.4) or whose side's level before it is not known.

Testers found: the match page's points chart drew such a hand as a bar at its points so far, like a total; the
standings gave no note when a side passed the winning level on such a result, and the note on a match cut short
named both the levels the hand was played at and the levels after it, not the ones it used (and called a record
ending inside its first hand, followed by four more, "ends inside hand 1"); the outcome of a record begun
mid-match said "go up 2 levels" where a rank the unknown level may meet would stop the gain short."""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.hand_replay import describe_outcome
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

from event_helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
STOPPED = SAMPLE[:SAMPLE.index("14. N: SJ S8")] + SAMPLE[SAMPLE.index('[Claim "60"]'):]
"""Hand 1 written up to trick 13 (the attackers have 60; the cards left allow 60–75, each total one result)."""
NS = "{http://www.w3.org/2000/svg}"


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _points_chart(tmp_path, text: str) -> ET.Element:
    f = tmp_path / "stopped.tgn"
    f.write_text(text, encoding="utf-8")
    r = _run("report", str(f), "-o", str(tmp_path / "rep"))
    assert r.exit_code == 0, r.output
    page = (tmp_path / "rep" / "m-stopped.html").read_text("utf-8")
    svg = next(s for s in re.findall(r"<svg .*?</svg>", page, re.S) if "Attackers&#39; points" in s
               or "Attackers' points" in s)
    return ET.fromstring(svg)


def _group(root: ET.Element, cls: str) -> ET.Element | None:
    return next((g for g in root.iter(NS + "g") if g.get("class") == cls), None)


def _value_at(root: ET.Element):
    """The chart's y coordinate → points, from its tick labels."""
    ticks = [(float(t.get("y")) - 3.9, float(t.text.replace("\u2212", "-"))) for t in _group(root, "yticks")]
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    return lambda y: v0 + (y - y0) * (v1 - v0) / (y1 - y0)


# --- 1. the points chart ------------------------------------------------------------------------------------------

def test_the_points_chart_draws_a_hand_scored_by_its_claim_as_points_so_far_with_the_claim_marked(tmp_path):
    root = _points_chart(tmp_path, STOPPED.replace('[Claim "60"]', '[Claim "75"]', 1))
    # no plain bar for hand 1: a bar there would read as its total (60), and its result is the claim's 75
    assert not [r for r in _group(root, "bars") if r.find(NS + "title").text.startswith("hand 1:")]
    stopped = _group(root, "stopped")
    (bar,) = [e for e in stopped if e.get("class") == "so-far"]
    (claim,) = [e for e in stopped if e.get("class") == "claim"]
    value_at = _value_at(root)
    assert abs(value_at(float(bar.get("y"))) - 60) < 0.1 and bar.get("fill") == "#fff" and bar.get("stroke-dasharray")
    top = float(re.match(r"M[\d.]+ ([\d.]+)", claim.get("d")).group(1)) + 4     # the diamond's centre
    assert abs(value_at(top) - 75) < 0.1
    words = bar.find(NS + "title").text
    assert "hand 1: 60 so far" in words and "stopped after trick 13; result from [Claim] 75" in words
    assert "第1局：已得 60 分" in words and "记录在第 13 轮之后结束" in words and "本局结果按 [Claim] 75" in words
    legend = [" ".join(t.itertext()) for t in _group(root, "legend").iter(NS + "text")]   # a wrapped label: two <tspan>
    assert "stopped record: points so far / 记录中途结束：已得分" in legend
    assert "its result from [Claim] / 本局结果按 [Claim]" in legend
    # the other hands are drawn as before: a filled bar at their total
    assert [r.find(NS + "title").text.split(":")[0] for r in _group(root, "bars")] == [f"hand {n}" for n in (2, 3, 4, 5)]


def test_the_points_chart_draws_a_hand_scored_by_the_cards_left_with_the_totals_they_allow(tmp_path):
    root = _points_chart(tmp_path, STOPPED.replace('[Claim "60"]\n', "", 1))
    stopped = _group(root, "stopped")
    assert stopped is not None
    (bounds,) = [e for e in stopped if e.get("class") == "bounds"]
    m = re.match(r"M[\d.]+ ([\d.]+)V([\d.]+)", bounds.get("d"))
    value_at = _value_at(root)
    assert [round(value_at(float(y))) for y in m.groups()] == [60, 75]
    words = bounds.find(NS + "title").text
    assert "stopped after trick 13; result from the cards left: every total 60–75 gives it" in words
    assert "本局结果由余下的牌推出：60–75 分之间的每个总分结果相同" in words
    assert "its result: totals the cards left allow / 结果：余牌可得总分" in [
        " ".join(t.itertext()) for t in _group(root, "legend").iter(NS + "text")]     # a wrapped label: two <tspan>


# --- 2. the standings' notes ----------------------------------------------------------------------------------------

PASSED = STOPPED.replace('[Rule:decide_by_levels "on"]', '[Rule:decide_by_levels "on"]\n[Rule:win_level "2"]', 1)
PASSED = PASSED[:PASSED.index('[Hand "2"]')]
"""E–W defend hand 1 at 2, the winning level: the claim (60) has them hold, so they pass it and win the match."""


def _standings_notes(tmp_path, text: str, dataset: bool = False) -> list[tuple[str, str]]:
    """The notes ``tractor standings`` prints on the record ``text`` (``dataset``: read from a dataset of it), each
    as its English and Chinese halves (split where the Chinese names the record again)."""
    folder = tmp_path / "in"
    folder.mkdir(parents=True)
    (folder / "m.tgn").write_text(text, encoding="utf-8")
    source = str(folder / "m.tgn")
    if dataset:
        source = str(tmp_path / "ds")
        run_cli("ingest", str(folder), "-o", source, "-q")
    notes = []
    for line in run_cli("standings", source).stderr.splitlines():
        where = line.split(": ", 1)[0]
        if "m.tgn" in where and f" / {where}：" in line:
            en, zh = line.split(f" / {where}：", 1)
            notes.append((en, zh))
    return notes


def test_a_match_won_by_passing_the_winning_level_on_a_result_from_the_claim_has_a_note(tmp_path):
    for dataset in (False, True):
        (en, zh), = [n for n in _standings_notes(tmp_path / str(dataset), PASSED, dataset) if "passed 2 in hand 1" in n[0]]
        assert "m.tgn" in en and "whose record stops before its end" in en
        assert "derived from its [Claim] 60" in en and "check hand 1's [Claim] 60" in en
        assert "第 1 局" in zh and "由其 [Claim] 60" in zh and "请核对第 1 局的 [Claim] 60" in zh
    # the control: won in a hand played out, no such note
    whole = SAMPLE.replace('[Rule:decide_by_levels "on"]', '[Rule:decide_by_levels "on"]\n[Rule:win_level "2"]', 1)
    notes = _standings_notes(tmp_path / "whole", whole[:whole.index('[Hand "2"]')])
    assert not [n for n in notes if "whose record stops before its end" in n[0] or "§7.4" in n[0]]


def test_a_match_won_by_passing_the_winning_level_on_a_result_from_the_cards_left_has_a_note(tmp_path):
    # no [Claim]: the pass the cards left give is one reading (the hand played out), the hand void another (2 : 2,
    # E–W holding the deal) — both give E–W, so E–W win under every reading, and the note names the readings
    # (docs/rules.md §8.5; before s18 the pass decided outright)
    for dataset in (False, True):
        notes = _standings_notes(tmp_path / str(dataset), PASSED.replace('[Claim "60"]\n', "", 1), dataset)
        (en, zh), = [n for n in notes if "under every reading of that hand" in n[0]]
        assert "whether hand 1 counts or is played out" in en and "among them the result derived from them" in en
        assert "the final levels are N–S : E–W 2 : 2 under every reading" in en
        assert "each its own way: the levels, or a pass of the winning level" in en
        assert "按中止计还是按打完计" in zh and "方式各异" in zh and "各读法下终局级数均为南北 : 东西 2 : 2" in zh


def _round5(claim: str | None, after: int = 1) -> str:
    """Round 5's record stopping in hand 5 after trick ``after``, with ``[Claim]`` ``claim`` (none: ``None``)."""
    hand5 = SAMPLE.index('[Hand "5"]')
    text = SAMPLE[:hand5] + SAMPLE[hand5:][:SAMPLE[hand5:].index(f"{after + 1}. ")]
    return text + (f'[Claim "{claim}"]\n' if claim is not None else "")


def test_the_cut_short_note_names_the_levels_after_a_hand_whose_claim_gives_its_result(tmp_path):
    for dataset in (False, True):
        (en, zh), = [n for n in _standings_notes(tmp_path / str(dataset), _round5("0"), dataset) if "§8.5" in n[0]]
        assert "(5 : 5, N–S : E–W: the levels after hand 5, whose result is derived from its [Claim] 0" in en
        assert "was played at" not in en and "or after it" not in en and "any [Claim]" not in en
        assert "即第 5 局之后的级数，该局结果由其 [Claim] 0 推出" in zh and "所打的级数" not in zh


def test_the_cut_short_note_names_the_readings_of_a_hand_without_a_result(tmp_path):
    # (stopped after trick 2: E–W, attackers, have 10 — void (2 : 5) and every result the cards left allow give
    # E–W the match; after trick 1 N–S could still hold at 5 : 5, and the match is not decided: docs/rules.md §8.5,
    # tests/test_stopped_last_hand_s18n.py).  Since s18q the final levels are not known (the readings differ), and
    # the note names the readings, not the levels hand 5 was played at as the final ones (the void reading's words)
    (en, zh), = [n for n in _standings_notes(tmp_path, _round5(None, after=2)) if "§8.5" in n[0]]
    assert "whether hand 5 counts or is played out" in en and "(N–S : E–W 2..4 : 5..J under those readings)" in en
    assert "the levels when the record ends" not in en and "levels after" not in en
    assert "第 5 局按中止计还是按打完计" in zh and "2..4 : 5..J" in zh and "记录结束时的级数" not in zh


def test_a_record_stopping_inside_its_first_hand_and_going_on_does_not_end_there(tmp_path):
    # hand 1 stops after trick 13 (its result from the claim); hands 2–5 are played out, and the match is decided
    # by the levels after hand 5: the record does not end inside hand 1
    for dataset in (False, True):
        notes = _standings_notes(tmp_path / str(dataset), STOPPED, dataset)
        assert not [n for n in notes if "ends inside hand 1" in n[0] or "§8.5" in n[0]]
        assert "§8.5" not in run_cli("standings", str(tmp_path / str(dataset) / "in" / "m.tgn")).stderr


# --- 3. the outcome of a record begun mid-match ---------------------------------------------------------------------

SHEET = """[Event "sheet"]
[Ruleset "standard"]
{RULES}
[Hand "1"]
[Dealer "W"]
[Level "5"]
[ResultOnly "yes"]
[Claim "160"]
"""
"""A score sheet begun mid-match: E–W deal at 5, N–S's level not known; 160 takes the deal and 2 levels."""


def _sheet(rules: str = "") -> str:
    return SHEET.replace("{RULES}", rules)


def _outcome_line(tmp_path, text: str) -> str:
    f = tmp_path / "sheet.tgn"
    f.write_text(text, encoding="utf-8")
    return next(line for line in _run("check", str(f)).output.splitlines() if "outcome" in line)


def test_a_gain_from_a_level_not_known_is_said_as_the_most_where_a_cap_may_apply(tmp_path):
    line = _outcome_line(tmp_path, _sheet())
    en, zh = line.split(" / ", 1)
    assert "go up at most 2 levels (NS's level before the hand is not known: a cap at A may apply" in en
    assert "go up 2 levels" not in en
    assert "最多升 2 级（南北方本局之前的级别未知：可能受 A 的限制" in zh
    line = _outcome_line(tmp_path, _sheet('[Ruleset "tournament"]'))
    assert "a cap at 10 may apply" in line and "可能受 10 的限制" in line
    # where no level could meet a stop (no must-play rank, no stop at the winning level: from any level N–S go up
    # 2, or pass A), and where the level is known, the figure is a fact and stays bare
    for rules in ('[Rule:stop_at_win_level "off"]', '[Levels "NS:4 EW:5"]'):
        line = _outcome_line(tmp_path, _sheet(rules))
        assert "go up 2 levels" in line and "at most" not in line and "最多" not in line


def test_the_hand_page_and_the_ruling_words_say_the_most_too(tmp_path):
    f = tmp_path / "sheet.tgn"
    f.write_text(_sheet(), encoding="utf-8")
    assert _run("report", str(f), "-o", str(tmp_path / "rep")).exit_code == 0
    page = html.unescape((tmp_path / "rep" / "m-sheet-h1.html").read_text("utf-8"))
    assert "N–S go up at most 2 levels (NS's level before the hand is not known: a cap at A may apply" in page
    assert "南北最多升2级" in page
    (match,), _ = parse_tgn(_sheet())
    zh, en = describe_outcome(replay_match(match).hands[0])
    assert "go up at most 2 levels" in en and "cap at A may apply" in en and "最多升 2 级" in zh
