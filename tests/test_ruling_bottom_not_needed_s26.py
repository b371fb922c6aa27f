"""A ruling page must not say "not ruled on: the bottom's points (and so the attackers' total)" beside the
total it rules on (a referee's tester): where the total is known without the bottom — not captured,
``check``'s "bottom ? not given, not needed" — no consequence rests on the bottom's points.  The record
(tests/data/referee_s26/bottom_not_needed.json) is two simulated hands written as one (what the `.tgn`
reader made of a record with its ``[Hand "2"]`` line left out before it read such a line as the next
hand's start): its ``Buried:`` line contradicted, the bottom unknown, the last trick the defenders'."""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.sources import load_file
from tractor_analysis.reports.ruling_consequences import consequences

RECORD = Path(__file__).parent / "data" / "referee_s26" / "bottom_not_needed.json"


def test_no_consequence_rests_on_a_bottom_the_total_does_not_need():
    (match,) = load_file(str(RECORD)).matches
    (hand,) = replay_match(match).hands
    assert hand.attackers_total is not None and "bottom" in hand.withheld      # known without the bottom
    assert hand.violations
    for v in hand.violations:
        for zh, en in consequences(v, hand):
            assert "bottom's points" not in en and "底分" not in zh, en
