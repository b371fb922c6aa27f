"""A trick's points that count a play the record leaves out are a derived fact, and say from what
(docs/rules.md §14; engine/record_gaps.py).

tests/data/gaps/two-ways-ruled.tgn, hand 1, trick 10: N's play is left out; every legal way N could
have followed gives the trick 20 points, and the recorded plays hold 10.  Before, the trick's points
were 20 with no derived fact naming ``trick_points`` (nor the play): the 10 points of N's card came
from nowhere the verdict said.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import POINTS
from tractor_analysis.records.sources import load_file

GAPS = Path(__file__).resolve().parent / "data" / "gaps" / "two-ways-ruled.tgn"


def test_points_resting_on_a_play_left_out_are_derived_and_say_so():
    h = replay_match(load_file(GAPS).matches[0]).hands[0]
    derived = {d.value for d in h.derived if d.fact == "play"}
    short = [t for t in h.tricks if len(t.plays) < 4 and t.points is not None]
    beyond = [t for t in short if t.points != sum(POINTS[k] for p in t.plays for k in p.cards)]
    assert beyond, "the record has a trick whose known points count the play it leaves out"
    assert not derived          # several ways fit: the play itself is not derived
    facts = {(d.fact, d.value): d for d in h.derived}
    for t in short:             # every short trick whose points are known names them, and from what
        d = facts[("trick_points", str(t.points))]
        assert d.source == "the cards of the seats the record leaves out"
        assert f"trick {t.number} holds {t.points} points" in d.message_en
        assert f"第 {t.number} 轮共 {t.points} 分" in d.message_zh
    # a short trick whose points the ways disagree on is withheld, not derived
    for t in h.tricks:
        if len(t.plays) < 4 and t.points is None:
            assert any("trick_points" in u.withheld for u in h.unknowns)
