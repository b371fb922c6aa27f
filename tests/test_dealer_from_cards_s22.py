"""The dealer the hand's own cards fix (docs/rules.md §13.1, §14.1), whatever the hand's number and whether
``[Dealer]`` is stated: hand 1 of the sample renumbered 5 (no hand before it names a dealer, no [Levels] past 2)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE.split('[Hand "2"]', 1)[0]
W = 3


def judged(dealer_line: str, declarations: bool = True):
    text = HAND_1.replace('[Hand "1"]\n[Dealer "W"]\n', '[Hand "5"]\n' + dealer_line)
    if not declarations:
        text = text.replace('[Declarations "W: C2 | W: C2 C2"]\n', '')
    assert text != HAND_1
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def test_a_later_hands_dealer_the_cards_set_aside_is_the_records_finding():
    # before: the dealer derived W, but the miscopied tag passed silently (a finding only in the record's hand 1)
    h = judged('[Dealer "E"]\n')
    assert h.dealer == W
    (found,) = [v for v in h.violations if v.code == "dealer_mismatch"]
    assert found.of_record and found.seat is None
    assert "the hand's cards make W the dealer" in found.message_en and "a bury not held" in found.message_en
    assert "西家坐庄" in found.message_zh and "扣了没有的牌" in found.message_zh
    assert [v.code for v in h.violations] == ["dealer_mismatch"]


@pytest.mark.parametrize("line", ["", '[Dealer "?"]\n', '[Dealer "X"]\n'])
def test_a_dealer_not_stated_is_derived_from_the_cards(line):
    # before: "nothing in the record fixes it", the points, sides, outcome and levels withheld
    h = judged(line)
    assert h.dealer == W and h.attackers_total == 60 and h.outcome is not None
    assert not any(u.tag == "Dealer" for u in h.unknowns)
    (d,) = [d for d in h.derived if d.fact == "dealer"]
    assert d.value == "W" and "Buried:" in d.source
    assert "only W can have made the bury" in d.message_en and "只有西家可能扣下所记的底牌" in d.message_zh
    assert not any(v.code == "dealer_mismatch" for v in h.violations)


def test_a_dealer_not_stated_whose_bury_and_first_lead_disagree_is_not_derived():
    # the bury is W's, but N is written leading trick 1: a tag, a line or a play is miscopied — no dealer derived
    text = HAND_1.replace('[Hand "1"]\n[Dealer "W"]\n', '[Hand "5"]\n')
    first = next(line for line in text.split("\n") if line.startswith("1. W: "))
    plays = first[3:].split(", ")
    moved = text.replace(first, "1. " + ", ".join(plays[1:] + plays[:1]))
    (match,), _ = parse_tgn(moved)
    h = replay_match(match).hands[0]
    assert h.dealer is None and not any(d.fact == "dealer" for d in h.derived)


def test_the_derivation_names_no_declarations_when_the_record_has_none():
    # before: "from the hand's deal, bottom, declarations and plays" in a hand with no [Declarations]
    h = judged('[Dealer "E"]\n', declarations=False)
    (d,) = [d for d in h.derived if d.fact == "dealer"]
    assert d.value == "W" and "declarations" not in d.message_en and "declarations" not in d.source
    assert "亮主" not in d.message_zh and "deal, bottom and plays" in d.message_en
    with_declarations = [d for d in judged('[Dealer "E"]\n').derived if d.fact == "dealer"]
    assert "declarations" in with_declarations[0].message_en
