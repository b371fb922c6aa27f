"""Tags the rest of the record contradicts, the trump not stated or contradicted too (docs/rules.md §13.1, §14.1).

A referee's tester (session 24), on hand 1 of the Spring Cup (sample_logs/spring-cup-r2t5.tgn: ``[Levels "NS:2 EW:2"]``,
W dealing, W declaring ♣2 then ♣2 ♣2, trump clubs):

- ``[Level "3"]`` miscopied and ``[Trump]`` left out: the level [Levels] states (2) and the one [Level] states (3)
  are two statements against each other, to be judged under each.  At 3 W's declarations declare nothing, so the
  trump is unknown and no play judged — and that judgement (not judged) lost the other value of the level: the hand
  stood at 3 alone, W charged with two ``bad_declaration`` resting on [Level] being right.  Now it is judged at 2
  too, where both declarations stand and fix clubs: the level is derived (2), W charged with nothing — as with
  ``[Trump "C"]`` stated.  With ``[Dealer "E"]`` miscopied as well, E's lead was found out of turn against W.
- ``[Trump "S"]`` against the declaration ``W: H5`` (no ``[Dealer]``, a hand of a hand-written record): the
  ``bad_declaration`` naming no seat is the record saying two things, not a player's act — the record's finding
  (no violation, no ruling page), the hand still judged under both trumps.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import CLUBS

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HEADER, REST = SAMPLE.split('[Hand "1"]', 1)
HAND_1 = '[Hand "1"]' + REST.split('[Hand "2"]', 1)[0]
W = 3


def hand_1(*edits: tuple[str, str]):
    """Hand 1 of the sample, alone after the match's header, with each ``(old, new)`` replaced once."""
    text = HAND_1
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    (match,), _ = parse_tgn(HEADER + text)
    return replay_match(match).hands[0]


LEVEL_3 = ('[Level "2"]', '[Level "3"]')
NO_TRUMP = ('[Trump "C"]\n', "")
DEALER_E = ('[Dealer "W"]', '[Dealer "E"]')


def test_the_sample_hand_as_it_is():
    h = hand_1()
    assert (h.level, h.trump, h.dealer, h.violations) == (2, CLUBS, W, ())


def test_level_miscopied_and_trump_left_out_judged_at_the_level_levels_states_too():
    h = hand_1(LEVEL_3, NO_TRUMP)
    # the declarations stand at 2 (what [Levels] states) and fix clubs: no fault of W's rests on [Level] being right
    assert [v for v in h.violations if not v.of_record] == []
    assert [v.code for v in h.violations] == ["level_mismatch"]
    assert (h.level, h.trump, h.dealer) == (2, CLUBS, W)
    (level,) = [d for d in h.derived if d.fact == "level"]
    assert level.value == "2" and "a declaration that does not stand" in level.message_en
    assert "亮主不成立" in level.message_zh
    assert h.legal is True and h.outcome is not None
    # as with [Trump "C"] stated (the level derived from the declarations the same way)
    stated = hand_1(LEVEL_3)
    assert (h.level, h.trump, h.outcome, h.levels_after) == (stated.level, stated.trump, stated.outcome,
                                                             stated.levels_after)


def test_dealer_and_level_miscopied_and_trump_left_out_no_fault_against_w():
    h = hand_1(LEVEL_3, NO_TRUMP, DEALER_E)
    # before: W charged with two bad_declaration and an out_of_turn in trick 1 (resting on [Dealer "E"])
    assert [v for v in h.violations if not v.of_record] == []
    assert sorted(v.code for v in h.violations) == ["dealer_mismatch", "level_mismatch"]
    assert (h.level, h.trump, h.dealer) == (2, CLUBS, W)
    assert {d.fact: d.value for d in h.derived if d.fact in ("level", "dealer")} == {"level": "2", "dealer": "W"}
    assert h.legal is True
    assert not any(v.code == "out_of_turn" for t in h.tricks for v in t.violations)
