"""What the throws showed (docs/rules.md §15 rule 6): a throw that stood was checked against the
other hands, so no deal may let one of them beat it; a failed throw was beaten, so every deal must.
Checked here with the engine's own throw check (``throw_check.throw_stands``) on every deal drawn."""
from __future__ import annotations

import dataclasses

from tractor_analysis.analysis.deals import deals_for
from tractor_analysis.analysis.knowledge import agrees, knowledge_at
from tractor_analysis.engine.throw_check import throw_stands
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.cards import TOKEN
from tractor_analysis.simulate import simulate

FAILED = """[Event "Spring Cup"]
[Ruleset "tournament"]
[Levels "NS:5 EW:7"]

[Hand "4"]
[Dealer "W"]
[Trump "H"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "20"]
N: SK S3 C3 C4
E: D3 D4 D5 D7
S: D6 D8 D9 D10
W: SA SQ C5 C6
20. W: SA SQ -> SQ, N: S3, E: D3, S: D6
21. W: C5, N: C3, E: D4, S: D8
22. W: SA, N: SK, E: D5, S: D9
23. W: C6, N: C4, E: D7, S: D10
"""


def _hands_at_trick(kn, deal, trick, h):
    """The four hands at the start of ``trick`` in ``deal`` (the judged seat's own as it was)."""
    out = []
    for s in range(4):
        hand = list(kn.own if s == kn.seat else deal[s])
        for i in range(trick, kn.index + 1):
            for j, p in enumerate(h.tricks[i].plays):
                if p.seat == s and not (i == kn.index and j >= kn.play):
                    for k in p.cards:
                        hand[k] += 1
        out.append(hand)
    return out


def test_a_failed_throw_was_beaten_in_every_deal():
    """W's ♠A ♠Q failed: N or S held a spade above ♠Q (S showed a spade void, so N).  East, at
    trick 21, must not be shown the deals with both ♠K and ♠A in W's hand."""
    (m,), diags = parse_tgn(FAILED)
    assert diags == []
    h = replay_match(m).hands[0]
    assert h.tricks[0].throw_failed and not h.tricks[0].violations
    kn = knowledge_at(h, m.hands[0], 1, 2)
    ctx = hand_context(h.rules, h.level, h.trump)
    assert len(kn.throws) == 1 and kn.throws[0].failed
    assert agrees(kn, ctx, kn.real)
    seen = deals_for(kn, ctx, 1000, 0)
    blind = deals_for(dataclasses.replace(kn, throws=()), ctx, 1000, 0)
    assert seen.exact and blind.exact and len(seen.deals) < len(blind.deals)
    spade_k, spade_a = TOKEN.index("SK"), TOKEN.index("SA")
    for deal, _ in seen.deals:
        hands = _hands_at_trick(kn, deal, 0, h)
        stands, forced = throw_stands(ctx, kn.throws[0].shown, [hands[s] for s in (0, 1, 2)])
        assert not stands and forced == kn.throws[0].played
        assert deal[3][spade_k] + deal[3][spade_a] < 2
    assert any(deal[3][spade_k] and deal[3][spade_a] for deal, _ in blind.deals)


def _simulated(seed: int):
    match = next(iter(simulate(1, seed)))
    (m,), _ = parse_tgn(format_tgn(match))
    return list(zip(replay_match(m).hands, m.hands))


def test_a_throw_that_stood_stands_in_every_deal_and_the_real_deal_agrees():
    """Simulated seed 1, hand 17, the play after a standing throw at trick 8: without rule 6 most
    deals drawn would have let another hand beat the throw everyone saw stand."""
    h, record = _simulated(1)[16]
    assert h.tricks[7].lead_kind == "throw" and not h.tricks[7].throw_failed
    ctx = hand_context(h.rules, h.level, h.trump)
    kn = knowledge_at(h, record, 8, 1)
    assert agrees(kn, ctx, kn.real)
    seen = deals_for(kn, ctx, 40, 1)
    blind = deals_for(dataclasses.replace(kn, throws=()), ctx, 40, 1)
    checked = 0
    for deal, _ in seen.deals:
        hands = _hands_at_trick(kn, deal, 7, h)
        for t in kn.throws:
            trick = next(i for i, tr in enumerate(h.tricks) if tr.plays and tr.plays[0].seat == t.leader
                         and tuple(tr.plays[0].cards) == t.played and i <= kn.index)
            if trick != 7:
                continue
            leader = t.leader
            stands, _ = throw_stands(ctx, t.shown, [hands[(leader + i) & 3] for i in (1, 2, 3)])
            assert stands
            checked += 1
    assert checked == len(seen.deals)
    assert sum(not agrees(kn, ctx, d) for d, _ in blind.deals) > len(blind.deals) // 2


def test_the_real_deal_agrees_after_every_throw_of_a_match():
    for h, record in _simulated(1)[:12]:
        ctx = hand_context(h.rules, h.level, h.trump)
        for i, t in enumerate(h.tricks[:-1]):
            if t.lead_kind == "throw":
                for play in range(4):
                    kn = knowledge_at(h, record, i + 1, play)
                    assert kn.throws and agrees(kn, ctx, kn.real)
