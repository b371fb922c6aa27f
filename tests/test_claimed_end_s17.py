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


HAND4_START = SAMPLE.index('[Hand "4"]')
HAND4_STOP = SAMPLE[:HAND4_START] + _cut(SAMPLE[HAND4_START:], "16. N: DA", "{北家抠底")


def _hand4(claim: int):
    return _match(HAND4_STOP.replace('[Claim "100"]', f'[Claim "{claim}"]', 1))[1].hands[3]


def _mismatch(h, en: str, zh: str):
    assert h.outcome is None and h.levels_after == (None, None)
    assert not [d for d in h.derived if d.fact == "outcome"]
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert en in v.message_en and zh in v.message_zh


def test_a_claim_that_is_not_a_multiple_of_five_is_the_records_fault():
    _, r = _match(STOPPED.replace('[Claim "60"]', '[Claim "63"]', 1))
    _mismatch(r.hands[0], "multiple of 5", "5 的倍数")


def test_a_claim_above_what_the_cards_left_can_give_is_the_records_fault():
    # after trick 13 the attackers have 60; the cards still held carry 15 and the bottom none: 75 at most
    _, r = _match(STOPPED.replace('[Claim "60"]', '[Claim "80"]', 1))
    _mismatch(r.hands[0], "75 at most", "最多 75 分")
    _, r = _match(STOPPED.replace('[Claim "60"]', '[Claim "75"]', 1))
    assert r.hands[0].outcome is not None and r.hands[0].scored_by_claim


def test_one_card_a_seat_left_the_last_trick_is_forced_and_the_claim_must_be_its_total():
    # hand 4 stops after trick 15: N leads ♦A, E ♦K, S ♠10, W ♣7 — N (an attacker) takes 20 and the bottom's
    # 10 × 2: 60 + 40 = 100, which the table recorded
    whole = WHOLE.hands[3]
    h = _hand4(100)
    assert not h.complete and h.scored_by_claim and h.outcome == whole.outcome
    assert h.levels_after == whole.levels_after and h.attackers_total == 60
    _mismatch(_hand4(90), "gives the attackers 100", "闲家总得分应为 100")
    _mismatch(_hand4(80), "gives the attackers 100", "闲家总得分应为 100")


def test_a_skipped_trick_number_withholds_the_outcome_and_no_claim_gives_it():
    text = _cut(STOPPED, "12. W: C5", "13. E: H8")
    _, r = _match(text)
    h = r.hands[0]
    assert h.outcome is None and not h.scored_by_claim
    assert not [d for d in h.derived if d.fact == "outcome"]
    assert h.claim == 60


def test_a_record_stopping_inside_a_trick_takes_no_result_from_its_claim():
    # the record ends after N's and E's plays of trick 14: not checked, as before
    text = STOPPED.replace("13. E: H8, S: H4, W: C4, N: C5", "13. E: H8, S: H4", 1)
    _, r = _match(text)
    h = r.hands[0]
    assert h.outcome is None and not h.scored_by_claim
