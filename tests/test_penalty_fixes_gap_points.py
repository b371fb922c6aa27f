"""A trick's points that count a play the record leaves out are a derived fact, and say from what
(docs/rules.md §14; engine/record_gaps.py).

Before, a trick's points that counted the play left out (every way of filling it in giving them) came
with no derived fact naming ``trick_points`` (nor the play): the points of the card left out came from
nowhere the verdict said.  The record: ``tractor simulate -n 1 --seed 3``'s first hand
(tests/data/seed3/hand-1.tgn) with W's ♣10 taken out of trick 13 (``E: H5, S: C3, N: H9``) and the record
cut after trick 15: W held ♣10 ♣K then and plays neither later (void in hearts, either is legal), so two
ways fit; each is a 10-point trump that wins, so the trick holds 15 points where the recorded plays hold
5.  (This test used tests/data/gaps/two-ways-ruled.tgn, trick 10, where the legal-only ways gave the
trick 20 points; filled in every way, legal or not, N's card there holds no points in any way.)
"""
from __future__ import annotations

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import POINTS

from test_gaps_s7b import BASE, drop

W = 3
GAP_13 = drop(BASE, "13. E:", "W: C10")
GAP_13 = GAP_13[:GAP_13.index("16. W: CK")] + GAP_13[GAP_13.index('[Claim "150"]'):]


def test_points_resting_on_a_play_left_out_are_derived_and_say_so():
    (match,), _ = parse_tgn(GAP_13)
    h = replay_match(match).hands[0]
    derived = {d.value for d in h.derived if d.fact == "play"}
    short = [t for t in h.tricks if len(t.plays) < 4 and t.points is not None]
    beyond = [t for t in short if t.points != sum(POINTS[k] for p in t.plays for k in p.cards)]
    assert [(t.number, t.points, t.winner) for t in beyond] == [(13, 15, W)]    # the recorded plays hold 5
    assert not derived          # several ways fit: the play itself is not derived
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "the 2 ways it could have been played" in u.message_en and u.withheld == ()
    facts = {(d.fact, d.value): d for d in h.derived}
    for t in short:             # every short trick whose points are known names them, and from what
        d = facts[("trick_points", str(t.points))]
        assert d.source == "the cards of the seats the record leaves out"
        assert f"trick {t.number} holds {t.points} points" in d.message_en
        assert f"第 {t.number} 轮共 {t.points} 分" in d.message_zh
        assert "whatever W played" in d.message_en and "legal or not" in d.message_en
        assert "无论西家怎样出" in d.message_zh and "不论合法与否" in d.message_zh
    # a short trick whose points the ways disagree on is withheld, not derived
    for t in h.tricks:
        if len(t.plays) < 4 and t.points is None:
            assert any("trick_points" in u.withheld for u in h.unknowns)
