"""A fault every reading gives whose words depend on the reading (docs/rules.md §14.1) names the play owed only
for a fault that owes one: a ``[Claim]`` that differs from the total under every trump judged said "the play owed
depends on it" — a claim owes no play."""
from __future__ import annotations

import dataclasses

from event_helpers import bilingual
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import RANK_OF, SUIT_OF
from tractor_analysis.records.model import Declaration
from tractor_analysis.simulate import simulate_match


def test_a_claim_mismatch_under_every_trump_names_no_play_owed():
    m = simulate_match(11, 0, preset="standard", max_hands=1)
    hand = m.hands[0]
    (d,) = hand.declarations
    three = next(k for k in hand.deal[d.seat] if k < 52 and RANK_OF[k] == 3 and SUIT_OF[k] == hand.trump)
    whole = replay_match(m).hands[0]
    # a declaration that declares nothing at [Level "2"]: the trump is contradicted (the hand judged with each)
    wrong = dataclasses.replace(hand, declarations=(Declaration(d.seat, (three,)),),
                                claim=whole.attackers_total + 5)
    h = replay_match(dataclasses.replace(m, hands=(wrong,))).hands[0]
    assert any(u.tag == "Trump" for u in h.unknowns)
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert "whichever value [Trump] has" in v.message_en and "无论[Trump]取哪个值" in v.message_zh
    assert "play owed" not in v.message_en and "应出哪一手" not in v.message_zh
    assert "its details depend on it" in v.message_en and "具体内容取决于它" in v.message_zh
    bilingual(f"{v.message_en} / {v.message_zh}")
