"""The report's pages say "legal so far" as ``tractor check`` does (round 18, task I).

``tractor check`` says "legal so far ✓ (the record stops after trick 13) / 至第13轮为止合规 ✓（记录止于第13轮）" of a
hand whose record stops before its end; the HTML report's hand page said "none / 无违规" and its match page a bare
0 for the same hand, as for a hand played out.  The words are now made once (``explain_stopped.legal_so_far``)
and shown by ``check``, the hand page's findings line and the match page's violations cell.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import explain_stopped
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
STOPPED = SAMPLE[:SAMPLE.index("14. N: SJ S8")] + SAMPLE[SAMPLE.index('[Claim "60"]'):]     # after trick 13
INSIDE = STOPPED.replace("13. E: H8, S: H4, W: C4, N: C5", "13. E: H8, S: H4", 1)       # inside trick 13
AFTER_13 = "legal so far ✓ (the record stops after trick 13) / 至第13轮为止合规 ✓（记录止于第13轮）"
INSIDE_13 = ("legal so far ✓ (the record stops inside trick 13, before every seat played) / "
             "至第13轮为止合规 ✓（记录止于第13轮中途）")

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _hands(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands


def _report(tmp_path, text: str) -> Path:
    src = tmp_path / "r.tgn"
    src.write_text(text, "utf-8")
    out = tmp_path / "rep"
    r = CliRunner().invoke(main, ["report", str(src), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def _findings_line(page: str) -> str:
    start = page.index("<dt>Findings / 违规</dt>")
    return page[start:page.index("</dd>", start)]


def _match_row(page: str, number: int) -> str:
    start = page.index(f">Hand {number}</a>")
    return page[start:page.index("</tr>", start)]


# --- the words, made once ---------------------------------------------------------------------------------

def test_the_words_of_a_stopped_record_and_none_for_a_hand_played_out():
    stopped, whole = _hands(STOPPED)[:2]
    assert stopped.legal is True and not stopped.complete and whole.complete
    zh, en = explain_stopped.legal_so_far(stopped)
    assert f"{en} / {zh}" == AFTER_13
    assert explain_stopped.legal_so_far(whole) is None
    zh, en = explain_stopped.legal_so_far(_hands(INSIDE)[0])
    assert f"{en} / {zh}" == INSIDE_13


def test_check_shows_the_words_the_engine_makes(tmp_path):
    (tmp_path / "r.tgn").write_text(STOPPED, "utf-8")
    out = CliRunner().invoke(main, ["check", str(tmp_path / "r.tgn")]).output
    zh, en = explain_stopped.legal_so_far(_hands(STOPPED)[0])
    assert f"—  {en} / {zh}" in out


# --- the report's pages -----------------------------------------------------------------------------------

def test_the_hand_page_of_a_stopped_record_says_legal_so_far(tmp_path):
    out = _report(tmp_path, STOPPED)
    line = _findings_line((out / "m-r-h1.html").read_text("utf-8"))
    assert AFTER_13 in line and "none / 无违规" not in line
    # a hand played out keeps its plain "none", no "so far"
    line = _findings_line((out / "m-r-h2.html").read_text("utf-8"))
    assert "none / 无违规" in line and "so far" not in line


def test_the_hand_page_of_a_record_ending_inside_a_trick_says_where(tmp_path):
    out = _report(tmp_path, INSIDE)
    assert INSIDE_13 in _findings_line((out / "m-r-h1.html").read_text("utf-8"))


def test_the_match_page_says_legal_so_far_beside_the_hands_zero(tmp_path):
    page = (_report(tmp_path, STOPPED) / "m-r.html").read_text("utf-8")
    assert AFTER_13 in _match_row(page, 1)
    assert "so far ✓" not in _match_row(page, 2) and "合规" not in _match_row(page, 2)


def test_a_hand_with_a_violation_says_no_legal_so_far(tmp_path):
    # E's ♦8 of trick 3 and ♠J of trick 10 swapped: E's own wrong follows, the record still stopping after 13
    bad = STOPPED.replace("3. W: D7, N: DA, E: D8, S: D5", "3. W: D7, N: DA, E: SJ, S: D5", 1).replace(
        "10. N: S6, E: SJ, S: S9, W: C10", "10. N: S6, E: D8, S: S9, W: C10", 1)
    assert _hands(bad)[0].legal is False
    out = _report(tmp_path, bad)
    line = _findings_line((out / "m-r-h1.html").read_text("utf-8"))
    assert "violation" in line and "so far" not in line
    assert "so far ✓" not in _match_row((out / "m-r.html").read_text("utf-8"), 1)
