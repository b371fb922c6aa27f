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


def test_without_a_claim_the_result_is_the_cards_where_every_total_they_allow_gives_one():
    # after trick 13 the attackers have 60 and can reach 75 at most: defenders up 1 level whatever happens
    _, r = _match(STOPPED.replace('[Claim "60"]\n', "", 1))
    h = r.hands[0]
    (d,) = [d for d in h.derived if d.fact == "outcome"]
    assert d.value == "60-75" and not h.scored_by_claim
    assert h.outcome == WHOLE.hands[0].outcome and h.levels_after == WHOLE.hands[0].levels_after
    assert h.attackers_total == 60 and not h.complete
    assert r.hands[1].levels_before == WHOLE.hands[1].levels_before


def test_without_a_claim_a_range_of_totals_with_two_results_leaves_the_result_open():
    # hand 4 after trick 10 (the attackers take the deal at 80): the cards left allow totals on both sides of it
    text = SAMPLE[:HAND4_START] + _cut(SAMPLE[HAND4_START:], "11. ", "{北家抠底").replace('[Claim "100"]\n', "", 1)
    h = _match(text)[1].hands[3]
    assert h.outcome is None and not [d for d in h.derived if d.fact == "outcome"]
    assert h.levels_after == (None, None)


def test_a_claim_below_what_the_attackers_already_took_is_the_records_fault_and_decides_nothing():
    _, r = _match(STOPPED.replace('[Claim "60"]', '[Claim "5"]', 1))
    h = r.hands[0]
    _mismatch(h, "already give them", "闲家已得")
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert v.seat is None
    # 60 to 75 is what the cards left allow, each total the same result: the cards give it, not the claim
    (d,) = [d for d in h.derived if d.fact == "outcome"]
    assert d.value == "60-75" and "between 60 and 75" in d.message_en and "60 至 75 分之间" in d.message_zh
    assert h.outcome == WHOLE.hands[0].outcome


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
    # the claim is not the result; the result is the cards' where every total they allow gives the same
    assert not h.scored_by_claim and h.claim_matches is False
    assert not [d for d in h.derived if d.fact == "outcome" and d.value.startswith("[Claim]")]
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert en in v.message_en and zh in v.message_zh
    assert "the claim is not taken as the hand's result" in v.message_en and "不以此为本局结果" in v.message_zh


def test_a_claim_that_is_not_a_multiple_of_five_is_the_records_fault():
    _, r = _match(STOPPED.replace('[Claim "60"]', '[Claim "63"]', 1))
    _mismatch(r.hands[0], "multiple of 5", "5 的倍数")


def test_a_claim_above_what_the_cards_left_can_give_is_the_records_fault():
    # after trick 13 the attackers have 60; the cards still held carry 15 and the bottom none: 75 at most
    _, r = _match(STOPPED.replace('[Claim "60"]', '[Claim "80"]', 1))
    _mismatch(r.hands[0], "75 in all at most", "共计最多 75 分")
    _, r = _match(STOPPED.replace('[Claim "60"]', '[Claim "75"]', 1))
    assert r.hands[0].outcome is not None and r.hands[0].scored_by_claim


def test_one_card_a_seat_left_the_last_trick_is_forced_and_the_claim_must_be_its_total():
    # hand 4 stops after trick 15: N leads ♦A, E ♦K, S ♠10, W ♣7 — N (an attacker) takes 20 and the bottom's
    # 10 × 2: 60 + 40 = 100, which the table recorded (since session 23 the forced trick is counted as played, as
    # in a record ending inside it: the claim is checked against the cards' total, no longer the result's source)
    whole = WHOLE.hands[3]
    h = _hand4(100)
    assert not h.complete and not h.scored_by_claim and h.claim_matches is True and h.outcome == whole.outcome
    assert h.levels_after == whole.levels_after and h.attackers_total == 100 and h.bottom_decided
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


def test_the_bottom_counts_only_at_a_multiplier_the_units_held_allow():
    # hand 4 after trick 14 (a regression tester's case): N ♦A ♥5, E ♦9 ♦K, S ♣A ♠10, W ♣4 ♣7 — no seat holds a
    # pair, so the last trick doubles the bottom (10) at most: 55 + 25 + 20 = 100, the table's real total; 120 passed
    # when the bound took any pair two cards a seat could make
    text = SAMPLE[:HAND4_START] + _cut(SAMPLE[HAND4_START:], "15. E: D9", "{北家抠底")
    h = _match(text.replace('[Claim "100"]', '[Claim "120"]', 1))[1].hands[3]
    _mismatch(h, "100 in all at most", "共计最多 100 分")
    h = _match(text)[1].hands[3]
    assert h.scored_by_claim and h.outcome == WHOLE.hands[3].outcome


def test_a_claim_no_share_of_the_cards_left_gives_is_the_records_fault():
    # hand 1 after trick 13: the counting cards left are ♠10 (10) and ♠5 (5), the bottom none — the attackers
    # can add 0, 5, 10 or 15: 60 to 75 in steps of 5, all reachable; after trick 14 only ♠5 is left (and it is
    # in the trick 15 the attackers may or may not take): 60 or 65, never 70
    after14 = _cut(SAMPLE, "15. W: H2", '[Claim "60"]')
    h = _match(after14.replace('[Claim "60"]', '[Claim "70"]', 1))[1].hands[0]
    assert [v.code for v in h.violations] == ["claim_mismatch"]
    h = _match(after14.replace('[Claim "60"]', '[Claim "65"]', 1))[1].hands[0]
    assert h.scored_by_claim


def test_a_record_ending_inside_the_last_trick_with_every_play_left_forced_has_the_cards_result():
    # (a second regression tester) hand 1's trick 16 written without S's play: S holds one card, ♥Q, which it
    # must play — the winner (W), the points (0) and so the total (60) follow; before: no outcome
    text = SAMPLE.replace("16. W: CQ, N: SJ, E: HJ, S: HQ", "16. W: CQ, N: SJ, E: HJ", 1)
    assert text != SAMPLE
    h = _match(text)[1].hands[0]
    (d,) = [d for d in h.derived if d.fact == "outcome"]
    assert d.value == "60" and "inside the last trick (trick 16)" in d.message_en and "第 16 轮" in d.message_zh
    assert h.outcome == WHOLE.hands[0].outcome and not h.complete
    h = _match(text.replace('[Claim "60"]', '[Claim "65"]', 1))[1].hands[0]
    assert [v.code for v in h.violations] == ["claim_mismatch"] and h.outcome == WHOLE.hands[0].outcome


def test_a_finding_against_what_a_claimed_hand_handed_on_names_the_claim():
    # hand 4 stops after trick 14 with [Claim "75"] (the cards allow it; the table's real total was 100): hand 5's
    # [Dealer] S, right by the real result, is now against the claim's — the finding says where the dealer carried
    # in comes from (a regression tester: nothing said it rested on hand 4's claim)
    text = SAMPLE[:HAND4_START] + _cut(SAMPLE[HAND4_START:], "15. E: D9", "{北家抠底")
    r = _match(text.replace('[Claim "100"]', '[Claim "75"]', 1))[1]
    assert r.hands[3].scored_by_claim
    (v,) = [v for v in r.hands[4].violations if v.code == "dealer_mismatch"]
    assert "hand 4's [Claim] 75" in v.message_en and "第 4 局的 [Claim] 75" in v.message_zh


def test_no_result_where_the_cards_are_not_the_decks_bottom():
    # (a third regression tester: a line with a copy too many shifted the bottom the bounds worked out by
    # subtraction — 0 for the 5 the Buried: line holds — and a forced last trick gave 70 for the real 80) the
    # bounds are taken only where the cards held, played and buried make the decks' points
    from tractor_analysis.engine.claimed_end import bounded_end
    from tractor_analysis.engine.played_cards import Played
    from tractor_analysis.engine.starting_hands import starting_hands
    from tractor_analysis.engine.tricks import hand_context
    from tractor_analysis.records.cards import parse_cards

    text = _cut(SAMPLE, "16. W: CQ", '[Claim "60"]').replace('[Claim "60"]\n', "", 1)
    (m,), _ = parse_tgn(text)
    h, r = m.hands[0], replay_match(m).hands[0]
    start = starting_hands(h, r.rules, r.dealer, Played(h))
    ctx = hand_context(r.rules, r.level, r.trump)
    args = (h, r.rules, ctx, start.hands, r.tricks[-1].winner, r.defenders, r.attackers_total)
    assert bounded_end(*args, start.buried) is not None
    other = tuple(parse_cards("SK")) + tuple(start.buried[1:])       # 10 points more than the cards allow
    assert bounded_end(*args, other) is None


def test_a_forced_last_trick_the_attackers_take_has_the_bottom_at_a_singles_multiplier():
    # hand 4's trick 16 written without W's play: N leads ♦A (an attacker), W holds ♣7 and must play it — N takes
    # 20 and the bottom's 10 × 2: 100, the table's total (a third regression tester: the points were withheld,
    # "the bottom at a multiplier the plays left out decide", though a single lead fixes it)
    text = SAMPLE.replace("16. N: DA, E: DK, S: S10, W: C7", "16. N: DA, E: DK, S: S10", 1)
    assert text != SAMPLE
    h = _match(text)[1].hands[3]
    assert [(d.fact, d.value) for d in h.derived if d.fact == "outcome"] == [("outcome", "100")]
    assert h.outcome == WHOLE.hands[3].outcome and not [v for v in h.violations if v.code == "claim_mismatch"]


def test_the_forced_last_tricks_bottom_and_claim_are_decided_in_every_output(tmp_path):
    # (a fourth regression tester: the text counted the bottom 10 × 2, check --json gave its multiplier and bonus
    # null, and the claim equal to the cards' total was "not checked" while a different one was "✗ differs")
    import json

    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    text = SAMPLE.replace("16. N: DA, E: DK, S: S10, W: C7", "16. N: DA, E: DK, S: S10", 1)
    h = _match(text)[1].hands[3]
    assert h.bottom_decided and h.claim_matches is True and h.attackers_total == 100
    f = tmp_path / "forced.tgn"
    f.write_text(text, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(f)]).output)
    hand = next(x for x in doc["files"][0]["hands"] if x["hand"] == 4)
    assert (hand["bottom_multiplier"], hand["bottom_bonus"], hand["claim_matches"]) == (2, 20, True)
    h = _match(text.replace('[Claim "100"]', '[Claim "95"]', 1))[1].hands[3]
    assert h.claim_matches is False
