"""A ``[Dealer]`` nothing else in the record names, set against the plays (docs/rules.md §14.1).

In a first hand whose declarations name no dealer (none written, or none standing), ``[Dealer]`` was
trusted whatever the plays showed: with the tag miscopied N for W, the real dealer W was faulted for
leading trick 1 out of turn and for playing the bottom's cards "not held", the bury was "not held",
cards were "left", and the points and outcome were those of the wrong sides.  Now the seat that led
trick 1 (the dealer leads it) is weighed against the tag when the cards or ``[Claim]`` speak against
the tag: the cards set it aside (dealer derived), or, the cards silent, the hand is judged both ways
and only what both give is kept.  The lead alone never sets the tag aside (a table can lead out of
turn), nor does anything when another statement (a hand before, a standing declaration) names the dealer.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import PRESETS

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
N, W = 0, 3
HAND_1 = SAMPLE.split('[Hand "2"]', 1)[0]


def hands(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands


def codes(h) -> list[str]:
    return sorted(v.code for v in h.violations)


def miscopied(text: str = HAND_1) -> str:
    """Hand 1 with ``[Dealer]`` miscopied N for W and no declarations (nothing else names the dealer)."""
    return text.replace('[Dealer "W"]', '[Dealer "N"]').replace('[Declarations "W: C2 | W: C2 C2"]\n', '')


def no_deal(text: str) -> str:
    return "\n".join(line for line in text.split("\n") if not re.match(r"^(N|E|S|W|Bottom|Buried):", line))


def test_the_cards_set_a_lone_miscopied_dealer_aside():
    right = hands(HAND_1.replace('[Declarations "W: C2 | W: C2 C2"]\n', ''))[0]
    h = hands(miscopied())[0]
    assert right.dealer == W and right.violations == ()
    # before: out_of_turn, bad_bury, deal_mismatch and five not_in_hand against W, the real dealer; the tag the
    # cards set aside is the record's finding (docs/rules.md §13.1), naming the seat the bury and first lead fix
    assert h.dealer == W and codes(h) == ["dealer_mismatch"]
    (found,) = h.violations
    assert found.of_record and found.seat is None and "the hand's cards make W the dealer" in found.message_en and "a bury not held" in found.message_en
    (d,) = [d for d in h.derived if d.fact == "dealer"]
    assert d.value == "W" and "[Dealer]'s N" in d.message_en and "a bury not held" in d.message_en
    assert "扣了没有的牌" in d.message_zh and "北家" in d.message_zh
    assert (h.attackers_total, h.outcome, h.levels_after) == (right.attackers_total, right.outcome, right.levels_after)
    assert not any(u.tag == "Dealer" for u in h.unknowns)


def test_without_the_cards_a_claim_that_fits_the_first_leader_keeps_both_dealers():
    h = hands(no_deal(miscopied()))[0]
    # before: W's lead out_of_turn and a claim_mismatch, the sides, points and outcome of N as dealer
    assert "out_of_turn" not in codes(h) and "claim_mismatch" not in codes(h)
    (u,) = [u for u in h.unknowns if u.tag == "Dealer"]
    assert "nothing else in the record names the dealer, W led the first trick" in u.message_en
    assert "别无他处写明庄家" in u.message_zh and "西家首出" in u.message_zh
    assert "sides" in u.withheld and h.attackers_total is None and h.outcome is None


def test_the_first_lead_alone_never_sets_the_tag_aside():
    text = no_deal(miscopied()).replace('[Claim "60"]', '')
    assert '[Claim' not in text
    h = hands(text)[0]
    assert h.dealer == N and "out_of_turn" in codes(h)
    assert not any(u.tag == "Dealer" for u in h.unknowns) and not any(d.fact == "dealer" for d in h.derived)


def test_a_claim_that_fits_neither_dealer_leaves_the_tag_standing():
    text = no_deal(miscopied()).replace('[Claim "60"]', '[Claim "95"]')
    h = hands(text)[0]
    assert h.dealer == N and "out_of_turn" in codes(h) and "claim_mismatch" in codes(h)
    assert not any(u.tag == "Dealer" for u in h.unknowns)


def test_a_standing_declaration_that_names_the_dealer_is_a_contradiction_not_a_question():
    # W's declarations stand: [Dealer "N"] against the first declarer is a dealer_mismatch, judged as before
    h = hands(HAND_1.replace('[Dealer "W"]', '[Dealer "N"]'))[0]
    assert "dealer_mismatch" in codes(h) and h.dealer == W


def test_a_dealer_the_hand_before_carries_is_not_questioned():
    # hand 2's dealer E is what hand 1's outcome names; its trick 1 led by S is S's lead out of turn
    old = "1. E: H5 H5 H4 H4 H2 H2, S: HQ HJ H9 H7 H6 C2, W: HA HK HK HJ H8 H6, N: S8 S8 S2 HA H10 C7\n"
    new = "1. S: HQ HJ H9 H7 H6 C2, W: HA HK HK HJ H8 H6, N: S8 S8 S2 HA H10 C7, E: H5 H5 H4 H4 H2 H2\n"
    assert old in SAMPLE
    h = hands(SAMPLE.replace(old, new, 1))[1]
    assert h.dealer == 1 and "out_of_turn" in codes(h)
    assert not any(u.tag == "Dealer" for u in h.unknowns) and not any(d.fact == "dealer" for d in h.derived)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_miscopied_lone_dealer_of_a_whole_simulated_hand_is_set_aside_by_its_cards(preset):
    """Simulated first hands under each preset (deal lines, bottom, bury, every play), each with ``[Dealer]``
    miscopied to each other seat and no declarations: the real dealer is derived every time, with the real
    hand's verdicts and outcome (before: every one judged with the wrong dealer)."""
    import dataclasses

    from tractor_analysis.simulate import simulate_match

    for seed in range(5):
        match = simulate_match(seed, 0, preset=preset, max_hands=1)
        hand = match.hands[0]
        right = replay_match(match).hands[0]
        for wrong in set(range(4)) - {hand.dealer}:
            copied = dataclasses.replace(hand, dealer=wrong, declarations=(), declarations_known=False)
            h = replay_match(dataclasses.replace(match, hands=(copied,))).hands[0]
            assert h.dealer == hand.dealer, (seed, wrong)
            assert codes(h) == sorted([*codes(right), "dealer_mismatch"]) and h.outcome == right.outcome, (seed, wrong)
            assert all(v.of_record for v in h.violations if v.code == "dealer_mismatch"), (seed, wrong)
            assert h.levels_after == right.levels_after, (seed, wrong)
            assert [d.value for d in h.derived if d.fact == "dealer"] == ["NESW"[hand.dealer]], (seed, wrong)


def test_the_first_leaders_judgement_is_made_once(monkeypatch):
    """The judgement under the first leader that weighs the tag is the one the merge uses (not made again)."""
    from tractor_analysis.engine import hand_replay

    calls = []
    real = hand_replay._judged_lines
    monkeypatch.setattr(hand_replay, "_judged_lines", lambda h, *a, **k: calls.append(h.dealer) or real(h, *a, **k))
    h = hands(miscopied())[0]
    assert h.dealer == W and sorted(calls) == [N, W]        # as recorded, then with W dealing: once each
