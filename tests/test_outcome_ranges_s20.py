"""Levels a hand's readings give differently though their outcomes differ: the range kept, not only where the outcome
agrees (docs/rules.md §10.2, §14.1; s20, task G3).

A hand judged once for each way of what its record leaves open (plays left out, a tag the record contradicts …) kept
a side's level after it, or its lowest and highest, only where every way gave the same outcome.  Where the ways
differed only in the levels gained — the defenders up 1 or 2, the same next dealer — nothing was kept: N–S's level
(the same in every way) and the next dealer were withheld, a match ending there was not decided, and the next hand
carried in nothing.  Now, the outcomes each known and none passing the winning rank, the outcome alone is withheld:
a side's level every way gives is kept (derived, "every reading gives …"), the other's bounded by the lowest and
highest (``levels_final_span``, the next ``[Level]`` checked against it), and the next hand is dealt by the dealer
every way names — where they name different dealers, ``[Dealer]`` is not checked (``"unknown"`` tag ``Levels``).

The record: a simulated match (``tests/test_level_range_causes_s20.py``'s ``STRADDLE``) whose hand 1 (E deals, the
attackers N–S take 40) leaves E's plays out of tricks 7 and 17: the other way gives N–S 30 — E–W up 2 levels, not 1,
W dealing next either way.  Each test but the last fails on the code before.
"""
from __future__ import annotations

import dataclasses
import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.agreement import agree
from tractor_analysis.engine.replay import PREVIOUS_READINGS
from test_level_range_causes_s20 import STRADDLE, STRADDLE_NO_LEVEL, _edit, _replay
from test_s9_declarations import hands as sample_hands, record as sample_record

N, E, S, W = range(4)
HAND2 = STRADDLE.index('[Hand "2"]')
ONE_HAND = STRADDLE[:HAND2]
"""The match's hand 1 alone: the record ends there."""


def _check_json(tmp_path, text: str) -> dict:
    path = tmp_path / "m.tgn"
    path.write_text(text, encoding="utf-8")
    return json.loads(CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output)


def test_ways_differing_in_the_levels_gained_keep_the_range_the_level_they_agree_on_and_the_dealer():
    _, r = _replay(STRADDLE_NO_LEVEL)
    h1, h2 = r.hands
    assert h1.outcome is None and h1.attackers_total is None                 # the outcome itself stays withheld
    # before: (None, None) and no span — N–S's 2, the same in both ways, withheld too
    assert h1.levels_after == (2, None) and h1.player_levels_after == (2, None, 2, None)
    assert h1.levels_after_span == (None, (3, 4), None, (3, 4))
    assert sorted(o.levels for o in h1.outcomes_open) == [1, 2]
    assert {(o.winner, o.next_dealer, o.match_over) for o in h1.outcomes_open} == {("defenders", W, False)}
    (fact,) = [d for d in h1.derived if d.fact == "levels_after"]
    assert fact.value == "NS:2" and "N–S at 2" in fact.message_en and "E–W's level differs" in fact.message_en
    assert "南北 2 级" in fact.message_zh
    (u,) = [u for u in h1.unknowns if u.tag == "play"]
    assert "outcome" in u.withheld and "levels" in u.withheld        # E–W's level is still withheld
    # hand 2 carries in N–S's 2 and is dealt by W as every way says: no "not checked (the hand before gave no result)"
    assert h2.levels_before == (2, None) and h2.dealer == W
    assert not [u for u in h2.unknowns if u.tag == "Levels"]
    assert not [v for v in h2.violations if v.code in ("dealer_mismatch", "level_mismatch")]
    # ... and judges nothing that rests on E–W's level, which it does not state: 3 or 4
    assert h2.level is None and h2.outcome is None and all(t.winner is None for t in h2.tricks)
    (lv,) = [u for u in h2.unknowns if u.tag == "Level"]
    assert "3–4" in lv.message_en and "E's play in trick 7, E's play in trick 17 of hand 1" in lv.message_en
    assert "3–4" in lv.message_zh and "第 1 局记录缺少第 7 轮东家的出牌" in lv.message_zh


def test_the_dealer_every_way_names_is_derived_saying_so():
    text = STRADDLE_NO_LEVEL[:HAND2] + _edit(STRADDLE_NO_LEVEL[HAND2:], ('[Dealer "W"]\n', ""))
    _, r = _replay(text)
    h2 = r.hands[1]
    assert h2.dealer == W                                             # before: None (the dealer not known)
    (d,) = [d for d in h2.derived if d.fact == "dealer"]
    assert d.value == "W" and d.source == PREVIOUS_READINGS
    assert "hand 1 is judged once for each way" in d.message_en and "every one names W" in d.message_en
    assert "第1局" in d.message_zh and "每一种都定西家坐庄" in d.message_zh


def test_the_next_level_stated_is_checked_against_the_range():
    _, r = _replay(STRADDLE)                                      # [Level "3"]: one of the levels the ways give
    h2 = r.hands[1]
    assert h2.levels_before == (2, 3) and h2.level == 3 and h2.outcome is not None
    assert not [v for v in h2.violations if v.code == "level_mismatch"]
    assert r.levels_final == (2, 4) and (r.winner, r.decided_by) == (1, "levels")      # before: neither known
    wrong = STRADDLE[:HAND2] + _edit(STRADDLE[HAND2:], ('[Level "3"]', '[Level "5"]'))
    _, r = _replay(wrong)
    (v,) = [v for v in r.hands[1].violations if v.code == "level_mismatch"]     # before: 5 taken as told
    assert "3–4" in v.message_en and "E's play in trick 7" in v.message_en and "3–4" in v.message_zh


def test_a_match_ending_there_is_decided_on_every_level_the_range_gives(tmp_path):
    _, r = _replay(ONE_HAND)
    assert r.levels_final == (2, None) and r.levels_final_span == (None, (3, 4))
    assert (r.winner, r.decided_by) == (1, "levels")              # E–W higher under every way (before: not decided)
    (w,) = r.derived
    assert w.fact == "winner" and w.value == "EW" and "hand 1" in w.source
    doc = _check_json(tmp_path, ONE_HAND)
    (m,) = doc["files"][0]["matches"]
    assert m["levels_final"] == {"NS": "2", "EW": None} and m["levels_final_span"] == {"NS": None, "EW": ["3", "4"]}
    assert m["winner"] == "EW" and m["decided_by"] == "levels"
    (h,) = doc["files"][0]["hands"]
    assert h["outcome"] is None and h["levels_after"] == {"NS": "2", "EW": None}


def test_ways_naming_different_next_dealers_carry_the_levels_not_the_dealer():
    """The sample's hand 1 with nobody declared against ``[Trump "C"]`` (tests/test_s9_declarations.py): judged with
    each trump, E–W defending take 1 level (W, then E deals) or N–S take the deal (N deals): N–S's 2 is kept, E–W's
    2–3 bounded, the next dealer not known — hand 2's ``[Dealer "E"]`` is not checked, its ``[Level "3"]`` is."""
    h1, h2 = sample_hands(sample_record('""'))[:2]
    assert h1.outcome is None and h1.levels_after == (2, None) and h1.levels_after_span[E] == (2, 3)
    assert {o.next_dealer for o in h1.outcomes_open} == {E, N}
    assert h2.levels_before == (2, 3) and h2.dealer == E and h2.level == 3      # before: N–S's level not known
    (u,) = [u for u in h2.unknowns if u.tag == "Levels"]
    assert u.withheld == ("dealer_check",)
    assert "they name different next dealers" in u.message_en and "hand 1" in u.message_en
    assert "第1局" in u.message_zh and "下一局的庄家不同" in u.message_zh
    assert not [v for v in h2.violations if v.code in ("dealer_mismatch", "level_mismatch")]


def _ways(match_over: bool):
    """Two judgements of the sample's hand 1 (its own result) whose outcomes differ in the levels the defenders
    gain, the second passing the winning rank or not."""
    (h,) = sample_hands(sample_record('"W: C2"'))[:1]         # (a hand judged once: its result known)
    o = h.outcome
    assert o is not None and o.winner == "defenders" and not o.match_over
    after = tuple(lv + 1 if lv is not None and s % 2 == o.team else lv for s, lv in enumerate(h.player_levels_after))
    more = dataclasses.replace(h, outcome=dataclasses.replace(o, levels=o.levels + 1, match_over=match_over),
                               player_levels_after=after, levels_after=(after[0], after[1]))
    return h, more


def test_guard_ways_differing_in_levels_gained_merge_to_their_range():
    h, more = _ways(False)
    changes, what = agree([h, more], [None] * len(h.tricks), lambda v: ("", ""))
    assert changes["outcome"] is None and "outcome" in what and "levels" in what
    assert set(changes["outcomes_open"]) == {h.outcome, more.outcome}
    t = h.outcome.team
    assert changes["levels_after"][1 - t] == h.levels_after[1 - t] and changes["levels_after"][t] is None
    assert changes["levels_after_span"][t] == (h.levels_after[t], h.levels_after[t] + 1)


def test_guard_a_way_passing_the_winning_rank_keeps_nothing():
    """A way in which a side passes the winning rank ends the match there: the levels after stay withheld, unbounded
    (the match's end is then open: forfeit_count), as before."""
    h, more = _ways(True)
    changes, _ = agree([h, more], [None] * len(h.tricks), lambda v: ("", ""))
    assert changes["outcome"] is None and not changes.get("outcomes_open")
    assert changes["levels_after"] == (None, None) and changes.get("levels_after_span") is None
