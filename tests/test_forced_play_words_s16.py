"""A wrong forced play is worded by the ruleset's own rule for it (docs/rules.md §4.5, ``throw_forced``).

A referee's tester: under 80fen (``lowest_unit``) E throws ♠K ♠K ♠3 ♠5 ♠6, N holds ♠A ♠A, and E plays ♠K ♠K;
the finding said "东家甩牌失败后应出最小的被管住的牌 ♠3（北家持有 ♠A ♠A）" — the Chinese calling ♠3 "the smallest
beaten card", which the English did not say and which ♠A ♠A does not beat.  Now each rule is said as it is, the
same in both languages, and the holder named as why the throw failed."""
from __future__ import annotations

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn

RECORD = """[Event "wrong forced play"]
[Levels "NS:2 EW:2"]

[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[SetUp "1"]
[Points "0"]
N: SA SA S3 S4 D3
E: SK SK S3 S5 S6
S: S7 S8 S9 S10 D4
W: SQ SQ SJ D5 D6
1. E: SK SK S3 S5 S6 -> SK SK, S: S7 S8, W: SQ SQ, N: SA SA
"""


def _finding(preset: str):
    (match,), _ = parse_tgn(RECORD)
    (v,) = [v for v in replay_match(match, PRESETS[preset]).hands[0].violations if v.code == "wrong_forced_play"]
    return v


@pytest.mark.parametrize("preset, en, zh, holder_en, holder_zh", [
    ("80fen", "had to play the lowest unit of the whole throw, whichever unit was beaten — ♠3, not ♠K ♠K",
     "应出整手甩牌中最小的一手（无论哪一手被管住）：♠3", "(N held ♠A ♠A)", "（北家持有 ♠A ♠A）"),
    ("botzone", "had to play the lowest card of the beaten unit whose top is lowest — ♠3, not ♠K ♠K",
     "应出被管住的各手中最小那手的最小一张：♠3", "(S held ♠10)", "（南家持有 ♠10）"),
])
def test_the_forced_play_is_said_by_the_rulesets_rule(preset, en, zh, holder_en, holder_zh):
    v = _finding(preset)
    assert en in v.message_en and zh in v.message_zh
    assert f"E's throw failed {holder_en}" in v.message_en and f"东家甩牌失败{holder_zh}" in v.message_zh
    assert "最小的被管住的牌" not in v.message_zh
