"""An 80fen round's ``before`` levels (the log's referee's bookkeeping) were read for the first round only and dropped
for the others without a word, so a log whose later ``before`` contradicts the levels its rounds carry passed clean
(an analyst's tester).  Each later round's ``before`` is now kept (``Referee:LevelsBefore``) and compared."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.fen80_reader import parse_80fen

SAMPLE = Path(__file__).parent / "data" / "80fen" / "sample-plays.ndjson.gz"


def _first_match(change=None):
    line = gzip.decompress(SAMPLE.read_bytes()).decode("utf-8").splitlines()[0]
    obj = json.loads(line)
    if change:
        change(obj)
    (match,), diags = parse_80fen(json.dumps(obj))
    return match, replay_match(match)


def _mismatches(result, verdict_en: str):
    return [v for h in result.hands for v in h.violations if v.code == "referee_mismatch" and verdict_en in v.message_en]


def test_a_later_before_the_rounds_do_not_carry_is_a_finding():
    def change(obj):
        obj["rounds"][5]["before"] = [9, 9]
    match, result = _first_match(change)
    assert ("Referee:LevelsBefore", "9 9") in match.hands[5].tags
    (v,) = _mismatches(result, "levels before the hand")
    assert "the record's referee says N–S 9, E–W 9" in v.message_en and "局前级数" in v.message_zh


def test_the_sample_as_kept_agrees():
    match, result = _first_match()
    assert all(("Referee:LevelsBefore" in dict(h.tags)) for h in match.hands[1:])
    assert "Referee:LevelsBefore" not in dict(match.hands[0].tags)
    assert not _mismatches(result, "levels before the hand")


def test_the_match_s_final_levels_are_compared():
    """The log's match-level ``levels`` (by team a, b) were kept as a tag and never compared."""
    match, result = _first_match()
    assert dict(match.tags)["Referee:LevelsFinal"]
    assert not [v for v in result.problems if v.code == "referee_mismatch"]

    def change(obj):
        a, b = obj["levels"]
        obj["levels"] = [a + 1 if a < 14 else a - 1, b]
    match, result = _first_match(change)
    (v,) = [v for v in result.problems if v.code == "referee_mismatch"]
    assert "levels at the match's end" in v.message_en and "比赛结束时级数" in v.message_zh
