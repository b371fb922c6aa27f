"""A Botzone match's result (docs/rules.md §8.1 ``botzone``): one hand scored in match points.

A platform tester: 28 of the 30 sample matches, each played to the judge's finish, were "not decided: the record
ends before a side passes the winning level … (decide_by_levels off)" — a level-based match cut short, which they
are not.  The match goes to the side whose seats scored (``decided_by`` ``match_points``), as ``check`` says."""
from __future__ import annotations

import gzip
from pathlib import Path

from tractor_analysis.engine.explain_hand import match_decision_text
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import MATCH_POINTS, decide_match
from tractor_analysis.records.botzone_reader import parse_botzone

SAMPLE = Path(__file__).parent / "data" / "botzone" / "sample.ndjson.gz"


def test_a_botzone_match_goes_to_the_side_that_scored_its_one_hand():
    matches, _ = parse_botzone(gzip.open(SAMPLE, "rt", encoding="utf-8").read())
    decided = 0
    for match in matches:
        r = replay_match(match)
        team, how = decide_match(r)
        (h,) = r.hands
        if h.outcome is not None and h.outcome.reason == "match_points" and h.outcome.levels > 0:
            assert (team, how) == (h.outcome.team, MATCH_POINTS)
            assert r.decided_by == "match_points" and r.winner == h.outcome.team
            en, zh = match_decision_text("EW" if team else "NS", how)
            assert "match points" in en and "cut short" not in en and "积分" in zh
            decided += 1
        else:
            assert how != MATCH_POINTS
    assert decided >= 25
