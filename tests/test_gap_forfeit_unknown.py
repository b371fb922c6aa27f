"""A play the record leaves out whose ways of filling it in give a side different numbers of wrong
follows (agreement keeps the fewest, ``HandResult.penalties_open`` the most): when the most reach the
count that forfeits the match and the fewest do not, whether a side forfeited is not known — withheld
(unknown ``play``), never decided on the fewest (docs/rules.md §10.1, §14)."""
from __future__ import annotations

import dataclasses

from tractor_analysis.engine import forfeit_readings, replay as replay_mod
from tractor_analysis.engine.agreement import agree
from tractor_analysis.engine.scoring import decide_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.simulate import simulate


def _match():
    rules = build_ruleset("tournament", {})[0]
    return next(iter(simulate(1, 7, rules=rules, max_hands=3)))


def _replay_with(monkeypatch, open_):
    """The match replayed with its first hand as if a left-out play's ways gave N-S 2 wrong follows
    at the fewest and ``open_`` at the most (and the hand left a play out: the count names it so)."""
    real = replay_mod.replay_hand
    monkeypatch.setattr(forfeit_readings, "find_gaps", lambda hand: ("a gap",) if hand.number == 1 else ())

    def fake(hand, *args, **kw):
        r = real(hand, *args, **kw)
        if hand.number == 1:
            r = dataclasses.replace(r, revoke_levels=(2, 0), penalties_open=open_)
        return r

    monkeypatch.setattr(replay_mod, "replay_hand", fake)
    return replay_mod.replay_match(_match())


def test_a_forfeit_that_rests_on_the_play_left_out_is_withheld(monkeypatch):
    r = _replay_with(monkeypatch, ((3, 0), (0, 0)))
    [u] = [u for u in r.unknowns if u.tag == "play"]
    assert u.withheld == ("forfeit",) and "not known and not guessed" in u.message_en and "不作猜测" in u.message_zh
    assert r.forfeit_reasons == (None, None) and not r.forfeit_known
    assert r.player_levels_final == (None,) * 4
    # N–S forfeit under the most; under the fewest the match goes on and E–W end it higher: E–W either way
    assert r.winner == 1 and decide_match(r) == (1, "every reading")


def test_ways_that_all_stay_below_the_count_decide_nothing_more(monkeypatch):
    r = _replay_with(monkeypatch, ((2, 0), (1, 0)))     # take-backs differ, but 1 < 3 every way
    assert not [u for u in r.unknowns if u.tag == "play" and "forfeit" in u.withheld]
    assert r.forfeit_known


def test_agreement_keeps_the_most_a_way_gives_when_the_ways_differ():
    h = replay_mod.replay_match(_match()).hands[0]
    a = dataclasses.replace(h, revoke_levels=(1, 0))
    b = dataclasses.replace(h, revoke_levels=(2, 0))
    plays = [None] * len(h.tricks)
    changes, _ = agree([a, b], plays, lambda v: (v.message_zh, v.message_en))
    assert changes["revoke_levels"] == (1, 0) and changes["penalties_open"] == ((2, 0), (0, 0))
    changes, _ = agree([a, a], plays, lambda v: (v.message_zh, v.message_en))
    assert "penalties_open" not in changes
