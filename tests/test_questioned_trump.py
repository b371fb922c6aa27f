"""A ``[Trump]`` nothing else in the record names (docs/rules.md §14.1): no declaration recorded, not a position.

Judged with the tag alone, a miscopied trump suit (``H`` for ``C``) accused the table of every follow, throw and
lead that trump makes wrong: 10-24 faults a hand in simulated matches, none of them the table's.  Now, when the
table's acts speak against the tag, the hand is judged with every other trump: one that bears the hand out better
(fewer cards against it, else fewer of the plays a trump makes wrong) is kept beside the tag — what both give
kept, the trump unknown, said in both languages — and a right trump with real faults stands."""
from __future__ import annotations

import dataclasses
import json

import pytest

from event_helpers import run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.simulate import simulate_match

from test_questioned_dealer import HAND_1

PRESETS = ["standard", "tournament", "80fen", "botzone", "ourgame", "one-deck", "three-deck"]


def _keys(h):
    return {(v.code, v.trick, v.seat) for v in h.violations}


def _undeclared(match, hand, **changes):
    """``hand`` as the record's only hand, its declarations not recorded, and ``changes``."""
    hand = dataclasses.replace(hand, declarations=(), declarations_known=False, **changes)
    return replay_match(dataclasses.replace(match, hands=(hand,), levels=None)).hands[0]


def _trump_unknown(h):
    return [u for u in h.unknowns if u.tag == "Trump"]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_miscopied_trump_keeps_no_fault_it_makes(preset):
    m = simulate_match(1, 0, preset=preset, max_hands=1)
    hand = m.hands[0]
    true = _undeclared(m, hand)
    assert not _trump_unknown(true)
    for wrong_trump in [t for t in (0, 1, 2, 3, None) if t != hand.trump][:2]:
        wrong = _undeclared(m, hand, trump=wrong_trump)
        assert _keys(wrong) <= _keys(true), (wrong_trump, sorted(_keys(wrong) - _keys(true)))
        (u,) = _trump_unknown(wrong)
        assert "legality" in u.withheld and "no declaration recorded" in u.message_en and "没有记录亮主" in u.message_zh


def test_the_words_name_both_trumps_and_the_cli_withholds_what_they_differ_on(tmp_path):
    # the sample's hand 1 (trump clubs, every play legal) with [Trump] miscopied H and no declarations
    text = HAND_1.replace('[Trump "C"]', '[Trump "H"]').replace('[Declarations "W: C2 | W: C2 C2"]\n', '')
    (match,), _ = parse_tgn(text)
    (h,) = replay_match(match).hands
    assert not h.violations
    (u,) = _trump_unknown(h)
    assert u.message_en.startswith("[Trump] says H,") and "with C the table breaks fewer rules" in u.message_en
    assert u.message_zh.startswith("[Trump] 记为红桃，") and "按梅花判定时" in u.message_zh
    path = tmp_path / "miscopied.tgn"
    path.write_text(text, "utf-8")
    out = json.loads(run_cli("check", str(path), "--json", code=3).stdout)
    (hand,) = out["files"][0]["hands"]
    assert hand["violations"] == [] and hand["legal"] is None and hand["trump"] is None
    assert any(u["tag"] == "Trump" for u in hand["unknown"]) and hand["outcome"] is None
    assert hand["tricks"][0]["winner"] == "W"       # clubs or hearts: W's trump pair wins trick 1 either way


def test_declarations_recorded_name_the_trump_so_the_tag_is_not_questioned():
    text = HAND_1.replace('[Trump "C"]', '[Trump "H"]')
    (match,), _ = parse_tgn(text)
    (h,) = replay_match(match).hands
    assert not _trump_unknown(h) or "declarations fix" in _trump_unknown(h)[0].message_en
    assert all("no declaration recorded" not in u.message_en for u in h.unknowns)


@pytest.mark.parametrize("preset", ["standard", "80fen", "three-deck"])
def test_a_right_trump_with_real_faults_stands(preset):
    # the other direction: the table's own faults (5 % of plays wrong) never make another trump look better
    m = simulate_match(5, 0, preset=preset, violation_rate=0.05, max_hands=6)
    hands = tuple(dataclasses.replace(h, declarations=(), declarations_known=False) for h in m.hands)
    judged = replay_match(dataclasses.replace(m, hands=hands)).hands
    assert sum(bool(h.violations) for h in judged) >= 2
    assert not any(_trump_unknown(h) for h in judged)



def test_one_act_against_the_tag_never_questions_it_two_do():
    # a revoke in dispute that another trump would make legal is the table's to answer for: the tag is weighed
    # only when two or more of its acts are spared by another trump (a miscopied trump made 10-24 here)
    from tractor_analysis.engine.contradictions import questioned
    from tractor_analysis.engine.verdicts import new_violation

    m = simulate_match(1, 0, max_hands=1)
    hand = dataclasses.replace(m.hands[0], declarations=(), declarations_known=False)
    clean = replay_match(dataclasses.replace(m, hands=(hand,), levels=None)).hands[0]
    assert not clean.violations
    revokes = [new_violation("follow_suit", t, 1, (), (), "跟牌错误", "a wrong follow") for t in (3, 7)]
    asked = (("trump", None),)
    replay = lambda h: clean      # noqa: E731  (every other trump: no act against it)
    one = dataclasses.replace(clean, violations=tuple(revokes[:1]), questioned=asked)
    assert questioned(hand, one, replay) == (None, (), None)
    two = dataclasses.replace(clean, violations=tuple(revokes), questioned=asked)
    lead, choice, _ = questioned(hand, two, replay)
    assert lead is False and len(choice) == 4 and all(f == "trump" for f, _ in choice)


POSITION = """[Event "x"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "1"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "0"]
[FirstTrick "20"]
N: H7 D9 D8
E: S4 S10 C5
S: S6 S8 C6
W: S3 S9 C8
20. W: S3, N: D9, E: S4, S: S6
21. S: S8, W: S9, N: D8, E: S10
"""


def test_a_position_states_its_trump_and_a_full_hand_names_every_trump_that_spares_the_acts():
    # N held the trump ♥7 and twice followed a spade lead with a diamond: two revokes with spades trump, none with
    # hearts, clubs or no trump.  A position (a disputed trick recorded by a referee) states its trump: it stands
    (match,), _ = parse_tgn(POSITION)
    (h,) = replay_match(match).hands
    assert not _trump_unknown(h)
    assert _keys(h) == {("follow_suit", 20, 0), ("follow_suit", 21, 0)}
    # a played hand would be weighed (the guard is the position's): shown by the engine's own check of the tag
    from tractor_analysis.engine.explain_contradicted import tag_contradicted
    from tractor_analysis.records.cards import SUIT_TOKENS
    spades, hearts, clubs = (SUIT_TOKENS.index(t) for t in "SHC")
    zh, en = tag_contradicted("trump", spades, None, ("legality",), 4, 4, (hearts, clubs, None), questioned=True)
    assert "with H or C or NT the table breaks fewer rules" in en and "depending on the other tags" not in en
    assert "按红桃或梅花或无主判定时" in zh and "视其他标签" not in zh
