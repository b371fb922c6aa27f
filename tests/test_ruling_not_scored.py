"""``tractor ruling``: why a hand is not scored, in the words ``tractor check`` uses.

A hand whose deal line and plays disagree (a seat still holds cards after the last trick,
``deal_mismatch``) was said on every ruling page to be "本局未完，未计分 the hand is not complete:
not scored 150 so far" — though every trick is recorded — where ``check`` says "the deal and the
plays do not agree (cards left after the last trick …), no outcome".  The ruling now gives check's
reason (:func:`tractor_analysis.engine.explain_hand.not_scored`), in both languages.
"""
from __future__ import annotations

from pathlib import Path

import re

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.explain_hand import not_scored
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.verdicts import hand_violation
from tractor_analysis.records import parse_tgn
from tractor_analysis.reports.hand_page import hand_view
from tractor_analysis.reports.ruling import score_lines

BASE = (Path(__file__).parent / "data" / "seed3" / "hand-1.tgn").read_text("utf-8")
"""``tractor simulate -n 1 --seed 3``'s first hand (tests/data/seed3)."""

DEAL_BAD = BASE.replace("HQ H9 H8", "HQ H4 H8").replace("E: S5 S5 S4", "E: S5 S5")
"""N's deal line names H4 where N played H9: the deal and the plays do not agree — the record's findings (either
may be miscopied, s19), so E plays 2 cards to the 3-card lead of trick 1 (``wrong_count``: a violation to rule on).
(Not HJ, as before s18j: E's line gives and E plays the two HJ, so the decks prove N's line miscopied and the hand is
scored on N's plays — tests/test_line_readings_dataset_s18j.py; with E's own cards left the decks prove nothing of
N's line here: engine/deal_lines.py.)"""

NOT_COMPLETE = "本局未完"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_deal_and_plays_disagree_ruling_says_so(tmp_path):
    assert DEAL_BAD != BASE
    f = tmp_path / "dealbad.tgn"
    f.write_text(DEAL_BAD, encoding="utf-8")
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(f), "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = _text(out.read_text("utf-8"))
    zh, en = not_scored([hand_violation("deal_mismatch", 0, ("…", "…"), (0,))])     # cards left after the last trick
    assert text.count(en) >= 1 and text.count(zh) >= 1
    assert text.count(en) == text.count(zh)                 # both languages on every page
    assert NOT_COMPLETE not in text and "the hand is not complete" not in text
    # check says the same
    c = CliRunner().invoke(main, ["check", str(f)])
    assert en in c.output and zh in c.output


def test_record_that_stops_early_score_lines_say_so():
    """A record that stops before the hand ends: "the record ends before the hand does", as check says."""
    text = BASE.split("15. S: C6")[0] + "15. S: C6, W: CA\n"
    (match,), _ = parse_tgn(text)
    result = replay_match(match)
    (h,) = result.hands
    assert not h.complete
    view = hand_view(match, match.hands[0], h, index=0, match_title="t")
    lines = score_lines(view, h)
    zh, en = not_scored(h.violations)
    assert en == "the record ends before the hand does"
    assert any(line[0].startswith(zh) and line[1].startswith(en) for line in lines), lines
    assert not any(NOT_COMPLETE in line[0] for line in lines)
