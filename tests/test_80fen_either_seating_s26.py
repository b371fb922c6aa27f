"""An 80fen log with two plays of one trick swapped (an analyst's tester: ``tests/data/80fen/sample-plays.ndjson.gz``
line 7, round 3, trick 6) weighs the trick under both seatings, and the readings disagree on the play a seat owed:
the engine raised an AttributeError there (a message read from the wrong module), so ``check`` and ``ingest``
dropped the whole match, 21 rounds, for one slip."""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.sources import load_file

LOG = Path(__file__).parent / "data" / "analyst_s26" / "80fen_two_plays_swapped.ndjson"


def test_the_match_is_replayed_and_the_seat_owed_left_open_in_words():
    (match,) = load_file(str(LOG)).matches
    result = replay_match(match)
    assert len(result.hands) == len(match.hands) > 1
    said = [v for h in result.hands for v in h.violations] + [u for h in result.hands for u in h.unknowns]
    assert said        # the slip is found, not passed over
