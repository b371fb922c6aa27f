"""``tractor analyse`` of Botzone records: the plays its judge's two defects let stand (docs/rules.md §4.2
``mixed_throw = same_letter``, §5.3 ``foreign_unit = accepted``) are not valued as if the search knew them.

The sample's match 9 (trick 16): N leads ♦K ♦9 at level 9 — a plain card with a level card of the same printed
suit, a mixed lead the judge lets stand.  The analysis' position sorted the lead (♦9 first), so the engine read
its led group from the level card (trumps) where the replay, from the cards as played, read diamonds: S's
legal ♦7 ♣3 was "not among the plays the search generates" — an "internal error".  And the lead itself is one the
search does not make: its value before and cost are withheld with words that say why, not "internal error".
"""
from __future__ import annotations

import gzip
import itertools
from pathlib import Path

import pytest

from engine_helpers import cards
from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.engine.legal import analyse_lead, check_follow, legal_follows
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.cards import NUM_KINDS
from tractor_analysis.records.rulesets import PRESETS

SAMPLE = Path(__file__).resolve().parent / "data" / "botzone" / "sample.ndjson.gz"


@pytest.fixture(scope="module")
def matches():
    ms, _ = parse_botzone(gzip.open(SAMPLE, "rt", encoding="utf-8").read())
    return ms


def _hand(text: str) -> list[int]:
    h = [0] * NUM_KINDS
    for k in cards(text):
        h[k] += 1
    return h


@pytest.mark.parametrize("order", ["DK D9", "D9 DK"])
def test_follows_to_a_mixed_lead_are_the_plays_the_judge_accepts(order):
    ctx = hand_context(PRESETS["botzone"], 9, 0)          # level 9, trump ♠: ♦9 is a trump
    lead = analyse_lead(ctx, tuple(cards(order)))
    assert lead.mixed
    hand = _hand("S10 SJ SQ D7 C3 CQ")
    held = [k for k in range(NUM_KINDS) for _ in range(hand[k])]

    judged = {tuple(sorted(c)) for c in itertools.combinations(held, 2) if check_follow(ctx, lead, hand, c) is None}
    got = list(legal_follows(ctx, lead, hand))
    assert len(got) == len(set(got)) and set(got) == judged


def test_the_mixed_lead_is_withheld_with_its_reason_and_the_follow_after_it_valued(matches):
    h = replay_match(matches[9]).hands[0]
    a = analyse_hand(h, last=5)
    lead = next(p for p in a.plays if p.trick == 16 and p.seat == 0)
    assert lead.value_before is None and lead.cost is None
    assert "mixed_throw = same_letter" in lead.outside[1] and "mixed_throw = same_letter" in lead.outside[0]
    follow = next(p for p in a.plays if p.trick == 16 and p.seat == 2)
    assert follow.outside is None and follow.value_before is not None and follow.cost is not None


def test_no_internal_error_and_no_negative_cost_in_the_sample(matches):
    for m in matches[:30]:
        for h in replay_match(m).hands:
            for p in analyse_hand(h, last=5).plays:
                assert p.cost is None or p.cost >= 0, (h.number, p)
                assert p.outside is None or "internal error" not in p.outside[1], (h.number, p)
