"""A hand played to its last trick with cards left (``deal_mismatch``) is not a record that ends first.

Before, check, the hand page and the ruling's inputs said "the record ends before the hand does"
(记录未到本局结束) of a hand whose record goes to its last trick but whose deal lines leave a seat
holding cards: the record does not end first, its deal and plays disagree.  Each assertion
below fails on the code before.
"""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.explain_hand import not_scored
from tractor_analysis.engine.verdicts import hand_violation, new_violation

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
N_LINE = "N: H2 D2 CA CQ CJ C7 C5 C3 SQ SJ S10 S8 S7 S7 S6 S4 H8 H7 H6 DA DJ DJ D10 D9 D7"
E_LINE = "E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4"
SWAPPED = SAMPLE.replace(N_LINE, N_LINE.replace("H7", "HJ")).replace(E_LINE, E_LINE.replace("HJ", "H7"))
"""Hand 1 with ♥7 and ♥J swapped between N's and E's deal lines: each ends holding the other's card."""


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_check_says_the_deal_and_plays_disagree_not_that_the_record_ends(tmp_path):
    path = tmp_path / "dm.tgn"
    path.write_text(SWAPPED, encoding="utf-8")
    out = plain(CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False).output)
    hand1 = out.split("hand 2 第2局")[0]
    assert "deal_mismatch" in hand1
    assert "record ends" not in hand1 and "记录未到本局结束" not in hand1 and "记录先结束" not in hand1
    # (since 294892d a line or a play miscopied keeps what every reading gives: here every reading — the lines
    # miscopied, or the plays — gives the same tricks, so the hand is scored; the words of a hand not scored for
    # cards left are checked on not_scored below)
    assert "defenders up 1 level" in hand1 and "claim 记录 60 ✓" in hand1
    r = CliRunner().invoke(main, ["report", str(path), "-o", str(tmp_path / "r")], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    page = next((tmp_path / "r").rglob("*h1.html")).read_text(encoding="utf-8")
    assert "the record ends before the hand does" not in page


def test_a_record_that_stops_early_still_says_so():
    follow = new_violation(code="follow_suit", trick=3, seat=1, played=(0,), better=(), message_zh="…", message_en="…")
    left = hand_violation("deal_mismatch", 1, ("…", "…"), (0,))     # a seat's cards left after the last trick
    assert not_scored([follow]) == ("记录未到本局结束", "the record ends before the hand does")
    assert "deal_mismatch" in not_scored([left])[1]
    assert not_scored([left])[1].startswith("the deal and the plays do not agree (cards left after the last trick")
