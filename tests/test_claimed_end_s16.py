"""A record that stops before its hand's end, with the table's ``[Claim]`` (docs/rules.md §7.4, §14.1).

A referee's tester: Spring Cup hand 1 written up to trick 13 (a concession, or the rest not copied) with
``[Claim "60"]`` kept: "claim 60 not checked, the record ends first", no outcome, and the match's next hands
"[Levels] not checked (the hand before gave no result)" — N–S's level unknown for four hands.  ``[Claim]`` is the
attackers' total as the table recorded it: under rules where the result rests on that total alone it is the
hand's result (a ``derived`` fact ``outcome``, "from [Claim]"), as a score sheet's hand is — unless the recorded
tricks already give the attackers more (``claim_mismatch``, no result), or the rules charge faults the tricks not
recorded may hold (tournament: no result, as before)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")


def _cut(text: str, after: str, upto: str) -> str:
    """``text`` with the trick lines from the one starting ``after`` to (not including) ``upto`` left out."""
    return text[:text.index(after)] + text[text.index(upto):]


def _match(text: str):
    (match,), diags = parse_tgn(text)
    return match, replay_match(match)


WHOLE = _match(SAMPLE)[1]
STOPPED = _cut(SAMPLE, "14. N: SJ S8", '[Claim "60"]')


def test_a_record_stopping_early_takes_the_tables_claim_as_the_hands_result():
    _, r = _match(STOPPED)
    h, whole = r.hands[0], WHOLE.hands[0]
    assert not h.complete and h.claim == 60 and h.claim_matches is None
    assert h.outcome == whole.outcome and h.levels_after == whole.levels_after
    (d,) = [d for d in h.derived if d.fact == "outcome"]
    assert d.value == "[Claim] 60" and "after trick 13" in d.message_en and "第 13 轮之后" in d.message_zh
    assert "claim_mismatch" not in {v.code for v in h.violations}
    # the next hand's level and dealer are checked from it, as after a hand played out
    assert r.hands[1].levels_before == WHOLE.hands[1].levels_before
    assert not [u for u in r.hands[1].unknowns if u.tag == "Levels"]


def test_without_a_claim_the_result_stays_open():
    _, r = _match(STOPPED.replace('[Claim "60"]\n', "", 1))
    h = r.hands[0]
    assert h.outcome is None and not [d for d in h.derived if d.fact == "outcome"]


def test_a_claim_below_what_the_attackers_already_took_is_the_records_fault_and_decides_nothing():
    _, r = _match(STOPPED.replace('[Claim "60"]', '[Claim "5"]', 1))
    h = r.hands[0]
    assert h.outcome is None and h.levels_after == (None, None)
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert v.seat is None and "already give them" in v.message_en and "闲家已得" in v.message_zh


def test_under_rules_that_charge_faults_the_tricks_not_recorded_may_hold_the_claim_decides_nothing():
    text = STOPPED.replace('[Ruleset "standard"]', '[Ruleset "tournament"]', 1)
    _, r = _match(text)
    h = r.hands[0]
    assert h.outcome is None and not [d for d in h.derived if d.fact == "outcome"]


def test_a_whole_record_is_checked_against_its_claim_as_before():
    h = WHOLE.hands[0]
    assert h.complete and h.claim_matches is True and not [d for d in h.derived if d.fact == "outcome"]
    _, r = _match(SAMPLE.replace('[Claim "60"]', '[Claim "65"]', 1))
    assert [v.code for v in r.hands[0].violations] == ["claim_mismatch"]
