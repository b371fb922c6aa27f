"""Botzone (``score_table = botzone``): a match is one hand, its outcome's "levels" are the 0–3 match
points each seat of the winning side scores, and the level does not change (docs/rules.md §8.1).

Before, the match points were taken as levels gained: match 69f2e934eb971922-0 of the sample
(one hand, the attackers E–W scoring 2 points a seat) left E–W at 4 after starting at 2.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import botzone_scores
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.rulesets import PRESETS

SAMPLE = Path(__file__).parent / "data" / "botzone" / "sample.ndjson.gz"


def _matches():
    matches, diags = parse_botzone(gzip.open(SAMPLE, "rt", encoding="utf-8").read())
    assert not diags
    return matches


def test_match_points_move_no_level():
    scored = 0
    for match in _matches():
        r = replay_match(match, PRESETS["botzone"])
        (h,) = r.hands
        if h.outcome is None:
            continue
        scored += 1
        assert h.outcome.reason == "match_points" and not h.outcome.match_over
        assert h.player_levels_after == h.player_levels_before
        assert h.levels_after == h.levels_before
        assert r.player_levels_final == h.player_levels_before
        # the seats' scores still come from the outcome's points
        scores = botzone_scores.seat_scores(h)
        winners = h.defenders if h.outcome.winner == "defenders" else frozenset(range(4)) - h.defenders
        assert scores == tuple(h.outcome.levels if s in winners else 0 for s in range(4))
    assert scored >= 20 and any(h.outcome is not None and h.outcome.levels > 0
                                for m in _matches() for h in replay_match(m, PRESETS["botzone"]).hands)


def test_check_json_keeps_the_levels_of_a_one_hand_match():
    out = CliRunner().invoke(main, ["check", str(SAMPLE), "--rules", "botzone", "--json"], catch_exceptions=False)
    doc = json.loads(out.output)
    hands = [h for f in doc["files"] for h in f["hands"] if h["outcome"] is not None]
    assert hands and all(h["levels_after"] == h["levels_before"] for h in hands)
    first = next(h for h in hands if h["match"] == 0)
    assert first["outcome"]["levels"] > 0       # match 69f2e934eb971922-0: points scored, no level gained
    finals = {m["match"]: m["levels_final"] for f in doc["files"] for m in f["matches"]}
    assert finals[0] == first["levels_before"]
