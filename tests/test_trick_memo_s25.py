"""The tricks judged while a hand is read several ways are kept (engine/tricks.py ``JUDGED_MEMO``): a trick judged
again from the same hands gives the judgement and the hands after it that judging it gives, and a replay gives
the same result with the memo as without it."""
from __future__ import annotations

import dataclasses

import pytest

from tractor_analysis.engine import tricks
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import CLUBS, parse_card
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match


def _replays(match):
    return [replay_match(dataclasses.replace(match, hands=(h,))) for h in match.hands]


@pytest.mark.parametrize("preset,seed", [("three-deck", 0), ("three-deck", 2), ("three-deck", 3)])
def test_a_replay_with_the_memo_is_the_replay_without_it(monkeypatch, preset, seed):
    match = simulate_match(3, seed, rules=PRESETS[preset], violation_rate=1.0, max_hands=2)
    judged = []
    real = tricks._judge
    monkeypatch.setattr(tricks, "_judge", lambda *a: judged.append(1) or real(*a))
    with_memo = _replays(match)
    calls_with = len(judged)
    monkeypatch.setattr(tricks, "JUDGED_MEMO", 0)
    judged.clear()
    without = _replays(match)
    assert with_memo == without
    assert [r.violations for m in with_memo for r in m.hands] == [r.violations for m in without for r in m.hands]
    assert len(judged) > calls_with         # (the memo was used: fewer tricks judged with it)
    assert tricks._KEPT.judged == {}             # (let go after each hand)


def test_a_trick_judged_again_gives_the_same_judgement_and_the_same_hands_after_it():
    ctx = tricks.hand_context(PRESETS["standard"], 2, CLUBS)
    hands = [[0] * 54 for _ in range(4)]
    # N leads ♠5 and E, holding ♠6, plays ♥7: follow_suit — not a clean trick, judged in full
    spade, spade2, heart, club, heart2 = map(parse_card, ("S5", "S6", "H7", "D8", "H9"))
    for seat, cards in ((0, (spade,)), (1, (spade2, heart)), (2, (club,)), (3, (heart2,))):
        for k in cards:
            hands[seat][k] += 1
    trick = Trick(1, (Play(0, (spade,)), Play(1, (heart,)), Play(2, (club,)), Play(3, (heart2,))))
    tricks.forget_judged()
    first_hands = [list(h) for h in hands]
    first = tricks.judge_trick_python(ctx, trick, first_hands, 0)
    assert first.violations and len(tricks._KEPT.judged) == 1
    again_hands = [list(h) for h in hands]
    inner = again_hands[1]
    again = tricks.judge_trick_python(ctx, trick, again_hands, 0)
    assert again is first and again_hands == first_hands and again_hands[1] is inner
    # the same plays written elsewhere in the file: judged again, so the result's plays say where they are
    moved = Trick(1, tuple(dataclasses.replace(p, line=9, column=3) for p in trick.plays), line=9)
    there = tricks.judge_trick_python(ctx, moved, [list(h) for h in hands], 0)
    assert there is not first and there == first and [p.line for p in there.plays] == [9] * 4
    tricks.forget_judged()
    assert tricks._KEPT.judged == {}


def test_hand_names_find_each_hand_by_its_place_as_a_search_does():
    # the places are kept for the last match asked about (by ids, each checked): every answer is the search's
    from tractor_analysis.records import hand_numbers, parse_tgn
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
    (match,), _ = parse_tgn(text)
    base = match.hands[0]
    unnumbered = [dataclasses.replace(base, number=n, number_known=False) for n in (1, 2, 0, -1)]
    numbered = [dataclasses.replace(base, number=n) for n in (2, 3)]
    for hands in ((unnumbered[0], numbered[0], unnumbered[2], numbered[1], unnumbered[3]),
                  (unnumbered[0], unnumbered[1]), tuple(unnumbered), (numbered[0],)):
        for hand in (*hands, *unnumbered, *numbered, None):
            index = next((i for i, x in enumerate(hands) if x is hand), None)
            want = (hand_numbers.place_names(index + 1) if index is not None and hand_numbers.unplaced(hands, index)
                    else (f"hand {7}", "第7局"))
            assert hand_numbers.hand_names(hands, hand, 7) == want


def test_each_thread_keeps_its_own_tricks():
    import threading
    ctx = tricks.hand_context(PRESETS["standard"], 2, CLUBS)
    hands = [[0] * 54 for _ in range(4)]
    for seat, token in enumerate(("S5", "H7", "D8", "H9")):
        hands[seat][parse_card(token)] += 1
    hands[1][parse_card("S6")] += 1
    trick = Trick(1, tuple(Play(s, (parse_card(t),)) for s, t in enumerate(("S5", "H7", "D8", "H9"))))
    tricks.forget_judged()
    tricks.judge_trick_python(ctx, trick, [list(h) for h in hands], 0)
    seen = []
    t = threading.Thread(target=lambda: seen.append(len(tricks._KEPT.judged)))
    t.start()
    t.join()
    assert seen == [0] and len(tricks._KEPT.judged) == 1
    tricks.forget_judged()
