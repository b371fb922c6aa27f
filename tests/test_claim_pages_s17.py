"""What a referee and an analyst see of a hand whose result is the table's ``[Claim]`` (docs/rules.md §7.4: the
record stops between two tricks), and of a position analysed without ``[Points]`` (docs/dataset.md ``--analyse``).

``check``'s points line said "claim 60 not checked, the record ends first" beside the outcome the claim gives; the
ruling page and the hand and match pages said "not scored".  A position without ``[Points]`` has its costs and best
plays stored, its totals null: the hand page showed no analysis at all (it read the rows with a total only)."""
from __future__ import annotations

import html
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
STOPPED = SAMPLE[:SAMPLE.index("14. N: SJ S8")] + SAMPLE[SAMPLE.index('[Claim "60"]'):]


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_check_says_the_claim_is_the_hands_result(tmp_path):
    f = tmp_path / "stopped.tgn"
    f.write_text(STOPPED, encoding="utf-8")
    out = _run("check", str(f)).output
    line = next(x for x in out.splitlines() if "claim 记录 60" in x)
    assert "the hand's result" in line and "本局结果" in line and "not checked" not in line
    assert "defenders up 1 level" in out.split("hand 2 第2局")[0]


def test_the_hand_and_match_pages_show_the_result_from_the_claim(tmp_path):
    f = tmp_path / "stopped.tgn"
    f.write_text(STOPPED, encoding="utf-8")
    r = _run("report", str(f), "-o", str(tmp_path / "rep"))
    assert r.exit_code == 0, r.output
    page = html.unescape(next((tmp_path / "rep").glob("*-h1.html")).read_text("utf-8"))
    score = page.split('id="score"')[1].split("</section>")[0]
    assert 'id="by-claim"' in score and "[Claim]" in score and "<td class=\"num\">60</td>" in score
    assert "not scored" not in score
    match = tmp_path / "rep" / "m-stopped.html"
    text = match.read_text("utf-8")
    assert "the result from [Claim] 60" in text


def test_the_ruling_page_scores_the_hand_by_its_claim(tmp_path):
    # S's ♦5 of trick 3 and ♠9 of trick 10 exchanged: S does not follow ♦ in trick 3 (a revoke: a ruling page),
    # and discards ♦5 on the spade lead of trick 10, void there; the attackers take 55 of the claim's 60
    text = STOPPED.replace("3. W: D7, N: DA, E: D8, S: D5", "3. W: D7, N: DA, E: D8, S: S9", 1)
    text = text.replace("10. N: S6, E: SJ, S: S9, W: C10", "10. N: S6, E: SJ, S: D5, W: C10", 1)
    assert text != STOPPED
    f = tmp_path / "ruled.tgn"
    f.write_text(text, encoding="utf-8")
    r = _run("ruling", str(f), "--hand", "1", "-o", str(tmp_path / "ruling.html"))
    page = html.unescape((tmp_path / "ruling.html").read_text("utf-8"))
    assert "the hand's result from the recorded score [Claim]" in page and "本局结果按记录的得分 [Claim] 计" in page
    assert "not scored" not in page


POSITION = """[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "4"]
[Dealer "E"]
[Trump "D"]
[Level "5"]
[SetUp "1"]
[FirstTrick "13"]
N: H5 DJ DQ DA
E: S5 D9 DK C5
S: S10 C8 C9 CA
W: DJ DQ C4 C7
Buried: S6 S3 S2 C10 C9 C8 C4 C3
13. E: S5, S: C8, W: DJ, N: DJ
14. E: C5, S: C9, W: DQ, N: DQ
15. E: D9, S: CA, W: C4, N: H5
16. N: DA, E: DK, S: S10, W: C7
"""
"""The sample's hand 4 from trick 13 without ``[Points]``: E's ♠5 lead costs 20 (♦9 best)."""


def test_the_hand_page_shows_the_costs_of_a_position_without_points(tmp_path):
    f = tmp_path / "position.tgn"
    f.write_text(POSITION, encoding="utf-8")
    r = _run("ingest", str(f), "-o", str(tmp_path / "ds"), "--analyse", "4", "-q")
    assert r.exit_code == 0, r.output
    r = _run("report", str(tmp_path / "ds"), "-o", str(tmp_path / "rep"))
    assert r.exit_code == 0, r.output
    (page,) = [p.read_text("utf-8") for p in (tmp_path / "rep").glob("m-*-h*.html")]
    m = re.search(r'<section class="box" id="analysis">(.*?)</section>', page, re.S)
    assert m, "no analysis section"
    section = m.group(1)
    start = section.split('id="analysis-start"')[1][:300]
    assert "[Points]" in start and "not solved" not in start
    rows = re.findall(r'<tr data-trick="(\d+)" data-seat="(\w)"[^>]*>(.*?)</tr>', section, re.S)
    assert len(rows) == 16
    first = next(cells for trick, seat, cells in rows if (trick, seat) == ("13", "E"))
    assert "20" in first and "— → —" in first


def test_the_standings_note_of_a_match_cut_short_names_the_claim(tmp_path):
    """An organiser's tester: round 5's record stops in hand 5 after trick 1 with [Claim "0"], which gives that hand
    its result (defenders up 3); the standings' note said the match was decided "at the levels hand 5 was played at
    (5 : 5)" — those are the levels after it, and only the claim made them so."""
    hand5 = SAMPLE.index('[Hand "5"]')
    text = SAMPLE[:hand5] + SAMPLE[hand5:][:SAMPLE[hand5:].index("2. ")] + '[Claim "0"]\n'
    text = text.replace('[Round "2"]', '[Round "5"]', 1)
    f = tmp_path / "r5.tgn"
    f.write_text(text, encoding="utf-8")
    out = _run("standings", str(f)).output
    assert "the levels when the record ends" in out and "hand 5's [Claim] 0" in out
    assert "第 5 局的 [Claim]" in out and "was played at" not in out
