"""The level a hand's dealer's side carries in as a range, from plays the record leaves out in the hand before
(docs/rules.md §10.2, §14.1; s20, task F3).

1. The sample's first hand under ``[Ruleset "tournament"]`` with W's plays left out of tricks 5 and 7: every way of
   filling them in gives the defenders (E–W) 1 level, but a wrong follow of W in some ways costs E–W a level, so
   E–W's level after it is 2–3 (``levels_final_span``).  Hand 2 (E deals) states no ``[Level]``: its level is not
   known and nothing of it is judged — but its words said "the hand before gives take-backs whose seat is not known
   ("?")", a cause the record does not give.  They now name the plays left out, hand and trick; the same for a
   ``[Level]`` none of the readings gives (``level_mismatch``).  A ``?`` take-back is still named as such.
2. A hand whose plays left out make the attackers' total straddle a level threshold (30 or 40: the defenders up 2
   or 1 levels): its outcome is withheld, but (since s20 G3, tests/test_outcome_ranges_s20.py) N–S's level and E–W's
   range are carried into the next hand; that hand, with no ``[Level]``, is judged on no level.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.carried_ranges import LEFT_OPEN, PLAYS_LEFT_OUT, TAKEBACKS, RangeCause, range_causes
from tractor_analysis.engine.explain_final_levels import range_cause_words
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND1 = SAMPLE[:SAMPLE.index('[Hand "2"]')].replace('[Ruleset "standard"]', '[Ruleset "tournament"]')
HAND2 = SAMPLE[SAMPLE.index('[Hand "2"]'):SAMPLE.index('[Hand "3"]')]
E, W = 1, 3


def _edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


GAPS = _edit(HAND1, ("5. S: DA DQ, W: D6 D6, N:", "5. S: DA DQ, N:"),
             ("7. E: H5 H5, S: H9 H9, W: HK D8, N:", "7. E: H5 H5, S: H9 H9, N:"))
"""Hand 1 with W's plays left out of tricks 5 and 7 (E–W's level after it 2–3)."""
NO_LEVEL = GAPS + _edit(HAND2, ('[Level "3"]\n', ""))
WRONG_LEVEL = GAPS + _edit(HAND2, ('[Level "3"]\n', '[Level "4"]\n'))


def _replay(text: str):
    (match,), _ = parse_tgn(text)
    return match, replay_match(match)


def test_a_level_not_stated_after_plays_left_out_names_them_not_take_backs(tmp_path):
    _, r = _replay(NO_LEVEL)
    h1, h2 = r.hands
    assert h1.levels_after == (2, None) and h1.levels_after_span[W] == (2, 3)      # the range, from the ways
    (u,) = [u for u in h2.unknowns if u.tag == "Level"]
    assert "W's play in trick 5, W's play in trick 7 of hand 1" in u.message_en and "2–3" in u.message_en
    assert "第 1 局记录缺少第 5 轮西家的出牌、第 7 轮西家的出牌" in u.message_zh and "2–3" in u.message_zh
    assert "take-backs" not in u.message_en and "悔牌" not in u.message_zh and '"?"' not in u.message_en
    # nothing of hand 2 is decided on a level guessed from the range
    assert h2.level is None and h2.outcome is None and h2.attackers_total is None
    assert {"verdicts", "outcome", "levels"} <= set(u.withheld)
    assert all(t.winner is None for t in h2.tricks) and not h2.violations
    assert h2.levels_before == (2, None) and h2.levels_after == (None, None)
    path = tmp_path / "m.tgn"
    path.write_text(NO_LEVEL, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output)
    j2 = doc["files"][0]["hands"][1]
    assert j2["level"] is None and j2["outcome"] is None
    (item,) = [x for x in j2["unknown"] if x["tag"] == "Level"]
    assert item["message_en"] == u.message_en and item["message_zh"] == u.message_zh


def test_a_level_no_reading_gives_after_plays_left_out_names_them():
    _, r = _replay(WRONG_LEVEL)
    (v,) = [v for v in r.hands[1].violations if v.code == "level_mismatch"]
    assert "2–3" in v.message_en and "W's play in trick 5, W's play in trick 7 of hand 1" in v.message_en
    assert "第 5 轮西家的出牌" in v.message_zh and "2–3" in v.message_zh
    assert "take-backs" not in v.message_en and "悔牌" not in v.message_zh
    assert r.hands[1].levels_after[1] is None         # not learned from the [Level] the readings contradict


def test_a_question_mark_take_back_is_still_named_with_its_hand():
    text = _edit(NO_LEVEL, ('[Scorer "周立 Zhou Li"]', '[Scorer "周立 Zhou Li"]\n[Takebacks "?"]'))
    text = _edit(text, ("5. S: DA DQ, N:", "5. S: DA DQ, W: D6 D6, N:"),
                 ("7. E: H5 H5, S: H9 H9, N:", "7. E: H5 H5, S: H9 H9, W: HK D8, N:"))      # no play left out
    _, r = _replay(text)
    (u,) = [u for u in r.hands[1].unknowns if u.tag == "Level"]
    assert 'hand 1 gives take-backs whose seat is not known ("?")' in u.message_en
    assert "第 1 局 [Takebacks] 中有座位未知的悔牌" in u.message_zh and "left out" not in u.message_en


def test_range_causes_walk_back_over_a_hand_that_carried_the_range_on():
    match, r = _replay(NO_LEVEL)
    h1, h2 = r.hands
    gaps = RangeCause(1, PLAYS_LEFT_OUT, ((5, (W,)), (7, (W,))))
    assert range_causes(match.hands[:1], r.hands[:1], E) == (gaps,)
    assert range_causes(match.hands[:1], r.hands[:1], 0) == ()          # N–S's level is known
    # hand 2 carrying E–W's range on (its level before not known, nothing of its own left open): hand 1 named
    on = dataclasses.replace(h2, levels_after_span=(None, (3, 4), None, (3, 4)), unknowns=())
    assert range_causes(match.hands, [h1, on], E) == (gaps,)
    # ... and with a "?" of its own: both, the earlier first
    tb = dataclasses.replace(h1.unknowns[0], tag="Takebacks", withheld=("levels",))
    assert range_causes(match.hands, [h1, dataclasses.replace(on, unknowns=(tb,))], E) == (
        gaps, RangeCause(2, TAKEBACKS))
    # a level before that was known: the walk stops at hand 2
    known = dataclasses.replace(on, unknowns=(tb,), player_levels_before=(2, 3, 2, 3))
    assert range_causes(match.hands, [h1, known], E) == (RangeCause(2, TAKEBACKS),)
    zh, en = range_cause_words([RangeCause(4, LEFT_OPEN)])
    assert "hand 4" in en and "第 4 局" in zh


STRADDLE = format_tgn(next(iter(simulate(1, 2, preset="standard", max_hands=2))))
"""A simulated match whose hand 1 (E deals, the attackers N–S take 40) leaves E's plays out of tricks 7 (♣K) and 17
(♦2): the other way (♦2 then ♣K) gives N–S 30 — the defenders up 2 levels, not 1."""
STRADDLE = _edit(STRADDLE, ("7. N: CA, E: CK, S: C4", "7. N: CA, S: C4"), ("17. W: H6, N: S5, E: D2, S:", "17. W: H6, N: S5, S:"))
i = STRADDLE.index('[Level', STRADDLE.index('[Hand "2"]'))
STRADDLE_NO_LEVEL = STRADDLE[:i] + STRADDLE[STRADDLE.index("\n", i) + 1:]
del i


def test_points_straddling_a_threshold_carry_a_range_and_the_next_hand_no_guessed_level():
    """The ways give the defenders 1 or 2 levels: hand 1's outcome is withheld, N–S's level (2 in both) kept and E–W's
    bounded (3–4, docs/rules.md §10.2: before s20 G3 nothing was kept); hand 2, no [Level], judges nothing that rests
    on its level."""
    _, r = _replay(STRADDLE_NO_LEVEL)
    h1, h2 = r.hands
    assert h1.outcome is None and h1.levels_after == (2, None) and h1.levels_after_span[E] == (3, 4)
    assert h2.level is None and h2.outcome is None and h2.attackers_total is None
    assert all(t.winner is None for t in h2.tricks) and not h2.violations
    (u,) = [u for u in h2.unknowns if u.tag == "Level"]
    assert {"verdicts", "outcome", "levels"} <= set(u.withheld)
    assert r.levels_final == (None, None) and r.winner is None
