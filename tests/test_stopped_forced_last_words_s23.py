"""A match whose record stops just before its last hand's forced last trick: the match's words name that stop and the
hand's derived result.

A referee's tester (``l1_nolast.tgn`` under ``--rules tournament``: hand 1 written to trick 15, one card a seat left;
its ``[Claim "60"]`` against the 50 the forced last trick gives after N's failed-throw penalty) found the hand's
outcome derived from the forced last trick (E–W 2→3), while the match's words said "the record stops inside hand 1 …
void … played out to each result the cards left allow", as for a hand cut off with its result open.  The two readings
stand (docs/rules.md §8.5: a result derived from the cards left is one reading, the hand void the other, and the
match is decided where they agree), but the words now say the record stops just before the forced last trick and
that the played-out reading is the one result it gives — the hand's derived result.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.engine.explain_final_levels import match_final_levels
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
LAST = "16. W: CQ, N: SJ, E: HJ, S: HQ\n"
assert SAMPLE.count(LAST) == 1
NO_LAST = SAMPLE[:SAMPLE.index('[Hand "2"]')].replace(LAST, "").replace('[Rule:decide_by_levels "on"]\n', "")
"""The tester's ``l1_nolast.tgn``: hand 1 alone, its last trick not written."""
STOP_EN = "the record stops in hand 1 just before its last trick 16 (one card a seat left, each play of it forced)"
STOP_ZH = "记录在第 1 局第 16 轮（最后一轮，每家只剩一张牌，出牌是确定的）之前结束"
PLAYED_EN = "played out to the one result its forced last trick gives, the hand's derived result"


@pytest.fixture(scope="module")
def result():
    (match,), _ = parse_tgn(NO_LAST)
    rules, problems = build_ruleset("tournament")
    assert problems == []
    r = replay_match(match, rules)
    (hand,) = r.hands
    assert hand.forced_last == 16 and hand.outcome is not None and r.stopped_at == 0
    return r


def test_the_derived_winner_names_the_forced_last_trick(result):
    # fails before: "the record stops inside hand 1 … played out to each result the cards left allow"
    (winner,) = [d for d in result.derived if d.fact == "winner"]
    assert STOP_EN in winner.message_en and f"{PLAYED_EN} (2 : 3)" in winner.message_en
    assert "each result the cards left allow" not in winner.message_en
    assert STOP_ZH in winner.message_zh and "确定的最后一轮只有一种结果，即该局推出的结果：2 : 3" in winner.message_zh
    assert "中途结束" not in winner.message_zh


def test_the_final_levels_note_names_it_too(result):
    (_, ew), note = match_final_levels(result)
    assert ew == "2..3" and note is not None
    zh, en = note
    assert STOP_EN in en and PLAYED_EN in en and "each result the cards left allow" not in en
    assert STOP_ZH in zh and "中途结束" not in zh


def test_a_record_stopping_mid_hand_keeps_its_words():
    # trick 15 left out too: two cards a seat, the result open — "inside hand 1", "each result the cards left allow"
    (match,), _ = parse_tgn(NO_LAST.replace("15. W: H2, N: D9, E: S5, S: D9\n", ""))
    r = replay_match(match, build_ruleset("tournament")[0])
    assert r.hands[0].forced_last is None and r.stopped_at == 0
    words = [m for d in r.derived + r.unknowns for m in (d.message_en,)]
    _, note = match_final_levels(r)
    words += [note[1]] if note else []
    assert words and any("the record stops inside hand 1" in w for w in words)
    assert not any("just before its last trick" in w for w in words)
