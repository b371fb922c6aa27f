"""A trick line copied twice in a row, word for word, its number too (a scorer's tester, 2026-12-06).

Read as two tricks, the copy gave all four seats ``not_in_hand``, N ``out_of_turn``, the attackers 105 points and a
``claim_mismatch`` against the table's right claim of 95.  A trick is played once and its number says which: the
copy is reported (``trick_sequence``) and read once — by the compiled reader and the Python one alike.  A line
with the same number but other plays is not a copy (judged as before)."""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
LINE = "10. N: S6, E: SJ, S: S9, W: C10"


def _verdict(text: str):
    (match,), diags = parse_tgn(text)
    h = replay_match(match).hands[0]
    return h, diags, (h.attackers_total, h.outcome, sorted((v.code, v.trick, v.seat) for v in h.violations))


def test_a_trick_line_written_twice_is_read_once():
    _, _, whole = _verdict(SAMPLE)
    h, diags, got = _verdict(SAMPLE.replace(LINE, LINE + "\n" + LINE, 1))
    assert got == whole
    (d,) = diags
    assert d.code == "trick_sequence" and "written twice" in d.message and "连续写了两次" in d.message


def test_the_same_number_with_other_plays_is_no_copy():
    other = "10. N: S6, E: SJ, S: S9, W: C9"
    _, diags, _ = _verdict(SAMPLE.replace(LINE, LINE + "\n" + other, 1))
    assert not any("written twice" in d.message for d in diags)
